//! What happens at a Pirate's Flag table, told as it happens.

use plunder_core::Seat;
use serde::Serialize;

use super::data::Test;
use super::state::{ItemKind, Mods};

/// An action card (`captain: false`, `card` its place in the deck) or a captain's ability (its place in the
/// captain list).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardRef {
    pub card: u8,
    pub captain: bool,
}

/// What a card or captain is aimed at, as the table sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Aim {
    Nothing,
    /// A player or their ship.
    Seat {
        seat: Seat,
    },
    /// Something waiting on the stack, played by `by` (`None`: the rules).
    Item {
        item: ItemKind,
        by: Option<Seat>,
    },
    /// The roll `seat` just made.
    Roll {
        seat: Seat,
    },
}

/// Why dice are rolled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RollFor {
    Movement,
    Escape,
    Battle {
        attacker: Seat,
        defender: Seat,
    },
    /// A card's own roll (a movement roll or a check).
    Card {
        card: CardRef,
    },
}

/// How a ship moved.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Way {
    /// Its own movement.
    Sail,
    /// Its own movement, given by a card (a move or a movement roll of its own).
    SailByCard { card: CardRef },
    /// Pushed or pulled by a card.
    Pushed { card: CardRef },
    /// Shifted by a hazard it ended on.
    Hazard,
    /// Down a waterfall.
    Waterfall,
}

/// One thing that happened, with its cause.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    CaptainDealt {
        seat: Seat,
        captain: u8,
    },
    /// A die of `seat`'s roll-off roll; `total` once both dice are rolled.
    RollOffDie {
        seat: Seat,
        face: u8,
        nth: u8,
        of: u8,
        total: Option<u8>,
    },
    /// `seats` tied for the highest roll-off roll, `total`: they roll again.
    RollOffTied {
        seats: Vec<Seat>,
        total: u8,
    },
    /// `seat` won the roll-off with `total` and goes first (`tied`: still tied when the re-rolls ran out).
    FirstPlayer {
        seat: Seat,
        total: u8,
        tied: bool,
    },
    TurnBegins {
        seat: Seat,
        round: u32,
    },
    Passed {
        seat: Seat,
        /// For the rest of the turn.
        auto: bool,
    },
    /// The main action (or, `escape`, the battle's winner): a movement roll goes on the stack.
    WillRoll {
        seat: Seat,
        escape: bool,
        dice: u8,
    },
    /// The battle's winner stays without the escape roll.
    Stays {
        seat: Seat,
    },
    /// A battle goes on the stack: `ranged` by a card from up to 2 spaces away.
    BattleDeclared {
        attacker: Seat,
        defender: Seat,
        ranged: bool,
    },
    /// A battle about to be fought no longer can be: the defender lost the flag or a ship moved away.
    BattleCalledOff {
        attacker: Seat,
        defender: Seat,
    },
    /// A die of a roll still being made.
    Die {
        seat: Seat,
        face: u8,
        nth: u8,
        of: u8,
    },
    /// A roll is made: its faces, the modifiers queued for it, and what it counts.
    Rolled {
        seat: Seat,
        purpose: RollFor,
        faces: Vec<u8>,
        mods: Mods,
        value: u8,
    },
    BattleWon {
        attacker: Seat,
        defender: Seat,
        attack: u8,
        defence: u8,
    },
    BattleLost {
        attacker: Seat,
        defender: Seat,
        attack: u8,
        defence: u8,
    },
    /// A tie: the battle is fought again, or (`last`) the tie limit ends it with the defender keeping the flag.
    BattleTied {
        attacker: Seat,
        defender: Seat,
        value: u8,
        last: bool,
    },
    /// A card or captain is played; `waits`: it goes on the stack, where it can be answered.
    Played {
        seat: Seat,
        card: CardRef,
        aim: Aim,
        choice: u8,
        waits: bool,
    },
    /// A card's move left `seat`'s ship where it was, for the reason `why`.
    NotMoved {
        seat: Seat,
        card: CardRef,
        why: Unmoved,
    },
    /// A card resolves with nothing to do: its target no longer qualifies.
    Fizzled {
        seat: Seat,
        card: CardRef,
    },
    Cancelled {
        seat: Seat,
        card: CardRef,
        item: ItemKind,
        by: Option<Seat>,
    },
    /// A card on the stack is turned onto `to`.
    Redirected {
        seat: Seat,
        card: CardRef,
        item: ItemKind,
        by: Option<Seat>,
        to: Seat,
    },
    /// Modifiers queued on `seat`'s next roll of `scope` (0 any, 1 movement, 2 battle).
    Queued {
        seat: Seat,
        card: CardRef,
        scope: u8,
        mods: Mods,
    },
    /// An after-roll change to the roll `seat` made: it now counts `value`.
    Adjusted {
        seat: Seat,
        card: CardRef,
        add: i8,
        value: u8,
    },
    /// The roll `seat` made is rolled again.
    Reroll {
        seat: Seat,
        card: CardRef,
    },
    /// A card's check roll of `value` meets `test` (`holds`) or not; `effect`: the card does something for it.
    Check {
        seat: Seat,
        card: CardRef,
        value: u8,
        test: Test,
        holds: bool,
        effect: bool,
    },
    Moved {
        seat: Seat,
        from: u8,
        to: u8,
        way: Way,
        /// The last step crossed a dock.
        dock: bool,
    },
    /// `seat`'s ship and `with`'s swap places: `seat` is now on `at`, `with` on `with_at`.
    Swapped {
        seat: Seat,
        with: Seat,
        card: CardRef,
        at: u8,
        with_at: u8,
    },
    /// The mover stops on `space`, giving up `left` steps.
    Stopped {
        seat: Seat,
        space: u8,
        left: u8,
    },
    /// The flag is taken from the Dread Captain's ship.
    FlagFromDreadShip {
        seat: Seat,
    },
    FlagPickedUp {
        seat: Seat,
        space: u8,
    },
    /// The flag falls loose on `space`: shot off by a card, or (`card: None`) flown out going down a waterfall.
    FlagDropped {
        seat: Seat,
        space: u8,
        card: Option<CardRef>,
    },
    FlagTakenByCard {
        seat: Seat,
        from: Seat,
        card: CardRef,
    },
    /// A card would take the flag from `seat` or knock it loose, but `seat` is shielded.
    FlagHeld {
        seat: Seat,
        card: CardRef,
    },
    Silenced {
        seat: Seat,
        card: CardRef,
    },
    Shielded {
        seat: Seat,
        card: CardRef,
        until_next_turn: bool,
    },
    /// A draw: told to the drawer with the card, to the others without.
    Drew {
        seat: Seat,
        card: Option<u8>,
    },
    /// Cards owed to `seat` are not drawn: its hand is at its limit (`limit` cards, public), or (`limit` None)
    /// the draw pile and the discards are both empty.
    NotDrawn {
        seat: Seat,
        owed: u8,
        limit: Option<u8>,
    },
    /// The draw pile ran out: the face-up discards are shuffled into a new one.
    Reshuffled {
        cards: u8,
    },
    /// A card discarded (face up) to draw: traded at a Trading Post (`cause` `None`), or by a card's effect.
    Discarded {
        seat: Seat,
        card: u8,
        draw: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        cause: Option<CardRef>,
    },
    /// A random pick (a card taken or discarded) found `seat`'s hand empty: the rest of it does nothing.
    NoCardToPick {
        cause: CardRef,
        seat: Seat,
        /// Whether the pick was taking the card (to the card's player) rather than discarding it.
        taking: bool,
    },
    /// A card picked at random from `from`'s hand goes to `to` (`None`: the discards, where everyone sees it).
    /// Told with the card to the two players and to all when discarded; to the others as "a card".
    CardTaken {
        /// The card or captain that made the pick.
        cause: CardRef,
        from: Seat,
        to: Option<Seat>,
        card: Option<u8>,
    },
    /// Told to the taker alone: the card it took from `from`.
    TookCard {
        cause: CardRef,
        seat: Seat,
        from: Seat,
        card: u8,
    },
    /// `seat` carried the flag into The Dread Sea.
    Won {
        seat: Seat,
    },
    OutOfRounds {
        rounds: u32,
    },
}

/// Why a ship a card moves stays where it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unmoved {
    /// It is in The Dread Sea, off the track, where cards do not reach.
    DreadSea,
    /// It is pulled towards a ship on its own space.
    SameSpace,
    /// The track ends the way it is moved.
    TrackEnd,
}
