// @ts-check
// Loot Pirates: the pirates round the table with their doubloons, who aims at whom (arrows, once everyone has
// aimed), guns dropped or shot, the booty and the reserve, the viewer's red and black dice, payments and the last
// round.

import { el, svg, die, coins, seatColour, seatChip, seatName, legalWhere, playable, panel } from "../kit.js";

/** @typedef {import("./views").LootPiratesView} View @typedef {import("./views").LootPiratesAction} Action */
/** @typedef {import("../kit.js").Context<Action>} Context */

export const data = [];

/** @param {View} view @param {Context} ctx */
export function draw(view, ctx) {
  const n = view.players;
  const last = view.last_round;
  const seats = Array.from({ length: n }, (_, i) => i);
  const at = (p) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * p) / n;
    return [150 + 105 * Math.cos(angle), 130 + 95 * Math.sin(angle)];
  };
  // Once over, the last round's aims, every one of them public (a trial saw only its own arrow at the end).
  const aims = view.aims || (view.phase === "over" && last ? last.aims : seats.map((p) => (p === ctx.me ? view.my_aim : null)));
  const arrows = seats.filter((p) => aims[p] !== null && aims[p] !== undefined).map((p) => {
    const [x1, y1] = at(p);
    const [x2, y2] = at(aims[p]);
    const k = 26 / Math.hypot(x2 - x1, y2 - y1);
    return svg("line", { x1: x1 + (x2 - x1) * k, y1: y1 + (y2 - y1) * k, x2: x2 - (x2 - x1) * k, y2: y2 - (y2 - y1) * k,
      stroke: seatColour(p), "stroke-width": 3, "marker-end": "url(#lp-arrow)", class: "aim", "data-from": p, "data-to": aims[p] });
  });
  const lastFire = view.last_round && view.last_round.round === view.round ? view.last_round.fires : null;
  const pirates = seats.map((p) => {
    const [x, y] = at(p);
    const node = svg("g", { class: `pirate${p === ctx.me ? " me" : ""}`, "data-seat": p, transform: `translate(${x},${y})` },
      svg("circle", { r: 24, fill: (view.contestants || []).includes(p) ? seatColour(p) : "#aaa", stroke: p === ctx.me ? "#d9a400" : "#fff", "stroke-width": 3 }),
      svg("text", { y: -4, "text-anchor": "middle", fill: "white", "font-weight": "bold", "font-size": 13 }, `${seatName(p)}`),
      svg("text", { y: 11, "text-anchor": "middle", fill: "white", "font-size": 11 }, `${view.coins[p]}🪙`),
      view.captain === p ? svg("text", { y: -28, "text-anchor": "middle", "font-size": 12 }, "captain") : "",
      (view.fired || []).includes(p) ? svg("text", { y: 38, "text-anchor": "middle", "font-size": 11 }, lastFire ? lastFire[p] : "chose") : "",
      (view.aimed || []).includes(p) && !view.aims ? svg("text", { y: 38, "text-anchor": "middle", "font-size": 11 }, "aimed") : "");
    return playable(node, ctx, legalWhere(ctx, (a) => a.type === "aim" && a.target === p));
  });
  return el("div", { class: "loot" },
    el("p", { class: "lp-state" }, `Round ${view.round}${view.shoot_off_round ? ` (shoot-off ${view.shoot_off_round})` : ""} · ${String(view.phase).replaceAll("_", " ")}`,
      view.negotiator !== null && view.negotiator !== undefined ? ` · ${seatName(view.negotiator)} negotiates` : ""),
    el("div", { class: "loot-table" },
      svg("svg", { viewBox: "0 0 300 270", class: "loot-ring", role: "img", "aria-label": "the pirates and their aims" },
        svg("defs", {}, svg("marker", { id: "lp-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" },
          svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#333" }))),
        svg("text", { x: 150, y: 125, "text-anchor": "middle", "font-size": 13 }, `Booty ${view.booty}`),
        svg("text", { x: 150, y: 143, "text-anchor": "middle", "font-size": 11, fill: "#666" }, `reserve ${view.reserve}`),
        arrows, pirates)),
    // What each die is for, beside it (a phone trial found it only in a log line).
    view.my_dice ? panel("Your dice", el("div", {}, die(view.my_dice.red, { kind: "red", title: "red die: attacks" }), " attack ",
      die(view.my_dice.black, { kind: "black", title: "black die: defends" }), " defence",
      view.my_aim !== null && view.my_aim !== undefined ? ` you aim at ${seatName(view.my_aim)}` : "")) : "",
    view.shown_to_me && view.shown_to_me.length ? panel("Dice shown to you", view.shown_to_me.map((s) =>
      el("div", {}, seatChip(s.seat, ctx.me), " ", die(s.dice.red, { kind: "red" }), die(s.dice.black, { kind: "black" })))) : "",
    panel("Doubloons", el("div", { class: "piles" }, seats.map((p) => el("span", {}, seatChip(p, ctx.me), " ", coins(view.coins[p]),
      el("span", { class: "muted" }, ` ${view.offers_left[p]} ${view.offers_left[p] === 1 ? "offer" : "offers"} left`)))),
    view.payments && view.payments.length ? el("p", { class: "muted" }, "Paid: ", view.payments.map((x) => `${seatName(x.from)} → ${seatName(x.to)} ${x.doubloons}`).join(", ")) : "",
    view.showings && view.showings.length ? el("p", { class: "muted" }, "Dice shown: ", view.showings.map((x) => `${seatName(x.from)} → ${seatName(x.to)}`).join(", ")) : ""),
    last ? panel(`Round ${last.round}`, el("div", { class: "piles" }, seats.map((p) => el("span", {}, seatChip(p, ctx.me),
      ` aimed ${last.aims[p] === null ? "—" : `${seatName(last.aims[p])}`}, ${last.fires[p] || "—"}`,
      last.red[p] !== null ? [" ", die(last.red[p], { kind: "red" }), die(last.black[p], { kind: "black" })] : "",
      ` share ${last.shares[p]}`)))) : "");
}
