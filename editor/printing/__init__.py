"""Printing: the scenario's order of battle and each side's briefing as paginated documents,
printed, previewed or written as PDF through Qt's own printing (File > Print, Export PDF and
`hexwright print`)."""
