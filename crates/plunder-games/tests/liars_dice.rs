//! Liar's dice: conformance, OpenSpiel's game-tree counts, rules with scripted dice, bot strength.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};

use plunder_core::{conformance, play_game, Bot, ChanceMode, Game, Rng, Seat, SeatSet, Session, Status, Viewer};
use plunder_games::bidding::{RaiseRule, Wild};
use plunder_games::liars_dice::{Action, DiceCount, Length, LiarsDice, Options, Roll};
use proptest::prelude::*;

fn game(options: Options) -> LiarsDice {
    LiarsDice::new(options).expect("valid options")
}

fn scripted(options: Options, dice: &[&[u8]]) -> Session<LiarsDice> {
    let mut s = Session::new(game(options), 0, ChanceMode::Scripted);
    for (seat, cup) in dice.iter().enumerate() {
        for &face in *cup {
            s.supply_chance(Roll { seat: Seat(seat as u8), face }).unwrap();
        }
    }
    s
}

fn bid(q: u8, f: u8) -> Action {
    Action::Bid { quantity: q, face: f }
}

// ---- Conformance. ----

#[test]
fn conformance_openspiel_default() {
    conformance::check(&game(Options::default()));
}

#[test]
fn conformance_variants() {
    let config = conformance::Config { games: 15, determinize_every: 2, ..Default::default() };
    conformance::check_with(&game(Options::dudo(3)), config);
    let mut odd = Options::for_players(2);
    odd.dice = DiceCount::PerSeat(vec![3, 1]);
    odd.faces = 4;
    odd.raise = RaiseRule::FaceMajor;
    odd.wild = Wild::None;
    odd.exact = true;
    conformance::check_with(&game(odd), config);
    let mut four = Options::for_players(4);
    four.dice = DiceCount::Same(2);
    four.exact = true;
    conformance::check_with(&game(four), config);
}

// ---- OpenSpiel's tree. ----

fn hash_of(value: &serde_json::Value) -> u64 {
    let mut h = DefaultHasher::new();
    value.to_string().hash(&mut h);
    h.finish()
}

#[test]
fn openspiel_default_tree_has_the_same_size() {
    // OpenSpiel's liars_dice (2 players, 1 die each, 6 faces, highest wild, liar only): 147,456 decision
    // nodes, 147,420 terminal nodes, 24,576 information states. An information state is the acting seat's view.
    let g = game(Options::default());
    let (mut decisions, mut terminals) = (0u64, 0u64);
    let mut infostates = HashSet::new();
    let mut stack = vec![g.initial_state()];
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    while let Some(state) = stack.pop() {
        match g.status(&state) {
            Status::Over => terminals += 1,
            Status::Chance => {
                outcomes.clear();
                g.chance_outcomes(&state, &mut outcomes);
                for (roll, _) in &outcomes {
                    let mut child = state.clone();
                    g.apply_chance_unchecked(&mut child, roll);
                    stack.push(child);
                }
            }
            Status::Decide(seats) => {
                decisions += 1;
                let seat = seats.lowest().unwrap();
                let view = serde_json::to_value(g.view(&state, Viewer::Seat(seat))).unwrap();
                infostates.insert((seat, hash_of(&view)));
                actions.clear();
                g.legal_actions(&state, seat, &mut actions);
                for action in &actions {
                    let mut child = state.clone();
                    g.apply_unchecked(&mut child, seat, action);
                    stack.push(child);
                }
            }
        }
    }
    assert_eq!(decisions, 147_456);
    assert_eq!(terminals, 147_420);
    assert_eq!(infostates.len(), 24_576);
}

// ---- Rules with scripted dice. ----

#[test]
fn liar_right_and_wrong_with_the_highest_face_wild() {
    // P1 holds 6 (wild), P2 holds 3. "2 × 3" is true (the 3 and the wild 6).
    let mut s = scripted(Options::default(), &[&[6], &[3]]);
    s.play(Seat(0), bid(2, 3)).unwrap();
    s.play(Seat(1), Action::Liar).unwrap();
    let outcome = s.outcome().unwrap();
    assert_eq!(outcome.winners, SeatSet::only(Seat(0)), "the bid held: the caller loses");
    assert_eq!(outcome.payoffs, vec![1.0, -1.0]);
    let mut s = scripted(Options::default(), &[&[6], &[3]]);
    s.play(Seat(0), bid(2, 4)).unwrap();
    s.play(Seat(1), Action::Liar).unwrap();
    assert_eq!(s.outcome().unwrap().payoffs, vec![-1.0, 1.0], "only one die counts for 4s");
    let shown = s.view(Viewer::Spectator).last_showdown.unwrap();
    assert_eq!(shown.dice, vec![vec![6], vec![3]]);
    assert_eq!(shown.showdown.counted, 1);
}

#[test]
fn bids_must_raise_and_stay_within_the_dice() {
    let mut options = Options::dudo(2);
    options.length = Length::OneRound;
    let mut s = scripted(options, &[&[1, 2, 3, 4, 5], &[1, 1, 2, 2, 6]]);
    assert_eq!(s.play(Seat(0), Action::Liar).unwrap_err().code(), "illegal_action", "no bid to call yet");
    // Each refusal says which rule it is (the server cites the rule from these words).
    assert_eq!(
        s.play(Seat(0), bid(3, 1)).unwrap_err().to_string(),
        "illegal action: nobody may bid on 1s, the wild face"
    );
    assert_eq!(s.play(Seat(0), bid(3, 7)).unwrap_err().to_string(), "illegal action: a die's faces are 1 to 6");
    assert_eq!(s.play(Seat(0), bid(0, 3)).unwrap_err().to_string(), "illegal action: a bid needs at least one die");
    assert_eq!(s.play(Seat(0), bid(11, 5)).unwrap_err().to_string(), "illegal action: there are only 10 dice");
    s.play(Seat(0), bid(3, 4)).unwrap();
    for bad in [bid(3, 4), bid(3, 2), bid(2, 6)] {
        assert_eq!(s.play(Seat(1), bad).unwrap_err().code(), "illegal_action", "{bad}");
    }
    assert_eq!(s.play(Seat(0), bid(4, 4)).unwrap_err().code(), "not_to_act");
    s.play(Seat(1), bid(3, 5)).unwrap();
    s.play(Seat(0), bid(4, 2)).unwrap();
    // Twos: P1 has 1, P2 has 2, ones wild: P1 one, P2 two: 6 in all. "Exactly 4 × 2" is wrong; "liar" is wrong.
    s.play(Seat(1), Action::Exact).unwrap();
    let r = s.view(Viewer::Spectator).last_showdown.unwrap();
    assert_eq!(r.showdown.counted, 6);
    assert!(!r.showdown.caller_right);
    assert_eq!(s.outcome().unwrap().winners, SeatSet::only(Seat(0)));
}

#[test]
fn to_the_last_die_the_loser_loses_a_die_and_opens() {
    let mut s = scripted(Options::dudo(3), &[&[2, 2, 2, 2, 2], &[3, 3, 3, 3, 3], &[4, 4, 4, 4, 4]]);
    s.play(Seat(0), bid(6, 2)).unwrap();
    s.play(Seat(1), bid(6, 3)).unwrap();
    s.play(Seat(2), Action::Liar).unwrap();
    // Five 3s: the bid was false: P2 loses a die and opens the next round.
    let view = s.view(Viewer::Spectator);
    assert_eq!(view.dice_counts, vec![5, 4, 5]);
    assert_eq!(view.round, 2);
    for (seat, n) in [(0u8, 5), (1, 4), (2, 5)] {
        for _ in 0..n {
            s.supply_chance(Roll { seat: Seat(seat), face: 6 }).unwrap();
        }
    }
    assert_eq!(s.status(), Status::Decide(SeatSet::only(Seat(1))));
    // A right exact call wins a die back, up to the starting five.
    s.play(Seat(1), bid(14, 6)).unwrap();
    s.play(Seat(2), Action::Exact).unwrap();
    assert_eq!(s.view(Viewer::Spectator).dice_counts, vec![5, 4, 5], "P3 already has five");
    assert_eq!(s.view(Viewer::Spectator).last_showdown.unwrap().showdown.gainer, Some(Seat(2)));
}

#[test]
fn the_last_player_with_dice_wins() {
    let mut options = Options::for_players(3);
    options.length = Length::ToLastDie;
    let mut s = scripted(options, &[&[1], &[2], &[3]]);
    s.play(Seat(0), bid(3, 4)).unwrap();
    s.play(Seat(1), Action::Liar).unwrap();
    // P1 is out; P2 (the next seat after the loser) opens; P1 no longer rolls.
    s.supply_chance(Roll { seat: Seat(1), face: 5 }).unwrap();
    assert_eq!(s.play(Seat(0), bid(1, 5)).unwrap_err().code(), "awaiting_chance");
    s.supply_chance(Roll { seat: Seat(2), face: 5 }).unwrap();
    assert_eq!(s.status(), Status::Decide(SeatSet::only(Seat(1))));
    s.play(Seat(1), bid(2, 5)).unwrap();
    s.play(Seat(2), Action::Liar).unwrap();
    assert_eq!(s.outcome().unwrap().winners, SeatSet::only(Seat(1)));
    assert_eq!(s.outcome().unwrap().payoffs, vec![0.0, 1.0, 0.0]);
}

#[test]
fn views_hide_other_cups_until_the_showdown() {
    let mut s = scripted(Options::dudo(2), &[&[2, 3, 4, 5, 6], &[6, 6, 6, 6, 6]]);
    assert_eq!(s.view(Viewer::Seat(Seat(0))).my_dice, vec![2, 3, 4, 5, 6]);
    let p1 = serde_json::to_string(&s.view(Viewer::Seat(Seat(0)))).unwrap();
    assert!(!p1.contains("[6,6,6,6,6]"), "P1 cannot see P2's cup: {p1}");
    s.play(Seat(0), bid(2, 6)).unwrap();
    s.play(Seat(1), Action::Liar).unwrap();
    let p1 = serde_json::to_string(&s.view(Viewer::Seat(Seat(0)))).unwrap();
    assert!(p1.contains("[6,6,6,6,6]"), "the showdown reveals it: {p1}");
}

// ---- Properties. ----

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn dice_change_only_as_calls_say_and_games_end(players in 2u8..=6, dice in 1u8..=5, seed in any::<u64>(), exact in any::<bool>()) {
        let mut options = Options::dudo(players);
        options.dice = DiceCount::Same(dice);
        options.exact = exact;
        let mut s = Session::new(game(options), seed, ChanceMode::Sampled);
        let mut rng = Rng::seeded(seed);
        let mut total: i64 = players as i64 * dice as i64;
        let mut steps = 0;
        while let Status::Decide(seats) = s.status() {
            let seat = seats.lowest().unwrap();
            let legal = s.legal_actions(seat);
            let before_round = s.view(Viewer::Spectator).round;
            s.play(seat, legal[rng.index(legal.len())]).unwrap();
            let view = s.view(Viewer::Spectator);
            let now: i64 = view.dice_counts.iter().map(|&c| c as i64).sum();
            if view.round != before_round || s.status() == Status::Over {
                let shown = view.last_showdown.unwrap().showdown;
                let expected = total - i64::from(shown.loser.is_some()) + i64::from(now > total - i64::from(shown.loser.is_some()));
                prop_assert!(now == expected && (total - now).abs() <= 1);
                if shown.gainer.is_none() { prop_assert_eq!(now, total - 1); }
            } else {
                prop_assert_eq!(now, total);
            }
            total = now;
            steps += 1;
            prop_assert!(steps < 200_000);
        }
        prop_assert_eq!(s.status(), Status::Over);
    }
}

// ---- Bots. ----

/// Win rate of bot `a` against bot `b` in two-player games, each bot taking each seat half the time.
fn win_rate(options: &Options, a: &str, b: &str, games: u64) -> f64 {
    let g = game(options.clone());
    let mut wins = 0.0;
    for i in 0..games {
        let a_seat = (i % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<LiarsDice>>> = (0..2)
            .map(|seat| {
                plunder_core::make_bot::<LiarsDice>(if seat == a_seat { a } else { b }, i * 7 + seat as u64).unwrap()
            })
            .collect();
        let finished = play_game(&g, &mut bots, &mut Rng::stream(99, i), 1_000_000).unwrap();
        if finished.outcome.winners.contains(Seat(a_seat as u8)) {
            wins += 1.0 / finished.outcome.winners.len() as f64;
        }
    }
    wins / games as f64
}

#[test]
fn the_odds_bot_beats_random_and_naive_bots_by_far() {
    let dudo = Options::dudo(2);
    let one_die = Options::default();
    for (options, label) in [(&dudo, "dudo"), (&one_die, "openspiel")] {
        let vs_random = win_rate(options, "odds", "random", 400);
        let vs_raise = win_rate(options, "odds", "raise", 400);
        assert!(vs_random > 0.7, "{label}: odds beats random only {vs_random}");
        assert!(vs_raise > 0.6, "{label}: odds beats raise-by-one only {vs_raise}");
    }
}

#[test]
fn a_bad_option_is_named_and_said_in_words() {
    let refused = |options: serde_json::Value| {
        plunder_core::options_from_json::<LiarsDice>(None, &options).expect_err("refused").to_string()
    };
    let message = refused(serde_json::json!({"dice": 2, "faces": 1000}));
    assert!(message.contains("option faces:") && message.contains("a whole number from 0 to 255"), "{message}");
    let message = refused(serde_json::json!({"dice": "five"}));
    assert!(message.contains("option dice: dice per player: a number from 1 to 10"), "{message}");
    assert!(!message.contains("untagged"), "{message}");
    let message = refused(serde_json::json!({"wild": "twos"}));
    assert!(message.contains("option wild:") && message.contains("`none`, `ones`, `highest`"), "{message}");
}

#[test]
fn an_action_that_is_not_an_object_with_a_type_is_said_to_be_one() {
    let mut session =
        plunder_games::new_session("liars-dice", None, &serde_json::Value::Null, 1, ChanceMode::Sampled).unwrap();
    while session.status() == Status::Chance {
        session.sample_chance().unwrap();
    }
    let said = [
        (serde_json::json!(3), "an action is a JSON object with a \"type\""),
        (serde_json::json!({"kind": "bid"}), "missing field `type`"),
    ];
    for (action, says) in said {
        let error = session.play(Seat(0), &action).expect_err("malformed");
        assert_eq!(error.code(), "malformed");
        assert!(error.to_string().contains(says), "{error}");
    }
}

/// The words say why: the next round's opener lost the last call; in a one-round game of three, the winners won
/// because the third player lost the call.
#[test]
fn the_opener_and_the_winners_are_told_with_their_cause() {
    let words = |session: &Session<LiarsDice>| -> Vec<String> {
        session.told_since(0, Viewer::Spectator).map(|e| plunder_core::Narrate::tell(session.game(), e)).collect()
    };
    let mut s = scripted(
        Options { players: 2, dice: DiceCount::Same(2), length: Length::ToLastDie, ..Options::default() },
        &[&[2, 3], &[4, 5]],
    );
    s.play(Seat(0), Action::bid(plunder_games::bidding::Bid { quantity: 3, face: 2 })).unwrap();
    s.play(Seat(1), Action::Liar).unwrap();
    let told = words(&s);
    assert!(told.iter().any(|l| l == "P1 loses the call and a die: 1 die left."), "{told:?}");
    // The wild 6s count with the 2s: the call says so (a trial counted only the face bid).
    let call = told.iter().find(|l| l.starts_with("P2 calls liar")).unwrap();
    assert!(call.ends_with("1 die counts for 2 (wild 6s count as 2s): the caller is right."), "{call}");
    assert!(told.iter().any(|l| l == "Round 2 begins: P1 bids first, having lost the last call."), "{told:?}");

    let mut s = scripted(Options { players: 3, dice: DiceCount::Same(1), ..Options::default() }, &[&[2], &[4], &[5]]);
    s.play(Seat(0), Action::bid(plunder_games::bidding::Bid { quantity: 2, face: 2 })).unwrap();
    s.play(Seat(1), Action::Liar).unwrap();
    let told = words(&s);
    assert_eq!(
        told.last().map(String::as_str),
        Some("Winners: P2, P3 (P1 lost the call: everyone else wins)."),
        "{told:?}"
    );
}

/// The terminal trial: "claim that at least 1 die shows on the whole table 1".
#[test]
fn a_bid_is_explained_in_plain_word_order() {
    use plunder_core::Narrate;
    let s = scripted(Options::for_players(3), &[&[2], &[3], &[4]]);
    let g = s.game();
    let view = g.view(s.state(), Viewer::Seat(Seat(0)));
    let one = g.explain(&view, &Action::Bid { quantity: 1, face: 1 });
    assert!(one.starts_with("claim that at least 1 die on the whole table shows 1"), "{one}");
    let three = g.explain(&view, &Action::Bid { quantity: 3, face: 5 });
    assert!(three.starts_with("claim that at least 3 dice on the whole table show 5"), "{three}");
}

/// `? NAME` at a liar's dice table explains its terms as this table plays them.
#[test]
fn question_mark_explains_the_tables_own_terms() {
    use plunder_core::Narrate;
    let perudo = game(Options::dudo(4));
    for (asked, says) in [
        ("bid", "at least"),
        ("dudo", "fewer dice"),
        ("liar", "bidder loses"),
        ("calza", "exactly as many"),
        ("wild", "1s are wild: they count as every face bid on, and nobody may bid on them"),
        ("the last die", "loses a die"),
        ("cup", "only your own"),
    ] {
        let text = perudo.look_up(asked).unwrap_or_else(|| panic!("? {asked} explains nothing"));
        assert!(text.contains(says), "? {asked}: {text}");
    }
    assert_eq!(perudo.look_up("kraken"), None);
    let plain = game(Options { exact: false, wild: Wild::None, raise: RaiseRule::FaceMajor, ..Options::dudo(2) });
    assert!(plain.look_up("exact").unwrap().contains("Not allowed"));
    assert!(plain.look_up("wild").unwrap().contains("No face is wild"));
    assert!(plain.look_up("bid").unwrap().contains("a higher face with any number"));
}
