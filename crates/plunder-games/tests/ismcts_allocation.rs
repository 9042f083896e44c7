//! ISMCTS allocates nothing per simulation once its buffers have grown: a counting allocator watches searches
//! of liar's dice (whose game overrides `determinize_into` and `payoffs_into`). Its own test binary, because
//! the allocator is global.
mod counting_alloc;

use plunder_core::ismcts::{Ismcts, Settings};
use plunder_core::{Game, Rng, Seat, Status, Turn, Viewer};
use plunder_games::liars_dice::{Action, LiarsDice, Options};

/// Allocations of one search of `iterations` simulations from `turn`, with `searcher`'s buffers as they are.
fn allocations_of_search(searcher: &mut Ismcts<LiarsDice>, turn: &Turn<'_, LiarsDice>) -> u64 {
    let before = counting_alloc::allocations();
    let stats = searcher.search(turn);
    let after = counting_alloc::allocations();
    assert_eq!(stats.actions.len(), turn.legal.len());
    drop(stats);
    after - before
}

#[test]
fn a_search_allocates_the_same_for_a_hundred_simulations_as_for_ten_thousand() {
    for dice in [1u8, 3] {
        let game =
            LiarsDice::new(Options { dice: plunder_games::liars_dice::DiceCount::Same(dice), ..Options::default() })
                .unwrap();
        let mut state = game.initial_state();
        let mut rng = Rng::seeded(3);
        while game.status(&state) == Status::Chance {
            let roll = game.sample_chance(&state, &mut rng);
            game.apply_chance_unchecked(&mut state, &roll);
        }
        // A bid stands, so the bid log is not empty and a copy of it would allocate.
        let mut legal = Vec::new();
        game.legal_actions(&state, Seat(0), &mut legal);
        let bid = legal.into_iter().find(|a| matches!(a, Action::Bid { .. })).expect("an opening bid");
        game.apply_unchecked(&mut state, Seat(0), &bid);
        let seat = Seat(1);
        let view = game.view(&state, Viewer::Seat(seat));
        let mut legal = Vec::new();
        game.legal_actions(&state, seat, &mut legal);
        let turn = Turn::new(&game, &state, seat, &view, &legal);

        let mut big = Ismcts::<LiarsDice>::new(Settings { iterations: 10_000, ..Settings::default() }, 1);
        allocations_of_search(&mut big, &turn); // warm-up: the arenas and the state's buffers grow here
        let many = allocations_of_search(&mut big, &turn);
        let mut small = Ismcts::<LiarsDice>::new(Settings { iterations: 100, ..Settings::default() }, 1);
        allocations_of_search(&mut small, &turn);
        let few = allocations_of_search(&mut small, &turn);
        assert!(many <= few, "{dice} dice: {many} allocations for 10,000 simulations, {few} for 100");
        assert!(many < 10, "{dice} dice: a search allocates only its result ({many})");
    }
}
