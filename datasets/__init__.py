"""Data for Mistake Bound Lab: generators, loaders and CSV input/output.

Pure NumPy/scikit-learn; no Streamlit.  Import the modules directly, e.g.
``from datasets.generators import gaussian_clouds``.
"""
