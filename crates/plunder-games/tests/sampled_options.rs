//! `Game::sample_options`, which `plunder soak` plays, for every registered game at every table size: every draw
//! is valid, and every option a user can set is drawn with more than one value, except the ones listed below
//! with their reason. A new option that the sampler forgets fails here, so the soak keeps covering every option.
use std::collections::{BTreeMap, BTreeSet};

use plunder_core::{Narrate, Rng, Roster};
use plunder_games::{game_ids, with_game, GameVisitor};

/// Options the sampler leaves at their default, by game, with the reason.
const NOT_SAMPLED: &[(&str, &str, &str)] = &[
    ("scallywager", "treasure_deck", "a designer's file; the built-in deck is what soak checks"),
    ("scallywager", "adventure_deck", "a designer's file"),
    ("pirates-flag", "board", "a designer's file"),
    ("pirates-flag", "deck", "a designer's file"),
    ("pirates-flag", "captain_cards", "a designer's file"),
    ("pirate-haven", "tiles", "a designer's file"),
    ("pirate-haven", "island", "a designer's file"),
    ("pirate-haven", "coup", "a designer's file"),
    ("lying-pirates", "cards", "a designer's file"),
];

const DRAWS: u64 = 200;

struct Draws;

impl GameVisitor for Draws {
    type Output = Result<(), String>;

    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let facts = G::new(G::Options::default()).map_err(|e| e.to_string())?.facts();
        for players in facts.min_players..=facts.max_players {
            let mut values: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
            for draw in 0..DRAWS {
                let options = G::sample_options(players, &mut Rng::stream(7, draw));
                let json = serde_json::to_value(&options).map_err(|e| e.to_string())?;
                let game =
                    G::new(options).map_err(|e| format!("{players} players, draw {draw}: {json} is refused: {e}"))?;
                if game.seats() != players {
                    return Err(format!("{players} players, draw {draw}: {json} seats {}", game.seats()));
                }
                for (key, value) in json.as_object().into_iter().flatten() {
                    values.entry(key.clone()).or_default().insert(value.to_string());
                }
            }
            for (key, seen) in &values {
                let listed = NOT_SAMPLED.iter().any(|&(game, k, _)| game == G::ID && k == key);
                if key == "players" || listed {
                    continue;
                }
                if seen.len() < 2 {
                    return Err(format!("{players} players: option `{key}` is always {seen:?} in {DRAWS} draws"));
                }
            }
        }
        Ok(())
    }
}

#[test]
fn every_game_draws_valid_options_that_vary_every_setting() {
    for (game, key, _) in NOT_SAMPLED {
        assert!(game_ids().contains(game), "{game} is not a game");
        let _ = key;
    }
    for id in game_ids() {
        if let Err(e) = with_game(id, Draws).unwrap() {
            panic!("{id}: {e}");
        }
    }
}
