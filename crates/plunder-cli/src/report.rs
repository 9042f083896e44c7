//! `plunder report`: what a designer reads from `simulate --results` files. `merge` sums shards into the
//! summary of one run; `compare A B` tests whether two option sets differ; the bare command writes an HTML
//! report with SVG charts: win rate by seat and by turn order, game lengths, scores, and content effects (the
//! win rate of seats that used each card against those that did not).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::plot::{self, Bar};
use crate::simulate::render;
use plunder_cli::output::write_stdout;
use plunder_sim::{read_results, summary_of_results, wilson_interval, GameResult, Summary};

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
            let all = read_all(&files)?;
            let summary = summary_of_results(all.clone())?;
            if let Some(path) = results {
                let mut sorted = all;
                sorted.sort_by_key(|r| r.index);
                let text: String =
                    sorted.iter().map(|r| serde_json::to_string(r).expect("results serialize") + "\n").collect();
                std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            }
            if json {
                write_stdout(&format!("{}\n", serde_json::to_value(&summary).expect("summaries serialize")))
            } else {
                write_stdout(&render(&summary, None))
            }
        }
        Some(ReportCommand::Compare { a, b }) => {
            let a = Run::new(read_all(&[a])?)?;
            let b = Run::new(read_all(&[b])?)?;
            write_stdout(&compare(&a, &b)?)
        }
        None => {
            if args.files.is_empty() {
                return Err("name the result files to report on (or `merge` / `compare`)".to_string());
            }
            let out = args.out.ok_or("--out DIR: where to write the report")?;
            let run = Run::new(read_all(&args.files)?)?;
            write_report(&run, &out)?;
            write_stdout(&format!("wrote {}\n", out.join("index.html").display()))
        }
    }
}

fn read_all(files: &[PathBuf]) -> Result<Vec<GameResult>, String> {
    let mut all = Vec::new();
    for file in files {
        all.extend(read_results(file)?);
    }
    Ok(all)
}

/// The results of one run with their summary.
struct Run {
    summary: Summary,
    results: Vec<GameResult>,
}

impl Run {
    fn new(results: Vec<GameResult>) -> Result<Run, String> {
        Ok(Run { summary: summary_of_results(results.clone())?, results })
    }

    fn seats(&self) -> usize {
        self.summary.players
    }

    /// Wins (a shared win counting 1/k) of the seat at `seat` in each game.
    fn win_share(result: &GameResult, seat: usize) -> f64 {
        if result.winners.contains(&(seat as u8)) {
            1.0 / result.winners.len() as f64
        } else {
            0.0
        }
    }

    /// Win rate by place in turn order (0 = the first seat to decide): games with a known first seat, wins.
    fn by_position(&self) -> Vec<(f64, f64)> {
        let seats = self.seats();
        let mut rows = vec![(0.0, 0.0); seats];
        for result in &self.results {
            if let Some(first) = result.first {
                for (position, row) in rows.iter_mut().enumerate() {
                    row.0 += 1.0;
                    row.1 += Run::win_share(result, (first as usize + position) % seats);
                }
            }
        }
        rows
    }

    fn lengths(&self) -> Vec<f64> {
        self.results.iter().map(|r| r.rounds as f64).collect()
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
    (z, 2.0 * (1.0 - normal_cdf(z.abs())))
}

/// Games per side for a two-sided test at 5% to detect rates `a` and `b` apart with 80% power; `None` if
/// they are equal.
pub fn games_needed(a: f64, b: f64) -> Option<u64> {
    const Z_ALPHA: f64 = 1.959_964;
    const Z_POWER: f64 = 0.841_621;
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

fn mean_sd(values: &[f64]) -> (f64, f64) {
    let n = values.len().max(1) as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, var.sqrt())
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// One line of a comparison: the two rates, the test, and how many games would settle it.
fn compare_line(name: &str, (wins_a, n_a): (f64, f64), (wins_b, n_b): (f64, f64)) -> String {
    let (rate_a, ci_a) = wilson_interval(wins_a, n_a);
    let (rate_b, ci_b) = wilson_interval(wins_b, n_b);
    let (z, p) = two_proportion_test(wins_a, n_a, wins_b, n_b);
    let verdict = if p < 0.05 {
        "significant at 5%".to_string()
    } else {
        match games_needed(rate_a, rate_b) {
            Some(n) => format!("not significant; about {n} games each would show this difference"),
            None => "no difference".to_string(),
        }
    };
    format!(
        "{name:<14} {:>6} [{}, {}]  {:>6} [{}, {}]  z {z:+.2}  p {p:.3}  {verdict}\n",
        pct(rate_a),
        pct(ci_a[0]),
        pct(ci_a[1]),
        pct(rate_b),
        pct(ci_b[0]),
        pct(ci_b[1])
    )
}

fn describe_run(run: &Run) -> String {
    let s = &run.summary;
    format!(
        "{} games of {} with {} players, bots {}, options {}",
        s.games,
        s.game,
        s.players,
        run.results[0].bots.join(","),
        s.options
    )
}

fn compare(a: &Run, b: &Run) -> Result<String, String> {
    if a.summary.game != b.summary.game || a.seats() != b.seats() {
        return Err(format!(
            "compare runs of the same game and table size, not {} ({} players) and {} ({} players)",
            a.summary.game,
            a.seats(),
            b.summary.game,
            b.seats()
        ));
    }
    let mut out = format!("A: {}\nB: {}\n\n", describe_run(a), describe_run(b));
    out += "                 A win rate [95%]         B win rate [95%]\n";
    for seat in 0..a.seats() {
        let tally = |run: &Run| (run.summary.seats[seat].wins, run.summary.games as f64);
        out += &compare_line(&format!("seat {seat}"), tally(a), tally(b));
    }
    let first = |run: &Run| {
        let rows = run.by_position();
        (rows[0].1, rows[0].0)
    };
    if first(a).1 > 0.0 && first(b).1 > 0.0 {
        out += &compare_line("first player", first(a), first(b));
    }
    let (mean_a, sd_a) = mean_sd(&a.lengths());
    let (mean_b, sd_b) = mean_sd(&b.lengths());
    let (n_a, n_b) = (a.results.len() as f64, b.results.len() as f64);
    let se = (sd_a * sd_a / n_a + sd_b * sd_b / n_b).sqrt();
    let z = if se > 0.0 { (mean_a - mean_b) / se } else { 0.0 };
    let p = 2.0 * (1.0 - normal_cdf(z.abs()));
    out += &format!(
        "game length    {mean_a:.2} rounds (sd {sd_a:.2})  {mean_b:.2} rounds (sd {sd_b:.2})  z {z:+.2}  p {p:.3}  {}\n",
        if p < 0.05 { "significant at 5%" } else { "not significant" }
    );
    Ok(out)
}

/// Seat-games and the wins among them.
type SeatGames = (f64, f64);

/// A counter's key, the seats that took that action and the seats that did not.
type Effect = (String, SeatGames, SeatGames);

/// Win rate of seats that took each counted action (a card played, say) at least once against seats that
/// did not, per counter: (key, with (games, wins), without (games, wins)).
fn content_effects(results: &[GameResult]) -> Vec<Effect> {
    let mut keys: BTreeMap<&str, (SeatGames, SeatGames)> = BTreeMap::new();
    for result in results {
        for counts in &result.counters {
            for key in counts.keys() {
                keys.entry(key).or_default();
            }
        }
    }
    for result in results {
        for (seat, counts) in result.counters.iter().enumerate() {
            let win = Run::win_share(result, seat);
            for (key, (with, without)) in keys.iter_mut() {
                let side = if counts.get(*key).is_some_and(|&n| n > 0) { &mut *with } else { &mut *without };
                side.0 += 1.0;
                side.1 += win;
            }
        }
    }
    keys.into_iter().map(|(key, (with, without))| (key.to_string(), with, without)).collect()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A histogram's bars: each distinct value if there are few, else `MAX_BINS` equal bins.
fn histogram(values: &[f64]) -> Vec<Bar> {
    const MAX_BINS: usize = 24;
    let n = values.len().max(1) as f64;
    let mut distinct: Vec<f64> = values.to_vec();
    distinct.sort_by(f64::total_cmp);
    distinct.dedup();
    if distinct.len() <= MAX_BINS {
        return distinct
            .iter()
            .map(|&v| Bar {
                label: format!("{v}"),
                value: values.iter().filter(|&&x| x == v).count() as f64 / n,
                interval: None,
            })
            .collect();
    }
    let (low, high) = (distinct[0], distinct[distinct.len() - 1]);
    let width = (high - low) / MAX_BINS as f64;
    let mut counts = [0usize; MAX_BINS];
    for &v in values {
        counts[(((v - low) / width) as usize).min(MAX_BINS - 1)] += 1;
    }
    counts
        .iter()
        .enumerate()
        .map(|(i, &c)| Bar { label: format!("{:.0}", low + width * i as f64), value: c as f64 / n, interval: None })
        .collect()
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Writes `index.html` and its charts into `out`.
fn write_report(run: &Run, out: &Path) -> Result<(), String> {
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let s = &run.summary;
    let fair = 1.0 / s.players as f64;
    write_file(&out.join("win_rate.svg"), &plot::win_rate_svg(s))?;
    let positions: Vec<Bar> = run
        .by_position()
        .iter()
        .enumerate()
        .map(|(i, &(games, wins))| {
            let (value, interval) = wilson_interval(wins, games);
            Bar { label: if i == 0 { "first".to_string() } else { format!("+{i}") }, value, interval: Some(interval) }
        })
        .collect();
    write_file(
        &out.join("turn_order.svg"),
        &plot::bars_svg(&format!("{}: win rate by place in turn order", s.game), &positions, Some(fair), true),
    )?;
    write_file(
        &out.join("lengths.svg"),
        &plot::bars_svg(
            &format!("{}: game length in rounds (share of games)", s.game),
            &histogram(&run.lengths()),
            None,
            true,
        ),
    )?;
    let scores: Vec<f64> = run.results.iter().flat_map(|r| r.payoffs.iter().copied()).collect();
    write_file(
        &out.join("scores.svg"),
        &plot::bars_svg(
            &format!("{}: payoffs of all seats (share of seat-games)", s.game),
            &histogram(&scores),
            None,
            true,
        ),
    )?;

    let mut html = format!(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{game}: balance report</title>\n<style>\
         body{{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}}table{{border-collapse:collapse}}\
         td,th{{padding:.2em .6em;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}}td:first-child,th:first-child{{text-align:left}}\
         .strong{{background:#fde2e2}}.weak{{background:#e2ecfd}}</style></head><body>\n\
         <h1>{game}: balance report</h1>\n<p>{desc}.</p>\n",
        game = escape(&s.game),
        desc = escape(&describe_run(run))
    );
    html += "<h2>Win rate by seat</h2>\n<img src=\"win_rate.svg\" alt=\"win rate by seat\">\n<table id=\"seats\">\
             <tr><th>seat</th><th>bot</th><th>win rate</th><th>95% interval</th><th>mean payoff</th></tr>\n";
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
    html += "</table>\n<h2>First-player advantage</h2>\n<img src=\"turn_order.svg\" alt=\"win rate by turn order\">\n";
    let first = &positions[0];
    if let Some([low, high]) = first.interval {
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
            pct(first.value),
            pct(low),
            pct(high),
            pct(fair)
        );
    }
    let _ = writeln!(
        html,
        "<h2>Game length</h2>\n<p>{:.2} rounds on average (sd {:.2}), shortest {}, longest {}.</p>\n\
         <img src=\"lengths.svg\" alt=\"game length histogram\">\n<h2>Scores</h2>\n<img src=\"scores.svg\" alt=\"payoff histogram\">",
        s.rounds.mean, s.rounds.sd, s.rounds.min, s.rounds.max
    );
    html += "<h2>Content effects</h2>\n<p>Win rate of seats that took each action (played each card) at least once \
             in a game against seats that did not, with 95% intervals and a two-proportion test. Using a card is not \
             random: a strong hand plays more, so read large differences as leads to check, not proof.</p>\n\
             <table id=\"content\"><tr><th>action or card</th><th>seat-games with</th><th>win rate with</th>\
             <th>seat-games without</th><th>win rate without</th><th>difference</th><th>p</th></tr>\n";
    let mut effects = content_effects(&run.results);
    effects.retain(|(_, with, without)| with.0 > 0.0 && without.0 > 0.0);
    effects.sort_by(|a, b| {
        let diff = |e: &Effect| (e.1 .1 / e.1 .0 - e.2 .1 / e.2 .0).abs();
        diff(b).total_cmp(&diff(a))
    });
    for (key, with, without) in &effects {
        let (rate_with, ci_with) = wilson_interval(with.1, with.0);
        let (rate_without, ci_without) = wilson_interval(without.1, without.0);
        let (_, p) = two_proportion_test(with.1, with.0, without.1, without.0);
        let class = match (p < 0.05, rate_with > rate_without) {
            (true, true) => " class=\"strong\"",
            (true, false) => " class=\"weak\"",
            _ => "",
        };
        let _ = writeln!(
            html,
            "<tr{class}><td>{}</td><td>{}</td><td>{} ({} – {})</td><td>{}</td><td>{} ({} – {})</td><td>{:+.1} pts</td><td>{p:.3}</td></tr>",
            escape(key),
            with.0,
            pct(rate_with),
            pct(ci_with[0]),
            pct(ci_with[1]),
            without.0,
            pct(rate_without),
            pct(ci_without[0]),
            pct(ci_without[1]),
            100.0 * (rate_with - rate_without)
        );
    }
    html += "</table>\n</body></html>\n";
    write_file(&out.join("index.html"), &html)
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
        };
        let results = [result(0, [&["cannon"], &[]]), result(0, [&["cannon"], &["cannon"]]), result(1, [&[], &[]])];
        let effects = content_effects(&results);
        let (key, with, without) = &effects[0];
        assert_eq!(key, "cannon");
        // Seats with the cannon: 3 seat-games, 2 wins; without: 3 seat-games, 1 win.
        assert_eq!((*with, *without), ((3.0, 2.0), (3.0, 1.0)));
    }
}
