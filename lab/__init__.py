"""The lab's own logic between the learners and the pages, free of Streamlit.

``lab.runner`` steps a learner over a drawn point set in a chosen order of
presentation and records what every trial changed; ``lab.catalog`` says which
learners each page offers, with their parameters and bounds.
"""
