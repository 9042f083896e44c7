//! The bodies of the fuzz targets in `fuzz/`: plain functions, so the normal test suite runs them on the seed
//! corpus (`tests/fuzz_corpus.rs`) and a change that breaks them fails `cargo test`, not only a nightly fuzz
//! run. Each panics when a property fails, which is how a fuzzer reports a find.

use plunder_core::Record;
use serde_json::{json, Value};

use crate::engine::{self, Engine};

/// A line cap small enough that fuzzed input reaches it.
const FUZZ_MAX_LINE_BYTES: usize = 4096;

/// Everything a refused request must leave as it was: the status, every seat's and the spectator's view, the
/// record and the outcome, as the protocol reports them (so byte for byte what a client would see).
pub fn snapshot(engine: &mut Engine) -> Vec<String> {
    let ask = |engine: &mut Engine, request: Value| engine.handle(&request.to_string()).0.to_string();
    let mut seen = vec![ask(engine, json!({"cmd": "status"}))];
    let seats = engine.seats();
    seen.extend((0..seats).map(|seat| ask(engine, json!({"cmd": "view", "seat": seat}))));
    for request in [json!({"cmd": "view"}), json!({"cmd": "record"}), json!({"cmd": "outcome"})] {
        seen.push(ask(engine, request));
    }
    seen
}

/// Handles one request line and, if the engine refused it, asserts that nothing changed. Returns the reply.
pub fn handle_checked(engine: &mut Engine, line: &str) -> Value {
    let before = snapshot(engine);
    let (reply, _) = engine.handle(line);
    assert!(reply["ok"].is_boolean(), "every reply says ok or not: {reply}");
    if reply["ok"] == false {
        assert!(reply["error"]["code"].is_string() && reply["error"]["message"].is_string(), "{reply}");
        let message = reply["error"]["message"].as_str().unwrap_or_default();
        assert!(message.chars().count() <= crate::excerpt::MESSAGE_CHARS + 1, "a long message: {message}");
        assert_eq!(snapshot(engine), before, "the refused request {line} changed the game ({reply})");
    }
    reply
}

/// Fuzz target `engine_lines`: the bytes are request lines. Every line gets one JSON reply (through the real
/// line reader, with a small cap), and every refused request changes nothing.
pub fn engine_lines(data: &[u8]) {
    let mut output = Vec::new();
    engine::run(data, &mut output, FUZZ_MAX_LINE_BYTES).expect("writing to memory cannot fail");
    let replies: Vec<Value> = String::from_utf8(output)
        .expect("replies are UTF-8")
        .lines()
        .map(|reply| serde_json::from_str(reply).expect("every reply is JSON"))
        .collect();
    let mut requests = 0;
    for line in data.split(|&b| b == b'\n') {
        let text = String::from_utf8_lossy(line);
        if text.trim().is_empty() {
            continue;
        }
        requests += 1;
        let request: Option<Value> =
            (line.len() <= FUZZ_MAX_LINE_BYTES).then(|| serde_json::from_str(&text).ok()).flatten();
        if request.is_some_and(|r| r["cmd"] == "quit") {
            break;
        }
    }
    assert_eq!(replies.len(), 1 + requests, "a greeting, then one reply per request");
    let mut engine = Engine::default();
    for line in data.split(|&b| b == b'\n').filter(|l| l.len() <= FUZZ_MAX_LINE_BYTES) {
        let text = String::from_utf8_lossy(line);
        if !text.trim().is_empty() {
            handle_checked(&mut engine, &text);
        }
    }
}

/// Fuzz target `load_record`: the bytes are a record file. Loading either refuses it with an error or gives a
/// game whose own record loads back to the same record.
pub fn load_record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(record) = Record::from_json(text) else { return };
    let Ok(session) = plunder_games::replay_record(&record) else { return };
    let again = session.record();
    let reloaded = plunder_games::replay_record(&again).expect("a loaded game's record loads");
    assert_eq!(reloaded.record(), again, "a record changes when loaded twice");
    assert_eq!(reloaded.status(), session.status());
}
