"""The Tactical GameX file format (seed 003): unit-type libraries, ruleset tables, geomorphic
panels, situations, the board assembled from panels, and the setup checks that need no engine.

Nothing here imports a Panzer Campaigns rule module: only the ruleset-neutral top-level pieces
(`schemas.base`, `schemas.io`, `schemas.problems`, `schemas.vocabulary.Side`/`Direction`).
"""
