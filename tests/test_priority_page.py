"""AppTest: the Priority page shows every method's regions; the Paper lab draws priority-figures."""

import json
from pathlib import Path

import numpy as np

from streamlit.testing.v1 import AppTest

from experiments.priority import BASELINE_NAMES, METHODS, OURS, PRIORITIES

APP = str(Path(__file__).resolve().parents[1] / "app.py")
TIMEOUT = 120


def app() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    return at


def chart_figures(at: AppTest) -> list:
    """The Plotly figures of the page, as dicts: Streamlit's charts (their protos) and the lab's own
    (components/figure.py: the figure in the component's data)."""
    return [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")] + [
        json.loads(json.loads(element.proto.json)["figure"]) for element in lab_figures(at)]


def lab_figures(at: AppTest) -> list:
    """The page's figures drawn by the lab's own plotly.js (components/figure.py)."""
    return [element for element in at.main if getattr(element, "type", "") == "bidi_component"
            and element.proto.component_name.endswith("mistake_bound_lab_figure")]


def subplot_titles(figure: dict) -> list:
    return [a["text"] for a in figure["layout"].get("annotations", []) if "<b>" in a.get("text", "")]


def region_charts(at: AppTest) -> tuple[dict, dict]:
    figures = chart_figures(at)
    ours = [f for f in figures if len(subplot_titles(f)) == len(OURS)]
    baselines = [f for f in figures if len(subplot_titles(f)) == len(BASELINE_NAMES)]
    assert ours and baselines, "a chart of ours and a chart of the baselines"
    return ours[0], baselines[0]


def test_priority_page_shows_the_regions_of_ours_and_every_baseline():
    at = app()
    at.button(key="story_priority").click().run()
    assert not at.exception, [e.value for e in at.exception]
    ours, baselines = region_charts(at)
    titles = subplot_titles(ours) + subplot_titles(baselines)
    for method in METHODS:
        assert any(method in title for title in titles), (method, titles)
    assert all("θ-cost" in title for title in titles)
    # the table of θ-weighted cost and per-class sensitivity stays, one row per method
    table = at.dataframe[-1].value
    assert list(table["method"]) == list(METHODS)
    assert "θ-weighted cost" in table.columns
    assert any(column.startswith("sensitivity ") for column in table.columns)


def test_priority_regions_follow_the_theta_sliders():
    at = app()
    at.button(key="story_priority").click().run()
    before = region_charts(at)[0]
    at.select_slider(key="priority_theta_0").set_value(15.0).run()
    assert not at.exception, [e.value for e in at.exception]
    after = region_charts(at)[0]
    first_region = lambda figure: next(t for t in figure["data"] if t.get("fill") == "toself")
    assert first_region(before) != first_region(after), "ours must redraw for a new θ"
    # issue 34: with the player's kernel set to RBF, "ours and the baselines" silently stayed linear
    assert any("Every method here is linear" in c.value for c in at.caption)
    at.sidebar.selectbox(key="priority_ApportionedMargin_kernel").select("rbf").run()
    assert not at.exception, [e.value for e in at.exception]
    ours, baselines = region_charts_any(at)
    for title in subplot_titles(ours) + subplot_titles(baselines):
        assert "exact" not in title, title                   # a kernel model's regions are drawn on the grid
    assert not any("CSCS" in title for title in subplot_titles(baselines))
    assert any("player's rbf kernel with γ = 1" in c.value and "CSCS" in c.value and "linear only" in c.value
               for c in at.caption), [c.value for c in at.caption]
    assert "CSCS" not in list(at.dataframe[-1].value["method"])


def region_charts_any(at: AppTest) -> tuple[dict, dict]:
    """(ours, the baselines): the two region charts, told apart by their titles."""
    figures = [f for f in chart_figures(at) if subplot_titles(f)]
    ours = next(f for f in figures if any("ours" in t for t in subplot_titles(f)))
    baselines = next(f for f in figures if any("CSOVA" in t for t in subplot_titles(f)))
    return ours, baselines


def test_a_large_set_fits_the_baselines_on_a_stated_sample_and_ours_on_every_point():
    """Issue 20: the SVM baselines never see 100,000 points in a request: a seeded sample of 2,000."""
    from datasets.pointset import PointSet, UndoStack

    rng = np.random.default_rng(0)
    labels = rng.integers(0, 3, 2600)
    X = rng.normal(size=(2600, 2)) + 2.5 * np.array([[1, 0], [0, 1], [-1, -1]])[labels]
    at = app()
    at.session_state["undo"] = UndoStack(PointSet.from_arrays(X, labels))
    at.switch_page("views/priority.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("seeded sample of 2,000 of the 2,600 points" in c.value for c in at.caption)
    ours, baselines = region_charts(at)
    assert points_per_panel(ours) == 2600 and points_per_panel(baselines) == 2000


def points_per_panel(figure: dict) -> float:
    """How many points a region chart draws in each of its panels (marker traces, typed arrays decoded)."""
    import base64

    def count(x):
        if isinstance(x, dict) and "bdata" in x:
            return len(base64.b64decode(x["bdata"])) // np.dtype(x["dtype"]).itemsize
        return len(x or [])

    total = sum(count(t.get("x")) for t in figure["data"] if t.get("mode") == "markers")
    return total / len(subplot_titles(figure))


def test_paper_lab_runs_priority_figures_small_and_draws_one_figure_per_vector():
    at = app()
    at.switch_page("views/paper_lab.py").run()
    at.selectbox(key="paper_experiment").set_value("priority-figures").run()
    [b for b in at.button if b.label == "Run"][0].click().run()
    assert not at.exception, [e.value for e in at.exception]
    figures = [f for f in chart_figures(at) if len(subplot_titles(f)) == len(METHODS)]
    assert len(figures) == len(PRIORITIES)
    assert any("What the paper says" in m.value for m in at.markdown)
    assert any("Figure 5" in m.value for m in at.markdown)
    assert not at.warning, "a finished run is not reported as stopped"


def test_paper_lab_reports_a_run_that_never_finished_as_stopped():
    at = app()
    at.switch_page("views/paper_lab.py").run()
    # a run whose script was interrupted leaves its mark; the next run of the page reports it
    at.session_state["experiment"] = {"running": ("priority-table2", 3, 0, False), "done": None}
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("Stopped" in w.value and "priority-table2" in w.value for w in at.warning)
    at.run()
    assert not at.warning, "the stop is reported once"
