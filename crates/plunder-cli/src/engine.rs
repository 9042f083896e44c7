//! `plunder engine`: a JSON-lines protocol on stdin/stdout so that a program in any language can drive a game,
//! as UCI does for chess. One request per line, one reply per line. Every error is a reply with a code and a
//! message; no input ends the process except `quit` or the end of input. See docs/protocol.md.
//!
//! The engine is the referee: `record` and the pending chance outcomes show everything. Send a seat only what
//! `view` returns for that seat.

use std::borrow::Cow;
use std::io::{BufRead, ErrorKind, Write};
use std::time::Duration;

use plunder_core::{ChanceMode, DynSession, Entry, Labeled, PlayError, Record, Replayer, Seat, Status, Timing, Viewer};
use plunder_games::{games, new_session, replay_record, with_game, GameVisitor};
use serde::de::{Deserializer as _, Error as _, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};

use crate::excerpt::{excerpt, excerpt_json, shorten_message};

/// The protocol's version, sent in the greeting.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest request line read by default, in bytes (without the newline). A request is parsed into a JSON
/// tree that takes dozens of times its size in memory, so the cap bounds the engine's memory. A `load` may be
/// longer, up to its record's allowance (see docs/protocol.md).
pub const DEFAULT_MAX_LINE_BYTES: usize = 1 << 20;

/// The longest `load` line read by default, in bytes: no record's allowance goes past it. Such a line is held
/// as text and its events are parsed one at a time, so memory stays a few times this whatever the input.
pub const DEFAULT_MAX_RECORD_BYTES: usize = 64 << 20;

/// What a record's allowance counts for each step its game's options allow (`Facts::max_steps`): an event's
/// JSON is well under it (the longest seen in random games of every game is about 110 bytes).
const RECORD_BYTES_PER_STEP: u64 = 256;

/// The longest one event of a record longer than a request line may be, in bytes: it bounds the JSON tree of
/// the one event parsed at a time.
const MAX_EVENT_BYTES: usize = 64 << 10;

/// The engine's limits (see docs/protocol.md).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Limits {
    /// The longest request line, in bytes.
    pub line_bytes: usize,
    /// The longest `load` line, in bytes, whatever its record's allowance.
    pub record_bytes: usize,
    /// How long a `bot` search named without a time (`ismcts`, `ismcts:N`, `rollout`, `rollout:N`) may think.
    pub search_time: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            line_bytes: DEFAULT_MAX_LINE_BYTES,
            record_bytes: DEFAULT_MAX_RECORD_BYTES,
            search_time: plunder_core::ismcts::DEFAULT_TIME_CAP,
        }
    }
}

impl Limits {
    /// The longest `load` line for a record of a game whose options allow `max_steps` steps: a request line,
    /// and [`RECORD_BYTES_PER_STEP`] a step, at most `record_bytes`.
    pub fn record_allowance(&self, max_steps: u64) -> usize {
        let allowance = max_steps.saturating_mul(RECORD_BYTES_PER_STEP).saturating_add(self.line_bytes as u64);
        allowance.min(self.record_bytes.max(self.line_bytes) as u64) as usize
    }
}

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
#[derive(Debug)]
pub struct Engine {
    session: Option<Box<dyn DynSession>>,
    limits: Limits,
    /// The clock and cap of search bots, so that one `bot` request cannot hold the engine for hours.
    timing: Timing,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::with_limits(Limits::default())
    }
}

/// [`run_with`] with a cap of `max_line_bytes` on request lines and the other limits' defaults.
pub fn run(input: impl BufRead, output: impl Write, max_line_bytes: usize) -> Result<(), String> {
    run_with(input, output, Limits { line_bytes: max_line_bytes, ..Limits::default() })
}

/// Reads requests from `input` and writes replies to `output` until `quit` or the end of input. A line longer
/// than `limits.line_bytes` may only be a `load` within its record's allowance; a line longer than any
/// allowance can be gets a `line_too_long` reply without being kept or parsed.
pub fn run_with(mut input: impl BufRead, mut output: impl Write, limits: Limits) -> Result<(), String> {
    let io = |e: std::io::Error| format!("engine I/O failed: {e}");
    let greeting =
        json!({"ok": true, "engine": "plunder", "protocol": PROTOCOL_VERSION, "version": env!("CARGO_PKG_VERSION")});
    writeln!(output, "{greeting}").map_err(io)?;
    output.flush().map_err(io)?;
    let mut engine = Engine::with_limits(limits);
    let max_line_bytes = limits.line_bytes.max(limits.record_bytes);
    let mut line = Vec::new();
    loop {
        let (reply, quit) = match read_line(&mut input, &mut line, max_line_bytes).map_err(io)? {
            Line::End => return Ok(()),
            Line::TooLong { bytes } => (
                error_reply(
                    None,
                    EngineError::new(
                        "line_too_long",
                        format!(
                            "a request line has at most {} bytes, and a load at most {max_line_bytes}; this one had \
                             {bytes}",
                            limits.line_bytes
                        ),
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
        if line.capacity() > limits.line_bytes {
            // A long `load` was read: give its buffer back rather than keep it for short requests.
            line = Vec::new();
        }
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

/// Why the game has no bot of this name (one of its own, `random`, `ismcts:N` or `ismcts:N:T`), if it has none.
struct OffersBot<'a>(&'a str, &'a Timing);

impl GameVisitor for OffersBot<'_> {
    type Output = Option<String>;
    fn visit<G: plunder_core::Roster + plunder_core::Narrate>(self) -> Option<String> {
        plunder_core::make_bot_timed::<G>(self.0, 0, self.1)
            .is_none()
            .then(|| plunder_core::unknown_bot_words::<G>(self.0))
    }
}

impl Engine {
    /// An engine with these limits (the default's are [`Limits::default`]).
    pub fn with_limits(limits: Limits) -> Engine {
        let timing = Timing::capped(crate::search_time::clock(), limits.search_time);
        Engine { session: None, limits, timing }
    }

    /// The seats of the current game (0 before any).
    pub fn seats(&self) -> usize {
        self.session.as_ref().map_or(0, |session| session.seats())
    }

    /// Answers one request line; the flag says whether to stop.
    pub fn handle(&mut self, line: &str) -> (Value, bool) {
        if line.len() > self.limits.line_bytes {
            return (self.handle_long(line), false);
        }
        let request: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => return (error_reply(None, EngineError::new("malformed_json", e.to_string())), false),
        };
        let id = request.get("id").cloned();
        let quit = request.get("cmd").and_then(Value::as_str) == Some("quit");
        (reply(self.dispatch(&request), id), quit)
    }

    /// A request line longer than a request may be: only a `load` within its record's allowance, whose events
    /// are parsed and replayed one at a time, so the record is never held as a JSON tree.
    fn handle_long(&mut self, line: &str) -> Value {
        // Serde would read an array as a struct's fields in order.
        if !line.trim_start().starts_with('{') {
            let error = match serde_json::from_str::<serde::de::IgnoredAny>(line) {
                Ok(_) => EngineError::new("malformed_request", "a request is a JSON object with a \"cmd\""),
                Err(e) => EngineError::new("malformed_json", e.to_string()),
            };
            return error_reply(None, error);
        }
        let request: LongRequest = match serde_json::from_str(line) {
            Ok(request) => request,
            Err(e) if e.is_data() => return error_reply(None, EngineError::new("malformed_request", e.to_string())),
            Err(e) => return error_reply(None, EngineError::new("malformed_json", e.to_string())),
        };
        // The id is echoed as in every reply, unless it alone is longer than a request may be.
        let id = request
            .id
            .filter(|id| id.get().len() <= self.limits.line_bytes)
            .and_then(|id| serde_json::from_str(id.get()).ok());
        let result = match (request.cmd.as_deref(), request.record) {
            (Some("load"), Some(record)) => self.load_long(line.len(), record),
            _ => Err(EngineError::new(
                "line_too_long",
                format!(
                    "a request line has at most {} bytes unless it is a load; this one had {}",
                    self.limits.line_bytes,
                    line.len()
                ),
            )),
        };
        reply(result, id)
    }

    /// `load` of a record on a line of `line_bytes` bytes, longer than a request line may be.
    fn load_long<'a>(&mut self, line_bytes: usize, record: &'a RawValue) -> Result<Value, EngineError> {
        let parts: RecordParts<'a> = serde_json::from_str(record.get()).map_err(bad_record)?;
        // Options and outcome are parsed whole, so they may be no longer than a request line.
        let line = self.limits.line_bytes;
        let small = |raw: &'a RawValue, what: &str| match raw.get() {
            text if text.len() > line => {
                Err(bad_record(format!("its {what} are longer than a request line ({line} bytes)")))
            }
            text => Ok(text),
        };
        let options = serde_json::from_str(small(parts.options, "options")?).map_err(bad_record)?;
        let outcome = match parts.outcome {
            Some(raw) => serde_json::from_str(small(raw, "outcome")?).map_err(bad_record)?,
            None => None,
        };
        let head = Record {
            format: parts.format,
            version: parts.version,
            game: parts.game,
            options,
            seed: parts.seed,
            chance: parts.chance,
            events: Vec::new(),
            outcome,
        };
        head.check_format().map_err(bad_record)?;
        let load = LongLoad { head: &head, events: parts.events, line_bytes, limits: self.limits };
        let session = with_game(&head.game, load)
            .map_err(|_| bad_record(plunder_core::RecordError::UnknownGame(head.game.clone())))??;
        let status = status_json(session.as_ref());
        self.session = Some(session);
        Ok(json!({"status": status}))
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
                "bots": g.bots.iter().map(|k| k.name).collect::<Vec<_>>(),
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
            "events" => {
                let viewer = match request.get("seat") {
                    None | Some(Value::Null) => Viewer::Spectator,
                    Some(_) => Viewer::Seat(seat_field(request)?),
                };
                let from = optional_u64(request, "from")?.unwrap_or(0);
                let session = self.session()?;
                let events = session.told_since(usize::try_from(from).unwrap_or(usize::MAX), viewer)?;
                Ok(json!({"events": events, "next": session.told_count()}))
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
                if let Ok(Some(words)) = with_game(session.game_id(), OffersBot(bot, &self.timing)) {
                    return Err(EngineError::new("unknown_bot", words));
                }
                let suggestion = session.suggest_timed(seat, bot, seed, &self.timing)?;
                Ok(serde_json::to_value(suggestion).expect("labels serialize"))
            }
            "quit" => Ok(json!({})),
            other => Err(EngineError::new(
                "unknown_command",
                format!("unknown command '{}' (commands: games, new, load, status, legal, outcomes, play, chance, sample, view, events, facts, info_state, outcome, record, bot, quit)", excerpt(other)),
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

/// The reply to a request with `id`: the command's body with `"ok": true`, or the error.
fn reply(result: Result<Value, EngineError>, id: Option<Value>) -> Value {
    match result {
        Ok(mut body) => {
            body["ok"] = true.into();
            if let Some(id) = id {
                body["id"] = id;
            }
            body
        }
        Err(e) => error_reply(id, e),
    }
}

fn bad_record(e: impl std::fmt::Display) -> EngineError {
    EngineError::new("bad_record", e.to_string())
}

/// A request line longer than a request may be, read without building its JSON tree: the parts are slices of
/// the line.
#[derive(Deserialize)]
#[serde(expecting = "a request object")]
struct LongRequest<'a> {
    #[serde(borrow, default)]
    cmd: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
    #[serde(borrow, default)]
    record: Option<&'a RawValue>,
}

/// A [`Record`]'s fields with the events (and the options and outcome, parsed once their size is known) left
/// as text.
#[derive(Deserialize)]
#[serde(expecting = "a record object")]
struct RecordParts<'a> {
    format: String,
    version: u32,
    game: String,
    #[serde(borrow)]
    options: &'a RawValue,
    seed: u64,
    chance: ChanceMode,
    #[serde(borrow)]
    events: &'a RawValue,
    #[serde(borrow, default)]
    outcome: Option<&'a RawValue>,
}

/// Replays a long record's events one at a time, once its line is found within the allowance of its game's
/// options.
struct LongLoad<'a> {
    head: &'a Record,
    events: &'a RawValue,
    line_bytes: usize,
    limits: Limits,
}

impl GameVisitor for LongLoad<'_> {
    type Output = Result<Box<dyn DynSession>, EngineError>;
    fn visit<G: plunder_core::Roster + plunder_core::Narrate>(self) -> Self::Output {
        let mut replay = Replayer::<G>::start(self.head).map_err(bad_record)?;
        let max_steps = replay.session().game().facts().max_steps;
        let allowance = self.limits.record_allowance(max_steps);
        if self.line_bytes > allowance {
            return Err(EngineError::new(
                "line_too_long",
                format!(
                    "a load of a {} record under these options has at most {allowance} bytes ({RECORD_BYTES_PER_STEP} \
                     for each of its {max_steps} steps at most, and a request line); this one had {}",
                    G::ID,
                    self.line_bytes
                ),
            ));
        }
        // A game ends within `max_steps` (the conformance suite holds every game to it), so a replay keeps at
        // most that many steps, each parsed on its own.
        let mut refused = None;
        let each = |index: usize, raw: &RawValue| {
            if raw.get().len() > MAX_EVENT_BYTES {
                return Err(bad_record(format!("event {index} is longer than {MAX_EVENT_BYTES} bytes")));
            }
            let event: Entry = serde_json::from_str(raw.get())
                .map_err(|e| bad_record(format!("event {index} is not an event: {e}")))?;
            replay.step(&event).map_err(bad_record)
        };
        let mut events = serde_json::Deserializer::from_str(self.events.get());
        let read = (&mut events).deserialize_seq(EachElement { each, refused: &mut refused });
        match (refused, read.and_then(|()| events.end())) {
            (Some(e), _) => Err(e),
            (None, Err(e)) => Err(bad_record(format!("events: {e}"))),
            (None, Ok(())) => Ok(Box::new(replay.finish().map_err(bad_record)?)),
        }
    }
}

/// Hands each element of a JSON array, as text, to `each` as it is read, keeping none of them; the first
/// refusal stops the reading and is kept in `refused`.
struct EachElement<'r, F> {
    each: F,
    refused: &'r mut Option<EngineError>,
}

impl<'de, F: FnMut(usize, &'de RawValue) -> Result<(), EngineError>> Visitor<'de> for EachElement<'_, F> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of events")
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0;
        while let Some(element) = seq.next_element::<&'de RawValue>()? {
            if let Err(e) = (self.each)(index, element) {
                *self.refused = Some(e);
                return Err(A::Error::custom("refused"));
            }
            index += 1;
        }
        Ok(())
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
    use std::time::Instant;

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
    fn events_are_told_to_each_seat_as_it_may_know_them() {
        let mut e = Engine::default();
        send(&mut e, json!({"cmd": "new", "game": "liars-dice", "chance": "scripted"}));
        send(&mut e, json!({"cmd": "chance", "outcome": {"seat": 0, "face": 3}}));
        send(&mut e, json!({"cmd": "chance", "outcome": {"seat": 1, "face": 5}}));
        let mine = send(&mut e, json!({"cmd": "events", "seat": 0}));
        assert_eq!(mine["events"][0]["event"], json!({"type": "rolled", "seat": 0, "dice": 1, "faces": [3]}), "{mine}");
        assert_eq!(mine["events"][0]["text"], "P1 rolls 1 die: 3.");
        assert_eq!(mine["events"][1]["event"]["faces"], Value::Null, "P2's roll is hidden from P1: {mine}");
        let watching = send(&mut e, json!({"cmd": "events"}));
        assert!(watching["events"].as_array().unwrap().iter().all(|t| t["event"]["faces"].is_null()), "{watching}");
        let next = mine["next"].clone();
        send(&mut e, json!({"cmd": "play", "seat": 0, "action": {"type": "bid", "quantity": 1, "face": 2}}));
        let since = send(&mut e, json!({"cmd": "events", "seat": 1, "from": next}));
        assert_eq!(
            since["events"],
            json!([{"event": {"type": "bid", "seat": 0, "bid": {"quantity": 1, "face": 2}},
            "text": "P1 bids 1 × 2."}])
        );
        assert_eq!(code(&send(&mut e, json!({"cmd": "events", "seat": 5}))), "no_such_seat");
        assert_eq!(code(&send(&mut e, json!({"cmd": "events", "from": "x"}))), "bad_field");
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
        let long = json!({"cmd": "play", "seat": 0, "action": "x".repeat(5000)}).to_string();
        let replies = replies_to(&[new.clone(), long, r#"{"cmd":"status","id":2}"#.into()], 1000);
        assert_eq!(replies.len(), 4, "{replies:?}");
        assert_eq!(replies[1]["id"], 1);
        assert_eq!(code(&replies[2]), "line_too_long", "{}", replies[2]);
        assert!(replies[2]["error"]["message"].as_str().unwrap().contains("at most 1000 bytes"), "{}", replies[2]);
        assert_eq!(replies[3]["id"], 2, "the next line is read whole: {}", replies[3]);
        // A line exactly at the cap is read.
        let padded = format!("{new:<1000}");
        assert_eq!(replies_to(&[padded], 1000)[1]["ok"], true);
    }

    /// The record of a game of `G` under `options` played to the end by random bots, as a `load` line.
    fn random_game_load_line<G: plunder_core::Game>(options: G::Options, seed: u64) -> String {
        use plunder_core::{Bot, RandomBot, Session, Turn};
        let mut session = Session::new(G::new(options).unwrap(), seed, ChanceMode::Sampled);
        let mut bot = RandomBot::new(seed);
        while let Status::Decide(seats) = session.status() {
            let seat = seats.lowest().unwrap();
            let (legal, view) = (session.legal_actions(seat), session.view(Viewer::Seat(seat)));
            let action = bot.act(&Turn::new(session.game(), session.state(), seat, &view, &legal));
            session.play(seat, action).unwrap();
        }
        json!({"cmd": "load", "id": 7, "record": session.record()}).to_string()
    }

    #[test]
    fn the_engine_loads_records_of_long_games_that_its_options_allow() {
        use plunder_games::{loot_pirates, pirates_flag};
        let mut loot = loot_pirates::Options::for_players(8);
        (loot.booty, loot.max_rounds) = (Some(100_000), 500);
        let flag = pirates_flag::Options { players: 6, max_rounds: 300, ..pirates_flag::Options::default() };
        // Random Pirate's Flag games vary in length: the first seed whose record passes a request line.
        let long_flag = (1..=40)
            .map(|seed| random_game_load_line::<pirates_flag::PiratesFlag>(flag.clone(), seed))
            .find(|line| line.len() > DEFAULT_MAX_LINE_BYTES)
            .expect("a 6-player Pirate's Flag game over 1 MiB in 40 seeds");
        let lines = [random_game_load_line::<loot_pirates::LootPirates>(loot, 1), long_flag];
        for line in lines {
            assert!(line.len() > DEFAULT_MAX_LINE_BYTES, "{} bytes: not longer than a request line", line.len());
            let mut engine = Engine::default();
            let (reply, _) = engine.handle(&line);
            assert_eq!(reply["status"]["state"], "over", "{}", excerpt(&reply.to_string()));
            assert_eq!(reply["id"], 7);
            // The loaded game is the one recorded: its record comes back the same.
            let recorded: Value = serde_json::from_str::<Value>(&line).unwrap()["record"].clone();
            assert_eq!(send(&mut engine, json!({"cmd": "record"}))["record"], recorded);
            // Through the line reader too.
            let replies = replies_to(&[line], DEFAULT_MAX_LINE_BYTES);
            assert_eq!(replies[1]["status"]["state"], "over");
        }
    }

    #[test]
    fn a_line_longer_than_a_request_is_only_a_load_within_its_records_allowance() {
        let limits = Limits { line_bytes: 1000, record_bytes: 100_000, ..Limits::default() };
        let mut engine = Engine::with_limits(limits);
        send(&mut engine, json!({"cmd": "new", "game": "liars-dice", "seed": 5}));
        let before = send(&mut engine, json!({"cmd": "record"}));
        let record = before["record"].clone();
        let padded = |request: Value, bytes: usize| {
            let text = request.to_string();
            let spaces = bytes.saturating_sub(text.len());
            text + &" ".repeat(spaces)
        };
        // Not a load: the request cap holds.
        let reply = engine.handle(&padded(json!({"cmd": "status", "id": 1}), 2000)).0;
        assert_eq!((code(&reply), &reply["id"]), ("line_too_long", &json!(1)), "{reply}");
        for (line, expected) in
            [(format!("[{}1]", "1,".repeat(600)), "malformed_request"), ("x".repeat(1500), "malformed_json")]
        {
            assert_eq!(code(&engine.handle(&line).0), expected);
        }
        // A load within liar's dice's allowance (a request line and 256 bytes for each of its 43 steps).
        let max_steps = engine.session().unwrap().facts().max_steps;
        let allowance = limits.record_allowance(max_steps);
        assert_eq!(allowance, 1000 + 256 * max_steps as usize);
        let load = json!({"cmd": "load", "record": record});
        assert_eq!(engine.handle(&padded(load.clone(), allowance)).0["ok"], true);
        let reply = engine.handle(&padded(load, allowance + 1)).0;
        assert_eq!(code(&reply), "line_too_long", "{reply}");
        assert!(reply["error"]["message"].as_str().unwrap().contains("liars-dice"), "{reply}");
        // An event longer than any, an event the rules refuse, options longer than a request: refused.
        let mut engine = Engine::with_limits(Limits { record_bytes: 200_000, ..limits });
        send(&mut engine, json!({"cmd": "new", "game": "loot-pirates", "seed": 5}));
        let before = send(&mut engine, json!({"cmd": "record"}));
        let record = before["record"].clone();
        let mut huge = record.clone();
        huge["events"] = json!([{"type": "chance", "outcome": "x".repeat(MAX_EVENT_BYTES)}]);
        let mut refused = record.clone();
        refused["events"] = json!([{"type": "chance", "outcome": {"type": "roll", "seat": 3, "red": 1, "black": 1}}]);
        let mut big_options = record.clone();
        big_options["options"] = json!({"captain": "c".repeat(2000)});
        for (bad, expected) in [(huge, "longer than"), (refused, "event 0"), (big_options, "options")] {
            let reply = engine.handle(&padded(json!({"cmd": "load", "record": bad}), 1500)).0;
            assert_eq!(code(&reply), "bad_record", "{reply}");
            assert!(reply["error"]["message"].as_str().unwrap().contains(expected), "{expected}: {reply}");
        }
        assert_eq!(send(&mut engine, json!({"cmd": "record"})), before, "refused loads kept the game");
        // Past the record cap, the line reader refuses it unread.
        let replies = {
            let mut output = Vec::new();
            let long = padded(json!({"cmd": "status"}), 100_001);
            run_with((long + "\n").as_bytes(), &mut output, limits).unwrap();
            String::from_utf8(output).unwrap()
        };
        assert!(replies.contains("line_too_long") && replies.contains("at most 100000"), "{replies}");
    }

    #[test]
    fn a_search_of_ten_million_simulations_answers_within_its_time_cap() {
        let mut engine = Engine::default();
        send(&mut engine, json!({"cmd": "new", "game": "loot-pirates", "players": 4, "seed": 2}));
        let legal = send(&mut engine, json!({"cmd": "legal", "seat": 0}))["actions"].clone();
        let started = Instant::now();
        let reply = send(&mut engine, json!({"cmd": "bot", "seat": 0, "bot": "ismcts:10000000", "seed": 1}));
        let took = started.elapsed();
        assert_eq!(reply["ok"], true, "{reply}");
        assert!(legal.as_array().unwrap().iter().any(|a| a["action"] == reply["action"]), "{reply} is not legal");
        let cap = Limits::default().search_time;
        assert!(took < cap + Duration::from_secs(3), "took {took:?} with a cap of {cap:?}");
        // A time in the name caps it too, and a shorter one answers sooner.
        let started = Instant::now();
        let reply = send(&mut engine, json!({"cmd": "bot", "seat": 0, "bot": "ismcts:10000000:200ms"}));
        assert_eq!(reply["ok"], true, "{reply}");
        assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
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
            // A record's allowance counts `RECORD_BYTES_PER_STEP` an event: every event is well under it.
            let longest = record["events"].as_array().unwrap().iter().map(|e| e.to_string().len()).max().unwrap();
            assert!(longest * 2 <= RECORD_BYTES_PER_STEP as usize, "{}: an event of {longest} bytes", info.id);
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
