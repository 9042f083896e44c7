// @ts-check
// Pirate Haven: the row of tiles with each player's position, each player's 4x4 island with its tiles, dice and
// tokens, the Coup track, the Turn track, statues, the chest pile and, at the end, every player's Fame. Nothing
// in a Pirate Haven position is secret, so every seat sees the same board.

import { el, die, seatColour, seatChip, seatName, legalWhere, playable, tappable, panel } from "../kit.js";
import { WORDS } from "./constants.js";

/** @typedef {import("./views").PirateHavenView} View @typedef {import("./views").PirateHavenAction} Action */
/** @typedef {import("../kit.js").Context<Action>} Context */

export const data = ["tiles.json", "island.json", "coup.json"];

// The items by the letter the view writes them with (generated from the Rust), and how the tokens are drawn.
const ITEMS = /** @type {Record<string, { id: string, name: string }>} */ (WORDS["pirate-haven"].items);
const TOKEN = { rum: "🍾", cannon: "💣", pirate: "🏴" };
const TYPE_ICON = { die: "🎲", token: "◆", house: "🏠", port: "⚓", infrastructure: "🏛", chest: "🧰", tavern: "🍺" };

/**
 * The game's tile table as the view numbers it (pirate_haven::content::parse): the round tiles, then the
 * Treasure Chests (the `specials`), Statues left out, then the island's Tavern.
 */
function tileTable(d) {
  const table = [...d.tiles.entries, ...d.tiles.specials].filter((t) => t.type !== "statue");
  const tavern = d.island.entries.find((e) => e.type === "tavern");
  table.push({ id: "tavern", name: "Tavern", type: "tavern", spots: tavern.spots, printed: tavern.printed, text: tavern.text });
  return table;
}

/**
 * The island's cells whose empty spots take any die or token, each with the name of the tile that frees them (a
 * Smuggler's Den frees its own cell's and those sharing a side): the spots' titles say so, as the rules do.
 * @param {any[]} entries the island's cells (id, row, col) @param {Record<string, any>} island a player's placed
 * tiles by cell id ([kind, spots]) @param {any[]} tiles @returns {Record<string, string>}
 */
export function freedCells(entries, island, tiles) {
  /** @type {Record<string, string>} */
  const freed = {};
  for (const cell of entries) {
    const placed = island[cell.id];
    const tile = placed && tiles[placed[0]];
    if (!tile || !(tile.effect || []).some((/** @type {any} */ f) => f.kind === "free_spots_adjacent")) continue;
    for (const near of entries) {
      if (Math.abs(near.row - cell.row) + Math.abs(near.col - cell.col) <= 1 && !freed[near.id]) freed[near.id] = tile.name;
    }
  }
  return freed;
}

/** A die or token on a spot, from the view's text (`F3`, `R`; `-` empty). @param {string} text @param {string} [title] */
function piece(text, title) {
  if (text === "-") return el("span", { class: "spot empty", title: `empty spot${title ? `: ${title}` : ""}` });
  const { id: kind, name } = ITEMS[text[0]] || { id: "", name: text };
  if (text.length > 1) return die(Number(text.slice(1)), { kind: `ph-${kind}`, title: `${name} die ${text.slice(1)}` });
  return el("span", { class: `token ph-${kind}`, title: name }, TOKEN[kind] || name);
}

/** @param {View} view @param {Context} ctx */
export function draw(view, ctx) {
  const tiles = tileTable(ctx.data);
  const players = view.pos.length;
  const seats = Array.from({ length: players }, (_, i) => i);
  const top = ctx.data.coup.coup_track.top;
  const tileChip = (kind) => el("span", { class: `ph-tilechip ${tiles[kind].type}`, title: tiles[kind].text },
    `${TYPE_ICON[tiles[kind].type] || ""} ${tiles[kind].name}`);

  // A tap on a map tile says what it does, with a button to travel there: a tap alone never moves the ship (a
  // phone trial tapped a tile to read it and found its ship gone past nine others).
  const about = el("p", { class: "ph-tile-about muted", id: "tile-about" }, "Tap a tile to read what it does.");
  /** @param {number} kind @param {number} slot @param {import("../kit.js").LegalAction<Action> | undefined} travel */
  const tellAbout = (kind, slot, travel) => {
    const tile = tiles[kind];
    about.replaceChildren(el("b", {}, `Slot ${slot}: ${TYPE_ICON[tile.type] || ""} ${tile.name}. `), tile.text,
      ...(travel ? [" ", playable(el("button", { class: "ph-travel" }, "Travel here"), ctx, travel)] : []));
  };
  const row = el("div", { class: "ph-row" },
    el("div", { class: "ph-slot start", "data-slot": 0 }, el("span", { class: "no" }, "start"), shipsAt(0)),
    view.map.map((slot, i) => {
      const node = el("div", { class: `ph-slot${slot ? ` t-${tiles[slot[0]].type}` : " taken"}`, "data-slot": i + 1,
        title: slot ? tiles[slot[0]].text : "taken" },
      el("span", { class: "no" }, i + 1),
      slot ? [el("span", { class: "icon" }, TYPE_ICON[tiles[slot[0]].type] || ""), el("span", { class: "name" }, tiles[slot[0]].name),
        slot[1] !== null ? die(slot[1], { kind: `ph-${tiles[slot[0]].id.replace("-die", "")}` }) : ""] : el("span", { class: "muted" }, "—"),
      shipsAt(i + 1));
      if (!slot) return node;
      const travel = legalWhere(ctx, (a) => a.type === "travel" && a.slot === i + 1);
      node.classList.add("readable");
      if (travel) node.classList.add("can-travel");
      return tappable(node, () => tellAbout(slot[0], i + 1, travel));
    }));

  function shipsAt(slot) {
    return el("span", { class: "ships" }, seats.filter((p) => view.pos[p] === slot).map((p) =>
      el("span", { class: `ship${p === ctx.me ? " me" : ""}`, style: `--seat:${seatColour(p)}`, "data-seat": p }, `${seatName(p)}`)));
  }

  const coup = el("div", { class: "ph-coup", "data-top": top, style: `grid-template-columns:repeat(${top + 1},1fr)` }, Array.from({ length: top + 1 }, (_, step) =>
    el("div", { class: `coup-step${step === top ? " top" : ""}`, "data-step": step }, el("span", { class: "no" }, step === top ? `${step} ★` : step),
      seats.filter((p) => view.coup[p] === step).map((p) => el("span", { class: "pawn", style: `--seat:${seatColour(p)}`, "data-seat": p, title: `${seatName(p)}` }, p + 1)))));

  // While the viewer places something on their own island, it comes first, beside the moves (a phone trial
  // found it 1,500 px below them).
  const placing = ctx.me !== null && ctx.legal.some((l) => typeof l.action === "object" && ("cell" in l.action || "at" in l.action || "from" in l.action));
  const islands = seats.filter((p) => !(placing && p === ctx.me)).map((p) => islandOf(p, view, ctx, tiles));
  const placedKind = placedTile(view);
  return el("div", { class: "ph" },
    el("p", { class: "lp-state" }, `Round ${view.round} of 4 · ${phaseText(view.phase) === "over" ? "the game is over" : `${seatName(view.mover)} to ${phaseText(view.phase)}`}`,
      view.holding ? [" · holding ", piece(view.holding)] : ""),
    view.scores ? finalScores(view.scores, ctx.me) : "",
    placing && ctx.me !== null ? el("div", { class: "ph-islands placing", id: "placing-island", "data-board-first": "" }, islandOf(ctx.me, view, ctx, tiles)) : "",
    // The tile being placed, with what it does (a trial placed a Naval Dock without knowing), under the island so
    // that a phone shows the island on its first screen.
    placedKind !== null && tiles[placedKind] ? el("p", { class: "muted", id: "placing-tile" }, el("b", {}, `${TYPE_ICON[tiles[placedKind].type] || ""} ${tiles[placedKind].name}: `), tiles[placedKind].text) : "",
    panel("The map (travel right; a tile taken leaves a gap)", row, about),
    panel(`Coup track (the first to ${top} triggers the Coup${view.coup_done ? ": it happened this round" : ""})`, coup),
    panel("Turn track and supplies", el("div", { class: "piles" },
      el("span", {}, "Left the map: ", view.track.map((p, i) => el("span", { class: "chip" }, `${i + 1}. `, p === null ? "—" : seatChip(p, ctx.me)))),
      el("span", {}, "This round's order: ", view.order.map((p) => seatChip(p, ctx.me))),
      el("span", {}, `Dice in the pool: Food ${view.pool[0]}, Gold ${view.pool[1]}, Ship ${view.pool[2]}`),
      el("span", {}, `Statues left: ${view.statues_left}`),
      el("span", {}, "Top chest: ", view.chest_top === null ? "face down" : tileChip(view.chest_top), ` (${view.chests.reduce((a, b) => a + b, 0)} under it)`),
      chestBuy(legalWhere(ctx, (a) => a.type === "buy_chest"), ctx))),
    spotLegendOf(ctx),
    el("div", { class: "ph-islands" }, islands),
    legendOf(view, tiles));
}

/** The tile or chest being placed now, if one is. @param {View} view @returns {number | null} */
function placedTile(view) {
  const phase = /** @type {any} */ (view.phase);
  return phase && typeof phase === "object" && (phase.phase === "place_tile" || phase.phase === "place_chest") ? phase.kind : null;
}

/** What the colours of the islands' spots mean (which tiles each takes), from the island's data file.
 * @param {Context} ctx */
function spotLegendOf(ctx) {
  const types = (ctx.data.island && ctx.data.island.spot_types) || [];
  return el("p", { class: "ph-spot-legend", id: "spot-legend" }, "Island spots: ",
    types.map((/** @type {any} */ t) => el("span", { class: `ph-cell t-${t.id} legend-spot`, title: t.text, "data-spot-type": t.id },
      // "House spot (orange): a House tile, a Treasure Chest." -> "House spot: a House tile, a Treasure Chest"
      t.text.replace(/ \([^)]*\)/, "").replace(/\.$/, ""))));
}

/** What every tile on the table does, in words (a phone shows no tooltips): the map's, the islands' and the top
 * chest's. @param {View} view @param {any[]} tiles */
function legendOf(view, tiles) {
  const kinds = new Set();
  view.map.forEach((slot) => { if (slot) kinds.add(slot[0]); });
  view.islands.forEach((island) => Object.values(island).forEach((placed) => { if (placed) kinds.add(placed[0]); }));
  if (view.chest_top !== null && view.chest_top !== undefined) kinds.add(view.chest_top);
  if (placedTile(view) !== null) kinds.add(placedTile(view));
  const shown = [...kinds].filter((k) => tiles[k]).sort((a, b) => tiles[a].name.localeCompare(tiles[b].name));
  return el("details", { class: "legend" }, el("summary", {}, "Tile legends"),
    el("ul", {}, shown.map((k) => el("li", {}, el("b", {}, `${TYPE_ICON[tiles[k].type] || ""} ${tiles[k].name}: `), tiles[k].text))));
}

/** What the mover is doing, in words ("P1 to climb the Coup track"). */
const PHASE_WORDS = /** @type {Record<string, string>} */ ({
  lay: "lay the map", roll: "roll the map's dice", travel: "travel", resolve: "take or discard",
  place_tile: "place a tile", place_item: "place a die or token", pay: "pay Food pips",
  place_chest: "place a chest", coup_raise: "raise a die (Coup bonus)", coup_spend: "climb the Coup track",
  reroll: "reroll a die (Port)", rerolling: "reroll a die (Port)", relocate: "move a piece or tile (Port)",
});

/** @param {import("./views").PirateHaven.Phase} phase */
function phaseText(phase) {
  const name = typeof phase === "string" ? phase : phase.phase;
  return PHASE_WORDS[name] || name.replaceAll("_", " ");
}

/** One player's island: the 4x4 grid of spots by their type, each tile placed with its spots and printed pieces. @param {number} p @param {View} view @param {Context} ctx @param {any[]} tiles */
function islandOf(p, view, ctx, tiles) {
  const island = view.islands[p];
  const mine = p === ctx.me && view.mover === p;
  const freed = freedCells(ctx.data.island.entries, island, tiles);
  const cells = ctx.data.island.entries.map((spot) => {
    const placed = island[spot.id];
    const tile = placed ? tiles[placed[0]] : null;
    const node = el("div", { class: `ph-cell t-${spot.type}${tile ? ` built b-${tile.type}` : ""}`, "data-cell": spot.id, style: `grid-column:${spot.col + 1};grid-row:${spot.row + 1}`,
      title: tile ? `${tile.name}: ${tile.text}` : `${spot.id}: ${spot.text}` },
    el("span", { class: "no" }, spot.id),
    tile ? [el("span", { class: "name" }, `${TYPE_ICON[tile.type] || ""} ${tile.name}`),
      el("span", { class: "printed" }, (tile.printed || []).map((pr) => pr.value ? die(pr.value, { kind: `ph-${pr.item}`, title: `printed ${pr.item} ${pr.value}` })
        : el("span", { class: `token ph-${pr.item}`, title: `printed ${pr.item}` }, TOKEN[pr.item] || pr.item))),
      // The view lists a fixed number of spots per plot; the tile's own spots are the first ones.
      placed && el("span", { class: "spots" }, placed[1].slice(0, (tile.spots || []).length).map((text, i) => {
        const at = (a) => a.at && a.at.cell === spot.id && a.at.spot === i;
        const actions = mine ? ctx.legal.filter((a) => at(a.action)) : [];
        const freer = freed[spot.id];
        const takes = freer ? `any die or token (the ${freer} frees it; the limits still hold)`
          : tile.spots && tile.spots[i] ? tile.spots[i].join(" or ") : "";
        return playable(piece(text, takes), ctx, actions.length === 1 ? actions[0] : undefined);
      }))] : "");
    const place = mine ? legalWhere(ctx, (a) => (a.type === "place_tile" || a.type === "place_chest") && a.cell === spot.id) : undefined;
    return playable(node, ctx, place);
  });
  const score = view.scores ? view.scores[p] : null;
  const now = view.fame_now ? view.fame_now[p] : null;
  return el("div", { class: `ph-island${p === ctx.me ? " me" : ""}`, style: `--seat:${seatColour(p)}`, "data-seat": p },
    el("div", {}, seatChip(p, ctx.me), ` Coup ${view.coup[p]} · Statues ${view.statues[p]}`, score ? el("b", { class: "fame" }, ` · Fame ${score.total}`)
      : now ? el("span", { class: "fame", title: "the Fame this island would score if the game ended now" }, ` · Fame now ${now.total}`) : ""),
    el("div", { class: "ph-grid" }, cells),
    // Its sources in words, mid-game too (a phone shows no tooltips, and a bare number did not say why).
    score ? el("div", { class: "muted" }, `Fame: ${sources(score)}`)
      : now ? el("div", { class: "muted fame-now" }, `If the game ended now: ${sources(now)}`) : "");
}

/**
 * The final Fame as a table, highest first, its total beside the name then each source a column, with short
 * heads titled in full so it fits a phone (a trial read the ending's prose for it). Ties keep seat order: the
 * game's tie-breaks are told in the ending's lines.
 * @param {import("./views").PirateHaven.Score[]} scores @param {number | null} me
 */
function finalScores(scores, me) {
  const order = scores.map((_, p) => p).sort((a, b) => scores[b].total - scores[a].total || a - b);
  const catchUp = scores.some((s) => s.catch_up);
  const columns = [["Fame", "total Fame"], ["Ships", "Ships"], ["Rum", "Rum sets"], ["Infra.", "Infrastructure tiles"],
    ["Statues", "Statues"], ["Turn", "1st on the Turn track"], ...(catchUp ? [["Catch-up", "catch-up Fame"]] : [])];
  return panel("Final Fame", el("table", { class: "view ph-final", id: "final-scores" },
    el("tr", {}, el("th", {}, "Player"), columns.map(([head, title]) => el("th", { title }, head))),
    order.map((p) => {
      const s = scores[p];
      const cells = [s.ships, s.rum, s.infrastructure, s.statues, s.first, ...(catchUp ? [s.catch_up] : [])];
      return el("tr", { "data-seat": p }, el("td", {}, seatChip(p, me)), el("td", { class: "total" }, el("b", {}, String(s.total))),
        cells.map((v) => el("td", {}, String(v))));
    })));
}

/** A score's sources in words. @param {import("./views").PirateHaven.Score} score */
function sources(score) {
  return `Ships ${score.ships}, Rum ${score.rum}, Infrastructure ${score.infrastructure}, Statues ${score.statues}, Turn track ${score.first}${score.catch_up ? `, catch-up ${score.catch_up}` : ""}`;
}

/** Buying the top chest on the board, with its price (the move's label), only when it may be done: as plain text
 * it read as a button. @param {import("../kit.js").LegalAction | undefined} buy @param {Context} ctx */
function chestBuy(buy, ctx) {
  return buy ? playable(el("span", { class: "buy" }, buy.label), ctx, buy) : "";
}
