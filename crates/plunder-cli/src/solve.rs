//! `plunder solve liars-dice`: CFR, CFR+ or external-sampling MCCFR on two-player, one-round liar's dice,
//! printing the average strategy's value and exploitability as it goes, and saving the strategy as JSON.

use std::io::IsTerminal;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use plunder_games::bidding::Wild;
use plunder_games::liars_dice::solve::{Method, Solver};
use plunder_games::liars_dice::{self, DiceCount, Options};

use plunder_cli::output::write_stdout;

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The game: only `liars-dice` has a solver.
    game: String,
    /// Dice per player, one number per seat (two seats).
    #[arg(long, value_delimiter = ',', default_value = "1,1",
          value_parser = clap::value_parser!(u8).range(1..=liars_dice::MAX_DICE as i64))]
    dice: Vec<u8>,
    /// Faces per die, 2 to 12.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(2..=12))]
    faces: u8,
    /// The wild face: none, ones or highest.
    #[arg(long, default_value = "highest")]
    wild: String,
    /// Whether the wild face may be bid on.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    wild_biddable: bool,
    /// cfr, cfr-plus or es-mccfr.
    #[arg(long, default_value = "cfr-plus")]
    method: String,
    /// Iterations (each updates both seats).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    iterations: u64,
    /// Print the value and exploitability every this many iterations (and at the end).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    report_every: u64,
    /// Seed (external sampling).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print each report as a JSON line (iteration, value, exploitability, solver_seconds).
    #[arg(long)]
    json: bool,
    /// Save the average strategy to this JSON file. (Without it, the solver stops when the reader of its
    /// output goes, as in `plunder solve liars-dice | head -1`; with it, it solves on to save the strategy.)
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

pub fn run(args: SolveArgs) -> Result<(), String> {
    if args.game != "liars-dice" {
        return Err(format!("no solver for '{}': only liars-dice has one", args.game));
    }
    let wild = match args.wild.as_str() {
        "none" => Wild::None,
        "ones" => Wild::Ones,
        "highest" => Wild::Highest,
        other => return Err(format!("--wild must be none, ones or highest, not '{other}'")),
    };
    let method = match args.method.as_str() {
        "cfr" => Method::Cfr,
        "cfr-plus" => Method::CfrPlus,
        "es-mccfr" => Method::ExternalSampling,
        other => return Err(format!("--method must be cfr, cfr-plus or es-mccfr, not '{other}'")),
    };
    let options = Options {
        players: args.dice.len().min(u8::MAX as usize) as u8,
        dice: DiceCount::PerSeat(args.dice.clone()),
        faces: args.faces,
        wild,
        wild_biddable: args.wild_biddable,
        ..Options::default()
    };
    let mut solver = Solver::new(options, method, args.seed).map_err(|e| e.to_string())?;
    if let Some(path) = &args.out {
        plunder_cli::output::check_output_file("--out", path, plunder_cli::output::Output::Strategy)?;
    }
    let bar = if std::io::stderr().is_terminal() { ProgressBar::new(args.iterations) } else { ProgressBar::hidden() };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} iterations, {per_sec}, eta {eta} {msg}")
            .expect("a valid template"),
    );
    // Solver time only: the exact evaluation at each report is not part of an iteration.
    let mut solving = std::time::Duration::ZERO;
    for i in 1..=args.iterations {
        let start = Instant::now();
        solver.iterate();
        solving += start.elapsed();
        bar.inc(1);
        if i % args.report_every == 0 || i == args.iterations {
            let eval = solver.evaluate();
            let seconds = solving.as_secs_f64();
            let line = if args.json {
                format!(
                    "{}\n",
                    serde_json::json!({
                        "iteration": i,
                        "value": eval.value,
                        "exploitability": eval.exploitability,
                        "solver_seconds": seconds,
                    })
                )
            } else {
                format!(
                    "iteration {i}: value {:+.6} (first bidder), exploitability {:.6}, solver {seconds:.3}s \
                     ({:.1} µs/iteration)\n",
                    eval.value,
                    eval.exploitability,
                    seconds * 1e6 / i as f64
                )
            };
            bar.set_message(format!("exploitability {:.6}", eval.exploitability));
            bar.suspend(|| write_stdout(&line))?;
            if plunder_cli::output::stdout_closed() && args.out.is_none() {
                // Nobody reads the reports and there is nothing to save.
                bar.finish_and_clear();
                return Ok(());
            }
        }
    }
    bar.finish_and_clear();
    if let Some(path) = &args.out {
        let json = serde_json::to_string(&solver.strategy()).map_err(|e| e.to_string())?;
        std::fs::write(path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        if args.json {
            eprintln!("strategy saved to {}", path.display());
        } else {
            write_stdout(&format!("strategy saved to {}\n", path.display()))?;
        }
    }
    Ok(())
}
