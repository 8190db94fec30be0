// Mistake Bound Lab — presentation mode (P, Esc leaves): the boundary and the curves fill the screen and the
// figures' type grows with it.  A part of the Player (timeline.js mixes its methods in).
class Presentation {
  // The text size of the figures: 13 px on a page; in presentation 14 px at 1280×720 growing with the
  // screen to 18–22 px on a 1080p projector (the same rule as the CSS's --mbl-type).
  typeSize() {
    if (!this.present) return 13;
    return Math.round(Math.max(14, Math.min(22, window.innerWidth / 100, window.innerHeight / 54)));
  }

  // Pixels kept free at the top of a figure for plotly.js's toolbar where it stays shown over the figure — a touch
  // screen, which cannot hover (issue 34: on a phone it covered "after trial 240 — a mistake" and the curves'
  // title); on a page with a mouse it shows only while the pointer is over the figure.  MODEBAR_ROOM: viz/palette.py.
  modebarRoom() {
    const touch = Boolean(window.matchMedia && window.matchMedia("(hover: none)").matches);
    return touch && !this.present ? MODEBAR_ROOM : 0;
  }

  layoutFor(layout) {
    const size = this.typeSize();
    const out = {...layout, font: {family: FONT_FAMILY, ...(layout.font || {}), size}, autosize: true};
    delete out.height;
    delete out.width;
    out.legend = {...(layout.legend || {}), font: {...((layout.legend || {}).font || {}), size}};
    for (const axis of ["xaxis", "yaxis", "xaxis2", "yaxis2"]) {
      if (!out[axis]) continue;
      out[axis] = {...out[axis], tickfont: {...(out[axis].tickfont || {}), size}};
      if (out[axis].title) out[axis].title = {...out[axis].title, font: {...((out[axis].title || {}).font || {}), size: size + 1}};
    }
    if (out.title) out.title = {...out.title, font: {...((out.title || {}).font || {}), size: size + 2}};
    if (out.title && out.title.text && this.modebarRoom()) {       // the title (automargin) under the toolbar
      out.title = {...out.title, pad: {...(out.title.pad || {}), t: ((out.title.pad || {}).t || 0) + this.modebarRoom()}};
    }
    if (out.annotations) out.annotations = out.annotations.map((note) => ({...note, font: {...(note.font || {}), size: Math.max(size - 2, 11)}}));
    return out;
  }

  setPresent(on) {
    this.present = on;
    this.root.classList.toggle("mbl-present", on);
    document.documentElement.classList.toggle("mbl-presenting", on);
    this.buttons.present.textContent = on ? "Leave (Esc)" : "Present";
    // the accessible name starts with the visible text (WCAG 2.5.3, label in name)
    this.buttons.present.setAttribute("aria-label", on ? "Leave (Esc) presentation mode" : "Present (P): presentation mode; Esc leaves it");
    try { sessionStorage.setItem("mbl-present", on ? "1" : "0"); } catch (error) { /* storage may be off */ }
    this.scheduleUrl();
    if (this.payload) this.restyleForSize();
  }

  // Text sizes follow the mode: the figures are drawn again with the base layouts resized.
  async restyleForSize() {
    if (!this.payload || !this.loaded) return;
    const t = this.t;
    if (this.kind !== "experts") await this.drawBoundaryBase();     // the experts' scene is HTML: CSS sizes it
    await this.drawCurvesBase();
    if (this.invariantsDrawn) { this.invariantsDrawn = false; await this.drawInvariants(); }
    this.t = -1;
    this.setTrial(t, {force: true});
    this.resize();
  }

  resize() {
    cancelAnimationFrame(this.resizeFrame);
    this.resizeFrame = requestAnimationFrame(async () => {
      this.fitBoundaryHeight();
      // only a figure whose box changed size is drawn again (a figure of 100,000 points costs the browser seconds)
      const stale = (div) => Math.abs(div._fullLayout.width - div.clientWidth) >= 1
        || Math.abs(div._fullLayout.height - div.clientHeight) >= 1;
      const divs = [this.below, this.above, this.curves, this.invariants]
        .filter((div) => div._fullLayout && div.isConnected && stale(div));
      await Promise.all(divs.map((div) => this.Plotly.Plots.resize(div).catch(() => {})));
      if (divs.includes(this.curves)) await this.fitCurvesTexts().catch(() => {});
      if (this.payload) this.redraw();
    });
  }
}
