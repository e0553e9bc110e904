"""Reusable widgets of the editor: editors bound to one field of a file, inline notices."""
