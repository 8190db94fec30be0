// components/player/state.js: the trials N / Shift+N jump to, the model in force at every trial, the keys.
import assert from "node:assert/strict";
import {test} from "node:test";

import {load} from "./load.mjs";

const listeners = [];
const read = load(["components/player/state.js"], {document: {addEventListener: (name) => listeners.push(name)}});
const nextMistake = read("nextMistake"), modelIndex = read("modelIndex"), KEYS = read("KEYS");

test("N and Shift+N go to the next and the previous mistake, and stay when there is none", () => {
  const mistake = "0100110";                       // mistakes at trials 2, 5 and 6 of 7
  assert.equal(nextMistake(mistake, 7, 0, 1), 2);
  assert.equal(nextMistake(mistake, 7, 2, 1), 5);
  assert.equal(nextMistake(mistake, 7, 5, 1), 6);
  assert.equal(nextMistake(mistake, 7, 6, 1), 6);
  assert.equal(nextMistake(mistake, 7, 7, -1), 6);
  assert.equal(nextMistake(mistake, 7, 5, -1), 2);
  assert.equal(nextMistake(mistake, 7, 2, -1), 2);
  assert.equal(nextMistake("", 0, 0, 1), 0);
});

test("the model shown after trial t is the one after the updates of trials 1..t", () => {
  assert.deepEqual([...modelIndex("0110100", 7)], [0, 0, 1, 2, 2, 3, 3, 3]);
  assert.deepEqual([...modelIndex("", 0)], [0]);
});

test("the player's keys, and one keyboard listener for every player on the page", () => {
  assert.equal(KEYS.n, "next-mistake");
  assert.equal(KEYS.N, "previous-mistake");
  assert.equal(KEYS[" "], "play");
  assert.equal(KEYS.Escape, "leave");
  assert.deepEqual(listeners, ["keydown"]);
});
