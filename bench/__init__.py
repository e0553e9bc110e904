"""Benchmark harness: generates a large title and measures Hexwright's operations against the
performance budget of docs/architecture.md. Run it with `python -m bench`.
"""
