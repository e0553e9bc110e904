"""Engineers [000 7.0-7.5]: who may do which engineering action, the per-turn chances from
Parameter Data, the works in progress and what they leave on the map (built bridges, lanes,
minefields, blown bridges and AT ditches), the Auto Wired Bridge Demolition test and ferrying.
`engine.panzer_campaigns.game_engineering` gives them to the players as orders."""
