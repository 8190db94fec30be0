// Mistake Bound Lab — saving the boundary at the trial shown, as SVG or PNG (the SVG and PNG buttons).
// A part of the Player (timeline.js mixes its methods in); the file is made by image.js (the texts' widths pinned).
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
    await saveImage(svg, width, height, format, `mistake-bound-lab-trial-${this.t}`);
  }
}
