//! `plunder report`: what a designer reads from `simulate --results` files. `merge` sums shards into the
//! summary of one run; `compare A B` tests whether two option sets differ; the bare command writes an HTML
//! report with charts (SVG, PNG or both): win rate by seat and by turn order, game lengths, scores, content
//! effects (the win rate of seats that held each piece, and that used each card, against those that did not),
//! and with `--compare`, the same tests as `compare` side by side with a statement of what is significant.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::plot::{self, Bar};
use crate::simulate::render;
use plunder_cli::output::{write_stdout, REPORT_MARK};
use plunder_core::Seat;
use plunder_sim::{for_each_result, wilson_interval, GameResult, Lines, RunIndex, Summary, Summer};

#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ReportArgs {
    #[command(subcommand)]
    command: Option<ReportCommand>,
    /// Result files of one run (shards are combined).
    files: Vec<PathBuf>,
    /// The folder to write index.html and the charts into (created if missing).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Result files of a second run to compare with (another option set, say; shards are combined): the
    /// report gains a side-by-side section with a test of each difference and the games that would show it.
    #[arg(long, num_args = 1.., value_name = "FILES")]
    compare: Vec<PathBuf>,
    /// Write the charts as SVG, PNG or both (the page shows the SVG where there is one). PNG needs a plunder
    /// built with `--features png`; such a build writes both by default.
    #[arg(long, value_enum, default_value_t = Format::DEFAULT)]
    format: Format,
}

#[derive(Debug, clap::Subcommand)]
enum ReportCommand {
    /// Combine the result files of a run's shards: prints the summary a single run prints.
    ///
    /// Example: plunder report merge shard1.jsonl shard2.jsonl --results all.jsonl
    Merge {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
        /// Also write the combined results, in game order, to this file.
        #[arg(long)]
        results: Option<PathBuf>,
    },
    /// Compare two runs (two option sets, or two bot line-ups): each seat's win rate, the first player's win
    /// rate and the game length, with a two-sided test at 5% and the games needed to tell them apart.
    ///
    /// Example: plunder report compare fixed-gold.jsonl d6-gold.jsonl
    Compare { a: PathBuf, b: PathBuf },
}

pub fn run(args: ReportArgs) -> Result<(), String> {
    match args.command {
        Some(ReportCommand::Merge { files, json, results }) => {
            if let Some(path) = &results {
                plunder_cli::output::check_output_file("--results", path, plunder_cli::output::Output::Results)?;
            }
            let index = index_files(&files)?;
            let mut summer = Summer::new(&index);
            for file in &files {
                for_each_result(file, |result| {
                    summer.add(&result);
                    Ok(())
                })?;
            }
            let summary = summer.finish()?;
            if let Some(path) = results {
                write_in_game_order(&files, &path)?;
            }
            if json {
                write_stdout(&format!("{}\n", serde_json::to_value(&summary).expect("summaries serialize")))
            } else {
                write_stdout(&render(&summary, None, None))
            }
        }
        Some(ReportCommand::Compare { a, b }) => {
            let a = Run::read(&[a])?;
            let b = Run::read(&[b])?;
            write_stdout(&compare(&a, &b)?)
        }
        None => {
            if args.files.is_empty() {
                return Err("name the result files to report on (or `merge` / `compare`)".to_string());
            }
            let out = args.out.ok_or("--out DIR: where to write the report")?;
            plunder_cli::output::check_output_folder("--out", &out, "index.html", plunder_cli::output::Output::Report)?;
            let run = Run::read(&args.files)?;
            let other = if args.compare.is_empty() { None } else { Some(Run::read(&args.compare)?) };
            write_report(&run, other.as_ref(), &out, args.format)?;
            write_stdout(&format!("wrote {}\n", out.join("index.html").display()))
        }
    }
}

/// The first pass over a run's result files: checks them and learns which games each chunk holds.
fn index_files(files: &[PathBuf]) -> Result<RunIndex, String> {
    let mut index = RunIndex::new();
    for file in files {
        for_each_result(file, |result| index.add(&result))?;
    }
    Ok(index)
}

/// Writes the games of `files` to `path` in game order, holding one chunk of games at a time: a first pass
/// notes where each chunk's lines lie (a run of lines of one chunk is one segment: a run writes a chunk at
/// once), then the chunks are read back in order. The file is written beside `path` and renamed at the end,
/// so `path` may be one of `files`.
fn write_in_game_order(files: &[PathBuf], path: &Path) -> Result<(), String> {
    use std::io::{Read as _, Seek as _, Write as _};
    #[derive(serde::Deserialize)]
    struct Indexed {
        index: u64,
    }
    let index_of = |file: &Path, number: u64, bytes: &[u8]| {
        serde_json::from_slice::<Indexed>(bytes)
            .map(|game| game.index)
            .map_err(|e| format!("{} line {number}: not a game result: {e}", file.display()))
    };
    /// Lines `[start, end)` (in bytes) of file `file`, all of chunk `chunk`.
    struct Segment {
        chunk: u64,
        file: usize,
        start: u64,
        end: u64,
    }
    let mut segments: Vec<Segment> = Vec::new();
    for (number, file) in files.iter().enumerate() {
        let mut lines = Lines::open(file)?;
        while let Some(line) = lines.next_line()? {
            if !line.complete || line.bytes.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let chunk = index_of(file, line.number, line.bytes)? / CHUNK;
            let end = line.offset + line.bytes.len() as u64 + 1;
            match segments.last_mut() {
                Some(s) if (s.chunk, s.file, s.end) == (chunk, number, line.offset) => s.end = end,
                _ => segments.push(Segment { chunk, file: number, start: line.offset, end }),
            }
        }
    }
    segments.sort_by_key(|s| (s.chunk, s.file, s.start));
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let mut out = std::io::BufWriter::new(std::fs::File::create(&partial).map_err(fail)?);
    let mut readers = files
        .iter()
        .map(|file| std::fs::File::open(file).map_err(|e| format!("cannot read {}: {e}", file.display())))
        .collect::<Result<Vec<_>, _>>()?;
    let mut bytes = Vec::new();
    let mut games: Vec<(u64, std::ops::Range<usize>)> = Vec::new();
    for chunk in segments.chunk_by(|a, b| a.chunk == b.chunk) {
        bytes.clear();
        games.clear();
        for segment in chunk {
            let file = &files[segment.file];
            let reader = &mut readers[segment.file];
            let at = bytes.len();
            reader
                .seek(std::io::SeekFrom::Start(segment.start))
                .and_then(|_| std::io::Read::by_ref(reader).take(segment.end - segment.start).read_to_end(&mut bytes))
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let mut start = at;
            while let Some(length) = bytes[start..].iter().position(|&b| b == b'\n') {
                let line = start..start + length;
                if !bytes[line.clone()].iter().all(u8::is_ascii_whitespace) {
                    games.push((index_of(file, 0, &bytes[line.clone()])?, line));
                }
                start += length + 1;
            }
        }
        games.sort_by_key(|(index, _)| *index);
        for (_, line) in &games {
            out.write_all(&bytes[line.clone()]).and_then(|()| out.write_all(b"\n")).map_err(fail)?;
        }
    }
    out.into_inner().map_err(|e| fail(e.into_error()))?.sync_all().map_err(fail)?;
    std::fs::rename(&partial, path).map_err(fail)
}

/// Games per summation chunk (as `plunder-sim` sums them).
const CHUNK: u64 = 256;

/// A run's results, read as streams: its summary and everything the report draws, never the games themselves.
pub(crate) struct Run {
    summary: Summary,
    /// Bot names by seat.
    bots: Vec<String>,
    /// Win rate by place in turn order (0 = the first seat to decide): games with a known first seat, wins.
    by_position: Vec<(f64, f64)>,
    /// Mean and standard deviation of the game length in rounds.
    length: (f64, f64),
    lengths: Histogram,
    scores: Histogram,
    held: Effects,
    used: Effects,
}

impl Run {
    /// Reads the result files of one run twice: first to check them and learn what to count, then to count.
    fn read(files: &[PathBuf]) -> Result<Run, String> {
        Run::read_kept(files, |_| true)
    }

    /// The first `games` games of a run's results file (a longer run may have added more).
    pub(crate) fn read_first(file: &Path, games: u64) -> Result<Run, String> {
        Run::read_kept(&[file.to_path_buf()], |index| index < games)
    }

    /// The games of a run whose index `keep` accepts.
    fn read_kept(files: &[PathBuf], keep: impl Fn(u64) -> bool) -> Result<Run, String> {
        let mut index = RunIndex::new();
        let (mut lengths, mut scores) = (Histogram::default(), Histogram::default());
        let (mut held, mut used) = (Effects::new(Kind::Held), Effects::new(Kind::Used));
        let mut by_position = Vec::new();
        let mut length_sum = 0.0;
        for file in files {
            for_each_result(file, |result| {
                if !keep(result.index) {
                    return Ok(());
                }
                index.add(&result)?;
                let seats = result.players;
                by_position.resize(seats, (0.0, 0.0));
                if let Some(first) = result.first {
                    for (position, row) in by_position.iter_mut().enumerate() {
                        row.0 += 1.0;
                        row.1 += Run::win_share(&result, (first as usize + position) % seats);
                    }
                }
                length_sum += result.rounds as f64;
                lengths.see(result.rounds as f64);
                result.payoffs.iter().for_each(|&p| scores.see(p));
                held.see(&result);
                used.see(&result);
                Ok(())
            })?;
        }
        let n = index.games().max(1) as f64;
        let mean = length_sum / n;
        let mut squares = 0.0;
        let mut summer = Summer::new(&index);
        for file in files {
            for_each_result(file, |result| {
                if !keep(result.index) {
                    return Ok(());
                }
                summer.add(&result);
                squares += (result.rounds as f64 - mean).powi(2);
                lengths.bin(result.rounds as f64);
                result.payoffs.iter().for_each(|&p| scores.bin(p));
                held.count(&result);
                used.count(&result);
                Ok(())
            })?;
        }
        let summary = summer.finish()?;
        let bots = index.run().map(|r| r.bots.clone()).unwrap_or_default();
        let sd = (squares / (n - 1.0).max(1.0)).sqrt();
        Ok(Run { summary, bots, by_position, length: (mean, sd), lengths, scores, held, used })
    }

    fn seats(&self) -> usize {
        self.summary.players
    }

    pub(crate) fn summary(&self) -> &Summary {
        &self.summary
    }

    /// The games whose first seat to decide is known, and that seat's wins.
    pub(crate) fn first_player(&self) -> SeatGames {
        self.by_position.first().copied().unwrap_or_default()
    }

    /// The pieces held or dealt, the largest effect first.
    pub(crate) fn held_effects(&self) -> Vec<(Effect, EffectTest)> {
        ranked(self.held.rows())
    }

    /// The actions used, the largest effect first.
    pub(crate) fn used_effects(&self) -> Vec<(Effect, EffectTest)> {
        ranked(self.used.rows())
    }

    /// Wins (a shared win counting 1/k) of the seat at `seat` in each game.
    fn win_share(result: &GameResult, seat: usize) -> f64 {
        if result.winners.contains(&(seat as u8)) {
            1.0 / result.winners.len() as f64
        } else {
            0.0
        }
    }
}

/// A two-sided two-proportion z-test: the z score and its p-value.
pub fn two_proportion_test(wins_a: f64, n_a: f64, wins_b: f64, n_b: f64) -> (f64, f64) {
    let pooled = (wins_a + wins_b) / (n_a + n_b);
    let se = (pooled * (1.0 - pooled) * (1.0 / n_a + 1.0 / n_b)).sqrt();
    if se.is_nan() || se <= 0.0 {
        return (0.0, 1.0);
    }
    let z = (wins_a / n_a - wins_b / n_b) / se;
    (z, two_sided_p(z))
}

/// The normal quantiles of a two-sided test at 5% and of 80% power.
const Z_ALPHA: f64 = 1.959_964;
const Z_POWER: f64 = 0.841_621;

/// Games per side for a two-sided test at 5% to detect rates `a` and `b` apart with 80% power; `None` if
/// they are equal.
pub fn games_needed(a: f64, b: f64) -> Option<u64> {
    let d = (a - b).abs();
    (d > 0.0).then(|| ((Z_ALPHA + Z_POWER).powi(2) * (a * (1.0 - a) + b * (1.0 - b)) / (d * d)).ceil() as u64)
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
fn normal_cdf(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-x * x).exp();
    if z >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// A rate in two runs: wins and games (or seat-games) in each.
struct RateRow {
    /// "P1" or "first player", as `report compare` prints it.
    name: String,
    /// The seat whose win rate this is; `None` for the first player.
    seat: Option<u8>,
    a: SeatGames,
    b: SeatGames,
}

/// The test of a [`RateRow`].
struct RateTest {
    rate_a: f64,
    ci_a: [f64; 2],
    rate_b: f64,
    ci_b: [f64; 2],
    z: f64,
    p: f64,
    /// Games per side that would show the difference, where it is not yet significant.
    needed: Option<u64>,
}

impl RateRow {
    /// The measure for people: "the win rate of P1", "the win rate of the first player".
    fn measure(&self) -> String {
        match self.seat {
            Some(seat) => format!("the win rate of {}", Seat(seat)),
            None => "the win rate of the first player".to_string(),
        }
    }

    fn test(&self) -> RateTest {
        let ((n_a, wins_a), (n_b, wins_b)) = (self.a, self.b);
        let (rate_a, ci_a) = wilson_interval(wins_a, n_a);
        let (rate_b, ci_b) = wilson_interval(wins_b, n_b);
        let (z, p) = two_proportion_test(wins_a, n_a, wins_b, n_b);
        RateTest { rate_a, ci_a, rate_b, ci_b, z, p, needed: games_needed(rate_a, rate_b) }
    }
}

impl RateTest {
    fn significant(&self) -> bool {
        self.p < 0.05
    }

    fn verdict(&self) -> String {
        verdict(self.p, self.needed)
    }
}

/// Whether a test at 5% is significant, and if not, how many games each side would need.
fn verdict(p: f64, needed: Option<u64>) -> String {
    if p < 0.05 {
        "significant at 5%".to_string()
    } else {
        match needed {
            Some(n) => format!("not significant; about {n} games each would show this difference"),
            None => "no difference".to_string(),
        }
    }
}

/// Mean game lengths of two runs, a z-test of the means and the games each side would need.
struct LengthTest {
    mean_a: f64,
    sd_a: f64,
    mean_b: f64,
    sd_b: f64,
    z: f64,
    p: f64,
    needed: Option<u64>,
}

/// Two runs side by side: each seat's win rate, the first player's, and the game length.
struct Comparison {
    rates: Vec<RateRow>,
    length: LengthTest,
}

fn describe_run(run: &Run) -> String {
    let s = &run.summary;
    format!(
        "{} games of {} with {} players, bots {}, options {}",
        s.games,
        s.game,
        s.players,
        run.bots.join(","),
        s.options
    )
}

/// Which options (or bots) tell two runs apart, for people: "B differs from A in ones_wild: true (A: false)".
fn options_differ(a: &Run, b: &Run) -> String {
    let (oa, ob) = (&a.summary.options, &b.summary.options);
    let mut keys: Vec<&String> = oa.as_object().into_iter().chain(ob.as_object()).flat_map(|o| o.keys()).collect();
    keys.sort();
    keys.dedup();
    let show = |v: Option<&serde_json::Value>| v.map_or("unset".to_string(), |v| v.to_string());
    let mut differ: Vec<String> = keys
        .into_iter()
        .filter(|k| oa.get(k.as_str()) != ob.get(k.as_str()))
        .map(|k| format!("{k}: {} (A: {})", show(ob.get(k.as_str())), show(oa.get(k.as_str()))))
        .collect();
    if a.bots != b.bots {
        differ.push(format!("bots: {} (A: {})", b.bots.join(","), a.bots.join(",")));
    }
    if differ.is_empty() {
        "A and B have the same options and bots (another seed, say).".to_string()
    } else {
        format!("B differs from A in {}.", differ.join("; "))
    }
}

fn comparison(a: &Run, b: &Run) -> Result<Comparison, String> {
    if a.summary.game != b.summary.game || a.seats() != b.seats() {
        return Err(format!(
            "compare runs of the same game and table size, not {} ({} players) and {} ({} players)",
            a.summary.game,
            a.seats(),
            b.summary.game,
            b.seats()
        ));
    }
    let mut rates: Vec<RateRow> = (0..a.seats())
        .map(|seat| {
            let tally = |run: &Run| (run.summary.games as f64, run.summary.seats[seat].wins);
            RateRow {
                name: plunder_core::Seat(seat as u8).to_string(),
                seat: Some(seat as u8),
                a: tally(a),
                b: tally(b),
            }
        })
        .collect();
    let first = |run: &Run| run.by_position[0];
    if first(a).0 > 0.0 && first(b).0 > 0.0 {
        rates.push(RateRow { name: "first player".to_string(), seat: None, a: first(a), b: first(b) });
    }
    let ((mean_a, sd_a), (mean_b, sd_b)) = (a.length, b.length);
    let (n_a, n_b) = (a.summary.games as f64, b.summary.games as f64);
    let se = (sd_a * sd_a / n_a + sd_b * sd_b / n_b).sqrt();
    let z = if se > 0.0 { (mean_a - mean_b) / se } else { 0.0 };
    let p = two_sided_p(z);
    let d = (mean_a - mean_b).abs();
    let needed = (d > 0.0).then(|| ((Z_ALPHA + Z_POWER).powi(2) * (sd_a * sd_a + sd_b * sd_b) / (d * d)).ceil() as u64);
    Ok(Comparison { rates, length: LengthTest { mean_a, sd_a, mean_b, sd_b, z, p, needed } })
}

fn compare(a: &Run, b: &Run) -> Result<String, String> {
    let comparison = comparison(a, b)?;
    let mut out = format!("A: {}\nB: {}\n\n", describe_run(a), describe_run(b));
    out += "                 A win rate [95%]         B win rate [95%]\n";
    for row in &comparison.rates {
        let t = row.test();
        out += &format!(
            "{:<14} {:>6} [{}, {}]  {:>6} [{}, {}]  z {:+.2}  p {:.3}  {}\n",
            row.name,
            pct(t.rate_a),
            pct(t.ci_a[0]),
            pct(t.ci_a[1]),
            pct(t.rate_b),
            pct(t.ci_b[0]),
            pct(t.ci_b[1]),
            t.z,
            t.p,
            t.verdict()
        );
    }
    let l = &comparison.length;
    out += &format!(
        "game length    {:.2} rounds (sd {:.2})  {:.2} rounds (sd {:.2})  z {:+.2}  p {:.3}  {}\n",
        l.mean_a,
        l.sd_a,
        l.mean_b,
        l.sd_b,
        l.z,
        l.p,
        verdict(l.p, l.needed)
    );
    Ok(out)
}

/// The two-sided p-value of a z score.
pub(crate) fn two_sided_p(z: f64) -> f64 {
    2.0 * (1.0 - normal_cdf(z.abs()))
}

/// Two runs side by side as a Markdown table, named for people: each seat's win rate, the first player's and
/// the game length, with the test of each difference.
pub(crate) fn comparison_markdown(a: &Run, b: &Run, name_a: &str, name_b: &str) -> Result<String, String> {
    let comparison = comparison(a, b)?;
    // A difference that would take millions of games to show is no difference a designer acts on.
    let markdown_verdict = |p: f64, needed: Option<u64>| match needed {
        Some(n) if p >= 0.05 && n > 1_000_000 => "not significant; too small to matter".to_string(),
        _ => verdict(p, needed),
    };
    let mut out = format!("| measure | {name_a} | {name_b} | p | verdict |\n|---|---|---|---|---|\n");
    for row in &comparison.rates {
        let t = row.test();
        let name = if row.seat.is_some() { row.name.as_str() } else { "the first to decide" };
        out += &format!(
            "| {} | {} [{}, {}] | {} [{}, {}] | {} | {} |\n",
            name,
            pct(t.rate_a),
            pct(t.ci_a[0]),
            pct(t.ci_a[1]),
            pct(t.rate_b),
            pct(t.ci_b[0]),
            pct(t.ci_b[1]),
            p_value(t.p),
            markdown_verdict(t.p, t.needed)
        );
    }
    let l = &comparison.length;
    out += &format!(
        "| game length (rounds) | {:.2} (sd {:.2}) | {:.2} (sd {:.2}) | {} | {} |\n",
        l.mean_a,
        l.sd_a,
        l.mean_b,
        l.sd_b,
        p_value(l.p),
        markdown_verdict(l.p, l.needed)
    );
    Ok(out)
}

/// Seat-games and the wins among them.
pub(crate) type SeatGames = (f64, f64);

/// A key (a card used, a captain held), the seats that had it and the seats that did not.
pub(crate) type Effect = (String, SeatGames, SeatGames);

/// What an effect is about: the pieces a seat held or dealt (captains, cards in hand, tiles taken), or the
/// counted actions it took (cards played).
#[derive(Clone, Copy, Debug)]
enum Kind {
    Held,
    Used,
}

/// Win rate of seats that had each key in a game against seats that did not, counted as the results stream
/// past: [`Effects::see`] every result first (to learn the keys), then [`Effects::count`] every result.
struct Effects {
    kind: Kind,
    rows: BTreeMap<String, (SeatGames, SeatGames)>,
}

impl Effects {
    fn new(kind: Kind) -> Effects {
        Effects { kind, rows: BTreeMap::new() }
    }

    /// The keys `seat` had in `result`.
    fn keys_of(kind: Kind, result: &GameResult, seat: usize) -> Vec<&str> {
        match kind {
            Kind::Used => result.counters.get(seat).map_or_else(Vec::new, |counts| {
                counts.iter().filter(|(_, &n)| n > 0).map(|(key, _)| key.as_str()).collect()
            }),
            Kind::Held => result.held.get(seat).map_or_else(Vec::new, |held| held.iter().map(String::as_str).collect()),
        }
    }

    fn see(&mut self, result: &GameResult) {
        for seat in 0..result.players {
            for key in Effects::keys_of(self.kind, result, seat) {
                if !self.rows.contains_key(key) {
                    self.rows.insert(key.to_string(), Default::default());
                }
            }
        }
    }

    fn count(&mut self, result: &GameResult) {
        for seat in 0..result.players {
            let had = Effects::keys_of(self.kind, result, seat);
            let win = Run::win_share(result, seat);
            for (key, (with, without)) in self.rows.iter_mut() {
                let side = if had.contains(&key.as_str()) { &mut *with } else { &mut *without };
                side.0 += 1.0;
                side.1 += win;
            }
        }
    }

    /// (key, with (seat-games, wins), without (seat-games, wins)), keys in order.
    fn rows(&self) -> Vec<Effect> {
        self.rows.iter().map(|(key, &(with, without))| (key.clone(), with, without)).collect()
    }

    #[cfg(test)]
    fn of(kind: Kind, results: &[GameResult]) -> Vec<Effect> {
        let mut effects = Effects::new(kind);
        results.iter().for_each(|r| effects.see(r));
        results.iter().for_each(|r| effects.count(r));
        effects.rows()
    }
}

/// An effect's rates with intervals, the difference with its (Wald) interval, and the two-proportion test.
pub(crate) struct EffectTest {
    pub rate_with: f64,
    ci_with: [f64; 2],
    pub rate_without: f64,
    ci_without: [f64; 2],
    pub difference: f64,
    pub ci_difference: [f64; 2],
    pub p: f64,
}

fn effect_test((_, with, without): &Effect) -> EffectTest {
    let (rate_with, ci_with) = wilson_interval(with.1, with.0);
    let (rate_without, ci_without) = wilson_interval(without.1, without.0);
    let (_, p) = two_proportion_test(with.1, with.0, without.1, without.0);
    let difference = rate_with - rate_without;
    let se = (rate_with * (1.0 - rate_with) / with.0 + rate_without * (1.0 - rate_without) / without.0).sqrt();
    let half = 1.96 * se;
    EffectTest {
        rate_with,
        ci_with,
        rate_without,
        ci_without,
        difference,
        ci_difference: [difference - half, difference + half],
        p,
    }
}

/// Effects with both groups present, the largest difference first.
fn ranked(mut effects: Vec<Effect>) -> Vec<(Effect, EffectTest)> {
    effects.retain(|(_, with, without)| with.0 > 0.0 && without.0 > 0.0);
    let mut rows: Vec<(Effect, EffectTest)> =
        effects.into_iter().map(|e| (effect_test(&e), e)).map(|(t, e)| (e, t)).collect();
    rows.sort_by(|a, b| b.1.difference.abs().total_cmp(&a.1.difference.abs()).then_with(|| a.0 .0.cmp(&b.0 .0)));
    rows
}

/// The rows of an effects chart: at most `MAX_ROWS`, the largest differences.
fn difference_rows(rows: &[(Effect, EffectTest)]) -> Vec<plot::Difference> {
    const MAX_ROWS: usize = 60;
    rows.iter()
        .take(MAX_ROWS)
        .map(|((key, _, _), t)| plot::Difference {
            label: key.clone(),
            value: t.difference,
            interval: t.ci_difference,
            significant: t.p < 0.05,
        })
        .collect()
}

/// A p-value for a table: three decimals, or "< 0.001".
pub(crate) fn p_value(p: f64) -> String {
    if p < 0.001 {
        "< 0.001".to_string()
    } else {
        format!("{p:.3}")
    }
}

/// A rate with its interval, compactly: "42.6% (38.4–46.8)".
fn rate_with_interval(rate: f64, [low, high]: [f64; 2]) -> String {
    format!("{:.1}% ({:.1}–{:.1})", 100.0 * rate, 100.0 * low, 100.0 * high)
}

fn effects_table(html: &mut String, id: &str, what: &str, rows: &[(Effect, EffectTest)]) {
    let _ = writeln!(
        html,
        "<div class=\"scroll\"><table id=\"{id}\"><tr><th>{what}</th><th>seat-games with</th><th>win rate with</th>\
         <th>seat-games without</th><th>win rate without</th><th>difference, pts</th><th>p</th></tr>"
    );
    for ((key, with, without), t) in rows {
        let class = match (t.p < 0.05, t.difference > 0.0) {
            (true, true) => " class=\"strong\"",
            (true, false) => " class=\"weak\"",
            _ => "",
        };
        let _ = writeln!(
            html,
            "<tr{class}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:+.1} ({:+.1}, {:+.1})</td><td>{}</td></tr>",
            escape(key),
            with.0,
            rate_with_interval(t.rate_with, t.ci_with),
            without.0,
            rate_with_interval(t.rate_without, t.ci_without),
            100.0 * t.difference,
            100.0 * t.ci_difference[0],
            100.0 * t.ci_difference[1],
            p_value(t.p)
        );
    }
    html.push_str("</table></div>\n");
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Bars of a histogram, at most this many.
const MAX_BINS: usize = 24;

/// A histogram counted as values stream past: [`Histogram::see`] every value first, then [`Histogram::bin`]
/// every value again. Its bars: each distinct value if there are few, else `MAX_BINS` equal bins.
#[derive(Debug, Default)]
struct Histogram {
    values: u64,
    /// The distinct values with their counts, while there are at most `MAX_BINS`.
    distinct: Vec<(f64, u64)>,
    many: bool,
    low: f64,
    high: f64,
    bins: [u64; MAX_BINS],
}

impl Histogram {
    fn see(&mut self, v: f64) {
        if self.values == 0 || v.total_cmp(&self.low).is_lt() {
            self.low = v;
        }
        if self.values == 0 || v.total_cmp(&self.high).is_gt() {
            self.high = v;
        }
        self.values += 1;
        if self.many {
            return;
        }
        match self.distinct.iter().position(|&(x, _)| x == v) {
            Some(at) => self.distinct[at].1 += 1,
            None if self.distinct.len() < MAX_BINS => self.distinct.push((v, 1)),
            None => {
                self.many = true;
                self.distinct = Vec::new();
            }
        }
    }

    fn bin(&mut self, v: f64) {
        if self.many {
            let width = (self.high - self.low) / MAX_BINS as f64;
            self.bins[(((v - self.low) / width) as usize).min(MAX_BINS - 1)] += 1;
        }
    }

    fn bars(&self) -> Vec<Bar> {
        let n = self.values.max(1) as f64;
        if !self.many {
            let mut distinct = self.distinct.clone();
            distinct.sort_by(|a, b| a.0.total_cmp(&b.0));
            return distinct
                .iter()
                .map(|&(v, count)| Bar { label: format!("{v}"), value: count as f64 / n, interval: None, series: 0 })
                .collect();
        }
        let width = (self.high - self.low) / MAX_BINS as f64;
        self.bins
            .iter()
            .enumerate()
            .map(|(i, &c)| Bar {
                label: format!("{:.0}", self.low + width * i as f64),
                value: c as f64 / n,
                interval: None,
                series: 0,
            })
            .collect()
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Which files each chart is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Svg,
    Png,
    Both,
}

impl Format {
    #[cfg(feature = "png")]
    const DEFAULT: Format = Format::Both;
    #[cfg(not(feature = "png"))]
    const DEFAULT: Format = Format::Svg;
}

/// Writes charts into the report's folder as SVG, PNG or both.
struct Charts<'a> {
    out: &'a Path,
    format: Format,
    rasterizer: Option<plot::Rasterizer>,
}

impl Charts<'_> {
    /// Writes chart `name` (no extension) and returns the `<img>` for the page (the SVG where there is one).
    fn write(&self, name: &str, svg: &str, alt: &str) -> Result<String, String> {
        if self.format != Format::Png {
            write_file(&self.out.join(format!("{name}.svg")), svg.as_bytes())?;
        }
        if let Some(rasterizer) = &self.rasterizer {
            write_file(&self.out.join(format!("{name}.png")), &rasterizer.png(svg)?)?;
        }
        let file = if self.format == Format::Png { format!("{name}.png") } else { format!("{name}.svg") };
        Ok(format!("<img src=\"{file}\" alt=\"{}\">\n", escape(alt)))
    }
}

/// Writes `index.html` and its charts into `out`; with `other`, a comparison of the two runs too.
fn write_report(run: &Run, other: Option<&Run>, out: &Path, format: Format) -> Result<(), String> {
    let rasterizer = (format != Format::Svg).then(plot::Rasterizer::new).transpose()?;
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let comparison = other.map(|b| comparison(run, b)).transpose()?;
    let charts = Charts { out, format, rasterizer };
    let s = &run.summary;
    let fair = 1.0 / s.players as f64;
    let positions: Vec<Bar> = run
        .by_position
        .iter()
        .enumerate()
        .map(|(i, &(games, wins))| {
            let (value, interval) = wilson_interval(wins, games);
            let label = if i == 0 { "first".to_string() } else { format!("+{i}") };
            Bar { label, value, interval: Some(interval), series: 0 }
        })
        .collect();

    let mut html = format!(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\">{REPORT_MARK}<title>{game}: balance report</title>\n<style>\
         body{{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}}table{{border-collapse:collapse}}\
         td,th{{padding:.2em .5em;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap;font-size:.92em}}\
         td:first-child,th:first-child{{text-align:left;white-space:normal}}.note{{text-align:left;white-space:normal}}\
         .scroll{{overflow-x:auto}}img{{max-width:100%}}.strong{{background:#fde2e2}}.weak{{background:#e2ecfd}}\
         </style></head><body>\n\
         <h1>{game}: balance report</h1>\n<p>{desc}.</p>\n",
        game = escape(&s.game),
        desc = escape(&describe_run(run))
    );
    html += "<h2>Win rate by seat</h2>\n";
    html += &charts.write("win_rate", &plot::win_rate_svg(s), "win rate by seat")?;
    html += "<table id=\"seats\"><tr><th>seat</th><th>bot</th><th>win rate</th><th>95% interval</th><th>mean payoff</th></tr>\n";
    for row in &s.seats {
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{} – {}</td><td>{:.3}</td></tr>",
            row.seat,
            escape(&row.bot),
            pct(row.win_rate),
            pct(row.ci95[0]),
            pct(row.ci95[1]),
            row.mean_payoff
        );
    }
    html += "</table>\n<h2>First-player advantage</h2>\n";
    html += &charts.write(
        "turn_order",
        &plot::bars_svg(&format!("{}: win rate by place in turn order", s.game), &positions, Some(fair), true),
        "win rate by turn order",
    )?;
    if let Some([low, high]) = positions[0].interval {
        let verdict = if low > fair {
            "an advantage"
        } else if high < fair {
            "a disadvantage"
        } else {
            "no significant advantage"
        };
        let _ = writeln!(
            html,
            "<p id=\"first-player\">The first seat to act wins {} (95% interval {} – {}) against a fair share of {}: {verdict}.</p>",
            pct(positions[0].value),
            pct(low),
            pct(high),
            pct(fair)
        );
    }
    let _ = writeln!(
        html,
        "<h2>Game length</h2>\n<p>{:.2} rounds on average (sd {:.2}), shortest {}, longest {}.</p>",
        s.rounds.mean, s.rounds.sd, s.rounds.min, s.rounds.max
    );
    html += &charts.write(
        "lengths",
        &plot::bars_svg(
            &format!("{}: game length in rounds (share of games)", s.game),
            &run.lengths.bars(),
            None,
            true,
        ),
        "game length histogram",
    )?;
    html += "<h2>Scores</h2>\n";
    html += &charts.write(
        "scores",
        &plot::bars_svg(
            &format!("{}: payoffs of all seats (share of seat-games)", s.game),
            &run.scores.bars(),
            None,
            true,
        ),
        "payoff histogram",
    )?;

    if let (Some(b), Some(c)) = (other, &comparison) {
        html += &comparison_section(run, b, c, &charts)?;
    }

    let held = ranked(run.held.rows());
    html += "<h2>Content effects: held or dealt</h2>\n";
    if held.is_empty() {
        html += "<p id=\"held-none\">This game deals no designed pieces (captains, cards in hand, tiles), or the \
                 results were written before pieces were recorded.</p>\n";
    } else {
        html += "<p>Win rate of seats that held each piece at some point of a game (the captain dealt to them, a \
                 card in their hand, a tile they took) against seats that did not, with 95% intervals and a \
                 two-proportion test; significant rows are shaded. A captain is dealt by chance, so its effect is \
                 the captain's own; a card or tile is also a sign of how the game went (a leader draws more), so \
                 read large differences as leads to check.</p>\n";
        html += &charts.write(
            "held",
            &plot::differences_svg(
                &format!("{}: win rate of holders minus the others", s.game),
                &difference_rows(&held),
            ),
            "effects of pieces held",
        )?;
        effects_table(&mut html, "held", "piece held", &held);
    }
    let used = ranked(run.used.rows());
    html += "<h2>Content effects: used</h2>\n<p>Win rate of seats that took each action (played each card) at \
             least once in a game against seats that did not, with 95% intervals and a two-proportion test. Using a \
             card is not random: a strong hand plays more, so read large differences as leads to check, not \
             proof.</p>\n";
    if !used.is_empty() {
        html += &charts.write(
            "used",
            &plot::differences_svg(&format!("{}: win rate of users minus the others", s.game), &difference_rows(&used)),
            "effects of actions and cards used",
        )?;
    }
    effects_table(&mut html, "content", "action or card", &used);
    html += "</body></html>\n";
    write_file(&out.join("index.html"), html.as_bytes())
}

/// The HTML section comparing run `a` (this report's) with run `b`: a statement of what differs significantly,
/// a chart of both runs' seats, and the table of tests.
fn comparison_section(a: &Run, b: &Run, c: &Comparison, charts: &Charts) -> Result<String, String> {
    let tests: Vec<(&RateRow, RateTest)> = c.rates.iter().map(|row| (row, row.test())).collect();
    let mut html = format!(
        "<h2>Comparison with another run</h2>\n<p>A (this report): {}.<br>B: {}.</p>\n",
        escape(&describe_run(a)),
        escape(&describe_run(b))
    );
    let _ = writeln!(html, "<p id=\"options-differ\">{}</p>", escape(&options_differ(a, b)));
    let significant: Vec<String> = tests
        .iter()
        .filter(|(_, t)| t.significant())
        .map(|(row, _)| row.measure())
        .chain((c.length.p < 0.05).then(|| "the game length".to_string()))
        .collect();
    let measures = tests.len() + 1;
    let closest = tests
        .iter()
        .filter(|(_, t)| !t.significant())
        .filter_map(|(row, t)| t.needed.map(|n| (n, row.measure())))
        .chain(c.length.needed.filter(|_| c.length.p >= 0.05).map(|n| (n, "the game length".to_string())))
        .min();
    let mut statement = if significant.is_empty() {
        format!("None of the {measures} measures differs significantly at 5% between A and B.")
    } else {
        format!(
            "Significant at 5%: {}. With {measures} tests at 5%, about one in twenty is significant by chance \
             alone, so a single one near p = 0.05 wants a larger run to confirm.",
            significant.join(", ")
        )
    };
    if let Some((n, measure)) = closest {
        statement += &format!(
            " Of the rest, the gap nearest to significance ({measure}) would take about {n} games per side to \
             show (5% two-sided, 80% power)."
        );
    }
    let _ = writeln!(html, "<p id=\"comparison-verdict\">{}</p>", escape(&statement));
    let bars: Vec<Bar> = tests
        .iter()
        .flat_map(|(row, t)| {
            [("A", t.rate_a, t.ci_a, 0), ("B", t.rate_b, t.ci_b, 1)].map(|(side, value, interval, series)| Bar {
                label: format!("{} {side}", row.seat.map_or("1st".to_string(), |seat| Seat(seat).to_string())),
                value,
                interval: Some(interval),
                series,
            })
        })
        .collect();
    html += &charts.write(
        "comparison",
        &plot::bars_svg(
            &format!("{}: win rate in A (blue) and B (orange)", a.summary.game),
            &bars,
            Some(1.0 / a.seats() as f64),
            true,
        ),
        "win rates of both runs",
    )?;
    html += "<div class=\"scroll\"><table id=\"comparison\"><tr><th>measure</th><th>A</th><th>B</th><th>z</th><th>p</th><th class=\"note\">verdict</th></tr>\n";
    for (row, t) in &tests {
        let name = row.measure().replacen("the ", "", 1);
        let _ = writeln!(
            html,
            "<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{:+.2}</td><td>{}</td><td class=\"note\">{}</td></tr>",
            if t.significant() { " class=\"strong\"" } else { "" },
            escape(&name),
            rate_with_interval(t.rate_a, t.ci_a),
            rate_with_interval(t.rate_b, t.ci_b),
            t.z,
            p_value(t.p),
            escape(&t.verdict())
        );
    }
    let l = &c.length;
    let _ = writeln!(
        html,
        "<tr{}><td>game length (rounds)</td><td>{:.2} (sd {:.2})</td><td>{:.2} (sd {:.2})</td><td>{:+.2}</td><td>{}</td><td class=\"note\">{}</td></tr>\n</table></div>",
        if l.p < 0.05 { " class=\"strong\"" } else { "" },
        l.mean_a,
        l.sd_a,
        l.mean_b,
        l.sd_b,
        l.z,
        p_value(l.p),
        escape(&verdict(l.p, l.needed))
    );
    Ok(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_normal_distribution_function_matches_its_table() {
        assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-6);
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-9);
        assert!((normal_cdf(-1.0) - 0.158_655).abs() < 1e-6);
    }

    #[test]
    fn a_clear_difference_is_significant_and_a_small_one_is_not() {
        let (z, p) = two_proportion_test(600.0, 1000.0, 500.0, 1000.0);
        assert!(z > 4.0 && p < 0.001, "{z} {p}");
        let (z, p) = two_proportion_test(51.0, 100.0, 50.0, 100.0);
        assert!(z.abs() < 0.2 && p > 0.8, "{z} {p}");
    }

    #[test]
    fn games_needed_follows_the_textbook_formula() {
        // 50% against 55%: about 1,562 per side at 5% and 80% power.
        let n = games_needed(0.5, 0.55).unwrap();
        assert!((1550..=1575).contains(&n), "{n}");
        assert_eq!(games_needed(0.3, 0.3), None);
        // Halving the difference takes about four times the games.
        let quarter = games_needed(0.5, 0.525).unwrap();
        assert!(quarter > 3 * n && quarter < 5 * n, "{quarter} {n}");
    }

    #[test]
    fn content_effects_split_seats_by_whether_they_took_the_action() {
        let result = |winner: u8, counters: [&[&str]; 2]| GameResult {
            game: "g".into(),
            players: 2,
            seed: 1,
            index: 0,
            options: serde_json::Value::Null,
            bots: vec!["b".into(), "b".into()],
            winners: vec![winner],
            payoffs: vec![0.0, 0.0],
            rounds: 1,
            steps: 1,
            first: Some(0),
            counters: counters.iter().map(|keys| keys.iter().map(|k| (k.to_string(), 1)).collect()).collect(),
            held: counters.iter().map(|keys| keys.iter().map(|k| format!("card {k}")).collect()).collect(),
        };
        let results = [result(0, [&["cannon"], &[]]), result(0, [&["cannon"], &["cannon"]]), result(1, [&[], &[]])];
        // Seats with the cannon: 3 seat-games, 2 wins; without: 3 seat-games, 1 win; the same whether it was
        // used or held.
        for (effects, name) in
            [(Effects::of(Kind::Used, &results), "cannon"), (Effects::of(Kind::Held, &results), "card cannon")]
        {
            let (key, with, without) = &effects[0];
            assert_eq!(key, name);
            assert_eq!((*with, *without), ((3.0, 2.0), (3.0, 1.0)));
        }
        // A results file from before pieces were recorded holds nothing: no rows, not an error.
        let old: Vec<GameResult> = results.iter().map(|r| GameResult { held: Vec::new(), ..r.clone() }).collect();
        assert!(Effects::of(Kind::Held, &old).is_empty());
    }

    #[test]
    fn an_effect_interval_brackets_its_difference_and_shrinks_with_more_games() {
        let small = effect_test(&("k".to_string(), (100.0, 40.0), (300.0, 75.0)));
        let large = effect_test(&("k".to_string(), (10_000.0, 4_000.0), (30_000.0, 7_500.0)));
        for t in [&small, &large] {
            assert!((t.difference - 0.15).abs() < 1e-12);
            assert!(t.ci_difference[0] < t.difference && t.difference < t.ci_difference[1]);
        }
        let width = |t: &EffectTest| t.ci_difference[1] - t.ci_difference[0];
        // A hundred times the games: a tenth of the width.
        assert!((width(&small) / width(&large) - 10.0).abs() < 1e-9);
        // 40% of 100 against 25% of 300: Wald's half-width 1.96 * sqrt(.4*.6/100 + .25*.75/300) = 0.1078.
        assert!((width(&small) / 2.0 - 0.1078).abs() < 1e-4, "{}", width(&small));
        assert!(small.p < 0.01 && large.p < 1e-6);
    }
}
