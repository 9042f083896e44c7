//! The lockstep leak check: two twins of a game that differ in one secret (a die, a card, a hidden choice)
//! must look the same to every seat that cannot see the secret, until the rules reveal it.
//!
//! A seeded random game is played through. At some steps a twin B is made that takes another chance outcome
//! or another action of the same seat; the seats whose view right after is the same in both twins are the ones
//! the difference is hidden from. Both twins then play on in lockstep, with the same actions and outcomes, and
//! at every step, for every such seat until its view first differs (a legitimate reveal): the status, its
//! legal actions, its tensors where the game writes its own, what every bot of the roster (same seed) would play
//! for it (the search bot where the seat's perfect-recall information states are alike too), and the error text
//! for a fixed set of probe actions must be the same in both twins, and so must the events each step tells it
//! (where its view after the step is still alike). Anything else tells the seat the secret.
//!
//! Generic over every game: a game is checked by calling [`check`], with nothing written per game.

use crate::{
    check as check_action, play_told, supply_chance_told, Game, InfoStates, PlayError, Rng, Roster, Seat, Status,
    TensorKind, Told, Turn, Viewer,
};

/// The search bot as the check runs it: few simulations, since it searches at every compared seat-step.
const ISMCTS_CHECKED: &str = "ismcts:16";
/// The rollout bot as the check runs it: one round of rollouts over its candidates (it determinizes too).
const ROLLOUT_CHECKED: &str = "rollout:8";
/// Twins are followed at most this many steps after they part.
const LOCKSTEP_STEPS: usize = 400;
/// The most probe actions kept: the latest legal actions seen, so that probes include actions that were legal
/// and no longer are (a lower bid, a spent card), whose error text must not differ either.
const PROBES: usize = 64;
/// A game longer than this many steps is cut off (the conformance suite checks termination).
const GAME_STEPS: usize = 100_000;

/// What a lockstep check compared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Twins made (branches where some seat could not see the difference).
    pub branches: usize,
    /// Seat-steps compared between twins.
    pub comparisons: usize,
}

/// One step of play.
#[derive(Clone, Debug, PartialEq)]
enum Move<G: Game> {
    Act(Seat, G::Action),
    Chance(G::Chance),
}

fn random_move<G: Game>(game: &G, state: &G::State, rng: &mut Rng) -> Option<Move<G>> {
    match game.status(state) {
        Status::Over => None,
        Status::Chance => Some(Move::Chance(game.sample_chance(state, rng))),
        Status::Decide(seats) => {
            let seats: Vec<Seat> = seats.iter().collect();
            let seat = seats[rng.index(seats.len())];
            let mut legal = Vec::new();
            game.legal_actions(state, seat, &mut legal);
            let action = legal.get(rng.index(legal.len().max(1)))?.clone();
            Some(Move::Act(seat, action))
        }
    }
}

/// Another move than `taken` at the same point: another outcome of the chance event, or another legal action
/// of the same seat.
fn other_move<G: Game>(game: &G, state: &G::State, taken: &Move<G>, rng: &mut Rng) -> Option<Move<G>> {
    let others: Vec<Move<G>> = match taken {
        Move::Chance(outcome) => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(state, &mut outcomes);
            outcomes.into_iter().filter(|(o, p)| o != outcome && *p > 0.0).map(|(o, _)| Move::Chance(o)).collect()
        }
        Move::Act(seat, action) => {
            let mut legal = Vec::new();
            game.legal_actions(state, *seat, &mut legal);
            legal.into_iter().filter(|a| a != action).map(|a| Move::Act(*seat, a)).collect()
        }
    };
    (!others.is_empty()).then(|| others[rng.index(others.len())].clone())
}

/// Plays `step`, returning the events it told.
fn apply<G: Game>(game: &G, state: &mut G::State, step: &Move<G>) -> Result<Vec<Told<G::Event>>, PlayError> {
    let mut told = Vec::new();
    match step {
        Move::Act(seat, action) => play_told(game, state, *seat, action, &mut told)?,
        Move::Chance(outcome) => supply_chance_told(game, state, outcome, &mut told)?,
    }
    Ok(told)
}

/// The first viewer of `viewers` told other events in one twin than in the other, with both.
fn told_apart<'a, E: PartialEq>(
    viewers: &[Viewer],
    a: &'a [Told<E>],
    b: &'a [Told<E>],
) -> Option<(Viewer, Vec<&'a E>, Vec<&'a E>)> {
    viewers.iter().find_map(|&v| {
        let seen = |told: &'a [Told<E>]| told.iter().filter_map(|t| t.seen_by(v)).collect::<Vec<_>>();
        let (in_a, in_b) = (seen(a), seen(b));
        (in_a != in_b).then_some((v, in_a, in_b))
    })
}

/// Adds `step`, which led to `state`, to every seat's information state.
fn remember<G: Game>(game: &G, infos: &mut InfoStates, state: &G::State, step: &Move<G>) {
    match step {
        Move::Act(seat, action) => infos.after_action(game, state, *seat, action),
        Move::Chance(_) => infos.after_chance(game, state),
    }
}

/// Plays seeded random games of `game` and makes up to `max_branches` twins; the first leak is the error.
/// The search bot is left out (see [`check_with_search`]).
pub fn check<G: Roster>(game: &G, seed: u64, max_branches: usize) -> Result<Report, String> {
    check_twins(game, seed, max_branches, Search::None)
}

/// [`check`], also comparing the search bot (`ismcts`) wherever the seat's perfect-recall information states
/// are alike in both twins: its determinizations must then not tell the twins apart. Slower: it searches at
/// every compared seat-step.
pub fn check_with_search<G: Roster>(game: &G, seed: u64, max_branches: usize) -> Result<Report, String> {
    check_twins(game, seed, max_branches, Search::Ismcts)
}

/// [`check_with_search`], also comparing the rollout bot (`rollout`), which determinizes too and plays the
/// game's best bot out from each world. Slower still: a comparison plays several whole games.
pub fn check_with_searches<G: Roster>(game: &G, seed: u64, max_branches: usize) -> Result<Report, String> {
    check_twins(game, seed, max_branches, Search::IsmctsAndRollout)
}

/// Which search bots a check compares.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Search {
    None,
    Ismcts,
    IsmctsAndRollout,
}

fn check_twins<G: Roster>(game: &G, seed: u64, max_branches: usize, search: Search) -> Result<Report, String> {
    let mut rng = Rng::seeded(seed);
    let mut state = game.initial_state();
    let mut infos = InfoStates::new(game, &state);
    let mut report = Report::default();
    for step in 0..GAME_STEPS {
        if report.branches >= max_branches {
            break;
        }
        let Some(taken) = random_move(game, &state, &mut rng) else { break };
        if rng.below(3) == 0 {
            if let Some(other) = other_move(game, &state, &taken, &mut rng) {
                let (mut a, mut b) = (state.clone(), state.clone());
                let told_a = apply(game, &mut a, &taken).map_err(|e| format!("step {step}: {e}"))?;
                let told_b = apply(game, &mut b, &other).map_err(|e| format!("step {step}: {e}"))?;
                let (mut recall_a, mut recall_b) = (infos.clone(), infos.clone());
                remember(game, &mut recall_a, &a, &taken);
                remember(game, &mut recall_b, &b, &other);
                let mut viewers: Vec<Viewer> = Seat::all(game.seats()).map(Viewer::Seat).collect();
                viewers.push(Viewer::Spectator);
                viewers.retain(|&v| game.view(&a, v) == game.view(&b, v));
                if let Some((viewer, in_a, in_b)) = told_apart(&viewers, &told_a, &told_b) {
                    return Err(format!(
                        "{} seed {seed}, step {step} ({taken:?} / {other:?}): {viewer:?} sees the same view but is \
                         told {in_a:?} / {in_b:?}",
                        G::ID
                    ));
                }
                if !viewers.is_empty() {
                    report.branches += 1;
                    let why = |e: String| {
                        format!("{} seed {seed}, twins made at step {step} ({taken:?} / {other:?}): {e}", G::ID)
                    };
                    let twins = Twins { a, b, recall_a, recall_b };
                    report.comparisons += lockstep(game, twins, viewers, search, rng.next_u64()).map_err(why)?;
                }
            }
        }
        apply(game, &mut state, &taken).map_err(|e| format!("step {step}: a random legal move was refused: {e}"))?;
        remember(game, &mut infos, &state, &taken);
    }
    Ok(report)
}

/// Two twins and every seat's perfect-recall information state in each.
struct Twins<G: Game> {
    a: G::State,
    b: G::State,
    recall_a: InfoStates,
    recall_b: InfoStates,
}

/// Follows twins `a` and `b` while some of `watching` sees them alike; returns the seat-steps compared.
fn lockstep<G: Roster>(
    game: &G,
    twins: Twins<G>,
    mut watching: Vec<Viewer>,
    search: Search,
    seed: u64,
) -> Result<usize, String> {
    let Twins { mut a, mut b, mut recall_a, mut recall_b } = twins;
    let mut rng = Rng::seeded(seed);
    let mut comparisons = 0;
    let mut probes: Vec<G::Action> = Vec::new();
    for step in 0..LOCKSTEP_STEPS {
        watching.retain(|&v| game.view(&a, v) == game.view(&b, v));
        if watching.is_empty() {
            break;
        }
        if game.status(&a) != game.status(&b) {
            return Err(format!(
                "{step} steps on, the status differs ({:?} / {:?}) with views alike for {watching:?}",
                game.status(&a),
                game.status(&b)
            ));
        }
        for action in deciding_actions(game, &a) {
            if !probes.contains(&action) {
                probes.push(action);
            }
        }
        let excess = probes.len().saturating_sub(PROBES);
        probes.drain(..excess);
        for seat in watching.iter().filter_map(|v| v.seat()) {
            let alike = search != Search::None && recall_a.key(seat) == recall_b.key(seat);
            let with_search = if alike { search } else { Search::None };
            compare_seat(game, &a, &b, seat, &probes, with_search, seed ^ step as u64)
                .map_err(|e| format!("{step} steps on, {seat} sees the same view but {e}"))?;
            comparisons += 1;
        }
        let Some(next) = random_move(game, &a, &mut rng) else { break };
        let Ok(told_b) = apply(game, &mut b, &next) else {
            // The secret decides what may happen next (its holder's own options): the twins part here.
            break;
        };
        let told_a = apply(game, &mut a, &next).map_err(|e| format!("a random legal move was refused: {e}"))?;
        let alike: Vec<Viewer> = watching.iter().copied().filter(|&v| game.view(&a, v) == game.view(&b, v)).collect();
        if let Some((viewer, in_a, in_b)) = told_apart(&alike, &told_a, &told_b) {
            return Err(format!(
                "{step} steps on, {viewer:?} sees the same view after {next:?} but is told {in_a:?} / {in_b:?}"
            ));
        }
        remember(game, &mut recall_a, &a, &next);
        remember(game, &mut recall_b, &b, &next);
    }
    Ok(comparisons)
}

/// The actions every seat to act may take now.
fn deciding_actions<G: Game>(game: &G, state: &G::State) -> Vec<G::Action> {
    let mut probes = Vec::new();
    if let Status::Decide(seats) = game.status(state) {
        for seat in seats.iter() {
            game.legal_actions(state, seat, &mut probes);
        }
    }
    probes
}

fn compare_seat<G: Roster>(
    game: &G,
    a: &G::State,
    b: &G::State,
    seat: Seat,
    probes: &[G::Action],
    with_search: Search,
    seed: u64,
) -> Result<(), String> {
    let legal = |state: &G::State| {
        let mut out = Vec::new();
        if matches!(game.status(state), Status::Decide(seats) if seats.contains(seat)) {
            game.legal_actions(state, seat, &mut out);
        }
        out
    };
    let (legal_a, legal_b) = (legal(a), legal(b));
    if legal_a != legal_b {
        return Err(format!("its legal actions differ: {legal_a:?} / {legal_b:?}"));
    }
    for probe in probes.iter().chain(&legal_a) {
        let (in_a, in_b) = (check_action(game, a, seat, probe), check_action(game, b, seat, probe));
        if in_a != in_b {
            return Err(format!("trying {probe} gives {in_a:?} / {in_b:?}"));
        }
    }
    // A game's own tensors may be written without the view (`Game::write_seat_tensor`): they must not tell the
    // twins apart either. (The generic tensor is made from the view, compared already.)
    for kind in
        [TensorKind::InformationState, TensorKind::Observation].into_iter().filter(|&k| game.tensor_len(k).is_some())
    {
        let tensor = |state: &G::State| {
            let mut out = vec![0.0; crate::encoding::tensor_len(game, kind)];
            crate::encoding::write_tensor(game, state, seat, kind, &mut out);
            out
        };
        if tensor(a) != tensor(b) {
            return Err(format!("its {kind:?} tensors differ"));
        }
    }
    if legal_a.is_empty() {
        return Ok(());
    }
    let view_a = game.view(a, Viewer::Seat(seat));
    let view_b = game.view(b, Viewer::Seat(seat));
    // The search bot reads determinized states, which keep everything the seat knows by perfect recall: more
    // than a view that summarizes may show (its own earlier hidden choices, say). So it is compared (when asked)
    // where the seat's perfect-recall information states are alike too, and there it must not tell the twins
    // apart.
    for kind in crate::bot_kinds::<G>() {
        // `medium` and `hard` are the best bot and the rollout bot, checked under their own names.
        if kind.name == crate::levels::MEDIUM_BOT.name || kind.name == crate::levels::HARD_BOT.name {
            continue;
        }
        let name = if kind.name == crate::ISMCTS_BOT.name {
            if with_search == Search::None {
                continue;
            }
            ISMCTS_CHECKED
        } else if kind.name == crate::ROLLOUT_BOT.name {
            if with_search != Search::IsmctsAndRollout {
                continue;
            }
            ROLLOUT_CHECKED
        } else {
            kind.name
        };
        let suggest = |state: &G::State, view: &G::View| {
            crate::make_bot::<G>(name, seed).map(|mut bot| bot.act(&Turn::new(game, state, seat, view, &legal_a)))
        };
        let (in_a, in_b) = (suggest(a, &view_a), suggest(b, &view_b));
        if in_a != in_b {
            return Err(format!("bot {name} suggests {in_a:?} / {in_b:?}"));
        }
    }
    Ok(())
}
