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
async function serve(data = mkdtempSync(join(tmpdir(), "tabula-serve-"))) {
  const child = spawn(binary, ["serve", "--port", "0", "--data", data, "--rate", "1000"], { stdio: ["ignore", "pipe", "inherit"] });
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
  } finally {
    await page.close();
    await server.stop();
  }
});
