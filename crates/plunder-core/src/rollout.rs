//! Rollout policy improvement, written once for every game: the `rollout` bot.
//!
//! One step of policy iteration on the game's own best bot (Tesauro and Galperin's rollout algorithm, run from
//! the seat's information set). At a decision the **base policy** (the first of [`Roster::own_bot_kinds`], or
//! `random` for a game without bots of its own) names its choice. The bot then weighs a few **candidates**, the
//! base choice and some other legal actions, by **rollouts**: each rollout draws a full state from the seat's
//! view ([`Turn::sample_state`]: never the true state), plays the candidate, then plays the game to its end with
//! a fresh base bot in every seat, each shown only its own view (as [`crate::play_game`] does), and scores the
//! seat's payoff (scaled to 0..1 by the game's facts).
//!
//! **Common random numbers.** The candidates are compared on the same worlds: a round of rollouts draws one
//! determinization and one seed, and every candidate is played out from that world with the same chance stream
//! and the same bot seeds. The differences between candidates then carry little of the luck of the dice.
//!
//! **Keeping the base choice.** Another candidate replaces the base choice only when its paired differences
//! with it are positive with confidence: mean minus [`MARGIN_Z`] standard errors above zero, over at least
//! [`MIN_ROUNDS`] rounds. Otherwise the bot plays what the base policy plays, so it is about as strong as its
//! base at worst (one-step improvement is at least as good in expectation, and the test guards against noise).
//!
//! **Candidates.** All legal actions when there are at most `candidates` (8 unless set); otherwise the base
//! choice, the first and last legal actions (where games put passes, calls and stops) and the base choice's
//! neighbours in the legal list (games list raises, amounts and moves in order, so these are the small
//! departures from the base policy's choice), nearest first.
//!
//! **Budget.** `rollout:N` runs about N rollouts a decision (N / candidates rounds, at least one); a budget too
//! small for [`MIN_ROUNDS`] rounds of every candidate weighs fewer candidates (N / `MIN_ROUNDS`, at least two);
//! `rollout:N:T` stops sooner after T on the front end's [`Clock`], between rounds (not reproducible then).
//! Without a time cap the bot is deterministic for its seed.

use std::time::Duration;

use crate::ismcts::{parse_time, Clock, MAX_ITERATIONS};
use crate::{Bot, RandomBot, Rng, Roster, Seat, Status, Turn, Viewer};

/// The default rollouts a decision of `rollout` with no number.
pub const DEFAULT_ROLLOUTS: u32 = 200;

/// The most candidates weighed at a decision unless set.
pub const DEFAULT_CANDIDATES: usize = 8;

/// Standard errors by which a candidate's mean paired gain over the base choice must clear zero to replace it
/// (about a one-sided 2.3% test for each candidate; with up to 7 rivals, a rough Bonferroni guard).
pub const MARGIN_Z: f64 = 2.0;

/// Rounds of rollouts before any candidate may replace the base choice.
pub const MIN_ROUNDS: u32 = 4;

/// Rollout settings.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RolloutSettings {
    /// Rollouts a decision, over all candidates.
    pub rollouts: u32,
    /// The most candidates weighed (the base choice included).
    pub candidates: usize,
    /// Stop sooner once a decision has taken this long, read from the bot's [`Clock`] (none: ignored).
    pub time_cap: Option<Duration>,
}

impl Default for RolloutSettings {
    fn default() -> RolloutSettings {
        RolloutSettings { rollouts: DEFAULT_ROLLOUTS, candidates: DEFAULT_CANDIDATES, time_cap: None }
    }
}

/// What a decision found: each candidate (an index into the turn's legal actions, the base choice first) with
/// its mean scaled payoff and its mean paired gain over the base choice with that gain's standard error.
#[derive(Clone, Debug, PartialEq)]
pub struct RolloutStats {
    pub candidates: Vec<Candidate>,
    /// Rounds played (each plays every candidate once on one world).
    pub rounds: u32,
    /// The index into the legal actions chosen.
    pub chosen: usize,
}

/// One candidate's statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub legal_index: usize,
    pub mean: f64,
    pub gain: f64,
    pub gain_se: f64,
}

/// The `rollout` bot.
#[derive(Debug)]
pub struct RolloutBot<G: Roster> {
    settings: RolloutSettings,
    rng: Rng,
    /// The base policy's bot at this seat, kept from decision to decision like any bot.
    base: Box<dyn Bot<G>>,
    clock: Option<Clock>,
    /// Buffers reused between rollouts and decisions.
    world: Option<G::State>,
    state: Option<G::State>,
    legal: Vec<G::Action>,
    payoffs: Vec<f64>,
    bots: Vec<Box<dyn Bot<G>>>,
    picks: Vec<usize>,
    /// Per candidate: sum of scaled payoffs, sum of gains over the base, sum of squared gains.
    sums: Vec<[f64; 3]>,
}

/// The game's base policy: its default bot, or `random` for a game without bots of its own.
fn base_bot<G: Roster>(seed: u64) -> Box<dyn Bot<G>> {
    G::own_bot_kinds()
        .first()
        .and_then(|kind| G::make_own_bot(kind.name, seed))
        .unwrap_or_else(|| Box::new(RandomBot::new(seed)))
}

impl<G: Roster> RolloutBot<G> {
    pub fn new(settings: RolloutSettings, seed: u64) -> RolloutBot<G> {
        RolloutBot::with_clock(settings, seed, None)
    }

    /// A bot whose decisions also stop at `settings.time_cap` on `clock` (not reproducible).
    pub fn with_clock(settings: RolloutSettings, seed: u64, clock: Option<Clock>) -> RolloutBot<G> {
        let mut rng = Rng::seeded(seed);
        let base = base_bot::<G>(rng.next_u64());
        RolloutBot {
            settings,
            rng,
            base,
            clock,
            world: None,
            state: None,
            legal: Vec::new(),
            payoffs: Vec::new(),
            bots: Vec::new(),
            picks: Vec::new(),
            sums: Vec::new(),
        }
    }

    /// Chooses the candidates: indices into `legal`, `base` first.
    fn pick_candidates(&mut self, legal_len: usize, base: usize) {
        self.picks.clear();
        self.picks.push(base);
        // Rounds below `MIN_ROUNDS` could never let another candidate through: a small budget weighs fewer
        // candidates instead (at least the base choice and one other).
        let affordable = (self.settings.rollouts / MIN_ROUNDS).max(2) as usize;
        let most = self.settings.candidates.min(affordable).max(1);
        if legal_len <= most {
            self.picks.extend((0..legal_len).filter(|&i| i != base));
            return;
        }
        for i in [0, legal_len - 1] {
            if self.picks.len() < most && !self.picks.contains(&i) {
                self.picks.push(i);
            }
        }
        let mut distance = 1;
        while self.picks.len() < most && distance < legal_len {
            for i in
                [base.checked_sub(distance), Some(base + distance).filter(|&i| i < legal_len)].into_iter().flatten()
            {
                if self.picks.len() < most && !self.picks.contains(&i) {
                    self.picks.push(i);
                }
            }
            distance += 1;
        }
    }

    /// Weighs the candidates at `turn` and returns what was found (the choice included).
    pub fn decide(&mut self, turn: &Turn<'_, G>) -> RolloutStats {
        let game = turn.game;
        let base_action = self.base.act(turn);
        let base = turn.legal.iter().position(|a| *a == base_action).unwrap_or(0);
        self.pick_candidates(turn.legal.len(), base);
        let count = self.picks.len();
        self.sums.clear();
        self.sums.resize(count, [0.0; 3]);
        if count == 1 {
            let candidates = vec![Candidate { legal_index: base, mean: 0.0, gain: 0.0, gain_se: 0.0 }];
            return RolloutStats { candidates, rounds: 0, chosen: base };
        }
        let facts = game.facts();
        let low = facts.min_payoff;
        let span = (facts.max_payoff - facts.min_payoff).max(f64::MIN_POSITIVE);
        let max_steps = facts.max_steps;
        let rounds = (self.settings.rollouts as usize / count).max(1) as u32;
        let deadline = match (&self.clock, self.settings.time_cap) {
            (Some(clock), Some(cap)) => Some((clock.clone(), clock.now().saturating_add(cap))),
            _ => None,
        };
        let mut world = match self.world.take() {
            Some(mut world) => {
                turn.sample_state_into(&mut self.rng, &mut world);
                world
            }
            None => turn.sample_state(&mut self.rng),
        };
        let mut state = self.state.take().unwrap_or_else(|| world.clone());
        let mut played = 0;
        for round in 0..rounds {
            if round > 0 {
                if let Some((clock, end)) = &deadline {
                    if clock.now() >= *end {
                        break;
                    }
                }
                turn.sample_state_into(&mut self.rng, &mut world);
            }
            let seed = self.rng.next_u64();
            let mut base_score = 0.0;
            for c in 0..count {
                state.clone_from(&world);
                game.apply_unchecked(&mut state, turn.seat, &turn.legal[self.picks[c]]);
                let score = match self.play_out(game, &mut state, seed, max_steps) {
                    true => self.payoffs.get(turn.seat.index()).map_or(0.5, |p| (p - low) / span),
                    // Cut off (a rules bug: every game ends within its facts' steps): no one's gain.
                    false => 0.5,
                };
                if c == 0 {
                    base_score = score;
                }
                let gain = score - base_score;
                let sums = &mut self.sums[c];
                sums[0] += score;
                sums[1] += gain;
                sums[2] += gain * gain;
            }
            played += 1;
        }
        self.world = Some(world);
        self.state = Some(state);
        let n = played.max(1) as f64;
        let candidates: Vec<Candidate> = self
            .picks
            .iter()
            .zip(&self.sums)
            .map(|(&legal_index, &[score, gain, square])| {
                let mean_gain = gain / n;
                let variance =
                    if played > 1 { ((square - n * mean_gain * mean_gain) / (n - 1.0)).max(0.0) } else { 0.0 };
                Candidate { legal_index, mean: score / n, gain: mean_gain, gain_se: (variance / n).sqrt() }
            })
            .collect();
        let mut chosen = base;
        let mut best_gain = 0.0;
        if played >= MIN_ROUNDS {
            for candidate in &candidates[1..] {
                if candidate.gain > best_gain && candidate.gain - MARGIN_Z * candidate.gain_se > 0.0 {
                    best_gain = candidate.gain;
                    chosen = candidate.legal_index;
                }
            }
        }
        RolloutStats { candidates, rounds: played, chosen }
    }

    /// Plays `state` to its end with fresh base bots seeded from `seed` in every seat and chance drawn from
    /// `seed`, leaving the payoffs in `self.payoffs`; false if cut off after `max_steps`.
    fn play_out(&mut self, game: &G, state: &mut G::State, seed: u64, max_steps: u64) -> bool {
        let mut chance = Rng::stream(seed, u64::MAX);
        self.bots.clear();
        self.bots.extend(
            Seat::all(game.seats()).map(|seat| base_bot::<G>(Rng::stream(seed, seat.index() as u64).next_u64())),
        );
        for _ in 0..=max_steps {
            match game.status(state) {
                Status::Over => return game.payoffs_into(state, &mut self.payoffs),
                Status::Chance => {
                    let outcome = game.sample_chance(state, &mut chance);
                    game.apply_chance_unchecked(state, &outcome);
                }
                Status::Decide(seats) => {
                    let seat = seats.lowest().expect("someone decides");
                    self.legal.clear();
                    game.legal_actions(state, seat, &mut self.legal);
                    let action = if self.legal.len() == 1 {
                        self.legal[0].clone()
                    } else {
                        let view = game.view(state, Viewer::Seat(seat));
                        self.bots[seat.index()].act(&Turn::new(game, state, seat, &view, &self.legal))
                    };
                    game.apply_unchecked(state, seat, &action);
                }
            }
        }
        false
    }
}

impl<G: Roster> Bot<G> for RolloutBot<G> {
    fn act(&mut self, turn: &Turn<'_, G>) -> G::Action {
        if turn.legal.len() == 1 {
            return turn.legal[0].clone();
        }
        let chosen = self.decide(turn).chosen;
        turn.legal[chosen].clone()
    }
}

/// A rollout bot's name read: `rollout`, `rollout:N` or `rollout:N:T`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RolloutName {
    /// The rollouts a decision (N; 200 without it).
    pub rollouts: u32,
    /// The time a decision may take at most (T, as `2s` or `500ms`), if the name gives one.
    pub time: Option<Duration>,
}

/// A rollout bot's name: `rollout` (200 rollouts a decision), `rollout:N` (N from 1 to 10 million) or
/// `rollout:N:T`, N rollouts but no longer than T (`2s`, `500ms`); `None` for any other name.
pub fn parse_rollout_name(name: &str) -> Option<RolloutName> {
    let rest = name.strip_prefix("rollout")?;
    if rest.is_empty() {
        return Some(RolloutName { rollouts: DEFAULT_ROLLOUTS, time: None });
    }
    let rest = rest.strip_prefix(':')?;
    let (rollouts, time) = match rest.split_once(':') {
        Some((rollouts, time)) => (rollouts, Some(parse_time(time)?)),
        None => (rest, None),
    };
    let rollouts = rollouts.parse::<u32>().ok().filter(|n| (1..=MAX_ITERATIONS).contains(n))?;
    Some(RolloutName { rollouts, time })
}

/// What is wrong with a name that starts as a rollout bot's (`rollout:...`) but is not one, in words.
pub fn rollout_name_problem(name: &str) -> Option<String> {
    let rest = name.strip_prefix("rollout:")?;
    if parse_rollout_name(name).is_some() {
        return None;
    }
    let (rollouts, time) = rest.split_once(':').map_or((rest, None), |(n, t)| (n, Some(t)));
    if !rollouts.parse::<u32>().is_ok_and(|n| (1..=MAX_ITERATIONS).contains(&n)) {
        return Some(format!("the rollouts (rollout:N) must be a whole number from 1 to {MAX_ITERATIONS}"));
    }
    time.map(|_| "the time cap (rollout:N:T) must be like 500ms or 2s, from 1ms to 3600s".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rollout_names_parse() {
        let named = |rollouts, time| Some(RolloutName { rollouts, time });
        assert_eq!(parse_rollout_name("rollout"), named(DEFAULT_ROLLOUTS, None));
        assert_eq!(parse_rollout_name("rollout:64"), named(64, None));
        assert_eq!(parse_rollout_name("rollout:64:500ms"), named(64, Some(Duration::from_millis(500))));
        for refused in ["rollout:0", "rollout64", "rollout:x", "rollout:64:", "rollout:64:3", "ismcts:64"] {
            assert_eq!(parse_rollout_name(refused), None, "{refused}");
        }
        assert!(rollout_name_problem("rollout:0").is_some_and(|p| p.contains("rollouts")));
        assert!(rollout_name_problem("rollout:5:3h").is_some_and(|p| p.contains("time cap")));
        assert_eq!(rollout_name_problem("rollout:5"), None);
        assert_eq!(rollout_name_problem("odds"), None);
    }
}
