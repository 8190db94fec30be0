// components/comparator_drag.js against Python: for a u the student drags, γ_t = min_{s≤t} y_s(u·f_s),
// R_t = max_{s≤t} ‖f_s‖ and Novikoff's bound (R‖u‖/γ)² at every trial (learners/bounds.py novikoff), on a
// Perceptron run of the lab (tests/js/fixtures.py), for the best u, two turned ones and one pointing the wrong way;
// and on the same feature vectors scaled to the ends of the float range (Σ f² and u·f under- or overflow there),
// where the bound must stay the one of the unscaled run.
import assert from "node:assert/strict";
import {test} from "node:test";

import {close, fixture, load} from "./load.mjs";

// the plugin registers itself with the player's API at load time: a stand-in API is enough for its math
const api = {use() {}, node() {}};
load(["components/comparator_drag.js"], {window: {MistakeBoundTimeline: api}});
const {novikoff} = api.drag;
const data = fixture("novikoff.json");
const points = (t) => data.point[t - 1];

test("the fixture has a u that separates every trial, one that stops separating, and one that never does", () => {
  const broken = data.cases.map((c) => c.broken);
  assert.ok(broken.includes(0) && broken.includes(1) && broken.some((t) => t > 1));
});

function assertPython(shown, c, label) {
  assert.ok(close(shown.norm, c.norm, 1e-12, c.norm), `${label}: ‖u‖ ${shown.norm} ≠ ${c.norm}`);
  assert.equal(shown.broken, c.broken, `${label}: u stops separating at another trial`);
  for (let t = 0; t < data.T; t++) {
    assert.ok(close(shown.gamma[t], c.gamma[t], 1e-9, Math.abs(c.gamma[t])), `${label}: γ at trial ${t + 1}`);
    assert.ok(close(shown.unitGamma[t], c.unit_gamma[t], 1e-9, Math.abs(c.unit_gamma[t])),
              `${label}: γ/‖u‖ at trial ${t + 1}`);
    assert.ok(close(shown.R[t], c.R[t], 1e-12, c.R[t]), `${label}: R at trial ${t + 1}`);
    if (c.bound[t] === null) assert.equal(shown.bound[t], null, `${label}: no bound at trial ${t + 1}: u does not separate`);
    else assert.ok(close(shown.bound[t], c.bound[t], 1e-9, c.bound[t]), `${label}: bound at trial ${t + 1}: ${shown.bound[t]} ≠ ${c.bound[t]}`);
  }
}

for (const c of data.cases) {
  test(`u = (${c.u.map((v) => v.toPrecision(3)).join(", ")}): γ, R and the bound at every trial are Python's`, () => {
    assertPython(novikoff(c.u, data.drag, points, data.T), c, "unscaled");
  });
}

for (const e of data.extreme) {
  test(`feature vectors and u at scale ${e.scale}: the same bound as unscaled, and Python's γ and R`, () => {
    const drag = {F: e.F, signs: data.drag.signs};
    e.cases.forEach((c, index) => {
      const shown = novikoff(c.u, drag, points, data.T), plain = data.cases[index];
      assertPython(shown, c, `scale ${e.scale}, u #${index + 1}`);
      assert.equal(shown.broken, plain.broken, `scale ${e.scale}: u #${index + 1} separates other trials than unscaled`);
      for (let t = 0; t < data.T; t++) {
        assert.ok(close(shown.R[t] / e.scale, plain.R[t], 1e-12, plain.R[t]), `scale ${e.scale}: R at trial ${t + 1}`);
        if (plain.bound[t] === null) continue;
        assert.ok(Number.isFinite(shown.bound[t]) && close(shown.bound[t], plain.bound[t], 1e-9, plain.bound[t]),
                  `scale ${e.scale}: the bound at trial ${t + 1} is ${shown.bound[t]}, unscaled ${plain.bound[t]}`);
      }
    });
  });
}
