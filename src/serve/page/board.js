// Draws a board from its geometry (GET /api/match/ID/board) and a view of the position: SVG in
// cell units, the first rank at the bottom. Nothing here knows a game: shapes, lines and marks
// all come from the game file through the server.

const SVG = "http://www.w3.org/2000/svg";

function add(parent, name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  parent.appendChild(node);
  return node;
}

function hexagon(x, y, r) {
  const points = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 6 + (i * Math.PI) / 3;
    points.push(`${x + r * Math.cos(a)},${y + r * Math.sin(a)}`);
  }
  return points.join(" ");
}

// A player whose name is a colour (white, blue, red...) has pieces of that colour; the others
// take the page's own colours by their number.
const colours = new Map();
function playerColour(name) {
  if (!colours.has(name)) {
    let colour = null;
    if (CSS.supports("color", name)) {
      const probe = document.createElement("span");
      probe.style.color = name;
      document.body.appendChild(probe);
      const [r, g, b] = getComputedStyle(probe).color.match(/\d+/g).map(Number);
      probe.remove();
      colour = { fill: name, text: 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#222" : "#f6f3e8" };
    }
    colours.set(name, colour);
  }
  return colours.get(name);
}

// A slot of a track: a long triangle from its edge of the board towards the middle.
function slot(x, y, facing) {
  const tip = y + facing * 2;
  const base = y - facing * 0.5;
  return `${x - 0.45},${base} ${x + 0.45},${base} ${x},${tip}`;
}

// `ui`: { selected: cell or null, targets: Set of cells, onCell(cell) }.
export function drawBoard(svg, geometry, view, ui) {
  svg.replaceChildren();
  const pad = 0.8;
  const slots = geometry.shape === "slot";
  // A dice game keeps the men borne off beside the board: a column more.
  const beyond = view.off ? 1 : 0;
  svg.setAttribute("viewBox", `${-pad} ${-pad} ${geometry.width + beyond + 2 * pad - 1} ${geometry.height + 2 * pad - 1}`);
  const place = new Map(geometry.cells.map((c) => [c.cell, c]));
  const cells = add(svg, "g", { class: "cells" });
  for (const c of geometry.cells) {
    if (geometry.shape === "square") {
      const shade = (Math.round(c.x) + Math.round(c.y)) % 2 === 0 ? "light" : "dark";
      add(cells, "rect", { x: c.x - 0.5, y: c.y - 0.5, width: 1, height: 1, class: `cell-square ${shade}` });
    } else if (geometry.shape === "hex") {
      add(cells, "polygon", { points: hexagon(c.x, c.y, 0.577), class: "cell-hex" });
    } else if (slots) {
      const odd = Math.round(c.x) % 2 ? " odd" : "";
      add(cells, "polygon", { points: slot(c.x, c.y, c.facing), class: `cell-slot${odd}` });
    }
  }
  for (const [a, b] of geometry.edges) {
    const p = place.get(a), q = place.get(b);
    if (p && q) add(cells, "line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: "edge" });
  }
  if (geometry.shape === "point") {
    for (const c of geometry.cells) add(cells, "circle", { cx: c.x, cy: c.y, r: 0.12, class: "cell-point" });
  }
  if (geometry.bar !== null && geometry.bar !== undefined) {
    add(cells, "rect", { x: geometry.bar - 0.5, y: -0.5, width: 1, height: geometry.height, class: "cell-slot odd" });
  }
  // Lines between cells: across the link, through its middle.
  for (const [a, b] of geometry.between) {
    const p = place.get(a), q = place.get(b);
    if (!p || !q) continue;
    const mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2;
    const dx = (q.y - p.y) / 2, dy = (q.x - p.x) / 2;
    add(cells, "line", { x1: mx - dx, y1: my - dy, x2: mx + dx, y2: my + dy, class: "between" });
  }
  const occupied = new Map(view.cells.map((p) => [p.cell, p]));
  for (const mark of geometry.marks) {
    for (const cell of mark.cells) {
      const c = place.get(cell);
      // Beside a point, which would hide it; in the middle of any other cell.
      const aside = geometry.shape === "point" ? 0.25 : 0;
      if (c && !occupied.has(cell)) add(cells, "text", { x: c.x + aside, y: c.y - aside, class: "mark" }, mark.symbol);
    }
  }
  for (const c of geometry.cells) {
    const y = slots ? (c.facing > 0 ? c.y - 0.62 : c.y + 0.72) : c.y + 0.42;
    add(cells, "text", { x: c.x - 0.45, y, class: "name" }, c.name);
  }
  for (const cell of view.last || []) {
    const c = place.get(cell);
    if (c) add(svg, "circle", { cx: c.x, cy: c.y, r: 0.48, class: "last" });
  }
  const pieces = add(svg, "g", { class: "pieces" });
  for (const p of view.cells) {
    const c = place.get(p.cell);
    if (!c) continue;
    const owner = p.owner < 4 ? p.owner : "neutral";
    const g = add(pieces, "g", { class: `piece owner-${owner}`, "data-cell": c.name });
    const colour = playerColour(view.players[p.owner] ?? "");
    const circle = add(g, "circle", { cx: c.x, cy: c.y, r: 0.38 });
    const label = p.height > 1 ? `${p.symbol}${p.height}` : p.symbol;
    const text = add(g, "text", { x: c.x, y: c.y }, label);
    if (colour) {
      circle.style.fill = colour.fill;
      text.style.fill = colour.text;
    }
    if (p.pinned) {
      const pinned = add(pieces, "g", { class: `piece owner-${p.pinned.owner}` });
      add(pinned, "circle", { cx: c.x + 0.3, cy: c.y + 0.3 * c.facing, r: 0.16 });
    }
  }
  // The men on the bar, in it, and those borne off, beside the board: a piece with its number.
  const counted = (x, y, owner, count) => {
    const g = add(pieces, "g", { class: `piece owner-${owner}` });
    const colour = playerColour(view.players[owner] ?? "");
    const circle = add(g, "circle", { cx: x, cy: y, r: 0.38 });
    const text = add(g, "text", { x, y }, `${count}`);
    if (colour) {
      circle.style.fill = colour.fill;
      text.style.fill = colour.text;
    }
  };
  const middle = (geometry.height - 1) / 2;
  (view.bar || []).forEach((count, owner) => {
    if (count > 0 && geometry.bar !== null) counted(geometry.bar, middle + (owner ? 1 : -1), owner, count);
  });
  (view.off || []).forEach((count, owner) => {
    if (count > 0) counted(geometry.width, owner ? geometry.height - 1 : 0, owner, count);
  });
  if (ui.selected !== null && place.has(ui.selected)) {
    const c = place.get(ui.selected);
    add(svg, "circle", { cx: c.x, cy: c.y, r: 0.45, class: "selected" });
  }
  for (const cell of ui.targets) {
    const c = place.get(cell);
    if (c) add(svg, "circle", { cx: c.x, cy: c.y, r: 0.16, class: "target" });
  }
  // Click areas last, on top of everything.
  for (const c of geometry.cells) {
    const hit = add(svg, "circle", { cx: c.x, cy: c.y, r: 0.5, class: "hit", "data-cell": c.name });
    hit.addEventListener("click", () => ui.onCell(c.cell));
  }
}
