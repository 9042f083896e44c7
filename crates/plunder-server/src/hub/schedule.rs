//! What comes due at a game and who plays then: the seats' clocks (time banks), their paces (how long a pass
//! taken for a seat waits), passes taken for seats, and the bots: which one plays for a seat, their thinking on
//! the hub's bot budget, and their choices coming back.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use plunder_core::{splitmix64, Seat, Status, Stops, Timing};
use serde_json::Value;
use tokio::sync::mpsc;

use super::actor::Actor;
use super::{best_bot, Command};
use crate::messages::ServerMessage;

/// The longest a bot's search may think for one move, whatever its simulations, once it has a thread of the
/// bot budget (`HubConfig::bot_threads`).
const BOT_SEARCH_TIME: Duration = Duration::from_secs(1);

/// A seat's clock: the time bank left and, while the seat owes a decision, since when.
#[derive(Clone, Debug)]
pub(super) struct Clock {
    pub(super) bank: Duration,
    pub(super) running_since: Option<Instant>,
}

/// How long a person takes over their choices, so the passes the server takes for them come at their own pace:
/// an instant pass would tell everyone watching that the seat held nothing to answer with.
#[derive(Debug, Default)]
pub(super) struct Pace {
    /// Since when the seat owes a decision.
    pub(super) asked_since: Option<Instant>,
    /// The times its latest own choices took (at most `PACE_KEPT`).
    recent: VecDeque<Duration>,
    /// When the pass taken for it is due.
    pass_due: Option<Instant>,
}

/// How many of a seat's choice times its pace keeps.
const PACE_KEPT: usize = 8;
/// The longest wait before a pass taken for a seat, however long it thinks over its choices.
const PASS_DELAY_MAX: Duration = Duration::from_secs(10);

impl Pace {
    /// The wait before a pass taken for the seat: one of its recent choice times, picked by `pick`, or
    /// `first` before it has chosen anything.
    fn pass_delay(&self, pick: u64, first: Duration) -> Duration {
        match self.recent.len() {
            0 => first,
            n => self.recent[(pick % n as u64) as usize].min(PASS_DELAY_MAX),
        }
    }

    /// The seat chose: how long that took joins its recent times.
    pub(super) fn chose(&mut self, now: Instant) {
        if let Some(since) = self.asked_since.take() {
            if self.recent.len() == PACE_KEPT {
                self.recent.pop_front();
            }
            self.recent.push_back(now.saturating_duration_since(since));
        }
    }
}

impl Actor {
    pub(super) fn deciding(&self) -> Vec<Seat> {
        match self.table.session().status() {
            Status::Decide(seats) => seats.iter().collect(),
            _ => Vec::new(),
        }
    }

    fn is_bot(&self, seat: Seat) -> bool {
        self.seating.spec.seats.get(seat.index()).is_some_and(|player| player != "human")
    }

    /// The move the server takes for `seat` now, if the seat asked for its forced moves to be taken and it has
    /// nothing to choose (only passes, or one move: [`plunder_core::forced`]).
    /// Or, under the seat's stops, a pass in a window that does not concern it (read from public information).
    pub(super) fn taken_for(&self, seat: Seat) -> Option<Value> {
        self.taken_and_pace(seat).map(|(pass, _)| pass)
    }

    /// [`Actor::taken_for`], and whether it waits for the seat's pace: a forced move does (taken at once, it
    /// would tell everyone the seat held no answer); a pass under the seat's stops does not (whether the window
    /// concerns the seat is public, so its speed tells nothing).
    fn taken_and_pace(&self, seat: Seat) -> Option<(Value, bool)> {
        if self.is_bot(seat) {
            return None;
        }
        let stops = self.stops.get(seat.index()).copied().unwrap_or(Stops::All);
        if let Some(pass) = self.table.session().unasked_pass(seat, stops) {
            return Some((pass, false));
        }
        if !self.auto_pass.get(seat.index()).copied().unwrap_or(false) {
            return None;
        }
        self.table.session().forced_action(seat).map(|forced| (forced, true))
    }

    /// After a step: schedule the next bot move and start the clocks of the humans who now owe a decision.
    pub(super) fn after_change(&mut self) {
        let deciding = self.deciding();
        let now = Instant::now();
        let due =
            self.thinking.is_none() && deciding.iter().any(|&seat| self.is_bot(seat) && self.bot_for(seat).is_some());
        self.bot_due = due.then(|| now + self.hub.config.bot_delay);
        for index in 0..self.paces.len() {
            let seat = Seat(index as u8);
            let owes = deciding.contains(&seat) && !self.is_bot(seat);
            let pass = owes.then(|| self.taken_and_pace(seat)).flatten();
            let pick = splitmix64(self.seating.spec.seed ^ (self.table.version() as u64) ^ ((index as u64) << 56));
            let first = self.hub.config.pass_delay;
            let pace = &mut self.paces[index];
            if !owes {
                pace.asked_since = None;
            } else if pace.asked_since.is_none() {
                pace.asked_since = Some(now);
            }
            match pass {
                None => pace.pass_due = None,
                Some((_, paced)) if pace.pass_due.is_none() => {
                    pace.pass_due = Some(if paced { now + pace.pass_delay(pick, first) } else { now });
                }
                Some(_) => {}
            }
        }
        if let Some(clocks) = &mut self.clocks {
            for (index, clock) in clocks.iter_mut().enumerate() {
                let owes = deciding.contains(&Seat(index as u8));
                match (owes, clock.running_since) {
                    (true, None) => clock.running_since = Some(Instant::now()),
                    (false, Some(_)) => clock.running_since = None,
                    _ => {}
                }
            }
        }
    }

    /// Every seat's bank once the time `deciding` used is taken from those no longer to decide (after a move,
    /// before it is stored: the banks are stored with it).
    pub(super) fn charged_banks(&self, deciding: &[Seat]) -> Option<Vec<Duration>> {
        let still = self.deciding();
        let clocks = self.clocks.as_ref()?;
        let charged = clocks.iter().enumerate().map(|(index, clock)| {
            let seat = Seat(index as u8);
            match clock.running_since {
                Some(since) if deciding.contains(&seat) && !still.contains(&seat) => {
                    clock.bank.saturating_sub(since.elapsed())
                }
                _ => clock.bank,
            }
        });
        Some(charged.collect())
    }

    /// Sets the banks stored with a move; the clocks of the seats that decided stop.
    pub(super) fn set_banks(&mut self, deciding: &[Seat], banks: Option<Vec<Duration>>) {
        let still = self.deciding();
        if let (Some(clocks), Some(banks)) = (&mut self.clocks, banks) {
            for (index, (clock, bank)) in clocks.iter_mut().zip(banks).enumerate() {
                clock.bank = bank;
                let seat = Seat(index as u8);
                if deciding.contains(&seat) && !still.contains(&seat) {
                    clock.running_since = None;
                }
            }
        }
    }

    pub(super) fn next_deadline(&self) -> Option<Instant> {
        let clocks = self.clocks.iter().flatten();
        // (While bots think, a person out of time waits for them too: the best bot plays for them after.)
        let timeouts =
            clocks.filter(|_| self.thinking.is_none()).filter_map(|c| c.running_since.map(|since| since + c.bank));
        timeouts.chain(self.next_deadline_but_clocks()).min()
    }

    /// The next bot move or pass due: what must happen even with nobody at the table.
    pub(super) fn next_deadline_but_clocks(&self) -> Option<Instant> {
        let passes = self.paces.iter().filter_map(|p| p.pass_due);
        passes.chain(self.bot_due).min()
    }

    /// The bots asked at `version` chose (or failed to, each seat's bot: [`Actor::bot_failed`]): their moves are
    /// played if the table is still at `version`.
    pub(super) async fn on_bots_chose(
        &mut self,
        version: usize,
        choices: Vec<(Seat, Result<plunder_core::Labeled, String>)>,
    ) {
        self.thinking = None;
        // Chosen for a table that has changed since (a person's move, a pass, another instance):
        // they think again.
        if version == self.table.version() {
            for (seat, choice) in choices {
                let choice = match choice {
                    Ok(choice) => choice,
                    Err(why) => {
                        self.bot_failed(seat, &why);
                        continue;
                    }
                };
                let plunder_core::LabeledJson::Action { action } = choice.json else { continue };
                if self.act(seat, &action).await.is_err() {
                    break;
                }
            }
        }
        if self.bot_due.is_none() {
            self.after_change();
        }
    }

    /// A bot move is due, or a human's time ran out: the bot thinks (the seat's own bot, or the game's best bot
    /// for a human out of time), and plays once it has chosen ([`Actor::think`]). Passes due are taken.
    pub(super) async fn on_deadline(&mut self, commands: &mpsc::WeakSender<Command>) {
        let now = Instant::now();
        let deciding = self.deciding();
        let mut movers: Vec<(Seat, String)> = Vec::new();
        let mut passes: Vec<(Seat, Value)> = Vec::new();
        for &seat in &deciding {
            let pass_due = self.paces.get(seat.index()).and_then(|p| p.pass_due).is_some_and(|due| due <= now);
            if let Some(pass) = self.taken_for(seat).filter(|_| pass_due) {
                passes.push((seat, pass));
            } else if self.thinking.is_some() {
                // Its bots are thinking already.
            } else if self.is_bot(seat) {
                if let Some(bot) = self.bot_for(seat).filter(|_| self.bot_due.is_some_and(|due| due <= now)) {
                    movers.push((seat, bot));
                }
            } else if let Some(clock) = self.clocks.as_ref().map(|c| &c[seat.index()]) {
                let out_of_time = clock.running_since.is_some_and(|since| since + clock.bank <= now);
                if let Some(bot) = self.bot_for(seat).filter(|_| out_of_time) {
                    movers.push((seat, bot));
                }
            }
        }
        self.bot_due = None;
        for (seat, pass) in passes {
            // A pass taken for the seat is not its choice: its next decision is asked from now, and a pass it owes
            // next waits its own delay. (Kept from the first, a chain of passes counted into the next real choice,
            // which lengthened every later pass up to the cap: a journey waited a minute.)
            if let Some(pace) = self.paces.get_mut(seat.index()) {
                pace.asked_since = None;
                pace.pass_due = None;
            }
            if self.act(seat, &pass).await.is_err() {
                break;
            }
        }
        self.think(movers, commands);
        if self.bot_due.is_none() {
            self.after_change();
        }
    }

    /// The bot that plays for `seat` (its own, or the game's best for a person out of time) while it has not
    /// failed; the random bot after it failed once; none after that too (the seat waits, and the table was told).
    fn bot_for(&self, seat: Seat) -> Option<String> {
        match self.bot_failures.get(seat.index()).copied().unwrap_or(0) {
            0 if self.is_bot(seat) => Some(self.seating.spec.seats[seat.index()].clone()),
            0 => Some(best_bot(&self.seating.spec.game)),
            1 => Some(plunder_core::RANDOM_BOT.name.to_string()),
            _ => None,
        }
    }

    /// `seat`'s bot failed to choose (`why`): the table is told, and the next bot in [`Actor::bot_for`] plays.
    fn bot_failed(&mut self, seat: Seat, why: &str) {
        let Some(bot) = self.bot_for(seat) else { return };
        let failures = &mut self.bot_failures[seat.index()];
        *failures = failures.saturating_add(1);
        let name = seat.to_string();
        eprintln!("plunder serve: game {}: the {bot} bot failed to choose for {name}: {why}", self.id);
        let next = match self.bot_for(seat) {
            Some(next) => format!("the {next} bot plays for {name} from now on"),
            None => format!("no bot can play for {name}: the game waits"),
        };
        let message =
            ServerMessage::error("bot_failed", format!("The {bot} bot failed to choose a move ({why}); {next}."));
        let clients: Vec<u64> = self.clients.keys().copied().collect();
        for client in clients {
            self.send_to(client, message.clone());
        }
    }

    /// Sets `movers` thinking, from their seats' views only (`bot_work` copies the view and legal actions), on
    /// a thread of their own once the hub's bot budget has one free: this task goes on answering people
    /// meanwhile. Their choices come back as [`Command::BotsChose`], and count only if the table is unchanged.
    /// A search bot may think for a sixth of a second (the lobby caps its simulations), never past
    /// `BOT_SEARCH_TIME`, counted from when it has its thread.
    fn think(&mut self, movers: Vec<(Seat, String)>, commands: &mpsc::WeakSender<Command>) {
        let version = self.table.version();
        let work: Vec<(Seat, plunder_core::BotWork)> = movers
            .into_iter()
            .enumerate()
            .filter_map(|(index, (seat, bot))| {
                // As if each mover's seed came from the version its move would follow the others' at.
                let at = (version + index) as u64;
                let seed = splitmix64(self.seating.spec.seed ^ at.wrapping_mul(0x9e37_79b9));
                self.table.session().bot_work(seat, &bot, seed).ok().map(|work| (seat, work))
            })
            .collect();
        let Some(commands) = commands.upgrade().filter(|_| !work.is_empty()) else { return };
        self.thinking = Some(version);
        let budget = self.hub.bot_budget.clone();
        // Tables of bots only wait in one line, every other table in its creator's.
        let bots_only = !self.seating.spec.seats.iter().any(|player| player == "human");
        let gate = if bots_only { Some(self.hub.bots_only_gate.clone()) } else { self.bot_line.clone() };
        tokio::spawn(async move {
            let in_line = match gate {
                Some(gate) => match gate.acquire_owned().await {
                    Ok(in_line) => Some(in_line),
                    Err(_) => return,
                },
                None => None,
            };
            let Ok(_thread) = budget.acquire_owned().await else { return };
            drop(in_line);
            let choose = move || work.into_iter().map(|(seat, work)| (seat, run_bot(work))).collect();
            let choices = tokio::task::spawn_blocking(choose).await.unwrap_or_default();
            let _ = commands.send(Command::BotsChose { version, choices }).await;
        });
    }
}

/// Runs one bot's work with its time cap: its choice, or why it made none (its error, or its panic's message,
/// caught so that one failing bot neither stops the others nor leaves the game waiting for it).
fn run_bot(work: plunder_core::BotWork) -> Result<plunder_core::Labeled, String> {
    let started = Instant::now();
    let timing = Timing::capped(plunder_core::Clock::new(move || started.elapsed()), BOT_SEARCH_TIME);
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&timing))) {
        Ok(choice) => choice.map_err(|e| e.to_string()),
        Err(panic) => {
            let message =
                panic.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| panic.downcast_ref::<String>().cloned());
            Err(message.unwrap_or_else(|| "it panicked".to_string()))
        }
    }
}

#[cfg(test)]
mod tests {
    use plunder_core::PlayError;

    use super::*;

    #[test]
    fn a_bot_that_panics_or_errs_is_told_not_waited_for() {
        let panics: plunder_core::BotWork = Box::new(|_: &Timing| panic!("the tree is empty"));
        assert_eq!(run_bot(panics).unwrap_err(), "the tree is empty");
        let formatted: plunder_core::BotWork = Box::new(|_: &Timing| panic!("seat {} has no move", 2));
        assert_eq!(run_bot(formatted).unwrap_err(), "seat 2 has no move");
        let errs: plunder_core::BotWork = Box::new(|_: &Timing| Err(PlayError::GameOver));
        assert_eq!(run_bot(errs).unwrap_err(), PlayError::GameOver.to_string());
        let chooses: plunder_core::BotWork = Box::new(|_: &Timing| {
            Ok(plunder_core::Labeled {
                json: plunder_core::LabeledJson::Action { action: serde_json::json!({"type": "Liar"}) },
                label: "liar".into(),
            })
        });
        assert_eq!(run_bot(chooses).unwrap().label, "liar");
    }
}
