// Mistake Bound Lab — the player's controls on one row (issue 28): at 1280×720 the run must start on the first
// screen, and Present, SVG, PNG and the plugins' controls (Quiz, Drag u, the announcements, Table, Sound, Projector)
// made the row wrap.  A plugin of components/timeline.js, the last one assembled (components/html_export.py
// OFFLINE_PLUGINS), so every other plugin has put its controls in the bar when it runs.
//
// The stepping controls (Reset, Back, Step, Play, speed, slider, trial) stay as they are; the others are grouped
// after them (div.mbl-tl-tools, no role of its own: each control keeps its name, its place in the Tab order and its
// key) and, when the row has no room for all of them, the group scrolls sideways inside the row: focusing a control
// brings it into view, and the "⋯" button (aria-expanded) shows the whole group on its own line, or folds it back.
// A narrow player (under 600 px, one column) and presentation mode wrap the controls as before (timeline.css).
(() => {
  const api = window.MistakeBoundTimeline;
  if (!api || !api.use) return;

  class Toolbar {
    constructor(player) {
      const bar = player.bar, keys = bar.querySelector(".mbl-tl-keys");
      this.bar = bar;
      this.tools = api.node("div", {className: "mbl-tl-tools"});
      // everything after the trial's number up to the keys' line: Present, SVG, PNG and the plugins' controls
      const start = player.trialLabel;
      for (let next = start.nextElementSibling; next && next !== keys; next = start.nextElementSibling) {
        this.tools.append(next);
      }
      this.toggle = api.node("button", {type: "button", className: "mbl-tl-more-tools", "aria-expanded": "false",
                                        "aria-label": "All controls", title: "All controls: show them on a line of their own"},
                             ["⋯"]);
      this.toggle.addEventListener("click", () => this.setAll(this.toggle.getAttribute("aria-expanded") !== "true"));
      bar.insertBefore(this.tools, keys);
      bar.insertBefore(this.toggle, keys);
      this.watch = new ResizeObserver(() => this.fit());
      for (const box of [bar, this.tools, ...this.tools.children]) this.watch.observe(box);
      this.tools.addEventListener("scroll", () => this.fit(), {passive: true});
    }

    setAll(on) {
      this.toggle.setAttribute("aria-expanded", on ? "true" : "false");
      this.bar.classList.toggle("mbl-tl-all", on);
      this.fit();
    }

    // the group marks whether some of it is out of view (a faded edge), and the toggle shows only when that is so
    // or the group is shown whole; a control of the group that has the focus stays in view when sizes change (the
    // projector theme's thicker borders)
    fit() {
      const focused = document.activeElement;
      if (focused && focused !== this.tools && this.tools.contains(focused)) {
        focused.scrollIntoView({block: "nearest", inline: "nearest"});
      }
      const cut = this.tools.scrollWidth > this.tools.clientWidth + 1;
      this.tools.classList.toggle("mbl-tl-cut", cut);
      this.tools.classList.toggle("mbl-tl-at-end", this.tools.scrollLeft + this.tools.clientWidth >= this.tools.scrollWidth - 1);
      this.toggle.hidden = !cut && this.toggle.getAttribute("aria-expanded") !== "true";
    }
  }

  api.use((player) => new Toolbar(player));
})();
