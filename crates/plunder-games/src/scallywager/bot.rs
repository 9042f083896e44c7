//! Scallywager bots. They read only their view.

use plunder_core::{Bot, Game, Rng, Seat, Turn};

use super::action::Action;
use super::cards::{Deck, Effect};
use super::view::View;
use super::Scallywager;
use crate::bidding::raises_in;
use crate::bidding::strategy::{choose, face_choices, raise_by_one, Choice, Knowledge};

/// `odds`: bids and calls by the exact odds (`bidding::strategy`), counting every die it has seen, and plays the
/// cards that help it. `adventurer` is the same captain drawing from the Adventure deck and revealing every
/// Adventure card at its first chance: what the deck does when played plainly, which `odds` (always drawing
/// Treasure) never shows a designer.
#[derive(Debug)]
pub struct OddsCaptain {
    rng: Rng,
    adventurer: bool,
}

impl OddsCaptain {
    pub fn new(seed: u64) -> OddsCaptain {
        OddsCaptain { rng: Rng::seeded(seed), adventurer: false }
    }

    pub fn adventurer(seed: u64) -> OddsCaptain {
        OddsCaptain { rng: Rng::seeded(seed), adventurer: true }
    }
}

/// How much the bot wants to use a card: higher first; `None` for cards it keeps (or never plays).
fn card_priority(effect: Effect, view: &View, me: Seat, target: Option<Seat>) -> Option<u8> {
    let my_crew = view.crew[me.index()];
    let target_crew = target.map_or(0, |t| view.crew[t.index()]);
    match effect {
        Effect::GhostShip => Some(9),
        Effect::GainDie => Some(8),
        Effect::StealTreasure => Some(7),
        Effect::Board if my_crew >= 2 && target_crew >= 2 => Some(6),
        Effect::Peek { .. } => Some(5 + u8::from(target_crew >= 3)),
        Effect::Reroll => Some(4),
        Effect::Reveal => Some(3),
        _ => None,
    }
}

/// The adventurer's wish for the Adventure cards `odds` keeps: the lowest, so its own good cards go first.
fn adventure_priority(effect: Effect) -> Option<u8> {
    matches!(effect, Effect::PowderKeg | Effect::ForceCall | Effect::Mutiny | Effect::Kraken | Effect::Reverse)
        .then_some(1)
}

/// For a reroll: the first die not showing my commonest biddable face.
fn worst_die(view: &View) -> Option<u8> {
    let dice: Vec<u8> = view.my_dice.iter().flatten().copied().collect();
    let best = (2..=6u8).max_by_key(|&f| dice.iter().filter(|&&d| d == f).count())?;
    dice.iter().position(|&d| d != best).map(|i| i as u8)
}

impl OddsCaptain {
    /// The most wanted card use among the legal ones, if any.
    fn pick_card(&self, turn: &Turn<'_, Scallywager>) -> Option<Action> {
        let view = turn.view;
        let wanted_die = worst_die(view);
        turn.legal
            .iter()
            .filter_map(|a| match *a {
                Action::Use { deck, card, target, die, .. } => {
                    let effect = turn.game.card(deck, card)?.effect;
                    if effect == Effect::Reroll && die != wanted_die {
                        return None;
                    }
                    card_priority(effect, view, turn.seat, target)
                        .or_else(|| {
                            if self.adventurer && deck == Deck::Adventure {
                                adventure_priority(effect)
                            } else {
                                None
                            }
                        })
                        .map(|p| (p, target.map_or(0, |t| view.crew[t.index()]), *a))
                }
                _ => None,
            })
            .max_by_key(|(p, crew, _)| (*p, *crew))
            .map(|(_, _, a)| a)
    }
}

impl Bot<Scallywager> for OddsCaptain {
    fn act(&mut self, turn: &Turn<'_, Scallywager>) -> Action {
        let view = turn.view;
        if let Some(card) = self.pick_card(turn) {
            return card;
        }
        if turn.legal.contains(&Action::Pass) {
            return Action::Pass;
        }
        let decks = if self.adventurer { [Deck::Adventure, Deck::Treasure] } else { [Deck::Treasure, Deck::Adventure] };
        if let Some(draw) = decks.map(|deck| Action::Draw { deck }).into_iter().find(|a| turn.legal.contains(a)) {
            return draw;
        }
        // What I know: my dice and every die I have seen.
        let mut seen: Vec<u8> = view.my_dice.iter().flatten().copied().collect();
        seen.extend(view.known.iter().map(|k| k.face));
        let total: u32 = view.crew.iter().map(|&c| c as u32).sum();
        let others = face_choices(&view.bids, turn.seat);
        let knowledge = Knowledge {
            rules: &turn.game.options().bid_rules(),
            my_dice: &seen,
            unseen: total.saturating_sub(seen.len() as u32),
            last: view.bids.last().map(|b| b.bid),
            others_latest: &others,
            // A right Parlay costs every other captain a die, a wrong one costs me two.
            exact_worth: 0.5,
        };
        let raises = raises_in(turn.legal);
        let call = match choose(&knowledge, &raises, true, &mut self.rng) {
            Choice::Raise(bid) => Action::Bid { quantity: bid.quantity, face: bid.face },
            Choice::Liar => Action::Scallywagger,
            Choice::Exact => Action::Parlay,
        };
        if turn.legal.contains(&call) {
            call
        } else {
            turn.legal[0]
        }
    }
}

/// `raise`: the naive captain: passes on cards, opens with one of its commonest face, then raises the last bid's
/// quantity by one, and calls Scallywagger when it cannot.
#[derive(Debug)]
pub struct RaiseCaptain;

impl Bot<Scallywager> for RaiseCaptain {
    fn act(&mut self, turn: &Turn<'_, Scallywager>) -> Action {
        let view = turn.view;
        for simple in [Action::Pass, Action::Draw { deck: Deck::Treasure }, Action::Draw { deck: Deck::Adventure }] {
            if turn.legal.contains(&simple) {
                return simple;
            }
        }
        let dice: Vec<u8> = view.my_dice.iter().flatten().copied().collect();
        let total: u32 = view.crew.iter().map(|&c| c as u32).sum();
        let last = view.bids.last().map(|b| b.bid);
        let rules = turn.game.options().bid_rules();
        match raise_by_one(&rules, &dice, last, total.min(255) as u8) {
            Some(b) if turn.legal.contains(&Action::Bid { quantity: b.quantity, face: b.face }) => {
                Action::Bid { quantity: b.quantity, face: b.face }
            }
            _ if turn.legal.contains(&Action::Scallywagger) => Action::Scallywagger,
            _ => turn.legal.iter().copied().find(|a| !matches!(a, Action::Use { .. })).unwrap_or(turn.legal[0]),
        }
    }
}
