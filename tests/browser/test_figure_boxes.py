"""Legends, titles, axis titles and tick labels keep out of each other's boxes (issue 27), drawn by the
plotly.js the app serves, in Chromium, at the widths a page gives a figure.

The figures: Winnow's high-dimensional experiment (its legend covered "n (features)" and ran past the right
edge; its log ticks read "2, 5, 1000, 2, 100"), RWM's bound against ε (its y title sat on its ticks), and
the other figures of viz/experiments.py and viz/experts.py.  The SVG and PNG exports draw the same layout
(Plotly.toImage of the figure at its width), so the boxes measured here are theirs too.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from components.plotly_assets import PLOTLY_JS as PLOTLY_FILE, STATIC, ensure_plotly_js
from viz.palette import MODEBAR_PX

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PLOTLY_JS = STATIC / PLOTLY_FILE          # copied from the plotly package on first use (a fresh clone has none)
#: a phone (390 px: the page's column), a column of two on a 1280-wide page (the Paper lab's and Winnow's pairs,
#: 400 px), one column on a small window, and a wide one
WIDTHS = (350, 400, 600, 1000)


def _scaling_result() -> dict:
    rows = []
    for target in ("sparse", "dense"):
        for n in (16, 64, 256, 1024, 4096):
            for learner, eta, mistakes, bound in (("Perceptron", None, 3.0 * n ** 0.8, 9.0 * n),
                                                  ("Winnow η = 0.5", 0.5, 40.0 * np.log(n),
                                                   None if target == "dense" else 400.0 * np.log(n)),
                                                  ("Winnow η*", 0.2, 30.0 * np.log(n), 500.0 * np.log(n))):
                rows.append(dict(target=target, n=n, learner=learner, eta=eta, mistakes=mistakes,
                                 mistakes_min=mistakes * 0.9, mistakes_max=mistakes * 1.1, runs=1,
                                 runs_capped=int(n == 4096 and learner == "Perceptron"), bound=bound,
                                 bound_vacuous=bound is None, trials=20000))
    references = [dict(target=t, n=n, value=2000.0 * np.log(n), eta_star=0.03)
                  for t in ("sparse", "dense") for n in (16, 64, 256, 1024, 4096)]
    return dict(rows=rows, trials_cap=20000, references=references)


def figures() -> dict:
    from viz import experiments, experts

    result = _scaling_result()
    eps = [dict(epsilon=e, bound=(1 + e) * 120 + np.log(32) / e) for e in np.linspace(0.02, 0.5, 25)]
    table1 = [dict(dataset="LETTER", algorithm=a, mistake_rate=m, published_mistake_rate=p, cost_share=m,
                   published_cost_share=p) for a, m, p in (("MV-IWP", 0.89, 0.64), ("MV-Perceptron", 0.79, 0.56))]
    sparsification = dict(fraction=[1.0, 0.5, 0.3, 0.1], accuracy=[0.8, 0.79, 0.78, 0.6], kept=[1000, 500, 300, 100],
                          model="PA-II", others=[dict(method="OOZ d=100", fraction=0.2, accuracy=0.7)])
    committee = dict(member_accuracy=[0.80, 0.82, 0.81], committee=0.83, min_frequency=0.815, member="OOZ d=100",
                     passes=3)
    return {
        "winnow sparse": experiments.scaling_figure(result, "sparse"),
        "winnow dense": experiments.scaling_figure(result, "dense"),
        "RWM's bound against ε (Experts)": experts.rwm_epsilon_figure(32, 120, np.linspace(0.01, 0.5, 50),
                                                                      current_epsilon=0.3),
        "RWM's bound against ε (Paper lab)": experiments.epsilon_figure(eps, 0.17, 160.0),
        "Table 1": experiments.ours_vs_published_figure(table1, "mistake_rate", "published_mistake_rate",
                                                        "mistake rate"),
        "sparsification": experiments.sparsification_figure(sparsification),
        "committee": experiments.committee_figure(committee),
    }


MEASURE = """([figure, width]) => {
  const div = document.createElement('div');
  div.style.width = width + 'px';
  document.body.replaceChildren(div);
  const layout = Object.assign({}, figure.layout, {width: width});
  return Plotly.newPlot(div, figure.data, layout, {staticPlot: true}).then(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const all = (s) => [...div.querySelectorAll(s)].filter((e) => e.getBoundingClientRect().width > 0).map(box);
    return {svg: box(div.querySelector('.main-svg')), legend: all('.legend .bg'), legendText: all('.legend .legendtext'),
            xtitle: all('.g-xtitle text'), ytitle: all('.g-ytitle text'), title: all('.gtitle, .gtitle-subtitle'),
            marks: all('.textpoint text'), notes: all('.annotation-text'),
            xticks: all('.xaxislayer-above .xtick text'), yticks: all('.yaxislayer-above .ytick text'),
            annotations: all('.annotation-text'),
            xtickText: [...div.querySelectorAll('.xaxislayer-above .xtick text')].map((e) => e.textContent)};
  });
}"""


def overlap(a, b, slack=0.5) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


@pytest.fixture(scope="module")
def plot_page(browser):
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    page.set_content("<html><body></body></html>")
    assert ensure_plotly_js()
    page.add_script_tag(path=str(PLOTLY_JS))
    yield page
    context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_no_legend_title_or_tick_label_runs_into_another(plot_page, width):
    for name, figure in figures().items():
        boxes = plot_page.evaluate(MEASURE, [json.loads(figure.to_json()), width])
        left, top, right, bottom = boxes["svg"]
        groups = {key: boxes[key] for key in ("legendText", "xtitle", "ytitle", "title", "xticks", "yticks", "marks",
                                              "notes")}
        for key, items in groups.items():
            for item in items:
                assert item[0] >= left - 0.5 and item[2] <= right + 0.5 and item[1] >= top - 0.5 \
                    and item[3] <= bottom + 0.5, f"{name} at {width}px: a {key} box is cut by the figure's edge"
        pairs = [("legendText", "xtitle"), ("legendText", "xticks"), ("legendText", "title"), ("xtitle", "xticks"),
                 ("ytitle", "yticks"), ("title", "yticks"), ("legendText", "yticks"), ("legendText", "ytitle"),
                 ("marks", "title"), ("marks", "xticks"), ("marks", "yticks"), ("notes", "marks"), ("notes", "title")]
        for first, second in pairs:
            for a in groups[first]:
                for b in groups[second]:
                    assert not overlap(a, b), f"{name} at {width}px: a {first} box runs into a {second} box"
        for key in ("marks", "notes"):             # text written into the plot: never one over another ("∞∞")
            items = groups[key]
            for i, a in enumerate(items):
                for b in items[i + 1:]:
                    assert not overlap(a, b), f"{name} at {width}px: two {key} are printed over each other"


#: a 320 px phone's page: Streamlit's main column less its padding
PHONE_WIDTH = 288


def narrow_figures() -> dict:
    """The Priority page's two figures (ours, the baselines: four panels in a row) and the Experts page's RWM
    figure, as the pages draw them (the Experts page's player: test_reflow.py)."""
    from datasets.four_clouds import four_clouds
    from experiments.priority import BASELINE_NAMES, OURS, fit_methods
    from viz import experts
    from viz.priority import FOUR_CLOUD_NAMES, regions_side_by_side

    X, y = four_clouds(30, seed=4)
    theta = np.array([10.0, 10.0, 1.0, 1.0])
    fitted = fit_methods(X, y, theta, seed=0, standardize=True)
    group = lambda names: {name: fitted[name] for name in names}      # noqa: E731
    return {
        "Priority: ours": regions_side_by_side(X, y, FOUR_CLOUD_NAMES, group(OURS), theta, columns=len(OURS),
                                               title="ours"),
        "Priority: the baselines": regions_side_by_side(X, y, FOUR_CLOUD_NAMES, group(BASELINE_NAMES), theta,
                                                        columns=len(BASELINE_NAMES), title="the baselines"),
        "Experts: RWM's bound against ε": experts.rwm_epsilon_figure(16, 19, np.linspace(0.01, 0.5, 50),
                                                                      current_epsilon=0.5),
    }


def test_the_priority_and_experts_figures_keep_their_texts_whole_and_apart_on_a_phone(plot_page):
    """Issue 34: at 320 px the baselines' panel titles ran into one another ("θ-cost 1.128 · grid" under panels 60 px
    apart), the support lines' legend entry ran past the figure's right edge, and the toolbar, which a phone shows
    all the time, covered the figures' titles."""
    for name, figure in narrow_figures().items():
        boxes = plot_page.evaluate(MEASURE, [json.loads(figure.to_json()), PHONE_WIDTH])
        left, top, right, bottom = boxes["svg"]
        groups = {key: boxes[key] for key in ("legendText", "xtitle", "ytitle", "title", "annotations")}
        assert boxes["annotations"] or "RWM" in name, name
        for key, items in groups.items():
            for item in items:
                assert item[0] >= left - 0.5 and item[2] <= right + 0.5 and item[1] >= top - 0.5 \
                    and item[3] <= bottom + 0.5, f"{name} at {PHONE_WIDTH}px: a {key} box is cut by the figure's edge"
        for item in boxes["title"]:          # under the strip of plotly.js's toolbar, shown always on a touch screen
            assert item[1] >= top + MODEBAR_PX - 0.5, f"{name}: the title is under the toolbar ({item[1] - top:.0f} px down)"
        texts = [(key, box) for key, items in groups.items() for box in items]
        for i, (first, a) in enumerate(texts):
            for second, b in texts[i + 1:]:
                assert not overlap(a, b), f"{name} at {PHONE_WIDTH}px: a {first} box runs into a {second} box"


def test_winnow_log_ticks_are_the_sizes_run_not_plotly_minor_digits(plot_page):
    boxes = plot_page.evaluate(MEASURE, [json.loads(figures()["winnow sparse"].to_json()), 600])
    assert boxes["xtickText"] == ["16", "64", "256", "1,024", "4,096"], boxes["xtickText"]


#: the boundary's legend in a saved SVG, drawn in a page without the lab's font (Source Sans, which Streamlit
#: serves to its pages): what another program shows, and what the PNG is (the SVG drawn as an image, which
#: cannot use the page's fonts).  Glyph boxes of lines have no height: half a line's width is added.
SAVED_LEGEND = """(svgText) => {
  const SOURCE_SANS = %s;
  document.body.innerHTML = svgText;
  const svg = document.body.querySelector('svg');
  svg.setAttribute('width', svg.viewBox.baseVal.width);
  svg.setAttribute('height', svg.viewBox.baseVal.height);
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top - 1.5, r.right, r.bottom + 1.5]; };
  const texts = [...svg.querySelectorAll('.legend .legendtext')].map((e) => ({text: e.textContent, box: box(e)}));
  const legends = [...svg.querySelectorAll('.legend rect.bg')].map(box);
  const glyphs = [...svg.querySelectorAll('.legend .legendpoints, .legend .legendlines')]
    .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 || r.height > 0; })
    .map((e) => ({name: e.closest('.traces').querySelector('.legendtext').textContent, box: box(e)}));
  return {texts, glyphs, legends, svg: box(svg), sourceSans: SOURCE_SANS()};
}"""
#: whether the page has the lab's font loaded (Streamlit's web font)
SOURCE_SANS = "() => [...document.fonts].some((f) => f.family.replace(/[\"']/g, '') === 'Source Sans' && f.status === 'loaded')"


def assert_legend_fits(found: dict, what: str) -> None:
    """Each legend text of a saved figure (:data:`SAVED_LEGEND`) inside the figure and its legend's box (plotly.js
    clips a legend to it), clear of every glyph and of every other text."""
    assert not found["sourceSans"], "the viewer must lack the page's font"
    left, top, right, bottom = found["svg"]
    assert found["texts"] and found["legends"], what
    for text in found["texts"]:
        a = text["box"]
        assert a[0] >= left and a[2] <= right and a[1] >= top and a[3] <= bottom, f"{what}: {text['text']} leaves the figure"
        assert any(a[0] >= b[0] - 0.5 and a[2] <= b[2] + 0.5 for b in found["legends"]), \
            f"{what}: {text['text']!r} runs past its legend's edge, where the legend is cut ({a} in {found['legends']})"
        for glyph in found["glyphs"]:
            assert not overlap(a, glyph["box"]), f"{what}: the legend text {text['text']!r} runs into the glyph of {glyph['name']!r}"
        for other in found["texts"]:
            assert other is text or not overlap(a, other["box"]), f"{what}: {text['text']!r} runs into {other['text']!r}"


def test_the_saved_figures_legend_texts_keep_out_of_the_glyphs_and_inside_the_legend(app_page, server_url, browser,
                                                                                      tmp_path):
    """Issue 27, Found 6: in the saved boundary "previous boundary" ran into the comparator's glyph — plotly.js laid
    the legend out in the page's Source Sans, and a viewer without it drew a wider font.  Issue 34: the saved bound
    curves (the figure saver's SVG and PNG; the PNG is that SVG drawn as an image, without the page's fonts) cut their
    legend ("weighted los") and ran one entry into the next's glyph."""
    from .player import focus_page, open_story, press

    open_story(app_page, server_url, "thin-margin", "perceptron")
    focus_page(app_page)
    press(app_page, "End")
    assert app_page.evaluate(SOURCE_SANS), "the page lays text out in Source Sans"
    svg = app_page.evaluate("() => document.querySelector('.mbl-tl-root')._mblPlayer.figureSvg().then((r) => r.svg)")
    # the bound curves as the figure saver saves them (the PNG is drawn from this SVG)
    with app_page.expect_download() as download_info:
        app_page.locator(".mbl-tl-curves + .mbl-save button[data-format='svg']").click()
    curves = tmp_path / download_info.value.suggested_filename
    download_info.value.save_as(curves)
    from xml.etree import ElementTree
    saved = ElementTree.fromstring(curves.read_text(encoding="utf-8"))      # well-formed, as other programs need
    assert saved.get("width") == "1920" and saved.get("viewBox"), saved.attrib
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    try:
        viewer = context.new_page()
        viewer.set_content("<html><body style='margin:0'></body></html>")
        found = viewer.evaluate(SAVED_LEGEND % SOURCE_SANS, svg)
        found_curves = viewer.evaluate(SAVED_LEGEND % SOURCE_SANS, curves.read_text(encoding="utf-8"))
    finally:
        context.close()
    names = [t["text"] for t in found["texts"]]
    assert "previous boundary" in names and any(name.startswith("comparator u") for name in names), names
    assert_legend_fits(found, "the boundary")
    assert any(t["text"].startswith("Gentile") for t in found_curves["texts"]), found_curves["texts"]
    assert_legend_fits(found_curves, "the bound curves")
