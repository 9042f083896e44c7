//! Bot names as people type them: any bot a game offers, or `strategy:FILE`, a strategy `plunder solve --out`
//! saved. Each name is resolved once per run into a maker, so a strategy file is read and parsed once.

use plunder_core::{bot_maker_timed, BotMaker, Roster, Timing};

/// The largest strategy file read, in bytes (one-die liar's dice saves about 3 MB).
const MAX_STRATEGY_BYTES: u64 = 256 << 20;

/// The maker for bot `name` in `game`, its searches keeping time by `timing` (the front end's clock: this
/// crate reads none).
pub fn maker<G: Roster>(game: &G, name: &str, timing: Timing) -> Result<BotMaker<G>, String> {
    bot_maker_timed(game, name, read_strategy, timing)
}

fn read_strategy(path: &str) -> Result<String, String> {
    let size = std::fs::metadata(path).map_err(|e| format!("cannot read the strategy {path}: {e}"))?.len();
    if size > MAX_STRATEGY_BYTES {
        return Err(format!("the strategy {path} has {size} bytes, more than the {MAX_STRATEGY_BYTES} read"));
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read the strategy {path}: {e}"))
}
