//! Information-state keys in real games: liar's dice, where the secret is the other cup; Loot Pirates, for a long
//! game.

use plunder_core::{Bot, ChanceMode, Game, InfoStates, RandomBot, Seat, Session, Status, Step, Turn, Viewer};
use plunder_games::liars_dice::{Action, LiarsDice, Options, Roll};

/// Two players with one die each: P1 rolls `mine`, P2 rolls `theirs`, then `actions` alternate from P1.
fn game(mine: u8, theirs: u8, actions: &[Action]) -> Session<LiarsDice> {
    let mut session = Session::new(LiarsDice::new(Options::default()).unwrap(), 0, ChanceMode::Scripted);
    session.supply_chance(Roll { seat: Seat(0), face: mine }).unwrap();
    session.supply_chance(Roll { seat: Seat(1), face: theirs }).unwrap();
    for (i, action) in actions.iter().enumerate() {
        session.play(Seat(i as u8 % 2), *action).unwrap();
    }
    session
}

const BID: Action = Action::Bid { quantity: 1, face: 3 };

#[test]
fn the_other_cup_is_no_information_until_the_showdown() {
    let (a, b) = (game(3, 5, &[BID]), game(3, 2, &[BID]));
    assert_eq!(a.information_state(Seat(0)), b.information_state(Seat(0)), "P1 has not seen P2's die");
    assert_ne!(a.information_state(Seat(1)), b.information_state(Seat(1)), "P2 has seen its own die");
    let (a, b) = (game(3, 5, &[BID, Action::Liar]), game(3, 2, &[BID, Action::Liar]));
    assert_ne!(a.information_state(Seat(0)), b.information_state(Seat(0)), "the showdown shows P2's die");
}

#[test]
fn own_dice_and_own_actions_are_information() {
    let base = game(3, 5, &[BID]);
    assert_ne!(base.information_state(Seat(0)), game(4, 5, &[BID]).information_state(Seat(0)), "P1's own die");
    let other_bid = Action::Bid { quantity: 1, face: 4 };
    assert_ne!(base.information_state(Seat(0)), game(3, 5, &[other_bid]).information_state(Seat(0)), "P1's bid");
}

#[test]
fn information_states_are_the_same_on_replay() {
    let session = game(3, 5, &[BID, Action::Bid { quantity: 1, face: 6 }, Action::Liar]);
    let replayed = Session::<LiarsDice>::replay(&session.record()).unwrap();
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(replayed.information_state(seat), session.information_state(seat));
    }
    assert_ne!(session.information_state(Seat(0)), session.information_state(Seat(1)), "two seats, two histories");
}

#[test]
fn the_dynamic_face_gives_the_same_keys_and_the_facts() {
    let typed = game(3, 5, &[BID]);
    let mut dynamic = plunder_games::new_session("liars-dice", None, &serde_json::Value::Null, 0, ChanceMode::Scripted)
        .expect("liar's dice starts");
    for roll in [serde_json::json!({"seat": 0, "face": 3}), serde_json::json!({"seat": 1, "face": 5})] {
        dynamic.supply_chance(&roll).unwrap();
    }
    dynamic.play(Seat(0), &serde_json::to_value(BID).unwrap()).unwrap();
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(dynamic.information_state(seat), Ok(typed.information_state(seat)));
    }
    assert!(dynamic.information_state(Seat(2)).is_err(), "a two-seat table has no third seat");
    assert_eq!(dynamic.facts(), typed.game().facts());
}

/// Every seat's information-state keys rebuilt from the start through `session`'s steps.
fn rebuilt_keys<G: Game>(session: &Session<G>) -> Vec<u64> {
    let game = session.game();
    let mut state = game.initial_state();
    let mut info = InfoStates::new(game, &state);
    for step in session.steps() {
        match step {
            Step::Action(seat, action) => {
                game.apply_unchecked(&mut state, *seat, action);
                info.after_action(game, &state, *seat, action);
            }
            Step::Chance(outcome) => {
                game.apply_chance_unchecked(&mut state, outcome);
                info.after_chance(game, &state);
            }
        }
    }
    Seat::all(game.seats()).map(|seat| info.key(seat)).collect()
}

fn keys<G: Game>(session: &Session<G>) -> Vec<u64> {
    Seat::all(session.game().seats()).map(|seat| session.information_state(seat)).collect()
}

#[test]
fn information_states_go_on_from_the_last_request_and_equal_a_rebuild() {
    use plunder_games::loot_pirates::{LootPirates, Options};
    let options = Options { booty: Some(1000), max_rounds: 25, ..Options::for_players(4) };
    let mut session = Session::new(LootPirates::new(options).unwrap(), 4, ChanceMode::Sampled);
    let mut bot = RandomBot::new(4);
    assert_eq!(session.information_steps_applied(), 0, "nothing is computed before it is asked for");
    let mut asked = 0;
    while let Status::Decide(seats) = session.status() {
        let seat = seats.lowest().unwrap();
        let (legal, view) = (session.legal_actions(seat), session.view(Viewer::Seat(seat)));
        let action = bot.act(&Turn::new(session.game(), session.state(), seat, &view, &legal));
        session.play(seat, action).unwrap();
        // Asked now and then, and twice each time: always the rebuilt keys.
        if session.steps().len() % 40 < 2 {
            assert_eq!(keys(&session), rebuilt_keys(&session), "after {} steps", session.steps().len());
            assert_eq!(keys(&session), rebuilt_keys(&session));
            asked += 1;
            if asked == 10 {
                // A copy goes on from where its original got to: only the steps played since are gone through.
                let mut copy = session.clone();
                assert_eq!(keys(&copy), keys(&session));
                assert_eq!(copy.information_steps_applied(), 0, "the copy went through no step again");
                if let Status::Decide(seats) = copy.status() {
                    let seat = seats.lowest().unwrap();
                    let action = copy.legal_actions(seat)[0];
                    copy.play(seat, action).unwrap();
                    assert_eq!(keys(&copy), rebuilt_keys(&copy));
                    assert_eq!(copy.information_steps_applied(), 1);
                }
            }
        }
    }
    assert!(session.steps().len() > 500 && asked > 20, "a long game: {} steps", session.steps().len());
    assert_eq!(keys(&session), rebuilt_keys(&session));
    let all = session.information_states();
    assert_eq!(Seat::all(4).map(|seat| all.key(seat)).collect::<Vec<_>>(), rebuilt_keys(&session));
    // Each step was gone through once, however often the keys were asked for.
    assert_eq!(session.information_steps_applied(), session.steps().len() as u64);
    // A replay starts afresh and agrees.
    let replayed = Session::<LootPirates>::replay(&session.record()).unwrap();
    assert_eq!(keys(&replayed), keys(&session));
    assert_eq!(keys(&session.clone()), keys(&session));
}

/// Distinct information states at the decision nodes of a one-round liar's dice game's full tree, counted by
/// perfect-recall key and by information-state tensor: `(keys, tensors)`.
fn decision_information_states(options: Options) -> (usize, usize) {
    use plunder_core::encoding::{tensor_len, write_tensor};
    let game = LiarsDice::new(options).unwrap();
    let len = tensor_len(&game, plunder_core::TensorKind::InformationState);
    let (mut keys, mut tensors) = (std::collections::HashSet::new(), std::collections::HashSet::new());
    let start = game.initial_state();
    let mut stack = vec![(InfoStates::new(&game, &start), start)];
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    while let Some((info, state)) = stack.pop() {
        match game.status(&state) {
            Status::Over => {}
            Status::Chance => {
                outcomes.clear();
                game.chance_outcomes(&state, &mut outcomes);
                for (roll, _) in &outcomes {
                    let (mut info, mut child) = (info.clone(), state.clone());
                    game.apply_chance_unchecked(&mut child, roll);
                    info.after_chance(&game, &child);
                    stack.push((info, child));
                }
            }
            Status::Decide(seats) => {
                let seat = seats.lowest().unwrap();
                keys.insert((seat, info.key(seat)));
                let mut tensor = vec![0.0f32; len];
                write_tensor(&game, &state, seat, plunder_core::TensorKind::InformationState, &mut tensor);
                tensors.insert(tensor.iter().map(|x| x.to_bits()).collect::<Vec<_>>());
                legal.clear();
                game.legal_actions(&state, seat, &mut legal);
                for action in &legal {
                    let (mut info, mut child) = (info.clone(), state.clone());
                    game.apply_unchecked(&mut child, seat, action);
                    info.after_action(&game, &child, seat, action);
                    stack.push((info, child));
                }
            }
        }
    }
    (keys.len(), tensors.len())
}

#[test]
fn roll_order_is_no_information() {
    // OpenSpiel's liars_dice with numdice=2, dice_sides=2 has 768 information states: 3 cups a seat can hold
    // ({1,1}, {1,2}, {2,2}) times the 256 rising bid sequences of 8 bids. Rolling 2 then 1 or 1 then 2 is the
    // same cup, so neither the key nor the tensor may tell them apart (in roll order they were 4 x 256 = 1,024).
    let options = Options { dice: plunder_games::liars_dice::DiceCount::Same(2), faces: 2, ..Options::default() };
    assert_eq!(decision_information_states(options), (768, 768));
    // With one die each, OpenSpiel's default game: 6 faces x 4,096 sequences of 12 bids.
    assert_eq!(decision_information_states(Options::default()), (24_576, 24_576));
}

#[test]
fn a_resampled_world_keeps_the_seats_information_state_and_redraws_the_other_cup() {
    let session = game(3, 5, &[BID]);
    let mut rng = plunder_core::Rng::seeded(9);
    let mut other_dice = std::collections::BTreeSet::new();
    for _ in 0..30 {
        let drawn = session.resampled(Seat(1), &mut rng);
        assert_eq!(drawn.information_state(Seat(1)), session.information_state(Seat(1)), "P2's own key is kept");
        assert_eq!(drawn.view(Viewer::Seat(Seat(1))), session.view(Viewer::Seat(Seat(1))));
        assert!(drawn.steps().is_empty(), "a drawn world has no known past");
        other_dice.insert(drawn.view(Viewer::Seat(Seat(0))).my_dice.clone());
        // Play goes on in the drawn world, and the keys follow it.
        let mut next = drawn.clone();
        next.play(Seat(1), Action::Liar).unwrap();
        assert_ne!(next.information_state(Seat(1)), drawn.information_state(Seat(1)));
    }
    assert!(other_dice.len() > 1, "P1's die is redrawn: {other_dice:?}");
}
