//! Loot Pirates: the conformance suite, every worked example and numeric statement of the rulebook replayed
//! with scripted dice, and property tests (doubloons conserved, random play ends, views never leak).

use plunder_core::{conformance, ChanceMode, Game, Narrate, PlayError, Rng, Seat, SeatSet, Session, Status, Viewer};
use plunder_games::loot_pirates::{
    Action, Chance, EqualAttackOrder, Fire, LootPirates, Options, Phase, StartingDoubloons, D6,
};
use proptest::prelude::*;

const DROP: Fire = Fire::Drop;
const RAISE: Fire = Fire::Raise;
const SHOOT: Fire = Fire::Shoot;

fn game(options: Options) -> LootPirates {
    LootPirates::new(options).expect("valid options")
}

/// A table with scripted dice and no negotiation unless asked.
fn table(players: u8, tweak: impl FnOnce(&mut Options)) -> Session<LootPirates> {
    let mut options = Options::for_players(players);
    options.negotiation_offers = 0;
    tweak(&mut options);
    Session::new(game(options), 0, ChanceMode::Scripted)
}

/// Rolls every pirate's dice: `(red, black)` by seat.
fn roll(s: &mut Session<LootPirates>, dice: &[(u8, u8)]) {
    for (i, &(red, black)) in dice.iter().enumerate() {
        s.supply_chance(Chance::Roll { seat: Seat(i as u8), red, black }).unwrap();
    }
}

fn aim(s: &mut Session<LootPirates>, targets: &[u8]) {
    for (i, &t) in targets.iter().enumerate() {
        s.play(Seat(i as u8), Action::Aim { target: Seat(t) }).unwrap();
    }
}

fn fire(s: &mut Session<LootPirates>, choices: &[Fire]) {
    for (i, &choice) in choices.iter().enumerate() {
        s.play(Seat(i as u8), Action::Fire { choice }).unwrap();
    }
}

fn coins(s: &Session<LootPirates>) -> Vec<u32> {
    s.view(Viewer::Spectator).coins
}

/// One whole round with scripted dice, aims and choices.
fn round(s: &mut Session<LootPirates>, dice: &[(u8, u8)], targets: &[u8], choices: &[Fire]) {
    roll(s, dice);
    aim(s, targets);
    fire(s, choices);
}

// ---- The conformance suite: one line per configuration. ----

#[test]
fn conformance_default_five() {
    conformance::check(&game(Options::for_players(5)));
}

#[test]
fn conformance_three_and_eight() {
    let config = conformance::Config { games: 12, determinize_every: 3, ..Default::default() };
    conformance::check_with(&game(Options::for_players(3)), config);
    conformance::check_with(&game(Options::for_players(8)), config);
}

#[test]
fn conformance_variants() {
    let config = conformance::Config { games: 12, determinize_every: 2, ..Default::default() };
    let mut d6 = Options::for_players(4);
    d6.starting_doubloons = StartingDoubloons::Rolled(D6::D6);
    d6.shoot_off = true;
    d6.booty = Some(12);
    conformance::check_with(&game(d6), config);
    let mut quick = Options::for_players(6);
    quick.negotiation_offers = 0;
    quick.equal_attack_order = EqualAttackOrder::FromCaptain;
    quick.reserve = 3;
    conformance::check_with(&game(quick), config);
}

// ---- Set-up. ----

#[test]
fn everyone_starts_with_four_doubloons_and_the_reserve_holds_fifteen() {
    let s = table(5, |_| {});
    let view = s.view(Viewer::Spectator);
    assert_eq!(view.coins, vec![4; 5]);
    assert_eq!(view.reserve, 15);
    assert_eq!(view.booty, 46, "the designed Booty for five");
    assert_eq!(s.status(), Status::Chance, "the round starts with the dice");
}

#[test]
fn d6_variant_rolls_starting_doubloons() {
    let mut s = table(3, |o| o.starting_doubloons = StartingDoubloons::Rolled(D6::D6));
    assert_eq!(s.view(Viewer::Spectator).phase, Phase::StartingGold);
    for (seat, doubloons) in [(0, 6), (1, 1), (2, 3)] {
        s.supply_chance(Chance::StartingGold { seat: Seat(seat), doubloons }).unwrap();
    }
    assert_eq!(coins(&s), vec![6, 1, 3]);
    assert_eq!(s.view(Viewer::Spectator).phase, Phase::Roll);
}

#[test]
fn tables_of_three_to_eight() {
    for players in 0..12u8 {
        let ok = LootPirates::new(Options::for_players(players)).is_ok();
        assert_eq!(ok, (3..=8).contains(&players), "{players} players");
    }
    let mut bad = Options::for_players(5);
    bad.captain = 5;
    assert!(LootPirates::new(bad).is_err());
}

// ---- Shots. ----

#[test]
fn a_hit_costs_the_target_two_doubloons_and_ties_go_to_the_defender() {
    let mut s = table(3, |_| {});
    // P1 (red 5) shoots P2 (black 4): hit. P2 (red 3) shoots P3 (black 3): tie, miss. P3 raises.
    round(&mut s, &[(5, 1), (3, 4), (1, 3)], &[1, 2, 0], &[SHOOT, SHOOT, RAISE]);
    let report = s.state().last_report().unwrap().clone();
    assert_eq!(report.hits[1], SeatSet::only(Seat(0)));
    assert!(report.hits[2].is_empty(), "a tie goes to the defender");
    // P2 was shot: out of the share; P1 and P3 take one doubloon each.
    assert_eq!(coins(&s), vec![4 + 2 + 1, 4 - 2, 4 + 1]);
}

#[test]
fn each_extra_shooter_lowers_defence_by_one() {
    // Two shooters on black 4: defence 3 against each, so red 4 hits twice.
    let mut s = table(3, |_| {});
    round(&mut s, &[(4, 1), (4, 1), (1, 4)], &[2, 2, 0], &[SHOOT, SHOOT, RAISE]);
    assert_eq!(s.state().last_report().unwrap().hits[2].len(), 2);
    assert_eq!(coins(&s), vec![4 + 2 + 1, 4 + 2 + 1, 0]);
    // Three shooters on black 5: defence 3, so red 4 hits and red 3 does not.
    let mut s = table(4, |_| {});
    round(&mut s, &[(4, 1), (4, 1), (3, 1), (1, 5)], &[3, 3, 3, 0], &[SHOOT, SHOOT, SHOOT, RAISE]);
    assert_eq!(s.state().last_report().unwrap().hits[3], [Seat(0), Seat(1)].into_iter().collect());
}

#[test]
fn raising_does_not_lower_defence_and_defence_may_fall_below_one() {
    // A pirate who raises at the same target does not count as a shooter.
    let mut s = table(3, |_| {});
    round(&mut s, &[(4, 1), (6, 1), (1, 4)], &[2, 2, 0], &[SHOOT, RAISE, RAISE]);
    assert!(s.state().last_report().unwrap().hits[2].is_empty(), "red 4 against an undiminished black 4");
    // Black 1 against three shooters is defence -1: even red 1 hits.
    let mut s = table(4, |_| {});
    round(&mut s, &[(1, 1), (1, 1), (1, 1), (1, 1)], &[3, 3, 3, 0], &[SHOOT, SHOOT, SHOOT, RAISE]);
    assert_eq!(s.state().last_report().unwrap().hits[3].len(), 3);
}

#[test]
fn a_pirate_who_drops_cannot_be_shot_and_takes_no_share() {
    let mut s = table(3, |_| {});
    round(&mut s, &[(6, 1), (6, 1), (1, 1)], &[2, 2, 0], &[SHOOT, SHOOT, DROP]);
    let report = s.state().last_report().unwrap().clone();
    assert!(report.hits[2].is_empty());
    assert_eq!(report.red, [None; 8], "no shot happened, so no dice are compared");
    assert_eq!(coins(&s), vec![5, 5, 4], "the two brave pirates take one each for the coward");
}

#[test]
fn dropping_is_only_for_a_pirate_someone_aims_at() {
    let mut s = table(3, |_| {});
    roll(&mut s, &[(1, 1), (1, 1), (1, 1)]);
    aim(&mut s, &[1, 0, 0]);
    let err = s.play(Seat(2), Action::Fire { choice: DROP }).unwrap_err();
    assert_eq!(err.code(), "illegal_action");
    assert!(s.legal_actions(Seat(2)).iter().all(|a| *a != Action::Fire { choice: DROP }));
    assert!(s.legal_actions(Seat(0)).contains(&Action::Fire { choice: DROP }));
}

#[test]
fn rulebook_two_dropped_and_one_shot_pay_three_each() {
    // "If two players dropped their guns, and one player got successfully shot this round, all of the
    // remaining pirates would take 3 doubloons from the Booty each."
    let mut s = table(5, |_| {});
    // P1 and P2 drop (P4 and P5 aim at them); P5 is shot by P3; P3 and P4 survive.
    round(&mut s, &[(1, 6), (1, 6), (6, 6), (2, 6), (1, 1)], &[2, 3, 4, 0, 1], &[DROP, DROP, SHOOT, SHOOT, RAISE]);
    let report = s.state().last_report().unwrap().clone();
    assert_eq!(report.shares, [0, 0, 3, 3, 0, 0, 0, 0]);
    assert_eq!(coins(&s), vec![4, 4, 4 + 2 + 3, 4 + 3, 4 - 2]);
    assert_eq!(s.view(Viewer::Spectator).booty, 46 - 6);
}

#[test]
fn rulebook_all_brave_and_nobody_shot_shares_nothing() {
    let mut s = table(4, |_| {});
    round(&mut s, &[(2, 6), (2, 6), (2, 6), (2, 6)], &[1, 2, 3, 0], &[SHOOT; 4]);
    assert_eq!(coins(&s), vec![4; 4]);
    assert_eq!(s.view(Viewer::Spectator).booty, 30);
}

#[test]
fn shot_pirates_are_back_the_next_round() {
    let mut s = table(3, |_| {});
    round(&mut s, &[(6, 1), (1, 1), (1, 1)], &[1, 0, 0], &[SHOOT, RAISE, RAISE]);
    assert_eq!(s.view(Viewer::Spectator).round, 2);
    roll(&mut s, &[(1, 1), (1, 1), (1, 1)]);
    assert!(s.legal_actions(Seat(1)).contains(&Action::Aim { target: Seat(0) }));
}

#[test]
fn a_broke_target_pays_the_highest_attack_first() {
    let mut s = table(4, |o| o.starting_doubloons = StartingDoubloons::Fixed(2));
    // P4 (2 doubloons) is hit by P1 (red 3), P2 (red 6) and P3 (red 5): defence 3 - 2 = 1.
    round(&mut s, &[(3, 1), (6, 1), (5, 1), (1, 3)], &[3, 3, 3, 0], &[SHOOT, SHOOT, SHOOT, RAISE]);
    let report = s.state().last_report().unwrap().clone();
    assert_eq!(report.transfers[3][1], 2, "red 6 is paid first");
    assert_eq!(report.transfers[3][2], 0);
    assert_eq!(report.transfers[3][0], 0);
}

#[test]
fn equal_attacks_are_paid_in_the_chosen_order() {
    for (order, first) in [(EqualAttackOrder::ClockwiseFromTarget, 3), (EqualAttackOrder::FromCaptain, 0)] {
        let mut s = table(4, |o| {
            o.starting_doubloons = StartingDoubloons::Fixed(2);
            o.equal_attack_order = order;
        });
        // P3 (seat 2, 2 doubloons) is hit by P1 and P4 with red 6 each; P2 raises at P1.
        round(&mut s, &[(6, 6), (1, 6), (1, 1), (6, 6)], &[2, 0, 0, 2], &[SHOOT, RAISE, RAISE, SHOOT]);
        let report = s.state().last_report().unwrap().clone();
        assert_eq!(report.transfers[2][first], 2, "{order:?}");
    }
}

#[test]
fn a_broke_targets_own_winnings_go_to_its_attackers() {
    let mut options = Options::for_players(4);
    options.starting_doubloons = StartingDoubloons::Fixed(0);
    options.negotiation_offers = 1;
    let mut s = Session::new(game(options), 0, ChanceMode::Scripted);
    // Round 1, to hand out a little money: everyone starts broke.
    roll(&mut s, &[(1, 1), (6, 6), (6, 1), (1, 6)]);
    aim(&mut s, &[1, 0, 3, 2]);
    for seat in 0..4 {
        s.play(Seat(seat), Action::Pass).unwrap();
    }
    // P2 (red 6) hits P1 (black 1)... P1 misses P2 (black 6). P3 (red 6) misses P4 (black 6); P4 (red 1) misses P3.
    fire(&mut s, &[SHOOT, SHOOT, SHOOT, SHOOT]);
    // P1 was shot but had nothing: P2 is owed and unpaid. P1's share is lost; brave P2, P3, P4 take 1 each.
    assert_eq!(coins(&s), vec![0, 1, 1, 1]);
    // Round 2: P1 (broke) hits P3 (1 doubloon) while P2 and P4 hit P1. P1's winnings go to P2 and P4.
    roll(&mut s, &[(6, 1), (6, 6), (1, 1), (5, 6)]);
    aim(&mut s, &[2, 0, 0, 0]);
    for seat in 0..4 {
        s.play(Seat(seat), Action::Pass).unwrap();
    }
    fire(&mut s, &[SHOOT, SHOOT, RAISE, SHOOT]);
    let report = s.state().last_report().unwrap().clone();
    assert_eq!(report.hits[0], [Seat(1), Seat(3)].into_iter().collect::<SeatSet>());
    assert_eq!(report.hits[2], SeatSet::only(Seat(0)));
    assert_eq!(report.transfers[2][0], 1, "P3 pays the one doubloon it has");
    assert_eq!(report.transfers[0][1], 1, "P1 passes its winnings on to P2 (red 6, paid first)");
    assert_eq!(report.transfers[0][3], 0);
    assert_eq!(s.state().coins(Seat(0)), 0, "a broke pirate cannot keep its winnings");
}

// ---- Shares, the Reserve and the end. ----

#[test]
fn the_reserve_tops_up_the_last_round_and_the_game_ends_when_the_booty_is_empty() {
    let mut s = table(4, |o| o.booty = Some(2));
    // Two pirates drop: each of the two brave ones is owed 2, total 4; the Booty has 2, the Reserve adds 2.
    round(&mut s, &[(1, 1), (1, 1), (1, 1), (1, 1)], &[1, 0, 0, 0], &[DROP, DROP, RAISE, RAISE]);
    let view = s.view(Viewer::Spectator);
    assert_eq!(view.booty, 0);
    assert_eq!(view.reserve, 13);
    assert_eq!(view.last_round.as_ref().unwrap().from_reserve, 2);
    assert_eq!(view.coins, vec![4, 4, 6, 6]);
    assert_eq!(s.status(), Status::Over);
    let outcome = s.outcome().unwrap();
    assert_eq!(outcome.winners, [Seat(2), Seat(3)].into_iter().collect(), "a tie is a shared win");
    assert_eq!(outcome.payoffs, vec![0.0, 0.0, 0.5, 0.5]);
}

#[test]
fn fifteen_in_reserve_always_covers_eight_pirates() {
    // The worst last round: 8 pirates, 4 out and 4 brave, owed 16, with 1 doubloon left in the Booty.
    let mut s = table(8, |o| o.booty = Some(1));
    round(&mut s, &[(1, 1); 8], &[1, 0, 3, 2, 0, 0, 0, 0], &[DROP, DROP, DROP, DROP, RAISE, RAISE, RAISE, RAISE]);
    let view = s.view(Viewer::Spectator);
    assert_eq!(view.reserve, 0);
    assert_eq!(&view.coins[4..], &[8, 8, 8, 8]);
}

#[test]
fn a_short_reserve_pays_round_from_the_captain() {
    let mut s = table(4, |o| {
        o.booty = Some(1);
        o.reserve = 1;
        o.captain = 3;
    });
    // Owed 2 to each of P1 and P4 (seats 0 and 3); only 2 available: one each, from the Captain (P4).
    round(&mut s, &[(1, 1); 4], &[1, 2, 1, 0], &[RAISE, DROP, DROP, RAISE]);
    assert_eq!(coins(&s), vec![5, 4, 4, 5]);
    let mut s = table(4, |o| {
        o.booty = Some(1);
        o.reserve = 0;
        o.captain = 3;
    });
    round(&mut s, &[(1, 1); 4], &[1, 2, 1, 0], &[RAISE, DROP, DROP, RAISE]);
    assert_eq!(coins(&s), vec![4, 4, 4, 5], "the Captain is served first");
}

#[test]
fn most_doubloons_wins() {
    let mut s = table(3, |o| o.booty = Some(2));
    round(&mut s, &[(6, 1), (1, 1), (1, 1)], &[1, 0, 0], &[SHOOT, RAISE, RAISE]);
    assert_eq!(coins(&s), vec![7, 2, 5]);
    assert_eq!(s.outcome().unwrap().winners, SeatSet::only(Seat(0)));
}

#[test]
fn the_shoot_off_settles_a_tie_without_doubloons() {
    let mut s = table(4, |o| {
        o.booty = Some(2);
        o.shoot_off = true;
    });
    round(&mut s, &[(1, 1); 4], &[1, 0, 0, 0], &[DROP, DROP, RAISE, RAISE]);
    assert_eq!(s.status(), Status::Chance, "P3 and P4 tie and shoot it out");
    let view = s.view(Viewer::Spectator);
    assert_eq!(view.contestants, [Seat(2), Seat(3)].into_iter().collect());
    let before = coins(&s);
    s.supply_chance(Chance::Roll { seat: Seat(2), red: 6, black: 1 }).unwrap();
    s.supply_chance(Chance::Roll { seat: Seat(3), red: 1, black: 1 }).unwrap();
    assert_eq!(s.play(Seat(0), Action::Aim { target: Seat(2) }).unwrap_err(), PlayError::NotToAct { seat: Seat(0) });
    s.play(Seat(2), Action::Aim { target: Seat(3) }).unwrap();
    s.play(Seat(3), Action::Aim { target: Seat(2) }).unwrap();
    s.play(Seat(2), Action::Fire { choice: SHOOT }).unwrap();
    s.play(Seat(3), Action::Fire { choice: SHOOT }).unwrap();
    assert_eq!(coins(&s), before, "no doubloons change hands in a shoot-off");
    assert_eq!(s.outcome().unwrap().winners, SeatSet::only(Seat(2)));
}

#[test]
fn a_shoot_off_where_everyone_falls_goes_again() {
    let mut s = table(3, |o| {
        o.booty = Some(1);
        o.shoot_off = true;
    });
    // Round 1: P2 drops; P1 and P3 take the last doubloon and one from the Reserve: P1 5, P3 5.
    round(&mut s, &[(1, 1); 3], &[1, 0, 0], &[RAISE, DROP, RAISE]);
    assert_eq!(coins(&s), vec![5, 4, 5]);
    s.supply_chance(Chance::Roll { seat: Seat(0), red: 6, black: 1 }).unwrap();
    s.supply_chance(Chance::Roll { seat: Seat(2), red: 6, black: 1 }).unwrap();
    s.play(Seat(0), Action::Aim { target: Seat(2) }).unwrap();
    s.play(Seat(2), Action::Aim { target: Seat(0) }).unwrap();
    s.play(Seat(0), Action::Fire { choice: SHOOT }).unwrap();
    s.play(Seat(2), Action::Fire { choice: SHOOT }).unwrap();
    assert_eq!(s.status(), Status::Chance, "both were shot, so both shoot again");
    assert_eq!(s.view(Viewer::Spectator).contestants.len(), 2);
}

#[test]
fn a_game_where_nobody_is_ever_shot_still_ends() {
    let mut s = table(3, |o| o.max_rounds = 3);
    for _ in 0..3 {
        round(&mut s, &[(1, 6); 3], &[1, 2, 0], &[RAISE; 3]);
    }
    assert_eq!(s.status(), Status::Over);
    assert_eq!(s.outcome().unwrap().winners.len(), 3);
    // A trial read "You aim at P2." under the result.
    let end = s.game().describe(&s.view(Viewer::Seat(Seat(0))));
    assert!(!end.contains("You aim at"), "{end}");
}

// ---- Negotiation. ----

fn negotiating_table() -> Session<LootPirates> {
    let mut s = table(3, |o| o.negotiation_offers = 2);
    roll(&mut s, &[(6, 2), (3, 4), (5, 5)]);
    aim(&mut s, &[1, 0, 0]);
    s
}

#[test]
fn negotiation_starts_with_the_captain_and_ends_when_all_pass() {
    let mut s = negotiating_table();
    assert_eq!(s.status(), Status::Decide(SeatSet::only(Seat(0))));
    s.play(Seat(0), Action::Pass).unwrap();
    s.play(Seat(1), Action::Pay { to: Seat(0), doubloons: 2 }).unwrap();
    assert_eq!(coins(&s), vec![6, 2, 4]);
    // An offer reopens the table: everyone must pass again.
    assert_eq!(s.status(), Status::Decide(SeatSet::only(Seat(2))));
    s.play(Seat(2), Action::Pass).unwrap();
    s.play(Seat(0), Action::Pass).unwrap();
    s.play(Seat(1), Action::Pass).unwrap();
    assert_eq!(s.view(Viewer::Spectator).phase, Phase::Fire);
    // Promises bind nobody: P1 was paid and may still shoot P2.
    assert!(s.legal_actions(Seat(0)).contains(&Action::Fire { choice: SHOOT }));
}

#[test]
fn showing_dice_reveals_them_to_one_pirate_only() {
    let mut s = negotiating_table();
    s.play(Seat(0), Action::Show { to: Seat(1) }).unwrap();
    let to_p2 = s.view(Viewer::Seat(Seat(1)));
    assert_eq!(to_p2.shown_to_me.len(), 1);
    assert_eq!((to_p2.shown_to_me[0].dice.red, to_p2.shown_to_me[0].dice.black), (6, 2));
    assert!(s.view(Viewer::Seat(Seat(2))).shown_to_me.is_empty());
    assert!(s.view(Viewer::Spectator).shown_to_me.is_empty());
    let spectator = serde_json::to_string(&s.view(Viewer::Spectator)).unwrap();
    assert!(spectator.contains("\"showings\":[{\"from\":0,\"to\":1}]"), "the fact is public: {spectator}");
    // Showing twice to the same pirate is refused and changes nothing.
    s.play(Seat(1), Action::Pass).unwrap();
    s.play(Seat(2), Action::Pass).unwrap();
    let before = s.state().clone();
    let err = s.play(Seat(0), Action::Show { to: Seat(1) }).unwrap_err();
    assert_eq!(err.code(), "illegal_action");
    assert_eq!(s.state(), &before);
}

#[test]
fn offers_are_limited_and_payments_checked() {
    let mut s = negotiating_table();
    let before = s.state().clone();
    for bad in [
        Action::Pay { to: Seat(1), doubloons: 5 },
        Action::Pay { to: Seat(1), doubloons: 0 },
        Action::Pay { to: Seat(0), doubloons: 1 },
        Action::Pay { to: Seat(9), doubloons: 1 },
        Action::Aim { target: Seat(1) },
        Action::Fire { choice: SHOOT },
    ] {
        assert_eq!(s.play(Seat(0), bad).unwrap_err().code(), "illegal_action", "{bad}");
        assert_eq!(s.state(), &before, "{bad} changed the state");
    }
    assert_eq!(s.play(Seat(1), Action::Pass).unwrap_err(), PlayError::NotToAct { seat: Seat(1) });
    s.play(Seat(0), Action::Pay { to: Seat(1), doubloons: 1 }).unwrap();
    s.play(Seat(1), Action::Pass).unwrap();
    s.play(Seat(2), Action::Pass).unwrap();
    s.play(Seat(0), Action::Pay { to: Seat(2), doubloons: 1 }).unwrap();
    // P1 has used both offers: it is skipped and the others pass to end the talk.
    s.play(Seat(1), Action::Pass).unwrap();
    s.play(Seat(2), Action::Pass).unwrap();
    assert_eq!(s.view(Viewer::Spectator).phase, Phase::Fire);
    assert_eq!(coins(&s), vec![2, 5, 5]);
}

// ---- Hidden information. ----

#[test]
fn dice_aims_and_choices_stay_hidden_until_revealed() {
    let mut s = table(3, |_| {});
    roll(&mut s, &[(6, 2), (3, 4), (5, 5)]);
    let p1 = s.view(Viewer::Seat(Seat(0)));
    assert_eq!(p1.my_dice.map(|d| (d.red, d.black)), Some((6, 2)));
    let text = serde_json::to_string(&s.view(Viewer::Spectator)).unwrap();
    assert!(!text.contains("\"red\"") && !text.contains("\"black\""), "the spectator sees no dice: {text}");
    s.play(Seat(0), Action::Aim { target: Seat(2) }).unwrap();
    let p2 = s.view(Viewer::Seat(Seat(1)));
    assert_eq!(p2.my_aim, None);
    assert!(p2.aims.is_none(), "aims are hidden until everyone has aimed");
    assert!(p2.aimed.contains(Seat(0)), "but that P1 has aimed is public");
    s.play(Seat(1), Action::Aim { target: Seat(0) }).unwrap();
    s.play(Seat(2), Action::Aim { target: Seat(0) }).unwrap();
    assert_eq!(s.view(Viewer::Spectator).aims.unwrap()[0], Some(Seat(2)));
    s.play(Seat(0), Action::Fire { choice: DROP }).unwrap();
    assert_eq!(s.view(Viewer::Seat(Seat(1))).my_fire, None);
    assert!(!serde_json::to_string(&s.view(Viewer::Seat(Seat(1)))).unwrap().contains("drop"));
}

#[test]
fn determinization_redraws_unseen_dice() {
    let mut s = table(3, |_| {});
    roll(&mut s, &[(6, 2), (3, 4), (5, 5)]);
    let g = s.game().clone();
    let mut rng = Rng::seeded(3);
    let mut changed = 0;
    for _ in 0..50 {
        let sampled = g.determinize(s.state(), Seat(0), &mut rng);
        assert_eq!(g.view(&sampled, Viewer::Seat(Seat(0))).my_dice, s.view(Viewer::Seat(Seat(0))).my_dice);
        if g.view(&sampled, Viewer::Seat(Seat(1))).my_dice != s.view(Viewer::Seat(Seat(1))).my_dice {
            changed += 1;
        }
    }
    assert!(changed > 40, "other pirates' dice are redrawn ({changed} of 50)");
}

// ---- Properties. ----

fn arb_options() -> impl Strategy<Value = Options> {
    (3u8..=8, 0u8..=3, 1u32..=3, any::<bool>(), any::<bool>(), prop::option::of(1u32..60), 0u32..20, 0u8..8).prop_map(
        |(players, offers, pay, d6, shoot_off, booty, reserve, captain)| {
            let mut o = Options::for_players(players);
            o.negotiation_offers = offers;
            o.max_payment = pay;
            if d6 {
                o.starting_doubloons = StartingDoubloons::Rolled(D6::D6);
            }
            o.shoot_off = shoot_off;
            o.booty = booty;
            o.reserve = reserve;
            o.captain = captain % players;
            o
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn doubloons_are_conserved_and_random_play_ends(options in arb_options(), seed in any::<u64>()) {
        let g = game(options);
        let mut s = Session::new(g.clone(), seed, ChanceMode::Sampled);
        let total = s.state().total_doubloons();
        let setup_done = s.view(Viewer::Spectator).phase != Phase::StartingGold;
        prop_assert!(setup_done);
        let mut rng = Rng::seeded(seed);
        let mut steps = 0;
        while let Status::Decide(seats) = s.status() {
            let seat = seats.iter().nth(rng.index(seats.len())).unwrap();
            let legal = s.legal_actions(seat);
            s.play(seat, legal[rng.index(legal.len())]).unwrap();
            prop_assert_eq!(s.state().total_doubloons(), total);
            steps += 1;
            prop_assert!(steps < 100_000, "the game must end");
        }
        prop_assert_eq!(s.status(), Status::Over);
        prop_assert!(s.view(Viewer::Spectator).round <= g.options().max_rounds);
    }

    #[test]
    fn another_pirates_dice_never_reach_a_view_before_they_are_revealed(
        seed in any::<u64>(), players in 3u8..=6, owner in 0u8..6, other_dice in (1u8..=6, 1u8..=6),
    ) {
        // Two games alike in everything but the owner's dice: until the owner shows them to someone or the round
        // is resolved, every other seat and the spectator must see exactly the same thing in both.
        let owner = Seat(owner % players);
        let mut options = Options::for_players(players);
        options.negotiation_offers = 2;
        let g = game(options);
        let mut a = Session::new(g.clone(), seed, ChanceMode::Scripted);
        let mut b = Session::new(g, seed, ChanceMode::Scripted);
        let mut rng = Rng::seeded(seed);
        loop {
            match a.status() {
                Status::Chance => {
                    let outcome = a.sample_chance().unwrap();
                    let twin = match outcome {
                        Chance::Roll { seat, .. } if seat == owner => {
                            let (red, black) = other_dice;
                            Chance::Roll { seat, red, black }
                        }
                        other => other,
                    };
                    b.supply_chance(twin).unwrap();
                }
                Status::Decide(seats) => {
                    let seat = seats.iter().nth(rng.index(seats.len())).unwrap();
                    let legal = a.legal_actions(seat);
                    prop_assert_eq!(&legal, &b.legal_actions(seat));
                    let action = legal[rng.index(legal.len())];
                    a.play(seat, action).unwrap();
                    b.play(seat, action).unwrap();
                }
                Status::Over => break,
            }
            if a.view(Viewer::Spectator).round > 1 || a.status() == Status::Over {
                break; // the round resolved: shots reveal dice
            }
            prop_assert_eq!(a.view(Viewer::Spectator), b.view(Viewer::Spectator));
            for seat in Seat::all(players as usize).filter(|&s| s != owner) {
                let shown = a.view(Viewer::Seat(seat)).shown_to_me.iter().any(|s| s.seat == owner);
                if !shown {
                    prop_assert_eq!(a.view(Viewer::Seat(seat)), b.view(Viewer::Seat(seat)));
                }
            }
        }
    }
}

/// What the `loot` bot in seat 1 chooses on 'Fire!' after a negotiation in which P2 pays it `bribe` doubloons
/// (none: P2 only passes). P1's red 6 is sure to hit P2's black 1.
fn loot_bot_fire_after(bribe: Option<u32>) -> Action {
    use plunder_core::{Bot, Turn};
    let mut s = table(3, |o| o.negotiation_offers = 1);
    roll(&mut s, &[(6, 6), (1, 1), (1, 1)]);
    aim(&mut s, &[1, 0, 0]);
    let mut paid = false;
    while let Status::Decide(seats) = s.status() {
        let seat = seats.lowest().unwrap();
        if s.view(Viewer::Spectator).phase != Phase::Negotiate {
            break;
        }
        let action = match bribe {
            Some(doubloons) if seat == Seat(1) && !paid => {
                paid = true;
                Action::Pay { to: Seat(0), doubloons }
            }
            _ => Action::Pass,
        };
        s.play(seat, action).unwrap();
    }
    let view = s.view(Viewer::Seat(Seat(0)));
    assert_eq!(view.phase, Phase::Fire);
    let legal = s.legal_actions(Seat(0));
    let mut bot = plunder_games::loot_pirates::LootBot::new(1);
    bot.act(&Turn::new(s.game(), s.state(), Seat(0), &view, &legal))
}

/// A browser trial's "shoot" named nobody: the shot's label says whom the seat aimed at.
#[test]
fn the_shot_is_labelled_with_its_target() {
    let mut s = table(3, |o| o.negotiation_offers = 0);
    roll(&mut s, &[(6, 6), (1, 1), (1, 1)]);
    aim(&mut s, &[2, 0, 0]);
    while s.view(Viewer::Spectator).phase == Phase::Negotiate {
        let Status::Decide(seats) = s.status() else { break };
        s.play(seats.lowest().unwrap(), Action::Pass).unwrap();
    }
    let (g, view) = (s.game(), s.view(Viewer::Seat(Seat(0))));
    assert_eq!(view.phase, Phase::Fire);
    assert_eq!(g.label_in_view(&view, &Action::Fire { choice: SHOOT }), "shoot at P3");
    let p2 = s.view(Viewer::Seat(Seat(1)));
    assert_eq!(g.label_in_view(&p2, &Action::Fire { choice: SHOOT }), "shoot at P1");
    assert_eq!(g.label_in_view(&view, &Action::Fire { choice: RAISE }), g.label(&Action::Fire { choice: RAISE }));
}

#[test]
fn the_loot_bot_spares_a_target_that_paid_it() {
    assert_eq!(loot_bot_fire_after(None), Action::Fire { choice: SHOOT }, "a sure hit is taken");
    assert_eq!(loot_bot_fire_after(Some(1)), Action::Fire { choice: RAISE }, "a paid target is spared");
}

/// What the `loot` bot in seat 2 offers first in negotiation with dice `mine`, aimed at by P1 (red 6 or 1) and
/// aiming back.
fn loot_bot_offer(mine: (u8, u8)) -> Action {
    use plunder_core::{Bot, Turn};
    let mut s = table(3, |o| o.negotiation_offers = 2);
    roll(&mut s, &[(6, 6), mine, (1, 1)]);
    aim(&mut s, &[1, 0, 0]);
    while let Status::Decide(seats) = s.status() {
        let seat = seats.lowest().unwrap();
        let view = s.view(Viewer::Seat(seat));
        assert_eq!(view.phase, Phase::Negotiate);
        let legal = s.legal_actions(seat);
        if seat == Seat(1) {
            let mut bot = plunder_games::loot_pirates::LootBot::new(1);
            return bot.act(&Turn::new(s.game(), s.state(), seat, &view, &legal));
        }
        s.play(seat, Action::Pass).unwrap();
    }
    panic!("P2 was never asked to negotiate")
}

/// The terminal trial: the bots never made a deal, so negotiation against them was empty. A pirate likely to be
/// hit bribes its attacker (which this bot honours); one with a strong defence shows it.
#[test]
fn the_loot_bot_bribes_a_likely_hit_and_shows_a_strong_defence() {
    assert_eq!(loot_bot_offer((3, 1)), Action::Pay { to: Seat(0), doubloons: 1 }, "black 1: a 5 in 6 hit");
    assert_eq!(loot_bot_offer((3, 6)), Action::Show { to: Seat(0) }, "black 6 deters");
    assert_eq!(loot_bot_offer((3, 4)), Action::Pass, "black 4: a hit is 2 in 6, worth less than a doubloon");
}

// ---- Told events: every public happening, with its cause, to whom it is visible. ----

/// Everything `viewer` was told so far, in words.
fn told_words(s: &Session<LootPirates>, viewer: Viewer) -> Vec<String> {
    s.told_since(0, viewer).map(|e| s.game().tell(e)).collect()
}

fn told_contains(s: &Session<LootPirates>, viewer: Viewer, words: &str) -> bool {
    told_words(s, viewer).iter().any(|line| line.contains(words))
}

#[test]
fn a_roll_is_told_with_its_faces_to_the_roller_only() {
    let mut s = table(3, |_| {});
    roll(&mut s, &[(5, 1), (3, 4), (1, 3)]);
    let mine = told_words(&s, Viewer::Seat(Seat(0)));
    assert!(mine.contains(&"P1 rolls red 5, black 1 (attack red, defence black).".to_string()), "{mine:?}");
    assert!(mine.contains(&"P2 rolls a red and a black die, hidden.".to_string()), "{mine:?}");
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        assert!(!told_contains(&s, viewer, "red 5"), "P1's dice reach {viewer:?}");
        assert!(told_contains(&s, viewer, "P1 rolls a red and a black die, hidden."));
    }
}

#[test]
fn starting_gold_rolls_are_told_to_everyone() {
    let mut s = table(3, |o| o.starting_doubloons = StartingDoubloons::Rolled(D6::D6));
    for (seat, doubloons) in [(0, 1), (1, 6), (2, 3)] {
        s.supply_chance(Chance::StartingGold { seat: Seat(seat), doubloons }).unwrap();
    }
    for viewer in [Viewer::Seat(Seat(2)), Viewer::Spectator] {
        let words = told_words(&s, viewer);
        assert!(words.contains(&"P1 rolls a die for starting gold: 1 doubloon.".to_string()), "{words:?}");
        assert!(words.contains(&"P2 rolls a die for starting gold: 6 doubloons.".to_string()), "{words:?}");
        assert!(words.iter().any(|w| w.starts_with("Round 1 begins")), "{words:?}");
    }
}

#[test]
fn aims_and_choices_are_told_hidden_then_shown_together() {
    let mut s = table(3, |_| {});
    roll(&mut s, &[(5, 1), (3, 4), (1, 3)]);
    s.play(Seat(0), Action::Aim { target: Seat(1) }).unwrap();
    assert!(told_contains(&s, Viewer::Seat(Seat(0)), "P1 aims at P2"));
    assert!(told_contains(&s, Viewer::Seat(Seat(1)), "P1 has aimed."));
    assert!(!told_contains(&s, Viewer::Seat(Seat(1)), "P1 aims at"), "an aim stays hidden until all aim");
    s.play(Seat(1), Action::Aim { target: Seat(2) }).unwrap();
    s.play(Seat(2), Action::Aim { target: Seat(0) }).unwrap();
    assert!(told_contains(&s, Viewer::Spectator, "Aim! Everyone has aimed: P1 at P2, P2 at P3, P3 at P1. Fire!"));
    s.play(Seat(0), Action::Fire { choice: SHOOT }).unwrap();
    assert!(told_contains(&s, Viewer::Seat(Seat(0)), "P1 chooses to shoot, hidden until everyone has chosen."));
    assert!(!told_contains(&s, Viewer::Seat(Seat(1)), "P1 shoots"), "a choice stays hidden until all choose");
    s.play(Seat(1), Action::Fire { choice: SHOOT }).unwrap();
    s.play(Seat(2), Action::Fire { choice: RAISE }).unwrap();
    assert!(told_contains(&s, Viewer::Seat(Seat(1)), "Fire! P1 shoots, P2 shoots, P3 raises (holds fire)."));
}

#[test]
fn a_shot_is_told_with_both_dice_its_result_and_the_payment() {
    let mut s = table(3, |_| {});
    // As in the rulebook's shot: P1 (red 5) hits P2 (black 4); P2 (red 3) misses P3 (black 3), a tie.
    round(&mut s, &[(5, 1), (3, 4), (1, 3)], &[1, 2, 0], &[SHOOT, SHOOT, RAISE]);
    for viewer in [Viewer::Seat(Seat(2)), Viewer::Spectator] {
        let words = told_words(&s, viewer);
        for line in [
            "P1 shoots P2: red 5 against black 4 - a hit.",
            "P2 shoots P3: red 3 against black 3 - a miss (ties go to the defender).",
            "P2 pays P1 2 doubloons for the hit.",
            "1 pirate dropped or was shot, so each pirate still standing takes one doubloon per fallen pirate from \
             the Booty: P1 takes 1 doubloon, P3 takes 1 doubloon;",
            "Round 2 begins",
        ] {
            assert!(words.iter().any(|w| w.contains(line)), "{line:?} not told to {viewer:?}: {words:#?}");
        }
    }
}

#[test]
fn extra_shooters_and_a_dropped_target_are_told() {
    let mut s = table(3, |_| {});
    // P1 and P3 both shoot P2 (black 4): each red 4 against a defence of 3.
    round(&mut s, &[(4, 1), (1, 4), (4, 1)], &[1, 0, 1], &[SHOOT, RAISE, SHOOT]);
    assert!(told_contains(
        &s,
        Viewer::Spectator,
        "P1 shoots P2: red 4 against black 4 less 1 for the other shooter - a hit."
    ));
    round(&mut s, &[(6, 1), (1, 1), (1, 1)], &[1, 0, 0], &[SHOOT, DROP, RAISE]);
    assert!(told_contains(&s, Viewer::Spectator, "P1 shoots at P2, who dropped: the shot cannot hit."));
}

#[test]
fn a_broke_target_is_told_paying_what_it_can() {
    let mut s = table(3, |o| o.starting_doubloons = StartingDoubloons::Fixed(1));
    round(&mut s, &[(6, 1), (1, 1), (1, 1)], &[1, 0, 0], &[SHOOT, RAISE, RAISE]);
    assert!(told_contains(&s, Viewer::Spectator, "P2 pays P1 1 doubloon for the hit (all they could)."));
}

#[test]
fn negotiation_is_told_and_shown_dice_reach_only_the_pirate_shown() {
    let mut s = negotiating_table();
    s.play(Seat(0), Action::Show { to: Seat(1) }).unwrap();
    s.play(Seat(1), Action::Pay { to: Seat(0), doubloons: 1 }).unwrap();
    assert!(told_contains(&s, Viewer::Seat(Seat(1)), "P1 shows P2 their dice: red 6, black 2."));
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(2)), Viewer::Spectator] {
        assert!(told_contains(&s, viewer, "P1 shows their dice to P2."));
        assert!(!told_contains(&s, viewer, "P1 shows P2 their dice"), "P1's dice reach {viewer:?}");
        assert!(told_contains(&s, viewer, "P2 pays P1 1 doubloon in negotiation."));
    }
    for seat in [2, 0, 1] {
        s.play(Seat(seat), Action::Pass).unwrap();
    }
    assert!(told_contains(&s, Viewer::Spectator, "P3 passes."));
    assert!(told_contains(&s, Viewer::Spectator, "Everyone has passed in a row: negotiation is over. Fire!"));
}

#[test]
fn the_reserve_and_the_end_are_told_with_their_cause() {
    let mut s = table(4, |o| o.booty = Some(2));
    round(&mut s, &[(1, 1), (1, 1), (1, 1), (1, 1)], &[1, 0, 0, 0], &[DROP, DROP, RAISE, RAISE]);
    let words = told_words(&s, Viewer::Seat(Seat(0)));
    let shares = "2 pirates dropped or were shot, so each pirate still standing takes one doubloon per fallen pirate \
                  from the Booty: P3 takes 2 doubloons, P4 takes 2 doubloons (the Booty ran short, so the Reserve \
                  adds 2 doubloons); 0 doubloons left in the Booty.";
    assert!(words.contains(&shares.to_string()), "{words:#?}");
    let end = "The Booty is empty: the game is over. Doubloons: P1 4, P2 4, P3 6, P4 6. Winners: P3, P4.";
    assert_eq!(words.last().map(String::as_str), Some(end));
}

#[test]
fn the_shoot_off_is_told_round_by_round() {
    let mut s = table(4, |o| {
        o.booty = Some(2);
        o.shoot_off = true;
    });
    round(&mut s, &[(1, 1); 4], &[1, 0, 0, 0], &[DROP, DROP, RAISE, RAISE]);
    assert!(told_contains(&s, Viewer::Spectator, "P3 and P4 tie for the most doubloons: shoot-off round 1"));
    s.supply_chance(Chance::Roll { seat: Seat(2), red: 6, black: 1 }).unwrap();
    s.supply_chance(Chance::Roll { seat: Seat(3), red: 1, black: 1 }).unwrap();
    s.play(Seat(2), Action::Aim { target: Seat(3) }).unwrap();
    s.play(Seat(3), Action::Aim { target: Seat(2) }).unwrap();
    s.play(Seat(2), Action::Fire { choice: SHOOT }).unwrap();
    s.play(Seat(3), Action::Fire { choice: SHOOT }).unwrap();
    let words = told_words(&s, Viewer::Spectator);
    assert!(words.contains(&"P4 dropped or was shot: out of the shoot-off.".to_string()), "{words:#?}");
    assert!(words.last().unwrap().starts_with("The shoot-off leaves one pirate standing."), "{words:#?}");
    assert!(words.last().unwrap().ends_with("Winner: P3."), "{words:#?}");
}

#[test]
fn every_told_line_is_in_words() {
    let mut rng = Rng::seeded(27);
    for game_no in 0..40u64 {
        let players = 3 + (game_no % 6) as usize;
        let g = game(LootPirates::sample_options(players, &mut rng));
        let mut s = Session::new(g, game_no, ChanceMode::Sampled);
        while let Status::Decide(seats) = s.status() {
            let seat = seats.iter().nth(rng.index(seats.len())).unwrap();
            let legal = s.legal_actions(seat);
            s.play(seat, legal[rng.index(legal.len())]).unwrap();
        }
        let viewers = Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]);
        for viewer in viewers {
            for line in told_words(&s, viewer) {
                assert!(!line.trim().is_empty(), "an empty line");
                for bad in
                    ["_", "{", "}", "Some(", "None", "Drop", "Raise", "Shoot ", "Negotiate", " 1 doubloons", " 1 were"]
                {
                    assert!(!line.contains(bad), "{bad:?} in {line:?}");
                }
                assert!(line.ends_with('.') || line.ends_with('!'), "an unfinished line: {line:?}");
            }
        }
    }
}

/// Issue 28, a terminal trial: `? Reserve`, `? Booty`, `? Captain` and `? drop` found nothing, though every
/// header names them. Each word of the table and of the choices explains itself.
#[test]
fn every_word_of_the_table_and_the_choices_is_explained() {
    let g = LootPirates::new(Options::default()).unwrap();
    for (asked, says) in [
        ("Reserve", "set aside"),
        ("booty", "middle"),
        ("the Captain", "opens the negotiation"),
        ("drop", "duck"),
        ("raise", "hold fire"),
        ("shoot", "red die"),
        ("red die", "attacks"),
        ("black", "defends"),
        ("aim", "hidden until everyone has aimed"),
        ("offers", "Negotiation"),
        ("survivors", "shoot-off"),
        ("shoot-off", "share the win"),
    ] {
        let text = g.look_up(asked).unwrap_or_else(|| panic!("? {asked} explains nothing"));
        assert!(text.contains(says), "? {asked}: {text}");
    }
    assert_eq!(g.look_up("kraken"), None);
}
