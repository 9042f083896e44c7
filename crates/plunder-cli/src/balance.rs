//! `plunder balance STUDY`: a designer's study rerun in one command. A study file names a game, its table, the
//! bots and the variants to measure, the rules as printed first. Each variant is simulated on every core (its
//! results kept in a folder, so a stopped study resumes and a longer one adds games), compared with the first,
//! and written as Markdown: to the screen, or between the markers of a page (`--write`), which keeps every
//! word of the page outside them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::report::{self, Run};
use plunder_cli::output::{check_output_file, write_stdout, Output};
use plunder_sim::{wilson_interval, Spec};

/// The line that opens the written part of a page; the rest of the line is free (a note for editors).
pub const BEGIN: &str = "<!-- balance:begin";
/// The line that closes it.
pub const END: &str = "<!-- balance:end -->";

#[derive(Debug, clap::Args)]
pub struct BalanceArgs {
    /// The study file (JSON): the game, its table, the bots and the variants (docs/balance/README.md shows
    /// one; docs/balance/*.json are the seed games' studies).
    study: PathBuf,
    /// Games per variant (default: the study's). More games resume from the results already played.
    #[arg(long, short = 'n')]
    games: Option<u64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// The folder that keeps each variant's results (`VARIANT.jsonl`, for `plunder report`), created if
    /// missing (default: target/balance/STUDY beside the study's folder's repository, else ./balance/STUDY).
    #[arg(long)]
    results: Option<PathBuf>,
    /// Write the tables into this Markdown page, replacing what lies between its `<!-- balance:begin` and
    /// `<!-- balance:end -->` lines (a page without them is refused and left as it is).
    #[arg(long)]
    write: Option<PathBuf>,
}

/// A study file. Unknown fields are refused, so a misspelt one is not silently ignored.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Study {
    game: String,
    players: Option<usize>,
    /// Bots by seat, repeated round the table (empty: the game's best bot everywhere).
    #[serde(default)]
    bots: Vec<String>,
    games: u64,
    #[serde(default = "one")]
    seed: u64,
    /// Pieces (cards, captains, tiles: "card Marooned") and actions whose effect is always shown, beside the
    /// largest ones.
    #[serde(default)]
    watch: Vec<String>,
    /// The first is the reference every other one is compared with.
    variants: Vec<Variant>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Variant {
    /// A short name for people ("the rules as printed", "catch-up Food").
    name: String,
    /// Why it is measured: the question or the fix, one or two sentences.
    #[serde(default)]
    about: String,
    #[serde(default = "empty_object")]
    options: serde_json::Value,
    /// Options that take a content file, each from a file beside the study (`{"deck": "deck-v2.json"}`): a
    /// changed card, captain or tile measured before it is adopted.
    #[serde(default)]
    content: std::collections::BTreeMap<String, PathBuf>,
    /// Other bots for this variant (default: the study's).
    bots: Option<Vec<String>>,
    /// The earlier variant this one is compared with (default: the first).
    against: Option<String>,
}

fn one() -> u64 {
    1
}

fn empty_object() -> serde_json::Value {
    serde_json::json!({})
}

/// How many of the largest content effects each variant shows.
const LARGEST: usize = 6;
/// The fewest seat-games on either side of an effect shown unasked (and at least 2% of them).
const MIN_GROUP: f64 = 30.0;

pub fn run(args: BalanceArgs) -> Result<(), String> {
    let study = read_study(&args.study)?;
    let games = args.games.unwrap_or(study.games);
    if games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    if let Some(page) = &args.write {
        // The page is checked before any game is played, not found wrong after an hour of them.
        splice(&read_page(page)?, "")?;
    }
    // Every variant is checked (options, content files, bots) before any game is played.
    let mut specs = Vec::new();
    for variant in &study.variants {
        let spec = Spec {
            game: study.game.clone(),
            players: study.players,
            games,
            seed: study.seed,
            bots: variant.bots.clone().unwrap_or_else(|| study.bots.clone()),
            options: options_of(variant, &args.study)?,
            timing: plunder_cli::search_time::bulk(),
        };
        plunder_sim::check(&spec).map_err(|e| format!("variant \"{}\": {e}", variant.name))?;
        specs.push(spec);
    }
    let folder = args.results.clone().unwrap_or_else(|| default_results(&args.study));
    std::fs::create_dir_all(&folder).map_err(|e| format!("cannot make the folder {}: {e}", folder.display()))?;
    let pool = plunder_cli::workers::pool(args.threads)?;
    let mut runs = Vec::new();
    for (variant, spec) in study.variants.iter().zip(&specs) {
        let path = folder.join(format!("{}.jsonl", file_name(&variant.name)));
        check_output_file("--results", &path, Output::Results)?;
        eprintln!("{}: {} games of {} ({})", variant.name, games, study.game, path.display());
        let bar = plunder_cli::workers::games_bar(games);
        let progress = Bar(bar.clone());
        pool.install(|| plunder_sim::simulate(spec, None, Some(&path), &progress)).map_err(|e| {
            if e.contains("another run") {
                format!(
                    "variant \"{}\": the results kept in {} were played with other options, bots or seed (the study \
                     or one of its content files changed since): remove that file to play the variant again, or \
                     give --results a new folder",
                    variant.name,
                    path.display()
                )
            } else {
                format!("variant \"{}\": {e}", variant.name)
            }
        })?;
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        // Only this run's games (the file may hold more from a longer run): a study of N games reports N.
        runs.push(Run::read_first(&path, games)?);
    }
    warn_unmatched_watches(&study.watch, &runs);
    let text = tables(&study, &args.study, games, &runs)?;
    match &args.write {
        Some(page) => {
            let written = splice(&read_page(page)?, &text)?;
            write_page(page, &written)?;
            write_stdout(&format!("wrote the study's tables into {}\n", page.display()))
        }
        None => write_stdout(&text),
    }
}

/// Says which watched names matched nothing any variant held or did, with the names that look like them: a
/// misspelt card is not silently left out.
fn warn_unmatched_watches(watch: &[String], runs: &[Run]) {
    let mut keys: Vec<String> = runs
        .iter()
        .flat_map(|run| run.held_effects().into_iter().chain(run.used_effects()))
        .map(|((key, _, _), _)| key)
        .collect();
    keys.sort();
    keys.dedup();
    for name in watch.iter().filter(|name| !keys.contains(name)) {
        let words: Vec<String> =
            name.split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() > 3).map(str::to_lowercase).collect();
        let like: Vec<&str> = keys
            .iter()
            .filter(|key| words.iter().any(|w| key.to_lowercase().contains(w.as_str())))
            .map(String::as_str)
            .take(6)
            .collect();
        if like.is_empty() {
            eprintln!("watch \"{name}\": no variant held or did anything of that name");
        } else {
            eprintln!(
                "watch \"{name}\": no variant held or did anything of that name; did you mean {}?",
                like.join(", ")
            );
        }
    }
}

struct Bar(Option<indicatif::ProgressBar>);

impl plunder_sim::Progress for Bar {
    fn inc(&self, games: u64) {
        if let Some(bar) = &self.0 {
            bar.inc(games);
        }
    }
}

/// A variant's options with its content files read in.
fn options_of(variant: &Variant, study: &Path) -> Result<serde_json::Value, String> {
    let mut options = variant.options.clone();
    let folder = study.parent().unwrap_or(Path::new("."));
    for (option, file) in &variant.content {
        let path = folder.join(file);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("variant \"{}\": cannot read {} for {option}: {e}", variant.name, path.display()))?;
        let value: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| format!("variant \"{}\": {} is not JSON: {e}", variant.name, path.display()))?;
        options[option.as_str()] = value;
    }
    Ok(options)
}

fn read_study(path: &Path) -> Result<Study, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read the study {}: {e}", path.display()))?;
    let study: Study =
        serde_json::from_str(&text).map_err(|e| format!("the study {} is not a study file: {e}", path.display()))?;
    if study.variants.is_empty() {
        return Err(format!("the study {} has no variants: list the rules as printed first", path.display()));
    }
    let mut names: Vec<String> = study.variants.iter().map(|v| file_name(&v.name)).collect();
    names.sort();
    if let Some(pair) = names.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(format!("the study {} names two variants alike ({})", path.display(), pair[0]));
    }
    if let Some(variant) = study.variants.iter().find(|v| !v.options.is_object()) {
        return Err(format!("variant \"{}\": options must be a JSON object", variant.name));
    }
    for (i, variant) in study.variants.iter().enumerate() {
        if let Some(against) = &variant.against {
            if !study.variants[..i].iter().any(|v| &v.name == against) {
                return Err(format!(
                    "variant \"{}\" is compared against \"{against}\", which is not an earlier variant",
                    variant.name
                ));
            }
        }
    }
    Ok(study)
}

/// A variant's name as a file name: lower case letters and digits, words joined by `-`.
fn file_name(name: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase())
        .collect();
    if words.is_empty() {
        "variant".to_string()
    } else {
        words.join("-")
    }
}

/// `target/balance/STUDY` in the repository that holds the study (the folder with a `Cargo.lock` above it),
/// which git ignores; `balance/STUDY` in the current folder elsewhere.
fn default_results(study: &Path) -> PathBuf {
    let stem = study.file_stem().and_then(|s| s.to_str()).unwrap_or("study").to_string();
    let absolute = std::fs::canonicalize(study).unwrap_or_else(|_| study.to_path_buf());
    match absolute.ancestors().find(|dir| dir.join("Cargo.lock").is_file()) {
        Some(root) => root.join("target").join("balance").join(stem),
        None => PathBuf::from("balance").join(stem),
    }
}

fn read_page(page: &Path) -> Result<String, String> {
    std::fs::read_to_string(page).map_err(|e| {
        format!(
            "--write {}: cannot read the page: {e} (a page is yours: make it with a `{BEGIN} -->` line and a `{END}` \
             line where the tables go)",
            page.display()
        )
    })
}

/// `page` with the lines between its markers replaced by `text`; refused when the markers are missing, doubled
/// or out of order.
fn splice(page: &str, text: &str) -> Result<String, String> {
    let begins: Vec<usize> = page.match_indices(BEGIN).map(|(at, _)| at).collect();
    let ends: Vec<usize> = page.match_indices(END).map(|(at, _)| at).collect();
    match (begins.as_slice(), ends.as_slice()) {
        ([begin], [end]) if begin < end => {
            let after_begin = page[*begin..].find('\n').map_or(page.len(), |n| begin + n + 1);
            if after_begin > *end {
                return Err(format!("--write: put {END} on a line of its own after the {BEGIN} line"));
            }
            Ok(format!("{}{}{}", &page[..after_begin], text, &page[*end..]))
        }
        _ => Err(format!(
            "--write: the page needs one `{BEGIN} -->` line and, after it, one `{END}` line; the study's tables go \
             between them and nothing else of the page is touched"
        )),
    }
}

/// Writes beside the page and renames, so a full disk leaves the page as it was.
fn write_page(page: &Path, text: &str) -> Result<(), String> {
    let temporary = page.with_extension("md.writing");
    std::fs::write(&temporary, text).and_then(|()| std::fs::rename(&temporary, page)).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        format!("--write {}: cannot write the page: {e}", page.display())
    })
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn interval([low, high]: [f64; 2]) -> String {
    format!("{:.1}-{:.1}%", 100.0 * low, 100.0 * high)
}

/// The command that replays one variant's games by hand.
fn simulate_command(study: &Study, variant: &Variant, games: u64) -> String {
    let mut command = format!("plunder simulate --game {} ", study.game);
    if let Some(players) = study.players {
        let _ = write!(command, "--players {players} ");
    }
    let _ = write!(command, "--games {games} --seed {}", study.seed);
    let bots = variant.bots.as_ref().unwrap_or(&study.bots);
    if !bots.is_empty() {
        let _ = write!(command, " --bots {}", bots.join(","));
    }
    if variant.options.as_object().is_some_and(|o| !o.is_empty()) {
        let _ = write!(command, " --options '{}'", variant.options);
    }
    for (option, file) in &variant.content {
        let _ = write!(command, " (option {option}: the content of {})", file.display());
    }
    command
}

/// The study's Markdown: each variant's win rates, length and content effects, and each later variant against
/// the first.
fn tables(study: &Study, path: &Path, games: u64, runs: &[Run]) -> Result<String, String> {
    let mut out = String::new();
    let games_flag = if games == study.games { String::new() } else { format!(" --games {games}") };
    let _ = writeln!(
        out,
        "\nMeasured by `plunder balance {}{games_flag} --write PAGE` ({games} games a variant, seed {}): the same \
         numbers on any machine. \"The first to decide\" is the seat that made each game's first decision.\n",
        path.display(),
        study.seed
    );
    for (variant, run) in study.variants.iter().zip(runs) {
        let summary = run.summary();
        let _ = writeln!(out, "#### {}\n", variant.name);
        if !variant.about.is_empty() {
            let _ = writeln!(out, "{}\n", variant.about);
        }
        let _ = writeln!(out, "`{}`\n", simulate_command(study, variant, games));
        let fair = 1.0 / summary.players as f64;
        out.push_str("| seat | bot | win rate | 95% interval |\n|---|---|---|---|\n");
        for seat in &summary.seats {
            let _ =
                writeln!(out, "| {} | `{}` | {} | {} |", seat.seat, seat.bot, pct(seat.win_rate), interval(seat.ci95));
        }
        let (decided, wins) = run.first_player();
        if decided > 0.0 {
            let (rate, ci) = wilson_interval(wins, decided);
            let _ = writeln!(out, "| the first to decide | | {} | {} |", pct(rate), interval(ci));
        }
        let _ = writeln!(
            out,
            "\nFair share {}. Games last {:.2} rounds on average (sd {:.2}, {} to {}).{}\n",
            pct(fair),
            summary.rounds.mean,
            summary.rounds.sd,
            summary.rounds.min,
            summary.rounds.max,
            if summary.no_seat_won > 0 {
                format!(" No seat won {} games.", summary.no_seat_won)
            } else {
                String::new()
            }
        );
        effects(&mut out, run, &study.watch);
        if !std::ptr::eq(run, &runs[0]) {
            let reference = variant.against.as_deref().unwrap_or(&study.variants[0].name);
            let at = study.variants.iter().position(|v| v.name == reference).unwrap_or(0);
            let _ = writeln!(out, "Against {reference}:\n");
            out.push_str(&report::comparison_markdown(&runs[at], run, reference, &variant.name)?);
            out.push('\n');
            watched_changes(&mut out, &runs[at], run, &study.watch, reference, &variant.name);
        }
    }
    Ok(out)
}

/// Each watched piece's or action's effect in the reference and in the variant, and whether it changed: the
/// answer to "did my change to this card work?".
fn watched_changes(out: &mut String, a: &Run, b: &Run, watch: &[String], name_a: &str, name_b: &str) {
    let effect_of = |run: &Run, key: &str| {
        run.held_effects().into_iter().chain(run.used_effects()).find(|((k, _, _), _)| k == key).map(|(_, t)| t)
    };
    let rows: Vec<String> = watch
        .iter()
        .filter_map(|key| {
            let (ta, tb) = (effect_of(a, key)?, effect_of(b, key)?);
            let se = |t: &report::EffectTest| (t.ci_difference[1] - t.ci_difference[0]) / (2.0 * 1.96);
            let change = tb.difference - ta.difference;
            let z = change / (se(&ta).powi(2) + se(&tb).powi(2)).sqrt().max(f64::MIN_POSITIVE);
            let p = report::two_sided_p(z);
            Some(format!(
                "| {key} | {:+.1} pts | {:+.1} pts | {:+.1} pts | {} |",
                100.0 * ta.difference,
                100.0 * tb.difference,
                100.0 * change,
                report::p_value(p)
            ))
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "The watched effects (win rate with it minus without it) in both, and the test of their change:\n\n\
         | piece or action | {name_a} | {name_b} | change | p |\n|---|---|---|---|---|"
    );
    for row in rows {
        let _ = writeln!(out, "{row}");
    }
    out.push('\n');
}

/// The largest content effects (pieces held, actions used) and the watched ones, when the game has any.
fn effects(out: &mut String, run: &Run, watch: &[String]) {
    for (what, rows) in
        [("held or were dealt each piece", run.held_effects()), ("used each action", run.used_effects())]
    {
        // An action nearly every seat takes (a pass) or nearly none does compares a crowd with a handful.
        let seat_games = rows.first().map_or(0.0, |((_, with, without), _)| with.0 + without.0);
        let enough = |n: f64| n >= MIN_GROUP.max(seat_games / 50.0);
        let shown: Vec<_> = rows
            .iter()
            .filter(|((key, with, without), _)| watch.contains(key) || (enough(with.0) && enough(without.0)))
            .enumerate()
            .filter(|(rank, ((key, _, _), _))| *rank < LARGEST || watch.contains(key))
            .map(|(_, row)| row)
            .collect();
        if shown.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "Win rate of seats that {what} against seats that did not (the {LARGEST} largest differences where \
             each side has at least 2% of the seat-games{}):\n",
            if watch.is_empty() { "" } else { " and the watched ones" }
        );
        out.push_str("| piece or action | seat-games with | with | without | difference (95%) | p |\n|---|---|---|---|---|---|\n");
        for ((key, with, _), t) in shown {
            let _ = writeln!(
                out,
                "| {key} | {} | {} | {} | {:+.1} ({:+.1} to {:+.1}) pts | {} |",
                with.0,
                pct(t.rate_with),
                pct(t.rate_without),
                100.0 * t.difference,
                100.0 * t.ci_difference[0],
                100.0 * t.ci_difference[1],
                report::p_value(t.p)
            );
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_keeps_every_word_outside_its_markers() {
        let page = "# Title\n\nProse.\n<!-- balance:begin: written by plunder balance -->\nold\n<!-- balance:end -->\nAfter.\n";
        let written = splice(page, "new\n").unwrap();
        assert_eq!(
            written,
            "# Title\n\nProse.\n<!-- balance:begin: written by plunder balance -->\nnew\n<!-- balance:end -->\nAfter.\n"
        );
        assert_eq!(splice(&written, "new\n").unwrap(), written, "writing twice changes nothing");
    }

    #[test]
    fn a_page_without_its_markers_or_with_two_is_refused() {
        assert!(splice("# Title\n", "x").is_err());
        assert!(splice("<!-- balance:end -->\n<!-- balance:begin -->\n", "x").is_err());
        let twice = "<!-- balance:begin -->\n<!-- balance:end -->\n<!-- balance:begin -->\n<!-- balance:end -->\n";
        assert!(splice(twice, "x").is_err());
    }

    #[test]
    fn variant_names_become_file_names() {
        assert_eq!(file_name("The rules as printed"), "the-rules-as-printed");
        assert_eq!(file_name("Catch-up Food (+1 a place)"), "catch-up-food-1-a-place");
        assert_eq!(file_name("!!"), "variant");
    }
}
