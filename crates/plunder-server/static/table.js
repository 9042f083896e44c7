// @ts-check
// The table page: one game as the seats held in this browser (or a spectator) see it, over a WebSocket per seat.
// The page is built once; each server message updates its parts in place (status bar, seats and clocks, moves,
// board, log, chat), so typed chat, a half-made bid, the filter and scroll positions survive other players'
// moves. A status bar and the tab's title say whose turn it is and what this seat must do; a banner shows a
// lost connection, and the moves stay disabled until it is back.

import { el, die, seatName } from "./kit.js";
import { api } from "./api.js";
import { showCreated, go } from "./lobby.js";
import { drawView, justNow, JUST_NOW } from "./view.js";
import { movesPanel, askedTo } from "./moves.js";
import { WORDS } from "./games/constants.js";

/** @typedef {import("./messages").ServerMessage} ServerMessage */
/** @typedef {import("./messages").ClientMessage} ClientMessage */
/** @typedef {import("./messages").TableMessage} TableMessage */
/** @typedef {Extract<ServerMessage, { type: "rejected" }>} Rejected */

/** Seconds left on a clock when it turns red. */
const CLOCK_WARNING = 20;
/** Waits between reconnection attempts, in seconds; the last repeats. */
const RETRY = [1, 2, 4, 8, 15, 30];
/** How long a move sent waits for the server's answer before the moves are live again, in ms. */
const ANSWER_WAIT = 5000;
/** Log lines kept on the page (a long game's whole log, near enough). */
const LOG_LINES = 2000;
/** The game's last lines shown under "How it ended". */
const ENDED_LINES = 8;
/** How long new choices stay disabled after they appear, in ms: longer than a double tap, and than a second tap
 * a trial made 1.1 s after the first, when the new choices had come in 0.5 s. */
const SETTLE_MS = 700;

/** The seats this browser holds, from the page's address fragment (`#seat=S&token=T` or `#seats=S.T,...`). */
function heldSeats() {
  const params = new URLSearchParams(location.hash.slice(1));
  const seats = [];
  if (params.get("token")) seats.push({ seat: Number(params.get("seat") || 0), token: params.get("token") });
  for (const part of (params.get("seats") || "").split(",").filter(Boolean)) {
    const [seat, token] = part.split(".");
    seats.push({ seat: Number(seat), token });
  }
  return seats;
}

/** A switch kept in this browser. @param {string} key @param {boolean} fallback */
const setting = (key, fallback) => { const v = localStorage.getItem(`plunder.${key}`); return v === null ? fallback : v === "on"; };
/** @param {string} id @param {string} key @param {string} text @param {boolean} fallback @param {(on: boolean) => void} [changed] */
function toggle(id, key, text, fallback, changed) {
  const box = el("input", { type: "checkbox", id, ...(setting(key, fallback) ? { checked: "" } : {}) });
  box.addEventListener("change", () => { localStorage.setItem(`plunder.${key}`, box.checked ? "on" : "off"); if (changed) changed(box.checked); });
  return el("label", { class: "switch" }, box, ` ${text}`);
}

/** A short rising beep (Web Audio), for "your turn" when the sound is on. */
function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.setValueAtTime(660, audio.currentTime);
    tone.frequency.linearRampToValueAtTime(880, audio.currentTime + 0.15);
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.linearRampToValueAtTime(0, audio.currentTime + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.3);
  } catch {}
}

/** @param {HTMLElement} main @param {string} id */
export function play(main, id) {
  const held = heldSeats();
  const keys = held.length ? held.map((h) => String(h.seat)) : ["spectator"];
  /** Per seat held (or the spectator): its latest table, log, recent events, refusal, connection. */
  const seats = Object.fromEntries(keys.map((key) => [key, {
    /** @type {TableMessage | null} */ table: null, receivedAt: 0,
    log: { base: 0, lines: /** @type {string[]} */ ([]) },
    /** @type {{ text: string, event: any, n: number }[]} */ recent: [], acted: false,
    /** Lines ever put in "Just now" (their numbers), and the number of the first one drawn last time. */ recentCount: 0, recentTop: 0,
    /** Whether "Just now" was opened at its end once the game was over. */ endShown: false,
    /** @type {Rejected | string | null} */ error: null,
    /** @type {WebSocket | null} */ socket: null, connected: false, failures: 0, retryAt: 0, pending: false,
    memory: { filter: "" }, movesSignature: "", settledAt: 0, actedOnBoard: false,
  }]));
  /** @type {import("./messages").ChatLine[]} */
  let chat = [];
  let active = keys[0];
  let covered = false;
  let wasMyTurn = false;

  // ---------- the page, built once ----------
  const statusText = el("span", { id: "status" }, "Connecting…");
  const roundText = el("span", { class: "round", id: "round" });
  const banner = el("div", { class: "banner", id: "banner", hidden: "" });
  const seatsLine = el("p", { class: "seats", id: "seats" });
  const fairness = el("div");
  // A table's house rules and content are fixed for its life: told once, so an opened list stays open.
  const terms = el("div", { id: "terms" });
  let termsTold = false;
  const errorBox = el("div");
  const oddsLines = el("div", { id: "odds", ...(setting("odds", false) ? {} : { hidden: "" }) });
  const odds = el("div", { class: "odds", hidden: "" },
    toggle("odds-toggle", "odds", "Show the odds", false, (on) => { oddsLines.hidden = !on; }), oddsLines);
  const movesBox = el("div", { id: "moves" });
  // Stops, kept per table: by default the server passes for a seat in answer windows that do not concern it (not
  // its turn, nothing waiting aimed at it: decided from the table, never from the hand); checked, it asks at every
  // chance to answer. Shown only in a game whose table says stops matter there (`stops`: the game declares it).
  const stopsKey = `stops-all.${id}`;
  /** @returns {{ type: "stops", stops: "all" | "mine" }} */
  const stopsMessage = () => ({ type: "stops", stops: setting(stopsKey, false) ? "all" : "mine" });
  const stopsBox = held.length ? el("div", { class: "stops", hidden: "" },
    toggle("stops-toggle", stopsKey, "Stop me at every chance to answer (else only at my turn and when a play involves me)", false,
      () => sendAll(stopsMessage()))) : null;
  const after = el("div", { id: "after" });
  const settings = el("details", { class: "settings" }, el("summary", {}, "Settings"),
    toggle("sound-toggle", "sound", "Sound when it is my turn", false),
    toggle("raw-toggle", "raw-view", "Show the raw data of the view under the board (for developers)", false, () => update()),
    held.length ? toggle("auto-pass", "auto-pass", "Play for me when I have nothing to choose: only passes, or one move (at my own pace, so nobody can tell)", true, (on) => sendAll({ type: "auto_pass", on })) : "");
  // "Just now" sits beside the board on a desktop (above the log), so the board starts right under the moves (a
  // trial found it below the fold at 1280 x 800), and above the board on a phone.
  const recentBox = el("div", { class: "recent-box" });
  const view = el("div", { id: "view" });
  const logBox = el("div", { class: "log", id: "log" });
  const chatLog = el("div", { class: "log", id: "chatlog" });
  const chatInput = el("input", { placeholder: "say something", id: "chat", maxlength: 500, autocomplete: "off" });
  const chatForm = el("form", { onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    const name = (localStorage.getItem("plunder.nickname") || "").trim();
    if (chatInput.value.trim()) send(active, { type: "chat", text: chatInput.value, ...(name ? { name } : {}) });
    chatInput.value = "";
  } }, chatInput, el("button", {}, "Say"));
  const rulesLink = el("a", { id: "rules-link", class: "rules-link", target: "_blank", rel: "noopener", hidden: "" }, "Rules");
  document.querySelector("header")?.append(rulesLink);
  const cover = el("div", { class: "cover", hidden: "" });
  const replayBox = el("div", { id: "replaybox" });
  let logShown = { key: "", end: 0 };
  main.replaceChildren(
    el("section", { class: "top" }, banner, el("h2", { class: "status-bar" }, statusText, roundText),
      // On a phone the log and chat are below the board: one tap away.
      // They scroll without touching the address: its fragment holds the seat's token (a trial's reload after
      // tapping "Log" lost the seat, and its rematch was watched, not played).
      el("nav", { class: "jump" }, [["table-section", "Table"], ["log-section", "Log"], ["chat-section", "Chat"]].map(([to, name]) =>
        el("a", { href: `#${to}`, onclick: (/** @type {Event} */ e) => {
          e.preventDefault();
          document.getElementById(to)?.scrollIntoView({ behavior: "smooth", block: "start" });
        } }, name))),
      // The replay opens under its button, not at the page's foot (a trial's page jumped past chat to it).
      seatsLine, fairness, terms, errorBox, odds, movesBox, stopsBox || "", after, replayBox),
    el("div", { class: "grid" },
      recentBox,
      el("section", { class: "table-box", id: "table-section" }, el("h2", {}, "Table"), view),
      el("div", { class: "side" },
        el("section", { id: "log-section" }, el("h2", {}, "Log"), logBox),
        el("section", { id: "chat-section" }, el("h2", {}, "Chat"), chatLog, chatForm),
        el("section", {}, settings))),
    cover);
  /** @type {Record<string, string>} */
  let names = {};
  /** What each bot of each game does, by game and bot name (shown when a bot's seat is hovered). @type {Record<string, Record<string, string>>} */
  let bots = {};
  api("GET", "/api/catalog").then((c) => {
    names = Object.fromEntries(c.games.map((/** @type {any} */ g) => [g.id, g.name]));
    bots = Object.fromEntries(c.games.map((/** @type {any} */ g) => [g.id, Object.fromEntries(g.bots.map((/** @type {any} */ b) => [b.name, b.about]))]));
    update();
  }).catch(() => {});

  // ---------- sockets ----------
  const wsUrl = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${id}/ws`;
  /** @param {string} key @param {string | null} token */
  const connect = (key, token) => {
    // The token goes as a subprotocol, not in the address: proxies log addresses.
    const socket = new WebSocket(wsUrl, token ? ["plunder", `plunder-token.${token}`] : []);
    const seat = seats[key];
    seat.socket = socket;
    socket.onopen = () => {
      seat.connected = true;
      seat.failures = 0;
      if (token) socket.send(JSON.stringify({ type: "auto_pass", on: setting("auto-pass", true) }));
      if (token) socket.send(JSON.stringify(stopsMessage()));
      update();
    };
    socket.onmessage = (event) => {
      /** @type {ServerMessage} */
      const message = JSON.parse(event.data);
      if (message.type === "table") {
        seat.table = message;
        seat.receivedAt = performance.now();
        seat.error = null;
        seat.pending = false;
        followLog(key, message);
      } else if (message.type === "rejected") { seat.error = message; seat.pending = false; }
      else if (message.type === "error") { seat.error = message.message; seat.pending = false; }
      else if (message.type === "chat") { if (key === keys[0]) { chat.push(message); appendChat([message]); } return; }
      else if (message.type === "chat_history") { if (key === keys[0]) { chat = message.lines; chatLog.replaceChildren(); appendChat(chat); } return; }
      update();
    };
    // A dropped connection is tried again, less and less often; the server then sends the whole table.
    socket.onclose = () => {
      seat.connected = false;
      seat.pending = false;
      const wait = RETRY[Math.min(seat.failures, RETRY.length - 1)];
      seat.failures += 1;
      seat.retryAt = Date.now() + wait * 1000;
      update();
      setTimeout(() => connect(key, token), wait * 1000);
    };
  };
  /** @param {string} key @param {ClientMessage | { type: "auto_pass", on: boolean }} message */
  const send = (key, message) => {
    const seat = seats[key];
    if (!seat.socket || seat.socket.readyState !== WebSocket.OPEN) return;
    if (message.type === "act") {
      // One move per decision: the moves wait for the server's answer (a double click sends nothing more).
      if (seat.pending) return;
      seat.pending = true;
      seat.acted = true;
      setTimeout(() => { if (seat.pending) { seat.pending = false; update(); } }, ANSWER_WAIT);
      markPending();
    }
    seat.socket.send(JSON.stringify(message));
  };
  /** @param {ClientMessage | { type: "auto_pass", on: boolean }} message */
  const sendAll = (message) => keys.forEach((key) => send(key, message));
  held.forEach((h) => connect(String(h.seat), h.token));
  if (!held.length) connect("spectator", null);

  // A table carries the log lines this connection has not had yet (all of the last 100 on connect): append them.
  // "Just now" keeps what happened since this seat last acted (a spectator: the latest lines), so a battle's dice
  // and its winner stay on the board until the next move.
  /** @param {string} key @param {TableMessage} table */
  function followLog(key, table) {
    const seat = seats[key];
    const log = seat.log;
    const had = log.base + log.lines.length;
    if (table.log_start < log.base || table.log_start > had) { log.base = table.log_start; log.lines = []; logShown.key = ""; }
    log.lines = log.lines.slice(0, table.log_start - log.base).concat(table.log);
    if (log.lines.length > LOG_LINES) { log.base += log.lines.length - LOG_LINES; log.lines = log.lines.slice(-LOG_LINES); }
    const fresh = table.log.map((text, i) => ({ text, event: (table.events || [])[i], n: 0 })).slice(Math.max(0, had - table.log_start));
    if (!fresh.length) return;
    for (const line of fresh) line.n = ++seat.recentCount;
    seat.recent = (seat.acted ? [] : seat.recent).concat(fresh).slice(-JUST_NOW);
    seat.acted = false;
  }

  /** @param {import("./messages").ChatLine[]} lines */
  function appendChat(lines) {
    const atBottom = chatLog.scrollTop + chatLog.clientHeight >= chatLog.scrollHeight - 4;
    chatLog.append(...lines.map((c) => el("div", {}, el("b", {}, c.from), `: ${c.text}`)));
    while (chatLog.childElementCount > 100) chatLog.firstElementChild?.remove();
    if (atBottom) chatLog.scrollTop = chatLog.scrollHeight;
  }

  /** The seat shown: hot-seat shows one that owes a decision, covering the screen before the people switch. */
  function shownKey() {
    if (!held.length) return "spectator";
    const owing = keys.filter((k) => (seats[k].table?.legal || []).length);
    if (owing.length && !owing.includes(active)) { active = owing[0]; covered = held.length > 1; }
    return active;
  }
  const current = () => seats[shownKey()].table;
  /** @param {number} seat @param {TableMessage} table */
  const nameOf = (seat, table) => seatName(seat, table.view);

  function markPending() {
    const seat = seats[shownKey()];
    const off = seat.pending || !seat.connected;
    const settling = performance.now() < seat.settledAt;
    movesBox.querySelectorAll("button").forEach((/** @type {HTMLButtonElement} */ b) => { b.disabled = off || settling || b.dataset.off === "1"; });
    movesBox.classList.toggle("waiting", off);
    // Settling choices are drawn as they will be, fading in: greyed, a trial read them as refused.
    movesBox.classList.toggle("settling", settling && !off);
    view.classList.toggle("waiting", off);
  }

  // ---------- drawing ----------
  // Each update is measured (`plunder-update` in the page's performance timeline) for the render benchmark
  // (e2e/render-bench.mjs); the browser keeps the entries, the page sends them nowhere.
  function update() {
    const started = performance.now();
    try {
      draw();
    } finally {
      performance.measure("plunder-update", { start: started });
      if (performance.getEntriesByName("plunder-update").length > 5000) performance.clearMeasures("plunder-update");
    }
  }

  function draw() {
    const key = shownKey();
    const seat = seats[key];
    const table = seat.table;
    const lost = keys.filter((k) => !seats[k].connected && seats[k].failures > 0);
    banner.hidden = !lost.length;
    if (lost.length) {
      const wait = Math.max(0, Math.round(((seats[lost[0]].retryAt || 0) - Date.now()) / 1000));
      banner.textContent = `Connection lost: trying again${wait ? ` in ${wait} s` : ""}… Your moves wait until it is back.`;
    }
    if (!table) return;
    // Nothing is asked any more once the game is over (a trial found the setting left on the last screen).
    if (stopsBox) stopsBox.hidden = !table.stops || table.status.state === "over";
    const me = table.you.kind === "seat" ? table.you.seat : null;
    const gameName = names[table.game] || table.game;
    const nickname = (localStorage.getItem("plunder.nickname") || "").trim();
    /** @type {HTMLElement} */ (document.getElementById("where")).textContent =
      `${gameName} · ${me !== null ? `you are ${nameOf(me, table)}${nickname && held.length === 1 ? ` (${nickname})` : ""}` : "spectating"}`;
    // The rules at hand mid-game, in a tab of their own so the table stays open (a trial had to leave the game).
    rulesLink.href = `/rules/${table.game}`;
    rulesLink.hidden = false;
    cover.hidden = !covered;
    if (covered) {
      cover.replaceChildren(`Pass the screen to ${seatName(Number(key))}`,
        el("button", { id: "reveal", onclick: () => { covered = false; update(); } }, `I am ${seatName(Number(key))}: show my table`));
    }

    // The status bar and the title: whose turn, and what this seat must do.
    const myTurn = table.legal.length > 0;
    let status;
    if (table.status.state === "over") {
      const winners = table.status.outcome ? table.status.outcome.winners : [];
      const mine = me === null || !winners.length ? "" : !winners.includes(me) ? "You lost. " : winners.length > 1 ? "You shared the win! " : "You won! ";
      status = `Game over. ${winners.length ? `${mine}Winner${winners.length > 1 ? "s" : ""}: ${winners.map((s) => nameOf(s, table)).join(", ")}` : ""}`;
    } else if (me !== null && table.seats[me] && table.seats[me].out) {
      // Nothing more will be asked of this seat: its player may stay to watch or go (a trial stayed, unsure).
      status = "You are out of the game; it goes on without you. Watch to the end, or leave: ";
    } else if (myTurn) {
      // A choice that may be passed is often an answer in someone else's turn: not called "your turn".
      const mayPass = table.legal.some((a) => /^pass\b/.test(a.label));
      status = `${mayPass ? "Your choice" : "Your turn"}: ${askedTo(table.legal)}`;
    } else if (table.status.state === "decide") {
      // This seat owes a decision but is offered none: the server moves for it (play for me, or its stops).
      const others = table.status.seats.filter((s) => s !== me);
      const waiting = others.map((s) => `${nameOf(s, table)}${table.seats[s] && table.seats[s].player !== "human" ? ` (a bot)` : ""}`);
      const passing = me !== null && table.status.seats.includes(me);
      // Said as what it is: nothing to choose, so the table passes (a trial read "moving for you" as losing control).
      // Who is awaited first; then that the table passes for this seat meanwhile (a trial read the pass alone as
      // its own turn being taken from it while the others could answer its roll).
      status = passing ? `${waiting.length ? `Waiting for ${waiting.join(", ")}; ` : ""}the table passes for you meanwhile: nothing to choose, or nothing that concerns you (see Settings)…` : `Waiting for ${waiting.join(", ")}…`;
    } else status = "Rolling…";
    statusText.textContent = status;
    if (me !== null && table.seats[me] && table.seats[me].out && table.status.state !== "over") {
      statusText.append(el("a", { href: "/", id: "leave" }, "back to the lobby"), " (this game stays under My games).");
    }
    statusText.parentElement.classList.toggle("mine", myTurn);
    const roundWord = /** @type {Record<string, any>} */ (WORDS)[table.game]?.round || "round";
    roundText.textContent = table.status.state === "over" ? "" : ` · ${roundWord} ${table.round}`;
    document.title = `${myTurn ? "● Your move · " : ""}${gameName} · Plunder`;
    if (myTurn && !wasMyTurn && setting("sound", false)) beep();
    wasMyTurn = myTurn;

    drawSeats(table, me);
    fairness.replaceChildren(fairnessNote(table.fairness));
    if (!termsTold) {
      termsTold = true;
      terms.replaceChildren(...termsNotes(id, table));
    }
    errorBox.replaceChildren(seat.error ? errorLine(seat.error) : "");
    odds.hidden = !(table.notes && table.notes.length);
    oddsLines.replaceChildren(...(table.notes || []).map((n) => el("div", {}, n)));

    // The moves: built again only when the choices change.
    const signature = `${key}|${table.legal.map((a) => a.label).join("\n")}`;
    if (signature !== seat.movesSignature) {
      seat.movesSignature = signature;
      // New choices stay disabled for a moment: a tap meant for the old button (a double tap, a second tap
      // after a slow answer) must not land on a new one in its place, which may cost coins (a phone trial).
      seat.settledAt = performance.now() + SETTLE_MS;
      setTimeout(markPending, SETTLE_MS + 10);
      const moves = table.legal.length ? movesPanel(table.legal, (action) => send(key, { type: "act", action }), seat.memory) : null;
      movesBox.replaceChildren(moves ? el("div", {}, el("h2", {}, "Your move"), myDiceBeside(moves, table.view), bidToBeat(moves, table.view, table.legal), moves) : "");
      // A move made on the board (a tile's "Travel here") may be answered by choices above it, out of view: they
      // are brought into view (a phone trial travelled and then saw nothing to do).
      const top = movesBox.getBoundingClientRect().top;
      if (moves && seat.actedOnBoard && (top < -2 || top > innerHeight - 80)) movesBox.scrollIntoView({ behavior: "smooth", block: "start" });
      if (moves) seat.actedOnBoard = false;
    }
    markPending();

    const over = table.status.state === "over";
    const h = held.find((x) => x.seat === me);
    // The game's last lines (the scores, the winner) where the moves were, on the first screen of a phone too,
    // under the buttons of what to do next (a long ending had pushed them off a phone's first screen).
    const ended = over ? el("div", { class: "ended", id: "ended" }, el("h2", {}, "How it ended"),
      seat.recent.slice(-ENDED_LINES).map((r) => el("div", {}, r.text))) : "";
    after.replaceChildren(
      over && h ? el("button", { id: "rematch", onclick: async () => {
        const r = await api("POST", `/api/games/${id}/rematch`, { token: h.token });
        go(`/play/${r.id}${location.hash}`);
      } }, "Rematch") : "",
      table.rematch ? el("p", {}, el("a", { href: `/play/${table.rematch}${location.hash}`, id: "rematch-link" }, "The rematch is on: join it")) : "",
      over ? el("button", { id: "replay", onclick: async () => {
        await openReplay(id, me, table.seats.length, replayBox);
        replayBox.scrollIntoView({ behavior: "smooth", block: "start" });
      } }, "Replay this game") : "",
      over ? el("a", { href: "/", id: "to-lobby", class: "lobby-link" }, "Back to the lobby") : "",
      ended);

    const before = recentBox.querySelector(".just-now");
    const keptScroll = before ? before.scrollTop : 0;
    recentBox.replaceChildren(justNow(seat.recent));
    const recent = /** @type {HTMLElement | null} */ (recentBox.querySelector(".just-now"));
    // "Just now" starts again after each of the seat's moves: it then opens at its top, what followed the move
    // first (a call's result before the dice it reveals: a trial found only the last dice in view); lines added
    // later leave it where it is being read.
    // At the end it opens at its bottom, once: the winner and the scores (a trial found an early line in view).
    const firstLine = seat.recent.length ? seat.recent[0].n : 0;
    if (recent && over && !seat.endShown) {
      recent.scrollTop = recent.scrollHeight;
      seat.endShown = true;
    } else if (recent) recent.scrollTop = firstLine === seat.recentTop ? keptScroll : 0;
    seat.recentTop = firstLine;
    if (recent) {
      // Lines below the fold of the box are said to be there (a trial took the last line in view for the newest).
      const newest = el("button", { class: "to-newest", id: "to-newest", title: "the latest lines" }, "newest ↓");
      const sync = () => { newest.hidden = recent.scrollTop + recent.clientHeight >= recent.scrollHeight - 4; };
      newest.addEventListener("click", () => recent.scrollTo({ top: recent.scrollHeight, behavior: "smooth" }));
      recent.addEventListener("scroll", sync);
      recentBox.append(newest);
      sync();
      requestAnimationFrame(sync); // once laid out, whatever moved it meanwhile
    }
    view.dataset.version = String(table.version);
    view.dataset.me = me === null ? "" : String(me);
    view.replaceChildren(drawView(table.game, table.view, {
      me, players: table.seats.length, legal: seat.pending ? [] : table.legal,
      act: (action) => { seat.actedOnBoard = true; send(key, { type: "act", action }); },
    }, update));
    // A board that asks to be played on first (Pirate Haven's island while placing) starts on a phone's first
    // screen: before "Just now", under a shorter list of the moves it repeats (a trial scrolled to reach it).
    main.classList.toggle("board-first", !!view.querySelector("[data-board-first]"));

    // The log: new lines are appended; another seat's log (hot-seat) is drawn anew.
    const end = seat.log.base + seat.log.lines.length;
    if (logShown.key !== key || end < logShown.end || end - logShown.end > seat.log.lines.length) {
      logBox.replaceChildren(...seat.log.lines.map((l) => el("div", {}, l)));
      logBox.scrollTop = logBox.scrollHeight;
    } else if (end > logShown.end) {
      const atBottom = logBox.scrollTop + logBox.clientHeight >= logBox.scrollHeight - 4;
      logBox.append(...seat.log.lines.slice(seat.log.lines.length - (end - logShown.end)).map((l) => el("div", {}, l)));
      while (logBox.childElementCount > LOG_LINES) logBox.firstElementChild?.remove();
      if (atBottom) logBox.scrollTop = logBox.scrollHeight;
    }
    logShown = { key, end };
  }

  /** Every seat: who holds it, whether connected, its clock. @param {TableMessage} table @param {number | null} me */
  function drawSeats(table, me) {
    const deciding = table.status.state === "decide" ? table.status.seats : [];
    seatsLine.replaceChildren(...table.seats.map((s, i) => el("span", { class: `card${i === me ? " me" : ""}${deciding.includes(i) ? " turn" : ""}`, "data-seat": i },
      `${nameOf(i, table)}${i === me ? " (you)" : ""}${s.out ? " · out" : ""} `,
      s.player === "human" ? el("span", { title: s.connected ? "connected" : "not connected" }, s.connected ? "●" : "○")
        : el("span", { class: "bot", title: `a bot: ${(bots[table.game] || {})[s.player.split(":")[0]] || s.player}` }, `🤖 ${s.player} bot`),
      s.bank_secs !== undefined ? el("span", { class: "clock", "data-seat": i, "data-bank": s.bank_secs, "data-running": deciding.includes(i) ? "1" : "" }) : "")));
    tick();
  }

  /** The clocks of the seats to decide count down between messages. */
  function tick() {
    const table = current();
    if (!table) return;
    const elapsed = (performance.now() - seats[shownKey()].receivedAt) / 1000;
    seatsLine.querySelectorAll(".clock").forEach((/** @type {HTMLElement} */ c) => {
      const left = Math.max(0, Number(c.dataset.bank) - (c.dataset.running ? elapsed : 0));
      c.textContent = ` ⏱ ${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
      c.classList.toggle("low", c.dataset.running === "1" && left < CLOCK_WARNING);
    });
  }
  // Each second: the clocks, and the banner's wait before the next attempt.
  setInterval(() => { if (banner.hidden) tick(); else update(); }, 1000);
  update();
}

/** Beside a bid picker, the seat's own dice (`my_dice` in the view), so a phone needs no scrolling to bid.
 * @param {HTMLElement} moves @param {any} view */
function myDiceBeside(moves, view) {
  const faces = Array.isArray(view && view.my_dice) ? view.my_dice.flat().filter((/** @type {any} */ f) => Number.isInteger(f)) : [];
  if (!moves.querySelector(".picker") || !faces.length) return "";
  // The wild face beside the dice it changes the count of (a phone trial found the rule only under the board).
  const wild = Number.isInteger(view.wild) ? ` · ${view.wild}s are wild: they count as every face bid on` : "";
  return el("p", { class: "my-dice-line", id: "my-dice" }, "Your dice: ",
    faces.map((/** @type {number} */ f) => (f >= 1 && f <= 6 ? die(f) : el("span", { class: "die", title: "a special face: your cup on the table names it" }, "★"))), wild);
}

/** Beside a bid picker, the bid to beat (the last of the view's `bids`), so the raise is chosen with it in sight.
 * @param {HTMLElement} moves @param {any} view @param {{ label: string }[]} legal */
function bidToBeat(moves, view, legal) {
  const bids = Array.isArray(view && view.bids) ? view.bids : [];
  const last = bids[bids.length - 1];
  if (!moves.querySelector(".picker") || !last || !last.bid) return "";
  // In the game's own word: a bet in Lying Pirates, a bid elsewhere (a trial read "bid" in a game of bets).
  const noun = legal.some((a) => /^bet\b/.test(a.label)) ? "bet" : "bid";
  return el("p", { class: "to-beat", id: "to-beat" }, "To beat: ",
    el("strong", {}, `${last.bid.quantity} × ${last.bid.face}`), `, ${noun} by ${seatName(last.seat, view)}`);
}

// A game whose dice someone could know is marked for every seat: a chosen seed, or a branch of a finished game.
/** @param {import("./messages").Fairness} fairness */
function fairnessNote(fairness) {
  if (!fairness || fairness.kind === "fair") return "";
  return el("p", { class: "unfair", id: "fairness" }, fairness.kind === "seeded"
    ? "Seeded game: its creator chose the seed, which fixes every die and card. Not a fair game."
    : "Analysis: a branch of a finished game whose dice are known from its record. Not a fair game.");
}

/** What a table changes of the game as people play it: its house rules, and its creator's own cards, tiles or
 * board, read from the game's summary when opened. @param {string} id @param {TableMessage} table */
function termsNotes(id, table) {
  const notes = [];
  if (table.house_rules?.length) {
    notes.push(el("p", { class: "unfair", id: "house-rules" }, `House rules at this table: ${table.house_rules.join("; ")}.`));
  }
  if (table.custom_content) {
    const text = el("pre", { class: "content-text" }, "…");
    const box = el("details", { class: "unfair", id: "custom-content" },
      el("summary", {}, "Custom content: this table's cards, tiles or board are its creator's, not the game's. Read them"),
      text);
    box.addEventListener("toggle", async () => {
      if (!box.open || text.textContent !== "…") return;
      try {
        text.textContent = (await api("GET", `/api/games/${id}`)).custom_content || "";
      } catch (e) {
        text.textContent = `Could not load them: ${e instanceof Error ? e.message : e}`;
      }
    });
    notes.push(box);
  }
  return notes;
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

/**
 * The replay of a finished game as `me` saw it: step by step (every move and every roll), by move, or by round;
 * "Branch from here" starts a new game from the step shown.
 * @param {string} id @param {number | null} me @param {number} players @param {HTMLElement} box
 */
async function openReplay(id, me, players, box) {
  const data = await api("GET", `/api/games/${id}/replay?viewer=${me === null ? "spectator" : me}`);
  /** @type {{ step: number, round: number, label?: string, told: any[], view: any }[]} */
  const frames = data.frames;
  let step = 0;
  const slider = el("input", { type: "range", min: 0, max: frames.length - 1, value: 0, id: "replay-step" });
  const frameBox = el("div");
  const branchBox = el("div", { id: "branched" });
  const isMove = (/** @type {number} */ i) => i === 0 || !String(frames[i].label || "").startsWith("chance");
  /** The next frame after (or before, `by` -1) `step` that `wanted` accepts, else the last (first). */
  const seek = (/** @type {number} */ by, /** @type {(i: number) => boolean} */ wanted) => {
    let i = step + by;
    while (i > 0 && i < frames.length - 1 && !wanted(i)) i += by;
    step = Math.max(0, Math.min(frames.length - 1, i));
    show();
  };
  const roundStart = (/** @type {number} */ i) => i === 0 || frames[i].round !== frames[i - 1].round;
  const show = () => {
    const frame = frames[step];
    slider.value = String(step);
    // A step is told in the round it was taken in; one that ends a round says the next begins (a trial read
    // "Round 2 ...: P1: raise your gun" of a move made in round 1).
    const taken = step > 0 ? frames[step - 1].round : frame.round;
    const where = taken !== frame.round
      ? `Round ${frame.round} begins · step ${frame.step} of ${frames.length - 1}, after round ${taken}'s last move: ${frame.label}`
      : `Round ${frame.round} · step ${frame.step} of ${frames.length - 1}: ${frame.label || "the start"}`;
    frameBox.replaceChildren(el("p", { id: "replay-where", "data-round": frame.round }, where),
      justNow((frame.told || []).map((t) => ({ text: t.text, event: t.event }))),
      drawView(data.game, frame.view, { me, players, legal: [], act: () => {} }, show));
  };
  slider.addEventListener("input", () => { step = Number(slider.value); show(); });
  box.replaceChildren(el("section", {}, el("h2", {}, "Replay"),
    el("div", { class: "replay-controls" },
      el("button", { id: "replay-round-back", title: "the start of this round (or the one before)", onclick: () => seek(-1, roundStart) }, "⏮ round"),
      el("button", { id: "replay-move-back", title: "the move before", onclick: () => seek(-1, isMove) }, "◀ move"),
      // A step is a move or a roll: told apart from the moves' buttons (a trial read them as the same twice).
      el("button", { id: "replay-back", title: "one step back: a move or a roll", onclick: () => seek(-1, () => true) }, "◁ step"),
      slider,
      el("button", { id: "replay-forward", title: "one step on: a move or a roll", onclick: () => seek(1, () => true) }, "step ▷"),
      el("button", { id: "replay-move", title: "the next move", onclick: () => seek(1, isMove) }, "move ▶"),
      el("button", { id: "replay-round", title: "the next round", onclick: () => seek(1, roundStart) }, "round ⏭")),
    el("button", { id: "branch", onclick: async () => {
      // Try another line: a new game from this step. Its links are shown (and kept under My games) before the
      // branch opens, every human seat on this screen.
      let created;
      try {
        created = await api("POST", `/api/games/${id}/branch`, { step: frames[step].step });
      } catch (e) {
        branchBox.replaceChildren(el("p", { class: "error" }, `No branch from here: ${e.message}`));
        return;
      }
      showCreated(created, branchBox);
      const humans = created.seats.filter((/** @type {any} */ s) => s.token).map((/** @type {any} */ s) => `${s.seat}.${s.token}`).join(",");
      go(`/play/${created.id}#seats=${humans}`);
    } }, "Branch from here"), branchBox, frameBox));
  show();
}
