//! How the calls go between two bots in Scallywager: for each bot, the calls it makes (and how often they are
//! right) and the bids of its that are called (and how often they hold), over seeded 4-captain games with the
//! bots alternating round the table, played by the core's driver (`play_game_watched`) and tallied from the
//! positions it shows. An investigation aid for the search bot's record against `odds`:
//!
//! ```text
//! cargo run --release -p plunder-games --example scallywager_calls -- ismcts:200 odds 20
//! ```

use plunder_core::{make_bot, play_game_watched, Bot, Game, Rng, Seat, Viewer};
use plunder_games::scallywager::{CallKind, Scallywager};

#[derive(Default, Debug)]
struct Tally {
    scallywagger: u32,
    scallywagger_right: u32,
    parlay: u32,
    parlay_right: u32,
    called_on: u32,
    bid_held: u32,
    bids: u32,
    /// The sum over its bids of the quantity bid minus the dice of that face it could see (its own).
    excess: i64,
    crew_lost: u32,
    wins: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let names = [args.get(1).map_or("ismcts:200", String::as_str), args.get(2).map_or("odds", String::as_str)];
    let games: u64 = args.get(3).and_then(|g| g.parse().ok()).unwrap_or(10);
    let game = Scallywager::new(Scallywager::options_for_players(4)).expect("valid options");
    let mut tally = [Tally::default(), Tally::default()];
    let kind = |seat: Seat| seat.index() % 2;
    for g in 0..games {
        let mut bots: Vec<Box<dyn Bot<Scallywager>>> =
            (0..4u64).map(|s| make_bot::<Scallywager>(names[s as usize % 2], g * 8 + s).expect("a bot")).collect();
        let mut rng = Rng::stream(1, g);
        let mut last = None;
        let mut bids_seen = 0;
        // The watcher sees every position: a showdown new since the last, and a bid new since the last (a bid
        // changes no die, so the bidder's view after it shows the dice it bid with).
        let finished = play_game_watched(&game, &mut bots, &mut rng, game.facts().max_steps, |state| {
            let spectator = game.view(state, Viewer::Spectator);
            if let Some(shown) = spectator.last_showdown.as_ref().map(|r| &r.showdown) {
                if last.as_ref() != Some(shown) {
                    let caller = &mut tally[kind(shown.caller)];
                    match shown.call {
                        CallKind::Scallywagger => {
                            caller.scallywagger += 1;
                            caller.scallywagger_right += u32::from(shown.caller_right);
                        }
                        CallKind::Parlay => {
                            caller.parlay += 1;
                            caller.parlay_right += u32::from(shown.caller_right);
                        }
                    }
                    let bidder = &mut tally[kind(shown.bidder)];
                    bidder.called_on += 1;
                    bidder.bid_held += u32::from(!shown.caller_right);
                    for (seat, &lost) in shown.lost_by_seat().iter().enumerate() {
                        tally[seat % 2].crew_lost += lost as u32;
                    }
                    last = Some(*shown);
                }
            }
            // The round's bids only grow by one bid a step, and are cleared when a turn starts.
            if spectator.bids.len() > bids_seen {
                let made = spectator.bids[spectator.bids.len() - 1];
                let view = game.view(state, Viewer::Seat(made.seat));
                let mine = view.my_dice.iter().flatten().filter(|&&d| d == made.bid.face).count() as i64;
                tally[kind(made.seat)].bids += 1;
                tally[kind(made.seat)].excess += made.bid.quantity as i64 - mine;
            }
            bids_seen = spectator.bids.len();
        })
        .expect("the game ends");
        for (seat, p) in finished.outcome.payoffs.iter().enumerate() {
            tally[seat % 2].wins += p;
        }
        eprintln!("game {g} done");
    }
    for (name, t) in names.iter().zip(&tally) {
        println!(
            "{name}: wins {:.1} of {} seat-games; Scallywagger {} ({} right), Parlay {} ({} right); its bids called {} \
             (held {}); {} bids, mean quantity over its own dice of the face {:.2}; crew lost {}",
            t.wins,
            2 * games,
            t.scallywagger,
            t.scallywagger_right,
            t.parlay,
            t.parlay_right,
            t.called_on,
            t.bid_held,
            t.bids,
            t.excess as f64 / t.bids.max(1) as f64,
            t.crew_lost
        );
    }
}
