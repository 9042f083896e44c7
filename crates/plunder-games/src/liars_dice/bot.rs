//! Liar's dice bots. They read only their view.

use plunder_core::{Bot, Game, Rng, Seat, Turn};

use super::action::Action;
use super::options::Length;
use super::view::View;
use super::LiarsDice;
use crate::bidding::strategy::{choose, Choice, Knowledge};
use crate::bidding::Bid;

/// For each other seat, its latest bid this round that chose the face (an opening, or a change of face).
fn others_latest(view: &View, me: Seat) -> Vec<Bid> {
    let mut latest: Vec<(Seat, Bid)> = Vec::new();
    for (i, made) in view.bids.iter().enumerate() {
        let chose_face = i == 0 || view.bids[i - 1].bid.face != made.bid.face;
        if made.seat == me || !chose_face {
            continue;
        }
        match latest.iter_mut().find(|(s, _)| *s == made.seat) {
            Some(entry) => entry.1 = made.bid,
            None => latest.push((made.seat, made.bid)),
        }
    }
    latest.into_iter().map(|(_, b)| b).collect()
}

/// `odds`: bids and calls by the exact binomial odds of the unseen dice (see `bidding::strategy`).
#[derive(Debug)]
pub struct ProbabilityBot {
    rng: Rng,
}

impl ProbabilityBot {
    pub fn new(seed: u64) -> ProbabilityBot {
        ProbabilityBot { rng: Rng::seeded(seed) }
    }
}

impl Bot<LiarsDice> for ProbabilityBot {
    fn act(&mut self, turn: &Turn<'_, LiarsDice>) -> Action {
        let view = turn.view;
        let total: u32 = view.dice_counts.iter().map(|&c| c as u32).sum();
        let others = others_latest(view, turn.seat);
        let knowledge = Knowledge {
            rules: turn.game.bid_rules(),
            my_dice: &view.my_dice,
            unseen: total - view.my_dice.len() as u32,
            last: view.bids.last().map(|b| b.bid),
            others_latest: &others,
            exact_worth: exact_worth(turn),
        };
        let raises: Vec<Bid> = turn
            .legal
            .iter()
            .filter_map(|a| match *a {
                Action::Bid { quantity, face } => Some(Bid { quantity, face }),
                _ => None,
            })
            .collect();
        let exact = turn.legal.contains(&Action::Exact);
        match choose(&knowledge, &raises, exact, &mut self.rng) {
            Choice::Raise(bid) => Action::bid(bid),
            Choice::Liar if turn.legal.contains(&Action::Liar) => Action::Liar,
            Choice::Exact => Action::Exact,
            Choice::Liar => turn.legal[0],
        }
    }
}

/// A right exact call wins a one-round game, or a die back in Dudo, which is worth nothing to a full cup.
fn exact_worth(turn: &Turn<'_, LiarsDice>) -> f64 {
    let options = turn.game.options();
    match options.length {
        Length::OneRound => 1.0,
        Length::ToLastDie => {
            let mine = turn.view.dice_counts[turn.seat.index()];
            if mine < options.dice_of(turn.seat.index()) {
                1.0
            } else {
                0.0
            }
        }
    }
}

/// `raise`: the naive bot: opens with one of its commonest face, then always raises the quantity by one.
#[derive(Debug)]
pub struct RaiseByOneBot;

impl Bot<LiarsDice> for RaiseByOneBot {
    fn act(&mut self, turn: &Turn<'_, LiarsDice>) -> Action {
        let rules = turn.game.bid_rules();
        let wanted = match turn.view.bids.last() {
            None => {
                let face = (1..=rules.faces)
                    .filter(|&f| rules.biddable(f))
                    .max_by_key(|&f| (turn.view.my_dice.iter().filter(|&&d| d == f).count(), std::cmp::Reverse(f)));
                face.map(|face| Action::Bid { quantity: 1, face })
            }
            Some(last) => Some(Action::Bid { quantity: last.bid.quantity + 1, face: last.bid.face }),
        };
        match wanted {
            Some(action) if turn.legal.contains(&action) => action,
            _ if turn.legal.contains(&Action::Liar) => Action::Liar,
            _ => turn.legal[0],
        }
    }
}
