// Mistake Bound Lab: a Plotly figure drawn in place across reruns (Streamlit component v2).
//
// data = {figure: "<figure JSON: data, layout, frames>", config: {...}, src: "app/static/plotly-x.y.z.min.js"}
//
// st.plotly_chart gives its chart a new React identity whenever the figure changes, so every Step
// threw the old chart away and drew the new one from nothing (Plotly.newPlot: every marker rebuilt).
// Here the chart lives as long as the element: an update is a Plotly.react on the same div, which
// keeps zoom (layout.uirevision) and redraws only what changed.
//
// Two layers. A figure whose point clouds are marked (trace.meta === "points") is drawn as two
// stacked plots with the same layout: below, everything else (the regions, boundaries, arrow, title —
// what a Step moves — and an animation's frames, ▶ Play and slider, when no frame moves a cloud);
// above, on a transparent background, the point clouds, whose plot area takes the mouse (hover, zoom,
// the modebar; elsewhere clicks reach the layer below) and whose zoom the layer below follows. Both
// draw the same axes with the same margins, so their plot areas coincide exactly; the legend is
// drawn above, with invisible stand-ins for the entries of the layer below. A Step that leaves the
// points alone redraws only the layer below: plotly.js recomputes and restyles every trace of a
// plot whenever one changes, and restyling 1,000 markers was most of a Step's time in the browser. Likewise an animation frame
// repaints the layer below only, not every marker (the cloud sits on its own compositing layer).
//
// plotly.js itself is the copy that ships with the plotly Python package, served by Streamlit's
// static file serving.

const instances = new WeakMap();
const FONT_FAMILY = '"Source Sans", "Source Sans Pro", sans-serif';   // Streamlit's body font
const POINTS = "points";
const CLEAR = "rgba(0,0,0,0)";
let plotlyLoading = null;

function loadPlotly(src) {
  if (!plotlyLoading) {
    plotlyLoading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(src, document.baseURI).href;
      script.async = true;
      script.onload = () => (window.Plotly ? resolve(window.Plotly) : reject(new Error("plotly.js did not define Plotly")));
      script.onerror = () => { plotlyLoading = null; reject(new Error(`could not load ${src}`)); };
      document.head.appendChild(script);
    });
  }
  return plotlyLoading;
}

function addStyle() {
  if (document.getElementById("mbl-plotly-style")) return;
  const style = document.createElement("style");
  style.id = "mbl-plotly-style";
  style.textContent = ".mbl-plotly-points .modebar-container { pointer-events: auto; }";
  document.head.appendChild(style);
}

function createInstance(root) {
  root.style.position = "relative";
  const base = document.createElement("div");
  base.className = "mbl-plotly-chart";
  base.style.width = "100%";
  const cloud = document.createElement("div");
  cloud.className = "mbl-plotly-chart mbl-plotly-points";
  // its own compositing layer: repainting the boundary below does not repaint the points
  Object.assign(cloud.style, {position: "absolute", left: "0", top: "0", width: "100%", display: "none",
                              willChange: "transform"});
  // the mouse reaches the layer below except where plotly.js made the cloud interactive (the plot
  // area's drag layer: hover, zoom, pan; its modebar): so an animation's ▶ Play and slider, drawn
  // by the layer below, take clicks through the transparent cloud above them
  cloud.style.pointerEvents = "none";
  addStyle();
  root.append(base, cloud);
  const inst = {root, base, cloud, Plotly: null, latest: null, requested: null, drawing: false,
                cloudKey: null, view: null, revision: null, frame: 0, following: false};
  inst.observer = new ResizeObserver(() => {
    if (!inst.Plotly) return;
    cancelAnimationFrame(inst.frame);
    inst.frame = requestAnimationFrame(() => {
      for (const div of [base, cloud]) {
        if (!div.isConnected || !div._fullLayout || div.style.display === "none") continue;
        inst.Plotly.Plots.resize(div).catch(() => {});        // a chart being replaced may refuse
      }
    });
  });
  inst.observer.observe(root);
  return inst;
}

function showProblem(inst, error) {
  const note = document.createElement("p");
  note.className = "mbl-plotly-problem";
  note.textContent = `The figure could not be drawn: ${error && error.message ? error.message : error}`;
  inst.root.replaceChildren(note);
}

// A trace that shows only its legend entry (no points): the other layer's entries, so that both
// layers draw the same legend and keep the same margins.
function standIn(trace) {
  const marker = trace.marker ? {...trace.marker} : undefined;
  if (marker) {
    for (const key of ["size", "color", "symbol", "opacity"]) {
      if (marker[key] !== null && typeof marker[key] === "object") delete marker[key];   // arrays: a default
    }
  }
  const copy = {type: trace.type || "scatter", mode: trace.mode, name: trace.name, line: trace.line, marker,
                fill: trace.fill, fillcolor: trace.fillcolor, showlegend: trace.showlegend,
                legendgroup: trace.legendgroup, visible: trace.visible, x: [null], y: [null], hoverinfo: "skip"};
  for (const key of Object.keys(copy)) if (copy[key] === undefined) delete copy[key];     // plotly.js reads keys
  return copy;
}

function splitLayers(data, layout, frames) {
  if (!data.some((trace) => trace.meta === POINTS)) return null;
  // an animation goes on the layer below: each of its frames must name the traces it moves, none a cloud
  const movesPoints = (frame) => !Array.isArray(frame.traces)
    || frame.traces.some((index) => data[index] && data[index].meta === POINTS);
  if (frames.some(movesPoints)) return null;
  const shown = (trace) => trace.showlegend !== false;
  // the layer below draws no legend: it leaves the clouds out altogether, and its frames name their
  // traces by their places in it (plotly.js re-derives every trace of a plot on every frame and Step)
  const kept = data.flatMap((trace, index) => (trace.meta === POINTS ? [] : [index]));
  const place = new Map(kept.map((index, position) => [index, position]));
  const below = kept.map((index) => data[index]);
  const belowFrames = frames.map((frame) => ({...frame, traces: frame.traces.map((index) => place.get(index))}));
  const above = data.filter((trace) => trace.meta === POINTS || shown(trace))
    .map((trace) => (trace.meta === POINTS ? trace : standIn(trace)));
  const legend = {...(layout.legend || {}), itemclick: false, itemdoubleclick: false};
  // the layer above draws its axes' titles in no colour: the layer below shows them (plotly.js can
  // place the two layers' titles a few pixels apart, which read as a doubled "x₁")
  const clearTitle = (title) => ({...(title || {}), font: {...((title && title.font) || {}), color: CLEAR}});
  const quiet = (axis) => ({...(axis || {}), showgrid: false, zeroline: false, title: clearTitle(axis && axis.title)});
  return {
    below, belowFrames, belowLayout: {...layout, legend, showlegend: false},
    above, aboveLayout: {...layout, legend, title: {...(layout.title || {}), text: ""}, annotations: [], shapes: [],
                         images: [], updatemenus: [], sliders: [], meta: undefined,
                         paper_bgcolor: CLEAR, plot_bgcolor: CLEAR,
                         xaxis: quiet(layout.xaxis), yaxis: quiet(layout.yaxis)},
  };
}

// The layer below follows the zoom and pan done on the points above it.
function follow(inst) {
  const full = inst.cloud._fullLayout;
  if (!full || !full.xaxis || !full.yaxis) return;
  inst.view = {x: full.xaxis.range.slice(), y: full.yaxis.range.slice()};
  inst.Plotly.relayout(inst.base, {"xaxis.range": inst.view.x, "yaxis.range": inst.view.y});
}

async function drawOneLayer(inst, spec, layout, frames, config) {
  if (inst.cloud.style.display !== "none") {
    inst.Plotly.purge(inst.cloud);
    inst.cloud.classList.remove("js-plotly-plot");      // purge leaves the class on an empty div
    inst.cloud.style.display = "none";
    inst.cloudKey = null;
    inst.following = false;
  }
  inst.view = null;
  await inst.Plotly.react(inst.base, {data: spec.data || [], layout, frames, config});
  await startFrames(inst, layout, frames);
}

// The frames of an animation on the layer below, started at once when the figure asks for it
// (layout.meta.autoplay), with its own ▶ Play button's settings.
async function startFrames(inst, layout, frames) {
  const kept = inst.base._transitionData && inst.base._transitionData._frames;
  if (frames.length && !(kept && kept.length)) await inst.Plotly.addFrames(inst.base, frames);
  if (layout.meta && layout.meta.autoplay && frames.length > 1) {
    const play = (layout.updatemenus || []).flatMap((menu) => menu.buttons || [])
      .find((button) => button.method === "animate" && button.args && button.args[0] === null);
    if (play) inst.Plotly.animate(inst.base, null, play.args[1]);
  }
}

async function drawTwoLayers(inst, layers, layout, frames, config) {
  if (layout.uirevision !== inst.revision) inst.view = null;        // a new view: forget the old zoom
  inst.revision = layout.uirevision;
  const belowLayout = inst.view
    ? {...layers.belowLayout, xaxis: {...layers.belowLayout.xaxis, range: inst.view.x},
       yaxis: {...layers.belowLayout.yaxis, range: inst.view.y}}
    : layers.belowLayout;
  // the same config as the layer above and as a one-layer figure: a config change makes
  // Plotly.react start a new plot, which drops the frames of an animation that follows
  await inst.Plotly.react(inst.base, {data: layers.below, layout: belowLayout, frames: layers.belowFrames, config});
  const key = JSON.stringify([layers.above, layers.aboveLayout, config]);
  if (key === inst.cloudKey) {                                      // the points did not change
    await startFrames(inst, layout, layers.belowFrames);
    return true;
  }
  inst.cloud.style.display = "";
  inst.cloud.style.height = inst.base.style.height;
  await inst.Plotly.react(inst.cloud, {data: layers.above, layout: layers.aboveLayout, frames: [], config});
  inst.cloudKey = key;
  if (!aligned(inst.base, inst.cloud)) return false;
  if (!inst.following) {
    inst.following = true;
    inst.cloud.on("plotly_relayout", (event) => {
      if (Object.keys(event || {}).some((name) => name.startsWith("xaxis") || name.startsWith("yaxis"))) follow(inst);
    });
  }
  await startFrames(inst, layout, layers.belowFrames);
  return true;
}

// Both layers' plot areas and axes coincide (same margins, domains and ranges).
function aligned(base, cloud) {
  const a = base._fullLayout, b = cloud._fullLayout;
  const same = (u, v) => JSON.stringify(u) === JSON.stringify(v);
  return same(a._size, b._size) && same(a.xaxis.domain, b.xaxis.domain) && same(a.yaxis.domain, b.yaxis.domain)
    && same(a.xaxis.range, b.xaxis.range) && same(a.yaxis.range, b.yaxis.range);
}

// Draw the latest figure; an update that arrives while one is being drawn waits, and only the
// newest of the waiting ones is drawn (a quick succession of Steps never queues stale figures).
async function drawLatest(inst) {
  if (inst.drawing) return;
  inst.drawing = true;
  try {
    while (inst.latest) {
      const {figure, config: extra, src} = inst.latest;
      inst.latest = null;
      inst.Plotly = inst.Plotly || (await loadPlotly(src));
      const spec = JSON.parse(figure);
      const layout = spec.layout || {};
      layout.font = {family: FONT_FAMILY, ...(layout.font || {})};      // the page's own typeface
      const frames = spec.frames || [];
      const config = {responsive: true, displaylogo: false, ...extra};
      const shown = inst.base._transitionData && inst.base._transitionData._frames;
      if (shown && shown.length) {           // pause a playing animation before its frames are replaced
        await inst.Plotly.animate(inst.base, [null], {mode: "immediate", frame: {duration: 0, redraw: false},
                                                      transition: {duration: 0}});
      }
      inst.base.style.height = `${layout.height || 450}px`;
      const layers = splitLayers(spec.data || [], layout, frames);
      // two layers when the figure allows it and they line up; otherwise (never seen) one plot
      if (!layers || !(await drawTwoLayers(inst, layers, layout, frames, config))) {
        await drawOneLayer(inst, spec, layout, frames, config);
      }
    }
  } catch (error) {
    showProblem(inst, error);
  } finally {
    inst.drawing = false;
  }
}

export default function (component) {
  const {data, parentElement} = component;
  let root = parentElement.querySelector(".mbl-plotly");
  if (!root) {
    root = document.createElement("div");
    root.className = "mbl-plotly";
    parentElement.appendChild(root);
  }
  let inst = instances.get(root);
  if (!inst) {
    inst = createInstance(root);
    instances.set(root, inst);
  }
  // a rerun that sends the same figure again (another widget changed) leaves the chart alone:
  // no redraw, and a playing animation is not restarted
  if (data && data.figure && data.figure !== inst.requested) {
    inst.requested = data.figure;
    inst.latest = {figure: data.figure, config: data.config || {}, src: data.src};
    // a secondary chart (data.later) waits for the next frame, so the page's main chart is drawn
    // and shown first when both change in one rerun
    if (data.later && inst.base._fullLayout) requestAnimationFrame(() => setTimeout(() => drawLatest(inst), 0));
    else drawLatest(inst);
  }
  return () => {
    if (root.isConnected) return;            // a stale cleanup must not tear down a live chart
    inst.observer.disconnect();
    if (inst.Plotly) for (const div of [inst.base, inst.cloud]) inst.Plotly.purge(div);
  };
}
