// @ts-check
// The lobby: a card per game with "Play against bots" (one click seats you and opens the table), the game's
// options as form fields built from the catalog's `option_fields` (JSON only under "Advanced"), a nickname and
// "My games" kept in this browser, "Open tables" (games with seats anyone may take), and the "Custom table" form
// that seats anyone (humans, open seats, bots, hot-seat).

import { el, seatName } from "./kit.js";
import { api } from "./api.js";

/** @typedef {{ name: string, kind: "bool" | "integer" | "seat" | "choice" | "json", default: any, meaning: string,
 *   choices?: string[] }} OptionField */
/** @typedef {{ id: string, name: string, min_players: number, max_players: number, default_players: number,
 *   bots: { name: string, about: string }[], options: Record<string, any>, option_fields: OptionField[],
 *   table?: { players: number, options: Record<string, any> } }} CatalogGame */
/** @typedef {{ id: string, link: string, at: string, nickname?: string }} MyGame */
/** @typedef {{ id: string, game: string, name: string, open: number[], players: number, seats: string[],
 *   fairness: import("./messages").Fairness, house_rules?: string[], custom_content?: boolean }} OpenTable */

/** Each game's one-line pitch and how long a game takes, for its card. */
const BLURBS = /** @type {Record<string, { pitch: string, length: string }>} */ ({
  "liars-dice": { pitch: "The classic bluff: bid on the dice under every cup, or call the last bid a lie.", length: "5-10 min" },
  scallywager: { pitch: "Bid on hidden crew dice, call liars, and turn the tide with Treasure and Adventure cards.", length: "20-30 min" },
  "loot-pirates": { pitch: "Aim, drop or fire: shoot it out with the crew for the Booty; the richest pirate wins.", length: "15-25 min" },
  "lying-pirates": { pitch: "Bet with the Cursed Die, sail round the island's tiles and battle with cards: first ship home wins.", length: "30-60 min" },
  "pirates-flag": { pitch: "Race out from The Dread Sea to the Dread Captain's ship, seize his flag and carry it home while everyone hunts you.", length: "20-40 min" },
  "pirate-haven": { pitch: "Draft dice and tokens to build your island, ships and rum, and win the Coup: most Fame wins.", length: "30-45 min" },
});

const MY_GAMES = "plunder.my-games";
const NICKNAME = "plunder.nickname";

/** The games this browser played, newest first. @returns {MyGame[]} */
export function myGames() {
  try {
    const list = JSON.parse(localStorage.getItem(MY_GAMES) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Keeps a game's link (with this browser's seat tokens) in "My games". @param {string} id @param {string} link */
export function remember(id, link) {
  const list = myGames().filter((g) => g.id !== id);
  const nickname = localStorage.getItem(NICKNAME) || undefined;
  list.unshift({ id, link, at: new Date().toISOString(), nickname });
  localStorage.setItem(MY_GAMES, JSON.stringify(list.slice(0, 40)));
  dispatchEvent(new Event(REMEMBERED));
}

/** The event `remember` sends: the lobby lists the game at once. */
const REMEMBERED = "plunder-remembered";

/** Goes to a page (a plain assignment: a reload after it would cancel the navigation). @param {string} url */
export function go(url) {
  location.assign(url);
}

/** The options one card's fields say, the advanced JSON given over them; `players` is asked on its own. */
function optionsFrom(/** @type {HTMLElement} */ form, /** @type {CatalogGame} */ game) {
  /** @type {Record<string, any>} */
  const options = {};
  for (const field of game.option_fields) {
    const input = /** @type {HTMLInputElement | null} */ (form.querySelector(`[name="${field.name}"]`));
    if (!input) continue;
    if (field.kind === "bool") options[field.name] = input.checked;
    else if (field.kind === "integer" || field.kind === "seat") options[field.name] = Number(input.value);
    else options[field.name] = input.value;
  }
  const advanced = /** @type {HTMLTextAreaElement} */ (form.querySelector("textarea.advanced"));
  if (advanced.value.trim()) Object.assign(options, JSON.parse(advanced.value));
  delete options.players;
  return options;
}

/** A form field for one option, holding `value` (its default unless the card's table says otherwise); a seat is
 * chosen by its name, among the game's largest table's.
 * @param {OptionField} field @param {any} value @param {number} seats */
function fieldFor(field, value, seats) {
  const label = field.name.replaceAll("_", " ");
  // Meanings are written for the rules docs: a markdown link there is its words here.
  // A choice's values are quoted there as the JSON writes them ("to_last_die"): here as the menu shows them.
  let meaning = (field.meaning || "").replace(/\[([^\]]+)\]\([^)]*\)/g, "$1");
  if (field.kind === "choice") {
    meaning = meaning.replace(/"([^"]+)"/g, (quoted, word) => (field.choices || []).includes(word) ? `“${word.replaceAll("_", " ")}”` : quoted);
  }
  const help = meaning ? el("span", { class: "muted" }, ` ${meaning}`) : "";
  if (field.kind === "bool") {
    return el("label", { class: "option" }, el("input", { type: "checkbox", name: field.name, ...(value ? { checked: "" } : {}) }), ` ${label}`, help);
  }
  if (field.kind === "seat") {
    return el("label", { class: "option" }, `${label} `,
      el("select", { name: field.name, "data-seat-field": "" }, Array.from({ length: seats }, (_, i) => el("option", { value: i, ...(i === value ? { selected: "" } : {}) }, seatName(i)))), help);
  }
  if (field.kind === "integer") {
    return el("label", { class: "option" }, `${label} `, el("input", { type: "number", name: field.name, value, min: 0 }), help);
  }
  return el("label", { class: "option" }, `${label} `,
    el("select", { name: field.name }, (field.choices || []).map((c) => el("option", { value: c, ...(c === value ? { selected: "" } : {}) }, c.replaceAll("_", " ")))), help);
}

/** A game's options as form fields (each holding the table's value, else its default), and "Advanced (JSON)" for
 * any option over them; `players` is asked on its own (`first` comes before the fields: the card's Players box).
 * Read back with `optionsFrom`.
 * @param {CatalogGame} game @param {Record<string, any>} values @param {HTMLElement[]} first */
function optionsForm(game, values, ...first) {
  const advanced = el("textarea", { class: "advanced", placeholder: "{} — any option as JSON, over the fields above" });
  const jsonOnly = game.option_fields.filter((f) => f.kind === "json").map((f) => f.name);
  return el("div", { class: "game-options" }, ...first,
    game.option_fields.filter((f) => f.kind !== "json" && f.name !== "players")
      .map((f) => fieldFor(f, f.name in values ? values[f.name] : f.default, game.max_players)),
    el("details", { class: "advanced" }, el("summary", {}, "Advanced (JSON)"),
      el("p", { class: "muted" }, jsonOnly.length ? `Also: ${jsonOnly.join(", ")} (see the game's rulings).` : "Every option, as JSON."), advanced));
}

/** A seat option offers only the seats of a table of `players` (a trial chose P4 at a table of three). */
function fitSeatFields(/** @type {HTMLElement} */ form, /** @type {number} */ players) {
  for (const select of Array.from(/** @type {NodeListOf<HTMLSelectElement>} */ (form.querySelectorAll("select[data-seat-field]")))) {
    for (const option of Array.from(select.options)) option.hidden = option.disabled = Number(option.value) >= players;
    if (Number(select.value) >= players) select.value = "0";
  }
}

/** One game's card: pitch, table sizes, length, rules, "Play against bots" and its options. @param {CatalogGame} game */
function gameCard(game) {
  const blurb = BLURBS[game.id] || { pitch: "", length: "" };
  // The table people sit down to (the catalog's, where it is not the game's defaults: five dice each to the last die, for liar's dice).
  const table = game.table || { players: game.default_players, options: {} };
  const players = el("input", { type: "number", name: "players", class: "players", min: game.min_players, max: game.max_players, value: table.players });
  const note = el("div", { class: "card-result" });
  const form = optionsForm(game, table.options,
    el("label", { class: "option" }, `Players `, players, el("span", { class: "muted" }, ` ${game.min_players} to ${game.max_players}`)));
  fitSeatFields(form, table.players);
  players.addEventListener("change", () => fitSeatFields(form, Number(players.value) || table.players));
  const playBots = async () => {
    note.replaceChildren("Creating…");
    try {
      const created = await api("POST", "/api/games", {
        game: game.id, players: Number(players.value) || table.players, options: optionsFrom(form, game), seats: ["human"],
      });
      const mine = created.seats.find((/** @type {any} */ s) => s.token);
      remember(created.id, mine.join);
      go(mine.join);
    } catch (e) {
      note.replaceChildren(el("p", { class: "error" }, /** @type {Error} */ (e).message));
    }
  };
  return el("article", { class: "game-card", "data-game": game.id },
    el("h3", {}, game.name),
    el("p", { class: "pitch" }, blurb.pitch),
    el("p", { class: "facts" }, `👥 ${game.min_players}-${game.max_players} players`, blurb.length ? ` · ⏱ ${blurb.length}` : "",
      " · ", el("a", { href: `/rules/${game.id}`, class: "rules" }, "How to play")),
    el("button", { class: "primary play-bots", onclick: playBots }, "Play against bots"),
    el("details", { class: "card-options" }, el("summary", {}, "Options"), form),
    note);
}

/** "My games": each kept link with whether its game is running or over. */
function myGamesSection(/** @type {CatalogGame[]} */ games) {
  const list = myGames();
  const box = el("div", { id: "my-games-list" });
  const section = el("section", { id: "my-games" }, el("h2", {}, "My games"), box);
  if (!list.length) {
    box.replaceChildren(el("p", { class: "muted" }, "Games you create or join are kept here, in this browser."));
    return section;
  }
  const forget = el("button", { onclick: () => { localStorage.removeItem(MY_GAMES); box.replaceChildren(el("p", { class: "muted" }, "Forgotten.")); } }, "Forget them");
  box.replaceChildren(el("ul", { class: "my-games" }, list.map((g) => {
    const state = el("span", { class: "muted" }, "…");
    api("GET", `/api/games/${g.id}`).then((summary) => {
      const name = (games.find((x) => x.id === summary.game) || { name: summary.game }).name;
      state.replaceChildren(`${name} · ${summary.status.state === "over" ? "finished" : "running"}`);
      state.parentElement?.setAttribute("data-state", summary.status.state === "over" ? "finished" : "running");
    }).catch(() => state.replaceChildren("gone from the server"));
    return el("li", {}, el("a", { href: g.link, class: "my-game" }, "Open"), " ", state,
      el("span", { class: "muted" }, ` · ${new Date(g.at).toLocaleString()}${g.nickname ? ` · as ${g.nickname}` : ""}`));
  })), forget);
  return section;
}

/** The nickname field, kept in this browser. */
function nicknameField() {
  const input = el("input", { id: "nickname", placeholder: "your name", maxlength: 24, value: localStorage.getItem(NICKNAME) || "" });
  input.addEventListener("change", () => localStorage.setItem(NICKNAME, input.value.trim()));
  return el("label", { class: "nickname" }, "Nickname ", input);
}

export async function lobby(/** @type {HTMLElement} */ main) {
  /** @type {{ games: CatalogGame[] }} */
  const { games } = await api("GET", "/api/catalog");
  // A game created here is listed at once (a trial looked for it right after Create).
  let myGames_ = myGamesSection(games);
  addEventListener(REMEMBERED, () => { const now = myGamesSection(games); myGames_.replaceWith(now); myGames_ = now; });
  main.replaceChildren(
    el("section", { class: "welcome" }, el("h2", {}, "Pick a game"), el("p", {}, "Play against bots in one click, or open a ",
      // The link opens the section it scrolls to.
      el("a", { href: "#custom", onclick: () => document.getElementById("custom")?.setAttribute("open", "") }, "custom table"),
      " for friends. ", nicknameField())),
    el("div", { class: "game-cards" }, games.map(gameCard)),
    myGames_,
    openTablesSection(),
    customTable(games));
}

/** How often the open tables are asked for again while the lobby is shown, in milliseconds. */
const OPEN_TABLES_EVERY_MS = 10_000;

/** "Open tables": games with seats anyone may take (`GET /api/open`), asked for now, whenever the lobby is shown
 * again, and every 10 s while it is visible. "Take seat" takes one, keeps its link in My games and opens it. */
function openTablesSection() {
  const box = el("div", { id: "open-tables-list" }, el("p", { class: "muted" }, "…"));
  const section = el("section", { id: "open-tables" }, el("h2", {}, "Open tables"), box);
  const take = async (/** @type {OpenTable} */ table, /** @type {number} */ seat, /** @type {HTMLElement} */ note) => {
    note.replaceChildren("Taking…");
    try {
      const taken = await api("POST", `/api/games/${table.id}/seats/${seat}/take`);
      remember(taken.id, taken.join);
      go(taken.join);
    } catch (e) {
      note.replaceChildren(el("span", { class: "error" }, /** @type {Error} */ (e).message));
      refresh();
    }
  };
  const refresh = async () => {
    try {
      /** @type {{ tables: OpenTable[] }} */
      const { tables } = await api("GET", "/api/open");
      if (!tables.length) {
        box.replaceChildren(el("p", { class: "muted" }, "No table has an open seat now. Open one under Custom table: choose \"open\" for a seat."));
        return;
      }
      box.replaceChildren(el("ul", { class: "open-tables" }, tables.map((t) => {
        const note = el("span", { class: "muted" });
        const others = t.seats.map((p, i) => `${seatName(i)} ${p === "human" || p === "open" ? p : `bot (${p})`}`).join(", ");
        return el("li", { class: "open-table", "data-game": t.id },
          el("strong", {}, t.name), el("span", { class: "muted" }, ` · ${t.players} players · ${others} `),
          ...tableMarks(t),
          t.open.map((seat) => el("button", { class: "take-seat", "data-seat": seat, onclick: () => take(t, seat, note) }, `Take seat ${seatName(seat)}`)),
          " ", note);
      })));
    } catch (e) {
      box.replaceChildren(el("p", { class: "error" }, /** @type {Error} */ (e).message));
    }
  };
  refresh();
  setInterval(() => { if (document.visibilityState === "visible") refresh(); }, OPEN_TABLES_EVERY_MS);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") refresh(); });
  // Coming back to the lobby (the back button) shows the page as it was: ask again.
  window.addEventListener("pageshow", (e) => { if (e.persisted) refresh(); });
  return section;
}

/** What a player is told before taking a seat: a game whose dice someone could know, house rules, the creator's
 * own content. @param {OpenTable} t */
function tableMarks(t) {
  const marks = [];
  if (t.fairness && t.fairness.kind !== "fair") {
    marks.push(t.fairness.kind === "seeded" ? "seeded: its creator chose the dice, not a fair game" : "analysis branch, not a fair game");
  }
  if (t.house_rules?.length) marks.push(`house rules: ${t.house_rules.join("; ")}`);
  if (t.custom_content) marks.push("custom content: the creator's own cards, tiles or board");
  return marks.flatMap((m) => [el("span", { class: "unfair table-mark" }, m), " "]);
}

/** The bot levels every game offers under the same names, weakest first (plunder_core::levels). */
const LEVELS = ["easy", "medium", "hard"];

/** The "Custom table" form: any table size, who sits where, time banks, spectator chat and the game's options. */
function customTable(/** @type {CatalogGame[]} */ games) {
  const gameSelect = el("select", { id: "game" }, games.map((g) => el("option", { value: g.id }, g.name)));
  const players = el("input", { id: "players", type: "number", min: 1, max: 16 });
  const seatsBox = el("div", { id: "seats" });
  const optionsBox = el("div", { id: "custom-options" });
  const bank = el("input", { id: "bank", type: "number", min: 1, placeholder: "off" });
  const spectatorChat = el("input", { id: "spectator-chat", type: "checkbox" });
  const result = el("div", { id: "created" });
  const current = () => games.find((g) => g.id === gameSelect.value) || games[0];
  const drawSeats = () => {
    const g = current();
    const n = Math.max(g.min_players, Math.min(g.max_players, Number(players.value) || g.default_players));
    players.value = n;
    fitSeatFields(optionsBox, n);
    // The three levels every game has come first, then the game's own and the research bots by name.
    const levels = LEVELS.filter((l) => g.bots.some((b) => b.name === l));
    const kinds = ["human", "open", ...levels, ...g.bots.map((b) => b.name).filter((n) => !levels.includes(n))];
    /** @type {Record<string, string>} */
    const labels = { human: "a person (a join link)", open: "open (anyone may take it)" };
    // A bot by its name and what it does, in short (its first clause).
    g.bots.forEach((b) => {
      const about = b.about.split(/[;:(]/)[0].trim();
      labels[b.name] = levels.includes(b.name) ? `bot, ${b.name}: ${about}` : `bot "${b.name}": ${about}`;
    });
    // A change of the table's size keeps the seats already chosen.
    const kept = [...seatsBox.querySelectorAll("select.seat")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
    const bot = levels.includes("medium") ? "medium" : g.bots[0].name;
    const chosen = (/** @type {number} */ i) => kinds.includes(kept[i]) ? kept[i] : i === 0 || i === 1 ? "human" : bot;
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) =>
      el("label", {}, `${seatName(i)} `, el("select", { class: "seat" },
        kinds.map((k) => el("option", { value: k, ...(k === chosen(i) ? { selected: "" } : {}) }, labels[k] || k))), " ")));
  };
  const reset = () => {
    // The table the game's card plays (five dice each, to the last die, for liar's dice), else the game's own defaults.
    const table = current().table;
    players.value = table ? String(table.players) : "";
    optionsBox.replaceChildren(optionsForm(current(), table ? table.options : {}));
    seatsBox.replaceChildren(); // another game: its seats start from its defaults
    drawSeats();
  };
  gameSelect.addEventListener("change", reset);
  players.addEventListener("change", drawSeats);
  reset();
  const create = async () => {
    result.replaceChildren("Creating…");
    try {
      /** @type {Record<string, any>} */
      const body = {
        game: gameSelect.value, players: Number(players.value),
        seats: [...seatsBox.querySelectorAll("select.seat")].map((s) => /** @type {HTMLSelectElement} */ (s).value),
        options: optionsFrom(optionsBox, current()),
      };
      if (bank.value) body.time_bank_secs = Number(bank.value);
      if (spectatorChat.checked) body.spectator_chat = true;
      const created = await api("POST", "/api/games", body);
      showCreated(created, result);
      // On a phone the links come below the screen: bring them into view.
      result.scrollIntoView({ behavior: "smooth", block: "start" });
    } catch (e) {
      result.replaceChildren(el("p", { class: "error" }, /** @type {Error} */ (e).message));
    }
  };
  return el("details", { id: "custom", class: "custom", ...(location.hash === "#custom" ? { open: "" } : {}) },
    el("summary", {}, "Custom table: choose every seat (friends, open seats, hot-seat, bots), time banks and options"),
    el("section", {},
      el("p", {}, el("label", {}, "Game ", gameSelect), " ", el("label", {}, "Players ", players)),
      seatsBox,
      el("p", {}, el("label", {}, "Time bank per seat, seconds (a bot plays when it runs out) ", bank)),
      el("p", {}, el("label", {}, spectatorChat, " Spectators may chat (otherwise they read the chat only)")),
      el("details", { class: "custom-options" }, el("summary", {}, "Options"), optionsBox),
      el("button", { class: "primary", id: "create", onclick: create }, "Create game")),
    result);
}

/** The links of a created game (or a branch): each human seat's, shown only now, and the spectators'. */
export function showCreated(/** @type {any} */ created, /** @type {HTMLElement} */ into) {
  const humans = created.seats.filter((/** @type {any} */ s) => s.token);
  const open = created.seats.filter((/** @type {any} */ s) => s.player === "open");
  const all = humans.map((/** @type {any} */ s) => `${s.seat}.${s.token}`).join(",");
  const hotSeat = `/play/${created.id}#seats=${all}`;
  // This browser keeps every seat's link: it is the only place they are shown.
  remember(created.id, humans.length === 1 ? humans[0].join : humans.length ? hotSeat : created.spectate);
  const origin = location.origin;
  into.replaceChildren(el("section", { id: "created-links" }, el("h2", {}, "Game created"),
    el("p", { class: "muted" }, "Each link is shown only now: send each player theirs (this browser keeps them under My games)."),
    ...humans.map((/** @type {any} */ s) => el("p", {}, `${seatName(s.seat)}: `, el("a", { href: s.join, class: "join" }, `join as ${seatName(s.seat)}`), " ",
      el("code", { class: "link" }, origin + s.join))),
    open.length ? el("p", { class: "open-seats" }, `Open: ${open.map((/** @type {any} */ s) => seatName(s.seat)).join(", ")}, `,
      "listed under Open tables for anyone to take.") : "",
    el("p", {}, el("a", { href: created.spectate }, "Spectator link"), " ",
      el("code", { class: "link" }, origin + created.spectate)),
    humans.length > 1 ? el("p", {}, el("a", { href: hotSeat, id: "hotseat" },
      `Play all ${humans.length} human seats on this screen (hot-seat)`)) : ""));
}
