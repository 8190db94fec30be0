// Mistake Bound Lab — the one plotly.js loader of the player: the copy the app serves (components/plotly_assets.py),
// loaded once per page; the offline export inlines plotly.js and hands it over (mount's options.Plotly) instead.
let plotlyLoading = null;

function loadPlotly(src) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!plotlyLoading) {
    plotlyLoading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(src, document.baseURI).href;
      script.async = true;
      script.onload = () => (window.Plotly ? resolve(window.Plotly) : reject(new Error("plotly.js did not load")));
      script.onerror = () => { plotlyLoading = null; reject(new Error(`could not load ${src}`)); };
      document.head.appendChild(script);
    });
  }
  return plotlyLoading;
}
