"""Combat in the engine: the common combat results [000 12.0], losses, morale checks, fatigue
and the start-of-turn recovery of losses and fatigue [000 9.2, 9.3, 12.0]. Fire and assault
orders build on `results`, `losses` and `morale`; nothing here imports Qt.
"""
