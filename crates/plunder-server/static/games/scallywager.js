// @ts-check
// Scallywager: every captain's crew (cup), the dice the viewer knows, Treasure cards face up in front of each
// captain, concealed Adventure cards as backs, the viewer's own dice and Adventure cards, the two decks, the bids
// and the last showdown. Card names and texts come from the game's public data files.

import { el, die, cup, cardBacks, cardFace, seatColour, seatChip, seatName, legalWhere, playable, panel, bidChips, showdownOf } from "../kit.js";

/** @typedef {import("./views").ScallywagerView} View @typedef {import("./views").ScallywagerAction} Action */
/** @typedef {import("../kit.js").Context<Action>} Context @typedef {import("../kit.js").LegalAction<Action>} Legal */

export const data = ["treasure.json", "adventure.json"];

/** @param {View} view @param {Context} ctx */
export function draw(view, ctx) {
  const decks = { treasure: ctx.data.treasure.cards, adventure: ctx.data.adventure.cards };
  const seats = Array.from({ length: view.players }, (_, i) => i);

  /** A card face of `deck`; playable when a legal action uses it (one choice per target when several). */
  const card = (deck, index, extra = "", small = false) => {
    const entry = decks[deck][index];
    const actions = ctx.legal.filter(/** @param {Legal} a @returns {a is Legal & { action: { type: "use" } }} */
      (a) => a.action.type === "use" && a.action.deck === deck && a.action.card === index);
    const face = cardFace({ id: entry.id, name: entry.name, text: small ? "" : entry.text, title: entry.text,
      corner: deck === "treasure" ? "💰" : "🗺", kind: `${deck}${entry.lasting ? " · lasting" : ""}${extra}`, cls: `sw-card ${deck}${small ? " small" : ""}` });
    if (actions.length === 1) return playable(face, ctx, actions[0]);
    if (actions.length > 1) face.append(el("div", { class: "targets" }, actions.map((a) =>
      playable(el("span", { class: "target" }, a.action.target === undefined || a.action.target === null ? "use" : `on ${seatName(a.action.target)}`), ctx, a))));
    return face;
  };

  const marks = (p) => [
    view.token === p ? "🧭 token" : "", view.bidder === p ? "to bid" : "", view.priority === p ? "priority" : "",
    view.black_spot === p ? "⚫ black spot" : "", view.forced === p ? "forced" : "", (view.boarders || []).includes(p) ? "boarders" : "",
    (view.ghosts || []).includes(p) ? "ghost" : "", (view.answering || []).includes(p) ? "may answer" : "", (view.winners || []).includes(p) ? "winner" : "",
  ].filter(Boolean).map((m) => el("span", { class: "mark" }, m));

  return el("div", { class: "sw" },
    el("p", { class: "lp-state" }, `Turn ${view.turn} · ${String(view.phase).replaceAll("_", " ")} · sailing ${view.clockwise ? "clockwise ↻" : "anticlockwise ↺"}`,
      view.powder_kegs ? ` · ${view.powder_kegs} powder keg${view.powder_kegs > 1 ? "s" : ""}` : "",
      view.drawing !== null && view.drawing !== undefined ? ` · ${seatName(view.drawing)} draws` : ""),
    panel("Captains", el("div", { class: "captains" }, seats.map((p) => {
      const known = (view.known || []).filter((k) => k.seat === p);
      const revealed = (view.revealed || []).filter((r) => r.seat === p);
      return el("div", { class: `captain${p === ctx.me ? " me" : ""}`, style: `--seat:${seatColour(p)}`, "data-seat": p },
        el("div", {}, seatChip(p, ctx.me), " ", marks(p)),
        el("div", {}, cup(view.crew[p]), known.length ? el("span", { class: "muted" }, " dice you have seen: ") : "",
          known.map((k) => die(k.face, { title: `die ${k.index + 1}: ${k.face}` }))),
        view.treasure[p].length ? el("div", { class: "hand" }, view.treasure[p].map((h) => card("treasure", h.card, h.count > 1 ? ` · ×${h.count}` : "", true))) : "",
        revealed.length ? el("div", { class: "hand" }, revealed.map((r) => card("adventure", r.card, " · revealed", true))) : "",
        p === ctx.me ? "" : el("div", {}, cardBacks(view.concealed[p], "concealed Adventure cards")));
    }))),
    view.my_dice && view.my_dice.length ? panel("Your dice", el("div", { class: "my-cup" }, view.my_dice.map((f) => die(f)))) : "",
    // Nobody bids on ones: what they count for is said beside the dice (a trial missed the face-1 bid unexplained).
    el("p", { class: "wild-note" }, die(1), view.wild ? " 1s are wild: they count as every face bid on (nobody bids on 1s)."
      : " 1s are blank: they count for no bid, and nobody bids on them."),
    view.my_adventure && view.my_adventure.length ? panel(`Your Adventure cards (${view.my_adventure.length})`, el("div", { class: "hand my-hand" },
      view.my_adventure.map((h) => card("adventure", h.card, `${h.revealed ? " · revealed" : ""}${h.drawn_turn === view.turn ? " · drawn this turn" : ""}`)))) : "",
    view.treasure[ctx.me ?? -1] && view.treasure[ctx.me ?? -1].length ? panel("Your Treasure cards", el("div", { class: "hand" },
      view.treasure[ctx.me ?? -1].map((h) => card("treasure", h.card, h.count > 1 ? ` · ×${h.count}` : "")))) : "",
    panel("Decks", el("div", { class: "piles" }, ["treasure", "adventure"].map((deck, i) => playable(el("span", { class: "deck" },
      `${deck[0].toUpperCase()}${deck.slice(1)} `, cardBacks(view.deck_sizes[i], "cards", 6), ` · discarded ${view.discards[i].reduce((a, b) => a + b, 0)}`),
    ctx, legalWhere(ctx, (a) => a.type === "draw" && a.deck === deck))))),
    view.bids && view.bids.length ? panel("Bids", bidChips(view.bids)) : "",
    view.last_showdown ? panel(`Last showdown (turn ${view.last_showdown.turn})`, showdownOf(view.last_showdown, ctx.me, view.wild)) : "");
}
