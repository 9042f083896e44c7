//! A bounded property-based fuzzer of the engine protocol, for every registered game: sequences of valid,
//! near-valid and hostile requests, and after every refused one the status, every seat's view, the spectator's
//! view, the record and the outcome must be byte-identical (`plunder_cli::fuzz::handle_checked`). A game added to
//! the registry is fuzzed with nothing to write.

use plunder_cli::engine::Engine;
use plunder_cli::fuzz::handle_checked;
use plunder_games::games;
use proptest::prelude::*;
use serde_json::{json, Value};

/// Any JSON value, small: the hostile contents of a field.
fn hostile_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(Value::from),
        "[a-z_ ]{0,12}".prop_map(Value::from),
        Just(json!("scripted")),
        Just(json!(255)),
        Just(json!(-1)),
    ];
    leaf.prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Value::from),
            prop::collection::btree_map("[a-z]{1,6}|type|seat|face|quantity", inner, 0..3)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// One step of a fuzzed conversation, read against the engine's state when it is played.
#[derive(Clone, Debug)]
enum Op {
    /// A legal action of a deciding seat (keeps the game moving).
    PlayLegal(usize),
    /// A pending chance outcome (scripted games) or a sample.
    Chance(usize),
    /// A legal action with one field set to a hostile value.
    PlayMutated(usize, String, Value),
    /// A legal action played by another seat.
    PlayWrongSeat(usize, u64),
    /// A well-formed request for the game as it stands, with one of its fields (chosen by the number) set to
    /// a hostile value.
    Field(&'static str, usize, Value),
    /// The current record, loaded back with one field set to a hostile value.
    LoadMutated(&'static str, Value),
    /// A raw line: broken JSON and the like.
    Raw(String),
    /// A read-only or bot request, well formed.
    Ask(&'static str, u64),
}

fn op() -> impl Strategy<Value = Op> {
    let command = prop::sample::select(vec!["new", "load", "legal", "play", "chance", "view", "bot", "sample", "quux"]);
    let record_field =
        prop::sample::select(vec!["format", "version", "game", "options", "seed", "chance", "events", "outcome"]);
    let ask = prop::sample::select(vec![
        "status",
        "outcomes",
        "legal",
        "view",
        "bot",
        "outcome",
        "record",
        "games",
        "facts",
        "info_state",
    ]);
    prop_oneof![
        4 => any::<usize>().prop_map(Op::PlayLegal),
        3 => any::<usize>().prop_map(Op::Chance),
        2 => (any::<usize>(), "type|seat|target|quantity|face|deck|card|choice|to|doubloons", hostile_value())
            .prop_map(|(k, f, v)| Op::PlayMutated(k, f, v)),
        1 => (any::<usize>(), 0u64..10).prop_map(|(k, s)| Op::PlayWrongSeat(k, s)),
        3 => (command, any::<usize>(), hostile_value()).prop_map(|(c, f, v)| Op::Field(c, f, v)),
        1 => (record_field, hostile_value()).prop_map(|(f, v)| Op::LoadMutated(f, v)),
        1 => "[{}\\[\\]\":,a-z0-9 ]{0,40}".prop_map(Op::Raw),
        1 => (ask, 0u64..8).prop_map(|(a, s)| Op::Ask(a, s)),
    ]
}

fn ask(engine: &mut Engine, request: Value) -> Value {
    handle_checked(engine, &request.to_string())
}

/// A legal action of some deciding seat, chosen by `k`, with the seat.
fn legal_action(engine: &mut Engine, k: usize) -> Option<(u64, Value)> {
    let status = ask(engine, json!({"cmd": "status"}))["status"].clone();
    let seats = status["seats"].as_array()?.clone();
    let seat = seats.get(k % seats.len().max(1))?.as_u64()?;
    let actions = ask(engine, json!({"cmd": "legal", "seat": seat}))["actions"].as_array()?.clone();
    let action = actions.get((k / 7) % actions.len().max(1))?["action"].clone();
    Some((seat, action))
}

/// A request for `cmd` that the engine would accept now, as far as the game allows (`k` picks among choices).
fn well_formed(engine: &mut Engine, cmd: &str, k: usize) -> Value {
    let all = games();
    let info = &all[k % all.len()];
    let seat = legal_action(engine, k).map_or(0, |(seat, _)| seat);
    match cmd {
        "new" => json!({"cmd": "new", "game": info.id, "players": info.min_players, "seed": k, "chance": "scripted",
            "options": {}}),
        "load" => json!({"cmd": "load", "record": ask(engine, json!({"cmd": "record"}))["record"]}),
        "play" => match legal_action(engine, k) {
            Some((seat, action)) => json!({"cmd": "play", "seat": seat, "action": action}),
            None => json!({"cmd": "play", "seat": 0, "action": {"type": "pass"}}),
        },
        "chance" => {
            let outcomes = ask(engine, json!({"cmd": "outcomes"}))["outcomes"].as_array().cloned().unwrap_or_default();
            let outcome = outcomes.get(k % outcomes.len().max(1)).map_or(Value::Null, |o| o["outcome"].clone());
            json!({"cmd": "chance", "outcome": outcome})
        }
        "bot" => json!({"cmd": "bot", "seat": seat, "bot": "random", "seed": k}),
        other => json!({"cmd": other, "seat": seat}),
    }
}

fn play(engine: &mut Engine, op: &Op) {
    match op {
        Op::PlayLegal(k) => {
            if let Some((seat, action)) = legal_action(engine, *k) {
                let reply = ask(engine, json!({"cmd": "play", "seat": seat, "action": action}));
                assert_eq!(reply["ok"], true, "a legal action was refused: {reply}");
            }
        }
        Op::Chance(k) => {
            let outcomes = ask(engine, json!({"cmd": "outcomes"}))["outcomes"].as_array().cloned().unwrap_or_default();
            match outcomes.get(k % outcomes.len().max(1)) {
                Some(o) if k % 3 != 0 => {
                    let reply = ask(engine, json!({"cmd": "chance", "outcome": o["outcome"]}));
                    assert_eq!(reply["ok"], true, "a listed outcome was refused: {reply}");
                }
                _ => {
                    ask(engine, json!({"cmd": "sample"}));
                }
            }
        }
        Op::PlayMutated(k, field, value) => {
            if let Some((seat, mut action)) = legal_action(engine, *k) {
                if let Some(object) = action.as_object_mut() {
                    object.insert(field.clone(), value.clone());
                } else {
                    action = value.clone();
                }
                ask(engine, json!({"cmd": "play", "seat": seat, "action": action}));
            }
        }
        Op::PlayWrongSeat(k, seat) => {
            if let Some((_, action)) = legal_action(engine, *k) {
                ask(engine, json!({"cmd": "play", "seat": seat, "action": action}));
            }
        }
        Op::Field(cmd, k, value) => {
            let mut request = well_formed(engine, cmd, *k);
            let fields: Vec<String> = request.as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default();
            request[&fields[k % fields.len()]] = value.clone();
            ask(engine, request);
        }
        Op::LoadMutated(field, value) => {
            let mut record = ask(engine, json!({"cmd": "record"}))["record"].clone();
            if record.is_object() {
                record[*field] = value.clone();
                ask(engine, json!({"cmd": "load", "record": record}));
            }
        }
        Op::Raw(line) => {
            handle_checked(engine, line);
        }
        Op::Ask(what, seat) => {
            ask(engine, json!({"cmd": what, "seat": seat, "bot": "random", "seed": seat}));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn refused_requests_change_nothing_in_any_game(
        game in 0..games().len(),
        extra_players in 0usize..8,
        scripted in any::<bool>(),
        seed in any::<u64>(),
        ops in prop::collection::vec(op(), 1..48),
    ) {
        let info = &games()[game];
        let players = info.min_players + extra_players % (info.max_players - info.min_players + 1);
        let mut engine = Engine::default();
        let chance = if scripted { "scripted" } else { "sampled" };
        let reply = ask(&mut engine, json!({"cmd": "new", "game": info.id, "players": players, "seed": seed, "chance": chance}));
        prop_assert_eq!(&reply["ok"], &json!(true), "{}", reply);
        for op in &ops {
            play(&mut engine, op);
        }
    }
}
