//! `plunder._core`: the compiled half of the Python package `plunder` (python/plunder/ holds the rest: the
//! pyspiel-shaped wrappers, the PettingZoo, Gymnasium and vectorized environments, and `plunder.ray`).
//!
//! Everything here is generic over the game ([`engine`]): the registry's visitor picks the game by id, so no
//! game is named in this crate. Actions cross as the game's stable integers ([`plunder_core::ActionCodec`]) or
//! as typed JSON; a state's tensors and masks cross as little-endian bytes that Python wraps in numpy arrays
//! without copying them again, and numpy reads the vectorized environment's buffers in place.

mod engine;
mod sim;
mod vector;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyFloat, PyInt};

use engine::{AnyDuel, AnyGame, AnyState};
use plunder_core::TensorKind;

fn refused(reason: String) -> PyErr {
    PyValueError::new_err(reason)
}

fn json_arg(text: &str) -> PyResult<serde_json::Value> {
    serde_json::from_str(text).map_err(|e| PyValueError::new_err(format!("options are not JSON: {e}")))
}

/// Numbers as little-endian bytes, written straight into a new Python `bytes`.
fn le_bytes<'py, const N: usize, T: Copy>(
    py: Python<'py>,
    values: &[T],
    to_bytes: fn(T) -> [u8; N],
) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, values.len() * N, |buf| {
        for (chunk, &value) in buf.chunks_exact_mut(N).zip(values) {
            chunk.copy_from_slice(&to_bytes(value));
        }
        Ok(())
    })
}

fn f32_bytes<'py>(py: Python<'py>, values: &[f32]) -> PyResult<Bound<'py, PyBytes>> {
    le_bytes(py, values, f32::to_le_bytes)
}

/// An integer argument from Python (an `int`, or anything with `__index__` such as a numpy integer). A float,
/// or an integer outside 64 bits, is refused with a `ValueError` rather than truncated or left to overflow.
#[derive(Copy, Clone)]
struct Int(i64);

impl<'py> FromPyObject<'py> for Int {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        let index = if ob.is_instance_of::<PyInt>() {
            ob.clone()
        } else if ob.is_instance_of::<PyFloat>() || !ob.hasattr("__index__")? {
            let shown = ob.repr().map_or_else(|_| "this".to_string(), |r| r.to_string());
            return Err(PyValueError::new_err(format!("{shown} is not an integer")));
        } else {
            ob.call_method0("__index__")?
        };
        index.extract::<i64>().map(Int).map_err(|_| PyValueError::new_err(format!("{index} is out of range")))
    }
}

/// A seat, count or seed from Python: an [`Int`] that is not negative (a `ValueError` if it is).
#[derive(Copy, Clone)]
struct Nat(u64);

impl<'py> FromPyObject<'py> for Nat {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        let Int(value) = ob.extract()?;
        u64::try_from(value).map(Nat).map_err(|_| PyValueError::new_err(format!("{value} is negative")))
    }
}

impl Nat {
    fn index(self) -> usize {
        usize::try_from(self.0).unwrap_or(usize::MAX)
    }
}

/// A seed for a new game when none is given: fresh every time, as pyspiel's games are unseeded by default.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    hasher.finish()
}

fn kind(name: &str) -> PyResult<TensorKind> {
    match name {
        "information_state" => Ok(TensorKind::InformationState),
        "observation" => Ok(TensorKind::Observation),
        other => Err(PyValueError::new_err(format!("no tensor '{other}' (information_state, observation)"))),
    }
}

/// `load_game`'s arguments: id, players (None: from the options) and options as JSON.
type LoadArgs = (String, Option<usize>, String);

/// A game under one set of options.
#[pyclass(name = "Game", module = "plunder._core", frozen)]
struct PyGame {
    inner: Box<dyn AnyGame>,
}

#[pymethods]
impl PyGame {
    /// The game's id (`liars-dice`).
    #[getter]
    fn id(&self) -> &'static str {
        self.inner.id()
    }

    /// The game's name for people.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// How many seats the table has.
    fn num_players(&self) -> usize {
        self.inner.seats()
    }

    /// The options in full, as a JSON object text.
    fn options_json(&self) -> String {
        self.inner.options().to_string()
    }

    /// The game's facts (table sizes, payoffs, `max_steps`, `max_decisions`, kinds of uncertainty) as JSON.
    fn facts_json(&self) -> String {
        self.inner.facts().to_string()
    }

    /// How many distinct actions (None if the game has no integer encoding yet).
    fn num_distinct_actions(&self) -> Option<usize> {
        self.inner.num_distinct_actions()
    }

    /// The length of the `information_state` or `observation` tensor.
    fn tensor_size(&self, kind_name: &str) -> PyResult<usize> {
        Ok(self.inner.tensor_len(kind(kind_name)?))
    }

    /// The `information_state` or `observation` tensor's sections, as JSON: name, start, len and meaning.
    fn tensor_layout_json(&self, kind_name: &str) -> PyResult<String> {
        Ok(self.inner.tensor_layout(kind(kind_name)?).to_string())
    }

    /// The bots this game offers (the first is its best).
    fn bots(&self) -> Vec<&'static str> {
        self.inner.bots()
    }

    /// Every action as JSON text, in integer order.
    fn action_space_json(&self) -> PyResult<Vec<String>> {
        self.inner.action_space_json().map_err(refused)
    }

    /// A new game, seeded by `seed` (by default a fresh seed, so two calls differ; give one to repeat a game).
    /// `sampled`: chance is drawn at once from the seed; otherwise chance nodes are the caller's to settle.
    #[pyo3(signature = (seed = None, sampled = false))]
    fn new_initial_state(&self, seed: Option<Nat>, sampled: bool) -> PyState {
        PyState { inner: self.inner.new_state(seed.map_or_else(fresh_seed, |s| s.0), sampled) }
    }

    /// `n` games stepped together in Rust, on `threads` threads (1: the caller's). `same_step`: a game that ends
    /// starts again in the same step (its final observation kept apart), else at the next step.
    #[pyo3(signature = (n, seed = Nat(0), threads = Nat(1), same_step = false))]
    fn vector(&self, n: Nat, seed: Nat, threads: Nat, same_step: bool) -> PyResult<PyVector> {
        if n.0 == 0 {
            return Err(PyValueError::new_err("a vector of games needs at least one game"));
        }
        let autoreset = if same_step { vector::Autoreset::SameStep } else { vector::Autoreset::NextStep };
        let inner = self.inner.new_vector(n.index(), seed.0, threads.index(), autoreset).map_err(refused)?;
        Ok(PyVector { inner })
    }

    /// Seat `seat` against the game's bots `bots` (by default its best; the names cycle over the seats), seeded by
    /// `seed`: Gymnasium's `SeatEnv` runs on it.
    #[pyo3(signature = (seat, bots, seed = Nat(0)))]
    fn duel(&self, seat: Nat, bots: Vec<String>, seed: Nat) -> PyResult<PyDuel> {
        Ok(PyDuel { inner: std::sync::Mutex::new(self.inner.new_duel(seat.index(), &bots, seed.0).map_err(refused)?) })
    }

    /// Pickling: the game is its id and options.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, LoadArgs)> {
        let load = py.import("plunder._core")?.getattr("load_game")?.unbind();
        Ok((load, (self.inner.id().to_string(), None, self.inner.options().to_string())))
    }
}

/// A game in progress: pyspiel's `State`. Where pyspiel takes a player, `None` means the seat to act.
#[pyclass(name = "State", module = "plunder._core")]
struct PyState {
    inner: Box<dyn AnyState>,
}

#[pymethods]
impl PyState {
    /// A copy of the state (nothing shared).
    fn clone(&self) -> PyState {
        PyState { inner: self.inner.clone_box() }
    }

    /// A copy of the state (nothing shared).
    fn __copy__(&self) -> PyState {
        self.clone()
    }

    /// A state shares nothing mutable, so a deep copy is a clone (OpenSpiel copies Python states this way).
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// Pickling: a state is its record (options, seed, every step), replayed and checked when unpickled.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String,))> {
        let replay = py.import("plunder._core")?.getattr("state_from_record")?.unbind();
        Ok((replay, (self.inner.record_json().map_err(refused)?,)))
    }

    /// pyspiel's `serialize()`: the game's record as JSON (`Game.deserialize_state` reads it back).
    fn serialize(&self) -> PyResult<String> {
        self.inner.record_json().map_err(refused)
    }

    /// The seat to act, or CHANCE (-1), SIMULTANEOUS (-2) or TERMINAL (-4), as pyspiel's.
    fn current_player(&self) -> i64 {
        self.inner.current_player()
    }

    /// The seats owing a decision now (several at a simultaneous node).
    fn deciding(&self) -> Vec<usize> {
        self.inner.deciding()
    }

    /// How many seats the table has.
    fn num_players(&self) -> usize {
        self.inner.returns().len()
    }

    /// The pending chance event's outcomes as (position, probability); empty unless at a chance node.
    fn chance_outcomes(&self) -> Vec<(i64, f64)> {
        self.inner.chance_outcomes()
    }

    /// The pending chance event's outcomes in words, in the order of `chance_outcomes()`.
    fn chance_labels(&self) -> Vec<String> {
        self.inner.chance_labels()
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.current_player() == engine::TERMINAL
    }

    /// Whether a chance event is pending.
    fn is_chance_node(&self) -> bool {
        self.inner.current_player() == engine::CHANCE
    }

    /// Whether several seats owe a decision at once.
    fn is_simultaneous_node(&self) -> bool {
        self.inner.current_player() == engine::SIMULTANEOUS
    }

    /// Whether one seat is to act (pyspiel's `is_player_node`).
    fn is_player_node(&self) -> bool {
        self.inner.current_player() >= 0
    }

    /// `seat`'s legal actions (by default the seat to act; at a chance node, the outcomes' indices; none once the
    /// game is over). Where several seats decide at once, the seat must be named.
    #[pyo3(signature = (seat = None))]
    fn legal_actions(&self, seat: Option<Nat>) -> PyResult<Vec<i64>> {
        match seat.map(Nat::index).or_else(|| usize::try_from(self.inner.current_player()).ok()) {
            Some(seat) => self.inner.legal_actions(seat).map_err(refused),
            None if self.is_chance_node() => Ok(self.inner.chance_outcomes().iter().map(|(i, _)| *i).collect()),
            None if self.is_simultaneous_node() => Err(PyValueError::new_err(format!(
                "seats {:?} decide here at once: name the seat (legal_actions(seat))",
                self.inner.deciding()
            ))),
            None => Ok(Vec::new()),
        }
    }

    /// `seat`'s legal actions as typed JSON texts (every game, with or without integer actions).
    fn legal_actions_json(&self, seat: Nat) -> PyResult<Vec<String>> {
        self.inner.legal_actions_json(seat.index()).map_err(refused)
    }

    /// 1 for each legal action of `seat` (by default the seat to act), over the whole action space.
    #[pyo3(signature = (seat = None))]
    fn legal_actions_mask(&self, seat: Option<Nat>) -> PyResult<Vec<u8>> {
        let size = self
            .inner
            .num_distinct_actions()
            .ok_or_else(|| PyValueError::new_err("this game has no integer action encoding yet"))?;
        let mut mask = vec![0; size];
        if self.is_chance_node() && seat.is_none() {
            return Ok(mask);
        }
        for a in self.legal_actions(seat)? {
            mask[a as usize] = 1;
        }
        Ok(mask)
    }

    /// `seat`'s information-state tensor (by default the seat to act's): liar's dice's is OpenSpiel's (every bid);
    /// another game's is its observation followed by how often the seat took each action, a function of its
    /// perfect-recall information state but not a record of it (the key is `information_state_string`).
    #[pyo3(signature = (seat = None))]
    fn information_state_tensor(&self, seat: Option<Nat>) -> PyResult<Vec<f32>> {
        self.inner.tensor(self.player(seat)?, TensorKind::InformationState).map_err(refused)
    }

    /// `seat`'s observation tensor (by default the seat to act's).
    #[pyo3(signature = (seat = None))]
    fn observation_tensor(&self, seat: Option<Nat>) -> PyResult<Vec<f32>> {
        self.inner.tensor(self.player(seat)?, TensorKind::Observation).map_err(refused)
    }

    /// `seat`'s view as JSON: what it sees now (by default the seat to act's).
    #[pyo3(signature = (seat = None))]
    fn observation_string(&self, seat: Option<Nat>) -> PyResult<String> {
        self.inner.view_json(Some(self.player(seat)?)).map_err(refused)
    }

    /// `seat`'s perfect-recall information-state key (by default the seat to act's), as 16 hex digits: equal
    /// for two states exactly when the seat cannot tell them apart. `information_state_text` gives it in words.
    #[pyo3(signature = (seat = None))]
    fn information_state_string(&self, seat: Option<Nat>) -> PyResult<String> {
        self.inner.information_state_string(self.player(seat)?).map_err(refused)
    }

    /// `seat`'s information state in words (by default the seat to act's): one line per view it saw (`view
    /// {JSON}`, repeats folded) or action it took (`action {JSON}`), oldest first. The same information as
    /// `information_state_string`, readable; two states with equal text have equal keys.
    #[pyo3(signature = (seat = None))]
    fn information_state_text(&self, seat: Option<Nat>) -> PyResult<String> {
        Ok(self.inner.information_state_lines(self.player(seat)?).map_err(refused)?.join("\n"))
    }

    /// The state after `action` (this one unchanged).
    fn child(&self, action: Int) -> PyResult<PyState> {
        let mut next = self.inner.clone_box();
        next.apply_action(None, action.0).map_err(refused)?;
        Ok(PyState { inner: next })
    }

    /// The spectator's view as JSON.
    fn __str__(&self) -> PyResult<String> {
        self.inner.view_json(None).map_err(refused)
    }

    /// Plays `action` for the seat to act, or for `seat` at a simultaneous node. At a chance node `action` is
    /// the outcome's position in `chance_outcomes()` and no seat may be named.
    #[pyo3(signature = (action, seat = None))]
    fn apply_action(&mut self, action: Int, seat: Option<Nat>) -> PyResult<()> {
        self.inner.apply_action(seat.map(Nat::index), action.0).map_err(refused)
    }

    /// pyspiel's `apply_actions`: one action per seat (`num_players()` entries); the deciding seats' are played
    /// together, all or none (the others' entries are not read).
    fn apply_actions(&mut self, actions: Vec<Int>) -> PyResult<()> {
        let actions: Vec<i64> = actions.iter().map(|a| a.0).collect();
        self.inner.apply_actions(&actions).map_err(refused)
    }

    /// Plays `action` (typed JSON text) for `seat`; a `ValueError` if it is not legal.
    fn apply_json(&mut self, seat: Nat, action: &str) -> PyResult<()> {
        self.inner.apply_json(seat.index(), action).map_err(refused)
    }

    /// Settles the pending chance event from the state's own seeded generator; returns the outcome's position.
    fn sample_chance(&mut self) -> PyResult<i64> {
        self.inner.sample_chance().map_err(refused)
    }

    /// Each seat's payoff once the game is over, else zeros.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// pyspiel's `rewards()`: Plunder pays only at the end, so the returns once the game is over, else zeros.
    fn rewards(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// `seat`'s payoff once the game is over, else 0 (pyspiel's `player_return`).
    fn player_return(&self, seat: Nat) -> PyResult<f64> {
        let returns = self.inner.returns();
        returns.get(seat.index()).copied().ok_or_else(|| {
            PyValueError::new_err(format!("no seat {}: the table has seats 0 to {}", seat.0, returns.len() - 1))
        })
    }

    /// pyspiel's `history()`: every step so far, actions as their integers and chance outcomes as their
    /// positions in `chance_outcomes()` then.
    fn history(&self) -> PyResult<Vec<i64>> {
        self.inner.history().map_err(refused)
    }

    /// pyspiel's `history_str()`: the history joined by ", ".
    fn history_str(&self) -> PyResult<String> {
        Ok(self.history()?.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))
    }

    /// pyspiel's `move_number()`: how many steps (decisions and chance outcomes) were played.
    fn move_number(&self) -> usize {
        self.inner.move_number()
    }

    /// A state drawn from what `seat` knows (pyspiel's `resample_from_infostate`, for ISMCTS): `seat`'s view
    /// and information state are this state's, everything hidden from it is redrawn (`Game::determinize`),
    /// from a generator seeded by `seed`. The drawn state has no known past (no history, record or pickle),
    /// and the other seats' information states start where it was drawn.
    fn resample_from_infostate(&self, seat: Nat, seed: Nat) -> PyResult<PyState> {
        Ok(PyState { inner: self.inner.resampled(seat.index(), seed.0).map_err(refused)? })
    }

    /// `seat`'s `kind` tensor (`information_state` or `observation`) as little-endian float32 bytes.
    fn tensor<'py>(&self, py: Python<'py>, seat: Nat, kind_name: &str) -> PyResult<Bound<'py, PyBytes>> {
        f32_bytes(py, &self.inner.tensor(seat.index(), kind(kind_name)?).map_err(refused)?)
    }

    /// What `seat` sees now as JSON (`None`: what a spectator sees).
    #[pyo3(signature = (seat = None))]
    fn view_json(&self, seat: Option<Nat>) -> PyResult<String> {
        self.inner.view_json(seat.map(Nat::index)).map_err(refused)
    }

    /// The events told to `seat` (`None`: a spectator) since the first `since`, oldest first: a list of
    /// `{"event": dict, "text": str}`, the game's typed event and its words. A seat's secret (its own roll, its
    /// draw) comes to it in full and to others as its public side.
    #[pyo3(signature = (seat = None, since = Nat(0)))]
    fn events<'py>(&self, py: Python<'py>, seat: Option<Nat>, since: Nat) -> PyResult<Bound<'py, PyAny>> {
        let text = self.inner.events_json(seat.map(Nat::index), since.index()).map_err(refused)?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// How many events have been told so far, to anyone: the `since` to ask [`State::events`] with next.
    fn num_events(&self) -> usize {
        self.inner.event_count()
    }

    /// The action's words, pyspiel's way: `action_to_string(action)`, or `action_to_string(player, action)`, which
    /// for the seat to decide says it in that seat's own words (the die it would reroll, its price), as a table
    /// shows that seat its choices; otherwise words that need no view.
    #[pyo3(signature = (first, second = None))]
    fn action_to_string(&self, first: Int, second: Option<Int>) -> PyResult<String> {
        let (seat, action) = match second {
            Some(action) => (usize::try_from(first.0).ok(), action.0),
            None => (None, first.0),
        };
        self.inner.action_to_string(seat, action).map_err(refused)
    }

    /// pyspiel's `string_to_action`: the legal action of the seat (by default the seat to act) whose words
    /// (`action_to_string`) are `text`; `string_to_action(text)` or `string_to_action(player, text)`.
    #[pyo3(signature = (first, second = None))]
    fn string_to_action(&self, first: &Bound<'_, PyAny>, second: Option<&str>) -> PyResult<i64> {
        let (seat, text) = match second {
            Some(text) => (Some(first.extract::<Nat>()?), text.to_string()),
            None => (None, first.extract::<String>()?),
        };
        // The seat's own words or the words without a view: either names the action.
        let asking = seat.map(|s| s.0 as usize).or(usize::try_from(self.inner.current_player()).ok());
        for action in self.legal_actions(seat)? {
            let reads = |seat| self.inner.action_to_string(seat, action).ok().as_deref() == Some(text.as_str());
            if reads(asking) || reads(None) {
                return Ok(action);
            }
        }
        Err(PyValueError::new_err(format!("no legal action reads '{text}'")))
    }

    /// The typed JSON text of integer action `action`.
    fn action_to_json(&self, action: Int) -> PyResult<String> {
        self.inner.action_to_json(action.0).map_err(refused)
    }

    /// The integer of the action a typed JSON text describes.
    fn action_from_json(&self, action: &str) -> PyResult<i64> {
        self.inner.action_from_json(action).map_err(refused)
    }

    /// The game's record as JSON (options, seed, every step): what `plunder replay` and `state_from_record` read.
    fn record_json(&self) -> PyResult<String> {
        self.inner.record_json().map_err(refused)
    }

    /// What bot `bot` (seeded by `seed`) would play for `seat` now, from that seat's view only.
    #[pyo3(signature = (seat, bot, seed = Nat(0)))]
    fn suggest(&self, seat: Nat, bot: &str, seed: Nat) -> PyResult<i64> {
        self.inner.suggest(seat.index(), bot, seed.0).map_err(refused)
    }

    /// The round in progress (from 1), or the last one once the game is over.
    fn round(&self) -> u32 {
        self.inner.round()
    }

    /// Whether the game is over because a safety limit of its options stopped it (a round or turn cap such as
    /// `max_rounds`) rather than its rules' own ending: Gymnasium's and PettingZoo's truncation. False while
    /// the game goes on.
    fn is_truncated(&self) -> bool {
        self.inner.truncated()
    }

    /// How many distinct actions (None if the game has no integer encoding yet).
    fn num_distinct_actions(&self) -> Option<usize> {
        self.inner.num_distinct_actions()
    }
}

impl PyState {
    /// The seat a pyspiel call means: the one named, else the seat to act (refused when no one seat is).
    fn player(&self, seat: Option<Nat>) -> PyResult<usize> {
        match seat {
            Some(seat) => Ok(seat.index()),
            None => usize::try_from(self.inner.current_player()).map_err(|_| {
                PyValueError::new_err(
                    "no one seat is to act here (a chance, simultaneous or terminal node): name the player",
                )
            }),
        }
    }
}

/// N games stepped together in Rust.
#[pyclass(name = "Vector", module = "plunder._core")]
struct PyVector {
    inner: Box<dyn vector::AnyVector>,
}

#[pymethods]
impl PyVector {
    /// How many games the vector steps.
    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// Starts every game again: with `seed`, from that seed's chance streams; without, each game's chance stream
    /// goes on (new games, still determined by the last seed). Holds the GIL, as `step` does.
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, seed: Option<Nat>) {
        self.inner.reset(seed.map(|s| s.0));
    }

    /// Plays `actions` (little-endian int64 bytes, one per game). A game that ended at the last step starts again
    /// instead, and its action is not read. It holds the GIL: numpy arrays read the buffers it writes
    /// (`buffers`), so no Python thread may run meanwhile (with `threads` > 1 the games are still stepped on
    /// several threads).
    fn step(&mut self, actions: &[u8]) -> PyResult<()> {
        if !actions.len().is_multiple_of(8) {
            return Err(PyValueError::new_err("actions must be int64 bytes"));
        }
        let actions: Vec<i64> =
            actions.chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().expect("8 bytes"))).collect();
        self.inner.step(&actions).map_err(refused)
    }

    /// The buffers the steps write, for numpy to read in place (`numpy.asarray` of each): observations f32,
    /// masks u8, rewards f32, dones u8, truncations u8, players i32, legal i32, counts i32, final observations
    /// f32, each flat, game after game. Each step and reset rewrites them.
    fn buffers(slf: &Bound<'_, Self>) -> Vec<PyVectorBuffer> {
        (0..VectorBuffer::ALL.len())
            .map(|which| PyVectorBuffer { vector: slf.clone().unbind(), which: VectorBuffer::ALL[which] })
            .collect()
    }

    /// Games finished since the start.
    fn games_done(&self) -> u64 {
        self.inner.games_done()
    }

    /// The games as data, for pickling: (seed, games done, [(chance stream state as 4 ints, actions of the game
    /// in progress)] per game). `restore` rebuilds them.
    #[allow(clippy::type_complexity)]
    fn snapshot(&self) -> (u64, u64, Vec<([u64; 4], Vec<i64>)>) {
        let snapshot = self.inner.snapshot();
        (snapshot.seed, snapshot.games_done, snapshot.games)
    }

    /// Rebuilds the games a `snapshot` of a vector of the same game and size describes (each replayed and
    /// checked); a `ValueError` if one does not replay.
    fn restore(&mut self, seed: u64, games_done: u64, games: Vec<([u64; 4], Vec<i64>)>) -> PyResult<()> {
        self.inner.restore(&vector::Snapshot { seed, games_done, games }).map_err(refused)
    }
}

/// Which of a vector's buffers a [`PyVectorBuffer`] shows.
#[derive(Copy, Clone)]
enum VectorBuffer {
    Obs,
    Mask,
    Rewards,
    Dones,
    Truncations,
    Players,
    Legal,
    Counts,
    FinalObs,
}

impl VectorBuffer {
    /// In the order `PyVector::buffers` gives them.
    const ALL: [VectorBuffer; 9] = {
        use VectorBuffer::*;
        [Obs, Mask, Rewards, Dones, Truncations, Players, Legal, Counts, FinalObs]
    };
}

/// One of a vector's buffers as numpy reads it, through `__array_interface__`: in place, read-only. The array
/// keeps this object as its base, so the vector (whose buffers never move: `vector::Buffers`) lives as long as
/// the array does. Only `step` and `reset` write the buffers, holding the GIL, so no Python code reads them
/// meanwhile.
#[pyclass(name = "VectorBuffer", module = "plunder._core", frozen)]
struct PyVectorBuffer {
    vector: Py<PyVector>,
    which: VectorBuffer,
}

#[pymethods]
impl PyVectorBuffer {
    /// numpy's array interface (version 3) over the buffer: its address, length and element type.
    #[getter]
    fn __array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let vector = self.vector.borrow(py);
        let out = vector.inner.buffers();
        let (address, len, kind) = match self.which {
            VectorBuffer::Obs => (out.obs.as_ptr() as usize, out.obs.len(), "f4"),
            VectorBuffer::Mask => (out.mask.as_ptr() as usize, out.mask.len(), "u1"),
            VectorBuffer::Rewards => (out.rewards.as_ptr() as usize, out.rewards.len(), "f4"),
            VectorBuffer::Dones => (out.dones.as_ptr() as usize, out.dones.len(), "u1"),
            VectorBuffer::Truncations => (out.truncations.as_ptr() as usize, out.truncations.len(), "u1"),
            VectorBuffer::Players => (out.players.as_ptr() as usize, out.players.len(), "i4"),
            VectorBuffer::Legal => (out.legal.as_ptr() as usize, out.legal.len(), "i4"),
            VectorBuffer::Counts => (out.counts.as_ptr() as usize, out.counts.len(), "i4"),
            VectorBuffer::FinalObs => (out.final_obs.as_ptr() as usize, out.final_obs.len(), "f4"),
        };
        let order = if cfg!(target_endian = "little") { "<" } else { ">" };
        let interface = PyDict::new(py);
        interface.set_item("version", 3)?;
        interface.set_item("shape", (len,))?;
        interface.set_item("typestr", format!("{order}{kind}"))?;
        interface.set_item("data", (address, true))?; // read-only
        Ok(interface)
    }
}

/// One seat against the game's bots.
#[pyclass(name = "Duel", module = "plunder._core", frozen)]
struct PyDuel {
    /// Bots keep their own state and need not be `Sync`; the lock makes the duel shareable as Python wants.
    inner: std::sync::Mutex<Box<dyn AnyDuel>>,
}

impl PyDuel {
    fn duel(&self) -> std::sync::MutexGuard<'_, Box<dyn AnyDuel>> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[pymethods]
impl PyDuel {
    /// Starts a new game seeded by `seed`; the bots and chance play until the seat must decide.
    fn reset(&self, py: Python<'_>, seed: Nat) {
        py.allow_threads(|| self.duel().reset(seed.0))
    }

    /// Plays the seat's `action`, then the bots and chance; returns the seat's reward (its payoff at the end).
    fn step(&self, py: Python<'_>, action: Int) -> PyResult<f64> {
        py.allow_threads(|| self.duel().step(action.0)).map_err(refused)
    }

    /// Whether the game is over.
    fn done(&self) -> bool {
        self.duel().done()
    }

    /// Whether the game is over because a safety limit stopped it (see `State.is_truncated`).
    fn truncated(&self) -> bool {
        self.duel().truncated()
    }

    /// The seat's observation tensor as little-endian float32 bytes.
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        f32_bytes(py, &self.duel().observation())
    }

    /// The seat's legal-action mask as bytes (1 for each legal action).
    fn mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.duel().mask())
    }

    /// The whole game as a `State` (a copy, for analysis).
    fn state(&self) -> PyState {
        PyState { inner: self.duel().state() }
    }
}

/// Game `id` with `players` (if given) and options as a JSON object text.
#[pyfunction]
#[pyo3(signature = (id, players = None, options = "{}"))]
fn load_game(id: &str, players: Option<Nat>, options: &str) -> PyResult<PyGame> {
    Ok(PyGame { inner: engine::load(id, players.map(Nat::index), &json_arg(options)?).map_err(refused)? })
}

/// The game a record describes (the JSON `plunder replay` reads), replayed and checked.
#[pyfunction]
fn state_from_record(record: &str) -> PyResult<PyState> {
    Ok(PyState { inner: engine::from_record(record).map_err(refused)? })
}

/// Every game's id, name and table sizes, as JSON.
#[pyfunction]
fn games_json() -> String {
    let games: Vec<serde_json::Value> = plunder_games::games()
        .iter()
        .map(|g| {
            serde_json::json!({"id": g.id, "name": g.name, "min_players": g.min_players, "max_players": g.max_players})
        })
        .collect();
    serde_json::Value::from(games).to_string()
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyVector>()?;
    m.add_class::<PyVectorBuffer>()?;
    m.add_class::<PyDuel>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(state_from_record, m)?)?;
    m.add_function(wrap_pyfunction!(games_json, m)?)?;
    sim::register(m)?;
    m.add("CHANCE", engine::CHANCE)?;
    m.add("SIMULTANEOUS", engine::SIMULTANEOUS)?;
    m.add("TERMINAL", engine::TERMINAL)?;
    Ok(())
}
