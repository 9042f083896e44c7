// The table page as people use it, on a server of its own (started here, so it can be stopped and started
// again): two seats of a liar's dice game created from the lobby's Custom table form, each in its own browser,
// on a desktop and on a phone:
// - the status bar and the tab title say whose turn it is and what to do; a clock counts down;
// - bids are made with the picker (a quantity stepper and die faces); a double click makes one move, not a
//   refusal;
// - chat goes both ways between the seats, each line under the nickname given in the lobby and the seat; text
//   typed (and focus) survive the other seat's moves;
// - a reload mid-game shows the same table; a lost connection shows a banner and disables the moves until the
//   server is back, then the game goes on;
// and, against bots in The Pirate's Flag, "play for me when I have nothing to choose" (on by default): the player
// is never asked a decision with nothing but passes or a single move, and is asked one once it is switched off.
// And stops (issue 28): "Stop me at every chance to answer" sits under the moves, off by default; off, the player
// is seldom asked in the other players' turns (only when a play involves them); on, at every chance; the choice
// is kept for the table across a reload.
// Usage: node table.mjs PATH/TO/plunder
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import net from "node:net";

const [plunder] = process.argv.slice(2);
const PORT = Number(process.env.PLUNDER_E2E_PORT || 18434);
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), "plunder-table-"));
const database = `sqlite://${join(dir, "games.db")}`;
let server = null;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
const fail = async (message) => {
  console.error(`FAIL: ${message}`);
  await browser.close();
  if (server) server.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
};

const answers = () => new Promise((resolve) => {
  const socket = net.connect(PORT, "127.0.0.1", () => { socket.destroy(); resolve(true); });
  socket.on("error", () => resolve(false));
});
async function startServer() {
  server = spawn(plunder, ["serve", "--port", String(PORT), "--database", database, "--bot-delay-ms", "0"], { stdio: "ignore" });
  for (let i = 0; i < 100; i += 1) { if (await answers()) return; await new Promise((r) => setTimeout(r, 100)); }
  await fail("the server did not start");
}
async function stopServer() {
  server.kill("SIGKILL");
  await new Promise((r) => server.once("exit", r));
  server = null;
}

const text = async (page, selector) => ((await page.textContent(selector).catch(() => "")) || "").trim();
const version = (page) => page.$eval("#view", (n) => Number(n.dataset.version)).catch(() => -1);
const watchErrors = (page, problems, label) => {
  page.on("pageerror", (e) => problems.push(`${label}: page error: ${e.message}`));
  page.on("console", (m) => {
    // The lost connection is on purpose: Chromium logs the refused reconnections.
    if (m.type() === "error" && !/WebSocket|ERR_CONNECTION_REFUSED/.test(m.text())) problems.push(`${label}: console: ${m.text()}`);
  });
};

/** A liar's dice game for two people from the Custom table form, with a time bank; the two seats' links. */
async function createTwoSeats(page) {
  await page.goto(`${base}/`);
  await page.click("#custom > summary");
  await page.selectOption("#game", "liars-dice");
  await page.fill("#players", "2");
  await page.dispatchEvent("#players", "change");
  // A short game (the form starts from the lobby's five dice to the last die): two dice each (a bid leaves a
  // raise to make), one round.
  await page.click("#custom details.custom-options > summary");
  await page.fill("#custom-options [name=dice]", "2");
  await page.selectOption("#custom-options [name=length]", "one_round");
  for (const seat of await page.$$("select.seat")) await seat.selectOption("human");
  await page.fill("#bank", "600");
  await page.click("#create");
  await page.waitForSelector("a.join");
  return page.$$eval("a.join", (as) => as.map((a) => a.getAttribute("href")));
}

/** The page whose status bar says it is its turn, and the other, once one does. */
async function whoseTurn(pages) {
  for (let i = 0; i < 100; i += 1) {
    const mine = [];
    for (const p of pages) if ((await text(p, "#status")).startsWith("Your turn")) mine.push(p);
    if (mine.length === 1) return [mine[0], pages.find((p) => p !== mine[0])];
    await pages[0].waitForTimeout(100);
  }
  await fail(`no single seat's turn: ${await Promise.all(pages.map((p) => text(p, "#status")))}`);
}

async function twoSeats(size, viewport) {
  const problems = [];
  const host = await (await browser.newContext({ viewport })).newPage();
  const links = await createTwoSeats(host);
  if (links.length !== 2) await fail(`${size}: expected 2 join links, got ${links.length}`);
  await host.context().close();
  const pages = [];
  const nicknames = ["Anna", "Ben"];
  for (const [i, link] of links.entries()) {
    const page = await (await browser.newContext({ viewport })).newPage();
    watchErrors(page, problems, `${size} P${i + 1}`);
    // Each person gives a nickname in the lobby first.
    await page.goto(`${base}/`);
    await page.fill("#nickname", nicknames[i]);
    await page.press("#nickname", "Tab");
    await page.goto(`${base}${link}`);
    await page.waitForSelector("#status");
    pages.push(page);
  }

  // Whose turn, in the status bar and the title; the other seat waits for it, by name.
  let [actor, waiter] = await whoseTurn(pages);
  const asked = await text(actor, "#status");
  if (!/^Your turn: bid( or call liar.*)?$/.test(asked)) await fail(`${size}: the status bar says "${asked}"`);
  if (!(await actor.title()).startsWith("● Your move")) await fail(`${size}: the title is "${await actor.title()}"`);
  const waiting = await text(waiter, "#status");
  if (!/^Waiting for P[12]…$/.test(waiting)) await fail(`${size}: the waiting seat's status bar says "${waiting}"`);
  if ((await waiter.title()).startsWith("●")) await fail(`${size}: the waiting seat's title says it is its turn`);

  // The clock of the seat to act counts down.
  const clock = async () => actor.$$eval(".seats .clock", (cs) => cs.map((c) => c.textContent.trim()));
  const before = await clock();
  await actor.waitForTimeout(2200);
  const later = await clock();
  if (before.length !== 2 || JSON.stringify(before) === JSON.stringify(later)) await fail(`${size}: the clocks do not count down: ${before} then ${later}`);

  // Chat both ways.
  await actor.fill("#chat", "ahoy from the bidder");
  await actor.press("#chat", "Enter");
  const bidder = `${nicknames[pages.indexOf(actor)]} (P${pages.indexOf(actor) + 1}): ahoy from the bidder`;
  await waiter.waitForFunction((line) => document.getElementById("chatlog").textContent.includes(line), bidder, { timeout: 5000 })
    .catch(() => fail(`${size}: the other seat never saw "${bidder}"`));
  if (!(await text(actor, "#where")).includes(`(${nicknames[pages.indexOf(actor)]})`)) await fail(`${size}: the header does not name the player: ${await text(actor, "#where")}`);
  await waiter.fill("#chat", "ahoy back");
  await waiter.press("#chat", "Enter");
  await actor.waitForFunction(() => document.getElementById("chatlog").textContent.includes("ahoy back"), null, { timeout: 5000 })
    .catch(() => fail(`${size}: the bidder never saw the answer`));

  // Half a sentence typed by the waiting seat survives the bid (the page is updated, not rebuilt).
  await waiter.fill("#chat", "half a sent");
  await waiter.focus("#chat");
  const seen = await version(waiter);
  // The waiting seat's new choices, when they come, are disabled as they appear (a tap meant for the old button
  // lands on nothing), then live: recorded as each button is added.
  await waiter.evaluate(() => {
    /** @type {any} */ (window).freshButtons = [];
    new MutationObserver((changes) => { for (const change of changes) for (const node of change.addedNodes) {
      if (!(node instanceof HTMLElement)) continue;
      for (const b of node.matches("button") ? [node] : node.querySelectorAll("button")) /** @type {any} */ (window).freshButtons.push(b.disabled);
    } }).observe(document.getElementById("moves"), { childList: true, subtree: true });
  });

  // The picker: one more than the lowest quantity, of sixes; made with a double click.
  if (!(await actor.$(".picker .make-bid"))) await fail(`${size}: no bid picker`);
  // It starts at the lowest legal bid, so "fewer" is off (and stays off while the moves are live).
  if (await actor.isEnabled(".picker button.step[aria-label=fewer]")) await fail(`${size}: "fewer" is live at the lowest legal bid`);
  const more = actor.locator(".picker button.step[aria-label=more]");
  if (await more.isEnabled()) await more.click();
  await actor.click(".picker button.face[data-face='6']");
  const label = await text(actor, ".picker .make-bid");
  if (!/× 6$/.test(label)) await fail(`${size}: after choosing sixes the bid button says "${label}"`);
  await actor.dblclick(".picker .make-bid");
  await waiter.waitForFunction((v) => Number(document.querySelector("#view").dataset.version) > v, seen, { timeout: 5000 })
    .catch(() => fail(`${size}: the bid never reached the other seat`));
  // While they wait, after a short fade-in, the new choices look as they will be: greyed, a trial read them as refused.
  await waiter.waitForTimeout(450);
  const looks = await waiter.$$eval("#moves button.action:not([data-off='1'])", (bs) => bs.filter((b) => b.disabled).map((b) => getComputedStyle(b).opacity));
  if (looks.some((o) => Number(o) < 0.99)) await fail(`${size}: the settling choices look disabled (opacity ${looks.join(", ")})`);
  await actor.waitForTimeout(400);
  if (await actor.$("#error")) await fail(`${size}: a double click was refused: ${await text(actor, "#error")}`);
  const told = await text(waiter, "#log");
  const quantity = label.match(/(\d+) × 6/)[1];
  if (!told.includes(`${quantity} × 6`) && !told.includes(`${quantity} sixes`)) await fail(`${size}: the log does not tell the bid "${label}": ${told.slice(-200)}`);
  if ((await waiter.inputValue("#chat")) !== "half a sent") await fail(`${size}: the typed chat was lost: "${await waiter.inputValue("#chat")}"`);
  if ((await waiter.evaluate(() => document.activeElement && document.activeElement.id)) !== "chat") await fail(`${size}: the chat box lost focus`);

  const fresh = await waiter.evaluate(() => /** @type {any} */ (window).freshButtons);
  if (!fresh.length || fresh.some((disabled) => !disabled)) await fail(`${size}: new choices were live as they appeared: ${JSON.stringify(fresh)}`);
  await waiter.waitForSelector("#moves button.action:not([disabled])", { timeout: 3000 })
    .catch(() => fail(`${size}: the new choices never became live`));

  // A reload shows the same table.
  [actor, waiter] = await whoseTurn(pages);
  // The next bidder sees the bid to beat beside the picker.
  const toBeat = (await actor.$("#to-beat")) ? await text(actor, "#to-beat") : "";
  if (!toBeat.includes(`${quantity} × 6`)) await fail(`${size}: beside the picker, "${toBeat}" is not the bid to beat, ${quantity} × 6`);
  const at = await version(waiter);
  await actor.reload();
  await actor.waitForFunction((v) => Number(document.querySelector("#view")?.dataset.version) === v, at, { timeout: 5000 })
    .catch(async () => fail(`${size}: after a reload the page shows version ${await version(actor)}, not ${at}`));
  if (!(await text(actor, "#status")).startsWith("Your turn")) await fail(`${size}: after a reload it is not the seat's turn`);

  // The server goes away: a banner, and the moves are disabled; it comes back: the game goes on.
  await stopServer();
  await actor.waitForSelector("#banner:not([hidden])", { timeout: 5000 }).catch(() => fail(`${size}: no banner when the connection is lost`));
  const banner = await text(actor, "#banner");
  if (!banner.startsWith("Connection lost")) await fail(`${size}: the banner says "${banner}"`);
  const live = await actor.$$eval("#moves button", (bs) => bs.filter((b) => !b.disabled).map((b) => b.outerHTML).join(" | "));
  if (live) await fail(`${size}: ${live} move buttons stay live while the connection is lost`);
  await startServer();
  await actor.waitForSelector("#banner[hidden]", { state: "attached", timeout: 20000 }).catch(() => fail(`${size}: the banner stays after the server is back`));
  await actor.waitForSelector("#moves button.action:not([disabled])", { timeout: 5000 })
    .catch(() => fail(`${size}: the moves stay disabled after the server is back`));
  const after = await version(waiter);
  await actor.locator("#moves button.action:not(.group)", { hasText: "liar" }).click();
  await waiter.waitForFunction((v) => Number(document.querySelector("#view").dataset.version) > v, after, { timeout: 10000 })
    .catch(() => fail(`${size}: no move reached the other seat after the reconnection`));
  if (problems.length) await fail(problems.join("\n  "));
  if (process.env.SCREENSHOTS) await actor.screenshot({ path: `${process.env.SCREENSHOTS}/table-liars-dice-${size}.png`, fullPage: true });
  for (const p of pages) await p.context().close();
  console.log(`ok: table (${size}): status bar, title, clock, picker, double click, chat both ways, typed chat kept, reload, lost connection`);
}

/** Plays The Pirate's Flag against bots by clicking: the moves made, and how many offered nothing to choose
 * (nothing but passes, or a single move). */
async function passesAsked(page, moves) {
  let forced = 0;
  for (let move = 0; move < moves; move += 1) {
    // Moves taken for the player each come at its own pace (up to 10 s each): a run of them between two choices
    // takes a while (a CI run gave up after 10 s, 4 moves in). The game may also end meanwhile.
    const live = await page.waitForFunction(() => document.querySelector("#moves button.action:not([disabled])")
      || (document.getElementById("status")?.textContent || "").trim().startsWith("Game over"), null, { timeout: 40000 })
      .then(() => page.$("#moves button.action:not([disabled])"), () => null);
    if (!live) return { moves: move, forced };
    // One reading of the moves shown (a bot's move may replace them meanwhile: then look again). A button for
    // several moves (a captain's uses) is a choice, not a pass; the clicks take single moves.
    const shown = await page.$$("#moves button.action");
    const labels = await Promise.all(shown.map((b) => b.textContent().then((t) => (t || "").trim(), () => "")));
    const buttons = await page.$$("#moves button.action:not(.group)");
    if (!buttons.length || labels.some((l) => !l)) { move -= 1; await page.waitForTimeout(50); continue; }
    const single = labels.length === 1 && buttons.length === 1;
    if (single || labels.every((l) => l.startsWith("pass"))) forced += 1;
    const at = await version(page);
    // The last button is often not a pass: the game moves on.
    await buttons[move % 2 ? buttons.length - 1 : 0].click({ timeout: 2000 }).catch(() => {});
    await page.waitForFunction((v) => Number(document.querySelector("#view").dataset.version) !== v, at, { timeout: 10000 }).catch(() => {});
    if ((await text(page, "#status")).startsWith("Game over")) return { moves: move + 1, forced };
  }
  return { moves, forced };
}

async function autoPass() {
  const problems = [];
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  watchErrors(page, problems, "auto-pass");
  // Off first: forced passes are asked (so the check can fail); then on again: none is. A captain usable at any
  // time is a real choice at every chance to answer, so a game dealt one may ask no forced pass: then a new game.
  let off = { moves: 0, forced: 0 };
  for (let game = 0; game < 4 && !off.forced; game += 1) {
    await page.goto(`${base}/`);
    await page.locator(`article.game-card[data-game="pirates-flag"] button.play-bots`).click();
    await page.waitForSelector("#status");
    if (!game && !(await page.isChecked("#auto-pass"))) await fail("\"play for me\" is not on by default");
    if (!(await page.isVisible("#auto-pass"))) await page.click(".settings > summary");
    await page.uncheck("#auto-pass");
    off = await passesAsked(page, 60);
  }
  if (!off.forced) await fail(`with "play for me" off, no decision with nothing to choose came in ${off.moves} moves of 4 games: the check proves nothing`);
  await page.check("#auto-pass");
  // The server answers the switch: a decision with nothing to choose shown when it went on is taken for the player.
  await page.waitForFunction(() => {
    const labels = [...document.querySelectorAll("#moves button.action")].map((b) => (b.textContent || "").trim());
    return !labels.length || (labels.length > 1 && !labels.every((l) => l.startsWith("pass")));
  }, null, { timeout: 5000 }).catch(() => {});
  let on = await passesAsked(page, 60);
  if (on.moves < 20 && (await text(page, "#status")).startsWith("Game over")) {
    // The game ended soon after the switch: a new one (on is the default) plays the rest of the check.
    await page.goto(`${base}/`);
    await page.locator(`article.game-card[data-game="pirates-flag"] button.play-bots`).click();
    await page.waitForSelector("#status");
    const more = await passesAsked(page, 60);
    on = { moves: on.moves + more.moves, forced: on.forced + more.forced };
  }
  if (on.forced) await fail(`with "play for me" on, the player was asked ${on.forced} decisions with nothing to choose`);
  if (on.moves < 20) await fail(`only ${on.moves} moves with "play for me" on`);
  if (problems.length) await fail(problems.join("\n  "));
  await page.context().close();
  console.log(`ok: play for me: ${off.forced} forced moves asked in ${off.moves} moves while off, none in ${on.moves} moves once on`);
}

/** Plays The Pirate's Flag against bots by clicking, as `passesAsked`: the moves made, and how many of them came
 * in another player's turn (the log's latest "Round N: PX's turn." not P1's). */
async function othersTurnsAsked(page, moves) {
  let others = 0;
  for (let move = 0; move < moves; move += 1) {
    // Passes taken for the player each come at its own pace: a run of them between two choices takes a while.
    const button = await page.waitForSelector("#moves button.action:not([disabled])", { timeout: 40000 }).catch(() => null);
    if (!button) return { moves: move, others };
    const buttons = await page.$$("#moves button.action:not(.group)");
    if (!buttons.length) { move -= 1; await page.waitForTimeout(50); continue; }
    const turns = (await text(page, "#log")).match(/Round \d+: P\d+'s turn\./g) || [];
    if (turns.length && !turns[turns.length - 1].endsWith("P1's turn.")) others += 1;
    const at = await version(page);
    await buttons[move % 2 ? buttons.length - 1 : 0].click({ timeout: 2000 }).catch(() => {});
    await page.waitForFunction((v) => Number(document.querySelector("#view").dataset.version) !== v, at, { timeout: 10000 }).catch(() => {});
    if ((await text(page, "#status")).startsWith("Game over")) return { moves: move + 1, others };
  }
  return { moves, others };
}

async function stops() {
  const problems = [];
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  watchErrors(page, problems, "stops");
  await page.goto(`${base}/`);
  // Liar's dice has no answer window that could pass a player by: no toggle there.
  await page.locator(`article.game-card[data-game="liars-dice"] button.play-bots`).click();
  await page.waitForSelector("#view[data-version]", { state: "attached", timeout: 10000 });
  if (await page.isVisible("#stops-toggle")) await fail("a \"Stop me at every chance\" toggle in liar's dice, where stops change nothing");
  await page.goto(`${base}/`);
  await page.locator(`article.game-card[data-game="pirates-flag"] button.play-bots`).click();
  await page.waitForSelector("#stops-toggle", { timeout: 10000 }).catch(() => {});
  if (!(await page.isVisible("#stops-toggle"))) await fail("no \"Stop me at every chance\" toggle by the moves");
  if (await page.isChecked("#stops-toggle")) await fail("\"Stop me at every chance\" is on by default");
  const mine = await othersTurnsAsked(page, 40);
  if ((await text(page, "#status")).startsWith("Game over")) {
    // Once over, nothing is asked and the toggle is gone: a new table takes it.
    if (await page.isVisible("#stops-toggle")) await fail("\"Stop me at every chance\" is offered once the game is over");
    await page.goto(`${base}/`);
    await page.locator(`article.game-card[data-game="pirates-flag"] button.play-bots`).click();
    await page.waitForSelector("#stops-toggle");
  }
  await page.check("#stops-toggle");
  const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith("plunder.stops-all.")));
  if (!key || (await page.evaluate((k) => localStorage.getItem(k), key)) !== "on") await fail(`the toggle is not kept for the table: ${key}`);
  await page.reload();
  await page.waitForSelector("#stops-toggle");
  if (!(await page.isChecked("#stops-toggle"))) await fail("\"Stop me at every chance\" was not kept across a reload");
  // How often a hand offers a card in others' turns varies from game to game: play on (up to 160 moves, over new
  // tables when one ends) until 10 such asks are seen, so a slow hand does not fail the check.
  let all = { moves: 0, others: 0 };
  while (all.others < 10 && all.moves < 160) {
    if ((await text(page, "#status")).startsWith("Game over")) {
      // A new table (the setting is kept a table) plays the rest of the check.
      await page.goto(`${base}/`);
      await page.locator(`article.game-card[data-game="pirates-flag"] button.play-bots`).click();
      await page.waitForSelector("#stops-toggle");
      await page.check("#stops-toggle");
    }
    const more = await othersTurnsAsked(page, 40);
    if (!more.moves) break;
    all = { moves: all.moves + more.moves, others: all.others + more.others };
  }
  const share = (r) => r.others / Math.max(1, r.moves);
  if (all.others < 10 || share(mine) * 2 >= share(all)) {
    await fail(`asked in others' turns ${mine.others} of ${mine.moves} moves with stops off, ${all.others} of ${all.moves} on`);
  }
  if (problems.length) await fail(problems.join("\n  "));
  await page.context().close();
  console.log(`ok: stops: asked in others' turns ${mine.others} of ${mine.moves} moves by default, ${all.others} of ${all.moves} at every chance`);
}

// PLUNDER_E2E_ONLY=stops (or twoSeats, autoPass) runs that check alone, for a developer chasing one.
const only = process.env.PLUNDER_E2E_ONLY;
const wanted = (name) => !only || only === name;
try {
  await startServer();
  if (wanted("twoSeats")) await twoSeats("desktop", { width: 1280, height: 800 });
  if (wanted("twoSeats")) await twoSeats("phone", { width: 390, height: 844 });
  if (wanted("autoPass")) await autoPass();
  if (wanted("stops")) await stops();
} catch (e) {
  await fail(e.stack || String(e));
}
await browser.close();
await stopServer();
rmSync(dir, { recursive: true, force: true });
