//! `plunder play`: people and bots at one terminal. People at the same screen (hot-seat) never see each
//! other's secrets: each is shown only its own view and what it was told since its last turn, behind a
//! pass-the-screen prompt that clears the screen and its scrollback; the end is told from the spectator's seat.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use plunder_core::{
    options_from_json, Bot, ChanceMode, Game, Narrate, Roster, Seat, Session, Status, Stops, Turn, Viewer,
};
use plunder_games::{with_game, GameVisitor};

use crate::menu::Menu;
use crate::{clock_seed, parse_options, PlayArgs};

/// Who plays a seat.
enum Player<G: Game> {
    Human,
    Bot { name: String, bot: Box<dyn Bot<G>> },
}

pub fn run(args: PlayArgs) -> Result<(), String> {
    let mut options = parse_options(&args.options)?;
    let mut players = args.players.or((!args.seats.is_empty()).then_some(args.seats.len()));
    // Nothing chosen: the table people play (liar's dice: five dice each, to the last die), where it is not the
    // game's defaults. Options given start from the defaults, as in `simulate` and a saved strategy's game; the
    // player is told what the people's table would add (a trial's `{"wild": "ones"}` got one die and one round).
    let people = plunder_games::game_info(&args.game).and_then(|info| info.table_for_people);
    let mut note = None;
    match (people, options.as_object()) {
        (Some((table_players, table_options)), Some(given)) if given.is_empty() => {
            options = table_options;
            players = players.or(Some(table_players));
        }
        (Some((table_players, table_options)), Some(given)) => {
            let missing: serde_json::Map<String, serde_json::Value> = table_options
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(key, _)| !given.contains_key(*key))
                .map(|(key, value)| (key.clone(), value.clone()))
                .collect();
            if !missing.is_empty() {
                note = Some(format!(
                    "Options given start from the game's defaults (`plunder rules {}` lists them), not the table \
                     people play: add {} (and --players {table_players}) to play that table with your change.",
                    args.game,
                    serde_json::Value::Object(missing)
                ));
            }
        }
        _ => {}
    }
    if let Some(path) = &args.record {
        plunder_cli::output::check_output_file("--record", path, plunder_cli::output::Output::Record)?;
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let stdout = std::io::stdout();
    let terminal = stdout.is_terminal();
    // Wrapped between words on a terminal; piped output stays as written.
    let columns = if terminal { SCREEN_COLUMNS } else { usize::MAX };
    if let Some(note) = note {
        let mut out = crate::word_wrap::WordWrap::new(stdout.lock(), columns);
        writeln!(out, "{note}").and_then(|()| out.flush()).map_err(|e| e.to_string())?;
    }
    let table = Table {
        players,
        seats: args.seats,
        options,
        seed,
        record: args.record,
        input: std::io::stdin().lock(),
        output: crate::word_wrap::WordWrap::new(stdout.lock(), columns),
        terminal,
        leaving: false,
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
    /// The person typed q at a "press Enter" pause and said yes: the game ends at the next question.
    leaving: bool,
}

impl<R: BufRead, W: Write> GameVisitor for Table<R, W> {
    type Output = Result<(), String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        play_table::<G, R, W>(self)
    }
}

fn seat_players<G: Roster>(game: &G, names: &[String], seed: u64) -> Result<Vec<Player<G>>, String> {
    let seats = game.seats();
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
        let bot = plunder_sim::bots::maker(game, name, plunder_cli::search_time::waited_for())
            .map_err(|e| format!("{e}; a seat is human, bot or a bot name"))?(bot_seed);
        players.push(Player::Bot { name: name.to_string(), bot });
    }
    Ok(players)
}

fn play_table<G: Roster + Narrate, R: BufRead, W: Write>(mut t: Table<R, W>) -> Result<(), String> {
    let options = options_from_json::<G>(t.players, &t.options).map_err(|e| e.to_string())?;
    let game = G::new(options).map_err(|e| e.to_string())?;
    let mut players = seat_players(&game, &t.seats, t.seed)?;
    let humans: Vec<Seat> =
        (0..players.len()).filter(|&i| matches!(players[i], Player::Human)).map(|i| Seat(i as u8)).collect();
    let mut session = Session::new(game.clone(), t.seed, ChanceMode::Sampled);
    let io = |e: std::io::Error| format!("cannot write to the terminal: {e}");

    let mut banner = format!("{} - seed {}\n", G::NAME, t.seed);
    for (i, p) in players.iter().enumerate() {
        let who = match p {
            // The boards mark the seat whose screen it is with a star (a trial asked what it meant).
            Player::Human => format!("human (marked {}* on this seat's boards)", Seat(i as u8)),
            Player::Bot { name, .. } => format!("bot '{name}'"),
        };
        banner.push_str(&format!("  {}: {who}\n", Seat(i as u8)));
    }
    banner.push_str(&format!(
        "{}, and press Enter. At your turn, ? explains the rules and every choice, hint shows what the best bot \
         would do, q quits.\n",
        game.typing_hint()
    ));
    writeln!(t.output, "{banner}").map_err(io)?;
    let banner_lines = screen_lines(&banner) + 1;

    // The log is told from the one person's seat (their own draws show in it). Hot-seat players each read what
    // they were told since their last turn once the screen is theirs, and the end from the spectator's seat.
    let hot_seat = humans.len() > 1;
    let log_viewer = match humans[..] {
        [me] => Viewer::Seat(me),
        _ => Viewer::Spectator,
    };
    let mut told = 0;
    // Hot-seat: how much of the log each seat has read.
    let mut read = vec![0; players.len()];
    // Hot-seat: who has had a turn (the first is not "since your last turn"), and the start banner, shown again on
    // the first pass-the-screen prompt, where the first person reads it (the prompt clears the screen).
    let mut had_turn = vec![false; players.len()];
    let mut banner = Some(banner);
    let mut last_human: Option<Seat> = None;
    // Each person's "take it when I have nothing to choose" (`skip on`/`skip off`: passes only, or one move), and
    // whether they were told it acted.
    let mut skip_passes = vec![true; players.len()];
    let mut skip_told = false;
    // Each person's stops (`stops mine`/`stops all`): whether they are asked in answer windows that do not concern
    // them, and whether they were told a pass was taken so. Only a game that declares that stops matter
    // (`Narrate::stops_matter`) has such windows; in the others `?` does not tell of `stops`.
    let mut stops = vec![Stops::Mine; players.len()];
    let mut stops_told = false;
    let mut key_read = vec![false; players.len()];
    let mut decisions: u64 = 0;
    // Lines printed since the last question (at first, the banner): the menu takes what room the screen has left.
    let mut printed = if hot_seat { 0 } else { banner_lines };
    // The passes told in a row, not yet printed: they are printed in one line.
    let mut passes = PassRun::default();
    // A line told again in a row, not yet printed: it is printed once, with how many times.
    let mut repeats = Repeats::default();
    let mut out_told = false;
    // Out of the game and gone: what happens is no longer printed, only the end.
    let mut quiet = false;
    let result = loop {
        if !hot_seat {
            let mut lines = Vec::new();
            for event in session.told_since(told, log_viewer).filter(|e| !game.told_elsewhere(e)) {
                passes.feed(game.tell(event), &mut lines);
            }
            told = session.told_count();
            // A run of passes is told once it ends, or before anyone is asked or the end is told.
            let asks = match session.status() {
                Status::Over => true,
                Status::Chance => false,
                Status::Decide(seats) => seats.iter().all(|s| matches!(players[s.index()], Player::Human)),
            };
            if asks {
                lines.extend(passes.flush());
            }
            let mut shown: Vec<String> = lines.into_iter().filter_map(|line| repeats.feed(line)).collect();
            if asks {
                shown.extend(repeats.flush());
            }
            for line in shown.into_iter().filter(|_| !quiet) {
                let height = screen_lines(&line);
                // On a terminal, what happened is read a screen at a time, not pushed off by what follows.
                if t.terminal && printed > 0 && printed + height + 1 > SCREEN_LINES {
                    pause(&mut t, "More happened: read these lines, then press Enter.").map_err(io)?;
                    if t.leaving {
                        break;
                    }
                    printed = 1;
                }
                printed += height;
                writeln!(t.output, "{line}").map_err(io)?;
            }
            // Out of the game (no dice or crew left), the person has nothing more to do here: they may go.
            let out = game.out(session.state());
            let person_out =
                players.iter().enumerate().any(|(i, p)| matches!(p, Player::Human) && out.contains(Seat(i as u8)));
            if person_out && !out_told && session.status() != Status::Over {
                out_told = true;
                write!(t.output, "{OUT_QUESTION}").map_err(io)?;
                t.output.flush().map_err(io)?;
                let mut line = String::new();
                t.input.read_line(&mut line).map_err(io)?;
                if matches!(line.trim().to_lowercase().as_str(), "q" | "quit") {
                    // The bots finish it unseen, and the end is told (a trial left and never learned who won).
                    writeln!(t.output, "You left the table; the others play on to the end.").map_err(io)?;
                    quiet = true;
                }
                printed = 0;
            }
        }
        if t.leaving {
            writeln!(t.output, "{LEFT}").map_err(io)?;
            break Ok(());
        }
        let seat = match session.status() {
            Status::Over => {
                if hot_seat {
                    // The last person's secrets leave the screen; the end is everyone's.
                    hide_screen(&mut t).map_err(io)?;
                    for line in told_lines(&game, session.told_since(told, log_viewer)) {
                        writeln!(t.output, "{line}").map_err(io)?;
                    }
                }
                // One person at the screen still sees their own seat marked; hot-seat players share one table.
                let said = told_lines(&game, session.told_since(0, log_viewer));
                if quiet {
                    // Gone from the table, the person reads only how it ended.
                    writeln!(t.output, "How it ended:").map_err(io)?;
                    for line in &said[said.len().saturating_sub(END_LINES_LEFT)..] {
                        writeln!(t.output, "  {line}").map_err(io)?;
                    }
                }
                let board = game.describe(&session.view(log_viewer));
                let end = end_board(&board, &said[said.len().saturating_sub(END_LINES)..]);
                // The last moves are read before the final board pushes them off the screen (a trial lost a bot's
                // last moves of Pirate Haven to the scoring).
                let below = 1 + screen_lines(&end);
                if !hot_seat
                    && !quiet
                    && t.terminal
                    && printed >= EVENTS_WORTH_A_PAUSE
                    && printed + below > SCREEN_LINES
                {
                    pause(&mut t, "The game is over: read what happened, then press Enter.").map_err(io)?;
                }
                writeln!(t.output, "\n{end}").map_err(io)?;
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
        decisions += 1;
        let legal = session.legal_actions(seat);
        // Whether the window concerns the person is read from the spectator's view: it cannot tell their hand.
        let unasked = match players[seat.index()] {
            Player::Human if legal.iter().any(|a| game.is_pass(a)) => {
                let public = session.view(Viewer::Spectator);
                plunder_core::unasked_pass(&game, stops[seat.index()], &public, seat, &legal)
            }
            _ => None,
        };
        let action = match &mut players[seat.index()] {
            Player::Bot { bot, .. } => {
                let view = session.view(Viewer::Seat(seat));
                bot.act(&Turn::new(&game, session.state(), seat, &view, &legal))
            }
            Player::Human if unasked.is_some() => {
                if !hot_seat && !stops_told {
                    writeln!(
                        t.output,
                        "(You pass unasked when it is not your turn and nothing waiting involves you; type stops all \
                         at your turn to be asked at every chance.)"
                    )
                    .map_err(io)?;
                    stops_told = true;
                }
                unasked.expect("checked above")
            }
            Player::Human if skip_passes[seat.index()] && plunder_core::forced(&game, &legal).is_some() => {
                // Hot-seat, the screen may be another person's: a word here would tell them this hand is empty.
                if !hot_seat && !skip_told {
                    writeln!(
                        t.output,
                        "(When you have nothing to choose, only passes or one move, it is taken for you; type skip \
                         off at your turn to be asked anyway.)"
                    )
                    .map_err(io)?;
                    skip_told = true;
                }
                plunder_core::forced(&game, &legal).expect("checked above")
            }
            Player::Human => {
                let view = session.view(Viewer::Seat(seat));
                let mut board = game.describe(&view);
                // The board's key, after the first board each person reads; `? key` shows it again.
                if let Some(key) = game.key().filter(|_| !std::mem::replace(&mut key_read[seat.index()], true)) {
                    board = format!("{board}{key}\n");
                }
                if hot_seat {
                    let passed = last_human != Some(seat);
                    if passed {
                        pass_screen(&mut t, seat, banner.take()).map_err(io)?;
                    }
                    let first = !std::mem::replace(&mut had_turn[seat.index()], true);
                    // The board and the shortest menu with its question: the events must leave them room.
                    let below = 1 + screen_lines(&board) + legal.len().min(MENU_LINES_AT_LEAST) + 2;
                    let reader = Reader { seat, read: &mut read[seat.index()], first, below, passed };
                    printed = since_last_turn(&mut t, &game, &session, reader).map_err(io)?;
                    if t.leaving {
                        writeln!(t.output, "{LEFT}").map_err(io)?;
                        break Ok(());
                    }
                    // What the spectator hears from here on is told at the end.
                    told = session.told_count();
                }
                // One person at a terminal: a turn where much happened is read before the board and menu push
                // its first lines off the screen (a trial found Pirate Haven's round end only in the scrollback).
                let below = 1 + screen_lines(&board) + legal.len().min(MENU_LINES_AT_LEAST) + 2;
                if !hot_seat && t.terminal && printed >= EVENTS_WORTH_A_PAUSE && printed + below > SCREEN_LINES {
                    pause(&mut t, "Your table comes next: read what happened, then press Enter.").map_err(io)?;
                    if t.leaving {
                        writeln!(t.output, "{LEFT}").map_err(io)?;
                        break Ok(());
                    }
                    printed = 1;
                }
                last_human = Some(seat);
                printed += 1 + screen_lines(&board);
                writeln!(t.output, "\n{board}").map_err(io)?;
                let hint_seed = plunder_core::splitmix64(t.seed ^ decisions.wrapping_mul(0x9E37_79B9));
                let room = SCREEN_LINES.saturating_sub(printed);
                printed = 0;
                let decision =
                    Decision { game: &game, session: &session, seat, view: &view, legal: &legal, hint_seed, room };
                let passing = Passing { skip: &mut skip_passes[seat.index()], stops: &mut stops[seat.index()] };
                match ask(&mut t, &decision, passing).map_err(io)? {
                    Asked::Chose(choice) => {
                        let action = legal[choice].clone();
                        if let Some(line) = game.receipt(&view, &action) {
                            writeln!(t.output, "{line}").map_err(io)?;
                        }
                        action
                    }
                    // Leaving on purpose is not a failure; input that runs out mid-game is.
                    Asked::Quit => {
                        writeln!(t.output, "{LEFT}").map_err(io)?;
                        break Ok(());
                    }
                    Asked::InputEnded => break Err("the input ended before the game did: it was abandoned".to_string()),
                }
            }
        };
        session.play(seat, action).map_err(|e| format!("internal error: a listed action was refused: {e}"))?;
    };
    if let Some(path) = &t.record {
        let json = session.record().to_json_pretty();
        std::fs::write(path, json + "\n").map_err(|e| format!("cannot write the record to {}: {e}", path.display()))?;
        writeln!(t.output, "Record written to {}", path.display()).map_err(io)?;
    }
    result
}

/// Hides the screen and asks to pass it to `seat`; `banner` (the start's seats and typing help) is shown again
/// above the question.
fn pass_screen<R: BufRead, W: Write>(t: &mut Table<R, W>, seat: Seat, banner: Option<String>) -> std::io::Result<()> {
    hide_screen(t)?;
    if let Some(banner) = banner {
        writeln!(t.output, "{banner}")?;
    }
    write!(t.output, "Pass the screen to {seat}, then press Enter. ")?;
    t.output.flush()?;
    let mut line = String::new();
    t.input.read_line(&mut line)?;
    Ok(())
}

/// Hot-seat: who reads the log once the screen is theirs, and what must follow it on the screen.
struct Reader<'a> {
    seat: Seat,
    /// How much of the log the seat has read.
    read: &'a mut usize,
    /// Whether it is the seat's first turn (nothing was "since" before it).
    first: bool,
    /// The screen lines that follow the events: the board, the menu and the question.
    below: usize,
    /// Whether the screen was just passed to the seat (else the same person goes on).
    passed: bool,
}

/// Hot-seat: what the reader's seat was told since it last read the log (since the start at its first turn),
/// from its own seat, once the screen is its own; returns the lines it left on the screen. When the same person
/// goes on without the screen passing, what everyone was told (a call's reveal, which everyone reads) comes first
/// and what is the person's alone (their new dice) only after they say no one else looks. On a terminal, events
/// that would push their first lines off the screen before the question (a call's reveal, many bot moves before
/// the turn) are shown a screen at a time, each read before the next, and before the board.
fn since_last_turn<G: Narrate, R: BufRead, W: Write>(
    t: &mut Table<R, W>,
    game: &G,
    session: &Session<G>,
    reader: Reader<'_>,
) -> std::io::Result<usize> {
    let marked: Vec<(&G::Event, bool)> = session.told_since_marked(*reader.read, Viewer::Seat(reader.seat)).collect();
    *reader.read = session.told_count();
    let heading = match (reader.first, reader.passed) {
        (true, _) => "Before your first turn:",
        (false, true) => "Since your last turn:",
        (false, false) => "Since your last choice:",
    };
    let Some((public, own)) = over_the_shoulder(&marked, reader.passed) else {
        return show_told(t, heading, &told_lines(game, marked.iter().map(|&(e, _)| e)), reader.below);
    };
    let (public, own) = (told_lines(game, public.into_iter()), told_lines(game, own.into_iter()));
    show_told(t, "What everyone was told:", &public, 0)?;
    let alone = format!("What follows is for {} alone: see that no one else looks, then press Enter.", reader.seat);
    pause(t, &alone)?;
    if t.leaving {
        return Ok(0);
    }
    show_told(t, heading, &own, reader.below)
}

/// When the same person goes on (the screen not `passed`) after events both public and their own: the public ones
/// (everyone reads them over the shoulder) and the person's own, each in order wherever they fell; `None` when
/// all can be shown together.
fn over_the_shoulder<'e, E>(marked: &[(&'e E, bool)], passed: bool) -> Option<(Vec<&'e E>, Vec<&'e E>)> {
    let (public, own): (Vec<_>, Vec<_>) = marked.iter().partition(|&&(_, public)| public);
    (!passed && !public.is_empty() && !own.is_empty())
        .then(|| (public.into_iter().map(|&(e, _)| e).collect(), own.into_iter().map(|&(e, _)| e).collect()))
}

/// `lines` told under `heading`, a screen at a time where they would push their first lines off the screen before
/// the `below` lines that follow them; returns the lines left on the screen.
fn show_told<R: BufRead, W: Write>(
    t: &mut Table<R, W>,
    heading: &str,
    told: &[String],
    below: usize,
) -> std::io::Result<usize> {
    if told.is_empty() {
        return Ok(0);
    }
    let lines: Vec<String> = told.iter().map(|line| format!("  {line}")).collect();
    let total = 1 + lines.iter().map(|line| screen_lines(line)).sum::<usize>();
    // The "Pass the screen" question above the events takes a line too.
    if !t.terminal || 1 + total + below <= SCREEN_LINES {
        writeln!(t.output, "{heading}")?;
        for line in &lines {
            writeln!(t.output, "{line}")?;
        }
        return Ok(total);
    }
    writeln!(t.output, "{heading}")?;
    // Screens of events, each ending with a question that keeps its first line on the screen.
    let mut shown = 2;
    for line in &lines {
        let height = screen_lines(line);
        if shown + height + 1 > SCREEN_LINES {
            pause(t, "More happened: read these lines, then press Enter.")?;
            if t.leaving {
                return Ok(0);
            }
            shown = 1;
        }
        writeln!(t.output, "{line}")?;
        shown += height;
    }
    pause(t, "Your table comes next: read what happened, then press Enter.")?;
    Ok(1)
}

/// Waits for Enter after `question` (an input that ended is noticed at the next question). `q` leaves, as at a
/// menu, once confirmed (a trial typed q at a pause and the game went on): `t.leaving` says so.
fn pause<R: BufRead, W: Write>(t: &mut Table<R, W>, question: &str) -> std::io::Result<()> {
    write!(t.output, "{question} ")?;
    t.output.flush()?;
    let mut line = String::new();
    t.input.read_line(&mut line)?;
    if matches!(line.trim().to_lowercase().as_str(), "q" | "quit") {
        t.leaving = confirm_leave(t)? == Some(true);
    }
    Ok(())
}

const LEFT: &str = "You left the game before its end.";

/// Whether the person confirms leaving (`None`: the input ended). The game ends for everyone at the screen: a slip
/// of the finger must not end it.
fn confirm_leave<R: BufRead, W: Write>(t: &mut Table<R, W>) -> std::io::Result<Option<bool>> {
    write!(t.output, "Leave the game? It ends here for everyone. Type y to leave (anything else: back): ")?;
    t.output.flush()?;
    let mut line = String::new();
    if t.input.read_line(&mut line)? == 0 {
        writeln!(t.output)?;
        return Ok(None);
    }
    Ok(Some(matches!(line.trim().to_lowercase().as_str(), "y" | "yes")))
}

/// The events in words, one line each (but for a die whose roll is told in full after it), a run of passes in a
/// row told in one line ("P2, P3 and P4 pass"):
/// a window where every captain passes would otherwise fill the screen with "Pn passes" lines. The games' events
/// stay one a pass; this is the terminal's way to show them.
fn told_lines<'a, G: Narrate + 'a>(game: &G, events: impl Iterator<Item = &'a G::Event>) -> Vec<String> {
    fold_pass_lines(events.filter(|event| !game.told_elsewhere(event)).map(|event| game.tell(event)))
}

/// `told`, a run of plain passes in a row told in one line.
fn fold_pass_lines(told: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut lines = Vec::new();
    let mut passes = PassRun::default();
    for line in told {
        passes.feed(line, &mut lines);
    }
    lines.extend(passes.flush());
    fold_repeats(lines)
}

/// `lines`, a line told several times in a row told once with how many times.
fn fold_repeats(lines: Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    let mut repeats = Repeats::default();
    for line in lines {
        out.extend(repeats.feed(line));
    }
    out.extend(repeats.flush());
    out
}

/// A line told again and again in a row, told once with how many times ("P2 is dealt a card (6 times)": what
/// another seat is dealt is told without what it is, so the deal's lines are all alike).
#[derive(Default)]
struct Repeats {
    line: Option<String>,
    times: usize,
}

impl Repeats {
    /// Takes the next line: the same line again is counted; another one returns the run before it.
    fn feed(&mut self, line: String) -> Option<String> {
        if self.line.as_ref() == Some(&line) {
            self.times += 1;
            return None;
        }
        let before = self.flush();
        self.line = Some(line);
        self.times = 1;
        before
    }

    /// The run's line, emptying it.
    fn flush(&mut self) -> Option<String> {
        let line = self.line.take()?;
        Some(if self.times == 1 { line } else { format!("{line} ({} times)", self.times) })
    }
}

/// A run of plain passes in a row being folded into one line: who passed, and whether their lines end with a
/// full stop.
#[derive(Default)]
struct PassRun {
    who: Vec<String>,
    stop: bool,
}

impl PassRun {
    /// Takes the next line told: a pass joins the run; any other line ends it, and both go to `out`.
    fn feed(&mut self, line: String, out: &mut Vec<String>) {
        match passer(&line) {
            Some((who, dot)) => {
                // The same seat passing again starts a new run (a new window or a new item on the stack).
                if dot != self.stop || self.who.iter().any(|w| w == who) {
                    out.extend(self.flush());
                }
                self.stop = dot;
                self.who.push(who.to_string());
            }
            None => {
                out.extend(self.flush());
                out.push(line);
            }
        }
    }

    /// The run's line (none for no run), emptying it: one pass keeps its own words.
    fn flush(&mut self) -> Option<String> {
        let who = std::mem::take(&mut self.who);
        let dot = if self.stop { "." } else { "" };
        match &who[..] {
            [] => None,
            [one] => Some(format!("{one} passes{dot}")),
            [head @ .., last] => Some(format!("{} and {last} pass{dot}", head.join(", "))),
        }
    }
}

/// Who passes, if `line` is a plain pass ("P2 passes" or "P2 passes."), and whether it ends with a full stop.
fn passer(line: &str) -> Option<(&str, bool)> {
    let (who, dot) = match line.strip_suffix(" passes.") {
        Some(who) => (who, true),
        None => (line.strip_suffix(" passes")?, false),
    };
    let seat = who.strip_prefix('P').is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    (seat || who == "the Phantom").then_some((who, dot))
}

/// How many of the last lines told the end's board is compared with.
const END_LINES: usize = 8;

/// Asked of the one person at the table once they are out of the game.
const OUT_QUESTION: &str =
    "You are out of the game; the others play on. Press Enter to watch to the end, or type q to leave: ";

/// How many of the last lines told a person who left the table once out reads at the end.
const END_LINES_LEFT: usize = 3;

/// The end's board without its winners line when the log's last lines (`said`) just told it ("Winner: P2" was
/// printed twice, once by the log and once by the board).
fn end_board(board: &str, said: &[String]) -> String {
    let told = |line: &str| said.iter().any(|s| s.trim_start().starts_with(line));
    board
        .lines()
        .filter(|line| {
            let line = line.trim();
            !(line.starts_with("Winner") && told(line))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The lines `text` takes on a screen of [`SCREEN_COLUMNS`], long lines wrapped.
fn screen_lines(text: &str) -> usize {
    text.lines().map(|line| line.chars().count().div_ceil(SCREEN_COLUMNS).max(1)).sum()
}

/// Hides the screen and, on a terminal, its scrollback, where the last person's secrets would still show.
fn hide_screen<R, W: Write>(t: &mut Table<R, W>) -> std::io::Result<()> {
    if t.terminal {
        write!(t.output, "\x1b[H\x1b[2J\x1b[3J")?;
    } else {
        writeln!(t.output, "\n---------- screen hidden ----------\n")?;
    }
    Ok(())
}

/// Menus longer than this show their head (and the choices the game always shows) and find the rest by name.
const MENU_LINES: usize = 12;
/// A screen's lines and columns (a 120x45 terminal): the events, the board and the menu of one decision fit it.
const SCREEN_LINES: usize = 45;
const SCREEN_COLUMNS: usize = 120;
/// A menu's head is never cut shorter than this, however much came before it.
const MENU_LINES_AT_LEAST: usize = 8;
/// Lines of what happened since the last question that are worth a pause before the board when the board would
/// push some of them off the screen (fewer scroll away unread: a pause at every turn would be a chore).
const EVENTS_WORTH_A_PAUSE: usize = 4;

/// One person's decision: what they see and may choose.
struct Decision<'a, G: Game> {
    game: &'a G,
    session: &'a Session<G>,
    seat: Seat,
    view: &'a G::View,
    legal: &'a [G::Action],
    /// Seeds the bot that answers `hint`, so that asking never changes the game.
    hint_seed: u64,
    /// The screen's lines left for the menu and the question after the events and the board.
    room: usize,
}

/// A person's settings for the passes taken for them unasked, which `skip` and `stops` set.
struct Passing<'a> {
    /// "Take it when I have nothing to choose" (`skip on`, the default, and `skip off`).
    skip: &'a mut bool,
    /// Asked only in windows that concern them (`stops mine`, the default), or at every chance (`stops all`).
    stops: &'a mut Stops,
}

/// What a person answered when asked to choose.
enum Asked {
    /// The index of the legal action chosen.
    Chose(usize),
    /// `q`: they leave the game.
    Quit,
    /// The input ended (a closed pipe, Ctrl-D).
    InputEnded,
}

/// A number or Enter typed out of habit must not spend a once-per-game ability or throw away a battle: where the
/// game has a question for `choice`, the person answers it first. `None`: not confirmed (back to the menu).
fn confirmed<G: Roster + Narrate, R: BufRead, W: Write>(
    t: &mut Table<R, W>,
    d: &Decision<'_, G>,
    choice: usize,
) -> std::io::Result<Option<Asked>> {
    let Some(question) = d.game.confirm(d.view, &d.legal[choice]) else { return Ok(Some(Asked::Chose(choice))) };
    // The question is a whole line (wrapped between words); the prompt follows on its own.
    writeln!(t.output, "{question}")?;
    write!(t.output, "Type y to confirm (anything else: back to the menu), {}, your choice: ", d.seat)?;
    t.output.flush()?;
    let mut line = String::new();
    if t.input.read_line(&mut line)? == 0 {
        writeln!(t.output)?;
        return Ok(Some(Asked::InputEnded));
    }
    Ok(matches!(line.trim().to_lowercase().as_str(), "y" | "yes").then_some(Asked::Chose(choice)))
}

/// Asks a person to choose: by number, in the game's notation, or by typing part of a choice; Enter alone
/// passes where passing is a choice; `?`, `? NAME`, `hint` and `list` help. A line standing for several choices
/// asks their details next (`back` or Enter returns to the whole menu).
/// `passing` holds the person's settings that `skip on`/`skip off` and `stops mine`/`stops all` change.
fn ask<G: Roster + Narrate, R: BufRead, W: Write>(
    t: &mut Table<R, W>,
    d: &Decision<'_, G>,
    passing: Passing<'_>,
) -> std::io::Result<Asked> {
    // The question and the "... and N more" line take two of the room.
    let page = d.room.saturating_sub(2).clamp(MENU_LINES_AT_LEAST, MENU_LINES);
    let first = Menu::new(d.game, d.view, d.legal, page);
    // Enter alone takes the first pass offered ("pass" before "pass for the rest of the turn"), or the only choice.
    let pass = d.legal.iter().position(|a| d.game.is_pass(a));
    // Not an ability the game asks about first (a once-per-game captain): Enter is as habitual as a number.
    let only = (d.legal.len() == 1 && d.game.confirm(d.view, &d.legal[0]).is_none()).then_some(0);
    // The menus of the steps taken so far; empty: the first menu.
    let mut steps: Vec<Menu> = Vec::new();
    show_menu(t, &first, first.shown())?;
    loop {
        let menu = steps.last().unwrap_or(&first);
        match (&menu.heading, pass, only) {
            (Some(_), _, _) => write!(t.output, "{}, which one (Enter: back to every choice): ", d.seat)?,
            (None, Some(_), _) => write!(t.output, "{}, your choice (Enter: pass): ", d.seat)?,
            (None, None, Some(_)) => write!(t.output, "{}, your choice (Enter: take it): ", d.seat)?,
            (None, None, None) => write!(t.output, "{}, your choice: ", d.seat)?,
        }
        t.output.flush()?;
        let mut line = String::new();
        if t.input.read_line(&mut line)? == 0 {
            writeln!(t.output)?;
            return Ok(Asked::InputEnded);
        }
        let answer = line.trim();
        let lower = answer.to_lowercase();
        match lower.as_str() {
            "" | "back" if !steps.is_empty() => {
                steps.clear();
                show_menu(t, &first, first.shown())?;
                continue;
            }
            "" => match pass.or(only) {
                Some(i) => {
                    if let Some(asked) = confirmed(t, d, i)? {
                        return Ok(asked);
                    }
                    steps.clear();
                    show_menu(t, &first, first.shown())?;
                    continue;
                }
                None => {
                    writeln!(t.output, "Type the number of a choice, or words of it; ? explains them.")?;
                    continue;
                }
            },
            "q" | "quit" => {
                match confirm_leave(t)? {
                    None => return Ok(Asked::InputEnded),
                    Some(true) => return Ok(Asked::Quit),
                    Some(false) => {}
                }
                show_menu(t, &first, first.shown())?;
                steps.clear();
                continue;
            }
            "?" | "help" => {
                help(t, d, &first)?;
                continue;
            }
            "hint" => {
                hint(t, d, &first, steps.last())?;
                continue;
            }
            "skip on" | "skip off" => {
                *passing.skip = lower == "skip on";
                writeln!(
                    t.output,
                    "{}",
                    if *passing.skip {
                        "From now on, when you have nothing to choose (only passes, or one move), it is taken for you."
                    } else {
                        "From now on you are asked even when you have nothing to choose."
                    }
                )?;
                continue;
            }
            "stops" | "stops all" | "stops mine" if !d.game.stops_matter() => {
                writeln!(t.output, "Every chance to answer asks everyone in this game: there are no stops to set.")?;
                continue;
            }
            "stops" | "stops all" | "stops mine" => {
                if lower != "stops" {
                    *passing.stops = if lower == "stops all" { Stops::All } else { Stops::Mine };
                }
                writeln!(t.output, "{}", stops_line(*passing.stops))?;
                continue;
            }
            "list" | "menu" => {
                show_menu(t, menu, menu.len())?;
                continue;
            }
            _ => {}
        }
        if let Some(name) = lower.strip_prefix('?').or_else(|| lower.strip_prefix("help ")).map(str::trim) {
            let key = d.game.key().filter(|_| name == "key");
            match key.or_else(|| d.game.look_up_in_view(d.view, name)) {
                Some(text) => writeln!(t.output, "{text}")?,
                None => writeln!(t.output, "Nothing called '{name}' here; ? alone explains the rules and choices.")?,
            }
            continue;
        }
        if let Ok(n) = answer.parse::<usize>() {
            if !(1..=menu.len()).contains(&n) {
                match menu.len() {
                    1 => writeln!(t.output, "Please type 1, or part of the choice.")?,
                    n => writeln!(t.output, "Please type a number from 1 to {n}, or part of a choice.")?,
                }
                continue;
            }
            let choice = match menu.lines[n - 1].members[..] {
                [one] => one,
                _ => {
                    let next = menu.next_step(n);
                    show_step(t, &next)?;
                    steps.push(next);
                    continue;
                }
            };
            if let Some(asked) = confirmed(t, d, choice)? {
                return Ok(asked);
            }
            steps.clear();
            show_menu(t, &first, first.shown())?;
            continue;
        }
        if let Some(action) = d.game.read_action(answer) {
            if let Some(i) = d.legal.iter().position(|a| *a == action) {
                return Ok(Asked::Chose(i));
            }
            let why = match d.game.check_action(d.session.state(), d.seat, &action) {
                Err(e) => refusal_with_rule::<G>(&e),
                Ok(()) => "it is not among the choices now".to_string(),
            };
            // A label need not start with a verb ("exactly 8 × 5", "liar"): it is quoted as a choice.
            writeln!(t.output, "You cannot choose \"{}\" now: {why}.", d.game.label_in_view(d.view, &action))?;
            continue;
        }
        let mut found = menu.find(answer);
        if found.is_empty() && !steps.is_empty() {
            // Typed as in the first menu: the whole label of any choice.
            found = first.find(answer);
        }
        match found[..] {
            // A thing of the game named (a card held but not playable now): what it is says when it may be used.
            [] => match d.game.look_up(answer) {
                Some(what) => writeln!(t.output, "'{answer}' is not among your choices now. {what}")?,
                None => writeln!(t.output, "No choice matches '{answer}'.")?,
            },
            [i] => return Ok(Asked::Chose(i)),
            ref several => {
                // The lines that hold the candidates: one line of several choices is narrowed to its next step.
                let lines: Vec<usize> = {
                    let mut lines: Vec<usize> = several.iter().filter_map(|&i| menu.number_of(i)).collect();
                    lines.dedup();
                    lines
                };
                if let [n] = lines[..] {
                    let next = menu.next_step(n);
                    show_step(t, &next)?;
                    steps.push(next);
                    continue;
                }
                writeln!(t.output, "'{answer}' could be any of these; type its number:")?;
                for &n in lines.iter().take(MENU_LINES) {
                    writeln!(t.output, "{}", menu.line(n))?;
                }
                if lines.len() > MENU_LINES {
                    writeln!(t.output, "  ... and {} more: type more of the choice", lines.len() - MENU_LINES)?;
                }
            }
        }
    }
}

/// A refusal in words, with the rule it breaks where the game's rules document names one (as the server's "why
/// was this rejected" does).
fn refusal_with_rule<G: Game>(error: &plunder_core::PlayError) -> String {
    let plunder_core::PlayError::Illegal { reason } = error else { return error.to_string() };
    match plunder_server::rules::cite(G::ID, reason) {
        Some(rule) => format!("{reason} ({})", cited(&rule.section, &rule.sentence)),
        None => reason.clone(),
    }
}

/// A rule's section and sentence as a refusal quotes them, in curly quotes as the browser does: the sentence's own
/// quotes are single ones (the server's citation makes them so; any left are made so here), so the quote reads
/// as one.
fn cited(section: &str, sentence: &str) -> String {
    let quote = sentence.replace(['"', '“', '”'], "'");
    match section {
        "Rulings" => format!("the rulings: “{quote}”"),
        section => format!("the rules, {section}: “{quote}”"),
    }
}

/// A step after the first: what it chooses between, then its lines.
fn show_step<R, W: Write>(t: &mut Table<R, W>, menu: &Menu) -> std::io::Result<()> {
    if let Some(heading) = &menu.heading {
        writeln!(t.output, "{heading}:")?;
    }
    show_menu(t, menu, menu.len())
}

fn show_menu<R, W: Write>(t: &mut Table<R, W>, menu: &Menu, shown: usize) -> std::io::Result<()> {
    for n in 1..=shown {
        writeln!(t.output, "{}", menu.line(n))?;
    }
    if menu.len() > shown {
        writeln!(t.output, "  ... and {} more: type one, or list to see them all", menu.len() - shown)?;
    }
    Ok(())
}

/// `?`: the rules summary and what every choice now offered means.
fn help<G: Roster + Narrate, R, W: Write>(
    t: &mut Table<R, W>,
    d: &Decision<'_, G>,
    menu: &Menu,
) -> std::io::Result<()> {
    writeln!(t.output, "\n{}\n", d.game.rules_summary())?;
    writeln!(t.output, "Your choices now:")?;
    // A line of several choices is explained where they all mean the same.
    let meaning = |n: usize| {
        let mut meanings: Vec<String> =
            menu.lines[n - 1].members.iter().map(|&i| d.game.explain(d.view, &d.legal[i])).collect();
        meanings.dedup();
        if meanings.len() == 1 {
            meanings.remove(0)
        } else {
            String::new()
        }
    };
    // Lines in a row whose meanings end alike (a bet of each size) say that ending once, after the last of them.
    let meanings: Vec<String> = (1..=menu.shown()).map(meaning).collect();
    let mut n = 1;
    while n <= menu.shown() {
        let mut tail: &str = &meanings[n - 1];
        let mut last = n;
        while let Some(next) = meanings.get(last).filter(|_| !tail.is_empty()) {
            match shared_ending(tail, next) {
                0 => break,
                len => (tail, last) = (&tail[tail.len() - len..], last + 1),
            }
        }
        if last == n {
            match meanings[n - 1].as_str() {
                "" => writeln!(t.output, "{}", menu.line(n))?,
                said => writeln!(t.output, "{}: {said}", menu.line(n))?,
            }
        } else {
            for line in n..=last {
                let said = &meanings[line - 1];
                match &said[..said.len() - tail.len()] {
                    "" => writeln!(t.output, "{}", menu.line(line))?,
                    head => writeln!(t.output, "{}: {head}", menu.line(line))?,
                }
            }
            writeln!(t.output, "  Choices {n} to {last} each: {}", unbracketed(tail.trim_start_matches([' ', ';'])))?;
        }
        n = last + 1;
    }
    if menu.len() > menu.shown() {
        writeln!(
            t.output,
            "  Choices {} to {} are more of the same kind; list shows them all.",
            menu.shown() + 1,
            menu.len()
        )?;
    }
    writeln!(t.output, "Type hint to see what the best bot would do; ? NAME explains a card or term.")?;
    if d.legal.iter().any(|a| d.game.is_pass(a)) {
        writeln!(
            t.output,
            "Enter alone passes. When you have nothing to choose (only passes, or one move) it is taken without \
             asking; skip off asks you anyway, skip on undoes it."
        )?;
    }
    if d.game.stops_matter() {
        writeln!(
            t.output,
            "When it is not your turn and nothing waiting involves you, you pass without being asked (stops mine); \
             stops all asks you at every chance to answer."
        )?;
    }
    writeln!(t.output)
}

/// The ending `a` and `b` share, from the start of a clause of `a` (" (ones are wild)...", "; the next ..."), or
/// all of `a` where they are equal: its length in bytes; 0 where it is too short to be worth saying once.
fn shared_ending(a: &str, b: &str) -> usize {
    if a == b {
        return a.len();
    }
    let common = a.bytes().rev().zip(b.bytes().rev()).take_while(|(x, y)| x == y).count();
    let clause = (a.len() - common..a.len())
        .find(|&i| a.is_char_boundary(i) && (a[i..].starts_with(" (") || a[i..].starts_with("; ")));
    match clause {
        Some(i) if a.len() - i >= 20 => a.len() - i,
        _ => 0,
    }
}

/// A shared ending said on its own line without the brackets it opened with: "(ones are wild); the next ..." reads
/// "ones are wild; the next ...".
fn unbracketed(ending: &str) -> String {
    let Some(inner) = ending.strip_prefix('(') else { return ending.to_string() };
    let mut depth = 1;
    match inner.char_indices().find(|&(_, c)| {
        depth += match c {
            '(' => 1,
            ')' => -1,
            _ => 0,
        };
        depth == 0
    }) {
        Some((close, _)) => format!("{}{}", &inner[..close], &inner[close + 1..]),
        None => ending.to_string(),
    }
}

/// What `stops` now does, in a line.
fn stops_line(stops: Stops) -> &'static str {
    match stops {
        Stops::Mine => {
            "Stops: mine. You are asked at your own turn and when a play is aimed at you or involves you; otherwise \
             you pass unasked. stops all asks you at every chance."
        }
        Stops::All => {
            "Stops: all. You are asked at every chance to answer, whoever it concerns; stops mine asks you only at \
             your turn and when a play involves you."
        }
    }
}

/// `hint`: what the game's best bot would do in this seat, from this seat's view only, and the game's notes.
/// Its number is the one on screen: in the step asked now (`step`), else in the first menu.
fn hint<G: Roster + Narrate, R, W: Write>(
    t: &mut Table<R, W>,
    d: &Decision<'_, G>,
    menu: &Menu,
    step: Option<&Menu>,
) -> std::io::Result<()> {
    let best = plunder_core::bot_kinds::<G>()[0].name;
    if let Some(mut bot) = plunder_core::make_bot::<G>(best, d.hint_seed) {
        let action = bot.act(&Turn::new(d.game, d.session.state(), d.seat, d.view, d.legal));
        let index = d.legal.iter().position(|a| *a == action);
        let number = match (index, step) {
            (Some(i), Some(step)) => match step.number_of(i) {
                Some(n) => format!(" (choice {n} here)"),
                None => menu
                    .number_of(i)
                    .map_or(String::new(), |n| format!(" (choice {n} of the first menu: Enter goes back)")),
            },
            (Some(i), None) => menu.number_of(i).map_or(String::new(), |n| format!(" (choice {n})")),
            (None, _) => String::new(),
        };
        writeln!(
            t.output,
            "The '{best}' bot, seeing only what you see, would choose: {}{number}",
            d.game.label_in_view(d.view, &action),
        )?;
        if let Some(why) = d.game.hint_reason(d.view, &action) {
            writeln!(t.output, "Why: {why}")?;
        }
    }
    for note in d.game.hint_notes(d.view) {
        writeln!(t.output, "{note}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_person_going_on_reads_the_public_part_first_wherever_their_own_fell() {
        let (a, b, c, d) = ("own dice", "a reveal", "own card", "a bid");
        // Their own line before a public one (the case the first split missed), and after.
        let marked = [(&a, false), (&b, true), (&c, false), (&d, true)];
        assert_eq!(over_the_shoulder(&marked, false), Some((vec![&b, &d], vec![&a, &c])));
        // The screen passed, or only one kind: all together.
        assert_eq!(over_the_shoulder(&marked, true), None);
        assert_eq!(over_the_shoulder(&[(&a, false), (&c, false)], false), None);
        assert_eq!(over_the_shoulder(&[(&b, true)], false), None);
    }

    #[test]
    fn a_cited_rule_with_quotes_of_its_own_reads_as_one_quote() {
        let quote = cited("Cards", r#"A "Cursed Die" passed on costs 2 crew."#);
        assert_eq!(quote, "the rules, Cards: “A 'Cursed Die' passed on costs 2 crew.”");
        let quote = cited("Cards", "A ‘Cursed Die’ passed on costs 2 crew.");
        assert_eq!(quote, "the rules, Cards: “A ‘Cursed Die’ passed on costs 2 crew.”");
    }

    #[test]
    fn long_lines_take_the_screen_lines_they_wrap_to() {
        assert_eq!(screen_lines("short\n\nshort"), 3);
        assert_eq!(screen_lines(&"x".repeat(121)), 2, "a 121-character line wraps on a 120-column screen");
    }

    #[test]
    fn the_end_board_does_not_repeat_the_winners_the_log_just_told() {
        let said =
            ["P1 calls liar.".to_string(), "Winners: P2, P3 (P1 lost the call: everyone else wins).".to_string()];
        let board = "Round 1: the game is over\n  P1* 1 die\nWinners: P2, P3";
        assert_eq!(end_board(board, &said), "Round 1: the game is over\n  P1* 1 die");
        assert_eq!(end_board(board, &said[..1]), board, "a winner the log did not tell stays");
    }

    #[test]
    fn choices_that_end_alike_say_their_ending_once() {
        let tail = " (ones are wild); the next captain raises or calls liar";
        let (a, b) = (format!("Say 1 die shows 2{tail}"), format!("Say 2 dice show 2{tail}"));
        assert_eq!(shared_ending(&a, &b), tail.len());
        assert_eq!(shared_ending(&a, &a), a.len(), "equal meanings are one ending");
        assert_eq!(shared_ending("Raise by 1 (to 3)", "Raise by 2 (to 3)"), 0, "too short to say apart");
        assert_eq!(shared_ending("move one space", "move two spaces"), 0, "no clause in common");
        assert_eq!(unbracketed("(ones are wild); the next"), "ones are wild; the next");
        assert_eq!(unbracketed("(a (b) c): d"), "a (b) c: d");
        assert_eq!(unbracketed("(never closed"), "(never closed");
    }

    #[test]
    fn a_run_of_passes_is_told_in_one_line() {
        let lines = |l: &[&str]| fold_pass_lines(l.iter().map(|s| s.to_string()));
        assert_eq!(
            lines(&["P1 plays Full Sail", "P2 passes", "P3 passes", "P4 passes", "Full Sail resolves"]),
            ["P1 plays Full Sail", "P2, P3 and P4 pass", "Full Sail resolves"]
        );
        assert_eq!(lines(&["P2 passes.", "P3 passes."]), ["P2 and P3 pass."]);
        assert_eq!(lines(&["P2 passes.", "P1 rolls 4."]), ["P2 passes.", "P1 rolls 4."], "one pass keeps its words");
        assert_eq!(lines(&["P2 passes", "P3 passes", "P2 passes"]), ["P2 and P3 pass", "P2 passes"], "a seat again");
        assert_eq!(
            lines(&["P2 passes 2 cards to P3", "P3 passes every card window for the rest of this phase"]),
            ["P2 passes 2 cards to P3", "P3 passes every card window for the rest of this phase"],
            "only plain passes fold"
        );
        assert_eq!(lines(&["P4 passes", "the Phantom passes"]), ["P4 and the Phantom pass"]);
        assert_eq!(
            lines(&["P2 is dealt a card", "P2 is dealt a card", "P3 is dealt a card", "P2 is dealt a card"]),
            ["P2 is dealt a card (2 times)", "P3 is dealt a card", "P2 is dealt a card"],
            "a line told again in a row is told once, with how many times"
        );
    }
}
