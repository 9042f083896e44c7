//! A liar's dice position and its steps.

use plunder_core::{Seat, SeatSet, Teller};
use serde::Serialize;

use super::action::Roll;
use super::event::{Event, OpenerWhy};
use super::options::{Length, Options, MAX_PLAYERS};
use crate::bidding::{count_table, Bid, BidLog, Call, PlainCount, PlainCups};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Roll,
    Bid,
    Over,
}

/// The end of a round: everyone's dice shown and the call settled. Public.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Showdown {
    pub round: u32,
    pub caller: Seat,
    pub bidder: Seat,
    pub bid: Bid,
    pub call: Call,
    /// Dice matching the bid (wilds included).
    pub counted: u32,
    /// Whether the caller was right.
    pub caller_right: bool,
    /// Who lost a die (or the game), if anyone.
    pub loser: Option<Seat>,
    /// Who won a die back (a right exact call), if anyone.
    pub gainer: Option<Seat>,
    /// The cups as they were shown.
    #[serde(skip)]
    pub cups: PlainCups,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub(super) phase: Phase,
    pub(super) round: u32,
    pub(super) cups: PlainCups,
    pub(super) turn: Seat,
    /// Who opens the round.
    pub(super) opener: Seat,
    pub(super) bids: BidLog,
    pub(super) showdown: Option<Showdown>,
    pub(super) winners: SeatSet,
    pub(super) payoffs: [f64; MAX_PLAYERS],
}

impl State {
    /// Makes this state equal to `other`, reusing this one's bid log buffer (no allocation once it is large
    /// enough).
    pub(super) fn copy_from(&mut self, other: &State) {
        let State { phase, round, cups, turn, opener, bids, showdown, winners, payoffs } = other;
        (self.phase, self.round, self.cups, self.turn, self.opener) = (*phase, *round, *cups, *turn, *opener);
        self.bids.clone_from(bids);
        (self.showdown, self.winners, self.payoffs) = (*showdown, *winners, *payoffs);
    }

    #[inline]
    pub(super) fn new(options: &Options) -> State {
        let players = options.players as usize;
        let mut counts = [0u8; MAX_PLAYERS];
        for (seat, count) in counts.iter_mut().enumerate().take(players) {
            *count = options.dice_of(seat);
        }
        let mut cups = PlainCups::new(&counts[..players]);
        cups.start_roll();
        State {
            phase: Phase::Roll,
            round: 1,
            cups,
            turn: Seat(0),
            opener: Seat(0),
            // Strictly rising bids cannot outnumber the (quantity, face) pairs: room once, no allocation later.
            bids: BidLog::with_capacity(counts.iter().map(|&c| c as usize).sum::<usize>() * options.faces as usize),
            showdown: None,
            winners: SeatSet::EMPTY,
            payoffs: [0.0; MAX_PLAYERS],
        }
    }

    pub fn dice_of(&self, seat: Seat) -> &[u8] {
        self.cups.dice_of(seat)
    }

    #[inline]
    pub fn last_bid(&self) -> Option<(Seat, Bid)> {
        self.bids.last()
    }

    #[inline]
    pub fn total_dice(&self) -> u32 {
        self.cups.total()
    }

    #[inline]
    pub(super) fn roll(&mut self, roll: Roll) {
        if self.cups.roll(roll.face) {
            self.phase = Phase::Bid;
            self.turn = self.opener;
        }
    }

    #[inline]
    pub(super) fn bid(&mut self, options: &Options, seat: Seat, bid: Bid) {
        self.bids.push(seat, bid);
        self.turn = self.cups.alive().next_from(seat.next(options.players as usize)).unwrap_or(seat);
    }

    pub(super) fn call<T: Teller<Event>>(&mut self, options: &Options, caller: Seat, call: Call, told: &mut T) {
        let players = options.players as usize;
        let (bidder, bid) = self.last_bid().expect("a call follows a bid");
        let rules = options.bid_rules();
        let counted = count_table(&rules, &self.cups, bid.face, bidder, &PlainCount);
        let caller_right = call.caller_right(counted, bid);
        let (loser, gainer) = match (call, caller_right) {
            (Call::Liar, true) => (Some(bidder), None),
            (_, false) => (Some(caller), None),
            (Call::Exact, true) => (None, Some(caller)),
        };
        self.showdown = Some(Showdown {
            round: self.round,
            caller,
            bidder,
            bid,
            call,
            counted,
            caller_right,
            loser,
            gainer,
            cups: self.cups,
        });
        told.public(|| Event::Showdown { caller, call, bidder, bid, cups: self.cups.shown(), counted, caller_right });
        match options.length {
            Length::OneRound => {
                let everyone = SeatSet::first(players);
                match (loser, gainer) {
                    (Some(loser), _) => {
                        self.winners = everyone.minus(SeatSet::only(loser));
                        let share = 1.0 / (players - 1) as f64;
                        for s in Seat::all(players) {
                            self.payoffs[s.index()] = if s == loser { -1.0 } else { share };
                        }
                    }
                    (None, Some(winner)) => {
                        self.winners = SeatSet::only(winner);
                        let share = -1.0 / (players - 1) as f64;
                        for s in Seat::all(players) {
                            self.payoffs[s.index()] = if s == winner { 1.0 } else { share };
                        }
                    }
                    (None, None) => unreachable!("a call always has a loser or a gainer"),
                }
                self.phase = Phase::Over;
                told.public(|| Event::Won { winners: self.winners, round_limit: false, lost_call: loser });
            }
            Length::ToLastDie => {
                if let Some(loser) = loser {
                    self.cups.lose(loser, 1);
                    told.public(|| Event::LostDie { seat: loser, left: self.cups.count(loser) });
                }
                if let Some(gainer) = gainer {
                    if self.cups.count(gainer) < options.dice_of(gainer.index()) {
                        self.cups.gain(gainer, 0);
                        told.public(|| Event::GainedDie { seat: gainer, dice: self.cups.count(gainer) });
                    }
                }
                let alive = self.cups.alive();
                if alive.len() == 1 {
                    self.finish(players, alive);
                    told.public(|| Event::Won { winners: self.winners, round_limit: false, lost_call: None });
                } else if self.round >= options.max_rounds {
                    let most = alive.iter().map(|s| self.cups.count(s)).max().unwrap_or(0);
                    self.finish(players, alive.iter().filter(|&s| self.cups.count(s) == most).collect());
                    told.public(|| Event::Won { winners: self.winners, round_limit: true, lost_call: None });
                } else {
                    let from = loser.or(gainer).unwrap_or(caller);
                    self.opener = alive.next_from(from).expect("someone has dice");
                    self.round += 1;
                    self.bids.clear();
                    self.phase = Phase::Roll;
                    self.cups.start_roll();
                    let why = match (loser, gainer) {
                        (Some(loser), _) if loser == self.opener => OpenerWhy::LostTheCall,
                        (None, Some(gainer)) if gainer == self.opener => OpenerWhy::WonTheExactCall,
                        _ => OpenerWhy::NextAfterTheOut,
                    };
                    told.public(|| Event::RoundBegins { round: self.round, opener: self.opener, why });
                }
            }
        }
    }

    fn finish(&mut self, players: usize, winners: SeatSet) {
        self.winners = winners;
        let share = 1.0 / winners.len().max(1) as f64;
        for s in Seat::all(players) {
            self.payoffs[s.index()] = if winners.contains(s) { share } else { 0.0 };
        }
        self.phase = Phase::Over;
    }
}
