//! `plunder soak`: random games of every registered game at every table size, on the checked path, with the
//! invariants checked after every step: the rules' own bookkeeping (`Game::check_invariants`: conservation of
//! doubloons and cards, counts within bounds), legal actions that the checked `play` accepts, termination
//! within a step limit, a well-formed outcome, and, for a sample of games, a record that survives JSON and
//! replays to the same state. A failure names the game, table size, options and seed so that it can be replayed.
//!
//! Game `i` plays configuration `i mod configurations` with seed stream `i`, so a run is the same whatever the
//! number of threads. With `--option-sets both` (the default) every other game plays options drawn at random
//! (`Game::sample_options`, from its own stream of the game's seed) rather than the defaults: defects that only
//! some option sets reach are found too.

use std::time::Instant;

use indicatif::ProgressBar;
use plunder_core::{options_from_json, splitmix64, ChanceMode, Game, Narrate, Record, Rng, Roster, Session, Status};
use plunder_games::{games, with_game, GameVisitor};
use rayon::prelude::*;
use serde::Serialize;

use crate::output::write_stdout;

#[derive(Debug, clap::Args)]
pub struct SoakArgs {
    /// How many games in all, shared evenly over every game and table size.
    #[arg(long, short = 'n', default_value_t = 10_000)]
    pub games: u64,
    /// Seed of the whole run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Replay the record of one game in this many (1: every game).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..))]
    pub replay_every: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Play only this game (an id from `plunder games`); every game if not given.
    #[arg(long)]
    pub game: Option<String>,
    /// Which options the games play: `both` (every other game draws a random valid option set: variants,
    /// captains, setups, maps, decks, house rules, short and long limits), `default` or `sampled`.
    #[arg(long, value_enum, default_value_t = OptionSets::Both)]
    pub option_sets: OptionSets,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Which options a soak run's games play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OptionSets {
    /// Each game's defaults for its table size.
    Default,
    /// Options drawn at random for every game.
    Sampled,
    /// Half the games each: every configuration's games alternate between the defaults and random options.
    Both,
}

impl OptionSets {
    /// Whether game `index` draws its options, with `configurations` played in turn.
    fn sampled(self, index: u64, configurations: u64) -> bool {
        match self {
            OptionSets::Default => false,
            OptionSets::Sampled => true,
            // Game `index` plays configuration `index % configurations` in round `index / configurations`: the
            // sum alternates both within a round and within each configuration, whatever the number of them.
            OptionSets::Both => (index / configurations + index % configurations) % 2 == 1,
        }
    }
}

/// A game longer than this many steps does not terminate: a rules bug.
pub const MAX_STEPS: u64 = 1_000_000;
/// Games per unit of work.
const CHUNK: u64 = 512;

/// One game at one table size.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Configuration {
    pub game: &'static str,
    pub players: usize,
}

/// Every registered game (or the one named) at every table size it allows.
pub fn configurations(only: Option<&str>) -> Result<Vec<Configuration>, String> {
    if let Some(id) = only.filter(|id| !games().iter().any(|info| info.id == *id)) {
        let ids: Vec<_> = games().iter().map(|info| info.id).collect();
        return Err(format!("no game '{id}': one of {}", ids.join(", ")));
    }
    Ok(games()
        .into_iter()
        .filter(|info| only.is_none_or(|id| id == info.id))
        .flat_map(|info| {
            (info.min_players..=info.max_players).map(move |players| Configuration { game: info.id, players })
        })
        .collect())
}

/// What a soak run did, per configuration.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Tally {
    pub games: u64,
    pub steps: u64,
    pub longest: u64,
    pub replayed: u64,
    /// Games that played randomly drawn options.
    pub sampled_options: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.games += other.games;
        self.steps += other.steps;
        self.longest = self.longest.max(other.longest);
        self.replayed += other.replayed;
        self.sampled_options += other.sampled_options;
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub seed: u64,
    pub games: u64,
    pub replayed: u64,
    pub sampled_options: u64,
    pub rows: Vec<(Configuration, Tally)>,
}

/// Plays `games` games from `seed` and checks them; the first failure is the error.
pub fn soak(
    only: Option<&str>,
    games: u64,
    seed: u64,
    replay_every: u64,
    options: OptionSets,
    progress: Option<&ProgressBar>,
) -> Result<Report, String> {
    let configs = configurations(only)?;
    let n = configs.len() as u64;
    let chunks = games.div_ceil(CHUNK);
    let tallies: Vec<Result<Vec<Tally>, String>> = (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let mut tallies = vec![Tally::default(); configs.len()];
            let first = chunk * CHUNK;
            let last = (first + CHUNK).min(games);
            for (c, config) in configs.iter().enumerate() {
                // The games of this chunk that play configuration `c`, in index order.
                let start = first + (c as u64 + n - first % n) % n;
                let indices = (start..last).step_by(configs.len());
                let run = Run { config, configurations: n, seed, replay_every, options, indices };
                tallies[c] = with_game(config.game, run).map_err(|e| e.to_string())??;
            }
            if let Some(bar) = progress {
                bar.inc(last - first);
            }
            Ok(tallies)
        })
        .collect();
    let mut total = vec![Tally::default(); configs.len()];
    for chunk in tallies {
        for (sum, tally) in total.iter_mut().zip(chunk?) {
            sum.add(&tally);
        }
    }
    Ok(Report {
        seed,
        games: total.iter().map(|t| t.games).sum(),
        replayed: total.iter().map(|t| t.replayed).sum(),
        sampled_options: total.iter().map(|t| t.sampled_options).sum(),
        rows: configs.into_iter().zip(total).collect(),
    })
}

struct Run<'a, I> {
    config: &'a Configuration,
    configurations: u64,
    seed: u64,
    replay_every: u64,
    options: OptionSets,
    indices: I,
}

impl<I: Iterator<Item = u64>> GameVisitor for Run<'_, I> {
    type Output = Result<Tally, String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let players = self.config.players;
        let options = options_from_json::<G>(Some(players), &serde_json::Value::Null).map_err(|e| e.to_string())?;
        let defaults = G::new(options).map_err(|e| e.to_string())?;
        let mut tally = Tally::default();
        for index in self.indices {
            let game_seed = splitmix64(self.seed ^ splitmix64(index));
            let sampled = self.options.sampled(index, self.configurations);
            let options = sampled.then(|| G::sample_options(players, &mut Rng::stream(game_seed, 2)));
            let fail = |what: String| {
                let options = options.as_ref().map_or(String::new(), |o| {
                    format!(", options {}", serde_json::to_string(o).unwrap_or_else(|e| e.to_string()))
                });
                format!("{} with {players} players{options}, game {index} (session seed {game_seed}): {what}", G::ID)
            };
            let sampled_game = match &options {
                Some(options) => {
                    Some(G::new(options.clone()).map_err(|e| fail(format!("the sampled options are refused: {e}")))?)
                }
                None => None,
            };
            let replay = index % self.replay_every == 0;
            let steps = soak_one(sampled_game.as_ref().unwrap_or(&defaults), game_seed, replay).map_err(fail)?;
            tally.sampled_options += sampled as u64;
            tally.games += 1;
            tally.steps += steps;
            tally.longest = tally.longest.max(steps);
            tally.replayed += replay as u64;
        }
        Ok(tally)
    }
}

/// Plays one random game through the checked path from `seed`, checking the invariants after every step, and
/// (if `replay`) its record. Returns the number of decisions.
pub fn soak_one<G: Game>(game: &G, seed: u64, replay: bool) -> Result<u64, String> {
    let mut session = Session::new(game.clone(), seed, ChanceMode::Sampled);
    let mut rng = Rng::stream(seed, 1);
    game.check_invariants(session.state()).map_err(|e| format!("at the start: {e}"))?;
    let mut steps = 0;
    let outcome = loop {
        let seats = match session.status() {
            Status::Over => break session.outcome().ok_or("the game is over without an outcome")?,
            Status::Chance => return Err("a chance event is pending in sampled mode".into()),
            Status::Decide(seats) => seats,
        };
        if steps >= MAX_STEPS {
            return Err(format!("no end after {MAX_STEPS} decisions"));
        }
        let deciding: Vec<_> = seats.iter().collect();
        let seat = *deciding.get(rng.index(deciding.len())).ok_or("no seat decides")?;
        let legal = session.legal_actions(seat);
        let action =
            legal.get(rng.index(legal.len())).ok_or_else(|| format!("{seat} must act but has no legal action"))?;
        session.play(seat, action.clone()).map_err(|e| format!("step {steps}: the legal {action} is refused: {e}"))?;
        game.check_invariants(session.state()).map_err(|e| format!("after step {steps} ({seat}: {action}): {e}"))?;
        steps += 1;
    };
    if outcome.payoffs.len() != game.seats() || outcome.payoffs.iter().any(|p| !p.is_finite()) {
        return Err(format!("a malformed outcome: {outcome:?}"));
    }
    if replay {
        let text = serde_json::to_string(&session.record()).map_err(|e| e.to_string())?;
        let record = Record::from_json(&text).map_err(|e| format!("the record does not read back: {e}"))?;
        let replayed = Session::<G>::replay(&record).map_err(|e| format!("the record does not replay: {e}"))?;
        if replayed.state() != session.state() {
            return Err("the record replays to another state".into());
        }
    }
    Ok(steps)
}

pub fn run(args: &SoakArgs) -> Result<(), String> {
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let pool = crate::workers::pool(args.threads.map(|t| t as usize))?;
    let progress = crate::workers::games_bar(args.games);
    let started = Instant::now();
    let report = pool.install(|| {
        soak(args.game.as_deref(), args.games, args.seed, args.replay_every, args.option_sets, progress.as_ref())
    })?;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let mut value = serde_json::to_value(&report).expect("reports serialize");
        value["threads"] = pool.current_num_threads().into();
        value["elapsed_seconds"] = seconds.into();
        return write_stdout(&format!("{value}\n"));
    }
    let mut out = format!(
        "{} games (seed {}), {} with random options, {} records replayed, {} thread{}, {:.1} s ({:.0} games/s): \
         every invariant held\n\n",
        report.games,
        report.seed,
        report.sampled_options,
        report.replayed,
        pool.current_num_threads(),
        if pool.current_num_threads() == 1 { "" } else { "s" },
        seconds,
        report.games as f64 / seconds.max(1e-9)
    );
    out += "game          players     games  random options  decisions/game  longest\n";
    for (config, tally) in &report.rows {
        out += &format!(
            "{:<13} {:>7} {:>9} {:>15} {:>15.1} {:>8}\n",
            config.game,
            config.players,
            tally.games,
            tally.sampled_options,
            tally.steps as f64 / tally.games.max(1) as f64,
            tally.longest
        );
    }
    write_stdout(&out)
}
