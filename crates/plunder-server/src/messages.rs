//! The messages of the play socket. Every message to a client is built for its viewer: a seat's view and legal
//! actions, or the spectator's view; never the state or the record of a game in progress.

use plunder_core::{Labeled, LabeledJson, Outcome, Stops};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use ts_rs::TS;

use crate::rules::Citation;
use crate::store::{ChatLine, Fairness};

/// The most log lines a table message carries (the latest ones), so messages stay small in long games.
pub const LOG_LINES: usize = 100;

/// From a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Play an action (one of the legal actions' `action` values).
    Act {
        #[ts(type = "unknown")]
        action: Value,
    },
    /// Say something at the table, as `name` (a nickname of at most [`MAX_NAME_CHARS`] characters, shown beside
    /// the seat: "Anna (P1)"), if given.
    Chat {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        name: Option<String>,
    },
    /// Ask for the whole table again.
    Sync,
    /// "Play for me when I have nothing to choose": with `on`, the server takes a seat's move for it whenever it
    /// has nothing to choose (every legal action only passes, or there is one), at the seat's own pace, so the
    /// player is asked only real choices. Off until a connection of the seat turns it on; the browser client does,
    /// unless switched off.
    AutoPass { on: bool },
    /// When the seat is asked in a window where anyone may answer: `mine`, only when the window concerns it (its
    /// own turn, something waiting aimed at it: the game's `Narrate::concerns`, read from the spectator's view so
    /// that it tells nothing of the seat's hand), the server passing for it otherwise; `all`, at every chance.
    /// `all` until a connection of the seat says otherwise; the browser client says `mine` unless switched.
    Stops { stops: Stops },
}

/// The longest nickname a chat line may carry, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// Who a connection is.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Role {
    Seat { seat: u8 },
    Spectator,
}

/// One seat as everyone may see it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SeatInfo {
    /// `human` or the bot's name.
    pub player: String,
    /// Whether a person holds this seat now.
    pub connected: bool,
    /// Seconds left in this seat's time bank, when the game has timers.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub bank_secs: Option<f64>,
    /// Whether the seat is out of the game (no dice or crew left): it will not be asked again, and its player
    /// may leave. Left out when `false`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub out: bool,
}

/// Where the game stands, as everyone may see it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum StatusInfo {
    Decide {
        seats: Vec<u8>,
    },
    Chance,
    Over {
        #[ts(type = "{ winners: number[], payoffs: number[] } | null")]
        outcome: Option<Outcome>,
    },
}

/// A value already written as JSON text: a view is serialized once, from the game's typed view, with no
/// `serde_json::Value` tree built and dropped on the way (that was a fifth of the server's work per move). On the
/// socket the text is copied into the message as it is ([`TableMessage::to_json`]).
#[derive(Clone, Debug)]
pub struct JsonText(String);

impl JsonText {
    pub fn of<T: Serialize + ?Sized>(value: &T) -> JsonText {
        JsonText(serde_json::to_string(value).unwrap_or_else(|_| "null".to_string()))
    }

    /// The JSON text.
    pub fn get(&self) -> &str {
        &self.0
    }

    /// The value, parsed (for tests and tools).
    pub fn to_value(&self) -> Value {
        serde_json::from_str(self.get()).unwrap_or(Value::Null)
    }
}

impl PartialEq for JsonText {
    fn eq(&self, other: &JsonText) -> bool {
        self.get() == other.get()
    }
}

impl PartialEq<Value> for JsonText {
    fn eq(&self, other: &Value) -> bool {
        &self.to_value() == other
    }
}

impl Serialize for JsonText {
    /// As the JSON it holds (checked as JSON on the way: the socket's own writer, [`TableMessage::to_json`],
    /// copies it without this).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let raw = RawValue::from_string(self.0.clone()).map_err(serde::ser::Error::custom)?;
        raw.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for JsonText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Box::<RawValue>::deserialize(deserializer).map(|raw| JsonText(String::from(raw.get())))
    }
}

/// A legal action as a client gets it: the action's JSON (send it back in `act`) and its label for people.
/// The same JSON as the engine's labelled actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LegalAction {
    #[ts(type = "unknown")]
    pub action: JsonText,
    pub label: String,
    /// The label as steps a client may ask one at a time (what is done, then whom, then how far), where it has
    /// more than one: actions sharing their first steps share a button, and the next step is asked after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub steps: Option<Vec<String>>,
    /// Shown at the head of the moves, never scrolled or filtered away (`Narrate::always_shown`: a call that ends
    /// the bidding, a pass, leaving the map).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub first: bool,
}

/// An action's words for a client: its label, its steps (`Narrate::choice_steps`; one step or none: the label
/// alone), and whether it heads the moves (`Narrate::always_shown`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Words {
    pub label: String,
    pub steps: Vec<String>,
    pub first: bool,
}

impl From<String> for Words {
    fn from(label: String) -> Words {
        Words { label, steps: Vec::new(), first: false }
    }
}

impl PartialEq<Labeled> for LegalAction {
    fn eq(&self, other: &Labeled) -> bool {
        matches!(&other.json, LabeledJson::Action { action } if self.action == *action) && self.label == other.label
    }
}

/// One legal action's entry, `{"action":...,"label":...}` (and `"steps"` where there are several, `"first"` where
/// it heads the moves), as JSON text.
fn entry_json<A: Serialize>(action: &A, words: &Words) -> String {
    struct Entry<'a, A> {
        action: &'a A,
        words: &'a Words,
    }
    impl<A: Serialize> Serialize for Entry<'_, A> {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeStruct;
            let steps = self.words.steps.len() > 1;
            let fields = 2 + usize::from(steps) + usize::from(self.words.first);
            let mut entry = serializer.serialize_struct("LegalAction", fields)?;
            entry.serialize_field("action", self.action)?;
            entry.serialize_field("label", &self.words.label)?;
            if steps {
                entry.serialize_field("steps", &self.words.steps)?;
            }
            if self.words.first {
                entry.serialize_field("first", &true)?;
            }
            entry.end()
        }
    }
    serde_json::to_string(&Entry { action, words }).unwrap_or_else(|_| "null".to_string())
}

/// The most actions an [`EntryCache`] keeps, and the most it compares with before writing an entry anew.
const ENTRY_CACHE_SIZE: usize = 512;

/// Legal actions' entries as written before, by action and label. An action's JSON depends on the action alone,
/// its label may depend on the table too (the die a reroll would roll again), and the same actions come back
/// move after move (in a bidding round, each list is the end of the one before), so each entry is written once
/// per table and label rather than once per message. Where the game declares that an action's words come from
/// the action alone (`Narrate::words_read_view`), an entry is found by its action, and its words are not even
/// worked out again.
#[derive(Debug)]
pub struct EntryCache<A> {
    entries: Vec<(A, Words, String)>,
    /// Where the entry after the last one found is: lists repeat in order, so the next action is usually there.
    next: usize,
    /// Whether the words may differ for the same action (from one position to the next).
    words_read_view: bool,
}

impl<A> Default for EntryCache<A> {
    fn default() -> EntryCache<A> {
        EntryCache::new(true)
    }
}

impl<A> EntryCache<A> {
    /// An empty cache for a game whose actions' words read the view, or (`false`) come from the action alone.
    pub fn new(words_read_view: bool) -> EntryCache<A> {
        EntryCache { entries: Vec::new(), next: 0, words_read_view }
    }
}

impl<A: PartialEq + Clone + Serialize> EntryCache<A> {
    /// Appends `action`'s entry to `out`, written now (with `label`) if it was not kept before.
    fn write(&mut self, action: &A, label: &impl Fn(&A) -> Words, out: &mut String) {
        let n = self.entries.len();
        // From where the last one was found on, round to it: one comparison when the list repeats in order. Once
        // full, only the next few are compared (a game with more actions than the cache keeps then writes the
        // rest each time, as it would without one).
        let span = if n < ENTRY_CACHE_SIZE { n } else { 16 };
        let words = (self.words_read_view).then(|| label(action));
        let found = (0..span)
            .map(|step| (self.next + step) % n)
            .find(|&i| self.entries[i].0 == *action && words.as_ref().is_none_or(|words| self.entries[i].1 == *words));
        match found {
            Some(i) => {
                out.push_str(&self.entries[i].2);
                self.next = i + 1;
            }
            None => {
                let label = words.unwrap_or_else(|| label(action));
                let entry = entry_json(action, &label);
                out.push_str(&entry);
                if n < ENTRY_CACHE_SIZE {
                    self.entries.push((action.clone(), label, entry));
                    self.next = n + 1;
                }
            }
        }
    }
}

/// A seat's legal actions as one JSON array of [`LegalAction`]s, written once straight from the typed actions
/// into one text (one allocation for the whole list, where a list of `LegalAction`s took two per action and
/// was copied again into the message).
#[derive(Clone, Debug, PartialEq)]
pub struct LegalActions {
    text: JsonText,
    count: usize,
}

impl LegalActions {
    /// `actions`, each with its `label`.
    pub fn write<A: Serialize + PartialEq + Clone>(actions: &[A], label: impl Fn(&A) -> Words) -> LegalActions {
        LegalActions::write_cached(actions, label, &mut EntryCache::default())
    }

    /// `actions`, each with its `label`, with the entries kept in `cache` (and the new ones kept there).
    pub fn write_cached<A: Serialize + PartialEq + Clone>(
        actions: &[A],
        label: impl Fn(&A) -> Words,
        cache: &mut EntryCache<A>,
    ) -> LegalActions {
        let mut text = String::with_capacity(2 + actions.len() * 48);
        text.push('[');
        for (index, action) in actions.iter().enumerate() {
            if index > 0 {
                text.push(',');
            }
            cache.write(action, &label, &mut text);
        }
        text.push(']');
        LegalActions { text: JsonText(text), count: actions.len() }
    }

    /// No actions (a seat not to act, a spectator).
    pub fn none() -> LegalActions {
        LegalActions { text: JsonText("[]".to_string()), count: 0 }
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The actions, read back (for tests and tools).
    pub fn to_vec(&self) -> Vec<LegalAction> {
        serde_json::from_str(self.text.get()).unwrap_or_default()
    }
}

impl Serialize for LegalActions {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.text.serialize(serializer)
    }
}

/// The whole table as one viewer sees it: sent after every change, and on connect or `sync` (a resync).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TableMessage {
    pub id: String,
    pub game: String,
    /// How many events the game has had: a client can tell a newer table from an older one.
    pub version: usize,
    pub you: Role,
    pub status: StatusInfo,
    pub round: u32,
    pub seats: Vec<SeatInfo>,
    /// The viewer's view (the game's own JSON).
    #[ts(type = "unknown")]
    pub view: JsonText,
    /// The viewer's legal actions now, labelled (empty for spectators and seats not to act).
    #[ts(as = "Vec<LegalAction>")]
    pub legal: LegalActions,
    /// What the viewer saw happen, oldest first, from line `log_start` of its whole log to the end. The first
    /// table on a connection (and the answer to `sync`) has the last [`LOG_LINES`] lines at most; later ones
    /// carry only the lines this connection has not had yet, so a client appends them.
    pub log: Vec<String>,
    /// The line of the whole log that `log` starts at.
    pub log_start: usize,
    /// The typed event behind each line of `log` (the game's own JSON, with a `type`), in the same order, for
    /// clients that show events on the board (a battle's dice, say) rather than only as words.
    #[ts(type = "unknown[]")]
    pub events: Vec<JsonText>,
    /// For a seat: what it may like to know before deciding, from its own view only (in the bidding games, the
    /// odds that the standing bid holds given its own dice). Clients show it in an optional odds panel.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub notes: Vec<String>,
    /// The game that follows this one, once a rematch was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rematch: Option<String>,
    /// Whether anyone could know the dice: a fair game, a seeded one, or an analysis branch. Clients show it.
    pub fairness: Fairness,
    /// The options that are not the ones people play with, as `name = value` (a long value cut): clients show
    /// them as the table's house rules. Left out when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub house_rules: Vec<String>,
    /// Whether the table's cards, tiles or board are its creator's own rather than the game's (the game's summary,
    /// `GET /api/games/{id}`, gives them as text). Left out when `false`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub custom_content: bool,
    /// Whether a seat's stops can matter in this game (the game's `Narrate::stops_matter`: some answer window may
    /// leave a seat out): clients offer the stops setting only then. Left out when `false`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub stops: bool,
}

impl TableMessage {
    /// The message `{"type":"table",...}` as JSON text, exactly as serde writes [`ServerMessage::Table`] (a test
    /// keeps them equal), but with the view and the legal actions copied in as the text they already are, into
    /// one buffer of the right size: this is what the socket sends after every move.
    pub fn to_json(&self) -> String {
        fn push<T: Serialize + ?Sized>(out: &mut Vec<u8>, key: &str, value: &T) {
            out.extend_from_slice(key.as_bytes());
            // Writing into a Vec fails only if the value cannot be serialized, which these types always can.
            let _ = serde_json::to_writer(&mut *out, value);
        }
        let mut out = Vec::with_capacity(self.view.get().len() + self.legal.text.get().len() + 256);
        push(&mut out, r#"{"type":"table","id":"#, &self.id);
        push(&mut out, r#","game":"#, &self.game);
        push(&mut out, r#","version":"#, &self.version);
        push(&mut out, r#","you":"#, &self.you);
        push(&mut out, r#","status":"#, &self.status);
        push(&mut out, r#","round":"#, &self.round);
        push(&mut out, r#","seats":"#, &self.seats);
        out.extend_from_slice(br#","view":"#);
        out.extend_from_slice(self.view.get().as_bytes());
        out.extend_from_slice(br#","legal":"#);
        out.extend_from_slice(self.legal.text.get().as_bytes());
        push(&mut out, r#","log":"#, &self.log);
        push(&mut out, r#","log_start":"#, &self.log_start);
        out.extend_from_slice(br#","events":["#);
        for (index, event) in self.events.iter().enumerate() {
            if index > 0 {
                out.push(b',');
            }
            out.extend_from_slice(event.get().as_bytes());
        }
        out.push(b']');
        if !self.notes.is_empty() {
            push(&mut out, r#","notes":"#, &self.notes);
        }
        if let Some(rematch) = &self.rematch {
            push(&mut out, r#","rematch":"#, rematch);
        }
        push(&mut out, r#","fairness":"#, &self.fairness);
        if !self.house_rules.is_empty() {
            push(&mut out, r#","house_rules":"#, &self.house_rules);
        }
        if self.custom_content {
            out.extend_from_slice(br#","custom_content":true"#);
        }
        if self.stops {
            out.extend_from_slice(br#","stops":true"#);
        }
        out.push(b'}');
        // Every piece is UTF-8 (JSON text written by serde_json, or keys written here).
        String::from_utf8(out).unwrap_or_default()
    }
}

/// To a client.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    Table(Box<TableMessage>),
    /// An action was refused; nothing changed. `code` is the engine's `PlayError` code.
    Rejected {
        code: String,
        reason: String,
        /// `/rules/GAME`: how to play the game.
        rules: String,
        /// "Why was this rejected": the section and sentence of the rulings the refusal comes from, when the
        /// refusal is a rule of the game (not a turn or format error) and its rulings say it.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        rule: Option<Citation>,
    },
    /// A message could not be handled (malformed, too large, too fast, not allowed); nothing changed.
    Error {
        code: String,
        message: String,
    },
    Chat(ChatLine),
    /// The whole chat so far, sent on connect.
    ChatHistory {
        lines: Vec<ChatLine>,
    },
}

impl ServerMessage {
    pub fn error(code: &str, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error { code: code.to_string(), message: message.into() }
    }

    /// About the length of the message's JSON, without writing it: what a client's queue is charged for it
    /// (`Limits::outbox_bytes`). A table's large parts (view, legal actions, log, notes, players' names) count
    /// exactly; its small fields are a fixed allowance per seat and per message. Small messages count exactly.
    pub fn queued_bytes(&self) -> usize {
        /// Keys (the optional ones' too), quotes, numbers and the small fields' values of one message, and of one
        /// seat or line.
        const FIXED: usize = 320;
        const PER_SEAT: usize = 64;
        const PER_LINE: usize = 8;
        let lines = |lines: &[String]| lines.iter().map(|line| line.len() + PER_LINE).sum::<usize>();
        match self {
            ServerMessage::Table(table) => {
                FIXED
                    + table.id.len()
                    + table.game.len()
                    + table.seats.iter().map(|seat| PER_SEAT + seat.player.len()).sum::<usize>()
                    + table.view.get().len()
                    + table.legal.text.get().len()
                    + lines(&table.log)
                    + table.events.iter().map(|event| event.get().len() + 1).sum::<usize>()
                    + lines(&table.notes)
                    + lines(&table.house_rules)
                    + table.rematch.as_ref().map_or(0, String::len)
                    + match &table.fairness {
                        Fairness::Analysis { of } => of.len(),
                        Fairness::Fair | Fairness::Seeded => 0,
                    }
            }
            ServerMessage::Chat(line) => FIXED + line.from.len() + line.text.len(),
            ServerMessage::ChatHistory { lines } => {
                FIXED + lines.iter().map(|line| line.from.len() + line.text.len() + PER_LINE * 4).sum::<usize>()
            }
            small => small.to_json().len(),
        }
    }

    /// The message as the socket sends it: JSON text.
    pub fn to_json(&self) -> String {
        match self {
            ServerMessage::Table(table) => table.to_json(),
            other => serde_json::to_string(other).expect("server messages serialize"),
        }
    }
}

/// The socket's messages as TypeScript declarations, generated from the types above (the browser client's
/// JSDoc types import them from `static/messages.d.ts`, which a test keeps equal to this).
pub fn typescript() -> String {
    let declarations = [
        ClientMessage::decl(),
        Stops::decl(),
        ServerMessage::decl(),
        TableMessage::decl(),
        Role::decl(),
        SeatInfo::decl(),
        StatusInfo::decl(),
        LegalAction::decl(),
        Citation::decl(),
        ChatLine::decl(),
        Fairness::decl(),
    ];
    let mut out = String::from(
        "// The play socket's messages, generated from the Rust types in crates/plunder-server/src/messages.rs.\n\
         // Do not edit: `UPDATE_TYPES=1 cargo test -p plunder-server --test message_types` rewrites this file.\n",
    );
    for declaration in declarations {
        out.push_str("\nexport ");
        out.push_str(&declaration);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use plunder_core::{Seat, SeatSet};

    fn table(notes: Vec<String>, rematch: Option<String>, status: StatusInfo, legal: LegalActions) -> TableMessage {
        // Both ways of `stops` are written: with notes it is left out.
        let stops = notes.is_empty();
        TableMessage {
            id: "0a1b".to_string(),
            game: "liars-dice".to_string(),
            version: 17,
            you: Role::Seat { seat: 1 },
            status,
            round: 3,
            seats: vec![
                SeatInfo { player: "human".to_string(), connected: true, bank_secs: Some(12.5), out: false },
                SeatInfo { player: "odds \"bot\"".to_string(), connected: false, bank_secs: None, out: true },
            ],
            view: JsonText::of(&serde_json::json!({"bids": [{"seat": 0, "bid": {"quantity": 2, "face": 5}}]})),
            legal,
            log: vec!["P1 bids 2x5".to_string(), "a line with \"quotes\" and \\ and é".to_string()],
            log_start: 4,
            events: vec![
                JsonText::of(&serde_json::json!({"type": "bid", "seat": 0, "bid": {"quantity": 2, "face": 5}})),
                JsonText::of(&serde_json::json!({"type": "said", "text": "\"quotes\" and é"})),
            ],
            notes,
            rematch,
            fairness: Fairness::Analysis { of: "ffee".to_string() },
            // Both ways of the house rules and custom content are written too.
            house_rules: if stops { vec!["dice = [5,1]".to_string()] } else { Vec::new() },
            custom_content: !stops,
            stops,
        }
    }

    #[test]
    fn the_sockets_table_text_is_what_serde_writes() {
        let actions = [(2u8, 6u8), (3, 2), (3, 3)];
        let legal = LegalActions::write(&actions, |(q, f)| format!("bid {q}x{f}").into());
        let over =
            StatusInfo::Over { outcome: Some(Outcome { winners: SeatSet::only(Seat(1)), payoffs: vec![-1.0, 1.0] }) };
        let tables = [
            table(Vec::new(), None, StatusInfo::Decide { seats: vec![1] }, legal.clone()),
            table(vec!["The standing bid holds with probability 40%".to_string()], None, StatusInfo::Chance, legal),
            table(Vec::new(), Some("ffee".to_string()), over, LegalActions::none()),
            table(
                vec!["a".to_string()],
                Some("ffee".to_string()),
                StatusInfo::Over { outcome: None },
                LegalActions::none(),
            ),
        ];
        for table in tables {
            let message = ServerMessage::Table(Box::new(table));
            let by_serde = serde_json::to_string(&message).unwrap();
            assert_eq!(message.to_json(), by_serde);
            // And it is JSON a client reads back.
            let read: Value = serde_json::from_str(&message.to_json()).unwrap();
            assert_eq!(read["type"], "table");
            // A client's queue is charged about the text's length (what it holds of memory).
            let (charged, written) = (message.queued_bytes(), message.to_json().len());
            assert!(charged >= written && charged <= written + 512, "charged {charged} B for {written} B");
        }
    }

    /// An entry says `first` only for a move that heads the list, and `steps` only where there are several: what
    /// the typed `LegalAction` reads back.
    #[test]
    fn an_entry_says_first_and_steps_only_where_they_hold() {
        let words = |n: u8| Words {
            label: format!("move {n}"),
            steps: if n == 2 { vec!["move".into(), format!("{n}")] } else { Vec::new() },
            first: n == 1,
        };
        let read = LegalActions::write(&[0u8, 1, 2], |&n| words(n)).to_vec();
        assert_eq!(read.iter().map(|a| a.first).collect::<Vec<_>>(), [false, true, false]);
        assert_eq!(read[2].steps.as_deref(), Some(&["move".to_string(), "2".to_string()][..]));
        assert_eq!(read[0].steps, None);
        let text = LegalActions::write(&[0u8, 1], |&n| words(n)).text;
        assert_eq!(text.get().matches("\"first\":true").count(), 1, "{}", text.get());
        assert!(!text.get().contains("false"), "{}", text.get());
    }

    #[test]
    fn kept_entries_are_the_entries_written_anew() {
        let label = |(q, f): &(u8, u8)| Words::from(format!("bid {q}x{f}"));
        let mut cache = EntryCache::default();
        let all: Vec<(u8, u8)> = (1..=4).flat_map(|q| (2..=6).map(move |f| (q, f))).collect();
        // A whole list, then later parts of it, then a list out of order with an action never seen.
        let lists: Vec<Vec<(u8, u8)>> =
            vec![all.clone(), all[7..].to_vec(), all[12..].to_vec(), vec![(9, 9), (1, 2), (4, 6), (1, 3), (9, 9)]];
        for list in lists {
            let cached = LegalActions::write_cached(&list, label, &mut cache);
            let fresh = LegalActions::write(&list, label);
            assert_eq!(cached.text.get(), fresh.text.get());
            assert_eq!(cached.len(), list.len());
            let read = cached.to_vec();
            assert_eq!(read.len(), list.len());
            assert_eq!(read[0].label, label(&list[0]).label);
        }
        assert_eq!(cache.entries.len(), all.len() + 1, "each action is kept once");
    }

    #[test]
    fn words_free_of_the_view_are_worked_out_once_an_action() {
        let calls = std::cell::Cell::new(0);
        let label = |n: &u8| {
            calls.set(calls.get() + 1);
            Words::from(format!("bid {n}"))
        };
        let list: Vec<u8> = (0..10).collect();
        let mut free = EntryCache::new(false);
        let mut reading = EntryCache::new(true);
        for from in 0..5 {
            let cached = LegalActions::write_cached(&list[from..], label, &mut free);
            assert_eq!(cached.text.get(), LegalActions::write(&list[from..], label).text.get());
        }
        calls.set(0);
        LegalActions::write_cached(&list[3..], label, &mut free);
        assert_eq!(calls.get(), 0, "every entry is kept, and its words are not worked out again");
        LegalActions::write_cached(&list[3..], label, &mut reading);
        assert_eq!(calls.get(), 7, "words that may read the view are worked out each time");
    }
}
