// Mistake Bound Lab — drag the comparator: Novikoff's bound for a u the student moves, live.
//
// A plugin of components/timeline.js (its extension point: use, on, intercept, extraKeys), for runs whose
// payload carries `drag` (lab/drag.py: only where the catalog says Novikoff's bound bounds the learner's run —
// the Perceptron, or the importance-weighted one with all weights equal — on (x₁, x₂[, 1])).  With "Drag u" on (the
// button, or U) the boundary figure shows a comparator u as an arrow with two handles: the base lies
// on the line u·x = 0 (drag it to move the line), the head sets u's direction and length (drag it to
// turn the line; past the base it flips u's sides).  Keyboard: Tab to a handle, arrow keys move it
// (Shift: finer).  For the trials 1..t shown the panel gives γ = min_s y_s(u·f_s), R = max_s ‖f_s‖,
// ‖u‖ and Novikoff's bound (R‖u‖/γ)² (seed 003, Thm 2.1), says from which trial u stops separating
// (no bound there), and compares with the exact max-margin u of the lab (learners/max_margin.py: no u has a
// larger margin on those trials); the bound curve of your u is
// drawn on the curves chart.  f is the feature vector the learner uses: (x₁, x₂, 1) with an
// intercept (so u = (n₁, n₂, −n·a) for the normal n and the base a), scaled to unit length when the
// learner normalises.
(() => {
  const api = window.MistakeBoundTimeline;
  if (!api || !api.use) return;
  const SVG = "http://www.w3.org/2000/svg";
  const COLOR = "#CC79A7";                 // Okabe–Ito reddish purple: your u (long dashes + handles)
  const NAME = "Novikoff, your u";

  const el = api.node;                     // the player's element helper (components/timeline.js)
  function svg(tag, attributes = {}) {
    const element = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    return element;
  }
  // no bound (null) is ∞; a number as the page writes it (components/player/numbers.js)
  const n4 = (value) => (value === null || !Number.isFinite(value) ? "∞" : numberText(value));
  const dot = (a, b) => a.reduce((sum, v, i) => sum + v * b[i], 0);
  // ‖v‖ at any scale: v scaled by its largest |v_i| first, so that Σ v_i² neither under- nor overflows (as
  // learners/_linear.py safe_row_norms, the lab's one scaled norm: √(Σ v²) is 0 for coordinates of 1e-165)
  function length(v) {
    const top = v.reduce((most, x) => Math.max(most, Math.abs(x)), 0);
    if (top === 0 || !Number.isFinite(top)) return top;
    return top * Math.sqrt(v.reduce((sum, x) => sum + (x / top) ** 2, 0));
  }

  // Novikoff's quantities of u over the trials, from the payload's feature vectors (tested in
  // tests/browser/test_self_study_in_chromium.py against an independent computation, and in
  // tests/js/novikoff.test.mjs against learners/bounds.py novikoff on fixtures Python writes, at extreme
  // scales too).  The margins are those of the unit vector u/‖u‖ (γ/‖u‖ per trial): u and f are of the data's
  // scale, so u·f would underflow where each of them does not; the bound is (R‖u‖/γ)² = (R/(γ/‖u‖))².
  function novikoff(u, drag, points, T) {
    const norm = length(u);
    const unit = norm > 0 ? u.map((v) => v / norm) : u;
    const gamma = new Array(T), unitGamma = new Array(T), R = new Array(T), bound = new Array(T);
    let low = Infinity, high = 0, broken = 0;
    for (let t = 1; t <= T; t++) {
      const p = points(t), f = drag.F[p];
      low = Math.min(low, drag.signs[p] * dot(unit, f));
      high = Math.max(high, length(f));
      if (!(low > 0) && !broken) broken = t;
      unitGamma[t - 1] = low;
      gamma[t - 1] = low * norm;
      R[t - 1] = high;
      bound[t - 1] = low > 0 ? (high / low) ** 2 : null;
    }
    return {norm, gamma, unitGamma, R, bound, broken};
  }

  class Drag {
    constructor(player) {
      this.player = player;
      this.on = false;
      this.button = el("button", {type: "button", "data-action": "drag", className: "mbl-drag-toggle",
                                  title: "Drag the comparator u: Novikoff's bound for your u (U)", "aria-pressed": "false"},
                       ["Drag u"]);
      this.button.hidden = true;
      const keys = player.bar.querySelector(".mbl-tl-keys");
      player.bar.insertBefore(this.button, keys);
      player.extraKeys.u = "drag";
      player.extraKeys.U = "drag";
      this.panel = el("section", {className: "mbl-drag", "aria-label": "Drag the comparator", hidden: ""});
      player.math.insertBefore(this.panel, player.mathHead);
      this.layer = svg("svg", {class: "mbl-drag-layer"});
      this.clipRect = svg("rect");
      const clipId = `mbl-drag-clip-${Math.random().toString(36).slice(2)}`;
      const clip = svg("clipPath", {id: clipId});
      clip.append(this.clipRect);
      const defs = svg("defs");
      defs.append(clip);
      this.group = svg("g", {"clip-path": `url(#${clipId})`});
      this.line = svg("path", {fill: "none", stroke: COLOR, "stroke-width": "3", "stroke-dasharray": "14,6"});
      this.arrow = svg("path", {fill: "none", stroke: COLOR, "stroke-width": "3"});
      this.head = svg("path", {fill: COLOR, stroke: "none"});
      this.label = svg("text", {fill: COLOR, "font-size": "16", "font-weight": "700", "text-anchor": "middle",
                                "dominant-baseline": "middle"});
      this.label.textContent = "u";
      this.group.append(this.line, this.arrow, this.head, this.label);
      this.handles = ["base", "tip"].map((role) => {
        const handle = svg("circle", {class: `mbl-drag-handle mbl-drag-${role}`, r: "9", fill: role === "tip" ? COLOR : "#ffffff",
                                      stroke: COLOR, "stroke-width": "3", tabindex: "0", role: "button",
                                      "aria-label": role === "tip"
                                        ? "u's head: drag, or use the arrow keys, to turn u (Shift: finer)"
                                        : "u's base on its line: drag, or use the arrow keys, to move the line (Shift: finer)",
                                      "data-role": role});
        handle.addEventListener("pointerdown", (event) => this.grab(event, role));
        handle.addEventListener("keydown", (event) => this.nudge(event, role));
        return handle;
      });
      this.layer.append(defs, this.group, ...this.handles);
      this.layer.style.display = "none";
      player.boundary.append(this.layer);
      player.on("load", (payload) => this.load(payload));
      player.on("trial", () => this.update());
      player.on("redraw", () => this.draw());
      player.intercept((action) => {
        if (action !== "drag") return false;
        if (this.drag) this.setOn(!this.on);
        return true;
      });
    }

    load(payload) {
      const fresh = !this.payload || this.payload.id !== payload.id;
      this.payload = payload;
      this.drag = payload.kind === "points" ? payload.drag || null : null;
      this.button.hidden = !this.drag;
      this.traceIndex = null;                  // the curves were drawn anew: our trace is gone
      if (!this.drag) { if (this.on) this.setOn(false); return; }
      if (fresh || !this.base) this.start();
      this.compute();
      if (this.on) this.addTrace();
    }

    // the first u: its normal along x₁ through the middle of the view (or through 0 without an intercept)
    start() {
      const [x0, x1, y0, y1] = this.payload.boundary.box;
      this.span = Math.max(x1 - x0, y1 - y0);
      this.base = this.drag.intercept ? [(x0 + x1) / 2, (y0 + y1) / 2] : [0, 0];
      this.normal = [this.span / 4, 0];
    }

    u() {
      const [n1, n2] = this.normal, [a1, a2] = this.base;
      return this.drag.intercept ? [n1, n2, -(n1 * a1 + n2 * a2)] : [n1, n2];
    }

    // u from a vector of the learner's features (the max-margin u): base = the point of its line nearest the
    // middle of the view, normal = its (u₁, u₂) scaled to a quarter of the view
    setU(u) {
      const [x0, x1, y0, y1] = this.payload.boundary.box;
      const c = [(x0 + x1) / 2, (y0 + y1) / 2], v = [u[0], u[1]], b = this.drag.intercept ? u[2] : 0;
      const vv = dot(v, v);
      if (vv === 0) return;
      const shift = (dot(v, c) + b) / vv;
      this.base = this.drag.intercept ? [c[0] - shift * v[0], c[1] - shift * v[1]] : [0, 0];
      const scale = this.span / 4 / Math.sqrt(vv);
      this.normal = [v[0] * scale, v[1] * scale];
      this.changed();
    }

    setOn(on) {
      this.on = on;
      this.button.setAttribute("aria-pressed", on ? "true" : "false");
      this.button.classList.toggle("active", on);
      this.layer.style.display = on ? "" : "none";
      this.panel.hidden = !on;
      if (on) { this.addTrace(); this.draw(); this.update(); } else this.removeTrace();
    }

    compute() {
      const player = this.player;
      this.stats = novikoff(this.u(), this.drag, (t) => player.trials.point(t), player.T);
    }

    changed() {
      this.compute();
      this.draw();
      this.update();
      cancelAnimationFrame(this.curveFrame);
      this.curveFrame = requestAnimationFrame(() => this.restyle());
    }

    // ------------------------------------------------------------ the curve on the chart
    addTrace() {
      const player = this.player, curves = player.curves;
      if (this.traceIndex !== null || !curves._fullLayout || !player.Plotly) return;
      const trials = Array.from({length: player.T}, (_, i) => i + 1);
      player.Plotly.addTraces(curves, {type: "scatter", mode: "lines", name: NAME, x: trials, y: this.stats.bound,
                                       line: {color: COLOR, width: 2.5, dash: "longdash"},
                                       hovertemplate: `%{y:.4g}<extra>${NAME}</extra>`});
      this.traceIndex = curves.data.length - 1;
      curves.dataset.dragTrace = String(this.traceIndex);
    }
    restyle() {
      const curves = this.player.curves;
      if (this.traceIndex === null || !curves.data || !curves.data[this.traceIndex]) return;
      this.player.Plotly.restyle(curves, {y: [this.stats.bound]}, [this.traceIndex]);
    }
    removeTrace() {
      const curves = this.player.curves;
      if (this.traceIndex !== null && curves.data && curves.data[this.traceIndex]) {
        this.player.Plotly.deleteTraces(curves, [this.traceIndex]);
      }
      this.traceIndex = null;
    }

    // ------------------------------------------------------------ drawing
    draw() {
      const o = this.player.overlay;
      if (!this.on || !this.drag || !o.px || !o.plot) return;
      const {left, top, width, height} = o.plot;
      for (const [k, v] of Object.entries({x: left, y: top, width, height})) this.clipRect.setAttribute(k, v);
      const [a1, a2] = this.base, [n1, n2] = this.normal;
      const length = Math.hypot(n1, n2) || 1, far = 4 * this.span;
      const d = [-n2 / length, n1 / length];
      this.line.setAttribute("d", `M${o.px(a1 - far * d[0])},${o.py(a2 - far * d[1])}L${o.px(a1 + far * d[0])},${o.py(a2 + far * d[1])}`);
      const [bx, by, tx, ty] = [o.px(a1), o.py(a2), o.px(a1 + n1), o.py(a2 + n2)];
      const angle = Math.atan2(ty - by, tx - bx), size = 13;
      const back = (a) => [tx - size * Math.cos(angle + a), ty - size * Math.sin(angle + a)];
      const [l, r] = [back(0.45), back(-0.45)];
      this.arrow.setAttribute("d", `M${bx},${by}L${tx},${ty}`);
      this.head.setAttribute("d", `M${tx},${ty}L${l[0]},${l[1]}L${r[0]},${r[1]}Z`);
      this.label.setAttribute("x", tx + 16 * Math.cos(angle));
      this.label.setAttribute("y", ty + 16 * Math.sin(angle));
      this.handles[0].setAttribute("cx", bx); this.handles[0].setAttribute("cy", by);
      this.handles[1].setAttribute("cx", tx); this.handles[1].setAttribute("cy", ty);
      this.handles[0].style.display = this.drag.intercept ? "" : "none";     // without an intercept u's line passes 0
    }

    toData(event) {
      const full = this.player.below._fullLayout, rect = this.player.boundary.getBoundingClientRect();
      return [full.xaxis.p2l(event.clientX - rect.left - full.xaxis._offset),
              full.yaxis.p2l(event.clientY - rect.top - full.yaxis._offset)];
    }

    grab(event, role) {
      event.preventDefault();
      event.stopPropagation();
      const handle = event.currentTarget;
      handle.setPointerCapture(event.pointerId);
      const move = (moving) => {
        const [x, y] = this.toData(moving);
        if (role === "tip") this.normal = [x - this.base[0], y - this.base[1]];
        else this.base = [x, y];
        this.changed();
      };
      const stop = () => {
        handle.removeEventListener("pointermove", move);
        handle.removeEventListener("pointerup", stop);
        handle.removeEventListener("pointercancel", stop);
      };
      handle.addEventListener("pointermove", move);
      handle.addEventListener("pointerup", stop);
      handle.addEventListener("pointercancel", stop);
    }

    nudge(event, role) {
      const steps = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1]};
      const step = steps[event.key];
      if (!step) return;
      event.preventDefault();
      event.stopPropagation();            // the player's → and ← must not step while a handle moves
      const size = this.span * (event.shiftKey ? 0.005 : 0.025);
      if (role === "tip") this.normal = [this.normal[0] + step[0] * size, this.normal[1] + step[1] * size];
      else this.base = [this.base[0] + step[0] * size, this.base[1] + step[1] * size];
      this.changed();
    }

    // ------------------------------------------------------------ the numbers at the trial shown
    update() {
      if (!this.on || !this.drag || !this.stats) return;
      const t = this.player.t, s = this.stats, best = this.drag.best, u = this.u();
      const root = this.player.root;
      root.dataset.dragU = JSON.stringify(u);
      const parts = [el("div", {className: "mbl-drag-title", text: "Your comparator u (dashed, purple)"}),
        el("p", {text: `u = (${u.map(n4).join(", ")}), ‖u‖ = ${n4(s.norm)}`})];
      if (t === 0) {
        parts.push(el("p", {text: "Step (→) to show trials: γ, R and the bound are measured on the trials shown so far."}));
        root.dataset.dragGamma = ""; root.dataset.dragBound = "";
      } else {
        const gamma = s.gamma[t - 1], R = s.R[t - 1], bound = s.bound[t - 1];
        const mistakes = this.player.trials.cum_mistakes[t - 1];
        root.dataset.dragGamma = String(gamma);
        root.dataset.dragR = String(R);
        root.dataset.dragBound = bound === null ? "none" : String(bound);
        parts.push(el("p", {text: `On trials 1–${t}: γ = min y·(u·x) = ${n4(gamma)}, R = max ‖x‖ = ${n4(R)}`
                                  + `, γ/‖u‖ = ${n4(s.unitGamma[t - 1])}.`}));
        if (bound === null) {
          const p = this.player.trials.point(s.broken);
          parts.push(el("p", {className: "mbl-drag-broken",
            text: `u does not separate: from trial ${s.broken} (point #${p}) on, y·(u·x) ≤ 0 — no Novikoff bound for this u. `
                  + "Turn or move it until every point shown is on its side."}));
        } else {
          parts.push(el("p", {className: "mbl-drag-bound",
            text: `Novikoff: M ≤ (R‖u‖/γ)² = (${n4(R)}·${n4(s.norm)}/${n4(gamma)})² = ${n4(bound)}; the ${this.drag.learner} made M = ${mistakes}.`}));
        }
      }
      if (best) {
        parts.push(el("p", {className: "mbl-drag-best", text: `The best: on trials 1–${best.until}`
          + `${best.until < this.player.T ? " (no u separates more of them)" : ""} the max-margin u has γ/‖u‖ = `
          + `${n4(best.gamma)} — no u has more — and bound (R/γ)² = ${n4(best.bound)}.`}));
        const snap = el("button", {type: "button", className: "mbl-drag-snap"}, ["Use the max-margin u"]);
        snap.addEventListener("click", () => this.setU(best.u));
        parts.push(snap);
      } else {
        parts.push(el("p", {text: "No u separates the first trials: there is no Novikoff bound to find here."}));
      }
      this.panel.replaceChildren(...parts);
    }
  }

  api.use((player) => new Drag(player));
  api.drag = {novikoff};
})();
