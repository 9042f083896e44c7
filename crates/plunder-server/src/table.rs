//! A game in the server's hands, whatever the game: the typed session behind one object-safe face, with a log
//! per viewer built from that viewer's views only (the game's own `Narrate::news`).

use plunder_core::{
    options_from_json, ChanceMode, DynSession, Entry, Narrate, PlayError, Record, RecordError, Roster, Seat, Session,
    Step, Viewer,
};
use plunder_games::{with_game, GameVisitor, RegistryError};

/// A game being played on the server.
pub trait Table: Send + std::fmt::Debug {
    fn session(&self) -> &dyn DynSession;
    /// Plays `action` for `seat`, then draws any chance that follows; a refusal changes nothing.
    fn play(&mut self, seat: Seat, action: &serde_json::Value) -> Result<(), PlayError>;
    /// How many events (actions and chance outcomes) the game has had.
    fn version(&self) -> usize;
    /// The events from index `from` on.
    fn entries_since(&self, from: usize) -> Vec<Entry>;
    /// The log `viewer` may read: one line per thing it saw happen, oldest first.
    fn log(&self, viewer: Viewer) -> &[String];
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
    /// The view of each seat, then the spectator's, after the last step: the log's next lines are the news
    /// since it, and table messages are written from it.
    last_views: Vec<G::View>,
    logs: Vec<Vec<String>>,
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
    /// The table a record describes, every step checked, with each viewer's log followed through the one
    /// replay.
    fn from_record(record: &Record) -> Result<Self, RecordError> {
        // Live play adds news once per action, with the chance events drawn after it (sampled chance), and once
        // per chance event before the first action (when the table opened): the rebuild groups steps the same
        // way, so the log reads the same however the table came to be.
        let mut last_views: Vec<G::View> = Vec::new();
        let mut logs: Vec<Vec<String>> = Vec::new();
        let mut acted = false;
        let session = Session::<G>::replay_watched(record, |session| {
            let done = session.steps().len();
            if done == 0 {
                last_views = viewers(session.game().seats()).map(|v| session.view(v)).collect();
                logs = vec![Vec::new(); last_views.len()];
                return;
            }
            acted |= matches!(session.steps()[done - 1], Step::Action(..));
            if !acted || !matches!(record.events.get(done), Some(Entry::Chance { .. })) {
                extend_logs(session, &mut last_views, &mut logs);
            }
        })?;
        Ok(Typed { session, last_views, logs, entries: Default::default() })
    }
}

/// Adds to each viewer's log the news between its last view and its view now.
fn extend_logs<G: Roster + Narrate>(session: &Session<G>, last_views: &mut [G::View], logs: &mut [Vec<String>]) {
    for (index, viewer) in viewers(session.game().seats()).enumerate() {
        let now = session.view(viewer);
        logs[index].extend(session.game().news(&last_views[index], &now));
        last_views[index] = now;
    }
}

impl<G: Roster + Narrate> Table for Typed<G> {
    fn session(&self) -> &dyn DynSession {
        &self.session
    }

    fn play(&mut self, seat: Seat, action: &serde_json::Value) -> Result<(), PlayError> {
        DynSession::play(&mut self.session, seat, action)?;
        extend_logs(&self.session, &mut self.last_views, &mut self.logs);
        Ok(())
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
            |action| game.label(action),
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
