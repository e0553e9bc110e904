"""The Panzer Campaigns family's file models: map, OOB and unit types, parameter data, weather,
scenarios with their A/I orders, saved test-plays, and the checks that need no rules engine."""
