//! `plunder play` as a person meets it: in a real pseudo-terminal of 120x45, typing words and numbers to the end
//! of a game of each of the six games, reading the board, the events and the help on the screen.

use std::fs::File;
use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};
use rustix::termios::{tcsetwinsize, Winsize};

/// A terminal with `plunder` running in it: what it wrote so far, and the keyboard.
struct Terminal {
    keyboard: File,
    screen: Arc<Mutex<Vec<u8>>>,
    child: Child,
    /// How much of the screen the test has read.
    read: usize,
}

impl Terminal {
    fn start(args: &[&str]) -> Terminal {
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
        grantpt(&master).unwrap();
        unlockpt(&master).unwrap();
        tcsetwinsize(&master, Winsize { ws_row: 45, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0 }).unwrap();
        let name = ptsname(&master, Vec::new()).unwrap();
        let slave = File::options().read(true).write(true).open(name.to_str().unwrap()).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_plunder"))
            .args(args)
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave))
            .spawn()
            .expect("plunder starts");
        let master = File::from(master);
        let mut reader = master.try_clone().unwrap();
        let screen = Arc::new(Mutex::new(Vec::new()));
        let shared = Arc::clone(&screen);
        std::thread::spawn(move || {
            let mut buffer = [0u8; 8192];
            // The read fails (EIO) once the program has exited and the terminal closed.
            while let Ok(n @ 1..) = reader.read(&mut buffer) {
                shared.lock().unwrap().extend_from_slice(&buffer[..n]);
            }
        });
        Terminal { keyboard: master, screen, child, read: 0 }
    }

    /// Everything written so far, as text.
    fn all(&self) -> String {
        String::from_utf8_lossy(&self.screen.lock().unwrap()).into_owned()
    }

    /// Waits until the program asks something (or ends), and returns what it wrote since the last question.
    fn until_asked(&mut self) -> Option<String> {
        let started = Instant::now();
        loop {
            let all = self.all();
            let new = &all[self.read.min(all.len())..];
            let end = new.trim_end();
            if [
                "your choice:",
                "(Enter: pass):",
                "(Enter: take it):",
                "(Enter: back to every choice):",
                "then press Enter.",
            ]
            .iter()
            .any(|question| end.ends_with(question))
            {
                self.read = all.len();
                return Some(new.to_string());
            }
            if let Ok(Some(_)) = self.child.try_wait() {
                // Let the reader drain what is left.
                std::thread::sleep(Duration::from_millis(100));
                return None;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "the program stopped answering:\n{new}");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn type_line(&mut self, line: &str) {
        // A terminal in canonical mode hands the program a line at the Enter.
        self.keyboard.write_all(format!("{line}\r").as_bytes()).unwrap();
        self.keyboard.flush().unwrap();
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The label of the first choice of a menu on `screen` ("   1. call liar" gives "call liar"), as a person would
/// type it: a line that stands for several choices without its "... (N ways: you choose next)".
fn first_choice(screen: &str) -> Option<String> {
    screen.lines().rev().find_map(|l| {
        let label = l.trim_start().strip_prefix("1. ")?;
        Some(label.split(" ... (").next().unwrap_or(label).trim().to_string())
    })
}

/// Plays a game of `args` to its end, typing the first choice: in words every other time, else by its number.
/// Asks for help (`?`) and a `hint` at the first decision. Returns the whole screen and the most lines one
/// decision took.
fn play_to_the_end(args: &[&str]) -> (String, usize) {
    let mut terminal = Terminal::start(args);
    let started = Instant::now();
    let mut decisions = 0;
    let mut tallest = 0;
    let mut asked_for_help = false;
    while let Some(screen) = terminal.until_asked() {
        if screen.trim_end().ends_with("then press Enter.") {
            terminal.type_line("");
            continue;
        }
        // A choice the game asks about first (a pass that leaves a play aimed at you unanswered): yes.
        if screen.contains("Type y to confirm (anything else: back to the menu)") {
            terminal.type_line("y");
            continue;
        }
        decisions += 1;
        assert!(decisions < 3000, "the game did not end");
        if !asked_for_help {
            asked_for_help = true;
            terminal.type_line("?");
            let help = terminal.until_asked().expect("help, then the question again");
            assert!(help.contains("Your choices now:"), "? explains the choices:\n{help}");
            // `stops` is told of only in the games that declare that stops matter (`Narrate::stops_matter`).
            let stops = ["scallywager", "lying-pirates", "pirates-flag"].contains(&args[1]);
            assert_eq!(
                help.contains("stops all"),
                stops,
                "{}: ? tells of stops only where they matter:\n{help}",
                args[1]
            );
            terminal.type_line("hint");
            let hint = terminal.until_asked().expect("a hint, then the question again");
            assert!(hint.contains("bot, seeing only what you see, would choose"), "{hint}");
        }
        // The screen's first line is the one the last answer was typed on.
        tallest = tallest.max(screen.lines().count().saturating_sub(1));
        if screen.trim_end().ends_with("(Enter: take it):") {
            // A decision of one choice: Enter alone takes it.
            terminal.type_line("");
            continue;
        }
        match first_choice(&screen) {
            Some(label) if decisions % 2 == 0 => terminal.type_line(&label),
            _ => terminal.type_line("1"),
        }
    }
    assert!(terminal.child.wait().unwrap().success(), "{}", terminal.all());
    assert!(started.elapsed() < Duration::from_secs(60), "a game takes seconds");
    // The last screen too: the last moves are read before the final table pushes them off (a trial lost a bot's
    // last moves of Pirate Haven to the scoring).
    let all = terminal.all();
    let last = all[terminal.read.min(all.len())..].lines().count();
    tallest = tallest.max(last.saturating_sub(1));
    (all, tallest)
}

/// Plays `args` to the end and checks the screen shows `board`, `events` and `end`; returns the screen.
fn check_game(args: &[&str], board: &[&str], events: &[&str], end: &str) -> String {
    let (screen, tallest) = play_to_the_end(args);
    for words in board.iter().chain(events) {
        assert!(screen.contains(words), "{args:?}: the screen never shows '{words}':\n{screen}");
    }
    assert!(screen.contains(end), "{args:?}: no end '{end}':\n{}", &screen[screen.len().saturating_sub(3000)..]);
    assert!(!screen.contains("Nothing called"), "{args:?}");
    eprintln!("{args:?}: at most {tallest} lines a decision");
    // What happened, the board and the menu of each decision fit the 45-line screen (a pause between otherwise).
    assert!(tallest <= 45, "{args:?}: a decision took {tallest} lines");
    screen
}

#[test]
fn liars_dice_is_played_to_the_end_in_a_terminal() {
    check_game(
        &["play", "liars-dice", "--seats", "human,random,random", "--seed", "1"],
        &["Your dice:", "Round 1"],
        &["liar"],
        "Winner",
    );
}

#[test]
fn scallywager_is_played_to_the_end_in_a_terminal() {
    check_game(
        &["play", "scallywager", "--seats", "human,random,random", "--seed", "2"],
        &["Treasure Token", "Your crew:"],
        &["bids"],
        "Winner",
    );
}

#[test]
fn loot_pirates_is_played_to_the_end_in_a_terminal() {
    check_game(
        &["play", "loot-pirates", "--seats", "human,random,random", "--seed", "3"],
        &["Your dice:"],
        &["rolls"],
        "Winner",
    );
}

#[test]
fn lying_pirates_is_played_to_the_end_in_a_terminal() {
    check_game(
        &["play", "lying-pirates", "--seats", "human,random,random", "--seed", "4"],
        &["Map: 0 ", "Your dice:"],
        &["bets"],
        "Winner",
    );
}

#[test]
fn the_pirates_flag_is_played_to_its_round_limit_in_a_terminal() {
    let screen = check_game(
        &["play", "pirates-flag", "--seats", "human,random,random", "--seed", "5", "--options", r#"{"max_rounds": 3}"#],
        &["Track: $ Trading Post", "Dread Sea"],
        &["rolls", "for first player: ", " for movement: "],
        "Game over after round 3: the limit of 3 rounds is reached and nobody won",
    );
    // A roll is one line with all its faces ("P1 rolls 3 and 6 for first player: 9 in all"), not a line a die.
    assert!(!screen.contains("(die 1 of"), "{screen}");
}

#[test]
fn pirate_haven_is_played_to_the_end_in_a_terminal() {
    let screen = check_game(
        &["play", "pirate-haven", "--seats", "human,random,random", "--seed", "6"],
        &["Map: ", "Turn track"],
        &["Round 1 begins"],
        "Fame",
    );
    // The second terminal trial: the islands' key took five lines of every decision.
    assert_eq!(screen.matches("Key: (R) printed on the tile").count(), 1, "the key is shown once");
    assert!(screen.contains("? key for the symbols"), "and the board says how to see it again");
}

#[test]
fn hot_seat_clears_the_scrollback_and_tells_each_person_what_they_missed() {
    let (screen, _) = play_to_the_end(&["play", "liars-dice", "--seats", "human,human,random", "--seed", "7"]);
    assert!(screen.contains("Pass the screen to P2"), "{screen}");
    assert!(screen.contains("\x1b[3J"), "the scrollback is cleared too");
    assert!(screen.contains("Before your first turn:"), "{screen}");
    // A longer game: from each person's second turn on, what they missed since their last.
    let (longer, _) = play_to_the_end(&["play", "loot-pirates", "--seats", "human,human,random", "--seed", "7"]);
    assert!(longer.contains("Since your last turn:"), "{longer}");
    // The terminal trial: the start's typing help was cleared at once by the first "Pass the screen to P1", and
    // P1's first screen was titled "Since your last turn:". The help shows on that first covered screen.
    let cleared: Vec<&str> = screen.split("\x1b[3J").collect();
    let first = cleared.iter().find(|part| part.contains("Pass the screen to P1")).expect("P1 gets the screen");
    // (Long lines are wrapped between words, their continuation indented.)
    assert!(first.replace("\r", "").replace("\n  ", " ").contains("? explains the rules and every choice"), "{first}");
    let titled = first.find("Before your first turn:").expect("P1's first screen is titled as the first");
    assert!(first.find("Since your last turn:").is_none_or(|later| later > titled), "{first}");
    // Every pass of the screen goes to another person: the same person acting again is not asked to pass.
    let mut last = None;
    for part in screen.split("Pass the screen to ").skip(1) {
        let to = &part[..2];
        assert_ne!(Some(to), last, "asked to pass the screen to {to} who had it");
        last = Some(to);
    }
}

/// Issue 28: hot-seat, a call's reveal ("the cups show ...") was told at the top of a long "Since your last turn"
/// list, and the board and menu below it pushed it off the screen before the person read it. Every line of what
/// happened is on the screen when the next question is asked: a list too long for one screen is shown a screen
/// at a time, each read before the next.
#[test]
fn hot_seat_shows_every_reveal_on_the_screen_before_the_next_question() {
    let seats = "human,random,random,human,random,random";
    let mut terminal = Terminal::start(&["play", "lying-pirates", "--seats", seats, "--seed", "3"]);
    let mut decisions = 0;
    while let Some(screen) = terminal.until_asked() {
        let end = screen.trim_end();
        let enter = ["(Enter: pass):", "(Enter: take it):", "then press Enter."].iter().any(|e| end.ends_with(e));
        // A reroll of a die's best face is asked about first: yes.
        let confirm = end.lines().last().is_some_and(|l| l.contains("Type y to confirm"));
        terminal.type_line(if enter {
            ""
        } else if confirm {
            "y"
        } else {
            "1"
        });
        decisions += 1;
        assert!(decisions < 5000, "the game did not end");
    }
    assert!(terminal.child.wait().unwrap().success(), "{}", terminal.all());
    let all = terminal.all().replace('\r', "");
    let questions = ["your choice", "then press Enter.", "which one"];
    let mut reveals = 0;
    // Each person's screens, between the clears of a pass (the last part is the end, told to everyone).
    let parts: Vec<&str> = all.split("\x1b[3J").collect();
    for part in &parts[..parts.len() - 1] {
        let lines: Vec<&str> = part.lines().collect();
        for (at, line) in lines.iter().enumerate().filter(|(_, l)| l.contains("the cups show")) {
            reveals += 1;
            let asked = (at..lines.len()).find(|&i| questions.iter().any(|q| lines[i].contains(q)));
            let asked = asked.unwrap_or_else(|| panic!("no question after the reveal:\n{part}"));
            assert!(asked - at < 45, "the reveal left the 45-line screen before the question:\n{line}\n{part}");
        }
    }
    assert!(reveals >= 10, "{reveals} reveals read");
}

/// The terminal trial: on most screens of The Pirate's Flag `2` passes for the rest of the turn, but on the turn's
/// first screen it was "use Captain Blackwater", spent at once by a `2` typed out of habit. The passes head every
/// menu that offers them, in one order, and a once-per-game ability chosen by its number asks first.
#[test]
fn the_pirates_flag_keeps_its_passes_first_and_asks_before_a_captain_is_spent_by_number() {
    let mut terminal = Terminal::start(&["play", "pirates-flag", "--seats", "human,random,random", "--seed", "3"]);
    let mut asked = false;
    for _ in 0..200 {
        let screen = terminal.until_asked().expect("the game goes on");
        if let Some(at) = screen.find("pass for the rest of the turn") {
            let line = screen[..at].lines().last().unwrap_or_default().trim().to_string();
            assert_eq!(line, "2.", "{screen}");
            assert!(screen.contains("   1. pass\n"), "{screen}");
        }
        if !(screen.contains("1. roll for movement") && screen.contains("2. use Captain")) {
            terminal.type_line("1");
            continue;
        }
        terminal.type_line("2");
        let mut question = terminal.until_asked().expect("a question");
        // A captain with several uses asks which next, before the question.
        while question.trim_end().ends_with("which one (Enter: back to every choice):") {
            // A hint at a step gives the number shown at that step (a trial typed the first menu's number here).
            terminal.type_line("hint");
            let hint = terminal.until_asked().expect("a hint, then the step again");
            let said = hint.lines().find(|l| l.contains("would choose: ")).expect("the hint's line").to_string();
            assert!(
                !said.contains("(choice ") || said.contains(" here)") || said.contains("of the first menu"),
                "{said}"
            );
            match said.split("(choice ").nth(1).and_then(|r| r.strip_suffix(" here)")) {
                Some(number) => {
                    terminal.type_line(number);
                    question = terminal.until_asked().expect("a question");
                    let chosen = said.split("would choose: ").nth(1).unwrap().split(" (choice").next().unwrap();
                    assert!(question.contains(chosen), "typed the hinted {number}: {question}");
                }
                None => {
                    terminal.type_line("1");
                    question = terminal.until_asked().expect("a question");
                }
            }
        }
        assert!(question.contains("works once per game") && question.contains("Sure?"), "{question}");
        // The question is a line of its own, the prompt another: nothing glued to "Sure?".
        assert!(question.replace('\r', "").contains("Sure?\nType y to confirm"), "{question:?}");
        terminal.type_line("n");
        let again = terminal.until_asked().expect("the menu again");
        assert!(again.contains("1. roll for movement"), "{again}");
        terminal.type_line("1");
        terminal.until_asked().expect("the game goes on");
        asked = true;
        break;
    }
    assert!(asked, "P1's turn came with the captain's ability on the menu");
    assert!(!terminal.all().contains("P1 uses Captain"), "{}", terminal.all());
    terminal.type_line("q");
    terminal.type_line("y");
}

/// The docs trial: a card typed by its name when it cannot be played ("double-cross") got only "No choice
/// matches", the answer a typo gets. It says the card is not among the choices now, and what it is, with when
/// it may be played.
#[test]
fn a_card_named_when_it_cannot_be_played_is_explained() {
    let mut terminal = Terminal::start(&["play", "pirates-flag", "--seats", "human,random,random", "--seed", "7"]);
    terminal.until_asked().expect("the first question");
    terminal.type_line("double-cross");
    let answer = terminal.until_asked().expect("the question again");
    assert!(
        answer.contains("'double-cross' is not among your choices now. Double-Cross (action card): Play when"),
        "{answer}"
    );
    terminal.type_line("xyzzy");
    assert!(terminal.until_asked().expect("the question again").contains("No choice matches 'xyzzy'."));
    terminal.type_line("q");
    terminal.type_line("y");
}

/// The second terminal trial: Captain Gale's uses (any ship, up to 4 spaces, either way) were a line each on every
/// roll. They are one line; its number asks the details a step at a time, Enter goes back, and Enter alone passes.
#[test]
fn the_pirates_flag_asks_a_captains_details_a_step_at_a_time_and_enter_passes() {
    let options = r#"{"players": 3, "captains": ["captain-gale", "captain-shan", "captain-quill"]}"#;
    let mut terminal = Terminal::start(&[
        "play",
        "pirates-flag",
        "--seats",
        "human,random,random",
        "--seed",
        "5",
        "--options",
        options,
    ]);
    for _ in 0..200 {
        let screen = terminal.until_asked().expect("the game goes on");
        let gale: Vec<&str> = screen.lines().filter(|l| l.contains("use Captain Gale")).collect();
        if gale.is_empty() || !screen.trim_end().ends_with("(Enter: pass):") {
            terminal.type_line("1");
            continue;
        }
        assert_eq!(gale.len(), 1, "one line for all of Gale's uses:\n{screen}");
        assert!(gale[0].contains("ways: you choose next"), "{screen}");
        let number = gale[0].trim().split('.').next().unwrap().to_string();
        terminal.type_line(&number);
        let step = terminal.until_asked().expect("the next step");
        assert!(step.contains("use Captain Gale: move any ship"), "the step says what it is for:\n{step}");
        assert!(step.contains("   1. "), "{step}");
        terminal.type_line("");
        let back = terminal.until_asked().expect("the whole menu again");
        assert!(
            back.lines().any(|l| l.trim().starts_with("1. pass: let your"))
                && back.trim_end().ends_with("(Enter: pass):"),
            "{back}"
        );
        terminal.type_line("");
        let after = terminal.until_asked().expect("the game goes on");
        // A plain pass is not a line of the people's log; the game went on past the menu, with nothing spent.
        assert!(!after.contains("which one (Enter: back"), "Enter alone passed:\n{after}");
        assert!(!terminal.all().contains("P1 uses Captain"), "nothing was spent");
        terminal.type_line("q");
        terminal.type_line("y");
        terminal.type_line("y");
        return;
    }
    panic!("Captain Gale's ability was never offered");
}

/// The new-player trial of Pirate Haven, played as a person would who follows every `hint`: laying the map took
/// a line a tile before the first move; the hint gave no reason; no placement said which spot gives a House
/// bonus; and in the last round leaving still spoke of "next round's order".
#[test]
fn pirate_haven_tells_the_map_in_two_lines_gives_hints_a_reason_and_placements_their_bonus() {
    let mut terminal = Terminal::start(&["play", "pirate-haven", "--seats", "human,greedy,greedy", "--seed", "3"]);
    let mut first = terminal.until_asked().expect("the first question");
    // Much happens before the first board: it is read before the board follows.
    if first.trim_end().ends_with("then press Enter.") {
        terminal.type_line("");
        first += &terminal.until_asked().expect("the board and the first question");
    }
    let before_board = &first[..first.find("Round 1/4").expect("the board")];
    assert!(!before_board.contains("Slot 1 of the map"), "{before_board}");
    // Long lines wrap at the terminal's width, continued two spaces in.
    let unwrapped = before_board.replace('\r', "").replace("\n  ", " ");
    assert!(unwrapped.contains("Every island starts the same: the Tavern on b2"), "{before_board}");
    assert!(before_board.lines().count() < 16, "the start fits a few lines:\n{before_board}");
    let mut screen = first;
    let mut reasons = 0;
    for _ in 0..400 {
        if screen.trim_end().ends_with("then press Enter.") || screen.trim_end().ends_with("(Enter: take it):") {
            terminal.type_line("");
        } else {
            terminal.type_line("hint");
            let hint = terminal.until_asked().expect("a hint, then the question again");
            assert!(hint.contains("\nWhy: "), "the hint says why:\n{hint}");
            reasons += 1;
            // The bot's choice by its number, or the first choice when the menu shows no number for it.
            let number = hint.split("(choice ").nth(1).and_then(|rest| rest.split(')').next()).unwrap_or("1");
            terminal.type_line(number);
        }
        match terminal.until_asked() {
            Some(next) => screen = next,
            None => break,
        }
    }
    assert!(terminal.child.wait().unwrap().success(), "the game ends");
    let all = terminal.all().replace("\r", "").replace("\n  ", " ");
    assert!(reasons > 10, "{reasons} hints");
    assert!(all.contains("Fame at the end"), "some hint or choice names the Fame it brings");
    assert!(all.contains(": House bonus: "), "a placement choice names its House bonus");
    let last_round = &all[all.find("Round 4 begins").expect("the last round")..];
    assert!(!last_round.contains("next round's order"), "{last_round}");
    assert!(last_round.contains("on the Turn track (the last round"), "{last_round}");
}

/// One game of The Pirate's Flag with Captain Gale's any-time ability in P1's hands, answered with Enter (a pass)
/// wherever Enter passes and the first choice elsewhere, after typing `first` (if any) at the first question:
/// every question's screen, in order.
fn pirates_flag_questions(first: Option<&str>) -> Vec<String> {
    let options = r#"{"players": 3, "max_rounds": 6, "captains": ["captain-gale", "captain-shan", "captain-quill"]}"#;
    let args = ["play", "pirates-flag", "--seats", "human,random,random", "--seed", "11", "--options", options];
    let mut terminal = Terminal::start(&args);
    let mut questions = Vec::new();
    let mut first = first;
    let mut helped = first.is_some();
    // What came before a pause belongs to the question after it.
    let mut carried = String::new();
    while let Some(screen) = terminal.until_asked() {
        if screen.trim_end().ends_with("then press Enter.") {
            carried.push_str(&screen);
            terminal.type_line("");
            continue;
        }
        let screen = std::mem::take(&mut carried) + &screen;
        if let Some(words) = first.take() {
            terminal.type_line(words);
            let said = terminal.until_asked().expect("the setting said, then the question again");
            assert!(said.contains("Stops: all. You are asked at every chance"), "{said}");
            // The question asked again is the same question: not counted twice.
        }
        if !helped && screen.contains("You pass unasked when") {
            // `?` tells of stops once a window has passed the person by; `stops` alone says which are on.
            helped = true;
            terminal.type_line("?");
            let help = terminal.until_asked().expect("help, then the question again").replace("\r", "");
            assert!(help.replace("\n  ", " ").contains("stops all asks you at every chance to answer"), "{help}");
            terminal.type_line("stops");
            assert!(terminal.until_asked().expect("the setting").contains("Stops: mine."));
        }
        let end = screen.trim_end();
        if screen.contains("Type y to confirm (anything else: back to the menu)") {
            terminal.type_line("y");
            continue;
        }
        if end.ends_with("(Enter: pass):") || end.ends_with("(Enter: take it):") || end.ends_with("then press Enter.") {
            terminal.type_line("");
        } else {
            terminal.type_line("1");
        }
        questions.push(screen);
        assert!(questions.len() < 3000, "the game did not end");
    }
    assert!(terminal.child.wait().unwrap().success(), "{}", terminal.all());
    questions
}

/// Whether each question of `questions` came in another player's turn: the last turn told before it is not P1's.
fn in_others_turns(questions: &[String]) -> Vec<bool> {
    let mut others = true;
    questions
        .iter()
        .map(|screen| {
            if let Some(turn) = screen.lines().rev().find(|l| l.starts_with("Round ") && l.ends_with("'s turn.")) {
                others = !turn.ends_with(": P1's turn.");
            }
            others
        })
        .collect()
}

/// Issue 28: holding an "any time" ability, a person was asked on nearly every roll of every player. By default
/// (`stops mine`) they are asked at their own turn and when a play is aimed at them, and pass unasked otherwise,
/// told once how to be asked at every chance; `stops all` asks at every chance. The two games are the same game
/// (Enter passes when asked, as the pass taken unasked does), so the questions compare one for one.
#[test]
fn the_pirates_flag_stops_a_person_only_at_windows_that_concern_them_unless_asked_to_stop_at_all() {
    let mine = pirates_flag_questions(None);
    let all = pirates_flag_questions(Some("stops all"));
    let others = |questions: &[String]| in_others_turns(questions).into_iter().filter(|&o| o).count();
    let (mine_others, all_others) = (others(&mine), others(&all));
    eprintln!(
        "asked {} times with stops mine ({mine_others} in others' turns), {} with stops all ({all_others})",
        mine.len(),
        all.len()
    );
    assert!(all_others >= 20, "stops all asks at others' rolls: {all_others}");
    assert!(
        mine_others * 4 < all_others,
        "{mine_others} questions in others' turns with stops mine, {all_others} with all"
    );
    // (Long lines are wrapped between words, their continuation indented.)
    let screen = mine.concat().replace("\r", "").replace("\n  ", " ");
    assert!(screen.contains("type stops all at your turn to be asked at every chance"), "the hint line tells how");
    assert_eq!(screen.matches("You pass unasked when").count(), 1, "told once");
    // Asked at every own turn, all of it: the same own-turn questions either way.
    assert_eq!(mine.len() - mine_others, all.len() - all_others, "every question of one's own turns");
    let own = mine.iter().filter(|s| s.contains("1. roll for movement")).count();
    assert!(own >= 6, "{own} own turns asked");
    // Asked when another's play is aimed at P1 and waits to be answered, as often as with stops all.
    let aimed = |s: &&String| {
        s.lines().any(|l| {
            (l.starts_with("P2 ") || l.starts_with("P3 ")) && l.contains(" on P1 ") && l.contains("(on the stack")
        })
    };
    assert!(mine.iter().any(|s| aimed(&s)), "a play aimed at P1 asked P1:\n{screen}");
    assert_eq!(mine.iter().filter(aimed).count(), all.iter().filter(aimed).count(), "every aimed play asks");
}

#[test]
fn q_at_a_press_enter_pause_leaves_once_confirmed() {
    // A trial typed q at "Your table comes next ... press Enter" and the game went on as if it were Enter.
    let mut t = Terminal::start(&["play", "pirate-haven", "--seed", "7"]);
    let first = t.until_asked().expect("a question");
    assert!(first.trim_end().ends_with("then press Enter."), "Pirate Haven's first round is read first:\n{first}");
    t.type_line("q");
    std::thread::sleep(Duration::from_millis(300));
    assert!(t.all().trim_end().ends_with("Type y to leave (anything else: back):"), "{}", t.all());
    t.type_line("n");
    let table = t.until_asked().expect("back to the table");
    assert!(table.contains("travel to slot 1"), "anything but y goes on:\n{table}");

    let mut t = Terminal::start(&["play", "pirate-haven", "--seed", "7"]);
    t.until_asked().expect("a question");
    t.type_line("q");
    std::thread::sleep(Duration::from_millis(300));
    t.type_line("y");
    assert_eq!(t.until_asked(), None, "the program ends at once");
    let screen = t.all();
    assert!(screen.trim_end().ends_with("You left the game before its end."), "{screen}");
    assert!(!screen.contains("travel to slot 1"), "no table after leaving: {screen}");
}
