"""Test-play inside the editor: the embedded engine's game on a snapshot of the open scenario,
shown on the map through a shadow document, with its dock, move tool and overlays."""
