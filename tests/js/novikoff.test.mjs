// components/comparator_drag.js against Python: for a u the student drags, γ_t = min_{s≤t} y_s(u·f_s),
// R_t = max_{s≤t} ‖f_s‖ and Novikoff's bound (R‖u‖/γ)² at every trial (learners/bounds.py novikoff), on a
// Perceptron run of the lab (tests/js/fixtures.py), for the best u, two turned ones and one pointing the wrong way.
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

for (const c of data.cases) {
  test(`u = (${c.u.map((v) => v.toPrecision(3)).join(", ")}): γ, R and the bound at every trial are Python's`, () => {
    const shown = novikoff(c.u, data.drag, points, data.T);
    assert.ok(close(shown.norm, c.norm, 1e-12, c.norm));
    assert.equal(shown.broken, c.broken);
    for (let t = 0; t < data.T; t++) {
      assert.ok(close(shown.gamma[t], c.gamma[t], 1e-9, Math.abs(c.gamma[t])), `γ at trial ${t + 1}`);
      assert.ok(close(shown.R[t], c.R[t], 1e-12, c.R[t]), `R at trial ${t + 1}`);
      if (c.bound[t] === null) assert.equal(shown.bound[t], null, `no bound at trial ${t + 1}: u does not separate`);
      else assert.ok(close(shown.bound[t], c.bound[t], 1e-9, c.bound[t]), `bound at trial ${t + 1}: ${shown.bound[t]} ≠ ${c.bound[t]}`);
    }
  });
}
