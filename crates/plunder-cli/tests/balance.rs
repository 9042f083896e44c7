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
    summary_and_run(args).0
}

/// The `--json` summary without what only describes this run (threads, seconds, games played now and games
/// skipped as already in the results file), and those (`played`, `skipped`) apart.
fn summary_and_run(args: &[&str]) -> (Value, (u64, u64)) {
    let out = plunder(&[args, &["--json"]].concat());
    assert!(out.status.success(), "{}", text(&out));
    let mut value: Value = serde_json::from_slice(&out.stdout).unwrap();
    let object = value.as_object_mut().unwrap();
    object.remove("elapsed_seconds");
    object.remove("threads");
    let mut count = |key: &str| object.remove(key).and_then(|v| v.as_u64()).unwrap_or(0);
    let run = (count("played"), count("skipped"));
    (value, run)
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
    let (resumed, (played, skipped)) = summary_and_run(&[&RUN[..], &["--results", path(&partial)]].concat());
    assert_eq!(resumed, single);
    assert_eq!((played, skipped), (50, 250), "the games already in the file are skipped, the rest played");
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

/// Checks that `file` is a PNG image worth looking at: the signature, a nonzero size, pixels that decode, and
/// more than one colour among them.
#[cfg(feature = "png")]
fn assert_valid_png(file: &Path) {
    let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{} is not a PNG", file.display());
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert!(width > 0 && height > 0, "{}: {width}x{height}", file.display());
    let image = resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert_eq!((image.width(), image.height()), (width, height));
    let first = image.pixels()[0];
    let other = image.pixels().iter().filter(|&&p| p != first).count();
    assert!(other > image.pixels().len() / 100, "{} is nearly all one colour", file.display());
}

/// The rows of an effects table (`id` "held" or "content"): each piece or action with its seat-games with and
/// without.
fn effect_rows(html: &str, id: &str) -> Vec<(String, u64, u64)> {
    let table = &html[html.find(&format!("<table id=\"{id}\">")).unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    table
        .split("<tr")
        .skip(2)
        .map(|row| {
            let cells: Vec<&str> = row.split("<td>").skip(1).map(|c| c.split("</td>").next().unwrap()).collect();
            (cells[0].to_string(), cells[1].parse().unwrap(), cells[3].parse().unwrap())
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
    for chart in ["win_rate", "turn_order", "lengths", "scores", "held", "used"] {
        let svg = std::fs::read_to_string(out_dir.join(format!("{chart}.svg"))).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{chart}");
        let marks = ["<rect x=", "<rect class=\"bar\"", "<g class=\"difference\""];
        assert!(marks.iter().any(|m| svg.contains(m)), "{chart} has bars or rows");
        assert!(html.contains(&format!("src=\"{chart}.svg\"")), "{chart} is shown");
        // By default a build with PNG charts writes every chart as a PNG too; one without writes none.
        #[cfg(feature = "png")]
        assert_valid_png(&out_dir.join(format!("{chart}.png")));
        #[cfg(not(feature = "png"))]
        assert!(!out_dir.join(format!("{chart}.png")).exists(), "{chart}");
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
    // Content effects: Scallywager's cards used, and its cards held, each row splitting all 1,200 seat-games.
    let used = effect_rows(&html, "content");
    assert!(used.iter().filter(|(key, _, _)| key.starts_with("play ")).count() >= 3, "{used:?}");
    let held = effect_rows(&html, "held");
    assert!(held.len() >= 3 && held.iter().all(|(key, _, _)| key.starts_with("Treasure ")), "{held:?}");
    for (key, with, without) in used.iter().chain(&held) {
        assert_eq!(with + without, 1200, "{key}");
    }
    // The held chart has a row per held piece (the table's, at most 60), each with its difference.
    let chart = std::fs::read_to_string(out_dir.join("held.svg")).unwrap();
    assert_eq!(chart.matches("<g class=\"difference\">").count(), held.len().min(60));
    for (key, _, _) in &held {
        assert!(chart.contains(&format!("<title>{key}: ")), "{key} in the held chart");
    }
    // Each held row agrees with the results file: seat-games in which a seat held the piece.
    let games = lines(&results);
    for (key, with, _) in &held {
        let count = games
            .iter()
            .flat_map(|g| g["held"].as_array().unwrap().iter())
            .filter(|seat| seat.as_array().unwrap().iter().any(|k| k == key.as_str()))
            .count() as u64;
        assert_eq!(count, *with, "{key}");
    }
}

#[test]
fn captains_dealt_are_recorded_and_reported() {
    let dir = folder("captains");
    let results = dir.join("flag.jsonl");
    let run = ["simulate", "--game", "pirates-flag", "--games", "40", "--seed", "3", "--results", path(&results)];
    assert!(plunder(&run).status.success());
    let captains: Vec<String> = {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plunder-games/data/pirates-flag/captains.json");
        let data: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        data["entries"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap().to_string()).collect()
    };
    let is_captain = |key: &str| captains.iter().any(|c| key == c || key == format!("captain {c}"));
    for game in lines(&results) {
        // Every seat is dealt exactly one captain, and no captain twice in a game.
        let dealt: Vec<&str> = game["held"]
            .as_array()
            .unwrap()
            .iter()
            .map(|seat| {
                let mine: Vec<&str> =
                    seat.as_array().unwrap().iter().map(|k| k.as_str().unwrap()).filter(|k| is_captain(k)).collect();
                assert_eq!(mine.len(), 1, "{seat}");
                mine[0]
            })
            .collect();
        let mut distinct = dealt.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), dealt.len(), "{dealt:?}");
    }
    // PNG only: the page shows the PNGs, and no SVG is written. A build without PNG charts says how to get
    // them and writes nothing.
    let out_dir = dir.join("report");
    let png_only = plunder(&["report", path(&results), "--out", path(&out_dir), "--format", "png"]);
    #[cfg(not(feature = "png"))]
    {
        assert!(!png_only.status.success() && text(&png_only).contains("--features png"), "{}", text(&png_only));
        assert!(!out_dir.exists(), "a refused report writes nothing");
    }
    #[cfg(feature = "png")]
    {
        assert!(png_only.status.success(), "{}", text(&png_only));
        let html = std::fs::read_to_string(out_dir.join("index.html")).unwrap();
        assert!(html.contains("src=\"held.png\"") && !html.contains(".svg\""), "PNG charts only");
        assert!(!out_dir.join("held.svg").exists());
        assert_valid_png(&out_dir.join("held.png"));
    }
    let out = plunder(&["report", path(&results), "--out", path(&out_dir), "--format", "svg"]);
    assert!(out.status.success(), "{}", text(&out));
    let html = std::fs::read_to_string(out_dir.join("index.html")).unwrap();
    let held = effect_rows(&html, "held");
    let captain_rows: Vec<_> = held.iter().filter(|(key, _, _)| is_captain(key)).collect();
    assert!(captain_rows.len() >= 4, "{held:?}");
    // 40 games of 4 seats: a captain's holders and the rest make up every seat-game, and the holders of all
    // the captains together are every seat-game once.
    assert!(captain_rows.iter().all(|(_, with, without)| with + without == 160));
    assert_eq!(captain_rows.iter().map(|(_, with, _)| with).sum::<u64>(), 160);
}

#[test]
fn the_report_compares_two_option_sets_side_by_side() {
    let dir = folder("report-compare");
    let fixed = dir.join("fixed.jsonl");
    let d6 = dir.join("d6.jsonl");
    let base = ["simulate", "--game", "loot-pirates", "--games", "200", "--seed", "4", "--results"];
    assert!(plunder(&[&base[..], &[path(&fixed)]].concat()).status.success());
    let d6_options = ["--options", "{\"starting_doubloons\": \"d6\"}"];
    assert!(plunder(&[&base[..], &[path(&d6)], &d6_options[..]].concat()).status.success());
    let out_dir = dir.join("report");
    let out = plunder(&["report", path(&fixed), "--compare", path(&d6), "--out", path(&out_dir), "--format", "svg"]);
    assert!(out.status.success(), "{}", text(&out));
    let html = std::fs::read_to_string(out_dir.join("index.html")).unwrap();
    assert!(html.contains("<p id=\"options-differ\">B differs from A in starting_doubloons: &quot;d6&quot;"), "{html}");
    let verdict = &html[html.find("<p id=\"comparison-verdict\">").unwrap()..];
    let verdict = &verdict[..verdict.find("</p>").unwrap()];
    assert!(verdict.contains("significant") && verdict.contains("games per side"), "{verdict}");
    // One row per seat, the first player and the game length, each with a verdict.
    let table = &html[html.find("<table id=\"comparison\">").unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    let rows: Vec<&str> = table.split("<tr").skip(2).collect();
    assert_eq!(rows.len(), 5 + 2, "{table}");
    assert!(rows.iter().all(|r| r.contains("significant at 5%") || r.contains("games each")), "{table}");
    // The chart: both runs' bars for each seat and the first player.
    let chart = std::fs::read_to_string(out_dir.join("comparison.svg")).unwrap();
    assert_eq!(bar_values(&chart).len(), 2 * 6);
    assert!(!out_dir.join("comparison.png").exists(), "--format svg writes no PNG");
    // Runs of another game are refused, as by `report compare`.
    let other = dir.join("dice.jsonl");
    assert!(plunder(&["simulate", "--game", "liars-dice", "--games", "20", "--results", path(&other)])
        .status
        .success());
    let out = plunder(&["report", path(&fixed), "--compare", path(&other), "--out", path(&out_dir)]);
    assert!(!out.status.success() && text(&out).contains("same game"), "{}", text(&out));
}

/// `Game::pieces_held` reads hidden hands from the true state: only the simulator (`plunder-sim`) may call it (and tests of the
/// hook). A seat, bot or front end that called it would fail this test.
#[test]
fn only_the_simulator_reads_the_pieces_held() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    let mut dirs = vec![crates];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let p = entry.path();
            if p.is_dir() && !p.ends_with("target") && !p.ends_with("node_modules") {
                dirs.push(p);
            } else if p.extension().is_some_and(|e| e == "rs" || e == "js") {
                files.push(p);
            }
        }
    }
    let mut callers = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap();
        // A call names the method with its arguments; the definitions carry a lifetime (`pieces_held<'a>(`).
        let calls = source.matches("pieces_held(").count();
        let name = file.to_string_lossy().replace('\\', "/");
        // The simulator, and tests (which check the hook itself).
        let allowed = name.ends_with("plunder-sim/src/lib.rs")
            || name.ends_with("plunder-games/src/pieces_held_tests.rs")
            || name.contains("/tests/");
        if calls > 0 && !allowed {
            callers.push(name);
        }
    }
    assert!(files.len() > 50, "the sources were found");
    assert!(callers.is_empty(), "only the simulator may call pieces_held: {callers:?}");
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
    for row in ["P1 ", "P4 ", "first player", "game length"] {
        assert!(report.lines().any(|l| l.starts_with(row) && l.contains(" p ")), "{row}: {report}");
    }
    // A run compared with itself shows no difference.
    let same = text(&plunder(&["report", "compare", path(&plain), path(&plain)]));
    let seat_rows: Vec<&str> = same.lines().filter(|l| l.starts_with('P')).collect();
    assert!(!seat_rows.is_empty() && seat_rows.iter().all(|l| l.contains("no difference")), "{same}");
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

#[test]
fn a_file_that_is_not_this_runs_results_is_refused_and_left_untouched() {
    let dir = folder("not-ours");
    let run = ["simulate", "--game", "liars-dice", "--games", "20", "--seed", "3", "--threads=1"];
    let refused = |file: &Path, contents: &[u8]| {
        std::fs::write(file, contents).unwrap();
        let out = plunder(&[&run[..], &["--results", path(file)]].concat());
        assert!(!out.status.success(), "{}", text(&out));
        assert!(text(&out).contains("not a results file"), "{}", text(&out));
        assert_eq!(std::fs::read(file).unwrap(), contents, "the file is left as it was");
    };
    // Notes without a final newline, a game record, one long line, a lone fragment of a line.
    refused(&dir.join("notes.txt"), b"line one\nideas for the next study");
    refused(&dir.join("record.json"), b"{\"game\":\"liars-dice\",\"seed\":3,\"steps\":[]}");
    refused(&dir.join("big.bin"), &vec![b'x'; 2 << 20]);
    refused(&dir.join("fragment.jsonl"), b"{\"ga");
    refused(&dir.join("spaces.txt"), b"\n   ");
    // A results line of this run followed by something that is not the start of another.
    let ours = dir.join("ours.jsonl");
    summary(&[&run[..], &["--results", path(&ours)]].concat());
    let mut contents = std::fs::read(&ours).unwrap();
    contents.extend_from_slice(b"my notes");
    refused(&dir.join("ours-and-notes.jsonl"), &contents);
    // A torn line of this run's own file is still repaired on resume.
    let full = std::fs::read_to_string(&ours).unwrap();
    let torn = dir.join("torn.jsonl");
    let cut = full.lines().next().unwrap().len() + 1 + 30;
    std::fs::write(&torn, &full[..cut]).unwrap();
    let resumed = summary(&[&run[..], &["--results", path(&torn)]].concat());
    assert_eq!(resumed["games"], 20);
    assert_eq!(lines(&torn).len(), 20);
}

/// Runs `plunder ARGS`, watching its peak memory (VmHWM) until it exits, `done()` holds, `time` passes or the
/// peak passes `max_mib`, and stops it then: (peak MiB, whether `done()` held, whether it was still running).
#[cfg(target_os = "linux")]
fn watch(args: &[&str], time: std::time::Duration, max_mib: u64, done: impl Fn() -> bool) -> (u64, bool, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_plunder"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("plunder starts");
    let status = format!("/proc/{}/status", child.id());
    let started = std::time::Instant::now();
    let mut peak_kib = 0;
    loop {
        let running = child.try_wait().unwrap().is_none();
        if let Ok(text) = std::fs::read_to_string(&status) {
            let kib = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            peak_kib = peak_kib.max(kib.unwrap_or(0));
        }
        let held = done();
        if !running || held || peak_kib > max_mib << 10 || started.elapsed() > time {
            let _ = child.kill();
            let _ = child.wait();
            return (peak_kib >> 10, held, running);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_huge_number_of_games_starts_playing_at_once_in_flat_memory() {
    use std::time::Duration;
    let dir = folder("huge");
    let results = dir.join("huge.jsonl");
    let huge = ["--game", "liars-dice", "--games", "1000000000000", "--threads=2"];
    // With a results file: the first games arrive within seconds, memory stays small.
    let some_written = || std::fs::read(&results).is_ok_and(|b| b.contains(&b'\n'));
    let (peak, played, _) = watch(
        &[&["simulate"], &huge[..], &["--results", path(&results)]].concat(),
        Duration::from_secs(30),
        100,
        some_written,
    );
    assert!(played && peak < 100, "games written: {played}, peak {peak} MiB");
    // Without one, and in a tournament: still running after a second and a half, memory still small.
    for command in [vec!["simulate"], vec!["tournament", "--bots", "odds,random"]] {
        let (peak, _, running) = watch(&[&command[..], &huge[..]].concat(), Duration::from_millis(1500), 100, || false);
        assert!(running && peak < 100, "{command:?}: peak {peak} MiB, running {running}");
    }
}

/// A results file of `games` games of one run, made up from a real line with its index changed.
fn large_results(dir: &Path, games: u64) -> PathBuf {
    use std::io::Write as _;
    let seed = dir.join("seed.jsonl");
    summary(&["simulate", "--game", "liars-dice", "--games", "1", "--results", path(&seed)]);
    let line = std::fs::read_to_string(&seed).unwrap();
    let (head, tail) = line.trim_end().split_once("\"index\":0").unwrap();
    let file = dir.join("large.jsonl");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&file).unwrap());
    for index in 0..games {
        writeln!(out, "{head}\"index\":{index}{tail}").unwrap();
    }
    out.flush().unwrap();
    file
}

#[cfg(target_os = "linux")]
#[test]
fn reports_read_a_large_results_file_as_a_stream() {
    use std::time::Duration;
    let dir = folder("large");
    let file = large_results(&dir, 30_000);
    let size = std::fs::metadata(&file).unwrap().len() >> 20;
    assert!(size >= 9, "{size} MiB");
    let merged = dir.join("merged.jsonl");
    let (peak, _, _) =
        watch(&["report", "merge", path(&file), "--results", path(&merged)], Duration::from_secs(60), 60, || false);
    assert!(peak < 60, "merge of {size} MiB: peak {peak} MiB");
    assert_eq!(std::fs::metadata(&merged).unwrap().len(), std::fs::metadata(&file).unwrap().len());
    let (peak, _, _) = watch(
        &["report", path(&file), "--out", path(&dir.join("report")), "--format", "svg"],
        Duration::from_secs(60),
        60,
        || false,
    );
    assert!(peak < 60, "report of {size} MiB: peak {peak} MiB");
    assert!(dir.join("report/index.html").exists());
}

/// A study of two Loot Pirates variants, as a designer writes one, with a content-free option change.
const STUDY: &str = r#"{
  "game": "loot-pirates", "players": 4, "bots": ["loot"], "games": 200, "seed": 3,
  "variants": [
    {"name": "The rules as printed", "about": "The reference."},
    {"name": "No negotiation", "about": "Offers off.", "options": {"negotiation_offers": 0}}
  ]
}"#;

#[test]
fn a_study_writes_its_tables_between_the_marks_of_its_page_and_resumes() {
    let dir = folder("study");
    let study = dir.join("study.json");
    std::fs::write(&study, STUDY).unwrap();
    let page = dir.join("page.md");
    let prose = "# Loot Pirates\n\nWhat we found.\n\n<!-- balance:begin: written by plunder balance -->\nold numbers\n<!-- balance:end -->\n\nWhat to do.\n";
    std::fs::write(&page, prose).unwrap();
    let results = dir.join("results");
    let run = |games: &str| {
        let out =
            plunder(&["balance", path(&study), "--games", games, "--results", path(&results), "--write", path(&page)]);
        assert!(out.status.success(), "{}", text(&out));
        std::fs::read_to_string(&page).unwrap()
    };
    let written = run("200");
    assert!(
        written.starts_with("# Loot Pirates\n\nWhat we found.\n\n<!-- balance:begin: written by plunder balance -->\n")
    );
    assert!(written.ends_with("<!-- balance:end -->\n\nWhat to do.\n") && !written.contains("old numbers"));
    // Each variant: its command, its seats, and the second against the first with a test of each measure.
    assert!(written.contains("#### The rules as printed") && written.contains("#### No negotiation"));
    assert!(written.contains(
        "`plunder simulate --game loot-pirates --players 4 --games 200 --seed 3 --bots loot --options '{\"negotiation_offers\":0}'`"
    ));
    assert!(written.contains("| P4 | `loot` |") && written.contains("| the first to decide |"));
    assert!(written.contains("| measure | The rules as printed | No negotiation | p | verdict |"));
    assert!(written.contains("| game length (rounds) |"));
    // The tables are the simulation's own numbers: P1's row matches `plunder simulate` for the same games.
    let alone = summary(&[
        "simulate",
        "--game",
        "loot-pirates",
        "--players",
        "4",
        "--games",
        "200",
        "--seed",
        "3",
        "--bots",
        "loot",
    ]);
    let p1 = 100.0 * alone["seats"][0]["win_rate"].as_f64().unwrap();
    assert!(written.contains(&format!("| P1 | `loot` | {p1:.1}% |")), "P1 {p1:.1}% in\n{written}");
    // The results are kept per variant; run again, nothing is played again and the page is the same.
    assert_eq!(lines(&results.join("no-negotiation.jsonl")).len(), 200);
    assert_eq!(run("200"), written);
    assert_eq!(lines(&results.join("the-rules-as-printed.jsonl")).len(), 200);
    // Fewer games reports only the first ones (and the page says how to get them); more adds to the kept results.
    let fewer = run("100");
    assert!(fewer.contains("--games 100 --write PAGE` (100 games a variant"), "{fewer}");
    run("250");
    assert_eq!(lines(&results.join("the-rules-as-printed.jsonl")).len(), 250);
}

#[test]
fn a_page_without_marks_or_a_bad_study_is_refused_and_left_as_it_is() {
    let dir = folder("study-refused");
    let study = dir.join("study.json");
    std::fs::write(&study, STUDY).unwrap();
    let page = dir.join("notes.md");
    std::fs::write(&page, "# My notes\n").unwrap();
    let out = plunder(&["balance", path(&study), "--games", "5", "--write", path(&page)]);
    assert!(!out.status.success() && text(&out).contains("balance:begin"), "{}", text(&out));
    assert_eq!(std::fs::read_to_string(&page).unwrap(), "# My notes\n");
    // A variant found wrong is found before any game: the first variant's results are not even begun.
    let results = dir.join("checked-first");
    std::fs::write(
        &study,
        r#"{"game": "loot-pirates", "games": 5, "variants": [{"name": "A"}, {"name": "B", "bots": ["looter"]}]}"#,
    )
    .unwrap();
    let out = plunder(&["balance", path(&study), "--results", path(&results)]);
    assert!(
        !out.status.success() && text(&out).contains("variant \"B\"") && text(&out).contains("looter"),
        "{}",
        text(&out)
    );
    assert!(!results.join("a.jsonl").exists(), "nothing was played");
    // Results kept from a study that has changed since are refused with the remedy, not mixed in.
    std::fs::write(&study, r#"{"game": "loot-pirates", "games": 5, "variants": [{"name": "A"}]}"#).unwrap();
    assert!(plunder(&["balance", path(&study), "--results", path(&results)]).status.success());
    std::fs::write(
        &study,
        r#"{"game": "loot-pirates", "games": 5, "variants": [{"name": "A", "options": {"reserve": 9}}]}"#,
    )
    .unwrap();
    let out = plunder(&["balance", path(&study), "--results", path(&results)]);
    assert!(!out.status.success() && text(&out).contains("remove that file"), "{}", text(&out));
    for (bad, says) in [
        (r#"{"game": "loot-pirates", "games": 5, "variants": [], "colour": 1}"#, "colour"),
        (r#"{"game": "loot-pirates", "games": 5, "variants": []}"#, "no variants"),
        (r#"{"game": "loot-pirates", "games": 5, "variants": [{"name": "A"}, {"name": "a"}]}"#, "two variants alike"),
        (r#"{"game": "loot-pirates", "games": 5, "variants": [{"name": "A", "options": {"colour": 1}}]}"#, "colour"),
        (r#"{"game": "chess", "games": 5, "variants": [{"name": "A"}]}"#, "chess"),
    ] {
        std::fs::write(&study, bad).unwrap();
        let out = plunder(&["balance", path(&study), "--games", "5", "--results", path(&dir.join("r"))]);
        assert!(!out.status.success() && text(&out).contains(says), "{bad}: {}", text(&out));
    }
}

/// A watched name that matches nothing is said, with the names that look like it; a watched action's effect
/// is compared between the variants.
#[test]
fn a_study_says_which_watched_names_matched_nothing_and_compares_the_watched_ones() {
    let dir = folder("study-watch");
    let study = dir.join("study.json");
    let watched = STUDY.replace(r#""seed": 3,"#, r#""seed": 3, "watch": ["show", "shoot at the moon"],"#);
    std::fs::write(&study, watched).unwrap();
    let out = plunder(&["balance", path(&study), "--games", "60", "--results", path(&dir.join("r"))]);
    assert!(out.status.success(), "{}", text(&out));
    let said = text(&out);
    assert!(said.contains("watch \"shoot at the moon\": no variant held or did anything of that name"), "{said}");
    assert!(!said.contains("watch \"show\""), "{said}");
    // `show` happens only with negotiation, so there is no change to test; the table of changes is left out.
    assert!(!said.contains("The watched effects"), "{said}");
}

/// Five `loot` bots in seat order: the balance study found the first seats paid far more often in the
/// negotiation (25% wins against the last seats' 13%); every seat now wins its fair share.
#[test]
fn five_loot_pirates_win_alike_in_every_seat() {
    let s = summary(&[
        "simulate",
        "--game",
        "loot-pirates",
        "--players",
        "5",
        "--games",
        "3000",
        "--seed",
        "1",
        "--bots",
        "loot",
    ]);
    for seat in s["seats"].as_array().unwrap() {
        let rate = seat["win_rate"].as_f64().unwrap();
        assert!((0.165..0.235).contains(&rate), "{seat}");
    }
}

/// Every seed game's study in docs/balance is a study `plunder balance` accepts, and its page has the marks.
#[test]
fn every_seed_games_study_runs_and_its_page_has_marks() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/balance");
    let dir = folder("seed-studies");
    for game in ["loot-pirates", "scallywager", "lying-pirates", "pirates-flag", "pirate-haven"] {
        let study = docs.join(format!("{game}.json"));
        let page = std::fs::read_to_string(docs.join(format!("{game}.md"))).unwrap();
        assert!(page.contains("<!-- balance:begin") && page.contains("<!-- balance:end -->"), "{game}.md");
        assert!(page.contains(&format!("plunder balance docs/balance/{game}.json")), "{game}.md names its command");
        let out = plunder(&["balance", path(&study), "--games", "1", "--results", path(&dir.join(game))]);
        assert!(out.status.success(), "{game}: {}", text(&out));
    }
}
