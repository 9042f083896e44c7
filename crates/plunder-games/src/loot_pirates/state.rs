//! One position of Loot Pirates and the steps between positions.

use plunder_core::priority::Window;
use plunder_core::{Seat, SeatSet, Teller};
use serde::{Deserialize, Serialize};

use super::action::{Chance, Dice, Fire};
use super::event::Event;
use super::options::{Options, StartingDoubloons, MAX_PIRATES};
use super::resolve::{resolve_round, Report};

/// What a pirate said in the negotiation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Said {
    Offer,
    Pass,
}

/// Where a round stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The D6 variant: pirates roll for their starting doubloons.
    StartingGold,
    /// Pirates roll their dice ("Arrr!").
    Roll,
    /// Every pirate aims at another, at once.
    Aim,
    /// Pirates may pay each other or show their dice, in turn from the Captain.
    Negotiate,
    /// Every pirate drops, raises or shoots, at once.
    Fire,
    /// The Booty is shared out (and any shoot-off settled).
    Over,
}

/// The whole position, secrets included. Fixed-size arrays: cloning and stepping never allocate.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub(super) phase: Phase,
    /// Rounds of the main game started (shoot-off rounds not counted).
    pub(super) round: u32,
    pub(super) coins: [u32; MAX_PIRATES],
    pub(super) booty: u32,
    pub(super) reserve: u32,
    /// Pirates who still have to roll (dice or starting gold).
    pub(super) to_roll: SeatSet,
    pub(super) dice: [Dice; MAX_PIRATES],
    pub(super) aims: [Option<Seat>; MAX_PIRATES],
    /// Pirates who have aimed this round; once all have, `aimed_at` is everyone someone aims at.
    pub(super) aimed: SeatSet,
    pub(super) aimed_at: SeatSet,
    pub(super) fires: [Option<Fire>; MAX_PIRATES],
    pub(super) fired: SeatSet,
    /// `shown[p]`: the pirates who have seen `p`'s dice this round (not `p` itself).
    pub(super) shown: [SeatSet; MAX_PIRATES],
    /// `paid[a][b]`: doubloons `a` paid `b` in this round's negotiation.
    pub(super) paid: [[u32; MAX_PIRATES]; MAX_PIRATES],
    pub(super) offers_used: [u8; MAX_PIRATES],
    /// Negotiation: offers in turn from the Captain; an offer reopens the talk; pirates out of offers are skipped.
    pub(super) talk: Window<()>,
    /// The pirates in the round: everyone, or the shoot-off's contenders.
    pub(super) contestants: SeatSet,
    pub(super) shoot_off_round: u32,
    pub(super) winners: SeatSet,
    pub(super) last: Option<Report>,
}

impl Phase {
    /// Where the round stands, in words.
    pub fn words(self) -> &'static str {
        match self {
            Phase::StartingGold => "pirates are rolling for starting gold",
            Phase::Roll => "pirates are rolling their dice",
            Phase::Aim => "pirates are aiming",
            Phase::Negotiate => "pirates are negotiating",
            Phase::Fire => "pirates are choosing on 'Fire!'",
            Phase::Over => "the game is over",
        }
    }
}

impl State {
    pub(super) fn new(options: &Options) -> State {
        let players = options.players as usize;
        let everyone = SeatSet::first(players);
        let start = match options.starting_doubloons {
            StartingDoubloons::Fixed(n) => n,
            StartingDoubloons::Rolled(_) => 0,
        };
        let mut coins = [0; MAX_PIRATES];
        coins[..players].fill(start);
        let mut state = State {
            phase: Phase::StartingGold,
            round: 0,
            coins,
            booty: options.booty(),
            reserve: options.reserve,
            to_roll: everyone,
            dice: [Dice::default(); MAX_PIRATES],
            aims: [None; MAX_PIRATES],
            aimed: SeatSet::EMPTY,
            aimed_at: SeatSet::EMPTY,
            fires: [None; MAX_PIRATES],
            fired: SeatSet::EMPTY,
            shown: [SeatSet::EMPTY; MAX_PIRATES],
            paid: [[0; MAX_PIRATES]; MAX_PIRATES],
            offers_used: [0; MAX_PIRATES],
            talk: Window::closed(players),
            contestants: everyone,
            shoot_off_round: 0,
            winners: SeatSet::EMPTY,
            last: None,
        };
        if matches!(options.starting_doubloons, StartingDoubloons::Fixed(_)) {
            state.start_round();
        }
        state
    }

    /// The next pirate whose roll is pending.
    pub(super) fn roller(&self) -> Option<Seat> {
        self.to_roll.lowest()
    }

    /// Every doubloon in the game: the invariant the tests check after every step.
    pub fn total_doubloons(&self) -> u64 {
        self.coins.iter().map(|&c| c as u64).sum::<u64>() + self.booty as u64 + self.reserve as u64
    }

    pub fn coins(&self, seat: Seat) -> u32 {
        self.coins[seat.index()]
    }

    pub fn booty(&self) -> u32 {
        self.booty
    }

    pub fn reserve(&self) -> u32 {
        self.reserve
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The last round's result.
    pub fn last_report(&self) -> Option<&Report> {
        self.last.as_ref()
    }

    pub(super) fn start_round(&mut self) {
        if self.shoot_off_round == 0 {
            self.round += 1;
        }
        self.phase = Phase::Roll;
        self.to_roll = self.contestants;
        self.dice = [Dice::default(); MAX_PIRATES];
        self.aims = [None; MAX_PIRATES];
        self.aimed = SeatSet::EMPTY;
        self.aimed_at = SeatSet::EMPTY;
        self.fires = [None; MAX_PIRATES];
        self.fired = SeatSet::EMPTY;
        self.shown = [SeatSet::EMPTY; MAX_PIRATES];
        self.paid = [[0; MAX_PIRATES]; MAX_PIRATES];
        self.offers_used = [0; MAX_PIRATES];
    }

    /// Starts the next round and tells it.
    pub(super) fn begin_round(&mut self, told: &mut impl Teller<Event>) {
        self.start_round();
        if self.shoot_off_round > 0 {
            told.public(|| Event::ShootOffRound { round: self.shoot_off_round, contenders: self.contestants });
        } else {
            told.public(|| Event::RoundBegins { round: self.round, booty: self.booty });
        }
    }

    pub(super) fn apply_chance(&mut self, outcome: &Chance, told: &mut impl Teller<Event>) {
        match *outcome {
            Chance::StartingGold { seat, doubloons } => {
                self.coins[seat.index()] = doubloons as u32;
                self.to_roll.remove(seat);
                told.public(|| Event::StartingGold { seat, doubloons });
                if self.to_roll.is_empty() {
                    self.begin_round(told);
                }
            }
            Chance::Roll { seat, red, black } => {
                self.dice[seat.index()] = Dice { red, black };
                told.secret(
                    seat,
                    || Event::Rolled { seat, dice: Some(Dice { red, black }) },
                    || Event::Rolled { seat, dice: None },
                );
                self.to_roll.remove(seat);
                if self.to_roll.is_empty() {
                    self.phase = Phase::Aim;
                }
            }
        }
    }

    pub(super) fn aim(&mut self, options: &Options, seat: Seat, target: Seat, told: &mut impl Teller<Event>) {
        self.aims[seat.index()] = Some(target);
        self.aimed.insert(seat);
        told.secret(seat, || Event::Aimed { seat, target: Some(target) }, || Event::Aimed { seat, target: None });
        if self.aimed == self.contestants {
            self.aimed_at = self.contestants.iter().filter_map(|s| self.aims[s.index()]).collect();
            let negotiation = options.negotiation_offers > 0 && self.shoot_off_round == 0;
            if negotiation {
                self.phase = Phase::Negotiate;
                self.talk =
                    Window::open(options.players as usize, Seat(options.captain), self.contestants, SeatSet::EMPTY);
            } else {
                self.phase = Phase::Fire;
            }
            told.public(|| Event::AimsShown { aims: self.aims[..options.players as usize].to_vec(), negotiation });
        }
    }

    /// After `seat` spoke (an offer, or a pass), hands the talk to the next pirate still waiting.
    pub(super) fn negotiated(&mut self, options: &Options, seat: Seat, said: Said, told: &mut impl Teller<Event>) {
        match said {
            Said::Offer => {
                self.offers_used[seat.index()] += 1;
                let _ = self.talk.act(seat);
                if self.offers_used[seat.index()] >= options.negotiation_offers {
                    // Out of offers: a public count, so leaving the pirate out shows nothing hidden.
                    self.talk.exclude(seat);
                }
            }
            Said::Pass => {
                let _ = self.talk.pass(seat);
            }
        }
        if self.talk.is_closed() {
            self.phase = Phase::Fire;
            told.public(|| Event::NegotiationOver);
        }
    }

    pub(super) fn fire(&mut self, options: &Options, seat: Seat, choice: Fire, told: &mut impl Teller<Event>) {
        self.fires[seat.index()] = Some(choice);
        self.fired.insert(seat);
        told.secret(seat, || Event::Chose { seat, choice: Some(choice) }, || Event::Chose { seat, choice: None });
        if self.fired == self.contestants {
            told.public(|| Event::ChoicesShown { fires: self.fires[..options.players as usize].to_vec() });
            resolve_round(self, options, told);
        }
    }

    /// Whether anyone in the round aims at `seat` (dropping is allowed only then; known once all have aimed).
    pub(super) fn is_aimed_at(&self, seat: Seat) -> bool {
        self.aimed_at.contains(seat)
    }
}
