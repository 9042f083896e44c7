//! Golden playthroughs: for every registered game, a seeded game played by its default bot, written out step by
//! step (each chance outcome; each decision with the acting seat's and the spectator's views as JSON, the
//! action's label and JSON; every event told, with its audience, words and JSON), then the outcome and every seat's information-state key. The test compares with
//! `tests/golden/GAME.txt`, so any change in rules, views, labels, randomness or hashing shows up as a diff to
//! review. Refresh after an intended change with
//!
//! ```text
//! UPDATE_GOLDEN=1 cargo test -p plunder-games --test golden
//! ```
//!
//! A game gets its file by being registered: the test walks the registry. The table is the game's smallest
//! under its default options, which keeps the files short.
// This test reads and writes its golden files (the rules themselves do no I/O: clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::fmt::Write as _;
use std::path::PathBuf;

use plunder_core::{Audience, ChanceMode, Narrate, Roster, Seat, Session, Status, Turn, Viewer};
use plunder_games::{games, with_game, GameVisitor};

const SEED: u64 = 7;

/// A transcript stays under this many bytes, so reviewing a diff stays possible. Lying Pirates' seeded game (about
/// ten rounds of bets, Sail and Action windows and battles, two views per decision) needs the most.
const MAX_BYTES: usize = 1_000_000;

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serializes")
}

/// Plays the game and writes its transcript.
struct Transcript;

impl GameVisitor for Transcript {
    type Output = String;

    fn visit<G: Roster + Narrate>(self) -> String {
        let defaults = G::new(G::Options::default()).expect("default options are valid");
        let players = defaults.facts().min_players;
        let game = G::new(G::options_for_players(players)).expect("the smallest table is valid");
        let bot = plunder_core::bot_kinds::<G>()[0].name;
        let mut bots: Vec<_> = Seat::all(players)
            .map(|seat| plunder_core::make_bot::<G>(bot, SEED + seat.0 as u64).expect("the default bot exists"))
            .collect();
        let mut out = String::new();
        let _ = writeln!(out, "# {} golden playthrough: seed {SEED}, {players} players, bot {bot}", G::ID);
        let _ = writeln!(out, "# refresh: UPDATE_GOLDEN=1 cargo test -p plunder-games --test golden");
        let _ = writeln!(out, "options {}", json(game.options()));
        let max_steps = game.facts().max_steps;
        let mut session = Session::new(game, SEED, ChanceMode::Scripted);
        for step in 0.. {
            assert!(step <= max_steps, "{} ran past its facts' max_steps", G::ID);
            match session.status() {
                Status::Over => break,
                Status::Chance => {
                    let outcome = session.sample_chance().expect("a chance event is pending");
                    let label = session.game().chance_label(&outcome);
                    let _ = writeln!(out, "{step} chance: {label} {}", json(&outcome));
                }
                Status::Decide(deciders) => {
                    let seat = deciders.lowest().expect("someone decides");
                    let view = session.view(Viewer::Seat(seat));
                    let legal = session.legal_actions(seat);
                    // `Narrate::choice_steps`' contract, which the server relies on: one step is the whole label.
                    for a in &legal {
                        let steps = session.game().choice_steps(&view, a);
                        assert!(!steps.is_empty(), "{}: no steps for {a:?}", G::ID);
                        if let [one] = &steps[..] {
                            assert_eq!(*one, session.game().label_in_view(&view, a), "{}", G::ID);
                        }
                    }
                    let turn = Turn::new(session.game(), session.state(), seat, &view, &legal);
                    let action = bots[seat.index()].act(&turn);
                    let _ = writeln!(out, "{step} view {seat}: {}", json(&view));
                    let _ = writeln!(out, "{step} view spectator: {}", json(&session.view(Viewer::Spectator)));
                    let label = session.game().label_in_view(&view, &action);
                    let _ = writeln!(out, "{step} {seat} plays: {label} {}", json(&action));
                    session.play(seat, action).expect("bots play legal actions");
                }
            }
            for told in session.told_at(step as usize) {
                let to = match told.to {
                    Audience::Everyone => "everyone".to_string(),
                    Audience::Only(seat) => format!("{seat} only"),
                    Audience::AllBut(seat) => format!("all but {seat}"),
                    Audience::Neither(a, b) => format!("all but {a} and {b}"),
                };
                let _ = writeln!(out, "{step} told {to}: {} {}", session.game().tell(&told.event), json(&told.event));
            }
        }
        let _ = writeln!(out, "outcome {}", json(&session.outcome().expect("a finished game has an outcome")));
        let info = session.information_states();
        for seat in Seat::all(players) {
            let _ = writeln!(out, "information state {seat}: {:016x}", info.key(seat));
        }
        out
    }
}

fn golden_path(id: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("golden").join(format!("{id}.txt"))
}

#[test]
fn every_game_replays_its_golden_playthrough() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for info in games() {
        let transcript = with_game(info.id, Transcript).expect("registered games are found");
        assert!(transcript.len() < MAX_BYTES, "{}: the transcript has {} bytes", info.id, transcript.len());
        assert_eq!(
            transcript,
            with_game(info.id, Transcript).unwrap(),
            "{}: the same seed plays the same game",
            info.id
        );
        let path = golden_path(info.id);
        if update {
            std::fs::create_dir_all(path.parent().unwrap()).expect("the golden folder can be made");
            std::fs::write(&path, &transcript).expect("the golden file can be written");
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("{}: no golden file {} ({e}); make it with UPDATE_GOLDEN=1", info.id, path.display())
        });
        if let Some((line, (want, got))) =
            expected.lines().zip(transcript.lines()).enumerate().find(|(_, (want, got))| want != got)
        {
            panic!(
                "{}: the playthrough differs from {} at line {}:\n  golden: {want}\n  now:    {got}\n\
                 (if the change is intended: UPDATE_GOLDEN=1 cargo test -p plunder-games --test golden)",
                info.id,
                path.display(),
                line + 1
            );
        }
        assert_eq!(
            expected.lines().count(),
            transcript.lines().count(),
            "{}: the playthrough's length changed",
            info.id
        );
    }
}
