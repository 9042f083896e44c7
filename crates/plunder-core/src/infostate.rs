//! Perfect-recall information states, written once for every game.
//!
//! A seat's information state is everything it has seen and done, in order: the sequence of its views with
//! consecutive duplicates folded (a step the seat cannot observe is not information), interleaved with its own
//! actions. Solvers and search key their tables on it; a game's view may stay a summary (the last bid, not
//! every bid), because the key remembers what the view forgets.
//!
//! The key is built only from [`Game::view`] and the seat's own actions, so it cannot leak what the seat may
//! not know. It is a stable 64-bit FNV-1a hash of the views' and actions' JSON, streamed into the hasher (the
//! JSON is never held as a string), so a key means the same in every run and version of the same views.

use std::io;

use serde::Serialize;

use crate::{Game, Seat, Viewer};

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a over bytes written into it: a stable hash (unlike `std`'s, which may change between versions).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Fnv(pub(crate) u64);

impl Fnv {
    pub(crate) fn new() -> Fnv {
        Fnv(FNV_OFFSET)
    }

    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(FNV_PRIME);
        }
    }
}

impl io::Write for Fnv {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bytes(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The stable hash of `value`'s JSON.
fn json_hash<T: Serialize>(value: &T) -> u64 {
    let mut hasher = Fnv::new();
    serde_json::to_writer(&mut hasher, value).expect("views and actions serialize");
    hasher.0
}

/// What an entry of the sequence is, so that a view and an action with equal JSON still differ.
#[derive(Copy, Clone)]
enum Entry {
    View = 1,
    Action = 2,
}

/// One seat's information state so far.
#[derive(Clone, Debug)]
struct SeatState {
    key: Fnv,
    /// The hash of the last view recorded, to fold a repeat of it.
    last_view: u64,
    /// The sequence in words, one line per entry (only when asked for, for tests and debugging).
    trail: Option<Vec<String>>,
}

impl SeatState {
    fn push(&mut self, entry: Entry, hash: u64, text: impl FnOnce() -> String) {
        self.key.bytes(&[entry as u8]);
        self.key.bytes(&hash.to_le_bytes());
        if let Some(trail) = &mut self.trail {
            trail.push(text());
        }
    }
}

/// Every seat's perfect-recall information state, updated after each step of one game.
#[derive(Clone, Debug)]
pub struct InfoStates {
    seats: Vec<SeatState>,
}

impl InfoStates {
    /// The information states at the start of a game: each seat has seen its first view.
    pub fn new<G: Game>(game: &G, state: &G::State) -> InfoStates {
        InfoStates::start(game, state, false)
    }

    /// Like [`InfoStates::new`], also keeping each sequence in words (JSON lines) for [`InfoStates::trail`].
    pub fn with_trail<G: Game>(game: &G, state: &G::State) -> InfoStates {
        InfoStates::start(game, state, true)
    }

    fn start<G: Game>(game: &G, state: &G::State, trail: bool) -> InfoStates {
        let empty = SeatState { key: Fnv::new(), last_view: 0, trail: trail.then(Vec::new) };
        let mut states = InfoStates { seats: vec![empty; game.seats()] };
        // The first view is always recorded: there is nothing before it to repeat.
        for (index, seat) in states.seats.iter_mut().enumerate() {
            let view = game.view(state, Viewer::Seat(Seat(index as u8)));
            let hash = json_hash(&view);
            seat.last_view = hash;
            seat.push(Entry::View, hash, || view_line(&view));
        }
        states
    }

    /// After `seat` played `action`, reaching `state`: the action is the seat's, every seat sees its view.
    pub fn after_action<G: Game>(&mut self, game: &G, state: &G::State, seat: Seat, action: &G::Action) {
        if let Some(actor) = self.seats.get_mut(seat.index()) {
            actor.push(Entry::Action, json_hash(action), || {
                format!("action {}", serde_json::to_string(action).expect("actions serialize"))
            });
        }
        self.observe(game, state);
    }

    /// After a chance event, reaching `state`: every seat sees its view (the outcome itself only as shown).
    pub fn after_chance<G: Game>(&mut self, game: &G, state: &G::State) {
        self.observe(game, state);
    }

    fn observe<G: Game>(&mut self, game: &G, state: &G::State) {
        for (index, seat) in self.seats.iter_mut().enumerate() {
            let view = game.view(state, Viewer::Seat(Seat(index as u8)));
            let hash = json_hash(&view);
            if hash != seat.last_view {
                seat.last_view = hash;
                seat.push(Entry::View, hash, || view_line(&view));
            }
        }
    }

    /// The information states of a world drawn from what `seat` knows ([`Game::determinize`] gave `state`):
    /// `seat` keeps its own, which the draw cannot change; the others' pasts in the drawn world are unknown, so
    /// each starts afresh from its view of `state`, salted by `seat`'s key so that draws from different
    /// information states of `seat` never share keys. For search that keys its tree on information states.
    pub fn resampled<G: Game>(&self, game: &G, state: &G::State, seat: Seat) -> InfoStates {
        let salt = self.key(seat);
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(index, kept)| {
                if index == seat.index() {
                    return kept.clone();
                }
                let view = game.view(state, Viewer::Seat(Seat(index as u8)));
                let hash = json_hash(&view);
                let mut fresh =
                    SeatState { key: Fnv::new(), last_view: hash, trail: kept.trail.as_ref().map(|_| Vec::new()) };
                fresh.key.bytes(&salt.to_le_bytes());
                fresh.push(Entry::View, hash, || view_line(&view));
                fresh
            })
            .collect();
        InfoStates { seats }
    }

    /// `seat`'s information-state key: equal for two histories exactly when the seat saw and did the same.
    /// (`0` for a seat the table does not have.)
    pub fn key(&self, seat: Seat) -> u64 {
        self.seats.get(seat.index()).map_or(0, |s| s.key.0)
    }

    /// `seat`'s sequence in words, one line per view or action, if made [`InfoStates::with_trail`].
    pub fn trail(&self, seat: Seat) -> Option<&[String]> {
        self.seats.get(seat.index()).and_then(|s| s.trail.as_deref())
    }
}

fn view_line<V: Serialize>(view: &V) -> String {
    format!("view {}", serde_json::to_string(view).expect("views serialize"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_the_reference_values() {
        // Reference FNV-1a 64 values: the empty string and "a".
        assert_eq!(Fnv::new().0, 0xcbf2_9ce4_8422_2325);
        let mut a = Fnv::new();
        a.bytes(b"a");
        assert_eq!(a.0, 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn json_is_hashed_as_written() {
        let mut direct = Fnv::new();
        direct.bytes(br#"{"x":1}"#);
        assert_eq!(json_hash(&serde_json::json!({"x": 1})), direct.0);
        assert_ne!(json_hash(&1), json_hash(&2));
    }
}
