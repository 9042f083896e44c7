//! Simulations say something about a card, tile or ability only if a bot uses it: in seeded games of each
//! game's best bot through the core's `play_game`, every piece of the content is played.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use plunder_core::{make_bot, play_game, Bot, Game, Rng, Roster, Turn};
use plunder_games::lying_pirates::{self, LyingPirates, Options, Setup};
use plunder_games::pirate_haven::{Action as HavenAction, Options as HavenOptions, Phase as HavenPhase, PirateHaven};

/// What the bots did, as names: `play CARD`, `CAPTAIN: ACTION`, `take TILE`, `ACTION`.
type Noted = Arc<Mutex<BTreeSet<String>>>;

/// A bot that notes what it does, and otherwise plays as the bot it wraps.
struct Noting<G: Game> {
    inner: Box<dyn Bot<G>>,
    noted: Noted,
    note: fn(&Turn<'_, G>, &G::Action) -> Vec<String>,
}

impl<G: Game> std::fmt::Debug for Noting<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Noting")
    }
}

impl<G: Game> Bot<G> for Noting<G> {
    fn act(&mut self, turn: &Turn<'_, G>) -> G::Action {
        let action = self.inner.act(turn);
        self.noted.lock().expect("one thread").extend((self.note)(turn, &action));
        action
    }
}

/// Plays `games` seeded games of `bot` at every seat, each game's options from `options(i)`, until `wanted` is
/// all noted; returns what was never noted.
fn unnoted<G: Roster>(
    games: u64,
    players: u64,
    options: impl Fn(u64) -> G,
    bot: &str,
    note: fn(&Turn<'_, G>, &G::Action) -> Vec<String>,
    wanted: &BTreeSet<String>,
) -> Vec<String> {
    let noted: Noted = Arc::default();
    for i in 0..games {
        if wanted.is_subset(&noted.lock().expect("one thread")) {
            eprintln!("{bot}: everything done within {i} games");
            break;
        }
        let g = options(i);
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..players)
            .map(|seat| {
                let inner = make_bot::<G>(bot, i * 8 + seat).expect("the game's bot");
                Box::new(Noting { inner, noted: noted.clone(), note }) as Box<dyn Bot<G>>
            })
            .collect();
        play_game(&g, &mut bots, &mut Rng::stream(7, i), 1_000_000).expect("bots play legally");
    }
    let noted = noted.lock().expect("one thread");
    wanted.difference(&noted).cloned().collect()
}

fn note_lying_pirates(turn: &Turn<'_, LyingPirates>, action: &lying_pirates::Action) -> Vec<String> {
    use lying_pirates::Action::*;
    let v = turn.view;
    let captain = v.captains.get(turn.seat.index()).cloned().unwrap_or_default();
    let mut noted = Vec::new();
    match *action {
        Play { card, .. } => noted.push(format!("play {}", turn.game.content.cards[card as usize].id)),
        Ability => noted.push(format!("{captain}: ability")),
        Buy => noted.push(format!("{captain}: buy")),
        PassCurse { .. } => noted.push(format!("{captain}: pass the curse")),
        Reroll => noted.push(format!("{captain}: reroll")),
        _ => {}
    }
    noted
}

/// Game `i` of the Lying Pirates run: four captains from the eight in turn, the full deck, and every other game
/// with its tiles dealt, placed and drafted.
fn lying_pirates_game(i: u64) -> LyingPirates {
    let ids = lying_pirates::captain_ids().expect("captains");
    let captains = (0..4).map(|seat| ids[(i as usize * 3 + seat) % ids.len()].clone()).collect();
    let setup = if i.is_multiple_of(2) { Setup::FirstGame } else { Setup::Placement };
    LyingPirates::new(Options { captains, setup, ..Options::for_players(4) }).expect("valid options")
}

#[test]
fn the_captain_bot_plays_every_card_and_captain_ability() {
    let g = lying_pirates_game(0);
    let mut wanted: BTreeSet<String> = g.content.cards.iter().map(|c| format!("play {}", c.id)).collect();
    // The abilities that are decisions: Nell's move, Quill's cheap cards, Hook's cheap curse pass, Sal's free
    // reroll (every purchase, pass or reroll of theirs uses them). The passive ones (Barrelbelly's cup, Dara's duels, Gideon's Ghost Die, Bess's coin) act without
    // a decision.
    wanted.extend(
        [
            "navigator-nell: ability",
            "quartermaster-quill: buy",
            "hexmaster-hook: pass the curse",
            "silver-tongue-sal: reroll",
        ]
        .map(String::from),
    );
    let never = unnoted(120, 4, lying_pirates_game, "captain", note_lying_pirates, &wanted);
    assert!(never.is_empty(), "never done by the captain bot in 120 games: {never:?}");
}

fn note_pirate_haven(turn: &Turn<'_, PirateHaven>, action: &HavenAction) -> Vec<String> {
    let state = &turn.view.table;
    let kind = format!("{action:?}").split([' ', '{']).next().unwrap_or_default().to_string();
    let mut noted = vec![kind];
    match *action {
        HavenAction::Take => {
            let slot = state.pos[turn.seat.index()] as usize - 1;
            if let Some(tile) = state.map[slot].tile {
                noted.push(format!("take {}", turn.game.tile_name(tile)));
            }
        }
        HavenAction::PlaceChest { .. } => {
            if let HavenPhase::PlaceChest { kind, .. } = state.phase {
                noted.push(format!("take {}", turn.game.tile_name(kind)));
            }
        }
        _ => {}
    }
    noted
}

fn haven() -> PirateHaven {
    PirateHaven::new(HavenOptions::for_players(4)).expect("valid options")
}

#[test]
fn the_greedy_bot_takes_every_tile_and_uses_every_action() {
    let g = haven();
    let c = g.content();
    let mut wanted: BTreeSet<String> = c.round_kinds.iter().map(|&k| format!("take {}", g.tile_name(k))).collect();
    wanted.extend(c.chest_kinds.iter().map(|&k| format!("take {}", g.tile_name(k))));
    wanted.extend(
        [
            "Travel",
            "Leave",
            "Take",
            "Discard",
            "PlaceTile",
            "PlaceItem",
            "BuyChest",
            "Pay",
            "PlaceChest",
            "CoupSpend",
            "CoupStop",
            "CoupRaise",
            "Reroll",
            "MoveItem",
            "MoveTile",
            "Skip",
        ]
        .map(String::from),
    );
    let never = unnoted(20, 4, |_| haven(), "greedy", note_pirate_haven, &wanted);
    assert!(never.is_empty(), "never done by the greedy bot in 20 games: {never:?}");
}
