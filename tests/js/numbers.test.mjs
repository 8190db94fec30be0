// components/player/numbers.js writes a number as lab/numbers.py does — the same string for every number of the
// fixture (negative, tiny, huge, whole, halves at the rounding edge, random floats) at every count of digits — and
// the quiz's verdict (components/quiz.js) shows each answer with the digits the quiz's words (Python's) say.
// Fixture: tests/js/fixtures.py numbers_case.
import assert from "node:assert/strict";
import {test} from "node:test";

import {fixture, load} from "./load.mjs";

const {digits, texts, quizzes} = fixture("numbers.json");
const number = (v) => (v === "nan" ? NaN : v === "inf" ? Infinity : v === "-inf" ? -Infinity : v);
const scope = load(["components/player/numbers.js"]);
const numberText = scope("numberText");

test("the player writes as many digits as the lab's prose (lab.numbers.TEXT_DIGITS)", () => {
  assert.equal(scope("TEXT_DIGITS"), digits);
});

test("the fixture holds ties that toPrecision rounds the other way, and every kind of number", () => {
  const values = texts.map(([v]) => number(v));
  assert.ok(texts.some(([v, d]) => Number.isFinite(number(v)) && number(v) !== 0
    && Number(number(v).toPrecision(d)).toString().replace("-", "\u2212") !== numberText(number(v), d)
    && !numberText(number(v), d).includes("·")));
  for (const kind of [(v) => v < 0, (v) => v !== 0 && Math.abs(v) < 1e-300, (v) => Math.abs(v) > 1e300,
                      Number.isInteger, Number.isNaN, (v) => v === Infinity, (v) => Object.is(v, -0)]) {
    assert.ok(values.some(kind), String(kind));
  }
});

test("numberText writes every number as lab.numbers.number_text does", () => {
  const wrong = texts.filter(([v, d, text]) => numberText(number(v), d) !== text)
    .map(([v, d, text]) => `${v} at ${d} digits: ${numberText(number(v), d)}, Python ${text}`);
  assert.deepEqual(wrong, []);
});

test("numberText's default is TEXT_DIGITS digits, and it reads a number given as text", () => {
  assert.equal(numberText(-0.000123456), "\u22120.0001235");
  assert.equal(numberText("6.0625"), "6.062");
});

test("formatNumber (the metrics, the experts' shares, the spoken words) writes a count whole, any other number by numberText", () => {
  const formatNumber = scope("formatNumber");
  assert.equal(formatNumber(12345), "12,345");
  assert.equal(formatNumber(-3), "\u22123");
  assert.equal(formatNumber(-0.12345), numberText(-0.12345));
  assert.equal(formatNumber(-0.12345), "\u22120.1235");
  for (const missing of [null, undefined, NaN, Infinity]) assert.equal(formatNumber(missing), "—");
});

test("the quiz's verdict shows each answer with the digits its words say", () => {
  const api = {use() {}, node() {}};
  load(["components/player/numbers.js", "components/player/grading.js", "components/quiz.js"],
       {window: {MistakeBoundTimeline: api}});
  const {shown} = api.quiz;
  let compared = 0;
  for (const quiz of quizzes) {
    for (const question of quiz.questions.filter((q) => q.kind === "numbers")) {
      quiz.answers[question.id].forEach((answer, t) => {
        const words = quiz.why[t].split(/[\s(),]+/).map((word) => word.replace(/\.$/, ""));
        for (const text of shown(question, answer).slice(1, -1).split(", ")) {
          assert.ok(words.includes(text), `${quiz.name}, trial ${t + 1}: the verdict shows ${text}; the words say “${quiz.why[t]}”`);
          compared += 1;
        }
      });
    }
  }
  assert.ok(compared >= 10, `${compared} answers compared`);
});
