"""Whole-map operations of the editor: a new map or title, resizing and cropping a map with its
scenario; the pure model functions are separate from their Qt dialogs."""
