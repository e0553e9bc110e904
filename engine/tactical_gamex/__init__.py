"""The Tactical GameX rules engine (seed 003): a game of a situation played by impulses of
activation points, behind the same game protocol as Panzer Campaigns (`engine.game_protocol`).
`README.md` here maps every section of the rules text to the module that plays it."""
