// Mistake Bound Lab — saving the boundary at the trial shown, as SVG or PNG (the SVG and PNG buttons).
// A part of the Player (timeline.js mixes its methods in).
const PRESENTATION_WIDTH = 1920;                          // px: saved figures are at least this wide

// Every one-line text of a saved figure keeps the width it has on the page (textLength): a viewer without the
// page's font — an SVG opened in another program, and every PNG, drawn from the SVG as an image, which cannot use
// the page's web fonts — fits its own font into that width instead of running a wider fallback font into the next
// legend entry's glyph (issue 27: "previous boundary" ran into the comparator's line).  Measured in the page,
// where the font plotly.js laid the figure out with is loaded.
function pinTextWidths(svgText) {
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
  const svg = document.importNode(parsed, true);
  const holder = node("div", {"aria-hidden": "true"});
  Object.assign(holder.style, {position: "fixed", left: "-100000px", top: "0", visibility: "hidden"});
  holder.append(svg);
  document.body.append(holder);
  try {
    for (const text of svg.querySelectorAll("text")) {
      if (text.querySelector("[x], [y], [dx], [dy]")) continue;      // lines or pieces placed one by one
      const length = text.getComputedTextLength();
      if (!(length > 0)) continue;
      text.setAttribute("textLength", length.toFixed(2));
      text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
    return new XMLSerializer().serializeToString(svg);
  } finally {
    holder.remove();
  }
}

class FigureExport {
  // The boundary as one SVG: plotly.js's own export of the two layers (axes, regions' base, points)
  // with the player's overlay (what the trial moved) and the kernel shading between them, each at its
  // place in the figure, scaled to PRESENTATION_WIDTH; PNG is that SVG drawn on a canvas.
  async figureSvg() {
    const box = this.boundary.getBoundingClientRect();
    const scale = Math.max(1, PRESENTATION_WIDTH / box.width);
    const at = (element) => { const r = element.getBoundingClientRect(); return [r.left - box.left, r.top - box.top, r.width, r.height]; };
    const plotly = async (div) => {
      const url = await this.Plotly.toImage(div, {format: "svg", width: div.clientWidth, height: div.clientHeight});
      const text = decodeURIComponent(url.slice(url.indexOf(",") + 1)).replace(/<\?xml[^>]*>/, "");
      const [x, y] = at(div);
      return `<g transform="translate(${x} ${y})">${text}</g>`;
    };
    const parts = [`<rect width="${box.width}" height="${box.height}" fill="#fff"/>`, await plotly(this.below)];
    const canvas = this.overlay.canvas;
    if (canvas.width && canvas.height && canvas.offsetParent !== null) {
      const [x, y, w, h] = at(canvas);
      parts.push(`<image x="${x}" y="${y}" width="${w}" height="${h}" href="${canvas.toDataURL("image/png")}"/>`);
    }
    const [ox, oy] = at(this.overlay.svg);
    parts.push(`<g transform="translate(${ox} ${oy})">${new XMLSerializer().serializeToString(this.overlay.svg)}</g>`);
    parts.push(await plotly(this.above));
    const [tx, ty, , th] = at(this.title);
    const title = this.title.textContent.replace(/[&<>]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;"}[c]));
    parts.push(`<text x="${tx + 8}" y="${ty + th * 0.7}" font-family='${FONT_FAMILY}' font-size="15" fill="#1f2328">${title}</text>`);
    const width = Math.round(box.width * scale), height = Math.round(box.height * scale);
    return {svg: pinTextWidths(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
                               `width="${width}" height="${height}" viewBox="0 0 ${box.width} ${box.height}">` +
                               `${parts.join("")}</svg>`), width, height};
  }

  async saveFigure(format) {
    if (!this.payload || !this.loaded || this.kind === "experts") return;
    const {svg, width, height} = await this.figureSvg();
    const name = `mistake-bound-lab-trial-${this.t}.${format}`;
    let blob = new Blob([svg], {type: "image/svg+xml"});
    if (format === "png") {
      const image = new Image();
      const url = URL.createObjectURL(blob);
      await new Promise((resolve, reject) => { image.onload = resolve; image.onerror = reject; image.src = url; });
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      canvas.getContext("2d").drawImage(image, 0, 0, width, height);
      URL.revokeObjectURL(url);
      blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
    }
    const anchor = node("a", {href: URL.createObjectURL(blob), download: name});
    document.body.append(anchor);
    anchor.click();
    setTimeout(() => { URL.revokeObjectURL(anchor.href); anchor.remove(); }, 1000);
  }
}
