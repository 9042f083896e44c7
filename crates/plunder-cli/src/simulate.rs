//! `plunder simulate`: many bot games on all cores. Game `i` draws its dice from stream `i` of the seed and its
//! bots from their own streams, and games are summed in fixed chunks in index order, so the summary is the
//! same for a seed whatever the number of threads.

use std::io::IsTerminal;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use plunder_core::{options_from_json, play_game, splitmix64, Bot, Narrate, Rng, Roster, Seat};
use plunder_games::{with_game, GameVisitor};
use rayon::prelude::*;
use serde::Serialize;

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
    /// (default: the game's best bot everywhere).
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
    /// Game options as a JSON object (`plunder games` lists them with their defaults).
    #[arg(long, default_value = "{}")]
    options: String,
}

/// Games per chunk: the unit of work and of summation (fixed, so sums do not depend on threads).
const CHUNK: u64 = 256;
/// The most worker threads: more only adds start-up time and memory (results never depend on it).
const MAX_THREADS: usize = 256;
/// A game longer than this is a rules bug.
const MAX_STEPS: u64 = 1_000_000;

/// The result of a simulation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub game: String,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub options: serde_json::Value,
    pub seats: Vec<SeatSummary>,
    pub bots: Vec<BotSummary>,
    pub rounds: RoundSummary,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatSummary {
    pub seat: Seat,
    pub bot: String,
    /// Wins, a shared win counting 1/k for each of k winners.
    pub wins: f64,
    pub win_rate: f64,
    /// 95% confidence interval of the win rate (Wilson's score interval).
    pub ci95: [f64; 2],
    pub mean_payoff: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotSummary {
    pub bot: String,
    pub seats: usize,
    /// Win rate per seat played.
    pub win_rate: f64,
    pub ci95: [f64; 2],
    /// What a seat would win if all bots were equal: 1 / players.
    pub fair_share: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundSummary {
    pub mean: f64,
    pub sd: f64,
    pub min: u32,
    pub max: u32,
}

/// Sums over a chunk of games.
#[derive(Clone, Debug, Default)]
struct Tally {
    games: u64,
    wins: Vec<f64>,
    payoff: Vec<f64>,
    rounds: u64,
    rounds_sq: u64,
    min_rounds: u32,
    max_rounds: u32,
}

impl Tally {
    fn new(seats: usize) -> Tally {
        Tally { wins: vec![0.0; seats], payoff: vec![0.0; seats], min_rounds: u32::MAX, ..Tally::default() }
    }

    fn add(&mut self, other: &Tally) {
        self.games += other.games;
        for i in 0..self.wins.len() {
            self.wins[i] += other.wins[i];
            self.payoff[i] += other.payoff[i];
        }
        self.rounds += other.rounds;
        self.rounds_sq += other.rounds_sq;
        self.min_rounds = self.min_rounds.min(other.min_rounds);
        self.max_rounds = self.max_rounds.max(other.max_rounds);
    }
}

/// The win rate of `wins` in `n` games and its 95% Wilson score interval. Unlike the normal approximation, it
/// is never zero-width: 0 wins in 1000 games still leaves room for a rate up to about 0.4%.
fn wilson_interval(wins: f64, n: f64) -> (f64, [f64; 2]) {
    if n == 0.0 {
        return (0.0, [0.0, 1.0]);
    }
    const Z: f64 = 1.96;
    let rate = wins / n;
    let z2n = Z * Z / n;
    let centre = (rate + z2n / 2.0) / (1.0 + z2n);
    let half = Z / (1.0 + z2n) * (rate * (1.0 - rate) / n + z2n / (4.0 * n)).max(0.0).sqrt();
    (rate, [(centre - half).max(0.0), (centre + half).min(1.0)])
}

pub fn run(args: SimulateArgs) -> Result<(), String> {
    let options = parse_options(&args.options)?;
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    if let Some(threads) = args.threads.filter(|t| !(1..=MAX_THREADS).contains(t)) {
        return Err(format!("--threads must be from 1 to {MAX_THREADS}, not {threads}"));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    let threads = pool.current_num_threads();
    let started = Instant::now();
    let progress = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(args.games);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    let sim = Simulation { args: &args, options, progress: progress.clone() };
    let summary = pool.install(|| with_game(&args.game, sim)).map_err(|e| e.to_string())??;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let seconds = started.elapsed().as_secs_f64();
    if let Some(path) = &args.svg {
        std::fs::write(path, crate::plot::win_rate_svg(&summary))
            .map_err(|e| format!("cannot write the chart to {}: {e}", path.display()))?;
    }
    if args.json {
        let mut value = serde_json::to_value(&summary).expect("summaries serialize");
        value["threads"] = threads.into();
        value["elapsed_seconds"] = seconds.into();
        write_stdout(&format!("{value}\n"))
    } else {
        write_stdout(&render(&summary, threads, seconds))
    }
}

struct Simulation<'a> {
    args: &'a SimulateArgs,
    options: serde_json::Value,
    progress: Option<ProgressBar>,
}

impl GameVisitor for Simulation<'_> {
    type Output = Result<Summary, String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        simulate::<G>(self.args, &self.options, self.progress.as_ref())
    }
}

/// Runs the games and sums them. Public for tests (thread-count independence).
fn simulate<G: Roster>(
    args: &SimulateArgs,
    options: &serde_json::Value,
    progress: Option<&ProgressBar>,
) -> Result<Summary, String> {
    let options = options_from_json::<G>(args.players, options).map_err(|e| e.to_string())?;
    let game = G::new(options).map_err(|e| e.to_string())?;
    let seats = game.seats();
    let names: Vec<String> = if args.bots.is_empty() {
        vec![plunder_core::bot_kinds::<G>()[0].name.to_string()]
    } else {
        args.bots.iter().map(|b| b.trim().to_string()).collect()
    };
    let names: Vec<String> = (0..seats).map(|i| names[i % names.len()].clone()).collect();
    for name in &names {
        if plunder_core::make_bot::<G>(name, 0).is_none() {
            let kinds: Vec<&str> = plunder_core::bot_kinds::<G>().iter().map(|k| k.name).collect();
            return Err(format!("unknown bot '{name}' for {} (bots: {})", G::ID, kinds.join(", ")));
        }
    }
    let chunks = args.games.div_ceil(CHUNK);
    let tallies: Vec<Result<Tally, String>> = (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let mut tally = Tally::new(seats);
            let first = chunk * CHUNK;
            let last = (first + CHUNK).min(args.games);
            for index in first..last {
                let mut rng = Rng::stream(args.seed, index);
                let mut bots: Vec<Box<dyn Bot<G>>> = names
                    .iter()
                    .enumerate()
                    .map(|(seat, name)| {
                        let seed =
                            splitmix64(args.seed ^ splitmix64(index.wrapping_mul(64).wrapping_add(seat as u64 + 1)));
                        plunder_core::make_bot::<G>(name, seed).expect("bot names were checked")
                    })
                    .collect();
                let finished = play_game(&game, &mut bots, &mut rng, MAX_STEPS)
                    .map_err(|e| format!("game {index} (seed {}): {e}", args.seed))?;
                let share = 1.0 / finished.outcome.winners.len().max(1) as f64;
                for seat in finished.outcome.winners.iter() {
                    tally.wins[seat.index()] += share;
                }
                for (i, p) in finished.outcome.payoffs.iter().enumerate() {
                    tally.payoff[i] += p;
                }
                tally.games += 1;
                tally.rounds += finished.rounds as u64;
                tally.rounds_sq += (finished.rounds as u64).pow(2);
                tally.min_rounds = tally.min_rounds.min(finished.rounds);
                tally.max_rounds = tally.max_rounds.max(finished.rounds);
            }
            if let Some(bar) = progress {
                bar.inc(last - first);
            }
            Ok(tally)
        })
        .collect();
    let mut total = Tally::new(seats);
    for tally in tallies {
        total.add(&tally?);
    }
    let n = total.games as f64;
    let seat_rows = (0..seats)
        .map(|i| {
            let (win_rate, ci95) = wilson_interval(total.wins[i], n);
            SeatSummary {
                seat: Seat(i as u8),
                bot: names[i].clone(),
                wins: total.wins[i],
                win_rate,
                ci95,
                mean_payoff: total.payoff[i] / n,
            }
        })
        .collect();
    let mut bot_names: Vec<&String> = names.iter().collect();
    bot_names.sort();
    bot_names.dedup();
    let bots = bot_names
        .into_iter()
        .map(|name| {
            let idx: Vec<usize> = (0..seats).filter(|&i| &names[i] == name).collect();
            let wins: f64 = idx.iter().map(|&i| total.wins[i]).sum();
            let (win_rate, ci95) = wilson_interval(wins, n * idx.len() as f64);
            BotSummary { bot: name.clone(), seats: idx.len(), win_rate, ci95, fair_share: 1.0 / seats as f64 }
        })
        .collect();
    let mean = total.rounds as f64 / n;
    Ok(Summary {
        game: G::ID.to_string(),
        players: seats,
        games: total.games,
        seed: args.seed,
        options: serde_json::to_value(game.options()).expect("options serialize"),
        seats: seat_rows,
        bots,
        rounds: RoundSummary {
            mean,
            sd: (total.rounds_sq as f64 / n - mean * mean).max(0.0).sqrt(),
            min: total.min_rounds,
            max: total.max_rounds,
        },
    })
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn render(s: &Summary, threads: usize, seconds: f64) -> String {
    let mut out = format!(
        "{}: {} games, {} players, seed {}, {} threads, {:.2} s ({:.0} games/s)\n\n",
        s.game,
        s.games,
        s.players,
        s.seed,
        threads,
        seconds,
        s.games as f64 / seconds.max(1e-9)
    );
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
    out += &format!(
        "\ngame length: {:.2} rounds on average (sd {:.2}), shortest {}, longest {}\n",
        s.rounds.mean, s.rounds.sd, s.rounds.min, s.rounds.max
    );
    out
}

#[cfg(test)]
mod tests {
    use super::wilson_interval;

    #[test]
    fn a_win_rate_of_zero_or_one_still_has_a_wide_enough_interval() {
        let (rate, [low, high]) = wilson_interval(0.0, 1000.0);
        assert_eq!((rate, low), (0.0, 0.0));
        assert!(high > 0.003 && high < 0.005, "about 3.8 / 1000: {high}");
        let (rate, [low, high]) = wilson_interval(1000.0, 1000.0);
        assert_eq!((rate, high), (1.0, 1.0));
        assert!(low < 0.997 && low > 0.995, "{low}");
    }

    #[test]
    fn a_middle_rate_matches_the_textbook_interval() {
        // 50 of 100: Wilson's interval is [0.4038, 0.5962].
        let (rate, [low, high]) = wilson_interval(50.0, 100.0);
        assert_eq!(rate, 0.5);
        assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3, "{low} {high}");
    }
}
