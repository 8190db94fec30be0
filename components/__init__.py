"""Streamlit custom components of the lab (inline HTML/JS/SVG, no build step)."""
