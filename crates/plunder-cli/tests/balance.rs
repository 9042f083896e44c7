//! The balance studio: per-game results files, shards and their merge, resume, the HTML report and the
//! comparison of two option sets, driven as a designer drives them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn plunder(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_plunder")).args(args).output().expect("plunder starts")
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// A fresh folder for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("plunder-balance-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Runs `plunder ARGS --json` and returns the summary without its timing fields.
fn summary(args: &[&str]) -> Value {
    let out = plunder(&[args, &["--json"]].concat());
    assert!(out.status.success(), "{}", text(&out));
    let mut value: Value = serde_json::from_slice(&out.stdout).unwrap();
    let object = value.as_object_mut().unwrap();
    object.remove("elapsed_seconds");
    object.remove("threads");
    value
}

const RUN: [&str; 8] = ["simulate", "--game", "scallywager", "--games", "300", "--seed", "7", "--threads=2"];

fn lines(file: &Path) -> Vec<Value> {
    std::fs::read_to_string(file).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn merged_shards_give_exactly_the_summary_of_one_run() {
    let dir = folder("merge");
    let single = summary(&RUN);
    assert_eq!(single["games"], 300);
    // Three shards of 100 games: the third cuts across the 256-game summation chunks.
    let mut files = Vec::new();
    let mut shard_games = 0;
    for shard in ["1/3", "2/3", "3/3"] {
        let file = dir.join(format!("shard{}.jsonl", &shard[..1]));
        let part = summary(&[&RUN[..], &["--shard", shard, "--results", path(&file)]].concat());
        shard_games += part["games"].as_u64().unwrap();
        files.push(file);
    }
    assert_eq!(shard_games, 300);
    let merged_file = dir.join("all.jsonl");
    let mut args = vec!["report", "merge"];
    args.extend(files.iter().map(|f| path(f)));
    args.extend(["--results", path(&merged_file)]);
    let merged = summary(&args);
    assert_eq!(merged, single);
    // The combined file holds every game once, in order, each with its seats' counters.
    let games = lines(&merged_file);
    let indices: Vec<u64> = games.iter().map(|g| g["index"].as_u64().unwrap()).collect();
    assert_eq!(indices, (0..300).collect::<Vec<_>>());
    assert!(games.iter().all(|g| g["counters"].as_array().unwrap().len() == 4 && g["bots"][0] == "odds"));
    assert!(games.iter().any(|g| g["counters"][0].as_object().unwrap().keys().any(|k| k.starts_with("play "))));
    // A shard counted twice is refused rather than double counted.
    let twice = plunder(&["report", "merge", path(&files[0]), path(&files[0])]);
    assert!(!twice.status.success() && text(&twice).contains("appears twice"), "{}", text(&twice));
}

#[test]
fn a_stopped_run_resumes_without_losing_or_repeating_games() {
    let dir = folder("resume");
    let single = summary(&RUN);
    let full = dir.join("full.jsonl");
    summary(&[&RUN[..], &["--results", path(&full)]].concat());
    // As if stopped: the first 250 games and half of a line.
    let kept: Vec<&str> = std::fs::read_to_string(&full).unwrap().leak().lines().take(251).collect();
    let partial = dir.join("partial.jsonl");
    let cut = kept[250].len() / 2;
    std::fs::write(&partial, kept[..250].join("\n") + "\n" + &kept[250][..cut]).unwrap();
    let resumed = summary(&[&RUN[..], &["--results", path(&partial)]].concat());
    assert_eq!(resumed, single);
    let mut indices: Vec<u64> = lines(&partial).iter().map(|g| g["index"].as_u64().unwrap()).collect();
    indices.sort();
    assert_eq!(indices, (0..300).collect::<Vec<_>>());
    // The games of another run are not mixed in.
    let other =
        plunder(&["simulate", "--game", "scallywager", "--games", "300", "--seed", "8", "--results", path(&partial)]);
    assert!(!other.status.success() && text(&other).contains("another run"), "{}", text(&other));
}

#[test]
fn bad_shards_are_refused() {
    for shard in ["0/3", "4/3", "1/0", "x/2", "3"] {
        let out = plunder(&["simulate", "--game", "liars-dice", "--games", "10", "--shard", shard]);
        assert!(!out.status.success() && text(&out).contains("shard"), "{shard}: {}", text(&out));
    }
}

/// The values in the `<title>`s of an SVG's bars, as fractions.
fn bar_values(svg: &str) -> Vec<f64> {
    svg.split("<rect class=\"bar\"")
        .skip(1)
        .map(|bar| {
            let title = &bar[bar.find("<title>").unwrap() + 7..bar.find("</title>").unwrap()];
            title.rsplit(": ").next().unwrap().trim_end_matches('%').parse::<f64>().unwrap() / 100.0
        })
        .collect()
}

#[test]
fn the_report_draws_every_series_from_the_results() {
    let dir = folder("report");
    let results = dir.join("results.jsonl");
    let summary = summary(&[&RUN[..], &["--results", path(&results)]].concat());
    let out_dir = dir.join("report");
    let out = plunder(&["report", path(&results), "--out", path(&out_dir)]);
    assert!(out.status.success(), "{}", text(&out));
    let html = std::fs::read_to_string(out_dir.join("index.html")).unwrap();
    for chart in ["win_rate.svg", "turn_order.svg", "lengths.svg", "scores.svg"] {
        let svg = std::fs::read_to_string(out_dir.join(chart)).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{chart}");
        assert!(svg.contains("<rect x=") || svg.contains("<rect class=\"bar\""), "{chart} has bars");
        assert!(html.contains(&format!("src=\"{chart}\"")), "{chart} is shown");
    }
    // One row per seat with the summary's win rate.
    for seat in summary["seats"].as_array().unwrap() {
        let rate = format!("{:.1}%", 100.0 * seat["win_rate"].as_f64().unwrap());
        let row = format!("<td>P{}</td><td>odds</td><td>{rate}</td>", seat["seat"].as_u64().unwrap() + 1);
        assert!(html.contains(&row), "{row} in {html}");
    }
    // Turn order: four bars whose wins add up to the games (one winner a game, or shares of one).
    let order = bar_values(&std::fs::read_to_string(out_dir.join("turn_order.svg")).unwrap());
    assert_eq!(order.len(), 4);
    assert!((order.iter().sum::<f64>() - 1.0).abs() < 0.01, "{order:?}");
    // Lengths: shares of the games, one bar per length seen, from the shortest to the longest.
    let lengths = bar_values(&std::fs::read_to_string(out_dir.join("lengths.svg")).unwrap());
    assert!((lengths.iter().sum::<f64>() - 1.0).abs() < 0.01, "{lengths:?}");
    let span = summary["rounds"]["max"].as_u64().unwrap() - summary["rounds"]["min"].as_u64().unwrap();
    assert!(lengths.len() as u64 <= span + 1 && lengths.iter().all(|&v| v > 0.0));
    assert!(html.contains("id=\"first-player\""));
    // Content effects: Scallywager's cards, each with both groups.
    let content = &html[html.find("id=\"content\"").unwrap()..];
    assert!(content.matches("<td>play ").count() >= 3, "{content}");
}

#[test]
fn compare_tests_two_option_sets() {
    let dir = folder("compare");
    let plain = dir.join("plain.jsonl");
    let wild = dir.join("wild.jsonl");
    let base = ["simulate", "--game", "scallywager", "--games", "300", "--seed", "2", "--results"];
    assert!(plunder(&[&base[..], &[path(&plain)]].concat()).status.success());
    assert!(plunder(&[&base[..], &[path(&wild), "--options", "{\"ones_wild\": true}"]].concat()).status.success());
    let out = plunder(&["report", "compare", path(&plain), path(&wild)]);
    assert!(out.status.success(), "{}", text(&out));
    let report = text(&out);
    assert!(report.contains("\"ones_wild\":false") && report.contains("\"ones_wild\":true"), "{report}");
    for row in ["seat 0", "seat 3", "first player", "game length"] {
        assert!(report.lines().any(|l| l.starts_with(row) && l.contains(" p ")), "{row}: {report}");
    }
    // A run compared with itself shows no difference.
    let same = text(&plunder(&["report", "compare", path(&plain), path(&plain)]));
    assert!(same.lines().filter(|l| l.starts_with("seat")).all(|l| l.contains("no difference")), "{same}");
    let other = dir.join("dice.jsonl");
    assert!(plunder(&["simulate", "--game", "liars-dice", "--games", "20", "--results", path(&other)])
        .status
        .success());
    let mismatch = plunder(&["report", "compare", path(&plain), path(&other)]);
    assert!(!mismatch.status.success() && text(&mismatch).contains("same game"), "{}", text(&mismatch));
}

#[test]
fn bad_result_files_get_clear_errors() {
    let dir = folder("bad");
    let broken = dir.join("broken.jsonl");
    std::fs::write(&broken, "{\"game\": \"scallywager\"}\nnot json\n").unwrap();
    let out = plunder(&["report", "merge", path(&broken)]);
    assert!(!out.status.success() && text(&out).contains("line 1: not a game result"), "{}", text(&out));
    let missing = plunder(&["report", "merge", path(&dir.join("nowhere.jsonl"))]);
    assert!(!missing.status.success() && text(&missing).contains("cannot read"), "{}", text(&missing));
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let out = plunder(&["report", path(&empty), "--out", path(&dir.join("r"))]);
    assert!(!out.status.success() && text(&out).contains("no game results"), "{}", text(&out));
    let out = plunder(&["report", path(&empty)]);
    assert!(!out.status.success() && text(&out).contains("--out"), "{}", text(&out));
}
