"""Serve the lab to a whole class: several ``streamlit run`` workers behind HAProxy (``python -m deploy``)."""
