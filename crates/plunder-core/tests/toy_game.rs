//! A tiny test-only card game, "Last Word", that uses what Loot Pirates does not: hidden hands dealt by chance,
//! and responses on anyone's turn resolved last in, first out (`priority::Window`). It shows the core fits such
//! games, and, in a leaky variant, that the conformance suite catches a view that shows another seat's hand.
//!
//! Rules: each seat is dealt 3 cards worth 0-3. Each round the leader opens a window; in turn, seats may play a
//! card onto the stack, pass, or auto-pass for good. When all pass, the top card resolves: a 0 cancels the card
//! under it; any other card scores its value for its owner. Highest score after `rounds` rounds wins.

use std::fmt;

use plunder_core::priority::{AfterPass, Window};
use plunder_core::{
    conformance, ChanceMode, Facts, Game, InfoStates, OptionsError, Outcome, Rng, Seat, SeatSet, Session, Status,
    Utility, Viewer,
};
use serde::{Deserialize, Serialize};

const HAND: usize = 3;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Options {
    seats: u8,
    rounds: u8,
    /// The bug the suite must catch: every view shows every hand.
    leaky: bool,
    /// Other bugs the suite must catch: a fact that play contradicts.
    false_fact: Option<FalseFact>,
}

#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
enum FalseFact {
    ZeroSum,
    Simultaneous,
    NoHiddenInformation,
    NoChance,
    TooFewSteps,
}

#[derive(Clone, Debug)]
struct LastWord(Options);

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Action {
    Play { slot: u8 },
    Pass,
    AutoPass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play { slot } => write!(f, "play card {slot}"),
            Action::Pass => f.write_str("pass"),
            Action::AutoPass => f.write_str("never respond"),
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Deal {
    seat: Seat,
    value: u8,
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is dealt a {}", self.seat, self.value)
    }
}

#[derive(Clone, Debug, PartialEq)]
struct State {
    hands: [[Option<u8>; HAND]; 4],
    dealt: u8,
    scores: [i32; 4],
    round: u8,
    window: Window<u8>,
    auto_pass: SeatSet,
    over: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct View {
    seat: Option<Seat>,
    my_hand: Vec<Option<u8>>,
    hand_sizes: Vec<usize>,
    all_hands: Option<Vec<Vec<Option<u8>>>>,
    stack: Vec<(Seat, u8)>,
    holder: Option<Seat>,
    scores: Vec<i32>,
    round: u8,
    auto_pass: SeatSet,
}

impl LastWord {
    fn n(&self) -> usize {
        self.0.seats as usize
    }

    fn open_round(&self, s: &mut State) {
        let leader = Seat(s.round % self.0.seats);
        s.window = Window::open(self.n(), leader, SeatSet::first(self.n()), s.auto_pass);
        self.settle(s);
    }

    /// Resolves and advances until someone can act or the game ends.
    fn settle(&self, s: &mut State) {
        loop {
            if s.window.holder().is_some() {
                return;
            }
            match s.window.settle() {
                AfterPass::Waiting => return,
                AfterPass::Resolve { seat, item } => self.resolve(s, seat, item),
                AfterPass::Closed => {
                    s.round += 1;
                    if s.round >= self.0.rounds {
                        s.over = true;
                        return;
                    }
                    let leader = Seat(s.round % self.0.seats);
                    s.window = Window::open(self.n(), leader, SeatSet::first(self.n()), s.auto_pass);
                }
            }
        }
    }

    fn resolve(&self, s: &mut State, seat: Seat, value: u8) {
        if value == 0 {
            s.window.cancel_top();
        } else {
            s.scores[seat.index()] += value as i32;
        }
    }
}

impl Game for LastWord {
    type Options = Options;
    type State = State;
    type Action = Action;
    type Chance = Deal;
    type View = View;
    const ID: &'static str = "last-word";
    const NAME: &'static str = "Last Word";

    fn new(options: Options) -> Result<Self, OptionsError> {
        if !(2..=4).contains(&options.seats) || options.rounds == 0 {
            return Err(OptionsError::new("2-4 seats and at least 1 round"));
        }
        Ok(LastWord(options))
    }
    fn options(&self) -> &Options {
        &self.0
    }
    fn options_for_players(players: usize) -> Options {
        Options { seats: players as u8, rounds: 4, ..Options::default() }
    }
    fn seats(&self) -> usize {
        self.n()
    }
    fn initial_state(&self) -> State {
        State {
            hands: [[None; HAND]; 4],
            dealt: 0,
            scores: [0; 4],
            round: 0,
            window: Window::open(self.n(), Seat(0), SeatSet::EMPTY, SeatSet::EMPTY),
            auto_pass: SeatSet::EMPTY,
            over: false,
        }
    }
    fn status(&self, s: &State) -> Status {
        if s.over {
            Status::Over
        } else if (s.dealt as usize) < HAND * self.n() {
            Status::Chance
        } else {
            Status::Decide(SeatSet::only(s.window.holder().expect("settled windows have a holder")))
        }
    }
    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        out.push(Action::AutoPass);
        for (slot, card) in s.hands[seat.index()].iter().enumerate() {
            if card.is_some() {
                out.push(Action::Play { slot: slot as u8 });
            }
        }
    }
    fn apply_unchecked(&self, s: &mut State, seat: Seat, action: &Action) {
        match *action {
            Action::Play { slot } => {
                let value = s.hands[seat.index()][slot as usize].take().expect("a legal card");
                s.window.respond(seat, value).ok();
            }
            Action::Pass => {
                if let Ok(AfterPass::Resolve { seat, item }) = s.window.pass(seat) {
                    self.resolve(s, seat, item);
                }
            }
            Action::AutoPass => {
                s.auto_pass.insert(seat);
                s.window.set_auto_pass(seat);
            }
        }
        self.settle(s);
    }
    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Deal, f64)>) {
        let seat = Seat(s.dealt / HAND as u8);
        out.extend((0..4).map(|value| (Deal { seat, value }, 0.25)));
    }
    fn apply_chance_unchecked(&self, s: &mut State, deal: &Deal) {
        s.hands[deal.seat.index()][s.dealt as usize % HAND] = Some(deal.value);
        s.dealt += 1;
        if s.dealt as usize == HAND * self.n() {
            self.open_round(s);
        }
    }
    fn view(&self, s: &State, viewer: Viewer) -> View {
        let n = self.n();
        View {
            seat: viewer.seat(),
            my_hand: viewer.seat().map_or(Vec::new(), |me| s.hands[me.index()].to_vec()),
            hand_sizes: (0..n).map(|i| s.hands[i].iter().flatten().count()).collect(),
            all_hands: self.0.leaky.then(|| (0..n).map(|i| s.hands[i].to_vec()).collect()),
            stack: s.window.stack().collect(),
            holder: if s.over || (s.dealt as usize) < HAND * n { None } else { s.window.holder() },
            scores: s.scores[..n].to_vec(),
            round: s.round,
            auto_pass: s.auto_pass,
        }
    }
    fn determinize(&self, s: &State, seat: Seat, rng: &mut Rng) -> State {
        let mut sampled = s.clone();
        for other in Seat::all(self.n()).filter(|&o| o != seat) {
            for card in sampled.hands[other.index()].iter_mut().flatten() {
                *card = rng.below(4) as u8;
            }
        }
        sampled
    }
    fn outcome(&self, s: &State) -> Option<Outcome> {
        let best = *s.scores[..self.n()].iter().max()?;
        s.over.then(|| {
            Outcome::shared_win(Seat::all(self.n()).filter(|x| s.scores[x.index()] == best).collect(), self.n())
        })
    }
    fn round(&self, s: &State) -> u32 {
        s.round as u32 + 1
    }
    fn facts(&self) -> Facts {
        let (n, rounds) = (self.n() as u64, self.0.rounds as u64);
        // Deals, then plays and auto-passes (each at most once per card or seat); between two changes of the
        // window (a play, a resolution, a new round) each seat passes at most once.
        let changes = 2 * HAND as u64 * n + rounds + 1;
        let lie = self.0.false_fact;
        Facts {
            min_players: 2,
            max_players: 4,
            min_payoff: 0.0,
            max_payoff: 1.0,
            utility: if lie == Some(FalseFact::ZeroSum) {
                Utility::ZeroSum
            } else {
                Utility::ConstantSum { total: 1.0 }
            },
            max_steps: if lie == Some(FalseFact::TooFewSteps) {
                HAND as u64 * n
            } else {
                HAND as u64 * n + (HAND as u64 + 1) * n + changes * n
            },
            chance: lie != Some(FalseFact::NoChance),
            hidden_information: lie != Some(FalseFact::NoHiddenInformation),
            simultaneous: lie == Some(FalseFact::Simultaneous),
        }
    }
}

#[test]
fn a_game_with_hidden_hands_and_a_response_stack_conforms() {
    for seats in 2..=4 {
        conformance::check(&LastWord::new(Options { seats, rounds: 5, ..Options::default() }).unwrap());
    }
}

#[test]
#[should_panic(expected = "the view holds something hidden from it")]
fn the_suite_catches_a_view_that_shows_another_seats_hand() {
    conformance::check(&LastWord::new(Options { seats: 3, rounds: 3, leaky: true, ..Options::default() }).unwrap());
}

fn check_with_false_fact(fact: FalseFact) {
    conformance::check(
        &LastWord::new(Options { seats: 3, rounds: 3, false_fact: Some(fact), ..Options::default() }).unwrap(),
    );
}

#[test]
#[should_panic(expected = "break the facts")]
fn the_suite_catches_a_false_utility() {
    check_with_false_fact(FalseFact::ZeroSum);
}

#[test]
#[should_panic(expected = "several seats decided at once: false, the facts say true")]
fn the_suite_catches_a_false_simultaneous_fact() {
    check_with_false_fact(FalseFact::Simultaneous);
}

#[test]
#[should_panic(expected = "a game without hidden information redrew a state")]
fn the_suite_catches_a_false_hidden_information_fact() {
    check_with_false_fact(FalseFact::NoHiddenInformation);
}

#[test]
#[should_panic(expected = "chance events were seen: true, the facts say false")]
fn the_suite_catches_a_false_chance_fact() {
    check_with_false_fact(FalseFact::NoChance);
}

#[test]
#[should_panic(expected = "but the facts promise at most")]
fn the_suite_catches_a_step_bound_that_play_exceeds() {
    check_with_false_fact(FalseFact::TooFewSteps);
}

#[test]
fn cards_resolve_last_in_first_out_and_a_zero_cancels() {
    let game = LastWord::new(Options { seats: 2, rounds: 1, ..Options::default() }).unwrap();
    let mut s = game.initial_state();
    for value in [3, 2, 1, 0, 2, 1] {
        let seat = Seat(s.dealt / HAND as u8);
        plunder_core::supply_chance(&game, &mut s, &Deal { seat, value }).unwrap();
    }
    // Seat 0 plays its 3; seat 1 cancels it with its 0; seat 0 plays its 2 on top.
    plunder_core::play(&game, &mut s, Seat(0), &Action::Play { slot: 0 }).unwrap();
    plunder_core::play(&game, &mut s, Seat(1), &Action::Play { slot: 0 }).unwrap();
    plunder_core::play(&game, &mut s, Seat(0), &Action::Play { slot: 1 }).unwrap();
    assert_eq!(game.view(&s, Viewer::Spectator).stack, vec![(Seat(0), 3), (Seat(1), 0), (Seat(0), 2)]);
    plunder_core::play(&game, &mut s, Seat(1), &Action::Pass).unwrap();
    plunder_core::play(&game, &mut s, Seat(0), &Action::Pass).unwrap();
    assert_eq!(s.scores[0], 2, "the 2 resolved first");
    // Now the 0 resolves, cancelling the 3 beneath it; then everyone passes and the game ends.
    plunder_core::play(&game, &mut s, Seat(0), &Action::Pass).unwrap();
    plunder_core::play(&game, &mut s, Seat(1), &Action::Pass).unwrap();
    assert_eq!(game.view(&s, Viewer::Spectator).stack, vec![]);
    plunder_core::play(&game, &mut s, Seat(0), &Action::Pass).unwrap();
    plunder_core::play(&game, &mut s, Seat(1), &Action::Pass).unwrap();
    assert_eq!(game.status(&s), Status::Over);
    assert_eq!(s.scores[..2], [2, 0]);
}

/// A scripted two-seat game: `deals` are the six dealt values (seat 0's three, then seat 1's), then `actions`.
fn scripted(deals: [u8; 6], actions: &[(u8, Action)]) -> Session<LastWord> {
    let game = LastWord::new(Options { seats: 2, rounds: 2, ..Options::default() }).unwrap();
    let mut session = Session::new(game, 0, ChanceMode::Scripted);
    for (i, value) in deals.into_iter().enumerate() {
        session.supply_chance(Deal { seat: Seat(i as u8 / HAND as u8), value }).unwrap();
    }
    for (seat, action) in actions {
        session.play(Seat(*seat), *action).unwrap();
    }
    session
}

#[test]
fn a_secret_hidden_from_a_seat_does_not_change_its_information_state() {
    let base = scripted([1, 2, 3, 0, 1, 2], &[(0, Action::Pass)]);
    let other_hand = scripted([1, 2, 3, 3, 3, 3], &[(0, Action::Pass)]);
    assert_eq!(
        base.information_state(Seat(0)),
        other_hand.information_state(Seat(0)),
        "seat 0 never saw seat 1's hand"
    );
    assert_ne!(base.information_state(Seat(1)), other_hand.information_state(Seat(1)), "seat 1 saw its own hand");
    // Once seat 1 plays a card from the hand, seat 0 sees it on the stack.
    let play = [(0, Action::Pass), (1, Action::Play { slot: 0 })];
    assert_ne!(
        scripted([1, 2, 3, 0, 1, 2], &play).information_state(Seat(0)),
        scripted([1, 2, 3, 3, 3, 3], &play).information_state(Seat(0)),
        "a played card is seen"
    );
}

#[test]
fn what_a_seat_saw_or_did_changes_its_information_state() {
    let base = scripted([1, 2, 3, 0, 1, 2], &[(0, Action::Pass)]);
    let own_hand = scripted([3, 2, 3, 0, 1, 2], &[(0, Action::Pass)]);
    assert_ne!(base.information_state(Seat(0)), own_hand.information_state(Seat(0)), "seat 0 saw its own card");
    let own_action = scripted([1, 2, 3, 0, 1, 2], &[(0, Action::AutoPass)]);
    assert_ne!(base.information_state(Seat(0)), own_action.information_state(Seat(0)), "seat 0 acted otherwise");
}

#[test]
fn information_states_survive_replay_and_fold_repeated_views() {
    let session = scripted([1, 2, 3, 0, 1, 2], &[(0, Action::Play { slot: 2 }), (1, Action::Pass)]);
    let replayed = Session::<LastWord>::replay(&session.record()).unwrap();
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(replayed.information_state(seat), session.information_state(seat));
    }
    // A step that shows a seat nothing new adds nothing to what it knows.
    let (game, state) = (session.game(), session.state());
    let mut info = InfoStates::with_trail(game, state);
    let before = (info.key(Seat(0)), info.trail(Seat(0)).unwrap().len());
    info.after_chance(game, state);
    assert_eq!((info.key(Seat(0)), info.trail(Seat(0)).unwrap().len()), before);
    info.after_action(game, state, Seat(0), &Action::Pass);
    assert_ne!(info.key(Seat(0)), before.0, "its own action is information");
    assert_eq!(info.trail(Seat(0)).unwrap().last().unwrap(), r#"action {"type":"pass"}"#);
    assert_eq!(info.key(Seat(1)), InfoStates::new(game, state).key(Seat(1)), "another seat's action is not");
}
