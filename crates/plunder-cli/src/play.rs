//! `plunder play`: people and bots at one terminal. People at the same screen (hot-seat) never see each
//! other's secrets: each is shown only its own view, behind a pass-the-screen prompt, and the shared log is
//! built from the spectator's view.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use plunder_core::{options_from_json, Bot, ChanceMode, Game, Narrate, Roster, Seat, Session, Status, Turn, Viewer};
use plunder_games::{with_game, GameVisitor};

use crate::{clock_seed, parse_options, PlayArgs};

/// Who plays a seat.
enum Player<G: Game> {
    Human,
    Bot { name: String, bot: Box<dyn Bot<G>> },
}

pub fn run(args: PlayArgs) -> Result<(), String> {
    let options = parse_options(&args.options)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let stdout = std::io::stdout();
    let terminal = stdout.is_terminal();
    let table = Table {
        players: args.players.or((!args.seats.is_empty()).then_some(args.seats.len())),
        seats: args.seats,
        options,
        seed,
        record: args.record,
        input: std::io::stdin().lock(),
        output: stdout.lock(),
        terminal,
    };
    with_game(&args.game, table).map_err(|e| e.to_string())?
}

/// Everything `play` needs, for any game.
pub struct Table<R, W> {
    pub players: Option<usize>,
    pub seats: Vec<String>,
    pub options: serde_json::Value,
    pub seed: u64,
    pub record: Option<PathBuf>,
    pub input: R,
    pub output: W,
    /// Clear the screen between hot-seat players (only on a real terminal).
    pub terminal: bool,
}

impl<R: BufRead, W: Write> GameVisitor for Table<R, W> {
    type Output = Result<(), String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        play_table::<G, R, W>(self)
    }
}

fn seat_players<G: Roster>(names: &[String], seats: usize, seed: u64) -> Result<Vec<Player<G>>, String> {
    if names.len() > seats {
        return Err(format!("--seats names {} players but the table has {seats}", names.len()));
    }
    let best = plunder_core::bot_kinds::<G>()[0].name;
    let mut players = Vec::with_capacity(seats);
    for seat in 0..seats {
        let name = match names.get(seat).map(|s| s.trim()) {
            Some(name) => name,
            None if names.is_empty() && seat == 0 => "human",
            None => best,
        };
        let name = if name == "bot" { best } else { name };
        if name == "human" {
            players.push(Player::Human);
            continue;
        }
        let bot_seed = plunder_core::splitmix64(seed ^ (0xB07 + seat as u64));
        let bot = plunder_core::make_bot::<G>(name, bot_seed).ok_or_else(|| {
            let kinds: Vec<&str> = plunder_core::bot_kinds::<G>().iter().map(|k| k.name).collect();
            format!("unknown seat kind '{name}': use human, bot or one of {}", kinds.join(", "))
        })?;
        players.push(Player::Bot { name: name.to_string(), bot });
    }
    Ok(players)
}

fn play_table<G: Roster + Narrate, R: BufRead, W: Write>(mut t: Table<R, W>) -> Result<(), String> {
    let options = options_from_json::<G>(t.players, &t.options).map_err(|e| e.to_string())?;
    let game = G::new(options).map_err(|e| e.to_string())?;
    let mut players = seat_players::<G>(&t.seats, game.seats(), t.seed)?;
    let humans = players.iter().filter(|p| matches!(p, Player::Human)).count();
    let mut session = Session::new(game.clone(), t.seed, ChanceMode::Sampled);
    let io = |e: std::io::Error| format!("cannot write to the terminal: {e}");

    writeln!(t.output, "{} - seed {}", G::NAME, t.seed).map_err(io)?;
    for (i, p) in players.iter().enumerate() {
        let who = match p {
            Player::Human => "human".to_string(),
            Player::Bot { name, .. } => format!("bot '{name}'"),
        };
        writeln!(t.output, "  {}: {who}", Seat(i as u8)).map_err(io)?;
    }
    writeln!(t.output, "Type the number of your choice, or part of its name (4x5, liar), and press Enter; q quits.\n")
        .map_err(io)?;

    let mut public = session.view(Viewer::Spectator);
    let mut last_human: Option<Seat> = None;
    let result = loop {
        let now = session.view(Viewer::Spectator);
        for line in game.news(&public, &now) {
            writeln!(t.output, "{line}").map_err(io)?;
        }
        public = now;
        let seat = match session.status() {
            Status::Over => {
                writeln!(t.output, "\n{}", game.describe(&public)).map_err(io)?;
                break Ok(());
            }
            Status::Chance => {
                session.sample_chance().map_err(|e| e.to_string())?;
                continue;
            }
            Status::Decide(seats) => {
                // Bots first, so a person is asked as late as possible with the most to go on.
                seats.iter().find(|s| !matches!(players[s.index()], Player::Human)).unwrap_or_else(|| {
                    seats.iter().find(|&s| Some(s) == last_human).or(seats.lowest()).expect("someone decides")
                })
            }
        };
        let legal = session.legal_actions(seat);
        let action = match &mut players[seat.index()] {
            Player::Bot { bot, .. } => {
                let view = session.view(Viewer::Seat(seat));
                bot.act(&Turn::new(&game, session.state(), seat, &view, &legal))
            }
            Player::Human => {
                if humans > 1 && last_human != Some(seat) {
                    pass_screen(&mut t, seat).map_err(io)?;
                }
                last_human = Some(seat);
                let view = session.view(Viewer::Seat(seat));
                writeln!(t.output, "\n{}", game.describe(&view)).map_err(io)?;
                let labels: Vec<String> = legal.iter().map(|a| game.label(a)).collect();
                match ask(&mut t, seat, &labels).map_err(io)? {
                    Some(choice) => legal[choice].clone(),
                    None => break Err("the game was abandoned".to_string()),
                }
            }
        };
        if humans > 1 && matches!(players[seat.index()], Player::Human) {
            hide_screen(&mut t).map_err(io)?;
            last_human = None;
        }
        session.play(seat, action).map_err(|e| format!("internal error: a listed action was refused: {e}"))?;
    };
    if let Some(path) = &t.record {
        let json = session.record().to_json_pretty();
        std::fs::write(path, json + "\n").map_err(|e| format!("cannot write the record to {}: {e}", path.display()))?;
        writeln!(t.output, "Record written to {}", path.display()).map_err(io)?;
    }
    result
}

fn pass_screen<R: BufRead, W: Write>(t: &mut Table<R, W>, seat: Seat) -> std::io::Result<()> {
    hide_screen(t)?;
    write!(t.output, "Pass the screen to {seat}, then press Enter. ")?;
    t.output.flush()?;
    let mut line = String::new();
    t.input.read_line(&mut line)?;
    Ok(())
}

fn hide_screen<R, W: Write>(t: &mut Table<R, W>) -> std::io::Result<()> {
    if t.terminal {
        write!(t.output, "\x1b[2J\x1b[H")?;
    } else {
        writeln!(t.output, "\n---------- screen hidden ----------\n")?;
    }
    Ok(())
}

/// Menus longer than this show their head and let people search the rest.
const MENU_LINES: usize = 24;

/// Folds a label for searching: case, spaces and the × sign do not matter ("4x5" finds "bid 4 × 5").
fn fold(text: &str) -> String {
    text.to_lowercase().replace('×', "x").chars().filter(|c| !c.is_whitespace()).collect()
}

/// Asks a person to choose by number, or by typing part of a choice; `None` if they quit or the input ended.
fn ask<R: BufRead, W: Write>(t: &mut Table<R, W>, seat: Seat, labels: &[String]) -> std::io::Result<Option<usize>> {
    for (i, label) in labels.iter().enumerate().take(MENU_LINES) {
        writeln!(t.output, "  {:>2}. {label}", i + 1)?;
    }
    if labels.len() > MENU_LINES {
        writeln!(
            t.output,
            "  ... and {} more: type part of a choice to find it (e.g. 4x5)",
            labels.len() - MENU_LINES
        )?;
    }
    loop {
        write!(t.output, "{seat}, your choice: ")?;
        t.output.flush()?;
        let mut line = String::new();
        if t.input.read_line(&mut line)? == 0 {
            writeln!(t.output)?;
            return Ok(None);
        }
        let answer = line.trim();
        if answer.eq_ignore_ascii_case("q") || answer.eq_ignore_ascii_case("quit") {
            return Ok(None);
        }
        if answer.is_empty() {
            continue;
        }
        if let Ok(n) = answer.parse::<usize>() {
            if (1..=labels.len()).contains(&n) {
                return Ok(Some(n - 1));
            }
            writeln!(t.output, "Please type a number from 1 to {}, or part of a choice.", labels.len())?;
            continue;
        }
        let query = fold(answer);
        let found: Vec<usize> = (0..labels.len()).filter(|&i| fold(&labels[i]).contains(&query)).collect();
        let exact: Vec<usize> = found.iter().copied().filter(|&i| fold(&labels[i]).ends_with(&query)).collect();
        match (found.len(), exact.len()) {
            (1, _) => return Ok(Some(found[0])),
            (_, 1) => return Ok(Some(exact[0])),
            (0, _) => writeln!(t.output, "No choice matches '{answer}'.")?,
            _ => {
                for &i in found.iter().take(MENU_LINES) {
                    writeln!(t.output, "  {:>2}. {}", i + 1, labels[i])?;
                }
            }
        }
    }
}
