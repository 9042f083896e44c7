//! `plunder replay`: rebuilds a game from its record, checking every step, and tells it. A record is for after
//! the game, so the telling includes every roll: each event as its most-knowing audience was told it.

use std::io::Read;

use plunder_cli::output::write_stdout;
use plunder_core::{Audience, Narrate, Record, Roster, Session, Step, Viewer};
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

/// The game's story: every event told at every step, secrets included (a secret's owner's side, not the others'
/// public side); an action that told nothing is given by its label.
pub fn tell<G: Roster + Narrate>(record: &Record, quiet: bool) -> Result<String, String> {
    let replayed = Session::<G>::replay(record).map_err(|e| e.to_string())?;
    let game = replayed.game();
    let mut out = format!("{} - seed {} - {} events - record checked\n", G::NAME, record.seed, record.events.len());
    if !quiet {
        for (index, step) in replayed.steps().iter().enumerate() {
            let told = replayed.told_at(index);
            if told.is_empty() {
                if let Step::Action(seat, action) = step {
                    out += &format!("{seat}: {}\n", game.label(action));
                }
            }
            let public = told.iter().filter(|t| !matches!(t.to, Audience::AllBut(_) | Audience::Neither(..)));
            for told in public.filter(|t| !game.told_elsewhere(&t.event)) {
                out += &format!("{}\n", game.tell(&told.event));
            }
        }
    }
    out += &format!("\n{}", game.describe(&replayed.view(Viewer::Spectator)));
    Ok(out)
}
