// Mistake Bound Lab — "Predict the next update": a quiz mode for the timeline player.
//
// A plugin of components/timeline.js (its extension point: use, on, intercept, extraKeys).  With the
// quiz on (the Quiz button, or Q), a Step first asks about the trial to come: a mistake or not, which
// way the learner moves, what w will be.  Check (Enter) grades the answers, reveals the trial (the
// player steps to it, and its math shows below) and explains it with the trial's numbers; the next
// Step asks again.  The answers and the words come with the run's payload (lab/quiz.py computes them
// from the learner's own records): this script implements no learning rule, it only compares.  The
// score counts every trial once.  The address bar keeps the quiz on (?quiz=1).
(() => {
  const api = window.MistakeBoundTimeline;
  if (!api || !api.use) return;
  const SVG = "http://www.w3.org/2000/svg";

  const el = api.node;                     // the player's element helper (components/timeline.js)

  // The comparisons — the only rules here: an option's index, a set of indices, numbers within the question's
  // tolerance.  A typed number is read (readNumber) and judged (isClose) by components/player/grading.js, a module
  // of the player's script (components/html_export.py PLAYER_MODULES), lab/grading.py's rule.
  function grade(question, expected, given) {
    if (question.kind === "choice") return given === expected;
    if (question.kind === "multi") {
      const a = [...given].sort((x, y) => x - y), b = [...expected].sort((x, y) => x - y);
      return a.length === b.length && a.every((v, i) => v === b[i]);
    }
    return expected.length === given.length && expected.every((value, i) => isClose(given[i], value, question.tolerance));
  }

  function shown(question, answer) {
    if (question.kind === "choice") return question.options[answer];
    if (question.kind === "multi") return answer.length ? answer.map((i) => question.options[i]).join(", ") : "none";
    return `(${answer.map((value) => numberText(value)).join(", ")})`;
  }

  class Quiz {
    constructor(player) {
      this.player = player;
      this.on = false;
      this.asking = null;           // the trial whose question is open
      this.results = new Map();     // trial → {right: {id: bool}, given: {id: answer}}
      this.button = el("button", {type: "button", "data-action": "quiz", className: "mbl-quiz-toggle",
                                  title: "Predict the next update: answer before every Step (Q)",
                                  "aria-pressed": "false"}, ["Quiz"]);
      const keys = player.bar.querySelector(".mbl-tl-keys");
      player.bar.insertBefore(this.button, keys);
      if (keys) keys.textContent += " · Q quiz";
      player.extraKeys.q = "quiz";
      player.extraKeys.Q = "quiz";
      this.panel = el("section", {className: "mbl-quiz", "aria-label": "Predict the next update", hidden: ""});
      player.math.insertBefore(this.panel, player.math.firstChild);
      this.layer = document.createElementNS(SVG, "svg");
      this.layer.setAttribute("class", "mbl-quiz-layer");
      this.ring = document.createElementNS(SVG, "circle");
      for (const [k, v] of Object.entries({fill: "none", stroke: "#000", "stroke-width": "2.5", "stroke-dasharray": "5,4",
                                           visibility: "hidden"})) this.ring.setAttribute(k, v);
      this.layer.append(this.ring);
      player.boundary.append(this.layer);
      player.on("load", (payload) => this.load(payload));
      player.on("trial", () => this.follow());
      player.on("redraw", () => this.placeRing());
      player.intercept((action) => this.intercept(action));
    }

    load(payload) {
      const fresh = !this.payload || this.payload.id !== payload.id;
      this.payload = payload;
      this.quiz = payload.quiz || null;
      this.button.hidden = !this.quiz;
      if (fresh) { this.results = new Map(); this.asking = null; }
      if (this.urlRead === undefined) {
        this.urlRead = true;
        if (api.url.read("quiz") === "1" && this.quiz) this.setOn(true, {ask: false});
      }
      if (!this.quiz && this.on) this.setOn(false);
      this.render();
    }

    intercept(action) {
      if (action === "quiz") { if (this.quiz) this.setOn(!this.on); return true; }
      if (!this.on || !this.quiz) return false;
      const t = this.player.t;
      if (action === "play") {
        this.note = "Play waits while the quiz is on: Step (→) asks about the next trial first.";
        this.render();
        return true;
      }
      if (action === "next-mistake" || action === "previous-mistake") {
        // jumping to a mistake would tell which trials are mistakes: the quiz's first question
        this.note = "N and Shift+N wait while the quiz is on: they would give the answers away.";
        this.render();
        return true;
      }
      if (action !== "step") {
        this.asking = null;
        return false;
      }
      const next = t + 1;
      if (next > this.player.T || next > this.quiz.T || this.results.has(next)) { this.asking = null; return false; }
      if (this.asking === next) { this.focusFirst(); return true; }
      this.ask(next);
      return true;
    }

    setOn(on, {ask = true} = {}) {
      this.on = on;
      this.button.setAttribute("aria-pressed", on ? "true" : "false");
      this.button.classList.toggle("active", on);
      this.player.root.classList.toggle("mbl-quizzing", on);
      this.asking = null;
      this.note = "";
      if (on) this.player.pause();
      if (on && ask && this.player.t < Math.min(this.player.T, this.quiz.T) && !this.results.has(this.player.t + 1)) {
        this.ask(this.player.t + 1);
      } else {
        this.render();
      }
      this.writeUrl();
    }

    writeUrl() { api.url.write({quiz: this.on ? "1" : null}); }

    ask(t) {
      this.asking = t;
      this.note = "";
      this.render();
      this.focusFirst();
    }

    focusFirst() {
      const first = this.panel.querySelector("input");
      if (first) first.focus({preventScroll: true});
    }

    follow() {
      if (this.asking !== null && this.asking !== this.player.t + 1) { this.asking = null; this.render(); }
      this.placeRing();
    }

    root() { return this.player.root; }

    // the point the question is about: a dashed ring (the player's solid ring marks the trial shown)
    placeRing() {
      const player = this.player, payload = this.payload;
      if (!this.on || this.asking === null || !payload || payload.kind !== "points" || !player.overlay.px) {
        this.ring.setAttribute("visibility", "hidden");
        return;
      }
      const point = player.trials.point(this.asking);
      this.ring.setAttribute("cx", player.overlay.px(payload.X[0][point]));
      this.ring.setAttribute("cy", player.overlay.py(payload.X[1][point]));
      this.ring.setAttribute("r", (player.overlay.ringRadius || 13) + 5);
      this.ring.setAttribute("visibility", "visible");
    }

    heading(t) {
      const payload = this.payload;
      if (payload.kind === "experts") {
        return `Trial ${t}: the experts advise ${payload.advice[t - 1]}, the outcome will be ${payload.outcomes[t - 1]}.`;
      }
      const point = this.player.trials.point(t);
      const x = numberText(payload.X[0][point]), y = numberText(payload.X[1][point]);
      const weight = this.player.trials.weight[t - 1];
      return `Trial ${t}: point #${point} at (${x}, ${y}), class ${payload.class_names[payload.labels[point]]}`
        + (weight !== 1 ? `, weight ${numberText(weight)}` : "") + " — ringed with a dashed circle.";
    }

    render() {
      const quiz = this.quiz;
      this.panel.hidden = !this.on || !quiz;
      this.placeRing();
      this.root().dataset.quizScore = this.scoreText();
      this.root().dataset.quizTrial = this.on && this.asking !== null ? String(this.asking) : "";
      if (this.panel.hidden) { this.panel.replaceChildren(); return; }
      const parts = [el("div", {className: "mbl-quiz-score", text: this.scoreLine()})];
      if (this.note) parts.push(el("p", {className: "mbl-quiz-note", text: this.note}));
      const t = this.player.t;
      if (this.asking !== null) parts.push(this.form(this.asking));
      else if (t > 0 && this.results.has(t)) parts.push(this.verdict(t));
      else if (t >= Math.min(this.player.T, quiz.T)) {
        parts.push(el("p", {text: quiz.T < this.player.T && t >= quiz.T
          ? `The quiz covers the first ${quiz.T.toLocaleString("en")} trials.` : "The run is over."}));
      } else {
        parts.push(el("p", {text: "Press Step (→): before the trial is shown, you say what will happen."}));
      }
      this.panel.replaceChildren(...parts);
    }

    form(t) {
      const quiz = this.quiz;
      const form = el("form", {className: "mbl-quiz-form", novalidate: ""});
      form.append(el("p", {className: "mbl-quiz-head", text: this.heading(t)}));
      quiz.questions.forEach((question, q) => {
        const set = el("fieldset", {"data-question": question.id}, [el("legend", {text: question.prompt})]);
        if (question.kind === "choice" || question.kind === "multi") {
          const type = question.kind === "choice" ? "radio" : "checkbox";
          const options = el("div", {className: "mbl-quiz-options"});
          question.options.forEach((option, i) => {
            const input = el("input", {type, name: `mbl-quiz-${q}`, value: String(i)});
            options.append(el("label", {}, [input, document.createTextNode(` ${option}`)]));
          });
          set.append(options);
        } else {
          const boxes = el("div", {className: "mbl-quiz-numbers"});
          question.labels.forEach((label, i) => {
            boxes.append(el("label", {}, [document.createTextNode(`${label} `),
              el("input", {type: "text", inputmode: "decimal", autocomplete: "off", size: "7", "data-index": String(i),
                           "aria-label": `${question.prompt} ${label}`})]));
          });
          set.append(boxes);
          const {abs, rel} = question.tolerance;
          set.append(el("p", {className: "mbl-quiz-help", text: `Right within ±${abs} or ±${Math.round(rel * 100)} %, whichever is larger.`}));
        }
        if (question.help) set.append(el("p", {className: "mbl-quiz-help", text: question.help}));
        form.append(set);
      });
      const problem = el("p", {className: "mbl-quiz-problem", role: "alert"});
      const check = el("button", {type: "submit", className: "primary", "data-quiz": "check"}, ["Check (Enter)"]);
      const skip = el("button", {type: "button", "data-quiz": "skip"}, ["Skip: show the trial"]);
      form.append(problem, el("div", {className: "mbl-quiz-buttons"}, [check, skip]));
      form.addEventListener("submit", (event) => { event.preventDefault(); this.check(form, t, problem); });
      skip.addEventListener("click", () => this.reveal(t));
      form.addEventListener("keydown", (event) => {
        if (event.key === "Escape") { event.stopPropagation(); this.asking = null; this.render(); this.focusStep(); }
      });
      return form;
    }

    read(form) {
      const given = {};
      for (const [q, question] of this.quiz.questions.entries()) {
        const set = form.querySelector(`fieldset[data-question="${question.id}"]`);
        if (question.kind === "choice") {
          const picked = set.querySelector("input:checked");
          if (!picked) return {problem: `Choose an answer to “${question.prompt}”`};
          given[question.id] = Number(picked.value);
        } else if (question.kind === "multi") {
          given[question.id] = [...set.querySelectorAll("input:checked")].map((input) => Number(input.value));
        } else {
          const values = [...set.querySelectorAll("input")].map((input) => readNumber(input.value));
          if (values.some((v) => !Number.isFinite(v))) {
            return {problem: `Write a number in every box of “${question.prompt}” (or Skip).`};
          }
          given[question.id] = values;
        }
        void q;
      }
      return {given};
    }

    check(form, t, problem) {
      const {given, problem: message} = this.read(form);
      if (message) { problem.textContent = message; return; }
      const right = {};
      for (const question of this.quiz.questions) {
        right[question.id] = grade(question, this.quiz.answers[question.id][t - 1], given[question.id]);
      }
      this.results.set(t, {right, given});
      this.reveal(t);
    }

    // show trial t (its math, boundary and curves), then the verdict
    reveal(t) {
      this.asking = null;
      if (!this.results.has(t)) this.results.set(t, {right: null, given: null});
      this.player.setTrial(t);
      this.render();
      this.focusStep();
    }

    // the form is gone (the verdict replaced it): the focus goes to Step, the next thing to press ("Step (→) asks
    // about the next trial"), which draws a focus ring — not to the player's box, which draws none
    focusStep() { this.player.buttons.step.focus({preventScroll: true}); }

    verdict(t) {
      const result = this.results.get(t), quiz = this.quiz;
      const box = el("div", {className: "mbl-quiz-verdict", "aria-live": "polite"});
      box.append(el("p", {className: "mbl-quiz-head", text: result.right ? `Trial ${t}: your answers` : `Trial ${t} (skipped)`}));
      const list = el("ul");
      for (const question of quiz.questions) {
        const expected = quiz.answers[question.id][t - 1];
        const item = el("li");
        if (result.right) {
          const ok = result.right[question.id];
          item.className = ok ? "right" : "wrong";
          item.append(el("span", {className: "mark", text: ok ? "✓ right" : "✗ wrong"}),
            document.createTextNode(` ${question.prompt} `),
            el("b", {text: shown(question, expected)}),
            document.createTextNode(ok ? "" : ` (you said ${shown(question, result.given[question.id])})`));
        } else {
          item.append(document.createTextNode(`${question.prompt} `), el("b", {text: shown(question, expected)}));
        }
        list.append(item);
      }
      box.append(list, el("p", {className: "mbl-quiz-why", text: quiz.why[t - 1]}),
                 el("p", {className: "mbl-quiz-help", text: "The trial's math is below. Step (→) asks about the next trial."}));
      return box;
    }

    tally() {
      let right = 0, asked = 0, trials = 0;
      for (const result of this.results.values()) {
        if (!result.right) continue;
        trials += 1;
        for (const ok of Object.values(result.right)) { asked += 1; if (ok) right += 1; }
      }
      return {right, asked, trials};
    }
    scoreText() { const {right, asked} = this.tally(); return `${right}/${asked}`; }
    scoreLine() {
      const {right, asked, trials} = this.tally();
      return asked ? `Score: ${right} of ${asked} answers right, over ${trials} trial${trials === 1 ? "" : "s"}`
                   : "Score: no answers yet";
    }
  }

  api.use((player) => new Quiz(player));
  api.quiz = {grade, readNumber, shown};
})();
