//! A game in the server's hands, whatever the game: the typed session behind one object-safe face, with a log
//! per viewer of the events told to that viewer only (in the game's own words, `Narrate::tell`).

use plunder_core::{
    options_from_json, ChanceMode, DynSession, Entry, Narrate, PlayError, Record, RecordError, Roster, Seat, Session,
    Step, Viewer,
};

use crate::messages::JsonText;
use plunder_games::{with_game, GameVisitor, RegistryError};

/// A game being played on the server.
pub trait Table: Send + std::fmt::Debug {
    fn session(&self) -> &dyn DynSession;
    /// Plays `action` for `seat`, then draws any chance that follows; a refusal changes nothing.
    fn play(&mut self, seat: Seat, action: &serde_json::Value) -> Result<(), PlayError>;
    /// Applies `entries`, the stored events after this table's last one (another instance's moves), each checked
    /// as a replay checks it. On a refusal the table may be left part-way: rebuild it from its record.
    fn follow(&mut self, entries: &[Entry]) -> Result<(), RecordError>;
    /// How many events (actions and chance outcomes) the game has had.
    fn version(&self) -> usize;
    /// The events from index `from` on.
    fn entries_since(&self, from: usize) -> Vec<Entry>;
    /// The log `viewer` may read: one line per event it was told, oldest first.
    fn log(&self, viewer: Viewer) -> &[String];
    /// The typed events behind `viewer`'s log lines, one per line, as the game's JSON.
    fn log_events(&self, viewer: Viewer) -> &[JsonText];
    /// `viewer`'s view now, as JSON text (the spectator's for a seat that is not at the table).
    fn view_json(&self, viewer: Viewer) -> crate::messages::JsonText;
    /// `seat`'s legal actions now, labelled (empty if it owes no decision or is not at the table).
    fn legal(&self, seat: Seat) -> crate::messages::LegalActions;
    /// What a seat may like to know before deciding (the odds that the standing bid holds, in the bidding
    /// games): the game's `Narrate::hint_notes`, built from the seat's own view only. None for spectators, and
    /// none once the game is over.
    fn notes(&self, viewer: Viewer) -> Vec<String>;
}

#[derive(Debug)]
struct Typed<G: Roster + Narrate> {
    session: Session<G>,
    /// The view of each seat, then the spectator's, after the last step: table messages are written from it.
    last_views: Vec<G::View>,
    /// Each viewer's log (seats, then the spectator): the words of every event it was told, and the events.
    logs: Vec<Vec<String>>,
    log_events: Vec<Vec<JsonText>>,
    /// How many of the session's told events are in the logs.
    told_read: usize,
    /// The legal actions' entries written so far (an action's JSON and label do not change during a game).
    entries: std::cell::RefCell<crate::messages::EntryCache<G::Action>>,
}

fn viewers(seats: usize) -> impl Iterator<Item = Viewer> {
    Seat::all(seats).map(Viewer::Seat).chain(std::iter::once(Viewer::Spectator))
}

fn viewer_index(viewer: Viewer, seats: usize) -> usize {
    match viewer {
        Viewer::Seat(seat) => seat.index().min(seats),
        Viewer::Spectator => seats,
    }
}

impl<G: Roster + Narrate> Typed<G> {
    fn new(session: Session<G>) -> Self {
        let viewers = session.game().seats() + 1;
        let words_read_view = session.game().words_read_view();
        let mut typed = Typed {
            session,
            last_views: Vec::new(),
            logs: vec![Vec::new(); viewers],
            log_events: vec![Vec::new(); viewers],
            told_read: 0,
            entries: std::cell::RefCell::new(crate::messages::EntryCache::new(words_read_view)),
        };
        typed.catch_up();
        typed
    }

    /// The table a record describes, every step checked, with each viewer's log of what it was told.
    fn from_record(record: &Record) -> Result<Self, RecordError> {
        Ok(Typed::new(Session::<G>::replay(record)?))
    }

    /// Brings the views and logs up to the session: each viewer's log gets the events told to it since.
    fn catch_up(&mut self) {
        let session = &self.session;
        self.last_views = viewers(session.game().seats()).map(|v| session.view(v)).collect();
        for (index, viewer) in viewers(session.game().seats()).enumerate() {
            // A die of a roll still being made is left out: the roll's own line follows with every face.
            for event in session.told_since(self.told_read, viewer).filter(|e| !session.game().told_elsewhere(e)) {
                self.logs[index].push(session.game().tell(event));
                self.log_events[index].push(JsonText::of(event));
            }
        }
        self.told_read = session.told_count();
    }
}

impl<G: Roster + Narrate> Table for Typed<G> {
    fn session(&self) -> &dyn DynSession {
        &self.session
    }

    fn play(&mut self, seat: Seat, action: &serde_json::Value) -> Result<(), PlayError> {
        DynSession::play(&mut self.session, seat, action)?;
        self.catch_up();
        Ok(())
    }

    fn follow(&mut self, entries: &[Entry]) -> Result<(), RecordError> {
        let followed = entries.iter().try_for_each(|entry| self.session.follow(entry));
        // The logs and views get what was applied, refused or not.
        self.catch_up();
        followed
    }

    fn version(&self) -> usize {
        self.session.steps().len()
    }

    fn entries_since(&self, from: usize) -> Vec<Entry> {
        let steps = self.session.steps();
        steps[from.min(steps.len())..].iter().map(Step::entry).collect()
    }

    fn log(&self, viewer: Viewer) -> &[String] {
        &self.logs[viewer_index(viewer, self.session.game().seats())]
    }

    fn log_events(&self, viewer: Viewer) -> &[JsonText] {
        &self.log_events[viewer_index(viewer, self.session.game().seats())]
    }

    fn view_json(&self, viewer: Viewer) -> crate::messages::JsonText {
        // The views after the last step are kept for the logs: serialized from there, not built again.
        crate::messages::JsonText::of(&self.last_views[viewer_index(viewer, self.session.game().seats())])
    }

    fn legal(&self, seat: Seat) -> crate::messages::LegalActions {
        if seat.index() >= self.session.game().seats() {
            return crate::messages::LegalActions::none();
        }
        let game = self.session.game();
        let actions = Session::legal_actions(&self.session, seat);
        crate::messages::LegalActions::write_cached(
            &actions,
            |action| match self.last_views.get(seat.index()) {
                // One step is the whole label (the trait's contract): the label is not written twice.
                Some(view) => {
                    let first = game.always_shown(view, action);
                    match game.choice_steps(view, action) {
                        mut one if one.len() == 1 => {
                            crate::messages::Words { first, ..one.pop().unwrap_or_default().into() }
                        }
                        steps => crate::messages::Words { label: game.label_in_view(view, action), steps, first },
                    }
                }
                None => game.label(action).into(),
            },
            &mut self.entries.borrow_mut(),
        )
    }

    fn notes(&self, viewer: Viewer) -> Vec<String> {
        match viewer {
            // Once the game is over there is nothing left to decide.
            _ if DynSession::outcome(&self.session).is_some() => Vec::new(),
            Viewer::Seat(seat) if seat.index() < self.session.game().seats() => {
                self.session.game().hint_notes(&self.last_views[seat.index()])
            }
            _ => Vec::new(),
        }
    }
}

struct NewTable<'a>(&'a Record);

impl GameVisitor for NewTable<'_> {
    type Output = Result<Box<dyn Table>, RecordError>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        Ok(Box::new(Typed::<G>::from_record(self.0)?))
    }
}

/// The table a record describes, every step checked (a new game is a record with no events).
pub fn table_from_record(record: &Record) -> Result<Box<dyn Table>, RecordError> {
    with_game(&record.game, NewTable(record)).map_err(|_| RecordError::UnknownGame(record.game.clone()))?
}

struct StartTable<'a> {
    players: Option<usize>,
    options: &'a serde_json::Value,
    seed: u64,
}

impl GameVisitor for StartTable<'_> {
    type Output = Result<Box<dyn Table>, RegistryError>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let options = options_from_json::<G>(self.players, self.options).map_err(RegistryError::Options)?;
        let game = G::new(options).map_err(RegistryError::Options)?;
        // Any chance at the start is drawn now; the table then follows its record like any other.
        let record = Session::new(game, self.seed, ChanceMode::Sampled).record();
        Ok(Box::new(Typed::<G>::from_record(&record).expect("a new game's own record replays")))
    }
}

/// A new game `id` with `players` (if given) and JSON `options`; any chance at the start is already drawn.
pub fn start_table(
    id: &str,
    players: Option<usize>,
    options: &serde_json::Value,
    seed: u64,
) -> Result<Box<dyn Table>, RegistryError> {
    with_game(id, StartTable { players, options, seed })?
}

/// The record of a game of `spec` with `events`.
pub fn record_of(spec: &crate::store::GameSpec, events: Vec<Entry>) -> Record {
    Record {
        format: plunder_core::record::RECORD_FORMAT.to_string(),
        version: plunder_core::record::RECORD_VERSION,
        game: spec.game.clone(),
        options: spec.options.clone(),
        seed: spec.seed,
        chance: ChanceMode::Sampled,
        events,
        outcome: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of liar's dice after `moves` first legal actions (and the chance they draw).
    fn played(moves: usize) -> Box<dyn Table> {
        let options = serde_json::json!({"players": 3, "dice": 3, "length": "to_last_die"});
        let mut table = start_table("liars-dice", None, &options, 7).unwrap();
        for _ in 0..moves {
            let plunder_core::Status::Decide(seats) = table.session().status() else { break };
            let seat = seats.iter().next().unwrap();
            let plunder_core::LabeledJson::Action { action } =
                table.session().legal_actions(seat).unwrap()[0].json.clone()
            else {
                unreachable!("a seat's legal actions are actions")
            };
            table.play(seat, &action).unwrap();
        }
        table
    }

    #[test]
    fn a_table_that_follows_another_s_new_events_is_the_table_that_played_them() {
        let ahead = played(40);
        let mut behind = played(10);
        let held = behind.version();
        behind.follow(&ahead.entries_since(held)).unwrap();
        assert_eq!(behind.version(), ahead.version());
        for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(2)), Viewer::Spectator] {
            assert_eq!(behind.view_json(viewer), ahead.view_json(viewer));
            assert_eq!(behind.log(viewer), ahead.log(viewer), "{viewer:?} was told each event once");
        }
    }

    #[test]
    fn an_event_that_does_not_follow_is_refused() {
        let ahead = played(20);
        let mut behind = played(10);
        // Skipping an event (a gap) makes the next one not apply, or draw other dice.
        assert!(behind.follow(&ahead.entries_since(behind.version() + 1)).is_err());
    }
}
