// components/player/grading.js: the quiz reads a student's number and judges it by lab/grading.py's rule — the
// same numbers read, the same texts refused, the same verdicts (fixture: tests/js/fixtures.py grading_case).
import assert from "node:assert/strict";
import {test} from "node:test";

import {fixture, load} from "./load.mjs";

const scope = load(["components/player/grading.js"]);
const readNumber = scope("readNumber"), isClose = scope("isClose");
const {reads, closes} = fixture("grading.json");
const show = (text) => JSON.stringify(text);

test("the fixture has the cases the quiz must read and refuse", () => {
  const texts = new Set(reads.map((r) => r.text));
  for (const text of ["3/4", "-3/4", "\u22120,5", "1e3", "1,5e-2", "2/0", "abc", "", " 7 ", "1/2/3", "0,1,2"]) {
    assert.ok(texts.has(text), show(text));
  }
  assert.ok(reads.filter((r) => r.value === null).length >= 20 && reads.filter((r) => r.value !== null).length >= 20);
});

test("readNumber reads what lab.grading.read_number reads", () => {
  for (const {text, value} of reads.filter((r) => r.value !== null)) {
    const read = readNumber(text);
    assert.ok(Number.isFinite(read), `${show(text)} refused; Python reads ${value}`);
    assert.ok(Math.abs(read - value) <= 1e-15 * Math.abs(value), `${show(text)}: ${read}, Python ${value}`);
    assert.equal(Math.sign(read), Math.sign(value), show(text));
  }
});

test("readNumber refuses what lab.grading.read_number refuses", () => {
  for (const {text} of reads.filter((r) => r.value === null)) {
    assert.ok(Number.isNaN(readNumber(text)), `${show(text)} read as ${readNumber(text)}; Python refuses it`);
  }
});

test("isClose judges as lab.grading.is_close, with the tolerance the question carries", () => {
  assert.ok(closes.some((c) => c.close) && closes.some((c) => !c.close));
  for (const {given, expected, tolerance, close} of closes) {
    assert.equal(isClose(given, expected, tolerance), close, `${given} for ${expected} within ${JSON.stringify(tolerance)}`);
  }
});
