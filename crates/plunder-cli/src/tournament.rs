//! `plunder tournament`: bots play seat-rotated matches and get Bradley-Terry ratings with bootstrap intervals.
//!
//! **Schedule.** With at least as many bots as seats, every set of bots that fills the table plays in every
//! cyclic rotation of its seats; with fewer bots than seats, the table is filled by cycling the bots, once
//! from each bot. Either way every bot sits in every seat equally often, so a seat's advantage favours
//! nobody. Game `i` uses seating `i mod S`, its dice stream `i` of the seed and its bots their own streams
//! (as in `simulate`), so the table is the same for a seed on any number of threads.

use std::path::PathBuf;

use indicatif::ProgressBar;
use plunder_core::{options_from_json, play_game, BotMaker, Game, Narrate, Rng, Roster};
use plunder_games::{with_game, GameVisitor};
use rayon::prelude::*;
use serde::Serialize;

use crate::parse_options;
use crate::ratings::{comparisons_in_order, payoff_order, rate, Group};
use plunder_cli::output::write_stdout;
use plunder_sim::{bot_seed, wilson_interval};

#[derive(Debug, clap::Args)]
pub struct TournamentArgs {
    /// The game's id (see `plunder games`).
    #[arg(long, short)]
    game: String,
    /// The bots, comma-separated, at least two different names: any bot of the game (`plunder games`),
    /// `ismcts:N`, `rollout:N`, or `strategy:FILE` (a strategy saved by `plunder solve --out`).
    #[arg(long, short, value_delimiter = ',', required = true)]
    bots: Vec<String>,
    /// Games in all, rounded up to a whole number of games per seating (every seating plays equally often).
    #[arg(long, short = 'n', default_value_t = 1000)]
    games: u64,
    /// Seats at the table (default: the game's default).
    #[arg(long, short)]
    players: Option<usize>,
    /// Seed of the whole tournament (dice, bots and the bootstrap).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Game options as a JSON object, or @FILE to read them from a file (`plunder rules GAME` lists them with
    /// their defaults and meanings).
    #[arg(long, default_value = "{}")]
    options: String,
    /// Print the table as JSON.
    #[arg(long)]
    json: bool,
    /// Write the ratings chart (ratings.svg) and the table (tournament.json) into this folder.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Games of one tournament are played in chunks of this many indices (the unit of parallel work).
const CHUNK: u64 = 64;
/// Chunks handed to the pool at once.
const WINDOW: u64 = 4096;
/// A game longer than this is a rules bug.
const MAX_STEPS: u64 = 1_000_000;

/// A tournament's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standings {
    pub game: String,
    pub players: usize,
    pub games: u64,
    /// Distinct seatings, each played `games / seatings` times.
    pub seatings: usize,
    pub seed: u64,
    pub options: serde_json::Value,
    /// Best first.
    pub bots: Vec<Standing>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    pub bot: String,
    /// Bradley-Terry rating on the Elo scale; the bots average 0.
    pub rating: f64,
    /// 95% bootstrap interval of the rating (games resampled).
    pub rating_ci95: [f64; 2],
    /// Share of comparisons won against other bots' seats (ties count half).
    pub score: f64,
    /// Seats played.
    pub seats: u64,
    /// Wins per seat played (a shared win counts 1/k).
    pub win_rate: f64,
    pub win_rate_ci95: [f64; 2],
}

/// The seatings: bot indices by seat. Every bot sits in every seat equally often.
pub fn seatings(bots: usize, seats: usize) -> Vec<Vec<usize>> {
    if bots < seats {
        return (0..bots).map(|shift| (0..seats).map(|s| (s + shift) % bots).collect()).collect();
    }
    let mut out = Vec::new();
    let mut combination: Vec<usize> = (0..seats).collect();
    loop {
        for r in 0..seats {
            out.push((0..seats).map(|s| combination[(s + r) % seats]).collect());
        }
        // The next combination in lexicographic order.
        let Some(i) = (0..seats).rev().find(|&i| combination[i] < bots - seats + i) else { break };
        combination[i] += 1;
        for j in i + 1..seats {
            combination[j] = combination[j - 1] + 1;
        }
    }
    out
}

pub fn run(args: TournamentArgs) -> Result<(), String> {
    let options = parse_options(&args.options)?;
    let names: Vec<String> = args.bots.iter().map(|b| b.trim().to_string()).collect();
    if names.len() < 2 || (1..names.len()).any(|i| names[..i].contains(&names[i])) {
        return Err("--bots needs at least two bots, each named once".to_string());
    }
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    if let Some(dir) = &args.out {
        plunder_cli::output::check_output_folder(
            "--out",
            dir,
            "tournament.json",
            plunder_cli::output::Output::Tournament,
        )?;
    }
    let pool = plunder_cli::workers::pool(args.threads)?;
    let progress = plunder_cli::workers::games_bar(args.games);
    let visitor = Tournament { args: &args, names: &names, options, progress: progress.clone() };
    let standings = pool.install(|| with_game(&args.game, visitor)).map_err(|e| e.to_string())??;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let json = serde_json::to_string_pretty(&standings).expect("standings serialize");
    if let Some(dir) = &args.out {
        let fail = |e: std::io::Error| format!("cannot write into {}: {e}", dir.display());
        std::fs::create_dir_all(dir).map_err(fail)?;
        std::fs::write(dir.join("ratings.svg"), crate::plot::ratings_svg(&standings)).map_err(fail)?;
        std::fs::write(dir.join("tournament.json"), format!("{json}\n")).map_err(fail)?;
    }
    if args.json {
        write_stdout(&format!("{json}\n"))
    } else {
        write_stdout(&render(&standings))
    }
}

struct Tournament<'a> {
    args: &'a TournamentArgs,
    names: &'a [String],
    options: serde_json::Value,
    progress: Option<ProgressBar>,
}

impl GameVisitor for Tournament<'_> {
    type Output = Result<Standings, String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let options = options_from_json::<G>(self.args.players, &self.options).map_err(|e| e.to_string())?;
        let game = G::new(options).map_err(|e| e.to_string())?;
        let timing = plunder_cli::search_time::bulk();
        let makers = self
            .names
            .iter()
            .map(|name| plunder_sim::bots::maker(&game, name, timing.clone()))
            .collect::<Result<Vec<_>, _>>()?;
        let seats = game.seats();
        let seatings = seatings(makers.len(), seats);
        let games = (self.args.games.div_ceil(seatings.len() as u64))
            .checked_mul(seatings.len() as u64)
            .ok_or_else(|| format!("--games {} is more than a tournament can count", self.args.games))?;
        if let Some(bar) = &self.progress {
            bar.set_length(games);
        }
        let seed = self.args.seed;
        // A window of chunks at a time, never a list of all of them, and games counted by how they went, never
        // kept: memory stays flat however many games are asked for.
        let mut outcomes = Outcomes::new();
        let chunks = games.div_ceil(CHUNK);
        let mut window = 0;
        while window < chunks {
            let window_end = window.saturating_add(WINDOW).min(chunks);
            let played: Vec<Result<Outcomes, String>> = (window..window_end)
                .into_par_iter()
                .map(|chunk| {
                    let (first, end) = (chunk * CHUNK, (chunk + 1).saturating_mul(CHUNK).min(games));
                    let mut outcomes = Outcomes::new();
                    for index in first..end {
                        let seating = (index % seatings.len() as u64) as usize;
                        let payoffs = play(&game, &makers, &seatings[seating], seed, index)?;
                        *outcomes.entry(Outcome::of(seating, &payoffs)).or_default() += 1;
                    }
                    if let Some(bar) = &self.progress {
                        bar.inc(end - first);
                    }
                    Ok(outcomes)
                })
                .collect();
            for chunk in played {
                for (outcome, count) in chunk? {
                    *outcomes.entry(outcome).or_default() += count;
                }
            }
            window = window_end;
        }
        let options = serde_json::to_value(game.options()).expect("options serialize");
        Ok(standings(G::ID, seats, seed, options, self.names, &seatings, &outcomes))
    }
}

/// How a game went, as far as the standings care: its seating and the order of its payoffs.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Outcome {
    /// The index of the game's seating.
    seating: usize,
    /// For each two seats `i < j` in order: `Greater`, `Less` or `Equal` (a tie, or payoffs that do not
    /// compare) as seat `i`'s payoff is to seat `j`'s.
    order: Vec<std::cmp::Ordering>,
    /// The seats with the best payoff.
    winners: Vec<bool>,
}

/// Games counted by how they went.
type Outcomes = std::collections::BTreeMap<Outcome, u64>;

impl Outcome {
    fn of(seating: usize, payoffs: &[f64]) -> Outcome {
        let order = payoff_order(payoffs);
        let best = payoffs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Outcome { seating, order, winners: payoffs.iter().map(|&p| p == best).collect() }
    }
}

/// Plays game `index` with `seating`'s bots; the payoffs by seat.
fn play<G: Game>(
    game: &G,
    makers: &[BotMaker<G>],
    seating: &[usize],
    seed: u64,
    index: u64,
) -> Result<Vec<f64>, String> {
    let mut bots: Vec<_> =
        seating.iter().enumerate().map(|(seat, &bot)| makers[bot](bot_seed(seed, index, seat))).collect();
    let mut rng = Rng::stream(seed, index);
    let finished =
        play_game(game, &mut bots, &mut rng, MAX_STEPS).map_err(|e| format!("game {index} (seed {seed}): {e}"))?;
    Ok(finished.outcome.payoffs)
}

/// The standings of the games counted in `outcomes`.
fn standings(
    game: &str,
    players: usize,
    seed: u64,
    options: serde_json::Value,
    names: &[String],
    seatings: &[Vec<usize>],
    outcomes: &Outcomes,
) -> Standings {
    let groups: Vec<Group> = outcomes
        .iter()
        .map(|(outcome, &count)| (comparisons_in_order(&seatings[outcome.seating], &outcome.order), count))
        .collect();
    let ratings = rate(names.len(), &groups, seed ^ 0x7261_7469_6e67);
    let mut bots: Vec<Standing> = (0..names.len())
        .map(|bot| {
            let (mut seats, mut wins) = (0u64, 0.0);
            for (outcome, &count) in outcomes {
                let winners = outcome.winners.iter().filter(|&&w| w).count() as f64;
                for (seat, &holder) in seatings[outcome.seating].iter().enumerate() {
                    if holder == bot {
                        seats += count;
                        if outcome.winners[seat] {
                            wins += count as f64 / winners;
                        }
                    }
                }
            }
            let (mut score, mut compared) = (0.0, 0.0);
            for (group, count) in &groups {
                let count = *count as f64;
                for c in group {
                    if c.a == bot {
                        (score, compared) = (score + count * c.score, compared + count);
                    } else if c.b == bot {
                        (score, compared) = (score + count * (1.0 - c.score), compared + count);
                    }
                }
            }
            let (win_rate, win_rate_ci95) = wilson_interval(wins, seats as f64);
            Standing {
                bot: names[bot].clone(),
                rating: ratings[bot].elo,
                rating_ci95: ratings[bot].ci95,
                score: if compared > 0.0 { score / compared } else { 0.5 },
                seats,
                win_rate,
                win_rate_ci95,
            }
        })
        .collect();
    bots.sort_by(|a, b| b.rating.total_cmp(&a.rating));
    Standings {
        game: game.to_string(),
        players,
        games: outcomes.values().sum(),
        seatings: seatings.len(),
        seed,
        options,
        bots,
    }
}

/// The standings as a text table.
pub fn render(s: &Standings) -> String {
    let width = s.bots.iter().map(|b| b.bot.len()).max().unwrap_or(3).max(3);
    let mut out = format!(
        "{}: {} games, {} players, {} seatings (every bot in every seat equally often), seed {}\n\n",
        s.game, s.games, s.players, s.seatings, s.seed
    );
    out += &format!("rank  {:<width$}  rating  95% interval    score  win rate  95% interval    seats\n", "bot");
    for (rank, b) in s.bots.iter().enumerate() {
        out += &format!(
            "{:<4}  {:<width$}  {:>+6.0}  [{:>+5.0}, {:>+5.0}]  {:>5.1}%  {:>7.1}%  [{:.1}%, {:.1}%]  {:>5}\n",
            rank + 1,
            b.bot,
            b.rating,
            b.rating_ci95[0],
            b.rating_ci95[1],
            100.0 * b.score,
            100.0 * b.win_rate,
            100.0 * b.win_rate_ci95[0],
            100.0 * b.win_rate_ci95[1],
            b.seats
        );
    }
    out += "\nrating: Bradley-Terry on the Elo scale (+200 wins about 76% of comparisons), bootstrap interval;\n\
            score: share of comparisons won against other bots' seats (higher payoff wins, ties half).\n";
    out
}

#[cfg(test)]
mod tests {
    use super::seatings;

    #[test]
    fn every_bot_sits_in_every_seat_equally_often() {
        for bots in 2..=6 {
            for seats in 2..=6 {
                let all = seatings(bots, seats);
                assert!(all.iter().all(|s| s.len() == seats), "{bots} bots, {seats} seats");
                let count = |bot: usize, seat: usize| all.iter().filter(|s| s[seat] == bot).count();
                let expected = count(0, 0);
                assert!(expected > 0, "{bots} bots, {seats} seats: bot 0 plays");
                for bot in 0..bots {
                    for seat in 0..seats {
                        assert_eq!(count(bot, seat), expected, "{bots} bots, {seats} seats: bot {bot} seat {seat}");
                    }
                }
                if bots >= seats {
                    assert!(all.iter().all(|s| (1..seats).all(|i| !s[..i].contains(&s[i]))), "no bot twice");
                }
            }
        }
    }

    #[test]
    fn two_bots_at_two_seats_swap_seats() {
        assert_eq!(seatings(2, 2), vec![vec![0, 1], vec![1, 0]]);
        assert_eq!(seatings(3, 2).len(), 6, "every pair in both orders");
    }
}
