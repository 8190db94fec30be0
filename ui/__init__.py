"""Streamlit glue of the lab: the one module that owns per-user state, and shared page parts."""
