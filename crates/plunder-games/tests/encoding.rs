//! Actions as stable integers and tensors, for every registered game: the codec round-trips, every action the
//! rules offer in play has an integer, tensors keep their length; liar's dice matches OpenSpiel's numbers.
// This test reads and writes its golden files (the rules themselves do no I/O: clippy.toml).
#![allow(clippy::disallowed_methods)]

use plunder_core::encoding::{
    tensor_layout, tensor_len, write_session_tensor, write_tensor, write_view_tensor, HASHED_TENSOR_LEN,
};
use plunder_core::{
    make_bot, options_from_json, play_game_watched, ActionCodec, Bot, ChanceMode, Game, Narrate, Rng, Roster, Seat,
    Session, Status, TensorKind, TensorLayout,
};
use plunder_games::liars_dice::{Action, DiceCount, LiarsDice, Options, Roll};
use plunder_games::lying_pirates::{captain_ids, LyingPirates};
use plunder_games::pirates_flag::PiratesFlag;
use plunder_games::{game_ids, with_game, GameVisitor};
use serde_json::json;

/// Checks `G` under its default options; returns whether it has an integer encoding.
struct CheckEncoding;

impl GameVisitor for CheckEncoding {
    type Output = bool;
    fn visit<G: Roster + Narrate>(self) -> bool {
        let game = G::new(G::Options::default()).expect("default options are valid");
        let codec = ActionCodec::new(&game);
        if let Some(codec) = &codec {
            assert!(!codec.is_empty(), "{}: an empty action space", G::ID);
            let mut texts = std::collections::HashSet::new();
            for i in 0..codec.len() {
                let action = codec.decode(i).expect("every index decodes");
                assert_eq!(codec.encode(&game, action), Some(i), "{}: {action} round-trips", G::ID);
                assert!(texts.insert(serde_json::to_string(action).unwrap()), "{}: {action} listed twice", G::ID);
            }
            assert_eq!(codec.decode(codec.len()), None);
        }
        let mut rng = Rng::seeded(7);
        let mut legal = Vec::new();
        let lengths = [TensorKind::InformationState, TensorKind::Observation].map(|k| tensor_len(&game, k));
        for _ in 0..20 {
            let mut state = game.initial_state();
            for _ in 0..2000 {
                let seats = match game.status(&state) {
                    Status::Over => break,
                    Status::Chance => {
                        let outcome = game.sample_chance(&state, &mut rng);
                        game.apply_chance_unchecked(&mut state, &outcome);
                        continue;
                    }
                    Status::Decide(seats) => seats,
                };
                for (kind, len) in [TensorKind::InformationState, TensorKind::Observation].into_iter().zip(lengths) {
                    let mut tensor = vec![f32::NAN; len];
                    write_tensor(&game, &state, seats.iter().next().unwrap(), kind, &mut tensor);
                    assert!(tensor.iter().all(|x| x.is_finite()), "{}: the whole tensor is written", G::ID);
                    // A game's own view-free path writes exactly its view's tensor, for every seat, acting or not.
                    let own = game.tensor_len(kind).is_some();
                    for seat in Seat::all(game.seats()).filter(|_| own) {
                        let mut from_view = vec![f32::NAN; len];
                        write_tensor(&game, &state, seat, kind, &mut tensor);
                        write_view_tensor(&game, &state, seat, kind, &mut from_view);
                        assert_eq!(tensor, from_view, "{}: {seat}'s {kind:?} tensor without its view", G::ID);
                    }
                }
                let seat = seats.iter().next().unwrap();
                legal.clear();
                game.legal_actions(&state, seat, &mut legal);
                if let Some(codec) = &codec {
                    for action in &legal {
                        assert!(codec.encode(&game, action).is_some(), "{}: {action} is in the action space", G::ID);
                    }
                }
                let action = legal[rng.index(legal.len())].clone();
                game.apply_unchecked(&mut state, seat, &action);
            }
        }
        codec.is_some()
    }
}

#[test]
fn every_game_with_an_action_space_round_trips_and_covers_play() {
    let encoded: Vec<&str> = game_ids().into_iter().filter(|id| with_game(id, CheckEncoding).unwrap()).collect();
    assert_eq!(encoded, game_ids(), "every game has integer actions");
}

/// Under options a user may set, at every table size: every action's integer is its place in the action space,
/// whether the game works it out (`Game::action_index`) or the codec looks it up.
struct RoundTripUnderOptions;

impl GameVisitor for RoundTripUnderOptions {
    type Output = usize;
    fn visit<G: Roster + Narrate>(self) -> usize {
        let facts = G::new(G::Options::default()).expect("default options are valid").facts();
        let mut rng = Rng::seeded(11);
        let mut checked = 0;
        for players in facts.min_players..=facts.max_players {
            for _ in 0..4 {
                let game = G::new(G::sample_options(players, &mut rng)).expect("sampled options are valid");
                let Some(codec) = ActionCodec::new(&game) else { continue };
                for (i, action) in codec.space().iter().enumerate() {
                    assert_eq!(codec.encode(&game, action), Some(i), "{} at {players}: {action}", G::ID);
                }
                checked += 1;
            }
        }
        checked
    }
}

#[test]
fn every_action_round_trips_under_sampled_options_at_every_table_size() {
    for id in game_ids() {
        assert!(with_game(id, RoundTripUnderOptions).unwrap() > 0, "{id}: no option set checked");
    }
}

/// Each game's action space under its default options, as `id: count` and the list, one JSON action a line.
struct SpaceText;

impl GameVisitor for SpaceText {
    type Output = Option<String>;
    fn visit<G: Roster + Narrate>(self) -> Option<String> {
        let game = G::new(G::Options::default()).unwrap();
        let codec = ActionCodec::new(&game)?;
        let mut out = format!("{}: {} actions\n", G::ID, codec.len());
        for (i, action) in codec.space().iter().enumerate() {
            out += &format!("{i} {}\n", serde_json::to_string(action).unwrap());
        }
        Some(out)
    }
}

/// The integers are stable: a changed order would silently break saved agents, so it must show in review.
/// Refresh (only for an intended change): UPDATE_GOLDEN=1 cargo test -p plunder-games --test encoding
#[test]
fn action_integers_match_the_golden_file() {
    let text: String = game_ids().into_iter().filter_map(|id| with_game(id, SpaceText).unwrap()).collect();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/action-spaces.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let golden = std::fs::read_to_string(&path).expect("tests/golden/action-spaces.txt (UPDATE_GOLDEN=1 makes it)");
    assert!(golden == text, "the action integers changed (UPDATE_GOLDEN=1 if intended)");
}

#[test]
fn liars_dice_actions_are_openspiels_integers() {
    // OpenSpiel's liars_dice (2 players, 1 die, 6 faces): 13 actions, bid q-f is (q-1)*6 + f-1, Liar is 12.
    let game = LiarsDice::new(Options::default()).unwrap();
    let codec = ActionCodec::new(&game).unwrap();
    assert_eq!(codec.len(), 13);
    let bid = |quantity, face| Action::Bid { quantity, face };
    for (action, index) in [(bid(1, 1), 0), (bid(1, 6), 5), (bid(2, 1), 6), (bid(2, 6), 11), (Action::Liar, 12)] {
        assert_eq!(codec.encode(&game, &action), Some(index), "{action}");
        assert_eq!(codec.decode(index), Some(&action));
    }
    // The exact call comes after liar; a bid past the table's dice has no integer.
    let dudo = LiarsDice::new(Options { exact: true, ..Options::default() }).unwrap();
    let codec = ActionCodec::new(&dudo).unwrap();
    assert_eq!((codec.len(), codec.encode(&dudo, &Action::Exact)), (14, Some(13)));
    assert_eq!(codec.encode(&dudo, &bid(3, 1)), None);
    let codec = ActionCodec::new(&game).unwrap();
    assert_eq!(codec.encode(&game, &Action::Exact), None, "no exact call in OpenSpiel's game");
}

fn ones(tensor: &[f32]) -> Vec<usize> {
    tensor.iter().enumerate().filter(|(_, &x)| x == 1.0).map(|(i, _)| i).collect()
}

/// The non-zero slots of `seat`'s information-state and observation tensors.
fn tensor_ones(s: &Session<LiarsDice>, seat: u8) -> (Vec<usize>, Vec<usize>) {
    let len = tensor_len(s.game(), TensorKind::Observation);
    assert_eq!(tensor_len(s.game(), TensorKind::InformationState), len, "OpenSpiel's tensors have one shape");
    let (mut info, mut obs) = (vec![0.0; len], vec![0.0; len]);
    write_tensor(s.game(), s.state(), Seat(seat), TensorKind::InformationState, &mut info);
    write_tensor(s.game(), s.state(), Seat(seat), TensorKind::Observation, &mut obs);
    (ones(&info), ones(&obs))
}

/// Two players with `dice` each: `rolls` in OpenSpiel's chance order (seat 0's dice, then seat 1's), then
/// `actions` by their OpenSpiel integers, alternating from seat 0.
fn openspiel_game(dice: u8, rolls: &[u8], actions: &[usize]) -> Session<LiarsDice> {
    let game = LiarsDice::new(Options { dice: DiceCount::Same(dice), ..Options::default() }).unwrap();
    let codec = ActionCodec::new(&game).unwrap();
    let mut s = Session::new(game, 0, ChanceMode::Scripted);
    for (i, &face) in rolls.iter().enumerate() {
        s.supply_chance(Roll { seat: Seat((i / dice as usize) as u8), face }).unwrap();
    }
    for (i, &action) in actions.iter().enumerate() {
        s.play(Seat(i as u8 % 2), *codec.decode(action).unwrap()).unwrap();
    }
    s
}

#[test]
fn liars_dice_tensors_are_openspiels() {
    // Recorded from pyspiel 2.0.2: dice 3 and 5, bids 1-4 and 2-2, then Liar.
    let mut s = openspiel_game(1, &[3, 5], &[]);
    assert_eq!(tensor_len(s.game(), TensorKind::InformationState), 21, "pyspiel's shape [21]");
    assert_eq!(tensor_ones(&s, 0), (vec![0, 4], vec![0, 4]));
    assert_eq!(tensor_ones(&s, 1), (vec![1, 6], vec![1, 6]));
    s.play(Seat(0), Action::Bid { quantity: 1, face: 4 }).unwrap();
    s.play(Seat(1), Action::Bid { quantity: 2, face: 2 }).unwrap();
    assert_eq!(tensor_ones(&s, 0), (vec![0, 4, 11, 15], vec![0, 4, 11, 15]), "the observation shows two bids");
    s.play(Seat(0), Action::Liar).unwrap();
    assert_eq!(s.status(), Status::Over);
    // The observation's last two moves are the last bid and the call.
    assert_eq!(tensor_ones(&s, 0), (vec![0, 4, 11, 15, 20], vec![0, 4, 15, 20]));
    assert_eq!(tensor_ones(&s, 1), (vec![1, 6, 11, 15, 20], vec![1, 6, 15, 20]));
    assert_eq!(s.outcome().unwrap().payoffs, vec![1.0, -1.0], "pyspiel's returns");
}

#[test]
fn liars_dice_observations_show_the_last_two_moves_as_openspiels_do() {
    // Issue 31's reproducer: chance 1 and 4 (dice 2 and 5), then bids 8 (2-3) and 10 (2-5). Bids start at slot
    // 2 + 6 = 8. Checked against pyspiel 2.0.2.
    let mut s = openspiel_game(1, &[2, 5], &[8, 10]);
    assert_eq!(tensor_ones(&s, 0), (vec![0, 3, 16, 18], vec![0, 3, 16, 18]));
    assert_eq!(tensor_ones(&s, 1), (vec![1, 6, 16, 18], vec![1, 6, 16, 18]));
    s.play(Seat(0), Action::Liar).unwrap();
    assert_eq!(tensor_ones(&s, 0), (vec![0, 3, 16, 18, 20], vec![0, 3, 18, 20]));
}

#[test]
fn liars_dice_tensors_show_each_cup_sorted_as_openspiels_do() {
    // Two dice each (39 slots: 2 seats, 2 x 6 dice, 24 bids from slot 14, liar at 38). Seat 0 rolls 5 then 2,
    // shown sorted: 2 in the first die's block (2 + 1), 5 in the second's (2 + 6 + 4); seat 1 rolls 6, 3.
    // Bids 8 (2-3), 13 (3-2), 17 (3-6), then liar (24). Checked against pyspiel 2.0.2 (`numdice=2`).
    let mut s = openspiel_game(2, &[5, 2, 6, 3], &[8, 13, 17]);
    assert_eq!(tensor_len(s.game(), TensorKind::Observation), 39);
    assert_eq!(tensor_ones(&s, 0), (vec![0, 3, 12, 22, 27, 31], vec![0, 3, 12, 27, 31]));
    s.play(Seat(1), Action::Liar).unwrap();
    assert_eq!(tensor_ones(&s, 1), (vec![1, 4, 13, 22, 27, 31, 38], vec![1, 4, 13, 31, 38]));
    assert_eq!(s.outcome().unwrap().payoffs, vec![-1.0, 1.0], "pyspiel's returns");

    // Five dice each (93 slots: 2 + 5 x 6 + 60 bids from slot 32 + liar at 92). Seat 0 rolls 6 1 4 1 3, shown
    // 1 1 3 4 6: slots 2, 8, 16, 23, 31; seat 1 rolls 2 2 5 6 1, shown 1 2 2 5 6: slots 2, 9, 15, 24, 31.
    // Bids 12 (3-1), 23 (4-6), 37 (7-2), then liar (60).
    let mut s = openspiel_game(5, &[6, 1, 4, 1, 3, 2, 2, 5, 6, 1], &[12, 23, 37]);
    assert_eq!(tensor_len(s.game(), TensorKind::Observation), 93);
    assert_eq!(tensor_ones(&s, 0), (vec![0, 2, 8, 16, 23, 31, 44, 55, 69], vec![0, 2, 8, 16, 23, 31, 55, 69]));
    s.play(Seat(1), Action::Liar).unwrap();
    assert_eq!(tensor_ones(&s, 1), (vec![1, 2, 9, 15, 24, 31, 44, 55, 69, 92], vec![1, 2, 9, 15, 24, 31, 69, 92]));
    assert_eq!(s.outcome().unwrap().payoffs, vec![-1.0, 1.0], "pyspiel's returns");
}

#[test]
fn games_without_their_own_tensor_get_the_generic_one() {
    struct Len;
    impl GameVisitor for Len {
        type Output = (usize, Option<usize>);
        fn visit<G: Roster + Narrate>(self) -> Self::Output {
            let game = G::new(G::Options::default()).unwrap();
            (tensor_len(&game, TensorKind::Observation), game.tensor_len(TensorKind::Observation))
        }
    }
    for id in game_ids() {
        let (len, own) = with_game(id, Len).unwrap();
        assert_eq!(len, own.unwrap_or(HASHED_TENSOR_LEN), "{id}");
    }
}

/// Plays `games` games of `game`, its own first bot and `random` at alternate seats, and checks that every
/// action offered to any seat in any position has an integer that decodes back to it.
fn offered_actions_have_integers<G: Roster>(game: &G, games: u64) {
    let codec = ActionCodec::new(game).expect("an action space");
    let best = G::own_bot_kinds()[0].name;
    let mut legal = Vec::new();
    let mut offered = std::collections::HashSet::new();
    for i in 0..games {
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..game.seats() as u64)
            .map(|s| make_bot::<G>(if (s + i) % 2 == 0 { best } else { "random" }, i * 16 + s).unwrap())
            .collect();
        let check = |state: &G::State| {
            let Status::Decide(seats) = game.status(state) else { return };
            for seat in seats.iter() {
                legal.clear();
                game.legal_actions(state, seat, &mut legal);
                for action in &legal {
                    let index =
                        codec.encode(game, action).unwrap_or_else(|| panic!("{}: {action} has no integer", G::ID));
                    assert_eq!(codec.decode(index), Some(action), "{}: {action} decodes back", G::ID);
                    offered.insert(index);
                }
            }
        };
        play_game_watched(game, &mut bots, &mut Rng::stream(3, i), game.facts().max_steps, check).unwrap();
    }
    assert!(offered.len() > 20, "{}: play offered {} distinct actions", G::ID, offered.len());
}

fn with_options<G: Game>(options: serde_json::Value) -> G {
    G::new(options_from_json::<G>(None, &options).unwrap()).unwrap()
}

#[test]
fn lying_pirates_offers_only_actions_with_integers_under_every_kind_of_option() {
    let captains = |n: usize| captain_ids().unwrap()[..n].to_vec();
    for options in [
        json!({}),
        json!({"setup": "placement"}),
        json!({"players": 6, "map": "extended", "setup": "placement", "captains": captains(6)}),
        json!({"players": 3, "deck": "starter", "captains": captains(3)}),
        json!({"players": 2}),
        json!({"players": 2, "phantom_hand": "fixed", "variants": ["instant-death"]}),
        json!({"players": 3, "variants": ["instant-death"]}),
    ] {
        offered_actions_have_integers(&with_options::<LyingPirates>(options), 12);
    }
}

#[test]
fn pirates_flag_offers_only_actions_with_integers_at_every_table_size() {
    for players in [3, 4, 6] {
        offered_actions_have_integers(&with_options::<PiratesFlag>(json!({ "players": players })), 40);
    }
}

#[test]
fn the_draft_and_placement_are_in_the_space_only_when_played() {
    let plain = ActionCodec::new(&with_options::<LyingPirates>(json!({}))).unwrap();
    let placement = ActionCodec::new(&with_options::<LyingPirates>(json!({"setup": "placement"}))).unwrap();
    let kinds = |codec: &ActionCodec<LyingPirates>, kind: &str| {
        codec.space().iter().filter(|a| serde_json::to_value(a).unwrap()["kind"] == kind).count()
    };
    assert_eq!((kinds(&plain, "draft"), kinds(&plain, "place")), (0, 0));
    // 33 card kinds: multisets of 3, 2 and 1; 21 tiles on 13 open spaces.
    assert_eq!(kinds(&placement, "draft"), 6545 + 561 + 33);
    assert_eq!(kinds(&placement, "place"), 21 * 13);
    assert_eq!(placement.len() - plain.len(), 6545 + 561 + 33 + 21 * 13, "the rest of the space is the same");
}

#[test]
fn liars_dice_tensors_without_the_view_are_the_views_in_every_position() {
    for options in [
        json!({}),
        json!({"players": 3, "dice": 3, "exact": true, "length": "to_last_die"}),
        json!({"players": 4, "dice": 2, "faces": 4, "wild": "ones", "exact": true, "length": "to_last_die"}),
    ] {
        let game = with_options::<LiarsDice>(options);
        let mut rng = Rng::seeded(11);
        let mut positions = 0;
        // Every position, chance (dice half rolled) and the end included, for every seat.
        let mut check = |state: &<LiarsDice as Game>::State| {
            for kind in [TensorKind::InformationState, TensorKind::Observation] {
                let len = tensor_len(&game, kind);
                for seat in Seat::all(game.seats()) {
                    let (mut fast, mut from_view) = (vec![f32::NAN; len], vec![f32::NAN; len]);
                    write_tensor(&game, state, seat, kind, &mut fast);
                    write_view_tensor(&game, state, seat, kind, &mut from_view);
                    assert_eq!(fast, from_view, "{seat}'s {kind:?} tensor");
                }
            }
            positions += 1;
        };
        for i in 0..200u64 {
            let mut bots: Vec<Box<dyn Bot<LiarsDice>>> =
                (0..game.seats() as u64).map(|s| make_bot::<LiarsDice>("random", i * 8 + s).unwrap()).collect();
            play_game_watched(&game, &mut bots, &mut rng, game.facts().max_steps, &mut check).unwrap();
        }
        assert!(positions > 1000, "{positions} positions");
    }
}

/// Each game's tensors under its default options: the layouts and the tensors' lengths.
struct Layouts;

impl GameVisitor for Layouts {
    type Output = Vec<(TensorKind, TensorLayout, usize)>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let game = G::new(G::Options::default()).unwrap();
        let actions = ActionCodec::new(&game).map_or(0, |c| c.len());
        [TensorKind::Observation, TensorKind::InformationState]
            .into_iter()
            .map(|kind| {
                assert_eq!(
                    game.tensor_layout(kind).is_some(),
                    game.tensor_len(kind).is_some(),
                    "{}: a game's own {kind:?} tensor has a layout",
                    G::ID
                );
                (kind, tensor_layout(&game, kind, actions), tensor_len(&game, kind))
            })
            .collect()
    }
}

#[test]
fn every_tensor_is_covered_by_its_layout() {
    for id in game_ids() {
        for (kind, layout, len) in with_game(id, Layouts).unwrap() {
            layout.check().unwrap_or_else(|e| panic!("{id}: {kind:?}: {e}"));
            assert_eq!(layout.len(), len, "{id}: the {kind:?} layout covers the tensor exactly");
        }
    }
}

const LAYOUT_START: &str =
    "<!-- tensor layouts: made by the encoding test (UPDATE_GOLDEN=1); edit the game's code, not this -->";
const LAYOUT_END: &str = "<!-- end of tensor layouts -->";

/// The generated part of a rules doc's "Tensors" section.
fn layout_text(layouts: &[(TensorKind, TensorLayout, usize)]) -> String {
    let mut out = String::new();
    for (kind, layout, len) in layouts {
        let name = match kind {
            TensorKind::Observation => "Observation",
            TensorKind::InformationState => "Information state",
        };
        out += &format!("\n**{name}** ({len} numbers under the default options):\n\n{}", layout.markdown());
    }
    out
}

#[test]
fn each_rules_doc_prints_its_tensor_layouts() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for id in game_ids() {
        let path = docs.join(format!("{id}.md"));
        let doc = std::fs::read_to_string(&path).unwrap();
        let block = format!("{LAYOUT_START}\n{}\n{LAYOUT_END}", layout_text(&with_game(id, Layouts).unwrap()));
        let current = match (doc.find(LAYOUT_START), doc.find(LAYOUT_END)) {
            (Some(start), Some(end)) => Some((start, end + LAYOUT_END.len())),
            _ => None,
        };
        if update {
            let new = match current {
                Some((start, end)) => format!("{}{block}{}", &doc[..start], &doc[end..]),
                None => format!("{}\n\n## Tensors\n\n{block}\n", doc.trim_end()),
            };
            std::fs::write(&path, new).unwrap();
            continue;
        }
        let (start, end) =
            current.unwrap_or_else(|| panic!("{id}.md has no tensor layouts (UPDATE_GOLDEN=1 adds them)"));
        assert_eq!(
            &doc[start..end],
            block,
            "{id}.md's tensor layouts are stale: UPDATE_GOLDEN=1 cargo test -p plunder-games --test encoding"
        );
    }
}

/// Plays random games of `G` and checks, for every seat at every decision, that the information-state tensor is
/// a function of the perfect-recall key and counts the seat's own actions after its observation.
struct RecallIsAFunctionOfTheKey;

impl GameVisitor for RecallIsAFunctionOfTheKey {
    type Output = ();
    fn visit<G: Roster + Narrate>(self) {
        let game = G::new(G::Options::default()).unwrap();
        if !plunder_core::encoding::needs_past(&game, TensorKind::InformationState) {
            return;
        }
        let codec = ActionCodec::new(&game).unwrap();
        let len = tensor_len(&game, TensorKind::InformationState);
        let obs_len = tensor_len(&game, TensorKind::Observation);
        let mut seen = std::collections::HashMap::new();
        let mut rng = Rng::seeded(3);
        let mut legal = Vec::new();
        for game_no in 0..3u64 {
            let mut session = Session::new(game.clone(), game_no, ChanceMode::Sampled);
            let mut taken = vec![0usize; game.seats()];
            for _ in 0..300 {
                let Status::Decide(seats) = session.status() else { break };
                let seat = seats.iter().next().unwrap();
                let mut info = vec![f32::NAN; len];
                write_session_tensor(&session, Some(&codec), seat, TensorKind::InformationState, &mut info);
                let mut obs = vec![f32::NAN; obs_len];
                write_tensor(&game, session.state(), seat, TensorKind::Observation, &mut obs);
                assert_eq!(info[..obs_len], obs[..], "{}: the information state starts with the observation", G::ID);
                assert_eq!(info[obs_len..].iter().sum::<f32>() as usize, taken[seat.index()], "{}: own actions", G::ID);
                let bits: Vec<u32> = info.iter().map(|x| x.to_bits()).collect();
                let key = (seat, session.information_state(seat));
                assert_eq!(seen.entry(key).or_insert_with(|| bits.clone()), &bits, "{}: one tensor a key", G::ID);
                legal.clear();
                game.legal_actions(session.state(), seat, &mut legal);
                session.play(seat, legal[rng.index(legal.len())].clone()).unwrap();
                taken[seat.index()] += 1;
            }
        }
    }
}

#[test]
fn the_information_state_tensor_remembers_the_seats_own_actions() {
    for id in game_ids() {
        with_game(id, RecallIsAFunctionOfTheKey).unwrap();
    }
}
