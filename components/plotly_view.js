// Mistake Bound Lab: a Plotly figure drawn in place across reruns (Streamlit component v2).
//
// data = {figure: "<figure JSON: data, layout, frames>", config: {...}, src: "app/static/plotly-x.y.z.min.js"}
//
// st.plotly_chart gives its chart a new React identity whenever the figure changes, so every Step
// threw the old chart away and drew the new one from nothing (Plotly.newPlot: every marker rebuilt).
// Here the chart's div lives as long as the element: an update is a Plotly.react on the same div,
// which keeps zoom (layout.uirevision) and redraws only what changed. plotly.js itself is the copy
// that ships with the plotly Python package, served by Streamlit's static file serving.

const instances = new WeakMap();
const FONT_FAMILY = '"Source Sans", "Source Sans Pro", sans-serif';   // Streamlit's body font
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

function createInstance(root) {
  const div = document.createElement("div");
  div.className = "mbl-plotly-chart";
  div.style.width = "100%";
  root.appendChild(div);
  const inst = {root, div, Plotly: null, latest: null, requested: null, drawing: false, observer: null, frame: 0};
  inst.observer = new ResizeObserver(() => {
    if (!inst.Plotly || !div._fullLayout) return;
    cancelAnimationFrame(inst.frame);
    inst.frame = requestAnimationFrame(() => inst.Plotly.Plots.resize(div));
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

// Draw the latest figure; an update that arrives while one is being drawn waits, and only the
// newest of the waiting ones is drawn (a quick succession of Steps never queues stale figures).
async function drawLatest(inst) {
  if (inst.drawing) return;
  inst.drawing = true;
  try {
    while (inst.latest) {
      const {figure, config, src} = inst.latest;
      inst.latest = null;
      inst.Plotly = inst.Plotly || (await loadPlotly(src));
      const spec = JSON.parse(figure);
      const layout = spec.layout || {};
      layout.font = {family: FONT_FAMILY, ...(layout.font || {})};      // the page's own typeface
      inst.div.style.height = `${layout.height || 450}px`;
      const frames = spec.frames || [];
      const shown = inst.div._transitionData && inst.div._transitionData._frames;
      if (shown && shown.length) {           // pause a playing animation before its frames are replaced
        await inst.Plotly.animate(inst.div, [null], {mode: "immediate", frame: {duration: 0, redraw: false},
                                                     transition: {duration: 0}});
      }
      await inst.Plotly.react(inst.div, {
        data: spec.data || [], layout, frames, config: {responsive: true, displaylogo: false, ...config},
      });
      // a run's animation starts by itself (layout.meta.autoplay), with its own ▶ Play button's settings
      if (layout.meta && layout.meta.autoplay && frames.length > 1) {
        const play = (layout.updatemenus || []).flatMap((menu) => menu.buttons || [])
          .find((button) => button.method === "animate" && button.args && button.args[0] === null);
        if (play) inst.Plotly.animate(inst.div, null, play.args[1]);
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
    drawLatest(inst);
  }
  return () => {
    if (root.isConnected) return;            // a stale cleanup must not tear down a live chart
    inst.observer.disconnect();
    if (inst.Plotly) inst.Plotly.purge(inst.div);
  };
}
