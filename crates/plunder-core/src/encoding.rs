//! Numbers for learning agents: every action as a stable integer, and fixed-length tensors of what a seat
//! sees (OpenSpiel's `num_distinct_actions`, `information_state_tensor` and `observation_tensor`).
//!
//! **Actions.** A game lists its action space once ([`Game::action_space`]): every action any seat could ever
//! be offered under its options, in a fixed order. An action's integer is its place in that list, so the
//! encoding is defined in one place and cannot disagree with itself; [`ActionCodec`] turns actions into
//! integers and back. A game may add a fast [`Game::action_index`] (arithmetic instead of a table look-up); the
//! golden and round-trip tests check that it agrees with the list.
//!
//! **Tensors.** Built from what the seat sees only, so they cannot leak, and laid out in named sections
//! ([`TensorLayout`], [`tensor_layout`]) that each game's rules doc prints. A game writes its own observation
//! ([`Game::tensor_layout`], [`Game::write_tensor`]); a game without one gets [`hashed_view_tensor`], a
//! generic encoding of the view's JSON by feature hashing into [`HASHED_TENSOR_LEN`] numbers. The information
//! state is the game's own where it has one (liar's dice: OpenSpiel's), else the observation followed by how
//! many times the seat took each action ([`write_session_tensor`]): a function of the seat's perfect-recall
//! information state, though two information states may share it (the exact key is
//! [`crate::Session::information_state`]).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde_json::Value;

use crate::infostate::Fnv;
use crate::{Game, Seat, Session, TensorLayout, Viewer};

/// Which tensor: the whole history a seat remembers, or what it sees now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TensorKind {
    /// Perfect recall: everything the seat has seen and done (OpenSpiel's information-state tensor).
    InformationState,
    /// The seat's present observation (OpenSpiel's observation tensor).
    Observation,
}

/// Stable integers for a game's actions under one set of options.
#[derive(Clone, Debug)]
pub struct ActionCodec<G: Game> {
    space: Vec<G::Action>,
    /// Each action to its integer (for games without a fast [`Game::action_index`]).
    index: HashMap<G::Action, u32, BuildHasherDefault<WordHasher>>,
}

/// The codec table's hasher: an action hashes as a few small integers, so one multiply a word (as rustc's
/// FxHash) is far cheaper than the standard SipHash, and the table's keys are the game's own action space (a
/// look-up cannot add keys, so nothing can flood it with collisions).
#[derive(Default)]
struct WordHasher(u64);

impl WordHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(i.into());
    }

    fn write_u16(&mut self, i: u16) {
        self.add(i.into());
    }

    fn write_u32(&mut self, i: u32) {
        self.add(i.into());
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl<G: Game> ActionCodec<G> {
    /// The codec of `game`, or `None` if the game does not list its action space.
    pub fn new(game: &G) -> Option<ActionCodec<G>> {
        let space = game.action_space()?;
        let index = space.iter().enumerate().map(|(i, a)| (a.clone(), i as u32)).collect();
        Some(ActionCodec { space, index })
    }

    /// How many distinct actions there are.
    pub fn len(&self) -> usize {
        self.space.len()
    }

    pub fn is_empty(&self) -> bool {
        self.space.is_empty()
    }

    /// The whole action space, in integer order.
    pub fn space(&self) -> &[G::Action] {
        &self.space
    }

    /// The integer of `action`, or `None` if it is not in the space (a rules bug the tests look for).
    pub fn encode(&self, game: &G, action: &G::Action) -> Option<usize> {
        match game.action_index(action) {
            Some(i) => Some(i),
            None => self.index.get(action).map(|&i| i as usize),
        }
    }

    /// The action with integer `index`, if there is one.
    pub fn decode(&self, index: usize) -> Option<&G::Action> {
        self.space.get(index)
    }
}

/// The length of every [`hashed_view_tensor`].
pub const HASHED_TENSOR_LEN: usize = 512;

/// The generic tensor of a view: every leaf of the view's JSON adds to one of [`HASHED_TENSOR_LEN`] slots,
/// chosen by a stable hash of its path (object keys and array positions): a number adds its value, `true` adds
/// 1, and a string adds 1 to the slot of its path and text together. Distinct features may share a slot
/// (feature hashing), which learning tolerates; the layout never depends on the options.
pub fn hashed_view_tensor(view: &Value, out: &mut [f32]) {
    out.fill(0.0);
    let mut path = Fnv::new();
    path.bytes(b"view");
    walk(view, path, out);
}

fn walk(value: &Value, path: Fnv, out: &mut [f32]) {
    let slot = |h: Fnv| (h.0 % out.len() as u64) as usize;
    match value {
        Value::Null | Value::Bool(false) => {}
        Value::Bool(true) => out[slot(path)] += 1.0,
        Value::Number(n) => out[slot(path)] += n.as_f64().unwrap_or(0.0) as f32,
        Value::String(text) => {
            let mut h = path;
            h.bytes(b"=");
            h.bytes(text.as_bytes());
            out[slot(h)] += 1.0;
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let mut h = path;
                h.bytes(b"[");
                h.bytes(&(i as u32).to_le_bytes());
                walk(item, h, out);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                let mut h = path;
                h.bytes(b".");
                h.bytes(key.as_bytes());
                walk(item, h, out);
            }
        }
    }
}

/// The name of the information state's section that counts the seat's own actions.
pub const MY_ACTIONS: &str = "my_actions";

/// Whether `game`'s `kind` tensor is its observation followed by the seat's own actions (the information state
/// of a game without its own), which only a session, knowing the seat's past, can write.
pub fn needs_past<G: Game>(game: &G, kind: TensorKind) -> bool {
    kind == TensorKind::InformationState && game.tensor_len(kind).is_none()
}

/// The layout of `game`'s `kind` tensor, for an action space of `actions` integers: the game's own, or the
/// generic one (the hashed view; for the information state, followed by the seat's own actions).
pub fn tensor_layout<G: Game>(game: &G, kind: TensorKind, actions: usize) -> TensorLayout {
    if let Some(own) = game.tensor_layout(kind) {
        return own;
    }
    let mut layout = game.tensor_layout(TensorKind::Observation).unwrap_or_else(hashed_layout);
    if kind == TensorKind::InformationState && actions > 0 {
        layout.section(
            MY_ACTIONS,
            actions,
            "how many times this seat has taken each action so far, one number per action integer (the action \
             space, in its order)",
        );
    }
    layout
}

fn hashed_layout() -> TensorLayout {
    let mut layout = TensorLayout::new();
    layout.section(
        "hashed_view",
        HASHED_TENSOR_LEN,
        "the seat's view by feature hashing: each value of the view's JSON added to a slot chosen by a hash of \
         its path (unrelated values may share a slot)",
    );
    layout
}

/// The length of `game`'s `kind` tensor (see [`tensor_layout`]); builds the action space where the information
/// state counts actions, so a hot loop asks once.
pub fn tensor_len<G: Game>(game: &G, kind: TensorKind) -> usize {
    if needs_past(game, kind) {
        let actions = game.action_space().map_or(0, |space| space.len());
        return tensor_len(game, TensorKind::Observation) + actions;
    }
    game.tensor_len(kind).unwrap_or(HASHED_TENSOR_LEN)
}

/// `seat`'s `kind` tensor of `state` into `out` (of [`tensor_len`] numbers), from what the seat sees only: by
/// the game's view-free path where it has one ([`Game::write_seat_tensor`]), else from its view. A tensor that
/// [`needs_past`] is written by [`write_session_tensor`]; here its part after the observation is left zero.
pub fn write_tensor<G: Game>(game: &G, state: &G::State, seat: Seat, kind: TensorKind, out: &mut [f32]) {
    if needs_past(game, kind) {
        out.fill(0.0);
        let len = tensor_len(game, TensorKind::Observation);
        return write_tensor(game, state, seat, TensorKind::Observation, &mut out[..len]);
    }
    if game.tensor_len(kind).is_some() {
        out.fill(0.0);
        if game.write_seat_tensor(state, seat, kind, out) {
            return;
        }
    }
    write_view_tensor(game, state, seat, kind, out);
}

/// `seat`'s `kind` tensor of a session's game into `out` (of [`tensor_len`] numbers, or the observation's plus
/// `codec`'s length): where it [`needs_past`], the observation, then for each action integer how many times
/// the seat took that action ([`Session::own_actions`]).
pub fn write_session_tensor<G: Game>(
    session: &Session<G>,
    codec: Option<&ActionCodec<G>>,
    seat: Seat,
    kind: TensorKind,
    out: &mut [f32],
) {
    let game = session.game();
    write_tensor(game, session.state(), seat, kind, out);
    if !needs_past(game, kind) {
        return;
    }
    let Some(codec) = codec else { return };
    let start = tensor_len(game, TensorKind::Observation);
    let counts = &mut out[start..];
    for action in session.own_actions(seat) {
        if let Some(slot) = codec.encode(game, action).and_then(|i| counts.get_mut(i)) {
            *slot += 1.0;
        }
    }
}

/// `seat`'s `kind` tensor of `state` built from the seat's view: the reference [`write_tensor`]'s fast path is
/// tested against.
pub fn write_view_tensor<G: Game>(game: &G, state: &G::State, seat: Seat, kind: TensorKind, out: &mut [f32]) {
    if needs_past(game, kind) {
        out.fill(0.0);
        let len = tensor_len(game, TensorKind::Observation);
        return write_view_tensor(game, state, seat, TensorKind::Observation, &mut out[..len]);
    }
    let view = game.view(state, Viewer::Seat(seat));
    if game.tensor_len(kind).is_some() {
        out.fill(0.0);
        game.write_tensor(&view, kind, out);
    } else {
        hashed_view_tensor(&serde_json::to_value(&view).expect("views serialize"), out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_hashed_tensor_tells_views_apart_and_is_stable() {
        let mut a = vec![0.0; HASHED_TENSOR_LEN];
        let mut b = vec![0.0; HASHED_TENSOR_LEN];
        hashed_view_tensor(&json!({"dice": [3, 5], "phase": "bid", "over": false}), &mut a);
        hashed_view_tensor(&json!({"dice": [5, 3], "phase": "bid", "over": false}), &mut b);
        assert_ne!(a, b, "positions in an array matter");
        assert_eq!(a.iter().sum::<f32>(), 3.0 + 5.0 + 1.0, "each leaf adds once: two numbers and a string");
        let mut again = vec![0.0; HASHED_TENSOR_LEN];
        hashed_view_tensor(&json!({"phase": "bid", "over": false, "dice": [3, 5]}), &mut again);
        assert_eq!(a, again, "key order does not matter");
    }
}
