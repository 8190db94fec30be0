// Mistake Bound Lab — a figure saved as a file, SVG or PNG, at presentation size: the player's boundary
// (export.js) and every other Plotly figure of a page (components/figure_saver.js, which assembles this module
// after the plotly.js loader).  Nothing leaves the browser: the file is made here and handed to it as a download.
const PRESENTATION_WIDTH = 1920;                          // px: saved figures are at least this wide

// Every one-line text of a saved figure keeps the width it has on the page (textLength): a viewer without the
// page's font — an SVG opened in another program, and every PNG, drawn from the SVG as an image, which cannot use
// the page's web fonts — fits its own font into that width instead of running a wider fallback font into the next
// legend entry's glyph or past the legend's edge (issue 27: "previous boundary" ran into the comparator's line;
// issue 34: the curves' PNG cut "weighted los").  Measured in the page, where the font plotly.js laid the figure
// out with is loaded.  ``size`` ({width, height, viewBox}), when given, becomes the root's size.
function pinTextWidths(svgText, size = null) {
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
  const svg = document.importNode(parsed, true);
  for (const [name, value] of Object.entries(size || {})) svg.setAttribute(name, String(value));
  const holder = document.createElement("div");
  holder.setAttribute("aria-hidden", "true");
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

// The SVG drawn on a canvas of width × height pixels, as a PNG.
async function svgToPng(svgText, width, height) {
  const url = URL.createObjectURL(new Blob([svgText], {type: "image/svg+xml"}));
  try {
    const image = new Image();
    await new Promise((resolve, reject) => { image.onload = resolve; image.onerror = reject; image.src = url; });
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    canvas.getContext("2d").drawImage(image, 0, 0, width, height);
    return await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

// ``svgText`` (its own width and height, a viewBox) saved as ``name``.svg or, drawn at that size, ``name``.png.
async function saveImage(svgText, width, height, format, name) {
  const blob = format === "png" ? await svgToPng(svgText, width, height) : new Blob([svgText], {type: "image/svg+xml"});
  const anchor = document.createElement("a");
  anchor.href = URL.createObjectURL(blob);
  anchor.download = `${name}.${format}`;
  document.body.append(anchor);
  anchor.click();
  setTimeout(() => { URL.revokeObjectURL(anchor.href); anchor.remove(); }, 1000);
}
