// Mistake Bound Lab — the timeline player.
//
// A run is computed once on the server (lab/timeline.py) and handed over as one payload: which
// point every trial shows, mistakes and updates, the model after every update, every trial's math,
// the bound curves over all trials.  Everything that moves through the run happens here, with no
// server round trip: Step (→), Back (←), Play/Pause (Space) at a chosen speed, Reset (Home), End,
// the next / previous mistake (N / Shift+N), a scrub slider over trials 0..T, and presentation mode
// (P, Esc to leave).  The keys work whatever has focus in the player (a focused slider keeps only its
// own arrows, Home and End).  At every trial t the
// boundary, the ringed point, the previous boundary, w's arrow, the metrics, the trial's math and
// the cursor on the bound curves all show trial t.
//
// Used twice: as a Streamlit custom component (the default export below) and, unchanged, inside
// the offline HTML export of a run (window.MistakeBoundTimeline.mount).
//
// The boundary is two stacked plots with the same layout: below, everything a trial moves
// (regions, ghost, arrow, ring, support lines, comparator, a kernel model's shading); above, on a
// transparent background, the point clouds, which take hover and zoom (the layer below follows)
// and are never redrawn by a trial — restyling 1,000 markers would cost most of a frame.

const PLACEHOLDER = "\u0001";
const FONT_FAMILY = '"Source Sans", "Source Sans Pro", system-ui, sans-serif';
const CLEAR = "rgba(0,0,0,0)";
const SPEEDS = [1, 2, 5, 10, 25, 50, 100, 250];          // trials per second
const DEFAULT_SPEED = 25;
const PRESENTATION_WIDTH = 1920;                          // px: saved figures are at least this wide
const CHECKPOINT = 32;                                    // kernel models: exact grids every 32 updates
const players = new Set();
let activePlayer = null;
// Extension point: scripts assembled after this one (components/quiz.js, components/comparator_drag.js;
// see components/timeline.py) add to every player without editing this file.  use(plugin) calls
// plugin(player) for every player made.  A plugin listens with player.on(name, fn): "load" (payload)
// once a run is drawn, before its first trial; "trial" (t) after every trial shown; "redraw" after the
// axes moved or resized.  player.intercept(fn) sees every action first ("step", "back", "play", "end",
// "reset", "present", and the plugin's own): fn(action) returning true holds it back.  A plugin's keys
// go in player.extraKeys (key → action name).
const PLUGINS = [];
function use(plugin) { PLUGINS.push(plugin); }
let plotlyLoading = null;

function loadPlotly(src) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!plotlyLoading) {
    plotlyLoading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(src, document.baseURI).href;
      script.async = true;
      script.onload = () => (window.Plotly ? resolve(window.Plotly) : reject(new Error("plotly.js did not load")));
      script.onerror = () => { plotlyLoading = null; reject(new Error(`could not load ${src}`)); };
      document.head.appendChild(script);
    });
  }
  return plotlyLoading;
}

function node(tag, attributes = {}, children = []) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") element.textContent = value;
    else if (name === "className") element.className = value;
    else element.setAttribute(name, value);
  }
  for (const child of children) element.append(child);
  return element;
}

function formatNumber(value) {
  if (!Number.isFinite(value)) return "—";
  if (Number.isInteger(value)) return value.toLocaleString("en");
  return Number(value.toPrecision(3)).toString();
}

// ------------------------------------------------------------------ kernel models
function kernelFunction(kernel) {
  const {kind, gamma, degree, coef0} = kernel;
  if (kind === "linear") return (a, b) => dot(a, b);
  if (kind === "poly") return (a, b) => Math.pow(gamma * dot(a, b) + coef0, degree);
  if (kind === "rbf") return (a, b) => Math.exp(-gamma * squaredDistance(a, b));
  if (kind === "laplace") return (a, b) => Math.exp(-Math.sqrt(squaredDistance(a, b)) / gamma);
  throw new Error(`unknown kernel ${kind}`);
}
function figureMeta(layout) { return (layout && layout.meta) || {}; }

// where a line of math may break (timeline.js fitMath), never before its first element: a wide space, a
// long text, an equals sign (the continuation then begins with "="), or a product of two vectors
function breaksBefore(element) {
  const tag = element.tagName.toLowerCase();
  if (tag === "mspace") return element.getAttribute("width") === "1em";
  if (tag === "mo") {
    const sign = element.textContent.trim(), before = element.previousElementSibling;
    return sign === "=" || (sign === "·" && Boolean(before) && before.tagName.toLowerCase() === "mrow");
  }
  return tag === "mtext" && element.textContent.length >= 24;
}

function dot(a, b) { let s = 0; for (let i = 0; i < a.length; i++) s += a[i] * b[i]; return s; }
function squaredDistance(a, b) { let s = 0; for (let i = 0; i < a.length; i++) { const d = a[i] - b[i]; s += d * d; } return s; }

// The scores Σ_u Δ_u·K(x_u, g) of a kernel model on the grid after s updates, exactly as a sum in
// update order from the nearest checkpoint (so Back and Step give the same numbers as a fresh draw).
class DualGrid {
  constructor(dual) {
    this.dual = dual;
    this.K = kernelFunction(dual.kernel);
    const d = dual.grid.features[0].length;
    this.features = dual.grid.features.map((row) => Float64Array.from(row));
    this.n = this.features.length;
    this.r = dual.deltas.length ? dual.deltas[0].length : (dual.binary ? 1 : (dual.theta || [0, 0]).length);
    this.supports = dual.supports.map((row) => Float64Array.from(row));
    this.checkpoints = new Map([[0, new Float64Array(this.n * this.r)]]);
    this.d = d;
  }
  scores(s) {
    const base = Math.floor(s / CHECKPOINT) * CHECKPOINT;
    let start = 0;
    for (let c = base; c >= 0; c -= CHECKPOINT) if (this.checkpoints.has(c)) { start = c; break; }
    let grid = Float64Array.from(this.checkpoints.get(start));
    for (let u = start; u < s; u++) {
      this.add(grid, u);
      if ((u + 1) % CHECKPOINT === 0 && !this.checkpoints.has(u + 1)) this.checkpoints.set(u + 1, Float64Array.from(grid));
    }
    return grid;
  }
  add(grid, u) {
    const support = this.supports[u], delta = this.dual.deltas[u], r = this.r;
    for (let g = 0; g < this.n; g++) {
      const k = this.K(this.features[g], support);
      for (let j = 0; j < r; j++) grid[g * r + j] += delta[j] * k;
    }
  }
  // rows of the grid (row i is y = grid.y[i]) as Plotly wants z
  binaryZ(grid) {
    const size = this.dual.grid.x.length;
    let top = 0;
    for (let g = 0; g < this.n; g++) top = Math.max(top, Math.abs(grid[g]));
    const z = [];
    for (let i = 0; i < size; i++) {
      const row = new Array(size);
      for (let j = 0; j < size; j++) row[j] = top > 0 ? grid[i * size + j] / top : 0;
      z.push(row);
    }
    return z;
  }
  // colours of the shading (from the base figure's trace) and the styles of its lines
  prepare(traces, roles) {
    const shading = traces[roles.shading];
    this.scale = shading.colorscale;
    this.classColors = [];
    for (let i = 0; i < this.scale.length; i += 2) this.classColors.push(parseColor(this.scale[i][1]));
  }
  // the field shown: scores scaled into [−1, 1] (two classes) or the winning class (more)
  field(s) {
    const grid = this.scores(s);
    return this.dual.binary ? this.binaryZ(grid) : this.winnerZ(grid);
  }
  borders(field) {
    const {x, y} = this.dual.grid;
    if (this.dual.binary) return contourSegments(field, x, y, 0);
    const out = [];
    for (let c = 0; c < this.r; c++) {
      const indicator = field.map((row) => row.map((v) => (v === c ? 1 : 0)));
      out.push(...contourSegments(indicator, x, y, 0.5));
    }
    return out;
  }
  paint(overlay, s) {
    const field = this.field(s), n = field.length, {x, y} = this.dual.grid;
    const canvas = overlay.canvas;
    canvas.width = n;
    canvas.height = n;
    const context = canvas.getContext("2d");
    const image = context.createImageData(n, n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const v = field[i][j];
        const colour = this.dual.binary ? colorAt(this.scale, (v + 1) / 2) : this.classColors[v];
        const at = ((n - 1 - i) * n + j) * 4;          // image rows run down, grid rows up
        image.data[at] = colour[0]; image.data[at + 1] = colour[1]; image.data[at + 2] = colour[2];
        image.data[at + 3] = 255;
      }
    }
    context.putImageData(image, 0, 0);
    // each grid value is a pixel's centre: the image reaches half a cell beyond the first and last
    const hx = (x[n - 1] - x[0]) / (n - 1) / 2, hy = (y[n - 1] - y[0]) / (n - 1) / 2;
    const left = overlay.px(x[0] - hx) - overlay.plot.left, right = overlay.px(x[n - 1] + hx) - overlay.plot.left;
    const top = overlay.py(y[n - 1] + hy) - overlay.plot.top, bottom = overlay.py(y[0] - hy) - overlay.plot.top;
    Object.assign(canvas.style, {left: `${left}px`, top: `${top}px`, width: `${right - left}px`, height: `${bottom - top}px`});
    overlay.items.borders.setAttribute("d", overlay.segmentsPath(this.borders(field)));
    overlay.items.ghost.setAttribute("d", s > 0 ? overlay.segmentsPath(this.borders(this.field(s - 1))) : "");
  }
  winnerZ(grid) {
    const size = this.dual.grid.x.length, r = this.r, theta = this.dual.theta || new Array(r).fill(1);
    const z = [];
    for (let i = 0; i < size; i++) {
      const row = new Array(size);
      for (let j = 0; j < size; j++) {
        const g = i * size + j;
        let best = 0, bestValue = grid[g * r] / theta[0];
        for (let c = 1; c < r; c++) {
          const value = grid[g * r + c] / theta[c];
          if (value > bestValue) { best = c; bestValue = value; }     // ties to the lowest index
        }
        row[j] = best;
      }
      z.push(row);
    }
    return z;
  }
}


// ------------------------------------------------------------------ drawing without Plotly
// What moves with the trial is drawn by the player itself, on an SVG (and, for kernel models, a
// canvas) between the axes (Plotly, drawn once) and the point clouds (Plotly, drawn once): a
// Plotly.restyle or relayout costs ~30 ms on a Streamlit page (it lays the whole page out again),
// setting a few SVG attributes well under one.  Positions come from the axes' own mapping
// (_offset + l2p), so a zoom on the points is followed exactly.
const SVG = "http://www.w3.org/2000/svg";
const DASHES = {solid: "", dot: "2,3", dash: "7,5", longdash: "12,5", dashdot: "7,3,2,3", longdashdot: "12,3,2,3"};

function svgNode(tag, attributes = {}) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

function dashArray(line) {
  const width = (line && line.width) || 2;
  const pattern = DASHES[(line && line.dash) || "solid"];
  if (pattern === undefined || pattern === "") return "";
  return pattern.split(",").map((v) => Number(v) * Math.max(width, 1) / 1.5).join(",");
}

function parseColor(text) {
  if (!text) return [0, 0, 0, 1];
  if (text[0] === "#") {
    const v = text.length === 4 ? text.slice(1).split("").map((c) => c + c).join("") : text.slice(1, 7);
    return [parseInt(v.slice(0, 2), 16), parseInt(v.slice(2, 4), 16), parseInt(v.slice(4, 6), 16), 1];
  }
  const numbers = text.match(/[\d.]+/g) || [0, 0, 0];
  return [Number(numbers[0]), Number(numbers[1]), Number(numbers[2]), numbers.length > 3 ? Number(numbers[3]) : 1];
}

// the colour of a Plotly colorscale [[position, colour], …] at v ∈ [0, 1]
function colorAt(scale, v) {
  let i = 1;
  while (i < scale.length - 1 && scale[i][0] < v) i++;
  const [p0, c0] = scale[i - 1], [p1, c1] = scale[i];
  const a = parseColor(c0), b = parseColor(c1);
  const f = p1 > p0 ? Math.min(Math.max((v - p0) / (p1 - p0), 0), 1) : 1;
  return [0, 1, 2].map((k) => Math.round(a[k] + (b[k] - a[k]) * f));
}

// Marching squares: the segments where a grid of values crosses ``level`` (linear interpolation
// along the cells' edges).  values[i][j] is at (xs[j], ys[i]).  Returns [x, y, x, y] per segment.
function contourSegments(values, xs, ys, level) {
  const out = [];
  const lerp = (a, b, va, vb) => a + (b - a) * ((level - va) / (vb - va));
  for (let i = 0; i + 1 < ys.length; i++) {
    for (let j = 0; j + 1 < xs.length; j++) {
      const v00 = values[i][j], v01 = values[i][j + 1], v10 = values[i + 1][j], v11 = values[i + 1][j + 1];
      const code = (v00 > level ? 1 : 0) | (v01 > level ? 2 : 0) | (v11 > level ? 4 : 0) | (v10 > level ? 8 : 0);
      if (code === 0 || code === 15) continue;
      const bottom = () => [lerp(xs[j], xs[j + 1], v00, v01), ys[i]];
      const right = () => [xs[j + 1], lerp(ys[i], ys[i + 1], v01, v11)];
      const top = () => [lerp(xs[j], xs[j + 1], v10, v11), ys[i + 1]];
      const left = () => [xs[j], lerp(ys[i], ys[i + 1], v00, v10)];
      const pairs = {1: [[left, bottom]], 2: [[bottom, right]], 3: [[left, right]], 4: [[right, top]],
                     5: [[left, top], [bottom, right]], 6: [[bottom, top]], 7: [[left, top]], 8: [[left, top]],
                     9: [[bottom, top]], 10: [[left, bottom], [right, top]], 11: [[right, top]], 12: [[left, right]],
                     13: [[bottom, right]], 14: [[left, bottom]]}[code];
      for (const [a, b] of pairs) out.push([...a(), ...b()]);
    }
  }
  return out;
}

// The boundary's moving parts, drawn over the plot area of the layer below.
class Overlay {
  constructor(container, below) {
    this.below = below;
    this.clip = node("div", {className: "mbl-tl-clip"});
    this.canvas = node("canvas", {className: "mbl-tl-canvas"});
    this.clip.append(this.canvas);
    this.svg = svgNode("svg", {class: "mbl-tl-overlay"});
    this.clipPath = svgNode("clipPath", {id: `mbl-clip-${Math.random().toString(36).slice(2)}`});
    this.clipRect = svgNode("rect");
    this.clipPath.append(this.clipRect);
    this.svg.append(svgNode("defs"));
    this.svg.firstChild.append(this.clipPath);
    this.group = svgNode("g", {"clip-path": `url(#${this.clipPath.id})`});
    this.svg.append(this.group);
    container.insertBefore(this.clip, container.children[1] || null);
    container.insertBefore(this.svg, this.clip.nextSibling);
    this.items = {};
  }
  // (re)create the elements of every role, styled like the base figure's traces
  setup(traces, roles) {
    this.group.replaceChildren();
    this.items = {regions: [], support: []};
    const add = (element) => { this.group.append(element); return element; };
    for (const index of roles.region || []) {
      this.items.regions.push(add(svgNode("path", {fill: traces[index].fillcolor || "none", stroke: "none"})));
    }
    const stroked = (index, extra = {}) => {
      const line = traces[index].line || {};
      return add(svgNode("path", {fill: "none", stroke: line.color || "#333", "stroke-width": line.width || 2,
                                  "stroke-dasharray": dashArray(line), ...extra}));
    };
    if (roles.borders !== undefined) this.items.borders = stroked(roles.borders);
    this.items.ghost = stroked(roles.ghost_grid !== undefined ? roles.ghost_grid : roles.ghost);
    if (roles.comparator !== undefined) this.items.comparator = stroked(roles.comparator);
    for (const index of roles.support || []) this.items.support.push(stroked(index));
    if (roles.arrow !== undefined) {
      const colour = (traces[roles.arrow].line || {}).color || "#222";
      this.items.arrow = add(svgNode("path", {fill: "none", stroke: colour, "stroke-width": 2.5}));
      this.items.arrowHead = add(svgNode("path", {fill: colour, stroke: "none"}));
      this.items.arrowLabel = add(svgNode("text", {fill: colour, "font-weight": "700", "font-size": "15",
                                                   "text-anchor": "middle", "dominant-baseline": "middle"}));
      this.items.arrowLabel.textContent = "w";
    }
    const ring = traces[roles.current].marker || {};
    this.items.current = add(svgNode("circle", {fill: "none", stroke: (ring.line && ring.line.color) || "#000",
                                                "stroke-width": (ring.line && ring.line.width) || 3}));
    this.ringRadius = (ring.size || 26) / 2;
  }
  // the mapping of the axes of the layer below, now
  project() {
    const full = this.below._fullLayout;
    const xa = full.xaxis, ya = full.yaxis;
    this.px = (x) => xa._offset + xa.l2p(x);
    this.py = (y) => ya._offset + ya.l2p(y);
    const left = xa._offset, top = ya._offset, width = xa._length, height = ya._length;
    for (const [k, v] of Object.entries({x: left, y: top, width, height})) this.clipRect.setAttribute(k, v);
    Object.assign(this.clip.style, {left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px`});
    this.plot = {left, top, width, height};
  }
  path(xs, ys, close = false) {
    let d = "", open = false;
    for (let i = 0; i < xs.length; i++) {
      if (xs[i] === null || ys[i] === null || xs[i] === undefined) { open = false; continue; }
      d += `${open ? "L" : "M"}${this.px(xs[i]).toFixed(1)},${this.py(ys[i]).toFixed(1)}`;
      open = true;
    }
    return close && d ? d + "Z" : d;
  }
  segmentsPath(segments) {
    let d = "";
    for (const [x0, y0, x1, y1] of segments) {
      d += `M${this.px(x0).toFixed(1)},${this.py(y0).toFixed(1)}L${this.px(x1).toFixed(1)},${this.py(y1).toFixed(1)}`;
    }
    return d;
  }
  arrow(xs, ys) {
    const {arrow, arrowHead, arrowLabel} = this.items;
    if (!arrow) return;
    if (!xs || xs[0] === null) {
      arrow.setAttribute("d", ""); arrowHead.setAttribute("d", ""); arrowLabel.setAttribute("visibility", "hidden");
      return;
    }
    const [ax, ay, tx, ty] = [this.px(xs[0]), this.py(ys[0]), this.px(xs[1]), this.py(ys[1])];
    const angle = Math.atan2(ty - ay, tx - ax), size = 11;
    const back = (a) => [tx - size * Math.cos(angle + a), ty - size * Math.sin(angle + a)];
    const [l, r] = [back(0.42), back(-0.42)];
    arrow.setAttribute("d", `M${ax},${ay}L${tx - 0.6 * size * Math.cos(angle)},${ty - 0.6 * size * Math.sin(angle)}`);
    arrowHead.setAttribute("d", `M${tx},${ty}L${l[0]},${l[1]}L${r[0]},${r[1]}Z`);
    arrowLabel.setAttribute("visibility", "visible");
    arrowLabel.setAttribute("x", this.px(xs[3]));
    arrowLabel.setAttribute("y", this.py(ys[3]));
  }
  ring(x, y) {
    const circle = this.items.current;
    if (x === null) { circle.setAttribute("visibility", "hidden"); return; }
    circle.setAttribute("visibility", "visible");
    circle.setAttribute("cx", this.px(x));
    circle.setAttribute("cy", this.py(y));
    circle.setAttribute("r", this.ringRadius);
  }
}

// The cursor of a curve chart: a line at the trial and a veil over the trials not reached yet.
class Cursor {
  constructor(box, div) {
    this.div = div;
    this.veil = node("div", {className: "mbl-tl-veil"});
    this.line = node("div", {className: "mbl-tl-cursor"});
    box.append(this.veil, this.line);
  }
  move(t) {
    const full = this.div._fullLayout;
    if (!full) return;
    const xa = full.xaxis, size = full._size;
    const range = xa.range;
    const clamp = (v) => Math.min(Math.max(v, range[0]), range[1]);
    const x = xa._offset + xa.l2p(clamp(t)), right = xa._offset + xa._length;
    const left = xa._offset + xa.l2p(clamp(t + 0.5));
    Object.assign(this.line.style, {left: `${x - 1}px`, top: `${size.t}px`, height: `${size.h}px`});
    Object.assign(this.veil.style, {left: `${left}px`, top: `${size.t}px`, height: `${size.h}px`,
                                    width: `${Math.max(right - left, 0)}px`});
    this.div.dataset.cursor = String(t);
  }
}

// ------------------------------------------------------------------ the player
class Player {
  constructor(root, options) {
    this.root = root;
    this.options = options;
    this.t = 0;
    this.playing = false;
    this.speed = DEFAULT_SPEED;
    this.present = false;
    this.urlTimer = 0;
    this.frame = 0;
    this.tick = this.tick.bind(this);
    this.listeners = {};
    this.interceptors = [];
    this.extraKeys = {};
    this.build();
    players.add(this);
    activePlayer = this;
    for (const plugin of PLUGINS) plugin(this);
  }

  // ---------------------------------------------------------------- extension point (see PLUGINS)
  on(name, fn) { (this.listeners[name] = this.listeners[name] || []).push(fn); }
  emit(name, ...args) {
    for (const fn of this.listeners[name] || []) {
      try { fn(...args); } catch (error) { console.error(error); }      // a plugin never breaks the player
    }
  }
  intercept(fn) { this.interceptors.push(fn); }

  build() {
    const button = (action, label, title, extra = {}) =>
      node("button", {type: "button", "data-action": action, title, "aria-label": title, ...extra}, [label]);
    this.buttons = {
      reset: button("reset", "Reset", "Reset to trial 0 (Home)"),
      back: button("back", "◀ Back", "Back one trial (←)"),
      step: button("step", "Step ▶", "Step one trial (→)", {className: "primary"}),
      play: button("play", "▶ Play", "Play / Pause (Space)"),
      present: button("present", "Present", "Presentation mode (P; Esc leaves it)",
                      {"aria-label": "Present (P): presentation mode; Esc leaves it"}),
      svg: button("save-svg", "SVG", "Save the boundary figure at this trial as SVG (1920 px wide)", {className: "mbl-tl-save"}),
      png: button("save-png", "PNG", "Save the boundary figure at this trial as PNG (1920 px wide)", {className: "mbl-tl-save"}),
    };
    this.speedSelect = node("select", {"aria-label": "speed in trials per second", title: "Speed of Play"},
      SPEEDS.map((speed) => node("option", {value: String(speed), text: `${speed} trials/s`})));
    this.speedSelect.value = String(DEFAULT_SPEED);
    this.slider = node("input", {type: "range", min: "0", max: "0", value: "0", step: "1",
                                 "aria-label": "trial", className: "mbl-tl-scrub"});
    this.trialLabel = node("span", {className: "mbl-tl-trial", text: "0 / 0"});
    const keyHelp = "keys: ← → step · N / Shift+N next / previous mistake · Space play · Home reset · End last · "
      + "P present · V long vectors in full";
    const keys = node("span", {className: "mbl-tl-keys", text: keyHelp, title: keyHelp});
    this.bar = node("div", {className: "mbl-tl-bar"}, [
      this.buttons.reset, this.buttons.back, this.buttons.step, this.buttons.play, this.speedSelect,
      this.slider, this.trialLabel, this.buttons.present, this.buttons.svg, this.buttons.png, keys]);
    this.metrics = node("div", {className: "mbl-tl-metrics"});
    this.below = node("div", {className: "mbl-tl-plot mbl-tl-below"});
    this.above = node("div", {className: "mbl-tl-plot mbl-tl-above"});
    this.title = node("div", {className: "mbl-tl-title"});
    this.boundary = node("div", {className: "mbl-tl-boundary"}, [this.below, this.above, this.title]);
    this.overlay = new Overlay(this.boundary, this.below);
    this.mathHead = node("div", {className: "mbl-tl-mathhead"});
    this.mathBody = node("div", {className: "mbl-tl-mathbody"});
    this.wholeBox = node("div", {className: "mbl-tl-whole"});
    this.wholeBox.hidden = true;
    this.math = node("div", {className: "mbl-tl-math", "aria-live": "polite"}, [this.mathHead, this.mathBody, this.wholeBox]);
    this.curves = node("div", {className: "mbl-tl-plot mbl-tl-curvesplot"});
    this.curvesBox = node("div", {className: "mbl-tl-curves"}, [this.curves]);
    this.curvesCursor = new Cursor(this.curvesBox, this.curves);
    this.expertsBars = node("div", {className: "mbl-tl-bars"});
    this.expertsVote = node("div", {className: "mbl-tl-vote"});
    this.expertsNote = node("div", {className: "mbl-tl-expertsnote"});
    this.experts = node("div", {className: "mbl-tl-experts"}, [
      node("div", {className: "mbl-tl-scenetitle", text: "the experts' weights after the trial (share of the total)"}),
      this.expertsBars, this.expertsNote, this.expertsVote]);
    this.main = node("div", {className: "mbl-tl-main"}, [this.boundary, this.experts, this.math, this.curvesBox]);
    this.invariants = node("div", {className: "mbl-tl-plot mbl-tl-invariantsplot"});
    this.invariantsInner = node("div", {className: "mbl-tl-invariants"}, [this.invariants]);
    this.invariantsCursor = new Cursor(this.invariantsInner, this.invariants);
    this.invariantsBox = node("details", {className: "mbl-tl-more"}, [
      node("summary", {text: "The proof's invariants, trial by trial: w·u ≥ γM and ‖w‖² ≤ R²M"}), this.invariantsInner]);
    this.notes = node("div", {className: "mbl-tl-notes"});
    this.root.replaceChildren(this.bar, this.metrics, this.main, this.invariantsBox, this.notes);
    this.root.classList.add("mbl-tl");
    this.root.tabIndex = -1;

    this.bar.addEventListener("click", (event) => {
      const action = event.target.closest("button") && event.target.closest("button").dataset.action;
      if (action) { activePlayer = this; this.act(action); }
    });
    this.slider.addEventListener("input", () => { activePlayer = this; this.pause(); this.setTrial(Number(this.slider.value)); });
    this.speedSelect.addEventListener("change", () => { this.speed = Number(this.speedSelect.value); });
    this.root.addEventListener("pointerdown", () => { activePlayer = this; });
    this.invariantsBox.addEventListener("toggle", () => { if (this.invariantsBox.open) this.drawInvariants(); });
    this.resizer = new ResizeObserver(() => this.resize());
    this.resizer.observe(this.root);
  }

  act(action) {
    if (this.interceptors.some((fn) => fn(action))) return;
    if (action === "step") { this.pause(); this.setTrial(this.t + 1); }
    else if (action === "back") { this.pause(); this.setTrial(this.t - 1); }
    else if (action === "reset") { this.pause(); this.setTrial(0); }
    else if (action === "end") { this.pause(); this.setTrial(this.T); }
    else if (action === "next-mistake") { this.pause(); this.setTrial(this.mistakeAfter(this.t, 1)); }
    else if (action === "previous-mistake") { this.pause(); this.setTrial(this.mistakeAfter(this.t, -1)); }
    else if (action === "play") { this.playing ? this.pause() : this.play(); }
    else if (action === "present") { this.setPresent(!this.present); }
    else if (action === "leave") { this.setPresent(false); }
    else if (action === "whole") { this.showWhole = !this.showWhole; this.renderWhole(); }
    else if (action === "save-svg" || action === "save-png") { this.saveFigure(action.slice(5)); }
  }

  // the first trial after t (direction 1) or before it (−1) with a mistake; t itself when there is none
  mistakeAfter(t, direction) {
    const mistake = this.trials ? this.trials.mistake || "" : "";
    for (let s = t + direction; s >= 1 && s <= this.T; s += direction) if (mistake[s - 1] === "1") return s;
    return t;
  }

  // ---------------------------------------------------------------- loading a run
  async load(payload, start) {
    this.pause();
    this.loaded = false;            // until the figures are drawn, a resize must not render a trial
    this.payload = payload;
    this.T = payload.T;
    this.trials = payload.trials;
    this.slider.max = String(this.T);
    const updated = payload.trials.updated || "";
    this.stateAt = new Int32Array(this.T + 1);
    for (let t = 1; t <= this.T; t++) this.stateAt[t] = this.stateAt[t - 1] + (updated[t - 1] === "1" ? 1 : 0);
    this.templates = payload.math.templates.map((template) => template.split(PLACEHOLDER));
    this.Plotly = await (this.options.Plotly ? Promise.resolve(this.options.Plotly) : loadPlotly(this.options.src));
    this.kind = payload.kind;
    this.root.dataset.kind = payload.kind;
    this.dual = payload.kind === "points" && payload.boundary.dual ? new DualGrid(payload.boundary.dual) : null;
    this.buildMetrics();
    if (payload.kind === "experts") this.prepareExperts();
    else await this.drawBoundaryBase();
    await this.drawCurvesBase();
    this.invariantsBox.style.display = payload.invariants ? "" : "none";
    this.boundary.style.display = payload.kind === "experts" ? "none" : "";
    this.experts.style.display = payload.kind === "experts" ? "" : "none";
    for (const save of [this.buttons.svg, this.buttons.png]) save.style.display = payload.kind === "experts" ? "none" : "";
    this.invariantsDrawn = false;
    if (this.invariantsBox.open) await this.drawInvariants();
    this.notes.replaceChildren(...(payload.curves.notes || []).map((text) => node("p", {text})));
    this.emit("load", payload);
    this.t = -1;
    this.loaded = true;
    this.root.dataset.run = String(payload.id || "");   // which run is shown (tests wait for a new one)
    this.setTrial(Math.max(0, Math.min(this.T, start)), {force: true});
    if (this.present) this.resize();
  }

  buildMetrics() {
    const metric = (label) => {
      const value = node("span", {className: "v"});
      this.metrics.append(node("div", {className: "mbl-tl-metric"}, [node("span", {className: "l", text: label}), value]));
      return value;
    };
    this.metrics.replaceChildren();
    this.metricValues = {trial: metric("Trial"), mistakes: metric("Mistakes")};
    if (this.payload.kind === "experts") {
      this.metricValues.best = metric("Best expert's mistakes");
      if (this.payload.randomized) this.metricValues.expected = metric("Expected mistakes");
      return;
    }
    if (this.payload.show_weighted) this.metricValues.loss = metric("Weighted loss");
    this.metricValues.updates = metric("Updates");
  }

  // The text size of the figures: 13 px on a page; in presentation 14 px at 1280×720 growing with the
  // screen to 18–22 px on a 1080p projector (the same rule as the CSS's --mbl-type).
  typeSize() {
    if (!this.present) return 13;
    return Math.round(Math.max(14, Math.min(22, window.innerWidth / 100, window.innerHeight / 54)));
  }

  layoutFor(layout) {
    const size = this.typeSize();
    const out = {...layout, font: {family: FONT_FAMILY, ...(layout.font || {}), size}, autosize: true};
    delete out.height;
    delete out.width;
    out.legend = {...(layout.legend || {}), font: {...((layout.legend || {}).font || {}), size}};
    for (const axis of ["xaxis", "yaxis", "xaxis2", "yaxis2"]) {
      if (!out[axis]) continue;
      out[axis] = {...out[axis], tickfont: {...(out[axis].tickfont || {}), size}};
      if (out[axis].title) out[axis].title = {...out[axis].title, font: {...((out[axis].title || {}).font || {}), size: size + 1}};
    }
    if (out.title) out.title = {...out.title, font: {...((out.title || {}).font || {}), size: size + 2}};
    if (out.annotations) out.annotations = out.annotations.map((note) => ({...note, font: {...(note.font || {}), size: Math.max(size - 2, 11)}}));
    return out;
  }

  async drawBoundaryBase() {
    const figure = JSON.parse(this.payload.boundary.figure);
    const data = figure.data, layout = figure.layout;
    const roles = layout.meta.roles;
    this.traces = data;
    this.roles = roles;
    const moving = new Set(Object.values(roles).flat());
    const isPoints = (trace) => trace.meta === "points";
    // the layer below keeps the axes (and anything that does not move); the moving parts are the overlay's
    const below = data.filter((trace, index) => !isPoints(trace) && !moving.has(index));
    // the legend is drawn above: stand-ins (no points) for the entries of what the overlay draws
    // the comparator's entry only when some trial draws one (Winnow, multiclass and priority runs have none)
    const noComparator = !/[^.]/.test(this.payload.boundary.comparator_use || "");
    const standIns = data.filter((trace, index) => !isPoints(trace) && trace.showlegend !== false
                                 && !(noComparator && index === roles.comparator))
      .map((trace) => {
        const dashed = trace.type === "contour" || trace.type === "scatter";
        const standIn = {type: "scatter", mode: trace.mode === "markers" ? "markers" : "lines", name: trace.name,
                         x: [null], y: [null], hoverinfo: "skip", showlegend: true,
                         line: {...(dashed ? trace.line || {} : {}), color: ((trace.line || {}).color) || "#333333"}};
        if (trace.marker && !Array.isArray(trace.marker.symbol) && !Array.isArray(trace.marker.size)) {
          standIn.marker = trace.marker;
        }
        return standIn;
      });
    const above = data.filter(isPoints).concat(standIns);
    const base = this.layoutFor(layout);
    const legend = {...(base.legend || {}), itemclick: false, itemdoubleclick: false};
    this.belowLayout = {...base, showlegend: false, legend, title: {...(base.title || {}), text: ""}};
    // the layer above draws no grid, ticks or titles (the layer below does: drawn twice, plotly.js can
    // place them a few pixels apart), only the points and the legend
    const quiet = (axis) => ({...(axis || {}), showgrid: false, zeroline: false, showticklabels: false,
                              showline: false, ticks: "",
                              title: {...((axis && axis.title) || {}), font: {...(((axis && axis.title) || {}).font || {}), color: CLEAR}}});
    this.aboveLayout = {...base, legend, title: {...(base.title || {}), text: ""}, paper_bgcolor: CLEAR,
                        plot_bgcolor: CLEAR, meta: undefined, xaxis: quiet(base.xaxis), yaxis: quiet(base.yaxis)};
    const config = {displaylogo: false, responsive: true, toImageButtonOptions: {format: "svg", filename: "boundary"}};
    // Both layers keep exactly the same margins (never grown by plotly.js for a legend or a label:
    // the layer above, which has the legend, would then have a smaller plot than the layer below and
    // the points would drift off their regions).  The bottom margin is sized from the legend drawn.
    const margin = {...(base.margin || {}), autoexpand: false};
    this.belowLayout.margin = margin;
    this.aboveLayout.margin = margin;
    await this.Plotly.react(this.above, {data: above, layout: this.aboveLayout, config});
    const legendNode = this.above.querySelector(".legend");
    // the legend, plus the tick labels and the axis title above it (both grow with the type)
    const needed = legendNode ? Math.ceil(legendNode.getBBox().height + 24 + 2.4 * this.typeSize()) : margin.b;
    if (needed !== margin.b) {
      margin.b = needed;
      await this.Plotly.relayout(this.above, {"margin.b": needed});
    }
    // on a page the box is as tall as the square plot its width allows (at most 560 px) plus the margins;
    // presenting, the grid sizes it
    const side = Math.min(560, Math.max(240, this.boundary.clientWidth - (margin.l || 55) - (margin.r || 10)));
    this.boundary.style.height = this.present ? "" : `${(margin.t || 44) + side + needed}px`;
    await this.Plotly.Plots.resize(this.above);
    await this.Plotly.react(this.below, {data: below, layout: this.belowLayout, config: {...config, displayModeBar: false}});
    this.checkAligned();
    this.title.style.fontSize = `${this.typeSize() + 2}px`;
    this.overlay.setup(data, roles);
    this.overlay.project();
    this.shownState = undefined;
    if (this.dual) this.dual.prepare(data, roles);
    if (!this.following) {
      this.following = true;
      this.above.on("plotly_relayout", async (event) => {
        if (!Object.keys(event || {}).some((name) => name.startsWith("xaxis") || name.startsWith("yaxis"))) return;
        const full = this.above._fullLayout;
        await this.Plotly.relayout(this.below, {"xaxis.range": full.xaxis.range.slice(), "yaxis.range": full.yaxis.range.slice()});
        this.redraw();
      });
    }
  }

  // the overlay and the cursors after the axes moved or resized (a zoom, a new size)
  redraw() {
    if (this.kind !== "experts") {
      if (!this.below._fullLayout || !this.overlay.clipRect) return;   // a resize between a new run and its figure
      this.overlay.project();
      this.shownState = undefined;
    }
    this.shownTemplate = undefined;           // the math is laid out again for the new width
    if (this.payload && this.loaded && this.t >= 0) this.render();
    this.emit("redraw");
  }

  // The two layers' plot areas must coincide (same margins, domains and ranges); if plotly.js laid
  // them out differently anyway, the layer below takes the margins of the layer above.
  checkAligned() {
    const a = this.below._fullLayout, b = this.above._fullLayout;
    if (!a || !b) return true;
    const same = JSON.stringify(a._size) === JSON.stringify(b._size)
      && JSON.stringify(a.xaxis.range) === JSON.stringify(b.xaxis.range)
      && JSON.stringify(a.yaxis.range) === JSON.stringify(b.yaxis.range);
    this.root.dataset.aligned = same ? "yes" : "no";
    if (!same) {
      const size = b._size;
      this.Plotly.relayout(this.below, {"margin.l": size.l, "margin.r": size.r, "margin.t": size.t, "margin.b": size.b,
                                        "xaxis.range": b.xaxis.range.slice(), "yaxis.range": b.yaxis.range.slice()});
    }
    return same;
  }

  async drawCurvesBase() {
    const figure = JSON.parse(this.payload.curves.figure);
    this.curvesLayout = this.layoutFor(figure.layout, "curves");
    // the base figure's y axis, kept apart: plotly.js writes later relayouts into the layout it was given
    this.curvesBaseY = JSON.parse(JSON.stringify(this.curvesLayout.yaxis || {}));
    const config = {displaylogo: false, responsive: true, toImageButtonOptions: {format: "svg", filename: "bounds", width: PRESENTATION_WIDTH, height: 720}};
    await this.Plotly.react(this.curves, {data: figure.data, layout: this.curvesLayout, config});
    if (!this.curvesFollowing) {
      this.curvesFollowing = true;
      // a plugin's curve (the dragged u's bound) may reach above the base figure's view: the axis follows
      for (const name of ["plotly_restyle", "plotly_redraw"]) this.curves.on(name, () => this.fitCurves());
    }
  }

  // The curves' y axis holds every curve drawn: the base figure's range (the count and every bound,
  // viz/curves.py), raised while an added curve goes higher, back to it when that curve is gone.
  fitCurves() {
    // once a frame, one relayout after another (two in flight could land in either order)
    cancelAnimationFrame(this.fitFrame);
    this.fitFrame = requestAnimationFrame(() => {
      this.fitting = (this.fitting || Promise.resolve()).then(() => this.fitCurvesNow()).catch(() => {});
    });
  }
  fitCurvesNow() {
    const base = this.curvesBaseY, full = this.curves._fullLayout;
    if (!base || !Array.isArray(base.range) || !full) return undefined;
    const log = base.type === "log";
    let top = base.range[1];
    for (const trace of this.curves.data || []) {
      if (!(Array.isArray(trace.y) || ArrayBuffer.isView(trace.y)) || trace.visible === false) continue;
      for (const v of trace.y) {
        if (v === null || !Number.isFinite(v) || (log && v <= 0)) continue;
        top = Math.max(top, log ? Math.log10(v * 1.25) : v * 1.05);
      }
    }
    const range = full.yaxis.range;
    if (Math.abs(range[1] - top) < 1e-9 && Math.abs(range[0] - base.range[0]) < 1e-9) return undefined;
    const update = {"yaxis.range": [base.range[0], top]};
    if (log && Array.isArray(base.tickvals)) {
      // the log axis's ticks as viz/curves.py draws them: "0" at its foot, then 1, 2, 5 a decade (1 a decade
      // over more than meta.counts.dense_decades)
      const counts = ((figureMeta(this.curvesLayout)).counts) || {};
      const floor = base.tickvals[0], values = [floor], labels = [base.ticktext[0]];
      const steps = top - Math.log10(floor) > (counts.dense_decades || 3.5) ? [1] : [1, 2, 5];
      // labels at least a line and a half apart on the plot's height
      const size = full._size, font = (full.yaxis.tickfont || {}).size || 13;
      const gap = size && size.h ? 1.5 * font * (top - base.range[0]) / size.h : 0;
      for (let k = Math.ceil(Math.log10(floor)); k <= Math.floor(top); k++) {
        for (const step of steps) {
          const v = step * 10 ** k;
          if (Math.log10(v) > top || Math.log10(v) - Math.log10(values[values.length - 1]) < gap) continue;
          values.push(v);
          labels.push(v >= 1e5 ? v.toExponential(0) : String(Number(v.toPrecision(3))));
        }
      }
      update["yaxis.tickvals"] = values;
      update["yaxis.ticktext"] = labels;
    }
    return this.Plotly.relayout(this.curves, update);
  }

  async drawInvariants() {
    if (!this.payload.invariants || this.invariantsDrawn) return;
    const figure = JSON.parse(this.payload.invariants);
    this.invariantsLayout = this.layoutFor(figure.layout, "invariants");
    await this.Plotly.react(this.invariants, {data: figure.data, layout: this.invariantsLayout,
                                              config: {displaylogo: false, responsive: true}});
    this.invariantsDrawn = true;
    this.invariantsCursor.move(this.t);
  }

  // ---------------------------------------------------------------- moving through the run
  setTrial(t, {force = false} = {}) {
    if (this.payload === undefined) return;
    t = Math.max(0, Math.min(this.T, Math.round(t)));
    if (t === this.t && !force) return;
    this.t = t;
    this.render();
    this.scheduleUrl();
  }

  render() {
    const t = this.t, T = this.T, trials = this.trials;
    this.slider.value = String(t);
    this.trialLabel.textContent = `${t} / ${T}`;
    this.buttons.back.disabled = t === 0;
    this.buttons.step.disabled = t === T;
    this.buttons.reset.disabled = t === 0;
    const m = this.metricValues;
    m.trial.textContent = `${t} / ${T}`;
    m.mistakes.textContent = formatNumber(t ? trials.cum_mistakes[t - 1] : 0);
    if (m.loss) m.loss.textContent = formatNumber(t ? trials.cum_loss[t - 1] : 0);
    if (m.updates) m.updates.textContent = formatNumber(this.stateAt[t]);
    if (m.best) m.best.textContent = formatNumber(t ? trials.best[t - 1] : 0);
    if (m.expected) m.expected.textContent = t ? Number(trials.cum_expected[t - 1]).toFixed(2) : "0.00";
    if (this.kind === "experts") this.renderExperts(t);
    else this.renderBoundary(t);
    this.renderMath(t);
    this.curvesCursor.move(t);
    if (this.invariantsDrawn && this.invariantsBox.open) this.invariantsCursor.move(t);
    this.root.dataset.trial = String(t);
    this.emit("trial", t);
  }

  renderBoundary(t) {
    const payload = this.payload, s = this.stateAt[t], o = this.overlay;
    if (!this.dual) {
      const states = payload.boundary.states, shapes = payload.boundary.shapes;
      const state = states[s], shape = shapes[state.shape];
      o.items.regions.forEach((element, i) => {
        const region = shape.regions[i];
        element.setAttribute("d", region ? o.path(region[0], region[1], true) : "");
      });
      const ghost = s > 0 ? shapes[states[s - 1].shape].borders : null;
      o.items.ghost.setAttribute("d", ghost ? o.path(ghost[0], ghost[1]) : "");
      o.arrow(shape.arrow ? shape.arrow[0] : null, shape.arrow ? shape.arrow[1] : null);
      o.items.support.forEach((element, i) => {
        const line = state.support && state.support[i];
        element.setAttribute("d", line ? o.path(line[0], line[1]) : "");
      });
    } else if (this.shownState !== s) {
      this.dual.paint(o, s);
      this.shownState = s;
    }
    if (o.items.comparator) {
      const owner = t > 0 ? payload.boundary.comparator_use[t - 1] : ".";
      const line = owner !== "." ? payload.boundary.comparators[Number(owner)] : null;
      o.items.comparator.setAttribute("d", line ? o.path(line.x, line.y) : "");
    }
    const point = t > 0 ? this.trials.point(t) : null;
    o.ring(point === null ? null : payload.X[0][point], point === null ? null : payload.X[1][point]);
    this.title.textContent = t ? `after trial ${t}${this.trials.mistake[t - 1] === "1" ? " — a mistake" : ""}`
                               : "before the first trial";
  }

  // ---------------------------------------------------------------- experts
  // The weights as the learner keeps them: w_i = f^{c_i}, c_i expert i's penalties in the phase (a
  // restart of the doubling trick sets every c_i back to 0), f the trial's β or 1 − ε.
  prepareExperts() {
    const payload = this.payload, T = payload.T, N = payload.N;
    const counts = new Int32Array(N), totals = new Int32Array(N);
    this.counts = [counts.slice()];
    this.totals = [totals.slice()];
    for (let t = 1; t <= T; t++) {
      const row = payload.advice[t - 1], outcome = payload.outcomes[t - 1];
      for (let i = 0; i < N; i++) if (row[i] !== outcome) { counts[i] += 1; totals[i] += 1; }
      if (payload.trials.restarted[t - 1] === "1") counts.fill(0);
      this.counts.push(counts.slice());
      this.totals.push(totals.slice());
    }
    this.bars = payload.expert_names.map((name, i) => {
      const bar = node("div", {className: "bar"});
      const column = node("div", {className: "mbl-tl-barcol", title: name}, [bar,
        node("div", {className: "name", text: N <= 24 || i % Math.ceil(N / 24) === 0 ? name : ""})]);
      this.expertsBars.append(column);
      return {column, bar};
    });
    this.expertsBars.replaceChildren(...this.bars.map((b) => b.column));
    this.voteRows = ["0", "1"].map((answer) => {
      const fill = node("div", {className: "fill"});
      const value = node("span", {className: "value"});
      const row = node("div", {className: "mbl-tl-voterow"}, [node("span", {className: "answer", text: `answer ${answer}`}),
        node("div", {className: "track"}, [fill, node("div", {className: "half"})]), value]);
      return {row, fill, value};
    });
    this.expertsVote.replaceChildren(node("div", {className: "mbl-tl-scenetitle", text: "the weighted vote before the update"}),
                                     ...this.voteRows.map((r) => r.row));
  }

  shares(t) {
    const c = this.counts[t], f = t ? this.payload.factors[t - 1] : 1;
    let low = Infinity;
    for (const v of c) low = Math.min(low, v);
    const w = Array.from(c, (v) => Math.pow(f, v - low));
    const total = w.reduce((a, b) => a + b, 0);
    return w.map((v) => v / total);
  }

  renderExperts(t) {
    const payload = this.payload, shares = this.shares(t), top = Math.max(...shares);
    const row = t ? payload.advice[t - 1] : null, outcome = t ? payload.outcomes[t - 1] : null;
    const followed = t ? payload.trials.followed[t - 1] : -1;
    this.bars.forEach(({column, bar}, i) => {
      const wrong = row !== null && row[i] !== outcome;
      bar.style.height = `${(100 * shares[i] / top).toFixed(2)}%`;
      column.classList.toggle("wrong", wrong);
      column.classList.toggle("followed", i === followed);
      column.title = `${payload.expert_names[i]}: share ${formatNumber(shares[i])}, ${this.totals[t][i]} mistakes so far`
        + (row === null ? "" : `, advised ${row[i]}${wrong ? " (wrong)" : ""}`);
    });
    const heaviest = shares.indexOf(top);
    const wrongCount = row === null ? 0 : [...row].filter((a) => a !== outcome).length;
    this.expertsNote.textContent = t
      ? `${wrongCount} of ${payload.N} experts were wrong at trial ${t} (vermillion, hatched); heaviest now: `
        + `${payload.expert_names[heaviest]} (share ${formatNumber(top)}, ${this.totals[t][heaviest]} mistakes)`
        + (followed >= 0 ? `; RWM followed ${payload.expert_names[followed]} (outlined)` : "")
      : `All ${payload.N} experts start with weight 1.`;
    const one = t ? payload.trials.vote_one[t - 1] : null;
    [[0, one === null ? null : 1 - one], [1, one]].forEach(([answer, share]) => {
      const {fill, value} = this.voteRows[answer];
      fill.style.width = share === null ? "0%" : `${(100 * share).toFixed(2)}%`;
      value.textContent = share === null ? "—" : formatNumber(share);
    });
  }

  renderMath(t) {
    const payload = this.payload;
    if (t === 0) {
      this.shownTemplate = undefined;
      this.mathHead.textContent = "Before the first trial";
      this.mathBody.replaceChildren(node("p", {text:
        "Press Step (→) to show the learner its first point, Play (Space) to run every trial, "
        + "or drag the slider. The math of each trial appears here, with its numbers."}));
      this.renderWhole();
      return;
    }
    if (this.kind === "experts") {
      this.mathHead.textContent = `Trial ${t} — advice ${payload.advice[t - 1]}, outcome ${payload.outcomes[t - 1]}`;
    } else {
      const point = this.trials.point(t);
      const label = payload.class_names[payload.labels[point]];
      this.mathHead.textContent = `Trial ${t} — point #${point}, class ${label}, weight ${formatNumber(this.trials.weight[t - 1])}`;
    }
    const use = payload.math.use[t - 1];
    const numbers = payload.math.numbers[t - 1];
    // The same template as the math shown (most trials of a run share a few): only its numbers change,
    // written into the existing <mn> nodes — new MathML elements would each need style and layout
    // (not when the math shown was fitted to its box: a trial's layout must not depend on the trials before)
    if (this.shownTemplate === use && !this.mathFitted && this.mathNumbers && this.mathNumbers.length === numbers.length) {
      let changed = false;
      for (let i = 0; i < numbers.length; i++) {
        if (this.mathNumbers[i].textContent !== numbers[i]) { this.mathNumbers[i].textContent = numbers[i]; changed = true; }
      }
      if (changed) this.fitMath();
      return;
    }
    const parts = this.templates[use];
    let html = parts[0];
    for (let i = 1; i < parts.length; i++) html += numbers[i - 1] + parts[i];
    this.mathBody.innerHTML = html;            // markup written by lab/formula.py: user text escaped there
    this.mathNumbers = [...this.mathBody.querySelectorAll("mn")];
    this.shownTemplate = use;
    this.fitMath();
  }

  // ---------------------------------------------------------------- math that fits its box
  // A line of math wider than its box is made to fit, a step at a time until it does: a list of eight
  // numbers or more keeps its first three and last two around "…" (the whole list is a hover away, in
  // the box's tooltip, and a key away: V lists every cut row in full, as text that wraps); a row breaks
  // at its wide spaces (1em) and before a long text into continuation rows; a list of five or more
  // keeps two and one; and last the type shrinks, to 80 % at the least.  Numbers change in place from trial to trial, so a row that
  // grows is fitted again then.
  fitMath() {
    const box = this.mathBody, width = box.clientWidth;
    this.mathFitted = false;
    if (!width) return;
    for (const math of box.querySelectorAll("math")) {
      const wide = () => math.scrollWidth > width + 0.5;
      if (!wide()) continue;
      this.mathFitted = true;
      const steps = [() => this.elide(math, 3, 2), () => this.breakRows(math, width), () => this.breakFlat(math),
                     () => this.elide(math, 2, 1, 5)];
      for (const step of steps) { if (step() && !wide()) break; }
      if (!wide()) continue;
      const base = Number(math.dataset.fontBase) || parseFloat(getComputedStyle(math).fontSize);
      math.dataset.fontBase = String(base);
      for (let scale = 0.95; scale >= 0.8 - 1e-9 && wide(); scale -= 0.05) math.style.fontSize = `${(base * scale).toFixed(2)}px`;
    }
    this.renderWhole();
  }

  // cut every list of at least ``least`` items (between commas) in ``math`` to its first ``head`` and last
  // ``tail`` items; true if one was cut
  elide(math, head, tail, least = 8) {
    let cut = false;
    for (const parent of math.querySelectorAll("mrow, mtd")) {
      const children = [...parent.children].filter((child) => !child.classList.contains("mbl-tl-cut"));
      const commas = children.filter((child) => child.tagName.toLowerCase() === "mo" && child.textContent.trim() === ",");
      const items = commas.length + 1;
      if (items < least || Number(parent.dataset.kept || 99) <= head + tail) continue;
      for (const child of parent.querySelectorAll(":scope > .mbl-tl-cut")) child.remove();
      for (const child of children) child.style.display = "";
      const first = children.indexOf(commas[head - 1]), last = children.indexOf(commas[items - tail - 1]);
      for (let i = first; i <= last; i++) children[i].style.display = "none";
      const mark = (text) => { const mo = document.createElementNS(parent.namespaceURI, "mo"); mo.textContent = text; mo.classList.add("mbl-tl-cut"); return mo; };
      // the kept tail may begin with the server's own "…" (lab.formula cuts very long vectors): one "…" is enough
      const tailStart = children.slice(last + 1).find((child) => child.tagName.toLowerCase() !== "mspace");
      const cutAlready = tailStart && tailStart.textContent.trim() === "…";
      children[first - 1].after(...(cutAlready ? [mark(",")] : [mark(","), mark("…"), mark(",")]));
      parent.dataset.kept = String(head + tail);
      parent.classList.add("mbl-tl-elided");
      cut = true;
    }
    return cut;
  }

  // break the aligned rows of ``math`` wider than ``width`` where they may break (breaksBefore), each at the
  // last place that lets what comes before it fit; the continuation is checked in turn; true if one broke
  breakRows(math, width) {
    let broke = false;
    const left = () => math.getBoundingClientRect().left;
    const rows = [...math.querySelectorAll("mtable.mbl-aligned > mtr")];
    while (rows.length) {
      const row = rows.shift();
      if (row.getBoundingClientRect().right - left() <= width) continue;
      const cell = row.lastElementChild;
      const points = cell ? [...cell.children].filter((c, i) => i > 0 && breaksBefore(c)) : [];
      let chosen = null;
      for (const point of points.reverse()) {
        chosen = point;
        if (point.getBoundingClientRect().left - left() <= width) break;
      }
      if (!chosen) continue;
      const moved = [];
      const from = chosen.tagName.toLowerCase() === "mspace" ? chosen.nextElementSibling : chosen;
      for (let next = from; next; next = next.nextElementSibling) moved.push(next);
      if (!moved.length) continue;
      const ns = row.namespaceURI;
      const continued = document.createElementNS(ns, "mtr");
      const empty = document.createElementNS(ns, "mtd"), rest = document.createElementNS(ns, "mtd");
      empty.className = "mbl-right";
      rest.className = "mbl-left mbl-tl-continued";
      rest.append(...moved);
      continued.append(empty, rest);
      row.after(continued);
      if (chosen.tagName.toLowerCase() === "mspace") chosen.remove();
      rows.unshift(continued);
      broke = true;
    }
    return broke;
  }

  // a line of math that is no aligned table, cut at the same places into rows of a table; true if cut
  breakFlat(math) {
    const children = [...math.children];
    if (children.some((c) => c.tagName.toLowerCase() === "mtable") || math.dataset.flatBroken) return false;
    const rows = [[]];
    children.forEach((child, i) => {
      if (i > 0 && breaksBefore(child) && rows[rows.length - 1].length) rows.push([]);
      if (child.tagName.toLowerCase() !== "mspace" || !breaksBefore(child)) rows[rows.length - 1].push(child);
    });
    if (rows.length < 2) return false;
    const ns = math.namespaceURI, table = document.createElementNS(ns, "mtable");
    table.setAttribute("class", "mbl-aligned");
    rows.forEach((items, i) => {
      const row = document.createElementNS(ns, "mtr"), cell = document.createElementNS(ns, "mtd");
      cell.className = i ? "mbl-left mbl-tl-continued" : "mbl-left";
      cell.append(...items);
      row.append(cell);
      table.append(row);
    });
    math.replaceChildren(table);
    math.dataset.flatBroken = "1";
    return true;
  }

  // the rows cut by elide(), in full: the box's tooltip, and (V) text under the math
  wholeRows() {
    const text = (element) => {
      let out = "";
      for (const leaf of element.querySelectorAll("mi, mn, mo, mtext")) {
        if (leaf.classList.contains("mbl-tl-cut") || leaf.querySelector("mi, mn, mo, mtext")) continue;
        const t = leaf.textContent, sup = leaf.closest("msup"), exponent = sup && sup.lastElementChild;
        const power = Boolean(exponent) && (exponent === leaf || exponent.querySelector("mi, mn, mo, mtext") === leaf);
        out += power ? `^${t}` : t === "," ? ", " : t === "=" || t === "←" || t === "≤" ? ` ${t} ` : t;
      }
      return out.replace(/\s+/g, " ").trim();
    };
    return [...this.mathBody.querySelectorAll(".mbl-tl-elided")].map((part) => {
      const row = part.closest("mtr");
      return row ? text(row) : text(part);
    });
  }
  renderWhole() {
    const rows = this.wholeRows();
    this.mathBody.title = rows.length ? rows.join("\n") : "";
    if (!this.wholeBox) return;
    this.wholeBox.hidden = !(this.showWhole && rows.length);
    if (!this.wholeBox.hidden) {
      this.wholeBox.replaceChildren(node("div", {className: "mbl-tl-wholehead", text: "In full (V hides):"}),
                                    ...rows.map((row) => node("p", {text: row})));
    }
  }

  // ---------------------------------------------------------------- play
  play() {
    if (this.t >= this.T) this.setTrial(0);
    this.playing = true;
    this.buttons.play.textContent = "Pause";
    this.root.classList.add("mbl-tl-playing");
    this.last = performance.now();
    this.carry = 0;
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(this.tick);
  }
  pause() {
    this.playing = false;
    cancelAnimationFrame(this.frame);
    this.buttons.play.textContent = "▶ Play";
    this.root.classList.remove("mbl-tl-playing");
  }
  tick(now) {
    if (!this.playing) return;
    this.carry += ((now - this.last) / 1000) * this.speed;
    this.last = now;
    const steps = Math.floor(this.carry);
    if (steps > 0) {
      this.carry -= steps;
      this.setTrial(this.t + steps);
      if (this.t >= this.T) { this.pause(); return; }
    }
    this.frame = requestAnimationFrame(this.tick);
  }

  // ---------------------------------------------------------------- keyboard, presentation, URL
  key(event) {
    const map = {ArrowRight: "step", ArrowLeft: "back", " ": "play", Home: "reset", End: "end", p: "present",
                 P: "present", Escape: "leave", n: "next-mistake", N: "previous-mistake", v: "whole", V: "whole"};
    const action = map[event.key] || this.extraKeys[event.key];
    if (!action || (action === "leave" && !this.present)) return false;
    this.act(action);
    return true;
  }

  setPresent(on) {
    this.present = on;
    this.root.classList.toggle("mbl-present", on);
    document.documentElement.classList.toggle("mbl-presenting", on);
    this.buttons.present.textContent = on ? "Leave (Esc)" : "Present";
    // the accessible name starts with the visible text (WCAG 2.5.3, label in name)
    this.buttons.present.setAttribute("aria-label", on ? "Leave (Esc) presentation mode" : "Present (P): presentation mode; Esc leaves it");
    try { sessionStorage.setItem("mbl-present", on ? "1" : "0"); } catch (error) { /* storage may be off */ }
    this.scheduleUrl();
    if (this.payload) this.restyleForSize();
  }

  // Text sizes follow the mode: the figures are drawn again with the base layouts resized.
  async restyleForSize() {
    if (!this.payload || !this.loaded) return;
    const t = this.t;
    if (this.kind !== "experts") await this.drawBoundaryBase();     // the experts' scene is HTML: CSS sizes it
    await this.drawCurvesBase();
    if (this.invariantsDrawn) { this.invariantsDrawn = false; await this.drawInvariants(); }
    this.t = -1;
    this.setTrial(t, {force: true});
    this.resize();
  }

  resize() {
    cancelAnimationFrame(this.resizeFrame);
    this.resizeFrame = requestAnimationFrame(async () => {
      const divs = [this.below, this.above, this.curves, this.invariants].filter((div) => div._fullLayout && div.isConnected);
      await Promise.all(divs.map((div) => this.Plotly.Plots.resize(div).catch(() => {})));
      if (this.payload) this.redraw();
    });
  }

  // ---------------------------------------------------------------- saving the figure
  // The boundary as one SVG: plotly.js's own export of the two layers (axes, regions' base, points)
  // with the player's overlay (what the trial moved) and the kernel shading between them, each at its
  // place in the figure, scaled to PRESENTATION_WIDTH; PNG is that SVG drawn on a canvas.
  async figureSvg() {
    const box = this.boundary.getBoundingClientRect();
    const scale = Math.max(1, PRESENTATION_WIDTH / box.width);
    const at = (element) => { const r = element.getBoundingClientRect(); return [r.left - box.left, r.top - box.top, r.width, r.height]; };
    const plotly = async (div) => {
      const url = await this.Plotly.toImage(div, {format: "svg", width: div.clientWidth, height: div.clientHeight});
      const text = decodeURIComponent(url.slice(url.indexOf(",") + 1)).replace(/<\?xml[^>]*>/, "");
      const [x, y] = at(div);
      return `<g transform="translate(${x} ${y})">${text}</g>`;
    };
    const parts = [`<rect width="${box.width}" height="${box.height}" fill="#fff"/>`, await plotly(this.below)];
    const canvas = this.overlay.canvas;
    if (canvas.width && canvas.height && canvas.offsetParent !== null) {
      const [x, y, w, h] = at(canvas);
      parts.push(`<image x="${x}" y="${y}" width="${w}" height="${h}" href="${canvas.toDataURL("image/png")}"/>`);
    }
    const [ox, oy] = at(this.overlay.svg);
    parts.push(`<g transform="translate(${ox} ${oy})">${new XMLSerializer().serializeToString(this.overlay.svg)}</g>`);
    parts.push(await plotly(this.above));
    const [tx, ty, , th] = at(this.title);
    const title = this.title.textContent.replace(/[&<>]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;"}[c]));
    parts.push(`<text x="${tx + 8}" y="${ty + th * 0.7}" font-family='${FONT_FAMILY}' font-size="15" fill="#1f2328">${title}</text>`);
    const width = Math.round(box.width * scale), height = Math.round(box.height * scale);
    return {svg: `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" ` +
                 `height="${height}" viewBox="0 0 ${box.width} ${box.height}">${parts.join("")}</svg>`, width, height};
  }

  async saveFigure(format) {
    if (!this.payload || !this.loaded || this.kind === "experts") return;
    const {svg, width, height} = await this.figureSvg();
    const name = `mistake-bound-lab-trial-${this.t}.${format}`;
    let blob = new Blob([svg], {type: "image/svg+xml"});
    if (format === "png") {
      const image = new Image();
      const url = URL.createObjectURL(blob);
      await new Promise((resolve, reject) => { image.onload = resolve; image.onerror = reject; image.src = url; });
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      canvas.getContext("2d").drawImage(image, 0, 0, width, height);
      URL.revokeObjectURL(url);
      blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
    }
    const anchor = node("a", {href: URL.createObjectURL(blob), download: name});
    document.body.append(anchor);
    anchor.click();
    setTimeout(() => { URL.revokeObjectURL(anchor.href); anchor.remove(); }, 1000);
  }

  scheduleUrl() {
    if (!this.options.url) return;
    clearTimeout(this.urlTimer);
    this.urlTimer = setTimeout(() => this.writeUrl(), 250);
  }
  writeUrl() {
    try {
      const url = new URL(window.location.href);
      url.searchParams.set("t", String(this.t));
      if (this.present) url.searchParams.set("present", "1"); else url.searchParams.delete("present");
      if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
    } catch (error) { /* an opaque or sandboxed location: the trial just is not in the URL */ }
  }

  destroy() {
    this.pause();
    this.resizer.disconnect();
    players.delete(this);
    if (activePlayer === this) activePlayer = null;
    if (this.Plotly) for (const div of [this.below, this.above, this.curves, this.invariants]) this.Plotly.purge(div);
  }
}

const NAVIGATION = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);

// Whether the focused element keeps a key for itself: a text field every key; a slider, a list, a radio
// button or a check box its own navigation (the scrub slider's arrows move it, and its input event
// moves the player); a button outside the player Space and Enter.  Everything else is the player's.
function keptByFocus(target, key, inPlayer) {
  if (!target || !target.closest) return false;
  if (target.closest("textarea, [contenteditable=''], [contenteditable='true']")) return true;
  const field = target.closest("input, select");
  if (field) {
    const type = field.tagName === "SELECT" ? "select" : (field.type || "text").toLowerCase();
    if (type === "range" || type === "select") return NAVIGATION.has(key);
    if (type === "radio" || type === "checkbox") return NAVIGATION.has(key) || key === " ";
    if (type === "button" || type === "submit" || type === "reset") return !inPlayer && (key === " " || key === "Enter");
    return true;
  }
  return !inPlayer && Boolean(target.closest("button, a[href], summary")) && (key === " " || key === "Enter");
}

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  let player = activePlayer && activePlayer.root.isConnected ? activePlayer : null;
  if (!player) for (const candidate of players) if (candidate.root.isConnected) player = candidate;
  if (!player || keptByFocus(event.target, event.key, player.root.contains(event.target))) return;
  if (player.key(event)) event.preventDefault();
});

function decode(payload) {
  // trials.point as a function: the list is long, a closure keeps the lookups uniform
  const points = payload.trials.point;
  payload.trials.point = (t) => points[t - 1];
  return payload;
}

// ------------------------------------------------------------------ mounting
function mount(root, payloadText, options = {}) {
  let player = root._mblPlayer;
  if (!player) {
    player = new Player(root, options);
    root._mblPlayer = player;
    let stored = null;
    try { stored = sessionStorage.getItem("mbl-present"); } catch (error) { stored = null; }
    if (options.present || stored === "1") player.setPresent(true);
  }
  const payload = decode(JSON.parse(payloadText));
  const start = options.start !== undefined ? options.start : payload.start;
  return player.load(payload, start).then(() => player);
}

window.MistakeBoundTimeline = {mount, Player, use, node};     // node: the one element helper, for the plugins

// "Skip to the player": the page's first focusable element while a player is on it (WCAG 2.4.1), shown when focused;
// it moves the focus to Step (or the slider once Step is disabled), where the player's keys work.
function skipLink(on) {
  let link = document.querySelector("a.mbl-tl-skip");
  if (!on) { if (link) link.remove(); return; }
  if (link) return;
  link = node("a", {className: "mbl-tl-skip", href: "#", text: "Skip to the player"});
  link.addEventListener("click", (event) => {
    event.preventDefault();
    const player = [...players].find((candidate) => candidate.root.isConnected);
    if (player) (player.buttons.step.disabled ? player.slider : player.buttons.step).focus();
  });
  document.body.prepend(link);
}

export default function (component) {
  const {data, parentElement} = component;
  let root = parentElement.querySelector(".mbl-tl-root");
  if (!root) {
    root = node("div", {className: "mbl-tl-root"});
    parentElement.appendChild(root);
  }
  skipLink(true);
  if (data && data.id && data.id !== root.dataset.runId) {
    root.dataset.runId = data.id;
    // a new run keeps the trial the player was at (clamped), unless the server names one (a link)
    const kept = root._mblPlayer && root._mblPlayer.t > 0 ? root._mblPlayer.t : 0;
    mount(root, data.payload, {src: data.src, url: true, present: data.present,
                               start: Number.isInteger(data.start) ? data.start : kept})
      .catch((error) => {
        const note = node("p", {className: "mbl-tl-problem", text: `The run could not be drawn: ${error && error.message ? error.message : error}`});
        root.replaceChildren(note);
      });
  } else if (root._mblPlayer) {
    root._mblPlayer.scheduleUrl();               // a rerun rewrote the URL: put the trial back
  }
  return () => {
    if (root.isConnected) return;
    if (root._mblPlayer) root._mblPlayer.destroy();
    skipLink([...players].some((player) => player.root.isConnected));
  };
}
