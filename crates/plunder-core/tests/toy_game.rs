//! A tiny test-only card game, "Last Word", that uses what the landed games do not: hidden hands dealt from a
//! hidden deck (`zones`), and answers on anyone's turn on the response stack (`priority::Window`) with every case
//! the card games need: a mirror that turns the card beneath it round, a card that cancels the card beneath it,
//! and a cannon whose resolution starts a roll that every seat may answer in a nested window. It runs the
//! conformance suite; a leaky variant proves the suite catches a view that shows another seat's hand.
//!
//! Rules: a deck of 12 cards (3 Strike, 2 Mirror, 2 Cancel, 2 Cannon, 3 Boost); each seat is dealt 2, and each
//! round's leader draws one. Each round the leader opens a window; seats with priority may play one card per
//! round, pass, or declare that they will never answer again (auto-pass). Cards:
//! - Strike (at another seat): its target loses 2 points.
//! - Mirror (on a Strike): the Strike now hits the seat that played it.
//! - Cancel (on any item): the item beneath it is removed unresolved.
//! - Cannon: its player rolls a die; everyone may answer the roll (Boost); the roll's value is scored.
//! - Boost (on a roll): +2 to the roll.
//!
//! Highest score after `rounds` rounds wins.

use std::fmt;

use plunder_core::priority::{Entry, Now, Window};
use plunder_core::zones::{Visibility, ZoneId, Zones};
use plunder_core::{
    conformance, play, supply_chance, ChanceMode, Facts, Game, InfoStates, OptionsError, Outcome, Rng, Seat, SeatSet,
    Session, Status, Teller, Utility, Viewer,
};
use serde::{Deserialize, Serialize};

const MAX_SEATS: usize = 4;
const HAND: u8 = 2;
const DECK: ZoneId = 0;
const PLAYED: ZoneId = 1;

fn hand(seat: Seat) -> ZoneId {
    2 + seat.0
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Strike,
    Mirror,
    Cancel,
    Cannon,
    Boost,
}

const KINDS: [(Kind, usize); 5] =
    [(Kind::Strike, 3), (Kind::Mirror, 2), (Kind::Cancel, 2), (Kind::Cannon, 2), (Kind::Boost, 3)];

impl Kind {
    fn from_index(i: u8) -> Kind {
        KINDS[i as usize].0
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Options {
    seats: u8,
    rounds: u8,
    /// The bug the suite must catch: every view shows every hand.
    leaky: bool,
    /// Another bug the suite must catch: a fact that play contradicts.
    #[serde(default)]
    false_fact: Option<FalseFact>,
    /// And another: deals are not told, though the seat dealt to sees its new card.
    #[serde(default)]
    untold_deals: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum FalseFact {
    ZeroSum,
    Simultaneous,
    NoHiddenInformation,
    NoChance,
    TooFewSteps,
    TooFewDecisions,
}

#[derive(Clone, Debug)]
struct LastWord(Options);

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Action {
    Play {
        card: Kind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
    },
    Pass,
    AutoPass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play { card, target: Some(t) } => write!(f, "play {card:?} at {t}"),
            Action::Play { card, target: None } => write!(f, "play {card:?}"),
            Action::Pass => f.write_str("pass"),
            Action::AutoPass => f.write_str("never answer again"),
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Chance {
    Deal { seat: Seat, card: Kind },
    Roll { value: u8 },
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Deal { seat, card } => write!(f, "{seat} is dealt {card:?}"),
            Chance::Roll { value } => write!(f, "the cannon rolls {value}"),
        }
    }
}

/// What waits on the stack.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Item {
    Card { card: Kind, target: Option<Seat>, rolled: bool },
    Roll { seat: Seat, value: u8 },
}

#[derive(Clone, Debug, PartialEq)]
struct State {
    cards: Zones<16>,
    to_deal: [u8; MAX_SEATS],
    roll_for: Option<Seat>,
    scores: [i32; MAX_SEATS],
    round: u8,
    window: Window<Item>,
    over: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct View {
    seat: Option<Seat>,
    my_hand: Vec<Kind>,
    hand_sizes: Vec<usize>,
    all_hands: Option<Vec<Vec<Kind>>>,
    deck: usize,
    played: Vec<Kind>,
    stack: Vec<(Option<Seat>, Item)>,
    frames: usize,
    priority: Option<Seat>,
    rolling: Option<Seat>,
    scores: Vec<i32>,
    round: u8,
    auto_pass: SeatSet,
}

impl LastWord {
    fn n(&self) -> usize {
        self.0.seats as usize
    }

    fn hand_kinds(&self, s: &State, seat: Seat) -> Vec<Kind> {
        let mut kinds: Vec<Kind> = s.cards.cards_in(hand(seat)).map(|id| Kind::from_index(s.cards.kind(id))).collect();
        kinds.sort();
        kinds
    }

    fn next_deal(&self, s: &State) -> Option<Seat> {
        Seat::all(self.n()).find(|seat| s.to_deal[seat.index()] > 0)
    }

    fn start_round(&self, s: &mut State) {
        let leader = Seat(s.round % self.0.seats);
        s.window.reopen(leader, SeatSet::first(self.n()));
        if s.cards.count(DECK) > 0 {
            s.to_deal[leader.index()] += 1;
        }
    }

    /// Resolves and moves on until a seat must act, chance must speak, or the game ends.
    fn settle(&self, s: &mut State) {
        loop {
            if self.next_deal(s).is_some() || s.roll_for.is_some() || s.over {
                return;
            }
            match s.window.now() {
                Now::Priority(_) => return,
                Now::Resolving(entry) => self.resolve(s, entry),
                Now::Closed => {
                    s.round += 1;
                    if s.round >= self.0.rounds {
                        s.over = true;
                        return;
                    }
                    self.start_round(s);
                }
            }
        }
    }

    fn resolve(&self, s: &mut State, entry: Entry<Item>) {
        let top = s.window.len() - 1;
        match entry.item {
            Item::Card { card: Kind::Strike, target, .. } => {
                if let Some(t) = target {
                    s.scores[t.index()] -= 2;
                }
            }
            Item::Card { card: Kind::Mirror, .. } => {
                let beneath = top.checked_sub(1).and_then(|i| s.window.get(i));
                if let Some(Entry { by: Some(striker), item: Item::Card { card: Kind::Strike, .. } }) = beneath {
                    if let Some(Item::Card { target, .. }) = s.window.get_mut(top - 1) {
                        *target = Some(striker);
                    }
                }
            }
            Item::Card { card: Kind::Cancel, .. } => {
                if top > 0 {
                    s.window.remove(top - 1).expect("the item beneath exists");
                }
            }
            Item::Card { card: Kind::Cannon, rolled: false, .. } => {
                // Resolving waits for the roll; the nested window opens when it is in.
                s.roll_for = entry.by;
                return;
            }
            Item::Card { card: Kind::Cannon, rolled: true, .. } => {}
            Item::Card { card: Kind::Boost, .. } => {
                let roll =
                    (0..top).rev().find(|&i| matches!(s.window.get(i), Some(Entry { item: Item::Roll { .. }, .. })));
                if let Some(Item::Roll { value, .. }) = roll.and_then(|i| s.window.get_mut(i)) {
                    *value += 2;
                }
            }
            Item::Roll { seat, value } => s.scores[seat.index()] += value as i32,
        }
        s.window.resolved().expect("an item was resolving");
    }

    fn playable(&self, s: &State, card: Kind) -> bool {
        let nested = s.window.frames() > 1;
        let top = s.window.top().map(|e| e.item);
        match card {
            Kind::Strike | Kind::Cannon => !nested,
            Kind::Mirror => matches!(top, Some(Item::Card { card: Kind::Strike, .. })),
            Kind::Cancel => s.window.frame_len() > 0,
            Kind::Boost => nested,
        }
    }
}

impl Game for LastWord {
    type Options = Options;
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = String;
    const ID: &'static str = "last-word";
    const NAME: &'static str = "Last Word";

    fn new(options: Options) -> Result<Self, OptionsError> {
        if !(2..=MAX_SEATS as u8).contains(&options.seats) || options.rounds == 0 {
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
        let mut visibility = vec![Visibility::Hidden, Visibility::Public];
        visibility.extend(Seat::all(self.n()).map(Visibility::Owner));
        let mut cards = Zones::new(self.n(), &visibility).expect("few zones");
        for (kind, (_, copies)) in KINDS.iter().enumerate() {
            cards.add(kind as u8, *copies, DECK).expect("the deck fits");
        }
        let mut to_deal = [0; MAX_SEATS];
        to_deal[..self.n()].fill(HAND);
        let mut s = State {
            cards,
            to_deal,
            roll_for: None,
            scores: [0; MAX_SEATS],
            round: 0,
            window: Window::closed(self.n()).with_limit(1),
            over: false,
        };
        self.start_round(&mut s);
        s
    }
    fn status(&self, s: &State) -> Status {
        if s.over {
            Status::Over
        } else if self.next_deal(s).is_some() || s.roll_for.is_some() {
            Status::Chance
        } else {
            Status::Decide(SeatSet::only(s.window.holder().expect("a settled window waits for a seat")))
        }
    }
    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        out.push(Action::AutoPass);
        if s.window.can_respond(seat).is_err() {
            return;
        }
        let mut kinds = self.hand_kinds(s, seat);
        kinds.dedup();
        for card in kinds.into_iter().filter(|&k| self.playable(s, k)) {
            if card == Kind::Strike {
                out.extend(Seat::all(self.n()).filter(|&t| t != seat).map(|t| Action::Play { card, target: Some(t) }));
            } else {
                out.push(Action::Play { card, target: None });
            }
        }
    }
    fn apply_with<T: Teller<Self::Event>>(&self, s: &mut State, seat: Seat, action: &Action, told: &mut T) {
        match *action {
            Action::Play { card, target } => {
                let kind = KINDS.iter().position(|(k, _)| *k == card).expect("a kind") as u8;
                let id = s.cards.cards_in(hand(seat)).find(|&id| s.cards.kind(id) == kind).expect("a held card");
                s.cards.move_card(id, PLAYED).expect("a zone");
                s.window.respond(seat, Item::Card { card, target, rolled: false }).expect("legal");
            }
            Action::Pass => s.window.pass(seat).expect("priority"),
            Action::AutoPass => s.window.auto_pass(seat),
        }
        told.public(|| format!("{seat}: {action:?}"));
        self.settle(s);
    }
    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Chance, f64)>) {
        if let Some(seat) = self.next_deal(s) {
            let mut counts = [0u32; KINDS.len()];
            s.cards.kind_counts(DECK, &mut counts);
            let total: u32 = counts.iter().sum();
            for (kind, &count) in counts.iter().enumerate().filter(|(_, &c)| c > 0) {
                out.push((Chance::Deal { seat, card: Kind::from_index(kind as u8) }, count as f64 / total as f64));
            }
        } else {
            out.extend((1..=6).map(|value| (Chance::Roll { value }, 1.0 / 6.0)));
        }
    }
    fn sample_chance(&self, s: &State, rng: &mut Rng) -> Chance {
        match self.next_deal(s) {
            Some(seat) => {
                let mut counts = [0u32; KINDS.len()];
                s.cards.kind_counts(DECK, &mut counts);
                let kind = rng.weighted(&counts).expect("a deal needs a card") as u8;
                Chance::Deal { seat, card: Kind::from_index(kind) }
            }
            None => Chance::Roll { value: rng.die(6) },
        }
    }
    fn apply_chance_with<T: Teller<Self::Event>>(&self, s: &mut State, chance: &Chance, told: &mut T) {
        match *chance {
            Chance::Deal { seat, card } => {
                let kind = KINDS.iter().position(|(k, _)| *k == card).expect("a kind") as u8;
                s.cards.draw(DECK, kind, hand(seat)).expect("a possible deal");
                if !self.0.untold_deals {
                    told.secret(seat, || format!("{seat} is dealt {card:?}"), || format!("{seat} is dealt a card"));
                }
                s.to_deal[seat.index()] -= 1;
                if s.cards.count(DECK) == 0 {
                    s.to_deal = [0; MAX_SEATS];
                }
            }
            Chance::Roll { value } => {
                let seat = s.roll_for.take().expect("a roll is pending");
                told.public(|| format!("{seat} rolls {value}"));
                let top = s.window.len() - 1;
                if let Some(Item::Card { rolled, .. }) = s.window.get_mut(top) {
                    *rolled = true;
                }
                s.window
                    .open_nested(seat.next(self.n()), SeatSet::first(self.n()), Item::Roll { seat, value })
                    .expect("the cannon is resolving");
            }
        }
        self.settle(s);
    }
    fn view(&self, s: &State, viewer: Viewer) -> View {
        let n = self.n();
        View {
            seat: viewer.seat(),
            my_hand: viewer.seat().map_or(Vec::new(), |me| self.hand_kinds(s, me)),
            hand_sizes: Seat::all(n).map(|seat| s.cards.count(hand(seat))).collect(),
            all_hands: self.0.leaky.then(|| Seat::all(n).map(|seat| self.hand_kinds(s, seat)).collect()),
            deck: s.cards.count(DECK),
            played: s.cards.cards_in(PLAYED).map(|id| Kind::from_index(s.cards.kind(id))).collect(),
            stack: s.window.stack().map(|e| (e.by, e.item)).collect(),
            frames: s.window.frames(),
            priority: if self.status(s) == Status::Chance || s.over { None } else { s.window.holder() },
            rolling: s.roll_for,
            scores: s.scores[..n].to_vec(),
            round: s.round,
            auto_pass: s.window.auto_passing(),
        }
    }
    fn determinize(&self, s: &State, seat: Seat, rng: &mut Rng) -> State {
        let mut sampled = s.clone();
        sampled.cards.determinize(seat, rng);
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
        let cards: u64 = KINDS.iter().map(|(_, copies)| *copies as u64).sum();
        let cannons = 2;
        // Every card is dealt and played at most once, every cannon rolls once. The window changes (a play, a
        // resolution, a nested window opening or closing, a new round) at most this often, and between two changes
        // each seat passes at most once.
        let changes = cards + (cards + cannons) + 2 * cannons + rounds + 1;
        let lie = self.0.false_fact;
        let max_steps = if lie == Some(FalseFact::TooFewSteps) {
            HAND as u64 * n
        } else {
            cards + cannons + cards + n + changes * n
        };
        Facts {
            min_players: 2,
            max_players: MAX_SEATS,
            min_payoff: 0.0,
            max_payoff: 1.0,
            utility: if lie == Some(FalseFact::ZeroSum) {
                Utility::ZeroSum
            } else {
                Utility::ConstantSum { total: 1.0 }
            },
            max_steps,
            // Every step but the deal's and the cannons' chance is a decision (a lie about the steps is told
            // alone).
            max_decisions: if lie == Some(FalseFact::TooFewDecisions) {
                1
            } else {
                (cards + n + changes * n).min(max_steps)
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
        conformance::check(&LastWord::new(Options { seats, rounds: 6, ..Options::default() }).unwrap());
    }
}

#[test]
#[should_panic(expected = "sees something change but is told nothing")]
fn the_suite_catches_a_deal_told_to_nobody() {
    conformance::check(
        &LastWord::new(Options { seats: 3, rounds: 3, untold_deals: true, ..Options::default() }).unwrap(),
    );
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
#[should_panic(expected = "decisions, but the facts promise at most")]
fn the_suite_catches_a_decision_bound_that_play_exceeds() {
    check_with_false_fact(FalseFact::TooFewDecisions);
}

/// A two-seat game with scripted hands: seat 0, the first leader, holds `hand0` (its two cards and the round's
/// draw), seat 1 holds `hand1`.
fn dealt(hand0: [Kind; 3], hand1: [Kind; 2], rounds: u8) -> (LastWord, State) {
    let game = LastWord::new(Options { seats: 2, rounds, ..Options::default() }).unwrap();
    let mut s = game.initial_state();
    for (seat, card) in [(0, hand0[0]), (0, hand0[1]), (0, hand0[2]), (1, hand1[0]), (1, hand1[1])] {
        supply_chance(&game, &mut s, &Chance::Deal { seat: Seat(seat), card }).unwrap();
    }
    (game, s)
}

fn act(game: &LastWord, s: &mut State, seat: u8, action: Action) {
    play(game, s, Seat(seat), &action).unwrap_or_else(|e| panic!("{action} by P{}: {e}", seat + 1));
}

fn strike(target: u8) -> Action {
    Action::Play { card: Kind::Strike, target: Some(Seat(target)) }
}

fn card(card: Kind) -> Action {
    Action::Play { card, target: None }
}

#[test]
fn a_mirror_turns_the_strike_beneath_it_round() {
    let (game, mut s) = dealt([Kind::Strike, Kind::Boost, Kind::Cancel], [Kind::Mirror, Kind::Boost], 1);
    act(&game, &mut s, 0, strike(1));
    act(&game, &mut s, 1, card(Kind::Mirror));
    assert_eq!(game.view(&s, Viewer::Spectator).stack.len(), 2);
    let mut legal = Vec::new();
    game.legal_actions(&s, Seat(0), &mut legal);
    assert_eq!(legal, vec![Action::Pass, Action::AutoPass], "one card per player per round: seat 0 has played");
    act(&game, &mut s, 0, Action::Pass);
    act(&game, &mut s, 1, Action::Pass);
    // The mirror resolved; the window reopened for the Strike, now aimed at its own player.
    let stack = game.view(&s, Viewer::Spectator).stack;
    assert_eq!(stack, vec![(Some(Seat(0)), Item::Card { card: Kind::Strike, target: Some(Seat(0)), rolled: false })]);
    act(&game, &mut s, 0, Action::Pass);
    act(&game, &mut s, 1, Action::Pass);
    assert_eq!(s.scores[..2], [-2, 0]);
    act(&game, &mut s, 0, Action::Pass);
    act(&game, &mut s, 1, Action::Pass);
    assert_eq!(game.status(&s), Status::Over);
}

#[test]
fn a_cancel_removes_the_card_beneath_it() {
    let (game, mut s) = dealt([Kind::Strike, Kind::Boost, Kind::Mirror], [Kind::Cancel, Kind::Boost], 1);
    act(&game, &mut s, 0, strike(1));
    act(&game, &mut s, 1, card(Kind::Cancel));
    act(&game, &mut s, 0, Action::Pass);
    act(&game, &mut s, 1, Action::Pass);
    assert_eq!(game.view(&s, Viewer::Spectator).stack, vec![], "the Strike went with the Cancel");
    act(&game, &mut s, 0, Action::Pass);
    act(&game, &mut s, 1, Action::Pass);
    assert_eq!(s.scores[..2], [0, 0]);
    assert_eq!(game.status(&s), Status::Over);
    let played = game.view(&s, Viewer::Spectator).played;
    assert_eq!(played, vec![Kind::Strike, Kind::Cancel], "both cards lie face up");
}

#[test]
fn a_cannon_rolls_and_the_roll_is_answered_in_a_nested_window() {
    let (game, mut s) = dealt([Kind::Cannon, Kind::Boost, Kind::Strike], [Kind::Boost, Kind::Strike], 1);
    act(&game, &mut s, 0, card(Kind::Cannon));
    act(&game, &mut s, 1, Action::Pass);
    act(&game, &mut s, 0, Action::Pass);
    assert_eq!(game.status(&s), Status::Chance, "the cannon resolves by rolling");
    let mut legal = Vec::new();
    game.legal_actions(&s, Seat(1), &mut legal);
    supply_chance(&game, &mut s, &Chance::Roll { value: 3 }).unwrap();
    let view = game.view(&s, Viewer::Spectator);
    assert_eq!(view.frames, 2, "the roll opened a nested window");
    assert_eq!(view.priority, Some(Seat(1)), "the nested window starts after the roller");
    // Seat 1 answers the roll with its Boost (its one card this round); seat 0 has used its one card.
    act(&game, &mut s, 1, card(Kind::Boost));
    legal.clear();
    game.legal_actions(&s, Seat(0), &mut legal);
    assert_eq!(legal, vec![Action::Pass, Action::AutoPass]);
    act(&game, &mut s, 0, Action::Pass);
    act(&game, &mut s, 1, Action::Pass);
    let stack = game.view(&s, Viewer::Spectator).stack;
    assert_eq!(stack[1], (None, Item::Roll { seat: Seat(0), value: 5 }), "the Boost changed the roll");
    act(&game, &mut s, 1, Action::Pass);
    act(&game, &mut s, 0, Action::Pass);
    assert_eq!(s.scores[..2], [5, 0], "the roll scored for the cannon's player");
    // The nested window closed with its roll; the cannon finished; the outer window is open again.
    let view = game.view(&s, Viewer::Spectator);
    assert_eq!((view.frames, view.stack.len(), view.priority), (1, 0, Some(Seat(0))));
    act(&game, &mut s, 0, Action::Pass);
    act(&game, &mut s, 1, Action::Pass);
    assert_eq!(game.status(&s), Status::Over);
}

#[test]
fn a_seat_with_nothing_playable_is_asked_like_any_other() {
    // Seat 1 holds a playable Strike in one game and only Boosts (unplayable outside a roll) in its twin: seat 0
    // sees the same status and view either way, and seat 1 is asked in both.
    let (game, mut a) = dealt([Kind::Cancel, Kind::Cancel, Kind::Mirror], [Kind::Strike, Kind::Boost], 2);
    let (_, mut b) = dealt([Kind::Cancel, Kind::Cancel, Kind::Mirror], [Kind::Boost, Kind::Boost], 2);
    for s in [&mut a, &mut b] {
        act(&game, s, 0, Action::Pass);
    }
    assert_eq!(game.status(&a), Status::Decide(SeatSet::only(Seat(1))));
    assert_eq!(game.status(&b), game.status(&a));
    for s in [&mut a, &mut b] {
        act(&game, s, 1, Action::Pass);
    }
    assert_eq!(game.view(&a, Viewer::Seat(Seat(0))), game.view(&b, Viewer::Seat(Seat(0))));
    assert_eq!(game.status(&a), game.status(&b));
}

/// A scripted two-seat session: the deals of [`dealt`], then `actions`.
fn scripted(hand0: [Kind; 3], hand1: [Kind; 2], actions: &[(u8, Action)]) -> Session<LastWord> {
    let game = LastWord::new(Options { seats: 2, rounds: 2, ..Options::default() }).unwrap();
    let mut session = Session::new(game, 0, ChanceMode::Scripted);
    for (seat, card) in [(0, hand0[0]), (0, hand0[1]), (0, hand0[2]), (1, hand1[0]), (1, hand1[1])] {
        session.supply_chance(Chance::Deal { seat: Seat(seat), card }).unwrap();
    }
    for (seat, action) in actions {
        session.play(Seat(*seat), *action).unwrap();
    }
    session
}

const MINE: [Kind; 3] = [Kind::Strike, Kind::Boost, Kind::Cancel];

#[test]
fn a_secret_hidden_from_a_seat_does_not_change_its_information_state() {
    let opening = [(0, strike(1))];
    let base = scripted(MINE, [Kind::Mirror, Kind::Boost], &opening);
    let other_hand = scripted(MINE, [Kind::Cancel, Kind::Boost], &opening);
    assert_eq!(base.information_state(Seat(0)), other_hand.information_state(Seat(0)), "seat 0 never saw that hand");
    assert_ne!(base.information_state(Seat(1)), other_hand.information_state(Seat(1)), "seat 1 saw its own hand");
    // Once seat 1 answers with a card from the hand, seat 0 sees it on the stack.
    let mirrored = scripted(MINE, [Kind::Mirror, Kind::Boost], &[(0, strike(1)), (1, card(Kind::Mirror))]);
    let cancelled = scripted(MINE, [Kind::Cancel, Kind::Boost], &[(0, strike(1)), (1, card(Kind::Cancel))]);
    assert_ne!(mirrored.information_state(Seat(0)), cancelled.information_state(Seat(0)), "a played card is seen");
}

#[test]
fn what_a_seat_saw_or_did_changes_its_information_state() {
    let hand1 = [Kind::Mirror, Kind::Boost];
    let base = scripted(MINE, hand1, &[(0, Action::Pass)]);
    let own_hand = scripted([Kind::Cannon, Kind::Boost, Kind::Cancel], hand1, &[(0, Action::Pass)]);
    assert_ne!(base.information_state(Seat(0)), own_hand.information_state(Seat(0)), "seat 0 saw its own card");
    let own_action = scripted(MINE, hand1, &[(0, Action::AutoPass)]);
    assert_ne!(base.information_state(Seat(0)), own_action.information_state(Seat(0)), "seat 0 acted otherwise");
}

#[test]
fn information_states_survive_replay_and_fold_repeated_views() {
    let session = scripted(MINE, [Kind::Mirror, Kind::Boost], &[(0, strike(1)), (1, Action::Pass)]);
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

#[test]
fn a_watched_game_shows_every_position_once_and_the_default_holds_no_pieces() {
    let game = LastWord::new(Options { seats: 3, rounds: 4, ..Options::default() }).unwrap();
    for seed in 0..5 {
        let mut bots: Vec<Box<dyn plunder_core::Bot<LastWord>>> =
            (0..3).map(|s| Box::new(plunder_core::RandomBot::new(seed * 4 + s)) as _).collect();
        let mut seen: Vec<State> = Vec::new();
        let mut pieces = Vec::new();
        let finished = plunder_core::play_game_watched(&game, &mut bots, &mut Rng::stream(9, seed), 10_000, |state| {
            seen.push(state.clone());
            for seat in Seat::all(3) {
                game.pieces_held(state, seat, &mut pieces);
            }
        })
        .unwrap();
        // The first position, then one after each step, the last of them the finished game.
        assert_eq!(seen.len() as u64, finished.steps + 1);
        assert_eq!(seen[0], game.initial_state());
        assert_eq!(game.status(seen.last().unwrap()), Status::Over);
        assert!(pieces.is_empty(), "a game that does not say holds nothing");
        // Watching changes nothing: the same seed plays the same game unwatched.
        let mut bots: Vec<Box<dyn plunder_core::Bot<LastWord>>> =
            (0..3).map(|s| Box::new(plunder_core::RandomBot::new(seed * 4 + s)) as _).collect();
        let plain = plunder_core::play_game(&game, &mut bots, &mut Rng::stream(9, seed), 10_000).unwrap();
        assert_eq!(plain, finished);
    }
}

#[test]
fn a_watched_replay_shows_the_start_and_every_step_in_order() {
    let session = scripted(MINE, [Kind::Mirror, Kind::Boost], &[(0, strike(1)), (1, Action::Pass)]);
    let record = session.record();
    let mut seen: Vec<(usize, State)> = Vec::new();
    let replayed =
        Session::<LastWord>::replay_watched(&record, |s| seen.push((s.steps().len(), s.state().clone()))).unwrap();
    assert_eq!(seen.len(), record.events.len() + 1, "the start, then once per event");
    assert!(seen.iter().enumerate().all(|(i, (steps, _))| *steps == i), "shown after each step, in order");
    assert_eq!(seen[0].1, session.game().initial_state());
    assert_eq!(&seen.last().unwrap().1, replayed.state());
    let events: Vec<_> = replayed.steps().iter().map(|step| step.entry()).collect();
    assert_eq!(events, record.events, "a step's event is the record's");
}
