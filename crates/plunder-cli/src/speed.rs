//! `plunder speed`: random playouts per second on one core, on the unchecked path (no bots, no views): the
//! number to compare with other engines' random-simulation loops.

use std::time::Instant;

use plunder_core::ismcts::{Ismcts, Settings};
use plunder_core::{
    options_from_json, random_playout, sample_chance_until_decision, Narrate, Rng, Roster, Status, Turn, Viewer,
};
use plunder_games::{with_game, GameVisitor};
use serde::Serialize;

use crate::parse_options;
use plunder_cli::output::write_stdout;

#[derive(Debug, clap::Args)]
pub struct SpeedArgs {
    /// The game's id.
    #[arg(long, short)]
    game: String,
    /// How many players.
    #[arg(long, short)]
    players: Option<usize>,
    /// Game options as a JSON object, or @FILE to read them from a file (`plunder rules GAME` lists them with
    /// their defaults and meanings).
    #[arg(long, default_value = "{}")]
    options: String,
    /// Seconds per run.
    #[arg(long, default_value_t = 1.0)]
    seconds: f64,
    /// Exactly this many games per run instead of `--seconds`: fixed work, for instruction counts
    /// (`valgrind --tool=callgrind`) that do not depend on the machine's load.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    games: Option<u64>,
    /// Runs; the median is reported.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    runs: u32,
    /// Seed of the random play.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Measure ISMCTS instead: searches of this many simulations from the first decision of seeded games,
    /// reported as simulations per second (one core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    ismcts: Option<u32>,
}

#[derive(Debug, Serialize)]
struct Speed {
    game: String,
    options: serde_json::Value,
    runs: usize,
    /// With `--ismcts`: the simulations per search, and the "games" below are ISMCTS simulations (each a
    /// determinization, a walk down the tree and a playout) and the "transitions" whole searches.
    #[serde(skip_serializing_if = "Option::is_none")]
    ismcts_iterations: Option<u32>,
    /// Median over the runs.
    games_per_second: f64,
    /// Chance events and decisions, median over the runs.
    transitions_per_second: f64,
    transitions_per_game: f64,
}

/// Games between looks at the clock.
const BATCH: u64 = 1024;

struct Measure<'a>(&'a SpeedArgs, serde_json::Value);

impl GameVisitor for Measure<'_> {
    type Output = Result<Speed, String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let args = self.0;
        let options = options_from_json::<G>(args.players, &self.1).map_err(|e| e.to_string())?;
        let game = G::new(options).map_err(|e| e.to_string())?;
        if let Some(iterations) = args.ismcts {
            return Ok(ismcts_speed(&game, args, iterations));
        }
        let mut rng = Rng::seeded(args.seed);
        let mut legal = Vec::with_capacity(64);
        let (mut games_rates, mut step_rates) = (Vec::new(), Vec::new());
        let (mut all_games, mut all_steps) = (0u64, 0u64);
        for _ in 0..args.runs {
            let start = Instant::now();
            let (mut games, mut steps) = (0u64, 0u64);
            // Whole batches, at least one, so that even a tiny --seconds measures something.
            loop {
                let mut state = game.initial_state();
                steps += random_playout(&game, &mut state, &mut rng, &mut legal);
                games += 1;
                let done = match args.games {
                    Some(fixed) => games >= fixed,
                    None => games % BATCH == 0 && start.elapsed().as_secs_f64() >= args.seconds,
                };
                if done {
                    break;
                }
            }
            let dt = start.elapsed().as_secs_f64();
            games_rates.push(games as f64 / dt);
            step_rates.push(steps as f64 / dt);
            all_games += games;
            all_steps += steps;
        }
        Ok(Speed {
            game: G::ID.to_string(),
            options: serde_json::to_value(game.options()).expect("options serialize"),
            runs: games_rates.len(),
            ismcts_iterations: None,
            games_per_second: median(&mut games_rates),
            transitions_per_second: median(&mut step_rates),
            transitions_per_game: all_steps as f64 / all_games as f64,
        })
    }
}

/// ISMCTS simulations per second: whole searches of `iterations` from the first decision of seeded games,
/// reported in the same shape (a "game" is one simulation, a transition one search).
fn ismcts_speed<G: Roster>(game: &G, args: &SpeedArgs, iterations: u32) -> Speed {
    let settings = Settings { iterations, ..Settings::default() };
    let mut search = Ismcts::<G>::new(settings, args.seed);
    let mut rng = Rng::seeded(args.seed);
    let mut legal = Vec::new();
    let mut rates = Vec::new();
    for _ in 0..args.runs {
        let start = Instant::now();
        let mut searches = 0u64;
        loop {
            let mut state = game.initial_state();
            let seat = match sample_chance_until_decision(game, &mut state, &mut rng) {
                Status::Decide(seats) => seats.lowest().expect("someone decides"),
                _ => unreachable!("a game starts undecided"),
            };
            legal.clear();
            game.legal_actions(&state, seat, &mut legal);
            let view = game.view(&state, Viewer::Seat(seat));
            std::hint::black_box(search.search(&Turn::new(game, &state, seat, &view, &legal)));
            searches += 1;
            let done = match args.games {
                Some(fixed) => searches * iterations as u64 >= fixed,
                None => start.elapsed().as_secs_f64() >= args.seconds,
            };
            if done {
                break;
            }
        }
        rates.push(searches as f64 * iterations as f64 / start.elapsed().as_secs_f64());
    }
    let per_second = median(&mut rates);
    Speed {
        game: G::ID.to_string(),
        options: serde_json::to_value(game.options()).expect("options serialize"),
        runs: rates.len(),
        ismcts_iterations: Some(iterations),
        games_per_second: per_second,
        transitions_per_second: per_second / iterations as f64,
        transitions_per_game: 1.0 / iterations as f64,
    }
}

fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

pub fn run(args: SpeedArgs) -> Result<(), String> {
    if !(args.seconds > 0.0 && args.seconds <= 600.0) {
        return Err("--seconds must be more than 0 and at most 600".to_string());
    }
    let options = parse_options(&args.options)?;
    let speed = with_game(&args.game, Measure(&args, options)).map_err(|e| e.to_string())??;
    if args.json {
        write_stdout(&format!("{}\n", serde_json::to_string(&speed).expect("serializes")))
    } else if let Some(iterations) = args.ismcts {
        write_stdout(&format!(
            "{}: {:.0} ISMCTS simulations/s ({:.0} searches of {iterations}/s), one core, median of {} runs\n",
            speed.game, speed.games_per_second, speed.transitions_per_second, speed.runs
        ))
    } else {
        write_stdout(&format!(
            "{}: {:.0} random games/s, {:.0} transitions/s ({:.2} per game), one core, median of {} runs\n",
            speed.game, speed.games_per_second, speed.transitions_per_second, speed.transitions_per_game, speed.runs
        ))
    }
}
