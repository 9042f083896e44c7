//! What happens at a Pirate Haven table, told as it happens. Nothing in a position is hidden (ruling 29), so
//! every event is told to everyone. Tiles are named by their kind (an index into the game's tile table),
//! islands' places by their cell or spot, and the words come from `Narrate::tell`.

use plunder_core::{Seat, SeatSet};
use serde::Serialize;

use super::action::{Cell, Spot};
use super::content::Item;
use super::score::Score;

/// Why a placed die's value went up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Raise {
    /// The House `kind` was just placed within reach: its "when placed" boost.
    House { kind: u8 },
    /// The bonus for first reaching Coup track `spot` this round.
    CoupSpot { spot: u8 },
}

/// What started a Coup advance.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Advance {
    /// A new token of `item` (Pirate or Cannon) was placed.
    Token { item: Item },
    /// The Port `kind` (the Naval Dock) was placed.
    Port { kind: u8 },
}

/// How one step up the Coup track was had.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Step {
    /// One of the advance's free steps.
    Free,
    /// One pip of the `item` die on `at` (on the tile `on`); it shows `left` now (0: used up, back to the pool).
    Paid { at: Spot, on: u8, item: Item, left: u8 },
}

/// What settled the game's winner.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decider {
    /// The most Fame.
    Fame,
    /// Tied on Fame: the most Food pips.
    Food,
    /// Tied on Fame and Food: the most Cannons.
    Cannons,
    /// Tied on all three: a shared win.
    Shared,
}

/// One thing that happened, with its cause.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A round begins: `tiles` tiles will be drawn from the round's stack of `stack`; seats move in `order`
    /// (the Turn track of the round before).
    RoundBegins { round: u8, tiles: u8, stack: u8, order: Vec<Seat> },
    /// A tile of `kind` is drawn from round `round`'s stack onto map slot `slot`.
    TileLaid { round: u8, slot: u8, kind: u8 },
    /// A pool die of colour `die` is rolled onto the Die tile on `slot`: it shows `value`.
    DieRolled { slot: u8, die: Item, value: u8 },
    /// The pool has no die of colour `die` left: the Die tile on `slot` stays empty.
    PoolEmpty { slot: u8, die: Item },
    /// The map is laid; `unused` tiles of the round's stack go back to the box unseen.
    MapLaid { round: u8, unused: u8 },
    /// The top Treasure Chest, of `kind`, is turned face up; `below` stay hidden under it.
    ChestFaceUp { kind: u8, below: u8 },
    /// The last Treasure Chest was bought: none is left.
    ChestsGone,
    /// `seat` moves next: closest to the Coup board, at `pos` (0: the start).
    Turn { seat: Seat, pos: u8 },
    /// `seat` travels to `slot`, where the tile `kind` lies (with a die showing `die` on a Die tile).
    Travelled { seat: Seat, slot: u8, kind: u8, die: Option<u8> },
    /// `seat` leaves the map onto Turn track spot `place` (0: 1st); `forced` when no tile lay ahead;
    /// `last_round` in the game's last round, where the Turn track orders no next round.
    Left { seat: Seat, place: u8, forced: bool, last_round: bool },
    /// `seat` takes what lies on `slot`: the tile `kind`, or its die (showing `die`) or token.
    Took { seat: Seat, slot: u8, kind: u8, die: Option<u8> },
    /// `seat` discards what lies on `slot` (a die goes back to the pool).
    Discarded { seat: Seat, slot: u8, kind: u8, die: Option<u8> },
    /// `seat` places the tile `kind` on island cell `cell`.
    TilePlaced { seat: Seat, kind: u8, cell: Cell },
    /// `seat` places an `item` (a die taken showing `value`, now `now` after the boosts of the Houses
    /// `boosted_by`) on spot `at` of the tile `on`.
    ItemPlaced { seat: Seat, item: Item, value: u8, now: u8, at: Spot, on: u8, boosted_by: Vec<u8> },
    /// `seat`'s `item` die on `at` (tile `on`) goes from `from` to `to`, for `by`.
    Raised { seat: Seat, item: Item, at: Spot, on: u8, from: u8, to: u8, by: Raise },
    /// `seat` buys the face-up chest `kind` for `cost` Food pips, paid next pip by pip.
    ChestBought { seat: Seat, kind: u8, cost: u8 },
    /// `seat` pays one Food pip for a chest from the die on `at` (tile `on`), which shows `left` now (0: used
    /// up, back to the pool); `owed` pips remain.
    Paid { seat: Seat, at: Spot, on: u8, left: u8, owed: u8 },
    /// `seat` places the bought chest `kind` on cell `cell`.
    ChestPlaced { seat: Seat, kind: u8, cell: Cell },
    /// `seat` starts a Coup advance for `why`: `free` free steps, of them `bonus` from the Houses `bonus_from`.
    CoupAdvance { seat: Seat, why: Advance, free: u8, bonus: u8, bonus_from: Vec<u8> },
    /// `seat` climbs the Coup track to `to`, by `step`.
    Climbed { seat: Seat, to: u8, step: Step },
    /// `seat` first reaches Coup spot `spot` this round: raise one `die` die by `amount`; `raisable` false when
    /// no such die is below 6 (no bonus).
    CoupBonus { seat: Seat, spot: u8, die: Item, amount: u8, raisable: bool },
    /// `seat` stops climbing at `at`.
    CoupStopped { seat: Seat, at: u8 },
    /// `seat` reached the top first this round: the Coup; `statue` when a Statue was left to take.
    CoupAtTop { seat: Seat, statue: bool },
    /// Nobody reached the top in round `round`: `highest` stood highest at `height`; a single one takes a
    /// Statue (`statue`: one was taken).
    CoupAtRoundEnd { round: u8, highest: SeatSet, height: u8, statue: bool },
    /// `seat` uses the Port `port` to reroll the `item` die on `at` (tile `on`), showing `value`.
    RerollChosen { seat: Seat, port: u8, at: Spot, on: u8, item: Item, value: u8 },
    /// The rerolled `item` die on `at` (tile `on`) shows `to` (was `from`).
    Rerolled { seat: Seat, at: Spot, on: u8, item: Item, from: u8, to: u8 },
    /// `seat` uses the Port `port` to move an `item` (showing `value`, 0 for a token) from `from` (tile
    /// `from_on`) to `to` (tile `to_on`).
    ItemMoved { seat: Seat, port: u8, item: Item, value: u8, from: Spot, from_on: u8, to: Spot, to_on: u8 },
    /// `seat` uses the Port `port` to move the tile `kind`, with what it holds, from `from` to `to`.
    TileMoved { seat: Seat, port: u8, kind: u8, from: Cell, to: Cell },
    /// `seat` chooses not to use the optional ability of the Port `port`.
    Declined { seat: Seat, port: u8 },
    /// The Port `port`'s ability finds nothing of `seat`'s to act on.
    Unusable { seat: Seat, port: u8 },
    /// Round `round` ends (everyone left the map): `leftovers` tiles are discarded, `dice_back` of their dice
    /// go back to the pool, the Coup track resets; `last`: the game is scored.
    RoundEnds { round: u8, leftovers: u8, dice_back: u8, last: bool },
    /// `seat`'s Fame at the end, by source: Ships (`ship_pips` summed, ranked `ship_place`, 0 = 1st, none
    /// without Ships), Rum, each Infrastructure tile (`tiles`: kind and Fame), `statues` Statues, the Turn
    /// track's 1st spot; with the tie-breaks.
    FinalScore { seat: Seat, score: Score, ship_pips: u32, ship_place: Option<u8>, tiles: Vec<(u8, u32)>, statues: u8 },
    /// The game is over: `winners` won with `fame` Fame, settled by `by`.
    Won { winners: SeatSet, fame: u32, by: Decider },
}
