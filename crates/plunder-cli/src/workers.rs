//! What the bulk commands (`simulate`, `tournament`, `soak`) share: a pool of worker threads and a progress bar
//! of games on a terminal.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// The most worker threads a command starts: more only adds start-up time and memory (results never depend on
/// the number).
pub const MAX_THREADS: usize = 256;

/// A pool of `threads` workers (all cores if `None`); more than [`MAX_THREADS`] or none is refused.
pub fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool, String> {
    if let Some(threads) = threads.filter(|t| !(1..=MAX_THREADS).contains(t)) {
        return Err(format!("--threads must be from 1 to {MAX_THREADS}, not {threads}"));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))
}

/// A progress bar with an ETA for `games` games, when standard error is a terminal (never in a pipe or a log).
pub fn games_bar(games: u64) -> Option<ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(games);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    })
}
