//! Scallywager: conformance, the rulebook's rules and examples with scripted dice, every card, properties
//! (cards conserved, random play ends, views never leak), and bot strength.

mod content_refusal;
use content_refusal::{assert_plain, refusal};
use plunder_core::{
    conformance, encoding, play_game, Bot, ChanceMode, Game, Narrate, Rng, Seat, SeatSet, Session, Status, TensorKind,
    Viewer,
};
use plunder_games::bidding::Bid;
use plunder_games::scallywager::{
    cards, Action, CallKind, CallMade, Card, Chance, Deck, DeckFile, Options, Phase, Scallywager, Source,
};
use proptest::prelude::*;

fn game(options: Options) -> Scallywager {
    Scallywager::new(options).expect("valid options")
}

/// A scripted table of `players` captains, P1 holding the Treasure Token, everyone's dice still to roll.
fn table(players: u8) -> Session<Scallywager> {
    let mut s = Session::new(game(Options::for_players(players)), 0, ChanceMode::Scripted);
    s.supply_chance(Chance::FirstCaptain { seat: Seat(0) }).unwrap();
    s
}

/// Rolls every pending die: `faces[seat]` in order, or `fill` where none is given.
fn roll(s: &mut Session<Scallywager>, faces: &[&[u8]], fill: u8) {
    let mut used = [0usize; 8];
    while s.status() == Status::Chance {
        let outcomes = s.chance_outcomes();
        let Chance::Die { seat, .. } = outcomes[0].0 else { break };
        let i = seat.index();
        let face = faces.get(i).and_then(|f| f.get(used[i])).copied().unwrap_or(fill);
        used[i] += 1;
        s.supply_chance(Chance::Die { seat, face }).unwrap();
    }
}

fn view(s: &Session<Scallywager>, seat: u8) -> plunder_games::scallywager::View {
    s.view(Viewer::Seat(Seat(seat)))
}

fn spectator(s: &Session<Scallywager>) -> plunder_games::scallywager::View {
    s.view(Viewer::Spectator)
}

fn bid(q: u8, f: u8) -> Action {
    Action::Bid { quantity: q, face: f }
}

/// The place of card `id` in its deck.
fn kind(s: &Session<Scallywager>, deck: Deck, id: &str) -> u8 {
    s.game().deck(deck).cards.iter().position(|c| c.id == id).unwrap_or_else(|| panic!("no card {id}")) as u8
}

/// Everyone passes in the Treasure window, if it is open.
fn pass_window(s: &mut Session<Scallywager>) {
    while spectator(s).phase == Phase::Treasure {
        let seat = spectator(s).priority.unwrap();
        s.play(seat, Action::Pass).unwrap();
    }
}

/// With all dice rolled as 2s, plays the turn so that `winner` wins a Scallywagger call and draws card `id`.
fn give(s: &mut Session<Scallywager>, winner: u8, deck: Deck, id: &str) {
    let card = kind(s, deck, id);
    roll(s, &[], 2);
    pass_window(s);
    let players = s.game().seats();
    let winner = Seat(winner);
    let mut bidder = spectator(s).bidder.unwrap();
    if bidder == winner {
        s.play(winner, bid(1, 2)).unwrap();
        let next = spectator(s).bidder.unwrap();
        s.play(next, Action::Scallywagger).unwrap();
    } else {
        let mut q = 1;
        loop {
            let following = Seat(((bidder.index() + 1) % players) as u8);
            if following == winner {
                s.play(bidder, bid(q, 6)).unwrap();
                break;
            }
            s.play(bidder, bid(q, 2)).unwrap();
            q += 1;
            bidder = spectator(s).bidder.unwrap();
        }
        s.play(winner, Action::Scallywagger).unwrap();
    }
    assert_eq!(spectator(s).drawing, Some(winner), "the winner draws");
    s.play(winner, Action::Draw { deck }).unwrap();
    s.supply_chance(Chance::Card { deck, card }).unwrap();
}

/// Bids `q × 2` round the table until it is `seat`'s turn to bid.
fn until_turn_of(s: &mut Session<Scallywager>, seat: u8) {
    let mut q = spectator(s).bids.last().map_or(1, |m| m.bid.quantity + 1);
    while spectator(s).bidder != Some(Seat(seat)) {
        let bidder = spectator(s).bidder.unwrap();
        s.play(bidder, bid(q, 2)).unwrap();
        q += 1;
    }
}

fn crew(s: &Session<Scallywager>) -> Vec<u8> {
    spectator(s).crew
}

// ---- Conformance. ----

#[test]
fn conformance_default_and_sizes() {
    let config = conformance::Config { games: 10, determinize_every: 3, ..Default::default() };
    conformance::check_with(&game(Options::for_players(4)), config);
    conformance::check_with(&game(Options::for_players(2)), config);
    let mut five = Options::for_players(5);
    five.ones_wild = true;
    conformance::check_with(&game(five), config);
}

#[test]
fn conformance_with_tiny_decks_that_reshuffle() {
    let (treasure, adventure) = cards::default_decks();
    let small = |file: &DeckFile, ids: &[&str]| DeckFile {
        cards: file
            .cards
            .iter()
            .filter(|c| ids.contains(&c.id.as_str()))
            .map(|c| Card { copies: 1, ..c.clone() })
            .collect(),
        ..file.clone()
    };
    let mut options = Options::for_players(3);
    options.treasure_deck = Some(small(&treasure, &["pickpocket", "lucky-doubloon"]));
    options.adventure_deck = Some(small(&adventure, &["boarding-party"]));
    let config = conformance::Config { games: 12, determinize_every: 2, ..Default::default() };
    conformance::check_with(&game(options), config);
}

#[test]
fn bad_options_and_decks_are_refused() {
    assert!(Scallywager::new(Options::for_players(1)).is_err());
    assert!(Scallywager::new(Options::for_players(6)).is_err());
    let mut options = Options::for_players(3);
    let (treasure, _) = cards::default_decks();
    options.adventure_deck = Some(treasure);
    assert!(Scallywager::new(options).is_err(), "a Treasure file where the Adventure deck goes");
}

// ---- The rulebook. ----

#[test]
fn rulebook_raises_from_three_twos() {
    // "The first Captain wagers a bid by declaring three 2's ... the next Captain may raise the bid by declaring
    // that there are at least four 2's, or ... three 5's. A player cannot bid a lower amount of dice or bid an
    // amount of dice on the number 1."
    let mut s = table(3);
    roll(&mut s, &[], 3);
    s.play(Seat(0), bid(3, 2)).unwrap();
    let legal = s.legal_actions(Seat(1));
    assert!(legal.contains(&bid(4, 2)) && legal.contains(&bid(3, 5)));
    for bad in [bid(2, 6), bid(3, 2), bid(4, 1), bid(15, 1)] {
        assert!(!legal.contains(&bad), "{bad}");
        assert_eq!(s.play(Seat(1), bad).unwrap_err().code(), "illegal_action", "{bad}");
    }
    assert_eq!(s.play(Seat(1), bid(3, 1)).unwrap_err().to_string(), "illegal action: no captain may bid on ones");
}

#[test]
fn the_treasure_token_holder_opens_and_bidding_goes_clockwise() {
    let mut s = table(3);
    roll(&mut s, &[], 3);
    assert_eq!(s.status(), Status::Decide(SeatSet::only(Seat(0))));
    assert_eq!(s.play(Seat(1), bid(1, 2)).unwrap_err().code(), "not_to_act");
    assert_eq!(s.play(Seat(0), Action::Scallywagger).unwrap_err().code(), "illegal_action", "nothing to call yet");
    s.play(Seat(0), bid(1, 2)).unwrap();
    assert_eq!(s.status(), Status::Decide(SeatSet::only(Seat(1))));
}

#[test]
fn scallywagger_on_a_true_bid_costs_the_caller_and_the_bidder_draws() {
    let mut s = table(3);
    roll(&mut s, &[&[2, 2, 3, 4, 5], &[2, 6, 6, 6, 6], &[1, 3, 3, 3, 3]], 0);
    s.play(Seat(0), bid(3, 2)).unwrap();
    s.play(Seat(1), Action::Scallywagger).unwrap();
    let shown = spectator(&s).last_showdown.unwrap();
    assert_eq!(shown.showdown.counted, 3, "ones are not wild by default");
    assert!(!shown.showdown.caller_right);
    assert_eq!(crew(&s), vec![5, 4, 5], "the caller loses a crewmate");
    assert_eq!(spectator(&s).drawing, Some(Seat(0)), "the bidder draws");
    assert_eq!(
        s.legal_actions(Seat(0)),
        vec![Action::Draw { deck: Deck::Treasure }, Action::Draw { deck: Deck::Adventure }]
    );
    let spyglass = kind(&s, Deck::Treasure, "spyglass");
    s.play(Seat(0), Action::Draw { deck: Deck::Treasure }).unwrap();
    s.supply_chance(Chance::Card { deck: Deck::Treasure, card: spyglass }).unwrap();
    assert_eq!(spectator(&s).treasure[0].len(), 1, "Treasure cards lie face up");
    assert_eq!(spectator(&s).token, Seat(1), "the token passes clockwise");
    assert_eq!(spectator(&s).turn, 2);
}

#[test]
fn scallywagger_on_a_false_bid_costs_the_bidder_and_the_caller_draws() {
    let mut s = table(3);
    roll(&mut s, &[], 4);
    s.play(Seat(0), bid(1, 5)).unwrap();
    s.play(Seat(1), Action::Scallywagger).unwrap();
    assert_eq!(crew(&s), vec![4, 5, 5]);
    assert_eq!(spectator(&s).drawing, Some(Seat(1)));
}

#[test]
fn a_right_parlay_costs_everyone_else_a_crewmate() {
    let mut s = table(4);
    roll(&mut s, &[&[5, 5, 2, 2, 2], &[5, 3, 3, 3, 3]], 4);
    s.play(Seat(0), bid(2, 5)).unwrap();
    s.play(Seat(1), bid(3, 5)).unwrap();
    s.play(Seat(2), Action::Parlay).unwrap();
    let shown = spectator(&s).last_showdown.unwrap().showdown;
    assert_eq!((shown.call, shown.caller_right, shown.counted), (CallKind::Parlay, true, 3));
    assert_eq!(crew(&s), vec![4, 4, 5, 4], "every captain but the Parlay caller loses one");
    assert_eq!(spectator(&s).drawing, Some(Seat(2)));
}

#[test]
fn a_wrong_parlay_costs_the_caller_two_and_the_previous_bidder_draws() {
    let mut s = table(3);
    roll(&mut s, &[], 4);
    s.play(Seat(0), bid(2, 4)).unwrap();
    s.play(Seat(1), Action::Parlay).unwrap();
    assert_eq!(crew(&s), vec![5, 3, 5]);
    assert_eq!(spectator(&s).drawing, Some(Seat(0)), "the player who placed the last bid draws");
}

#[test]
fn ones_wild_is_an_option() {
    let mut options = Options::for_players(2);
    options.ones_wild = true;
    let mut s = Session::new(game(options), 0, ChanceMode::Scripted);
    s.supply_chance(Chance::FirstCaptain { seat: Seat(1) }).unwrap();
    roll(&mut s, &[&[1, 1, 1, 1, 1], &[4, 4, 2, 2, 2]], 0);
    assert_eq!(spectator(&s).bidder, Some(Seat(1)), "the first captain was chosen by chance");
    s.play(Seat(1), bid(7, 4)).unwrap();
    s.play(Seat(0), Action::Scallywagger).unwrap();
    assert_eq!(spectator(&s).last_showdown.unwrap().showdown.counted, 7);
    assert_eq!(crew(&s), vec![4, 5]);
    assert!(s.legal_actions(Seat(1)).iter().all(|a| !matches!(a, Action::Bid { face: 1, .. })));
}

#[test]
fn the_last_captain_with_crew_wins() {
    let mut options = Options::for_players(2);
    options.dice = 1;
    let mut s = Session::new(game(options), 0, ChanceMode::Scripted);
    s.supply_chance(Chance::FirstCaptain { seat: Seat(0) }).unwrap();
    roll(&mut s, &[&[3], &[4]], 0);
    s.play(Seat(0), bid(2, 3)).unwrap();
    s.play(Seat(1), Action::Scallywagger).unwrap();
    assert_eq!(s.status(), Status::Over);
    assert_eq!(s.outcome().unwrap().winners, SeatSet::only(Seat(1)));
}

#[test]
fn empty_decks_reshuffle_their_discards() {
    let (treasure, adventure) = cards::default_decks();
    let mut options = Options::for_players(2);
    options.treasure_deck = Some(DeckFile {
        cards: vec![Card { copies: 1, ..treasure.cards.iter().find(|c| c.id == "second-wind").unwrap().clone() }],
        ..treasure
    });
    options.adventure_deck = Some(adventure);
    let mut s = Session::new(game(options), 0, ChanceMode::Scripted);
    s.supply_chance(Chance::FirstCaptain { seat: Seat(0) }).unwrap();
    give(&mut s, 0, Deck::Treasure, "second-wind");
    assert_eq!(spectator(&s).deck_sizes[0], 0);
    roll(&mut s, &[], 2);
    // P1 uses it (priority is P1's: P2 holds the token but has no card).
    s.play(Seat(0), Action::Use { deck: Deck::Treasure, card: 0, target: None, die: Some(0), take: None }).unwrap();
    roll(&mut s, &[], 2);
    assert_eq!(spectator(&s).discards[0], vec![1]);
    // The next card drawn from the Treasure deck comes from the reshuffled discards.
    until_turn_of(&mut s, 1);
    s.play(Seat(1), bid(9, 6)).unwrap();
    s.play(Seat(0), Action::Scallywagger).unwrap();
    s.play(Seat(0), Action::Draw { deck: Deck::Treasure }).unwrap();
    assert_eq!(spectator(&s).discards[0], vec![0], "the discards went back into the deck");
    assert_eq!(s.chance_outcomes(), vec![(Chance::Card { deck: Deck::Treasure, card: 0 }, 1.0)]);
    let told: Vec<String> = s.told_since(0, Viewer::Spectator).map(|e| s.game().tell(e)).collect();
    assert_eq!(
        told.last().map(String::as_str),
        Some("P1 chooses the empty Treasure deck: its discards are shuffled back in.")
    );
}

// ---- Every card. ----

/// A 3-captain table where `who` holds card `id` and the new turn's dice are rolled: P1's 1-5, P2's 2-6 (P2 has
/// lost one), P3's 3s.
fn holding(who: u8, deck: Deck, id: &str) -> Session<Scallywager> {
    let mut s = table(3);
    give(&mut s, who, deck, id);
    roll(&mut s, &[&[1, 2, 3, 4, 5], &[2, 3, 4, 5, 6]], 3);
    s
}

fn use_card(
    s: &mut Session<Scallywager>,
    seat: u8,
    deck: Deck,
    id: &str,
    target: Option<u8>,
    die: Option<u8>,
    take: Option<u8>,
) {
    let card = kind(s, deck, id);
    s.play(Seat(seat), Action::Use { deck, card, target: target.map(Seat), die, take }).unwrap();
}

fn known(s: &Session<Scallywager>, viewer: u8, owner: u8) -> Vec<u8> {
    view(s, viewer).known.iter().filter(|k| k.seat == Seat(owner)).map(|k| k.face).collect()
}

#[test]
fn card_spyglass_shows_two_dice_to_its_user_only() {
    let mut s = holding(0, Deck::Treasure, "spyglass");
    assert_eq!(spectator(&s).priority, Some(Seat(0)), "one-time Treasure cards are used before bidding");
    use_card(&mut s, 0, Deck::Treasure, "spyglass", Some(1), None, None);
    assert_eq!(known(&s, 0, 1), vec![2, 3]);
    assert!(known(&s, 2, 1).is_empty() && spectator(&s).known.is_empty());
    assert_eq!(spectator(&s).phase, Phase::Bidding, "the window closes when nobody has a card left");
}

/// `viewer`'s observation tensor (the view-free path, checked equal to the view's).
fn observation(s: &Session<Scallywager>, viewer: u8) -> Vec<f32> {
    let len = encoding::tensor_len(s.game(), TensorKind::Observation);
    let (mut fast, mut slow) = (vec![0.0; len], vec![0.0; len]);
    encoding::write_tensor(s.game(), s.state(), Seat(viewer), TensorKind::Observation, &mut fast);
    encoding::write_view_tensor(s.game(), s.state(), Seat(viewer), TensorKind::Observation, &mut slow);
    assert_eq!(fast, slow, "P{}'s observation without its view", viewer + 1);
    fast
}

/// The numbers of section `name` of an observation.
fn section(s: &Session<Scallywager>, tensor: &[f32], name: &str) -> Vec<f32> {
    let layout = s.game().tensor_layout(TensorKind::Observation).unwrap();
    let sec = layout.get(name).unwrap_or_else(|| panic!("no section {name}"));
    tensor[sec.start..sec.start + sec.len].to_vec()
}

/// The indices of the ones in `numbers`.
fn ones(numbers: &[f32]) -> Vec<usize> {
    numbers.iter().enumerate().filter(|(_, &x)| x == 1.0).map(|(i, _)| i).collect()
}

/// The observation tensor in a known position: each captain's own dice, a Spyglass's two dice for its user only,
/// the Treasure card before its holder, the card used, and a bid, all seat-relative (the observer first).
#[test]
fn the_observation_tensor_shows_dice_cards_and_bids_seat_relative() {
    let mut s = holding(0, Deck::Treasure, "spyglass");
    let spyglass = kind(&s, Deck::Treasure, "spyglass") as usize;
    let t = s.game().deck(Deck::Treasure).cards.len();
    let (p0, p1, p2) = (observation(&s, 0), observation(&s, 1), observation(&s, 2));
    assert_eq!(ones(&section(&s, &p1, "observer_seat")), vec![1]);
    assert_eq!(ones(&section(&s, &p0, "phase")), vec![2], "the Treasure window");
    assert_eq!(ones(&section(&s, &p1, "priority")), vec![2], "P1 is two seats after P2");
    assert_eq!(section(&s, &p0, "crew"), crew(&s).iter().map(|&c| c as f32).collect::<Vec<_>>());
    // P1 rolled 1, 2, 3, 4, 5 (as many as its crew): die d one-hot at 6 d + face - 1, P1's own row first.
    let mine: Vec<usize> = (0..crew(&s)[0] as usize).map(|d| 6 * d + d).collect();
    assert_eq!(ones(&section(&s, &p0, "dice")), mine, "P1 knows its own dice only");
    assert!(ones(&section(&s, &p2, "dice")).iter().all(|&i| i < 48), "P3 knows its own dice only");
    assert_eq!(section(&s, &p0, "treasure")[spyglass], 1.0, "the Spyglass before P1, in its own row");
    assert_eq!(section(&s, &p1, "treasure")[2 * t + spyglass], 1.0, "and in P1's row for P2");

    use_card(&mut s, 0, Deck::Treasure, "spyglass", Some(1), None, None);
    let (p0, p2) = (observation(&s, 0), observation(&s, 2));
    // P2's first two dice (2, 3) in P2's row (relative 1 for P1): 48 + 0 + 1 and 48 + 6 + 2.
    let peeked: Vec<usize> = ones(&section(&s, &p0, "dice")).into_iter().filter(|&i| i >= 48).collect();
    assert_eq!(peeked, vec![49, 56], "P1 looked at two of P2's dice");
    assert!(ones(&section(&s, &p2, "dice")).iter().all(|&i| i < 48), "P3 did not");
    assert_eq!(ones(&section(&s, &p2, "last_use_card")), vec![spyglass]);
    assert_eq!(ones(&section(&s, &p2, "last_use_seat")), vec![1], "P1 is next after P3");
    assert_eq!(ones(&section(&s, &p2, "last_use_target")), vec![2], "P2 is two after P3");
    assert_eq!(section(&s, &p2, "treasure_discards")[spyglass], 1.0);
    assert!(section(&s, &p0, "treasure").iter().all(|&x| x == 0.0), "the Spyglass left P1's table");

    let bidder = spectator(&s).bidder.expect("the bidding is open");
    s.play(bidder, bid(2, 4)).unwrap();
    let p0 = observation(&s, 0);
    let at = |seat: Seat| seat.index(); // relative to P1 is absolute
    assert_eq!(section(&s, &p0, "standing_bid"), vec![2., 0., 0., 0., 1., 0., 0.]);
    assert_eq!(ones(&section(&s, &p0, "standing_bidder")), vec![at(bidder)]);
    assert_eq!(section(&s, &p0, "seat_bids")[7 * at(bidder)..7 * at(bidder) + 7], [2., 0., 0., 0., 1., 0., 0.]);
    assert_eq!(section(&s, &p0, "bids_made"), vec![1.]);
}

#[test]
fn card_crows_nest_shows_all_dice() {
    let mut s = holding(0, Deck::Treasure, "crows-nest");
    use_card(&mut s, 0, Deck::Treasure, "crows-nest", Some(1), None, None);
    assert_eq!(known(&s, 0, 1), vec![2, 3, 4, 5]);
}

#[test]
fn card_second_wind_rerolls_one_die() {
    let mut s = holding(0, Deck::Treasure, "second-wind");
    use_card(&mut s, 0, Deck::Treasure, "second-wind", None, Some(0), None);
    assert_eq!(view(&s, 0).my_dice[0], None, "the die is being rerolled");
    s.supply_chance(Chance::Die { seat: Seat(0), face: 6 }).unwrap();
    assert_eq!(view(&s, 0).my_dice, vec![Some(6), Some(2), Some(3), Some(4), Some(5)]);
}

#[test]
fn card_tattletale_parrot_shows_one_die_to_everyone() {
    let mut s = holding(0, Deck::Treasure, "tattletale-parrot");
    use_card(&mut s, 0, Deck::Treasure, "tattletale-parrot", Some(2), None, None);
    assert_eq!(known(&s, 1, 2), vec![3]);
    assert_eq!(spectator(&s).known.len(), 1);
}

#[test]
fn card_press_gang_recruits_a_crewmate() {
    let mut s = holding(0, Deck::Treasure, "press-gang");
    use_card(&mut s, 0, Deck::Treasure, "press-gang", None, None, None);
    s.supply_chance(Chance::Die { seat: Seat(0), face: 6 }).unwrap();
    assert_eq!(crew(&s), vec![6, 4, 5], "P1 had five and recruits a sixth");
    assert_eq!(view(&s, 0).my_dice.last(), Some(&Some(6)));
}

#[test]
fn card_trade_winds_reverses_the_bidding() {
    let mut s = holding(0, Deck::Treasure, "trade-winds");
    use_card(&mut s, 0, Deck::Treasure, "trade-winds", None, None, None);
    // The token is P2's: P2 opens, and the bidding goes to P1 rather than P3.
    assert_eq!(spectator(&s).bidder, Some(Seat(1)));
    s.play(Seat(1), bid(1, 2)).unwrap();
    assert_eq!(spectator(&s).bidder, Some(Seat(0)));
}

#[test]
fn card_pickpocket_takes_a_treasure_card() {
    let mut s = table(3);
    give(&mut s, 1, Deck::Treasure, "lucky-doubloon");
    give(&mut s, 0, Deck::Treasure, "pickpocket");
    roll(&mut s, &[], 3);
    let doubloon = kind(&s, Deck::Treasure, "lucky-doubloon");
    use_card(&mut s, 0, Deck::Treasure, "pickpocket", Some(1), None, Some(doubloon));
    let v = spectator(&s);
    assert!(v.treasure[0].iter().any(|h| h.card == doubloon) && v.treasure[1].is_empty());
}

#[test]
fn card_lucky_doubloon_saves_one_crewmate_once() {
    let mut s = holding(1, Deck::Treasure, "lucky-doubloon");
    assert_eq!(spectator(&s).phase, Phase::Bidding, "a lasting card opens no window");
    let before = crew(&s);
    // P2 (token) bids something false; P3 calls: P2 would lose one, the Doubloon saves it and is discarded.
    s.play(Seat(1), bid(9, 6)).unwrap();
    s.play(Seat(2), Action::Scallywagger).unwrap();
    assert_eq!(crew(&s), before);
    assert!(spectator(&s).treasure[1].is_empty());
    assert_eq!(spectator(&s).last_showdown.unwrap().showdown.lost[1], 0);
}

#[test]
fn card_loose_lips_shows_the_next_captains_first_die_each_round() {
    let s = holding(0, Deck::Treasure, "loose-lips");
    assert_eq!(known(&s, 0, 1), vec![2]);
    assert!(known(&s, 2, 1).is_empty());
}

/// A 3-captain table where `who` holds Adventure card `id`, now usable, and it is `who`'s turn to bid.
fn adventuring(who: u8, id: &str) -> Session<Scallywager> {
    let mut s = holding(who, Deck::Adventure, id);
    until_turn_of(&mut s, who);
    s
}

#[test]
fn adventure_cards_are_concealed_until_revealed_and_go_at_the_end_of_the_next_turn() {
    let mut s = table(3);
    give(&mut s, 0, Deck::Adventure, "ghost-ship");
    assert_eq!(view(&s, 0).my_adventure.len(), 1);
    assert_eq!(spectator(&s).concealed, vec![1, 0, 0]);
    assert!(!serde_json::to_string(&view(&s, 1)).unwrap().contains("\"drawn_turn\""), "others see only a count");
    roll(&mut s, &[], 3);
    until_turn_of(&mut s, 0);
    assert!(s.legal_actions(Seat(0)).iter().any(|a| matches!(a, Action::Use { deck: Deck::Adventure, .. })));
    // Not used: at the end of this turn it is discarded anyway.
    assert!(s.play(Seat(0), bid(20, 6)).unwrap_err().to_string().contains("only 14 dice"));
    s.play(Seat(0), bid(14, 6)).unwrap();
    s.play(Seat(1), Action::Scallywagger).unwrap();
    // The call waits while the one captain who holds a card may still reveal it in answer.
    assert_eq!((spectator(&s).phase, spectator(&s).priority), (Phase::Answer, Some(Seat(0))));
    s.play(Seat(0), Action::Pass).unwrap();
    s.play(Seat(1), Action::Draw { deck: Deck::Treasure }).unwrap();
    s.supply_chance(Chance::Card { deck: Deck::Treasure, card: 0 }).unwrap();
    assert!(view(&s, 0).my_adventure.is_empty());
    assert_eq!(spectator(&s).discards[1].iter().sum::<u8>(), 1);
}

#[test]
fn an_adventure_card_can_answer_the_call_before_the_dice_are_shown() {
    // P1 bids high and is called; in answer it reveals its Ghost Ship, and loses nobody though its bid was false.
    let mut s = adventuring(0, "ghost-ship");
    let q = spectator(&s).bids.last().map_or(1, |m| m.bid.quantity + 1);
    s.play(Seat(0), bid(q.max(14), 6)).unwrap();
    let caller = spectator(&s).bidder.unwrap();
    let before = crew(&s);
    s.play(caller, Action::Scallywagger).unwrap();
    assert_eq!(spectator(&s).phase, Phase::Answer, "the dice are not shown yet");
    assert_eq!(spectator(&s).answering, SeatSet::only(Seat(0)), "only captains holding cards from before answer");
    use_card(&mut s, 0, Deck::Adventure, "ghost-ship", None, None, None);
    s.play(Seat(0), Action::Pass).unwrap();
    let showdown = spectator(&s).last_showdown.unwrap().showdown;
    assert!(showdown.caller_right, "the bid of 14 sixes was false");
    assert_eq!(crew(&s), before, "the Ghost Ship saved P1 in answer to the call");
}

#[test]
fn a_bidder_knocked_out_in_answer_to_the_call_loses_nothing_more_and_draws_nothing() {
    // Ruling: the call is settled on the standing bid whoever is still in. P1 holds a Boarding Party; P2, down to
    // one crewmate, bids and P3 calls; in answer P1 boards P2, who is out before the dice are shown.
    let mut options = Options::for_players(3);
    options.dice = 2;
    let mut s = Session::new(game(options), 0, ChanceMode::Scripted);
    s.supply_chance(Chance::FirstCaptain { seat: Seat(0) }).unwrap();
    give(&mut s, 0, Deck::Adventure, "boarding-party");
    assert_eq!(crew(&s), vec![2, 1, 2], "P2 lost the call that gave P1 its card");
    roll(&mut s, &[], 2);
    pass_window(&mut s);
    assert_eq!(spectator(&s).bidder, Some(Seat(1)), "the token moved to P2");
    s.play(Seat(1), bid(3, 2)).unwrap();
    s.play(Seat(2), Action::Scallywagger).unwrap();
    assert_eq!(spectator(&s).priority, Some(Seat(0)), "the only captain who can answer");
    use_card(&mut s, 0, Deck::Adventure, "boarding-party", Some(1), None, None);
    assert_eq!(crew(&s)[1], 0, "P2 is knocked out in answer to the call");
    roll(&mut s, &[], 5); // P1's new crewmate is rolled before anything else
    s.play(Seat(0), Action::Pass).unwrap();
    let showdown = spectator(&s).last_showdown.unwrap().showdown;
    assert_eq!((showdown.bidder, showdown.bid), (Seat(1), Bid { quantity: 3, face: 2 }), "the standing bid is called");
    assert_eq!(showdown.counted, 4, "P1's two 2s and P3's two 2s; P1's new 5 does not count");
    assert!(!showdown.caller_right, "the bid held");
    assert_eq!(showdown.lost, [0, 0, 1, 0, 0, 0], "the caller loses; the out bidder loses nothing more");
    assert_eq!(spectator(&s).drawing, None, "the out bidder draws nothing");
}

#[test]
fn card_ghost_ship_saves_all_crew_this_turn() {
    let mut s = adventuring(0, "ghost-ship");
    use_card(&mut s, 0, Deck::Adventure, "ghost-ship", None, None, None);
    assert_eq!(spectator(&s).revealed.len(), 1);
    let before = crew(&s);
    let q = spectator(&s).bids.last().map_or(1, |m| m.bid.quantity + 1);
    s.play(Seat(0), bid(q.max(14), 6)).unwrap();
    let caller = spectator(&s).bidder.unwrap();
    s.play(caller, Action::Scallywagger).unwrap();
    assert_eq!(crew(&s), before, "the false bidder lost nobody");
}

#[test]
fn card_powder_keg_makes_every_loss_one_greater() {
    let mut s = adventuring(0, "powder-keg");
    use_card(&mut s, 0, Deck::Adventure, "powder-keg", None, None, None);
    let before = crew(&s);
    s.play(Seat(0), bid(14, 6)).unwrap();
    let caller = spectator(&s).bidder.unwrap();
    s.play(caller, Action::Scallywagger).unwrap();
    assert_eq!(crew(&s)[0], before[0] - 2);
}

#[test]
fn card_boarding_party_takes_a_crewmate_at_a_risk() {
    let mut s = adventuring(0, "boarding-party");
    let before = crew(&s);
    use_card(&mut s, 0, Deck::Adventure, "boarding-party", Some(2), None, None);
    s.supply_chance(Chance::Die { seat: Seat(0), face: 4 }).unwrap();
    let after = crew(&s);
    assert_eq!((after[0], after[2]), (before[0] + 1, before[2] - 1));
    // If the boarder loses crew this turn, it loses one more.
    s.play(Seat(0), bid(14, 6)).unwrap();
    let caller = spectator(&s).bidder.unwrap();
    s.play(caller, Action::Scallywagger).unwrap();
    assert_eq!(crew(&s)[0], after[0] - 2);
}

#[test]
fn card_black_spot_forces_the_next_captain_to_call() {
    let mut s = adventuring(0, "black-spot");
    use_card(&mut s, 0, Deck::Adventure, "black-spot", None, None, None);
    let q = spectator(&s).bids.last().map_or(1, |m| m.bid.quantity + 1);
    s.play(Seat(0), bid(q, 2)).unwrap();
    let next = spectator(&s).bidder.unwrap();
    let legal = s.legal_actions(next);
    assert!(legal.iter().all(|a| !matches!(a, Action::Bid { .. })), "{legal:?}");
    assert!(legal.contains(&Action::Scallywagger) && legal.contains(&Action::Parlay));
    assert!(s.play(next, bid(q + 1, 2)).unwrap_err().to_string().contains("Black Spot"));
}

#[test]
fn card_stowaway_shows_all_dice_of_a_captain() {
    let mut s = adventuring(0, "stowaway");
    use_card(&mut s, 0, Deck::Adventure, "stowaway", Some(2), None, None);
    assert_eq!(known(&s, 0, 2), vec![3, 3, 3, 3, 3]);
    // In one line (a trial read five lines of "P3 has a 3").
    let table = s.game().describe(&view(&s, 0));
    assert!(table.contains("You know: P3 has dice showing 3 3 3 3 3\n"), "{table}");
    assert_eq!(table.matches("You know:").count(), 1, "{table}");
}

#[test]
fn card_mutiny_rerolls_a_captains_dice() {
    let mut s = adventuring(0, "mutiny");
    use_card(&mut s, 0, Deck::Adventure, "mutiny", Some(2), None, None);
    for _ in 0..5 {
        s.supply_chance(Chance::Die { seat: Seat(2), face: 6 }).unwrap();
    }
    assert_eq!(view(&s, 2).my_dice, vec![Some(6); 5]);
    assert_eq!(s.status(), Status::Decide(SeatSet::only(Seat(0))), "still P1's turn to bid");
}

#[test]
fn card_kraken_rerolls_everyones_first_die() {
    let mut s = adventuring(0, "kraken");
    use_card(&mut s, 0, Deck::Adventure, "kraken", None, None, None);
    for seat in 0..3 {
        s.supply_chance(Chance::Die { seat: Seat(seat), face: 1 }).unwrap();
    }
    for seat in 0..3 {
        assert_eq!(view(&s, seat).my_dice[0], Some(1));
    }
}

#[test]
fn card_buried_treasure_recruits_a_crewmate() {
    let mut s = adventuring(0, "buried-treasure");
    let before = crew(&s)[0];
    use_card(&mut s, 0, Deck::Adventure, "buried-treasure", None, None, None);
    s.supply_chance(Chance::Die { seat: Seat(0), face: 5 }).unwrap();
    assert_eq!(crew(&s)[0], before + 1);
}

#[test]
fn card_whirlpool_turns_the_bidding_round() {
    let mut s = adventuring(0, "whirlpool");
    use_card(&mut s, 0, Deck::Adventure, "whirlpool", None, None, None);
    assert!(!spectator(&s).clockwise);
    let q = spectator(&s).bids.last().map_or(1, |m| m.bid.quantity + 1);
    s.play(Seat(0), bid(q, 2)).unwrap();
    assert_eq!(spectator(&s).bidder, Some(Seat(2)), "counter-clockwise from P1 is P3");
}

#[test]
fn every_card_in_the_decks_has_a_test_here() {
    let source = include_str!("scallywager.rs");
    let (treasure, adventure) = cards::default_decks();
    for card in treasure.cards.iter().chain(&adventure.cards) {
        let test_name = format!("fn card_{}_", card.id.replace('-', "_"));
        assert!(source.contains(&test_name), "no test for the card {}", card.id);
        assert_eq!(card.source, Source::Designed);
    }
}

// ---- Properties. ----

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn cards_are_conserved_and_random_play_ends(players in 2u8..=5, seed in any::<u64>(), ones_wild in any::<bool>()) {
        let mut options = Options::for_players(players);
        options.ones_wild = ones_wild;
        let mut s = Session::new(game(options), seed, ChanceMode::Sampled);
        let total = s.state().total_cards();
        prop_assert_eq!(total, 70, "34 Treasure and 36 Adventure cards");
        let mut rng = Rng::seeded(seed);
        let mut steps = 0;
        while let Status::Decide(seats) = s.status() {
            let seat = seats.lowest().unwrap();
            let legal = s.legal_actions(seat);
            s.play(seat, legal[rng.index(legal.len())]).unwrap();
            prop_assert_eq!(s.state().total_cards(), total);
            prop_assert!(s.state().crew(seat) <= 8);
            steps += 1;
            prop_assert!(steps < 500_000);
        }
        prop_assert_eq!(s.status(), Status::Over);
    }

    #[test]
    fn another_captains_dice_never_reach_a_view_before_they_are_shown(
        seed in any::<u64>(), owner in 0u8..3, twin_face in 2u8..=6,
    ) {
        // Two games alike but for the owner's dice in the first turn: until a card or the showdown shows them,
        // every other captain and the spectator see exactly the same.
        let g = game(Options::for_players(3));
        let mut a = Session::new(g.clone(), seed, ChanceMode::Scripted);
        let mut b = Session::new(g, seed, ChanceMode::Scripted);
        let mut rng = Rng::seeded(seed);
        let owner = Seat(owner);
        loop {
            match a.status() {
                Status::Chance => {
                    let drawn = a.sample_chance().unwrap();
                    let twin = match drawn {
                        Chance::Die { seat, .. } if seat == owner && a.state().phase() == Phase::Roll => Chance::Die { seat, face: twin_face },
                        other => other,
                    };
                    prop_assert!(b.supply_chance(twin).is_ok(), "the twin game accepts the same event");
                }
                Status::Decide(seats) => {
                    let seat = seats.lowest().unwrap();
                    let legal = a.legal_actions(seat);
                    prop_assert_eq!(&legal, &b.legal_actions(seat));
                    let action = legal[rng.index(legal.len())];
                    a.play(seat, action).unwrap();
                    b.play(seat, action).unwrap();
                }
                Status::Over => break,
            }
            if a.state().phase() != b.state().phase() || spectator(&a).last_showdown.is_some() || spectator(&a).turn > 1 {
                break;
            }
            let told = |s: &Session<Scallywager>, viewer: Seat| s.view(Viewer::Seat(viewer)).known.iter().any(|k| k.seat == owner);
            prop_assert_eq!(spectator(&a).known.is_empty(), spectator(&b).known.is_empty());
            if spectator(&a).known.iter().all(|k| k.seat != owner) {
                prop_assert_eq!(spectator(&a), spectator(&b));
            }
            for viewer in Seat::all(3).filter(|&v| v != owner) {
                if !told(&a, viewer) && !told(&b, viewer) {
                    prop_assert_eq!(a.view(Viewer::Seat(viewer)), b.view(Viewer::Seat(viewer)));
                }
            }
        }
    }
}

// ---- Bots. ----

fn win_rate(players: u8, hero: &str, others: &str, games: u64) -> f64 {
    let g = game(Options::for_players(players));
    let mut wins = 0.0;
    for i in 0..games {
        let hero_seat = (i % players as u64) as usize;
        let mut bots: Vec<Box<dyn Bot<Scallywager>>> = (0..players as usize)
            .map(|seat| {
                plunder_core::make_bot::<Scallywager>(
                    if seat == hero_seat { hero } else { others },
                    i * 31 + seat as u64,
                )
                .unwrap()
            })
            .collect();
        let finished = play_game(&g, &mut bots, &mut Rng::stream(5, i), 2_000_000).unwrap();
        if finished.outcome.winners.contains(Seat(hero_seat as u8)) {
            wins += 1.0 / finished.outcome.winners.len() as f64;
        }
    }
    wins / games as f64
}

#[test]
fn the_odds_captain_beats_random_and_naive_captains_by_far() {
    let vs_random = win_rate(2, "odds", "random", 200);
    let vs_raise = win_rate(2, "odds", "raise", 200);
    assert!(vs_random > 0.8, "odds beats random only {vs_random}");
    assert!(vs_raise > 0.7, "odds beats raise-by-one only {vs_raise}");
    let table = win_rate(4, "odds", "raise", 120);
    assert!(table > 0.5, "one odds captain among three naive ones wins only {table} (fair share 0.25)");
}

#[test]
fn card_actions_are_labelled_with_card_names() {
    use plunder_core::Narrate;
    let s = holding(0, Deck::Treasure, "spyglass");
    let legal = s.legal_actions(Seat(0));
    let labels: Vec<String> = legal.iter().map(|a| s.game().label(a)).collect();
    assert!(labels.contains(&"play Spyglass on P2".to_string()), "{labels:?}");
    assert!(labels.contains(&"pass".to_string()));
}

#[test]
fn treasure_priority_goes_clockwise_from_the_token_until_all_decline() {
    // "The player with the Treasure Token has priority to use the first Treasure card effect with priority
    // passing clockwise. Once all players decline to utilize an effect, the bidding phase begins."
    let mut s = table(4);
    give(&mut s, 0, Deck::Treasure, "spyglass");
    give(&mut s, 2, Deck::Treasure, "second-wind");
    give(&mut s, 2, Deck::Treasure, "spyglass");
    roll(&mut s, &[], 3);
    // Turn 4: the token is P4's, who holds nothing: priority starts with P1, the first holder clockwise from P4.
    assert_eq!(spectator(&s).token, Seat(3));
    assert_eq!(spectator(&s).priority, Some(Seat(0)));
    s.play(Seat(0), Action::Pass).unwrap();
    assert_eq!(spectator(&s).priority, Some(Seat(2)), "captains without cards are skipped");
    use_card(&mut s, 2, Deck::Treasure, "spyglass", Some(0), None, None);
    // A card was used: everyone may act again, P1 first (clockwise from P3).
    assert_eq!(spectator(&s).priority, Some(Seat(0)));
    assert_eq!(s.play(Seat(2), Action::Pass).unwrap_err().code(), "not_to_act");
    s.play(Seat(0), Action::Pass).unwrap();
    s.play(Seat(2), Action::Pass).unwrap();
    assert_eq!(spectator(&s).phase, Phase::Bidding, "all declined in a row");
    assert_eq!(spectator(&s).bidder, Some(Seat(3)), "the token holder opens the bidding");
}

// ---- Told events: every public happening, with its cause, to whom it is visible. ----

/// Everything `viewer` was told so far, in words.
fn told_words(s: &Session<Scallywager>, viewer: Viewer) -> Vec<String> {
    s.told_since(0, viewer).map(|e| s.game().tell(e)).collect()
}

fn told(s: &Session<Scallywager>, seat: u8, line: &str) -> bool {
    told_words(s, Viewer::Seat(Seat(seat))).iter().any(|l| l == line)
}

#[test]
fn a_captain_who_uses_no_treasure_card_is_told_once_a_window_however_often_priority_comes_round() {
    let mut s = table(4);
    give(&mut s, 0, Deck::Treasure, "spyglass");
    give(&mut s, 2, Deck::Treasure, "second-wind");
    give(&mut s, 2, Deck::Treasure, "spyglass");
    roll(&mut s, &[], 3);
    let before = s.told_count();
    s.play(Seat(0), Action::Pass).unwrap();
    use_card(&mut s, 2, Deck::Treasure, "spyglass", Some(0), None, None);
    s.play(Seat(0), Action::Pass).unwrap();
    s.play(Seat(2), Action::Pass).unwrap();
    let lines: Vec<String> = s.told_since(before, Viewer::Spectator).map(|e| s.game().tell(e)).collect();
    let p1 = lines.iter().filter(|l| *l == "P1 uses no Treasure card now.").count();
    assert_eq!(p1, 1, "P1 passed twice in one window: {lines:?}");
    assert_eq!(lines.iter().filter(|l| *l == "P3 uses no Treasure card now.").count(), 1, "{lines:?}");
}

#[test]
fn the_bidding_begins_after_a_treasure_cards_die_is_rolled() {
    let mut s = holding(0, Deck::Treasure, "press-gang");
    let before = s.told_count();
    use_card(&mut s, 0, Deck::Treasure, "press-gang", None, None, None);
    s.supply_chance(Chance::Die { seat: Seat(0), face: 6 }).unwrap();
    let lines: Vec<String> = s.told_since(before, Viewer::Spectator).map(|e| s.game().tell(e)).collect();
    let begins = lines.iter().position(|l| l.starts_with("The bidding begins")).expect("the bidding begins");
    let rolled = lines.iter().position(|l| l.contains("new crewmate's die")).expect("the new die is told");
    assert!(rolled < begins, "the die is rolled before the bidding: {lines:?}");
}

#[test]
fn the_parlays_label_says_what_it_costs() {
    use plunder_core::Narrate;
    let g = game(Options::for_players(3));
    let label = g.label(&Action::Parlay);
    assert!(label.contains("lose 2 crewmates"), "{label}");
}

#[test]
fn the_first_captain_and_each_turn_are_told() {
    let s = table(3);
    for viewer in [Viewer::Seat(Seat(2)), Viewer::Spectator] {
        assert_eq!(
            told_words(&s, viewer),
            [
                "Chance picks P1 to go first: P1 takes the Treasure Token.",
                "Turn 1 begins: P1 holds the Treasure Token; every captain rolls their crew behind their screen.",
            ]
        );
    }
}

/// The terminal trial: "P1 rolls a 3." five times, then "P1's crew shows ...", in another order than "Your crew".
#[test]
fn a_turns_roll_is_told_once_to_its_roller_in_cup_order_and_as_a_count_to_the_others() {
    let mut s = table(3);
    roll(&mut s, &[&[5, 1, 4, 2, 3]], 3);
    let mine = told_words(&s, Viewer::Seat(Seat(0)));
    assert!(mine.iter().any(|l| l == "P1 rolls 5 dice behind their screen: 5 1 4 2 3."), "{mine:#?}");
    assert_eq!(mine.iter().filter(|l| l.starts_with("P1 rolls")).count(), 1, "told once: {mine:#?}");
    assert!(!mine.iter().any(|l| l.starts_with("P1 rolls a")), "not die by die: {mine:#?}");
    assert!(told(&s, 0, "P2 rolls 5 dice behind their screen."));
    for seat in [1, 2] {
        assert!(told(&s, seat, "P1 rolls 5 dice behind their screen."));
        let words = told_words(&s, Viewer::Seat(Seat(seat)));
        assert!(!words.iter().any(|l| l.starts_with("P1 rolls a")), "P1's dice reach P{}: {words:#?}", seat + 1);
    }
    assert!(told(&s, 2, "The bidding begins: P1 bids first."));
}

#[test]
fn a_call_is_told_with_every_cup_the_count_the_loss_and_the_winners_draw() {
    let mut s = table(3);
    roll(&mut s, &[&[2, 2, 3, 4, 5], &[2, 6, 6, 6, 6]], 3);
    s.play(Seat(0), bid(4, 2)).unwrap();
    s.play(Seat(1), Action::Scallywagger).unwrap();
    for viewer in [Viewer::Seat(Seat(2)), Viewer::Spectator] {
        let words = told_words(&s, viewer);
        for line in [
            "P1 bids 4 × 2.",
            "P2 calls out the Scallywagger (the bid is false) on P1's bid of 4 × 2.",
            "The dice are shown: P1 2 2 3 4 5; P2 2 6 6 6 6; P3 3 3 3 3 3. 3 dice show 2, against P1's bid of 4 × 2: \
             the bid was false, so P2 wins the call.",
            "P1 loses 1 crewmate for the call: 4 crewmates left.",
            "P2 wins a card and chooses a deck to draw from.",
        ] {
            assert!(words.iter().any(|l| l == line), "{line:?} not told to {viewer:?}: {words:#?}");
        }
    }
}

#[test]
fn a_drawn_adventure_card_is_named_to_its_drawer_only_and_a_treasure_card_to_all() {
    let mut s = table(3);
    give(&mut s, 0, Deck::Adventure, "ghost-ship");
    assert!(told(&s, 0, "P1 draws Ghost Ship from the Adventure deck, hidden: it may be revealed from the next turn."));
    for seat in [1, 2] {
        assert!(told(&s, seat, "P1 draws a card from the Adventure deck, hidden."));
        let words = told_words(&s, Viewer::Seat(Seat(seat)));
        assert!(!words.iter().any(|l| l.contains("Ghost Ship")), "the card reaches P{}: {words:#?}", seat + 1);
    }
    let mut s = table(3);
    give(&mut s, 1, Deck::Treasure, "spyglass");
    assert!(told(&s, 2, "P2 draws Spyglass from the Treasure deck and lays it face up."));
}

#[test]
fn an_unrevealed_adventure_card_is_told_as_it_is_discarded() {
    let mut s = table(3);
    give(&mut s, 0, Deck::Adventure, "ghost-ship");
    roll(&mut s, &[], 3);
    until_turn_of(&mut s, 0);
    s.play(Seat(0), bid(14, 6)).unwrap();
    s.play(Seat(1), Action::Scallywagger).unwrap();
    assert!(told(&s, 2, "P2 calls out the Scallywagger (the bid is false) on P1's bid of 14 × 6; P1 may answer with Adventure cards before the dice are shown."));
    let answering = CallMade { caller: Seat(1), call: CallKind::Scallywagger };
    assert_eq!(spectator(&s).call, Some(answering), "the call being answered is public");
    s.play(Seat(0), Action::Pass).unwrap();
    assert!(told(&s, 2, "P1 does not answer the call."));
    s.play(Seat(1), Action::Draw { deck: Deck::Treasure }).unwrap();
    s.supply_chance(Chance::Card { deck: Deck::Treasure, card: 0 }).unwrap();
    assert!(told(&s, 2, "End of turn: P1 discards Ghost Ship unrevealed, face up."));
}

#[test]
fn a_peek_tells_the_dice_to_its_user_and_only_the_count_to_the_others() {
    let mut s = holding(0, Deck::Treasure, "spyglass");
    use_card(&mut s, 0, Deck::Treasure, "spyglass", Some(1), None, None);
    assert!(told(&s, 0, "Before the bidding, P1 may use Treasure cards, from the Treasure Token's holder on."));
    assert!(told(&s, 0, "P1 uses Spyglass on P2: looks at P2's first 2 dice: 2 3."));
    assert!(told(&s, 2, "P1 uses Spyglass on P2: looks at 2 of P2's dice."));
    assert!(!told(&s, 2, "P1 uses Spyglass on P2: looks at P2's first 2 dice: 2 3."));
}

#[test]
fn a_reroll_is_told_with_its_old_face_to_its_user_and_the_new_die_hidden_from_others() {
    let mut s = holding(0, Deck::Treasure, "second-wind");
    use_card(&mut s, 0, Deck::Treasure, "second-wind", None, Some(0), None);
    s.supply_chance(Chance::Die { seat: Seat(0), face: 6 }).unwrap();
    assert!(told(&s, 0, "P1 uses Second Wind: rerolls their 1."));
    // The crew in cup order, as "Your crew" shows it: the rerolled first die first.
    assert!(told(&s, 0, "P1 rerolls a die: 6; P1's crew shows 6 2 3 4 5."));
    assert!(s.game().describe(&view(&s, 0)).contains("Your crew: 6 2 3 4 5"));
    assert!(told(&s, 1, "P1 uses Second Wind: rerolls one of their dice."));
    assert!(told(&s, 1, "P1 rerolls a die behind their screen."));
}

#[test]
fn card_plays_name_their_target_and_what_moved() {
    let mut s = holding(0, Deck::Treasure, "tattletale-parrot");
    use_card(&mut s, 0, Deck::Treasure, "tattletale-parrot", Some(2), None, None);
    assert!(told(&s, 1, "P1 uses Tattletale Parrot on P3: P3 shows a die to everyone: 3."));

    let mut s = table(3);
    give(&mut s, 1, Deck::Treasure, "lucky-doubloon");
    give(&mut s, 0, Deck::Treasure, "pickpocket");
    roll(&mut s, &[], 3);
    let doubloon = kind(&s, Deck::Treasure, "lucky-doubloon");
    use_card(&mut s, 0, Deck::Treasure, "pickpocket", Some(1), None, Some(doubloon));
    assert!(told(&s, 2, "P1 uses Pickpocket on P2: takes P2's Lucky Doubloon."));

    let mut s = holding(0, Deck::Treasure, "press-gang");
    use_card(&mut s, 0, Deck::Treasure, "press-gang", None, None, None);
    s.supply_chance(Chance::Die { seat: Seat(0), face: 6 }).unwrap();
    assert!(told(&s, 1, "P1 uses Press Gang: a new crewmate comes aboard P1's ship (6 crewmates now)."));
    assert!(told(&s, 1, "P1 rolls their new crewmate's die behind their screen."));
    assert!(told(&s, 0, "P1's new crewmate rolls a 6; P1's crew shows 1 2 3 4 5 6."));
}

#[test]
fn a_boarding_party_tells_both_losses_with_their_cause() {
    let mut s = adventuring(0, "boarding-party");
    use_card(&mut s, 0, Deck::Adventure, "boarding-party", Some(2), None, None);
    s.supply_chance(Chance::Die { seat: Seat(0), face: 4 }).unwrap();
    assert!(told(&s, 1, "P1 reveals Boarding Party on P3: P3 loses a crewmate and P1 gains one."));
    assert!(told(&s, 1, "P3 loses 1 crewmate to P1's Boarding Party: 4 crewmates left."));
    s.play(Seat(0), bid(14, 6)).unwrap();
    let caller = spectator(&s).bidder.unwrap();
    s.play(caller, Action::Scallywagger).unwrap();
    let crew_left = crew(&s)[0];
    let line = format!(
        "P1 loses 2 crewmates for the call (1 owed, 1 more for boarding with a Boarding Party this turn): {} left.",
        if crew_left == 1 { "1 crewmate".to_string() } else { format!("{crew_left} crewmates") }
    );
    assert!(told(&s, 1, &line), "{line:?} not in {:#?}", told_words(&s, Viewer::Seat(Seat(1))));
}

#[test]
fn a_lucky_doubloon_and_a_ghost_ship_are_told_saving_crew() {
    let mut s = holding(1, Deck::Treasure, "lucky-doubloon");
    s.play(Seat(1), bid(9, 6)).unwrap();
    s.play(Seat(2), Action::Scallywagger).unwrap();
    let line = "P2 loses no crewmate for the call (1 owed, the Lucky Doubloon saves one and is discarded): 5 \
                crewmates left.";
    assert!(told(&s, 0, line), "{:#?}", told_words(&s, Viewer::Seat(Seat(0))));

    let mut s = adventuring(0, "ghost-ship");
    use_card(&mut s, 0, Deck::Adventure, "ghost-ship", None, None, None);
    assert!(told(&s, 1, "P1 reveals Ghost Ship: P1 loses no crew this turn."));
    let q = spectator(&s).bids.last().map_or(1, |m| m.bid.quantity + 1);
    s.play(Seat(0), bid(q.max(14), 6)).unwrap();
    let caller = spectator(&s).bidder.unwrap();
    s.play(caller, Action::Scallywagger).unwrap();
    assert!(told(&s, 1, "P1 would lose 1 crewmate for the call, but the Ghost Ship saves all their crew."));
}

#[test]
fn every_told_line_is_in_words() {
    let mut rng = Rng::seeded(27);
    let ids: Vec<String> = {
        let g = game(Options::for_players(2));
        [Deck::Treasure, Deck::Adventure].iter().flat_map(|&d| g.deck(d).cards.iter().map(|c| c.id.clone())).collect()
    };
    for game_no in 0..30u64 {
        let players = 2 + (game_no % 4) as usize;
        let g = game(Scallywager::sample_options(players, &mut rng));
        let mut s = Session::new(g, game_no, ChanceMode::Sampled);
        let mut steps = 0;
        while let Status::Decide(seats) = s.status() {
            let seat = seats.iter().nth(rng.index(seats.len())).unwrap();
            let legal = s.legal_actions(seat);
            s.play(seat, legal[rng.index(legal.len())]).unwrap();
            steps += 1;
            if steps > 3000 {
                break;
            }
        }
        let viewers = Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]);
        for viewer in viewers {
            for line in told_words(&s, viewer) {
                assert!(!line.trim().is_empty(), "an empty line");
                for bad in [
                    "_",
                    "{",
                    "}",
                    "Some(",
                    "None",
                    "#",
                    "NewTurn",
                    "Reroll ",
                    " 1 crewmates",
                    " 1 dice",
                    "a card card",
                ] {
                    assert!(!line.contains(bad), "{bad:?} in {line:?}");
                }
                for id in ids.iter().filter(|id| id.contains('-')) {
                    assert!(!line.contains(id.as_str()), "the card id {id:?} in {line:?}");
                }
                assert!(line.ends_with('.'), "an unfinished line: {line:?}");
            }
        }
    }
}

/// The terminal trial: "at least 1 die shows on the whole table 1" (a bid's claim, as liar's dice said it).
#[test]
fn a_bid_is_explained_in_plain_word_order() {
    use plunder_core::Narrate;
    let s = holding(0, Deck::Treasure, "spyglass");
    let view = view(&s, 0);
    let said = s.game().explain(&view, &bid(3, 5));
    assert!(said.contains("at least 3 dice on the whole table show 5"), "{said}");
}

#[test]
fn a_designers_misplaced_card_is_refused_in_the_files_words() {
    let deck = |json: &str| -> serde_json::Value { serde_json::from_str(json).unwrap() };
    let mut adventure = deck(cards::ADVENTURE_JSON);
    adventure["cards"][0]["effect"] = serde_json::json!({"type": "steal_treasure"});
    let reason = refusal("scallywager", serde_json::json!({ "adventure_deck": adventure }));
    assert!(reason.contains("effect \"steal_treasure\" belongs in the Treasure deck"), "{reason}");
    assert_plain(&reason);

    let mut treasure = deck(cards::TREASURE_JSON);
    treasure["cards"][0]["effect"] = serde_json::json!({"type": "peek", "dice": 2});
    treasure["cards"][0]["lasting"] = serde_json::json!(true);
    let reason = refusal("scallywager", serde_json::json!({ "treasure_deck": treasure }));
    assert!(reason.contains("effect \"peek\" cannot be lasting"), "{reason}");
    assert_plain(&reason);

    let mut adventure = deck(cards::ADVENTURE_JSON);
    adventure["cards"][0]["effect"] = serde_json::json!({"type": "shield"});
    let reason = refusal("scallywager", serde_json::json!({ "adventure_deck": adventure }));
    assert!(reason.contains("effect \"shield\" is only for lasting Treasure cards"), "{reason}");
    assert_plain(&reason);
}

#[test]
fn the_deck_choice_says_what_each_deck_is_for() {
    // A trial met "draw from the Treasure deck / draw from the Adventure deck" with no word on the difference.
    let g = game(Options::default());
    assert_eq!(
        g.label(&Action::Draw { deck: Deck::Treasure }),
        "draw from the Treasure deck (kept face up: used before a turn's bidding)"
    );
    assert_eq!(
        g.label(&Action::Draw { deck: Deck::Adventure }),
        "draw from the Adventure deck (kept hidden: revealed on a later bidding turn)"
    );
}

#[test]
fn a_parlay_on_one_die_is_said_in_the_singular() {
    // A trial: "say exactly 1 die show 5".
    let mut s = table(4);
    roll(&mut s, &[&[5, 5, 2, 2, 2], &[5, 3, 3, 3, 3]], 4);
    s.play(Seat(0), bid(1, 5)).unwrap();
    let said = s.game().explain(&view(&s, 1), &Action::Parlay);
    assert!(said.starts_with("say exactly 1 die shows 5: "), "{said}");
}
