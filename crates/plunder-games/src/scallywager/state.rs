//! A Scallywager position and its steps: turns of rolling, the Treasure window, bidding, the call, the draw.

use plunder_core::priority::{Now, Window};
use plunder_core::zones::{Visibility, ZoneId, Zones};
use plunder_core::{Audience, Game, Seat, SeatSet, Teller};
use serde::Serialize;

use super::action::Chance;
use super::cards::{ByDeck, Deck, Effect, MAX_CARDS};
use super::event::{Event, LossCause, RollWhy};
use super::options::{MAX_CAPTAINS, MAX_CREW};
use super::Scallywager;
use crate::bidding::{count_table, Bid, BidLog, Call, PlainCount, PlainCups, MAX_CUPS};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Choosing who takes the Treasure Token first.
    Start,
    /// Rolling the dice for a new turn.
    Roll,
    /// One-time Treasure cards, priority from the token holder clockwise.
    Treasure,
    Bidding,
    /// A call was made: before the dice are shown, captains may reveal Adventure cards in answer to it.
    Answer,
    /// The winner of the call chooses a deck to draw from.
    Draw,
    Over,
}

impl Phase {
    /// Where the turn stands, in words.
    pub fn words(self) -> &'static str {
        match self {
            Phase::Start => "the first captain is being chosen",
            Phase::Roll => "the captains are rolling their crew",
            Phase::Treasure => "captains may use Treasure cards before the bidding",
            Phase::Bidding => "the captains are bidding",
            Phase::Answer => "captains may answer the call with Adventure cards",
            Phase::Draw => "the call's winner is choosing a deck to draw from",
            Phase::Over => "the game is over",
        }
    }
}

/// How the call went.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CallKind {
    Scallywagger,
    Parlay,
}

/// The end of a bidding round: every ship shown. Public.
#[derive(Copy, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "PublicShowdown<'static>"))]
pub struct Showdown {
    pub turn: u32,
    pub caller: Seat,
    pub bidder: Seat,
    pub bid: Bid,
    pub call: CallKind,
    pub counted: u32,
    pub caller_right: bool,
    /// Crew each captain lost.
    pub lost: [u8; MAX_CUPS],
    /// Who draws a card.
    pub draws: Option<Seat>,
    pub cups: PlainCups,
}

impl Showdown {
    /// Crew each captain lost, one entry per seat.
    pub fn lost_by_seat(&self) -> &[u8] {
        &self.lost[..self.cups.counts().len()]
    }
}

impl Serialize for Showdown {
    /// The showdown as the table saw it, with one `lost` entry per seat (not per possible seat).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PublicShowdown {
            turn: self.turn,
            caller: self.caller,
            bidder: self.bidder,
            bid: self.bid,
            call: self.call,
            counted: self.counted,
            caller_right: self.caller_right,
            lost: self.lost_by_seat(),
            draws: self.draws,
        }
        .serialize(serializer)
    }
}

/// The JSON of a [`Showdown`] (the cups are shown beside it), and so its TypeScript type.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Showdown"))]
struct PublicShowdown<'a> {
    turn: u32,
    caller: Seat,
    bidder: Seat,
    bid: Bid,
    call: CallKind,
    counted: u32,
    caller_right: bool,
    lost: &'a [u8],
    draws: Option<Seat>,
}

/// A card used, as the table sees it: who, which card, and on whom (the die rerolled stays unsaid).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardUse {
    pub seat: Seat,
    pub deck: Deck,
    pub card: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub target: Option<Seat>,
    /// The Treasure card taken, for a theft.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub take: Option<u8>,
}

/// A concealed (or revealed) Adventure card in a captain's hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Held {
    pub card: u8,
    pub drawn_turn: u32,
    pub revealed: bool,
}

/// Where a call's winner stands with its card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Draw {
    /// Nobody draws now.
    None,
    /// The winner chooses a deck.
    Choosing(Seat),
    /// The winner chose; the top card is chance.
    From(Seat, Deck),
}

impl Draw {
    pub(super) fn drawer(self) -> Option<Seat> {
        match self {
            Draw::None => None,
            Draw::Choosing(seat) | Draw::From(seat, _) => Some(seat),
        }
    }
}

/// The zones of each deck's cards. Treasure: the deck, its face-up discards, each captain's face-up cards.
/// Adventure: the deck, its face-up discards, and per captain the cards it may reveal this turn (`hand`), the
/// card it drew this turn (`fresh`, usable from the next turn) and the cards it revealed this turn (`shown`).
pub(super) const DECK: ZoneId = 0;
pub(super) const DISCARD: ZoneId = 1;
const FIRST_SEAT_ZONE: ZoneId = 2;

pub(super) fn table(seat: Seat) -> ZoneId {
    FIRST_SEAT_ZONE + seat.0
}

pub(super) fn hand(seat: Seat) -> ZoneId {
    FIRST_SEAT_ZONE + seat.0
}

pub(super) fn fresh(seat: Seat) -> ZoneId {
    FIRST_SEAT_ZONE + MAX_CAPTAINS as u8 + seat.0
}

pub(super) fn shown(seat: Seat) -> ZoneId {
    FIRST_SEAT_ZONE + 2 * MAX_CAPTAINS as u8 + seat.0
}

pub(super) type Cards = Zones<MAX_CARDS>;

fn new_cards(game: &Scallywager) -> ByDeck<Cards> {
    let players = game.players();
    let mut treasure_zones = vec![Visibility::Hidden, Visibility::Public];
    treasure_zones.extend(Seat::all(MAX_CAPTAINS).map(|_| Visibility::Public));
    let mut adventure_zones = vec![Visibility::Hidden, Visibility::Public];
    adventure_zones.extend(Seat::all(MAX_CAPTAINS).map(Visibility::Owner));
    adventure_zones.extend(Seat::all(MAX_CAPTAINS).map(Visibility::Owner));
    adventure_zones.extend(Seat::all(MAX_CAPTAINS).map(|_| Visibility::Public));
    let mut cards = ByDeck {
        treasure: Cards::new(players, &treasure_zones).expect("few zones"),
        adventure: Cards::new(players, &adventure_zones).expect("few zones"),
    };
    for deck in [Deck::Treasure, Deck::Adventure] {
        for (kind, card) in game.deck(deck).cards.iter().enumerate() {
            cards.get_mut(deck).add(kind as u8, card.copies as usize, DECK).expect("decks are checked to fit");
        }
    }
    cards
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub(super) phase: Phase,
    pub(super) turn: u32,
    pub(super) token: Seat,
    pub(super) cups: PlainCups,
    /// Dice waiting to be rolled, a bit per die.
    pub(super) pending: [u16; MAX_CUPS],
    /// `seen[viewer][owner]`: dice of `owner` that `viewer` has looked at this turn.
    pub(super) seen: [[u16; MAX_CUPS]; MAX_CUPS],
    /// Dice shown to everyone this turn.
    pub(super) shown: [u16; MAX_CUPS],
    pub(super) cards: ByDeck<Cards>,
    /// The Treasure window (each use takes effect at once), then the answer window after a call (the call waits
    /// on the stack while captains reveal Adventure cards).
    pub(super) window: Window<CallKind>,
    pub(super) bidder: Seat,
    pub(super) clockwise: bool,
    pub(super) bids: BidLog,
    /// Powder Kegs revealed this turn.
    pub(super) keg: u8,
    pub(super) boarders: SeatSet,
    pub(super) ghosts: SeatSet,
    /// A Black Spot waits for this captain's next bid.
    pub(super) force_after: Option<Seat>,
    /// This captain must call.
    pub(super) forced: Option<Seat>,
    /// The bidding is to be opened (told, and Loose Lips looks) once the dice still rolling are rolled.
    pub(super) opening_due: bool,
    /// Captains who said they use no Treasure card in this Treasure window: told once, not at each pass.
    pub(super) declined: SeatSet,
    /// Who called, while the call waits for answers.
    pub(super) caller: Seat,
    pub(super) draw: Draw,
    pub(super) showdown: Option<Showdown>,
    pub(super) winners: SeatSet,
    /// Cards used so far in the game, and the last one (public), so that the table can be told of each use.
    pub(super) card_uses: u32,
    pub(super) last_use: Option<CardUse>,
}

impl State {
    pub(super) fn new(game: &Scallywager) -> State {
        let players = game.players();
        let counts = [game.options().dice; MAX_CUPS];
        State {
            phase: Phase::Start,
            turn: 0,
            token: Seat(0),
            cups: PlainCups::new(&counts[..players]),
            pending: [0; MAX_CUPS],
            seen: [[0; MAX_CUPS]; MAX_CUPS],
            shown: [0; MAX_CUPS],
            cards: new_cards(game),
            window: Window::closed(players),
            bidder: Seat(0),
            clockwise: true,
            // Strictly rising bids cannot outnumber the (quantity, face) pairs: room once, no allocation later.
            bids: BidLog::with_capacity(players * MAX_CREW as usize * 6),
            keg: 0,
            boarders: SeatSet::EMPTY,
            ghosts: SeatSet::EMPTY,
            force_after: None,
            forced: None,
            opening_due: false,
            declined: SeatSet::EMPTY,
            caller: Seat(0),
            draw: Draw::None,
            showdown: None,
            winners: SeatSet::EMPTY,
            card_uses: 0,
            last_use: None,
        }
    }

    /// Every card in the game, wherever it is: the invariant the tests check after every step.
    pub fn total_cards(&self) -> u32 {
        let zones = FIRST_SEAT_ZONE + 3 * MAX_CAPTAINS as u8;
        [&self.cards.treasure, &self.cards.adventure]
            .iter()
            .map(|cards| (0..zones).map(|z| cards.count(z) as u32).sum::<u32>())
            .sum()
    }

    pub fn crew(&self, seat: Seat) -> u8 {
        self.cups.count(seat)
    }

    pub fn dice_of(&self, seat: Seat) -> &[u8] {
        self.cups.dice_of(seat)
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Treasure cards of kind `kind` face up before `seat`.
    pub(super) fn treasure_held(&self, seat: Seat, kind: usize) -> usize {
        self.cards.treasure.count_kind(table(seat), kind as u8)
    }

    /// Whether `seat` holds a Treasure card of kind `kind` face up.
    pub(super) fn has_treasure(&self, seat: Seat, kind: usize) -> bool {
        self.cards.treasure.has_kind(table(seat), kind as u8)
    }

    /// Moves a card of `kind` from one zone to another, face up or as the zones say.
    pub(super) fn move_kind(&mut self, deck: Deck, from: ZoneId, kind: u8, to: ZoneId) {
        if let Some(id) = self.cards.get(deck).find(from, kind) {
            self.cards.get_mut(deck).move_card(id, to).expect("zones exist");
        }
    }

    /// The next die waiting to be rolled.
    pub(super) fn next_pending(&self) -> Option<(Seat, usize)> {
        self.pending
            .iter()
            .enumerate()
            .find(|(_, bits)| **bits != 0)
            .map(|(seat, bits)| (Seat(seat as u8), bits.trailing_zeros() as usize))
    }

    pub(super) fn alive(&self) -> SeatSet {
        self.cups.alive()
    }

    /// The next captain with crew after `from`, in the bidding direction.
    pub(super) fn next_in_direction(&self, from: Seat, players: usize) -> Seat {
        let step = if self.clockwise { 1 } else { players - 1 };
        let mut seat = from;
        for _ in 0..players {
            seat = Seat(((seat.index() + step) % players) as u8);
            if self.cups.count(seat) > 0 {
                return seat;
            }
        }
        from
    }

    pub(super) fn start(&mut self, game: &Scallywager, first: Seat, told: &mut impl Teller<Event>) {
        self.token = first;
        self.start_turn(game, told);
    }

    fn start_turn(&mut self, game: &Scallywager, told: &mut impl Teller<Event>) {
        self.turn += 1;
        told.public(|| Event::TurnBegins { turn: self.turn, token: self.token });
        self.phase = Phase::Roll;
        for seat in Seat::all(game.players()) {
            self.pending[seat.index()] = (1u16 << self.cups.count(seat)) - 1;
        }
        self.seen = [[0; MAX_CUPS]; MAX_CUPS];
        self.shown = [0; MAX_CUPS];
        self.bids.clear();
        self.clockwise = true;
        self.keg = 0;
        self.boarders = SeatSet::EMPTY;
        self.ghosts = SeatSet::EMPTY;
        self.force_after = None;
        self.forced = None;
        self.draw = Draw::None;
    }

    pub(super) fn apply_chance(&mut self, game: &Scallywager, chance: &Chance, told: &mut impl Teller<Event>) {
        match *chance {
            Chance::FirstCaptain { seat } => {
                told.public(|| Event::FirstCaptain { seat });
                self.start(game, seat, told);
            }
            Chance::Die { seat, face } => {
                let (_, index) = self.next_pending().expect("a die is pending");
                // A new crewmate's die joins with no face yet.
                let why = match self.phase {
                    Phase::Roll => RollWhy::NewTurn,
                    _ if self.cups.dice_of(seat)[index] == 0 => RollWhy::NewCrewmate,
                    _ => RollWhy::Reroll,
                };
                self.cups.set(seat, index, face);
                self.pending[seat.index()] &= !(1 << index);
                for viewer in 0..MAX_CUPS {
                    self.seen[viewer][seat.index()] &= !(1 << index);
                }
                self.shown[seat.index()] &= !(1 << index);
                let cup_done = self.pending[seat.index()] == 0;
                // A turn's roll is told to its roller once, the whole cup (as Lying Pirates tells a shaken cup);
                // a card's roll die by die.
                if why == RollWhy::NewTurn {
                    if cup_done {
                        told.tell(Audience::Only(seat), || Event::RolledCrew {
                            seat,
                            dice: self.cups.dice_of(seat).to_vec(),
                        });
                    }
                } else {
                    told.tell(Audience::Only(seat), || Event::RolledDie {
                        seat,
                        why,
                        face,
                        cup: cup_done.then(|| self.cups.dice_of(seat).to_vec()),
                    });
                }
                // A turn's roll is told to the others once the whole cup is rolled; a card's reroll die by die.
                if why != RollWhy::NewTurn || cup_done {
                    let dice = if why == RollWhy::NewTurn { self.crew(seat) } else { 1 };
                    told.tell(Audience::AllBut(seat), || Event::RolledHidden { seat, why, dice });
                }
                if self.next_pending().is_none() {
                    self.after_rolls(game, told);
                }
            }
            Chance::Card { deck, card } => {
                let Draw::From(winner, _) = self.draw else { return };
                let to = match deck {
                    Deck::Treasure => table(winner),
                    Deck::Adventure => fresh(winner),
                };
                self.cards.get_mut(deck).draw(DECK, card, to).expect("a possible card");
                match deck {
                    // Treasure cards lie face up.
                    Deck::Treasure => told.public(|| Event::Drew { seat: winner, deck, card: Some(card) }),
                    Deck::Adventure => told.secret(
                        winner,
                        || Event::Drew { seat: winner, deck, card: Some(card) },
                        || Event::Drew { seat: winner, deck, card: None },
                    ),
                }
                self.end_turn(game, told);
            }
        }
    }

    /// All pending dice are rolled: carry on with whatever was waiting for them.
    fn after_rolls(&mut self, game: &Scallywager, told: &mut impl Teller<Event>) {
        match self.phase {
            Phase::Roll => self.open_treasure_window(game, told),
            Phase::Bidding if self.opening_due => self.open_bidding(game, told),
            Phase::Answer => self.settle_answers(game, told),
            _ => {}
        }
    }

    /// Captains who hold a one-time Treasure card they could use now (Treasure cards lie face up: public).
    pub(super) fn can_use_treasure(&self, game: &Scallywager) -> SeatSet {
        self.alive().iter().filter(|&s| game.has_usable(self, s, Deck::Treasure)).collect()
    }

    fn open_treasure_window(&mut self, game: &Scallywager, told: &mut impl Teller<Event>) {
        self.phase = Phase::Treasure;
        self.declined = SeatSet::EMPTY;
        let may_use = self.can_use_treasure(game);
        self.window = Window::open(game.players(), self.token, may_use, SeatSet::EMPTY);
        if self.window.is_closed() {
            self.begin_bidding(game, told);
        } else {
            told.public(|| Event::TreasureWindow { may_use });
        }
    }

    /// After a Treasure card was used or declined: carry on or start bidding.
    pub(super) fn treasure_step(
        &mut self,
        game: &Scallywager,
        seat: Seat,
        step: TreasureStep,
        told: &mut impl Teller<Event>,
    ) {
        let _ = match step {
            TreasureStep::Used => self.window.act(seat),
            TreasureStep::Declined => {
                if !self.declined.contains(seat) {
                    self.declined.insert(seat);
                    told.public(|| Event::Passed { seat, answering: false });
                }
                self.window.pass(seat)
            }
        };
        // A captain whose last usable card went is left out: a public fact, the cards lie face up.
        let usable = self.can_use_treasure(game);
        for seat in Seat::all(game.players()).filter(|&s| !usable.contains(s)) {
            self.window.exclude(seat);
        }
        if self.window.is_closed() && self.phase == Phase::Treasure {
            self.begin_bidding(game, told);
        }
    }

    fn begin_bidding(&mut self, game: &Scallywager, told: &mut impl Teller<Event>) {
        self.phase = Phase::Bidding;
        self.bidder = self.token;
        self.opening_due = true;
        // A Treasure card's reroll may still be rolling: the bidding opens after it.
        if self.next_pending().is_none() {
            self.open_bidding(game, told);
        }
    }

    /// The bidding opens: told, then Loose Lips looks (each holder sees the first die of the next captain
    /// clockwise).
    fn open_bidding(&mut self, game: &Scallywager, told: &mut impl Teller<Event>) {
        self.opening_due = false;
        told.public(|| Event::BiddingBegins { opener: self.bidder });
        let players = game.players();
        for seat in self.alive().iter() {
            let spy = game.kinds_with(Deck::Treasure, |e| e == Effect::SpyLeft).find(|&k| self.has_treasure(seat, k));
            if let Some(card) = spy {
                let left = self.alive().next_from(seat.next(players)).unwrap_or(seat);
                if left != seat {
                    self.seen[seat.index()][left.index()] |= 1;
                    let card = card as u8;
                    let face = self.cups.dice_of(left)[0];
                    told.secret(
                        seat,
                        || Event::Spied { seat, card, target: left, face: Some(face) },
                        || Event::Spied { seat, card, target: left, face: None },
                    );
                }
            }
        }
    }

    pub(super) fn bid(&mut self, game: &Scallywager, seat: Seat, bid: Bid, told: &mut impl Teller<Event>) {
        self.bids.push(seat, bid);
        self.forced = None;
        let next = self.next_in_direction(seat, game.players());
        if self.force_after == Some(seat) {
            self.force_after = None;
            self.forced = Some(next);
        }
        self.bidder = next;
        told.public(|| Event::Bid { seat, bid, forces: self.forced });
    }

    /// Loses crew, as every card and call does: a Ghost Ship saves all, a Powder Keg and a Boarding Party add one,
    /// a Lucky Doubloon saves one (and is discarded). A captain knocked out leaves the answer window.
    pub(super) fn lose_crew(
        &mut self,
        game: &Scallywager,
        seat: Seat,
        base: u8,
        cause: LossCause,
        told: &mut impl Teller<Event>,
    ) -> u8 {
        if base == 0 || self.crew(seat) == 0 {
            return 0;
        }
        let (kegs, boarder) = (self.keg, self.boarders.contains(seat));
        let loss = |shield, ghost, lost, left| Event::LostCrew {
            seat,
            cause,
            owed: base,
            kegs,
            boarder,
            shield,
            ghost,
            lost,
            left,
        };
        if self.ghosts.contains(seat) {
            told.public(|| loss(None, true, 0, self.crew(seat)));
            return 0;
        }
        let mut n = base + kegs + u8::from(boarder);
        let shield = game.kinds_with(Deck::Treasure, |e| e == Effect::Shield).find(|&k| self.has_treasure(seat, k));
        if let Some(k) = shield {
            self.move_kind(Deck::Treasure, table(seat), k as u8, DISCARD);
            n -= 1;
        }
        let lost = self.cups.lose(seat, n);
        let remaining = self.cups.count(seat);
        told.public(|| loss(shield.map(|k| k as u8), false, lost, remaining));
        self.pending[seat.index()] &= (1u16 << remaining) - 1;
        if remaining == 0 {
            self.window.exclude(seat);
        }
        lost
    }

    /// A captain calls: the call waits on the stack while captains who hold Adventure cards they may reveal this
    /// turn answer it, from the caller clockwise; then the dice are shown.
    pub(super) fn call(&mut self, game: &Scallywager, caller: Seat, call: CallKind, told: &mut impl Teller<Event>) {
        self.phase = Phase::Answer;
        self.caller = caller;
        // Who holds cards to reveal is public (everyone saw the draws); what they hold is not.
        let holders: SeatSet = self.alive().iter().filter(|&s| self.cards.adventure.count(hand(s)) > 0).collect();
        self.window = Window::open(game.players(), caller, holders, SeatSet::EMPTY);
        self.window.push(call).expect("an empty stack has room");
        if let Some((bidder, bid)) = self.bids.last() {
            told.public(|| Event::Called { caller, call, bidder, bid, answering: holders });
        }
        self.settle_answers(game, told);
    }

    /// Resolves the call once nobody answers it any more (and no reroll is pending).
    pub(super) fn settle_answers(&mut self, game: &Scallywager, told: &mut impl Teller<Event>) {
        while self.phase == Phase::Answer && self.next_pending().is_none() {
            match self.window.now() {
                Now::Priority(_) => return,
                Now::Resolving(entry) => {
                    self.window.resolved().expect("the call was resolving");
                    self.show_down(game, entry.item, told);
                }
                Now::Closed => return,
            }
        }
    }

    /// The call is settled on the standing bid, whoever is still in: a captain knocked out by an answer loses
    /// nothing more, and draws nothing.
    fn show_down(&mut self, game: &Scallywager, call: CallKind, told: &mut impl Teller<Event>) {
        let players = game.players();
        let caller = self.caller;
        let (bidder, bid) = self.bids.last().expect("a call follows a bid");
        let rules = game.options().bid_rules();
        let counted = count_table(&rules, &self.cups, bid.face, bidder, &PlainCount);
        let shown_cups = self.cups;
        let mut base = [0u8; MAX_CUPS];
        let (caller_right, draws) = match call {
            CallKind::Scallywagger => {
                if Call::Liar.caller_right(counted, bid) {
                    base[bidder.index()] = 1;
                    (true, caller)
                } else {
                    base[caller.index()] = 1;
                    (false, bidder)
                }
            }
            CallKind::Parlay => {
                if Call::Exact.caller_right(counted, bid) {
                    for s in self.alive().iter().filter(|&s| s != caller) {
                        base[s.index()] = 1;
                    }
                    (true, caller)
                } else {
                    base[caller.index()] = 2;
                    (false, bidder)
                }
            }
        };
        told.public(|| Event::Showdown { caller, call, bidder, bid, cups: self.cups.shown(), counted, caller_right });
        let mut lost = [0u8; MAX_CUPS];
        for seat in Seat::all(players) {
            lost[seat.index()] = self.lose_crew(game, seat, base[seat.index()], LossCause::Call, told);
        }
        self.showdown = Some(Showdown {
            turn: self.turn,
            caller,
            bidder,
            bid,
            call,
            counted,
            caller_right,
            lost,
            draws: None,
            cups: shown_cups,
        });
        if self.finish_if_over(game, told) {
            return;
        }
        let winner_out = self.cups.count(draws) == 0;
        let can_draw = !winner_out && [Deck::Treasure, Deck::Adventure].iter().any(|&d| self.cards_left(d) > 0);
        if can_draw {
            if let Some(s) = self.showdown.as_mut() {
                s.draws = Some(draws);
            }
            self.phase = Phase::Draw;
            self.draw = Draw::Choosing(draws);
            told.public(|| Event::WinsDraw { seat: draws });
        } else {
            told.public(|| Event::NoDraw { winner: draws, winner_out });
            self.end_turn(game, told);
        }
    }

    /// Cards in a deck and its discard pile.
    pub(super) fn cards_left(&self, deck: Deck) -> usize {
        let cards = self.cards.get(deck);
        cards.count(DECK) + cards.count(DISCARD)
    }

    /// The winner chose a deck: an empty deck takes its discards back ("shuffle the discard pile").
    pub(super) fn choose_deck(&mut self, deck: Deck, told: &mut impl Teller<Event>) {
        let cards = self.cards.get_mut(deck);
        let reshuffled = cards.count(DECK) == 0;
        if reshuffled {
            cards.move_all(DISCARD, DECK).expect("zones exist");
        }
        if let Draw::Choosing(winner) = self.draw {
            self.draw = Draw::From(winner, deck);
            if reshuffled {
                told.public(|| Event::Reshuffled { seat: winner, deck });
            }
        }
    }

    /// Ends the game if at most one captain has crew, or the turns are up. Returns whether it ended.
    pub(super) fn finish_if_over(&mut self, game: &Scallywager, told: &mut impl Teller<Event>) -> bool {
        let alive = self.alive();
        let turn_limit = alive.len() > 1;
        if !turn_limit {
            self.winners = alive;
        } else if self.turn >= game.options().max_turns {
            let most = alive.iter().map(|s| self.cups.count(s)).max().unwrap_or(0);
            self.winners = alive.iter().filter(|&s| self.cups.count(s) == most).collect();
        } else {
            return false;
        }
        told.public(|| Event::Won { winners: self.winners, turn_limit });
        self.phase = Phase::Over;
        self.pending = [0; MAX_CUPS];
        self.draw = Draw::None;
        true
    }

    fn end_turn(&mut self, game: &Scallywager, told: &mut impl Teller<Event>) {
        // Adventure cards held through this turn's bidding round are discarded now, used or not (face up); the
        // card drawn this turn becomes usable next turn.
        for seat in Seat::all(game.players()) {
            if self.cards.adventure.count(hand(seat)) > 0 {
                let adventure = &self.cards.adventure;
                told.public(|| Event::Discarded {
                    seat,
                    cards: adventure.cards_in(hand(seat)).map(|id| adventure.kind(id)).collect(),
                });
            }
            let adventure = &mut self.cards.adventure;
            adventure.move_all(hand(seat), DISCARD).expect("zones exist");
            adventure.move_all(shown(seat), DISCARD).expect("zones exist");
            adventure.move_all(fresh(seat), hand(seat)).expect("zones exist");
        }
        self.token = self.alive().next_from(self.token.next(game.players())).unwrap_or(self.token);
        self.start_turn(game, told);
    }
}

/// How a captain left the Treasure window's priority.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum TreasureStep {
    Used,
    Declined,
}
