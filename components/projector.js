// Mistake Bound Lab — the projector theme: a plugin of components/timeline.js (styles in projector.css).
//
// For a room with a projector: text in near-black (≥ 7:1 against its background), every mark — a point, a
// line of the curves — at least 3:1 against white (WCAG 2.x contrast: a colour of the lab's colour-blind
// palette is darkened towards black only as far as that needs, so its hue and each class's marker shape
// stay), lines thicker and markers larger with a black outline.  On with the Projector button, with
// theme=projector in the address (query or, in an exported file, the #hash), and whenever the reader's
// system asks for more contrast (prefers-contrast: more).  With theme on, the player writes theme=projector
// into the address bar (ui/state.py and lab/links.py keep the key: lab/links.py FOREIGN_KEYS).
(() => {
  const api = window.MistakeBoundTimeline;
  if (!api || !api.use) return;
  const MARK_CONTRAST = 3, LINE_FACTOR = 1.8, LINE_LEAST = 3, MARKER_FACTOR = 1.4, OUTLINE = 1.5;

  // WCAG relative luminance and contrast ratio of two colours [r, g, b] (0–255)
  function luminance([r, g, b]) {
    const channel = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  }
  function contrast(a, b) {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  }
  function rgb(text) {
    const probe = document.createElement("canvas").getContext("2d");
    probe.fillStyle = "#000";
    probe.fillStyle = String(text);
    const value = probe.fillStyle;           // "#rrggbb" or "rgba(r, g, b, a)"
    if (value.startsWith("#")) return [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16));
    return value.replace(/[^\d.,]/g, "").split(",").slice(0, 3).map(Number);
  }
  // the colour darkened (mixed with black) just enough for MARK_CONTRAST against white
  function markColor(text) {
    if (typeof text !== "string") return text;
    const colour = rgb(text), white = [255, 255, 255];
    let k = 1;
    while (k > 0 && contrast(colour.map((c) => c * k), white) < MARK_CONTRAST) k -= 0.02;
    const [r, g, b] = colour.map((c) => Math.round(c * Math.max(k, 0)));
    return `rgb(${r}, ${g}, ${b})`;
  }

  function wanted() {
    if (api.url.read("theme") === "projector") return true;
    return Boolean(window.matchMedia && window.matchMedia("(prefers-contrast: more)").matches);
  }

  class Projector {
    constructor(player) {
      this.player = player;
      this.button = api.node("button", {type: "button", className: "mbl-projector-button", "data-action": "projector",
                                        title: "Projector theme: high contrast, thicker lines, larger markers",
                                        "aria-pressed": "false"}, ["Projector"]);
      player.bar.insertBefore(this.button, player.bar.querySelector(".mbl-tl-keys"));
      player.intercept((action) => {
        if (action !== "projector") return false;
        this.set(!this.on, true);
        return true;
      });
      player.on("trial", () => this.restyle());
      player.on("redraw", () => this.restyle());
      this.set(wanted(), false);
    }

    set(on, byUser) {
      this.on = on;
      this.player.root.classList.toggle("mbl-projector", on);
      this.button.setAttribute("aria-pressed", String(on));
      this.player.root.dataset.theme = on ? "projector" : "";
      if (byUser) this.writeUrl();
      if (on) this.restyle();
      else if (this.player.payload) this.player.restyleForSize();   // the figures drawn again from the run
    }

    writeUrl() {
      if (this.player.options.url) api.url.write({theme: this.on ? "projector" : null});
    }

    // thicker lines, larger outlined markers, marks darkened to MARK_CONTRAST: once per drawn figure
    restyle() {
      if (!this.on || !this.player.Plotly) return;
      for (const div of [this.player.below, this.player.above, this.player.curves, this.player.invariants]) {
        if (!div._fullLayout || !Array.isArray(div.data) || div.data._mblProjector) continue;
        const updates = div.data.map((trace) => {
          const update = {};
          if (trace.line && (trace.mode || "lines").includes("lines")) {
            update["line.width"] = Math.max(LINE_LEAST, (trace.line.width || 2) * LINE_FACTOR);
            if (trace.line.color) update["line.color"] = markColor(trace.line.color);
          }
          if (trace.marker && (trace.mode || "").includes("markers")) {
            const size = trace.marker.size;
            if (typeof size === "number") update["marker.size"] = size * MARKER_FACTOR;
            else if (Array.isArray(size)) update["marker.size"] = [size.map((s) => s * MARKER_FACTOR)];
            if (typeof trace.marker.color === "string") update["marker.color"] = markColor(trace.marker.color);
            update["marker.line.width"] = OUTLINE;
            update["marker.line.color"] = "#000000";
          }
          return update;
        });
        div.data._mblProjector = true;
        updates.forEach((update, i) => {
          if (Object.keys(update).length) this.player.Plotly.restyle(div, update, [i]).catch(() => {});
        });
        div.data._mblProjector = true;
      }
    }
  }

  api.projectorContrast = contrast;
  api.use((player) => new Projector(player));
})();
