// Mistake Bound Lab — the boundary's moving parts, drawn without Plotly.
//
// What moves with the trial is drawn by the player itself, on an SVG (and, for kernel models, a
// canvas) between the axes (Plotly, drawn once) and the point clouds (Plotly, drawn once): a
// Plotly.restyle or relayout costs ~30 ms on a Streamlit page (it lays the whole page out again),
// setting a few SVG attributes well under one.  Positions come from the axes' own mapping
// (_offset + l2p), so a zoom on the points is followed exactly.
const DASHES = {solid: "", dot: "2,3", dash: "7,5", longdash: "12,5", dashdot: "7,3,2,3", longdashdot: "12,3,2,3"};

function dashArray(line) {
  const width = (line && line.width) || 2;
  const pattern = DASHES[(line && line.dash) || "solid"];
  if (pattern === undefined || pattern === "") return "";
  return pattern.split(",").map((v) => Number(v) * Math.max(width, 1) / 1.5).join(",");
}

function parseColor(text) {
  if (!text) return [0, 0, 0, 1];
  if (text[0] === "#") {
    const v = text.length === 4 ? text.slice(1).split("").map((c) => c + c).join("") : text.slice(1, 7);
    return [parseInt(v.slice(0, 2), 16), parseInt(v.slice(2, 4), 16), parseInt(v.slice(4, 6), 16), 1];
  }
  const numbers = text.match(/[\d.]+/g) || [0, 0, 0];
  return [Number(numbers[0]), Number(numbers[1]), Number(numbers[2]), numbers.length > 3 ? Number(numbers[3]) : 1];
}

// the colour of a Plotly colorscale [[position, colour], …] at v ∈ [0, 1]
function colorAt(scale, v) {
  let i = 1;
  while (i < scale.length - 1 && scale[i][0] < v) i++;
  const [p0, c0] = scale[i - 1], [p1, c1] = scale[i];
  const a = parseColor(c0), b = parseColor(c1);
  const f = p1 > p0 ? Math.min(Math.max((v - p0) / (p1 - p0), 0), 1) : 1;
  return [0, 1, 2].map((k) => Math.round(a[k] + (b[k] - a[k]) * f));
}

// The boundary's moving parts, drawn over the plot area of the layer below.
class Overlay {
  constructor(container, below) {
    this.below = below;
    this.clip = node("div", {className: "mbl-tl-clip"});
    this.canvas = node("canvas", {className: "mbl-tl-canvas"});
    this.clip.append(this.canvas);
    this.svg = svgNode("svg", {class: "mbl-tl-overlay"});
    this.clipPath = svgNode("clipPath", {id: `mbl-clip-${Math.random().toString(36).slice(2)}`});
    this.clipRect = svgNode("rect");
    this.clipPath.append(this.clipRect);
    this.svg.append(svgNode("defs"));
    this.svg.firstChild.append(this.clipPath);
    this.group = svgNode("g", {"clip-path": `url(#${this.clipPath.id})`});
    this.svg.append(this.group);
    container.insertBefore(this.clip, container.children[1] || null);
    container.insertBefore(this.svg, this.clip.nextSibling);
    this.items = {};
  }
  // (re)create the elements of every role, styled like the base figure's traces
  setup(traces, roles) {
    this.group.replaceChildren();
    this.items = {regions: [], support: []};
    const add = (element) => { this.group.append(element); return element; };
    for (const index of roles.region || []) {
      this.items.regions.push(add(svgNode("path", {fill: traces[index].fillcolor || "none", stroke: "none"})));
    }
    const stroked = (index, extra = {}) => {
      const line = traces[index].line || {};
      return add(svgNode("path", {fill: "none", stroke: line.color || "#333", "stroke-width": line.width || 2,
                                  "stroke-dasharray": dashArray(line), ...extra}));
    };
    if (roles.borders !== undefined) this.items.borders = stroked(roles.borders);
    this.items.ghost = stroked(roles.ghost_grid !== undefined ? roles.ghost_grid : roles.ghost);
    if (roles.comparator !== undefined) this.items.comparator = stroked(roles.comparator);
    for (const index of roles.support || []) this.items.support.push(stroked(index));
    if (roles.arrow !== undefined) {
      const colour = (traces[roles.arrow].line || {}).color || "#222";
      this.items.arrow = add(svgNode("path", {fill: "none", stroke: colour, "stroke-width": 2.5}));
      this.items.arrowHead = add(svgNode("path", {fill: colour, stroke: "none"}));
      this.items.arrowLabel = add(svgNode("text", {fill: colour, "font-weight": "700", "font-size": "15",
                                                   "text-anchor": "middle", "dominant-baseline": "middle"}));
      this.items.arrowLabel.textContent = "w";
    }
    const ring = traces[roles.current].marker || {};
    this.items.current = add(svgNode("circle", {fill: "none", stroke: (ring.line && ring.line.color) || "#000",
                                                "stroke-width": (ring.line && ring.line.width) || 3}));
    this.ringRadius = (ring.size || 26) / 2;
  }
  // the mapping of the axes of the layer below, now
  project() {
    const full = this.below._fullLayout;
    const xa = full.xaxis, ya = full.yaxis;
    this.px = (x) => xa._offset + xa.l2p(x);
    this.py = (y) => ya._offset + ya.l2p(y);
    const left = xa._offset, top = ya._offset, width = xa._length, height = ya._length;
    for (const [k, v] of Object.entries({x: left, y: top, width, height})) this.clipRect.setAttribute(k, v);
    Object.assign(this.clip.style, {left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px`});
    this.plot = {left, top, width, height};
  }
  path(xs, ys, close = false) {
    let d = "", open = false;
    for (let i = 0; i < xs.length; i++) {
      if (xs[i] === null || ys[i] === null || xs[i] === undefined) { open = false; continue; }
      d += `${open ? "L" : "M"}${this.px(xs[i]).toFixed(1)},${this.py(ys[i]).toFixed(1)}`;
      open = true;
    }
    return close && d ? d + "Z" : d;
  }
  segmentsPath(segments) {
    let d = "";
    for (const [x0, y0, x1, y1] of segments) {
      d += `M${this.px(x0).toFixed(1)},${this.py(y0).toFixed(1)}L${this.px(x1).toFixed(1)},${this.py(y1).toFixed(1)}`;
    }
    return d;
  }
  arrow(xs, ys) {
    const {arrow, arrowHead, arrowLabel} = this.items;
    if (!arrow) return;
    if (!xs || xs[0] === null) {
      arrow.setAttribute("d", ""); arrowHead.setAttribute("d", ""); arrowLabel.setAttribute("visibility", "hidden");
      return;
    }
    const [ax, ay, tx, ty] = [this.px(xs[0]), this.py(ys[0]), this.px(xs[1]), this.py(ys[1])];
    const angle = Math.atan2(ty - ay, tx - ax), size = 11;
    const back = (a) => [tx - size * Math.cos(angle + a), ty - size * Math.sin(angle + a)];
    const [l, r] = [back(0.42), back(-0.42)];
    arrow.setAttribute("d", `M${ax},${ay}L${tx - 0.6 * size * Math.cos(angle)},${ty - 0.6 * size * Math.sin(angle)}`);
    arrowHead.setAttribute("d", `M${tx},${ty}L${l[0]},${l[1]}L${r[0]},${r[1]}Z`);
    arrowLabel.setAttribute("visibility", "visible");
    arrowLabel.setAttribute("x", this.px(xs[3]));
    arrowLabel.setAttribute("y", this.py(ys[3]));
  }
  ring(x, y) {
    const circle = this.items.current;
    if (x === null) { circle.setAttribute("visibility", "hidden"); return; }
    circle.setAttribute("visibility", "visible");
    circle.setAttribute("cx", this.px(x));
    circle.setAttribute("cy", this.py(y));
    circle.setAttribute("r", this.ringRadius);
  }
}
