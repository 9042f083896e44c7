// @ts-check
// Lying Pirates: the race map with every tile and ship, the captains (coins, cups with their special dice, hands
// as card backs), the viewer's cup and hand, the bids, the stack and the battle. Drawn from the seat's view only;
// names, legends and card texts come from the game's public data files. In Phantom mode (two players) the
// Phantom is the last captain of every per-captain list (view field `phantom`): its ship, cup, coins and hand are
// drawn like a seat's, in its own grey and named "Phantom".

import { el, die, coins, cup, cardBacks, cardFace, seatColour, seatChip, seatName, legalWhere, playable, tappable, panel, bidChips } from "../kit.js";
import { WORDS } from "./constants.js";

/** @typedef {import("./views").LyingPiratesView} View @typedef {import("./views").LyingPiratesAction} Action */
/** @typedef {import("../kit.js").Context<Action>} Context @typedef {import("../kit.js").LegalAction<Action>} Legal */

export const data = ["tiles.json", "cards.json", "map.json", "dice.json", "captains.json"];

// The game's words for what the view numbers (generated from the Rust): special dice by kind (1 to 4) with their
// ids in dice.json, the faces beyond 6 (the Mermaid's and the Ghost's blank, the Cursed Die's skull), battle ranks.
const { special_dice: SPECIAL_DICE, faces: FACE_NAME, battle_ranks: BATTLE_RANK } = WORDS["lying-pirates"];
// How each is drawn, by its id or name.
const SPECIAL_SYMBOL = { pirate_king: "♛", mermaid: "≈", ghost: "☁", cursed: "☠" };
const FACE_SYMBOL = { blank: "–", skull: "☠" };
const RANK_SYMBOL = { Double: "⚔⚔", Single: "⚔", Skull: "☠", "not rolled": "·" };
/** The special die of cup kind `kind`: its id in dice.json and its name. @param {number} kind */
const specialDie = (kind) => /** @type {Record<string, { id: string, name: string }>} */ (SPECIAL_DICE)[kind] || { id: "", name: "special die" };
// A tile's event by the kind of its effect.
const EVENT_ICON = { nothing: "✕", roll: "🎲", pick: "🎯", battle: "⚔", each: "💥", sequence: "✦", pay: "💰", move: "⛵", choose: "⇄" };
const CARD_ICON = { compass: "🧭", sword: "⚔", bomb: "💣" };
// The Phantom's colour: no seat's.
const PHANTOM_COLOUR = "#5d6d7e";

/** Whether captain `p` is the Phantom. @param {View} view @param {number} p */
const isPhantom = (view, p) => view.phantom !== undefined && view.phantom !== null && p === view.phantom;
/** A captain's colour. @param {View} view @param {number} p */
const colourOf = (view, p) => (isPhantom(view, p) ? PHANTOM_COLOUR : seatColour(p));
/** A captain's name chip: a seat's, or the Phantom's. @param {View} view @param {number} p @param {number | null} me */
const captainChip = (view, p, me) => (isPhantom(view, p)
  ? el("span", { class: "seat-chip phantom", style: `--seat:${PHANTOM_COLOUR}`, title: "the Phantom: a third captain the rules play" }, "👻 Phantom")
  : seatChip(p, me));

/** @param {View} view @param {Context} ctx */
export function draw(view, ctx) {
  const tiles = ctx.data.tiles.entries;
  const cards = ctx.data.cards.entries;
  const cardById = Object.fromEntries(cards.map((c) => [c.id, c]));
  const diceById = Object.fromEntries(ctx.data.dice.entries.map((d) => [d.id, d]));
  const players = view.progress.length;
  const seats = Array.from({ length: players }, (_, i) => i);

  /** A card face from its place in the card list (or its id), playable when a legal action plays it. */
  const card = (entry, small = false) => {
    const actions = ctx.legal.filter(/** @param {Legal} a @returns {a is Legal & { action: { kind: "play" } }} */
      (a) => a.action.kind === "play" && cards[a.action.card] === entry);
    const face = cardFace({
      id: entry.id, name: entry.name, text: small ? "" : entry.text, title: entry.text,
      corner: `${entry.star ? "★ " : ""}${CARD_ICON[entry.icon] || ""}`,
      kind: `${entry.metal} · ${entry.icon}${entry.timing === "response" ? " · response" : ""}${entry.final_battle ? " · Final Battle" : ""}`,
      cls: `lp-card ${entry.metal}${small ? " small" : ""}`,
    });
    if (actions.length === 1) return playable(face, ctx, actions[0]);
    if (actions.length > 1) face.append(el("div", { class: "targets" }, actions.map((a) =>
      playable(el("span", { class: "target" }, a.action.target === null || a.action.target === undefined ? "play" : `on ${seatName(a.action.target, view)}`), ctx, a))));
    return face;
  };

  return el("div", { class: "lp" },
    mapOf(view, ctx, tiles, seats),
    stateLine(view, ctx),
    view.battle ? battleOf(view, view.battle, ctx.me) : "",
    view.stack && view.stack.length ? panel("The stack (last played on top, resolves first)",
      el("ol", { class: "stack", reversed: true }, [...view.stack].reverse().map((s, i) => el("li", { class: i === 0 ? "top" : "" },
        // In full: a player deciding whether to answer a card reads what it does.
        cardById[s.card] ? card(cardById[s.card]) : s.card,
        el("span", { class: "muted" }, ` ${s.by === null || s.by === undefined ? "the rules" : seatName(s.by, view)}${s.target === null || s.target === undefined ? "" : ` → ${seatName(s.target, view)}`}`))))) : "",
    captainsOf(view, ctx, seats, diceById),
    ctx.me !== null ? myCupOf(view, diceById) : "",
    view.hand && view.hand.length ? panel(`Your hand (${view.hand.length})`, el("div", { class: "hand my-hand" }, view.hand.map((k) => card(cards[k])))) : "",
    view.my_draft && view.my_draft.length ? panel("Cards you pass in the draft", el("div", { class: "hand" }, view.my_draft.map((k) => card(cards[k], true)))) : "",
    view.bids && view.bids.length ? panel("Bets", bidChips(view.bids, (p) => seatName(p, view), (p) => colourOf(view, p)), showdownOf(view)) : "",
    panel("Piles", el("div", { class: "piles" },
      el("span", {}, "Deck ", cardBacks(view.deck, "cards", 8)),
      el("span", {}, `Discard ${view.discard} `, view.discard_top && cardById[view.discard_top] ? card(cardById[view.discard_top], true) : ""),
      el("span", {}, `Crew bag: ${view.bag} dice`),
      buyOn(legalWhere(ctx, (a) => a.kind === "buy"), ctx))),
    el("details", { class: "legend" }, el("summary", {}, "Tile legends"),
      el("ol", { start: 0 }, view.map.map((t, space) => el("li", { value: space }, t === null ? el("span", { class: "muted" }, "open space")
        : [el("b", {}, `${EVENT_ICON[tiles[t].effect.kind] || ""} ${tiles[t].name}: `), tiles[t].text])))));
}

/** The space whose tile a tap asked about (kept while the board is drawn again), or null. @type {number | null} */
let aboutSpace = null;

/** The map: each space in its place round the board, its tile, and the ships on it; the round's state inside. A tap
 * on a tile says what it does under the map (a phone cannot hover; a trial found the tile legends only at the foot
 * of the page). @param {View} view @param {Context} ctx @param {any[]} tiles @param {number[]} seats */
function mapOf(view, ctx, tiles, seats) {
  const layout = ctx.data.map.entries.find((m) => m.spaces && m.spaces.length === view.ring);
  const width = layout ? Math.max(...layout.spaces.map((s) => s.x)) + 1 : view.ring;
  const height = layout ? Math.max(...layout.spaces.map((s) => s.y)) + 1 : 1;
  const onSpace = (space) => seats.filter((p) => view.progress[p] % view.ring === space);
  const spaces = view.map.map((tile, space) => {
    const at = layout ? layout.spaces[space] : { x: space, y: 0 };
    const place = legalWhere(ctx, (a) => a.kind === "place" && a.space === space);
    const node = el("div", {
      class: `lp-tile${tile === null ? " open" : ""}${space === 0 ? " start" : ""}`, "data-space": space, "data-tile": tile === null ? "" : tiles[tile].id,
      style: `grid-column:${at.x + 1};grid-row:${at.y + 1}`, title: tile === null ? "open space" : `${tiles[tile].name}: ${tiles[tile].text}`,
    },
    el("span", { class: "no" }, space),
    tile === null ? "" : [el("span", { class: "icon" }, EVENT_ICON[tiles[tile].effect.kind] || "•"), el("span", { class: "name" }, tiles[tile].name.replace("/", "/\u200b"))],
    el("span", { class: "ships" }, onSpace(space).map((p) => ship(p, view, ctx.me))));
    if (place) return playable(node, ctx, place);
    if (tile === null) return node;
    return tappable(node, () => {
      aboutSpace = aboutSpace === space ? null : space;
      about.replaceChildren(...aboutText());
    });
  });
  const aboutText = () => {
    const tile = aboutSpace === null ? null : view.map[aboutSpace];
    return tile === null || tile === undefined ? []
      : [el("b", {}, `Space ${aboutSpace}: ${EVENT_ICON[tiles[tile].effect.kind] || ""} ${tiles[tile].name}. `), tiles[tile].text];
  };
  const about = el("p", { class: "muted", id: "lp-tile-about" }, ...aboutText());
  const centre = el("div", { class: "lp-centre", style: `grid-column:2 / ${width};grid-row:2 / ${height}` },
    el("div", {}, `Round ${view.round} · ${phaseName(view.phase)}`),
    el("div", {}, `Sailing ${view.clockwise ? "clockwise ↻" : "anticlockwise ↺"} · token: ${seatName(view.token, view)}`),
    el("div", { class: "race" }, seats.map((p) => el("span", { class: "progress", style: `--seat:${colourOf(view, p)}` },
      `${seatName(p, view)} ${view.progress[p]}/${view.ring}${isPhantom(view, p) && view.lapping ? " (second lap)" : ""}`))),
    view.my_tiles && view.my_tiles.length ? el("div", {}, "Your tiles: ", view.my_tiles.map((t) => el("span", { class: "chip", title: tiles[t].text }, tiles[t].name))) : "");
  return el("div", {}, el("div", { class: "lp-map", style: `grid-template-columns:repeat(${width},1fr);grid-template-rows:repeat(${height},auto)`, "data-ring": view.ring },
    spaces, height > 2 ? centre : ""), about);
}

/**
 * A ship on the map: its captain's colour and number; progress counts the lap (ring = home again). The Phantom's
 * ship is grey, dashed and named; it may sail a second lap (ruling 71), so its progress runs to twice the ring.
 * @param {number} seat @param {View} view @param {number | null} me
 */
function ship(seat, view, me) {
  if (isPhantom(view, seat)) {
    const lap = view.lapping ? " (second lap)" : "";
    return el("span", { class: "ship phantom", style: `--seat:${PHANTOM_COLOUR}`, "data-seat": seat, "data-phantom": "", "data-progress": view.progress[seat],
      title: `The Phantom's ship: ${view.progress[seat]} spaces sailed${lap}` }, "👻 Phantom");
  }
  const home = view.progress[seat] >= view.ring;
  return el("span", { class: `ship${seat === me ? " me" : ""}`, style: `--seat:${seatColour(seat)}`, "data-seat": seat, "data-progress": view.progress[seat],
    title: `${seatName(seat, view)}'s ship: ${view.progress[seat]} of ${view.ring} spaces sailed${home ? " (home)" : ""}` }, `⛵${seat + 1}`);
}

/** @param {import("./views").LyingPirates.Phase} phase */
function phaseName(phase) {
  return String(phase).replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
}

/** What a seat is asked, in words (the view's `question`). @param {import("./views").LyingPirates.Question} q */
function questionWords(q) {
  switch (q.kind) {
    case "reroll": return `to reroll the ${q.die} die or keep it`;
    case "pick": return "to pick a captain";
    case "choose": return `to choose one of ${q.options} effects`;
    case "pay": return `to pay ${q.coins} ${q.coins === 1 ? "coin" : "coins"} or decline`;
    case "lose_die": return `to choose which special die to lose (${(q.dice || []).map((d) => specialDie(d).name).join(" or ")})`;
    // A question this client does not know yet (the type says there is none).
    default: return `to answer (${String(/** @type {{ kind: string }} */ (q).kind).replaceAll("_", " ")})`;
  }
}

/** Who is asked what now. @param {View} view @param {Context} ctx */
function stateLine(view, ctx) {
  const parts = [];
  const name = (p) => seatName(p, view);
  if (view.to_bet !== undefined) parts.push(`${name(view.to_bet)} to bet${view.proxy !== undefined && isPhantom(view, view.to_bet) ? ` (${name(view.proxy)} bets for it)` : ""}`);
  if (view.priority !== undefined) parts.push(`${name(view.priority)} has priority`);
  if (view.winner !== undefined) parts.push(`${name(view.winner)} won the bets`);
  if (view.movers && view.movers.length) parts.push(`movers: ${view.movers.map(name).join(", ")}`);
  if (view.sail) parts.push(`Sail Die: ${view.sail}`);
  if (view.question) parts.push(`${name(view.question.seat)} ${questionWords(view.question)}`);
  if (view.draft_pass) parts.push(`draft: pass ${view.draft_pass}`);
  if (view.placer !== undefined) parts.push(`${name(view.placer)} places a tile`);
  if (view.catching_up && view.catching_up.length) parts.push(`catching up: ${view.catching_up.map(name).join(", ")}`);
  if (view.winners && view.winners.length) parts.push(`winners: ${view.winners.map(name).join(", ")}`);
  return parts.length ? el("p", { class: "lp-state" }, parts.join(" · ")) : "";
}

/**
 * Every captain: coins, cup and special dice, hand size as backs (with cards the viewer knows), marks. The
 * Phantom's too, named, with its faces when the viewer bets for it (ruling 72).
 * @param {View} view @param {Context} ctx @param {number[]} seats @param {Record<string, any>} diceById
 */
function captainsOf(view, ctx, seats, diceById) {
  const captains = ctx.data.captains.entries;
  return panel("Captains", el("div", { class: "captains" }, seats.map((p) => {
    const held = view.captains && view.captains[p];
    const captain = held ? captains.find((c) => c.id === held) : null;
    const specials = (view.specials && view.specials[p]) || [];
    const known = view.known_in_hands && view.known_in_hands[p] ? view.known_in_hands[p] : [];
    const marks = [
      view.token === p ? "🧭 token" : "",
      view.gold_used && view.gold_used.includes(p) ? "gold used" : "",
      view.silver_used && view.silver_used.includes(p) ? "silver used" : "",
      view.in_phase && view.in_phase.length && !view.in_phase.includes(p) ? "sits out" : "",
      view.sitting_out_next && view.sitting_out_next.includes(p) ? "sits out next" : "",
      view.committed && view.committed.includes(p) ? "ready" : "",
    ].filter(Boolean);
    const spied = view.spied && view.spied.seat === p ? view.spied.faces : null;
    const shownAt = view.in_phase && view.shown && view.shown.length ? view.in_phase.indexOf(p) : -1;
    const phantom = isPhantom(view, p);
    if (phantom && view.proxy !== undefined) marks.push(`${seatName(view.proxy, view)} bets for it`);
    if (phantom && view.lapping) marks.push("second lap");
    return el("div", { class: `captain${p === ctx.me ? " me" : ""}${phantom ? " phantom" : ""}`, style: `--seat:${colourOf(view, p)}`, "data-seat": p, "data-phantom": phantom ? "" : undefined },
      el("div", {}, captainChip(view, p, ctx.me), captain ? el("span", { class: "muted", title: captain.text }, ` ${captain.name}`) : "",
        " ", coins(view.coins[p]), " ", marks.map((m) => el("span", { class: "mark" }, m))),
      el("div", {}, cup(view.dice[p], specials.map((k) => specialChip(k, diceById)))),
      shownAt >= 0 && view.shown ? el("div", { class: "shown" }, "shown: ", view.shown[shownAt].map((f, i) => crewDie(f, kindAt(view.shown_kinds && view.shown_kinds[shownAt], i)))) : "",
      spied ? el("div", { class: "shown" }, "you spied: ", spied.map((f, i) => crewDie(f, kindAt(view.spied && view.spied.kinds, i)))) : "",
      phantom && view.phantom_dice && view.phantom_dice.length ? el("div", { class: "shown" }, "its cup (you bet for it): ", view.phantom_dice.map((f) => crewDie(f, 0))) : "",
      p === ctx.me ? "" : el("div", { class: "hand-backs" }, cardBacks(view.hand_sizes[p], "action cards"),
        known.map((k) => el("span", { class: "chip", title: ctx.data.cards.entries[k].text }, ctx.data.cards.entries[k].name))));
  })));
}

/** The kind of a cup's `index`th die from its kinds, where the view gives them (0, a regular die, where not).
 * @param {number[] | undefined} kinds @param {number} index */
const kindAt = (kinds, index) => (kinds && kinds[index]) || 0;

/** A special die a cup holds, as a chip (its face unknown to the viewer). @param {number} kind @param {Record<string, any>} diceById */
function specialChip(kind, diceById) {
  const { id, name } = specialDie(kind);
  return el("span", { class: `special k${kind}`, title: diceById[id] ? diceById[id].name : name, "data-special": kind }, SPECIAL_SYMBOL[id] || "?");
}

/** A crew die: its face, and its kind's colour (0 regular, 1 Pirate King, 2 Mermaid, 3 Ghost, 4 Cursed). @param {number} face @param {number} kind */
function crewDie(face, kind) {
  const name = kind ? specialDie(kind).name : "";
  const faceName = /** @type {Record<string, string>} */ (FACE_NAME)[face];
  return die(FACE_SYMBOL[faceName] || face, { kind: `k${kind}`, title: `${name ? name + ": " : ""}${faceName || face}` });
}

/** @param {View} view @param {Record<string, any>} diceById */
function myCupOf(view, diceById) {
  if (!view.my_dice || !view.my_dice.length) return "";
  const kinds = view.my_kinds && view.my_kinds.length ? view.my_kinds : view.my_dice.map(() => 0);
  const specials = [...new Set(kinds.filter((k) => k))];
  return panel("Your cup", el("div", { class: "my-cup" }, view.my_dice.map((f, i) => crewDie(f, kinds[i]))),
    specials.length ? el("p", { class: "muted" }, specials.map((k) => {
      const d = diceById[specialDie(k).id];
      return d ? el("span", { class: "special-legend" }, crewDie(1, k), ` ${d.name}: ${d.text} `) : "";
    })) : "");
}

/** @param {View} view */
function showdownOf(view) {
  const s = view.showdown;
  if (!s) return "";
  const call = s.exact ? `${seatName(s.caller, view)} bet exactly ${s.bid.quantity} × ${s.bid.face}` : `${seatName(s.caller, view)} called ${seatName(s.bettor, view)}'s ${s.bid.quantity} × ${s.bid.face} a lie`;
  return el("p", { class: "showdown" }, `${call}: ${s.counted} counted, ${seatName(s.winner, view)} wins.`);
}

/** @param {View} view @param {import("./views").LyingPirates.BattleView} battle @param {number | null} me */
function battleOf(view, battle, me) {
  return panel(`Battle (${String(battle.purpose).replaceAll("_", " ")}, ${battle.seek_winner ? "highest wins" : "lowest loses"}, roll ${battle.rolls})`,
    el("div", { class: "battle" }, battle.contenders.map((p) => {
      const ranks = /** @type {Record<string, string>} */ (BATTLE_RANK);
      const name = ranks[battle.faces[p]] || "?";
      const symbol = RANK_SYMBOL[name] || "?";
      // A card or ability moving the die a rank: what it counts as, in words.
      const counts = battle.faces[p] && battle.ranks[p] !== battle.faces[p] ? ` counted as ${ranks[battle.ranks[p]]}` : "";
      return el("span", { class: `fighter${p === me ? " me" : ""}`, style: `--seat:${colourOf(view, p)}` }, `${seatName(p, view)} `,
        el("span", { class: "die battle-die", title: name, "data-battle": battle.faces[p] }, symbol), counts);
    })));
}

/** Buying on the board, with its price (the move's label), only when it may be done: as plain text it read as a
 * button. @param {import("../kit.js").LegalAction | undefined} buy @param {Context} ctx */
function buyOn(buy, ctx) {
  return buy ? playable(el("span", { class: "buy" }, buy.label), ctx, buy) : "";
}
