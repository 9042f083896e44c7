//! The `captain` bot: bets with the shared odds strategy, plays its cards by simple rules.

use plunder_core::{Bot, Rng, Turn};

use super::{Action, LyingPirates, Phase};
use crate::bidding::strategy::{choose, face_choices, Choice, Knowledge};
use crate::bidding::{raises_in, Bid};

#[derive(Debug)]
pub struct Captain {
    rng: Rng,
}

impl Captain {
    pub fn new(seed: u64) -> Captain {
        Captain { rng: Rng::seeded(seed) }
    }
}

impl Bot<LyingPirates> for Captain {
    fn act(&mut self, turn: &Turn<'_, LyingPirates>) -> Action {
        let v = turn.view;
        let legal = turn.legal;
        let me = turn.seat;
        let has = |a: &Action| legal.contains(a);
        // The leader among the others: attacks go there.
        let leader = |candidates: &mut dyn Iterator<Item = plunder_core::Seat>| {
            candidates.max_by_key(|s| (v.progress[s.index()], v.dice[s.index()]))
        };
        if v.phase == Phase::Betting && v.question.is_none() {
            let total: u32 = v.counted.iter().map(|s| v.dice[s.index()] as u32).sum();
            // Betting for the Phantom, its cup is the bot's own. Dice seen by Spyglass count as known too.
            let betting_for = v.to_bet.unwrap_or(me);
            let mut known = if betting_for == me { v.my_dice.clone() } else { v.phantom_dice.clone() };
            if let Some(spied) = v.spied.as_ref().filter(|spied| spied.seat != betting_for) {
                known.extend_from_slice(&spied.faces);
            }
            let mine = known.len() as u32;
            let latest = face_choices(&v.bids, betting_for);
            let k = Knowledge {
                rules: &turn.game.rules,
                my_dice: &known,
                unseen: total.saturating_sub(mine),
                last: v.bids.last().map(|b| b.bid),
                others_latest: &latest,
                exact_worth: 1.5,
            };
            let raises = raises_in(legal);
            return match choose(&k, &raises, true, &mut self.rng) {
                Choice::Raise(b) => Action::Bet { quantity: b.quantity, face: b.face },
                Choice::Liar if has(&Action::Liar) => Action::Liar,
                Choice::Exact => {
                    let Bid { quantity, face } = k.last.unwrap_or(Bid { quantity: 1, face: 2 });
                    Action::Exact { quantity, face }
                }
                _ => legal[0],
            };
        }
        if has(&Action::Keep) {
            // The Sail Die's 1 is worth a coin to turn into a 2.
            let sail_one = matches!(&v.question, Some(super::Question::Reroll { die, .. }) if die == "sail")
                && v.sail == 1
                && v.coins[me.index()] >= 3;
            return if sail_one { Action::Reroll } else { Action::Keep };
        }
        // Picking for the Phantom (standing in for it), the bot never picks itself.
        if let Some(pick) = leader(&mut legal.iter().filter_map(|a| match a {
            Action::Pick { seat } if *seat != me => Some(*seat),
            _ => None,
        }))
        .or_else(|| legal.iter().find_map(|a| if let Action::Pick { seat } = a { Some(*seat) } else { None }))
        {
            return Action::Pick { seat: pick };
        }
        if has(&Action::Pay) {
            return if v.coins[me.index()] >= 4 { Action::Pay } else { Action::Decline };
        }
        if has(&Action::Choose { option: 0 }) {
            return Action::Choose { option: 0 };
        }
        if let Some(&best) = legal.iter().filter(|a| matches!(a, Action::CatchUp { .. })).max_by_key(|a| match a {
            Action::CatchUp { tiles } => *tiles,
            _ => 0,
        }) {
            let keep = v.dice[me.index()] >= 5;
            return if keep { best } else { Action::CatchUp { tiles: 0 } };
        }
        if let Some(&best) = legal.iter().filter(|a| matches!(a, Action::Prepare { .. })).max_by_key(|a| match a {
            Action::Prepare { trade, buy } => (*trade, *buy),
            _ => (false, 0),
        }) {
            return best;
        }
        // A window: answer what reaches me, then play what helps, aiming at the leader.
        let plays: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Play { .. })).collect();
        if let Some(&answer) =
            plays.iter().find(|a| matches!(a, Action::Play { target: None, .. }) && !v.stack.is_empty())
        {
            return answer;
        }
        let sail = matches!(v.phase, Phase::SailFirst | Phase::SailSecond);
        let mut best: Option<(i32, Action)> = None;
        for a in plays {
            let Action::Play { card, target } = a else { continue };
            let c = &turn.game.content.cards[card as usize];
            let mut score = match c.id.as_str() {
                "fair-winds" if sail => i32::from(v.progress[me.index()] + 1 >= v.ring) * 10,
                "fair-winds" => 3,
                _ if sail => 0,
                _ => 2,
            };
            if let Some(t) = target {
                score += v.progress[t.index()] as i32 - v.progress[me.index()] as i32;
            }
            if score > 0 && best.is_none_or(|(b, _)| score > b) {
                best = Some((score, a));
            }
        }
        if let Some((_, a)) = best {
            return a;
        }
        if best.is_none() && v.stack.is_empty() && has(&Action::AutoPass) {
            return Action::AutoPass;
        }
        if has(&Action::Pass) {
            return Action::Pass;
        }
        legal[self.rng.index(legal.len())]
    }
}
