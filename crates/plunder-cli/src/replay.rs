//! `plunder replay`: rebuilds a game from its record, checking every step, and tells it. A record is for after
//! the game, so the telling includes every roll.

use std::io::Read;

use plunder_cli::output::write_stdout;
use plunder_core::{ChanceMode, Narrate, Record, Roster, Session, Step, Viewer};
use plunder_games::{with_game, GameVisitor};

use crate::ReplayArgs;

/// The largest record file `replay` reads by default, in bytes: far above the longest games' records, far
/// below what would strain memory once parsed.
pub const DEFAULT_MAX_RECORD_BYTES: usize = 16 << 20;

pub fn run(args: ReplayArgs) -> Result<(), String> {
    let cannot_read = |e: std::io::Error| format!("cannot read {}: {e}", args.file.display());
    let mut text = String::new();
    std::fs::File::open(&args.file)
        .and_then(|file| file.take(args.max_bytes + 1).read_to_string(&mut text))
        .map_err(cannot_read)?;
    if text.len() as u64 > args.max_bytes {
        return Err(format!(
            "{} is larger than {} bytes (--max-bytes raises the limit)",
            args.file.display(),
            args.max_bytes
        ));
    }
    let record = Record::from_json(&text).map_err(|e| e.to_string())?;
    let story = with_game(&record.game, Tell { record: &record, quiet: args.quiet }).map_err(|e| e.to_string())??;
    write_stdout(&story)
}

struct Tell<'a> {
    record: &'a Record,
    quiet: bool,
}

impl GameVisitor for Tell<'_> {
    type Output = Result<String, String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        tell::<G>(self.record, self.quiet)
    }
}

/// The game's story: every step with its label and what it changed on the table.
pub fn tell<G: Roster + Narrate>(record: &Record, quiet: bool) -> Result<String, String> {
    let replayed = Session::<G>::replay(record).map_err(|e| e.to_string())?;
    let game = replayed.game().clone();
    let mut out = format!("{} - seed {} - {} events - record checked\n", G::NAME, record.seed, record.events.len());
    if !quiet {
        let mut session = Session::new(game.clone(), record.seed, ChanceMode::Scripted);
        let mut public = session.view(Viewer::Spectator);
        for step in replayed.steps() {
            let applied = match step {
                Step::Action(seat, action) => {
                    out += &format!("{seat}: {}\n", game.label(action));
                    session.play(*seat, action.clone())
                }
                Step::Chance(outcome) => {
                    out += &format!("  (chance) {}\n", game.chance_label(outcome));
                    session.supply_chance(outcome.clone())
                }
            };
            applied.map_err(|e| format!("internal error replaying a checked record: {e}"))?;
            let now = session.view(Viewer::Spectator);
            for line in game.news(&public, &now) {
                out += &format!("{line}\n");
            }
            public = now;
        }
    }
    out += &format!("\n{}", game.describe(&replayed.view(Viewer::Spectator)));
    Ok(out)
}
