//! The `corsair` bot: it reads only its view and its legal actions.

use plunder_core::{Bot, Rng, Seat, Turn};

use super::action::{Action, Target};
use super::data::{Dir, Effect, OwnDir};
use super::state::{Flag, ItemKind};
use super::view::View;
use super::PiratesFlag;

/// `corsair`: chases the flag (or runs home with it), stops to battle, takes the flag by card whenever it can,
/// boosts its own rolls, slows the carrier, and cancels or dodges cards played against it.
#[derive(Debug)]
pub struct Corsair {
    rng: Rng,
}

impl Corsair {
    pub fn new(seed: u64) -> Corsair {
        Corsair { rng: Rng::seeded(seed) }
    }
}

fn flag_space(view: &View, length: u8) -> u8 {
    match view.flag {
        Flag::DreadShip => length,
        Flag::Carried { seat } => view.positions[seat.index()],
        Flag::Loose { space } => space,
    }
}

/// How much the bot wants `action`; the highest wins, and it passes unless something scores above 0.
fn score(game: &PiratesFlag, view: &View, me: Seat, action: &Action) -> i32 {
    let carrying = view.flag == (Flag::Carried { seat: me });
    let pos = view.positions[me.index()];
    let flag = flag_space(view, game.board().length);
    let my_roll_waits = view.stack.iter().any(|i| matches!(i.item, ItemKind::MovementRoll { seat, .. } if seat == me));
    let carrier = match view.flag {
        Flag::Carried { seat } => Some(seat),
        _ => None,
    };
    let escaping = view.escaping == Some(me);
    match action {
        // Away from the ships that want the flag back, and nearer home.
        Action::Escape => 30,
        Action::NoEscape => -1,
        Action::Play { card, choice, .. } if escaping => {
            game.cards().get(*card as usize).map_or(-1, |c| escape_card_score(&c.effect, *choice))
        }
        Action::Roll => 1,
        Action::Battle => 50,
        Action::Pass | Action::AutoPass => 0,
        Action::Stop => {
            if !carrying && carrier.is_some_and(|c| view.positions[c.index()] == pos) {
                60
            } else if carrying && pos <= 3 {
                5
            } else {
                -1
            }
        }
        Action::Go { dir } => {
            let want = if carrying {
                Dir::Sea
            } else if flag >= pos {
                Dir::Far
            } else {
                Dir::Sea
            };
            if *dir == want {
                10
            } else {
                2
            }
        }
        Action::Descend => {
            if carrying {
                -5
            } else {
                let foot = (flag as i32 - pos as i32).abs();
                if flag > pos && foot > 3 {
                    20
                } else {
                    -3
                }
            }
        }
        Action::Trade { .. } => 3,
        Action::Play { card, target, choice } => {
            let Some(c) = game.cards().get(*card as usize) else { return -1 };
            card_score(&c.effect, view, me, carrying, target, *choice, my_roll_waits)
        }
        Action::Captain { target, choice } => {
            let c = &game.captain_list()[view.captains[me.index()] as usize];
            card_score(&c.effect, view, me, carrying, target, *choice, my_roll_waits) - 5
        }
    }
}

/// An "Instead of rolling" card in place of the escape roll (one die, 3.5 on average): worth it only when it
/// surely takes the carrier further home (two dice seaward, or six steps).
fn escape_card_score(effect: &Effect, choice: u8) -> i32 {
    match effect {
        Effect::MovementRoll { dice, direction } if *dice >= 2 && *direction != Some(Dir::Far) => 40,
        Effect::MoveOwn { steps, up_to, direction: OwnDir::Any | OwnDir::Sea }
            if (if *up_to { choice } else { *steps }) >= 6 =>
        {
            40
        }
        _ => -1,
    }
}

fn card_score(
    effect: &Effect,
    view: &View,
    me: Seat,
    carrying: bool,
    target: &Target,
    choice: u8,
    my_roll_waits: bool,
) -> i32 {
    let target_seat = match target {
        Target::Seat { seat } => Some(*seat),
        _ => None,
    };
    let carrier = match view.flag {
        Flag::Carried { seat } => Some(seat),
        _ => None,
    };
    let against_me = |t: &Target| match t {
        Target::Item { id } => view.stack.iter().any(|i| {
            i.id == *id
                && match i.item {
                    ItemKind::Card { target: Target::Seat { seat }, .. } => seat == me,
                    ItemKind::Battle { defender, .. } => defender == me,
                    _ => false,
                }
        }),
        _ => false,
    };
    match effect {
        Effect::TakeFlag => 80,
        Effect::StartBattle => 40,
        Effect::RollCheck { .. } if carrier.is_some() && target_seat == carrier => 35,
        Effect::DropFlag { .. } => 30,
        Effect::Cancel | Effect::Redirect { .. } if against_me(target) => 45,
        Effect::Cancel | Effect::Redirect { .. } => -1,
        Effect::ModifyRoll { add, set_dice, times, extra_dice, .. } => {
            let good = *add > 0
                || *extra_dice > 0
                || *times > 1
                || matches!(set_dice, Some(super::data::SetDice::Value(6)))
                || (set_dice.is_some() && choice == 6);
            match target_seat {
                Some(s) if s != me && !good && Some(s) == carrier => 25,
                Some(s) if s == me && good => 5,
                None if good && my_roll_waits => 15,
                None if good => 4,
                _ => -1,
            }
        }
        Effect::AdjustRoll { add } => {
            if let Target::Roll { index } = target {
                let mine = view.rolls.get(*index as usize).is_some_and(|r| r.seat == me);
                if mine == (*add > 0) {
                    12
                } else {
                    -1
                }
            } else {
                -1
            }
        }
        Effect::Reroll => {
            if let Target::Roll { index } = target {
                let roll = view.rolls.get(*index as usize);
                let mine = roll.is_some_and(|r| r.seat == me);
                let low = roll.is_some_and(|r| r.value() <= 2 * r.dice);
                if mine == low {
                    10
                } else {
                    -1
                }
            } else {
                -1
            }
        }
        Effect::Draw { .. } | Effect::Trade { .. } => 6,
        Effect::Shield { .. } if carrying => 20,
        Effect::StealCard { .. } | Effect::DiscardRandom { .. } => 3,
        Effect::MoveShip { .. } if target_seat.is_some() && target_seat == carrier => 8,
        // Every other ship moves (Riptide, The Kraken): worth it while someone else carries the flag.
        Effect::MoveShip { .. } if target_seat.is_none() && !carrying && carrier.is_some() => 6,
        // Change places with the carrier to be on its heels, or silence it before it plays its answers.
        Effect::SwapShips if !carrying && target_seat.is_some() && target_seat == carrier => 9,
        Effect::Silence if target_seat.is_some() && target_seat != Some(me) && target_seat == carrier => 5,
        Effect::MoveOwn { .. } | Effect::MovementRoll { .. } if !carrying && carrier.is_some() => 7,
        _ => -1,
    }
}

impl Bot<PiratesFlag> for Corsair {
    fn act(&mut self, turn: &Turn<'_, PiratesFlag>) -> Action {
        let mut best: Option<(i32, &Action)> = None;
        for action in turn.legal {
            let s = score(turn.game, turn.view, turn.seat, action) * 16 + self.rng.below(8) as i32;
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, action));
            }
        }
        let choice = best.map_or(Action::Pass, |(_, a)| *a);
        // Nothing worth playing on another's turn: say so once for the rest of the turn.
        if choice == Action::Pass && turn.seat != turn.view.active && turn.legal.contains(&Action::AutoPass) {
            return Action::AutoPass;
        }
        choice
    }
}
