"""Test-play of the open Tactical GameX situation in the window: the game, the board's play
tool with its reach, path and attack previews, and the Test-play panel."""
