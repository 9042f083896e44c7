//! The liar's dice CFR solver alone, for instruction counts and profiles (BENCHMARKS.md): so many iterations on
//! OpenSpiel's default game (1 die each, d6, highest face wild), then the time and the exploitability.
//!
//!     cargo build --release -p plunder-games --example cfr_iterations
//!     valgrind --tool=callgrind target/release/examples/cfr_iterations cfr 100
//!
//! Arguments: the method (`cfr` or `cfr-plus`) and the iterations. The evaluation after the timed loop is
//! outside the time printed (and can be told apart in a profile: `Solver::evaluate`).
// A measuring front end: it reads the clock (the rules themselves read none: clippy.toml).
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use plunder_games::liars_dice::solve::{Method, Solver};
use plunder_games::liars_dice::Options;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let method = match args.get(1).map_or("cfr", String::as_str) {
        "cfr" => Method::Cfr,
        "cfr-plus" => Method::CfrPlus,
        other => {
            eprintln!("the method is cfr or cfr-plus, not '{other}'");
            std::process::exit(2);
        }
    };
    let Some(iterations) = args.get(2).map_or(Some(100), |s| s.parse::<u64>().ok()) else {
        eprintln!("iterations: a whole number");
        std::process::exit(2);
    };
    let mut solver = Solver::new(Options::default(), method, 1).expect("OpenSpiel's default game is solvable");
    let start = std::time::Instant::now();
    for _ in 0..iterations {
        solver.iterate();
    }
    let seconds = start.elapsed().as_secs_f64();
    let eval = solver.evaluate();
    println!(
        "{method:?}, {iterations} iterations: {:.1} µs/iteration, value {:.15}, exploitability {:.15}",
        seconds * 1e6 / iterations.max(1) as f64,
        eval.value,
        eval.exploitability
    );
}
