// Mistake Bound Lab — the player's controls on one row (issue 28): at 1280×720 the run must start on the first
// screen, and Present, SVG, PNG and the plugins' controls (Quiz, Drag u, the announcements, Table, Sound, Projector)
// made the row wrap.  A plugin of components/timeline.js, the last one assembled (components/html_export.py
// OFFLINE_PLUGINS), so every other plugin has put its controls in the bar when it runs.
//
// The stepping controls (Reset, Back, Step, Play, speed, slider, trial) stay as they are; the others are grouped
// after them (div.mbl-tl-tools, no role of its own: each control keeps its name, its place in the Tab order and its
// key).  When the row has no room for all of them, the controls that fit are shown whole and the rest wait, hidden
// (out of the Tab order, their keys still working), behind the "⋯" button (aria-expanded), which shows the whole
// group on its own line, or folds it back.  No control is ever shown cut (issue 34: at 1280–1400 px the group
// scrolled and its edge cut "Ta", "say mi", "PN"): a control is in view whole or not at all.
// A narrow player (under 600 px, one column) and presentation mode wrap the controls as before (timeline.css).
(() => {
  const api = window.MistakeBoundTimeline;
  if (!api || !api.use) return;
  const TITLE = "All controls: show them on a line of their own";

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
                                        "aria-label": "All controls", title: TITLE}, ["⋯"]);
      this.toggle.addEventListener("click", () => this.setAll(this.toggle.getAttribute("aria-expanded") !== "true"));
      bar.insertBefore(this.tools, keys);
      bar.insertBefore(this.toggle, keys);
      this.watch = new ResizeObserver(() => this.fit());
      for (const box of [bar, this.tools, ...this.tools.children]) this.watch.observe(box);
    }

    setAll(on) {
      this.toggle.setAttribute("aria-expanded", on ? "true" : "false");
      this.bar.classList.toggle("mbl-tl-all", on);
      this.fit();
    }

    // In the row, a control spills when its right edge passes the group's (less the room kept for a focus ring):
    // it and every control after it are hidden until "⋯" shows the group whole; the toggle shows only when some
    // control spilled or the group is shown whole.  A control that has the focus never disappears under it (the
    // projector theme's thicker borders can widen the row): the group is then shown whole.
    fit() {
      const whole = this.toggle.getAttribute("aria-expanded") === "true";
      const inRow = !whole && getComputedStyle(this.tools).display === "flex";
      const box = this.tools.getBoundingClientRect();
      const limit = box.right - (parseFloat(getComputedStyle(this.tools).paddingRight) || 0) + 0.5;
      const hidden = [];
      let spilled = false;
      for (const control of this.tools.children) {
        spilled = spilled || (inRow && control.getClientRects().length > 0 && control.getBoundingClientRect().right > limit);
        control.classList.toggle("mbl-tl-spilled", spilled);
        if (spilled && control.getClientRects().length > 0) {
          hidden.push(control.getAttribute("aria-label") || control.textContent.trim());
        }
      }
      const focused = document.activeElement;
      if (spilled && focused && focused.closest && focused.closest(".mbl-tl-spilled") && this.tools.contains(focused)) {
        this.setAll(true);
        return;
      }
      this.toggle.hidden = !hidden.length && !whole;
      this.toggle.title = hidden.length ? `More controls (${hidden.join(", ")}): show them on a line of their own` : TITLE;
    }
  }

  api.use((player) => new Toolbar(player));
})();
