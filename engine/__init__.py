"""Hexwright's rules engine: hex geometry now; movement, supply and the turn loop build on it.

Pure Python, no Qt; it reads the file models of `schemas` and never writes files.
"""
