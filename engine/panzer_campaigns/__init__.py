"""The Panzer Campaigns family's rules engine: Panzer Campaigns and Panzer Battles (a scale
profile of the same rules, `ruleset`). `README.md` here maps every section of the manuals to its
module."""
