// @ts-check
// Liar's dice: every cup with its dice count, the viewer's own dice, the bids and the last showdown.

import { el, die, cup, seatColour, seatChip, panel, bidChips, showdownOf } from "../kit.js";

/** @typedef {import("./views").LiarsDiceView} View @typedef {import("./views").LiarsDiceAction} Action */
/** @typedef {import("../kit.js").Context<Action>} Context */

export const data = [];

/** @param {View} view @param {Context} ctx */
export function draw(view, ctx) {
  const seats = view.dice_counts.map((_, i) => i);
  return el("div", { class: "ld" },
    panel("Cups", el("div", { class: "captains" }, seats.map((p) => el("div", {
      class: `captain${p === ctx.me ? " me" : ""}${view.turn === p ? " turn" : ""}`, style: `--seat:${seatColour(p)}`, "data-seat": p },
    seatChip(p, ctx.me), view.turn === p ? el("span", { class: "mark" }, "to bid") : "",
    (view.rolling || []).includes(p) ? el("span", { class: "mark" }, "rolling") : "",
    (view.winners || []).includes(p) ? el("span", { class: "mark" }, "winner") : "",
    el("div", {}, cup(view.dice_counts[p])))))),
    view.my_dice && view.my_dice.length ? panel("Your dice", el("div", { class: "my-cup" }, view.my_dice.map((f) => die(f)))) : "",
    // The wild face counts in every showdown: said on the board (a trial counted only the face bid).
    view.wild ? el("p", { class: "wild-note" }, die(view.wild), ` ${view.wild}s are wild: they count as every face bid on.`) : "",
    view.bids && view.bids.length ? panel("Bids", bidChips(view.bids)) : "",
    view.last_showdown ? panel("Last showdown", showdownOf(view.last_showdown, ctx.me, view.wild)) : "");
}
