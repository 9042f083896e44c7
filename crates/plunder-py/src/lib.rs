//! `plunder._core`: the compiled half of the Python package `plunder` (python/plunder/ holds the rest: the
//! pyspiel-shaped wrappers, the PettingZoo, Gymnasium and vectorized environments, and `plunder.ray`).
//!
//! Everything here is generic over the game ([`engine`]): the registry's visitor picks the game by id, so no
//! game is named in this crate. Actions cross as the game's stable integers ([`plunder_core::ActionCodec`]) or
//! as typed JSON; tensors and masks cross as little-endian bytes that Python wraps in numpy arrays without
//! copying them again.

mod engine;
mod sim;
mod vector;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

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

fn i32_bytes<'py>(py: Python<'py>, values: &[i32]) -> PyResult<Bound<'py, PyBytes>> {
    le_bytes(py, values, i32::to_le_bytes)
}

fn kind(name: &str) -> PyResult<TensorKind> {
    match name {
        "information_state" => Ok(TensorKind::InformationState),
        "observation" => Ok(TensorKind::Observation),
        other => Err(PyValueError::new_err(format!("no tensor '{other}' (information_state, observation)"))),
    }
}

/// A game under one set of options.
#[pyclass(name = "Game", module = "plunder._core", frozen)]
struct PyGame {
    inner: Box<dyn AnyGame>,
}

#[pymethods]
impl PyGame {
    #[getter]
    fn id(&self) -> &'static str {
        self.inner.id()
    }

    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn num_players(&self) -> usize {
        self.inner.seats()
    }

    fn options_json(&self) -> String {
        self.inner.options().to_string()
    }

    fn facts_json(&self) -> String {
        self.inner.facts().to_string()
    }

    /// How many distinct actions (None if the game has no integer encoding yet).
    fn num_distinct_actions(&self) -> Option<usize> {
        self.inner.num_distinct_actions()
    }

    fn tensor_size(&self, kind_name: &str) -> PyResult<usize> {
        Ok(self.inner.tensor_len(kind(kind_name)?))
    }

    fn bots(&self) -> Vec<&'static str> {
        self.inner.bots()
    }

    fn action_space_json(&self) -> PyResult<Vec<String>> {
        self.inner.action_space_json().map_err(refused)
    }

    #[pyo3(signature = (seed = 0, sampled = false))]
    fn new_initial_state(&self, seed: u64, sampled: bool) -> PyState {
        PyState { inner: self.inner.new_state(seed, sampled) }
    }

    /// `n` games stepped together in Rust, on `threads` threads (1: the caller's).
    #[pyo3(signature = (n, seed = 0, threads = 1))]
    fn vector(&self, n: usize, seed: u64, threads: usize) -> PyResult<PyVector> {
        if n == 0 {
            return Err(PyValueError::new_err("a vector of games needs at least one game"));
        }
        Ok(PyVector { inner: self.inner.new_vector(n, seed, threads).map_err(refused)? })
    }

    #[pyo3(signature = (seat, bots, seed = 0))]
    fn duel(&self, seat: usize, bots: Vec<String>, seed: u64) -> PyResult<PyDuel> {
        Ok(PyDuel { inner: std::sync::Mutex::new(self.inner.new_duel(seat, &bots, seed).map_err(refused)?) })
    }
}

/// A game in progress.
#[pyclass(name = "State", module = "plunder._core")]
struct PyState {
    inner: Box<dyn AnyState>,
}

#[pymethods]
impl PyState {
    fn clone(&self) -> PyState {
        PyState { inner: self.inner.clone_box() }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    /// A state shares nothing mutable, so a deep copy is a clone (OpenSpiel copies Python states this way).
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    fn current_player(&self) -> i64 {
        self.inner.current_player()
    }

    fn deciding(&self) -> Vec<usize> {
        self.inner.deciding()
    }

    fn chance_outcomes(&self) -> Vec<(i64, f64)> {
        self.inner.chance_outcomes()
    }

    fn chance_labels(&self) -> Vec<String> {
        self.inner.chance_labels()
    }

    fn is_terminal(&self) -> bool {
        self.inner.current_player() == engine::TERMINAL
    }

    fn is_chance_node(&self) -> bool {
        self.inner.current_player() == engine::CHANCE
    }

    fn is_simultaneous_node(&self) -> bool {
        self.inner.current_player() == engine::SIMULTANEOUS
    }

    /// `seat`'s legal actions (by default the seat to act; at a chance node, the outcomes' indices).
    #[pyo3(signature = (seat = None))]
    fn legal_actions(&self, seat: Option<usize>) -> PyResult<Vec<i64>> {
        match seat.or_else(|| usize::try_from(self.inner.current_player()).ok()) {
            Some(seat) => self.inner.legal_actions(seat).map_err(refused),
            None if self.is_chance_node() => Ok(self.inner.chance_outcomes().iter().map(|(i, _)| *i).collect()),
            None => Ok(Vec::new()),
        }
    }

    /// `seat`'s legal actions as typed JSON texts (every game, with or without integer actions).
    fn legal_actions_json(&self, seat: usize) -> PyResult<Vec<String>> {
        self.inner.legal_actions_json(seat).map_err(refused)
    }

    /// 1 for each legal action of `seat` (by default the seat to act), over the whole action space.
    #[pyo3(signature = (seat = None))]
    fn legal_actions_mask(&self, py: Python<'_>, seat: Option<usize>) -> PyResult<Vec<u8>> {
        let size = self.game_actions(py)?;
        let mut mask = vec![0; size];
        if self.is_chance_node() && seat.is_none() {
            return Ok(mask);
        }
        for a in self.legal_actions(seat)? {
            mask[a as usize] = 1;
        }
        Ok(mask)
    }

    fn information_state_tensor(&self, seat: usize) -> PyResult<Vec<f32>> {
        self.inner.tensor(seat, TensorKind::InformationState).map_err(refused)
    }

    fn observation_tensor(&self, seat: usize) -> PyResult<Vec<f32>> {
        self.inner.tensor(seat, TensorKind::Observation).map_err(refused)
    }

    /// `seat`'s view as JSON: what it sees now.
    fn observation_string(&self, seat: usize) -> PyResult<String> {
        self.inner.view_json(Some(seat)).map_err(refused)
    }

    /// The state after `action` (this one unchanged).
    fn child(&self, action: i64) -> PyResult<PyState> {
        let mut next = self.inner.clone_box();
        next.apply_action(None, action).map_err(refused)?;
        Ok(PyState { inner: next })
    }

    fn __str__(&self) -> PyResult<String> {
        self.inner.view_json(None).map_err(refused)
    }

    #[pyo3(signature = (action, seat = None))]
    fn apply_action(&mut self, action: i64, seat: Option<usize>) -> PyResult<()> {
        self.inner.apply_action(seat, action).map_err(refused)
    }

    fn apply_json(&mut self, seat: usize, action: &str) -> PyResult<()> {
        self.inner.apply_json(seat, action).map_err(refused)
    }

    fn sample_chance(&mut self) -> PyResult<i64> {
        self.inner.sample_chance().map_err(refused)
    }

    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    fn information_state_string(&self, seat: usize) -> PyResult<String> {
        self.inner.information_state_string(seat).map_err(refused)
    }

    fn tensor<'py>(&self, py: Python<'py>, seat: usize, kind_name: &str) -> PyResult<Bound<'py, PyBytes>> {
        f32_bytes(py, &self.inner.tensor(seat, kind(kind_name)?).map_err(refused)?)
    }

    #[pyo3(signature = (seat = None))]
    fn view_json(&self, seat: Option<usize>) -> PyResult<String> {
        self.inner.view_json(seat).map_err(refused)
    }

    /// The events told to `seat` (`None`: a spectator) since the first `since`, oldest first: a list of
    /// `{"event": dict, "text": str}`, the game's typed event and its words. A seat's secret (its own roll, its
    /// draw) comes to it in full and to others as its public side.
    #[pyo3(signature = (seat = None, since = 0))]
    fn events<'py>(&self, py: Python<'py>, seat: Option<usize>, since: usize) -> PyResult<Bound<'py, PyAny>> {
        let text = self.inner.events_json(seat, since).map_err(refused)?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// How many events have been told so far, to anyone: the `since` to ask [`State::events`] with next.
    fn num_events(&self) -> usize {
        self.inner.event_count()
    }

    /// The action's words, pyspiel's way: `action_to_string(action)` or `action_to_string(player, action)`.
    #[pyo3(signature = (first, second = None))]
    fn action_to_string(&self, first: i64, second: Option<i64>) -> PyResult<String> {
        self.inner.action_to_string(second.unwrap_or(first)).map_err(refused)
    }

    fn action_to_json(&self, action: i64) -> PyResult<String> {
        self.inner.action_to_json(action).map_err(refused)
    }

    fn action_from_json(&self, action: &str) -> PyResult<i64> {
        self.inner.action_from_json(action).map_err(refused)
    }

    fn record_json(&self) -> String {
        self.inner.record_json()
    }

    #[pyo3(signature = (seat, bot, seed = 0))]
    fn suggest(&self, seat: usize, bot: &str, seed: u64) -> PyResult<i64> {
        self.inner.suggest(seat, bot, seed).map_err(refused)
    }

    fn round(&self) -> u32 {
        self.inner.round()
    }

    fn num_distinct_actions(&self) -> Option<usize> {
        self.inner.num_distinct_actions()
    }
}

impl PyState {
    fn game_actions(&self, _py: Python<'_>) -> PyResult<usize> {
        self.inner
            .num_distinct_actions()
            .ok_or_else(|| PyValueError::new_err("this game has no integer action encoding yet"))
    }
}

/// N games stepped together in Rust.
#[pyclass(name = "Vector", module = "plunder._core")]
struct PyVector {
    inner: Box<dyn vector::AnyVector>,
}

#[pymethods]
impl PyVector {
    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn reset(&mut self, py: Python<'_>) {
        let inner = &mut self.inner;
        py.allow_threads(move || inner.reset());
    }

    /// Plays `actions` (little-endian int64 bytes, one per game) with the GIL released.
    fn step(&mut self, py: Python<'_>, actions: &[u8]) -> PyResult<()> {
        if !actions.len().is_multiple_of(8) {
            return Err(PyValueError::new_err("actions must be int64 bytes"));
        }
        let actions: Vec<i64> =
            actions.chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().expect("8 bytes"))).collect();
        let inner = &mut self.inner;
        py.allow_threads(move || inner.step(&actions)).map_err(refused)
    }

    /// (observations f32, masks u8, rewards f32, dones u8, players i32, legal i32, counts i32) of the last step,
    /// as little-endian bytes.
    fn buffers<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyBytes>>> {
        let out = self.inner.buffers();
        Ok(vec![
            f32_bytes(py, &out.obs)?,
            PyBytes::new(py, &out.mask),
            f32_bytes(py, &out.rewards)?,
            PyBytes::new(py, &out.dones),
            i32_bytes(py, &out.players)?,
            i32_bytes(py, &out.legal)?,
            i32_bytes(py, &out.counts)?,
        ])
    }

    fn games_done(&self) -> u64 {
        self.inner.games_done()
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
    fn reset(&self, py: Python<'_>, seed: u64) {
        py.allow_threads(|| self.duel().reset(seed))
    }

    fn step(&self, py: Python<'_>, action: i64) -> PyResult<f64> {
        py.allow_threads(|| self.duel().step(action)).map_err(refused)
    }

    fn done(&self) -> bool {
        self.duel().done()
    }

    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        f32_bytes(py, &self.duel().observation())
    }

    fn mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.duel().mask())
    }

    fn state(&self) -> PyState {
        PyState { inner: self.duel().state() }
    }
}

/// Game `id` with `players` (if given) and options as a JSON object text.
#[pyfunction]
#[pyo3(signature = (id, players = None, options = "{}"))]
fn load_game(id: &str, players: Option<usize>, options: &str) -> PyResult<PyGame> {
    Ok(PyGame { inner: engine::load(id, players, &json_arg(options)?).map_err(refused)? })
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
