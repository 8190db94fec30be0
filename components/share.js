// Mistake Bound Lab — the Share panel: the page's link (with the player's trial), its lab file, the run as HTML.
//
// All three are completed here, in the browser, because only the browser knows what the player shows: its
// trial, presentation mode and theme (the player keeps them in its element — data-trial, data-theme — and in
// the address bar, without telling the server).  The link is the address bar's; the lab file is the server's
// JSON with the trial, presentation mode and theme filled in, saved as a download made from memory — no
// request, so it works the same through a proxy or offline.  The HTML export is made by the server
// (components/html_export.py run_html) for the trial and theme this panel sends it at the click (the trigger
// value "export"); the rerun brings the file back once, under the id of the click, and it is saved from memory.

function element(tag, attributes = {}, text = "") {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (text) made.textContent = text;
  return made;
}

// What the player of run `runId` (else the page's first player; else the address) shows: its trial
// (null: none known), whether it presents, and its theme ("projector" or "default").
function shown(runId) {
  const players = [...document.querySelectorAll(".mbl-tl")];
  const player = players.find((candidate) => runId && candidate.dataset.runId === runId) || players[0] || null;
  const params = new URLSearchParams(window.location.search);
  const t = Number.parseInt((player && player.dataset.trial !== undefined ? player.dataset.trial : params.get("t")) || "", 10);
  const projector = player && player.dataset.theme !== undefined ? player.dataset.theme === "projector"
                                                                  : params.get("theme") === "projector";
  return {trial: Number.isInteger(t) && t >= 0 ? t : null,
          present: player ? player.classList.contains("mbl-present") : params.get("present") === "1",
          theme: projector ? "projector" : "default"};
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    return false;       // no clipboard permission (an http page, a locked-down browser): the text is selected
  }
}

// a download of `text` made from memory
function save(text, type, name) {
  const anchor = element("a", {href: URL.createObjectURL(new Blob([text], {type})), download: name});
  document.body.appendChild(anchor);
  anchor.click();
  setTimeout(() => { URL.revokeObjectURL(anchor.href); anchor.remove(); }, 1000);
}

// The panel's elements, made once per mount (a rerun's new data updates them: the focus stays where it was).
function build(root) {
  const ui = {data: {}, send: () => {}, asked: null, done: null};
  ui.link = element("input", {type: "text", readonly: "", "aria-label": "link to this page", class: "mbl-share-link"});
  ui.copy = element("button", {type: "button", class: "mbl-share-copy"}, "Copy link");
  ui.status = element("span", {class: "mbl-share-status", role: "status"});
  ui.file = element("button", {type: "button", class: "mbl-share-file"}, "Download lab file");
  ui.html = element("button", {type: "button", class: "mbl-share-html",
                               title: "One file with the player, plotly.js and the run, opening at the trial shown: " +
                                      "it opens from disk with no network, and goes on a slide as " +
                                      "<iframe src=\"run.html#t=40\">."}, "Export this run as HTML");
  ui.note = element("p", {class: "mbl-share-note"});
  const refresh = () => { ui.link.value = window.location.href; };
  refresh();
  ui.copy.addEventListener("click", async () => {
    refresh();
    ui.link.focus();
    ui.link.select();
    ui.status.textContent = (await copyText(ui.link.value)) ? "Copied." : "Selected: press Ctrl+C to copy.";
  });
  ui.link.addEventListener("focus", refresh);
  ui.file.addEventListener("click", () => {
    const document_ = JSON.parse(ui.data.file);
    Object.assign(document_, shown(ui.data.run));
    save(JSON.stringify(document_), "application/json", ui.data.name || "lab.json");
    ui.status.textContent = "Lab file saved.";
  });
  ui.html.addEventListener("click", () => {
    const {trial, theme} = shown(ui.data.run);
    ui.asked = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
    ui.html.setAttribute("aria-busy", "true");
    ui.status.textContent = "Making the HTML file…";
    ui.send("export", {id: ui.asked, trial, theme});
  });
  const rows = [element("div", {class: "mbl-share-row"}), element("div", {class: "mbl-share-row"})];
  rows[0].append(ui.link, ui.copy);
  rows[1].append(ui.file, ui.html, ui.status);
  root.replaceChildren(rows[0], ui.note, rows[1]);
  return ui;
}

// the HTML file the server made for this panel's last click, saved once
function deliver(ui, made) {
  if (!made || made.id !== ui.asked || made.id === ui.done) return;
  ui.done = made.id;
  ui.html.removeAttribute("aria-busy");
  if (made.problem) {
    ui.status.textContent = `The HTML file could not be made: ${made.problem}`;
    return;
  }
  save(made.html, "text/html", made.name || "run.html");
  ui.status.textContent = "HTML file saved.";
}

export default function (component) {
  const {data, parentElement, setTriggerValue} = component;
  let root = parentElement.querySelector(".mbl-share");
  if (!root) {
    root = element("div", {class: "mbl-share"});
    parentElement.appendChild(root);
  }
  if (!root._mblShare) root._mblShare = build(root);
  const ui = root._mblShare;
  ui.data = data || {};
  ui.send = setTriggerValue;
  ui.link.value = window.location.href;
  ui.note.textContent = ui.data.fits ? "" :
    `The ${Number(ui.data.n).toLocaleString("en")} points make the link longer than 8 KB, so it opens this page and ` +
    "its settings without them: share the lab file instead (open it from this panel).";
  ui.note.hidden = Boolean(ui.data.fits);
  ui.html.hidden = !ui.data.run;
  deliver(ui, ui.data.export);
  return () => {};
}
