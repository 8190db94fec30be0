"""Mistake Bound Lab — entry point: `streamlit run app.py`."""

import streamlit as st

st.set_page_config(page_title="Mistake Bound Lab", layout="wide")
st.title("Mistake Bound Lab")
st.write("The pages of the lab are being built; the learners live in `learners/`.")
