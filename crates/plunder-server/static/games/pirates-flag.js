// @ts-check
// The Pirate's Flag: the track (hazards, Trading Posts, waterfalls, docks, the Dread Captain's ship) with the flag
// and every ship, the players and their captains, the viewer's hand, the response stack in order (last in, first
// out) and the rolls. Drawn from the seat's view only; names and texts come from the game's public data files.

import { el, die, cardBacks, cardFace, seatColour, seatChip, seatName, playable, panel } from "../kit.js";

/** @typedef {import("./views").PiratesFlagView} View @typedef {import("./views").PiratesFlagAction} Action */
/** @typedef {import("../kit.js").Context<Action>} Context */

export const data = ["board.json", "cards.json", "captains.json"];

const TIMING = { any_time: "any time", your_turn: "your turn", response: "response", after_roll: "after a roll", instead_of_rolling: "instead of rolling" };
const TIMING_ICON = { any_time: "⏱", your_turn: "☸", response: "↩", after_roll: "🎲", instead_of_rolling: "✋" };
// Spaces per row of the drawn track; rows run back and forth.
const ROW = 6;

/** @param {View} view @param {Context} ctx */
export function draw(view, ctx) {
  const cards = ctx.data.cards.entries;
  const captains = ctx.data.captains.entries;
  const players = view.positions.length;
  const seats = Array.from({ length: players }, (_, i) => i);
  const carrier = view.flag.at === "carried" ? view.flag.seat : null;

  /** A card face, playable when a legal action plays it (one choice per target when it has several). */
  const card = (index, small = false) => {
    const entry = cards[index];
    const actions = ctx.legal.filter((a) => a.action.type === "play" && a.action.card === index);
    const face = cardFace({
      id: entry.id, name: entry.name, text: small ? "" : entry.text, title: entry.text, corner: TIMING_ICON[entry.timing] || "",
      kind: `${TIMING[entry.timing] || entry.timing}${entry.free ? " · free" : ""}${entry.answerable ? "" : " · cannot be answered"}`,
      cls: `pf-card ${entry.timing}${small ? " small" : ""}`,
    });
    if (actions.length === 1) return playable(face, ctx, actions[0]);
    if (actions.length > 1) face.append(el("div", { class: "targets" }, actions.map((a) =>
      playable(el("span", { class: "target" }, a.label.replace(`play ${entry.name}`, "").replace(/^\s*:\s*/, "").trim() || "play"), ctx, a))));
    return face;
  };

  return el("div", { class: "pf" },
    trackOf(view, ctx, seats),
    el("p", { class: "lp-state" }, `Round ${view.round} · ${seatName(view.active)}'s turn`,
      view.priority !== undefined ? ` · ${seatName(view.priority)} may answer` : "",
      ` · next movement roll: ${view.movement_dice} ${view.movement_dice === 1 ? "die" : "dice"}`,
      view.winner !== undefined ? ` · ${seatName(view.winner)} wins` : ""),
    // A game over resolves nothing more: what waited is not shown as waiting.
    view.stack && view.stack.length && view.phase !== "over" ? panel("Waiting to resolve (the last played first)",
      el("ol", { class: "stack", reversed: true }, [...view.stack].reverse().map((item, i) =>
        el("li", { class: i === 0 ? "top" : "", "data-item": item.id }, stackItem(item, view, ctx, card))))) : "",
    view.rolls && view.rolls.length ? panel("Rolls", el("div", { class: "rolls" }, view.rolls.map((r, i) =>
      el("span", { class: "roll", style: `--seat:${seatColour(r.seat)}` }, `${i + 1}. ${seatName(r.seat)} `,
        r.faces.slice(0, r.dice).map((f) => die(f)), r.adjust ? ` ${r.adjust > 0 ? "+" : ""}${r.adjust}` : "")))) : "",
    // No direction yet (at the start, after a waterfall or a flag picked up): the mover chooses one now.
    view.moving ? el("p", {}, `${seatName(view.moving.seat)} is moving: ${view.moving.left} left, ${view.moving.dir === "far" ? "heading away from the Dread Sea"
      : view.moving.dir === "sea" ? "heading towards the Dread Sea" : "choosing a direction"}`) : "",
    panel("Players", el("div", { class: "captains" }, seats.map((p) => {
      const captain = captains[view.captains[p]];
      const used = (view.captains_used || []).includes(p);
      const marks = [
        carrier === p ? "🏴 carries the flag" : "",
        view.first_taker === p ? "took the flag first" : "",
        (view.silenced || []).includes(p) ? "silenced" : "",
        (view.shielded || []).includes(p) ? "shielded" : "",
        (view.visiting || []).includes(p) ? "at a Trading Post" : "",
        (view.traded || []).includes(p) ? "traded" : "",
      ].filter(Boolean);
      const mods = (view.modifiers || []).filter((m) => m[0] === p).map((m) => modText(m[1], m[2]));
      return el("div", { class: `captain${p === ctx.me ? " me" : ""}`, style: `--seat:${seatColour(p)}`, "data-seat": p },
        el("div", {}, seatChip(p, ctx.me), ` space ${view.positions[p] || "Dread Sea"} `, marks.map((m) => el("span", { class: "mark" }, m))),
        captain ? el("div", { class: `pf-captain${used ? " used" : ""}`, title: captain.text }, `⚓ ${captain.name}${used ? " (used)" : ""}: `,
          el("span", { class: "muted" }, captain.text)) : "",
        mods.length ? el("div", { class: "muted" }, "queued: ", mods.join("; ")) : "",
        p === ctx.me ? "" : el("div", {}, cardBacks(view.hand_sizes[p], "cards")));
    }))),
    view.my_hand && view.my_hand.length ? panel(`Your hand (${view.my_hand.length})`, el("div", { class: "hand my-hand" }, view.my_hand.map((k) => card(k))),
      stopsHint(view.my_hand.map((k) => cards[k])),
      ctx.me !== null && (view.card_played || []).includes(ctx.me) ? el("p", { class: "muted", id: "card-played" }, "You have played your card this turn: only cards marked free until the next turn.") : "") : "",
    panel("Piles", el("div", { class: "piles" }, el("span", {}, "Draw pile ", cardBacks(view.pile, "cards", 8)),
      el("span", {}, `Discards: ${view.discards}`))));
}

/**
 * Cards for others' turns (after their roll, say) are offered there only when the player's stops ask for every
 * chance (a trial never saw its "after a roll" card offered): said beside a hand that holds one, until ticked.
 * The setting is the table page's, kept per game in this browser. @param {any[]} hand
 */
function stopsHint(hand) {
  const game = location.pathname.split("/").pop();
  if (localStorage.getItem(`plunder.stops-all.${game}`) === "on") return "";
  if (!hand.some((c) => c && ["any_time", "after_roll", "response"].includes(c.timing))) return "";
  return el("p", { class: "muted", id: "stops-hint" }, "You are asked only at your turn and when a play involves you: to play a card in others' turns (after their roll, say), tick “Stop me at every chance to answer” under your moves.");
}

/** The track as rows of spaces running back and forth, from the Dread Sea (0) to the Dread Captain's ship. @param {View} view @param {Context} ctx @param {number[]} seats */
function trackOf(view, ctx, seats) {
  const board = ctx.data.board;
  const falls = board.waterfalls || [];
  const docksAfter = new Set((board.docks || []).map((d) => Math.min(...d.between)));
  // A dock after space `s` is drawn on the side facing space s + 1: beside it in a row, or below at a row's end.
  const dockSide = (s) => {
    const row = Math.floor((s - 1) / ROW);
    if (row !== Math.floor(s / ROW)) return "down";
    return row % 2 === 0 ? "right" : "left";
  };
  const shipsAt = (space) => seats.filter((p) => view.positions[p] === space).map((p) =>
    el("span", { class: `ship${p === ctx.me ? " me" : ""}`, style: `--seat:${seatColour(p)}`, "data-seat": p, "data-space": space,
      title: `${seatName(p)}'s ship${view.flag.at === "carried" && view.flag.seat === p ? ", carrying the flag" : ""}` },
    `⛵${p + 1}${view.flag.at === "carried" && view.flag.seat === p ? "🏴" : ""}`));
  const flagHere = (space) => (view.flag.at === "dread_ship" && space === board.dread_ship.space) || (view.flag.at === "loose" && view.flag.space === space)
    ? el("span", { class: "flag", "data-flag": space, title: view.flag.at === "loose" ? "the flag, adrift" : "the flag, on the Dread Captain's ship" }, "🏴") : "";
  const cells = board.spaces.map((s) => {
    const row = Math.floor((s.space - 1) / ROW);
    const col = row % 2 === 0 ? (s.space - 1) % ROW : ROW - 1 - ((s.space - 1) % ROW);
    const top = falls.find((f) => f.top === s.space);
    const foot = falls.find((f) => f.bottom === s.space);
    const kind = s.kind === "hazard" ? `${s.shift > 0 ? "+" : ""}${s.shift}` : s.kind === "trading_post" ? "⚖ Post" : s.kind === "dread_ship" ? "☠ Dread ship" : "";
    return el("div", {
      class: `pf-space ${s.kind}${docksAfter.has(s.space) ? ` dock-${dockSide(s.space)}` : ""}`, "data-space": s.space,
      style: `grid-column:${col + 1};grid-row:${row + 1}`,
      title: [s.kind.replace("_", " "), top ? `waterfall down to ${top.bottom}` : "", foot ? `foot of the waterfall from ${foot.top}` : ""].filter(Boolean).join(", "),
    },
    el("span", { class: "no" }, s.space), kind ? el("span", { class: "kind" }, kind) : "",
    top ? el("span", { class: "fall" }, `⤵${top.bottom}`) : "", foot ? el("span", { class: "fall" }, `⤓${foot.top}`) : "",
    flagHere(s.space), el("span", { class: "ships" }, shipsAt(s.space)));
  });
  const sea = el("div", { class: "pf-sea", "data-space": 0 }, el("b", {}, "The Dread Sea "), shipsAt(0));
  return el("div", {}, sea, el("div", { class: "pf-track", "data-spaces": board.spaces.length }, cells),
    el("p", { class: "muted" }, "Yellow edges are docks (draw a card passing one); ⤵ a waterfall's top, ⤓ its foot."));
}

/** One stack item: a card or captain with its target, a roll about to be made, a battle, a roll to answer. @param {import("./views").PiratesFlag.StackItem} item @param {View} view @param {Context} ctx @param {(index: number) => any} card */
function stackItem(item, view, ctx, card) {
  const by = item.by === null || item.by === undefined ? "the rules" : `${seatName(item.by)}`;
  const k = item.item;
  if (k.type === "card") {
    const t = k.target;
    // A roll by whose it is and what it showed (a trial read "on roll 1" as a roll of 1).
    const roll = t.type === "roll" ? (view.rolls || [])[t.index] : undefined;
    const target = t.type === "seat" ? ` on ${seatName(t.seat)}` : t.type === "item" ? ` on item #${t.id}`
      : t.type === "roll" ? (roll ? ` on ${seatName(roll.seat)}'s roll (${roll.faces.slice(0, roll.dice).join(" and ")})` : " on the roll just made") : "";
    const captain = ctx.data.captains.entries;
    return [el("span", { class: "muted" }, `#${item.id} ${by}${target}${k.mirrored ? " (mirrored)" : ""} `),
      // In full: a player deciding whether to answer reads what the card or captain does.
      k.captain ? el("span", { class: "chip" }, `⚓ ${(captain[k.card] || { name: "captain" }).name}`,
        captain[k.card] && captain[k.card].text ? el("span", { class: "muted" }, `: ${captain[k.card].text}`) : "") : card(k.card)];
  }
  if (k.type === "movement_roll") return `#${item.id} ${seatName(k.seat)}'s movement roll${k.escape ? " (escape)" : ""}`;
  if (k.type === "battle") return `#${item.id} battle: ${seatName(k.attacker)} against ${seatName(k.defender)}${k.ranged ? " (ranged)" : ""}`;
  return `#${item.id} the roll just made (${by})`;
}

/** @param {number} scope @param {import("./views").PiratesFlag.Mods} m */
function modText(scope, m) {
  const parts = [];
  if (m.add) parts.push(`${m.add > 0 ? "+" : ""}${m.add}`);
  if (m.doubles) parts.push(`×${2 ** m.doubles}`);
  if (m.set !== null && m.set !== undefined) parts.push(`each die shows ${m.set}`);
  if (m.extra) parts.push(`+${m.extra} dice`);
  if (m.dir) parts.push(m.dir === "far" ? "away" : "towards the sea");
  return `${parts.join(" ")} (${["any roll", "movement", "battle"][scope]})`;
}
