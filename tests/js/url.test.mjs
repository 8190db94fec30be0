// components/player/url.js: the one writer of the address bar (the player's ?t and ?present, the quiz's ?quiz,
// the projector's ?theme), against a stand-in window.
import assert from "node:assert/strict";
import {test} from "node:test";

import {load} from "./load.mjs";

function page(href) {
  const calls = [];
  const window = {
    location: {href, get search() { return new URL(this.href).search; }, get hash() { return new URL(this.href).hash; }},
    history: {state: {page: 1}, replaceState(state, title, url) { calls.push([state, url]); window.location.href = url; }},
  };
  const address = load(["components/player/url.js"], {window, URL, URLSearchParams})("address");
  return {window, calls, address};
}

test("write sets and removes only its own keys, keeps the others and the history state", () => {
  const {window, calls, address} = page("https://lab.example/perceptron?points=abc&present=1#x");
  address.write({t: "12", present: null});
  assert.equal(window.location.href, "https://lab.example/perceptron?points=abc&t=12#x");
  assert.deepEqual(calls.map(([state]) => state), [{page: 1}]);
  address.write({quiz: "1"});
  assert.equal(new URL(window.location.href).searchParams.get("points"), "abc");
  assert.equal(new URL(window.location.href).searchParams.get("quiz"), "1");
});

test("an address that would not change is not written again", () => {
  const {calls, address} = page("https://lab.example/perceptron?t=3");
  address.write({t: 3, present: null});
  assert.equal(calls.length, 0);
});

test("read takes the query, then the #hash of a file opened from disk", () => {
  assert.equal(page("https://lab.example/?theme=projector").address.read("theme"), "projector");
  assert.equal(page("file:///tmp/run.html#t=4&theme=projector").address.read("theme"), "projector");
  assert.equal(page("https://lab.example/?t=1").address.read("quiz"), null);
});

test("a location that is no URL (a sandboxed frame's) keeps no state and raises nothing", () => {
  const broken = load(["components/player/url.js"], {window: {location: {}}, URL, URLSearchParams})("address");
  assert.doesNotThrow(() => broken.write({t: "1"}));
  assert.equal(broken.read("t"), null);
});
