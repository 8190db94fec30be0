"""Lessons (placeholder until lab/lessons.py lands)."""
import streamlit as st
st.title("Lessons")
