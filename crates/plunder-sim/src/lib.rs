//! Bulk simulation: many bot games of any game, seeded so that game `i` draws its dice from stream `i` of the
//! seed and its bots from their own streams. Games are summed in fixed chunks in index order, so the summary is
//! the same for a seed whatever the number of threads, and a run cut into shards ([`Shard`]) and merged
//! ([`summary_of_results`]) gives exactly the summary of one run. The `plunder simulate` / `plunder report
//! merge` commands and the Python package's `plunder.ray` both call this one implementation.
//!
//! With a results file, every game is also written as one JSON line ([`GameResult`]) with per-seat counters
//! of the actions taken and the designed pieces each seat held (watched after every step, beside the bots); a
//! rerun with the same file skips the games already there (resume).

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};

use plunder_core::{
    options_from_json, play_game_watched, splitmix64, Bot, BotMaker, Game, Narrate, Piece, Rng, Roster, Seat, Turn,
};
use plunder_games::{with_game, GameVisitor};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

pub mod bots;
mod results;

pub use results::{for_each_result, open_results_for_run, summary_of_files, Lines, RunIndex, Summer, MAX_LINE_BYTES};

/// What to simulate: a game, its table and options, how many games, the seed and the bots.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The game's id (see `plunder games`).
    pub game: String,
    pub players: Option<usize>,
    pub games: u64,
    pub seed: u64,
    /// Bots by seat, repeated round the table if fewer than the players (empty: the game's best bot everywhere).
    pub bots: Vec<String>,
    /// Game options as a JSON object (or null for the defaults).
    pub options: serde_json::Value,
    /// How search bots keep time: the default has no clock, so every search runs its simulations and results
    /// replay; with a clock, a bot named `ismcts:N:T` also stops after T (and its games no longer replay).
    pub timing: plunder_core::Timing,
}

/// Where a run reports how far it got (a progress bar); `()` ignores it.
pub trait Progress: Sync {
    /// The number of games this run will play.
    fn set_length(&self, _games: u64) {}
    /// `games` more games are done.
    fn inc(&self, _games: u64) {}
    /// `games` of this run's games were already in the results file and are skipped, not played (told once,
    /// before any is played, when resuming).
    fn skipped(&self, _games: u64) {}
}

impl Progress for () {}

/// Slice `index` (1-based) of `count` equal slices of a run's game indices.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The game indices `[first, end)` of this slice of `games` games.
    pub fn range(self, games: u64) -> (u64, u64) {
        let bound = |i: u64| (games as u128 * i as u128 / self.count as u128) as u64;
        (bound(self.index - 1), bound(self.index))
    }
}

pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let (index, count) = text.split_once('/').ok_or("a shard is I/N, e.g. 2/4")?;
    let index: u64 = index.trim().parse().map_err(|_| format!("'{index}' is not a whole number"))?;
    let count: u64 = count.trim().parse().map_err(|_| format!("'{count}' is not a whole number"))?;
    if count == 0 || index == 0 || index > count {
        return Err(format!("a shard I/N needs 1 <= I <= N, not {index}/{count}"));
    }
    Ok(Shard { index, count })
}

/// One finished game, as a line of a results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    pub game: String,
    pub players: usize,
    /// The run's seed; the game's dice come from stream `index` of it.
    pub seed: u64,
    pub index: u64,
    pub options: serde_json::Value,
    /// Bot names by seat.
    pub bots: Vec<String>,
    pub winners: Vec<u8>,
    pub payoffs: Vec<f64>,
    pub rounds: u32,
    pub steps: u64,
    /// The first seat that made a decision.
    pub first: Option<u8>,
    /// Per seat, how often it took each kind of action (the action's type, or for an action naming a card,
    /// tile or captain, the card's label).
    pub counters: Vec<BTreeMap<String, u32>>,
    /// Per seat, the designed pieces it held at some point of the game ("captain Anne Bonny", "card Cannon
    /// Fire"), read by the simulator from the true state ([`Game::pieces_held`]); empty for games without them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<Vec<String>>,
}

impl GameResult {
    /// Whether `other` comes from the same run (game, table, seed, options, bots).
    fn same_run(&self, other: &GameResult) -> bool {
        (&self.game, self.players, self.seed, &self.options, &self.bots)
            == (&other.game, other.players, other.seed, &other.options, &other.bots)
    }

    fn run_label(&self) -> String {
        format!(
            "{} with {} players, seed {}, bots {}, options {}",
            self.game,
            self.players,
            self.seed,
            self.bots.join(","),
            self.options
        )
    }
}

/// Sums results into a summary exactly as a single run does: summed game by game in index order within each
/// chunk of indices, chunks in order. All results must come from one run, each index once.
pub fn summary_of_results(results: Vec<GameResult>) -> Result<Summary, String> {
    let mut index = RunIndex::new();
    for result in &results {
        index.add(result)?;
    }
    let mut summer = Summer::new(&index);
    for result in &results {
        summer.add(result);
    }
    summer.finish()
}

/// Games per chunk: the unit of work and of summation (fixed, so sums do not depend on threads).
const CHUNK: u64 = 256;
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
    /// Games no seat won: a captain no seat plays won them (Lying Pirates' Phantom), or a game's round limit
    /// ended them without a winner. Seats' win rates add up to one less this share.
    pub no_seat_won: u64,
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
    no_seat_won: u64,
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

    fn record(&mut self, winners: &[u8], payoffs: &[f64], rounds: u32) {
        let share = 1.0 / winners.len().max(1) as f64;
        self.no_seat_won += winners.is_empty() as u64;
        for &seat in winners {
            self.wins[seat as usize] += share;
        }
        for (i, p) in payoffs.iter().enumerate() {
            self.payoff[i] += p;
        }
        self.games += 1;
        self.rounds += rounds as u64;
        self.rounds_sq += (rounds as u64).pow(2);
        self.min_rounds = self.min_rounds.min(rounds);
        self.max_rounds = self.max_rounds.max(rounds);
    }

    fn add(&mut self, other: &Tally) {
        self.games += other.games;
        self.no_seat_won += other.no_seat_won;
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
pub fn wilson_interval(wins: f64, n: f64) -> (f64, [f64; 2]) {
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

/// Plays the games of `spec` (only `shard`'s slice of them, if given) on the current rayon pool and sums them.
/// With `results`, every game is also appended to that file as a JSON line, games already in it are skipped,
/// and the summary covers all of this run's games in the file within the slice.
pub fn simulate(
    spec: &Spec,
    shard: Option<Shard>,
    results: Option<&Path>,
    progress: &dyn Progress,
) -> Result<Summary, String> {
    if spec.games == 0 {
        return Err("games must be at least 1".to_string());
    }
    with_game(&spec.game, Simulation { spec, shard, results, progress }).map_err(|e| e.to_string())?
}

/// Checks `spec` without playing a game: the game, its options and the bots are known and fit the table.
pub fn check(spec: &Spec) -> Result<(), String> {
    with_game(&spec.game, Check { spec }).map_err(|e| e.to_string())?
}

struct Check<'a> {
    spec: &'a Spec,
}

impl GameVisitor for Check<'_> {
    type Output = Result<(), String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        setup::<G>(self.spec).map(|_| ())
    }
}

/// Plays `shard`'s slice of the games of `spec` (all of them if `None`) and returns each game's result, with
/// its action counters, in index order: the lines `plunder simulate --results` writes.
pub fn play_results(spec: &Spec, shard: Option<Shard>) -> Result<Vec<GameResult>, String> {
    if spec.games == 0 {
        return Err("games must be at least 1".to_string());
    }
    with_game(&spec.game, Results { spec, shard }).map_err(|e| e.to_string())?
}

struct Simulation<'a> {
    spec: &'a Spec,
    shard: Option<Shard>,
    results: Option<&'a Path>,
    progress: &'a dyn Progress,
}

impl GameVisitor for Simulation<'_> {
    type Output = Result<Summary, String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        simulate_game::<G>(self.spec, self.shard, self.results, self.progress)
    }
}

struct Results<'a> {
    spec: &'a Spec,
    shard: Option<Shard>,
}

impl GameVisitor for Results<'_> {
    type Output = Result<Vec<GameResult>, String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let (game, names, makers, options) = setup::<G>(self.spec)?;
        let run = Run { game: &game, seed: self.spec.seed, names: &names, makers: &makers, options: &options };
        let (start, end) = self.shard.map_or((0, self.spec.games), |shard| shard.range(self.spec.games));
        let mut out = Vec::new();
        in_chunks(
            start,
            end,
            |first, last| (first..last).map(|index| run.play(index, true)).collect::<Result<Vec<_>, _>>(),
            |chunk| {
                out.extend(chunk);
                Ok(())
            },
        )?;
        Ok(out)
    }
}

/// The game under the spec's table and options, the bot names by seat (checked), and the options as JSON.
type Setup<G> = (G, Vec<String>, Vec<BotMaker<G>>, serde_json::Value);

fn setup<G: Roster + Narrate>(spec: &Spec) -> Result<Setup<G>, String> {
    let options = options_from_json::<G>(spec.players, &spec.options).map_err(|e| e.to_string())?;
    let game = G::new(options).map_err(|e| e.to_string())?;
    let seats = game.seats();
    let names: Vec<String> = if spec.bots.is_empty() {
        vec![plunder_core::bot_kinds::<G>()[0].name.to_string()]
    } else {
        spec.bots.iter().map(|b| b.trim().to_string()).collect()
    };
    let names: Vec<String> = (0..seats).map(|i| names[i % names.len()].clone()).collect();
    let makers =
        names.iter().map(|name| bots::maker(&game, name, spec.timing.clone())).collect::<Result<Vec<_>, _>>()?;
    let options_json = serde_json::to_value(game.options()).expect("options serialize");
    Ok((game, names, makers, options_json))
}

/// Runs the games and sums them.
fn simulate_game<G: Roster + Narrate>(
    spec: &Spec,
    shard: Option<Shard>,
    results: Option<&Path>,
    progress: &dyn Progress,
) -> Result<Summary, String> {
    let (game, names, makers, options_json) = setup::<G>(spec)?;
    let seats = game.seats();
    let (start, end) = shard.map_or((0, spec.games), |shard| shard.range(spec.games));
    let run = Run { game: &game, seed: spec.seed, names: &names, makers: &makers, options: &options_json };
    let Some(path) = results else {
        progress.set_length(end - start);
        let mut total = Tally::new(seats);
        in_chunks(
            start,
            end,
            |first, last| {
                let mut tally = Tally::new(seats);
                for index in first..last {
                    let result = run.play(index, false)?;
                    tally.record(&result.winners, &result.payoffs, result.rounds);
                }
                progress.inc(last - first);
                Ok(tally)
            },
            |tally| {
                total.add(&tally);
                Ok(())
            },
        )?;
        return Ok(summarize(G::ID, spec.seed, options_json, &names, &total));
    };
    let (done, file) = open_results_for_run(path, &run.unplayed(start))?;
    let file = Mutex::new(file);
    let skipped = done.games_in(start, end);
    progress.skipped(skipped);
    progress.set_length(end - start - skipped);
    in_chunks(
        start,
        end,
        |first, last| {
            let mut lines = String::new();
            let mut played = 0;
            for index in (first..last).filter(|&i| !done.contains(i)) {
                lines += &serde_json::to_string(&run.play(index, true)?).expect("results serialize");
                lines.push('\n');
                played += 1;
            }
            if played > 0 {
                // A chunk's lines go out in one write, so a stopped run loses at most the chunks in flight.
                file.lock()
                    .map_err(|_| "a worker thread failed".to_string())?
                    .write_all(lines.as_bytes())
                    .map_err(|e| format!("cannot write to {}: {e}", path.display()))?;
            }
            progress.inc(played);
            Ok(())
        },
        |()| Ok(()),
    )?;
    drop(file);
    summary_of_files(&[path.to_path_buf()], |index| (start..end).contains(&index))
}

/// Chunks handed to the pool at once: enough to keep every thread busy, few enough that memory stays flat
/// however many games a run has.
const WINDOW: u64 = 1024;

/// Runs `work` on the chunks of indices `[first, last)` that cover `[start, end)`, cut at multiples of
/// [`CHUNK`] so that a shard sums its games in the same groups as a whole run, in parallel a window of chunks
/// at a time; `take` receives their outputs in chunk order. The chunks are never listed up front.
fn in_chunks<T: Send>(
    start: u64,
    end: u64,
    work: impl Fn(u64, u64) -> Result<T, String> + Sync,
    mut take: impl FnMut(T) -> Result<(), String>,
) -> Result<(), String> {
    if start >= end {
        return Ok(());
    }
    let last_chunk = (end - 1) / CHUNK;
    let mut window = start / CHUNK;
    while window <= last_chunk {
        let window_end = window.saturating_add(WINDOW).min(last_chunk + 1);
        let outputs: Vec<Result<T, String>> = (window..window_end)
            .into_par_iter()
            .map(|chunk| work((chunk * CHUNK).max(start), (chunk + 1).saturating_mul(CHUNK).min(end)))
            .collect();
        for output in outputs {
            take(output?)?;
        }
        window = window_end;
    }
    Ok(())
}

/// What every game of a run shares.
struct Run<'a, G: Game> {
    game: &'a G,
    seed: u64,
    names: &'a [String],
    makers: &'a [BotMaker<G>],
    options: &'a serde_json::Value,
}

impl<G: Roster + Narrate> Run<'_, G> {
    /// Game `index` before it is played: the run's facts, no outcome and no counts.
    fn unplayed(&self, index: u64) -> GameResult {
        GameResult {
            game: G::ID.to_string(),
            players: self.names.len(),
            seed: self.seed,
            index,
            options: self.options.clone(),
            bots: self.names.to_vec(),
            winners: Vec::new(),
            payoffs: Vec::new(),
            rounds: 0,
            steps: 0,
            first: None,
            counters: vec![BTreeMap::new(); self.names.len()],
            held: Vec::new(),
        }
    }

    /// Plays game `index`; with `count`, also counts each seat's actions and notes the pieces each seat held
    /// (slower, so only for results files).
    fn play(&self, index: u64, count: bool) -> Result<GameResult, String> {
        let mut rng = Rng::stream(self.seed, index);
        let log = Arc::new(Mutex::new(ActionLog { first: None, counters: vec![BTreeMap::new(); self.names.len()] }));
        let mut bots: Vec<Box<dyn Bot<G>>> = self
            .makers
            .iter()
            .enumerate()
            .map(|(seat, make)| {
                let bot = make(bot_seed(self.seed, index, seat));
                if count {
                    Box::new(Counting { inner: bot, log: Arc::clone(&log) }) as Box<dyn Bot<G>>
                } else {
                    bot
                }
            })
            .collect();
        let seats = self.names.len();
        let mut held: Vec<BTreeSet<Piece<'_>>> = vec![BTreeSet::new(); seats];
        let mut pieces = Vec::new();
        let watch = |state: &G::State| {
            if count {
                for (seat, held) in Seat::all(seats).zip(&mut held) {
                    self.game.pieces_held(state, seat, &mut pieces);
                    held.extend(pieces.drain(..));
                }
            }
        };
        let finished = play_game_watched(self.game, &mut bots, &mut rng, MAX_STEPS, watch)
            .map_err(|e| format!("game {index} (seed {}): {e}", self.seed))?;
        drop(bots);
        let log = Arc::try_unwrap(log)
            .map_or_else(|_| None, |m| m.into_inner().ok())
            .unwrap_or(ActionLog { first: None, counters: vec![BTreeMap::new(); self.names.len()] });
        Ok(GameResult {
            winners: finished.outcome.winners.iter().map(|s| s.0).collect(),
            payoffs: finished.outcome.payoffs.iter().map(|&p| as_stored(p)).collect(),
            rounds: finished.rounds,
            steps: finished.steps,
            first: log.first,
            counters: log.counters,
            held: if held.iter().all(BTreeSet::is_empty) {
                Vec::new()
            } else {
                held.iter().map(|pieces| pieces.iter().map(held_key).collect()).collect()
            },
            ..self.unplayed(index)
        })
    }
}

/// A piece's name in a results file: its kind and name ("card Cannon Fire", "captain Iron Meg"), the kind left
/// out where the name already says it ("Captain Shan").
pub fn held_key(piece: &Piece<'_>) -> String {
    let named = piece.name.get(..piece.kind.len()).is_some_and(|start| start.eq_ignore_ascii_case(piece.kind))
        && piece.name[piece.kind.len()..].starts_with(' ');
    if named {
        piece.name.to_string()
    } else {
        format!("{} {}", piece.kind, piece.name)
    }
}

/// The seed of the bot in `seat` of game `index` of a run seeded `seed`: its own stream, apart from the dice.
pub fn bot_seed(seed: u64, index: u64, seat: usize) -> u64 {
    splitmix64(seed ^ splitmix64(index.wrapping_mul(64).wrapping_add(seat as u64 + 1)))
}

/// `x` as read back from a results file: serde_json's default parser may miss the last bit of a float, so
/// summing in memory what a file would give keeps a single run and a merge of shards equal to the bit.
fn as_stored(x: f64) -> f64 {
    serde_json::to_string(&x).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or(x)
}

/// What the seats of one game did.
#[derive(Debug)]
struct ActionLog {
    first: Option<u8>,
    counters: Vec<BTreeMap<String, u32>>,
}

/// A bot that notes each action it takes in the game's [`ActionLog`], and otherwise plays as the bot it wraps.
struct Counting<G: Game> {
    inner: Box<dyn Bot<G>>,
    log: Arc<Mutex<ActionLog>>,
}

impl<G: Game> std::fmt::Debug for Counting<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counting").field("inner", &self.inner).finish()
    }
}

impl<G: Roster + Narrate> Bot<G> for Counting<G> {
    fn act(&mut self, turn: &Turn<'_, G>) -> G::Action {
        let action = self.inner.act(turn);
        let key = counter_key(&serde_json::to_value(&action).unwrap_or_default(), &turn.game.label(&action));
        if let Ok(mut log) = self.log.lock() {
            log.first.get_or_insert(turn.seat.0);
            if let Some(counts) = log.counters.get_mut(turn.seat.index()) {
                *counts.entry(key).or_insert(0) += 1;
            }
        }
        action
    }
}

/// The counter an action adds to: for an action naming a card, tile or captain, its label up to any target
/// ("play Cannon Fire"), so each designed piece gets its own counter; otherwise the action's type ("bid", or
/// the variant of an externally tagged enum).
pub fn counter_key(action: &serde_json::Value, label: &str) -> String {
    let names_content = ["card", "tile", "captain"].iter().any(|field| action.get(field).is_some());
    if names_content {
        let cut = [" on ", " (", ", "].iter().filter_map(|sep| label.find(sep)).min().unwrap_or(label.len());
        return label[..cut].to_string();
    }
    match action {
        serde_json::Value::String(kind) => kind.clone(),
        // Internally tagged enums name the variant in "type" (most games) or "kind" (Lying Pirates).
        serde_json::Value::Object(fields) => match fields.get("type").or(fields.get("kind")).and_then(|t| t.as_str()) {
            Some(kind) => kind.to_string(),
            None if fields.len() == 1 => fields.keys().next().cloned().unwrap_or_default(),
            None => "action".to_string(),
        },
        _ => "action".to_string(),
    }
}

/// The summary of the games in `total`.
fn summarize(game: &str, seed: u64, options: serde_json::Value, names: &[String], total: &Tally) -> Summary {
    let seats = names.len();
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
    Summary {
        game: game.to_string(),
        players: seats,
        games: total.games,
        seed,
        options,
        seats: seat_rows,
        bots,
        no_seat_won: total.no_seat_won,
        rounds: RoundSummary {
            mean,
            sd: (total.rounds_sq as f64 / n - mean * mean).max(0.0).sqrt(),
            min: total.min_rounds,
            max: total.max_rounds,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::{counter_key, held_key, wilson_interval};
    use plunder_core::Piece;
    use serde_json::json;

    #[test]
    fn counters_name_cards_by_label_and_other_actions_by_type() {
        let card = json!({"type": "use", "deck": "treasure", "card": 3, "target": 1});
        assert_eq!(counter_key(&card, "play Cannon Fire on P2"), "play Cannon Fire");
        assert_eq!(counter_key(&card, "play Spyglass (reroll your die 2)"), "play Spyglass");
        assert_eq!(counter_key(&json!({"type": "bid", "quantity": 3, "face": 5}), "bid 3 × 5"), "bid");
        assert_eq!(counter_key(&json!({"kind": "liar"}), "liar"), "liar");
        assert_eq!(counter_key(&json!("pass"), "pass"), "pass");
        assert_eq!(counter_key(&json!({"aim": {"target": 2}}), "aim at P3"), "aim");
    }

    #[test]
    fn held_pieces_are_named_by_kind_unless_the_name_says_it() {
        let piece = |kind, name| held_key(&Piece { kind, name });
        assert_eq!(piece("card", "Cannon Fire"), "card Cannon Fire");
        assert_eq!(piece("captain", "Iron Meg"), "captain Iron Meg");
        assert_eq!(piece("captain", "Captain Shan"), "Captain Shan");
        assert_eq!(piece("captain", "Captainess"), "captain Captainess");
        assert_eq!(piece("Treasure", "Spyglass"), "Treasure Spyglass");
    }

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
