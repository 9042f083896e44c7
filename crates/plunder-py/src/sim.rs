//! The simulation of `plunder simulate` for Python: one shard's game results as the JSON lines of a results
//! file, and the merge of such lines into the summary of one run (`plunder report merge`). `plunder.ray` fans
//! the shards out as Ray tasks; the lines are the CLI's own format, so shards from anywhere merge together.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::wrap_pyfunction;

use plunder_sim::{parse_shard, play_results, summary_of_results, GameResult, Spec};

fn spec(game: &str, players: Option<usize>, games: u64, seed: u64, bots: Vec<String>, options: &str) -> PyResult<Spec> {
    let options =
        serde_json::from_str(options).map_err(|e| PyValueError::new_err(format!("options are not JSON: {e}")))?;
    // No clock: Python's runs search by simulations only, so their results replay.
    Ok(Spec { game: game.to_string(), players, games, seed, bots, options, timing: Default::default() })
}

/// Plays shard `index` of `count` (1-based) of a run and returns its games as JSON lines, with the GIL released
/// and on all cores (`threads` workers, 0 for all).
#[pyfunction]
#[pyo3(signature = (game, games, seed, bots, options = "{}", players = None, index = 1, count = 1, threads = 0))]
#[allow(clippy::too_many_arguments)]
fn simulate_shard(
    py: Python<'_>,
    game: &str,
    games: u64,
    seed: u64,
    bots: Vec<String>,
    options: &str,
    players: Option<usize>,
    index: u64,
    count: u64,
    threads: usize,
) -> PyResult<String> {
    let spec = spec(game, players, games, seed, bots, options)?;
    let shard = parse_shard(&format!("{index}/{count}")).map_err(PyValueError::new_err)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PyValueError::new_err(format!("cannot start worker threads: {e}")))?;
    let results =
        py.allow_threads(|| pool.install(|| play_results(&spec, Some(shard)))).map_err(PyValueError::new_err)?;
    Ok(results.iter().map(|r| serde_json::to_string(r).expect("results serialize") + "\n").collect())
}

/// The summary (JSON, as `plunder simulate --json` prints it without timing) of result lines of one run.
#[pyfunction]
fn merge_results(py: Python<'_>, lines: Vec<String>) -> PyResult<String> {
    let summary = py.allow_threads(|| {
        let mut results = Vec::new();
        for text in &lines {
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let result: GameResult = serde_json::from_str(line).map_err(|e| format!("not a game result: {e}"))?;
                results.push(result);
            }
        }
        summary_of_results(results)
    });
    Ok(serde_json::to_string(&summary.map_err(PyValueError::new_err)?).expect("summaries serialize"))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(simulate_shard, m)?)?;
    m.add_function(wrap_pyfunction!(merge_results, m)?)?;
    Ok(())
}
