// A new player's journey through every game, clicking only what is visible, from the lobby with its default
// settings: "Play against bots" on the game's card (the table opens with the player in seat 1), the game played
// to its end by clicking its `button.action` buttons (a seeded random choice among the visible, enabled ones),
// then "Rematch" (the new game opens), back to the lobby and the finished game under "My games", its replay
// opened and stepped by move and by round, and "Branch from here" (the branch opens, marked as analysis). On a desktop (1280x800)
// and a phone (390x844); the phone plays PHONE_MOVES moves of each game (all of the journey when the game ends
// by then). Any console error or page error fails the run (a missing favicon is one).
// Env: SEED (the random choices), MAX_CLICKS (per desktop game), PHONE_MOVES, SCREENSHOTS=DIR (a picture of the
// lobby, of each table mid-game and at its end, of the replay and of the branch, per size).
// Usage: node journey.mjs BASE_URL [GAME...]
import { chromium } from "playwright-core";

const [base, ...only] = process.argv.slice(2);
const GAMES = ["liars-dice", "scallywager", "loot-pirates", "lying-pirates", "pirates-flag", "pirate-haven"];
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const MAX_CLICKS = Number(process.env.MAX_CLICKS || 3000);
const PHONE_MOVES = Number(process.env.PHONE_MOVES || 25);
const shots = process.env.SCREENSHOTS;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
const fail = async (message) => { console.error(`FAIL: ${message}`); await browser.close(); process.exit(1); };

/** A small seeded generator (mulberry32), so a failing journey replays its choices. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const gameId = (page) => (new URL(page.url()).pathname.match(/^\/play\/([0-9a-f]+)$/) || [])[1];
const status = async (page) => ((await page.textContent("#status").catch(() => "")) || "").trim();

/** Waits for the table of a game other than `from` to open. */
async function opened(page, from, what) {
  await page.waitForURL((url) => /^\/play\/[0-9a-f]+$/.test(url.pathname) && !url.pathname.endsWith(`/${from}`), { timeout: 10000 })
    .catch(() => fail(`${what}: no new game opened (still at ${page.url()})`));
  await page.waitForSelector("#view[data-version]", { timeout: 10000 }).catch(() => fail(`${what}: the table did not draw`));
  return gameId(page);
}

/** The journeys whose page offered a button for several moves, and showed their next step and came back. */
const stepsChecked = new Set();

/**
 * A button standing for several moves (a captain that can move any ship 1 to 4 spaces either way) shows their
 * next step, with a way back to every move, and sends nothing by itself.
 */
async function checkSteps(page, label) {
  const group = page.locator("#moves button.group").first();
  const text = ((await group.textContent()) || "").trim();
  const version = await page.$eval("#view", (n) => n.dataset.version);
  try {
    await group.click({ timeout: 1500 });
  } catch {
    return; // The page redrew under the click: the next round tries again.
  }
  const heading = await page.waitForSelector("#moves .step-heading", { timeout: 2000 }).catch(() => null);
  if (!heading) {
    if ((await page.$eval("#view", (n) => n.dataset.version)) !== version) return; // a new decision came first
    await fail(`${label}: "${text}" showed no next step`);
  }
  const shown = (await heading.textContent()) || "";
  if (!shown.includes("← every move")) await fail(`${label}: the step of "${text}" has no way back: "${shown}"`);
  if (!(await page.$$("#moves button.action")).length) await fail(`${label}: the step of "${text}" offers no move`);
  if ((await page.$eval("#view", (n) => n.dataset.version)) !== version) await fail(`${label}: opening "${text}" sent a move`);
  await page.locator("#moves .step-heading button.back").click({ timeout: 1500 }).catch(() => {});
  await page.waitForSelector("#moves .step-heading", { state: "detached", timeout: 2000 }).catch(() => {});
  stepsChecked.add(label);
}

/** The journeys whose Pirate Haven map told a tapped tile, and travelled there by its own button. */
const aboutChecked = new Set();

/**
 * A tap on a Pirate Haven map tile says what it does and moves nothing; its "Travel here" button moves the ship
 * (a phone trial tapped a tile to read it, and its ship went there at once).
 */
async function checkTileAbout(page, label) {
  const version = await page.$eval("#view", (n) => n.dataset.version);
  const tile = page.locator(".ph-slot.can-travel").first();
  const name = ((await tile.locator(".name").textContent().catch(() => "")) || "").trim();
  try {
    await tile.click({ timeout: 1500 });
  } catch {
    return; // The page redrew under the tap: the next round tries again.
  }
  const about = (await page.textContent("#tile-about").catch(() => "")) || "";
  if ((await page.$eval("#view", (n) => n.dataset.version)) !== version) return; // a bot moved meanwhile
  if (!name || !about.includes(name)) await fail(`${label}: tapping the tile "${name}" told "${about}"`);
  const travel = await page.$("#tile-about button.ph-travel");
  if (!travel) await fail(`${label}: the tapped tile "${name}" offers no "Travel here"`);
  await travel.click({ timeout: 1500 }).catch(() => {});
  const moved = await page.waitForFunction((v) => document.querySelector("#view")?.getAttribute("data-version") !== v, version, { timeout: 10000 })
    .then(() => true, () => false);
  if (!moved) await fail(`${label}: "Travel here" to "${name}" made no move`);
  // The choices the travel leads to (take or discard the tile) are brought into view (a phone trial saw none).
  const shown = await page.waitForFunction(() => {
    const moves = document.querySelector("#moves button.action");
    if (!moves) return false;
    const top = document.getElementById("moves")?.getBoundingClientRect().top ?? -1;
    return top >= -2 && top < innerHeight;
  }, null, { timeout: 5000 }).then(() => true, () => false);
  if (!shown && (await page.$("#moves button.action"))) await fail(`${label}: after "Travel here" the moves are out of view`);
  aboutChecked.add(label);
}

/** Clicks visible, enabled `button.action`s at random until the game is over or `limit` clicks; the clicks. */
async function playOn(page, next, limit, label, enough = () => false) {
  let clicks = 0;
  let idle = 0;
  while (clicks < limit && !enough() && !(await status(page)).startsWith("Game over")) {
    const choices = await page.$$eval("button.action", (buttons) => buttons
      .map((b, i) => [b, i])
      .filter(([b]) => !b.disabled && b.offsetParent !== null && b.getClientRects().length > 0)
      .map(([, i]) => i));
    if (!choices.length) {
      idle += 1;
      // Out of the game (no dice or crew left), the player is told so and offered the way back to the lobby.
      // (Both read at once: the game may end between two reads.)
      const outNoLeave = await page.evaluate(() => (document.getElementById("status")?.textContent || "").startsWith("You are out")
        && !document.getElementById("leave"));
      if (outNoLeave) await fail(`${label}: out, with no way to leave`);
      // The server passes for the seat at its own pace (as long as its recent choices took, up to 10 s a pass, and
      // new choices wait 400 ms before they take a click), so a run of forced passes may take a while.
      if (idle > 1200) await fail(`${label}: nothing to click for 60 s, status "${await status(page)}"`);
      await page.waitForTimeout(50);
      continue;
    }
    idle = 0;
    if (!stepsChecked.has(label) && (await page.$("#moves button.group"))) await checkSteps(page, label);
    if (!aboutChecked.has(label) && (await page.$(".ph-slot.can-travel"))) {
      await checkTileAbout(page, label);
      if (aboutChecked.has(label)) { clicks += 1; continue; }
    }
    // The island being placed on starts on the first screen, phone too (a trial scrolled past "Just now" to it).
    const island = await page.evaluate(() => {
      const node = document.getElementById("placing-island");
      return node && { top: node.getBoundingClientRect().top + window.scrollY, height: window.innerHeight,
        status: (document.getElementById("status")?.textContent || "").trim(), moves: document.querySelectorAll("#moves button.action").length };
    });
    if (island && island.top > island.height) {
      await fail(`${label}: the island being placed on starts at ${island.top} px, below the first screen ("${island.status}", ${island.moves} moves)`);
    }
    const pick = choices[Math.floor(next() * choices.length)];
    // The table redraws on every message: a button may go under the click; the next round picks again.
    try {
      await page.locator("button.action").nth(pick).click({ timeout: 1500 });
      clicks += 1;
    } catch {}
  }
  return clicks;
}

async function journey(game, size, seed) {
  const label = `${game} (${size})`;
  const context = await browser.newContext({ viewport: SIZES[size] });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()} (${page.url()})`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message} (${page.url()})`));
  const shot = async (name) => { if (shots) await page.screenshot({ path: `${shots}/journey-${game}-${size}-${name}.png` }); };
  const started = Date.now();

  await page.goto(`${base}/`);
  const card = page.locator(`article.game-card[data-game="${game}"]`);
  await card.waitFor({ timeout: 10000 }).catch(() => fail(`${label}: the lobby has no card`));
  if (game === GAMES[0]) await shot("lobby");
  await card.locator("button.play-bots").click();
  const first = await opened(page, "none", `${label}: Play against bots`);
  if (!(await page.textContent("#where")).includes("you are")) await fail(`${label}: not seated`);
  if (game === "lying-pirates") {
    // A tap on a map tile says what it does (a phone cannot hover).
    const tile = page.locator(".lp-tile[data-tile]:not([data-tile='']):not(.playable)").first();
    const name = ((await tile.locator(".name").textContent().catch(() => "")) || "").replace("\u200b", "").trim();
    await tile.click({ timeout: 3000 }).catch(() => {});
    const about = (await page.textContent("#lp-tile-about").catch(() => "")) || "";
    if (!name || !about.includes(name)) await fail(`${label}: tapping the tile "${name}" told "${about}"`);
  }

  const next = random(seed);
  const limit = size === "phone" ? PHONE_MOVES : MAX_CLICKS;
  const half = await playOn(page, next, Math.min(limit, 8), label);
  await shot("table");
  // "Just now" says when lines lie below its fold, and its button brings the newest into view.
  const fold = await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const n = document.querySelector(".just-now");
    const button = /** @type {HTMLElement | null} */ (document.getElementById("to-newest"));
    done(n && button ? { below: n.scrollTop + n.clientHeight < n.scrollHeight - 4, button: !button.hidden } : null);
  })))).catch(() => null);
  if (fold && fold.below !== fold.button) await fail(`${label}: "Just now" has lines below its fold: ${fold.below}, its "newest" button shown: ${fold.button}`);
  const clicks = half + (await playOn(page, next, limit - half, label));
  const over = (await status(page)).startsWith("Game over");
  if (!over && size !== "phone") await fail(`${label}: not over after ${clicks} clicks: "${await status(page)}"`);
  if (over) {
    await shot("over");
    // How it ended is on the first screen, in words (a trial found the winner's line scrolled away in Just now).
    const ended = await page.$eval("#ended", (n) => ({ lines: n.querySelectorAll("div").length, top: n.getBoundingClientRect().top, text: n.textContent }))
      .catch(() => null);
    if (!ended || ended.lines < 1) await fail(`${label}: the game is over but "How it ended" is missing`);
    else if (ended.top > SIZES[size].height) await fail(`${label}: "How it ended" is below the first screen (top ${ended.top})`);
    if (game === "pirate-haven") {
      // The final Fame as a table, highest first, a row a player.
      const totals = await page.$$eval("#final-scores tr[data-seat] td.total", (cells) => cells.map((c) => Number(c.textContent)));
      if (totals.length !== 3 || totals.some((t, i) => i > 0 && t > totals[i - 1])) await fail(`${label}: the final Fame table reads ${JSON.stringify(totals)}`);
    }
    const rematchBottom = await page.$eval("#rematch", (n) => n.getBoundingClientRect().bottom).catch(() => Infinity);
    if (rematchBottom > SIZES[size].height) await fail(`${label}: Rematch is below the first screen (bottom ${rematchBottom})`);
    if (size === "phone") {
      // The page's own jump links keep the seat: a reload after "Log" still plays (a trial's was a spectator).
      await page.click("nav.jump >> text=Log");
      if (!/token=|seats=/.test(new URL(page.url()).hash)) await fail(`${label}: "Log" took the seat out of the address`);
      await page.reload();
      await page.waitForSelector("#rematch");
      const where = (await page.textContent("#where")) || "";
      if (!where.includes("you are")) await fail(`${label}: after "Log" and a reload the page says "${where}"`);
      // And the bare address (a bookmark, a history entry without the seat) takes this browser's seat again.
      const bare = new URL(page.url());
      await page.goto(`${bare.origin}${bare.pathname}`);
      await page.waitForSelector("#rematch");
      const again = (await page.textContent("#where")) || "";
      if (!again.includes("you are")) await fail(`${label}: the game's bare address says "${again}", not its seat`);
    }
    await page.click("#rematch");
    const rematch = await opened(page, first, `${label}: Rematch`);
    // Back to the lobby, where My games keeps the finished game.
    await page.click("header a.brand");
    const finished = page.locator('#my-games li[data-state="finished"] a.my-game');
    await finished.first().waitFor({ timeout: 10000 }).catch(() => fail(`${label}: My games does not list the finished game`));
    if ((await page.locator("#my-games li").count()) < 2) await fail(`${label}: My games lacks the rematch ${rematch}`);
    await finished.first().click();
    await page.waitForURL((url) => url.pathname === `/play/${first}`);
    await page.waitForSelector("#replay");
    await page.click("#replay");
    await page.waitForSelector("#replay-step");
    // By move (the chance steps between are passed over), then by round.
    const where = async () => (await page.textContent("#replay-where")) || "";
    for (let i = 0; i < 3; i++) {
      await page.click("#replay-move");
      if ((await where()).includes(": chance")) await fail(`${label}: "move ▶" stopped on a chance step: ${await where()}`);
    }
    const round = async () => Number(await page.getAttribute("#replay-where", "data-round"));
    const inRound = await round();
    await page.click("#replay-round");
    const nextRound = await round();
    if (nextRound <= inRound && !(await where()).includes("the start")) {
      const last = await page.$eval("#replay-step", (s) => s.value === s.max);
      if (!last) await fail(`${label}: "round ⏭" went from round ${inRound} to ${nextRound}`);
    }
    await shot("replay");
    // Branch from a position still in play (the round step may have reached the end).
    if (await page.$eval("#replay-step", (s) => s.value === s.max)) await page.click("#replay-move-back");
    await page.click("#branch");
    await opened(page, first, `${label}: Branch from here`);
    const note = (await page.textContent("#fairness").catch(() => "")) || "";
    if (!note.includes("Analysis")) await fail(`${label}: the branch is not marked as analysis: "${note}"`);
    await shot("branch");
  }
  // The Pirate's Flag's cards and captains aimed at ships, or moved a chosen distance, come in steps. A game
  // against bots may end before one is offered (its dice and cards are new each time): up to three more.
  const wantsSteps = game === "pirates-flag" && size !== "phone";
  for (let more = 0; wantsSteps && !stepsChecked.has(label) && more < 3; more++) {
    await page.goto(`${base}/`);
    await page.locator(`article.game-card[data-game="${game}"] button.play-bots`).click();
    await opened(page, "none", `${label}: Play against bots, again`);
    await playOn(page, next, MAX_CLICKS, label, () => stepsChecked.has(label));
  }
  if (wantsSteps && !stepsChecked.has(label)) await fail(`${label}: no button for several moves in four games`);
  if (game === "pirate-haven" && !aboutChecked.has(label)) await fail(`${label}: no map tile was tapped and travelled to`);
  await page.waitForTimeout(200);
  await context.close();
  if (problems.length) await fail(`${label}:\n  ${problems.slice(0, 8).join("\n  ")}`);
  const steps = stepsChecked.has(label) ? ", a button for several moves opened its next step" : "";
  console.log(`ok: ${label}: ${clicks} clicks${over ? ", over, rematch, replay and branch opened" : ""}${steps} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The Custom table form creates every game with its defaults as shown (the game chosen, nothing else touched). */
async function customTables(games) {
  const context = await browser.newContext({ viewport: SIZES.desktop });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${base}/`);
  await page.click("#custom > summary");
  for (const game of games) {
    await page.selectOption("#game", game);
    // Liar's dice starts from the table its card plays (Perudo: four players, five dice each), not the
    // research defaults (two players, one die, one round) a trial found there.
    if (game === "liars-dice") {
      const [players, dice, length] = [await page.inputValue("#players"), await page.inputValue("#custom-options [name=dice]"),
        await page.inputValue("#custom-options [name=length]")];
      if (players !== "4" || dice !== "5" || length !== "to_last_die") {
        await fail(`Custom table's liar's dice is not the lobby's: ${players} players, ${dice} dice, ${length}`);
      }
    }
    // A choice's help names its values as its menu does, not as the JSON spells them ("to_last_die").
    const jsonWords = await page.$$eval("#custom-options label.option", (labels) => labels
      .filter((l) => l.querySelector("select:not([data-seat-field])"))
      .filter((l) => [...l.querySelectorAll("option")].some((o) => (l.textContent || "").includes(`"${o.getAttribute("value")}"`)))
      .map((l) => l.textContent || ""));
    if (jsonWords.length) await fail(`${game}'s option help quotes JSON values: ${jsonWords.join(" | ")}`);
    const kept = await page.$$eval("#my-games-list li", (items) => items.length);
    await page.click("#create");
    await page.waitForSelector("#created a.join, #created .error");
    const error = await page.$("#created .error");
    if (error) await fail(`Custom table with ${game}'s defaults: ${await error.textContent()}`);
    // Listed under My games at once, as the page says (a trial looked for it there).
    const listed = await page.$$eval("#my-games-list li", (items) => items.length);
    if (listed !== kept + 1) await fail(`Custom table with ${game}: My games lists ${listed} games, not ${kept + 1}`);
    await page.evaluate(() => document.getElementById("created").replaceChildren());
  }
  await context.close();
  if (problems.length) await fail(problems.join("\n"));
  console.log(`ok: the Custom table creates ${games.join(", ")} with their defaults`);
}

try {
  const seed = Number(process.env.SEED || 1);
  const icon = await fetch(`${base}/favicon.ico`);
  if (!icon.ok) await fail(`/favicon.ico answers ${icon.status}`);
  await customTables(only.length ? only : GAMES);
  // Two journeys at a time, each in its own browser context: much of a journey is waiting (passes taken for the
  // player come at the player's own pace), so two share the machine's time without slowing each other much.
  const jobs = (only.length ? only : GAMES).flatMap((game, i) => Object.keys(SIZES)
    .map((size) => () => journey(game, size, seed * 1000 + i * 10 + (size === "phone" ? 1 : 0))));
  const worker = async () => { for (let job = jobs.shift(); job; job = jobs.shift()) await job(); };
  await Promise.all([worker(), worker()]);
  await browser.close();
} catch (e) {
  await fail(e.stack || String(e));
}
