//! The three levels every game offers (`plunder_core::levels`): `easy`, `medium` and `hard` are listed and
//! made in every registered game; `medium` is the game's best bot move for move; `easy` slips (plays
//! otherwise at some decisions) and plays legally. `hard` is the rollout bot, tested in `tests/rollout.rs`;
//! the order by strength is measured with `plunder tournament` (docs/balance/README.md, "The levels").

use plunder_core::levels::LEVELS;
use plunder_core::{bot_kinds, make_bot, play_game, Bot, Narrate, Rng, Roster};
use plunder_games::{game_ids, with_game, GameVisitor};

/// Plays one seeded game with `bot` at every seat.
fn one_game<G: Roster>(bot: &str, seed: u64) -> plunder_core::Finished {
    let game = G::new(G::Options::default()).expect("the defaults are valid");
    let mut bots: Vec<Box<dyn Bot<G>>> =
        (0..game.seats()).map(|seat| make_bot::<G>(bot, seed * 16 + seat as u64).expect("a level")).collect();
    // `play_game` checks every action the bots choose, so an illegal one is an error here.
    play_game(&game, &mut bots, &mut Rng::stream(5, seed), game.facts().max_steps)
        .unwrap_or_else(|e| panic!("{} {bot}: {e}", G::ID))
}

struct Levels;

impl GameVisitor for Levels {
    type Output = ();
    fn visit<G: Roster + Narrate>(self) {
        let names: Vec<&str> = bot_kinds::<G>().iter().map(|k| k.name).collect();
        for level in LEVELS {
            assert!(names.contains(&level.name), "{}: {} is offered ({names:?})", G::ID, level.name);
            assert!(make_bot::<G>(level.name, 1).is_some(), "{}: {} is made", G::ID, level.name);
        }
        assert_eq!(names[0], G::own_bot_kinds()[0].name, "{}: the game's best bot stays first", G::ID);
        // Pirate Haven's best bot looks ahead: one game of each is enough in a debug build.
        let best = G::own_bot_kinds()[0].name;
        let seed = 3;
        assert_eq!(one_game::<G>("medium", seed), one_game::<G>(best, seed), "{}: medium is {best}", G::ID);
        assert_ne!(one_game::<G>("easy", seed), one_game::<G>(best, seed), "{}: easy slips", G::ID);
    }
}

#[test]
fn every_game_offers_easy_medium_and_hard() {
    for id in game_ids() {
        with_game(id, Levels).unwrap();
    }
}
