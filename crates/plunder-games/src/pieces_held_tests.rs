//! `Game::pieces_held` read from the true state must agree, seat by seat and at every step, with what the
//! seat's own view shows of its hand, table and captain: the simulator's record of "who held what" is then the
//! seats' own knowledge, taken at every step.

use std::collections::BTreeSet;

use plunder_core::{play_game_watched, Bot, Game, RandomBot, Rng, Seat, Viewer};

use crate::lying_pirates::{self, LyingPirates, Setup};
use crate::pirate_haven::PirateHaven;
use crate::pirates_flag::PiratesFlag;
use crate::scallywager::{Deck, Scallywager};

type Names = BTreeSet<(String, String)>;

fn held<G: Game>(game: &G, state: &G::State, seat: Seat) -> Names {
    let mut out = Vec::new();
    game.pieces_held(state, seat, &mut out);
    out.iter().map(|p| (p.kind.to_string(), p.name.to_string())).collect()
}

fn name(kind: &str, name: &str) -> (String, String) {
    (kind.to_string(), name.to_string())
}

/// Plays `games` random games of `game` and calls `check(state)` at every position; returns how many positions
/// had a piece held by someone (so a test knows it checked something).
fn every_position<G: Game>(game: &G, games: u64, mut check: impl FnMut(&G::State)) -> usize {
    let mut holding = 0;
    for index in 0..games {
        let mut bots: Vec<Box<dyn Bot<G>>> =
            (0..game.seats()).map(|s| Box::new(RandomBot::new(index * 8 + s as u64)) as Box<dyn Bot<G>>).collect();
        let mut rng = Rng::stream(11, index);
        play_game_watched(game, &mut bots, &mut rng, 1_000_000, |state| {
            check(state);
            holding += usize::from(Seat::all(game.seats()).any(|seat| !held(game, state, seat).is_empty()));
        })
        .unwrap();
    }
    holding
}

#[test]
fn scallywager_captains_hold_the_cards_their_views_show() {
    let game = Scallywager::new(Default::default()).unwrap();
    let mut adventure_seen = false;
    let holding = every_position(&game, 6, |state| {
        for seat in Seat::all(game.seats()) {
            let view = game.view(state, Viewer::Seat(seat));
            let card = |deck, kind: u8| game.card(deck, kind).unwrap().name.clone();
            let mut shown: Names = view.treasure[seat.index()]
                .iter()
                .filter(|h| h.count > 0)
                .map(|h| name("Treasure", &card(Deck::Treasure, h.card)))
                .collect();
            let own_revealed = view.revealed.iter().filter(|r| r.seat == seat).map(|r| r.card);
            for kind in view.my_adventure.iter().map(|h| h.card).chain(own_revealed) {
                shown.insert(name("Adventure", &card(Deck::Adventure, kind)));
                adventure_seen = true;
            }
            assert_eq!(held(&game, state, seat), shown, "{seat}");
        }
    });
    assert!(holding > 100 && adventure_seen, "{holding} {adventure_seen}");
}

#[test]
fn pirates_flag_players_hold_their_captain_and_hand() {
    let game = PiratesFlag::new(Default::default()).unwrap();
    let holding = every_position(&game, 4, |state| {
        for seat in Seat::all(game.seats()) {
            let view = game.view(state, Viewer::Seat(seat));
            let held = held(&game, state, seat);
            let mut shown: Names =
                view.my_hand.iter().map(|&k| name("card", &game.deck.entries[k as usize].name)).collect();
            // While the captains are dealt, a seat holds no captain until it is dealt its own (the view lists
            // only those dealt).
            if let Some(&captain) = view.captains.get(seat.index()) {
                shown.insert(name("captain", &game.captains.entries[captain as usize].name));
            }
            assert_eq!(held, shown, "{seat}");
        }
    });
    assert!(holding > 100, "{holding}");
}

#[test]
fn lying_pirates_captains_hold_their_hand_and_setup_tiles() {
    let mut tiles_seen = false;
    for setup in [Setup::FirstGame, Setup::Placement] {
        let options = lying_pirates::Options { setup, ..Default::default() };
        let game = LyingPirates::new(options).unwrap();
        let holding = every_position(&game, 2, |state| {
            for seat in Seat::all(game.seats()) {
                let view = game.view(state, Viewer::Seat(seat));
                let mut shown: Names =
                    view.hand.iter().map(|&k| name("card", &game.content.cards[k as usize].name)).collect();
                for &t in &view.my_tiles {
                    shown.insert(name("tile", &game.content.tiles[t as usize].name));
                    tiles_seen = true;
                }
                assert_eq!(held(&game, state, seat), shown, "{seat}");
            }
        });
        assert!(holding > 10, "{holding}");
    }
    assert!(tiles_seen, "the dealt setup holds tiles");
}

#[test]
fn lying_pirates_captains_hold_their_captain_coaster_all_game() {
    let ids = lying_pirates::captain_ids().unwrap();
    let captains: Vec<String> = ids.iter().rev().take(4).cloned().collect();
    let options = lying_pirates::Options { captains: captains.clone(), ..Default::default() };
    let game = LyingPirates::new(options).unwrap();
    let holding = every_position(&game, 1, |state| {
        for seat in Seat::all(game.seats()) {
            let mine: Vec<_> = held(&game, state, seat).into_iter().filter(|(kind, _)| kind == "captain").collect();
            assert_eq!(mine, vec![("captain".to_string(), captains[seat.index()].clone())], "{seat}");
        }
    });
    assert!(holding > 10, "{holding}");
}

#[test]
fn pirate_haven_players_hold_the_tiles_of_their_islands() {
    let game = PirateHaven::new(Default::default()).unwrap();
    let mut last: Vec<Names> = vec![Names::new(); game.seats()];
    every_position(&game, 1, |state| {
        for (seat, last) in Seat::all(game.seats()).zip(&mut last) {
            let now = held(&game, state, seat);
            // Tiles stay on an island: what a player held it still holds.
            assert!(now.is_superset(last), "{seat}");
            let tavern = game.tile_name(game.content().tavern);
            assert!(now.iter().all(|(kind, name)| kind == "tile" && name != tavern), "{now:?}");
            *last = now;
        }
    });
    assert!(last.iter().any(|names| !names.is_empty()), "islands gain tiles: {last:?}");
}
