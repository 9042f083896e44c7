//! The `plunder` command as a user runs it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `plunder ARGS` with its output captured.
fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_plunder"));
    command.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    command
}

fn plunder(args: &[&str], stdin: &str) -> Output {
    let mut child = command(args).stdin(Stdio::piped()).spawn().expect("plunder starts");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("plunder-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn bots_play_a_game_that_replays_from_its_record() {
    let record = temp("bots.json");
    let out = plunder(
        &[
            "play",
            "loot-pirates",
            "--seats",
            "loot,random,loot,loot",
            "--seed",
            "4",
            "--record",
            record.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out));
    let log = text(&out);
    assert!(log.contains("Fire! P1 ") && log.contains("Winner"), "{log}");
    let replay = plunder(&["replay", record.to_str().unwrap()], "");
    assert!(replay.status.success(), "{}", text(&replay));
    let story = text(&replay);
    // A record is for after the game: its story tells every roll, hidden ones included.
    assert!(story.contains("record checked") && story.contains("P1 rolls red "), "{story}");
    // The replay ends where the game ended.
    let last = |s: &str| s.lines().rfind(|l| l.starts_with("Winner")).map(str::to_string);
    assert_eq!(last(&log), last(&story));
}

#[test]
fn a_tampered_record_is_refused() {
    let record = temp("tampered.json");
    let out = plunder(
        &["play", "loot-pirates", "--seats", "loot,loot,loot", "--seed", "5", "--record", record.to_str().unwrap()],
        "",
    );
    assert!(out.status.success());
    let json = std::fs::read_to_string(&record).unwrap();
    let tampered = json.replacen("\"red\": ", "\"red\": 1", 1);
    std::fs::write(&record, tampered).unwrap();
    let replay = plunder(&["replay", record.to_str().unwrap()], "");
    assert!(!replay.status.success());
    assert!(text(&replay).contains("plunder:"), "{}", text(&replay));
    std::fs::write(&record, "{\"format\": \"plunder-record\"").unwrap();
    assert!(text(&plunder(&["replay", record.to_str().unwrap()], "")).contains("not a Plunder record"));
}

#[test]
fn a_person_plays_from_the_keyboard() {
    let input = "x\n99\n".to_string() + &"1\n".repeat(400);
    let out = plunder(&["play", "loot-pirates", "--players", "3", "--seed", "2"], &input);
    assert!(out.status.success(), "{}", text(&out));
    let log = text(&out);
    assert!(log.contains("No choice matches 'x'."), "bad input is asked again: {log}");
    assert!(log.contains("Please type a number from 1 to 2, or part of a choice."), "{log}");
    assert!(log.contains("Your dice: red (attack)"));
    assert!(log.contains("P1, your choice:"));
    assert!(log.contains("Winner"));
}

#[test]
fn hot_seat_players_are_separated_by_a_hidden_screen() {
    let input = "\n1\n".repeat(600);
    let out = plunder(&["play", "loot-pirates", "--seats", "human,human,loot", "--seed", "3"], &input);
    let log = text(&out);
    assert!(out.status.success(), "{log}");
    assert!(log.contains("Pass the screen to P2"), "{log}");
    // Between one person's dice and the next person's, the screen is hidden.
    let mut last_owner: Option<char> = None;
    for block in log.split("---------- screen hidden ----------") {
        let prompts: Vec<char> =
            block.match_indices(", your choice:").map(|(i, _)| block.as_bytes()[i - 1] as char).collect();
        prompts.windows(2).for_each(|w| assert_eq!(w[0], w[1], "two people prompted on one screen:\n{block}"));
        if let Some(&p) = prompts.first() {
            last_owner = Some(p);
        }
    }
    assert!(last_owner.is_some());
}

/// A hot-seat trial: after P1's call, which both people read, P1 lost and bid first again, and P1's new dice came
/// on the same screen as the reveal. What everyone was told comes first; the person's own only after a pause.
#[test]
fn hot_seat_a_reveal_read_by_everyone_is_not_followed_by_one_persons_dice() {
    let input = "\n1x2\n\n2x2\n\nliar\n\nq\ny\n";
    let out = plunder(&["play", "liars-dice", "--seats", "human,human", "--seed", "1"], input);
    let log = text(&out);
    let reveal = log.find("P1 calls liar on P2's bid of 2 × 2. The cups:").expect(&log);
    let pause = log.find("What follows is for P1 alone: see that no one else looks, then press Enter.").expect(&log);
    let dice = log.find("P1 rolls 4 dice: ").expect(&log);
    assert!(reveal < pause && pause < dice, "{log}");
    assert!(
        log[pause..].starts_with(
            "What follows is for P1 alone: see that no one else looks, then press Enter. Since your last choice:"
        ),
        "{log}"
    );
}

/// A trial played on, unsure, after losing its last die: out of the game, the person is told so and may leave
/// (or press Enter to watch the bots finish it); leaving, they are still told how it ended.
#[test]
fn a_person_out_of_the_game_is_told_and_may_leave() {
    let options = r#"{"dice":1,"length":"to_last_die"}"#;
    let question = "You are out of the game; the others play on. Press Enter to watch to the end, or type q to leave:";
    let mut left = 0;
    for seed in 1..=8 {
        let seed = seed.to_string();
        let args = ["play", "liars-dice", "--seats", "human,random,random", "--options", options, "--seed", &seed];
        // Always the first choice (liar once it may be called), then Enter to watch: how many choices until out?
        let watched = text(&plunder(&args, &"1\n".repeat(12)));
        let Some(asked) = watched.find(question) else { continue };
        assert!(watched[..asked].contains("P1 loses the call and its last die, and is out."), "{watched}");
        assert!(watched[asked..].contains("Winner"), "watched to the end: {watched}");
        let choices = watched[..asked].matches("P1, your choice:").count();
        // The same game, leaving at the question.
        let out = plunder(&args, &format!("{}q\n", "1\n".repeat(choices)));
        let log = text(&out);
        let asked = log.find(question).expect(&log);
        // Gone from the table, the person is still told how it ended, and nothing of the play in between.
        let gone = log[asked..].find("You left the table; the others play on to the end.").expect(&log) + asked;
        assert!(log[gone..].contains("Winner"), "{log}");
        assert!(!log[gone..].contains("rolls 1 die under the cup"), "{log}");
        assert!(out.status.success(), "leaving once out is no failure: {log}");
        left += 1;
    }
    assert!(left > 0, "no seed put P1 out before the end");
}

#[test]
fn quitting_saves_the_record_so_far() {
    let record = temp("quit.json");
    let out = plunder(&["play", "loot-pirates", "--players", "3", "--record", record.to_str().unwrap()], "q\ny\n");
    assert!(out.status.success(), "leaving on purpose is no failure");
    assert!(text(&out).contains("Leave the game?"), "q asks first: {}", text(&out));
    assert!(text(&out).contains("You left the game before its end."));
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("\"events\""));
    // Anything but a yes goes back to the game (here the input then runs out).
    std::fs::remove_file(&record).unwrap();
    let out = plunder(&["play", "loot-pirates", "--players", "3", "--record", record.to_str().unwrap()], "q\nn\n");
    assert!(!text(&out).contains("You left the game"), "{}", text(&out));
    // Input that runs out mid-game is a failure, and the record so far is kept too.
    std::fs::remove_file(&record).unwrap();
    let out = plunder(&["play", "loot-pirates", "--players", "3", "--record", record.to_str().unwrap()], "");
    assert!(!out.status.success());
    assert!(text(&out).contains("the input ended before the game did"), "{}", text(&out));
    assert!(std::fs::read_to_string(&record).unwrap().contains("\"events\""));
}

#[test]
fn bad_arguments_get_clear_errors() {
    for (args, expected) in [
        (vec!["play", "chess"], "unknown game 'chess'"),
        (vec!["play", "loot-pirates", "--players", "12"], "players must be from 3 to 8"),
        (vec!["play", "loot-pirates", "--seats", "human,pirate,loot"], "unknown bot 'pirate'"),
        (vec!["play", "loot-pirates", "--options", "{\"booty\": -3}"], "bad options"),
        (vec!["play", "loot-pirates", "--options", "[1]"], "--options must be a JSON object"),
        (vec!["simulate", "--game", "loot-pirates", "--bots", "nobody"], "unknown bot 'nobody'"),
        (vec!["simulate", "--game", "loot-pirates", "--games", "0"], "--games must be at least 1"),
        (vec!["replay", "/nonexistent/record.json"], "cannot read"),
    ] {
        let out = plunder(&args, "");
        assert!(!out.status.success(), "{args:?} should fail");
        assert!(text(&out).contains(expected), "{args:?}: {}", text(&out));
    }
}

#[test]
fn a_record_that_cannot_be_written_is_an_error_not_a_crash() {
    let out =
        plunder(&["play", "loot-pirates", "--seats", "loot,loot,loot", "--record", "/nonexistent/dir/r.json"], "");
    assert!(!out.status.success());
    // Found before the game is played, not after.
    assert!(
        text(&out).contains("--record /nonexistent/dir/r.json: the folder /nonexistent/dir does not exist"),
        "{}",
        text(&out)
    );
    assert!(!text(&out).contains("Winner"), "{}", text(&out));
}

fn summary(threads: &str) -> serde_json::Value {
    let out = plunder(
        &[
            "simulate",
            "--game",
            "loot-pirates",
            "--players",
            "4",
            "--games",
            "600",
            "--seed",
            "9",
            "--bots",
            "loot,random",
            "--json",
            "--threads",
            threads,
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out));
    let mut value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let object = value.as_object_mut().unwrap();
    object.remove("elapsed_seconds");
    object.remove("threads");
    value
}

#[test]
fn simulation_results_do_not_depend_on_threads() {
    let one = summary("1");
    assert_eq!(one, summary("2"));
    assert_eq!(one["games"], 600);
    // The loot bots beat the random bots by far.
    let bots = one["bots"].as_array().unwrap();
    let rate = |name: &str| bots.iter().find(|b| b["bot"] == name).unwrap()["win_rate"].as_f64().unwrap();
    assert!(rate("loot") > 2.0 * rate("random"), "{one}");
    let ci = one["seats"][0]["ci95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() <= ci[1].as_f64().unwrap());
}

#[test]
fn games_lists_every_game_and_bot() {
    let out = plunder(&["games"], "");
    assert!(text(&out).contains("loot-pirates") && text(&out).contains("bot loot"));
    for id in ["loot-pirates", "liars-dice", "scallywager"] {
        assert!(text(&out).contains(&format!("rules: docs/rules/{id}.md")), "{}", text(&out));
        assert!(std::path::Path::new(&format!("{}/../../docs/rules/{id}.md", env!("CARGO_MANIFEST_DIR"))).exists());
    }
    assert!(text(&out).contains("\"shoot_off\":false"), "options are listed with defaults");
    let help = plunder(&["--help"], "");
    for sub in ["play", "simulate", "replay", "engine", "games"] {
        assert!(text(&help).contains(sub));
    }
}

#[test]
fn the_engine_speaks_json_lines() {
    let out = plunder(&["engine"], "{\"cmd\":\"new\",\"game\":\"loot-pirates\"}\ngarbage\n{\"cmd\":\"status\"}\n");
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["engine"], "plunder");
    assert_eq!(lines[1]["ok"], true);
    assert_eq!(lines[2]["error"]["code"], "malformed_json");
    assert_eq!(lines[3]["status"]["state"], "decide");
}

#[test]
fn speed_measures_random_playouts() {
    let out = plunder(
        &["speed", "--game", "liars-dice", "--options", "{\"dice\": 2}", "--seconds", "0.05", "--runs", "3", "--json"],
        "",
    );
    assert!(out.status.success(), "{}", text(&out));
    let speed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(speed["games_per_second"].as_f64().unwrap() > 0.0);
    // Two dice each: 4 chance events and at least two decisions (a bid and a call).
    assert!(speed["transitions_per_game"].as_f64().unwrap() >= 6.0, "{speed}");
    let bad = plunder(&["speed", "--game", "liars-dice", "--seconds", "0"], "");
    assert!(!bad.status.success());
}

#[test]
fn liars_dice_is_playable_from_the_keyboard() {
    let input = "1\n".repeat(50);
    let out =
        plunder(&["play", "liars-dice", "--seats", "human,odds", "--seed", "1", "--options", "{\"dice\": 2}"], &input);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("Your dice:") && text(&out).contains("Winner"), "{}", text(&out));
}

/// A person at the table is told every roll (their own with its faces, the other's as a count) and, at the call,
/// every cup and the count.
#[test]
fn liars_dice_tells_the_rolls_and_the_cups_at_the_call() {
    let out = play("liars-dice", &["--seats", "human,odds", "--seed", "1", "--options", r#"{"dice": 2}"#], "1\nliar\n");
    let mine = out.lines().find(|l| l.starts_with("P1 rolls 2 dice: ")).unwrap_or_else(|| panic!("{out}"));
    assert!(out.contains("P2 rolls 2 dice under the cup."), "{out}");
    let showdown = out.lines().find(|l| l.contains(" calls liar on ")).unwrap_or_else(|| panic!("{out}"));
    let cup = mine.trim_start_matches("P1 rolls 2 dice: ").trim_end_matches('.');
    assert!(showdown.contains(&format!("P1 {cup};")), "P1's cup as it rolled it is shown at the call: {showdown}");
    assert!(showdown.contains("the caller is"), "{showdown}");
}

#[test]
fn scallywager_is_playable_from_the_keyboard_and_replays() {
    let record = temp("scally.json");
    let input = "1\n".repeat(3000);
    let out = plunder(
        &["play", "scallywager", "--seats", "human,odds,raise", "--seed", "8", "--record", record.to_str().unwrap()],
        &input,
    );
    assert!(out.status.success(), "{}", text(&out));
    let log = text(&out);
    assert!(log.contains("Your crew:") && log.contains("Winner"), "{log}");
    let replay = plunder(&["replay", record.to_str().unwrap(), "--quiet"], "");
    assert!(replay.status.success(), "{}", text(&replay));
}

/// `replay --quiet` prints what its help and the book say: the header line and the final table, no story.
#[test]
fn a_quiet_replay_prints_the_header_and_the_final_table_only() {
    let record = temp("quiet.json");
    let played = plunder(
        &["play", "liars-dice", "--seats", "odds,random", "--seed", "3", "--record", record.to_str().unwrap()],
        "",
    );
    assert!(played.status.success(), "{}", text(&played));
    let full = plunder(&["replay", record.to_str().unwrap()], "");
    let quiet = plunder(&["replay", record.to_str().unwrap(), "--quiet"], "");
    assert!(quiet.status.success(), "{}", text(&quiet));
    let (full, quiet) = (String::from_utf8_lossy(&full.stdout), String::from_utf8_lossy(&quiet.stdout));
    let header = quiet.lines().next().unwrap();
    assert!(header.starts_with("Liar's Dice - seed 3 - ") && header.ends_with(" - record checked"), "{quiet}");
    let final_table = full.rsplit("\n\n").next().unwrap();
    assert_eq!(quiet, format!("{header}\n\n{final_table}"), "the header and the full replay's last table:\n{full}");
    assert!(quiet.contains("Winner"), "{quiet}");
    let help = plunder(&["replay", "--help"], "");
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("header line") && help.contains("final table"), "{help}");
}

#[test]
fn long_menus_can_be_searched() {
    // P1 opens the bidding with ten dice on the table: "2x6" finds "bid 2 × 6" among fifty bids, and "x3" is
    // ambiguous, so it lists the matches and asks again.
    let input = "x3\n2x6\n".to_string() + &"liar\n1\n".repeat(200);
    let out = plunder(
        &[
            "play",
            "liars-dice",
            "--seats",
            "human,odds",
            "--seed",
            "4",
            "--options",
            "{\"dice\":5,\"wild\":\"ones\",\"wild_biddable\":false}",
        ],
        &input,
    );
    let log = text(&out);
    assert!(out.status.success(), "{log}");
    assert!(log.contains("more: type one, or list to see them all"), "{log}");
    assert!(log.contains("'x3' could be any of these; type its number:"), "{log}");
    assert!(log.contains("P1 bids 2 × 6"), "{log}");
    assert!(log.contains("bid 10 × 3"), "the ambiguous search listed its matches: {log}");
}

/// A rerun on a results file that holds the run's games already says so, and times only the games it played.
#[test]
fn simulate_says_which_games_it_resumed_from_its_results_file_and_times_only_those_it_played() {
    let results = temp("resumed.jsonl");
    let _ = std::fs::remove_file(&results);
    let run = |games: &str| {
        let out = plunder(
            &["simulate", "--game", "liars-dice", "--games", games, "--results", results.to_str().unwrap()],
            "",
        );
        assert!(out.status.success(), "{}", text(&out));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let first = run("300");
    assert!(first.starts_with("liars-dice: 300 games, 2 players, seed 1, ") && first.contains("games/s"), "{first}");
    assert!(!first.contains("skipped"), "{first}");
    let again = run("300");
    let shown = results.display();
    assert!(
        again.contains(&format!("300 of them were already in {shown} and were skipped; none played now")),
        "{again}"
    );
    assert!(!again.contains("games/s"), "nothing was played, so there is no speed: {again}");
    let more = run("400");
    assert!(more.contains(&format!("300 of them were already in {shown} and were skipped")), "{more}");
    assert!(more.contains("100 played now: "), "{more}");
    let _ = std::fs::remove_file(&results);
}

/// The summary names the options it was played under, when they are not the defaults.
#[test]
fn simulate_names_the_options_it_was_given() {
    let args = ["simulate", "--game", "liars-dice", "--games", "20"];
    let plain = plunder(&args, "");
    assert!(plain.status.success(), "{}", text(&plain));
    assert!(!text(&plain).contains("options:"), "{}", text(&plain));
    let given = plunder(&[&args[..], &["--options", r#"{"dice": 3, "exact": true}"#]].concat(), "");
    assert!(given.status.success(), "{}", text(&given));
    let summary = String::from_utf8_lossy(&given.stdout);
    assert_eq!(summary.lines().nth(1), Some(r#"options: {"dice":3,"exact":true}"#), "{summary}");
}

#[test]
fn simulate_draws_an_svg_chart() {
    let chart = temp("chart.svg");
    let out = plunder(
        &[
            "simulate",
            "--game",
            "liars-dice",
            "--games",
            "300",
            "--bots",
            "odds,random",
            "--svg",
            chart.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out));
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<rect x=").count(), 2, "one bar per seat");
    assert!(svg.contains("P1 odds") && svg.contains("P2 random"));
    assert!(svg.contains("fair share (50%)"));
    let bad = plunder(&["simulate", "--game", "liars-dice", "--games", "10", "--svg", "/nonexistent/x.svg"], "");
    assert!(!bad.status.success() && text(&bad).contains("does not exist"), "{}", text(&bad));
}

/// Runs `plunder` with its output pipe closed by the reader before anything is written (as `| head -c 0`).
fn plunder_into_closed_pipe(args: &[&str]) -> Output {
    let mut child = command(args).stdin(Stdio::null()).spawn().expect("plunder starts");
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

fn write_record(name: &str, game: &str, seats: &str) -> std::path::PathBuf {
    let record = temp(name);
    let out = plunder(&["play", game, "--seats", seats, "--seed", "2", "--record", record.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out));
    record
}

#[test]
fn a_reader_that_leaves_early_ends_the_output_quietly() {
    let record = write_record("pipe.json", "loot-pirates", "loot,loot,loot,loot,loot,loot,loot,loot");
    for args in [
        vec!["replay", record.to_str().unwrap()],
        vec!["games"],
        vec!["simulate", "--game", "liars-dice", "--games", "10"],
        vec!["speed", "--game", "liars-dice", "--seconds", "0.01", "--runs", "1"],
        vec!["soak", "--games", "20"],
    ] {
        let out = plunder_into_closed_pipe(&args);
        assert!(out.status.success(), "{args:?}: {:?} {}", out.status, text(&out));
        assert!(!text(&out).contains("panicked"), "{args:?}: {}", text(&out));
    }
}

#[test]
fn replay_refuses_a_record_whose_options_are_not_an_object() {
    let record = write_record("array-options.json", "liars-dice", "odds,odds");
    let mut value: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    value["options"] = serde_json::json!([5, [3, 1, 2, 1, 1]]);
    std::fs::write(&record, value.to_string()).unwrap();
    let out = plunder(&["replay", record.to_str().unwrap()], "");
    assert!(!out.status.success());
    assert!(text(&out).contains("options must be a JSON object"), "{}", text(&out));
}

#[test]
fn replay_reads_files_up_to_a_cap() {
    let record = write_record("capped.json", "liars-dice", "odds,odds");
    let size = std::fs::metadata(&record).unwrap().len();
    let under = plunder(&["replay", "--quiet", "--max-bytes", &size.to_string(), record.to_str().unwrap()], "");
    assert!(under.status.success(), "{}", text(&under));
    let over = plunder(&["replay", "--max-bytes", &(size - 1).to_string(), record.to_str().unwrap()], "");
    assert!(!over.status.success());
    assert!(text(&over).contains(&format!("larger than {} bytes", size - 1)), "{}", text(&over));
}

#[test]
fn simulate_refuses_absurd_thread_counts_at_once() {
    let started = std::time::Instant::now();
    for threads in ["100000", "0"] {
        let out = plunder(&["simulate", "--game", "liars-dice", "--games", "10", "--threads", threads], "");
        assert!(!out.status.success(), "{}", text(&out));
        assert!(text(&out).contains("--threads must be from 1 to 256"), "{}", text(&out));
    }
    assert!(started.elapsed().as_secs() < 10);
}

#[test]
fn speed_with_a_tiny_time_still_measures_whole_games() {
    let out = plunder(&["speed", "--game", "liars-dice", "--seconds", "1e-9", "--runs", "1", "--json"], "");
    assert!(out.status.success(), "{}", text(&out));
    let speed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(speed["games_per_second"].as_f64().unwrap() > 0.0, "{speed}");
    assert!(speed["transitions_per_game"].as_f64().is_some_and(f64::is_finite), "{speed}");
}

#[test]
fn an_engine_line_cap_is_configurable() {
    let long = format!("{{\"cmd\":\"games\",\"id\":\"{}\"}}\n{{\"cmd\":\"games\",\"id\":2}}\n", "x".repeat(200));
    let out = plunder(&["engine", "--max-line-bytes", "100"], &long);
    let replies: Vec<serde_json::Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(replies.len(), 3, "{}", text(&out));
    assert_eq!(replies[1]["error"]["code"], "line_too_long");
    assert_eq!(replies[2]["id"], 2);
}

#[test]
fn soak_plays_every_game_and_table_size_with_invariants_checked() {
    let out = plunder(&["soak", "--games", "300", "--replay-every", "1", "--json"], "");
    assert!(out.status.success(), "{}", text(&out));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], 300);
    assert_eq!(report["replayed"], 300);
    let sampled = report["sampled_options"].as_u64().unwrap();
    assert!((120..=180).contains(&sampled), "about half the games draw their options: {report}");
    let rows = report["rows"].as_array().unwrap();
    for info in plunder_games::games() {
        for players in info.min_players..=info.max_players {
            let row = rows.iter().find(|r| r[0]["game"] == info.id && r[0]["players"] == players);
            assert!(row.is_some_and(|r| r[1]["games"].as_u64() > Some(0)), "{} with {players}: {report}", info.id);
            let sampled = row.and_then(|r| r[1]["sampled_options"].as_u64());
            assert!(sampled > Some(0), "{} with {players} never drew options: {report}", info.id);
        }
    }
}

/// Plays `game` with `args` and the typed `input`, and returns everything printed.
fn play(game: &str, args: &[&str], input: &str) -> String {
    let mut all = vec!["play", game];
    all.extend_from_slice(args);
    text(&plunder(&all, input))
}

/// The third terminal trial: Pirate Haven asked one-choice questions (a chest paid pip by pip), each to be
/// typed. By default the only choice is taken without asking (`skip on`); with `skip off` Enter alone takes it:
/// typing 2 where it can, and Enter, plays a game to its end either way.
#[test]
fn the_only_choice_is_taken_unasked_or_by_enter_alone() {
    let asked = play("pirate-haven", &["--seed", "1"], &format!("skip off\n{}", "2\n\n".repeat(400)));
    assert!(asked.contains("(Enter: take it): "), "{asked}");
    let unasked = play("pirate-haven", &["--seed", "1"], &"2\n\n".repeat(400));
    assert!(!unasked.contains("(Enter: take it)"), "the only choice was asked: {unasked}");
    assert!(unasked.contains("only passes or one move, it is taken for you"), "and the player told so");
    for log in [asked, unasked] {
        assert!(log.contains("Fame"), "the game went on to its end: {}", &log[log.len().saturating_sub(2000)..]);
        assert!(log.matches("Please type 1, or part of the choice.").count() < 100, "never stuck on one question");
    }
}

#[test]
fn bids_are_typed_directly_in_every_common_form() {
    for typed in ["3x5", "3 5", "three 5s", "3 fives", "bid 3 × 5"] {
        let log = play("liars-dice", &["--seed", "3", "--options", r#"{"dice":5}"#], &format!("{typed}\nq\ny\n"));
        assert!(log.contains("P1 bids 3 × 5"), "{typed}: {log}");
    }
    let log = play("liars-dice", &["--seed", "3", "--options", r#"{"dice":5}"#], "0x5\nq\ny\n");
    assert!(log.contains("You cannot choose \"bid 0 × 5\" now"), "an impossible bid says why: {log}");
}

#[test]
fn lying_pirates_tells_a_cup_whole_and_a_refused_bet_names_its_rule() {
    let log = play("lying-pirates", &["--seed", "1"], "9x3\n1x7\nq\ny\n");
    assert_eq!(log.matches("P1 shakes 5 dice under their cup: ").count(), 1, "one line for the whole cup: {log}");
    assert!(log.contains("You cannot choose \"bet 9 × 3\" now: the opening bet may name at most"), "{log}");
    assert!(log.contains("(the rules, 1. Betting Phase:"), "the refusal quotes its rule: {log}");
    // The quote reads as one (issue 28): the rule's own quotes ("at least q dice ...") become single curly ones.
    assert!(
        log.contains(
            "(the rules, 1. Betting Phase: “Bets. A bet is a quantity and a face 2-6: ‘at least q dice on the table \
             show f’, ones counting as f (wild).”)"
        ),
        "{log}"
    );
    for cited in log.split("(the rules, ").skip(1) {
        let quote = cited.split_once(": “").map_or("", |(_, q)| q);
        let quote = quote.split("”)").next().unwrap_or_default();
        assert!(!quote.is_empty() && !quote.contains(['"', '“', '”']), "{cited}");
    }
}

/// The terminal trial: the exact call on the standing bet was choice 100 of a long menu, and a refused one read
/// "You cannot exactly 8 × 5 now".
#[test]
fn lying_pirates_heads_the_menu_with_liar_and_the_exact_call_on_the_standing_bet() {
    let log = play("lying-pirates", &["--seed", "1"], "2x3\nexact 2x2\nq\ny\n");
    let menu = log.split("Bet: 3 × 2 by P4").nth(1).expect("P1 answers P4's bet");
    assert!(menu.contains("   1. liar\n   2. exactly 3 × 2\n   3. bet 3 × 3"), "{menu}");
    assert!(
        log.contains(
            "You cannot choose \"exactly 2 × 2\" now: an exact bet names the last bet or one it could raise to"
        ),
        "{log}"
    );
}

#[test]
fn the_calls_are_always_on_the_menu_of_a_bidding_game() {
    let log = play("liars-dice", &["--seed", "3", "--options", r#"{"dice":5}"#], "2x2\nq\ny\n");
    let second_menu = log.split("Last bid:").nth(1).expect("a second turn");
    let liar = second_menu.find("1. call liar").expect("the call heads the menu");
    let more = second_menu.find("more: type one").expect("a long menu");
    assert!(liar < more, "{second_menu}");
    let log = play("liars-dice", &["--seed", "3", "--options", r#"{"dice":5,"exact":true}"#], "2x2\nq\ny\n");
    let second_menu = log.split("Last bid:").nth(1).expect("a second turn");
    assert!(second_menu.contains("1. call liar") && second_menu.contains("2. call exact"), "{second_menu}");
    let log = play("scallywager", &["--seed", "5", "--players", "3"], "2x2\nliar\nq\ny\n");
    assert!(log.contains("1. call Scallywagger!") && log.contains("2. call for a Parlay"), "{log}");
    assert!(log.contains("P1 calls out the Scallywagger"), "liar means Scallywagger in Scallywager: {log}");
}

#[test]
fn the_start_screen_hint_is_the_games_own() {
    let loot = play("loot-pirates", &["--seed", "1"], "q\ny\n");
    let first = loot.lines().find(|l| l.starts_with("Type")).unwrap();
    assert!(!first.contains("liar") && !first.contains("x5") && first.contains("pay P2 1"), "{first}");
    let dice = play("liars-dice", &["--seed", "1"], "q\ny\n");
    assert!(dice.lines().any(|l| l.starts_with("Type") && l.contains("3x5") && l.contains("liar")), "{dice}");
    let scally = play("scallywager", &["--seed", "1"], "q\ny\n");
    assert!(scally.lines().any(|l| l.starts_with("Type") && l.contains("scallywagger")), "{scally}");
}

#[test]
fn ambiguous_text_asks_and_numbers_keep_their_meaning() {
    // In the negotiation P1 types "p2", which names three offers: it is asked, and 3 is still "pay P2 1".
    let log = play("loot-pirates", &["--players", "4", "--seed", "3"], "1\np2\n3\nq\ny\n");
    let asked = log.find("'p2' could be any of these; type its number:").expect("asked");
    assert!(log[asked..].contains("   3. pay P2 1 doubloon"), "{log}");
    assert!(log.contains("You paid P2 1 doubloon; you have 3 doubloons left."), "the payment is said back: {log}");
    assert!(log.contains("P1 pays P2 1 doubloon in negotiation.\n"), "{log}");
}

/// The typing hint's short form works: `show P2` shows your dice to P2.
#[test]
fn the_hints_short_form_show_p2_shows_the_dice() {
    let log = play("loot-pirates", &["--players", "4", "--seed", "3"], "1\nshow P2\nq\ny\n");
    assert!(log.contains("P1 shows their dice to P2"), "{log}");
    assert!(!log.contains("No choice matches"), "{log}");
}

#[test]
fn the_negotiation_announces_passes_offers_left_and_who_waits() {
    let log = play("loot-pirates", &["--players", "4", "--seed", "3"], "1\n3\nq\ny\n");
    // P2, aimed at with a black 6, shows it to its attacker (the loot bot's deal); the passes in a row after it
    // are told in one line.
    assert!(log.contains("P2 shows P1 their dice: red 2, black 6.\nP3 and P4 pass.\n"), "{log}");
    assert!(log.contains("Offers left: P1 2, P2 2, P3 2, P4 2"), "{log}");
    assert!(log.contains("Offers left: P1 1, P2 1, P3 2"), "an offer uses one up: {log}");
    assert!(log.contains("Still to pass before 'Fire!': P1, P2 (P1 to offer or pass now)"), "{log}");
}

#[test]
fn a_pirate_nobody_aims_at_is_told_why_drop_is_missing() {
    let log = play("loot-pirates", &["--players", "4", "--seed", "3"], &"1\n".repeat(600));
    let mut told = 0;
    for block in log.split("Nobody aims at you, so you cannot drop").skip(1) {
        let menu = block.split("your choice:").next().unwrap();
        assert!(!menu.contains("drop your gun") && menu.contains("raise your gun"), "{menu}");
        told += 1;
    }
    assert!(told > 0, "{log}");
    for block in log.split("Ready! Set! Fire!").skip(1) {
        let table = block.split("your choice:").next().unwrap();
        if table.contains("Aiming at you:") {
            assert!(!table.contains("Nobody aims at you"), "{table}");
        }
    }
}

#[test]
fn help_explains_the_rules_and_every_choice_and_hint_asks_the_best_bot() {
    let log = play("liars-dice", &["--seed", "3", "--options", r#"{"dice":5}"#], "2x2\n?\nhint\n? nothing\nq\ny\n");
    assert!(log.contains("Liar's dice. Every player rolls dice hidden in a cup."), "{log}");
    assert!(log.contains("Your choices now:\n   1. call liar: say fewer than "), "{log}");
    assert!(log.contains("Choices 13 to "), "a long menu's tail is summed up: {log}");
    assert!(log.contains("The 'odds' bot, seeing only what you see, would choose: "), "{log}");
    let odds = log.lines().find(|l| l.starts_with("The standing bid ")).expect("the odds of the standing bid");
    assert!(odds.contains(" holds with probability ") && odds.contains("unseen dice"), "{odds}");
    assert!(log.contains("Nothing called 'nothing' here"), "{log}");
    assert!(log.contains("not what the others have claimed so far"), "the odds say what they leave out: {log}");
    // Bets of every size end alike: the ending is said once after them (a trial read it twelve times).
    let log = play("lying-pirates", &["--seed", "3"], "?\nq\ny\n");
    let help = log.split("Your choices now:").nth(1).expect("? at the first bet");
    assert!(help.contains("   1. bet 1 × 2: Say at least 1 die in the cups in play shows 2\n"), "{help}");
    let shared = help.split("\n  Choices 1 to ").nth(1).unwrap_or_default();
    assert!(shared.contains(" each: ones are wild; the next captain raises, locks an exact bet or calls"), "{help}");
    assert_eq!(help.matches("the next captain raises").count(), 1, "{help}");
    // The odds call a bet a bet, as the game does (a trial read "the standing bid" in a game of bets).
    let log = play("lying-pirates", &["--seed", "3"], "1x2\nhint\nq\ny\n");
    assert!(log.contains("\nThe standing bet 2 × 2 holds with probability "), "{log}");
    let log = play("scallywager", &["--seed", "5", "--players", "3"], "? spyglass\nq\ny\n");
    assert!(log.contains("Spyglass (Treasure, one-time): Before bidding: look at two"), "{log}");
    // A special die's face named in a shown cup, and the catch-up rule, each have an entry.
    let log = play("lying-pirates", &["--seed", "5"], "? wisp\n? catch up\nq\ny\n");
    assert!(log.contains("Ghost Die (die): "), "{log}");
    assert!(
        log.contains("Catch-up (end of the Action Phase): the ship in last place may sacrifice 1 crew die"),
        "{log}"
    );
}

#[test]
fn the_game_over_table_keeps_marking_your_seat() {
    let log = play("loot-pirates", &["--players", "3", "--seed", "2"], &"1\n".repeat(400));
    let end = log.rfind("game over").expect("the game ends");
    assert!(log[end..].contains("P1*"), "{}", &log[end..]);
}

#[test]
fn scallywager_shows_out_captains_cards_and_decks() {
    let log = play("scallywager", &["--players", "3", "--seed", "2"], &"1\n".repeat(3000));
    assert!(log.contains("P1* out (no crew)"), "{log}");
    assert!(log.contains("P1 loses 1 crewmate for the call and is out."), "the loss and its cause are told: {log}");
    assert!(log.contains("Decks: Treasure 34 cards (0 discarded), Adventure 36 cards (0 discarded)"), "{log}");
    let draws: Vec<&str> = log.lines().filter(|l| l.contains(" from the Treasure deck")).collect();
    assert!(!draws.is_empty() && draws.iter().all(|l| l.contains(" draws ") && !l.contains('#')), "{draws:?}");
    let uses: Vec<&str> = log.lines().filter(|l| l.contains(" uses ")).collect();
    assert!(!uses.is_empty() && uses.iter().all(|l| l.contains(": ")), "every use says what it did: {uses:?}");
}

#[test]
fn records_and_the_protocol_name_cards() {
    let record = temp("scally.json");
    let out = plunder(
        &["play", "scallywager", "--seats", "odds,odds,odds", "--seed", "9", "--record", record.to_str().unwrap()],
        "",
    );
    assert!(out.status.success(), "{}", text(&out));
    let story = text(&plunder(&["replay", record.to_str().unwrap()], ""));
    assert!(
        story.contains(" draws ") && story.contains(" from the Treasure deck") && !story.contains("card #"),
        "{story}"
    );
}

#[test]
fn rules_prints_the_summary_options_and_designed_content() {
    let scally = text(&plunder(&["rules", "scallywager"], ""));
    assert!(scally.contains("calls out the Scallywagger"), "{scally}");
    assert!(scally.contains("ones_wild = false  - ones count as every face"), "{scally}");
    assert!(scally.contains("Treasure deck (34 cards):") && scally.contains("6 × Spyglass (Treasure"), "{scally}");
    let loot = text(&plunder(&["rules", "loot-pirates"], ""));
    assert!(loot.contains("negotiation_offers = 2") && loot.contains("5 pirates: 46"), "{loot}");
    let dice = text(&plunder(&["rules", "liars-dice"], ""));
    assert!(dice.contains("exact = false") && dice.contains("6s are wild"), "{dice}");
    // The summary is of the table `play` deals (a trial read "one call ends the game", then played to the last die).
    assert!(dice.contains("the last player with dice wins") && !dice.contains("One call ends the game"), "{dice}");
    assert!(dice.contains("The table `plunder play` and the lobby deal: 4 players, "), "{dice}");
    let research = text(&plunder(&["rules", "liars-dice", "--options", r#"{"dice": 1}"#], ""));
    assert!(research.contains("One call ends the game") && !research.contains("lobby deal"), "{research}");
    assert!(text(&plunder(&["rules", "chess"], "")).contains("unknown game 'chess'"));
}

/// The `name` of every entry of a data file's lists `lists` (`entries`, `specials`).
fn data_names(json: &str, lists: &[&str]) -> Vec<String> {
    let file: serde_json::Value = serde_json::from_str(json).unwrap();
    let mut names = Vec::new();
    for list in lists {
        for entry in file[list].as_array().unwrap() {
            names.push(entry["name"].as_str().unwrap().to_string());
        }
    }
    names
}

/// `plunder rules GAME`, checked for its summary, a meaning for every option and every name of its data files.
fn rules_name_everything(game: &str, summary: &str, files: &[(&str, &[&str])]) -> String {
    let rules = text(&plunder(&["rules", game], ""));
    assert!(rules.contains(summary), "{game}'s summary: {rules}");
    let options =
        rules.split("Options (defaults; set any with --options):\n").nth(1).unwrap().split("\n\n").next().unwrap();
    assert!(options.lines().count() >= 5, "{options}");
    for line in options.lines() {
        let meaning = line.split("  - ").nth(1).unwrap_or("");
        assert!(meaning.len() > 10, "{game}: every option says what it means: {line}");
    }
    for (json, lists) in files {
        for name in data_names(json, lists) {
            // Each on a line of its own: "  Name: text", "  3 × Name (Gold): text", "  Name [id]: text".
            let listed = rules.lines().map(|l| l.trim_start()).any(|l| {
                let l = l.split_once(" × ").map_or(l, |(_, rest)| rest);
                l.starts_with(&name)
            });
            assert!(listed, "{game}: {name} missing: {rules}");
        }
    }
    assert!(!rules.contains('#') && !rules.contains("TradingPost"), "names for people, not numbers or enums: {rules}");
    rules
}

#[test]
fn rules_of_the_designed_games_give_a_summary_every_meaning_and_all_their_content() {
    let flag = rules_name_everything(
        "pirates-flag",
        "Whoever carries the flag off the board into The Dread Sea wins.",
        &[
            (include_str!("../../plunder-games/data/pirates-flag/cards.json"), &["entries"]),
            (include_str!("../../plunder-games/data/pirates-flag/captains.json"), &["entries"]),
        ],
    );
    for feature in [
        "Trading Post (spaces 6, 19)",
        "Dock (between spaces 5-6,",
        "Hazard (+1 on 3,",
        "Waterfall (8 down to 14,",
        "The Dread Sea (off space 1)",
    ] {
        assert!(flag.contains(feature), "{feature}: {flag}");
    }
    let haven = rules_name_everything(
        "pirate-haven",
        "the most Fame after round 4 wins",
        &[(include_str!("../../plunder-games/data/pirate-haven/tiles.json"), &["entries", "specials"])],
    );
    for feature in [
        "House spot (b1,",
        "Open spot (d2, c3)",
        "Tavern (printed on the board",
        "Coup track (spots 0 to 8)",
        "Turn track (1st to 4th)",
    ] {
        assert!(haven.contains(feature), "{feature}: {haven}");
    }
    let lying = rules_name_everything(
        "lying-pirates",
        "a race round the map",
        &[
            (include_str!("../../plunder-games/data/lying-pirates/cards.json"), &["entries"]),
            (include_str!("../../plunder-games/data/lying-pirates/tiles.json"), &["entries"]),
            (include_str!("../../plunder-games/data/lying-pirates/captains.json"), &["entries"]),
            (include_str!("../../plunder-games/data/lying-pirates/dice.json"), &["entries"]),
            (include_str!("../../plunder-games/data/lying-pirates/variants.json"), &["entries"]),
        ],
    );
    let draft = lying.lines().find(|l| l.starts_with("  draft = true")).unwrap();
    assert!(draft.contains("the default first_game setup always skips it"), "{draft}");
}

#[test]
fn question_marks_explain_the_choices_and_every_named_thing_of_the_designed_games() {
    // Seed 1: P1's first question is its main action, with its captain's ability beside it.
    let flag = play(
        "pirates-flag",
        &["--seed", "1"],
        "?\n? its you or me\n? CAPTAIN SHAN\n? trading posts\n? the dread sea\nq\ny\n",
    );
    assert!(flag.contains("Whoever carries the flag off the board into The Dread Sea wins."), "{flag}");
    assert!(flag.contains("1. roll for movement: your main action: roll 2 dice and sail that many spaces"), "{flag}");
    assert!(flag.contains("It's you or me! (action card): Choose a player to roll a die."), "{flag}");
    assert!(flag.contains("Captain Shan (captain): Once per game, any time: double your next roll."), "{flag}");
    assert!(flag.contains("Trading Post (spaces 6, 19): end your own movement there"), "{flag}");
    assert!(flag.contains("The Dread Sea (off space 1): every ship starts here"), "{flag}");
    assert!(!flag.contains("Nothing called"), "{flag}");

    // Lying Pirates' own words (a trial asked for each and was told "Nothing called 'exact' here").
    let lying = play(
        "lying-pirates",
        &["--seed", "1"],
        "? exact\n? liar\n? wild\n? coins\n? token\n? phantom\n? curse\nq\ny\n",
    );
    for told in [
        "Exact bet: instead of raising",
        "Liar: you call the last bet false",
        "Wild ones: ones count as every face",
        "Coins: each captain starts with 2",
        "Starting Captain Token: its holder opens the bets",
        "The Phantom: with two players a third captain joins",
        "The curse: when the holder of the Cursed Die makes the bet being judged",
    ] {
        assert!(lying.contains(told), "{told}: {lying}");
    }
    assert!(!lying.contains("Nothing called"), "{lying}");

    let haven =
        play("pirate-haven", &["--seed", "1"], "?\n? farmhouse\n? coup board\n? turn track\n? die tiles\n? p2\nq\ny\n");
    assert!(haven.contains("the most Fame after round 4 wins"), "{haven}");
    assert!(
        haven.contains(
            "2. travel to slot 1 (Farmhouse: your Food dice beside it +1): land on Farmhouse (House): Passive."
        ),
        "the tile on a slot: {haven}"
    );
    assert!(
        haven.contains(
            "7. travel to slot 6 (Smuggler's Den: empty spots beside it take anything): land on Smuggler's Den"
        ),
        "{haven}"
    );
    // A tile the player could only discard says so in the label, and its meaning does not offer a take.
    assert!(
        haven.contains(
            "4. travel to slot 3 (Food 1): you could only discard it (no empty spot on your island accepts it): land \
             on a Food die showing 1 and discard it\n"
        ),
        "{haven}"
    );
    // What the discards that follow have in common is said once after them.
    assert!(
        haven.contains("\n  Choices 3 to 6 each: it leaves the game for this round: taking needs a legal place\n"),
        "{haven}"
    );
    assert!(
        haven.contains(
            "leave the map, ending your round (1st on the Turn track): your disk takes the 1st Turn track spot"
        ),
        "{haven}"
    );
    assert!(haven.contains("\nP1, your choice: Farmhouse (House): Passive. When placed"), "{haven}");
    assert!(haven.contains("Coup board: the Coup track (Statues are won there) and the Turn track"), "{haven}");
    assert!(haven.contains("Turn track (1st to 4th): leaving the map puts your disk"), "{haven}");
    assert!(haven.contains("Die tile: a die of its colour is rolled onto it"), "{haven}");
    // Another player's island, in one line on the board, is shown whole on asking (the second terminal trial).
    assert!(haven.contains("Type ? and a player (? P2) to see their island whole, ? key for the symbols."), "{haven}");
    let asked = haven.split("P1, your choice: ").find(|answer| answer.starts_with("P2: Food")).expect("? p2 answered");
    assert!(asked.contains("\n 4 |"), "the grid of P2's island, row 4 included: {asked}");
    assert!(!haven.contains("Nothing called"), "{haven}");

    let lying = play("lying-pirates", &["--seed", "1"], "? captain barrelbelly\n? krakens lair\n? cursed die\nq\ny\n");
    assert!(lying.contains("Captain Barrelbelly (captain): A big ship: your cup holds up to 12 dice."), "{lying}");
    assert!(lying.contains("Kraken's Lair (tile): You and every ship within 2 tiles"), "{lying}");
    assert!(lying.contains("Cursed Die (die): Faces 2-5 and two Skulls."), "{lying}");
}

fn tournament(extra: &[&str]) -> Output {
    let mut args = vec!["tournament", "--game", "liars-dice", "--bots", "odds,random", "--games", "300", "--seed", "5"];
    args.extend_from_slice(extra);
    plunder(&args, "")
}

#[test]
fn a_tournament_rates_a_strong_bot_above_random_and_draws_its_chart() {
    let dir = temp("tournament");
    let out = tournament(&["--json", "--out", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    let standings: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let bots = standings["bots"].as_array().unwrap();
    assert_eq!((bots[0]["bot"].as_str(), bots[1]["bot"].as_str()), (Some("odds"), Some("random")), "{standings}");
    let interval =
        |i: usize| bots[i]["rating_ci95"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect::<Vec<_>>();
    assert!(interval(1)[1] < interval(0)[0], "the intervals separate odds from random: {standings}");
    assert_eq!(
        (bots[0]["seats"].as_u64(), standings["games"].as_u64()),
        (Some(300), Some(300)),
        "one seat a game each"
    );
    let svg = std::fs::read_to_string(dir.join("ratings.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{svg}");
    assert_eq!(svg.matches("class=\"rating\"").count(), 2, "a dot per bot: {svg}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("tournament.json")).unwrap()).unwrap();
    assert_eq!(saved, standings, "the saved table is the printed one");
}

#[test]
fn a_tournament_is_the_same_for_a_seed_on_any_thread_count() {
    let one = tournament(&["--threads", "1"]);
    let three = tournament(&["--threads", "3"]);
    assert!(one.status.success(), "{}", text(&one));
    assert_eq!(text(&one), text(&three));
    assert!(text(&one).contains("2 seatings (every bot in every seat equally often)"), "{}", text(&one));
    let other_seed =
        plunder(&["tournament", "--game", "liars-dice", "--bots", "odds,random", "--games", "300", "--seed", "6"], "");
    assert_ne!(text(&one), text(&other_seed), "the seed matters");
    for (args, expected) in [
        (vec!["tournament", "--game", "liars-dice", "--bots", "odds"], "at least two bots"),
        (vec!["tournament", "--game", "liars-dice", "--bots", "odds,odds"], "each named once"),
        (vec!["tournament", "--game", "liars-dice", "--bots", "odds,nobody"], "unknown bot 'nobody'"),
    ] {
        let out = plunder(&args, "");
        assert!(!out.status.success() && text(&out).contains(expected), "{args:?}: {}", text(&out));
    }
}

#[test]
fn a_saved_strategy_plays_as_a_bot_in_play_simulate_and_tournament() {
    let file = temp("strategy-d4.json");
    let file = file.to_str().unwrap();
    let solved = plunder(
        &["solve", "liars-dice", "--faces", "4", "--iterations", "200", "--report-every", "200", "--out", file],
        "",
    );
    assert!(solved.status.success(), "{}", text(&solved));
    let bot = format!("strategy:{file}");
    let options = r#"{"faces": 4}"#;
    let sim = plunder(
        &["simulate", "--game", "liars-dice", "--options", options, "--games", "400", "--bots", &bot, "--json"],
        "",
    );
    assert!(sim.status.success(), "{}", text(&sim));
    let rates: serde_json::Value = serde_json::from_slice(&sim.stdout).unwrap();
    let seat0 = rates["seats"][0]["win_rate"].as_f64().unwrap();
    // Against itself, the first bidder wins what the game's value says: near 50%, not 0 or 1.
    assert!((0.3..0.7).contains(&seat0), "{rates}");
    let tour = plunder(
        &[
            "tournament",
            "--game",
            "liars-dice",
            "--options",
            options,
            "--bots",
            &format!("{bot},random"),
            "--games",
            "400",
            "--json",
        ],
        "",
    );
    assert!(tour.status.success(), "{}", text(&tour));
    let standings: serde_json::Value = serde_json::from_slice(&tour.stdout).unwrap();
    assert_eq!(standings["bots"][0]["bot"], bot.as_str(), "the equilibrium strategy beats random: {standings}");
    assert!(standings["bots"][0]["win_rate"].as_f64().unwrap() > 0.6, "{standings}");
    let played =
        plunder(&["play", "liars-dice", "--options", options, "--seats", &format!("{bot},random"), "--seed", "3"], "");
    assert!(played.status.success() && text(&played).contains("Winner"), "{}", text(&played));
    let wrong_game = plunder(&["simulate", "--game", "liars-dice", "--games", "10", "--bots", &bot], "");
    assert!(
        !wrong_game.status.success() && text(&wrong_game).contains("solved for the options"),
        "{}",
        text(&wrong_game)
    );
    let missing = plunder(&["simulate", "--game", "liars-dice", "--bots", "strategy:/nonexistent/s.json"], "");
    assert!(!missing.status.success() && text(&missing).contains("cannot read the strategy"), "{}", text(&missing));
    let no_solver = plunder(&["simulate", "--game", "scallywager", "--bots", &bot], "");
    assert!(!no_solver.status.success() && text(&no_solver).contains("no saved strategies"), "{}", text(&no_solver));
}

/// Runs `plunder ARGS`, stopping it after `seconds`: its output, or `None` if it was still running.
fn plunder_within(args: &[&str], seconds: u64) -> Option<Output> {
    let mut child = command(args).stdin(Stdio::null()).spawn().expect("plunder starts");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

#[test]
fn bad_output_paths_are_refused_before_any_work() {
    let file = temp("an-existing-file.txt");
    std::fs::write(&file, "notes").unwrap();
    let file = file.to_str().unwrap();
    let results = temp("output-paths.jsonl");
    let _ = std::fs::remove_file(&results);
    let results = results.to_str().unwrap();
    let made = plunder(&["simulate", "--game", "liars-dice", "--games", "5", "--results", results], "");
    assert!(made.status.success(), "{}", text(&made));
    let huge = "1000000000000";
    let cases: [(&[&str], &str); 7] = [
        (&["simulate", "--game", "liars-dice", "--games", huge, "--svg", "/nonexistent/x.svg"], "does not exist"),
        (&["simulate", "--game", "liars-dice", "--games", huge, "--results", "/nonexistent/r.jsonl"], "does not exist"),
        (&["tournament", "--game", "liars-dice", "--bots", "odds,random", "--games", huge, "--out", file], "is a file"),
        (&["solve", "liars-dice", "--iterations", "100000000", "--out", "/nonexistent/s.json"], "does not exist"),
        (&["report", "merge", results, "--results", "/nonexistent/all.jsonl"], "does not exist"),
        (&["report", results, "--out", file], "is a file"),
        (&["play", "liars-dice", "--seats", "odds,odds", "--record", "/nonexistent/r.json"], "does not exist"),
    ];
    for (args, reason) in cases {
        let out = plunder_within(args, 10).unwrap_or_else(|| panic!("{args:?} still working after 10 s"));
        assert!(!out.status.success() && text(&out).contains(reason), "{args:?}: {}", text(&out));
    }
    assert_eq!(std::fs::read_to_string(file).unwrap(), "notes", "left as it was");
}

#[test]
fn an_existing_file_is_replaced_only_by_output_of_its_own_kind() {
    let notes = temp("notes-of-mine.txt");
    std::fs::write(&notes, "precious notes").unwrap();
    let notes = notes.to_str().unwrap();
    // A folder with a file of the user's in it, and no earlier report or tournament.
    let folder = temp("a-folder-of-mine");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("scores.svg"), "<svg>mine</svg>").unwrap();
    let folder = folder.to_str().unwrap();
    let results = temp("own-kind.jsonl");
    let _ = std::fs::remove_file(&results);
    let results = results.to_str().unwrap();
    assert!(plunder(&["simulate", "--game", "liars-dice", "--games", "5", "--results", results], "").status.success());
    let huge = "1000000000000";
    let cases: [&[&str]; 7] = [
        &["solve", "liars-dice", "--iterations", "100000000", "--out", notes],
        &["simulate", "--game", "liars-dice", "--games", huge, "--svg", notes],
        &["play", "liars-dice", "--seats", "odds,odds", "--record", notes],
        &["report", "merge", results, "--results", notes],
        &["report", results, "--out", folder],
        &["tournament", "--game", "liars-dice", "--bots", "odds,random", "--games", huge, "--out", folder],
        &["simulate", "--game", "liars-dice", "--games", huge, "--results", notes],
    ];
    for args in cases {
        let out = plunder_within(args, 10).unwrap_or_else(|| panic!("{args:?} still working after 10 s"));
        assert!(!out.status.success(), "{args:?} overwrote a file it did not write: {}", text(&out));
        assert!(
            text(&out).contains("is left as it is") || text(&out).contains("name a new or empty folder"),
            "{args:?}: {}",
            text(&out)
        );
    }
    assert_eq!(std::fs::read_to_string(notes).unwrap(), "precious notes");
    assert_eq!(std::fs::read_to_string(std::path::Path::new(folder).join("scores.svg")).unwrap(), "<svg>mine</svg>");
    // A second run replaces the first one's output of the same kind.
    let strategy = temp("strategy-twice.json");
    let chart = temp("chart-twice.svg");
    let record = temp("record-twice.json");
    let report = temp("report-twice");
    let tour = temp("tournament-twice");
    for path in [&strategy, &chart, &record] {
        let _ = std::fs::remove_file(path);
    }
    for dir in [&report, &tour] {
        let _ = std::fs::remove_dir_all(dir);
    }
    let (strategy, chart, record) = (strategy.to_str().unwrap(), chart.to_str().unwrap(), record.to_str().unwrap());
    let (report, tour) = (report.to_str().unwrap(), tour.to_str().unwrap());
    for _ in 0..2 {
        for args in [
            &["solve", "liars-dice", "--iterations", "5", "--out", strategy][..],
            &["simulate", "--game", "liars-dice", "--games", "5", "--svg", chart],
            &["play", "liars-dice", "--seats", "odds,odds", "--record", record],
            &["report", results, "--out", report],
            &["tournament", "--game", "liars-dice", "--bots", "odds,random", "--games", "4", "--out", tour],
        ] {
            let out = plunder(args, "");
            assert!(out.status.success(), "{args:?}: {}", text(&out));
        }
    }
}

#[test]
fn solve_stops_when_its_reader_goes() {
    use std::io::BufRead;
    let mut child = command(&["solve", "liars-dice", "--iterations", "100000000", "--report-every", "1"])
        .spawn()
        .expect("plunder starts");
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert!(first.starts_with("iteration 1:"), "{first}");
    // The reader is gone (as `| head -1` leaves): the solver must stop soon, quietly.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(status.is_some_and(|s| s.success()), "still solving 10 s after its reader went: {status:?}");
}

#[test]
fn numbers_out_of_range_name_the_valid_range() {
    let cases: [(&[&str], &str); 4] = [
        (&["solve", "liars-dice", "--faces", "1000"], "2..=12"),
        (&["solve", "liars-dice", "--faces", "13"], "2..=12"),
        (&["solve", "liars-dice", "--dice", "1,300"], "1..=10"),
        (&["speed", "--game", "liars-dice", "--runs", "0", "--seconds", "0.01"], "1..=1000"),
    ];
    for (args, range) in cases {
        let out = plunder(args, "");
        assert!(!out.status.success() && text(&out).contains(range), "{args:?}: {}", text(&out));
    }
}

#[test]
fn the_engine_names_an_unknown_bot_with_its_own_code() {
    let requests = [
        r#"{"cmd":"new","game":"liars-dice","seed":1}"#,
        r#"{"cmd":"bot","seat":0,"bot":"nobody","id":1}"#,
        r#"{"cmd":"bot","seat":0,"bot":"ismcts:50","id":2}"#,
        r#"{"cmd":"bot","seat":0,"bot":"ismcts:0","id":3}"#,
        r#"{"cmd":"bot","seat":0,"bot":"ismcts:50:100000s","id":4}"#,
    ];
    let out = plunder(&["engine"], &(requests.join("\n") + "\n"));
    let replies: Vec<serde_json::Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let reply = |id: u64| replies.iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("{replies:?}"));
    assert_eq!(reply(1)["error"]["code"], "unknown_bot", "{}", reply(1));
    assert!(reply(1)["error"]["message"].as_str().unwrap().contains("odds"), "names the game's bots: {}", reply(1));
    assert_eq!(reply(2)["ok"], true, "ismcts:N is a bot: {}", reply(2));
    // A search bot's name out of range says what is out of range.
    let message = |id: u64| reply(id)["error"]["message"].as_str().unwrap_or_default().to_string();
    assert!(message(3).contains("simulations") && message(3).contains("from 1 to"), "{}", reply(3));
    assert!(message(4).contains("time cap") && message(4).contains("3600s"), "{}", reply(4));
    let out = plunder(&["simulate", "--game", "liars-dice", "--games", "1", "--bots", "ismcts:abc"], "");
    assert!(!out.status.success() && text(&out).contains("the simulations (ismcts:N)"), "{}", text(&out));
}

#[test]
fn a_variant_named_twice_is_refused() {
    let twice = r#"{"variants": ["instant-death", "rich-waters", "instant-death"]}"#;
    for args in [
        vec!["simulate", "--game", "lying-pirates", "--games", "1", "--options", twice],
        vec!["play", "lying-pirates", "--seats", "captain,captain", "--seed", "1", "--options", twice],
    ] {
        let out = plunder(&args, "");
        assert!(!out.status.success() && text(&out).contains("instant-death is named twice"), "{}", text(&out));
    }
    let once = plunder(
        &["simulate", "--game", "lying-pirates", "--games", "1", "--options", r#"{"variants": ["instant-death"]}"#],
        "",
    );
    assert!(once.status.success(), "{}", text(&once));
}

#[test]
fn simulate_counts_the_games_no_seat_won() {
    // Two players of Lying Pirates race the Phantom, a captain no seat plays: its wins belong to no seat.
    let args = ["simulate", "--game", "lying-pirates", "--players", "2", "--games", "200", "--bots", "captain"];
    let out = plunder(&[&args[..], &["--seed", "1", "--json"]].concat(), "");
    assert!(out.status.success(), "{}", text(&out));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let no_seat = summary["no_seat_won"].as_u64().unwrap();
    let seats: f64 = summary["seats"].as_array().unwrap().iter().map(|s| s["wins"].as_f64().unwrap()).sum();
    assert!(no_seat > 0, "the Phantom wins some games: {summary}");
    assert!((seats + no_seat as f64 - 200.0).abs() < 1e-9, "every game is someone's: {summary}");
    let out = plunder(&[&args[..], &["--seed", "1"]].concat(), "");
    assert!(text(&out).contains(&format!("no seat won {no_seat} of the games")), "{}", text(&out));
}

#[test]
fn a_refused_typed_move_names_the_rule_it_breaks() {
    let log = play("liars-dice", &["--seed", "3", "--options", r#"{"dice":5}"#], "0x5\nq\ny\n");
    assert!(log.contains("a bid needs at least one die (the rulings: "), "{log}");
    assert!(log.contains("A bid is of one die at least"), "the rule's own sentence: {log}");
    let log = play("scallywager", &["--seed", "5", "--players", "3"], "1x1\nq\ny\n");
    assert!(log.contains("no captain may bid on ones (the rulings: "), "{log}");
    assert!(log.contains("Either way ones are never bid"), "{log}");
}

#[test]
fn the_pirates_flag_names_the_captain_and_what_it_does_and_tells_the_roll_off_rolls() {
    let captains = r#"{"captains":["captain-blackwater","captain-gale","captain-drake"]}"#;
    let log = play("pirates-flag", &["--seed", "2", "--players", "3", "--options", captains], "q\ny\n");
    assert!(
        log.contains(
            "use Captain Blackwater: move your ship up to 6 spaces in one direction ... (6 ways: you choose next)"
        ),
        "{log}"
    );
    assert!(!log.contains("use your captain"), "no bare numbers: {log}");
    // One line a player's roll, with both dice: "P1 rolls 3 and 6 for first player: 9 in all."
    assert!(!log.contains("for first player (die"), "{log}");
    let rolls = log.lines().filter(|l| l.contains(" and ") && l.contains(" for first player: ")).count();
    assert!(rolls >= 3, "every player's roll-off roll is told: {log}");
}

#[test]
fn pirate_havens_menu_names_slots_and_spots_in_words_with_a_legend() {
    let log = play("pirate-haven", &["--seed", "1", "--players", "2"], "q\ny\n");
    assert!(log.contains("travel to slot 1 ("), "{log}");
    assert!(log.contains("b2.1 is the first spot"), "the legend for the short codes: {log}");
}

#[test]
fn options_are_read_from_a_file_named_after_an_at_sign() {
    let file = temp("two-dice.json");
    std::fs::write(&file, r#"{"dice": 2}"#).unwrap();
    let at = format!("@{}", file.display());
    let out =
        plunder(&["speed", "--game", "liars-dice", "--options", &at, "--seconds", "0.05", "--runs", "1", "--json"], "");
    assert!(out.status.success(), "{}", text(&out));
    let speed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(speed["options"]["dice"], 2, "{speed}");
    let out = plunder(&["play", "liars-dice", "--seats", "odds,odds", "--seed", "1", "--options", &at], "");
    assert!(out.status.success() && text(&out).contains("2 dice"), "{}", text(&out));

    let not_json = temp("not-json.json");
    std::fs::write(&not_json, "dice: 2").unwrap();
    let out = plunder(&["speed", "--game", "liars-dice", "--options", &format!("@{}", not_json.display())], "");
    assert!(text(&out).contains(&format!("--options @{} is not JSON", not_json.display())), "{}", text(&out));
}

#[test]
fn a_missing_options_file_is_named_in_the_error() {
    let missing = "@/nonexistent/options.json";
    for args in [
        vec!["play", "liars-dice"],
        vec!["simulate", "--game", "liars-dice"],
        vec!["tournament", "--game", "liars-dice", "--bots", "odds,random"],
        vec!["speed", "--game", "liars-dice"],
        vec!["rules", "liars-dice"],
    ] {
        let out = plunder(&[&args[..], &["--options", missing]].concat(), "");
        assert!(!out.status.success(), "{args:?}");
        assert!(
            text(&out).contains("--options @/nonexistent/options.json: cannot read the file: No such file"),
            "{args:?}: {}",
            text(&out)
        );
    }
}

#[test]
fn rules_show_a_designers_own_cards_given_as_options() {
    let deck = temp("parrot-deck.json");
    let options = serde_json::json!({"treasure_deck": {"deck": "treasure", "cards": [{
        "id": "parrot", "name": "Talking Parrot", "copies": 6, "source": "designed",
        "effect": {"type": "peek", "dice": 1}, "text": "Before bidding: look at one die of a captain of your choice."
    }]}});
    std::fs::write(&deck, options.to_string()).unwrap();
    let out = plunder(&["rules", "scallywager", "--options", &format!("@{}", deck.display())], "");
    let rules = text(&out);
    assert!(out.status.success(), "{rules}");
    assert!(rules.contains("Treasure deck (6 cards):") && rules.contains("6 × Talking Parrot (Treasure"), "{rules}");
    assert!(!rules.contains("Spyglass"), "the built-in Treasure deck is replaced: {rules}");

    let lasting = options.to_string().replace(r#""source":"designed""#, r#""source":"designed","lasting":true"#);
    let out = plunder(&["rules", "scallywager", "--options", &lasting], "");
    assert!(!out.status.success());
    assert!(text(&out).contains("'parrot': effect \"peek\" cannot be lasting"), "{}", text(&out));
}

/// A terminal trial: `plunder play liars-dice` was OpenSpiel's research game (two players, one die, one round),
/// over at the first call. With nothing chosen it is the table people play, as in the lobby: four
/// players with five dice each, to the last die; options given are the game's own.
#[test]
fn liars_dice_with_nothing_chosen_is_the_table_people_play() {
    let log = play("liars-dice", &["--seed", "1"], "q\ny\n");
    assert!(log.contains("P1 rolls 5 dice") && log.contains("P4:") && !log.contains("P5:"), "{log}");
    let log = play("liars-dice", &["--seed", "1", "--seats", "human,odds"], "q\ny\n");
    assert!(log.contains("P1 rolls 5 dice") && !log.contains("P3:"), "the seats set the table's size: {log}");
    // Options given are the game's own, as in `simulate`; what the people's table adds is said (a trial's
    // Perudo-style wild ones got the research game's one die, unwarned).
    let log = play("liars-dice", &["--seed", "1", "--options", r#"{"wild": "ones"}"#], "q\ny\n");
    assert!(log.contains("P1 rolls 1 die") && !log.contains("P3:") && log.contains("1s are wild"), "{log}");
    let told = r#"not the table people play: add {"dice":5,"length":"to_last_die"} (and --players 4)"#;
    assert!(log.contains(told), "{log}");
    let log = play(
        "liars-dice",
        &["--seed", "1", "--players", "4", "--options", r#"{"dice": 5, "length": "to_last_die", "wild": "ones"}"#],
        "q\ny\n",
    );
    assert!(
        log.contains("P1 rolls 5 dice") && log.contains("P4:") && !log.contains("not the table people play"),
        "{log}"
    );
}

/// The start says "P1: human (marked P1* on this seat's boards)": every game's board marks the person's seat so
/// (a trial never saw it in Pirate Haven).
#[test]
fn every_games_board_marks_the_persons_seat_as_the_start_says() {
    for game in ["liars-dice", "scallywager", "loot-pirates", "lying-pirates", "pirates-flag", "pirate-haven"] {
        let out = play(game, &["--seed", "3"], "q\ny\n");
        assert!(out.contains("P1: human (marked P1* on this seat's boards)"), "{game}: {out}");
        let board = &out[out.find("P1: human").map_or(0, |i| i + 9)..];
        assert!(board.contains("P1*"), "{game}: the board does not mark P1*: {board}");
    }
}
