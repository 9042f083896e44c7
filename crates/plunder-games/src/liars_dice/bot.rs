//! Liar's dice bots. They read only their view.

use plunder_core::{Bot, Game, Rng, Turn};

use super::action::Action;
use super::options::Length;
use super::LiarsDice;
use crate::bidding::raises_in;
use crate::bidding::strategy::{choose, face_choices, raise_by_one, Choice, Knowledge};

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
        let others = face_choices(&view.bids, turn.seat);
        let knowledge = Knowledge {
            rules: turn.game.bid_rules(),
            my_dice: &view.my_dice,
            unseen: total - view.my_dice.len() as u32,
            last: view.bids.last().map(|b| b.bid),
            others_latest: &others,
            exact_worth: exact_worth(turn),
        };
        let raises = raises_in(turn.legal);
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
        let total: u32 = turn.view.dice_counts.iter().map(|&c| c as u32).sum();
        let last = turn.view.bids.last().map(|b| b.bid);
        match raise_by_one(turn.game.bid_rules(), &turn.view.my_dice, last, total.min(255) as u8) {
            Some(bid) if turn.legal.contains(&Action::bid(bid)) => Action::bid(bid),
            _ if turn.legal.contains(&Action::Liar) => Action::Liar,
            _ => turn.legal[0],
        }
    }
}
