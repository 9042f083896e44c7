//! The generated game types (`static/games/views.d.ts`) against the JSON the games really send: random games of
//! every registered game, with every seat's and the spectator's view and every legal action along the way,
//! written as TypeScript constants of the game's `View` and `Action` types, which `tsc --strict` must accept. A
//! field the JSON has and the type lacks (or the other way round), or a value of another type, fails: so the
//! hand-written JSON (a seat set, Pirate Haven's compact view, Loot Pirates' report, Scallywager's showdown) and
//! its hand-written types cannot drift apart.
//!
//! Needs the e2e tools (`cd crates/plunder-server/e2e && npm install`); without them it says so and passes.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use plunder_core::{ChanceMode, Seat, Status, Viewer};
use serde_json::Value;

/// Views and actions of one game: at most this many random games, each at most `STEPS` decisions.
const GAMES: u64 = 4;
const STEPS: usize = 300;

/// What a type check tells apart in `value`: its keys, strings (tags) and kinds of values, each array as its
/// different elements (so samples differing only in numbers or lengths count once).
fn shape(value: &Value) -> Value {
    match value {
        Value::Number(_) => Value::from(0),
        Value::Array(items) => {
            let mut shapes: Vec<Value> = Vec::new();
            for item in items.iter().map(shape) {
                if !shapes.contains(&item) {
                    shapes.push(item);
                }
            }
            Value::Array(shapes)
        }
        Value::Object(fields) => Value::Object(fields.iter().map(|(k, v)| (k.clone(), shape(v))).collect()),
        other => other.clone(),
    }
}

/// Samples of `id`'s views and actions: the JSON texts, one of each [`shape`].
fn samples(id: &str) -> (Vec<String>, Vec<String>) {
    let (mut views, mut actions) = (Vec::new(), Vec::new());
    let mut shapes = HashSet::new();
    let mut keep = |list: &mut Vec<String>, value: &Value| {
        if shapes.insert(shape(value).to_string()) {
            list.push(value.to_string());
        }
    };
    for seed in 0..GAMES {
        let mut session = plunder_games::new_session(id, None, &Value::Null, seed, ChanceMode::Sampled).unwrap();
        let mut pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..STEPS {
            for viewer in Seat::all(session.seats()).map(Viewer::Seat).chain([Viewer::Spectator]) {
                keep(&mut views, &session.view(viewer).unwrap());
            }
            match session.status() {
                Status::Over => break,
                Status::Chance => {
                    session.sample_chance().unwrap();
                }
                Status::Decide(seats) => {
                    let seat = seats.lowest().unwrap();
                    let legal = session.legal_actions(seat).unwrap();
                    let jsons: Vec<Value> = legal
                        .iter()
                        .map(|l| match &l.json {
                            plunder_core::LabeledJson::Action { action } => action.clone(),
                            plunder_core::LabeledJson::Chance { .. } => unreachable!("a seat's choice is an action"),
                        })
                        .collect();
                    jsons.iter().for_each(|a| keep(&mut actions, a));
                    // A little xorshift: which legal action, reproducibly.
                    pick ^= pick << 13;
                    pick ^= pick >> 7;
                    pick ^= pick << 17;
                    session.play(seat, &jsons[(pick % jsons.len() as u64) as usize]).unwrap();
                }
            }
        }
    }
    (views, actions)
}

#[test]
fn every_games_views_and_actions_have_their_typescript_types() {
    let e2e = Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e");
    let tsc = e2e.join("node_modules/.bin/tsc");
    if !tsc.exists() {
        eprintln!("skipped: no {} (run `npm install` in crates/plunder-server/e2e)", tsc.display());
        return;
    }
    let types = Path::new(env!("CARGO_MANIFEST_DIR")).join("static/games/views");
    let mut source = format!("import type * as T from {:?};\n", types.display().to_string());
    for game in plunder_server::game_types::games() {
        let (views, actions) = samples(game.id);
        assert!(!views.is_empty() && !actions.is_empty(), "{}: no samples", game.id);
        for (i, view) in views.iter().enumerate() {
            writeln!(source, "export const {}View{i}: T.{}View = {view};", game.namespace, game.namespace).unwrap();
        }
        for (i, action) in actions.iter().enumerate() {
            writeln!(source, "export const {}Action{i}: T.{}Action = {action};", game.namespace, game.namespace)
                .unwrap();
        }
    }
    let dir = std::env::temp_dir().join(format!("plunder-view-types-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("samples.ts");
    std::fs::write(&file, &source).unwrap();
    let output = Command::new(&tsc)
        .args(["--noEmit", "--strict", "--exactOptionalPropertyTypes", "--target", "es2022", "--module", "es2022"])
        .args(["--moduleResolution", "bundler", "--skipLibCheck"])
        .arg(&file)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    if output.status.success() {
        std::fs::remove_dir_all(&dir).ok();
    }
    assert!(
        output.status.success(),
        "the JSON of a game's view or action does not fit its generated type (samples in {}):\n{report}",
        file.display()
    );
}
