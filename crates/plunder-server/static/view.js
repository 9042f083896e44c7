// @ts-check
// How a view is drawn: the game's own board (games/GAME.js) when it has one, else generically from the view's
// JSON (dice, cups, coins and seats where the game declares them: `PRESENT`), and the "Just now" panel of the
// latest events.

import { el, die, seatName } from "./kit.js";
import { api } from "./api.js";
import { PRESENT } from "./games/constants.js";

/** @typedef {import("./kit.js").Context} Context */

/** @param {number} count */
const cup = (count) => el("span", { class: "cup", title: `${count} dice` }, Array.from({ length: count }, () => el("span", { class: "pip" })), ` ${count}`);
const isFace = (/** @type {any} */ x) => x === null || Number.isInteger(x);

/**
 * Draws one value of a view as the game declares it (`hints`: a field's path and what it holds, from
 * `Narrate::presentation`; list items share their list's path). A field not declared is drawn as plain values:
 * its name never decides how it is drawn.
 * @param {string} path @param {any} value @param {Record<string, string>} hints @param {number} players
 * @param {number | null} me @param {any} view
 */
function render(path, value, hints, players, me, view) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  const kind = hints[path];
  const bySeat = (/** @type {(v: any) => any} */ draw) => el("table", { class: "view" }, value.map((/** @type {any} */ v, /** @type {number} */ i) =>
    el("tr", { class: i === me ? "me" : "" }, el("th", {}, seatName(i, view)), el("td", {}, draw(v)))));
  if (kind === "faces" && Array.isArray(value)) {
    if (value.every(isFace)) return el("span", {}, value.map((d) => die(d)));
    if (value.length === players) return bySeat((cupFaces) => el("span", {}, (cupFaces || []).map((/** @type {any} */ d) => die(d))));
  }
  if (kind === "named_faces" && typeof value === "object" && !Array.isArray(value)) {
    return el("span", {}, Object.entries(value).map(([name, d]) => die(d, { kind: name, title: `${name} die` })));
  }
  if (kind === "cups" && Array.isArray(value)) return bySeat((n) => cup(n));
  if (kind === "coins") return Array.isArray(value) ? bySeat((n) => el("span", { class: "coin" }, n)) : el("span", { class: "coin" }, value);
  if (kind === "count" && typeof value === "number" && value >= 0 && value <= 30) {
    return el("span", {}, el("span", { class: "track" }, Array.from({ length: Math.max(value, 1) }, (_, i) => el("span", { class: i < value ? "on" : "" }))), ` ${value}`);
  }
  if (kind === "seats" && Array.isArray(value)) return el("span", {}, value.length ? value.map((s) => seatName(s, view)).join(", ") : "nobody");
  if (kind === "by_seat" && Array.isArray(value)) return bySeat((v) => render(`${path}`, v, { ...hints, [path]: "" }, players, me, view));
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "muted" }, "none");
    if (value.every((v) => typeof v !== "object" || v === null)) return el("span", {}, value.join(", "));
    return el("div", {}, value.map((v) => el("div", {}, render(path, v, hints, players, me, view))));
  }
  if (typeof value === "object") {
    return el("table", { class: "view" }, Object.entries(value).map(([k, v]) => {
      const inner = path ? `${path}.${k}` : k;
      return el("tr", { "data-field": inner }, el("th", {}, k.replaceAll("_", " ")), el("td", {}, render(inner, v, hints, players, me, view)));
    }));
  }
  return el("span", {}, String(value));
}

// Per-game renderers: games/GAME.js exports `data` (the game's data files it reads, served at /data/GAME/FILE)
// and `draw(view, ctx)`, which returns the board. A game without one, or whose renderer fails, is drawn by
// `render` alone from its declared fields, so a new game is playable at once.
/** @type {Record<string, { draw?: (view: any, ctx: Context) => Node, data?: Record<string, any> }>} */
const renderers = {};

/** The loaded renderer of `game`, or null while it loads (then `redraw` runs) or when it has none. */
function rendererFor(game, redraw) {
  if (!renderers[game]) {
    /** @type {{ draw?: (view: any, ctx: Context) => Node, data?: Record<string, any> }} */
    const entry = {};
    renderers[game] = entry;
    import(`./games/${game}.js`)
      .then(async (module) => {
        const files = module.data || [];
        const parsed = await Promise.all(files.map((f) => api("GET", `/data/${game}/${f}`)));
        entry.data = Object.fromEntries(files.map((f, i) => [f.replace(/\.json$/, ""), parsed[i]]));
        entry.draw = module.draw;
      })
      .catch(() => {})
      .finally(redraw);
  }
  return renderers[game].draw ? renderers[game] : null;
}

/**
 * The view drawn: the game's own board when it has a renderer (with everything in the view, generically, folded
 * below it), else the generic drawing.
 * @param {string} game @param {any} view @param {Omit<Context, "data">} ctx @param {() => void} redraw
 */
export function drawView(game, view, ctx, redraw) {
  const hints = /** @type {Record<string, Record<string, string>>} */ (PRESENT)[game] || {};
  const generic = () => render("", view, hints, ctx.players, ctx.me, view);
  const renderer = rendererFor(game, redraw);
  if (!renderer || !renderer.draw) return generic();
  try {
    const board = renderer.draw(view, { ...ctx, data: renderer.data || {} });
    // For developers only, when Settings ask for it (a trial read it as part of the game); drawn only once opened.
    const raw = localStorage.getItem("plunder.raw-view") === "on"
      ? el("details", { class: "raw" }, el("summary", {}, "Raw data of the view (for developers)")) : null;
    if (raw) raw.addEventListener("toggle", () => { if (raw.open && raw.childElementCount === 1) raw.append(generic()); });
    return el("div", {}, el("div", { class: "board", "data-game": game }, board), raw || "");
  } catch (e) {
    console.error(`the ${game} renderer failed; drawing the view generically`, e);
    return generic();
  }
}

/** How many of the latest events "Just now" shows at most (it scrolls): a busy round of others' moves fits. */
export const JUST_NOW = 60;

// What happened since this seat last acted, in words, with any dice an event rolled or showed drawn as dice.
/** @param {{ text: string, event: any }[]} recent */
export function justNow(recent) {
  if (!recent.length) return "";
  // A line told several times in a row (a deal: "P2 is dealt a card") is one line with its count, as in the terminal.
  /** @type {{ text: string, event: any, times: number }[]} */
  const lines = [];
  for (const r of recent) {
    const last = lines[lines.length - 1];
    if (last && last.text === r.text && !diceIn(r.event).length) last.times += 1;
    else lines.push({ ...r, times: 1 });
  }
  return el("div", { class: "just-now", id: "just-now" }, el("h2", {}, "Just now"),
    lines.map((r) => el("div", { class: "event", "data-event": r.event && r.event.type || "" },
      r.times > 1 ? `${r.text} (${r.times} times)` : r.text, ...diceIn(r.event))));
}

/** The dice an event shows: arrays of faces under a key that names dice, rolls or faces. @param {any} event */
function diceIn(event) {
  const found = [];
  const walk = (value, key) => {
    const faces = (/** @type {any} */ v) => Array.isArray(v) && v.every((f) => Number.isInteger(f) && f >= 1 && f <= 6);
    if (Array.isArray(value) && /dice|cup/i.test(key) && value.length > 1 && value.every(faces)) {
      // Every seat's cup, shown at a call: each labelled with its seat (a trial read two seats' dice as one row).
      value.forEach((cupFaces, seat) => {
        if (cupFaces.length) found.push(el("span", { class: "event-dice" }, `${seatName(seat)} `, cupFaces.map((f) => die(f))));
      });
    } else if (Array.isArray(value)) {
      // Pips for faces 1 to 6 only: a game's other faces (a blank, a skull) are numbered in its events, and the
      // event's words name them.
      if (/face|dice|roll|cup/i.test(key) && value.length && value.every((f) => Number.isInteger(f) && f >= 1 && f <= 6)) {
        found.push(el("span", { class: "event-dice" }, value.map((f) => die(f))));
      } else value.forEach((v) => walk(v, key));
    } else if (value && typeof value === "object") Object.entries(value).forEach(([k, v]) => walk(v, k));
  };
  walk(event, "");
  return found;
}
