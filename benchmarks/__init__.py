"""Side-by-side speed measurements of the lab (``python -m benchmarks``)."""
