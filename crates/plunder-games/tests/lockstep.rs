//! Lockstep leak test for every registered game at every table size: twins that differ in one seat's secret
//! (dice, hidden cards, hidden simultaneous choices) look the same to every other seat (views, status, legal
//! actions, bot suggestions, error messages) until the rules reveal the secret. A game added to the registry is
//! checked with nothing to write.

use plunder_core::lockstep;
use plunder_core::{options_from_json, Game, Narrate, Roster};
use plunder_games::{games, with_game, GameVisitor};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Seeds per table size, and twins per seed: enough to reach every kind of secret, bounded to run in seconds.
const SEEDS: u64 = 3;
const BRANCHES: usize = 12;

struct Lockstep {
    players: usize,
    seed: u64,
}

impl GameVisitor for Lockstep {
    /// The report, and whether the game declares hidden information (without it there is no secret to twin).
    type Output = Result<(lockstep::Report, bool), String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let options =
            options_from_json::<G>(Some(self.players), &serde_json::Value::Null).map_err(|e| e.to_string())?;
        let game = G::new(options).map_err(|e| e.to_string())?;
        let report = lockstep::check(&game, self.seed, BRANCHES)?;
        Ok((report, game.facts().hidden_information))
    }
}

/// One game's table at one seed: the checks below share these out.
#[derive(Clone, Copy, Debug)]
struct Unit {
    id: &'static str,
    players: usize,
    seed: u64,
}

/// Every registered game's tables from `sizes(min, max)` at each seed, checked by `check` on as many threads as
/// the machine has (one after another, the slowest checks here took minutes). The largest tables, the slowest,
/// go first, so no thread is left with a long one at the end.
fn each_unit_in_parallel(sizes: fn(usize, usize) -> Vec<usize>, check: impl Fn(Unit) + Sync) {
    let mut units: Vec<Unit> = games()
        .into_iter()
        .flat_map(|info| {
            sizes(info.min_players, info.max_players)
                .into_iter()
                .flat_map(move |players| (0..SEEDS).map(move |seed| Unit { id: info.id, players, seed }))
        })
        .collect();
    units.sort_by_key(|unit| std::cmp::Reverse(unit.players));
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(units.len());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(&unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) {
                    check(unit);
                }
            });
        }
    });
}

fn every_size(min: usize, max: usize) -> Vec<usize> {
    (min..=max).collect()
}

fn smallest_and_largest(min: usize, max: usize) -> Vec<usize> {
    vec![min, max]
}

#[test]
fn no_game_tells_a_seat_a_secret_it_cannot_see() {
    let reports = std::sync::Mutex::new(std::collections::BTreeMap::new());
    each_unit_in_parallel(every_size, |Unit { id, players, seed }| {
        let (report, hidden) =
            with_game(id, Lockstep { players, seed }).unwrap().unwrap_or_else(|leak| panic!("{leak}"));
        let mut reports = reports.lock().unwrap();
        let (total, _): &mut (lockstep::Report, bool) =
            reports.entry((id, players)).or_insert((Default::default(), hidden));
        total.branches += report.branches;
        total.comparisons += report.comparisons;
    });
    for ((id, players), (report, hidden)) in reports.into_inner().unwrap() {
        // Where the game has secrets, twins were made and compared: the check is not vacuous. Where it has
        // none (Pirate Haven: every pile is public by count), no chance outcome is hidden from anyone.
        if hidden {
            assert!(report.branches > 0 && report.comparisons > 0, "{id} with {players}: {report:?}");
        } else {
            assert_eq!(report.branches, 0, "{id} declares no hidden information, yet twins differed unseen");
        }
    }
}

/// Liar's dice with a leak the views, the legal actions and the conformance suite's determinization check all
/// miss: with `EVENTS` false, its error for an action that is no longer legal names the whole position, every cup
/// included; with `EVENTS` true, it tells everyone each seat's rolled faces.
mod leaky {
    use plunder_core::{Audience, Bot, BotKind, Game, Outcome, PlayError, Rng, Roster, Seat, Status, Teller, Viewer};
    use plunder_games::liars_dice::{Action, LiarsDice, Options, Roll, State};

    #[derive(Clone, Debug)]
    pub struct Leaky<const EVENTS: bool>(pub LiarsDice);
    pub type LeakyErrors = Leaky<false>;
    pub type LeakyEvents = Leaky<true>;

    impl<const EVENTS: bool> Game for Leaky<EVENTS> {
        type Options = Options;
        type State = State;
        type Action = Action;
        type Chance = Roll;
        type View = <LiarsDice as Game>::View;
        type Event = <LiarsDice as Game>::Event;
        const ID: &'static str = "leaky-errors";
        const NAME: &'static str = "Leaky errors";

        fn new(options: Options) -> Result<Self, plunder_core::OptionsError> {
            LiarsDice::new(options).map(Leaky)
        }
        fn options(&self) -> &Options {
            self.0.options()
        }
        fn options_for_players(players: usize) -> Options {
            LiarsDice::options_for_players(players)
        }
        fn seats(&self) -> usize {
            self.0.seats()
        }
        fn initial_state(&self) -> State {
            self.0.initial_state()
        }
        fn status(&self, state: &State) -> Status {
            self.0.status(state)
        }
        fn legal_actions(&self, state: &State, seat: Seat, out: &mut Vec<Action>) {
            self.0.legal_actions(state, seat, out)
        }
        fn check_action(&self, state: &State, seat: Seat, action: &Action) -> Result<(), PlayError> {
            let leaky = |e: PlayError| if EVENTS { e } else { PlayError::illegal(format!("{e} in {state:?}")) };
            self.0.check_action(state, seat, action).map_err(leaky)
        }
        fn apply_with<T: Teller<Self::Event>>(&self, state: &mut State, seat: Seat, action: &Action, told: &mut T) {
            self.0.apply_with(state, seat, action, told)
        }
        fn chance_outcomes(&self, state: &State, out: &mut Vec<(Roll, f64)>) {
            self.0.chance_outcomes(state, out)
        }
        fn apply_chance_with<T: Teller<Self::Event>>(&self, state: &mut State, outcome: &Roll, told: &mut T) {
            if EVENTS {
                let mut inner = Vec::new();
                self.0.apply_chance_with(state, outcome, &mut inner);
                for event in inner {
                    told.tell(Audience::Everyone, || event.event);
                }
            } else {
                self.0.apply_chance_with(state, outcome, told)
            }
        }
        fn view(&self, state: &State, viewer: Viewer) -> Self::View {
            self.0.view(state, viewer)
        }
        fn determinize(&self, state: &State, seat: Seat, rng: &mut Rng) -> State {
            self.0.determinize(state, seat, rng)
        }
        fn outcome(&self, state: &State) -> Option<Outcome> {
            self.0.outcome(state)
        }
        fn round(&self, state: &State) -> u32 {
            self.0.round(state)
        }
        fn facts(&self) -> plunder_core::Facts {
            self.0.facts()
        }
    }

    impl<const EVENTS: bool> Roster for Leaky<EVENTS> {
        fn own_bot_kinds() -> Vec<BotKind> {
            Vec::new()
        }
        fn make_own_bot(_: &str, _: u64) -> Option<Box<dyn Bot<Self>>> {
            None
        }
    }
}

#[test]
fn an_error_message_that_shows_the_cups_is_caught() {
    let game = leaky::LeakyErrors::new(plunder_games::liars_dice::Options::dudo(3)).unwrap();
    let found = (0..SEEDS).map(|seed| lockstep::check(&game, seed, BRANCHES)).find_map(Result::err);
    let leak = found.expect("the leak is found");
    assert!(leak.contains("trying"), "found through the error text: {leak}");
    // The honest game passes the same check.
    let honest = plunder_games::liars_dice::LiarsDice::new(plunder_games::liars_dice::Options::dudo(3)).unwrap();
    assert!((0..SEEDS).all(|seed| lockstep::check(&honest, seed, BRANCHES).is_ok()));
}

#[test]
fn an_event_that_shows_a_cup_to_everyone_is_caught() {
    let game = leaky::LeakyEvents::new(plunder_games::liars_dice::Options::dudo(3)).unwrap();
    let found = (0..SEEDS).map(|seed| lockstep::check(&game, seed, BRANCHES)).find_map(Result::err);
    let leak = found.expect("the leak is found");
    assert!(leak.contains("is told"), "found through the events: {leak}");
}

/// The search bot under the lockstep check, in Scallywager: twins that differ in an Adventure card another
/// captain drew once made it bid differently, because hidden cards were redrawn starting from where they truly
/// lay (`Zones::determinize` now starts from an order the seat's knowledge alone decides).
#[test]
fn the_search_bot_cannot_tell_scallywager_twins_apart() {
    use plunder_games::scallywager::Scallywager;
    for players in 2..=4 {
        let game = Scallywager::new(Scallywager::options_for_players(players)).expect("valid options");
        lockstep::check_with_search(&game, 1, BRANCHES).unwrap_or_else(|leak| panic!("{leak}"));
    }
}

/// The search bot under the lockstep check in Lying Pirates at its smallest and largest tables (Phantom mode with
/// two players; six captains). Twins that differ in a dealt card once made it search differently (two players,
/// seed 0: a different bet 32 steps after the deal): a random card of a zone was drawn by walking the card ids,
/// and a determinized world keeps the true world's ids with new kinds on the unseen cards, so once cards moved
/// between hands (a plunder in a playout) the walk's order told the twins apart. Draws now count the cards off
/// kind by kind (`Zones::nth_kind`).
#[test]
fn the_search_bot_cannot_tell_lying_pirates_twins_apart() {
    use plunder_games::lying_pirates::{LyingPirates, MAX_PLAYERS, MIN_PLAYERS};
    for players in [MIN_PLAYERS, MAX_PLAYERS] {
        let game = LyingPirates::new(LyingPirates::options_for_players(players as usize)).expect("valid options");
        for seed in 0..LYING_PIRATES_SEEDS {
            lockstep::check_with_search(&game, seed, LYING_PIRATES_BRANCHES).unwrap_or_else(|leak| panic!("{leak}"));
        }
    }
}

/// The rollout bot under the lockstep check in the games whose best bots play out quickly in a debug build,
/// at their smallest and largest tables (the others are in the ignored test below): its worlds are drawn from
/// the seat's view and played out by bots that see only their own, so twins must get the same move from it.
#[test]
fn the_rollout_bot_cannot_tell_twins_apart_in_the_quick_games() {
    for id in ["liars-dice", "loot-pirates"] {
        let info = games().into_iter().find(|g| g.id == id).expect("registered");
        for players in [info.min_players, info.max_players] {
            with_game(id, RolloutLockstep { players }).unwrap().unwrap_or_else(|leak| panic!("{leak}"));
        }
    }
}

struct RolloutLockstep {
    players: usize,
}

impl GameVisitor for RolloutLockstep {
    type Output = Result<(), String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let options =
            options_from_json::<G>(Some(self.players), &serde_json::Value::Null).map_err(|e| e.to_string())?;
        let game = G::new(options).map_err(|e| e.to_string())?;
        let report = lockstep::check_with_searches(&game, 0, 3)?;
        assert!(report.comparisons > 0, "{} with {}: {report:?}", G::ID, self.players);
        Ok(())
    }
}

/// Lying Pirates' search lockstep in every test run: seeds and twins per table, bounded for a debug build (about
/// 6 s there, 2 s in release; the full check at 3 seeds and 12 twins is the ignored test below).
const LYING_PIRATES_SEEDS: u64 = 1;
const LYING_PIRATES_BRANCHES: usize = 4;

/// Every game with the search bot `ismcts` compared, at its smallest and largest tables (about 2 minutes in
/// release on 2 cores, most of it The Pirate's Flag with 6 captains; `.ci/run` runs it). The last failures were The Pirate's Flag's declared auto-pass and its discard
/// pile, both public by the rules and now in its view (rulings 47 and 48).
#[test]
#[ignore = "slow: run with cargo test --release -p plunder-games --test lockstep -- --ignored (CI does)"]
fn no_game_tells_the_search_bot_a_secret() {
    each_unit_in_parallel(smallest_and_largest, |Unit { id, players, seed }| {
        let check = SearchLockstep { players, seed, rollout: false };
        with_game(id, check).unwrap().unwrap_or_else(|leak| panic!("{leak}"));
    });
}

/// Every game with both search bots, `ismcts` and `rollout`, compared (23 minutes in release on one core under
/// `nice` on a loaded 2-core machine, 2026-11-29: too long for every CI run, which checks `rollout` in the quick
/// games above, and skips this one). Run it after changing the rollout bot or a game's views:
/// `cargo test --release -p plunder-games --test lockstep -- --ignored no_game_tells_the_rollout_bot_a_secret`.
#[test]
#[ignore = "slow: cargo test --release -p plunder-games --test lockstep -- --ignored no_game_tells_the_rollout"]
fn no_game_tells_the_rollout_bot_a_secret() {
    each_unit_in_parallel(smallest_and_largest, |Unit { id, players, seed }| {
        let check = SearchLockstep { players, seed, rollout: true };
        with_game(id, check).unwrap().unwrap_or_else(|leak| panic!("{leak}"));
    });
}

struct SearchLockstep {
    players: usize,
    seed: u64,
    /// Whether `rollout` is compared too (besides `ismcts`).
    rollout: bool,
}

impl GameVisitor for SearchLockstep {
    type Output = Result<(), String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let options =
            options_from_json::<G>(Some(self.players), &serde_json::Value::Null).map_err(|e| e.to_string())?;
        let game = G::new(options).map_err(|e| e.to_string())?;
        match self.rollout {
            true => lockstep::check_with_searches(&game, self.seed, BRANCHES)?,
            false => lockstep::check_with_search(&game, self.seed, BRANCHES)?,
        };
        Ok(())
    }
}
