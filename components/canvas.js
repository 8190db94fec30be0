// Mistake Bound Lab drawing canvas: an SVG plot in exact data coordinates.
// data = {box: [x0, x1, y0, y1], points: [[x, y, class, size]], names, colors, symbols, active, mode}
// Reports one trigger value "event": {type: "add"|"box"|"erase", x, y | x0, x1, y0, y1, label, radius, id}.
const SVG = "http://www.w3.org/2000/svg";
const HEIGHT = 480, PAD = {left: 48, right: 12, top: 12, bottom: 40};
let counter = 0;

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function marker(symbol, x, y, r, color, parent) {
  const s = r, h = r * 1.15;
  const common = {fill: color, stroke: "white", "stroke-width": 1};
  if (symbol === "square") return el("rect", {x: x - s, y: y - s, width: 2 * s, height: 2 * s, ...common}, parent);
  if (symbol === "diamond") return el("polygon", {points: `${x},${y - h} ${x + h},${y} ${x},${y + h} ${x - h},${y}`, ...common}, parent);
  if (symbol === "triangle-up") return el("polygon", {points: `${x},${y - h} ${x + h},${y + s} ${x - h},${y + s}`, ...common}, parent);
  if (symbol === "x") return el("path", {d: `M${x - s},${y - s}L${x + s},${y + s}M${x - s},${y + s}L${x + s},${y - s}`, stroke: color, "stroke-width": 3, fill: "none"}, parent);
  if (symbol === "star") {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + i * Math.PI / 5, rr = i % 2 ? h * 0.45 : h * 1.1;
      pts.push(`${x + rr * Math.cos(a)},${y + rr * Math.sin(a)}`);
    }
    return el("polygon", {points: pts.join(" "), ...common}, parent);
  }
  return el("circle", {cx: x, cy: y, r: s, ...common}, parent);
}

function niceTicks(lo, hi, count) {
  const span = hi - lo, raw = span / count, mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => span / s <= count) || 10 * mag;
  const ticks = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) ticks.push(+t.toFixed(10));
  return ticks;
}

export default function (component) {
  const {data, setTriggerValue, parentElement} = component;
  let root = parentElement.querySelector(".mbl-canvas");
  if (!root) {
    root = document.createElement("div");
    root.className = "mbl-canvas";
    parentElement.appendChild(root);
  }
  root.innerHTML = "";
  const width = Math.max(320, root.clientWidth || parentElement.clientWidth || 640);
  const [bx0, bx1, by0, by1] = data.box;
  // equal aspect: one data unit is the same number of pixels on both axes
  const plotW = width - PAD.left - PAD.right, plotH = HEIGHT - PAD.top - PAD.bottom;
  const scale = Math.min(plotW / (bx1 - bx0), plotH / (by1 - by0));
  const cx = (bx0 + bx1) / 2, cy = (by0 + by1) / 2;
  const x0 = cx - plotW / scale / 2, x1 = cx + plotW / scale / 2;
  const y0 = cy - plotH / scale / 2, y1 = cy + plotH / scale / 2;
  const px = (x) => PAD.left + (x - x0) * scale;
  const py = (y) => PAD.top + (y1 - y) * scale;
  const toData = (event) => {
    const rect = svg.getBoundingClientRect();
    return [x0 + (event.clientX - rect.left - PAD.left) / scale, y1 - (event.clientY - rect.top - PAD.top) / scale];
  };

  const svg = el("svg", {width, height: HEIGHT, class: "mbl-svg", "data-x0": x0, "data-x1": x1, "data-y0": y0,
                         "data-y1": y1, "data-scale": scale, "data-pad-left": PAD.left, "data-pad-top": PAD.top}, root);
  el("rect", {x: PAD.left, y: PAD.top, width: plotW, height: plotH, fill: "white", stroke: "#bbbbbb"}, svg);
  const grid = el("g", {}, svg);
  for (const t of niceTicks(x0, x1, 8)) {
    el("line", {x1: px(t), x2: px(t), y1: PAD.top, y2: PAD.top + plotH, stroke: t === 0 ? "#bbbbbb" : "#eeeeee"}, grid);
    el("text", {x: px(t), y: PAD.top + plotH + 16, "text-anchor": "middle", class: "tick"}, grid).textContent = t;
  }
  for (const t of niceTicks(y0, y1, 6)) {
    el("line", {x1: PAD.left, x2: PAD.left + plotW, y1: py(t), y2: py(t), stroke: t === 0 ? "#bbbbbb" : "#eeeeee"}, grid);
    el("text", {x: PAD.left - 6, y: py(t) + 4, "text-anchor": "end", class: "tick"}, grid).textContent = t;
  }
  el("text", {x: PAD.left + plotW / 2, y: HEIGHT - 6, "text-anchor": "middle", class: "axis"}, svg).textContent = "x₁";
  el("text", {x: 12, y: PAD.top + plotH / 2, "text-anchor": "middle", class: "axis",
              transform: `rotate(-90 12 ${PAD.top + plotH / 2})`}, svg).textContent = "x₂";
  const layer = el("g", {class: "points"}, svg);
  for (const [x, y, c, size] of data.points) {
    if (x < x0 || x > x1 || y < y0 || y > y1) continue;
    marker(data.symbols[c], px(x), py(y), size, data.colors[c], layer);
  }
  // legend (class names are text nodes: never parsed as HTML)
  const legend = el("g", {class: "legend"}, svg);
  data.names.forEach((name, j) => {
    const lx = PAD.left + 10 + j * Math.min(110, plotW / data.names.length), ly = PAD.top + 16;
    el("rect", {x: lx - 6, y: ly - 11, width: 104, height: 20, fill: "white", opacity: 0.8}, legend);
    marker(data.symbols[j], lx + 4, ly - 1, 6, data.colors[j], legend);
    const label = el("text", {x: lx + 16, y: ly + 4, class: j === data.active ? "legend active" : "legend"}, legend);
    label.textContent = name;
  });

  const send = (payload) => setTriggerValue("event", {...payload, label: data.active,
                                                      radius: 14 / scale, id: `${Date.now()}-${counter++}`});
  const selection = el("rect", {class: "selection", visibility: "hidden"}, svg);
  let start = null;
  svg.addEventListener("mousedown", (event) => {
    if (data.mode === "box") { start = toData(event); }
  });
  svg.addEventListener("mousemove", (event) => {
    if (!start) return;
    const [x, y] = toData(event);
    selection.setAttribute("visibility", "visible");
    selection.setAttribute("x", Math.min(px(start[0]), px(x)));
    selection.setAttribute("y", Math.min(py(start[1]), py(y)));
    selection.setAttribute("width", Math.abs(px(x) - px(start[0])));
    selection.setAttribute("height", Math.abs(py(y) - py(start[1])));
  });
  svg.addEventListener("mouseup", (event) => {
    if (!start) return;
    const [x, y] = toData(event);
    const box = {x0: Math.min(start[0], x), x1: Math.max(start[0], x), y0: Math.min(start[1], y), y1: Math.max(start[1], y)};
    start = null;
    selection.setAttribute("visibility", "hidden");
    if ((box.x1 - box.x0) * scale > 3 && (box.y1 - box.y0) * scale > 3) send({type: "box", ...box});
  });
  svg.addEventListener("click", (event) => {
    if (data.mode === "box") return;
    const [x, y] = toData(event);
    if (x < x0 || x > x1 || y < y0 || y > y1) return;
    send({type: data.mode === "erase" ? "erase" : "add", x, y});
  });
}
