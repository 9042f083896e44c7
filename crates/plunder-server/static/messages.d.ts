// The play socket's messages, generated from the Rust types in crates/plunder-server/src/messages.rs.
// Do not edit: `UPDATE_TYPES=1 cargo test -p plunder-server --test message_types` rewrites this file.

export type ClientMessage = { "type": "act", action: unknown, } | { "type": "chat", text: string, name?: string, } | { "type": "sync" } | { "type": "auto_pass", on: boolean, } | { "type": "stops", stops: Stops, };

export type Stops = "mine" | "all";

export type ServerMessage = { "type": "table" } & TableMessage | { "type": "rejected", code: string, reason: string, 
/**
 * `/rules/GAME`: how to play the game.
 */
rules: string, 
/**
 * "Why was this rejected": the section and sentence of the rulings the refusal comes from, when the
 * refusal is a rule of the game (not a turn or format error) and its rulings say it.
 */
rule?: Citation, } | { "type": "error", code: string, message: string, } | { "type": "chat" } & ChatLine | { "type": "chat_history", lines: Array<ChatLine>, };

export type TableMessage = { id: string, game: string, 
/**
 * How many events the game has had: a client can tell a newer table from an older one.
 */
version: number, you: Role, status: StatusInfo, round: number, seats: Array<SeatInfo>, 
/**
 * The viewer's view (the game's own JSON).
 */
view: unknown, 
/**
 * The viewer's legal actions now, labelled (empty for spectators and seats not to act).
 */
legal: Array<LegalAction>, 
/**
 * What the viewer saw happen, oldest first, from line `log_start` of its whole log to the end. The first
 * table on a connection (and the answer to `sync`) has the last [`LOG_LINES`] lines at most; later ones
 * carry only the lines this connection has not had yet, so a client appends them.
 */
log: Array<string>, 
/**
 * The line of the whole log that `log` starts at.
 */
log_start: number, 
/**
 * The typed event behind each line of `log` (the game's own JSON, with a `type`), in the same order, for
 * clients that show events on the board (a battle's dice, say) rather than only as words.
 */
events: unknown[], 
/**
 * For a seat: what it may like to know before deciding, from its own view only (in the bidding games, the
 * odds that the standing bid holds given its own dice). Clients show it in an optional odds panel.
 */
notes?: Array<string>, 
/**
 * The game that follows this one, once a rematch was asked for.
 */
rematch?: string, 
/**
 * Whether anyone could know the dice: a fair game, a seeded one, or an analysis branch. Clients show it.
 */
fairness: Fairness, 
/**
 * The options that are not the ones people play with, as `name = value` (a long value cut): clients show
 * them as the table's house rules. Left out when there are none.
 */
house_rules?: Array<string>, 
/**
 * Whether the table's cards, tiles or board are its creator's own rather than the game's (the game's summary,
 * `GET /api/games/{id}`, gives them as text). Left out when `false`.
 */
custom_content?: boolean, 
/**
 * Whether a seat's stops can matter in this game (the game's `Narrate::stops_matter`: some answer window may
 * leave a seat out): clients offer the stops setting only then. Left out when `false`.
 */
stops?: boolean, };

export type Role = { "kind": "seat", seat: number, } | { "kind": "spectator" };

export type SeatInfo = { 
/**
 * `human` or the bot's name.
 */
player: string, 
/**
 * Whether a person holds this seat now.
 */
connected: boolean, 
/**
 * Seconds left in this seat's time bank, when the game has timers.
 */
bank_secs?: number, 
/**
 * Whether the seat is out of the game (no dice or crew left): it will not be asked again, and its player
 * may leave. Left out when `false`.
 */
out?: boolean, };

export type StatusInfo = { "state": "decide", seats: Array<number>, } | { "state": "chance" } | { "state": "over", outcome: { winners: number[], payoffs: number[] } | null, };

export type LegalAction = { action: unknown, label: string, 
/**
 * The label as steps a client may ask one at a time (what is done, then whom, then how far), where it has
 * more than one: actions sharing their first steps share a button, and the next step is asked after it.
 */
steps?: Array<string>, 
/**
 * Shown at the head of the moves, never scrolled or filtered away (`Narrate::always_shown`: a call that ends
 * the bidding, a pass, leaving the map).
 */
first?: boolean, };

export type Citation = { section: string, 
/**
 * `/rules/GAME/rulings#anchor`: the section on the server's rulings page.
 */
link: string, 
/**
 * The sentence, its own double quotes made single curly ones (‘ ’), so that a quote of it (“ ”, in the
 * browser and the terminal) never holds quotes like its own.
 */
sentence: string, };

export type ChatLine = { 
/**
 * `P1`, `P2`, ... or `spectator`.
 */
from: string, text: string, };

export type Fairness = { "kind": "fair" } | { "kind": "seeded" } | { "kind": "analysis", of: string, };
