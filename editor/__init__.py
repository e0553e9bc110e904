"""Hexwright's desktop application and its command line.

The command line (`editor.cli`) imports no Qt, so validation and the other headless commands
run on machines without a display.
"""
