// Mistake Bound Lab — the player as a Streamlit custom component (v2): the module's default export, called on
// every rerun with the run's payload (components/timeline.py).  Last in the assembled module; the offline export
// (components/html_export.py) leaves it out and mounts the player itself.
export default function (component) {
  const {data, parentElement} = component;
  let root = parentElement.querySelector(".mbl-tl-root");
  if (!root) {
    root = node("div", {className: "mbl-tl-root"});
    parentElement.appendChild(root);
  }
  skipLink(true);
  if (data && data.id && data.id !== root.dataset.runId) {
    root.dataset.runId = data.id;
    // a new run keeps the trial the player was at (clamped), unless the server names one (a link)
    const kept = root._mblPlayer && root._mblPlayer.t > 0 ? root._mblPlayer.t : 0;
    mount(root, data.payload, {src: data.src, url: true, present: data.present,
                               start: Number.isInteger(data.start) ? data.start : kept})
      .catch((error) => {
        const note = node("p", {className: "mbl-tl-problem", text: `The run could not be drawn: ${error && error.message ? error.message : error}`});
        root.replaceChildren(note);
      });
  } else if (root._mblPlayer) {
    root._mblPlayer.scheduleUrl();               // a rerun rewrote the URL: put the trial back
  }
  return () => {
    if (root.isConnected) return;
    if (root._mblPlayer) root._mblPlayer.destroy();
    skipLink([...players].some((player) => player.root.isConnected));
  };
}
