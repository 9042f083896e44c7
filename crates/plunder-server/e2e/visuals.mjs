// Every registered game at a phone-sized table: one page per game opens seat 1's join link (the other seats are
// bots), plays a few of its moves, and requires the view to be drawn with visuals (dice, cups, coins, cards or
// tracks), not only as text, and the page no wider than the phone. A game with its own renderer (static/games/)
// must draw its board, and what the board shows is checked against the seat's view, read from a socket of its
// own: the Lying Pirates map with a tile per space and a ship per captain where its progress says, The Pirate's
// Flag's track with every ship and the flag, Pirate Haven's row, islands and Coup track, and so on; every other
// seat's hand is drawn as that many card backs, and every card face on the page is one the seat's view names.
// Lying Pirates is opened a second time with two players (Phantom mode, as "lying-pirates-phantom"): the Phantom's
// ship must be on the map where its progress says, named, and its cup and coins drawn as the view has them; then
// that game is played on (to its end, at most PHANTOM_MOVES moves), and after every move no text on the page, no
// title and no action's label may call the Phantom by the seat number it has in the view's lists ("P3"); by the
// end the log and an action's label must have named it.
// With SCREENSHOTS=DIR set, it saves DIR/GAME-phone.png (the table, 360 px wide) and DIR/GAME-desktop.png (the page,
// 1280 px wide).
// Usage: node visuals.mjs BASE_URL [GAME...]
import { chromium } from "playwright-core";
import { PRESENT } from "../static/games/constants.js";

const [base, ...only] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
const fail = async (message) => { console.error(`FAIL: ${message}`); await browser.close(); process.exit(1); };
const data = async (game, file) => (await fetch(`${base}/data/${game}/${file}`)).json();
// Moves seat 1 makes (its first legal action each time) before the board is checked, so it is mid-game.
const MOVES = Number(process.env.MOVES || 14);
// Moves seat 1 makes in the Phantom game after the board is checked, looking for the Phantom numbered.
const PHANTOM_MOVES = Number(process.env.PHANTOM_MOVES || 400);

/** Each game's board checks: the problems found, given the page and the seat's view. */
const checks = {
  async "lying-pirates"(page, view, problems) {
    const tiles = (await data("lying-pirates", "tiles.json")).entries;
    const cards = (await data("lying-pirates", "cards.json")).entries;
    const drawn = await page.$$eval(".lp-map .lp-tile", (ns) => ns.map((n) => ({ space: Number(n.dataset.space), tile: n.dataset.tile })));
    if (drawn.length !== view.ring) problems.push(`${drawn.length} map spaces drawn, the view has ${view.ring}`);
    view.map.forEach((t, space) => {
      const want = t === null ? "" : tiles[t].id;
      if (!drawn[space] || drawn[space].tile !== want) problems.push(`space ${space} shows ${drawn[space] && drawn[space].tile}, the view has ${want}`);
    });
    const ships = await page.$$eval(".lp-map .ship", (ns) => ns.map((n) => [Number(n.dataset.seat), Number(n.closest(".lp-tile").dataset.space)]));
    if (ships.length !== view.progress.length) problems.push(`${ships.length} ships on the map for ${view.progress.length} captains`);
    for (const [seat, space] of ships) if (space !== view.progress[seat] % view.ring) problems.push(`P${seat + 1}'s ship on ${space}, progress ${view.progress[seat]}`);
    await phantomChecks(page, view, problems);
    await counts(page, view.dice, ".captain[data-seat='P'] .cup", "dice", "cup of", problems);
    await handChecks(page, view.hand.map((k) => cards[k].id), view.hand_sizes, problems);
    // The cups a call showed, each die marked with its kind (a special die is not drawn as a plain one).
    for (const [i, seat] of (view.shown ? view.in_phase || [] : []).entries()) {
      const want = (view.shown_kinds && view.shown_kinds[i]) || view.shown[i].map(() => 0);
      const drawn = await page.$$eval(`.captain[data-seat='${seat}'] .shown .die`, (ns) => ns.map((n) => [...n.classList].find((c) => /^k\d$/.test(c))));
      if (drawn.join() !== want.map((k) => `k${k}`).join()) problems.push(`P${seat + 1}'s shown cup draws kinds ${drawn}, the view has ${want}`);
    }
    const mine = await page.$$eval(".my-cup .die", (ns) => ns.length);
    if (mine !== view.my_dice.length) problems.push(`${mine} dice in the seat's cup, the view has ${view.my_dice.length}`);
    const known = new Set([...view.hand, ...(view.known_in_hands || []).flat(), ...(view.my_draft || [])].map((k) => cards[k].id));
    for (const s of view.stack || []) known.add(s.card);
    if (view.discard_top) known.add(view.discard_top);
    await onlyKnownFaces(page, known, problems);
  },
  async "pirates-flag"(page, view, problems) {
    const board = await data("pirates-flag", "board.json");
    const cards = (await data("pirates-flag", "cards.json")).entries;
    const spaces = await page.$$eval(".pf-track .pf-space", (ns) => ns.length);
    if (spaces !== board.spaces.length) problems.push(`${spaces} track spaces drawn, the board has ${board.spaces.length}`);
    const ships = await page.$$eval(".pf .ship", (ns) => ns.map((n) => [Number(n.dataset.seat), Number(n.dataset.space), n.textContent]));
    if (ships.length !== view.positions.length) problems.push(`${ships.length} ships for ${view.positions.length} players`);
    for (const [seat, space] of ships) if (space !== view.positions[seat]) problems.push(`P${seat + 1}'s ship on ${space}, the view has ${view.positions[seat]}`);
    const flags = await page.$$eval(".pf .flag", (ns) => ns.map((n) => Number(n.dataset.flag)));
    if (view.flag.at === "carried") {
      if (!ships.some(([seat, , text]) => seat === view.flag.seat && text.includes("🏴"))) problems.push("the carrier's ship shows no flag");
    } else if (flags.length !== 1 || flags[0] !== (view.flag.at === "loose" ? view.flag.space : board.dread_ship.space)) {
      problems.push(`the flag is drawn on ${flags}, the view has ${JSON.stringify(view.flag)}`);
    }
    const stack = await page.$$eval("ol.stack li", (ns) => ns.map((n) => Number(n.dataset.item)));
    // Once the game is over nothing waits to resolve.
    const want = view.phase === "over" ? [] : (view.stack || []).map((s) => s.id).reverse();
    if (JSON.stringify(stack) !== JSON.stringify(want)) problems.push(`the stack is drawn ${stack}, top first it is ${want}`);
    await handChecks(page, (view.my_hand || []).map((k) => cards[k].id), view.hand_sizes, problems);
    const known = new Set((view.my_hand || []).map((k) => cards[k].id));
    for (const s of view.stack || []) if (s.item.type === "card" && !s.item.captain) known.add(cards[s.item.card].id);
    await onlyKnownFaces(page, known, problems);
  },
  async "pirate-haven"(page, view, problems) {
    const top = (await data("pirate-haven", "coup.json")).coup_track.top;
    const islands = await page.$$eval(".ph-island", (ns) => ns.map((n) => ({
      seat: Number(n.dataset.seat), cells: n.querySelectorAll(".ph-cell").length,
      built: [...n.querySelectorAll(".ph-cell.built")].map((c) => c.dataset.cell).sort(),
    })));
    if (islands.length !== view.pos.length) problems.push(`${islands.length} islands for ${view.pos.length} players`);
    for (const island of islands) {
      if (island.cells !== 16) problems.push(`P${island.seat + 1}'s island has ${island.cells} spots, not 4x4`);
      const want = Object.keys(view.islands[island.seat]).sort();
      if (JSON.stringify(island.built) !== JSON.stringify(want)) problems.push(`P${island.seat + 1}'s island shows tiles on ${island.built}, the view on ${want}`);
    }
    // Every spot colour on the islands is told in words.
    const colours = await page.$$eval(".ph-island .ph-cell", (ns) => [...new Set(ns.map((n) => [...n.classList].find((c) => c.startsWith("t-")).slice(2)))]);
    const told = await page.$$eval("#spot-legend [data-spot-type]", (ns) => ns.map((n) => n.dataset.spotType));
    for (const c of colours) if (!told.includes(c)) problems.push(`the island spot colour ${c} is not in the spot legend (${told})`);
    const slots = await page.$$eval(".ph-row .ph-slot", (ns) => ns.length);
    if (slots !== view.map.length + 1) problems.push(`${slots} places in the row, the view has ${view.map.length} slots and the start`);
    const ships = await page.$$eval(".ph-row .ship", (ns) => ns.map((n) => [Number(n.dataset.seat), Number(n.closest(".ph-slot").dataset.slot)]));
    for (const [seat, slot] of ships) if (slot !== view.pos[seat]) problems.push(`P${seat + 1} drawn on ${slot}, the view has ${view.pos[seat]}`);
    if (ships.length !== view.pos.length) problems.push(`${ships.length} players on the row for ${view.pos.length}`);
    const steps = await page.$$eval(".ph-coup .coup-step", (ns) => ns.length);
    if (steps !== top + 1) problems.push(`${steps} Coup track steps, the track goes 0 to ${top}`);
    const pawns = await page.$$eval(".ph-coup .pawn", (ns) => ns.map((n) => [Number(n.dataset.seat), Number(n.closest(".coup-step").dataset.step)]));
    for (const [seat, step] of pawns) if (step !== view.coup[seat]) problems.push(`P${seat + 1} at Coup ${step}, the view has ${view.coup[seat]}`);
  },
  async scallywager(page, view, problems) {
    const decks = { treasure: (await data("scallywager", "treasure.json")).cards, adventure: (await data("scallywager", "adventure.json")).cards };
    await counts(page, view.crew, ".captain[data-seat='P'] .cup", "dice", "crew of", problems);
    await handChecks(page, (view.my_adventure || []).map((h) => decks.adventure[h.card].id), view.concealed, problems);
    // The cups a call showed, each die marked with its kind (a special die is not drawn as a plain one).
    for (const [i, seat] of (view.shown ? view.in_phase || [] : []).entries()) {
      const want = (view.shown_kinds && view.shown_kinds[i]) || view.shown[i].map(() => 0);
      const drawn = await page.$$eval(`.captain[data-seat='${seat}'] .shown .die`, (ns) => ns.map((n) => [...n.classList].find((c) => /^k\d$/.test(c))));
      if (drawn.join() !== want.map((k) => `k${k}`).join()) problems.push(`P${seat + 1}'s shown cup draws kinds ${drawn}, the view has ${want}`);
    }
    const mine = await page.$$eval(".my-cup .die", (ns) => ns.length);
    if (mine !== view.my_dice.length) problems.push(`${mine} dice drawn as the seat's, the view has ${view.my_dice.length}`);
    const known = new Set([...view.treasure.flat().map((h) => decks.treasure[h.card].id),
      ...[...(view.my_adventure || []), ...(view.revealed || [])].map((h) => decks.adventure[h.card].id)]);
    await onlyKnownFaces(page, known, problems);
  },
  async "loot-pirates"(page, view, problems) {
    const pirates = await page.$$eval(".loot .pirate", (ns) => ns.map((n) => [Number(n.dataset.seat), n.textContent]));
    if (pirates.length !== view.players) problems.push(`${pirates.length} pirates drawn for ${view.players}`);
    for (const [seat, text] of pirates) if (!text.includes(`${view.coins[seat]}🪙`)) problems.push(`P${seat + 1} shows ${text}, the view has ${view.coins[seat]} doubloons`);
    const aims = await page.$$eval(".loot .aim", (ns) => ns.map((n) => [Number(n.dataset.from), Number(n.dataset.to)]));
    const want = view.aims ? view.aims.flatMap((t, s) => (t === null ? [] : [[s, t]])) : view.my_aim !== null && view.seat !== null ? [[view.seat, view.my_aim]] : [];
    if (JSON.stringify(aims) !== JSON.stringify(want)) problems.push(`aims drawn ${JSON.stringify(aims)}, the view has ${JSON.stringify(want)}`);
    if (view.my_dice) {
      const dice = await page.$$eval(".loot .panel .die.red, .loot .panel .die.black", (ns) => ns.slice(0, 2).map((n) => Number(n.dataset.face)));
      if (dice[0] !== view.my_dice.red || dice[1] !== view.my_dice.black) problems.push(`the seat's dice drawn ${dice}, the view has ${JSON.stringify(view.my_dice)}`);
    }
  },
  async "liars-dice"(page, view, problems) {
    await counts(page, view.dice_counts, ".captain[data-seat='P'] .cup", "dice", "cup of", problems);
    const mine = await page.$$eval(".my-cup .die", (ns) => ns.map((n) => Number(n.dataset.face)));
    if (JSON.stringify(mine) !== JSON.stringify(view.my_dice)) problems.push(`the seat's dice drawn ${mine}, the view has ${view.my_dice}`);
  },
};

/**
 * Lying Pirates' Phantom (view field `phantom`, its index in the per-captain lists): one ship marked as the
 * Phantom's, named, on the space its progress says (a second lap wraps round), and its captain panel with its cup
 * and coins. Without a Phantom, no ship or panel is marked as one.
 */
async function phantomChecks(page, view, problems) {
  const ships = await page.$$eval(".lp-map .ship.phantom", (ns) => ns.map((n) => ({
    seat: Number(n.dataset.seat), space: Number(n.closest(".lp-tile").dataset.space), text: n.textContent })));
  const panels = await page.$$eval(".captain[data-phantom]", (ns) => ns.map((n) => ({
    seat: Number(n.dataset.seat), text: n.textContent,
    dice: [...n.querySelectorAll(".cup")].map((c) => Number(c.dataset.dice)),
    coins: [...n.querySelectorAll(".coin")].map((c) => Number(c.dataset.coins)) })));
  if (view.phantom === undefined || view.phantom === null) {
    if (ships.length || panels.length) problems.push(`no Phantom in the view, but ${ships.length} ships and ${panels.length} captains are drawn as one`);
    return;
  }
  const p = view.phantom;
  if (ships.length !== 1) return problems.push(`${ships.length} Phantom ships on the map, the view has one (captain ${p})`);
  const [ship] = ships;
  if (ship.seat !== p) problems.push(`the Phantom's ship is captain ${ship.seat}'s, the view's Phantom is ${p}`);
  if (ship.space !== view.progress[p] % view.ring) problems.push(`the Phantom's ship on ${ship.space}, its progress is ${view.progress[p]}`);
  if (!ship.text.includes("Phantom")) problems.push(`the Phantom's ship is labelled "${ship.text}"`);
  if (panels.length !== 1 || panels[0].seat !== p) return problems.push(`the Phantom's captain panel is drawn ${panels.length} times`);
  const [panel] = panels;
  if (!panel.text.includes("Phantom")) problems.push(`the Phantom's panel does not name it: "${panel.text}"`);
  if (JSON.stringify(panel.dice) !== JSON.stringify([view.dice[p]])) problems.push(`the Phantom's cup drawn with ${panel.dice} dice, the view has ${view.dice[p]}`);
  if (JSON.stringify(panel.coins) !== JSON.stringify([view.coins[p]])) problems.push(`the Phantom's coins drawn as ${panel.coins}, the view has ${view.coins[p]}`);
}

/** The lines of the page (its text, folded parts too, and every title and action label) that say "P3". */
const sayingP3 = (page) => page.evaluate(() => [document.body.textContent || "",
  ...[...document.querySelectorAll("[title], [data-action]")].flatMap((n) => [n.getAttribute("title"), n.getAttribute("data-action")])]
  .flatMap((text) => (text || "").split("\n")).filter((line) => line.includes("P3")).map((line) => line.trim().slice(0, 160)));

/**
 * Plays the Phantom game on from where it is (seat 1's buttons in turn, so different moves get taken), requiring
 * after every move that the page never numbers the Phantom, and by the end that the log and an action's label
 * have named it ("the Phantom", as the server words it). Returns the moves made.
 */
async function phantomNamedNeverNumbered(page, problems) {
  let namedInLog = false;
  let namedInAction = false;
  let moves = 0;
  for (; moves < PHANTOM_MOVES; moves += 1) {
    const numbered = await sayingP3(page);
    if (numbered.length) return problems.push(`after ${moves} moves the page numbers the Phantom: ${numbered.join(" | ")}`);
    namedInLog ||= ((await page.textContent("#log")) || "").includes("the Phantom");
    const buttons = await page.$$("button.action");
    // A button's whole label is its title (moves alike show only what differs).
    const labels = await Promise.all(buttons.map(async (b) => `${await b.textContent()} ${await b.getAttribute("title")}`));
    namedInAction ||= labels.some((l) => (l || "").includes("the Phantom"));
    if (((await page.textContent("#status")) || "").startsWith("Game over")) break;
    if (!buttons.length) { await page.waitForTimeout(100); continue; }
    const version = await page.$eval("#view", (n) => n.dataset.version);
    await buttons[moves % buttons.length].click().catch(() => {});
    await page.waitForFunction((v) => document.querySelector("#view")?.getAttribute("data-version") !== v, version, { timeout: 10000 }).catch(() => {});
  }
  if (!namedInLog) problems.push(`the log never named the Phantom in ${moves} moves`);
  if (!namedInAction) problems.push(`no action's label named the Phantom in ${moves} moves`);
  return moves;
}

/** Each seat's `selector` (P for the seat) carries `data-KEY` equal to `want[seat]`. */
async function counts(page, want, selector, key, what, problems) {
  for (let p = 0; p < want.length; p += 1) {
    const got = await page.$$eval(selector.replace("P", String(p)), (ns, k) => ns.map((n) => Number(n.dataset[k])), key);
    if (got.length !== 1 || got[0] !== want[p]) problems.push(`${what} P${p + 1}: drawn ${got}, the view has ${want[p]}`);
  }
}

/** The seat's hand as faces in the view's order; every other seat's as that many backs. */
async function handChecks(page, ids, sizes, problems) {
  const faces = await page.$$eval(".my-hand .card-face", (ns) => ns.map((n) => n.dataset.card));
  if (JSON.stringify(faces) !== JSON.stringify(ids)) problems.push(`the hand drawn is ${faces}, the view has ${ids}`);
  const me = await page.$eval("#view", (n) => Number(n.dataset.me));
  for (let p = 0; p < sizes.length; p += 1) {
    if (p === me) continue;
    const backs = await page.$$eval(`.captain[data-seat='${p}'] .backs`, (ns) => ns.map((n) => Number(n.dataset.backs)));
    if (backs.length !== 1 || backs[0] !== sizes[p]) problems.push(`P${p + 1}'s hidden hand drawn as ${backs} backs, it holds ${sizes[p]}`);
  }
}

/** No card face on the page that the seat's view does not name (another seat's secret, say). */
async function onlyKnownFaces(page, known, problems) {
  const shown = await page.$$eval(".board .card-face", (ns) => ns.map((n) => n.dataset.card));
  for (const id of shown) if (!known.has(id)) problems.push(`the card face ${id} is drawn, but the seat's view does not name it`);
}

/** The seat's table now, read on a socket of the page's own (the seat's token is in the page's address). */
/** The log and "Just now" tell the seat's events in words: the log ends with the table's last told line, and no
 * line shows an id or an internal name. */
async function toldChecks(page, table, problems) {
  const log = await page.$$eval("#log div", (nodes) => nodes.map((n) => n.textContent));
  if (!table.log.length) problems.push("nothing was told to the seat");
  if (table.events.length !== table.log.length) problems.push(`${table.log.length} log lines but ${table.events.length} events`);
  if (table.log.length && log[log.length - 1] !== table.log[table.log.length - 1]) {
    problems.push(`the log ends "${log[log.length - 1]}", the table's "${table.log[table.log.length - 1]}"`);
  }
  const justNow = await page.$$eval("#just-now .event", (nodes) => nodes.map((n) => n.textContent));
  if (!justNow.length) problems.push("no \"Just now\" panel with the latest events");
  for (const line of [...log, ...justNow]) {
    if (/[a-z]_[a-z]|Some\(|[{}]|\bundefined\b|\bnull\b/.test(line)) problems.push(`a told line shows internals: "${line}"`);
  }
}

/** What the generic drawing shows of each top-level field `PRESENT` declares: the problems found. */
async function genericChecks(page, game, players) {
  const hints = PRESENT[game] || {};
  const wanted = { faces: ".die", named_faces: ".die", cups: ".cup", coins: ".coin", count: ".track" };
  await page.evaluate(() => localStorage.setItem("plunder.raw-view", "on"));
  await page.reload();
  await page.waitForSelector("details.raw");
  await page.click("details.raw summary");
  const problems = [];
  let checked = 0;
  for (const [path, kind] of Object.entries(hints)) {
    // The page's own view, drawn after the reload (bots may have moved since `view` was read): a field it holds,
    // not empty.
    const row = `details.raw tr[data-field='${path}'] > td`;
    const text = (await page.textContent(row).catch(() => null)) ?? "";
    if (path.includes(".") || !text || text === "—" || text === "none") continue;
    checked += 1;
    if (wanted[kind]) {
      const drawn = await page.$$eval(`${row} ${wanted[kind]}`, (ns) => ns.length);
      if (!drawn) problems.push(`${path} (${kind}): no ${wanted[kind]} drawn`);
    } else if (kind === "by_seat") {
      const rows = await page.$$eval(`${row} > table > tr`, (ns) => ns.length);
      // One a seat, and Lying Pirates' Phantom (a captain who is no seat) in its lists.
      if (rows < players || rows > players + 1) problems.push(`${path} (by_seat): ${rows} rows for ${players} seats`);
    } else if (kind === "seats") {
      if (!/^(P\d|Phantom|nobody)/.test(text)) problems.push(`${path} (seats): "${text}"`);
    }
  }
  if (!checked) problems.push("no declared field checked");
  await page.evaluate(() => localStorage.removeItem("plunder.raw-view"));
  await page.reload();
  await page.waitForSelector("#view");
  return problems;
}

async function tableOf(page, id) {
  return page.evaluate((game) => new Promise((resolve, reject) => {
    const params = new URLSearchParams(location.hash.slice(1));
    const socket = new WebSocket(`ws://${location.host}/api/games/${game}/ws?token=${encodeURIComponent(params.get("token") || "")}`);
    socket.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === "table") { socket.close(); resolve(m); } };
    socket.onerror = () => reject(new Error("socket error"));
  }), id);
}

try {
  const catalog = await (await fetch(`${base}/api/catalog`)).json();
  // Each table: a game, its players (3 where it can), and its name in the output and the screenshots' names.
  const tables = catalog.games.map((g) => ({ game: g, players: Math.min(Math.max(g.min_players, 3), g.max_players), name: g.id }));
  const lyingPirates = catalog.games.find((g) => g.id === "lying-pirates");
  if (lyingPirates) tables.push({ game: lyingPirates, players: 2, name: "lying-pirates-phantom" });
  for (const { game, players, name } of tables.filter((t) => !only.length || only.includes(t.name))) {
    const seats = ["human", ...Array(players - 1).fill("bot")];
    const response = await fetch(`${base}/api/games`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: game.id, seats, seed: 7 }),
    });
    const created = await response.json();
    if (!response.ok) await fail(`${name}: ${JSON.stringify(created)}`);
    const page = await (await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1 })).newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => { if (m.type() === "error" && !m.text().includes("404")) errors.push(m.text()); });
    await page.goto(`${base}${created.seats[0].join}`);
    await page.waitForSelector("#view");
    // The first move is made on the board when it offers one (a tile to travel to, a pirate to aim at, a card):
    // the move must be taken. The others by the action buttons.
    let boardMove = "";
    for (let move = 0; move < MOVES; move += 1) {
      const button = await page.waitForSelector("button.action", { timeout: 10000 }).catch(() => null);
      if (!button) break;
      const version = await page.$eval("#view", (n) => n.dataset.version);
      const onBoard = move === 0 ? await page.$(".board .playable") : null;
      if (onBoard) boardMove = (await onBoard.getAttribute("data-action")) || "";
      await (onBoard || button).click().catch(() => {});
      const moved = await page.waitForFunction((v) => document.querySelector("#view")?.getAttribute("data-version") !== v, version, { timeout: 10000 })
        .then(() => true, () => false);
      if (onBoard && !moved) await fail(`${name}: clicking "${boardMove}" on the board made no move`);
      if (onBoard && (await page.$("#error"))) await fail(`${name}: clicking "${boardMove}" on the board was refused: ${await page.textContent("#error")}`);
    }
    // The page and a fresh socket agree on the table once the bots have stopped: retry until they do.
    let table = null;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      await page.waitForTimeout(200);
      const candidate = await tableOf(page, created.id);
      const drawn = await page.$eval("#view", (n) => Number(n.dataset.version));
      if (drawn === candidate.version) { table = candidate; break; }
    }
    if (!table) await fail(`${name}: the page never showed the table its socket reads`);
    if (checks[game.id]) {
      await page.waitForSelector(`.board[data-game='${game.id}']`, { timeout: 5000 }).catch(() => {});
      if (!(await page.$(`.board[data-game='${game.id}']`))) await fail(`${name}: the game's own board is not drawn`);
      const problems = [];
      await checks[game.id](page, table.view, problems);
      if (problems.length) await fail(`${name} (version ${table.version}):\n  ${problems.join("\n  ")}`);
    }
    {
      // What happened is told: the log shows the seat's told events, "Just now" the latest, in words for people.
      const problems = [];
      await toldChecks(page, table, problems);
      if (problems.length) await fail(`${name} (version ${table.version}):\n  ${problems.join("\n  ")}`);
    }
    const visuals = await page.$$eval("#view .die, #view .cup, #view .coin, #view .card-face, #view .card-back, #view .track, #view .ship",
      (nodes) => nodes.length);
    if (visuals === 0) await fail(`${name}: the table has no dice, cups, coins, cards or tracks`);
    if (errors.length) await fail(`${name}: errors in the page: ${errors.join("; ")}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) await fail(`${name}: the table is ${overflow}px wider than a 360 px phone`);
    {
      // The generic drawing (a game without a board of its own; here the raw view for developers) draws each field
      // the game declares as what it holds (`Narrate::presentation`), not as guessed from its name.
      const problems = await genericChecks(page, game.id, players);
      if (problems.length) await fail(`${name}, the generic drawing:\n  ${problems.join("\n  ")}`);
    }
    if (process.env.SCREENSHOTS) {
      // On the phone, the table itself (the page above it is the list of moves); on a desktop, the whole page.
      await (await page.$("#view")).screenshot({ path: `${process.env.SCREENSHOTS}/${name}-phone.png` });
      const wide = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 })).newPage();
      await wide.goto(`${base}${created.seats[0].join}`);
      await wide.waitForSelector(checks[game.id] ? `.board[data-game='${game.id}']` : "#view");
      await wide.screenshot({ path: `${process.env.SCREENSHOTS}/${name}-desktop.png`, fullPage: true });
      await wide.context().close();
    }
    console.log(`ok: ${name} draws ${visuals} visual pieces${checks[game.id] ? ", its board matches the seat's view" : ""}${boardMove ? `, "${boardMove}" played on the board` : ""} and fits a 360 px phone`);
    if (name === "lying-pirates-phantom") {
      const problems = [];
      const moves = await phantomNamedNeverNumbered(page, problems);
      if (problems.length) await fail(`${name}: ${problems.join("\n  ")}`);
      console.log(`ok: ${name} names the Phantom, never "P3", in its page, log and actions over ${moves} more moves`);
    }
    await page.context().close();
  }
  await browser.close();
} catch (e) {
  await fail(e.stack || String(e));
}
