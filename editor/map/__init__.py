"""The map view and everything it draws: geometry from `engine.hexgrid`, the map's layers in
cached tiles, the scenario's units and marks on top, the status-bar text and the PNG export.

`view.MapView` is the widget; `export.render_whole_map` and `hex_text.describe_hex` serve the
main window's File > Export as PNG and status bar.
"""
