//! `plunder engine`: a JSON-lines protocol on stdin/stdout so that a program in any language can drive a game,
//! as UCI does for chess. One request per line, one reply per line. Every error is a reply with a code and a
//! message; no input ends the process except `quit` or the end of input. See docs/protocol.md.
//!
//! The engine is the referee: `record` and the pending chance outcomes show everything. Send a seat only what
//! `view` returns for that seat.

use std::io::{BufRead, ErrorKind, Write};

use plunder_core::{ChanceMode, DynSession, Labeled, PlayError, Record, Seat, Status, Viewer};
use plunder_games::{games, new_session, replay_record, with_game, GameVisitor};
use serde_json::{json, Value};

use crate::excerpt::{excerpt, excerpt_json, shorten_message};

/// The protocol's version, sent in the greeting.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest request line read by default, in bytes (without the newline). A request is parsed into a JSON
/// tree that takes dozens of times its size in memory, so the cap bounds the engine's memory; a record of the
/// longest games measured is well under it (see docs/protocol.md).
pub const DEFAULT_MAX_LINE_BYTES: usize = 1 << 20;

/// A protocol error: a stable code and a message for people.
#[derive(Debug, PartialEq)]
pub struct EngineError {
    pub code: &'static str,
    pub message: String,
}

impl EngineError {
    fn new(code: &'static str, message: impl Into<String>) -> EngineError {
        EngineError { code, message: message.into() }
    }
}

impl From<PlayError> for EngineError {
    fn from(e: PlayError) -> EngineError {
        EngineError::new(e.code(), e.to_string())
    }
}

/// The engine's state: at most one game at a time.
#[derive(Debug, Default)]
pub struct Engine {
    session: Option<Box<dyn DynSession>>,
}

/// Reads requests from `input` and writes replies to `output` until `quit` or the end of input. A line longer
/// than `max_line_bytes` gets a `line_too_long` reply without being kept or parsed.
pub fn run(mut input: impl BufRead, mut output: impl Write, max_line_bytes: usize) -> Result<(), String> {
    let io = |e: std::io::Error| format!("engine I/O failed: {e}");
    let greeting =
        json!({"ok": true, "engine": "plunder", "protocol": PROTOCOL_VERSION, "version": env!("CARGO_PKG_VERSION")});
    writeln!(output, "{greeting}").map_err(io)?;
    output.flush().map_err(io)?;
    let mut engine = Engine::default();
    let mut line = Vec::new();
    loop {
        let (reply, quit) = match read_line(&mut input, &mut line, max_line_bytes).map_err(io)? {
            Line::End => return Ok(()),
            Line::TooLong { bytes } => (
                error_reply(
                    None,
                    EngineError::new(
                        "line_too_long",
                        format!("a request line has at most {max_line_bytes} bytes; this one had {bytes}"),
                    ),
                ),
                false,
            ),
            Line::Read => {
                let text = String::from_utf8_lossy(&line);
                if text.trim().is_empty() {
                    continue;
                }
                engine.handle(&text)
            }
        };
        writeln!(output, "{reply}").map_err(io)?;
        output.flush().map_err(io)?;
        if quit {
            return Ok(());
        }
    }
}

/// What [`read_line`] found.
#[derive(Debug, PartialEq)]
enum Line {
    /// A line (without its newline) is in the buffer.
    Read,
    /// A line of `bytes` bytes was longer than the cap; it was skipped, not kept.
    TooLong { bytes: usize },
    /// The input ended.
    End,
}

/// Reads one line into `line`, keeping at most `max` bytes of it: a longer line is read to its end and
/// dropped, so memory stays bounded by the cap whatever the input.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> std::io::Result<Line> {
    line.clear();
    let (mut bytes, mut started) = (0usize, false);
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let (body, used, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (&chunk[..at], at + 1, true),
            None => (chunk, chunk.len(), chunk.is_empty()),
        };
        if chunk.is_empty() && !started {
            return Ok(Line::End);
        }
        started = true;
        bytes += body.len();
        if bytes <= max {
            line.extend_from_slice(body);
        } else if !line.is_empty() {
            *line = Vec::new();
        }
        input.consume(used);
        if ended {
            return Ok(if bytes > max { Line::TooLong { bytes } } else { Line::Read });
        }
    }
}

fn field<'a>(request: &'a Value, name: &str) -> Result<&'a Value, EngineError> {
    request.get(name).ok_or_else(|| EngineError::new("missing_field", format!("this command needs \"{name}\"")))
}

fn seat_field(request: &Value) -> Result<Seat, EngineError> {
    let value = field(request, "seat")?;
    value.as_u64().filter(|&n| n < 256).map(|n| Seat(n as u8)).ok_or_else(|| {
        EngineError::new("bad_field", format!("\"seat\" must be a seat number, not {}", excerpt_json(value)))
    })
}

fn optional_u64(request: &Value, name: &str) -> Result<Option<u64>, EngineError> {
    match request.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_u64().map(Some).ok_or_else(|| {
            EngineError::new("bad_field", format!("\"{name}\" must be a whole number, not {}", excerpt_json(v)))
        }),
    }
}

fn labeled(items: Vec<Labeled>) -> Value {
    serde_json::to_value(items).expect("labels serialize")
}

fn status_json(session: &dyn DynSession) -> Value {
    match session.status() {
        Status::Decide(seats) => json!({"state": "decide", "seats": seats, "round": session.round()}),
        Status::Chance => json!({"state": "chance", "round": session.round()}),
        Status::Over => json!({"state": "over", "round": session.round(), "outcome": session.outcome()}),
    }
}

struct BotNames;

impl GameVisitor for BotNames {
    type Output = Vec<&'static str>;
    fn visit<G: plunder_core::Roster + plunder_core::Narrate>(self) -> Self::Output {
        plunder_core::bot_kinds::<G>().iter().map(|k| k.name).collect()
    }
}

/// Whether the game has a bot of this name (one of its own, `random`, or `ismcts:N`).
struct OffersBot<'a>(&'a str);

impl GameVisitor for OffersBot<'_> {
    type Output = bool;
    fn visit<G: plunder_core::Roster + plunder_core::Narrate>(self) -> bool {
        plunder_core::make_bot::<G>(self.0, 0).is_some()
    }
}

impl Engine {
    /// The seats of the current game (0 before any).
    pub fn seats(&self) -> usize {
        self.session.as_ref().map_or(0, |session| session.seats())
    }

    /// Answers one request line; the flag says whether to stop.
    pub fn handle(&mut self, line: &str) -> (Value, bool) {
        let request: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => return (error_reply(None, EngineError::new("malformed_json", e.to_string())), false),
        };
        let id = request.get("id").cloned();
        let quit = request.get("cmd").and_then(Value::as_str) == Some("quit");
        let reply = match self.dispatch(&request) {
            Ok(mut body) => {
                body["ok"] = true.into();
                if let Some(id) = &id {
                    body["id"] = id.clone();
                }
                body
            }
            Err(e) => error_reply(id, e),
        };
        (reply, quit)
    }

    fn session(&self) -> Result<&dyn DynSession, EngineError> {
        self.session
            .as_deref()
            .ok_or_else(|| EngineError::new("no_game", "no game yet: send {\"cmd\":\"new\",...} first"))
    }

    fn session_mut(&mut self) -> Result<&mut Box<dyn DynSession>, EngineError> {
        self.session
            .as_mut()
            .ok_or_else(|| EngineError::new("no_game", "no game yet: send {\"cmd\":\"new\",...} first"))
    }

    fn dispatch(&mut self, request: &Value) -> Result<Value, EngineError> {
        if !request.is_object() {
            return Err(EngineError::new("malformed_request", "a request is a JSON object with a \"cmd\""));
        }
        let cmd =
            field(request, "cmd")?.as_str().ok_or_else(|| EngineError::new("bad_field", "\"cmd\" must be a string"))?;
        match cmd {
            "games" => Ok(json!({"games": games().iter().map(|g| json!({
                "id": g.id, "name": g.name, "min_players": g.min_players, "max_players": g.max_players,
                "bots": with_game(g.id, BotNames).unwrap_or_default(),
            })).collect::<Vec<_>>()})),
            "new" => {
                let game = field(request, "game")?
                    .as_str()
                    .ok_or_else(|| EngineError::new("bad_field", "\"game\" must be a game id"))?;
                let players = optional_u64(request, "players")?.map(|p| p as usize);
                let seed = optional_u64(request, "seed")?.unwrap_or(0);
                let options = request.get("options").cloned().unwrap_or(Value::Null);
                let mode = chance_mode(request)?;
                let session = new_session(game, players, &options, seed, mode)
                    .map_err(|e| EngineError::new(e.code(), e.to_string()))?;
                let status = status_json(session.as_ref());
                let seats = session.seats();
                self.session = Some(session);
                Ok(json!({"game": game, "seats": seats, "status": status}))
            }
            "load" => {
                let record: Record = serde_json::from_value(field(request, "record")?.clone())
                    .map_err(|e| EngineError::new("bad_record", e.to_string()))?;
                record.check_format().map_err(|e| EngineError::new("bad_record", e.to_string()))?;
                let session = replay_record(&record).map_err(|e| EngineError::new("bad_record", e.to_string()))?;
                let status = status_json(session.as_ref());
                self.session = Some(session);
                Ok(json!({"status": status}))
            }
            "status" => Ok(json!({"status": status_json(self.session()?)})),
            "outcomes" => Ok(json!({"outcomes": labeled(self.session()?.chance_outcomes())})),
            "legal" => {
                let seat = seat_field(request)?;
                Ok(json!({"actions": labeled(self.session()?.legal_actions(seat)?)}))
            }
            "play" => {
                let seat = seat_field(request)?;
                let action = field(request, "action")?;
                let session = self.session_mut()?;
                session.play(seat, action)?;
                Ok(json!({"status": status_json(session.as_ref())}))
            }
            "chance" => {
                let outcome = field(request, "outcome")?;
                let session = self.session_mut()?;
                session.supply_chance(outcome)?;
                Ok(json!({"status": status_json(session.as_ref())}))
            }
            "sample" => {
                let session = self.session_mut()?;
                let drawn = session.sample_chance()?;
                Ok(json!({"drawn": drawn, "status": status_json(session.as_ref())}))
            }
            "view" => {
                let viewer = match request.get("seat") {
                    None | Some(Value::Null) => Viewer::Spectator,
                    Some(_) => Viewer::Seat(seat_field(request)?),
                };
                Ok(json!({"view": self.session()?.view(viewer)?}))
            }
            "facts" => Ok(json!({"facts": self.session()?.facts()})),
            "info_state" => {
                let seat = seat_field(request)?;
                let key = self.session()?.information_state(seat)?;
                // As a hex string: JSON numbers past 2^53 lose digits in most clients.
                Ok(json!({"info_state": format!("{key:016x}")}))
            }
            "outcome" => Ok(json!({"outcome": self.session()?.outcome()})),
            "record" => Ok(json!({"record": self.session()?.record()})),
            "bot" => {
                let seat = seat_field(request)?;
                let bot = field(request, "bot")?
                    .as_str()
                    .ok_or_else(|| EngineError::new("bad_field", "\"bot\" must be a bot name"))?;
                let seed = optional_u64(request, "seed")?.unwrap_or(0);
                let session = self.session()?;
                // A name the game has no bot for is a bad request, not a malformed action (`malformed`).
                if !with_game(session.game_id(), OffersBot(bot)).unwrap_or(false) {
                    return Err(EngineError::new(
                        "unknown_bot",
                        format!(
                            "unknown bot '{}' (this game has: {})",
                            excerpt(bot),
                            with_game(session.game_id(), BotNames).unwrap_or_default().join(", ")
                        ),
                    ));
                }
                let suggestion = session.suggest(seat, bot, seed)?;
                Ok(serde_json::to_value(suggestion).expect("labels serialize"))
            }
            "quit" => Ok(json!({})),
            other => Err(EngineError::new(
                "unknown_command",
                format!("unknown command '{}' (commands: games, new, load, status, legal, outcomes, play, chance, sample, view, facts, info_state, outcome, record, bot, quit)", excerpt(other)),
            )),
        }
    }
}

/// The `chance` field of `new`: absent or null means sampled; anything but the two names is refused.
fn chance_mode(request: &Value) -> Result<ChanceMode, EngineError> {
    match request.get("chance") {
        None | Some(Value::Null) => Ok(ChanceMode::Sampled),
        Some(Value::String(name)) if name == "sampled" => Ok(ChanceMode::Sampled),
        Some(Value::String(name)) if name == "scripted" => Ok(ChanceMode::Scripted),
        Some(other) => Err(EngineError::new(
            "bad_field",
            format!("\"chance\" is \"sampled\" or \"scripted\", not {}", excerpt_json(other)),
        )),
    }
}

/// An error reply. The message is shortened here, once, for every error: rules and serde quote input whole.
fn error_reply(id: Option<Value>, e: EngineError) -> Value {
    let mut reply = json!({"ok": false, "error": {"code": e.code, "message": shorten_message(&e.message)}});
    if let Some(id) = id {
        reply["id"] = id;
    }
    reply
}

#[cfg(test)]
mod tests {
    use super::*;
    use plunder_core::Rng;

    fn send(engine: &mut Engine, request: Value) -> Value {
        engine.handle(&request.to_string()).0
    }

    fn code(reply: &Value) -> &str {
        reply["error"]["code"].as_str().unwrap_or("")
    }

    #[test]
    fn facts_and_information_states_for_researchers() {
        let mut e = Engine::default();
        assert_eq!(code(&send(&mut e, json!({"cmd": "facts"}))), "no_game");
        send(&mut e, json!({"cmd": "new", "game": "liars-dice", "chance": "scripted"}));
        let facts = send(&mut e, json!({"cmd": "facts"}));
        assert_eq!(facts["facts"]["utility"]["kind"], "zero_sum", "OpenSpiel's liar's dice is zero-sum");
        assert_eq!(facts["facts"]["hidden_information"], true);
        let key = |e: &mut Engine, seat: u64| send(e, json!({"cmd": "info_state", "seat": seat}))["info_state"].clone();
        assert_eq!(key(&mut e, 0).as_str().unwrap().len(), 16, "a 64-bit key in hex");
        // Two games differ only in seat 0's die: seat 0 can tell them apart, seat 1 cannot.
        let mut twin = Engine::default();
        send(&mut twin, json!({"cmd": "new", "game": "liars-dice", "chance": "scripted"}));
        send(&mut e, json!({"cmd": "chance", "outcome": {"seat": 0, "face": 3}}));
        send(&mut twin, json!({"cmd": "chance", "outcome": {"seat": 0, "face": 5}}));
        assert_ne!(key(&mut e, 0), key(&mut twin, 0));
        assert_eq!(key(&mut e, 1), key(&mut twin, 1), "another seat's die is no information");
        assert_eq!(code(&send(&mut e, json!({"cmd": "info_state", "seat": 7}))), "no_such_seat");
    }

    #[test]
    fn a_whole_game_through_the_protocol_with_scripted_dice() {
        let mut engine = Engine::default();
        let reply = send(
            &mut engine,
            json!({"cmd": "new", "game": "loot-pirates", "players": 3, "chance": "scripted",
            "options": {"booty": 1, "negotiation_offers": 0}, "id": "a"}),
        );
        assert_eq!(reply["ok"], true, "{reply}");
        assert_eq!(reply["id"], "a");
        assert_eq!(reply["status"]["state"], "chance");
        let outcomes = send(&mut engine, json!({"cmd": "outcomes"}))["outcomes"].as_array().unwrap().clone();
        assert_eq!(outcomes.len(), 36);
        let total: f64 = outcomes.iter().map(|o| o["probability"].as_f64().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-9);
        for (seat, red, black) in [(0, 6, 1), (1, 1, 1), (2, 1, 1)] {
            let r = send(
                &mut engine,
                json!({"cmd": "chance", "outcome": {"type": "roll", "seat": seat, "red": red, "black": black}}),
            );
            assert_eq!(r["ok"], true, "{r}");
        }
        for (seat, target) in [(0, 1), (1, 0), (2, 0)] {
            send(&mut engine, json!({"cmd": "play", "seat": seat, "action": {"type": "aim", "target": target}}));
        }
        // P2's view shows its own dice but not P1's.
        let view = send(&mut engine, json!({"cmd": "view", "seat": 1}));
        assert_eq!(view["view"]["my_dice"], json!({"red": 1, "black": 1}));
        assert!(!view.to_string().contains("\"red\":6"));
        for (seat, choice) in [(0, "shoot"), (1, "raise"), (2, "raise")] {
            let r =
                send(&mut engine, json!({"cmd": "play", "seat": seat, "action": {"type": "fire", "choice": choice}}));
            assert_eq!(r["ok"], true, "{r}");
        }
        let outcome = send(&mut engine, json!({"cmd": "outcome"}));
        assert_eq!(outcome["outcome"]["winners"], json!([0]), "{outcome}");
        let record = send(&mut engine, json!({"cmd": "record"}))["record"].clone();
        assert_eq!(record["format"], "plunder-record");
        // The record loads back into a fresh engine at the same place.
        let mut other = Engine::default();
        let loaded = send(&mut other, json!({"cmd": "load", "record": record}));
        assert_eq!(loaded["status"]["state"], "over", "{loaded}");
        assert_eq!(send(&mut other, json!({"cmd": "view"})), send(&mut engine, json!({"cmd": "view"})));
    }

    #[test]
    fn errors_are_replies_with_codes_and_change_nothing() {
        let mut engine = Engine::default();
        assert_eq!(code(&engine.handle("{not json").0), "malformed_json");
        assert_eq!(code(&send(&mut engine, json!({"cmd": "status"}))), "no_game");
        assert_eq!(code(&send(&mut engine, json!({"nocmd": 1}))), "missing_field");
        assert_eq!(code(&send(&mut engine, json!({"cmd": "new", "game": "chess"}))), "unknown_game");
        assert_eq!(
            code(&send(&mut engine, json!({"cmd": "new", "game": "loot-pirates", "players": 9}))),
            "bad_options"
        );
        assert_eq!(code(&send(&mut engine, json!({"cmd": "new", "game": "loot-pirates", "seed": -1}))), "bad_field");
        send(&mut engine, json!({"cmd": "new", "game": "loot-pirates", "players": 4, "seed": 3}));
        let before = send(&mut engine, json!({"cmd": "record"}));
        for bad in [
            json!({"cmd": "play", "seat": 0, "action": {"type": "aim", "target": 0}}),
            json!({"cmd": "play", "seat": 0, "action": {"type": "pass"}}),
            json!({"cmd": "play", "seat": 0, "action": "aim"}),
            json!({"cmd": "play", "seat": 9, "action": {"type": "pass"}}),
            json!({"cmd": "play", "seat": "x", "action": {"type": "pass"}}),
            json!({"cmd": "chance", "outcome": {"type": "roll", "seat": 0, "red": 1, "black": 1}}),
            json!({"cmd": "load", "record": {"format": "other"}}),
            json!({"cmd": "bot", "seat": 0, "bot": "nobody"}),
        ] {
            let reply = send(&mut engine, bad.clone());
            assert_eq!(reply["ok"], false, "{bad} -> {reply}");
            assert!(!reply["error"]["message"].as_str().unwrap().is_empty());
        }
        assert_eq!(send(&mut engine, json!({"cmd": "record"})), before, "refused requests changed the game");
        let (reply, quit) = engine.handle(r#"{"cmd":"quit"}"#);
        assert!(quit && reply["ok"] == true);
    }

    /// The engine's replies to `lines` fed through the line reader with a cap of `max` bytes.
    fn replies_to(lines: &[String], max: usize) -> Vec<Value> {
        let mut output = Vec::new();
        run((lines.join("\n") + "\n").as_bytes(), &mut output, max).unwrap();
        String::from_utf8(output).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    #[test]
    fn a_chance_mode_of_the_wrong_type_is_refused_and_keeps_the_game() {
        let mut engine = Engine::default();
        send(&mut engine, json!({"cmd": "new", "game": "liars-dice", "chance": "scripted", "seed": 4}));
        let before = send(&mut engine, json!({"cmd": "record"}));
        for chance in [json!(5), json!(true), json!([]), json!(["scripted"]), json!({}), json!("Scripted")] {
            let reply = send(&mut engine, json!({"cmd": "new", "game": "liars-dice", "chance": chance}));
            assert_eq!(code(&reply), "bad_field", "{chance} -> {reply}");
        }
        assert_eq!(send(&mut engine, json!({"cmd": "record"})), before);
        for (chance, state) in [(json!(null), "decide"), (json!("sampled"), "decide"), (json!("scripted"), "chance")] {
            let reply = send(&mut engine, json!({"cmd": "new", "game": "liars-dice", "chance": chance}));
            assert_eq!(reply["status"]["state"], state, "{chance} -> {reply}");
        }
    }

    #[test]
    fn a_record_whose_options_are_not_an_object_is_refused() {
        let mut engine = Engine::default();
        send(&mut engine, json!({"cmd": "new", "game": "liars-dice", "players": 2, "seed": 1}));
        let mut record = send(&mut engine, json!({"cmd": "record"}))["record"].clone();
        assert_eq!(send(&mut Engine::default(), json!({"cmd": "load", "record": record}))["ok"], true);
        // The options as an array of their values in field order: serde would read it as a 5-player game.
        for options in [json!([5, [3, 1, 2, 1, 1]]), json!(5), json!("players")] {
            record["options"] = options.clone();
            let reply = send(&mut engine, json!({"cmd": "load", "record": record}));
            assert_eq!(code(&reply), "bad_record", "{options} -> {reply}");
        }
        assert_eq!(engine.seats(), 2, "the refused loads kept the game");
    }

    #[test]
    fn players_disagreeing_with_the_options_or_past_a_byte_are_refused() {
        let mut engine = Engine::default();
        for request in [
            json!({"cmd": "new", "game": "liars-dice", "players": 3, "options": {"players": 5}}),
            json!({"cmd": "new", "game": "liars-dice", "players": 258}),
            json!({"cmd": "new", "game": "loot-pirates", "players": 259}),
        ] {
            let reply = send(&mut engine, request.clone());
            assert_eq!(code(&reply), "bad_options", "{request} -> {reply}");
        }
        assert_eq!(engine.seats(), 0);
        // Saying the same size twice is fine.
        let reply =
            send(&mut engine, json!({"cmd": "new", "game": "liars-dice", "players": 4, "options": {"players": 4}}));
        assert_eq!(reply["seats"], 4, "{reply}");
    }

    #[test]
    fn a_line_over_the_cap_is_refused_unread_and_the_engine_goes_on() {
        let new = json!({"cmd": "new", "game": "liars-dice", "id": 1}).to_string();
        let long = json!({"cmd": "load", "record": "x".repeat(5000)}).to_string();
        let replies = replies_to(&[new.clone(), long, r#"{"cmd":"status","id":2}"#.into()], 1000);
        assert_eq!(replies.len(), 4, "{replies:?}");
        assert_eq!(replies[1]["id"], 1);
        assert_eq!(code(&replies[2]), "line_too_long", "{}", replies[2]);
        assert!(replies[2]["error"]["message"].as_str().unwrap().contains("at most 1000 bytes"));
        assert_eq!(replies[3]["id"], 2, "the next line is read whole: {}", replies[3]);
        // A line exactly at the cap is read.
        let padded = format!("{new:<1000}");
        assert_eq!(replies_to(&[padded], 1000)[1]["ok"], true);
    }

    #[test]
    fn the_line_reader_keeps_no_more_than_the_cap() {
        // A reader with a small buffer hands the line over in pieces, as a pipe does.
        let input = "y".repeat(100_000) + "\nshort\n";
        let mut reader = std::io::BufReader::with_capacity(64, input.as_bytes());
        let mut line = Vec::new();
        assert_eq!(read_line(&mut reader, &mut line, 1000).unwrap(), Line::TooLong { bytes: 100_000 });
        assert!(line.capacity() <= 1000 + 64, "kept {} bytes of a refused line", line.capacity());
        assert_eq!(read_line(&mut reader, &mut line, 1000).unwrap(), Line::Read);
        assert_eq!(line, b"short");
        assert_eq!(read_line(&mut reader, &mut line, 1000).unwrap(), Line::End);
        // A last line without a newline still counts.
        let mut reader = std::io::BufReader::new(&b"tail"[..]);
        assert_eq!(read_line(&mut reader, &mut line, 1000).unwrap(), Line::Read);
        assert_eq!(line, b"tail");
    }

    #[test]
    fn error_messages_quote_only_a_prefix_of_a_long_value() {
        let mut engine = Engine::default();
        let huge = "z".repeat(100_000);
        for request in [
            json!({"cmd": huge}),
            json!({"cmd": "new", "game": huge}),
            json!({"cmd": "new", "game": "liars-dice", "chance": huge}),
            json!({"cmd": "new", "game": "liars-dice", "seed": [huge]}),
            json!({"cmd": "new", "game": "liars-dice", "options": {"wild": huge}}),
            json!({"cmd": "new", "game": "liars-dice", "options": {huge.clone(): 1}}),
            json!({"cmd": "load", "record": {"format": huge, "version": 1, "game": "liars-dice", "options": {},
                "seed": 0, "chance": "sampled", "events": []}}),
            json!({"cmd": "load", "record": {"format": "plunder-record", "version": 1, "game": huge, "options": {},
                "seed": 0, "chance": "sampled", "events": []}}),
        ] {
            let reply = send(&mut engine, request);
            let message = reply["error"]["message"].as_str().unwrap();
            let start: String = message.chars().take(200).collect();
            assert!(message.len() < 500 && message.contains("zzzz"), "{} bytes: {start}", message.len());
        }
        send(&mut engine, json!({"cmd": "new", "game": "liars-dice"}));
        for request in [
            json!({"cmd": "play", "seat": 0, "action": {"type": huge}}),
            json!({"cmd": "play", "seat": huge, "action": {"type": "liar"}}),
            json!({"cmd": "bot", "seat": 0, "bot": huge}),
        ] {
            let reply = send(&mut engine, request);
            let text = reply.to_string();
            assert!(text.len() < 600, "{}", text.chars().take(200).collect::<String>());
        }
    }

    #[test]
    fn ids_are_echoed_exactly_within_64_bit_integers_and_as_floats_beyond() {
        let mut engine = Engine::default();
        for id in [json!(u64::MAX), json!(i64::MIN), json!("any text"), json!({"a": [1, 2]}), json!(0.5)] {
            assert_eq!(send(&mut engine, json!({"cmd": "games", "id": id}))["id"], id);
        }
        // 2^64 does not fit: it is read as a 64-bit float, as documented.
        let reply = engine.handle(r#"{"cmd":"games","id":18446744073709551616}"#).0;
        assert_eq!(reply["id"], json!(18446744073709551616.0));
    }

    #[test]
    fn a_scripted_game_reloaded_samples_from_its_seed_afresh() {
        // Documented: a record cannot tell sampled outcomes from supplied ones, so after `load` the generator
        // starts again from the seed.
        let new = json!({"cmd": "new", "game": "liars-dice", "chance": "scripted", "seed": 9});
        let mut engine = Engine::default();
        send(&mut engine, new.clone());
        let first = send(&mut engine, json!({"cmd": "sample"}))["drawn"].clone();
        let record = send(&mut engine, json!({"cmd": "record"}))["record"].clone();
        let mut reloaded = Engine::default();
        send(&mut reloaded, json!({"cmd": "load", "record": record}));
        let mut fresh = Engine::default();
        send(&mut fresh, new);
        send(&mut fresh, json!({"cmd": "chance", "outcome": first["outcome"]}));
        assert_eq!(send(&mut reloaded, json!({"cmd": "sample"})), send(&mut fresh, json!({"cmd": "sample"})));
    }

    #[test]
    fn every_game_plays_to_the_end_through_the_protocol_and_its_record_loads() {
        for info in games() {
            let mut engine = Engine::default();
            let reply =
                send(&mut engine, json!({"cmd": "new", "game": info.id, "players": info.min_players + 1, "seed": 3}));
            assert_eq!(reply["ok"], true, "{}: {reply}", info.id);
            for step in 0.. {
                assert!(step < 100_000, "{} did not end", info.id);
                let status = send(&mut engine, json!({"cmd": "status"}))["status"].clone();
                if status["state"] == "over" {
                    break;
                }
                let seat = status["seats"][0].as_u64().unwrap();
                let choice = send(&mut engine, json!({"cmd": "bot", "seat": seat, "bot": "random", "seed": step}));
                assert_eq!(choice["ok"], true, "{}: {choice}", info.id);
                let played = send(&mut engine, json!({"cmd": "play", "seat": seat, "action": choice["action"]}));
                assert_eq!(played["ok"], true, "{}: {played}", info.id);
            }
            let record = send(&mut engine, json!({"cmd": "record"}))["record"].clone();
            let mut other = Engine::default();
            let loaded = send(&mut other, json!({"cmd": "load", "record": record}));
            assert_eq!(loaded["status"]["state"], "over", "{}: {loaded}", info.id);
            assert_eq!(send(&mut other, json!({"cmd": "outcome"})), send(&mut engine, json!({"cmd": "outcome"})));
        }
    }

    #[test]
    fn no_input_kills_the_engine() {
        // Random bytes, truncated requests and wrong types: every line gets exactly one reply.
        let mut rng = Rng::seeded(11);
        let seeds = [
            r#"{"cmd":"new","game":"loot-pirates","players":3}"#,
            r#"{"cmd":"play","seat":0,"action":{"type":"aim","target":1}}"#,
            r#"{"cmd":"view","seat":1}"#,
            r#"{"cmd":"legal","seat":2}"#,
            r#"{"cmd":"bot","seat":1,"bot":"loot"}"#,
        ];
        let mut input = Vec::new();
        for i in 0..400 {
            let mut line: Vec<u8> = seeds[i % seeds.len()].bytes().collect();
            for _ in 0..rng.below(4) {
                let at = rng.index(line.len());
                match rng.below(3) {
                    0 => line[at] = rng.below(256) as u8,
                    1 => line.truncate(at.max(1)),
                    _ => line.insert(at, b"{}[]\":,0-9"[rng.index(10)]),
                }
            }
            line.retain(|&b| b != b'\n');
            input.extend_from_slice(&line);
            input.push(b'\n');
        }
        let mut output = Vec::new();
        run(&input[..], &mut output, DEFAULT_MAX_LINE_BYTES).expect("the engine survives any input");
        let replies: Vec<Value> = String::from_utf8(output)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).expect("every reply is JSON"))
            .collect();
        let nonblank = input.split(|&b| b == b'\n').filter(|l| !String::from_utf8_lossy(l).trim().is_empty()).count();
        assert_eq!(replies.len(), 1 + nonblank, "a greeting, then one reply per request");
    }
}
