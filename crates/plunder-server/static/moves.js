// @ts-check
// "Your move": what a seat may do now. Bids (any action with a whole `quantity` and `face`) are chosen with a
// picker — the die faces, a quantity stepper offering only legal quantities, and one button for the bid shown —
// beside large buttons for the few other choices (Liar, Exact). Any other list of actions is a button per
// action, with a filter when there are many; actions whose labels share their first steps (a captain that can
// move any ship 1 to 4 spaces either way) share one button, which shows their next step. Built again only when the choices change, so a half-made choice,
// the filter's text and the scroll position survive other players' moves.

import { el, die } from "./kit.js";

/** @typedef {import("./kit.js").LegalAction} LegalAction */

/** How many plain buttons are shown before a filter box is offered. */
const FILTER_FROM = 12;

/** The bid an action makes, if it makes one. @param {any} action */
const bidOf = (action) => (action && typeof action === "object" && Number.isInteger(action.quantity) && Number.isInteger(action.face) ? action : null);
/** The action's kind, as the game tags it. @param {any} action */
const kindOf = (action) => String(action.type ?? action.kind ?? "");
/** A label's first word, capitalised: "bet 3 × 5" gives "Bet". @param {string} label */
const verb = (label) => { const w = label.split(/\s+/)[0] || ""; return w.charAt(0).toUpperCase() + w.slice(1); };

/**
 * The moves panel of one seat: `memory` keeps the filter's text across rebuilds.
 * @param {LegalAction[]} legal @param {(action: unknown) => void} act
 * @param {{ filter: string }} memory
 */
export function movesPanel(legal, act, memory) {
  /** @type {Map<string, LegalAction[]>} */
  const bids = new Map();
  /** @type {LegalAction[]} */
  const others = [];
  for (const a of legal) {
    if (bidOf(a.action)) {
      const kind = kindOf(a.action);
      bids.set(kind, [...(bids.get(kind) || []), a]);
    } else others.push(a);
  }
  // A kind with a single bid is no choice of quantity: it is a plain button.
  for (const [kind, list] of bids) if (list.length < 3) { others.push(...list); bids.delete(kind); }
  const pickers = [...bids].map(([kind, list]) => picker(kind, list, act));
  const button = (/** @type {LegalAction} */ a, /** @type {string} */ cls) =>
    el("button", { class: `action ${cls}`, onclick: () => act(a.action), title: a.label }, a.label);
  if (pickers.length && others.length <= 4) {
    return el("div", { class: "moves" }, pickers, el("div", { class: "calls" }, others.map((a) => button(a, "call"))));
  }
  // The moves the game says head every list (a pass, leaving the map, buying the chest face up) stay above a long
  // list, never scrolled or filtered away (a trial found "leave the map" under 15 travels).
  const many = others.length > FILTER_FROM;
  const head = many ? others.filter((a) => a.first) : [];
  const rest = many ? others.filter((a) => !a.first) : others;
  const buttons = el("div", { class: many ? "actions many" : "actions" });
  /** The buttons of one step: the first shows every move, a later one the moves of the button chosen. */
  const showStep = (/** @type {LegalAction[]} */ list, /** @type {number} */ depth, /** @type {string} */ heading) => {
    const lines = stepLines(list, depth);
    // Every move's words starting alike ("place the Trading Port on d2", "... on c3"): said once above buttons
    // naming only what differs, so a phone shows them all with the board in view (a trial scrolled past six).
    const shared = heading ? "" : sharedHead(lines.map((line) => line.text));
    buttons.classList.toggle("shared", shared !== "");
    buttons.replaceChildren(
      heading ? el("div", { class: "step-heading" }, el("span", {}, `${heading}:`),
        el("button", { class: "back", onclick: () => showStep(rest, 0, "") }, "← every move")) : "",
      shared ? el("div", { class: "shared-head" }, `${shared}…`) : "",
      ...lines.map((line) => line.members.length === 1
        ? el("button", { class: "action", onclick: () => act(line.members[0].action), title: line.members[0].label,
          "data-find": line.members[0].label }, line.text.slice(shared.length))
        : el("button", { class: "action group", title: `${line.members.length} ways: choose next`,
          "data-find": line.members.map((m) => m.label).join("\n"),
          onclick: () => { const next = nextStep(line.members, depth); showStep(line.members, next, stepsOf(line.members[0]).slice(0, next).join(" – ")); } },
        `${line.text.slice(shared.length)} … (${line.members.length})`)));
    if (filter) applyFilter(filter.value);
  };
  const applyFilter = (/** @type {string} */ text) => buttons.querySelectorAll("button.action").forEach((/** @type {HTMLElement} */ b) => {
    b.style.display = (b.dataset.find || b.textContent || "").toLowerCase().includes(text.toLowerCase()) ? "" : "none";
  });
  /** @type {any} */
  let filter = null;
  if (many) {
    // Counted as moves, not buttons: a button for several moves (a captain's many uses) is many.
    filter = el("input", { placeholder: `filter the moves (${rest.length} in all)`, id: "filter", value: memory.filter, type: "search" });
    filter.addEventListener("input", () => { memory.filter = filter.value; applyFilter(filter.value); });
  }
  showStep(rest, 0, "");
  // Plain buttons, not the bold calls beside a bid picker: leaving the map is no default (a trial found it the
  // boldest button of a first turn).
  return el("div", { class: "moves" }, pickers, head.length ? el("div", { class: "actions first" }, head.map((a) => button(a, "first"))) : "", filter, buttons);
}

/**
 * The words every one of `texts` starts with, through the last word they share (at least three words, so that a
 * verb alone is never taken away, and at least three texts), with its trailing space; "" otherwise.
 * @param {string[]} texts
 */
export function sharedHead(texts) {
  if (texts.length < 3) return "";
  const words = texts.map((t) => t.split(" "));
  let n = 0;
  while (words.every((w) => n < w.length - 1 && w[n] === words[0][n])) n += 1;
  return n >= 3 ? `${words[0].slice(0, n).join(" ")} ` : "";
}

/** An action's steps (what is done, then whom, then how far): the label alone where the server sent none. @param {LegalAction} a */
const stepsOf = (a) => (a.steps && a.steps.length ? a.steps : [a.label]);

/**
 * The buttons of `list` at step `depth`: moves sharing that step share a button (its text the step), a lone move
 * is its own (its whole label on the first step, the steps left on a later one). The order is the moves' own.
 * @param {LegalAction[]} list @param {number} depth @returns {{ text: string, members: LegalAction[] }[]}
 */
function stepLines(list, depth) {
  /** @type {Map<string, LegalAction[]>} */
  const groups = new Map();
  for (const a of list) {
    const key = stepsOf(a)[depth] ?? a.label;
    groups.set(key, [...(groups.get(key) || []), a]);
  }
  return [...groups].map(([key, members]) => ({
    text: members.length > 1 ? key : depth === 0 ? members[0].label : stepsOf(members[0]).slice(depth).join(", ") || members[0].label,
    members,
  }));
}

/** The step after `depth` for `members`, past every step they all share (a card with one target goes straight to how far). @param {LegalAction[]} members @param {number} depth */
function nextStep(members, depth) {
  const longest = Math.max(...members.map((a) => stepsOf(a).length));
  let next = depth + 1;
  while (next + 1 < longest && members.every((a) => stepsOf(a)[next] === stepsOf(members[0])[next])) next += 1;
  return next;
}

/**
 * A bid picker for the bids of one kind: faces, a quantity stepper, and the button that makes the bid shown.
 * @param {string} kind @param {LegalAction[]} list @param {(action: unknown) => void} act
 */
function picker(kind, list, act) {
  const faces = [...new Set(list.map((a) => a.action.face))].sort((x, y) => x - y);
  const quantities = (/** @type {number} */ face) => list.filter((a) => a.action.face === face).map((a) => a.action.quantity).sort((x, y) => x - y);
  // The choice starts at the lowest legal bid (the choices are built again whenever they change: a new standing
  // bid starts the picker over), and changing the face keeps the quantity where it can.
  const lowest = list.reduce((best, a) => (a.action.quantity < best.action.quantity ? a : best), list[0]);
  let pick = { face: lowest.action.face, quantity: lowest.action.quantity };
  // The quantity the player last chose with the stepper: a face that needs more dice raises the bid shown, and
  // going back to a face that allows it lowers it again.
  let wanted = pick.quantity;
  const box = el("div", { class: "picker", "data-kind": kind });
  const draw = () => {
    const qs = quantities(pick.face);
    pick = { face: pick.face, quantity: qs.find((q) => q >= wanted) ?? qs[qs.length - 1] };
    const chosen = list.find((a) => a.action.face === pick.face && a.action.quantity === pick.quantity) || lowest;
    const at = qs.indexOf(pick.quantity);
    const step = (/** @type {number} */ by) => {
      if (at + by < 0 || at + by >= qs.length) return;
      pick = { face: pick.face, quantity: qs[at + by] };
      wanted = pick.quantity;
      draw();
    };
    // `data-off` keeps a step at its end disabled when the moves are enabled again (see table.js).
    const stepper = (/** @type {string} */ name, /** @type {number} */ by, /** @type {boolean} */ off, /** @type {string} */ sign) =>
      el("button", { class: "step", id: `${kind}-${name}`, "aria-label": name === "less" ? "fewer" : "more", onclick: () => step(by),
        disabled: off, "data-off": off ? "1" : "" }, sign);
    box.replaceChildren(
      el("div", { class: "picker-row" }, el("span", { class: "picker-name" }, verb(chosen.label)),
        stepper("less", -1, at <= 0, "−"),
        el("span", { class: "quantity", "data-quantity": pick.quantity }, `${pick.quantity} ×`),
        stepper("more", 1, at >= qs.length - 1, "+")),
      // A face whose bids all need more dice than the quantity chosen is dimmed (choosing it raises the bid).
      el("div", { class: "picker-row faces" }, faces.map((f) => el("button", {
        class: `face${f === pick.face ? " chosen" : ""}${Math.min(...quantities(f)) > wanted ? " dearer" : ""}`, "data-face": f,
        "aria-pressed": f === pick.face, title: `face ${f}: from ${Math.min(...quantities(f))} ${Math.min(...quantities(f)) === 1 ? "die" : "dice"}`,
        onclick: () => { pick = { face: f, quantity: pick.quantity }; draw(); },
      }, die(f)))),
      el("button", { class: "action primary make-bid", "data-kind": kind, onclick: () => act(chosen.action) }, chosen.label));
  };
  draw();
  return box;
}

/** The words every label starts with ("place it on" of "place it on b1", "place it on c3"). @param {string[]} labels */
function sharedWords(labels) {
  const words = labels[0].split(/\s+/);
  let n = words.length;
  for (const label of labels.slice(1)) {
    const other = label.split(/\s+/);
    let i = 0;
    while (i < n && words[i] === other[i]) i += 1;
    n = i;
  }
  // A trailing "the", "on" or "to" says nothing alone, nor a card's metal ("play [silver]"); what follows differs.
  while (n > 1 && /^(a|an|the|on|at|to|from|of|for|with|your|P\d+'s|\[.*\])$/.test(words[n - 1])) n -= 1;
  return words.slice(0, Math.max(n, 1)).join(" ").replace(/[,:;]$/, "");
}

/**
 * What the seat is asked, in a few words: "bet or call liar". Kinds of move are the labels' first words: a kind of
 * one or two moves is named by each label's head ("pass (let P2's Riptide take effect)"), one of more by the words
 * their heads share ("travel to slot").
 * @param {LegalAction[]} legal
 */
export function askedTo(legal) {
  /** @type {Map<string, string[]>} */
  const kinds = new Map();
  for (const a of legal) {
    const word = a.label.split(/\s+/)[0].replace(/[,:;]$/, "").toLowerCase();
    kinds.set(word, [...(kinds.get(word) || []), a.label]);
  }
  if (kinds.size > 4) return `choose one of ${legal.length} moves`;
  // A label's head: what comes before its reasons and details (": ...", "; here ...", " (...)", ", ..."), which
  // the buttons show; a one-word head keeps what it does ("pass: end your turn" reads "pass (end your turn)").
  const head = (/** @type {string} */ label) => {
    const [first, ...rest] = label.split(/[:;,]| \(/);
    const detail = rest.length && /^\S+$/.test(first.trim()) && label[first.length] === ":" ? rest[0].trim() : "";
    return (detail ? `${first.trim()} (${detail})` : first.trim()) || label;
  };
  // Two heads alike are one ("place the Pirate token on c3" for each of its spots, said twice in a trial); two that
  // share their first words are those words ("use Captain Drake" on P3 or on P4).
  // Two that share only a verb are both named, each a choice of its own ("call Scallywagger! or call for a
  // Parlay"). More that share a verb and a word that needs what follows are those and "…", the buttons saying
  // which ("aim at …", "play …" for cards of several metals; a trial read "aim at" and "play [silver]").
  const parts = [...kinds.values()].flatMap((labels) => {
    const heads = [...new Set(labels.map(head))];
    if (heads.length === 1) return heads;
    const shared = sharedWords(heads);
    const n = shared.split(" ").length;
    if (n >= 2) return [shared];
    if (heads.length === 2) return heads;
    const next = heads[0].split(/\s+/)[n] || "";
    if (/^(at|to|on|for|from|with|of)$/.test(next) && heads.every((h) => h.split(/\s+/)[n] === next)) return [`${shared} ${next} …`];
    // A verb whose object differs (cards by name, metals) says so; one followed by a number (bids) reads whole.
    return [!next || /^\d/.test(next) ? shared : `${shared} …`];
  });
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}` : parts[0];
}
