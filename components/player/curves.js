// Mistake Bound Lab — the bound curves and the proof's invariants: Plotly figures drawn once per run, with a
// cursor at the trial shown.  The curves' values all come from the payload (viz/curves.py); this module only
// keeps them in view.  A part of the Player (timeline.js mixes its methods in).
function figureMeta(layout) { return (layout && layout.meta) || {}; }

// The cursor of a curve chart: a line at the trial and a veil over the trials not reached yet.
class Cursor {
  constructor(box, div) {
    this.div = div;
    this.veil = node("div", {className: "mbl-tl-veil"});
    this.line = node("div", {className: "mbl-tl-cursor"});
    box.append(this.veil, this.line);
  }
  move(t) {
    const full = this.div._fullLayout;
    if (!full) return;
    const xa = full.xaxis, size = full._size;
    const range = xa.range;
    const clamp = (v) => Math.min(Math.max(v, range[0]), range[1]);
    const x = xa._offset + xa.l2p(clamp(t)), right = xa._offset + xa._length;
    const left = xa._offset + xa.l2p(clamp(t + 0.5));
    Object.assign(this.line.style, {left: `${x - 1}px`, top: `${size.t}px`, height: `${size.h}px`});
    Object.assign(this.veil.style, {left: `${left}px`, top: `${size.t}px`, height: `${size.h}px`,
                                    width: `${Math.max(right - left, 0)}px`});
    this.div.dataset.cursor = String(t);
  }
}

class CurvesScene {
  async drawCurvesBase() {
    const figure = JSON.parse(this.payload.curves.figure);
    this.curvesLayout = this.layoutFor(figure.layout, "curves");
    // the base figure's y axis, kept apart: plotly.js writes later relayouts into the layout it was given
    this.curvesBaseY = JSON.parse(JSON.stringify(this.curvesLayout.yaxis || {}));
    const config = {responsive: true, toImageButtonOptions: {format: "svg", filename: "bounds", width: PRESENTATION_WIDTH, height: 720}};
    this.curvesNames = figure.data.map((trace) => trace.name);
    this.curvesSubtitle = ((this.curvesLayout.title || {}).subtitle || {}).text;
    const {names, subtitle} = this.curvesTexts();
    const data = figure.data.map((trace, i) => (names[i] === trace.name ? trace : {...trace, name: names[i]}));
    if (subtitle !== this.curvesSubtitle) {
      this.curvesLayout.title = {...this.curvesLayout.title, subtitle: {...this.curvesLayout.title.subtitle, text: subtitle}};
    }
    await this.Plotly.react(this.curves, {data, layout: this.curvesLayout, config});
    if (!this.curvesFollowing) {
      this.curvesFollowing = true;
      // a plugin's curve (the dragged u's bound) may reach above the base figure's view: the axis follows
      for (const name of ["plotly_restyle", "plotly_redraw"]) this.curves.on(name, () => this.fitCurves());
    }
  }

  // ``text`` broken into lines at its spaces, each no wider than ``room`` pixels in ``font`` ({size, family}); its own
  // lines (<br>) kept.  plotly.js never wraps a legend entry or a subtitle, it cuts them at the figure's edge
  // (issue 34: "Weighted Majority = WM, lecture form: equal w…" and the curves' "not drawn — …" at 320 px).
  wrapText(text, room, font) {
    if (typeof text !== "string" || !text) return text;
    const measure = this.textMeasure || (this.textMeasure = document.createElement("canvas").getContext("2d"));
    measure.font = `${font.size || 13}px ${font.family || FONT_FAMILY}`;
    const wide = (part) => measure.measureText(part.replace(/<[^>]*>/g, "").replace(/&amp;/g, "&")).width;
    return text.split("<br>").map((given) => {
      if (wide(given) <= room) return given;
      const lines = [];
      let line = "";
      for (const word of given.split(" ")) {
        const longer = line ? `${line} ${word}` : word;
        if (line && wide(longer) > room) { lines.push(line); line = word; } else line = longer;
      }
      return [...lines, line].join("<br>");
    }).join("<br>");
  }

  // The base figure's legend names and subtitle for the curves' width (a phone's): wrapped where they need it.
  curvesTexts() {
    const layout = this.curvesLayout || {}, width = this.curves.clientWidth;
    const font = {...(layout.font || {}), ...((layout.legend || {}).font || {})};
    const subtitle = ((layout.title || {}).subtitle || {}).text;
    if (!width) return {names: this.curvesNames || [], subtitle};
    const subtitleFont = {...(layout.font || {}), ...(((layout.title || {}).subtitle || {}).font || {})};
    return {names: (this.curvesNames || []).map((name) => this.wrapText(name, Math.max(120, width - 64), font)),
            subtitle: this.wrapText(this.curvesSubtitle, Math.max(120, width - 24), subtitleFont)};
  }

  // after a change of width: the legend names and the subtitle wrapped again where they need it (only those)
  async fitCurvesTexts() {
    if (!this.curves._fullLayout || !this.curvesNames) return;
    const {names, subtitle} = this.curvesTexts();
    const changed = names.map((name, i) => i).filter((i) => this.curves.data[i] && this.curves.data[i].name !== names[i]);
    if (changed.length) await this.Plotly.restyle(this.curves, {name: changed.map((i) => names[i])}, changed);
    const shown = (((this.curves.layout || {}).title || {}).subtitle || {}).text;
    if (subtitle !== undefined && subtitle !== shown) await this.Plotly.relayout(this.curves, {"title.subtitle.text": subtitle});
  }

  // The curves' y axis holds every curve drawn: the base figure's range (the count and every bound,
  // viz/curves.py), raised while an added curve goes higher, back to it when that curve is gone.
  fitCurves() {
    // once a frame, one relayout after another (two in flight could land in either order)
    cancelAnimationFrame(this.fitFrame);
    this.fitFrame = requestAnimationFrame(() => {
      this.fitting = (this.fitting || Promise.resolve()).then(() => this.fitCurvesNow()).catch(() => {});
    });
  }
  fitCurvesNow() {
    const base = this.curvesBaseY, full = this.curves._fullLayout;
    if (!base || !Array.isArray(base.range) || !full) return undefined;
    const log = base.type === "log";
    let top = base.range[1];
    for (const trace of this.curves.data || []) {
      if (!(Array.isArray(trace.y) || ArrayBuffer.isView(trace.y)) || trace.visible === false) continue;
      for (const v of trace.y) {
        if (v === null || !Number.isFinite(v) || (log && v <= 0)) continue;
        top = Math.max(top, log ? Math.log10(v * 1.25) : v * 1.05);
      }
    }
    const range = full.yaxis.range;
    if (Math.abs(range[1] - top) < 1e-9 && Math.abs(range[0] - base.range[0]) < 1e-9) return undefined;
    const update = {"yaxis.range": [base.range[0], top]};
    if (log && Array.isArray(base.tickvals)) {
      // the log axis's ticks as viz/curves.py draws them: "0" at its foot, then 1, 2, 5 a decade (1 a decade
      // over more than meta.counts.dense_decades)
      const counts = ((figureMeta(this.curvesLayout)).counts) || {};
      const floor = base.tickvals[0], values = [floor], labels = [base.ticktext[0]];
      // each tick's label as viz/curves.py wrote it (it labels every decade the run's curves can reach)
      const decade = (value) => Math.round(Math.log10(value) * 1e6);
      const written = new Map(base.tickvals.map((value, i) => [decade(value), base.ticktext[i]]));
      const steps = top - Math.log10(floor) > (counts.dense_decades || 3.5) ? [1] : [1, 2, 5];
      // labels at least a line and a half apart on the plot's height
      const size = full._size, font = (full.yaxis.tickfont || {}).size || 13;
      const gap = size && size.h ? 1.5 * font * (top - base.range[0]) / size.h : 0;
      for (let k = Math.ceil(Math.log10(floor)); k <= Math.floor(top); k++) {
        for (const step of steps) {
          const v = step * 10 ** k;
          if (Math.log10(v) > top || Math.log10(v) - Math.log10(values[values.length - 1]) < gap) continue;
          values.push(v);
          labels.push(written.get(decade(v)) ?? numberText(v, 6));
        }
      }
      update["yaxis.tickvals"] = values;
      update["yaxis.ticktext"] = labels;
    }
    return this.Plotly.relayout(this.curves, update);
  }

  async drawInvariants() {
    if (!this.payload.invariants || this.invariantsDrawn) return;
    const figure = JSON.parse(this.payload.invariants);
    this.invariantsLayout = this.layoutFor(figure.layout, "invariants");
    await this.Plotly.react(this.invariants, {data: figure.data, layout: this.invariantsLayout,
                                              config: {responsive: true}});
    this.invariantsDrawn = true;
    this.invariantsCursor.move(this.t);
  }
}
