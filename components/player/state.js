// Mistake Bound Lab — the players on the page and their keys.
//
// Every player made is in ``players``; the one last used (a click, a key, a pointer) is ``activePlayer``,
// which the keys go to.  KEYS maps a key to a player action; keptByFocus says which keys the focused element
// keeps for itself.  nextMistake finds the next or previous mistake trial (N, Shift+N).
const players = new Set();
let activePlayer = null;
// Extension point: scripts assembled after this one (components/quiz.js, components/comparator_drag.js;
// see components/timeline.py) add to every player without editing this file.  use(plugin) calls
// plugin(player) for every player made.  A plugin listens with player.on(name, fn): "load" (payload)
// once a run is drawn, before its first trial; "trial" (t) after every trial shown; "redraw" after the
// axes moved or resized; "play" when Play starts, "pause" (ended: whether it ran to the last trial) when it stops.  player.intercept(fn) sees every action first ("step", "back", "play", "end",
// "reset", "present", and the plugin's own): fn(action) returning true holds it back.  A plugin's keys
// go in player.extraKeys (key → action name).
const PLUGINS = [];
function use(plugin) { PLUGINS.push(plugin); }

//: a key → the player's action (a plugin adds its own to player.extraKeys)
const KEYS = {ArrowRight: "step", ArrowLeft: "back", " ": "play", Home: "reset", End: "end", p: "present",
              P: "present", Escape: "leave", n: "next-mistake", N: "previous-mistake", v: "whole", V: "whole"};
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

// the first trial after t (direction 1) or before it (−1) whose flag in ``mistake`` (a string of 0/1 per
// trial, trial 1 first) is "1"; t itself when there is none
function nextMistake(mistake, T, t, direction) {
  for (let s = t + direction; s >= 1 && s <= T; s += direction) if (mistake[s - 1] === "1") return s;
  return t;
}

// the index of the model in force after each trial 0..T: the number of updates so far (``updated`` as ``mistake``)
function modelIndex(updated, T) {
  const at = new Int32Array(T + 1);
  for (let t = 1; t <= T; t++) at[t] = at[t - 1] + (updated[t - 1] === "1" ? 1 : 0);
  return at;
}

function decode(payload) {
  // trials.point as a function: the list is long, a closure keeps the lookups uniform
  const points = payload.trials.point;
  payload.trials.point = (t) => points[t - 1];
  return payload;
}
