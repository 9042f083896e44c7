//! What happens at a Lying Pirates table, told as it happens: every die with why it was rolled, every card with
//! its target and what it did, every move, gain and loss with its cause.

use plunder_core::{Seat, SeatSet};
use serde::Serialize;

use super::action::BattleFace;
use super::content::{ActionDie, Mark, Seek};
use super::state::Purpose;
use crate::bidding::Bid;

/// Why a ship a move was called for stays where it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stay {
    /// The move stops behind the leading ship, and the ship is level with it or ahead.
    Leading,
    /// In the Action Phase no move goes onto Start/End.
    StartEnd,
    /// Already at the end of the ring the move heads for.
    Edge,
}

/// Why something happened: a card's effect, a tile's event, or a rule of the round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "of", rename_all = "snake_case")]
pub enum Cause {
    /// The effect of this card kind, played by the captain it names.
    Card(u8),
    /// The event of this tile.
    Tile(u8),
    /// Losing the Betting Phase (variant Dead Men Tell No Tales).
    BettingLoss,
    /// A right exact bet.
    ExactBet,
    /// The Sail Die.
    Sail,
    /// Catching up from last place.
    CatchUp,
    /// Passing the Cursed Die.
    CursePass,
    /// The captain's once-per-game ability.
    Ability,
    /// Resolving a tile in the Sail Phase.
    Activation,
    /// Buying a card.
    Purchase,
    /// A hand ran empty.
    EmptyHand,
    /// The setup's deal.
    Deal,
    /// A special die taken by another captain, or a full cup making room for one.
    SpecialDie,
}

/// A die that may be rerolled for a price.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RerollDie {
    Sail,
    Pirate,
    Treasure,
    Battle,
}

/// How the Cursed Die changed the count of its holder's own bet.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CurseCount {
    /// It showed the bet's face: the holder's cup counted nothing.
    CupVoid { holder: Seat },
    /// It showed a Skull: the holder's ones were not wild.
    OnesNotWild { holder: Seat },
}

/// Why the game ended as it did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WonBy {
    /// The one ship home first.
    Home,
    /// The last claimant with crew in the Final Battle.
    FinalBattle,
    /// The Final Battle's safety stop: the claimants with crew share.
    FinalBattleLimit,
    /// Instant Death left one captain.
    LastAfloat,
    /// The lapping Phantom caught these players' ships.
    PhantomCaught { caught: SeatSet },
    /// The round limit: the ships farthest ahead share.
    RoundLimit,
}

/// One thing that happened, with its cause.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Setup: a tile dealt face down (told with its name to its holder).
    TileDealt {
        seat: Seat,
        tile: Option<u8>,
    },
    /// Setup: the Start/End holder lays it as space 0 and takes the token.
    StartLaid {
        seat: Seat,
    },
    TilePlaced {
        seat: Seat,
        tile: u8,
        space: u8,
    },
    /// A card drawn (told with its name to its holder; the Phantom's to nobody).
    Drew {
        seat: Seat,
        card: Option<u8>,
        cause: Cause,
    },
    /// The draft: `seat` has chosen the cards it passes.
    DraftChosen {
        seat: Seat,
    },
    /// The draft: cards passed from `from` to `to`.
    DraftPassed {
        from: Seat,
        to: Seat,
        count: u8,
    },
    /// The draft: the cards passed, told to the two captains who know them.
    DraftCards {
        from: Seat,
        to: Seat,
        cards: Vec<u8>,
    },
    /// A round begins: who bets, who sits it out, who bets for the Phantom.
    RoundBegins {
        round: u32,
        bettors: SeatSet,
        sitting_out: SeatSet,
        proxy: Option<Seat>,
        clockwise: bool,
    },
    /// `seat`'s cup is shaken: its dice, in cup order (told to that captain alone, once its last die is down).
    Shaken {
        seat: Seat,
        dice: Vec<u8>,
        /// The dice's kinds (0 a regular die, else its special die) where the cup holds a special die.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        kinds: Vec<u8>,
    },
    /// The shake is over: `first` bets first.
    BettingBegins {
        first: Seat,
    },
    /// The player betting for the Phantom looks under its cup.
    PhantomCup {
        proxy: Seat,
        faces: Vec<u8>,
        /// As `Shaken`'s.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        kinds: Vec<u8>,
    },
    /// Spyglass: `seat` looks at the first dice of `of`'s cup; the others are told it with no `faces`.
    Spied {
        seat: Seat,
        of: Seat,
        faces: Vec<u8>,
        /// As `Shaken`'s.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        kinds: Vec<u8>,
    },
    Bet {
        seat: Seat,
        bid: Bid,
    },
    /// A liar call or an exact bet shows every counted cup (`cups`, per captain) and counts the bet's face.
    Showdown {
        caller: Seat,
        exact: bool,
        bidder: Seat,
        bid: Bid,
        cups: Vec<(Seat, Vec<u8>)>,
        /// The kinds of the dice of each cup shown that holds a special die (0 a regular die).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        kinds: Vec<(Seat, Vec<u8>)>,
        counted: u32,
        /// The wild face that counted as the bet's face too, if any.
        wild: Option<u8>,
        /// The Cursed Die changed the count of its holder's own bet (rulings 11 and 12).
        curse: Option<CurseCount>,
        caller_right: bool,
    },
    /// `winner` won the Betting Phase: the token and `coins`; `movers` sail, `losers` (wrong at the showdown)
    /// stay behind.
    BettingWon {
        winner: Seat,
        coins: u16,
        movers: SeatSet,
        losers: SeatSet,
    },
    SailDie {
        seat: Seat,
        face: u8,
    },
    /// An Action Die rolled for an effect: X or O.
    ActionDie {
        seat: Seat,
        die: ActionDie,
        x: bool,
        cause: Cause,
    },
    /// `seat` may pay `price` to reroll `die` (showing `face`); it paid, or kept it.
    Rerolled {
        seat: Seat,
        die: RerollDie,
        price: u16,
    },
    Kept {
        seat: Seat,
        die: RerollDie,
    },
    Moved {
        seat: Seat,
        from: u8,
        to: u8,
        tile: Option<u8>,
        cause: Cause,
    },
    /// A move `cause` called for left `seat`'s ship where it was, for the reason `why`.
    Stayed {
        seat: Seat,
        at: u8,
        tile: Option<u8>,
        cause: Cause,
        why: Stay,
    },
    Swapped {
        seat: Seat,
        with: Seat,
        cause: Cause,
    },
    /// A phase of the round begins (its card window, the catching up, the Final Battle's steps).
    PhaseBegins {
        phase: super::Phase,
    },
    /// Catching up: the last ships, the distance to the next ship, and how far each crew die sacrificed goes.
    CatchUpBegins {
        tied: SeatSet,
        distance: u8,
        spaces_per_die: u8,
    },
    CatchUpOffered {
        seat: Seat,
    },
    /// Catching up settled: each tied ship's offer; all sail the smallest, paying `dice` crew each.
    CaughtUp {
        offers: Vec<(Seat, u8)>,
        tiles: u8,
        dice: u8,
    },
    Passed {
        seat: Seat,
    },
    AutoPassed {
        seat: Seat,
    },
    /// A card played on the stack (the Phantom's has no declared target).
    Played {
        seat: Seat,
        card: u8,
        target: Option<Seat>,
    },
    /// A response cancels the card it answers for `seat`.
    Cancelled {
        seat: Seat,
        card: u8,
        answered: u8,
    },
    /// The top card of the stack resolves. `shielded`: its target answered it with a cancel, so it does
    /// nothing to them.
    Resolves {
        seat: Seat,
        card: u8,
        target: Option<Seat>,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        shielded: bool,
    },
    /// A tile's event begins for `seat`.
    TileEvent {
        seat: Seat,
        tile: u8,
    },
    Bought {
        seat: Seat,
        price: u16,
    },
    CursePassed {
        seat: Seat,
        to: Seat,
        cost: u8,
    },
    AbilityUsed {
        seat: Seat,
    },
    Picked {
        chooser: Seat,
        seat: Seat,
        cause: Cause,
    },
    /// `seat` took option `option` of the choice at `step` of the effect's program.
    Chose {
        seat: Seat,
        option: u8,
        step: u16,
        cause: Cause,
    },
    Paid {
        seat: Seat,
        coins: u8,
        cause: Cause,
    },
    Declined {
        seat: Seat,
        coins: u8,
        cause: Cause,
    },
    /// The Phantom never pays for an effect (ruling 42): it declines `coins` when nobody stands in for it.
    PhantomDeclines {
        seat: Seat,
        coins: u8,
        cause: Cause,
    },
    Coins {
        seat: Seat,
        change: i16,
        now: u16,
        cause: Cause,
    },
    CoinsTaken {
        from: Seat,
        to: Seat,
        coins: u16,
        cause: Cause,
    },
    /// Crew dice gained from the bag.
    CrewGained {
        seat: Seat,
        dice: u8,
        now: u8,
        cause: Cause,
    },
    /// Crew dice lost (to the bag, or to `thief`).
    CrewLost {
        seat: Seat,
        dice: u8,
        now: u8,
        thief: Option<Seat>,
        cause: Cause,
    },
    /// A gain found the crew bag empty: `seat` gains nothing.
    BagEmpty {
        seat: Seat,
        cause: Cause,
    },
    /// A gain found `seat`'s cup at its limit: it gains nothing.
    CupFull {
        seat: Seat,
        cause: Cause,
    },
    /// A loss found `seat` with no crew at all (a Final Battle claimant at 0): it loses nothing.
    NoCrewToLose {
        seat: Seat,
        cause: Cause,
    },
    /// A loss found no die the rules let go: `seat` keeps its last crew die.
    KeptLast {
        seat: Seat,
        cause: Cause,
    },
    /// `seat` may pay `coins` for an effect but has only `has`: the offer passes.
    CannotPay {
        seat: Seat,
        coins: u8,
        has: u16,
        cause: Cause,
    },
    /// A coin loss found `seat` with no coins: it loses nothing.
    NoCoinsToLose {
        seat: Seat,
        cause: Cause,
    },
    /// An Action Die showed the face that does nothing to `seat`.
    Unharmed {
        seat: Seat,
        x: bool,
        cause: Cause,
    },
    /// A ward (Last Stand) took a whole loss.
    Warded {
        seat: Seat,
    },
    /// `seat` chose special die `die` to go for a loss.
    LostSpecial {
        seat: Seat,
        die: u8,
    },
    SpecialTaken {
        seat: Seat,
        die: u8,
        from: Option<Seat>,
        cause: Cause,
    },
    SpecialReturned {
        seat: Seat,
        die: u8,
        cause: Cause,
    },
    MissesBetting {
        seat: Seat,
        cause: Cause,
    },
    TokenTaken {
        seat: Seat,
        cause: Cause,
    },
    DirectionFlipped {
        clockwise: bool,
        cause: Cause,
    },
    Marked {
        seat: Seat,
        mark: Mark,
        of: Option<Seat>,
        cause: Cause,
    },
    /// A card taken at random from `from`'s hand.
    CardTaken {
        from: Seat,
        to: Seat,
        cause: Cause,
    },
    /// The card taken, told to the two captains who know it.
    TakenCard {
        from: Seat,
        to: Seat,
        card: u8,
    },
    BattleBegins {
        contenders: SeatSet,
        purpose: Purpose,
        seek: Seek,
        /// The card or tile whose effect the battle is for (told for an effect's battle).
        cause: Cause,
        /// The captains the effect would have reached but for their ship on Start/End in the Action Phase (a
        /// trial saw a captain left out of a battle with no reason).
        sheltered: SeatSet,
    },
    /// A Battle Die: `face` as rolled, `rank` after the marks and abilities (Skull 1, Single 2, Double 3).
    BattleDie {
        seat: Seat,
        face: BattleFace,
        rank: u8,
    },
    /// The best (or worst) rank is tied: these roll again.
    BattleTied {
        tied: SeatSet,
        rank: u8,
    },
    /// The battle is decided: `seat` is its winner, or the loser when a loser is sought.
    BattleDecided {
        seat: Seat,
        purpose: Purpose,
        seek: Seek,
        rank: u8,
    },
    /// Instant Death: an empty cup is out.
    KnockedOut {
        seat: Seat,
    },
    PhantomLaps,
    /// Final Battle: `seat` has made its secret preparation.
    Preparing {
        seat: Seat,
    },
    /// Final Battle: the claimants' preparations revealed: special dice traded (each counts 2 crew instead of
    /// 1), crew dice bought for `paid` coins, and the crew each fights with.
    Prepared {
        seat: Seat,
        traded: u8,
        bought: u8,
        paid: u16,
        crew: u16,
    },
    FinalRound {
        battle: u8,
        claimants: SeatSet,
    },
    /// Final Battle: `seat` loses a crew (`crew` left), or a ward saved it.
    FinalLoss {
        seat: Seat,
        crew: u16,
        warded: bool,
    },
    /// Final Battle: Skulls rolled, but none would be left standing, so nobody loses.
    SkullsSpared {
        skulls: SeatSet,
    },
    FinalCrew {
        seat: Seat,
        change: i16,
        crew: u16,
        cause: Cause,
    },
    Won {
        winners: SeatSet,
        by: WonBy,
    },
}

/// A cup's kinds for an event: empty where every die is regular (most cups), so events stay as short as before.
pub(crate) fn special_kinds(kinds: &[u8]) -> Vec<u8> {
    if kinds.iter().all(|&k| k == crate::bidding::REGULAR) {
        Vec::new()
    } else {
        kinds.to_vec()
    }
}
