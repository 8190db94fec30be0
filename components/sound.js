// Mistake Bound Lab — the run as sound: a plugin of components/timeline.js (Web Audio API, no library).
//
// Off by default; the Sound button or the S key turn it on.  Every trial shown while playing or stepping
// sounds a short tone whose pitch follows the cumulative mistakes, a second voice sounds the bound (the
// run's first bound curve) at the same trial, a mistake adds a distinct click, and the trial where the
// mistakes reach or cross the bound (or a bound curve comes down to them) rings a bell.  The notes come
// from one pure function of the payload, schedule(payload, from, to, speed), exposed as
// window.MistakeBoundTimeline.soundSchedule so a test can check it against numbers computed in Python.
(() => {
  const api = window.MistakeBoundTimeline;
  if (!api || !api.use) return;
  //: pitch of a value v ≥ 0 of the curves: BASE_HZ · 2^(OCTAVES · log(1 + v) / log(1 + top)), top the largest
  //: finite value of the mistakes and the bound over the run — log, so a bound far above the mistakes
  //: still leaves the mistakes' voice an audible range
  const BASE_HZ = 220, OCTAVES = 3;
  const MISTAKE_HZ = 1760, CROSSING_HZ = 2637;
  const TONE_SECONDS = 0.09;                 // a tone is never longer than this, nor than a trial's time

  // The step function of a trace of the curves figure at trials 1..T (null before its first x).
  function valuesAtTrials(trace, T) {
    const values = new Array(T).fill(null);
    let j = -1;
    for (let t = 1; t <= T; t++) {
      while (j + 1 < trace.x.length && Number(trace.x[j + 1]) <= t) j++;
      values[t - 1] = j >= 0 && trace.y[j] !== null && Number.isFinite(Number(trace.y[j])) ? Number(trace.y[j]) : null;
    }
    return values;
  }

  function firstBound(payload) {
    let figure;
    try { figure = JSON.parse(payload.curves.figure); } catch (error) { return null; }
    const trace = (figure.data || []).find((d) => d.legendgroup === "bound" && Array.isArray(d.x) && Array.isArray(d.y));
    return trace ? valuesAtTrials(trace, payload.T) : null;
  }

  // The notes of trials from+1..to (from < to) at `speed` trials per second, time 0 at trial from+1:
  // {trial, time, voice: "mistakes" | "bound" | "mistake" | "crossing", hz, seconds}.
  function schedule(payload, from, to, speed) {
    const T = payload.T, cum = payload.trials.cum_mistakes, flags = payload.trials.mistake;
    const bound = payload._soundBound !== undefined ? payload._soundBound : (payload._soundBound = firstBound(payload));
    let top = T ? cum[T - 1] : 0;
    if (bound) for (const v of bound) if (v !== null && v > top) top = v;
    const pitch = (v) => BASE_HZ * Math.pow(2, top > 0 ? OCTAVES * Math.log1p(Math.max(v, 0)) / Math.log1p(top) : 0);
    const seconds = Math.min(TONE_SECONDS, 1 / speed);
    const notes = [];
    from = Math.max(0, Math.min(T, from));
    to = Math.max(0, Math.min(T, to));
    for (let t = from + 1; t <= to; t++) {
      const time = (t - from - 1) / speed, m = cum[t - 1];
      notes.push({trial: t, time, voice: "mistakes", hz: pitch(m), seconds});
      const b = bound ? bound[t - 1] : null;
      if (b !== null) notes.push({trial: t, time, voice: "bound", hz: pitch(b), seconds});
      if (flags[t - 1] === "1") notes.push({trial: t, time, voice: "mistake", hz: MISTAKE_HZ, seconds: seconds / 2});
      const before = t > 1 && bound ? bound[t - 2] : null, mBefore = t > 1 ? cum[t - 2] : 0;
      if (b !== null && m >= b && (t === 1 || before === null || mBefore < before)) {
        notes.push({trial: t, time, voice: "crossing", hz: CROSSING_HZ, seconds: Math.max(seconds, 0.25)});
      }
    }
    return notes;
  }

  const WAVES = {mistakes: ["sine", 0.22], bound: ["triangle", 0.1], mistake: ["square", 0.08], crossing: ["sine", 0.25]};

  class Sound {
    constructor(player) {
      this.player = player;
      this.on = false;
      this.shown = 0;
      this.button = api.node("button", {type: "button", className: "mbl-sound-button", "data-action": "sound",
                                        title: "The run as sound: pitch follows the mistakes, a second voice the bound (S)",
                                        "aria-pressed": "false"}, ["Sound off"]);
      const keys = player.bar.querySelector(".mbl-tl-keys");
      player.bar.insertBefore(this.button, keys);
      if (keys) keys.textContent += " · S sound";
      player.extraKeys.s = "sound";
      player.extraKeys.S = "sound";
      player.intercept((action) => {
        if (action !== "sound") return false;
        this.toggle();
        return true;
      });
      player.on("load", () => { this.shown = player.t > 0 ? player.t : 0; });
      player.on("trial", (t) => this.trial(t));
    }

    toggle() {
      this.on = !this.on;
      this.button.textContent = this.on ? "Sound on" : "Sound off";
      this.button.setAttribute("aria-pressed", String(this.on));
      this.player.root.dataset.sound = this.on ? "on" : "off";
      if (this.on && !this.context) {
        const Context = window.AudioContext || window.webkitAudioContext;
        try { this.context = Context ? new Context() : null; } catch (error) { this.context = null; }
      }
      if (this.context && this.on && this.context.state === "suspended") this.context.resume().catch(() => {});
    }

    // the trials since the one shown before: forwards, their notes (at most the last few while playing
    // fast); backwards or a jump, the note of the trial now shown
    trial(t) {
      const previous = this.shown;
      this.shown = t;
      if (!this.on || !this.context || !this.player.payload || t === 0) return;
      const speed = this.player.playing ? this.player.speed : 8;
      const from = t > previous && t - previous <= 4 ? previous : t - 1;
      const notes = schedule(this.player.payload, from, t, speed);
      this.play(notes);
      this.player.root.dataset.sounded = `${t}:${notes.length}`;      // the trial last sounded and its notes
    }

    play(notes) {
      const context = this.context, start = context.currentTime + 0.01;
      for (const note of notes) {
        const [wave, gain] = WAVES[note.voice];
        const oscillator = context.createOscillator(), envelope = context.createGain();
        oscillator.type = wave;
        oscillator.frequency.value = note.hz;
        const at = start + note.time;
        envelope.gain.setValueAtTime(0, at);
        envelope.gain.linearRampToValueAtTime(gain, at + 0.005);
        envelope.gain.exponentialRampToValueAtTime(0.0001, at + note.seconds);
        oscillator.connect(envelope).connect(context.destination);
        oscillator.start(at);
        oscillator.stop(at + note.seconds + 0.02);
      }
    }
  }

  api.soundSchedule = schedule;
  api.use((player) => new Sound(player));
})();
