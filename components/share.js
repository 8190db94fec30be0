// Mistake Bound Lab — the Share panel: the page's link (with the player's trial) and its lab file.
//
// Both are made here, in the browser, because only the browser knows the trial the player is at
// (the player keeps ?t= in the URL without telling the server).  The link is the address bar's;
// the lab file is the server's JSON with the trial and presentation mode filled in, saved as a
// download made from memory — no request, so it works the same through a proxy or offline.

function element(tag, attributes = {}, text = "") {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (text) made.textContent = text;
  return made;
}

function currentTrial() {
  const params = new URLSearchParams(window.location.search);
  const t = Number.parseInt(params.get("t") || "", 10);
  return {trial: Number.isInteger(t) && t >= 0 ? t : null, present: params.get("present") === "1"};
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    return false;       // no clipboard permission (an http page, a locked-down browser): the text is selected
  }
}

export default function (component) {
  const {data, parentElement} = component;
  let root = parentElement.querySelector(".mbl-share");
  if (!root) {
    root = element("div", {class: "mbl-share"});
    parentElement.appendChild(root);
  }
  const link = element("input", {type: "text", readonly: "", "aria-label": "link to this page", class: "mbl-share-link"});
  const copy = element("button", {type: "button", class: "mbl-share-copy"}, "Copy link");
  const status = element("span", {class: "mbl-share-status", role: "status"});
  const save = element("button", {type: "button", class: "mbl-share-file"}, "Download lab file");
  const note = element("p", {class: "mbl-share-note"});
  const refresh = () => { link.value = window.location.href; };
  refresh();
  copy.addEventListener("click", async () => {
    refresh();
    link.focus();
    link.select();
    status.textContent = (await copyText(link.value)) ? "Copied." : "Selected: press Ctrl+C to copy.";
  });
  link.addEventListener("focus", refresh);
  save.addEventListener("click", () => {
    const document_ = JSON.parse(data.file);
    const {trial, present} = currentTrial();
    document_.trial = trial;
    document_.present = present;
    const blob = new Blob([JSON.stringify(document_)], {type: "application/json"});
    const anchor = element("a", {href: URL.createObjectURL(blob), download: data.name || "lab.json"});
    document.body.appendChild(anchor);
    anchor.click();
    setTimeout(() => { URL.revokeObjectURL(anchor.href); anchor.remove(); }, 1000);
    status.textContent = "Lab file saved.";
  });
  note.textContent = data.fits ? "" :
    `The ${data.n.toLocaleString("en")} points make the link longer than 8 KB, so it opens this page and ` +
    "its settings without them: share the lab file instead (open it from this panel).";
  note.hidden = Boolean(data.fits);
  root.replaceChildren(element("div", {class: "mbl-share-row"}), note, element("div", {class: "mbl-share-row"}));
  root.children[0].append(link, copy);
  root.children[2].append(save, status);
  return () => {};
}
