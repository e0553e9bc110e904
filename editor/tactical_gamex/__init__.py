"""The editor's Tactical GameX panels, board view and tools [003]: one module per panel, over
`TgxDocument`, which owns a situation with its unit types and tables as the Panzer `Document`
owns a scenario. `editor.rulesets` says which of them the window offers."""
