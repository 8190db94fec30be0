// Mistake Bound Lab — the experts scene of an expert run (Weighted Majority, Randomized WM): a bar per expert
// (its share of the total weight after the trial), the wrong experts hatched, RWM's followed one outlined, and the
// weighted vote before the update.  A part of the Player (timeline.js mixes its methods in).

// The weights as the learner keeps them (learners/experts.py): w_i = f^{c_i}, c_i expert i's penalties in the
// phase (a restart of the doubling trick sets every c_i back to 0), f the trial's β or 1 − ε.  expertCounts gives,
// after every trial 0..T, the c_i (``counts``) and every expert's mistakes since the start (``totals``);
// expertShares the shares w_i / W from the c_i, with the heaviest expert at f^0 = 1 (no underflow to 0/0).
// tests/js/experts.test.mjs checks both against the learners' normalized_weights_ and expert_mistakes_.
function expertCounts(payload) {
  const T = payload.T, N = payload.N;
  const counts = new Int32Array(N), totals = new Int32Array(N);
  const out = {counts: [counts.slice()], totals: [totals.slice()]};
  for (let t = 1; t <= T; t++) {
    const row = payload.advice[t - 1], outcome = payload.outcomes[t - 1];
    for (let i = 0; i < N; i++) if (row[i] !== outcome) { counts[i] += 1; totals[i] += 1; }
    if (payload.trials.restarted[t - 1] === "1") counts.fill(0);
    out.counts.push(counts.slice());
    out.totals.push(totals.slice());
  }
  return out;
}

function expertShares(counts, factor) {
  let low = Infinity;
  for (const v of counts) low = Math.min(low, v);
  const w = Array.from(counts, (v) => Math.pow(factor, v - low));
  const total = w.reduce((a, b) => a + b, 0);
  return w.map((v) => v / total);
}

class ExpertsScene {
  prepareExperts() {
    const payload = this.payload, N = payload.N;
    ({counts: this.counts, totals: this.totals} = expertCounts(payload));
    this.bars = payload.expert_names.map((name) => {
      const bar = node("div", {className: "bar"});
      const label = node("div", {className: "name"});
      const column = node("div", {className: "mbl-tl-barcol", title: name}, [bar, label]);
      this.expertsBars.append(column);
      return {column, bar, label};
    });
    this.labelledAs = undefined;
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

  // The experts' names under their bars: every k-th, k as small as lets each name keep clear of the next (issue 34:
  // on a 320 px phone 16 names ran together, "E10E11E12"); every bar keeps its name in its title.  Again when the
  // scene's width or type size changes (timeline.js calls it after a resize).
  labelBars() {
    if (!this.bars || !this.bars.length) return;
    const width = this.expertsBars.clientWidth;
    const size = getComputedStyle(this.bars[0].label).fontSize;
    if (!width || this.labelledAs === `${width} ${size}`) return;
    this.labelledAs = `${width} ${size}`;
    const names = this.payload.expert_names;
    this.bars.forEach(({label}, i) => { label.textContent = names[i]; });
    const widest = Math.max(...this.bars.map(({label}) => label.getBoundingClientRect().width));
    const step = Math.max(1, Math.ceil(((widest + 6) * names.length) / width));
    this.bars.forEach(({label}, i) => { label.textContent = i % step === 0 ? names[i] : ""; });
  }

  // the experts' shares of the weight after trial t
  shares(t) {
    return expertShares(this.counts[t], t ? this.payload.factors[t - 1] : 1);
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
}
