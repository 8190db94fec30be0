// Mistake Bound Lab drawing canvas: an SVG plot in exact data coordinates (Streamlit component v2).
//
// data = {view: [x0, x1, y0, y1], points: [[x, y, class, weight]], sizes: [diameter px], names, colors,
//         symbols, active, mode: "click" | "spray" | "select" | "erase", shape: "box" | "lasso",
//         selected: [point indices], handled: [event ids Python has handled], maxPlotHeight}
// Reports one trigger value "event" per gesture:
//   {type: "add", x, y, label, id} | {type: "box", x0, x1, y0, y1, label, id} | {type: "lasso", xs, ys, label, id}
//   | {type: "select", xs, ys, extend, id} | {type: "pick", x, y, radius, extend, id} | {type: "erase", x, y, radius, id}
//   | {type: "class", label, id}: the class to draw was chosen here (a tap on the legend, or 1–9 on the focused canvas);
//     the page then sets its class widget to it (components/canvas.py class_key), so the legend, the drawing and the
//     page's class control always name the same class — chosen in whichever of them.
// A lasso is the pointer's path (a vertex every LASSO_STEP_PX), closed from its end to its start and thinned to at
// most MAX_PATH_VERTICES corners; a box in select mode is sent as its four corners. Shift adds to the selection.
// One gesture is in flight at a time: the next is sent when Python echoes the id in data.handled (or after
// ACK_TIMEOUT_MS), so quick clicks are queued instead of being merged away by Streamlit.
// Pixel u (from the SVG's left edge) maps to x = vx0 + (u - left) / scale, pixel v to y = vy1 - (v - top) / scale.

const SVG_NS = "http://www.w3.org/2000/svg";
const PAD = {left: 54, right: 16, bottom: 46, legendGap: 8};
const MIN_PLOT_HEIGHT = 220;
const MIN_WIDTH_PX = 200;       // narrower columns (a 320 px phone's is 288) draw at their width: no sideways scrolling
const CLICK_SLOP_PX = 4;        // a press and release closer than this is a click
const MIN_BOX_PX = 4;           // a drag box narrower than this is ignored
const ERASE_RADIUS_PX = 12;     // also the reach of a click in select mode
const LASSO_STEP_PX = 2;        // a lasso vertex is kept when the pointer moved this far from the last one
const MAX_PATH_VERTICES = 500;  // as components/canvas.py MAX_PATH_VERTICES
const MIN_LASSO_AREA_PX = MIN_BOX_PX * MIN_BOX_PX;
const RING_GAP_PX = 3;          // a selected point's ring lies about this far outside its marker
const ACK_TIMEOUT_MS = 1500;
const MAX_QUEUE = 50;
const MAX_MARKER_ELEMENTS = 3000;   // more points are drawn as one path per class
const TICK_SPACING_PX = 80;
const SESSION = Math.random().toString(36).slice(2, 10);
const instances = new WeakMap();
let eventCounter = 0;

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// ------------------------------------------------------------------ markers
function markerPath(symbol, x, y, radius) {
  // outlines of about equal area (≈ 3 r²) so no class looks heavier than another
  const r = Math.max(3.5, radius), h = r * 1.25;
  switch (symbol) {
    case "square":
      return `M${x - r * 0.9},${y - r * 0.9}h${1.8 * r}v${1.8 * r}h${-1.8 * r}Z`;
    case "diamond":
      return `M${x},${y - h}L${x + h},${y}L${x},${y + h}L${x - h},${y}Z`;
    case "triangle":
    case "triangle-up":
      return `M${x},${y - 1.35 * r}L${x + 1.3 * r},${y + 0.9 * r}L${x - 1.3 * r},${y + 0.9 * r}Z`;
    case "x":
    case "cross": {
      const a = r * 1.05, t = r * 0.45;   // a thick filled X
      return `M${x - a},${y - a + t}L${x - a + t},${y - a}L${x},${y - t}L${x + a - t},${y - a}L${x + a},${y - a + t}` +
             `L${x + t},${y}L${x + a},${y + a - t}L${x + a - t},${y + a}L${x},${y + t}L${x - a + t},${y + a}` +
             `L${x - a},${y + a - t}L${x - t},${y}Z`;
    }
    case "star": {
      let d = "";
      for (let i = 0; i < 10; i++) {
        const angle = -Math.PI / 2 + (i * Math.PI) / 5, reach = i % 2 ? r * 0.7 : r * 1.55;
        d += `${i ? "L" : "M"}${x + reach * Math.cos(angle)},${y + reach * Math.sin(angle)}`;
      }
      return d + "Z";
    }
    default:   // circle
      return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
  }
}

function marker(symbol, x, y, r, color, parent, extra) {
  return el("path", {d: markerPath(symbol, x, y, r), fill: color, stroke: "#ffffff", "stroke-width": 1,
                     class: "marker", ...(extra || {})}, parent);
}

// ------------------------------------------------------------------ axes
function niceStep(span, count) {
  const raw = span / Math.max(1, count), magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
  return [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((step) => step >= raw) || 10 * magnitude;
}

function ticks(lo, hi, step) {
  const values = [];
  for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + 1e-9 * step; k++) values.push(k * step);
  return values;
}

function tickLabel(value, step) {
  const decimals = Math.max(0, Math.min(10, -Math.floor(Math.log10(step) + 1e-9) + (step % 1 ? 1 : 0)));
  const text = Math.abs(value) < step * 1e-9 ? "0" : value.toFixed(decimals);
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

// ------------------------------------------------------------------ layout
function legendLayout(svg, names, width) {
  // measure each entry once; wrap entries into rows that fit the width
  const probe = el("text", {class: "legend-label active"}, svg);   // bold: the widest
  const items = names.map((name, j) => {
    const shown = name.length > 24 ? name.slice(0, 23) + "…" : name;
    probe.textContent = shown;
    const textWidth = probe.getComputedTextLength() || 8 * shown.length;
    return {j, name, shown, width: 22 + textWidth + 18};
  });
  probe.remove();
  let x = PAD.left, row = 0;
  for (const item of items) {
    if (x + item.width > width - PAD.right && x > PAD.left) { row += 1; x = PAD.left; }
    item.x = x; item.row = row; x += item.width;
  }
  return {items, rows: names.length ? row + 1 : 0};
}

function geometry(width, view, maxPlotHeight, legendRows) {
  const [x0, x1, y0, y1] = view;
  const top = 8 + legendRows * 24 + PAD.legendGap;
  const plotW = Math.max(100, width - PAD.left - PAD.right);
  const wanted = (plotW * (y1 - y0)) / (x1 - x0);
  const plotH = Math.max(MIN_PLOT_HEIGHT, Math.min(maxPlotHeight, wanted));
  const scale = Math.min(plotW / (x1 - x0), plotH / (y1 - y0));   // pixels per data unit, both axes
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  return {width: PAD.left + plotW + PAD.right, height: top + plotH + PAD.bottom, left: PAD.left, top, plotW, plotH,
          scale, vx0: cx - plotW / scale / 2, vx1: cx + plotW / scale / 2,
          vy0: cy - plotH / scale / 2, vy1: cy + plotH / scale / 2};
}

const px = (g, x) => g.left + (x - g.vx0) * g.scale;
const py = (g, y) => g.top + (g.vy1 - y) * g.scale;
const dataX = (g, u) => g.vx0 + (u - g.left) / g.scale;
const dataY = (g, v) => g.vy1 - (v - g.top) / g.scale;
const insidePlot = (g, u, v) => u >= g.left && u <= g.left + g.plotW && v >= g.top && v <= g.top + g.plotH;
const clampU = (g, u) => Math.min(g.left + g.plotW, Math.max(g.left, u));
const clampV = (g, v) => Math.min(g.top + g.plotH, Math.max(g.top, v));

// ------------------------------------------------------------------ drawing
function render(inst) {
  const {svg, data} = inst;
  if (!data) return;
  const width = Math.max(MIN_WIDTH_PX, Math.floor(inst.root.clientWidth || 640));
  svg.replaceChildren();
  const legend = legendLayout(svg, data.names, width);
  const g = geometry(width, data.view, data.maxPlotHeight || 420, legend.rows);
  inst.geom = g;
  inst.width = width;
  svg.setAttribute("width", g.width);
  svg.setAttribute("height", g.height);
  svg.setAttribute("viewBox", `0 0 ${g.width} ${g.height}`);
  svg.setAttribute("data-mode", data.mode);
  svg.setAttribute("class", `mbl-svg mode-${data.mode}`);
  for (const [name, value] of Object.entries({x0: g.vx0, x1: g.vx1, y0: g.vy0, y1: g.vy1, scale: g.scale,
                                              left: g.left, top: g.top}))
    svg.setAttribute(`data-${name}`, value);

  const clipId = `mbl-clip-${inst.uid}`;
  el("rect", {x: g.left, y: g.top, width: g.plotW, height: g.plotH}, el("clipPath", {id: clipId}, el("defs", {}, svg)));
  el("rect", {x: g.left, y: g.top, width: g.plotW, height: g.plotH, class: "plot-area"}, svg);

  // grid and ticks: one step for both axes (equal aspect)
  const step = niceStep(g.vx1 - g.vx0, g.plotW / TICK_SPACING_PX);
  const grid = el("g", {class: "grid"}, svg), labels = el("g", {class: "ticks"}, svg);
  for (const t of ticks(g.vx0, g.vx1, step)) {
    const u = px(g, t);
    el("line", {x1: u, x2: u, y1: g.top, y2: g.top + g.plotH, class: Math.abs(t) < step * 1e-9 ? "zero" : "",
                "data-axis": "x", "data-value": t}, grid);
    el("line", {x1: u, x2: u, y1: g.top + g.plotH, y2: g.top + g.plotH + 5, class: "tick-mark"}, labels);
    el("text", {x: u, y: g.top + g.plotH + 19, "text-anchor": "middle", class: "tick"}, labels).textContent =
      tickLabel(t, step);
  }
  for (const t of ticks(g.vy0, g.vy1, step)) {
    const v = py(g, t);
    el("line", {x1: g.left, x2: g.left + g.plotW, y1: v, y2: v, class: Math.abs(t) < step * 1e-9 ? "zero" : "",
                "data-axis": "y", "data-value": t}, grid);
    el("line", {x1: g.left - 5, x2: g.left, y1: v, y2: v, class: "tick-mark"}, labels);
    el("text", {x: g.left - 8, y: v + 4, "text-anchor": "end", class: "tick"}, labels).textContent =
      tickLabel(t, step);
  }
  el("rect", {x: g.left, y: g.top, width: g.plotW, height: g.plotH, class: "frame"}, svg);
  el("text", {x: g.left + g.plotW / 2, y: g.height - 8, "text-anchor": "middle", class: "axis-title"}, svg)
    .textContent = "x₁";
  const midY = g.top + g.plotH / 2;
  el("text", {x: 16, y: midY, "text-anchor": "middle", class: "axis-title", transform: `rotate(-90 16 ${midY})`}, svg)
    .textContent = "x₂";
  const hints = {click: "click: add a point", "spray-box": "drag: spray a box", "spray-lasso": "drag a loop: spray inside",
                 "select-box": "drag a box: select · shift adds · click picks",
                 "select-lasso": "drag a loop: select · shift adds · click picks", erase: "click: erase nearest"};
  const keyHints = {box: "B or Enter closes the box · Esc cancels", lasso: "L adds a corner · Enter closes · Esc cancels"};
  const hint = (inst.focused && inst.keyShape && keyHints[inst.keyShape.kind])
    || hints[data.mode] || hints[`${data.mode}-${data.shape || "box"}`] || "";
  el("text", {x: g.left + g.plotW, y: g.height - 8, "text-anchor": "end", class: "hint"}, svg).textContent = hint;

  // points (clipped to the plot); one element per point unless there are very many
  const layer = el("g", {class: "points", "clip-path": `url(#${clipId})`}, svg);
  const points = data.points || [], sizes = data.sizes || [];
  if (points.length <= MAX_MARKER_ELEMENTS) {
    points.forEach(([x, y, c, w], i) => {
      const node = marker(data.symbols[c], px(g, x), py(g, y), (sizes[i] || 10) / 2, data.colors[c], layer,
                          {"data-x": x, "data-y": y, "data-class": c});
      el("title", {}, node).textContent = `${data.names[c]} (${numberText(x)}, ${numberText(y)}), weight ${numberText(w)}`;
    });
  } else {
    const paths = data.names.map(() => []);
    points.forEach(([x, y, c], i) => paths[c].push(markerPath(data.symbols[c], px(g, x), py(g, y), (sizes[i] || 10) / 2)));
    paths.forEach((parts, c) => { if (parts.length) el("path", {d: parts.join(""), fill: data.colors[c], stroke: "#ffffff", "stroke-width": 0.5}, layer); });
  }
  drawRings(inst, g, svg, clipId);
  drawPending(inst);

  // legend above the plot: one chip per class, a tap (or click) on it chooses the class to draw; the chosen one is bold,
  // filled and outlined in black (the others' outline is grey)
  const legendGroup = el("g", {class: "legend"}, svg), chosen = activeClass(inst);
  inst.legendHits = [];
  for (const item of legend.items) {
    const y = 8 + item.row * 24 + 12, active = item.j === chosen;
    const chip = el("g", {class: active ? "legend-item chosen" : "legend-item", "data-class": item.j}, legendGroup);
    el("rect", {x: item.x - 4, y: y - 11, width: item.width - 10, height: 22, rx: 4,
                class: active ? "legend-active" : "legend-chip"}, chip);
    marker(data.symbols[item.j], item.x + 8, y, 6, data.colors[item.j], chip);
    const label = el("text", {x: item.x + 20, y: y + 4, class: active ? "legend-label active" : "legend-label"}, chip);
    label.textContent = item.shown;
    el("title", {}, chip).textContent = active ? `drawing class ${item.name}` : `draw class ${item.name}`;
    inst.legendHits.push({j: item.j, u0: item.x - 6, u1: item.x + item.width - 4, v0: y - 12, v1: y + 12});
  }

  drawCursor(inst, g, svg);
  inst.dragBox = el("rect", {class: "drag-shape", visibility: "hidden"}, svg);
  inst.dragLasso = el("path", {class: "drag-shape", "fill-rule": "evenodd", visibility: "hidden"}, svg);
  drawDrag(inst);
}

function drawRings(inst, g, svg, clipId) {
  // selected points: a dark ring over a white halo around the marker (visible on every class colour)
  const data = inst.data, points = data.points || [], sizes = data.sizes || [];
  const selected = (data.selected || []).filter((i) => Number.isInteger(i) && i >= 0 && i < points.length);
  const layer = el("g", {class: "selected", "clip-path": `url(#${clipId})`, "data-count": selected.length}, svg);
  const ring = (i) => {
    const [x, y] = points[i], r = Math.max(3.5, (sizes[i] || 10) / 2) * 1.2 + RING_GAP_PX, u = px(g, x), v = py(g, y);
    return `M${u - r},${v}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
  };
  if (selected.length <= MAX_MARKER_ELEMENTS) {
    for (const i of selected) {
      const d = ring(i);
      el("path", {d, class: "ring-halo"}, layer);
      el("path", {d, class: "ring", "data-index": i}, layer);
    }
  } else {
    const d = selected.map(ring).join("");
    el("path", {d, class: "ring-halo"}, layer);
    el("path", {d, class: "ring"}, layer);
  }
}

function drawPending(inst) {
  // gestures sent or queued but not yet handled by Python: hollow markers, so a click shows at once
  const g = inst.geom, data = inst.data;
  if (!g || !data) return;
  inst.svg.querySelector("g.pending")?.remove();
  const layer = el("g", {class: "pending"}, inst.svg);
  for (const event of [inst.inflight, ...inst.queue]) {
    if (!event) continue;
    if (event.type === "add") {
      marker(data.symbols[event.label] || "circle", px(g, event.x), py(g, event.y), 5, "none", layer,
             {stroke: data.colors[event.label] || "#333333", "stroke-width": 2});
    } else if (event.type === "lasso" || event.type === "select") {   // the loop stays drawn until handled
      const d = event.xs.map((x, i) => `${i ? "L" : "M"}${px(g, x)},${py(g, event.ys[i])}`).join("") + "Z";
      el("path", {d, class: "drag-shape", "fill-rule": "evenodd", "data-mode": event.type === "select" ? "select" : "spray"},
         layer);
    }
  }
}

function drawDrag(inst) {
  // the box or lasso being dragged (spray and select mode)
  const {drag, dragBox, dragLasso} = inst;
  if (!dragBox || !dragLasso) return;
  const dragging = drag && (drag.mode === "spray" || drag.mode === "select");
  const lasso = dragging && drag.shape === "lasso";
  dragBox.setAttribute("visibility", dragging && !lasso ? "visible" : "hidden");
  dragLasso.setAttribute("visibility", lasso ? "visible" : "hidden");
  for (const node of [dragBox, dragLasso]) node.setAttribute("data-mode", dragging ? drag.mode : "");
  if (!dragging) return;
  if (lasso) {
    dragLasso.setAttribute("d", drag.path.map(([u, v], i) => `${i ? "L" : "M"}${u},${v}`).join("") + "Z");
    return;
  }
  dragBox.setAttribute("x", Math.min(drag.u0, drag.u));
  dragBox.setAttribute("y", Math.min(drag.v0, drag.v));
  dragBox.setAttribute("width", Math.abs(drag.u - drag.u0));
  dragBox.setAttribute("height", Math.abs(drag.v - drag.v0));
}

function pathArea(path) {
  // shoelace formula: the area (px²) the closed path encloses, counted with sign per winding
  let twice = 0;
  for (let i = 0; i < path.length; i++) {
    const [u0, v0] = path[i], [u1, v1] = path[(i + 1) % path.length];
    twice += u0 * v1 - u1 * v0;
  }
  return Math.abs(twice) / 2;
}

function thinPath(path, limit) {
  // at most `limit` vertices, evenly spaced along the recorded ones (first and last kept)
  if (path.length <= limit) return path;
  const kept = [];
  for (let k = 0; k < limit; k++) kept.push(path[Math.round((k * (path.length - 1)) / (limit - 1))]);
  return kept;
}

// ------------------------------------------------------------------ events
function svgPosition(inst, event) {
  // pointer position in SVG pixels, exact even if CSS scales the SVG
  const rect = inst.svg.getBoundingClientRect(), g = inst.geom;
  return [((event.clientX - rect.left) * g.width) / rect.width, ((event.clientY - rect.top) * g.height) / rect.height];
}

function emit(inst, payload) {
  if (inst.queue.length >= MAX_QUEUE) return;
  eventCounter += 1;
  const id = `${SESSION}-${eventCounter}`;
  inst.queue.push({...payload, id});
  pump(inst);
  drawPending(inst);
  return id;
}

function pump(inst) {
  if (inst.inflight || !inst.queue.length || !inst.send) return;
  inst.inflight = inst.queue.shift();
  inst.send("event", inst.inflight);
  clearTimeout(inst.timer);
  inst.timer = setTimeout(() => release(inst), ACK_TIMEOUT_MS);
}

function release(inst) {
  clearTimeout(inst.timer);
  inst.inflight = null;
  pump(inst);
  drawPending(inst);
}

function onPointerDown(inst, event) {
  if (!inst.geom || !inst.data || event.button !== 0 || !event.isPrimary) return;
  const [u, v] = svgPosition(inst, event);
  const chip = (inst.legendHits || []).find((hit) => u >= hit.u0 && u <= hit.u1 && v >= hit.v0 && v <= hit.v1);
  if (chip) {
    event.preventDefault();
    chooseClass(inst, chip.j);
    return;
  }
  if (!insidePlot(inst.geom, u, v)) return;
  event.preventDefault();
  inst.drag = {u0: u, v0: v, u, v, mode: inst.data.mode, shape: inst.data.shape || "box", label: activeClass(inst),
               pointer: event.pointerId, path: [[u, v]], moved: 0, shift: event.shiftKey};
  try { inst.svg.setPointerCapture(event.pointerId); } catch (error) { /* capture is optional */ }
}

function onPointerMove(inst, event) {
  const drag = inst.drag;
  if (!drag || event.pointerId !== drag.pointer) return;
  const [u, v] = svgPosition(inst, event);
  drag.u = clampU(inst.geom, u);
  drag.v = clampV(inst.geom, v);
  drag.moved = Math.max(drag.moved, Math.hypot(u - drag.u0, v - drag.v0));
  const [lastU, lastV] = drag.path[drag.path.length - 1];
  if (Math.hypot(drag.u - lastU, drag.v - lastV) >= LASSO_STEP_PX) drag.path.push([drag.u, drag.v]);
  drawDrag(inst);
}

function onPointerUp(inst, event) {
  const drag = inst.drag, g = inst.geom;
  if (!drag || event.pointerId !== drag.pointer) return;
  inst.drag = null;
  drawDrag(inst);
  const [u, v] = svgPosition(inst, event);
  const u1 = clampU(g, u), v1 = clampV(g, v);
  const extend = Boolean(drag.shift || event.shiftKey);
  const isClick = Math.hypot(u - drag.u0, v - drag.v0) <= CLICK_SLOP_PX && drag.moved <= CLICK_SLOP_PX;
  if (drag.mode === "select" && isClick) {
    emit(inst, {type: "pick", x: dataX(g, drag.u0), y: dataY(g, drag.v0), radius: ERASE_RADIUS_PX / g.scale, extend});
    return;
  }
  if ((drag.mode === "spray" || drag.mode === "select") && drag.shape === "lasso") {
    const last = drag.path[drag.path.length - 1];
    if (Math.hypot(u1 - last[0], v1 - last[1]) > 0) drag.path.push([u1, v1]);
    if (drag.path.length < 3 || pathArea(drag.path) < MIN_LASSO_AREA_PX) return;   // a line, not a loop
    const path = thinPath(drag.path, MAX_PATH_VERTICES);
    const xs = path.map(([pu]) => dataX(g, pu)), ys = path.map(([, pv]) => dataY(g, pv));
    if (drag.mode === "spray") emit(inst, {type: "lasso", xs, ys, label: drag.label});
    else emit(inst, {type: "select", xs, ys, extend});
    return;
  }
  if (drag.mode === "spray" || drag.mode === "select") {
    if (Math.abs(u1 - drag.u0) < MIN_BOX_PX || Math.abs(v1 - drag.v0) < MIN_BOX_PX) return;
    const xs = [dataX(g, drag.u0), dataX(g, u1)], ys = [dataY(g, drag.v0), dataY(g, v1)];
    const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
    if (drag.mode === "spray") emit(inst, {type: "box", x0, x1, y0, y1, label: drag.label});
    else emit(inst, {type: "select", xs: [x0, x1, x1, x0], ys: [y0, y0, y1, y1], extend});
    return;
  }
  if (!isClick) return;   // a drag, not a click
  const x = dataX(g, drag.u0), y = dataY(g, drag.v0);
  if (drag.mode === "erase") emit(inst, {type: "erase", x, y, radius: ERASE_RADIUS_PX / g.scale});
  else emit(inst, {type: "add", x, y, label: drag.label});
}

// ------------------------------------------------------------------ keyboard cursor
// The canvas takes the focus (Tab). Arrows move a crosshair by a quarter of the grid's step (Shift: a whole step),
// its coordinates announced in a polite live region; Enter adds a point of the keyboard's class at the crosshair
// (1–9 choose that class, the active one until then), Space picks the nearest point (the selection's weight field
// then sets its weight), Delete or Backspace erases the nearest point. Every one is an ordinary gesture event.
// Shapes by keys (the keyboard's box and lasso drags): B marks a box's first corner at the crosshair, the arrows
// move the opposite corner, B or Enter closes it; L adds a lasso corner at the crosshair (the loop is drawn through
// the crosshair), Enter closes it (at least three corners). Escape cancels a shape. A closed shape is the event the
// same drag sends: with the spray tool it sprays a cloud, with every other tool it selects the points inside (Shift
// on the closing key adds them to the selection); the number selected is announced when Python has handled it.
function keyStep(inst) {
  const g = inst.geom;
  return niceStep(g.vx1 - g.vx0, g.plotW / TICK_SPACING_PX) / 4;
}

function cursorAt(inst) {
  const g = inst.geom;
  if (!inst.cursor) {
    const step = keyStep(inst);
    inst.cursor = {x: Math.round((g.vx0 + g.vx1) / 2 / step) * step, y: Math.round((g.vy0 + g.vy1) / 2 / step) * step};
  }
  inst.cursor.x = Math.min(g.vx1, Math.max(g.vx0, inst.cursor.x));
  inst.cursor.y = Math.min(g.vy1, Math.max(g.vy0, inst.cursor.y));
  return inst.cursor;
}

function drawCursor(inst, g, svg) {
  if (!inst.focused) return;
  const {x, y} = cursorAt(inst), u = px(g, x), v = py(g, y);
  const group = el("g", {class: "key-cursor", "data-x": x, "data-y": y}, svg);
  drawKeyShape(inst, g, svg, x, y);
  el("line", {x1: g.left, x2: g.left + g.plotW, y1: v, y2: v}, group);
  el("line", {x1: u, x2: u, y1: g.top, y2: g.top + g.plotH}, group);
  el("circle", {cx: u, cy: v, r: 6}, group);
}

function drawKeyShape(inst, g, svg, x, y) {
  // the shape being built by keys: its corners so far and the crosshair as the next (box: the opposite) corner
  const shape = inst.keyShape;
  if (!shape) return;
  const corners = shapeCorners(shape, x, y);
  const d = corners.map(([cx, cy], i) => `${i ? "L" : "M"}${px(g, cx)},${py(g, cy)}`).join("") + "Z";
  el("path", {d, class: "drag-shape key-shape", "fill-rule": "evenodd", "data-kind": shape.kind,
              "data-mode": inst.data.mode === "spray" ? "spray" : "select",
              "data-xs": JSON.stringify(corners.map(([cx]) => cx)), "data-ys": JSON.stringify(corners.map(([, cy]) => cy))},
     svg);
  for (const [cx, cy] of shape.corners) el("circle", {cx: px(g, cx), cy: py(g, cy), r: 3.5, class: "key-corner"}, svg);
}

function shapeCorners(shape, x, y) {
  // a box from its first corner to (x, y), counter-clockwise from the lower left; a lasso's corners then (x, y)
  if (shape.kind === "box") {
    const [x0, y0] = shape.corners[0], lo = [Math.min(x0, x), Math.min(y0, y)], hi = [Math.max(x0, x), Math.max(y0, y)];
    return [[lo[0], lo[1]], [hi[0], lo[1]], [hi[0], hi[1]], [lo[0], hi[1]]];
  }
  const [lx, ly] = shape.corners[shape.corners.length - 1];
  return lx === x && ly === y ? shape.corners.slice() : [...shape.corners, [x, y]];
}

// the class new points get: the one chosen here until the page has taken it (its class control then says it too),
// else the page's
function activeClass(inst) {
  const n = (inst.data.names || []).length;
  return inst.chosen && inst.chosen.label < n ? inst.chosen.label : inst.data.active;
}

// choose the class to draw (a tap on its legend chip, or its number key): drawn at once, sent to the page
function chooseClass(inst, label) {
  if (label !== activeClass(inst)) {
    inst.chosen = {label, id: null};
    inst.chosen.id = emit(inst, {type: "class", label});
    render(inst);
  }
  announce(inst, `class ${inst.data.names[label]}`);
}

function announce(inst, text) {
  inst.live.textContent = text;
}

function describe(inst) {
  const {x, y} = cursorAt(inst), step = keyStep(inst);
  const digits = Math.max(0, -Math.floor(Math.log10(step)));
  return `x₁ ${x.toFixed(digits)}, x₂ ${y.toFixed(digits)}; class ${inst.data.names[activeClass(inst)]}`;
}

function shapeArea(corners) {
  // shoelace formula on data corners (see pathArea)
  let twice = 0;
  corners.forEach(([x0, y0], i) => { const [x1, y1] = corners[(i + 1) % corners.length]; twice += x0 * y1 - x1 * y0; });
  return Math.abs(twice) / 2;
}

function closeKeyShape(inst, extend) {
  // send the finished shape as the event its drag would send; an empty shape stays open and says why
  const shape = inst.keyShape, {x, y} = cursorAt(inst), corners = shapeCorners(shape, x, y);
  const spray = inst.data.mode === "spray", what = shape.kind === "box" ? "box" : "lasso";
  if (shape.kind === "lasso" && corners.length < 3) {
    announce(inst, `the lasso has ${corners.length} corner${corners.length === 1 ? "" : "s"}: add at least three with L`);
    return;
  }
  if (!(shapeArea(corners) > 0)) {
    announce(inst, `the ${what} encloses no area: move the cursor away from its corners first`);
    return;
  }
  inst.keyShape = null;
  const xs = corners.map(([cx]) => cx), ys = corners.map(([, cy]) => cy);
  if (spray && shape.kind === "box") {
    emit(inst, {type: "box", x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys),
                label: activeClass(inst)});
  } else if (spray) {
    emit(inst, {type: "lasso", xs, ys, label: activeClass(inst)});
  } else {
    emit(inst, {type: "select", xs, ys, extend});
    inst.awaiting = inst.queue.length ? inst.queue[inst.queue.length - 1].id : inst.inflight?.id;
  }
  render(inst);
  announce(inst, spray ? `sprayed points of class ${inst.data.names[activeClass(inst)]} inside the ${what}`
                       : `selecting the points inside the ${what}${extend ? ", added to the selection" : ""}`);
}

function onKeyShape(inst, kind, extend) {
  // B or L: start a shape, add a lasso corner, or close a box
  const {x, y} = cursorAt(inst), shape = inst.keyShape;
  const where = describe(inst).split(";")[0], does = inst.data.mode === "spray" ? "spray inside it" : "select inside it";
  if (shape && shape.kind !== kind) {
    announce(inst, `a ${shape.kind} is open: ${shape.kind === "box" ? "B" : "Enter"} closes it, Escape cancels it`);
  } else if (kind === "box" && shape) {
    closeKeyShape(inst, extend);
  } else if (kind === "box") {
    inst.keyShape = {kind, corners: [[x, y]]};
    render(inst);
    announce(inst, `box corner at ${where}; move with the arrows, B or Enter closes the box to ${does}, Escape cancels`);
  } else if (shape && shape.corners.length >= MAX_PATH_VERTICES) {
    announce(inst, `the lasso has its most corners, ${MAX_PATH_VERTICES}: Enter closes it`);
  } else {
    if (!shape) inst.keyShape = {kind, corners: []};
    const corners = inst.keyShape.corners, last = corners[corners.length - 1];
    if (!last || last[0] !== x || last[1] !== y) corners.push([x, y]);
    render(inst);
    announce(inst, `lasso corner ${corners.length} at ${where}; L adds the next, Enter closes the loop to ${does}, `
                   + "Escape cancels");
  }
}

function onKeyDown(inst, event) {
  if (!inst.geom || !inst.data || event.altKey || event.ctrlKey || event.metaKey) return;
  const g = inst.geom, step = keyStep(inst) * (event.shiftKey ? 4 : 1), cursor = cursorAt(inst);
  const moves = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1]};
  const radius = Math.hypot(g.vx1 - g.vx0, g.vy1 - g.vy0);      // the nearest point anywhere on the plot
  const letter = event.key.length === 1 ? event.key.toLowerCase() : "";
  if (moves[event.key]) {
    cursor.x += moves[event.key][0] * step;
    cursor.y += moves[event.key][1] * step;
    render(inst);
    announce(inst, describe(inst) + (inst.keyShape ? `; ${inst.keyShape.kind} open` : ""));
  } else if (letter === "b" || letter === "l") {
    onKeyShape(inst, letter === "b" ? "box" : "lasso", event.shiftKey);
  } else if (event.key === "Escape" && inst.keyShape) {
    announce(inst, `${inst.keyShape.kind} cancelled`);
    inst.keyShape = null;
    render(inst);
  } else if (event.key === "Enter" && inst.keyShape) {
    closeKeyShape(inst, event.shiftKey);
  } else if (/^[1-9]$/.test(event.key) && Number(event.key) <= inst.data.names.length) {
    chooseClass(inst, Number(event.key) - 1);
  } else if (event.key === "Enter") {
    const label = activeClass(inst);
    emit(inst, {type: "add", x: cursor.x, y: cursor.y, label});
    announce(inst, `added a point of class ${inst.data.names[label]} at ${describe(inst).split(";")[0]}`);
  } else if (event.key === "Delete" || event.key === "Backspace") {
    emit(inst, {type: "erase", x: cursor.x, y: cursor.y, radius});
    announce(inst, "erased the point nearest the cursor");
  } else if (event.key === " ") {
    emit(inst, {type: "pick", x: cursor.x, y: cursor.y, radius, extend: event.shiftKey});
    announce(inst, "selected the point nearest the cursor: set its weight in the selection's weight field");
  } else {
    return;
  }
  event.preventDefault();
}

function createInstance(root) {
  const inst = {root, uid: Math.random().toString(36).slice(2, 8), data: null, send: null, geom: null, width: 0,
                queue: [], inflight: null, timer: null, drag: null, dragBox: null, dragLasso: null};
  inst.svg = el("svg", {class: "mbl-svg", role: "img", "aria-label": "drawing canvas"}, root);
  inst.svg.addEventListener("pointerdown", (event) => onPointerDown(inst, event));
  inst.svg.addEventListener("pointermove", (event) => onPointerMove(inst, event));
  inst.svg.addEventListener("pointerup", (event) => onPointerUp(inst, event));
  inst.svg.addEventListener("pointercancel", () => { inst.drag = null; drawDrag(inst); });
  root.setAttribute("tabindex", "0");
  root.setAttribute("role", "application");
  root.setAttribute("aria-label", "drawing canvas: arrow keys move a cursor (Shift: farther), Enter adds a point, "
                    + "1 to 9 choose its class, Space selects the nearest point, Delete erases it; "
                    + "B marks a box corner and B closes the box, L adds a lasso corner and Enter closes the loop, "
                    + "Escape cancels");
  inst.live = document.createElement("div");
  Object.entries({class: "key-live", "aria-live": "polite", role: "status"}).forEach(([k, v]) => inst.live.setAttribute(k, v));
  root.appendChild(inst.live);
  root.addEventListener("keydown", (event) => onKeyDown(inst, event));
  root.addEventListener("focus", () => { inst.focused = true; render(inst); announce(inst, describe(inst)); });
  root.addEventListener("blur", () => { inst.focused = false; render(inst); });
  inst.observer = new ResizeObserver(() => {
    if (Math.abs(Math.floor(root.clientWidth) - inst.width) >= 1) render(inst);
  });
  inst.observer.observe(root);
  return inst;
}

function destroy(inst) {
  clearTimeout(inst.timer);
  inst.observer.disconnect();
  inst.svg.remove();
  instances.delete(inst.root);
}

export default function (component) {
  const {data, setTriggerValue, parentElement} = component;
  let root = parentElement.querySelector(".mbl-canvas");
  if (!root) {
    root = document.createElement("div");
    root.className = "mbl-canvas";
    parentElement.appendChild(root);
  }
  let inst = instances.get(root);
  if (!inst) {
    inst = createInstance(root);
    instances.set(root, inst);
  }
  // a rerender (new data) keeps the gesture in progress and the queue; it never resends an event
  inst.data = data;
  inst.send = setTriggerValue;
  const handled = new Set(data.handled || []);
  // a class chosen here, once the page has handled it, is the page's own: its control and the legend agree from now on
  if (inst.chosen && (handled.has(inst.chosen.id) || data.active === inst.chosen.label)) inst.chosen = null;
  if (inst.inflight && handled.has(inst.inflight.id)) {
    clearTimeout(inst.timer);
    inst.inflight = null;
  }
  if (inst.awaiting && handled.has(inst.awaiting)) {       // a selection by keys: say how many it holds
    const count = (data.selected || []).length;
    inst.awaiting = null;
    announce(inst, `${count} point${count === 1 ? "" : "s"} selected`);
  }
  render(inst);
  setTimeout(() => pump(inst), 0);
  // called by Streamlit when the element unmounts (a stale call's cleanup must not tear down a live canvas)
  return () => { if (!root.isConnected) destroy(inst); };
}
