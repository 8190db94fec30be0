// Mistake Bound Lab — the timeline player.
//
// A run is computed once on the server (lab/timeline.py) and handed over as one payload: which
// point every trial shows, mistakes and updates, the model after every update, every trial's math,
// the bound curves over all trials.  Everything that moves through the run happens here, with no
// server round trip: Step (→), Back (←), Play/Pause (Space) at a chosen speed, Reset (Home), End,
// a scrub slider over trials 0..T, and presentation mode (P, Esc to leave).  At every trial t the
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
const CHECKPOINT = 32;                                    // kernel models: exact grids every 32 updates
const players = new Set();
let activePlayer = null;
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
    this.build();
    players.add(this);
    activePlayer = this;
  }

  build() {
    const button = (action, label, title, extra = {}) =>
      node("button", {type: "button", "data-action": action, title, "aria-label": title, ...extra}, [label]);
    this.buttons = {
      reset: button("reset", "Reset", "Reset to trial 0 (Home)"),
      back: button("back", "◀ Back", "Back one trial (←)"),
      step: button("step", "Step ▶", "Step one trial (→)", {className: "primary"}),
      play: button("play", "▶ Play", "Play / Pause (Space)"),
      present: button("present", "Present", "Presentation mode (P; Esc leaves it)"),
    };
    this.speedSelect = node("select", {"aria-label": "speed in trials per second", title: "Speed of Play"},
      SPEEDS.map((speed) => node("option", {value: String(speed), text: `${speed} trials/s`})));
    this.speedSelect.value = String(DEFAULT_SPEED);
    this.slider = node("input", {type: "range", min: "0", max: "0", value: "0", step: "1",
                                 "aria-label": "trial", className: "mbl-tl-scrub"});
    this.trialLabel = node("span", {className: "mbl-tl-trial", text: "0 / 0"});
    const keys = node("span", {className: "mbl-tl-keys",
                               text: "keys: ← → step · Space play · Home reset · End last · P present"});
    this.bar = node("div", {className: "mbl-tl-bar"}, [
      this.buttons.reset, this.buttons.back, this.buttons.step, this.buttons.play, this.speedSelect,
      this.slider, this.trialLabel, this.buttons.present, keys]);
    this.metrics = node("div", {className: "mbl-tl-metrics"});
    this.below = node("div", {className: "mbl-tl-plot mbl-tl-below"});
    this.above = node("div", {className: "mbl-tl-plot mbl-tl-above"});
    this.boundary = node("div", {className: "mbl-tl-boundary"}, [this.below, this.above]);
    this.mathHead = node("div", {className: "mbl-tl-mathhead"});
    this.mathBody = node("div", {className: "mbl-tl-mathbody"});
    this.math = node("div", {className: "mbl-tl-math", "aria-live": "polite"}, [this.mathHead, this.mathBody]);
    this.curves = node("div", {className: "mbl-tl-plot mbl-tl-curves"});
    this.main = node("div", {className: "mbl-tl-main"}, [this.boundary, this.math, this.curves]);
    this.invariants = node("div", {className: "mbl-tl-plot mbl-tl-invariants"});
    this.invariantsBox = node("details", {className: "mbl-tl-more"}, [
      node("summary", {text: "The proof's invariants, trial by trial: w·u ≥ γM and ‖w‖² ≤ R²M"}), this.invariants]);
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
    if (action === "step") { this.pause(); this.setTrial(this.t + 1); }
    else if (action === "back") { this.pause(); this.setTrial(this.t - 1); }
    else if (action === "reset") { this.pause(); this.setTrial(0); }
    else if (action === "end") { this.pause(); this.setTrial(this.T); }
    else if (action === "play") { this.playing ? this.pause() : this.play(); }
    else if (action === "present") { this.setPresent(!this.present); }
    else if (action === "leave") { this.setPresent(false); }
  }

  // ---------------------------------------------------------------- loading a run
  async load(payload, start) {
    this.pause();
    this.payload = payload;
    this.T = payload.T;
    this.trials = payload.trials;
    this.slider.max = String(this.T);
    const updated = payload.trials.updated;
    this.stateAt = new Int32Array(this.T + 1);
    for (let t = 1; t <= this.T; t++) this.stateAt[t] = this.stateAt[t - 1] + (updated[t - 1] === "1" ? 1 : 0);
    this.templates = payload.math.templates.map((template) => template.split(PLACEHOLDER));
    this.Plotly = await (this.options.Plotly ? Promise.resolve(this.options.Plotly) : loadPlotly(this.options.src));
    this.dual = payload.boundary.dual ? new DualGrid(payload.boundary.dual) : null;
    this.buildMetrics();
    await this.drawBoundaryBase();
    await this.drawCurvesBase();
    this.invariantsBox.style.display = payload.invariants ? "" : "none";
    this.invariantsDrawn = false;
    if (this.invariantsBox.open) await this.drawInvariants();
    this.notes.replaceChildren(...(payload.curves.notes || []).map((text) => node("p", {text})));
    this.t = -1;
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
    const isPoints = (trace) => trace.meta === "points";
    const kept = [];
    data.forEach((trace, index) => { if (!isPoints(trace)) kept.push(index); });
    const place = new Map(kept.map((index, position) => [index, position]));
    const map = (index) => place.get(index);
    this.roles = {};
    for (const [role, value] of Object.entries(roles)) this.roles[role] = Array.isArray(value) ? value.map(map) : map(value);
    const below = kept.map((index) => data[index]);
    // the legend is drawn above: stand-ins (no points) for the entries of the layer below
    const standIns = kept.map((index) => data[index]).filter((trace) => trace.showlegend !== false)
      .map((trace) => {
        const standIn = {type: "scatter", mode: trace.mode === "markers" ? "markers" : "lines", name: trace.name,
                         x: [null], y: [null], hoverinfo: "skip", showlegend: true,
                         line: {...(trace.line || {}), color: (trace.line && trace.line.color) || "#333333"}};
        if (trace.marker && !Array.isArray(trace.marker.symbol) && !Array.isArray(trace.marker.size)) {
          standIn.marker = trace.marker;
        }
        return standIn;
      });
    const above = data.filter(isPoints).concat(standIns);
    const base = this.layoutFor(layout, "boundary");
    const legend = {...(base.legend || {}), itemclick: false, itemdoubleclick: false};
    this.belowLayout = {...base, showlegend: false, legend};
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
    const needed = legendNode ? Math.ceil(legendNode.getBBox().height) + 58 : margin.b;
    if (needed !== margin.b) {
      margin.b = needed;
      await this.Plotly.relayout(this.above, {"margin.b": needed});
    }
    // on a page the plot keeps a square of ~430 px whatever the legend; presenting, the grid sizes it
    this.boundary.style.height = this.present ? "" : `${(margin.t || 44) + 430 + needed}px`;
    await this.Plotly.Plots.resize(this.above);
    await this.Plotly.react(this.below, {data: below, layout: this.belowLayout, config: {...config, displayModeBar: false}});
    this.checkAligned();
    if (!this.following) {
      this.following = true;
      this.above.on("plotly_relayout", (event) => {
        if (!Object.keys(event || {}).some((name) => name.startsWith("xaxis") || name.startsWith("yaxis"))) return;
        const full = this.above._fullLayout;
        this.Plotly.relayout(this.below, {"xaxis.range": full.xaxis.range.slice(), "yaxis.range": full.yaxis.range.slice()});
      });
    }
    this.ghostState = undefined;
    if (this.dual && !this.dual.dual.binary) {
      const k = this.dual.r;
      await this.Plotly.restyle(this.below, {"contours.start": 0.5, "contours.end": k - 1.5, "contours.size": 1},
                                [this.roles.borders, this.roles.ghost_grid]);
    }
    if (this.dual) {
      await this.Plotly.restyle(this.below, {x: [this.dual.dual.grid.x], y: [this.dual.dual.grid.y]},
                                [this.roles.shading, this.roles.borders, this.roles.ghost_grid]);
    }
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
    const config = {displaylogo: false, responsive: true, toImageButtonOptions: {format: "svg", filename: "bounds"}};
    await this.Plotly.react(this.curves, {data: figure.data, layout: this.curvesLayout, config});
  }

  async drawInvariants() {
    if (!this.payload.invariants || this.invariantsDrawn) return;
    const figure = JSON.parse(this.payload.invariants);
    this.invariantsLayout = this.layoutFor(figure.layout, "invariants");
    await this.Plotly.react(this.invariants, {data: figure.data, layout: this.invariantsLayout,
                                              config: {displaylogo: false, responsive: true}});
    this.invariantsDrawn = true;
    this.moveCursor(this.invariants, this.t);
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
    m.updates.textContent = formatNumber(this.stateAt[t]);
    this.renderBoundary(t);
    this.renderMath(t);
    this.moveCursor(this.curves, t);
    if (this.invariantsDrawn && this.invariantsBox.open) this.moveCursor(this.invariants, t);
    this.root.dataset.trial = String(t);
  }

  renderBoundary(t) {
    const payload = this.payload, roles = this.roles, s = this.stateAt[t];
    const xs = [], ys = [], indices = [];
    const put = (index, x, y) => { if (index === undefined) return; indices.push(index); xs.push(x); ys.push(y); };
    const empty = [null];
    if (!this.dual) {
      const state = payload.boundary.states[s];
      roles.region.forEach((index, i) => put(index, state.regions[i][0], state.regions[i][1]));
      const ghost = s > 0 ? payload.boundary.states[s - 1].borders : [empty, empty];
      put(roles.ghost, ghost[0], ghost[1]);
      const arrow = state.arrow || [[null, null, null, null], [null, null, null, null]];
      put(roles.arrow, arrow[0], arrow[1]);
      (roles.support || []).forEach((index, i) => {
        const line = state.support && state.support[i] ? state.support[i] : [empty, empty];
        put(index, line[0], line[1]);
      });
    }
    const owner = t > 0 ? payload.boundary.comparator_use[t - 1] : ".";
    const line = owner !== "." ? payload.boundary.comparators[Number(owner)] : null;
    put(roles.comparator, line ? line.x : empty, line ? line.y : empty);
    const point = t > 0 ? this.trials.point(t) : null;
    put(roles.current, point === null ? empty : [payload.X[0][point]], point === null ? empty : [payload.X[1][point]]);
    this.Plotly.restyle(this.below, {x: xs, y: ys}, indices);
    if (this.dual && this.shownState !== s) {
      const grid = this.dual.scores(s);
      const previous = s > 0 ? this.dual.scores(s - 1) : null;
      const binary = this.dual.dual.binary;
      const z = binary ? this.dual.binaryZ(grid) : this.dual.winnerZ(grid);
      const ghost = previous ? (binary ? this.dual.binaryZ(previous) : this.dual.winnerZ(previous)) : z;
      this.Plotly.restyle(this.below, {z: [z, z, ghost], visible: [true, true, previous ? true : false]},
                          [roles.shading, roles.borders, roles.ghost_grid]);
      this.shownState = s;
    }
    const title = t ? `after trial ${t}${this.trials.mistake[t - 1] === "1" ? " — a mistake" : ""}` : "before the first trial";
    this.Plotly.relayout(this.below, {"title.text": title});
  }

  renderMath(t) {
    const payload = this.payload;
    if (t === 0) {
      this.mathHead.textContent = "Before the first trial";
      this.mathBody.replaceChildren(node("p", {text:
        "Press Step (→) to show the learner its first point, Play (Space) to run every trial, "
        + "or drag the slider. The math of each trial appears here, with its numbers."}));
      return;
    }
    const point = this.trials.point(t);
    const label = payload.class_names[payload.labels[point]];
    this.mathHead.textContent = `Trial ${t} — point #${point}, class ${label}, weight ${formatNumber(this.trials.weight[t - 1])}`;
    const parts = this.templates[payload.math.use[t - 1]];
    const numbers = payload.math.numbers[t - 1];
    let html = parts[0];
    for (let i = 1; i < parts.length; i++) html += numbers[i - 1] + parts[i];
    this.mathBody.innerHTML = html;            // markup written by lab/formula.py: user text escaped there
  }

  moveCursor(div, t) {
    if (!div._fullLayout) return;
    this.Plotly.relayout(div, {"shapes[0].x0": t + 0.5, "shapes[1].x0": t, "shapes[1].x1": t});
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
                 P: "present", Escape: "leave"};
    const action = map[event.key];
    if (!action || (action === "leave" && !this.present)) return false;
    this.act(action);
    return true;
  }

  setPresent(on) {
    this.present = on;
    this.root.classList.toggle("mbl-present", on);
    document.documentElement.classList.toggle("mbl-presenting", on);
    this.buttons.present.textContent = on ? "Leave (Esc)" : "Present";
    try { sessionStorage.setItem("mbl-present", on ? "1" : "0"); } catch (error) { /* storage may be off */ }
    this.scheduleUrl();
    if (this.payload) this.restyleForSize();
  }

  // Text sizes follow the mode: the figures are drawn again with the base layouts resized.
  async restyleForSize() {
    if (!this.payload) return;
    const t = this.t;
    await this.drawBoundaryBase();
    await this.drawCurvesBase();
    if (this.invariantsDrawn) { this.invariantsDrawn = false; await this.drawInvariants(); }
    this.shownState = undefined;
    this.t = -1;
    this.setTrial(t, {force: true});
    this.resize();
  }

  resize() {
    cancelAnimationFrame(this.resizeFrame);
    this.resizeFrame = requestAnimationFrame(() => {
      for (const div of [this.below, this.above, this.curves, this.invariants]) {
        if (div._fullLayout && div.isConnected) this.Plotly.Plots.resize(div).catch(() => {});
      }
    });
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

function typingInto(target) {
  if (!target || !target.closest) return false;
  if (target.closest(".mbl-tl-scrub")) return true;       // the slider's own arrow keys move it
  return Boolean(target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']"));
}

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || typingInto(event.target)) return;
  let player = activePlayer && activePlayer.root.isConnected ? activePlayer : null;
  if (!player) for (const candidate of players) if (candidate.root.isConnected) player = candidate;
  if (player && player.key(event)) event.preventDefault();
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

window.MistakeBoundTimeline = {mount, Player};

export default function (component) {
  const {data, parentElement} = component;
  let root = parentElement.querySelector(".mbl-tl-root");
  if (!root) {
    root = node("div", {className: "mbl-tl-root"});
    parentElement.appendChild(root);
  }
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
  };
}
