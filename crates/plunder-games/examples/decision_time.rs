//! Seconds per decision of a bot in a game: one seat plays `BOT`, the others the game's best bot, the seat
//! rotating over `GAMES` seeded games at the default table; every decision with more than one legal action is
//! timed. A measurement aid for the search bots (`rollout:N`, `ismcts:N`), whose win rates `plunder tournament`
//! measures:
//!
//! ```text
//! cargo run --release -p plunder-games --example decision_time -- lying-pirates rollout:64 10
//! ```

// A measurement reads the wall clock; the rules it times do not.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use plunder_core::{make_bot, play_game, Bot, Game, Narrate, Rng, Roster, Turn};
use plunder_games::{with_game, GameVisitor};

/// Decisions timed, their total and the longest.
#[derive(Debug, Default)]
struct Clocked {
    decisions: u64,
    spent: Duration,
    longest: Duration,
}

/// A bot that times its inner bot's choices.
#[derive(Debug)]
struct Timed<G: Game> {
    inner: Box<dyn Bot<G>>,
    clocked: Arc<Mutex<Clocked>>,
}

impl<G: Game> Bot<G> for Timed<G> {
    fn act(&mut self, turn: &Turn<'_, G>) -> G::Action {
        let start = Instant::now();
        let action = self.inner.act(turn);
        if turn.legal.len() > 1 {
            let spent = start.elapsed();
            let mut clocked = self.clocked.lock().expect("one thread");
            clocked.decisions += 1;
            clocked.spent += spent;
            clocked.longest = clocked.longest.max(spent);
        }
        action
    }
}

struct Measure {
    bot: String,
    games: u64,
}

impl GameVisitor for Measure {
    type Output = ();
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let game = G::new(G::Options::default()).expect("the default options are valid");
        let best = plunder_core::bot_kinds::<G>()[0].name;
        let seats = game.seats();
        let clocked = Arc::new(Mutex::new(Clocked::default()));
        let mut won = 0.0;
        for g in 0..self.games {
            let searcher = g as usize % seats;
            let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
                .map(|s| {
                    let seed = g * 16 + s as u64;
                    if s == searcher {
                        let inner = make_bot::<G>(&self.bot, seed).expect("a bot of the game");
                        Box::new(Timed { inner, clocked: clocked.clone() }) as Box<dyn Bot<G>>
                    } else {
                        make_bot::<G>(best, seed).expect("the best bot")
                    }
                })
                .collect();
            let mut rng = Rng::stream(1, g);
            let finished = play_game(&game, &mut bots, &mut rng, game.facts().max_steps).expect("a legal game");
            won += finished.outcome.payoffs[searcher];
        }
        let c = clocked.lock().expect("one thread");
        println!(
            "{} ({seats} seats): {} against {best}: {} decisions, {:.4} s a decision on average, longest {:.3} s; \
             mean payoff {:.3}",
            G::ID,
            self.bot,
            c.decisions,
            c.spent.as_secs_f64() / c.decisions.max(1) as f64,
            c.longest.as_secs_f64(),
            won / self.games as f64
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = args.get(1).map_or("liars-dice", String::as_str);
    let bot = args.get(2).map_or("rollout:64", String::as_str).to_string();
    let games = args.get(3).and_then(|g| g.parse().ok()).unwrap_or(10);
    with_game(id, Measure { bot, games }).expect("a registered game");
}
