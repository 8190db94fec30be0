// Mistake Bound Lab — the trial's math: the payload's MathML templates filled with the trial's numbers
// (lab/timeline.py pack_math), fitted to its box.  A part of the Player (timeline.js mixes its methods in).
const PLACEHOLDER = "\u0001";

// where a line of math may break (fitMath below), never before its first element: a wide space, a
// long text, an equals sign (the continuation then begins with "="), or a product of two vectors
function breaksBefore(element) {
  const tag = element.tagName.toLowerCase();
  if (tag === "mspace") return element.getAttribute("width") === "1em";
  if (tag === "mo") {
    const sign = element.textContent.trim(), before = element.previousElementSibling;
    return sign === "=" || (sign === "·" && Boolean(before) && before.tagName.toLowerCase() === "mrow");
  }
  return tag === "mtext" && element.textContent.length >= 24;
}

class MathBox {
  renderMath(t) {
    const payload = this.payload;
    if (t === 0) {
      this.shownTemplate = undefined;
      this.mathHead.textContent = "Before the first trial";
      this.mathBody.replaceChildren(node("p", {text:
        "Press Step (→) to show the learner its first point, Play (Space) to run every trial, "
        + "or drag the slider. The math of each trial appears here, with its numbers."}));
      this.renderWhole();
      return;
    }
    if (this.kind === "experts") {
      this.mathHead.textContent = `Trial ${t} — advice ${payload.advice[t - 1]}, outcome ${payload.outcomes[t - 1]}`;
    } else {
      const point = this.trials.point(t);
      const label = payload.class_names[payload.labels[point]];
      this.mathHead.textContent = `Trial ${t} — point #${point}, class ${label}, weight ${formatNumber(this.trials.weight[t - 1])}`;
    }
    const use = payload.math.use[t - 1];
    const numbers = payload.math.numbers[t - 1];
    // The same template as the math shown (most trials of a run share a few): only its numbers change,
    // written into the existing <mn> nodes — new MathML elements would each need style and layout
    // (not when the math shown was fitted to its box: a trial's layout must not depend on the trials before)
    if (this.shownTemplate === use && !this.mathFitted && this.mathNumbers && this.mathNumbers.length === numbers.length) {
      let changed = false;
      for (let i = 0; i < numbers.length; i++) {
        if (this.mathNumbers[i].textContent !== numbers[i]) { this.mathNumbers[i].textContent = numbers[i]; changed = true; }
      }
      if (changed) this.fitMath();
      return;
    }
    const parts = this.templates[use];
    let html = parts[0];
    for (let i = 1; i < parts.length; i++) html += numbers[i - 1] + parts[i];
    this.mathBody.innerHTML = html;            // markup written by lab/formula.py: user text escaped there
    this.mathNumbers = [...this.mathBody.querySelectorAll("mn")];
    this.shownTemplate = use;
    this.fitMath();
  }

  // ---------------------------------------------------------------- math that fits its box
  // A line of math wider than its box is made to fit, a step at a time until it does: a list of eight
  // numbers or more keeps its first three and last two around "…" (the whole list is a hover away, in
  // the box's tooltip, and a key away: V lists every cut row in full, as text that wraps); a row breaks
  // at its wide spaces (1em) and before a long text into continuation rows; a list of five or more
  // keeps two and one; and last the type shrinks, to 80 % at the least.  Numbers change in place from trial to trial, so a row that
  // grows is fitted again then.
  fitMath() {
    const box = this.mathBody, width = box.clientWidth;
    this.mathFitted = false;
    if (!width) return;
    for (const math of box.querySelectorAll("math")) {
      const wide = () => math.scrollWidth > width + 0.5;
      if (!wide()) continue;
      this.mathFitted = true;
      const steps = [() => this.elide(math, 3, 2), () => this.breakRows(math, width), () => this.breakFlat(math),
                     () => this.elide(math, 2, 1, 5)];
      for (const step of steps) { if (step() && !wide()) break; }
      if (!wide()) continue;
      const base = Number(math.dataset.fontBase) || parseFloat(getComputedStyle(math).fontSize);
      math.dataset.fontBase = String(base);
      for (let scale = 0.95; scale >= 0.8 - 1e-9 && wide(); scale -= 0.05) math.style.fontSize = `${(base * scale).toFixed(2)}px`;
    }
    this.renderWhole();
  }

  // cut every list of at least ``least`` items (between commas) in ``math`` to its first ``head`` and last
  // ``tail`` items; true if one was cut
  elide(math, head, tail, least = 8) {
    let cut = false;
    for (const parent of math.querySelectorAll("mrow, mtd")) {
      const children = [...parent.children].filter((child) => !child.classList.contains("mbl-tl-cut"));
      const commas = children.filter((child) => child.tagName.toLowerCase() === "mo" && child.textContent.trim() === ",");
      const items = commas.length + 1;
      if (items < least || Number(parent.dataset.kept || 99) <= head + tail) continue;
      for (const child of parent.querySelectorAll(":scope > .mbl-tl-cut")) child.remove();
      for (const child of children) child.style.display = "";
      const first = children.indexOf(commas[head - 1]), last = children.indexOf(commas[items - tail - 1]);
      for (let i = first; i <= last; i++) children[i].style.display = "none";
      const mark = (text) => { const mo = document.createElementNS(parent.namespaceURI, "mo"); mo.textContent = text; mo.classList.add("mbl-tl-cut"); return mo; };
      // the kept tail may begin with the server's own "…" (lab.formula cuts very long vectors): one "…" is enough
      const tailStart = children.slice(last + 1).find((child) => child.tagName.toLowerCase() !== "mspace");
      const cutAlready = tailStart && tailStart.textContent.trim() === "…";
      children[first - 1].after(...(cutAlready ? [mark(",")] : [mark(","), mark("…"), mark(",")]));
      parent.dataset.kept = String(head + tail);
      parent.classList.add("mbl-tl-elided");
      cut = true;
    }
    return cut;
  }

  // break the aligned rows of ``math`` wider than ``width`` where they may break (breaksBefore), each at the
  // last place that lets what comes before it fit; the continuation is checked in turn; true if one broke
  breakRows(math, width) {
    let broke = false;
    const left = () => math.getBoundingClientRect().left;
    const rows = [...math.querySelectorAll("mtable.mbl-aligned > mtr")];
    while (rows.length) {
      const row = rows.shift();
      if (row.getBoundingClientRect().right - left() <= width) continue;
      const cell = row.lastElementChild;
      const points = cell ? [...cell.children].filter((c, i) => i > 0 && breaksBefore(c)) : [];
      let chosen = null;
      for (const point of points.reverse()) {
        chosen = point;
        if (point.getBoundingClientRect().left - left() <= width) break;
      }
      if (!chosen) continue;
      const moved = [];
      const from = chosen.tagName.toLowerCase() === "mspace" ? chosen.nextElementSibling : chosen;
      for (let next = from; next; next = next.nextElementSibling) moved.push(next);
      if (!moved.length) continue;
      const ns = row.namespaceURI;
      const continued = document.createElementNS(ns, "mtr");
      const empty = document.createElementNS(ns, "mtd"), rest = document.createElementNS(ns, "mtd");
      empty.className = "mbl-right";
      rest.className = "mbl-left mbl-tl-continued";
      rest.append(...moved);
      continued.append(empty, rest);
      row.after(continued);
      if (chosen.tagName.toLowerCase() === "mspace") chosen.remove();
      rows.unshift(continued);
      broke = true;
    }
    return broke;
  }

  // a line of math that is no aligned table, cut at the same places into rows of a table; true if cut
  breakFlat(math) {
    const children = [...math.children];
    if (children.some((c) => c.tagName.toLowerCase() === "mtable") || math.dataset.flatBroken) return false;
    const rows = [[]];
    children.forEach((child, i) => {
      if (i > 0 && breaksBefore(child) && rows[rows.length - 1].length) rows.push([]);
      if (child.tagName.toLowerCase() !== "mspace" || !breaksBefore(child)) rows[rows.length - 1].push(child);
    });
    if (rows.length < 2) return false;
    const ns = math.namespaceURI, table = document.createElementNS(ns, "mtable");
    table.setAttribute("class", "mbl-aligned");
    rows.forEach((items, i) => {
      const row = document.createElementNS(ns, "mtr"), cell = document.createElementNS(ns, "mtd");
      cell.className = i ? "mbl-left mbl-tl-continued" : "mbl-left";
      cell.append(...items);
      row.append(cell);
      table.append(row);
    });
    math.replaceChildren(table);
    math.dataset.flatBroken = "1";
    return true;
  }

  // the rows cut by elide(), in full: the box's tooltip, and (V) text under the math
  wholeRows() {
    const text = (element) => {
      let out = "";
      for (const leaf of element.querySelectorAll("mi, mn, mo, mtext")) {
        if (leaf.classList.contains("mbl-tl-cut") || leaf.querySelector("mi, mn, mo, mtext")) continue;
        const t = leaf.textContent, sup = leaf.closest("msup"), exponent = sup && sup.lastElementChild;
        const power = Boolean(exponent) && (exponent === leaf || exponent.querySelector("mi, mn, mo, mtext") === leaf);
        out += power ? `^${t}` : t === "," ? ", " : t === "=" || t === "←" || t === "≤" ? ` ${t} ` : t;
      }
      return out.replace(/\s+/g, " ").trim();
    };
    return [...this.mathBody.querySelectorAll(".mbl-tl-elided")].map((part) => {
      const row = part.closest("mtr");
      return row ? text(row) : text(part);
    });
  }
  renderWhole() {
    const rows = this.wholeRows();
    this.mathBody.title = rows.length ? rows.join("\n") : "";
    if (!this.wholeBox) return;
    this.wholeBox.hidden = !(this.showWhole && rows.length);
    if (!this.wholeBox.hidden) {
      this.wholeBox.replaceChildren(node("div", {className: "mbl-tl-wholehead", text: "In full (V hides):"}),
                                    ...rows.map((row) => node("p", {text: row})));
    }
  }
}
