"""Air power [000 8.0-8.4]: the aircraft a side may fly each turn, the air strike with the
anti-aircraft fire before it, carpet bombing with its scatter, air recon, interception, the
air-strike hex limit and air interdiction. `engine.panzer_campaigns.game_air` gives them to the
`Game` as orders
and queries.

- `fleet.py`         the scenario's aircraft in play and what each has left [000 8.0, 8.3]
- `availability.py`  which aircraft may fly now; availability after a mission, scheduled
                     changes, Low Visibility Air Effects, storms [000 8.1, 8.3, 11.0]
- `anti_aircraft.py` AA fire at an aircraft, with the 1/(2R+1) range factor [000 8.1, 9.1]
- `interception.py`  the chance a mission is intercepted, jets at half [000 8.1]
- `strike.py`        the air strike and carpet bombing, the hex limit, air ownership
                     [000 8.1, 8.4]
- `recon.py`         the air recon mission and its spotting formula [000 8.1]
- `rest.py`          fatigue and loss recovery of aircraft that rested [000 9.3, 12.0]
- `missions.py`      a mission from the interception roll to its effect, and its preview
- `interdiction.py`  off-map air attacks on units moving in Travel or Rail Mode [000 8.2]
- `events.py`        what air missions log
"""
