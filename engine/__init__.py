"""Hexwright's rules engine, pure Python with no Qt. Start with `game.Game`: a new game from a
scenario and a seed, orders, the turn loop, and queries for supply, objectives and the score.

- Geometry and the map: `hexgrid` (all coordinate arithmetic), `board` (the map compiled into
  arrays by hex), `map_checks`.
- State: `state` (units, overlays, objectives, supply values, clock, weather, the one random
  generator), `units`, `ruleset` (Panzer Campaigns / Panzer Battles differences as data),
  `events`.
- Rules: `movement` (with `allowance`, `movement_costs`, `movement_steps`, `pathfinding`,
  `landmarks`, `stacking`), `zoc`, `supply` (with `supply_network`, `supply_trucks`),
  `command`, `clock`, `weather`, `arrivals`, `objectives`.
- Checks and reports: `setup` (the setup checks), `validation` (everything `hexwright
  validate` runs), `report` (what `hexwright play` and `supply` print).
"""
