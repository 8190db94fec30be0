// Mistake Bound Lab — the one plotly.js loader of the player: the copy the app serves (components/plotly_assets.py),
// loaded once per page; the offline export inlines plotly.js and hands it over (mount's options.Plotly) instead.
// Either way labPlotly gives that plotly.js the lab's config as the defaults of every figure it draws:
// LAB_PLOTLY_CONFIG, components/plotly_assets.py PLOTLY_CONFIG, put before this module where it is assembled —
// no "Share chart…" (an upload to Plotly Cloud), no link to plotly.com: nothing in a toolbar leaves the server.
let plotlyLoading = null;

function labPlotly(Plotly) {
  if (Plotly && !Plotly.__mblConfigured) {
    Plotly.setPlotConfig(LAB_PLOTLY_CONFIG);
    Plotly.__mblConfigured = true;
  }
  return Plotly;
}

function loadPlotly(src) {
  if (window.Plotly) return Promise.resolve(labPlotly(window.Plotly));
  if (!plotlyLoading) {
    plotlyLoading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(src, document.baseURI).href;
      script.async = true;
      script.onload = () => (window.Plotly ? resolve(labPlotly(window.Plotly)) : reject(new Error("plotly.js did not load")));
      script.onerror = () => { plotlyLoading = null; reject(new Error(`could not load ${src}`)); };
      document.head.appendChild(script);
    });
  }
  return plotlyLoading;
}
