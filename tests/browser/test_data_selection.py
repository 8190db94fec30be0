"""The Data page in headless Chromium: a lasso sprays a cloud, a box selects part of it, the selection gets a
weight, and the exported CSV says exactly which points changed.

Data coordinates of a page pixel come from the grid lines the canvas drew (as in test_canvas.py), so the
expected selection is computed independently of the canvas's own conversion.
"""

import csv
import io
import re

import pytest

from .conftest import metric, screenshot, wait_for_idle, wait_for_metric
from .test_canvas import client_rect, drag_path, inside_or_near, pixel_mapping

pytestmark = pytest.mark.browser

SVG = ".st-key-canvas svg.mbl-svg"
SPRAY_N = 20            # the page's default "Points per spray"


def pick(page, key: str, option: str):
    """Click an option of the radio or segmented control with widget key ``key``."""
    page.locator(f".st-key-{key}").get_by_text(option, exact=True).first.click()
    wait_for_idle(page)


def exported_rows(page) -> list[dict]:
    with page.expect_download() as download:
        page.get_by_role("button", name="Export CSV").click()
    with open(download.value.path(), encoding="utf-8") as handle:
        return list(csv.DictReader(io.StringIO(handle.read())))


def test_lasso_a_cloud_then_select_a_box_of_it_and_weigh_the_selection(page, server_url):
    page.goto(f"{server_url}/data")
    wait_for_idle(page)
    svg = page.locator(SVG).first
    svg.wait_for()
    assert metric(page, "Points") == "0"

    # spray a cloud of class A inside a loop (an irregular hexagon, drawn with the mouse)
    pick(page, "data_mode", "spray")
    pick(page, "data_shape", "lasso")
    to_data, to_pixel, scale = pixel_mapping(svg)
    frame = client_rect(svg.locator("rect.frame"))
    at = lambda fx, fy: (frame["x"] + fx * frame["width"], frame["y"] + fy * frame["height"])  # noqa: E731
    loop = [at(0.25, 0.2), at(0.5, 0.12), at(0.7, 0.3), at(0.68, 0.75), at(0.45, 0.85), at(0.22, 0.6)]
    drag_path(page, loop + [loop[0]], steps=6)
    wait_for_metric(page, "Points", SPRAY_N)
    rows = exported_rows(page)
    assert len(rows) == SPRAY_N and {row["label"] for row in rows} == {"A"}
    polygon = [to_data(*pixel) for pixel in loop]
    cloud = [(float(row["x1"]), float(row["x2"])) for row in rows]
    assert all(inside_or_near(point, polygon, 0.5 / scale) for point in cloud)

    # select the left half of the cloud with a box
    pick(page, "data_mode", "select")
    pick(page, "data_shape", "box")
    to_data, to_pixel, scale = pixel_mapping(svg)
    frame = client_rect(svg.locator("rect.frame"))
    corner_a, corner_b = at(0.15, 0.05), at(0.46, 0.95)
    drag_path(page, [corner_a, corner_b], steps=8)
    (x_left, y_top), (x_right, y_bottom) = to_data(*corner_a), to_data(*corner_b)
    half_pixel = 0.5 / scale
    surely_in = [i for i, (x, y) in enumerate(cloud) if x_left + half_pixel < x < x_right - half_pixel
                 and y_bottom + half_pixel < y < y_top - half_pixel]
    maybe_in = [i for i, (x, y) in enumerate(cloud) if x_left - half_pixel <= x <= x_right + half_pixel
                and y_bottom - half_pixel <= y <= y_top + half_pixel]
    assert 0 < len(surely_in) < SPRAY_N, "the box takes part of the cloud"
    selected_text = page.locator(".st-key-data_selection", has_text=re.compile(r"\d+ points? selected")).first
    selected_text.wait_for(timeout=20_000)           # (with nothing selected the panel says "No points selected")
    wait_for_idle(page)
    count = int(re.search(r"(\d+) points? selected", selected_text.inner_text()).group(1))
    assert metric(page, "Selected") == str(count)
    assert len(surely_in) <= count <= len(maybe_in)
    assert svg.locator("g.selected path.ring").count() == count

    # give the selection weight 4 and check the export: exactly the points in the box weigh 4
    weight_input = page.locator(".st-key-data_selection_weight input")
    weight_input.fill("4")
    weight_input.press("Enter")
    wait_for_idle(page)
    page.locator(".st-key-data_selection_apply button").click()
    page.locator(".st-key-data_selection", has_text="weight 4").first.wait_for(timeout=20_000)
    wait_for_idle(page)
    rows = exported_rows(page)
    heavy = [i for i, row in enumerate(rows) if float(row["weight"]) == 4.0]
    assert len(heavy) == count and set(surely_in) <= set(heavy) <= set(maybe_in)
    assert all(float(row["weight"]) == 1.0 for i, row in enumerate(rows) if i not in heavy)
    assert [(float(r["x1"]), float(r["x2"])) for r in rows] == cloud, "weighing moves no point"
    # weights are drawn as marker size: the heavy points are the larger ones
    widths = svg.evaluate("svg => [...svg.querySelectorAll('g.points path[data-x]')].map(p => p.getBBox().width)")
    assert min(widths[i] for i in heavy) > 1.5 * max(w for i, w in enumerate(widths) if i not in heavy)
    page.locator("h1").first.scroll_into_view_if_needed()
    screenshot(page, "data-selection", full_page=False)
    page.locator(".st-key-data_selection").scroll_into_view_if_needed()
    screenshot(page, "data-selection-panel", full_page=False)

    # undo takes the weights back (and the selection with them)
    page.get_by_role("button", name="Undo", exact=True).click()
    wait_for_idle(page)
    screenshot(page, "data-selection-undone", full_page=False)
    assert all(float(row["weight"]) == 1.0 for row in exported_rows(page))
    assert svg.locator("g.selected path.ring").count() == 0
