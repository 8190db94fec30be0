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
// Used twice: as a Streamlit custom component (components/player/streamlit.js, the module's default export)
// and, unchanged, inside the offline HTML export of a run (window.MistakeBoundTimeline.mount).
//
// This file is the Player's core: its controls, loading a run, moving through it (Step, Back, Play, the
// slider, the keys) and the extension point of the plugins.  What it shows comes from the modules of
// components/player/, assembled before this file in the order of components/html_export.py PLAYER_MODULES
// (one script, one scope): dom.js (the element helper), plotly.js (the plotly.js loader), url.js (the one
// writer of the address bar), state.js (the players and their keys), kernel.js (a kernel model's shading),
// overlay.js (the boundary's moving parts), and the parts whose methods the Player mixes in: boundary.js,
// curves.js, experts.js, math.js, present.js (presentation mode) and export.js (SVG / PNG of the boundary).

const SPEEDS = [1, 2, 5, 10, 25, 50, 100, 250];          // trials per second
const DEFAULT_SPEED = 25;

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
    else if (action === "next-mistake") { this.pause(); this.setTrial(this.mistakeAfter(1)); }
    else if (action === "previous-mistake") { this.pause(); this.setTrial(this.mistakeAfter(-1)); }
    else if (action === "play") { this.playing ? this.pause() : this.play(); }
    else if (action === "present") { this.setPresent(!this.present); }
    else if (action === "leave") { this.setPresent(false); }
    else if (action === "whole") { this.showWhole = !this.showWhole; this.renderWhole(); }
    else if (action === "save-svg" || action === "save-png") { this.saveFigure(action.slice(5)); }
  }

  // the first mistake after the trial shown (direction 1) or before it (−1); the trial shown when there is none
  mistakeAfter(direction) {
    return nextMistake(this.trials ? this.trials.mistake || "" : "", this.T, this.t, direction);
  }

  // ---------------------------------------------------------------- loading a run
  async load(payload, start) {
    this.pause();
    this.loaded = false;            // until the figures are drawn, a resize must not render a trial
    this.payload = payload;
    this.T = payload.T;
    this.trials = payload.trials;
    this.slider.max = String(this.T);
    this.stateAt = modelIndex(payload.trials.updated || "", this.T);
    this.templates = payload.math.templates.map((template) => template.split(PLACEHOLDER));
    this.Plotly = await (this.options.Plotly ? Promise.resolve(labPlotly(this.options.Plotly)) : loadPlotly(this.options.src));
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
    if (payload.kind === "experts") this.labelBars();
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
    this.emit("ready", payload);      // drawn and at its first trial: what waited for the run may move it now
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

  // the overlay and the cursors after the axes moved or resized (a zoom, a new size)
  redraw() {
    if (this.kind === "experts") this.labelBars();
    else {
      if (!this.below._fullLayout || !this.overlay.clipRect) return;   // a resize between a new run and its figure
      this.overlay.project();
      this.shownState = undefined;
    }
    this.shownTemplate = undefined;           // the math is laid out again for the new width
    if (this.payload && this.loaded && this.t >= 0) this.render();
    this.emit("redraw");
  }

  // ---------------------------------------------------------------- moving through the run
  // before the run is drawn (inside load) there is no trial to show: a call then is dropped, and whoever must move
  // the player once it can (a class room's state that arrived early) listens for "ready"
  setTrial(t, {force = false} = {}) {
    if (!this.loaded) return;
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
    // unavailable, not disabled: a disabled button loses the focus (to the page's body) the moment Step reaches
    // the last trial or Reset the first, and the control that was used keeps it (WCAG 2.4.3); pressing it then
    // does nothing, since the trial it would show is the one shown
    this.buttons.back.setAttribute("aria-disabled", String(t === 0));
    this.buttons.step.setAttribute("aria-disabled", String(t === T));
    this.buttons.reset.setAttribute("aria-disabled", String(t === 0));
    const m = this.metricValues;
    m.trial.textContent = `${t} / ${T}`;
    m.mistakes.textContent = formatNumber(t ? trials.cum_mistakes[t - 1] : 0);
    if (m.loss) m.loss.textContent = formatNumber(t ? trials.cum_loss[t - 1] : 0);
    if (m.updates) m.updates.textContent = formatNumber(this.stateAt[t]);
    if (m.best) m.best.textContent = formatNumber(t ? trials.best[t - 1] : 0);
    if (m.expected) m.expected.textContent = formatNumber(t ? trials.cum_expected[t - 1] : 0);
    if (this.kind === "experts") this.renderExperts(t);
    else this.renderBoundary(t);
    this.renderMath(t);
    this.curvesCursor.move(t);
    if (this.invariantsDrawn && this.invariantsBox.open) this.invariantsCursor.move(t);
    this.root.dataset.trial = String(t);
    this.emit("trial", t);
  }

  // ---------------------------------------------------------------- play
  play() {
    if (this.t >= this.T) this.setTrial(0);
    this.playing = true;
    this.emit("play");
    this.buttons.play.textContent = "Pause";
    this.root.classList.add("mbl-tl-playing");
    this.last = performance.now();
    this.carry = 0;
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(this.tick);
  }
  pause() {
    const was = this.playing;
    this.playing = false;
    cancelAnimationFrame(this.frame);
    this.buttons.play.textContent = "▶ Play";
    this.root.classList.remove("mbl-tl-playing");
    if (was) this.emit("pause", this.t >= this.T);      // true: Play ran to the run's end
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

  // ---------------------------------------------------------------- keyboard, URL
  key(event) {
    const action = KEYS[event.key] || this.extraKeys[event.key];
    if (!action || (action === "leave" && !this.present)) return false;
    this.act(action);
    return true;
  }

  scheduleUrl() {
    if (!this.options.url) return;
    clearTimeout(this.urlTimer);
    this.urlTimer = setTimeout(() => this.writeUrl(), 250);
  }
  writeUrl() {
    address.write({t: String(this.t), present: this.present ? "1" : null});
  }

  destroy() {
    this.pause();
    this.resizer.disconnect();
    players.delete(this);
    if (activePlayer === this) activePlayer = null;
    if (this.Plotly) for (const div of [this.below, this.above, this.curves, this.invariants]) this.Plotly.purge(div);
  }
}

// the parts of the player kept in their own modules: their methods become the Player's (``this`` is the player)
for (const part of [BoundaryScene, CurvesScene, ExpertsScene, MathBox, Presentation, FigureExport]) {
  for (const name of Object.getOwnPropertyNames(part.prototype)) {
    if (name === "constructor") continue;
    if (Object.prototype.hasOwnProperty.call(Player.prototype, name)) throw new Error(`Player.${name} is defined twice`);
    Object.defineProperty(Player.prototype, name, Object.getOwnPropertyDescriptor(part.prototype, name));
  }
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

// node: the one element helper, for the plugins; url: the one writer of the address bar (url.js)
window.MistakeBoundTimeline = {mount, Player, use, node, url: address};

// "Skip to the player": the page's first focusable element while a player is on it (WCAG 2.4.1), shown when focused;
// it moves the focus to Step, where the player's keys work.
function skipLink(on) {
  let link = document.querySelector("a.mbl-tl-skip");
  if (!on) { if (link) link.remove(); return; }
  if (link) return;
  link = node("a", {className: "mbl-tl-skip", href: "#", text: "Skip to the player"});
  link.addEventListener("click", (event) => {
    event.preventDefault();
    const player = [...players].find((candidate) => candidate.root.isConnected);
    if (player) player.buttons.step.focus();
  });
  document.body.prepend(link);
}
