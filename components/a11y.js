// Mistake Bound Lab — a screen reader follows every trial: a plugin of components/timeline.js.
//
// plotly.js gives its SVG no name, so each figure gets an image (role="img": a transparent layer over the
// figure, in its container, its plot insides hidden) with an accessible name and a description written from
// the run at the trial shown: the model after the trial
// (the payload's per-trial w, written by lab/quiz.py from the learner's records), how many points it
// misclassifies, the cumulative mistakes and the first bound curve's value.  Each trial shown is announced
// in words in a polite live region; while Play runs only every k-th trial or only the mistakes are (the
// "Announce" setting), so a listener can follow.  D opens a data table of the points and of the curves at
// every trial.  Nothing of a learning rule is computed here: the words are read off the payload.
(() => {
  const api = window.MistakeBoundTimeline;
  if (!api || !api.use) return;
  //: how often Play announces (Step, Back and the slider announce every trial they show)
  const RATES = [["mistakes", "mistakes"], ["1", "every trial"], ["10", "every 10th"], ["50", "every 50th"],
                 ["off", "nothing"]];

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
        return {name: plain(trace.name), bound: trace.legendgroup === "bound", values};
      });
  }

  // "Novikoff (Agarwal's notes, Thm 2.1)" → "Novikoff's bound"; "Weighted Majority = WM, lecture form: …" →
  // "Weighted Majority's bound" (a legend entry naming two equal bounds)
  function boundName(name) {
    const author = name.split(" (")[0].split(":")[0].split(" = ")[0];
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
      player.slider.addEventListener("input", () => { this.stepped = true; });
      player.on("load", (payload) => this.load(payload));
      player.on("trial", (t) => this.trial(t));
      player.on("redraw", () => this.hideInsides());
    }

    load(payload) {
      this.payload = payload;
      this.curves = payload.kind === "points" || payload.kind === "experts" ? curvesAtTrials(payload) : [];
      this.bound = this.curves.find((curve) => curve.bound) || null;
      this.lastSaid = null;
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

    boundaryLabel(t) {
      const p = this.payload;
      if (p.kind !== "points") {
        return `The ${p.N} experts' weights ${t ? `after trial ${t}` : "before the first trial"} (shares of the total)`;
      }
      const w = this.modelAfter(t);
      const head = `${p.learner || "The learner's"} boundary ${t ? `after trial ${t}` : "before the first trial"}`;
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
        const w = this.modelAfter(t);
        if (updated) words += w ? ` w moves to ${vector(w)}.` : " The model moves.";
      } else {
        words = `Trial ${t}: ${this.player.mathHead.textContent.replace(/^Trial \d+ — /, "")}: `
          + `${mistake ? "a mistake" : "correct"}.`;
      }
      const m = this.mistakesAt(t), bound = this.boundAt(t);
      words += ` ${m} mistake${m === 1 ? "" : "s"}`;
      if (bound !== null) words += `; ${boundName(this.bound.name)} ${said(bound)}`;
      return words + ".";
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
          + `the trial's point ringed. ${this.player.title.textContent}.`;
      this.curvesImage.setAttribute("aria-label", this.curvesLabel(t));
      this.curvesDescription.textContent = `Cumulative mistakes against the trial, with the bound curves of the run `
        + `over all ${this.payload.T} trials; the cursor marks trial ${t}. Press D for the values as a table.`;
      // a redraw (a resize, a zoom, a new theme) shows the same trial again: it is not said twice
      if (this.spoken(t) && (t !== this.lastSaid || this.stepped)) {
        const words = this.announcement(t);
        this.live.textContent = words;
        this.lastSaid = t;
        this.player.root.dataset.announced = String(t);
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

  api.use((player) => new Reader(player));
})();
