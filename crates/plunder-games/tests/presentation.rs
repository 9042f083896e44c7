//! Every game's declared drawing of its view (`Narrate::presentation`, the browser's generic drawing): each path
//! names a field its views hold (a renamed field must not leave a hint behind), with a value of the kind declared,
//! and each kind is one the client draws.

use std::collections::BTreeMap;

use plunder_core::conformance::random_step;
use plunder_core::{options_from_json, ChanceMode, Narrate, Rng, Roster, Seat, Session, Viewer};
use plunder_games::{games, with_game, GameVisitor};
use serde_json::Value;

const KINDS: [&str; 7] = ["faces", "named_faces", "cups", "coins", "count", "seats", "by_seat"];
const SEEDS: u64 = 4;
const STEPS: usize = 1500;

/// Every value under `path` in `value` (list items share their list's path), as `(path, value)`.
fn walk<'a>(path: &str, value: &'a Value, out: &mut Vec<(String, &'a Value)>) {
    match value {
        Value::Object(fields) => {
            for (key, v) in fields {
                let inner = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                out.push((inner.clone(), v));
                walk(&inner, v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| walk(path, v, out)),
        _ => {}
    }
}

/// Whether `value` is what `kind` says, at a table of `players`.
fn is_kind(kind: &str, value: &Value, players: usize) -> bool {
    let number = |v: &Value| v.as_u64().is_some();
    let face = |v: &Value| v.is_null() || v.as_u64().is_some_and(|f| f <= 20);
    let list = |v: &Value| v.as_array().cloned().unwrap_or_default();
    match kind {
        "faces" => value.as_array().is_some_and(|l| {
            l.iter().all(face) || l.iter().all(|cup| cup.as_array().is_some_and(|c| c.iter().all(face)))
        }),
        "named_faces" => value.as_object().is_some_and(|o| o.values().all(face)),
        "cups" | "by_seat" => {
            value.as_array().is_some_and(|l| l.len() == players)
                && (kind == "by_seat" || list(value).iter().all(number))
        }
        "coins" => number(value) || value.as_array().is_some_and(|l| l.len() == players && l.iter().all(number)),
        "count" => number(value),
        "seats" => {
            value.as_array().is_some_and(|l| l.iter().all(|s| s.as_u64().is_some_and(|s| (s as usize) < players)))
        }
        _ => false,
    }
}

struct Declared;

impl GameVisitor for Declared {
    /// The declared paths never seen in a view (with a value), and the values seen not of their declared kind.
    type Output = (Vec<String>, Vec<String>);
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let game = G::new(options_from_json::<G>(None, &Value::Null).unwrap()).unwrap();
        let declared: BTreeMap<String, String> = serde_json::from_value(game.presentation()).unwrap();
        let unknown: Vec<&String> = declared.values().filter(|k| !KINDS.contains(&k.as_str())).collect();
        assert!(unknown.is_empty(), "{}: kinds the client does not draw: {unknown:?}", G::ID);
        let (mut seen, mut wrong) = (BTreeMap::new(), Vec::new());
        for seed in 0..SEEDS {
            let mut session = Session::new(game.clone(), seed, ChanceMode::Sampled);
            let mut rng = Rng::seeded(seed ^ 0x5eed);
            let players = game.seats();
            for _ in 0..STEPS {
                let viewers = Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]);
                for viewer in viewers {
                    let view = serde_json::to_value(session.view(viewer)).unwrap();
                    let mut values = Vec::new();
                    walk("", &view, &mut values);
                    for (path, value) in values.into_iter().filter(|(_, v)| !v.is_null()) {
                        if let Some(kind) = declared.get(&path) {
                            seen.insert(path.clone(), ());
                            if !is_kind(kind, value, players) && wrong.len() < 5 {
                                wrong.push(format!("{path} ({kind}): {value}"));
                            }
                        }
                    }
                }
                if !random_step(&mut session, &mut rng) {
                    break;
                }
            }
        }
        (declared.into_keys().filter(|path| !seen.contains_key(path)).collect(), wrong)
    }
}

#[test]
fn every_declared_field_is_in_the_views_and_of_its_kind() {
    for info in games() {
        let (never, wrong) = with_game(info.id, Declared).unwrap();
        assert!(never.is_empty(), "{}: declared but never in a view: {never:?}", info.id);
        assert!(wrong.is_empty(), "{}: not of their declared kind: {wrong:?}", info.id);
        assert!(info.presentation.as_object().is_some_and(|o| !o.is_empty()), "{}: declares nothing", info.id);
    }
}
