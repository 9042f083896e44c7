// What the games' boards compute from a view, without a browser: run by run.sh before the browser tests.
import { readFileSync } from "node:fs";
import { freedCells } from "../static/games/pirate-haven.js";

const data = (name) => JSON.parse(readFileSync(new URL(`../../plunder-games/data/pirate-haven/${name}`, import.meta.url), "utf8"));
const tiles = data("tiles.json");
const table = [...tiles.entries, ...tiles.specials];
const entries = data("island.json").entries;
const kind = (id) => table.findIndex((t) => t.id === id);
let failed = 0;
const check = (what, ok) => { if (!ok) { console.error(`FAIL: ${what}`); failed += 1; } };
// A Smuggler's Den on b3 frees its own cell and the four sharing a side, and no other (a trial found the browser's
// empty spots beside it titled with their printed colours only).
const freed = freedCells(entries, { b3: [kind("smugglers-den"), []], d4: [kind("farmhouse"), []] }, table);
check(`the Den's cells: ${JSON.stringify(freed)}`, ["b3", "a3", "c3", "b2", "b4"].every((c) => freed[c] === "Smuggler's Den")
  && Object.keys(freed).length === 5);
check("no Den, nothing freed", Object.keys(freedCells(entries, { d4: [kind("farmhouse"), []] }, table)).length === 0);
if (failed) process.exit(1);
console.log("ok: Pirate Haven's island says which empty spots a Smuggler's Den frees (2 cases)");
