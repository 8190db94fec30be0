"""A Streamlit app that fails on purpose, for tests/browser/test_error_details.py only.

Its error names a secret-looking text and runs through a function of this file, so a
traceback shown to the browser would carry both and this file's path on the server.
"""

import streamlit as st

SECRET = "token-7f3a9c-not-for-browsers"


def fail() -> None:
    raise RuntimeError(f"the database refused {SECRET}")


st.title("Error test")
fail()
