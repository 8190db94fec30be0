// Mistake Bound Lab — the boundary scene of a points run: its base figure as two Plotly layers (axes and what
// does not move below; the point clouds and the legend above), and at every trial the overlay's regions, previous
// boundary, w's arrow, support lines, comparator line and ring (or a kernel model's shading: kernel.js).
// A part of the Player (timeline.js mixes its methods in).
// A cloud's trace as its legend entry alone: one gap for a point (plotly.js lists a trace with a point), no
// per-point data; every other trace as it is.
function legendOnly(trace) {
  if (trace.meta !== "points") return trace;
  const marker = {...(trace.marker || {})};
  if (typeof marker.size !== "number") delete marker.size;
  return {...trace, x: [null], y: [null], customdata: undefined, marker};
}

class BoundaryScene {
  async drawBoundaryBase() {
    const figure = JSON.parse(this.payload.boundary.figure);
    const data = figure.data, layout = figure.layout;
    const roles = layout.meta.roles;
    this.traces = data;
    this.roles = roles;
    const moving = new Set(Object.values(roles).flat());
    const isPoints = (trace) => trace.meta === "points";
    // the layer below keeps the axes (and anything that does not move); the moving parts are the overlay's
    const below = data.filter((trace, index) => !isPoints(trace) && !moving.has(index));
    // the legend is drawn above: stand-ins (no points) for the entries of what the overlay draws
    // the comparator's entry only when some trial draws one (Winnow, multiclass and priority runs have none)
    const noComparator = !/[^.]/.test(this.payload.boundary.comparator_use || "");
    const standIns = data.filter((trace, index) => !isPoints(trace) && trace.showlegend !== false
                                 && !(noComparator && index === roles.comparator))
      .map((trace) => {
        const dashed = trace.type === "contour" || trace.type === "scatter";
        const standIn = {type: "scatter", mode: trace.mode === "markers" ? "markers" : "lines", name: trace.name,
                         x: [null], y: [null], hoverinfo: "skip", showlegend: true,
                         line: {...(dashed ? trace.line || {} : {}), color: ((trace.line || {}).color) || "#333333"}};
        if (trace.marker && !Array.isArray(trace.marker.symbol) && !Array.isArray(trace.marker.size)) {
          standIn.marker = trace.marker;
        }
        return standIn;
      });
    const above = data.filter(isPoints).concat(standIns);
    const base = this.layoutFor(layout);
    const legend = {...(base.legend || {}), itemclick: false, itemdoubleclick: false};
    this.belowLayout = {...base, showlegend: false, legend, title: {...(base.title || {}), text: ""}};
    // the layer above draws no grid, ticks or titles (the layer below does: drawn twice, plotly.js can
    // place them a few pixels apart), only the points and the legend
    const quiet = (axis) => ({...(axis || {}), showgrid: false, zeroline: false, showticklabels: false,
                              showline: false, ticks: "",
                              title: {...((axis && axis.title) || {}), font: {...(((axis && axis.title) || {}).font || {}), color: CLEAR}}});
    this.aboveLayout = {...base, legend, title: {...(base.title || {}), text: ""}, paper_bgcolor: CLEAR,
                        plot_bgcolor: CLEAR, meta: undefined, xaxis: quiet(base.xaxis), yaxis: quiet(base.yaxis)};
    // (the lab's config, LAB_PLOTLY_CONFIG, is every figure's default: labPlotly of player/plotly.js)
    const config = {responsive: true, toImageButtonOptions: {format: "svg", filename: "boundary"}};
    // Both layers keep exactly the same margins (never grown by plotly.js for a legend or a label:
    // the layer above, which has the legend, would then have a smaller plot than the layer below and
    // the points would drift off their regions).  The bottom margin is sized from the legend drawn.
    const margin = {...(base.margin || {}), autoexpand: false};
    // the title (an element over the figure) and the plot under plotly.js's toolbar where it stays shown (touch)
    margin.t = (margin.t || 44) + this.modebarRoom();
    this.title.style.top = `${8 + this.modebarRoom()}px`;
    this.belowLayout.margin = margin;
    this.aboveLayout.margin = margin;
    // The margin and the box's height come from the legend drawn, so the legend is drawn first with each cloud
    // as a one-gap stand-in, and the clouds once, at their final size: drawn three times, 100,000 points cost
    // the browser seconds.  A cloud's legend symbol sized by its weights may take another height: measured again.
    await this.Plotly.react(this.above, {data: above.map(legendOnly), layout: this.aboveLayout, config});
    await this.fitLegendMargin(margin);
    await this.Plotly.react(this.above, {data: above, layout: this.aboveLayout, config});
    await this.fitLegendMargin(margin);
    await this.Plotly.react(this.below, {data: below, layout: this.belowLayout, config: {...config, displayModeBar: false}});
    this.checkAligned();
    this.title.style.fontSize = `${this.typeSize() + 2}px`;
    this.overlay.setup(data, roles);
    this.overlay.project();
    this.shownState = undefined;
    if (this.dual) this.dual.prepare(data, roles);
    if (!this.following) {
      this.following = true;
      this.above.on("plotly_relayout", async (event) => {
        if (!Object.keys(event || {}).some((name) => name.startsWith("xaxis") || name.startsWith("yaxis"))) return;
        const full = this.above._fullLayout;
        await this.Plotly.relayout(this.below, {"xaxis.range": full.xaxis.range.slice(), "yaxis.range": full.yaxis.range.slice()});
        this.redraw();
      });
    }
  }

  // The bottom margin holds the legend drawn, plus the tick labels and the axis title above it (both grow with
  // the type); when it changes, the layer above takes it and the box its new height.
  async fitLegendMargin(margin) {
    const legendNode = this.above.querySelector(".legend");
    const needed = legendNode ? Math.ceil(legendNode.getBBox().height + 24 + 2.4 * this.typeSize()) : margin.b;
    if (needed !== margin.b) {
      margin.b = needed;
      await this.Plotly.relayout(this.above, {"margin.b": needed});
    }
    if (this.fitBoundaryHeight()) await this.Plotly.Plots.resize(this.above);
  }

  // On a page the box is as tall as the square plot its width allows (at most 560 px) plus the margins (the bottom
  // one sized from the legend drawn), again when the width changes (a narrow player turns to one column);
  // presenting, the grid sizes it.  Whether the height changed.
  fitBoundaryHeight() {
    const margin = this.aboveLayout && this.aboveLayout.margin;
    if (!margin || !this.payload || this.payload.kind !== "points") return false;
    const side = Math.min(560, Math.max(240, this.boundary.clientWidth - (margin.l || 55) - (margin.r || 10)));
    const height = this.present ? "" : `${(margin.t || 44) + side + margin.b}px`;
    if (this.boundary.style.height === height) return false;
    this.boundary.style.height = height;
    return true;
  }

  // The two layers' plot areas must coincide (same margins, domains and ranges); if plotly.js laid
  // them out differently anyway, the layer below takes the margins of the layer above.
  checkAligned() {
    const a = this.below._fullLayout, b = this.above._fullLayout;
    if (!a || !b) return true;
    const same = JSON.stringify(a._size) === JSON.stringify(b._size)
      && JSON.stringify(a.xaxis.range) === JSON.stringify(b.xaxis.range)
      && JSON.stringify(a.yaxis.range) === JSON.stringify(b.yaxis.range);
    this.root.dataset.aligned = same ? "yes" : "no";
    if (!same) {
      const size = b._size;
      this.Plotly.relayout(this.below, {"margin.l": size.l, "margin.r": size.r, "margin.t": size.t, "margin.b": size.b,
                                        "xaxis.range": b.xaxis.range.slice(), "yaxis.range": b.yaxis.range.slice()});
    }
    return same;
  }

  renderBoundary(t) {
    const payload = this.payload, s = this.stateAt[t], o = this.overlay;
    if (!this.dual) {
      const states = payload.boundary.states, shapes = payload.boundary.shapes;
      const state = states[s], shape = shapes[state.shape];
      o.items.regions.forEach((element, i) => {
        const region = shape.regions[i];
        element.setAttribute("d", region ? o.path(region[0], region[1], true) : "");
      });
      const ghost = s > 0 ? shapes[states[s - 1].shape].borders : null;
      o.items.ghost.setAttribute("d", ghost ? o.path(ghost[0], ghost[1]) : "");
      o.arrow(shape.arrow ? shape.arrow[0] : null, shape.arrow ? shape.arrow[1] : null);
      o.items.support.forEach((element, i) => {
        const line = state.support && state.support[i];
        element.setAttribute("d", line ? o.path(line[0], line[1]) : "");
      });
    } else if (this.shownState !== s) {
      this.dual.paint(o, s);
      this.shownState = s;
    }
    if (o.items.comparator) {
      const owner = t > 0 ? payload.boundary.comparator_use[t - 1] : ".";
      const line = owner !== "." ? payload.boundary.comparators[Number(owner)] : null;
      o.items.comparator.setAttribute("d", line ? o.path(line.x, line.y) : "");
    }
    const point = t > 0 ? this.trials.point(t) : null;
    o.ring(point === null ? null : payload.X[0][point], point === null ? null : payload.X[1][point]);
    this.title.textContent = t ? `after trial ${t}${this.trials.mistake[t - 1] === "1" ? " — a mistake" : ""}`
                               : "before the first trial";
  }
}
