// Mistake Bound Lab — "SVG" and "PNG" under every Plotly figure of the page, at presentation size.
//
// Mounted once per page (app.py).  It watches the page for Plotly charts — Streamlit's own
// st.plotly_chart elements, the lab's own (components/figure.py) and the player's bound curves — and gives each
// two small buttons.  A
// save draws the figure again from its data and layout with the lab's plotly.js (served from
// static/, the same copy the player uses), at the width shown, scaled so the image is
// PRESENTATION_WIDTH pixels wide: text and markers grow with it, as on a projector.  Nothing leaves
// the browser.  (The player's boundary has its own buttons: its moving parts are not Plotly's.)  plotly.js is
// loaded by the player's one loader, loadPlotly of components/player/plotly.js, and the file made by
// components/player/image.js, which components/figure_saver.py puts before this script in the component's module.

const CHARTS = '[data-testid="stPlotlyChart"], .mbl-figure, .mbl-tl-curves';

// The figure as an SVG at the width shown, its texts' widths pinned to the page's (pinTextWidths of
// components/player/image.js: a viewer, and the PNG, lack the page's font); sized PRESENTATION_WIDTH pixels wide
// (a viewBox scales it), the PNG drawn from it at that size.
async function save(chart, format, src) {
  const plot = chart.querySelector(".js-plotly-plot");
  if (!plot || !plot.data) return;
  const Plotly = await loadPlotly(src);
  const width = Math.max(plot.clientWidth, 200), height = Math.max(plot.clientHeight, 150);
  const layout = {...plot.layout, width, height};
  const keyed = chart.closest('[class*="st-key-"]');
  const key = keyed ? (keyed.className.match(/st-key-([\w-]+)/) || [, "figure"])[1] : "bound-curves";
  const url = await Plotly.toImage({data: plot.data, layout}, {format: "svg", width, height});
  const tall = Math.round(height * PRESENTATION_WIDTH / width);
  const text = pinTextWidths(decodeURIComponent(url.slice(url.indexOf(",") + 1)),
                             {width: PRESENTATION_WIDTH, height: tall, viewBox: `0 0 ${width} ${height}`});
  await saveImage(text, PRESENTATION_WIDTH, tall, format, `mistake-bound-lab-${key}`);
}

function attach(src) {
  for (const chart of document.querySelectorAll(CHARTS)) {
    const holder = chart.classList.contains("mbl-tl-curves") ? chart.parentElement : chart.closest(".stElementContainer") || chart.parentElement;
    if (!holder || holder.querySelector(":scope > .mbl-save")) continue;
    const bar = document.createElement("div");
    bar.className = "mbl-save";
    for (const format of ["svg", "png"]) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = format.toUpperCase();
      button.dataset.format = format;
      button.title = `Save this figure as ${format.toUpperCase()}, ${PRESENTATION_WIDTH} px wide`;
      button.addEventListener("click", () => save(chart, format, src).catch((error) => { button.title = String(error); }));
      bar.append(button);
    }
    if (chart.classList.contains("mbl-tl-curves")) chart.after(bar); else holder.append(bar);
  }
}

export default function (component) {
  const src = component.data.src;
  if (!window.__mblFigureSaver) {
    let pending = 0;
    // a new chart arrives as an added element; what a player's step changes (text, attributes) is not one
    // (a chart drawn: elements added in or around a Plotly plot; the math of a step is not looked at)
    const bringsChart = (mutation) => mutation.addedNodes.length > 0 && mutation.target.nodeType === 1
      && !mutation.target.closest(".mbl-tl-math, .mbl-tl-metrics, .mbl-save")
      && [...mutation.addedNodes].some((added) => added.nodeType === 1
        && (added.closest(".js-plotly-plot") || added.querySelector(`${CHARTS}, .js-plotly-plot`)));
    const observer = new MutationObserver((mutations) => {
      if (pending || !mutations.some(bringsChart)) return;
      pending = requestAnimationFrame(() => { pending = 0; attach(src); });
    });
    observer.observe(document.body, {childList: true, subtree: true});
    window.__mblFigureSaver = observer;
  }
  attach(src);
  return () => {};
}
