//! What a table takes for a player who has nothing to choose (`plunder_core::forced`: the terminal's `skip on`,
//! the server's "play for me"): in every game, exactly the decisions with one move, or with passes only (then the
//! first pass), and never a decision with a real choice.

use plunder_core::{forced, options_from_json, ChanceMode, Rng, Roster, Session, Status};
use plunder_games::{games, with_game, GameVisitor};

const SEEDS: u64 = 8;
const STEPS: usize = 2000;

struct Forced;

impl GameVisitor for Forced {
    /// Decisions seen with one move, with passes only (of several), and with a real choice.
    type Output = (usize, usize, usize);
    fn visit<G: Roster>(self) -> Self::Output {
        let game = G::new(options_from_json::<G>(None, &serde_json::Value::Null).unwrap()).unwrap();
        let (mut only, mut passes, mut choices) = (0, 0, 0);
        for seed in 0..SEEDS {
            let mut session = Session::new(game.clone(), seed, ChanceMode::Sampled);
            let mut rng = Rng::seeded(seed ^ 0xf0ced);
            for _ in 0..STEPS {
                match session.status() {
                    Status::Over => break,
                    Status::Chance => {
                        session.sample_chance().unwrap();
                    }
                    Status::Decide(seats) => {
                        let seat = seats.lowest().unwrap();
                        let legal = session.legal_actions(seat);
                        let taken = forced(&game, &legal);
                        if legal.len() == 1 {
                            assert_eq!(taken.as_ref(), Some(&legal[0]), "{}: the only move", G::ID);
                            only += 1;
                        } else if legal.iter().all(|a| game.is_pass(a)) {
                            assert_eq!(taken.as_ref(), Some(&legal[0]), "{}: the first pass", G::ID);
                            passes += 1;
                        } else {
                            assert_eq!(taken, None, "{}: a real choice among {legal:?}", G::ID);
                            choices += 1;
                        }
                        session.play(seat, legal[rng.index(legal.len())].clone()).unwrap();
                    }
                }
            }
        }
        (only, passes, choices)
    }
}

#[test]
fn a_table_takes_only_moves_and_forced_passes_and_never_a_real_choice() {
    let (mut only, mut passes) = (0, 0);
    for info in games() {
        let (o, p, choices) = with_game(info.id, Forced).unwrap();
        assert!(choices > 0, "{}: no real choice seen", info.id);
        only += o;
        passes += p;
    }
    assert!(only > 0 && passes > 0, "both kinds of forced decision happen ({only} only moves, {passes} passes)");
}
