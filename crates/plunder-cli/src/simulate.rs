//! `plunder simulate`: many bot games on all cores (the library `plunder-sim` plays and sums them). Game `i`
//! draws its dice from stream `i` of the seed, so the summary is the same for a seed whatever the number of
//! threads; `--results FILE` also writes every game as a JSON line and resumes; `--shard i/n` plays one slice of
//! the game indices, and `plunder report merge` sums result files into the summary a single run gives.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use indicatif::ProgressBar;
use plunder_sim::{Progress, Shard, Spec, Summary};

use crate::parse_options;
use plunder_cli::output::write_stdout;

#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// The game's id (see `plunder games`).
    #[arg(long, short)]
    game: String,
    /// How many players.
    #[arg(long, short)]
    players: Option<usize>,
    /// How many games.
    #[arg(long, short = 'n', default_value_t = 1000)]
    games: u64,
    /// Seed of the whole simulation.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bots by seat, comma-separated; repeated round the table if fewer than the players
    /// (default: the game's best bot everywhere). `strategy:FILE` plays a strategy saved by `plunder solve`.
    #[arg(long, short, value_delimiter = ',')]
    bots: Vec<String>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    /// Also draw the win rates as an SVG chart into this file.
    #[arg(long)]
    svg: Option<std::path::PathBuf>,
    /// Game options as a JSON object, or @FILE to read them from a file (`plunder rules GAME` lists them with
    /// their defaults and meanings).
    #[arg(long, default_value = "{}")]
    options: String,
    /// Also write every game as a JSON line to this file (appended), with each seat's actions counted and the
    /// cards, tiles and captains it held, for `plunder report`. Games already in it are skipped, so an
    /// interrupted run resumes where it stopped; the summary then covers all of the run's games in the file.
    #[arg(long)]
    results: Option<PathBuf>,
    /// Play only slice I of N (1-based) of the game indices, e.g. `--shard 2/4`; `plunder report merge` sums
    /// the slices' result files into exactly the summary of one run.
    #[arg(long, value_parser = plunder_sim::parse_shard)]
    shard: Option<Shard>,
}

pub fn run(args: SimulateArgs) -> Result<(), String> {
    let options = parse_options(&args.options)?;
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    // Where the output goes is checked before the games, not found wrong after them.
    if let Some(path) = &args.svg {
        plunder_cli::output::check_output_file("--svg", path, plunder_cli::output::Output::Chart)?;
    }
    if let Some(path) = &args.results {
        plunder_cli::output::check_output_file("--results", path, plunder_cli::output::Output::Results)?;
    }
    let pool = plunder_cli::workers::pool(args.threads)?;
    let threads = pool.current_num_threads();
    let started = Instant::now();
    let progress = plunder_cli::workers::games_bar(args.shard.map_or(args.games, |shard| {
        let (first, end) = shard.range(args.games);
        end - first
    }));
    let spec = Spec {
        game: args.game.clone(),
        players: args.players,
        games: args.games,
        seed: args.seed,
        bots: args.bots.clone(),
        options,
        timing: plunder_cli::search_time::bulk(),
    };
    let bar = Bar { bar: progress, skipped: AtomicU64::new(0) };
    let summary = pool.install(|| plunder_sim::simulate(&spec, args.shard, args.results.as_deref(), &bar))?;
    if let Some(bar) = &bar.bar {
        bar.finish_and_clear();
    }
    let seconds = started.elapsed().as_secs_f64();
    let skipped = bar.skipped.load(Ordering::Relaxed);
    let timing = Timing {
        threads,
        seconds,
        played: summary.games.saturating_sub(skipped),
        skipped: args.results.clone().filter(|_| skipped > 0).map(|file| (skipped, file)),
    };
    // The options as given, when any were: the summary names what it is a summary of.
    let given = spec.options.as_object().is_some_and(|o| !o.is_empty()).then_some(&spec.options);
    if let Some(path) = &args.svg {
        std::fs::write(path, crate::plot::win_rate_svg(&summary))
            .map_err(|e| format!("cannot write the chart to {}: {e}", path.display()))?;
    }
    if args.json {
        let mut value = serde_json::to_value(&summary).expect("summaries serialize");
        value["threads"] = threads.into();
        value["elapsed_seconds"] = seconds.into();
        value["played"] = timing.played.into();
        value["skipped"] = skipped.into();
        if let Some(options) = given {
            value["options_given"] = options.clone();
        }
        write_stdout(&format!("{value}\n"))
    } else {
        write_stdout(&render(&summary, Some(&timing), given))
    }
}

/// How a run just went: its threads and seconds, the games played now, and the games resumed from a results
/// file (already there, so skipped).
pub struct Timing {
    pub threads: usize,
    pub seconds: f64,
    pub played: u64,
    /// (games skipped, the `--results` file they were in), when any were.
    pub skipped: Option<(u64, PathBuf)>,
}

/// The terminal's progress bar as the simulation's [`Progress`], counting the games resumed from the results
/// file.
struct Bar {
    bar: Option<ProgressBar>,
    skipped: AtomicU64,
}

impl Progress for Bar {
    fn set_length(&self, games: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(games);
        }
    }

    fn inc(&self, games: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(games);
        }
    }

    fn skipped(&self, games: u64) {
        self.skipped.fetch_add(games, Ordering::Relaxed);
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// The summary as text; `timing` when the games were just played (the speed counts only the games played now,
/// not those resumed from a results file); `options` as given on the command line, when any were.
pub fn render(s: &Summary, timing: Option<&Timing>, options: Option<&serde_json::Value>) -> String {
    let mut out = format!("{}: {} games, {} players, seed {}", s.game, s.games, s.players, s.seed);
    if let Some(timing) = timing {
        if let Some((skipped, file)) = &timing.skipped {
            out += &format!("\n{skipped} of them were already in {} and were skipped", file.display());
            if timing.played == 0 {
                out += "; none played now";
            }
        }
        if timing.played > 0 {
            let threads = timing.threads;
            let plural = if threads == 1 { "" } else { "s" };
            let now = if timing.skipped.is_some() { format!("\n{} played now: ", timing.played) } else { ", ".into() };
            out += &format!(
                "{now}{threads} thread{plural}, {:.2} s ({:.0} games/s)",
                timing.seconds,
                timing.played as f64 / timing.seconds.max(1e-9)
            );
        }
    }
    if let Some(options) = options {
        out += &format!("\noptions: {options}");
    }
    out += "\n\n";
    out += "seat  bot       win rate  95% interval\n";
    for row in &s.seats {
        out += &format!(
            "{:<5} {:<9} {:>8}  [{}, {}]\n",
            row.seat.to_string(),
            row.bot,
            pct(row.win_rate),
            pct(row.ci95[0]),
            pct(row.ci95[1])
        );
    }
    out += &format!(
        "\nbot       seats  win rate per seat  95% interval      (fair share {})\n",
        pct(1.0 / s.players as f64)
    );
    for row in &s.bots {
        out += &format!(
            "{:<9} {:>5}  {:>17}  [{}, {}]\n",
            row.bot,
            row.seats,
            pct(row.win_rate),
            pct(row.ci95[0]),
            pct(row.ci95[1])
        );
    }
    if s.no_seat_won > 0 {
        out += &format!(
            "\nno seat won {} of the games ({}): a captain no seat plays (the Phantom) or the round limit; the \
             seats' win rates add up to the rest\n",
            s.no_seat_won,
            pct(s.no_seat_won as f64 / s.games.max(1) as f64)
        );
    }
    out += &format!(
        "\ngame length: {:.2} rounds on average (sd {:.2}), shortest {}, longest {}\n",
        s.rounds.mean, s.rounds.sd, s.rounds.min, s.rounds.max
    );
    out
}
