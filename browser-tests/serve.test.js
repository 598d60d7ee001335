// `tabula serve` in a real browser: Debian's Chromium, headless, driven by Playwright. Each test
// starts its own server on a free port with an empty data folder.
//
// TABULA_BIN names the binary (default ../target/debug/tabula); SCREENSHOTS names a folder for
// the pictures of boards the tests take (default ../target/screenshots).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

const here = new URL(".", import.meta.url).pathname;
const binary = resolve(here, process.env.TABULA_BIN ?? "../target/debug/tabula");
const screenshots = resolve(here, process.env.SCREENSHOTS ?? "../target/screenshots");
mkdirSync(screenshots, { recursive: true });

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
});
after(async () => browser?.close());

// A server of our own: its address, and a function that stops it.
async function serve(data = mkdtempSync(join(tmpdir(), "tabula-serve-")), extra = []) {
  const child = spawn(binary, ["serve", "--port", "0", "--data", data, "--rate", "1000", ...extra], { stdio: ["ignore", "pipe", "inherit"] });
  const base = await new Promise((done, fail) => {
    let seen = "";
    child.stdout.on("data", (chunk) => {
      seen += chunk;
      const found = seen.match(/serving on (http:\/\/[^/ ]+)\//);
      if (found) done(found[1]);
    });
    child.on("exit", (code) => fail(new Error(`tabula serve ended with ${code}: ${seen}`)));
  });
  const stop = () => new Promise((done) => {
    child.on("exit", done);
    child.kill();
  });
  return { base, data, stop };
}

async function api(base, path, body) {
  const response = await fetch(base + path, body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json();
}

const status = (page) => page.locator("#status").textContent();
const movesPlayed = (page) => page.locator("#moves li").count();

// Clicks the cells named, in turn, until one makes a move (the list of moves grows); false when
// none does.
async function clickAMove(page, cells) {
  const before = await movesPlayed(page);
  for (const cell of cells) {
    await page.locator(`.hit[data-cell="${cell}"]`).click();
    try {
      await page.waitForFunction((n) => document.querySelectorAll("#moves li").length > n, before, { timeout: 300 });
      return true;
    } catch {
      // Not a legal move there: the next cell.
    }
  }
  return false;
}

// Plays one move as a person would, by clicking: the first legal move the page's seat has (read
// from the API), its first cell then its last (a piece, then where it goes), a lone cell for a
// placement, a button for a move without cells or for one of several readings of the clicks.
async function clickLegalMove(page, base, key) {
  const view = await api(base, `/api/seat/${key}`);
  const action = view.legal[0];
  const before = view.at;
  const board = await api(base, `/api/match/${view.id}/board`);
  const names = new Map(board.cells.map((c) => [c.cell, c.name]));
  const cell = (c) => page.locator(`.hit[data-cell="${names.get(c)}"]`);
  if (action.cells.length === 0) {
    await page.locator("#choices button", { hasText: action.token }).first().click();
  } else {
    await cell(action.cells[0]).click();
    if (action.cells.length > 1) await cell(action.cells[action.cells.length - 1]).click();
  }
  const moved = () => page.waitForFunction((n) => document.querySelectorAll("#moves li").length > n, before, { timeout: 1000 });
  // Several actions fit the clicks: the page offers each as a button.
  if (action.cells.length > 0 && !(await moved().then(() => true, () => false))) {
    await page.locator("#choices button", { hasText: action.token }).first().click();
  }
  await page.waitForFunction((n) => document.querySelectorAll("#moves li").length > n, before);
  return action.token;
}

// Plays `seat`'s moves by clicking until the game ends or `moves` have been played; the game's
// other seat is the random player. Returns the last view.
async function playByClicking(page, base, game, { moves = Infinity, options = {} } = {}) {
  const { players } = (await api(base, "/api/games")).games.find((g) => g.id === game);
  const made = await api(base, "/api/matches", { game, options, seats: { [players[1]]: "random" } });
  const key = made.seats[0].link.split("/").pop();
  await page.goto(base + made.seats[0].link);
  for (let played = 0; played < moves; played++) {
    await page.waitForFunction(() => /your move|Game over/.test(document.querySelector("#status").textContent));
    if ((await status(page)).startsWith("Game over")) break;
    await clickLegalMove(page, base, key);
  }
  return { made, key, view: await api(base, `/api/seat/${key}`) };
}

const TIC_TAC_TOE = ["b2", "a1", "c3", "a3", "c1", "b1", "b3", "a2", "c2"];

test("a person plays tic-tac-toe against random play from the lobby to the end, by clicking", async () => {
  const server = await serve();
  const page = await browser.newPage();
  try {
    await page.goto(server.base + "/");
    await page.selectOption("#game-list", "tic-tac-toe");
    await page.selectOption('[name="seat-o"]', "random");
    await page.click("#new-game button[type=submit]");
    await page.waitForURL(/\/seat\//);
    for (let turn = 0; turn < 9; turn++) {
      await page.waitForFunction(() => /your move|Game over/.test(document.querySelector("#status").textContent));
      if ((await status(page)).startsWith("Game over")) break;
      assert.ok(await clickAMove(page, TIC_TAC_TOE), "a cell took a move");
    }
    await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Game over"));
    const record = await page.locator("#record").getAttribute("href");
    const text = await (await fetch(server.base + record)).text();
    assert.match(text, /^result = /m);
    await page.screenshot({ path: join(screenshots, "tic-tac-toe.png") });
  } finally {
    await page.close();
    await server.stop();
  }
});

test("two people in two browsers play one game live, and a reload loses nothing", async () => {
  const server = await serve();
  const made = await api(server.base, "/api/matches", { game: "tic-tac-toe", seats: {} });
  const [x, o] = await Promise.all([browser.newContext(), browser.newContext()]);
  const pages = [await x.newPage(), await o.newPage()];
  try {
    await pages[0].goto(server.base + made.seats[0].link);
    await pages[1].goto(server.base + made.seats[1].link);
    for (let turn = 0; turn < 9; turn++) {
      const page = pages[turn % 2];
      await page.waitForFunction(() => /your move|Game over/.test(document.querySelector("#status").textContent));
      if ((await status(page)).startsWith("Game over")) break;
      assert.ok(await clickAMove(page, TIC_TAC_TOE), "a cell took a move");
      // The other browser is told at once.
      const played = await movesPlayed(page);
      await pages[(turn + 1) % 2].waitForFunction((n) => document.querySelectorAll("#moves li").length === n, played);
      if (turn === 2) {
        await pages[0].reload();
        await pages[0].waitForFunction((n) => document.querySelectorAll("#moves li").length === n, played);
      }
    }
    const ends = await Promise.all(pages.map(status));
    assert.ok(ends[0].startsWith("Game over"), ends[0]);
    assert.equal(ends[0].replace(" (watching)", ""), ends[1].replace(" (watching)", ""));
    const lists = await Promise.all(pages.map((p) => p.locator("#moves").textContent()));
    assert.equal(lists[0], lists[1]);
    // The move list looks back: the position after the first move has one piece.
    await pages[1].locator("#moves li").first().click();
    await pages[1].waitForFunction(() => document.querySelector("#status").textContent.startsWith("After move 1"));
    assert.equal(await pages[1].locator(".piece").count(), 1);
    await pages[1].click("#later");
    await pages[1].waitForFunction(() => document.querySelector("#status").textContent.startsWith("After move 2"));
    assert.equal(await pages[1].locator(".piece").count(), 2);
    await pages[1].click("#now");
    await pages[1].waitForFunction(() => document.querySelector("#status").textContent.startsWith("Game over"));
  } finally {
    await x.close();
    await o.close();
    await server.stop();
  }
});

test("the boards of several families are drawn: grids, points, hexes and the backgammon U", async () => {
  const server = await serve();
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  try {
    for (const game of ["hold-pley", "backgammon", "blue-and-gray", "hex-7", "nine-mens-morris", "shogi"]) {
      const made = await api(server.base, "/api/matches", { game, seats: {} });
      await page.goto(server.base + made.watch);
      await page.waitForSelector(".hit");
      const { cells } = await api(server.base, `/api/match/${made.id}/board`);
      assert.equal(await page.locator(".hit").count(), cells.length, game);
      const view = await api(server.base, `/api/match/${made.id}`);
      assert.equal(await page.locator(".piece").count() >= Math.min(1, view.cells.length), true, game);
      await page.screenshot({ path: join(screenshots, `${game}.png`) });
    }
    // At a phone's size the board fits the width, the moves below it.
    await page.setViewportSize({ width: 390, height: 844 });
    const made = await api(server.base, "/api/matches", { game: "chess", seats: {} });
    await page.goto(server.base + made.seats[0].link);
    await page.waitForSelector(".hit");
    const box = await page.locator("#board").boundingBox();
    assert.ok(box.width <= 390 && box.width > 300, `the board is ${box.width} px wide`);
    await page.screenshot({ path: join(screenshots, "chess-phone.png") });
  } finally {
    await page.close();
    await server.stop();
  }
});

test("a game of each family played by clicking to its end: moves, hexes, dice, drops", async () => {
  const server = await serve();
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  try {
    // Pieces that move; cells placed on a hex board; dice with the bar, bearing off and passes;
    // drops and promotions (to the limit of plies the game's option sets).
    for (const [game, options] of [
      ["breakthrough", {}],
      ["hex-7", {}],
      ["backgammon", {}],
      ["shogi", { max_plies: "40" }],
    ]) {
      const { view } = await playByClicking(page, server.base, game, { options });
      assert.ok(view.result, `${game} ended`);
      assert.match(await status(page), /^Game over/, game);
      if (game === "backgammon") await page.screenshot({ path: join(screenshots, "backgammon-played.png") });
    }
    // Placements then moves and removals; points joined by lines: a good part of a game.
    for (const game of ["nine-mens-morris", "blue-and-gray"]) {
      const { view } = await playByClicking(page, server.base, game, { moves: 24 });
      assert.ok(view.result || view.moves.length >= 24, game);
    }
  } finally {
    await page.close();
    await server.stop();
  }
});

test("Hold pley in the browser: a face-down piece shows no number to anyone until it moves", async () => {
  const server = await serve();
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  const watcher = await browser.newPage();
  try {
    const { made, view } = await playByClicking(page, server.base, "hold-pley", { options: { max_plies: "40" } });
    assert.ok(view.result, "the game ended");
    await watcher.goto(server.base + made.watch);
    await watcher.waitForSelector(".piece");
    // Every piece that has not moved is still face down, on the page of the seat, the
    // spectator's page and in every view sent.
    for (const shown of [page, watcher]) {
      const symbols = await shown.locator(".piece text").allTextContents();
      const faceDown = view.cells.filter((c) => c.face_down).length;
      assert.equal(symbols.filter((t) => t === "#").length, faceDown);
    }
    const watched = await api(server.base, `/api/match/${made.id}`);
    for (const piece of watched.cells.filter((c) => c.face_down)) {
      assert.equal(piece.symbol, "#");
      assert.equal(piece.kind, view.cells.find((c) => c.face_down).kind);
    }
    const reveals = view.moves.filter((m) => m.startsWith("reveal:")).length;
    assert.ok(reveals >= 1, "a piece was revealed");
    await page.screenshot({ path: join(screenshots, "hold-pley-played.png") });
  } finally {
    await page.close();
    await watcher.close();
    await server.stop();
  }
});

test("a hint names one of the seat's legal moves and marks it on the board; clicking its target plays it", async () => {
  const server = await serve();
  try {
    const page = await browser.newPage();
    const made = await api(server.base, "/api/matches", { game: "breakthrough", seats: { black: "random" } });
    const key = made.seats[0].link.split("/").pop();
    await page.goto(server.base + made.seats[0].link);
    await page.waitForFunction(() => /your move/.test(document.querySelector("#status").textContent));
    const legal = (await api(server.base, `/api/seat/${key}`)).legal.map((a) => a.token);
    await page.locator("#hint").click();
    await page.waitForFunction(() => /^Hint: /.test(document.querySelector("#hint-text").textContent), null, { timeout: 20000 });
    const text = await page.locator("#hint-text").textContent();
    const hinted = text.match(/^Hint: (\S+) \((.+)\)$/);
    assert.ok(hinted, text);
    assert.ok(legal.includes(hinted[1]), `${hinted[1]} is not among ${legal.join(" ")}`);
    assert.match(hinted[2], /estimated win rate \d+%|a proven (win|draw|loss)/);
    // The hinted move is selected: clicking where it goes plays it.
    const target = hinted[1].split(/[-x]/).pop();
    await page.locator(`.hit[data-cell="${target}"]`).click();
    await page.waitForFunction(() => document.querySelectorAll("#moves li").length >= 1);
    const played = await api(server.base, `/api/seat/${key}`);
    assert.equal(played.moves[0], hinted[1]);
    // A spectator gets no hint button.
    const watcher = await browser.newPage();
    await watcher.goto(server.base + made.watch);
    await watcher.waitForFunction(() => document.querySelector("#status").textContent.includes("watching"));
    assert.equal(await watcher.locator("#hint-box").isHidden(), true);
    await page.close();
    await watcher.close();
  } finally {
    await server.stop();
  }
});

// A view carries the last 200 moves of a long game; the page asks for earlier ones when told to,
// and numbers every move by its place in the game.
test("a long game's move list shows its last moves, and earlier ones on request", async () => {
  const server = await serve(undefined, ["--machine-pace", "1ms"]);
  const page = await browser.newPage();
  try {
    // Random play on 19x19 rarely ends a game (two passes in a row) before move 220, but can:
    // such a game is put aside for another, a few times at most.
    let made;
    let view;
    for (let tries = 0; tries < 5 && !(view && view.at >= 220); tries++) {
      made = await api(server.base, "/api/matches", { game: "go-19", seats: { black: "random", white: "random" } });
      // Looking at the game keeps it playing (a game only machines play moves while watched).
      for (;;) {
        view = await api(server.base, `/api/match/${made.id}`);
        if (view.at >= 220 || view.result) break;
        await new Promise((done) => setTimeout(done, 100));
      }
    }
    assert.ok(view.at >= 220, `every game ended before move 220, the last after ${view.at} moves`);
    assert.equal(view.moves.length, 200);
    assert.equal(view.moves_from, view.at - 200);
    await page.goto(server.base + made.watch);
    await page.waitForFunction(() => !document.querySelector("#more-moves").hidden);
    const first = await page.locator("#moves").getAttribute("start");
    assert.ok(Number(first) > 1, `the list starts at move ${first}`);
    assert.match(await page.locator("#more-moves").textContent(), /^Earlier moves \(\d+\)$/);
    await page.click("#more-moves");
    await page.waitForFunction(() => document.querySelector("#moves").start === 1);
    assert.ok(await page.locator("#more-moves").isHidden());
    const moves = await api(server.base, `/api/match/${made.id}/moves?from=0&count=5`);
    assert.equal(await page.locator("#moves li").first().textContent(), moves.moves[0]);
    // The first move, looked back at: one stone on the board.
    await page.locator("#moves li").first().click();
    await page.waitForFunction(() => /^After move 1 of/.test(document.querySelector("#status").textContent));
    await page.screenshot({ path: join(screenshots, "long-game.png") });
  } finally {
    await page.close();
    await server.stop();
  }
});
