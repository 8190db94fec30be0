"""Figure builders: pure functions from data and a learner's history to Plotly figures."""
