"""The map tools: what a press, drag and release on the map do (select, paint, draw, place).

A tool turns mouse input on the map into document commands (one undo step per stroke) and
draws a preview of what it would do; the map view only forwards the input to the current tool.
"""
