//! What happens at a Scallywager table, told as it happens.

use plunder_core::{Seat, SeatSet};
use serde::Serialize;

use super::cards::Deck;
use super::state::CallKind;
use crate::bidding::Bid;

/// Why a die is rolled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RollWhy {
    /// Every captain rolls their crew at the start of a turn.
    NewTurn,
    /// A card made the captain reroll a die it had.
    Reroll,
    /// A card brought a new crewmate aboard: its die is rolled.
    NewCrewmate,
}

/// Why a captain loses crew.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LossCause {
    /// The call went against the captain.
    Call,
    /// `by` revealed a Boarding Party on the captain.
    Boarded { by: Seat },
}

/// What a used card did, beyond being used (the card's kind says which card it was).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Effected {
    /// The user looked at the target's first `dice` dice: `faces` told to the user only.
    Peeked { dice: u8, faces: Option<Vec<u8>> },
    /// The user rerolls one die (`face` before: told to the user only).
    Rerolls { face: Option<u8> },
    /// The user gained a crewmate (rolled next); `crew` now.
    GainedCrewmate { crew: u8 },
    /// The target shows its first die to everyone.
    Revealed { face: u8 },
    /// The bidding now goes `clockwise` or not.
    Turned { clockwise: bool },
    /// The user took this Treasure card from the target.
    Took { card: u8 },
    /// Every loss of crew this turn is `kegs` greater.
    PowderKeg { kegs: u8 },
    /// The target loses a crewmate (told next) and the user gains one, if it has room.
    Boarded { gained: bool },
    /// The captain after the user's next bid must call.
    ForcesCall,
    /// The target rerolls all `dice` of its dice.
    Mutiny { dice: u8 },
    /// Every captain rerolls their first die.
    Kraken,
    /// The user loses no crew this turn.
    GhostShip,
}

/// One thing that happened, with its cause.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Chance chose the first captain, who takes the Treasure Token.
    FirstCaptain { seat: Seat },
    /// A turn begins: `token` holds the Treasure Token; every captain rolls their crew.
    TurnBegins { turn: u32, token: Seat },
    /// `seat` rolled its whole crew at a turn's start: `dice` in cup order, told to it alone once its last die is
    /// down (the others are told `RolledHidden`).
    RolledCrew { seat: Seat, dice: Vec<u8> },
    /// `seat` rolled one die for a card, told to it alone: `face`, and its whole cup (in cup order) once it has
    /// rolled all.
    RolledDie { seat: Seat, why: RollWhy, face: u8, cup: Option<Vec<u8>> },
    /// Told to everyone but `seat`: it rolled `dice` dice under its screen.
    RolledHidden { seat: Seat, why: RollWhy, dice: u8 },
    /// The Treasure window opens: `may_use` hold one-time Treasure cards, priority from the token holder.
    TreasureWindow { may_use: SeatSet },
    /// `seat` used a card (a Treasure card from its table, or an Adventure card revealed from its hand).
    CardUsed { seat: Seat, deck: Deck, card: u8, target: Option<Seat>, effect: Effected },
    /// `seat` used no (more) Treasure cards, or did not answer the call.
    Passed { seat: Seat, answering: bool },
    /// The bidding begins with `opener`.
    BiddingBegins { opener: Seat },
    /// A lasting Treasure card (`card`, Loose Lips) let `seat` look at `target`'s first die (`face` told to `seat`).
    Spied { seat: Seat, card: u8, target: Seat, face: Option<u8> },
    /// `seat` bid; `forces` must call next (a Black Spot).
    Bid { seat: Seat, bid: Bid, forces: Option<Seat> },
    /// `caller` called on `bidder`'s bid; `answering` may answer with Adventure cards before the dice are shown.
    Called { caller: Seat, call: CallKind, bidder: Seat, bid: Bid, answering: SeatSet },
    /// The dice are shown (`cups` by seat, lowest first) and the call settled; `draws` wins a card.
    Showdown {
        caller: Seat,
        call: CallKind,
        bidder: Seat,
        bid: Bid,
        cups: Vec<Vec<u8>>,
        counted: u32,
        caller_right: bool,
    },
    /// `seat` owed the loss of `owed` crew for `cause`: a Powder Keg (`kegs`) and a boarder's risk (`boarder`) add,
    /// a Lucky Doubloon (`shield`, discarded) takes one away, a Ghost Ship (`ghost`) saves all. `lost` went; `left`
    /// remain (0: out).
    LostCrew {
        seat: Seat,
        cause: LossCause,
        owed: u8,
        kegs: u8,
        boarder: bool,
        shield: Option<u8>,
        ghost: bool,
        lost: u8,
        left: u8,
    },
    /// `seat` won the call and chooses a deck to draw from.
    WinsDraw { seat: Seat },
    /// Nobody draws: the call's winner is out (`winner_out`), or both decks and their discards are empty.
    NoDraw { winner: Seat, winner_out: bool },
    /// `seat` chose `deck`, which was empty, so it took its discards back. (Otherwise the choice is told with the
    /// card drawn: until then the table's view does not show it.)
    Reshuffled { seat: Seat, deck: Deck },
    /// `seat` drew a card: a Treasure card face up (public), an Adventure card hidden (`card` told to `seat`).
    Drew { seat: Seat, deck: Deck, card: Option<u8> },
    /// End of turn: Adventure cards held through the bidding round are discarded face up.
    Discarded { seat: Seat, cards: Vec<u8> },
    /// The game is over: the last captain with crew won, or (`turn_limit`) the most crew won.
    Won { winners: SeatSet, turn_limit: bool },
}
