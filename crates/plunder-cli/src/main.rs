//! `plunder`: play pirate dice games in a terminal, simulate them in bulk, replay records, or drive them from
//! another program through the JSON-lines engine protocol.

mod balance;
mod menu;
mod play;
mod plot;
mod ratings;
mod replay;
mod report;
mod serve;
mod simulate;
mod solve;
mod speed;
mod tournament;
mod word_wrap;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use plunder_cli::{engine, excerpt, output, rules, soak};

/// mimalloc rather than glibc's allocator: the server allocates and frees small messages on several threads,
/// where glibc's took about 12% of the server's samples under load (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Debug, Parser)]
#[command(
    name = "plunder",
    version,
    about = "Pirate dice games: play online or in the terminal, simulate and report, solve, replay, and an engine protocol"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game in the terminal, with people (hot-seat) and bots.
    ///
    /// Example: plunder play loot-pirates --players 5 --seats human,easy,medium,hard,loot
    Play(PlayArgs),
    /// Play many games between bots on all cores and summarize who wins.
    ///
    /// Example: plunder simulate --game loot-pirates --players 5 --games 100000 --seed 1 --bots loot,random
    Simulate(simulate::SimulateArgs),
    /// Rate bots against each other: seat-rotated matches, Bradley-Terry ratings with bootstrap intervals, a
    /// table and (with --out) an SVG chart.
    ///
    /// Example: plunder tournament --game liars-dice --bots odds,raise,ismcts:200,random --games 2000 --out tour/
    Tournament(tournament::TournamentArgs),
    /// Sum, chart and compare the result files of `simulate --results`: an HTML report with win rates, content
    /// effects (pieces held and cards used) and, with --compare, two option sets side by side.
    ///
    /// Example: plunder report fixed.jsonl --compare d6.jsonl --out report/
    Report(report::ReportArgs),
    /// Rerun a designer's study: each variant of a study file simulated, compared with the rules as printed,
    /// and written as Markdown tables (to a page's marked section with --write). Stopped studies resume.
    ///
    /// Example: plunder balance docs/balance/pirate-haven.json --write docs/balance/pirate-haven.md
    Balance(balance::BalanceArgs),
    /// Measure random playouts per second on one core (unchecked path, no bots).
    ///
    /// Example: plunder speed --game liars-dice --options '{"dice": 5}'
    Speed(speed::SpeedArgs),
    /// Solve two-player, one-round liar's dice (CFR, CFR+, external-sampling MCCFR): value and exploitability
    /// as it goes, and the strategy saved as JSON.
    ///
    /// Example: plunder solve liars-dice --dice 1,1 --faces 6 --wild ones --wild-biddable false --iterations 1000
    Solve(solve::SolveArgs),
    /// Replay a game record, checking every step, and print what happened.
    Replay(ReplayArgs),
    /// Speak the JSON-lines engine protocol on stdin/stdout (see docs/protocol.md).
    Engine(EngineArgs),
    /// Play random games of every game at every table size and check each game's invariants, termination
    /// and record replay (see BENCHMARKS.md for the million-game run).
    ///
    /// Example: plunder soak --games 1000000 --seed 1
    Soak(soak::SoakArgs),
    /// List the games and the bots each offers.
    Games,
    /// Print a game's rules summary, its options with their defaults, and its designed content (cards).
    ///
    /// Example: plunder rules scallywager --options @my-deck.json
    Rules {
        /// The game's id (see `plunder games`).
        game: String,
        /// Game options as a JSON object, or @FILE to read them from a file: the content listed is the game's
        /// under these options (a designer's own cards, say).
        #[arg(long, default_value = "{}")]
        options: String,
    },
    /// Serve the lobby and online play at http://127.0.0.1:8080 (games kept in a SQLite file by default).
    ///
    /// Example: plunder serve --port 8080 --database sqlite://plunder.db
    Serve(serve::ServeArgs),
}

#[derive(Debug, clap::Args)]
struct PlayArgs {
    #[arg(help = game_id_help())]
    game: String,
    /// How many players.
    #[arg(long, short)]
    players: Option<usize>,
    /// Who sits where, comma-separated, one per seat: `human` or a bot: a level, `easy`, `medium` or `hard`
    /// (every game has them), or a bot by name (`plunder games` lists them; `bot` = the game's best bot;
    /// `strategy:FILE` plays a strategy saved by `plunder solve --out`). Missing seats are filled with the best
    /// bot; the default is one human and bots.
    #[arg(long, short, value_delimiter = ',')]
    seats: Vec<String>,
    /// Seed for the dice and the bots (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Game options as a JSON object, e.g. '{"booty": 30, "shoot_off": true}', or @FILE to read them from a file
    /// (`plunder rules GAME` lists them with their defaults and meanings). With none (or `{}`), the game is set
    /// as people play it: liar's dice is 5 dice each to the last die, sixes wild (4 players unless --players
    /// or --seats say), the others their defaults. Options given start from the defaults instead (as in `simulate`); `play`
    /// says what to add for the table people play.
    #[arg(long, default_value = "{}")]
    options: String,
    /// Write the game record (JSON) to this file when the game ends or is abandoned.
    #[arg(long)]
    record: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct EngineArgs {
    /// The longest request line, in bytes; a longer one is refused with `line_too_long`.
    #[arg(long, default_value_t = engine::DEFAULT_MAX_LINE_BYTES as u64, value_parser = clap::value_parser!(u64).range(2..=1 << 30))]
    max_line_bytes: u64,
    /// The longest `load` line, in bytes: a record may be loaded up to its game's allowance (256 bytes for each
    /// step its options allow), never past this.
    #[arg(long, default_value_t = engine::DEFAULT_MAX_RECORD_BYTES as u64, value_parser = clap::value_parser!(u64).range(2..=1 << 32))]
    max_record_bytes: u64,
}

#[derive(Debug, clap::Args)]
struct ReplayArgs {
    /// A record written by `plunder play --record` or the engine's `record` command.
    file: PathBuf,
    /// The largest record file read, in bytes (a record is parsed whole, at dozens of times its size).
    #[arg(long, default_value_t = replay::DEFAULT_MAX_RECORD_BYTES as u64, value_parser = clap::value_parser!(u64).range(2..=1 << 30))]
    max_bytes: u64,
    /// Leave out the story: print only the header line (game, seed, events, "record checked") and the final
    /// table with the result.
    #[arg(long, short)]
    quiet: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(args) => play::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Tournament(args) => tournament::run(args),
        Command::Report(args) => report::run(args),
        Command::Balance(args) => balance::run(args),
        Command::Speed(args) => speed::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Engine(args) => {
            let limits = engine::Limits {
                line_bytes: args.max_line_bytes as usize,
                record_bytes: args.max_record_bytes as usize,
                ..engine::Limits::default()
            };
            engine::run_with(std::io::stdin().lock(), std::io::stdout().lock(), limits)
        }
        Command::Soak(args) => soak::run(&args),
        Command::Games => output::write_stdout(&list_games()),
        Command::Rules { game, options } => parse_options(&options)
            .and_then(|options| rules::rules_text(&game, &options))
            .and_then(|text| output::write_stdout(&text)),
        Command::Serve(args) => serve::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // Messages can quote a file's or an argument's content: keep them short.
            eprintln!("plunder: {}", excerpt::shorten_message(&message));
            ExitCode::FAILURE
        }
    }
}

struct Describe;

impl plunder_games::GameVisitor for Describe {
    type Output = (Vec<plunder_core::BotKind>, String);
    fn visit<G: plunder_core::Roster + plunder_core::Narrate>(self) -> Self::Output {
        let options = serde_json::to_string(&G::Options::default()).unwrap_or_default();
        (plunder_core::bot_kinds::<G>(), options)
    }
}

fn list_games() -> String {
    let mut out = String::new();
    for info in plunder_games::games() {
        out += &format!("{} - {} ({}-{} players)\n", info.id, info.name, info.min_players, info.max_players);
        let (bots, options) = plunder_games::with_game(info.id, Describe).unwrap_or_default();
        for bot in bots {
            out += &format!("    bot {:<8} {}\n", bot.name, bot.about);
        }
        out += &format!("    options (defaults; set any with --options): {options}\n");
        out += &format!("    rules: docs/rules/{}.md\n", info.id);
    }
    out
}

/// The largest `--options @FILE` read: content files are a few hundred kilobytes at most.
const MAX_OPTIONS_FILE_BYTES: u64 = 16 << 20;

/// Parses `--options` for the front ends: a JSON object, or `@FILE` for one read from a file (curl's way), so a
/// designer's content file need not be pasted into the command line.
fn parse_options(text: &str) -> Result<serde_json::Value, String> {
    let (text, source) = match text.strip_prefix('@') {
        Some(path) => (read_options_file(path)?, format!("--options @{path}")),
        None => (text.to_string(), "--options".to_string()),
    };
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{source} is not JSON: {e}"))?;
    if value.is_object() || value.is_null() {
        Ok(value)
    } else {
        Err(format!("{source} must be a JSON object"))
    }
}

fn read_options_file(path: &str) -> Result<String, String> {
    use std::io::Read;
    let cannot = |e: std::io::Error| format!("--options @{path}: cannot read the file: {e}");
    let mut text = String::new();
    std::fs::File::open(path)
        .map_err(cannot)?
        .take(MAX_OPTIONS_FILE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(cannot)?;
    if text.len() as u64 > MAX_OPTIONS_FILE_BYTES {
        return Err(format!("--options @{path}: the file is over {} MiB", MAX_OPTIONS_FILE_BYTES >> 20));
    }
    Ok(text)
}

/// A seed from the clock, for games where none was asked for (the record keeps it).
fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

/// The game argument's help: the ids to choose from, from the registry.
fn game_id_help() -> String {
    format!("The game's id: {} (`plunder games` says more)", plunder_games::game_ids().join(", "))
}
