"""The drawing canvas in headless Chromium: clicks land exactly where clicked, boxes and lassos spray inside
what was drawn, box, lasso and click select the points they should.

Expected data coordinates are computed from the click's page pixel and the grid
lines the canvas drew (their page positions and data values), not from the
canvas's own conversion code, so drawing and clicking must agree.  Tolerance:
half a pixel in data units.
"""

import json
from pathlib import Path

import pytest

from .conftest import SCREENSHOTS, metric, screenshot, wait_for_idle, wait_for_metric

pytestmark = pytest.mark.browser

APP = Path(__file__).with_name("canvas_app.py")
VIEW = (-5.0, 5.0, -4.0, 4.0)      # as in canvas_app.py
SPRAY_N = 12                        # as in canvas_app.py
SVG = ".st-key-canvas svg.mbl-svg"


def open_canvas(page, url: str, query: str = ""):
    page.goto(url + query)
    wait_for_idle(page)
    svg = page.locator(SVG).first
    svg.wait_for()
    return svg


def pixel_mapping(svg):
    """(to_data, to_pixel, pixels per unit) from the page positions of the drawn grid lines."""
    lines = svg.evaluate("""svg => [...svg.querySelectorAll('line[data-axis]')].map(line => {
        const r = line.getBoundingClientRect();
        return [line.dataset.axis, Number(line.dataset.value), r.x + r.width / 2, r.y + r.height / 2]; })""")
    fits = {}
    for axis, coordinate in (("x", 2), ("y", 3)):
        pairs = sorted((value, position[coordinate]) for position in lines if position[0] == axis
                       for value in [position[1]])
        assert len(pairs) >= 3, f"fewer than three {axis} grid lines"
        (v0, p0), (v1, p1) = pairs[0], pairs[-1]
        slope = (p1 - p0) / (v1 - v0)
        for value, position in pairs:          # the grid is linear: every line where the end lines say
            assert abs(p0 + slope * (value - v0) - position) < 0.01
        fits[axis] = (v0, p0, slope)
    (xv, xp, xs), (yv, yp, ys) = fits["x"], fits["y"]
    assert xs > 0 > ys
    assert abs(xs + ys) < 0.005 * xs, "equal aspect: one data unit is as many pixels on both axes"

    def to_data(px, py):
        return xv + (px - xp) / xs, yv + (py - yp) / ys

    def to_pixel(x, y):
        return xp + (x - xv) * xs, yp + (y - yv) * ys

    return to_data, to_pixel, xs


def client_rect(locator) -> dict:
    """The element's geometry box in page pixels (Playwright's bounding_box adds SVG strokes)."""
    return locator.evaluate("e => { const r = e.getBoundingClientRect(); "
                            "return {x: r.x, y: r.y, width: r.width, height: r.height}; }")


def shown(page, key: str, prefix: str):
    text = page.locator(f".st-key-{key} [data-testid='stText']").first.inner_text().strip()
    assert text.startswith(prefix), text
    return json.loads(text[len(prefix):])


def choose(page, group: str, option: str):
    page.locator('[data-testid="stRadio"]', has=page.get_by_text(group, exact=True)).first \
        .get_by_text(option, exact=True).click()
    wait_for_idle(page)


def assert_view_shown_whole(svg):
    """The plot shows the app's view box, centred, tight along one axis (equal aspect widens the other)."""
    to_data, _, scale = pixel_mapping(svg)
    frame = client_rect(svg.locator("rect.frame"))
    left, top = to_data(frame["x"], frame["y"])
    right, bottom = to_data(frame["x"] + frame["width"], frame["y"] + frame["height"])
    half_pixel = 0.5 / scale
    assert left <= VIEW[0] + half_pixel and right >= VIEW[1] - half_pixel
    assert bottom <= VIEW[2] + half_pixel and top >= VIEW[3] - half_pixel
    assert abs((left + right) / 2 - 0.0) < half_pixel and abs((top + bottom) / 2 - 0.0) < half_pixel
    assert min(abs(left - VIEW[0]), abs(bottom - VIEW[2])) < half_pixel
    return frame, to_data, half_pixel


def test_view_box_is_shown_whole_with_equal_aspect_and_follows_a_resize(page, streamlit_server):
    svg = open_canvas(page, streamlit_server(APP))
    wide = float(svg.get_attribute("width"))
    assert_view_shown_whole(svg)
    page.set_viewport_size({"width": 560, "height": 720})
    page.wait_for_function("([svg, wide]) => Number(svg.getAttribute('width')) < wide - 50",
                           arg=[svg.element_handle(), wide])
    frame, to_data, half_pixel = assert_view_shown_whole(svg)
    px, py = round(frame["x"] + 0.7 * frame["width"]), round(frame["y"] + 0.25 * frame["height"])
    page.mouse.click(px, py)                              # clicks are still exact after the resize
    wait_for_metric(page, "Points", 1)
    last = shown(page, "last_point", "last ")
    assert abs(last["x"] - to_data(px, py)[0]) <= half_pixel and abs(last["y"] - to_data(px, py)[1]) <= half_pixel
    svg.screenshot(path=str(SCREENSHOTS / "canvas-narrow-element.png"))
    # a 320 px phone (WCAG 1.4.10 reflow): the drawing is as wide as its column, not wider, and still exact
    page.set_viewport_size({"width": 320, "height": 640})
    page.wait_for_function("svg => Number(svg.getAttribute('width')) <= svg.parentElement.clientWidth "
                           "&& svg.parentElement.clientWidth < 300", arg=svg.element_handle())
    assert_view_shown_whole(svg)


def test_clicks_add_points_exactly_where_clicked_and_a_box_sprays_inside_it(page, streamlit_server):
    svg = open_canvas(page, streamlit_server(APP))
    assert metric(page, "Points") == "0"
    to_data, to_pixel, scale = pixel_mapping(svg)
    half_pixel = 0.5 / scale
    frame = client_rect(svg.locator("rect.frame"))
    clicks = [(round(frame["x"] + fx * frame["width"]), round(frame["y"] + fy * frame["height"]))
              for fx, fy in [(0.23, 0.31), (0.64, 0.52), (0.41, 0.83)]]
    for count, (px, py) in enumerate(clicks, start=1):
        page.mouse.click(px, py)
        wait_for_metric(page, "Points", count)
        last = shown(page, "last_point", "last ")
        expected_x, expected_y = to_data(px, py)
        assert abs(last["x"] - expected_x) <= half_pixel, (last, expected_x)
        assert abs(last["y"] - expected_y) <= half_pixel, (last, expected_y)
        assert last["label"] == 0
        # and the point is drawn back at the clicked pixel
        markers = svg.locator("g.points path[data-x]")
        assert markers.count() == count
        box = client_rect(markers.nth(count - 1))
        assert abs(box["x"] + box["width"] / 2 - px) < 1 and abs(box["y"] + box["height"] / 2 - py) < 1
    screenshot(page, "canvas-clicks")
    svg.screenshot(path=str(SCREENSHOTS / "canvas-clicks-element.png"))

    # a rerender (another class, another tool) sends nothing again
    choose(page, "Class", "C")
    choose(page, "Tool", "spray")
    assert metric(page, "Points") == "3"
    assert svg.get_attribute("data-mode") == "spray"

    first_mapping = to_data
    to_data, to_pixel, scale = pixel_mapping(svg)    # measured again: the element screenshot scrolled the page
    frame = client_rect(svg.locator("rect.frame"))
    corner_a = (round(frame["x"] + 0.55 * frame["width"]), round(frame["y"] + 0.12 * frame["height"]))
    corner_b = (round(frame["x"] + 0.88 * frame["width"]), round(frame["y"] + 0.47 * frame["height"]))
    page.mouse.move(*corner_a)
    page.mouse.down()
    page.mouse.move(*corner_b, steps=8)
    page.mouse.up()
    wait_for_metric(page, "Points", 3 + SPRAY_N)
    everything = shown(page, "all_points", "points ")
    new_points, new_labels = everything["X"][3:], everything["labels"][3:]
    (x_left, y_top), (x_right, y_bottom) = to_data(*corner_a), to_data(*corner_b)
    assert len(new_points) == SPRAY_N and set(new_labels) == {2}
    assert len({tuple(p) for p in new_points}) == SPRAY_N
    for x, y in new_points:
        assert x_left - half_pixel <= x <= x_right + half_pixel, (x, x_left, x_right)
        assert y_bottom - half_pixel <= y <= y_top + half_pixel, (y, y_bottom, y_top)
    assert everything["X"][:3] == [pytest.approx(list(first_mapping(*c)), abs=half_pixel) for c in clicks]
    screenshot(page, "canvas-box")
    svg.screenshot(path=str(SCREENSHOTS / "canvas-box-element.png"))

    # erase: a click on the first point removes it (and only it)
    choose(page, "Tool", "erase")
    first = everything["X"][0]
    to_data, to_pixel, scale = pixel_mapping(svg)
    page.mouse.click(*to_pixel(*first))
    wait_for_metric(page, "Points", 2 + SPRAY_N)
    remaining = shown(page, "all_points", "points ")["X"]
    assert first not in remaining and everything["X"][1] in remaining


def test_quick_clicks_are_queued_not_lost(page, streamlit_server):
    svg = open_canvas(page, streamlit_server(APP))
    frame = client_rect(svg.locator("rect.frame"))
    for fx in (0.2, 0.35, 0.5, 0.65):                 # no waiting between the clicks
        page.mouse.click(frame["x"] + fx * frame["width"], frame["y"] + 0.5 * frame["height"])
    wait_for_metric(page, "Points", 4)
    xs = [x for x, _ in shown(page, "all_points", "points ")["X"]]
    assert xs == sorted(xs), "the clicks arrive once each, in order"
    assert metric(page, "Events") == "4"


def test_six_classes_have_their_own_colour_and_shape_and_size_grows_with_weight(page, streamlit_server):
    svg = open_canvas(page, streamlit_server(APP), "/?demo=1")     # six classes, then class 0 again with weight 4
    markers = svg.locator("g.points path[data-x]")
    assert markers.count() == 7
    shapes = svg.evaluate("svg => [...svg.querySelectorAll('g.points path[data-x]')].map(p => "
                          "[p.getAttribute('fill'), p.getAttribute('d').replace(/[-0-9.e]+/g, '#')])")
    assert len({fill for fill, _ in shapes[:6]}) == 6, "six colours"
    assert len({outline for _, outline in shapes[:6]}) == 6, "six marker shapes"
    assert shapes[6] == shapes[0], "same class, same colour and shape"
    light, heavy = client_rect(markers.nth(0)), client_rect(markers.nth(6))
    assert heavy["width"] > 1.5 * light["width"], "weight 4 draws a larger marker than weight 1"
    legend = svg.locator("g.legend text").all_text_contents()
    assert legend == ["circle A", "square B", "diamond C", "triangle D", "cross E", "star F"]
    assert svg.locator("g.legend text.active").text_content() == "circle A"
    screenshot(page, "canvas-demo")
    svg.screenshot(path=str(SCREENSHOTS / "canvas-demo-element.png"))


def drag_path(page, pixels, steps: int = 4, shift: bool = False):
    """Press at the first pixel, move through the others (``steps`` moves per leg), release at the last."""
    if shift:
        page.keyboard.down("Shift")
    page.mouse.move(*pixels[0])
    page.mouse.down()
    for pixel in pixels[1:]:
        page.mouse.move(*pixel, steps=steps)
    page.mouse.up()
    if shift:
        page.keyboard.up("Shift")


def inside_or_near(point, polygon, tolerance) -> bool:
    """Even–odd inside the closed polygon (data units), or within ``tolerance`` of its boundary."""
    x, y = point
    inside = False
    for (xa, ya), (xb, yb) in zip(polygon, polygon[1:] + polygon[:1]):
        if (ya > y) != (yb > y) and x < xa + (y - ya) * (xb - xa) / (yb - ya):
            inside = not inside
        length2 = (xb - xa) ** 2 + (yb - ya) ** 2
        t = max(0.0, min(1.0, ((x - xa) * (xb - xa) + (y - ya) * (yb - ya)) / length2))
        if ((x - xa - t * (xb - xa)) ** 2 + (y - ya - t * (yb - ya)) ** 2) ** 0.5 <= tolerance:
            return True
    return inside


def test_a_lasso_sprays_inside_the_drawn_loop_and_not_in_its_notch(page, streamlit_server):
    svg = open_canvas(page, streamlit_server(APP))
    choose(page, "Tool", "spray")
    choose(page, "Shape", "lasso")
    choose(page, "Class", "B")
    assert svg.get_attribute("data-mode") == "spray"
    to_data, _, scale = pixel_mapping(svg)
    frame = client_rect(svg.locator("rect.frame"))
    at = lambda fx, fy: (round(frame["x"] + fx * frame["width"]), round(frame["y"] + fy * frame["height"]))  # noqa: E731
    # a U: two arms joined at the bottom; the notch between the arms is outside the loop
    u_shape = [at(0.2, 0.15), at(0.35, 0.15), at(0.35, 0.6), at(0.55, 0.6), at(0.55, 0.15), at(0.7, 0.15),
               at(0.7, 0.85), at(0.2, 0.85)]
    drag_path(page, u_shape + [u_shape[0]])
    wait_for_metric(page, "Points", SPRAY_N)
    everything = shown(page, "all_points", "points ")
    polygon = [to_data(*pixel) for pixel in u_shape]
    notch = [to_data(*pixel) for pixel in (at(0.35, 0.15), at(0.35, 0.6), at(0.55, 0.6), at(0.55, 0.15))]
    half_pixel = 0.5 / scale
    assert everything["labels"] == [1] * SPRAY_N
    for point in everything["X"]:
        assert inside_or_near(point, polygon, half_pixel), point
    in_notch = [p for p in everything["X"] if inside_or_near(p, notch, 0) and not inside_or_near(p, polygon, 0)]
    assert in_notch == []
    # a line (no area) sends nothing: after it, a second loop is the second event Python sees
    assert metric(page, "Events") == "1"
    drag_path(page, [at(0.8, 0.2), at(0.9, 0.8)])
    drag_path(page, [at(0.8, 0.2), at(0.95, 0.2), at(0.9, 0.4), at(0.8, 0.2)])
    wait_for_metric(page, "Points", 2 * SPRAY_N)
    assert metric(page, "Events") == "2"
    screenshot(page, "canvas-lasso")


def test_select_with_a_box_a_shift_lasso_and_clicks(page, streamlit_server):
    svg = open_canvas(page, streamlit_server(APP), "/?demo=1")    # 7 points at known places (canvas_app.DEMO)
    choose(page, "Tool", "select")
    _, to_pixel, scale = pixel_mapping(svg)
    assert shown(page, "selected_points", "selected ") == []
    # a box around the first two demo points, (-3, 2.5) and (-1, 2.5)
    drag_path(page, [to_pixel(-3.6, 3.1), to_pixel(-0.5, 1.9)])
    page.wait_for_function("() => document.querySelector('.st-key-selected_points')?.innerText.includes('[0, 1]')")
    wait_for_idle(page)
    rings = svg.locator("g.selected path.ring")
    assert rings.count() == 2 and sorted(int(r.get_attribute("data-index")) for r in rings.all()) == [0, 1]
    # shift + lasso around (2, -2) adds it
    choose(page, "Shape", "lasso")
    _, to_pixel, scale = pixel_mapping(svg)
    loop = [to_pixel(2 + 0.6 * dx, -2 + 0.6 * dy) for dx, dy in ((-1, -1), (1, -1), (1.2, 0), (1, 1), (-1, 1))]
    drag_path(page, loop + [loop[0]], shift=True)
    page.wait_for_function("() => document.querySelector('.st-key-selected_points')?.innerText.includes('[0, 1, 5]')")
    wait_for_idle(page)
    assert svg.locator("g.selected path.ring").count() == 3
    svg.screenshot(path=str(SCREENSHOTS / "canvas-selection-element.png"))
    # a click on (0, -0.5) picks that point alone; a click on empty space clears
    _, to_pixel, scale = pixel_mapping(svg)          # measured again: the element screenshot scrolled the page
    page.mouse.click(*to_pixel(0.05, -0.45))
    page.wait_for_function("() => document.querySelector('.st-key-selected_points')?.innerText.includes('[6]')")
    page.mouse.click(*to_pixel(4.0, 0.5))
    page.wait_for_function("() => document.querySelector('.st-key-selected_points')?.innerText.trim() === 'selected []'")
    wait_for_idle(page)
    assert svg.locator("g.selected path.ring").count() == 0
    assert metric(page, "Points") == "7"


def test_with_the_spray_tool_a_box_and_a_lasso_drawn_by_keys_spray_inside_them(page, streamlit_server):
    """By keys the spray tool sprays as a drag does: B, arrows, B sprays ``SPRAY_N`` points of the keyboard's class in
    the box; L at three places and Enter sprays them in the triangle. Inside is checked from the corners the canvas
    drew (in data units) and the points the Python side holds; the class comes from the number key pressed."""
    svg = open_canvas(page, streamlit_server(APP))
    choose(page, "Tool", "spray")
    page.locator(".st-key-canvas .mbl-canvas").focus()
    shape = """svg => { const s = svg.querySelector('.key-shape');
                        return s ? [JSON.parse(s.dataset.xs), JSON.parse(s.dataset.ys), s.dataset.mode] : null; }"""
    for key in ("2", "b", "Shift+ArrowLeft", "Shift+ArrowDown", "Shift+ArrowDown"):
        page.keyboard.press(key)
    xs, ys, mode = svg.evaluate(shape)
    assert mode == "spray" and len(xs) == 4 and min(xs) < max(xs) and min(ys) < max(ys), (xs, ys)
    page.keyboard.press("b")
    wait_for_metric(page, "Points", SPRAY_N)
    sprayed = shown(page, "all_points", "points ")
    assert sprayed["labels"] == [1] * SPRAY_N                       # "2": the second class
    assert all(min(xs) <= x <= max(xs) and min(ys) <= y <= max(ys) for x, y in sprayed["X"]), (xs, ys)

    for key in ("l", "Shift+ArrowRight", "Shift+ArrowRight", "l", "Shift+ArrowUp", "Shift+ArrowUp", "l"):
        page.keyboard.press(key)
    xs, ys, _ = svg.evaluate(shape)
    assert len(xs) == 3, (xs, ys)
    page.keyboard.press("Enter")
    wait_for_metric(page, "Points", 2 * SPRAY_N)
    lassoed = shown(page, "all_points", "points ")["X"][SPRAY_N:]
    (ax, ay), (bx, by), (cx, cy) = zip(xs, ys)
    area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    for x, y in lassoed:                      # barycentric coordinates, all in [0, 1] inside the triangle
        s = ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / area
        t = ((x - ax) * (cy - ay) - (y - ay) * (cx - ax)) / area
        assert -1e-9 <= s and -1e-9 <= t and s + t <= 1 + 1e-9, (x, y, xs, ys)
    assert svg.evaluate(shape) is None


#: the class as the three controls show it: the checked option of the app's "Class" radio, the legend's chosen chip,
#: and the classes of the points drawn (in order)
CLASS_SHOWN = """() => {
  const root = [...document.querySelectorAll('.st-key-canvas *')].find((e) => e.shadowRoot).shadowRoot;
  const chosen = root.querySelector('.legend-item.chosen');
  return {radio: [...document.querySelectorAll('.st-key-active input[type=radio]')].findIndex((i) => i.checked),
          legend: chosen ? Number(chosen.dataset.class) : null,
          points: [...root.querySelectorAll('.points [data-class]')].map((p) => Number(p.dataset.class))};
}"""


def test_on_a_phone_the_legend_chips_choose_the_class_in_step_with_the_radio(browser, streamlit_server):
    """At 390 px with touch the chips above the drawing are class choosers (on the Data page they looked tappable and
    did nothing): a tap on B makes the page's class radio B (canvas(class_key=...), as views/data.py passes its "Class
    to draw"; tests/browser/test_keyboard_only.py presses 2 there) and a tap on the plot adds a B point; a tap on the
    radio's A moves the chip back and the next point is A. The radio, the legend and the drawing name one class,
    whichever control chose it. The canvas's own app: a phone needs a browser context of its own, and this page
    loads in a fraction of the Data page's time."""
    url = streamlit_server(APP)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(url)
        wait_for_idle(page)
        plot = page.locator(".st-key-canvas rect.plot-area")
        plot.wait_for()
        assert page.evaluate(CLASS_SHOWN) == {"radio": 0, "legend": 0, "points": []}
        page.locator(".st-key-canvas .legend-item[data-class='1']").tap()
        page.wait_for_function(f"() => ({CLASS_SHOWN})().radio === 1", timeout=30_000)
        wait_for_idle(page)
        assert page.evaluate(CLASS_SHOWN)["legend"] == 1
        screenshot(page, "canvas-390-touch-class-chips", full_page=False)
        plot.tap(position={"x": 60, "y": 60})
        wait_for_metric(page, "Points", "1", timeout=30_000)
        assert page.evaluate(CLASS_SHOWN) == {"radio": 1, "legend": 1, "points": [1]}
        page.locator(".st-key-active [role=radiogroup] label").first.tap()      # the radio's first option, A
        page.wait_for_function(f"() => ({CLASS_SHOWN})().legend === 0", timeout=30_000)
        plot.tap(position={"x": 120, "y": 120})
        wait_for_metric(page, "Points", "2", timeout=30_000)
        assert page.evaluate(CLASS_SHOWN) == {"radio": 0, "legend": 0, "points": [1, 0]}
    finally:
        context.close()
