// components/player/plotly.js: the plotly.js the player draws with takes the lab's config (LAB_PLOTLY_CONFIG,
// components/plotly_assets.py PLOTLY_CONFIG) as the defaults of every figure — a stand-in plotly.js records it.
import assert from "node:assert/strict";
import {test} from "node:test";

import {load} from "./load.mjs";

const CONFIG = Object.freeze({showSendToCloud: false, plotlyServerURL: "", displaylogo: false,
                              modeBarButtonsToRemove: ["sendChartToCloud"]});

function standIn() {
  const calls = [];
  return {calls, setPlotConfig(config) { calls.push(config); }};
}

function loader(window) {
  return load(["components/player/plotly.js"], {window, LAB_PLOTLY_CONFIG: CONFIG, URL});
}

test("a plotly.js handed over (the export's) gets the lab's config once", () => {
  const Plotly = standIn();
  const read = loader({});
  assert.equal(read("labPlotly")(Plotly), Plotly);
  read("labPlotly")(Plotly);
  assert.deepEqual(Plotly.calls, [CONFIG]);
});

test("a plotly.js already on the page is configured before the loader hands it over", async () => {
  const Plotly = standIn();
  const read = loader({Plotly});
  assert.equal(await read("loadPlotly")("app/static/plotly.min.js"), Plotly);
  assert.deepEqual(Plotly.calls, [CONFIG]);
});

test("a plotly.js the loader loads is configured before anything is drawn with it", async () => {
  const Plotly = standIn(), window = {}, added = [];
  const document = {baseURI: "https://lab.example/perceptron", createElement: () => ({}),
                    head: {appendChild(script) { added.push(script); }}};
  const read = load(["components/player/plotly.js"], {window, document, LAB_PLOTLY_CONFIG: CONFIG, URL});
  const loading = read("loadPlotly")("app/static/plotly.min.js");
  assert.equal(added.length, 1);
  assert.equal(added[0].src, "https://lab.example/app/static/plotly.min.js");
  window.Plotly = Plotly;
  added[0].onload();
  assert.equal(await loading, Plotly);
  assert.deepEqual(Plotly.calls, [CONFIG]);
});
