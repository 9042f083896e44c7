// @ts-check
// The drawing kit shared by the generic client (app.js) and the per-game renderers (games/GAME.js): elements,
// dice with pips, coins, cups, card faces and backs, seat colours, and making a drawn thing a legal action.

/**
 * A legal action: the game's own JSON (renderers read its fields; `A` is the game's action type from
 * games/views.d.ts), its label, and its label as steps where it has several.
 * @template [A=any] @typedef {{ action: A, label: string, steps?: string[], first?: boolean }} LegalAction
 */

/**
 * What a renderer gets besides the view: who looks, the table size, the legal actions (of action type `A`) and
 * how to take one, and the game's designed content (its data files, parsed, by file name without `.json`).
 * @template [A=any]
 * @typedef {{ me: number | null, players: number, legal: LegalAction<A>[], act: (action: unknown) => void,
 *   data: Record<string, any> }} Context
 */

/**
 * An HTML element: attributes (`on...` ones are listeners) and children (nodes or text; arrays are flattened).
 * Typed `any` so callers use it as the input, select or element it is.
 * @param {string} tag @param {Record<string, any>} [attrs] @param {...any} children @returns {any}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat(Infinity)) {
    if (child !== undefined && child !== null && child !== "") node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/**
 * An SVG element, as `el`.
 * @param {string} tag @param {Record<string, any>} [attrs] @param {...any} children @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
  }
  for (const child of children.flat(Infinity)) {
    if (child !== undefined && child !== null && child !== "") node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// Pip positions on a 3x3 grid (1 top left ... 9 bottom right) for faces 1 to 6.
const PIPS = [[], [5], [1, 9], [1, 5, 9], [1, 3, 7, 9], [1, 3, 5, 7, 9], [1, 3, 4, 6, 7, 9]];

/**
 * A die: pips for 1 to 6, a hidden die for `null` or 0, or a word or symbol for any other face.
 * @param {number | string | null | undefined} face @param {{ kind?: string, title?: string }} [options]
 */
export function die(face, options = {}) {
  const kind = options.kind || "";
  if (face === null || face === undefined || face === 0) {
    return el("span", { class: `die hidden ${kind}`, title: options.title || "hidden", "data-face": "hidden" }, "?");
  }
  const title = options.title || String(face);
  if (typeof face === "number" && face >= 1 && face <= 6) {
    return el("span", { class: `die pips ${kind}`, title, "data-face": face },
      Array.from({ length: 9 }, (_, i) => el("i", { class: PIPS[face].includes(i + 1) ? "pip" : "" })));
  }
  return el("span", { class: `die ${kind}`, title, "data-face": face }, String(face));
}

/** A coin, or a stack of `count` coins with the number beside it. @param {number} count @param {string} [title] */
export const coins = (count, title) => el("span", { class: "coin", title: title || `${count} coins`, "data-coins": count }, count);

/**
 * A cup holding `count` dice (their faces unknown to the viewer), with the count.
 * @param {number} count @param {any[]} [extra] drawn inside after the dice (special dice, say)
 */
export const cup = (count, extra = []) => el("span", { class: "cup", title: `${count} dice`, "data-dice": count },
  Array.from({ length: count }, () => el("span", { class: "pip" })), extra, ` ${count}`);

/** Face-down cards: `count` backs in a fan (at most `most` drawn), and how many in words. @param {number} count @param {string} [label] @param {number} [most] */
export const cardBacks = (count, label = "cards", most = 12) => {
  const words = `${count} ${count === 1 ? label.replace(/s$/, "") : label}`;
  return el("span", { class: "backs", title: words, "data-backs": count },
    Array.from({ length: Math.min(count, most) }, () => el("span", { class: "card-back" })), el("span", { class: "count" }, words));
};

/** The cards whose text a tap opened (by id): a board drawn again keeps them open. */
const readCards = new Set();

/**
 * A card face: a name, a corner mark, a line of kind and the text; extra classes give it colour. A small face
 * (its text only in `title`, which a phone cannot hover) opens its text on a tap, and closes it on another (a
 * phone trial could not read the cards on the table).
 * @param {{ name: string, text?: string, corner?: string, kind?: string, cls?: string, id?: string, title?: string }} card
 */
export const cardFace = (card) => {
  const hidden = !card.text && card.title && card.title !== card.name ? card.title : "";
  const key = `${card.id}`;
  const text = card.text || (hidden && readCards.has(key) ? hidden : "");
  const face = el("div", { class: `card-face ${card.cls || ""}`, "data-card": card.id, title: card.title || card.text || card.name },
    el("div", { class: "card-head" }, el("b", {}, card.name), card.corner ? el("span", { class: "corner" }, card.corner) : ""),
    card.kind ? el("div", { class: "card-kind" }, card.kind) : "",
    text ? el("div", { class: "card-text" }, text) : "");
  if (!hidden) return face;
  face.classList.add("readable");
  return tappable(face, () => {
    if (face.classList.contains("playable")) return; // A tap on a card that may be played plays it.
    if (readCards.has(key)) readCards.delete(key);
    else readCards.add(key);
    const open = face.querySelector(".card-text");
    if (open) open.remove();
    else face.append(el("div", { class: "card-text" }, hidden));
  });
};

/**
 * A seat's name for people: P1, P2, ... or, for the captain a view names as no seat's (Lying Pirates' Phantom,
 * view field `phantom`), its name. Every name of a seat on the page comes from here.
 * @param {number} seat @param {any} [view]
 */
export const seatName = (seat, view) => (view && view.phantom === seat ? "Phantom" : `P${seat + 1}`);

/** Seat colours, by seat. */
export const SEAT_COLOURS = ["#c0392b", "#2e6fd8", "#2e9d4b", "#e08a12", "#8e44ad", "#138d90", "#7f5539", "#d6336c"];
/** @param {number} seat */
export const seatColour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];
/** A seat's name chip in its colour. @param {number} seat @param {number | null} [me] */
export const seatChip = (seat, me) => el("span", { class: `seat-chip${seat === me ? " me" : ""}`, style: `--seat:${seatColour(seat)}` },
  `${seatName(seat)}${seat === me ? " (you)" : ""}`);

/**
 * The legal action `match` picks out, if any.
 * @template [A=any] @param {Context<A>} ctx @param {(action: A) => boolean} match @returns {LegalAction<A> | undefined}
 */
export const legalWhere = (ctx, match) => ctx.legal.find((a) => match(a.action));

/**
 * Makes a drawn thing take a legal action when clicked (or tapped, or Enter pressed), if `action` is one.
 * @template {Element} T @param {T} node @param {Context} ctx @param {LegalAction | undefined} action @returns {T}
 */
export function playable(node, ctx, action) {
  if (!action) return node;
  node.classList.add("playable");
  node.setAttribute("title", action.label);
  node.setAttribute("data-action", action.label);
  return tappable(node, () => ctx.act(action.action));
}

/**
 * Makes a drawn thing run `then` when clicked (or tapped, or Enter pressed), as a button would.
 * @template {Element} T @param {T} node @param {() => void} then @returns {T}
 */
export function tappable(node, then) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.addEventListener("click", then);
  node.addEventListener("keydown", (e) => { if (/** @type {KeyboardEvent} */ (e).key === "Enter") then(); });
  return node;
}

/** A labelled group of the board. @param {string} title @param {...any} children */
export const panel = (title, ...children) => el("div", { class: "panel" }, el("h3", {}, title), ...children);

/**
 * The bids made so far, newest last, as chips; a game with a captain that is no seat (Lying Pirates' Phantom)
 * names and colours it itself.
 * @param {{ seat: number, bid: { quantity: number, face: number } }[]} bids
 * @param {(seat: number) => string} [name] @param {(seat: number) => string} [colour]
 */
export const bidChips = (bids, name = (seat) => seatName(seat), colour = seatColour) => el("div", { class: "bids" }, bids.map((b, i) =>
  el("span", { class: `bid${i === bids.length - 1 ? " last" : ""}`, style: `--seat:${colour(b.seat)}` },
    `${name(b.seat)}: ${b.bid.quantity} × `, die(b.bid.face))));

/**
 * A showdown's cups, every seat's dice face up, with the bid, the caller, the count and the loser where the
 * showdown has them (the log tells the call in full).
 * The dice that counted for the bid (its face, and the wild face if any) stand out from the rest.
 * @param {{ dice: number[][], [key: string]: any }} showdown @param {number | null} me @param {number} [wild]
 */
export const showdownOf = (showdown, me, wild) => el("div", { class: "showdown" },
  el("p", { class: "muted" }, [
    showdown.bid ? `The bid: ${showdown.bid.quantity} × ${showdown.bid.face}` : "",
    Number.isInteger(showdown.caller) ? `called by ${seatName(showdown.caller)}` : "",
    Number.isInteger(showdown.counted) ? `${showdown.counted} counted` : "",
    Number.isInteger(showdown.loser) ? `${seatName(showdown.loser)} lost` : "",
  ].filter(Boolean).join(" · ")),
  showdown.dice.map((cupDice, seat) => el("div", {}, seatChip(seat, me), " ", cupDice.map((f) => {
    const counted = showdown.bid && (f === showdown.bid.face || (wild !== undefined && f === wild));
    return die(f, counted ? { kind: "counted", title: `${f}: counted for the bid` } : {});
  }))));
