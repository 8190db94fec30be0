// Mistake Bound Lab — the player's element helpers (module 2 of the player; the order is components/html_export.py
// PLAYER_MODULES).  node() is the one element helper of the player and its plugins (window.MistakeBoundTimeline.node),
// svgNode() its SVG twin (numbers are written by components/player/numbers.js).
const FONT_FAMILY = '"Source Sans", "Source Sans Pro", system-ui, sans-serif';
const CLEAR = "rgba(0,0,0,0)";
const SVG = "http://www.w3.org/2000/svg";

function node(tag, attributes = {}, children = []) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") element.textContent = value;
    else if (name === "className") element.className = value;
    else element.setAttribute(name, value);
  }
  for (const child of children) element.append(child);
  return element;
}

function svgNode(tag, attributes = {}) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}
