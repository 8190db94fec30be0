// components/player/experts.js against Python: the experts' shares of the weight and their mistakes after every
// trial, rebuilt by the player from an experts payload (advice, outcomes, factors, restarts), are the learner's
// normalized_weights_ and expert_mistakes_ (tests/js/fixtures.py: Weighted Majority on the perfect-expert
// story's recorded payload, Randomized WM with a fixed ε and with the doubling trick's restarts).
import assert from "node:assert/strict";
import {test} from "node:test";

import {close, fixture, load} from "./load.mjs";

const read = load(["components/player/experts.js"]);
const expertCounts = read("expertCounts"), expertShares = read("expertShares");
const {cases} = fixture("experts.json");

test("the fixtures cover WM, RWM and a doubling trick that restarts", () => {
  assert.equal(cases.length, 3);
  assert.ok(cases.some((c) => c.payload.trials.restarted.includes("1")));
});

for (const c of cases) {
  test(`${c.name}: the shares and the mistakes after every trial are the learner's`, () => {
    const {counts, totals} = expertCounts(c.payload);
    assert.equal(counts.length, c.payload.T + 1);
    for (let t = 0; t <= c.payload.T; t++) {
      const shares = expertShares(counts[t], t ? c.payload.factors[t - 1] : 1);
      assert.deepEqual([...totals[t]], c.totals[t], `mistakes after trial ${t}`);
      shares.forEach((share, i) => {
        assert.ok(close(share, c.shares[t][i], 1e-9, c.shares[t][i]) || Math.abs(share - c.shares[t][i]) <= 1e-12,
                  `expert ${i + 1} after trial ${t}: ${share} ≠ ${c.shares[t][i]}`);
      });
    }
  });
}
