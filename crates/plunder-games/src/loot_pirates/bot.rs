//! `loot`: a sensible Loot Pirates bot. It reads only its view.

use plunder_core::{Bot, Rng, Seat, Turn};

use super::action::{Action, Fire};
use super::resolve::SHOT_PRICE;
use super::state::Phase;
use super::view::View;
use super::LootPirates;

/// Aims at the richest pirate it can rob, drops when the attacks on it are likely to cost more than it can
/// gain, and shoots whenever its attack can win, except at a target that paid it this round: a bribe buys a
/// pirate its restraint, so that negotiating with it is worth something. In negotiation it shows a strong
/// defence to its attackers and bribes an attacker likely to hit it. Dice shown to it count as known: a
/// target that showed a strong defence is not shot at, an attacker that showed a weak attack is not feared.
#[derive(Debug)]
pub struct LootBot {
    rng: Rng,
}

impl LootBot {
    pub fn new(seed: u64) -> LootBot {
        LootBot { rng: Rng::seeded(seed) }
    }
}

/// Chance that an unknown d6 attack die beats `defence`.
fn p_attack_beats(defence: i32) -> f64 {
    ((6 - defence).clamp(0, 6)) as f64 / 6.0
}

/// Chance that attack `red` beats an unknown d6 defence die lowered by `reduction`.
fn p_beats_unknown_defence(red: u8, reduction: i32) -> f64 {
    // black < red + reduction  <=>  black <= red + reduction - 1
    ((red as i32 + reduction - 1).clamp(0, 6)) as f64 / 6.0
}

impl LootBot {
    fn aim(&mut self, view: &View, me: Seat, legal: &[Action]) -> Action {
        let score = |t: Seat| {
            let coins = view.coins[t.index()];
            (coins.min(SHOT_PRICE), coins)
        };
        let best = legal
            .iter()
            .filter_map(|a| match a {
                Action::Aim { target } if *target != me => Some(score(*target)),
                _ => None,
            })
            .max();
        let top: Vec<&Action> =
            legal.iter().filter(|a| matches!(a, Action::Aim { target } if Some(score(*target)) == best)).collect();
        *top[self.rng.index(top.len())]
    }

    fn fire(&self, view: &View, me: Seat) -> Fire {
        let Some(dice) = view.my_dice else { return Fire::Raise };
        let aims = view.aims.as_deref().unwrap_or(&[]);
        let attackers: Vec<Seat> = (0..aims.len()).filter(|&s| aims[s] == Some(me)).map(|s| Seat(s as u8)).collect();
        let my_target = view.my_aim;
        let others_on_target = my_target.map_or(0, |t| aims.iter().filter(|a| **a == Some(t)).count() as i32 - 1);
        let p_my_hit = match my_target {
            Some(t) => match view.shown_to_me.iter().find(|s| s.seat == t) {
                Some(shown) => {
                    if dice.red as i32 > shown.dice.black as i32 - others_on_target {
                        1.0
                    } else {
                        0.0
                    }
                }
                None => p_beats_unknown_defence(dice.red, others_on_target),
            },
            None => 0.0,
        };
        // A target that paid it this round is spared: the shot is worth nothing to it.
        let bribed = my_target.is_some_and(|t| view.payments.iter().any(|p| p.from == t && p.to == me));
        let p_my_hit = if bribed { 0.0 } else { p_my_hit };
        let gain = my_target.map_or(0.0, |t| p_my_hit * view.coins[t.index()].min(SHOT_PRICE) as f64);
        if !attackers.is_empty() {
            let defence = dice.black as i32 - (attackers.len() as i32 - 1);
            let mut p_safe = 1.0;
            let mut expected_hits = 0.0;
            for a in &attackers {
                let p = match view.shown_to_me.iter().find(|s| s.seat == *a) {
                    Some(shown) => f64::from(shown.dice.red as i32 > defence),
                    None => p_attack_beats(defence),
                };
                p_safe *= 1.0 - p;
                expected_hits += p;
            }
            let coins = view.coins[me.index()] as f64;
            let loss = (expected_hits * SHOT_PRICE as f64).min(coins + gain);
            // A survivor's share is one doubloon per pirate out; expect about one.
            let share = 1.0;
            let stay = gain - loss + p_safe * share - (1.0 - p_safe) * 0.0;
            if stay < 0.0 {
                return Fire::Drop;
            }
        }
        if p_my_hit > 0.0 {
            Fire::Shoot
        } else {
            Fire::Raise
        }
    }
}

/// The defence die from which a pirate shows its dice to those aiming at it: a 5 or 6 stops most attacks, and an
/// attacker that sees it holds fire (as this bot does), while a weaker one is better kept hidden.
const SHOWN_DEFENCE: u8 = 5;

impl LootBot {
    /// Negotiation: deals worth making. Shows a strong defence to each pirate aiming at it, and pays 1 doubloon to
    /// an attacker whose shot is likely to hit (it would cost the shot's price) and has not been paid yet: a
    /// bribe this bot honours in its turn, so bots make deals among themselves and offer them to people. With
    /// only a few offers a round, the likeliest hit is dealt with first, equal ones in a random order: taken in
    /// seat order, the first seats were paid far more often and won 25% of five-pirate games to the last
    /// seats' 13% (docs/balance/loot-pirates.md).
    fn negotiate(&mut self, view: &View, me: Seat, legal: &[Action]) -> Action {
        let Some(dice) = view.my_dice else { return Action::Pass };
        let aims = view.aims.as_deref().unwrap_or(&[]);
        let mut attackers: Vec<Seat> =
            (0..aims.len()).filter(|&s| aims[s] == Some(me)).map(|s| Seat(s as u8)).collect();
        for i in (1..attackers.len()).rev() {
            let j = self.rng.index(i + 1);
            attackers.swap(i, j);
        }
        let shown = |to: Seat| view.showings.iter().any(|s| s.from == me && s.to == to);
        let paid = |to: Seat| view.payments.iter().any(|p| p.from == me && p.to == to);
        let defence = dice.black as i32 - (attackers.len() as i32 - 1);
        let p_hit = |attacker: Seat| match view.shown_to_me.iter().find(|s| s.seat == attacker) {
            Some(seen) => f64::from(seen.dice.red as i32 > defence),
            None => p_attack_beats(defence),
        };
        attackers.sort_by(|a, b| p_hit(*b).total_cmp(&p_hit(*a)));
        for &attacker in &attackers {
            let show = Action::Show { to: attacker };
            if dice.black >= SHOWN_DEFENCE && !shown(attacker) && legal.contains(&show) {
                return show;
            }
            let bribe = Action::Pay { to: attacker, doubloons: 1 };
            if p_hit(attacker) * SHOT_PRICE as f64 > 1.0 && !paid(attacker) && legal.contains(&bribe) {
                return bribe;
            }
        }
        Action::Pass
    }
}

impl Bot<LootPirates> for LootBot {
    fn act(&mut self, turn: &Turn<'_, LootPirates>) -> Action {
        let view = turn.view;
        let chosen = match view.phase {
            Phase::Aim => self.aim(view, turn.seat, turn.legal),
            Phase::Negotiate => self.negotiate(view, turn.seat, turn.legal),
            Phase::Fire => Action::Fire { choice: self.fire(view, turn.seat) },
            _ => Action::Pass,
        };
        if turn.legal.contains(&chosen) {
            chosen
        } else {
            turn.legal[0]
        }
    }
}
