// Mistake Bound Lab — a kernel model's shading: its scores on the grid after every update, computed here.
//
// The payload (lab/timeline.py _dual_payload) holds the grid's feature vectors, the kernel and, per update, the
// support point and what the update added to its dual coefficients (Δ, one per class column).  The score of
// grid point g after s updates is Σ_{u<s} Δ_u·K(x_u, g) — the kernel perceptron's decision function
// (Agarwal's notes §2) and the apportioned margin's f_j (Gottlieb, Kaufman & Kontorovich, Lemma 5).  K is
// learners/kernels.py's kernel_matrix written again here; tests/js/kernel.test.mjs checks this file's scores
// and their signs against the learners' decision_function on fixtures Python writes.
const CHECKPOINT = 32;                                    // kernel models: exact grids every 32 updates

function kernelFunction(kernel) {
  const {kind, gamma, degree, coef0} = kernel;
  if (kind === "linear") return (a, b) => dot(a, b);
  if (kind === "poly") return (a, b) => Math.pow(gamma * dot(a, b) + coef0, degree);
  if (kind === "rbf") return (a, b) => Math.exp(-gamma * squaredDistance(a, b));
  if (kind === "laplace") return (a, b) => Math.exp(-Math.sqrt(squaredDistance(a, b)) / gamma);
  throw new Error(`unknown kernel ${kind}`);
}

function dot(a, b) { let s = 0; for (let i = 0; i < a.length; i++) s += a[i] * b[i]; return s; }
function squaredDistance(a, b) { let s = 0; for (let i = 0; i < a.length; i++) { const d = a[i] - b[i]; s += d * d; } return s; }

// The scores Σ_u Δ_u·K(x_u, g) of a kernel model on the grid after s updates, exactly as a sum in
// update order from the nearest checkpoint (so Back and Step give the same numbers as a fresh draw).
class DualGrid {
  constructor(dual) {
    this.dual = dual;
    this.K = kernelFunction(dual.kernel);
    const d = dual.grid.features[0].length;
    this.features = dual.grid.features.map((row) => Float64Array.from(row));
    this.n = this.features.length;
    this.r = dual.deltas.length ? dual.deltas[0].length : (dual.binary ? 1 : (dual.theta || [0, 0]).length);
    this.supports = dual.supports.map((row) => Float64Array.from(row));
    this.checkpoints = new Map([[0, new Float64Array(this.n * this.r)]]);
    this.d = d;
  }
  scores(s) {
    const base = Math.floor(s / CHECKPOINT) * CHECKPOINT;
    let start = 0;
    for (let c = base; c >= 0; c -= CHECKPOINT) if (this.checkpoints.has(c)) { start = c; break; }
    let grid = Float64Array.from(this.checkpoints.get(start));
    for (let u = start; u < s; u++) {
      this.add(grid, u);
      if ((u + 1) % CHECKPOINT === 0 && !this.checkpoints.has(u + 1)) this.checkpoints.set(u + 1, Float64Array.from(grid));
    }
    return grid;
  }
  add(grid, u) {
    const support = this.supports[u], delta = this.dual.deltas[u], r = this.r;
    for (let g = 0; g < this.n; g++) {
      const k = this.K(this.features[g], support);
      for (let j = 0; j < r; j++) grid[g * r + j] += delta[j] * k;
    }
  }
  // rows of the grid (row i is y = grid.y[i]) as Plotly wants z
  binaryZ(grid) {
    const size = this.dual.grid.x.length;
    let top = 0;
    for (let g = 0; g < this.n; g++) top = Math.max(top, Math.abs(grid[g]));
    const z = [];
    for (let i = 0; i < size; i++) {
      const row = new Array(size);
      for (let j = 0; j < size; j++) row[j] = top > 0 ? grid[i * size + j] / top : 0;
      z.push(row);
    }
    return z;
  }
  // colours of the shading (from the base figure's trace) and the styles of its lines
  prepare(traces, roles) {
    const shading = traces[roles.shading];
    this.scale = shading.colorscale;
    this.classColors = [];
    for (let i = 0; i < this.scale.length; i += 2) this.classColors.push(parseColor(this.scale[i][1]));
  }
  // the field shown: scores scaled into [−1, 1] (two classes) or the winning class (more)
  field(s) {
    const grid = this.scores(s);
    return this.dual.binary ? this.binaryZ(grid) : this.winnerZ(grid);
  }
  borders(field) {
    const {x, y} = this.dual.grid;
    if (this.dual.binary) return contourSegments(field, x, y, 0);
    const out = [];
    for (let c = 0; c < this.r; c++) {
      const indicator = field.map((row) => row.map((v) => (v === c ? 1 : 0)));
      out.push(...contourSegments(indicator, x, y, 0.5));
    }
    return out;
  }
  paint(overlay, s) {
    const field = this.field(s), n = field.length, {x, y} = this.dual.grid;
    const canvas = overlay.canvas;
    canvas.width = n;
    canvas.height = n;
    const context = canvas.getContext("2d");
    const image = context.createImageData(n, n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const v = field[i][j];
        const colour = this.dual.binary ? colorAt(this.scale, (v + 1) / 2) : this.classColors[v];
        const at = ((n - 1 - i) * n + j) * 4;          // image rows run down, grid rows up
        image.data[at] = colour[0]; image.data[at + 1] = colour[1]; image.data[at + 2] = colour[2];
        image.data[at + 3] = 255;
      }
    }
    context.putImageData(image, 0, 0);
    // each grid value is a pixel's centre: the image reaches half a cell beyond the first and last
    const hx = (x[n - 1] - x[0]) / (n - 1) / 2, hy = (y[n - 1] - y[0]) / (n - 1) / 2;
    const left = overlay.px(x[0] - hx) - overlay.plot.left, right = overlay.px(x[n - 1] + hx) - overlay.plot.left;
    const top = overlay.py(y[n - 1] + hy) - overlay.plot.top, bottom = overlay.py(y[0] - hy) - overlay.plot.top;
    Object.assign(canvas.style, {left: `${left}px`, top: `${top}px`, width: `${right - left}px`, height: `${bottom - top}px`});
    overlay.items.borders.setAttribute("d", overlay.segmentsPath(this.borders(field)));
    overlay.items.ghost.setAttribute("d", s > 0 ? overlay.segmentsPath(this.borders(this.field(s - 1))) : "");
  }
  winnerZ(grid) {
    const size = this.dual.grid.x.length, r = this.r, theta = this.dual.theta || new Array(r).fill(1);
    const z = [];
    for (let i = 0; i < size; i++) {
      const row = new Array(size);
      for (let j = 0; j < size; j++) {
        const g = i * size + j;
        let best = 0, bestValue = grid[g * r] / theta[0];
        for (let c = 1; c < r; c++) {
          const value = grid[g * r + c] / theta[c];
          if (value > bestValue) { best = c; bestValue = value; }     // ties to the lowest index
        }
        row[j] = best;
      }
      z.push(row);
    }
    return z;
  }
}

// Marching squares: the segments where a grid of values crosses ``level`` (linear interpolation
// along the cells' edges).  values[i][j] is at (xs[j], ys[i]).  Returns [x, y, x, y] per segment.
function contourSegments(values, xs, ys, level) {
  const out = [];
  const lerp = (a, b, va, vb) => a + (b - a) * ((level - va) / (vb - va));
  for (let i = 0; i + 1 < ys.length; i++) {
    for (let j = 0; j + 1 < xs.length; j++) {
      const v00 = values[i][j], v01 = values[i][j + 1], v10 = values[i + 1][j], v11 = values[i + 1][j + 1];
      const code = (v00 > level ? 1 : 0) | (v01 > level ? 2 : 0) | (v11 > level ? 4 : 0) | (v10 > level ? 8 : 0);
      if (code === 0 || code === 15) continue;
      const bottom = () => [lerp(xs[j], xs[j + 1], v00, v01), ys[i]];
      const right = () => [xs[j + 1], lerp(ys[i], ys[i + 1], v01, v11)];
      const top = () => [lerp(xs[j], xs[j + 1], v10, v11), ys[i + 1]];
      const left = () => [xs[j], lerp(ys[i], ys[i + 1], v00, v10)];
      const pairs = {1: [[left, bottom]], 2: [[bottom, right]], 3: [[left, right]], 4: [[right, top]],
                     5: [[left, top], [bottom, right]], 6: [[bottom, top]], 7: [[left, top]], 8: [[left, top]],
                     9: [[bottom, top]], 10: [[left, bottom], [right, top]], 11: [[right, top]], 12: [[left, right]],
                     13: [[bottom, right]], 14: [[left, bottom]]}[code];
      for (const [a, b] of pairs) out.push([...a(), ...b()]);
    }
  }
  return out;
}
