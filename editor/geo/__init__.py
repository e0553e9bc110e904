"""Importing geography (GeoJSON woods, towns, water, rivers and roads) onto the open map."""
