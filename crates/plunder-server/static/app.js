// @ts-check
// Plunder's browser client: plain JavaScript modules, no build step. It draws any game from the viewer's view and
// its labelled legal actions, so a new game is playable as soon as the server knows it; a game with a renderer
// (games/GAME.js) is also drawn as its own board, from the same view and the game's public data files. The
// socket's message types come from messages.d.ts, generated from the server's Rust types; `tsc --checkJs` checks
// the client against them (crates/plunder-server/e2e/run.sh).

import { el, die, seatName } from "./kit.js";
import { api } from "./api.js";
import { lobby, showCreated, remember, go } from "./lobby.js";

/** @typedef {import("./messages").ServerMessage} ServerMessage */
/** @typedef {import("./messages").ClientMessage} ClientMessage */
/** @typedef {import("./messages").TableMessage} TableMessage */
/** @typedef {Extract<ServerMessage, { type: "rejected" }>} Rejected */
/** @typedef {import("./kit.js").Context} Context */

const main = /** @type {HTMLElement} */ (document.getElementById("main"));

// ---------- play ----------

const isDieList = (key, v) => /dice|roll|cup/i.test(key) && Array.isArray(v) && v.every((x) => Number.isInteger(x) && x >= 0 && x <= 20);
// One number per seat under a dice key (`dice`, `dice_counts`, `crew`) counts the dice in each cup: faces are
// under `my_dice` and the like.
const isCupCounts = (key, v, players) => Array.isArray(v) && v.length === players && players > 1 &&
  /^(dice|dice_counts?|cups?|cup_sizes?|crew)$/i.test(key) && v.every((x) => Number.isInteger(x) && x >= 0 && x <= 30);
/** @param {number} count */
const cup = (count) => el("span", { class: "cup", title: `${count} dice` }, Array.from({ length: count }, () => el("span", { class: "pip" })), ` ${count}`);
const isCoinKey = (key) => /coin|doubloon|booty|reserve|gold|treasure_count/i.test(key);

// Draws one value of a view; `players` lets arrays with one entry per seat become a row per seat, named from
// the whole `view`.
function render(key, value, players, me, view) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (isCupCounts(key, value, players)) {
    return el("table", { class: "view" }, value.map((n, i) =>
      el("tr", { class: i === me ? "me" : "" }, el("th", {}, seatName(i, view)), el("td", {}, cup(n)))));
  }
  if (isDieList(key, value)) return el("span", {}, value.map((d) => die(d)));
  if (/dice/i.test(key) && typeof value === "object" && !Array.isArray(value) &&
      Object.values(value).every((x) => x === null || Number.isInteger(x))) {
    return el("span", {}, Object.entries(value).map(([color, d]) => die(d, { kind: color })));
  }
  if (typeof value === "number" && isCoinKey(key)) return el("span", { class: "coin" }, value);
  if (typeof value === "number" && /crew|count|size|kegs|left/i.test(key) && value <= 12 && value >= 0) {
    return el("span", {}, el("span", { class: "track" }, Array.from({ length: Math.max(value, 1) }, (_, i) => el("span", { class: i < value ? "on" : "" }))), ` ${value}`);
  }
  if (Array.isArray(value)) {
    if (players && value.length === players && value.length > 1 && !/bids|log|history|winners/i.test(key)) {
      return el("table", { class: "view" }, value.map((v, i) =>
        el("tr", { class: i === me ? "me" : "" }, el("th", {}, seatName(i, view)), el("td", {}, render(key, v, null, me, view)))));
    }
    if (value.length === 0) return el("span", { class: "muted" }, "none");
    if (/card|hand|treasure|adventure|tableau|deck/i.test(key)) return el("span", {}, value.map((c) => el("span", { class: "card" }, typeof c === "object" ? compact(c) : c)));
    if (value.every((v) => typeof v !== "object" || v === null)) return el("span", {}, value.join(", "));
    return el("div", {}, value.map((v) => el("div", {}, render(`${key}`, v, null, me, view))));
  }
  if (typeof value === "object") {
    return el("table", { class: "view" }, Object.entries(value).map(([k, v]) =>
      el("tr", {}, el("th", {}, k.replaceAll("_", " ")), el("td", {}, render(k, v, players, me, view)))));
  }
  return el("span", {}, String(value));
}

const compact = (v) => (typeof v === "object" && v !== null ? Object.entries(v).map(([k, x]) => `${k}: ${typeof x === "object" ? JSON.stringify(x) : x}`).join(", ") : String(v));

// Per-game renderers: games/GAME.js exports `data` (the game's data files it reads, served at /data/GAME/FILE)
// and `draw(view, ctx)`, which returns the board. A game without one, or whose renderer fails, is drawn by
// `render` alone, so a new game is playable at once.
/** @type {Record<string, { draw?: (view: any, ctx: Context) => Node, data?: Record<string, any> }>} */
const renderers = {};

/** The loaded renderer of `game`, or null while it loads (then `redraw` runs) or when it has none. */
function rendererFor(game, redraw) {
  if (!renderers[game]) {
    /** @type {{ draw?: (view: any, ctx: Context) => Node, data?: Record<string, any> }} */
    const entry = {};
    renderers[game] = entry;
    import(`./games/${game}.js`)
      .then(async (module) => {
        const files = module.data || [];
        const parsed = await Promise.all(files.map((f) => api("GET", `/data/${game}/${f}`)));
        entry.data = Object.fromEntries(files.map((f, i) => [f.replace(/\.json$/, ""), parsed[i]]));
        entry.draw = module.draw;
      })
      .catch(() => {})
      .finally(redraw);
  }
  return renderers[game].draw ? renderers[game] : null;
}

/**
 * The view drawn: the game's own board when it has a renderer (with everything in the view, generically, folded
 * below it), else the generic drawing.
 * @param {string} game @param {any} view @param {Omit<Context, "data">} ctx @param {() => void} redraw
 */
function drawView(game, view, ctx, redraw) {
  const generic = () => render("view", view, ctx.players, ctx.me, view);
  const renderer = rendererFor(game, redraw);
  if (!renderer || !renderer.draw) return generic();
  try {
    const board = renderer.draw(view, { ...ctx, data: renderer.data || {} });
    return el("div", {}, el("div", { class: "board", "data-game": game }, board),
      el("details", { class: "raw" }, el("summary", {}, "Everything in the view"), generic()));
  } catch (e) {
    console.error(`the ${game} renderer failed; drawing the view generically`, e);
    return generic();
  }
}

function parseFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const seats = [];
  if (params.get("token")) seats.push({ seat: Number(params.get("seat") || 0), token: params.get("token") });
  for (const part of (params.get("seats") || "").split(",").filter(Boolean)) {
    const [seat, token] = part.split(".");
    seats.push({ seat: Number(seat), token });
  }
  return seats;
}

function play(id) {
  const held = parseFragment();
  /** @type {{ tables: Record<string, TableMessage>, errors: Record<string, Rejected | string | null>,
   *   chat: import("./messages").ChatLine[], logs: Record<string, { base: number, lines: string[] }>,
   *   recent: Record<string, { text: string, event: any }[]>, acted: Record<string, boolean>,
   *   active: number | null, covered: boolean }} */
  const state = { tables: {}, errors: {}, chat: [], logs: {}, recent: {}, acted: {}, active: held.length ? held[0].seat : null, covered: false };
  // A table carries the log lines this connection has not had yet (all of the last 100 on connect): append them.
  // "Just now" keeps what happened since this seat last acted (a spectator: the latest lines), so a battle's dice
  // and its winner stay on the board until the next move.
  /** @param {string | number} key @param {TableMessage} table */
  const followLog = (key, table) => {
    const log = state.logs[key] || { base: 0, lines: [] };
    const had = log.base + log.lines.length;
    if (table.log_start < log.base || table.log_start > log.base + log.lines.length) { log.base = table.log_start; log.lines = []; }
    log.lines = log.lines.slice(0, table.log_start - log.base).concat(table.log);
    if (log.lines.length > 200) { log.base += log.lines.length - 200; log.lines = log.lines.slice(-200); }
    state.logs[key] = log;
    const fresh = table.log.map((text, i) => ({ text, event: (table.events || [])[i] })).slice(Math.max(0, had - table.log_start));
    if (!fresh.length) return;
    const recent = state.acted[key] || !state.recent[key] ? [] : state.recent[key];
    state.recent[key] = recent.concat(fresh).slice(-JUST_NOW);
    state.acted[key] = false;
  };
  const sockets = {};
  const wsUrl = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${id}/ws`;
  const connect = (key, token) => {
    // The token goes as a subprotocol, not in the address: proxies log addresses.
    const socket = new WebSocket(wsUrl, token ? ["plunder", `plunder-token.${token}`] : []);
    sockets[key] = socket;
    socket.onmessage = (event) => {
      /** @type {ServerMessage} */
      const message = JSON.parse(event.data);
      if (message.type === "table") { state.tables[key] = message; state.errors[key] = null; followLog(key, message); }
      else if (message.type === "rejected") state.errors[key] = message;
      else if (message.type === "error") state.errors[key] = message.message;
      else if (message.type === "chat") { if (key === Object.keys(sockets)[0]) state.chat.push(message); }
      else if (message.type === "chat_history") { if (key === Object.keys(sockets)[0]) state.chat = message.lines; }
      draw();
    };
    // Reconnect after a drop; the server sends the whole table again.
    socket.onclose = () => setTimeout(() => connect(key, token), 1000);
  };
  if (held.length) held.forEach((h) => connect(h.seat, h.token));
  else connect("spectator", null);
  /** @param {string | number} key @param {ClientMessage} message */
  const send = (key, message) => {
    if (message.type === "act") state.acted[key] = true;
    if (sockets[key]) sockets[key].send(JSON.stringify(message));
  };

  function seatToShow() {
    if (!held.length) return "spectator";
    // Hot-seat: show a seat that owes a decision; before switching people, cover the screen.
    const owing = held.map((h) => h.seat).filter((s) => (state.tables[s] || {}).legal && state.tables[s].legal.length);
    if (owing.length && !owing.includes(state.active)) { state.active = owing[0]; state.covered = held.length > 1; }
    return state.active;
  }

  function draw() {
    const key = seatToShow();
    const table = state.tables[key];
    if (!table) { main.replaceChildren(el("p", {}, "Connecting…")); return; }
    document.getElementById("where").textContent = `${table.game} · ${table.you.kind === "seat" ? `you are ${seatName(table.you.seat, table.view)}` : "spectating"}`;
    if (state.covered) {
      main.replaceChildren(el("div", { class: "cover" }, `Pass the screen to ${seatName(Number(key))}`,
        el("button", { id: "reveal", onclick: () => { state.covered = false; draw(); } }, `I am ${seatName(Number(key))}: show my table`)));
      return;
    }
    const me = table.you.kind === "seat" ? table.you.seat : null;
    const status = table.status.state === "over"
      ? `Game over. ${table.status.outcome ? "Winner(s): " + table.status.outcome.winners.map((s) => seatName(s, table.view)).join(", ") : ""}`
      : table.status.state === "decide" ? `Round ${table.round}: waiting for ${table.status.seats.map((s) => seatName(s, table.view)).join(", ")}` : "Rolling…";
    const players = table.seats.length;
    const filter = el("input", { placeholder: "filter actions", id: "filter" });
    const buttons = el("div", { class: table.legal.length > 12 ? "actions many" : "actions" }, table.legal.map((a, i) =>
      el("button", { class: "action", "data-index": i, onclick: () => send(key, { type: "act", action: a.action }) }, a.label)));
    filter.addEventListener("input", () => buttons.querySelectorAll("button").forEach((b) => {
      b.style.display = b.textContent.toLowerCase().includes(filter.value.toLowerCase()) ? "" : "none";
    }));
    const chatInput = el("input", { placeholder: "say something", id: "chat" });
    const chatForm = el("form", { onsubmit: (e) => { e.preventDefault(); if (chatInput.value.trim()) send(key, { type: "chat", text: chatInput.value }); chatInput.value = ""; } }, chatInput, el("button", {}, "Say"));
    const over = table.status.state === "over";
    main.replaceChildren(
      el("section", {}, el("h2", { id: "status" }, status),
        el("p", {}, table.seats.map((s, i) => el("span", { class: i === me ? "card me" : "card" },
          `${seatName(i, table.view)} ${s.player === "human" ? (s.connected ? "●" : "○") : "🤖 " + s.player}${s.bank_secs !== undefined ? ` ⏱${Math.round(s.bank_secs)}s` : ""}`))),
        fairnessNote(table.fairness),
        state.errors[key] ? errorLine(state.errors[key]) : "",
        oddsPanel(table),
        table.legal.length ? el("div", {}, el("h2", {}, "Your move"), table.legal.length > 12 ? filter : "", buttons) : "",
        over && me !== null ? el("button", { id: "rematch", onclick: async () => {
          const h = held.find((x) => x.seat === me);
          const r = await api("POST", `/api/games/${id}/rematch`, { token: h.token });
          go(`/play/${r.id}${location.hash}`);
        } }, "Rematch") : "",
        table.rematch ? el("p", {}, el("a", { href: `/play/${table.rematch}${location.hash}`, id: "rematch-link" }, "The rematch is on: join it")) : "",
        over ? el("button", { id: "replay", onclick: () => openReplay(id, me, players) }, "Replay this game") : ""),
      el("div", { class: "grid" },
        el("section", {}, justNow(state.recent[key] || []), el("h2", {}, "Table"), el("div", { id: "view", "data-version": table.version, "data-me": me ?? "" },
          drawView(table.game, table.view, { me, players, legal: table.legal, act: (action) => send(key, { type: "act", action }) }, draw))),
        el("div", {},
          el("section", {}, el("h2", {}, "Log"), el("div", { class: "log", id: "log" }, (state.logs[key] || { lines: [] }).lines.map((l) => el("div", {}, l)))),
          el("section", {}, el("h2", {}, "Chat"), el("div", { class: "log", id: "chatlog" }, state.chat.slice(-100).map((c) => el("div", {}, `${c.from}: ${c.text}`))), chatForm))),
      el("div", { id: "replaybox" }));
    const log = document.getElementById("log");
    log.scrollTop = log.scrollHeight;
  }
  draw();
}

// A game whose dice someone could know is marked for every seat: a chosen seed, or a branch of a finished game.
/** @param {import("./messages").Fairness} fairness */
function fairnessNote(fairness) {
  if (!fairness || fairness.kind === "fair") return "";
  return el("p", { class: "unfair", id: "fairness" }, fairness.kind === "seeded"
    ? "Seeded game: its creator chose the seed, which fixes every die and card. Not a fair game."
    : "Analysis: a branch of a finished game whose dice are known from its record. Not a fair game.");
}

/** How many of the latest events "Just now" shows at most. */
const JUST_NOW = 14;

// What happened since this seat last acted, in words, with any dice an event rolled or showed drawn as dice.
/** @param {{ text: string, event: any }[]} recent */
function justNow(recent) {
  if (!recent.length) return "";
  return el("div", { class: "just-now", id: "just-now" }, el("h2", {}, "Just now"),
    recent.map((r) => el("div", { class: "event", "data-event": r.event && r.event.type || "" }, r.text, ...diceIn(r.event))));
}

/** The dice an event shows: arrays of faces under a key that names dice, rolls or faces. @param {any} event */
function diceIn(event) {
  const found = [];
  const walk = (value, key) => {
    if (Array.isArray(value)) {
      if (/face|dice|roll|cup/i.test(key) && value.length && value.every((f) => Number.isInteger(f) && f >= 1 && f <= 12)) {
        found.push(el("span", { class: "event-dice" }, value.map((f) => die(f))));
      } else value.forEach((v) => walk(v, key));
    } else if (value && typeof value === "object") Object.entries(value).forEach(([k, v]) => walk(v, k));
  };
  walk(event, "");
  return found;
}

// A refusal says why: the engine's reason and, for a rule of the game, the rule itself with a link to it.
/** @param {Rejected | string} error */
function errorLine(error) {
  if (typeof error === "string") return el("p", { class: "error", id: "error" }, error);
  const why = error.rule
    ? el("span", { id: "why" }, " Why: ", el("a", { href: error.rule.link, target: "_blank" }, error.rule.section),
      ` says “${error.rule.sentence}”`)
    : el("span", {}, " (", el("a", { href: error.rules, target: "_blank" }, "rules"), ")");
  return el("p", { class: "error", id: "error" }, error.reason, why);
}

// The odds panel (bidding games): the chance the standing bid holds, computed by the server from this seat's own
// view. Optional: a switch kept in this browser.
/** @param {TableMessage} table */
function oddsPanel(table) {
  if (!table.notes || !table.notes.length) return "";
  const on = localStorage.getItem("plunder.odds") === "on";
  const toggle = el("input", { type: "checkbox", id: "odds-toggle", ...(on ? { checked: "" } : {}) });
  toggle.addEventListener("change", () => {
    localStorage.setItem("plunder.odds", toggle.checked ? "on" : "off");
    document.getElementById("odds").hidden = !toggle.checked;
  });
  return el("div", { class: "odds" }, el("label", {}, toggle, " Show the odds"),
    el("div", { id: "odds", ...(on ? {} : { hidden: "" }) }, table.notes.map((n) => el("div", {}, n))));
}

async function openReplay(id, me, players) {
  const box = document.getElementById("replaybox");
  const data = await api("GET", `/api/games/${id}/replay?viewer=${me === null ? "spectator" : me}`);
  let step = 0;
  const slider = el("input", { type: "range", min: 0, max: data.frames.length - 1, value: 0, id: "replay-step" });
  const frameBox = el("div");
  const branchBox = el("div", { id: "branched" });
  const show = () => {
    const frame = data.frames[step];
    slider.value = step;
    frameBox.replaceChildren(el("p", {}, `Step ${frame.step} of ${data.frames.length - 1}: ${frame.label || "start"}`),
      justNow((frame.told || []).map((t) => ({ text: t.text, event: t.event }))),
      drawView(data.game, frame.view, { me, players, legal: [], act: () => {} }, show));
  };
  slider.addEventListener("input", () => { step = Number(slider.value); show(); });
  box.replaceChildren(el("section", {}, el("h2", {}, "Replay"),
    el("button", { onclick: () => { step = Math.max(0, step - 1); show(); } }, "◀"), slider,
    el("button", { onclick: () => { step = Math.min(data.frames.length - 1, step + 1); show(); } }, "▶"),
    el("button", { id: "branch", onclick: async () => {
      // Try another line: a new game from this step, every human seat on this screen.
      // Its links are shown (and kept under My games) before the branch opens, every human seat on this screen.
      const created = await api("POST", `/api/games/${id}/branch`, { step: data.frames[step].step });
      showCreated(created, branchBox);
      const humans = created.seats.filter((s) => s.token).map((s) => `${s.seat}.${s.token}`).join(",");
      go(`/play/${created.id}#seats=${humans}`);
    } }, "Branch from here"), branchBox, frameBox));
  show();
}

const match = location.pathname.match(/^\/play\/([0-9a-f]+)$/);
if (match) {
  // A seat's link opened here is kept under the lobby's My games.
  if (/(^|[#&])(token|seats)=/.test(location.hash)) remember(match[1], location.pathname + location.hash);
  play(match[1]);
} else lobby(main).catch((e) => main.replaceChildren(el("p", { class: "error" }, e.message)));
