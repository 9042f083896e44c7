// The status bar's summary of what the seat is asked (static/moves.js's askedTo), on labels the games give:
// run by run.sh before the browser tests (it needs no browser).
import { askedTo, sharedHead } from "../static/moves.js";

const l = (label) => ({ label, action: null });
const cases = [
  // Two moves of one head are that head once (a trial read "place ... on c3, place ... on c3").
  [["place the Pirate token on the Trading Port on c3 (row 3, column c), spot 1",
    "place the Pirate token on the Trading Port on c3 (row 3, column c), spot 2"], "place the Pirate token on the Trading Port on c3"],
  // Two heads that share their first words are those words.
  [["roll for movement", "use Captain Drake on P3: move it", "use Captain Drake on P4: move it"], "roll for movement or use Captain Drake"],
  // Two that share only their verb are both named; a pass keeps what it lets happen.
  [["pass: end your turn", "pass for the rest of the turn (not asked again)"], "pass (end your turn) or pass for the rest of the turn"],
  [["bid 1 × 2", "bid 2 × 3", "bid 3 × 5", "call Scallywagger!", "call for a Parlay"], "bid, call Scallywagger! or call for a Parlay"],
  // More that share only their verb: the verb, and "…" for what the buttons say (a trial read "aim at").
  [["aim at P2", "aim at P3", "aim at P4"], "aim at …"],
  [["roll for movement", "play Sea Legs on P1's roll of 4", "play Smooth Sailing", "play Full Sail: 6 spaces"], "roll for movement or play …"],
  [["play [silver] Riptide", "play [silver] Debt on P2", "play [gold] Mutiny", "buy a card for 2 coins"], "play … or buy a card for 2 coins"],
  [["bid 1 × 2", "bid 2 × 3", "bid 3 × 5", "call liar: say fewer than 3 show 5"], "bid or call liar"],
];
let failed = 0;
for (const [labels, expected] of cases) {
  const said = askedTo(labels.map(l));
  if (said !== expected) { console.error(`FAIL: askedTo(${JSON.stringify(labels)}) says "${said}", not "${expected}"`); failed += 1; }
}
// The words every move starts with, said once above buttons naming what differs (moves.js's sharedHead).
const heads = [
  [["place the Trading Port on d2 (row 2, column d)", "place the Trading Port on c3 (row 3, column c)",
    "place the Trading Port on a4 (row 4, column a)"], "place the Trading Port on "],
  // A verb or two alone stay on the buttons, and so do two moves; no button is left empty.
  [["sail away from the sea", "sail away from the ship", "sail away"], ""],
  [["pass: end your turn", "pass for the rest of the turn", "roll for movement"], ""],
  [["place the Trading Port on d2", "place the Trading Port on c3"], ""],
];
for (const [texts, expected] of heads) {
  const said = sharedHead(texts);
  if (said !== expected) { console.error(`FAIL: sharedHead(${JSON.stringify(texts)}) is "${said}", not "${expected}"`); failed += 1; }
}
if (failed) process.exit(1);
console.log(`ok: the status bar sums up what is asked (${cases.length} cases), and moves alike share their first words (${heads.length})`);
