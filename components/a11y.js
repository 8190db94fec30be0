// Mistake Bound Lab — a screen reader follows every trial: a plugin of components/timeline.js.
//
// plotly.js gives its SVG no name, so each figure gets an image (role="img": a transparent layer over the
// figure, in its container, its plot insides hidden) with an accessible name and a description written from
// the run at the trial shown: the model after the trial
// (the payload's per-trial w, written by lab/quiz.py from the learner's records), how many points it
// misclassifies, the cumulative mistakes and the first bound curve's value; a model of one vector per class
// (multiclass, priority) is named as the catalog names a class's vector (payload.class_vectors).  Each trial
// shown is announced in words in a polite live region; while Play runs only every k-th trial or only the
// mistakes are (the "Announce" setting), at most one every PLAY_GAP_MS — the newest due, so what is said is
// never behind the run — and Play's start, a Pause and the run's end are said at once with the trial and the
// mistakes they stop at.  D opens a data table of the points and of the curves at every trial.  Nothing of a
// learning rule is computed here: the words are read off the payload.
(() => {
  const api = window.MistakeBoundTimeline;
  if (!api || !api.use) return;
  //: how often Play announces (Step, Back and the slider announce every trial they show)
  const RATES = [["mistakes", "mistakes"], ["1", "every trial"], ["10", "every 10th"], ["50", "every 50th"],
                 ["off", "nothing"]];
  //: while Play runs, words are said at most once per PLAY_GAP_MS (a short sentence takes a screen reader about two
  //: seconds: faster, they queue up behind the run or are dropped); Step, Back and the slider's words wait
  //: STEP_GAP_MS behind the last ones (a held arrow key).  Words that must wait are replaced by newer ones.
  const PLAY_GAP_MS = 2500, STEP_GAP_MS = 400;

  const el = api.node;                     // the player's element helper (components/timeline.js)

  // a number as a listener hears it: as the player writes it (components/player/numbers.js)
  const said = formatNumber;
  const vector = (values) => `(${values.map(said).join(", ")})`;
  // plotly trace names are HTML-escaped ("Supeesun &amp; Fakcharoenphol")
  const plain = (text) => String(text || "").replace(/<[^>]*>/g, "").replace(/&amp;/g, "&").replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">").replace(/&quot;/g, "\"").replace(/&#39;/g, "'");

  // The curves of the run at every trial 1..T: the measured mistakes and each other trace, read as a step
  // function of its own x (a trace holds a value from its x on); null before a trace's first x.
  function curvesAtTrials(payload) {
    let figure;
    try { figure = JSON.parse(payload.curves.figure); } catch (error) { return []; }
    const T = payload.T;
    return (figure.data || []).filter((trace) => Array.isArray(trace.x) && Array.isArray(trace.y) && trace.name)
      .map((trace) => {
        const values = new Array(T).fill(null);
        let j = -1;
        for (let t = 1; t <= T; t++) {
          while (j + 1 < trace.x.length && Number(trace.x[j + 1]) <= t) j++;
          values[t - 1] = j >= 0 && trace.y[j] !== null ? Number(trace.y[j]) : null;
        }
        // a curve standing for bounds that coincide: its short name and the sentence why (the legend says both)
        const meta = trace.meta && typeof trace.meta === "object" && typeof trace.meta.names === "string" ? trace.meta : null;
        return {name: plain(meta ? meta.names : trace.name), note: meta ? plain(meta.note) : "", coinciding: Boolean(meta),
                bound: trace.legendgroup === "bound", values};
      });
  }

  // "Novikoff (Agarwal's notes, Thm 2.1)" → "Novikoff's bound"; a curve that stands for two bounds that
  // coincide on the run (viz/curves.py coinciding_bounds: its short name in the trace's meta) → "the bound of
  // Weighted Majority and WM, lecture form"
  function boundName(curve) {
    if (curve.coinciding) return `the bound of ${curve.name}`;
    const author = curve.name.split(" (")[0].split(":")[0];
    return /bound/i.test(author) ? author : `${author}'s bound`;
  }

  class Reader {
    constructor(player) {
      this.player = player;
      this.rate = "mistakes";
      this.tableOpen = false;
      this.boundaryDescription = el("p", {className: "mbl-a11y-hidden", id: uid("boundary")});
      // each figure's image: a transparent layer over it (the figure's container also holds controls, e.g. the
      // comparator's handles, which an image may not contain)
      this.boundaryImage = el("div", {className: "mbl-a11y-figure", role: "img"});
      this.curvesImage = el("div", {className: "mbl-a11y-figure", role: "img"});
      this.curvesDescription = el("p", {className: "mbl-a11y-hidden", id: uid("curves")});
      this.live = el("div", {className: "mbl-a11y-hidden mbl-a11y-live", role: "status", "aria-live": "polite",
                             "aria-atomic": "true"});
      this.rateSelect = el("select", {className: "mbl-a11y-rate", "aria-label": "announce while playing",
                                      title: "What a screen reader hears while Play runs"},
        RATES.map(([value, label]) => el("option", {value, text: `say ${label}`})));
      this.rateSelect.value = this.rate;
      this.rateSelect.addEventListener("change", () => { this.rate = this.rateSelect.value; });
      this.tableButton = el("button", {type: "button", "data-action": "table", className: "mbl-a11y-tablebutton",
                                       title: "Data table of the points and the curves (D)",
                                       "aria-label": "Data table of the points and the curves (D)",
                                       "aria-expanded": "false"}, ["Table"]);
      this.table = el("section", {className: "mbl-a11y-table", "aria-label": "the run as tables"});
      this.table.hidden = true;
      const keys = player.bar.querySelector(".mbl-tl-keys");
      player.bar.insertBefore(this.rateSelect, keys);
      player.bar.insertBefore(this.tableButton, keys);
      if (keys) keys.textContent += " · D data table";
      player.bar.append(this.live);
      player.boundary.append(this.boundaryDescription);
      player.curvesBox.append(this.curvesDescription);
      player.root.insertBefore(this.table, player.notes);
      // the math changes every trial: the live region speaks for it, in words at a listenable rate
      player.math.setAttribute("aria-live", "off");
      player.extraKeys.d = "table";
      player.extraKeys.D = "table";
      player.intercept((action) => {
        if (action === "table") { this.toggleTable(); return true; }
        if (action === "step" || action === "back" || action === "reset" || action === "end"
            || action === "next-mistake" || action === "previous-mistake") this.stepped = true;
        return false;
      });
      // before the player's own listener (a capturing one runs first at its target), which pauses and shows the trial
      player.slider.addEventListener("input", () => { this.stepped = true; }, {capture: true});
      player.on("load", (payload) => this.load(payload));
      player.on("trial", (t) => this.trial(t));
      player.on("redraw", () => this.hideInsides());
      player.on("play", () => this.played());
      player.on("pause", (ended) => this.paused(ended));
      this.saidAt = -Infinity;
      this.timer = 0;
      this.prefix = "";
    }

    // the live region says `words` (about trial t) now, or, within `gap` ms of the last words, when the gap is
    // over — unless newer words replace them before: what is said is the newest
    say(words, t, gap) {
      clearTimeout(this.timer);
      const wait = this.saidAt + gap - performance.now();
      if (wait > 0) {
        this.timer = setTimeout(() => this.sayNow(words, t), wait);
        return;
      }
      this.sayNow(words, t);
    }

    sayNow(words, t) {
      clearTimeout(this.timer);
      this.live.textContent = words;
      this.saidAt = performance.now();
      this.player.root.dataset.announced = String(t);
    }

    // the mistakes so far and the first bound at trial t: "6 mistakes; Novikoff's bound 20"
    tally(t) {
      const m = this.mistakesAt(t), bound = this.boundAt(t);
      return `${m} mistake${m === 1 ? "" : "s"}` + (bound !== null ? `; ${boundName(this.bound)} ${said(bound)}` : "");
    }

    played() {
      const p = this.player, label = RATES.find(([value]) => value === this.rate)[1];
      this.sayNow(`Playing from trial ${p.t} of ${p.T} at ${p.speed} trials per second; saying ${label}.`, p.t);
    }

    // Pause, or Play at the run's end: said at once, with where it stopped.  A Step (or Back, Reset, End, the
    // slider) that paused Play says its trial instead, "Paused." first.
    paused(ended) {
      const p = this.player;
      if (this.stepped) { this.prefix = "Paused. "; return; }
      this.sayNow(ended ? `End of the run: trial ${p.T} of ${p.T}. ${this.tally(p.T)}.`
                        : `Paused at trial ${p.t} of ${p.T}. ${this.tally(p.t)}.`, p.t);
      this.asked = p.t;
    }

    load(payload) {
      this.payload = payload;
      this.curves = payload.kind === "points" || payload.kind === "experts" ? curvesAtTrials(payload) : [];
      this.bound = this.curves.find((curve) => curve.bound) || null;
      this.asked = null;
      clearTimeout(this.timer);
      const scene = payload.kind === "points" ? this.player.boundary : this.player.experts;
      scene.prepend(this.boundaryImage);
      scene.append(this.boundaryDescription);
      this.player.curvesBox.prepend(this.curvesImage);
      for (const [image, description] of [[this.boundaryImage, this.boundaryDescription],
                                          [this.curvesImage, this.curvesDescription]]) {
        image.setAttribute("aria-describedby", description.id);
      }
      if (this.tableOpen) this.buildTable();
    }

    // the learner's model after trial t as the payload records it: w (bias last) for a binary linear run
    modelAfter(t) {
      const quiz = this.payload.quiz;
      if (!quiz || !quiz.answers || !Array.isArray(quiz.answers.w)) return null;
      if (t === 0) return null;
      const w = quiz.answers.w[t - 1];
      return Array.isArray(w) && w.every((v) => typeof v === "number") ? w : null;
    }

    // points on the wrong side of a binary linear model w = (w₁, w₂, b): class 1 where w·x + b > 0
    misclassified(w) {
      const p = this.payload;
      if (!w || w.length !== 3 || p.class_names.length !== 2) return null;
      let wrong = 0;
      for (let i = 0; i < p.labels.length; i++) {
        const side = w[0] * p.X[0][i] + w[1] * p.X[1][i] + w[2] > 0 ? 1 : 0;
        if (side !== p.labels[i]) wrong++;
      }
      return wrong;
    }

    mistakesAt(t) { return t ? this.payload.trials.cum_mistakes[t - 1] : 0; }
    boundAt(t) { return this.bound && t ? this.bound.values[t - 1] : null; }

    // a model of one vector per class (payload.class_vectors, lab/timeline.py): every class's vector after trial t
    vectorsAfter(t) {
      const vectors = this.payload.class_vectors;
      if (!vectors || !Array.isArray(vectors.after)) return null;
      return vectors.after[this.player.stateAt[t]] || null;
    }

    boundaryLabel(t) {
      const p = this.payload;
      if (p.kind !== "points") {
        return `The ${p.N} experts' weights ${t ? `after trial ${t}` : "before the first trial"} (shares of the total)`;
      }
      const head = `${p.learner || "The learner's"} boundary ${t ? `after trial ${t}` : "before the first trial"}`;
      const rows = this.vectorsAfter(t);
      if (rows) {
        const {symbol, coordinates} = p.class_vectors;
        return `${head}: one vector ${symbol} per class y, on (${coordinates.join(", ")}): `
          + rows.map((row, j) => `${p.class_names[j]} ${vector(row)}`).join(", ");
      }
      const w = this.modelAfter(t);
      if (!w) return `${head}; ${p.n_points} points in ${p.class_names.length} classes`;
      const wrong = this.misclassified(w);
      const model = w.length === 3 ? `w = ${vector(w.slice(0, 2))}, b = ${said(w[2])}` : `w = ${vector(w)}`;
      return `${head}: ${model}${wrong === null ? "" : `; it misclassifies ${wrong} of ${p.n_points} points`}`;
    }

    curvesLabel(t) {
      const parts = [`Cumulative mistakes and bounds at trial ${t} of ${this.payload.T}: ${this.mistakesAt(t)} mistakes`];
      if (t) for (const curve of this.curves) {
        if (curve.name === "mistakes" || curve.values[t - 1] === null) continue;
        parts.push(`${curve.name} ${said(curve.values[t - 1])}`);
      }
      return parts.join("; ");
    }

    // the curves' description: what the figure draws, and why a curve stands for more than one bound
    curvesWords(t) {
      const notes = this.curves.filter((curve) => curve.note).map((curve) => ` ${curve.name}: ${curve.note}.`);
      return `Cumulative mistakes against the trial, with the bound curves of the run over all ${this.payload.T} `
        + `trials; the cursor marks trial ${t}.${notes.join("")} Press D for the values as a table.`;
    }

    announcement(t) {
      const p = this.payload;
      if (t === 0) return "Trial 0: before the first trial. 0 mistakes.";
      const mistake = p.trials.mistake[t - 1] === "1", updated = (p.trials.updated || "")[t - 1] === "1";
      let words;
      if (p.kind === "points") {
        const point = p.trials.point(t), label = p.labels[point], names = p.class_names;
        let predicted = mistake ? "another class" : names[label];
        if (names.length === 2) predicted = names[mistake ? 1 - label : label];
        words = `Trial ${t}: point ${point} at ${vector([p.X[0][point], p.X[1][point]])}, class ${names[label]}, `
          + `predicted ${predicted}: ${mistake ? "a mistake" : "correct"}.`;
        if (updated) words += this.moved(t);
      } else {
        words = `Trial ${t}: ${this.player.mathHead.textContent.replace(/^Trial \d+ — /, "")}: `
          + `${mistake ? "a mistake" : "correct"}.`;
      }
      return `${words} ${this.tally(t)}.`;
    }

    // what trial t's update moved: the vectors of the classes that changed, or w
    moved(t) {
      const rows = this.vectorsAfter(t), before = rows && this.vectorsAfter(t - 1);
      if (rows && before) {
        const names = this.payload.class_names, symbol = this.payload.class_vectors.symbol.split(" = ")[0];
        const changed = rows.map((row, j) => j).filter((j) => rows[j].some((v, i) => v !== before[j][i]));
        if (!changed.length) return " No vector moves.";
        return ` ${symbol} moves for ${changed.map((j) => `${names[j]} to ${vector(rows[j])}`).join(", ")}.`;
      }
      const w = rows ? null : this.modelAfter(t);
      return w ? ` w moves to ${vector(w)}.` : " The model moves.";
    }

    // while Play runs: the trial, whether it was a mistake, the tally
    playWords(t) {
      if (t === 0) return "Trial 0: before the first trial. 0 mistakes.";
      return `Trial ${t}: ${this.payload.trials.mistake[t - 1] === "1" ? "a mistake" : "correct"}. ${this.tally(t)}.`;
    }

    // whether trial t is spoken: always when stepped to, at the chosen rate while playing
    spoken(t) {
      if (!this.player.playing || this.stepped) return true;
      if (this.rate === "off") return false;
      if (this.rate === "mistakes") return t > 0 && this.payload.trials.mistake[t - 1] === "1";
      return t % Number(this.rate) === 0;
    }

    // inside the images only their names and descriptions speak: plotly's SVG text (ticks, legend), its mode
    // bar (not keyboard-reachable; the SVG and PNG buttons save the figure) and the title are hidden
    hideInsides() {
      for (const box of [this.player.boundary, this.player.experts, this.player.curvesBox]) {
        for (const inside of box.querySelectorAll(".main-svg, .modebar-container, .mbl-tl-title, .mbl-tl-overlay")) {
          if (inside.getAttribute("aria-hidden") !== "true") inside.setAttribute("aria-hidden", "true");
        }
      }
    }

    trial(t) {
      if (!this.payload) return;
      this.hideInsides();
      this.boundaryImage.setAttribute("aria-label", this.boundaryLabel(t));
      this.boundaryDescription.textContent = this.payload.kind !== "points"
        ? "A bar per expert: its share of the total weight after the trial; below, the weighted vote."
        : `The figure shows the points by class (colour and shape), the regions each class is given, `
          + `the trial's point ringed; its title: ${this.player.title.textContent}.`;
      this.curvesImage.setAttribute("aria-label", this.curvesLabel(t));
      this.curvesDescription.textContent = this.curvesWords(t);
      // a redraw (a resize, a zoom, a new theme) shows the same trial again: it is not said twice
      if (this.spoken(t) && (t !== this.asked || this.stepped)) {
        this.asked = t;
        if (this.player.playing && !this.stepped) this.say(this.playWords(t), t, PLAY_GAP_MS);
        else this.say(this.prefix + this.announcement(t), t, STEP_GAP_MS);
        this.prefix = "";
      }
      this.stepped = false;
    }

    toggleTable() {
      this.tableOpen = !this.tableOpen;
      this.table.hidden = !this.tableOpen;
      this.tableButton.setAttribute("aria-expanded", String(this.tableOpen));
      if (this.tableOpen) { this.buildTable(); this.table.focus({preventScroll: false}); }
    }

    buildTable() {
      const p = this.payload;
      if (!p) return;
      const table = (caption, head, rows) => el("table", {}, [
        el("caption", {text: caption}),
        el("thead", {}, [el("tr", {}, head.map((h) => el("th", {scope: "col", text: h})))]),
        el("tbody", {}, rows.map((row) => el("tr", {}, row.map((cell, i) =>
          i === 0 ? el("th", {scope: "row", text: cell}) : el("td", {text: cell})))))]);
      const parts = [];
      if (p.kind === "points") {
        const rows = p.labels.map((label, i) => [String(i), said(p.X[0][i]), said(p.X[1][i]), p.class_names[label],
                                                 said(p.point_weights[i])]);
        parts.push(table(`The ${p.n_points} points`, ["point", "x₁", "x₂", "class", "weight"], rows));
      }
      const names = this.curves.map((curve) => curve.name);
      const rows = [];
      for (let t = 1; t <= p.T; t++) {
        rows.push([String(t), p.trials.mistake[t - 1] === "1" ? "yes" : "no",
                   ...this.curves.map((curve) => said(curve.values[t - 1]))]);
      }
      parts.push(table(`The curves at every trial (1 to ${p.T})`, ["trial", "mistake", ...names], rows));
      this.table.tabIndex = 0;                 // a scrolling region a keyboard can reach
      this.table.replaceChildren(el("h3", {text: "The run as tables"}), ...parts);
    }
  }

  let count = 0;
  function uid(name) { count += 1; return `mbl-a11y-${name}-${count}`; }

  // The focus stays on the control that was used when Streamlit draws it again.  A rerun that rebuilds the part of
  // the page a widget is in (a lesson's "Next screen ▶", below the answer's verdict) replaces the focused element,
  // and the focus falls to the page's body: the next Tab starts again at the top.  The keeper remembers the focused
  // element's place — its widget's key (the st-key- class of its box), its kind, its name — and, when that element
  // leaves the page with the focus on the body, focuses its new copy as soon as the page has it (within KEEP_MS).
  const KEEP_MS = 10000;
  function keepFocus() {
    if (window.__mblFocusKeeper) return;
    window.__mblFocusKeeper = true;
    let held = null;
    const nameOf = (element) => element.getAttribute("aria-label") || element.dataset.action || element.textContent.trim();
    document.addEventListener("focusin", (event) => {
      const element = event.target, box = element.closest && element.closest("[class*='st-key-']");
      const key = box && [...box.classList].find((name) => name.startsWith("st-key-"));
      held = key ? {element, key, tag: element.tagName, name: nameOf(element),
                    index: [...box.querySelectorAll(element.tagName)].indexOf(element), lost: 0} : null;
    });
    new MutationObserver(() => {
      if (!held || held.element.isConnected) return;
      const now = performance.now();
      held.lost = held.lost || now;
      if (now - held.lost > KEEP_MS || (document.activeElement && document.activeElement !== document.body)) {
        held = null;
        return;
      }
      const box = document.querySelector(`.${CSS.escape(held.key)}`);
      if (!box) return;
      const copies = [...box.querySelectorAll(held.tag)];
      const again = copies.find((copy) => nameOf(copy) === held.name) || copies[held.index];
      if (again && !again.disabled) again.focus();
    }).observe(document.body, {childList: true, subtree: true});
  }
  keepFocus();

  api.use((player) => new Reader(player));
  api.a11y = {PLAY_GAP_MS, STEP_GAP_MS};
})();
