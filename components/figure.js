// Mistake Bound Lab — a page's Plotly figure, drawn by the lab's own plotly.js (components/figure.py).
//
// st.plotly_chart brings Streamlit's own plotly.js bundle and a React wrapper around it: a page that shows the
// player and such a chart parses plotly.js twice and lays the chart out several times.  This component draws the
// figure with the copy the player uses (loadPlotly of components/player/plotly.js, put before this script with the
// lab's Plotly config): once per figure, again only when the figure changes, resized with its column.

function titleOf(layout) {
  const title = layout && layout.title;
  const text = typeof title === "string" ? title : title && title.text;
  return text ? String(text).replace(/<[^>]*>/g, "") : "";
}

export default function (component) {
  const {data, parentElement} = component;
  const holder = parentElement.querySelector(".mbl-figure");
  const plot = holder.querySelector(".mbl-figure-plot");
  if (!data || !data.figure) return undefined;
  if (plot._mblSpec !== data.figure) {
    plot._mblSpec = data.figure;
    const figure = JSON.parse(data.figure);
    const layout = {...figure.layout, autosize: true};
    delete layout.width;                                   // the column's width, as st.plotly_chart's stretch
    plot.style.height = `${layout.height || 450}px`;
    holder.setAttribute("aria-label", data.label || titleOf(layout) || "Figure");
    delete holder.dataset.drawn;
    loadPlotly(data.src)
      .then((Plotly) => Plotly.react(plot, figure.data, layout, {}))
      .then(() => { if (plot._mblSpec === data.figure) holder.dataset.drawn = "1"; })
      .catch((error) => {
        const note = document.createElement("p");
        note.className = "mbl-figure-problem";
        note.textContent = `The figure could not be drawn: ${error && error.message ? error.message : error}`;
        holder.replaceChildren(note);
      });
  }
  if (!holder._mblResizer) {                               // the column grows or shrinks (the sidebar, a window)
    holder._mblResizer = new ResizeObserver(() => {
      if (plot._fullLayout && window.Plotly) window.Plotly.Plots.resize(plot);
    });
    holder._mblResizer.observe(holder);
  }
  return () => {
    if (holder.isConnected) return;
    holder._mblResizer.disconnect();
    if (window.Plotly) window.Plotly.purge(plot);
  };
}
