// Mistake Bound Lab — a class room in the browser: follow the teacher, drive the room, answer together.
//
// The server tells this script which room the session is in and in which role (components/room.py); the
// rest happens here, against the room's few routes (ui/room_routes.py), without a Streamlit rerun:
//   a follower long-polls the room's state and moves its player to the teacher's trial, play and
//   presentation; when the teacher opens another page or run it opens the same link (once per run);
//   pressing any of the player's own keys is "exploring on my own" until "Back to the class".
//   the teacher's player sends its trial, play and presentation as they change (a few per second at most),
//   and "Ask the class" poses the quiz's question about the next trial (the run's payload holds the
//   questions and right answers: lab/quiz.py), shows the answers' counts as they arrive, runs a second
//   round beside the first (Peer Instruction), and reveals.
// Every text from the room is put in the page as text, never as markup.

const SEND_EVERY_MS = 200;          // the teacher's trial: at most five updates a second
const RESULTS_EVERY_MS = 700;       // the teacher's live counts
const PLAYER_ACTIONS = new Set(["step", "back", "play", "reset", "end", "next", "previous", "quiz"]);
const OWN_KEY = "mbl-room-own";            // this tab's own page and data from before the room replaced them
const SHOWN_KEY = "mbl-room-shown";        // the room's page and link this tab last opened

function make(tag, attributes = {}, children = []) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") element.textContent = value;
    else if (name === "className") element.className = value;
    else if (value !== undefined && value !== null) element.setAttribute(name, value);
  }
  for (const child of children) element.append(child);
  return element;
}

// A number is written by numberText (components/player/numbers.js) and a typed one read by readNumber
// (components/player/grading.js), as the quiz does: components/room.py puts both modules before this script.

function basePath() {
  return window.location.pathname.replace(/[^/]*$/, "");
}

// Whether the page ``here`` with its settings ``params`` (URLSearchParams, the room's own keys left out) is the
// room's page ``page`` with its link ``query`` (an object of settings)
function showsLink(here, params, page, query) {
  const entries = Object.entries(query);
  return here === page && entries.length === [...params.keys()].length && entries.every(([k, v]) => params.get(k) === v);
}

class RoomClient {
  constructor() {
    this.context = null;
    this.version = -1;
    this.following = true;
    this.applying = false;
    this.hooked = new WeakSet();
    this.state = null;
    this.answered = new Map();       // "poll:round" → what this browser answered
    this.bar = make("div", {className: "mbl-room", role: "region", "aria-label": "Class room"});
    this.status = make("p", {className: "mbl-room-status", role: "status", "aria-live": "polite"});
    this.card = make("div", {className: "mbl-room-card", hidden: ""});
    this.bar.append(this.status, this.card);
    this.pending = null;
    this.sendTimer = null;
  }

  // ---------------------------------------------------------------- set-up
  configure(context) {
    const same = this.context && context && this.context.code === context.code && this.context.role === context.role;
    this.context = context;
    if (!context || !context.code) { this.stop(); return; }
    if (!this.bar.isConnected) document.body.append(this.bar);
    this.bar.dataset.role = context.role;
    this.bar.dataset.code = context.code;
    if (context.role === "teacher" && context.token) {
      try {
        sessionStorage.setItem(`mbl-room-key:${context.code}`, context.token);
        sessionStorage.removeItem("mbl-room-rekeyed");
      } catch (error) { /* fine */ }
    } else if (this.rekey(context)) {
      return;
    }
    if (!same) {
      this.version = -1;
      this.following = true;
      this.closed = false;
      this.loop();
    }
    this.hookPlayers();
    this.render();
  }

  // A reload of the teacher's tab opens a new session, which knows only the room's code: this tab kept the
  // key (sessionStorage, never the address bar), so it opens the page again with it, once.
  rekey(context) {
    let key = null, tried = null;
    try {
      key = sessionStorage.getItem(`mbl-room-key:${context.code}`);
      tried = sessionStorage.getItem("mbl-room-rekeyed");
    } catch (error) { return false; }
    if (!key || tried === context.code) return false;
    try { sessionStorage.setItem("mbl-room-rekeyed", context.code); } catch (error) { return false; }
    const url = new URL(window.location.href);
    url.searchParams.set("key", key);
    window.location.replace(url.href);
    return true;
  }

  stop() {
    this.context = null;
    if (this.abort) this.abort.abort();
    clearInterval(this.resultsTimer);
    this.bar.remove();
  }

  players() {
    return [...document.querySelectorAll(".mbl-tl-root")].map((root) => root._mblPlayer).filter(Boolean);
  }

  player() { return this.players().find((p) => p.root.isConnected) || null; }

  hookPlayers() {
    for (const player of this.players()) {
      if (this.hooked.has(player)) continue;
      this.hooked.add(player);
      player.on("trial", (t) => this.onTrial(player, t));
      player.intercept((action) => this.onAction(player, action));
      // a state that arrived while the player was loading its run is applied once the run is drawn
      player.on("ready", () => { this.applyToPlayer(); this.render(); });
      if (player.loaded) { this.applyToPlayer(); this.render(); }
    }
  }

  url(path) { return `${basePath()}room/${encodeURIComponent(this.context.code)}/${path}`; }

  // the token the server handed this tab: the teacher's, or a student's participant token (which answers)
  credentials() {
    const context = this.context || {};
    if (context.role === "teacher" && context.token) return {"X-Room-Token": context.token};
    if (context.participant) return {"X-Room-Participant": context.participant};
    return {};
  }

  // ---------------------------------------------------------------- following
  async loop() {
    const code = this.context && this.context.code;
    while (this.context && this.context.code === code && !this.closed) {
      this.abort = new AbortController();
      let response = null;
      try {
        response = await fetch(this.url(`state?since=${this.version}`), {cache: "no-store", signal: this.abort.signal,
                                                                         headers: this.credentials()});
      } catch (error) {
        if (!this.context || this.context.code !== code) return;
        this.note = "Reconnecting to the class room…";
        this.render();
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      if (!this.context || this.context.code !== code) return;
      let body = {};
      try { body = await response.json(); } catch (error) { body = {}; }
      if (response.ok) {
        this.note = "";
        // one update that fails (a page in the middle of changing) must never end the following
        try { this.receive(body); } catch (error) { this.report(error); }
      } else if (response.status === 404) {
        this.closed = true;
        this.note = body.error || "This class room has closed.";
        this.render();
        return;
      } else {
        this.note = body.error || "The class room cannot be reached right now.";
        this.render();
        await new Promise((resolve) => setTimeout(resolve, response.status === 503 ? 5000 : 1000));
      }
    }
  }

  // an error in one update, said once in the browser's console (the loop goes on with the next state)
  report(error) {
    if (this.reported) return;
    this.reported = true;
    console.error("Class room: a state from the teacher could not be applied; following goes on.", error);
  }

  receive(state) {
    if (typeof state.version !== "number" || state.version <= this.version) return;
    this.version = state.version;
    this.state = state;
    if (state.closed) {
      this.closed = true;
      this.note = "The teacher closed this class room. The lab is yours.";
      this.render();
      return;
    }
    if (this.context.role === "student" && this.following && this.openRun(state)) return;
    this.hookPlayers();
    this.applyToPlayer();
    this.render();
  }

  // The teacher opened another page or run: open the same link, once per run of the room.
  openRun(state) {
    const key = `mbl-room-run:${state.code}`;
    let seen = null;
    try { seen = sessionStorage.getItem(key); } catch (error) { seen = null; }
    if (seen === String(state.run)) return false;
    try { sessionStorage.setItem(key, String(state.run)); } catch (error) { /* fine */ }
    const here = window.location.pathname.replace(/^.*\//, "");
    const query = new URLSearchParams(state.query);
    const current = new URLSearchParams(window.location.search);
    for (const name of ["t", "present", "quiz", "room", "key"]) current.delete(name);
    if (showsLink(here, current, state.page, state.query)) return false;
    this.keepOwn(state.code, here, current);
    try { sessionStorage.setItem(`${SHOWN_KEY}:${state.code}`, JSON.stringify({page: state.page, query: state.query})); }
    catch (error) { /* fine */ }
    query.set("room", state.code);
    query.set("t", String(state.t));
    if (state.present) query.set("present", "1");
    this.note = "Opening the teacher's page…";
    this.render();
    window.location.assign(`${basePath()}${state.page}?${query.toString()}`);
    return true;
  }

  // Before the room replaces what this tab shows, keep the student's own page and data when they are not the
  // class's (what the student drew before joining, or while exploring on their own): a link holds them whole,
  // and the bar offers it (issue 35: joining lost what a student drew, with no way back).
  keepOwn(code, page, params) {
    let shown = null;
    try { shown = JSON.parse(sessionStorage.getItem(`${SHOWN_KEY}:${code}`) || "null"); } catch (error) { shown = null; }
    const theClass = shown && showsLink(page, params, shown.page, shown.query);
    if (theClass || ![...params.keys()].length) return;        // the class's own link, or nothing of one's own
    const own = `${basePath()}${page}?${params.toString()}`;
    try { sessionStorage.setItem(OWN_KEY, own); } catch (error) { /* storage off: nothing to offer */ }
  }

  ownLink() {
    try { return sessionStorage.getItem(OWN_KEY); } catch (error) { return null; }
  }

  applyToPlayer() {
    const state = this.state, player = this.player();
    if (!state || !player || this.context.role !== "student" || !this.following || !player.loaded) return;
    this.applying = true;
    try {
      if (Boolean(player.present) !== Boolean(state.present)) player.setPresent(Boolean(state.present));
      const t = Math.max(0, Math.min(player.T, state.t));
      if (state.playing) {
        if (player.speedSelect && player.speed !== state.speed) { player.speed = state.speed; }
        if (Math.abs(player.t - t) > Math.max(2, state.speed)) player.setTrial(t);
        if (!player.playing && player.t < player.T) player.play();
      } else {
        if (player.playing) player.pause();
        if (player.t !== t) player.setTrial(t);
      }
    } finally {
      this.applying = false;
    }
  }

  onAction(player, action) {
    if (!this.context) return false;
    if (this.context.role === "student" && this.following && !this.applying && PLAYER_ACTIONS.has(action)) {
      this.following = false;           // the student's own key: exploring on their own
      this.render();
    }
    if (this.context.role === "teacher" && (action === "present" || action === "play" || action === "leave")) {
      setTimeout(() => this.send({present: Boolean(player.present), playing: Boolean(player.playing),
                                  speed: player.speed, t: player.t}), 0);
    }
    return false;
  }

  onTrial(player, t) {
    if (!this.context) return;
    if (this.context.role === "teacher") { this.send({t}); if (!(this.state && this.state.poll)) this.renderCard(); return; }
    if (this.following && !this.applying && this.state && !this.state.playing && t !== this.state.t) {
      this.following = false;           // a scrub of the slider
      this.render();
    }
  }

  detach() { this.following = false; this.render(); }

  rejoin() {
    this.following = true;
    if (this.state && this.openRun({...this.state, run: `${this.state.run}-again-${Date.now()}`})) return;
    this.applyToPlayer();
    this.render();
  }

  // ---------------------------------------------------------------- driving (teacher)
  send(changes) {
    if (!this.context || this.context.role !== "teacher") return;
    this.pending = {...(this.pending || {}), ...changes};
    if (this.sendTimer) return;
    this.sendTimer = setTimeout(() => this.flush(), SEND_EVERY_MS);
  }

  async flush() {
    this.sendTimer = null;
    const changes = this.pending;
    this.pending = null;
    if (!changes) return;
    await this.drive(changes);
  }

  async drive(changes) {
    let response;
    try {
      response = await fetch(this.url("drive"), {method: "POST", cache: "no-store",
        headers: {"Content-Type": "application/json", "X-Room-Token": this.context.token}, body: JSON.stringify(changes)});
    } catch (error) {
      this.note = "The class room cannot be reached: your students may not follow.";
      this.render();
      return null;
    }
    let body = {};
    try { body = await response.json(); } catch (error) { body = {}; }
    if (!response.ok) { this.note = body.error || "The room refused the change."; this.render(); return null; }
    this.note = "";
    return body;
  }

  // The quiz's questions about trial t + 1, with their right answers (the payload's, lab/quiz.py).
  questions() {
    const player = this.player();
    const quiz = player && player.payload && player.payload.quiz;
    if (!quiz) return [];
    const trial = player.t + 1;
    if (trial > Math.min(player.T, quiz.T)) return [];
    return quiz.questions.map((question) => {
      const right = quiz.answers[question.id][trial - 1];
      const base = {kind: question.kind === "numbers" ? "numbers" : question.kind, trial,
                    prompt: `Trial ${trial}: ${question.prompt}`};
      if (question.kind === "numbers") return {...base, labels: question.labels, tolerance: question.tolerance, answer: right};
      return {...base, options: question.options, answer: right};
    });
  }

  async pose(question) {
    const state = await this.drive({pose: question, t: this.player() ? this.player().t : undefined});
    if (state) { this.state = state; this.watchResults(); this.render(); }
  }

  async pollAction(changes) {
    const state = await this.drive(changes);
    if (!state) return;
    this.state = state;
    if (changes.reveal && state.poll) {
      const player = this.player();
      if (player) player.setTrial(state.poll.question.trial);      // the class sees the trial, its math
    }
    if (changes.clear_poll) clearInterval(this.resultsTimer);
    this.render();
    this.refreshResults();
  }

  watchResults() {
    clearInterval(this.resultsTimer);
    this.refreshResults();
    this.resultsTimer = setInterval(() => this.refreshResults(), RESULTS_EVERY_MS);
  }

  async refreshResults() {
    if (!this.context || this.context.role !== "teacher") return;
    try {
      const response = await fetch(this.url("results"), {cache: "no-store", headers: {"X-Room-Token": this.context.token}});
      if (!response.ok) return;
      this.results = await response.json();
      this.renderCard();
    } catch (error) { /* the next tick tries again */ }
  }

  // ---------------------------------------------------------------- answering (student)
  async answer(value) {
    const poll = this.state && this.state.poll;
    if (!poll) return;
    const slot = `${poll.id}:${poll.round}`;
    let response, body = {};
    try {
      response = await fetch(this.url("answer"), {method: "POST", cache: "no-store", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({participant: this.context.participant, poll: poll.id, round: poll.round, value})});
      body = await response.json();
    } catch (error) {
      this.problem = "Your answer could not be sent; try again.";
      this.renderCard();
      return;
    }
    if (response.ok || /already/.test(body.error || "")) {
      this.answered.set(slot, value);
      this.problem = "";
    } else {
      this.problem = body.error || "The answer was refused.";
    }
    this.renderCard();
  }

  // ---------------------------------------------------------------- drawing
  render() {
    if (!this.context) return;
    const context = this.context, state = this.state;
    const code = `${context.code.slice(0, 3)}-${context.code.slice(3)}`;
    const parts = [];
    if (context.role === "teacher") {
      parts.push(make("span", {className: "mbl-room-code", text: `Class room ${code}`}),
                 make("span", {text: " · your students follow you"}));
    } else if (this.closed) {
      parts.push(make("span", {className: "mbl-room-code", text: `Class room ${code}`}));
    } else if (this.following) {
      const button = make("button", {type: "button", "data-room": "detach"}, ["Explore on my own"]);
      button.addEventListener("click", () => this.detach());
      parts.push(make("span", {className: "mbl-room-code", text: `Class room ${code}`}),
                 make("span", {text: state ? ` · following the teacher (trial ${state.t})` : " · joining…"}), button);
    } else {
      const button = make("button", {type: "button", "data-room": "rejoin", className: "primary"}, ["Back to the class"]);
      button.addEventListener("click", () => this.rejoin());
      parts.push(make("span", {className: "mbl-room-code", text: `Class room ${code}`}),
                 make("span", {text: state ? ` · exploring on your own; the class is at trial ${state.t}` : " · on your own"}),
                 button);
    }
    const own = context.role === "student" ? this.ownLink() : null;
    if (own) {                            // a new tab: the class goes on in this one
      parts.push(make("span", {text: " "}),
                 make("a", {href: own, target: "_blank", rel: "noopener", className: "mbl-room-own", "data-room": "own",
                            title: "What you had before the class room replaced it, in a new tab"},
                      ["Your own work"]));
    }
    if (this.note) parts.push(make("span", {className: "mbl-room-note", text: ` ${this.note}`}));
    this.status.replaceChildren(...parts);
    this.bar.dataset.following = context.role === "student" && this.following && !this.closed ? "1" : "0";
    this.bar.dataset.version = String(this.version);
    this.bar.dataset.trial = state ? String(state.t) : "";
    this.renderCard();
  }

  renderCard() {
    const card = this.card, context = this.context;
    if (!context) return;
    const poll = this.state && this.state.poll;
    const parts = context.role === "teacher" ? this.teacherCard(poll) : this.studentCard(poll);
    card.hidden = parts.length === 0;
    card.replaceChildren(...parts);
  }

  teacherCard(poll) {
    const parts = [];
    if (!poll) {
      const questions = this.questions();
      if (!questions.length) return [make("p", {className: "mbl-room-help",
        text: "Step to a trial: “Ask the class” then asks about the next one."})];
      const row = make("div", {className: "mbl-room-ask"}, [make("span", {text: "Ask the class: "})]);
      for (const question of questions) {
        const button = make("button", {type: "button", "data-room": "pose"}, [question.prompt.replace(/^Trial \d+: /, "")]);
        button.addEventListener("click", () => this.pose(question));
        row.append(button);
      }
      return [row];
    }
    const question = poll.question;
    parts.push(make("p", {className: "mbl-room-question", text: question.prompt}));
    const results = this.results && this.results.poll === poll.id ? this.results : null;
    if (results) parts.push(this.chart(results.question, results.rounds, results.bins, true));
    const buttons = make("div", {className: "mbl-room-buttons"});
    const add = (label, changes, name) => {
      const button = make("button", {type: "button", "data-room": name}, [label]);
      button.addEventListener("click", () => this.pollAction(changes));
      buttons.append(button);
    };
    if (!poll.revealed && poll.round === 1) add("Second round (discuss, then answer again)", {second_round: true}, "second");
    if (!poll.revealed) add("Reveal the trial", {reveal: true}, "reveal");
    add(poll.revealed ? "Done" : "Drop the question", {clear_poll: true}, "clear");
    parts.push(buttons);
    return parts;
  }

  studentCard(poll) {
    if (!poll || this.closed) return [];
    const question = poll.question;
    const slot = `${poll.id}:${poll.round}`;
    const parts = [make("p", {className: "mbl-room-question", text: question.prompt})];
    if (poll.revealed) {
      parts.push(make("p", {className: "mbl-room-right", text: `Right answer: ${this.shown(question, question.answer)}`}));
      if (poll.results) parts.push(this.chart(question, poll.results, poll.bins, false));
      return parts;
    }
    if (!poll.open) { parts.push(make("p", {text: "Answers are closed; the teacher will reveal the trial."})); return parts; }
    if (this.answered.has(slot)) {
      parts.push(make("p", {className: "mbl-room-sent", text: `Your answer: ${this.shown(question, this.answered.get(slot))}. `
        + (poll.round === 2 ? "Second round sent." : "Sent — wait for the class.")}));
      return parts;
    }
    if (poll.round === 2) parts.push(make("p", {className: "mbl-room-help", text: "Second round: discuss with your neighbour, then answer again."}));
    const form = make("form", {className: "mbl-room-form", novalidate: ""});
    if (question.kind === "numbers") {
      question.labels.forEach((label, i) => {
        form.append(make("label", {}, [document.createTextNode(`${label} `),
          make("input", {type: "text", inputmode: "decimal", autocomplete: "off", "data-index": String(i),
                         "aria-label": `${question.prompt} ${label}`})]));
      });
    } else {
      const type = question.kind === "choice" ? "radio" : "checkbox";
      question.options.forEach((option, i) => {
        form.append(make("label", {className: "mbl-room-option"}, [make("input", {type, name: "mbl-room-answer", value: String(i)}),
                                                                    document.createTextNode(` ${option}`)]));
      });
    }
    const problem = make("p", {className: "mbl-room-problem", role: "alert", text: this.problem || ""});
    form.append(make("button", {type: "submit", className: "primary", "data-room": "answer"}, ["Send my answer"]), problem);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      let value;
      if (question.kind === "numbers") {
        value = [...form.querySelectorAll("input")].map((input) => readNumber(input.value));
        if (value.some((v) => !Number.isFinite(v))) { problem.textContent = "Write a number in every box."; return; }
      } else if (question.kind === "choice") {
        const picked = form.querySelector("input:checked");
        if (!picked) { problem.textContent = "Choose an answer."; return; }
        value = Number(picked.value);
      } else {
        value = [...form.querySelectorAll("input:checked")].map((input) => Number(input.value));
      }
      this.answer(value);
    });
    parts.push(form);
    return parts;
  }

  shown(question, value) {
    if (value === undefined || value === null) return "—";
    if (question.kind === "choice") return question.options[value];
    if (question.kind === "multi") return value.length ? value.map((i) => question.options[i]).join(", ") : "none";
    return `(${value.map(readable).join(", ")})`;
  }

  // The class's answers: one bar per option (or per bin of numbers), the rounds side by side.
  chart(question, rounds, bins, live) {
    const figure = make("figure", {className: "mbl-room-chart"});
    const total = rounds.map((r) => r.answers);
    const caption = rounds.map((r) => `round ${r.round}: ${r.answers} answer${r.answers === 1 ? "" : "s"}`
      + ("answer" in question ? `, ${r.right} right` : "")).join(" · ");
    figure.append(make("figcaption", {text: (live ? "Answers so far — " : "The class answered — ") + caption}));
    const rows = [];
    if (question.kind === "choice") {
      question.options.forEach((option, i) => rows.push({label: option, counts: rounds.map((r) => r.counts[i] || 0),
                                                          right: "answer" in question && question.answer === i}));
    } else if (question.kind === "multi") {
      const keys = new Map();
      rounds.forEach((r, k) => r.counts.forEach(([given, n]) => {
        const label = given.length ? given.map((i) => question.options[i]).join(", ") : "none";
        if (!keys.has(label)) keys.set(label, {label, counts: rounds.map(() => 0),
          right: "answer" in question && JSON.stringify([...given].sort()) === JSON.stringify([...question.answer].sort())});
        keys.get(label).counts[k] += n;
      }));
      rows.push(...keys.values());
    } else if (bins && bins.length) {
      question.labels.forEach((label, index) => {
        (bins[0][index] || []).forEach((bin, b) => rows.push({
          label: `${label} ∈ [${numberText(bin.low)}, ${numberText(bin.high)}]`,
          counts: bins.map((round) => (round[index] && round[index][b] ? round[index][b].count : 0)),
          right: "answer" in question && question.answer[index] >= bin.low && question.answer[index] <= bin.high}));
      });
    }
    const table = make("table", {className: "mbl-room-bars"});
    const head = make("tr", {}, [make("th", {scope: "col", text: "answer"}),
      ...rounds.map((r) => make("th", {scope: "col", text: `round ${r.round}`}))]);
    table.append(head);
    for (const row of rows) {
      const tr = make("tr", {className: row.right ? "right" : ""}, [make("th", {scope: "row", text: row.label + (row.right ? " ✓" : "")})]);
      row.counts.forEach((count, k) => {
        const share = total[k] ? count / total[k] : 0;
        const bar = make("span", {className: `mbl-room-bar round-${k + 1}`, style: `width: ${Math.round(share * 100)}%`});
        tr.append(make("td", {"data-count": String(count)}, [bar, make("span", {className: "mbl-room-count", text: String(count)})]));
      });
      table.append(tr);
    }
    figure.append(table);
    return figure;
  }
}

const client = window.MistakeBoundRoom || (window.MistakeBoundRoom = new RoomClient());

export default function (component) {
  const {data} = component;
  client.configure(data && data.code ? data : null);
  const timer = setInterval(() => client.hookPlayers(), 500);     // players made after this script ran
  return () => {
    clearInterval(timer);
    // gone from the page (the session left its room): the bar goes too
    setTimeout(() => { if (!component.parentElement || !component.parentElement.isConnected) client.configure(null); }, 0);
  };
}
