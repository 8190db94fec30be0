"""Streamlit custom components of the lab (inline HTML/JS/SVG, no build step).

Importing the package makes Streamlit's decoding of component values safe against forged
messages (:mod:`components.guard`) before any component is mounted.
"""

from . import guard

guard.install()
