//! Stops are declared once per game (`Narrate::stops_matter`) and front ends offer the setting by it: a game that
//! says they cannot matter never leaves a seat out of an answer window (`Narrate::concerns` is always true), and
//! a game that says they can does leave one out in random play (the declaration is not stale). And for every
//! game, whether a window concerns a seat is the same in a world redrawn from another seat's view (what is
//! hidden changed), so a pass taken for a seat by its stops tells nothing.

use plunder_core::{options_from_json, ChanceMode, Narrate, Rng, Roster, Seat, Session, Status, Viewer};
use plunder_games::{games, with_game, GameVisitor};

/// Decisions played per game, over a few seeds: enough for every game's windows, bounded to run in seconds.
const SEEDS: u64 = 16;
const STEPS: usize = 3000;

struct LeftOut;

impl GameVisitor for LeftOut {
    /// Whether the game declares that stops matter, and the answer windows (a pass among the seat's choices)
    /// seen, those that left the seat out, and those whose redrawn world differed (panics if a world redrawn from
    /// another seat's view says otherwise).
    type Output = (bool, usize, usize, usize);
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let game = G::new(options_from_json::<G>(None, &serde_json::Value::Null).unwrap()).unwrap();
        let (mut windows, mut left_out, mut redrawn) = (0, 0, 0);
        for seed in 0..SEEDS {
            let mut session = Session::new(game.clone(), seed, ChanceMode::Sampled);
            let mut rng = Rng::seeded(seed ^ 0x5709);
            for _ in 0..STEPS {
                match session.status() {
                    Status::Over => break,
                    Status::Chance => {
                        session.sample_chance().unwrap();
                    }
                    Status::Decide(seats) => {
                        let public = session.view(Viewer::Spectator);
                        for seat in seats.iter() {
                            let legal = session.legal_actions(seat);
                            if legal.iter().any(|a| game.is_pass(a)) {
                                windows += 1;
                                let concerned = game.concerns(&public, seat);
                                left_out += usize::from(!concerned);
                                // What the seat holds, redrawn from its neighbour's view.
                                let other = Seat(((seat.index() + 1) % game.seats()) as u8);
                                let twin = game.determinize(session.state(), other, &mut rng);
                                redrawn += usize::from(twin != *session.state());
                                let twin_public = game.view(&twin, Viewer::Spectator);
                                assert_eq!(game.concerns(&twin_public, seat), concerned, "{}: {seat}", G::ID);
                            }
                        }
                        let seat = seats.lowest().unwrap();
                        let legal = session.legal_actions(seat);
                        // Anything but a pass as often as a pass, so that windows see plays to answer.
                        let plays: Vec<_> = legal.iter().filter(|a| !game.is_pass(a)).cloned().collect();
                        let action = if plays.is_empty() || rng.index(4) == 0 {
                            legal[rng.index(legal.len())].clone()
                        } else {
                            plays[rng.index(plays.len())].clone()
                        };
                        session.play(seat, action).unwrap();
                    }
                }
            }
        }
        (game.stops_matter(), windows, left_out, redrawn)
    }
}

#[test]
fn stops_matter_exactly_in_the_games_that_declare_it() {
    let mut declared = Vec::new();
    for info in games() {
        let (matter, windows, left_out, redrawn) = with_game(info.id, LeftOut).unwrap();
        if matter {
            declared.push(info.id);
            assert!(
                windows > 0 && left_out > 0,
                "{} declares stops but left no seat out of {windows} windows",
                info.id
            );
            assert!(redrawn * 4 > windows, "{}: only {redrawn} of {windows} redrawn worlds differed", info.id);
        } else {
            assert_eq!(
                left_out, 0,
                "{} declares no stops, yet {left_out} of {windows} windows left a seat out",
                info.id
            );
        }
    }
    assert_eq!(declared, ["scallywager", "lying-pirates", "pirates-flag"], "the games whose stops matter");
}
