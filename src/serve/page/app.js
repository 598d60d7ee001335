// The page: a lobby to start a game, and a table to play or watch one. It reads everything from
// the server's JSON API and names no game.

import { drawBoard } from "/page/board.js";

const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// ---- The lobby ----

const PLAYER_KINDS = [
  ["human", "a person"],
  ["random", "random moves"],
  ["mcts:time=1s", "the AI, 1 s a move"],
  ["mcts:time=5s", "the AI, 5 s a move"],
];

async function lobby() {
  $("lobby").hidden = false;
  const { games } = await api("/api/games");
  const list = $("game-list");
  for (const game of games) list.add(new Option(game.name, game.id));
  const show = () => {
    const game = games.find((g) => g.id === list.value);
    $("game-summary").textContent = game.summary;
    const seats = $("seat-choices");
    seats.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Players" }));
    game.players.forEach((player, i) => {
      const label = Object.assign(document.createElement("label"), { textContent: `${player} ` });
      const select = Object.assign(document.createElement("select"), { name: `seat-${player}` });
      for (const [value, text] of PLAYER_KINDS) select.add(new Option(text, value));
      select.value = i === 0 ? "human" : "mcts:time=1s";
      label.appendChild(select);
      seats.appendChild(label);
    });
    const options = $("option-choices");
    options.replaceChildren();
    $("option-box").hidden = game.options.length === 0;
    for (const option of game.options) {
      const label = Object.assign(document.createElement("label"), { textContent: `${option.name} `, title: option.doc });
      let input;
      if (Array.isArray(option.choices)) {
        input = document.createElement("select");
        for (const choice of option.choices) input.add(new Option(choice, choice));
      } else {
        input = Object.assign(document.createElement("input"), { type: "number", min: option.choices.min, max: option.choices.max });
      }
      input.name = `option-${option.name}`;
      input.value = option.default;
      input.dataset.default = option.default;
      label.appendChild(input);
      options.appendChild(label);
    }
  };
  list.addEventListener("change", show);
  show();
  $("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = games.find((g) => g.id === list.value);
    const seats = {};
    for (const player of game.players) seats[player] = document.querySelector(`[name="seat-${player}"]`).value;
    const options = {};
    for (const input of $("option-choices").querySelectorAll("select, input")) {
      if (input.value !== input.dataset.default) options[input.name.slice("option-".length)] = input.value;
    }
    try {
      const made = await api("/api/matches", { game: game.id, options, seats });
      const people = made.seats.filter((s) => s.link);
      if (people.length === 1) {
        location.assign(people[0].link);
        return;
      }
      const links = $("link-list");
      links.replaceChildren();
      const item = (text, href) => {
        const li = document.createElement("li");
        li.append(`${text}: `, Object.assign(document.createElement("a"), { href, textContent: new URL(href, location.href).href }));
        links.appendChild(li);
      };
      for (const seat of people) item(`play ${seat.player}`, seat.link);
      item("watch", made.watch);
      $("links").hidden = false;
    } catch (error) {
      alert(error.message);
    }
  });
}

// ---- The table ----

// `past`: a position looked back at from the move list (read only), or null for the game now.
// `hintAt`: how many moves had been played when the hint shown was given.
const table = { key: null, view: null, geometry: null, selected: null, targets: new Set(), pending: [], past: null, hintAt: null, known: { from: 0, moves: [] } };

// A view replaces the one shown unless it is older: the answer to a move may arrive after the
// stream has brought the reply to it.
function update(view) {
  if (table.view && view.at < table.view.at) return;
  table.view = view;
  learn(view.moves_from, view.moves);
}

// The moves known here: one run from index `from`, the last ones coming with each view (a view
// carries only the last moves of a long game) and earlier ones a page at a time on request.
function learn(from, moves) {
  const known = table.known;
  const end = known.from + known.moves.length;
  if (from > end || from + moves.length < known.from) {
    table.known = { from, moves: moves.slice() };
    return;
  }
  const start = Math.min(from, known.from);
  const merged = known.moves.slice();
  merged.unshift(...new Array(known.from - start));
  moves.forEach((token, i) => (merged[from - start + i] = token));
  table.known = { from: start, moves: merged };
}

async function earlierMoves() {
  const until = table.known.from;
  const from = Math.max(0, until - 1000);
  try {
    const page = await api(`/api/match/${table.view.id}/moves?from=${from}&count=${until - from}`);
    learn(page.from, page.moves);
  } catch (error) {
    $("error").textContent = error.message;
  }
  render();
}

function render() {
  const view = table.past ?? table.view;
  $("title").textContent = view.game;
  const ui = { selected: table.selected, targets: table.targets, onCell: clicked };
  drawBoard($("board"), table.geometry, view, ui);
  const mover = view.to_move;
  let status;
  if (view.result) status = `Game over: ${view.result}`;
  else if (view.closed) status = `Game ${view.closed}`;
  else if (mover === null || mover === undefined) status = "Chance…";
  else if (view.you === mover) status = `You play ${view.players[mover]}: your move`;
  else status = `${view.players[mover]} to move`;
  if (table.past) status = `After move ${view.at} of ${table.view.at}, looking back`;
  else if (view.you === null || view.you === undefined) status += " (watching)";
  $("status").textContent = status;
  $("beside").replaceChildren(...view.beside.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
  const choices = $("choices");
  choices.replaceChildren();
  const buttons = table.pending.length ? table.pending : view.legal.filter((a) => a.cells.length === 0);
  for (const action of buttons) {
    const button = Object.assign(document.createElement("button"), { textContent: action.token });
    button.addEventListener("click", () => play(action.token));
    choices.appendChild(button);
  }
  $("typed").hidden = !view.legal.length;
  // A hint is for the seat to move, in the position it was given for.
  $("hint-box").hidden = !(table.key && !table.past && view.legal.length);
  if (table.hintAt !== table.view.at) $("hint-text").textContent = "";
  const moves = $("moves");
  const first = table.known.from;
  moves.start = first + 1;
  moves.replaceChildren(...table.known.moves.map((token, i) => {
    const item = Object.assign(document.createElement("li"), { textContent: token, title: "show the position after it" });
    if (table.past && first + i + 1 === table.past.at) item.className = "shown";
    item.addEventListener("click", () => look(first + i + 1));
    return item;
  }));
  $("more-moves").hidden = first === 0;
  $("more-moves").textContent = `Earlier moves (${first})`;
  if (!table.past) moves.scrollTop = moves.scrollHeight;
  $("earlier").disabled = (table.past?.at ?? table.view.at) === 0;
  $("later").disabled = $("now").disabled = !table.past;
  $("record").href = `/api/match/${view.id}/record`;
}

// Shows the position after `at` actions; the game now when `at` is its last.
async function look(at) {
  if (at >= table.view.at) {
    table.past = null;
  } else {
    try {
      table.past = await api(`/api/match/${table.view.id}/at/${Math.max(0, at)}`);
    } catch (error) {
      $("error").textContent = error.message;
    }
  }
  render();
}

function clicked(cell) {
  if (table.past) return;
  const legal = table.view.legal;
  const from = (a) => a.cells[0];
  const to = (a) => a.cells[a.cells.length - 1];
  if (table.selected !== null) {
    const moves = legal.filter((a) => a.cells.length > 1 && from(a) === table.selected && to(a) === cell);
    if (moves.length) return choose(moves);
  }
  table.selected = null;
  table.targets = new Set();
  table.pending = [];
  const starting = legal.filter((a) => a.cells.length > 1 && from(a) === cell);
  const placed = legal.filter((a) => a.cells.length === 1 && a.cells[0] === cell);
  if (starting.length) {
    table.selected = cell;
    table.targets = new Set(starting.map(to));
    if (placed.length) table.pending = placed;
    render();
  } else if (placed.length) {
    choose(placed);
  } else {
    render();
  }
}

// One action plays at once; several (a promotion, two paths to one cell) are offered as buttons.
function choose(actions) {
  if (actions.length === 1) return play(actions[0].token);
  table.pending = actions;
  render();
}

async function play(token) {
  table.selected = null;
  table.targets = new Set();
  table.pending = [];
  $("error").textContent = "";
  try {
    update(await api(`/api/seat/${table.key}/move`, { action: token, at: table.view.at }));
  } catch (error) {
    $("error").textContent = error.message;
  }
  render();
}

// The search's choice for this seat: said in words and shown on the board as a selected move.
async function hint() {
  const at = table.view.at;
  $("hint").disabled = true;
  $("hint-text").textContent = "Thinking…";
  table.hintAt = at;
  try {
    const found = await api(`/api/seat/${table.key}/hint`, {});
    if (table.view.at !== at) return;
    $("hint-text").textContent = `Hint: ${found.action} (${found.prospects})`;
    const action = table.view.legal.find((a) => a.token === found.action);
    if (action && action.cells.length) {
      table.selected = action.cells.length > 1 ? action.cells[0] : null;
      table.targets = new Set([action.cells[action.cells.length - 1]]);
      table.pending = [];
    }
  } catch (error) {
    $("hint-text").textContent = "";
    $("error").textContent = error.message;
  } finally {
    $("hint").disabled = false;
  }
  render();
}

async function sit(viewPath, eventsPath) {
  $("table").hidden = false;
  update(await api(viewPath));
  table.geometry = await api(`/api/match/${table.view.id}/board`);
  render();
  const events = new EventSource(eventsPath);
  events.addEventListener("view", (event) => {
    update(JSON.parse(event.data));
    render();
  });
  $("earlier").addEventListener("click", () => look((table.past?.at ?? table.view.at) - 1));
  $("later").addEventListener("click", () => look((table.past?.at ?? table.view.at) + 1));
  $("now").addEventListener("click", () => look(table.view.at));
  $("hint").addEventListener("click", hint);
  $("more-moves").addEventListener("click", earlierMoves);
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = $("typed-action").value.trim();
    if (typed) play(typed);
    $("typed-action").value = "";
  });
}

const [, kind, key] = location.pathname.split("/");
if (kind === "seat" && key) {
  table.key = key;
  sit(`/api/seat/${key}`, `/api/seat/${key}/events`).catch((e) => ($("error").textContent = e.message));
} else if (kind === "watch" && key) {
  sit(`/api/match/${key}`, `/api/match/${key}/events`).catch((e) => ($("error").textContent = e.message));
} else {
  lobby().catch((e) => alert(e.message));
}
