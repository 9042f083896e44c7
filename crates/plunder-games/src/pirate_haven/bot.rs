//! `greedy`: plays each decision for the best Fame estimate a few of its own decisions ahead (travel, take,
//! place), reading only its view (which in Pirate Haven is the whole table).

use plunder_core::{Bot, Game, Rng, Seat, Status, Turn};

use super::action::Action;
use super::content::Item;
use super::score::scores;
use super::state::{Phase, State};
use super::PirateHaven;

/// Own decisions searched ahead of the one being made.
const DEPTH: u32 = 3;

/// Values each legal action by the end-game score its island would have after the rest of the turn (its own
/// best choices, a few deep; chance averaged for rerolls and chests), plus small weights for Food, Gold and
/// Coup height, minus the tiles it leaves behind on the map.
#[derive(Debug)]
pub struct GreedyBot {
    rng: Rng,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot { rng: Rng::seeded(seed) }
    }
}

/// The estimate of a position for `me`.
pub fn estimate(game: &PirateHaven, state: &State, me: Seat) -> f64 {
    let c = game.content();
    let fame = scores(c, state)[me.index()];
    let island = state.island(me);
    let mut value = fame.total as f64;
    value += 0.4 * island.free_pips(Item::Food).min(12) as f64 + 0.2 * island.free_pips(Item::Gold) as f64;
    if !state.coup_done && state.phase != Phase::Over {
        value += 0.6 * state.coup[me.index()] as f64;
    }
    if state.phase != Phase::Over {
        value += 0.3 * island.empty_spots(c).count().min(6) as f64;
        // Tiles still on the map behind this player's disk are lost to it.
        let pos = if state.has_left(me) { state.map_len as usize } else { state.pos[me.index()] as usize };
        let behind = state.map[..pos.saturating_sub(1)].iter().filter(|s| s.tile.is_some()).count();
        value -= 0.8 * behind as f64;
    }
    value
}

fn value(game: &PirateHaven, state: &State, me: Seat, depth: u32) -> f64 {
    match game.status(state) {
        // Paying for a chest pip by pip is one decision (the purchase): paid from the first Food die offered, it
        // takes none of the depth, so the chest's placement is seen.
        Status::Decide(seats) if seats.contains(me) && matches!(state.phase, Phase::Pay { .. }) => {
            let mut legal = Vec::new();
            game.legal_actions(state, me, &mut legal);
            let mut next = state.clone();
            game.apply_unchecked(&mut next, me, &legal[0]);
            value(game, &next, me, depth)
        }
        Status::Decide(seats) if depth > 0 && seats.contains(me) && state.phase != Phase::Travel => {
            let mut legal = Vec::new();
            game.legal_actions(state, me, &mut legal);
            legal
                .iter()
                .map(|a| {
                    let mut next = state.clone();
                    game.apply_unchecked(&mut next, me, a);
                    value(game, &next, me, depth - 1)
                })
                .fold(f64::MIN, f64::max)
        }
        Status::Chance if depth > 0 && (state.reveal || matches!(state.phase, Phase::Rerolling { .. })) => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(state, &mut outcomes);
            outcomes
                .iter()
                .map(|(o, p)| {
                    let mut next = state.clone();
                    game.apply_chance_unchecked(&mut next, o);
                    p * value(game, &next, me, depth - 1)
                })
                .sum()
        }
        _ => estimate(game, state, me),
    }
}

/// The position after `action` and the rest of `me`'s turn as this bot would play it (its own best choice at each
/// decision; it stops at chance, at another seat's decision and at `me`'s next travel): what a hint's reason
/// compares with the position now.
pub fn rest_of_turn(game: &PirateHaven, state: &State, me: Seat, action: &Action) -> State {
    let mut next = state.clone();
    game.apply_unchecked(&mut next, me, action);
    let mut legal = Vec::new();
    // A turn has a handful of decisions (place, a Coup climb, a chest's pips); the bound only guards a loop.
    for _ in 0..64 {
        let Status::Decide(seats) = game.status(&next) else { break };
        if !seats.contains(me) || next.phase == Phase::Travel {
            break;
        }
        legal.clear();
        game.legal_actions(&next, me, &mut legal);
        let mut best: Option<(f64, State)> = None;
        for a in &legal {
            let mut after = next.clone();
            game.apply_unchecked(&mut after, me, a);
            let v = value(game, &after, me, DEPTH - 1);
            if !matches!(&best, Some((b, _)) if v <= *b + 1e-9) {
                best = Some((v, after));
            }
        }
        match best {
            Some((_, after)) => next = after,
            None => break,
        }
    }
    next
}

impl Bot<PirateHaven> for GreedyBot {
    fn act(&mut self, turn: &Turn<'_, PirateHaven>) -> Action {
        let state = &turn.view.table;
        let mut best = f64::MIN;
        let mut picks: Vec<Action> = Vec::new();
        for action in turn.legal {
            let mut next = state.clone();
            turn.game.apply_unchecked(&mut next, turn.seat, action);
            let v = value(turn.game, &next, turn.seat, DEPTH);
            if v > best + 1e-9 {
                best = v;
                picks.clear();
            }
            if v >= best - 1e-9 {
                picks.push(*action);
            }
        }
        // Between equally good moves, never a landing the player could only discard: a person asking for a hint
        // would read it as a tile to take.
        let c = turn.game.content();
        let only_discard = |a: &Action| matches!(*a, Action::Travel { slot } if !state.could_take(c, slot));
        if picks.iter().any(|a| !only_discard(a)) {
            picks.retain(|a| !only_discard(a));
        }
        picks[self.rng.index(picks.len())]
    }
}
