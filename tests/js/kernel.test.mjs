// components/player/kernel.js against Python: a kernel model's scores on the grid after s updates, and the
// shading they give (the sign for two classes, the winning class for more), on runs the lab builds
// (tests/js/fixtures.py: the payload's dual and the learner's own decision_function on the same grid points).
import assert from "node:assert/strict";
import {test} from "node:test";

import {close, fixture, load} from "./load.mjs";

const read = load(["components/player/kernel.js"]);
const DualGrid = read("DualGrid");
const kernelFunction = read("kernelFunction");
const {cases} = fixture("kernel.json");

// Python's decision values as the player's class columns: two classes one column; more, f_j(x)/θ_j → f_j(x)
function expectedColumns(dual, decision) {
  if (dual.binary) return decision.map((v) => [v]);
  return decision.map((row) => row.map((v, j) => v * dual.theta[j]));
}

test("the fixtures cover binary and multiclass models, every kernel, and updates past a checkpoint", () => {
  assert.ok(cases.some((c) => c.dual.binary) && cases.some((c) => !c.dual.binary));
  assert.deepEqual(new Set(cases.map((c) => c.dual.kernel.kind)), new Set(["rbf", "poly", "laplace"]));
  assert.ok(cases.some((c) => c.states.some((state) => state.s > read("CHECKPOINT"))));
});

for (const c of cases) {
  test(`${c.name}: the scores on the grid are the learner's decision values`, () => {
    const grid = new DualGrid(c.dual);
    const zero = grid.scores(0);
    assert.ok(zero.every((v) => v === 0), "before the first update every score is 0");
    // the SGD solver keeps W = s·S with one positive s for all classes: the player's scores are S (the
    // shading does not depend on s), so they are compared after scaling both sets to their largest value
    const sgd = c.learner === "Apportioned margin" && !/perceptron solver/.test(c.name);
    for (const order of [c.states, [...c.states].reverse()]) {        // Step and Back give the same numbers
      for (const state of order) {
        const shown = grid.scores(state.s), expected = expectedColumns(c.dual, state.decision), r = grid.r;
        assert.equal(shown.length, expected.length * r);
        let top = 0, shownTop = 0;
        for (const row of expected) for (const v of row) top = Math.max(top, Math.abs(v));
        for (const v of shown) shownTop = Math.max(shownTop, Math.abs(v));
        const factor = sgd ? top / shownTop : 1;
        expected.forEach((row, g) => row.forEach((v, j) => {
          assert.ok(close(shown[g * r + j] * factor, v, 1e-9, top),
                    `s = ${state.s}, grid point ${g}, column ${j}: ${shown[g * r + j] * factor} ≠ ${v}`);
        }));
      }
    }
  });

  test(`${c.name}: the shading's sign or winning class is the learner's prediction`, () => {
    const grid = new DualGrid(c.dual), size = c.dual.grid.x.length;
    for (const state of c.states) {
      let compared = 0;
      const field = grid.field(state.s), expected = expectedColumns(c.dual, state.decision);
      let top = 0;
      for (const row of expected) for (const v of row) top = Math.max(top, Math.abs(v));
      for (let i = 0; i < size; i++) {
        for (let j = 0; j < size; j++) {
          const values = expected[i * size + j];
          if (c.dual.binary) {
            if (Math.abs(values[0]) <= 1e-9 * top) continue;            // on the boundary: either side
            assert.equal(Math.sign(field[i][j]), Math.sign(values[0]), `s = ${state.s}, row ${i}, column ${j}`);
          } else {
            const scaled = values.map((v, k) => v / c.dual.theta[k]);
            const best = scaled.indexOf(Math.max(...scaled));
            if (scaled.some((v, k) => k !== best && Math.abs(v - scaled[best]) <= 1e-9 * top)) continue;   // a tie
            assert.equal(field[i][j], best, `s = ${state.s}, row ${i}, column ${j}`);
          }
          compared += 1;
        }
      }
      // after one or two updates many classes still score 0 far from the support points (a tie); the last model
      // leaves few ties
      if (state.s === c.dual.deltas.length) assert.ok(compared >= 0.8 * size * size, `${compared} points compared`);
    }
  });
}

test("each kernel is learners/kernels.py's formula", () => {
  const a = [0.3, -1.2, 1], b = [-0.7, 0.4, 1];
  const dot = 0.3 * -0.7 + -1.2 * 0.4 + 1, squared = 1 + 1.6 ** 2;
  const values = {
    linear: [{kind: "linear", gamma: 1, degree: 3, coef0: 1}, dot],
    poly: [{kind: "poly", gamma: 0.5, degree: 3, coef0: 2}, (0.5 * dot + 2) ** 3],
    rbf: [{kind: "rbf", gamma: 0.8, degree: 3, coef0: 1}, Math.exp(-0.8 * squared)],
    laplace: [{kind: "laplace", gamma: 2, degree: 3, coef0: 1}, Math.exp(-Math.sqrt(squared) / 2)],
  };
  for (const [name, [kernel, expected]] of Object.entries(values)) {
    assert.ok(close(kernelFunction(kernel)(a, b), expected, 1e-12, Math.abs(expected)), name);
  }
  assert.throws(() => kernelFunction({kind: "sigmoid"}), /unknown kernel/);
});
