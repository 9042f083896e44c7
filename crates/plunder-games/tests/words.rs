//! A game that declares its actions' words free of the view (`Narrate::words_read_view` is `false`: the server
//! then writes each action's menu entry once a game) gives every action the same label, steps and head place in
//! every position of random games, and its label in a view is its label outside one.

use std::collections::HashMap;

use plunder_core::conformance::each_decision;
use plunder_core::{options_from_json, Narrate, Roster, Status, Viewer};
use plunder_games::{games, with_game, GameVisitor};
use serde_json::Value;

const SEEDS: u64 = 6;

/// An action's words as a menu shows them: its label, its steps and whether it heads the menu.
type Words = (String, Vec<String>, bool);

struct Check;

impl GameVisitor for Check {
    /// Whether the game declares its words free of the view, and the actions whose words were seen to change.
    type Output = (bool, Vec<String>);
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let game = G::new(options_from_json::<G>(None, &Value::Null).unwrap()).unwrap();
        if game.words_read_view() {
            return (false, Vec::new());
        }
        let mut seen: HashMap<String, Words> = HashMap::new();
        let mut changed = Vec::new();
        for seed in 0..SEEDS {
            let choose = |legal: &[G::Action], rng: &mut plunder_core::Rng| legal[rng.index(legal.len())].clone();
            each_decision(&game, seed, 100_000, choose, |state| {
                let Status::Decide(seats) = game.status(state) else { return };
                let seat = seats.lowest().unwrap();
                let view = game.view(state, Viewer::Seat(seat));
                let mut legal = Vec::new();
                game.legal_actions(state, seat, &mut legal);
                for action in &legal {
                    let label = game.label_in_view(&view, action);
                    let words = (label.clone(), game.choice_steps(&view, action), game.always_shown(&view, action));
                    let key = serde_json::to_string(action).unwrap();
                    if label != game.label(action) || seen.get(&key).is_some_and(|before| *before != words) {
                        changed.push(format!("{key}: {words:?}, before {:?}", seen.get(&key)));
                    }
                    seen.insert(key, words);
                }
            });
        }
        (true, changed)
    }
}

#[test]
fn words_declared_free_of_the_view_never_change_with_it() {
    let mut declared = Vec::new();
    for info in games() {
        let (free, changed) = with_game(info.id, Check).unwrap();
        assert!(changed.is_empty(), "{}: words changed with the view: {:?}", info.id, &changed[..changed.len().min(5)]);
        if free {
            declared.push(info.id);
        }
    }
    // The bidding games declare it (their menus are the long ones): the check above looked at something.
    assert!(declared.contains(&"liars-dice") && declared.contains(&"scallywager"), "declared: {declared:?}");
}
