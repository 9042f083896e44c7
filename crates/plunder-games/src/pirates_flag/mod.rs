//! # The Pirate's Flag
//!
//! **Source:** *The Pirate's Flag* (Card Lords; Tucker Smedes & Shannon Fyfe), 3-6 players; rulebook
//! `shared/rulebooks/002_89d3631171d26da7.txt`. Rulings and the designed content: `docs/rules/pirates-flag.md`;
//! data: `data/pirates-flag/{board,cards,captains}.json` (the board, the 48 cards and the 8 captains are designed
//! from the rulebook's descriptions; only a few cards and Captain Shan are named there).
//!
//! Ships race up The Serpent's Pass (two dice until the flag is first taken, one die after), collecting action
//! cards at docks; the flag is taken from the Dread Captain's ship and fought over by battle and by card; whoever
//! carries it off the board into The Dread Sea wins. Every turn is one priority window of the core
//! (`plunder_core::priority::Window`) with one card per player per turn: cards, captains, movement rolls,
//! battles and roll results wait on its stack and resolve last in, first out.
//!
//! **Simplifications** (each a ruling in the rules doc): a card's numbers (steps for "up to", a direction, a die
//! value, a discard, a new target) are chosen when it is played; the winner of a battle chooses at once whether
//! to roll to escape (or play an "Instead of rolling" card in its place); a card's own roll has no "before" frame
//! (it can be answered while the card waits, and after the dice); at most 8 plays per player per turn and 10
//! ties per battle, so a turn is bounded.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `players` | 4 | 3 to 6 |
//! | `flag_flies_out` | `true` | a carrier going down a waterfall loses the flag at its top |
//! | `carrier_seaward_only` | `false` | the carrier's own movement may only head for The Dread Sea |
//! | `captains` | `"deal"` | `"deal"` (at random) or one captain id per seat |
//! | `board`, `deck`, `captain_cards` | `null` | a layout, deck or captain file in the data format |
//! | `max_rounds` | 100 | after this many rounds the game ends with no winner |
//!
//! **Payoffs:** the winner 1, others 0; all 0 if `max_rounds` ends the game.

mod action;
mod bot;
pub mod data;
mod encoding;
mod event;
mod options;
mod roll_off;
mod state;
mod tensor;
mod text;
mod track;
mod view;

pub use action::{Action, Chance, Target};
pub use bot::Corsair;
pub use data::{Board, Card, CardFile, Dir, Effect, Source, TargetSpec, Timing};
pub use event::{Aim, CardRef, Event, RollFor, Unmoved, Way};
pub use options::{Captains, Options, MAX_PLAYERS, MIN_PLAYERS};
pub use state::{Flag, Item, ItemKind, Mods, Move, Phase, Roll, State, MAX_PLAYS_PER_TURN, MAX_ROLL, MAX_TIES};
pub use view::{StackItem, View};

use plunder_core::priority::MAX_STACK;
use plunder_core::{
    Bot, BotKind, Facts, Game, OptionsError, Outcome, Piece, PlayError, Rng, Roster, Seat, SeatSet, Status, Teller,
    Utility, Viewer,
};

use data::{Effect as E, OwnDir, RedirectTo, ShipDir, TargetSpec as T, Timing as Tm};
use state::{hand, DECK, DESCEND, GO_FAR, GO_SEA, STOP};

/// The Pirate's Flag under one set of options, with its board, deck and captains.
#[derive(Clone, Debug)]
pub struct PiratesFlag {
    options: Options,
    pub(crate) board: Board,
    pub(crate) deck: CardFile,
    pub(crate) captains: CardFile,
    chosen_captains: Option<[u8; MAX_PLAYERS]>,
    /// The actions' stable integers, from the deck and captains.
    actions: encoding::ActionLayout,
    /// Where the observation tensor's sections start (`tensor.rs`).
    tensor: tensor::Offsets,
}

impl PiratesFlag {
    pub(crate) fn players(&self) -> usize {
        self.options.players as usize
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn cards(&self) -> &[Card] {
        &self.deck.entries
    }

    pub fn captain_list(&self) -> &[Card] {
        &self.captains.entries
    }

    /// The place of card `id` in the deck.
    pub fn card_kind(&self, id: &str) -> Option<u8> {
        self.deck.entries.iter().position(|c| c.id == id).map(|k| k as u8)
    }

    pub(crate) fn entry(&self, captain: bool, card: u8) -> &Card {
        if captain {
            &self.captains.entries[card as usize]
        } else {
            &self.deck.entries[card as usize]
        }
    }

    /// Calls `f` with every legal `(target, choice)` for `seat` playing `card` now (timing checked elsewhere).
    fn for_each_use(&self, state: &State, seat: Seat, card: &Card, mut f: impl FnMut(Target, u8)) {
        let players = self.players();
        let each_target = |f: &mut dyn FnMut(Target)| match card.target {
            T::None | T::Own => f(Target::None),
            T::Carrier { .. } => {
                // Only the one carrier can qualify.
                if let Some(t) = state.carrier().map(|seat| Target::Seat { seat }) {
                    if state.target_ok(self, seat, card.target, t, false) {
                        f(t);
                    }
                }
            }
            T::Player { .. } | T::Ship { .. } => {
                for s in Seat::all(players) {
                    let t = Target::Seat { seat: s };
                    if state.target_ok(self, seat, card.target, t, false) {
                        f(t);
                    }
                }
            }
            T::Ships { .. } => {
                if state.target_ok(self, seat, card.target, Target::None, false) {
                    f(Target::None);
                }
            }
            T::Stack { .. } => {
                let from = state.window.len() - state.window.frame_len();
                for i in from..state.window.len() {
                    if let Some(e) = state.window.get(i) {
                        let t = Target::Item { id: e.item.id };
                        if state.target_ok(self, seat, card.target, t, false) {
                            f(t);
                        }
                    }
                }
            }
            T::Roll { .. } => {
                for index in 0..state.rolls.count {
                    let t = Target::Roll { index };
                    if state.target_ok(self, seat, card.target, t, false) {
                        f(t);
                    }
                }
            }
        };
        match &card.effect {
            E::MoveOwn { steps, up_to, direction } => {
                if *direction == OwnDir::TowardFlag
                    && (state.carries(seat) || state.position(seat) == state.flag_space(self))
                {
                    return;
                }
                let n = if *up_to { *steps } else { 1 };
                each_target(&mut |t| {
                    for c in 0..n {
                        f(t, if *up_to { c + 1 } else { 0 });
                    }
                });
            }
            E::MoveShip { steps, up_to, direction } => {
                let mine = state.position(seat);
                each_target(&mut |t| {
                    let two_ways = match (direction, t) {
                        (ShipDir::Either, _) => true,
                        (ShipDir::AwayFromYou, Target::Seat { seat: s }) => state.position(s) == mine,
                        (ShipDir::AwayFromYou, Target::None) => {
                            state.ships_in_range(self, seat, None).iter().any(|s| state.position(s) == mine)
                        }
                        _ => false,
                    };
                    let n = if *up_to { *steps } else { 1 };
                    for k in 0..n {
                        for d in 0..=u8::from(two_ways) {
                            f(t, k * 2 + d);
                        }
                    }
                });
            }
            E::ModifyRoll { .. } if card.effect.set_dice() == Some(None) => {
                each_target(&mut |t| (1..=6).for_each(|v| f(t, v)));
            }
            E::Trade { .. } => {
                for kind in state.hand_kinds(seat) {
                    if captain_or_other(card, self, kind) {
                        f(Target::None, kind);
                    }
                }
            }
            E::Redirect { to: RedirectTo::Chosen } => each_target(&mut |t| {
                for s in Seat::all(players).filter(|&s| s != seat) {
                    f(t, s.0);
                }
            }),
            _ => each_target(&mut |t| f(t, 0)),
        }
    }

    /// What the turn's limits let `seat` play now, whatever the card: (any play at all, a card, a counting card).
    /// Asked once per listing rather than once per card in hand.
    fn play_limits(&self, state: &State, seat: Seat) -> (bool, bool, bool) {
        let window = &state.window;
        let any = state.plays[seat.index()] < MAX_PLAYS_PER_TURN && window.len() + 3 <= MAX_STACK;
        let cards = any && !state.silenced.contains(seat);
        (any, cards, cards && window.responses_left(seat) != Some(0))
    }

    /// Whether `card`'s timing lets `seat` play it now (the turn's limits and targets aside).
    fn timing_allows(&self, state: &State, seat: Seat, card: &Card) -> bool {
        let window = &state.window;
        if card.effect.needs_outer_frame() && window.frames() > 1 {
            return false;
        }
        match card.timing {
            Tm::AnyTime => true,
            Tm::YourTurn => seat == state.active,
            Tm::InsteadOfRolling => seat == state.active && (self.main_pending(state) || state.escape == Some(seat)),
            Tm::Response => window.frame_len() > 0,
            Tm::AfterRoll => state.roll_waiting(),
        }
    }

    /// The active player still owes the main action, and may take it now (holding priority over an empty stack).
    fn main_pending(&self, state: &State) -> bool {
        !state.main_done && state.window.is_empty()
    }

    /// A battle's winner, choosing at once: roll to escape, stay, or play an "Instead of rolling" card in the
    /// roll's place (ruling 41). The card is a play, so it needs the priority the winner holds after the battle
    /// (an auto-passing winner does not hold it, and only rolls or stays).
    fn escape_actions(&self, state: &State, seat: Seat, f: &mut impl FnMut(Action)) {
        f(Action::Escape);
        f(Action::NoEscape);
        let (_, cards, counting_cards) = self.play_limits(state, seat);
        if !cards || state.window.holder() != Some(seat) {
            return;
        }
        for kind in state.hand_kinds(seat) {
            let card = &self.deck.entries[kind as usize];
            if card.timing == Tm::InsteadOfRolling
                && (card.free || counting_cards)
                && self.timing_allows(state, seat, card)
            {
                self.for_each_use(state, seat, card, |target, choice| f(Action::Play { card: kind, target, choice }));
            }
        }
    }

    fn for_each_action(&self, state: &State, seat: Seat, mut f: impl FnMut(Action)) {
        if state.phase != Phase::Play {
            return;
        }
        if let Some(mv) = state.mv {
            if mv.pause && mv.seat == seat {
                for (bit, action) in [
                    (GO_SEA, Action::Go { dir: Dir::Sea }),
                    (GO_FAR, Action::Go { dir: Dir::Far }),
                    (STOP, Action::Stop),
                    (DESCEND, Action::Descend),
                ] {
                    if mv.opts & bit != 0 {
                        f(action);
                    }
                }
            }
            return;
        }
        if let Some(winner) = state.escape {
            if winner == seat {
                self.escape_actions(state, seat, &mut f);
            }
            return;
        }
        if state.window.holder() != Some(seat) {
            return;
        }
        let main = seat == state.active && self.main_pending(state);
        if main {
            f(Action::Roll);
        } else {
            f(Action::Pass);
            // Ruling 47: auto-pass lasts the turn, so an active player auto-passing with the main action owed
            // would be skipped when the stack empties and the turn would end without it.
            if seat != state.active || state.main_done {
                f(Action::AutoPass);
            }
        }
        if seat == state.active
            && state.window.frames() == 1
            && state.carrier_with(seat).is_some()
            && (main || state.battle_right)
        {
            f(Action::Battle);
        }
        if state.visiting.contains(seat) && !state.traded.contains(seat) {
            for kind in state.hand_kinds(seat) {
                f(Action::Trade { discard: kind });
            }
        }
        let (any_play, cards, counting_cards) = self.play_limits(state, seat);
        if cards {
            for kind in state.hand_kinds(seat) {
                let card = &self.deck.entries[kind as usize];
                if (card.free || counting_cards) && self.timing_allows(state, seat, card) {
                    self.for_each_use(state, seat, card, |target, choice| {
                        f(Action::Play { card: kind, target, choice })
                    });
                }
            }
        }
        // A captain ability is not a card: silence and the card for the turn do not stop it.
        if any_play && !state.captain_used.contains(seat) {
            let card = &self.captains.entries[state.captain[seat.index()] as usize];
            if self.timing_allows(state, seat, card) {
                self.for_each_use(state, seat, card, |target, choice| f(Action::Captain { target, choice }));
            }
        }
    }
}

/// One of the kinds in `kinds` (a zone's kind bits) at random, each as likely: every card is unique, so this is
/// a uniform card of the zone. Draws the same number from `rng` as `Rng::weighted` over 0/1 weights would.
fn uniform_kind(kinds: u64, rng: &mut Rng) -> u8 {
    let count = u64::from(kinds.count_ones());
    if count == 0 {
        return 0;
    }
    let mut bits = kinds;
    for _ in 0..rng.next_u64() % count {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as u8
}

/// A Black Market's discard is another card of the hand.
fn captain_or_other(card: &Card, game: &PiratesFlag, kind: u8) -> bool {
    game.deck.entries[kind as usize].id != card.id
}

impl Game for PiratesFlag {
    type Options = Options;
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "pirates-flag";
    const NAME: &'static str = "The Pirate's Flag";

    fn new(options: Options) -> Result<Self, OptionsError> {
        options.validate()?;
        let (board, deck, captains) = data::default_content();
        let board = match &options.board {
            Some(file) => data::check_board(file)?,
            None => board,
        };
        let deck = options.deck.clone().unwrap_or(deck);
        let captains = options.captain_cards.clone().unwrap_or(captains);
        if captains.entries.len() < options.players as usize {
            return Err(OptionsError::new("captain_cards: fewer captains than players"));
        }
        let chosen_captains = match &options.captains {
            Captains::Chosen(ids) => {
                let mut chosen = [0u8; MAX_PLAYERS];
                for (i, id) in ids.iter().enumerate() {
                    let Some(k) = captains.entries.iter().position(|c| &c.id == id) else {
                        return Err(OptionsError::new(format!("captains: no captain '{id}'")));
                    };
                    if ids[..i].contains(id) {
                        return Err(OptionsError::new(format!("captains: '{id}' is dealt twice")));
                    }
                    chosen[i] = k as u8;
                }
                Some(chosen)
            }
            Captains::Deal(_) => None,
        };
        let actions = encoding::ActionLayout::new(&deck, &captains, options.players as usize);
        let (_, tensor) = tensor::tensor_sections(
            options.players as usize,
            board.length as usize,
            deck.entries.len(),
            captains.entries.len(),
        );
        Ok(PiratesFlag { options, board, deck, captains, chosen_captains, actions, tensor })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn options_for_players(players: usize) -> Options {
        Options::for_players(players.min(u8::MAX as usize) as u8)
    }

    fn sample_options(players: usize, rng: &mut Rng) -> Options {
        Options::sample(players.min(u8::MAX as usize) as u8, rng)
    }

    fn seats(&self) -> usize {
        self.players()
    }

    fn initial_state(&self) -> State {
        State::new(self)
    }

    fn status(&self, state: &State) -> Status {
        match state.phase {
            Phase::Deal | Phase::Start => Status::Chance,
            Phase::Over => Status::Over,
            Phase::Play => {
                if state.owed.iter().any(|&n| n > 0) || state.pick.is_some() || state.rolls.pending().is_some() {
                    return Status::Chance;
                }
                if let Some(mv) = state.mv {
                    return Status::Decide(SeatSet::only(mv.seat));
                }
                if let Some(winner) = state.escape {
                    return Status::Decide(SeatSet::only(winner));
                }
                Status::Decide(state.window.holder().map_or(SeatSet::EMPTY, SeatSet::only))
            }
        }
    }

    fn legal_actions(&self, state: &State, seat: Seat, out: &mut Vec<Action>) {
        self.for_each_action(state, seat, |a| out.push(a));
    }

    fn is_pass(&self, action: &Action) -> bool {
        matches!(action, Action::Pass | Action::AutoPass)
    }

    fn check_action(&self, state: &State, seat: Seat, action: &Action) -> Result<(), PlayError> {
        let mut found = false;
        self.for_each_action(state, seat, |a| found |= a == *action);
        if found {
            return Ok(());
        }
        Err(PlayError::illegal(match action {
            Action::Pass | Action::AutoPass if seat == state.active && self.main_pending(state) => {
                "take your main action first: roll, battle, or an \"Instead of rolling\" card".to_string()
            }
            Action::AutoPass if seat == state.active && !state.main_done && state.window.holder() == Some(seat) => {
                "you cannot auto-pass before your main action; pass instead".to_string()
            }
            Action::Play { card, .. } => match self.deck.entries.get(*card as usize) {
                None => format!("the deck has no card #{card}"),
                Some(c) if !state.has_card(seat, *card) => format!("you do not hold {}", c.name),
                Some(c) => format!("you cannot play {} now, or not that way", c.name),
            },
            Action::Captain { .. } if state.captain_used.contains(seat) => "your captain's ability is used".to_string(),
            _ => format!("{action} is not possible now"),
        }))
    }

    fn apply_with<T: Teller<Self::Event>>(&self, state: &mut State, seat: Seat, action: &Action, told: &mut T) {
        match *action {
            Action::Pass => state.pass(self, seat, told),
            Action::AutoPass => state.auto_pass(self, seat, told),
            Action::Roll => state.take_roll(self, seat, told),
            Action::Battle => state.take_battle(self, seat, told),
            Action::Play { card, target, choice } => state.play(self, seat, false, card, target, choice, told),
            Action::Captain { target, choice } => {
                let card = state.captain[seat.index()];
                state.play(self, seat, true, card, target, choice, told)
            }
            Action::Trade { discard } => state.trade(self, seat, discard, told),
            Action::Go { dir } => state.choose_move(self, state::dir_bit(dir), told),
            Action::Stop => state.choose_move(self, STOP, told),
            Action::Descend => state.choose_move(self, DESCEND, told),
            Action::Escape => state.take_escape(self, true, told),
            Action::NoEscape => state.take_escape(self, false, told),
        }
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Chance, f64)>) {
        match state.phase {
            Phase::Deal => {
                let seat = Seat(state.dealt);
                let free: Vec<u8> = (0..self.captains.entries.len() as u8)
                    .filter(|k| !state.captain[..state.dealt as usize].contains(k))
                    .collect();
                let p = 1.0 / free.len() as f64;
                out.extend(free.into_iter().map(|captain| (Chance::Captain { seat, captain }, p)));
            }
            Phase::Start => {
                if let Some(seat) = state.roll_off_roller() {
                    out.extend((1..=6).map(|face| (Chance::Die { seat, face }, 1.0 / 6.0)));
                }
            }
            Phase::Over => {}
            Phase::Play => {
                if let Some(i) = state.owed.iter().position(|&n| n > 0) {
                    let seat = Seat(i as u8);
                    let mut counts = [0u32; plunder_core::zones::MAX_KINDS];
                    state.cards.kind_counts(DECK, &mut counts);
                    let total: u32 = counts.iter().sum();
                    for (card, &c) in counts.iter().enumerate().filter(|(_, &c)| c > 0) {
                        out.push((Chance::Draw { seat, card: card as u8 }, c as f64 / total as f64));
                    }
                } else if let Some(pick) = state.pick {
                    let mut counts = [0u32; plunder_core::zones::MAX_KINDS];
                    state.cards.kind_counts(hand(pick.from), &mut counts);
                    let total: u32 = counts.iter().sum();
                    for (card, &c) in counts.iter().enumerate().filter(|(_, &c)| c > 0) {
                        out.push((Chance::Pick { seat: pick.from, card: card as u8 }, c as f64 / total as f64));
                    }
                } else if let Some(i) = state.rolls.pending() {
                    let seat = state.rolls.rolls[i].seat;
                    out.extend((1..=6).map(|face| (Chance::Die { seat, face }, 1.0 / 6.0)));
                }
            }
        }
    }

    fn sample_chance(&self, state: &State, rng: &mut Rng) -> Chance {
        match state.phase {
            Phase::Deal => {
                let mut counts = [1u32; data::MAX_CAPTAIN_KINDS];
                counts[self.captains.entries.len()..].fill(0);
                for &k in &state.captain[..state.dealt as usize] {
                    counts[k as usize] = 0;
                }
                Chance::Captain { seat: Seat(state.dealt), captain: rng.weighted(&counts).unwrap_or(0) as u8 }
            }
            Phase::Start => Chance::Die { seat: state.roll_off_roller().unwrap_or(Seat(0)), face: rng.die(6) },
            _ => {
                if let Some(i) = state.owed.iter().position(|&n| n > 0) {
                    Chance::Draw { seat: Seat(i as u8), card: uniform_kind(state.cards.kinds_in(DECK), rng) }
                } else if let Some(pick) = state.pick {
                    Chance::Pick { seat: pick.from, card: uniform_kind(state.cards.kinds_in(hand(pick.from)), rng) }
                } else {
                    let i = state.rolls.pending().unwrap_or(0);
                    Chance::Die { seat: state.rolls.rolls[i].seat, face: rng.die(6) }
                }
            }
        }
    }

    fn check_chance(&self, state: &State, chance: &Chance) -> Result<(), PlayError> {
        let mut outcomes = Vec::new();
        self.chance_outcomes(state, &mut outcomes);
        if outcomes.is_empty() {
            return Err(PlayError::NoChancePending);
        }
        if outcomes.iter().any(|(o, _)| o == chance) {
            return Ok(());
        }
        Err(PlayError::illegal_chance(format!(
            "{chance} cannot happen now; the pending event is like: {}",
            outcomes[0].0
        )))
    }

    fn apply_chance_with<T: Teller<Self::Event>>(&self, state: &mut State, chance: &Chance, told: &mut T) {
        match *chance {
            Chance::Captain { seat, captain } => {
                state.captain[seat.index()] = captain;
                state.dealt += 1;
                told.public(|| Event::CaptainDealt { seat, captain });
                if state.dealt as usize == self.players() {
                    state.phase = Phase::Start;
                }
            }
            Chance::Draw { seat, card } => state.draw_card(self, seat, card, told),
            Chance::Pick { card, .. } => state.pick_card(self, card, told),
            Chance::Die { face, .. } if state.phase == Phase::Start => state.roll_off_die(self, face, told),
            Chance::Die { face, .. } => state.roll_die(self, face, told),
        }
    }

    fn view(&self, state: &State, viewer: Viewer) -> View {
        view::view(self, state, viewer)
    }

    fn determinize(&self, state: &State, seat: Seat, rng: &mut Rng) -> State {
        let mut sampled = state.clone();
        sampled.cards.determinize(seat, rng);
        sampled
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        (state.phase == Phase::Over).then(|| match state.winner {
            Some(w) => Outcome::shared_win(SeatSet::only(w), self.players()),
            None => Outcome { winners: SeatSet::EMPTY, payoffs: vec![0.0; self.players()] },
        })
    }

    /// `max_rounds` stopped the game with nobody holding the flag home (ruling 36): the only end without a winner.
    fn truncated(&self, state: &State) -> bool {
        state.phase == Phase::Over && state.winner.is_none()
    }

    /// The captain dealt to the seat (once dealt) and the action cards in its hand.
    fn pieces_held<'a>(&'a self, state: &State, seat: Seat, out: &mut Vec<Piece<'a>>) {
        if seat.0 < state.dealt {
            if let Some(captain) = self.captains.entries.get(state.captain[seat.index()] as usize) {
                out.push(Piece { kind: "captain", name: &captain.name });
            }
        }
        let cards = state.hand_kinds(seat).filter_map(|k| self.deck.entries.get(k as usize));
        out.extend(cards.map(|card| Piece { kind: "card", name: &card.name }));
    }

    fn round(&self, state: &State) -> u32 {
        state.round.max(1)
    }

    fn action_space(&self) -> Option<Vec<Action>> {
        Some(self.actions.space())
    }

    fn action_index(&self, action: &Action) -> Option<usize> {
        self.actions.index(action)
    }

    fn tensor_len(&self, kind: plunder_core::TensorKind) -> Option<usize> {
        (kind == plunder_core::TensorKind::Observation).then(|| self.tensor_length())
    }

    fn tensor_layout(&self, kind: plunder_core::TensorKind) -> Option<plunder_core::TensorLayout> {
        (kind == plunder_core::TensorKind::Observation).then(|| {
            let (layout, _) = tensor::tensor_sections(
                self.players(),
                self.board.length as usize,
                self.deck.entries.len(),
                self.captains.entries.len(),
            );
            layout
        })
    }

    fn write_tensor(&self, view: &View, kind: plunder_core::TensorKind, out: &mut [f32]) {
        if kind == plunder_core::TensorKind::Observation {
            self.tensor(view, out);
        }
    }

    fn write_seat_tensor(&self, state: &State, seat: Seat, kind: plunder_core::TensorKind, out: &mut [f32]) -> bool {
        if kind != plunder_core::TensorKind::Observation {
            return false;
        }
        self.seat_tensor(state, seat, out);
        true
    }

    fn facts(&self) -> Facts {
        let players = self.players() as u64;
        // A true bound. Per turn: at most `MAX_PLAYS_PER_TURN` plays per player; the rules add the main action,
        // at most one battle per play or main action with at most `MAX_TIES` ties each, an escape and a roll result
        // per battle round; so at most `items` items are ever put on the stack, and at most `items` escape choices
        // are made. Each item is answered by at most
        // one pass per seat between two changes, and each change (a play, an immediate act, a push, a resolution)
        // comes from an item or a play, so passes ≤ seats × (2 items + acts + 1). Trades: one per visit, at most
        // one visit per movement. Every movement (at most 6 per item: a card moving every ship) takes at most
        // `MAX_ROLL` + 2 steps, each with one decision and one draw; dice and random picks at most 3 per roll and
        // 6 per card.
        let plays = players * MAX_PLAYS_PER_TURN as u64;
        let items = (plays + 1) * (1 + 3 * MAX_TIES as u64 + 3);
        let moves = items * 6 * (MAX_ROLL as u64 + 2) * 3;
        let per_turn = items * (3 * players + 4) + plays + moves + items * 12 + items + 2;
        // Of a movement's steps, one in three at most is a decision (a way to go or a stop; the others draw and
        // roll).
        let turn_decisions = per_turn - moves + moves / 3;
        let turns = self.options.max_rounds as u64 * players + players;
        // The roll-off: two dice a player, at most `MAX_TIES` rounds.
        let roll_off = players * roll_off::ROLL_OFF_DICE as u64 * MAX_TIES as u64;
        Facts {
            min_players: MIN_PLAYERS,
            max_players: MAX_PLAYERS,
            min_payoff: 0.0,
            max_payoff: 1.0,
            utility: Utility::GeneralSum,
            max_steps: players + roll_off + turns * per_turn,
            // The roll-off is dice only; a turn's other steps are counted as if each were a decision.
            max_decisions: players + turns * turn_decisions,
            chance: true,
            hidden_information: true,
            simultaneous: false,
        }
    }

    fn check_invariants(&self, state: &State) -> Result<(), String> {
        if let Some(turn) = state.turn_without_main {
            return Err(format!("turn {turn} ended without its main action"));
        }
        if state.phase == Phase::Play && !state.main_done && state.window.auto_passing().contains(state.active) {
            return Err(format!("{} auto-passes with the main action still owed", state.active));
        }
        let total = state.total_cards(self.players());
        if total != self.deck.entries.len() {
            return Err(format!("{total} cards in play, not {}", self.deck.entries.len()));
        }
        for s in Seat::all(self.players()) {
            if state.hand_size(s) > state.hand_limit(s) {
                return Err(format!("{s} holds more than the hand limit"));
            }
            if state.position(s) > self.board.length {
                return Err(format!("{s} is off the board"));
            }
        }
        if let Flag::Loose { space } = state.flag {
            if space == 0 || space > self.board.length {
                return Err("the flag lies off the board".into());
            }
        }
        Ok(())
    }
}

impl Roster for PiratesFlag {
    fn own_bot_kinds() -> Vec<BotKind> {
        vec![BotKind {
            name: "corsair",
            about: "chases the flag or runs home with it, takes it by card, answers cards against it",
        }]
    }

    fn make_own_bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        match name {
            "corsair" => Some(Box::new(Corsair::new(seed))),
            _ => None,
        }
    }
}
