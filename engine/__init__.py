"""Hexwright's rules engine, pure Python with no Qt: hex geometry (`hexgrid`), the map compiled
for fast lookups (`board`), the turn clock (`clock`), weather (`weather`) and the checks that
need geometry (`map_checks`, `validation`). Movement, supply and the turn loop build on these.
"""
