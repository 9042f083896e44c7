//! # Scallywager
//!
//! **Source:** *Scallywager* (SRG Universe), 2-5 players; rulebook `shared/rulebooks/001_583ef49298e7eb86.txt`.
//! Rulings and the designed cards: `docs/rules/scallywager.md`; card data: `data/scallywager/*.json`.
//!
//! Liar's dice with cards. Each turn every captain rolls their crew (dice) hidden; one-time Treasure cards may
//! be used before bidding, priority from the Treasure Token's holder clockwise; the holder opens the bidding
//! (no bids on ones). A captain raises, calls out the Scallywagger (the bid is false) or calls for a Parlay (the
//! bid is exact). The loser loses crew, the winner draws a Treasure or Adventure card, and the token moves
//! clockwise. The last captain with crew wins.
//!
//! Adventure cards are revealed on their holder's bidding turn or in answer to the call that ends the bidding
//! round (the rulebook: "until the end of that bidding round"): the call waits on the core's response stack while
//! captains answer it. Card effects take effect at once.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `players` | 4 | 2 to 5 captains |
//! | `dice` | 5 | crew each captain starts with (1-8) |
//! | `ones_wild` | false | ones count as every face (never bid on either way) |
//! | `max_turns` | 300 | the game ends after this many turns: most crew wins |
//! | `treasure_deck`, `adventure_deck` | `null` | a designer's deck in the data-file format; `null`: built in |
//!
//! **Payoffs:** the winner 1 (shared on a tie at `max_turns`), others 0.

mod action;
mod bot;
pub mod cards;
mod event;
mod invariants;
mod options;
mod state;
mod tensor;
mod text;
mod view;

pub use action::{Action, Chance};
pub use bot::{OddsCaptain, RaiseCaptain};
use cards::MAX_KINDS;
pub use cards::{ByDeck, Card, Deck, DeckFile, Effect, Source};
pub use event::{Effected, Event, LossCause, RollWhy};
pub use options::{Options, MAX_CAPTAINS, MAX_CREW, MIN_CAPTAINS};
pub use state::{CallKind, CardUse, Held, Phase, Showdown, State};
pub use view::{CallMade, Holding, KnownDie, View};

use plunder_core::{
    Bot, BotKind, Facts, Game, OptionsError, Outcome, Piece, PlayError, Rng, Roster, Seat, SeatSet, Status, Teller,
    TensorKind, TensorLayout, Utility, Viewer,
};

use crate::bidding::Bid;
use plunder_core::zones::kinds;
use state::{fresh, hand, shown, table, Draw, TreasureStep, DISCARD};

/// Scallywager under one set of options, with its two decks.
#[derive(Clone, Debug)]
pub struct Scallywager {
    options: Options,
    pub(crate) treasure: DeckFile,
    pub(crate) adventure: DeckFile,
    /// Where the observation tensor's sections start (from the table size and the decks, computed once).
    offsets: tensor::Offsets,
    /// How many card uses open the action space (the integers of the actions after them are worked out).
    card_uses: usize,
}

impl Scallywager {
    pub(crate) fn players(&self) -> usize {
        self.options.players as usize
    }

    pub fn deck(&self, deck: Deck) -> &DeckFile {
        match deck {
            Deck::Treasure => &self.treasure,
            Deck::Adventure => &self.adventure,
        }
    }

    /// The card of kind `card` in `deck`.
    pub fn card(&self, deck: Deck, card: u8) -> Option<&Card> {
        self.deck(deck).cards.get(card as usize)
    }

    /// Kinds in `deck` whose effect satisfies `pred`.
    pub(crate) fn kinds_with<P: Fn(Effect) -> bool + 'static>(
        &self,
        deck: Deck,
        pred: P,
    ) -> impl Iterator<Item = usize> + '_ {
        self.deck(deck).cards.iter().enumerate().filter(move |(_, c)| pred(c.effect)).map(|(k, _)| k)
    }

    /// Calls `f` with every way `seat` may use a card of `deck` now. Allocation-free.
    fn for_each_use(&self, state: &State, seat: Seat, deck: Deck, mut f: impl FnMut(Action)) {
        let others = state.alive().minus(SeatSet::only(seat));
        for (kind, card) in self.deck(deck).cards.iter().enumerate() {
            let usable = match deck {
                Deck::Treasure => !card.lasting && state.has_treasure(seat, kind),
                Deck::Adventure => state.cards.adventure.has_kind(hand(seat), kind as u8),
            };
            if !usable {
                continue;
            }
            let card = kind as u8;
            let plain = Action::Use { deck, card, target: None, die: None, take: None };
            match card_effect(self, deck, card) {
                Effect::Peek { .. } | Effect::Reveal | Effect::Board | Effect::Mutiny => {
                    for target in others.iter() {
                        f(Action::Use { deck, card, target: Some(target), die: None, take: None });
                    }
                }
                Effect::StealTreasure => {
                    for target in others.iter() {
                        for take in 0..self.treasure.cards.len() {
                            if state.has_treasure(target, take) {
                                f(Action::Use { deck, card, target: Some(target), die: None, take: Some(take as u8) });
                            }
                        }
                    }
                }
                Effect::Reroll => {
                    for die in 0..state.crew(seat) {
                        f(Action::Use { deck, card, target: None, die: Some(die), take: None });
                    }
                }
                Effect::GainDie if state.crew(seat) >= MAX_CREW => {}
                // In answer to a call the bidding is over: turning it or forcing the next call means nothing.
                Effect::Reverse | Effect::ForceCall if state.phase == Phase::Answer => {}
                Effect::GainDie
                | Effect::Reverse
                | Effect::PowderKeg
                | Effect::ForceCall
                | Effect::Kraken
                | Effect::GhostShip => f(plain),
                Effect::Shield | Effect::SpyLeft => {}
            }
        }
    }

    pub(crate) fn has_usable(&self, state: &State, seat: Seat, deck: Deck) -> bool {
        let mut any = false;
        self.for_each_use(state, seat, deck, |_| any = true);
        any
    }

    /// Plays a `Use` action: the card leaves the hand (Treasure: discarded; Adventure: shown face up), then acts.
    fn apply_use(&self, state: &mut State, seat: Seat, action: &Action, told: &mut impl Teller<Event>) {
        let Action::Use { deck, card, target, die, take } = *action else { return };
        let named = target;
        let used = |effect| Event::CardUsed { seat, deck, card, target: named, effect };
        state.card_uses += 1;
        state.last_use = Some(CardUse { seat, deck, card, target, take });
        match deck {
            Deck::Treasure => state.move_kind(Deck::Treasure, table(seat), card, DISCARD),
            Deck::Adventure => state.move_kind(Deck::Adventure, hand(seat), card, shown(seat)),
        }
        let target = target.unwrap_or(seat);
        match card_effect(self, deck, card) {
            Effect::Peek { dice } => {
                let n = dice.min(state.crew(target));
                state.seen[seat.index()][target.index()] |= (1u16 << n) - 1;
                let faces = &state.dice_of(target)[..n as usize];
                told.secret(
                    seat,
                    || used(Effected::Peeked { dice: n, faces: Some(faces.to_vec()) }),
                    || used(Effected::Peeked { dice: n, faces: None }),
                );
            }
            Effect::Reroll => {
                let die = die.unwrap_or(0);
                state.pending[seat.index()] |= 1 << die;
                let face = state.dice_of(seat)[die as usize];
                told.secret(
                    seat,
                    || used(Effected::Rerolls { face: Some(face) }),
                    || used(Effected::Rerolls { face: None }),
                );
            }
            Effect::GainDie => {
                gain_die(state, seat);
                told.public(|| used(Effected::GainedCrewmate { crew: state.crew(seat) }));
            }
            Effect::Reveal => {
                state.shown[target.index()] |= 1;
                told.public(|| used(Effected::Revealed { face: state.dice_of(target)[0] }));
            }
            Effect::Reverse => {
                state.clockwise = !state.clockwise;
                told.public(|| used(Effected::Turned { clockwise: state.clockwise }));
            }
            Effect::StealTreasure => {
                let take = take.unwrap_or(0);
                state.move_kind(Deck::Treasure, table(target), take, table(seat));
                told.public(|| used(Effected::Took { card: take }));
            }
            Effect::PowderKeg => {
                state.keg += 1;
                told.public(|| used(Effected::PowderKeg { kegs: state.keg }));
            }
            Effect::Board => {
                told.public(|| used(Effected::Boarded { gained: state.crew(seat) < MAX_CREW }));
                state.lose_crew(self, target, 1, LossCause::Boarded { by: seat }, told);
                gain_die(state, seat);
                state.boarders.insert(seat);
            }
            Effect::ForceCall => {
                state.force_after = Some(seat);
                told.public(|| used(Effected::ForcesCall));
            }
            Effect::Mutiny => {
                state.pending[target.index()] |= (1u16 << state.crew(target)) - 1;
                told.public(|| used(Effected::Mutiny { dice: state.crew(target) }));
            }
            Effect::Kraken => {
                for s in state.alive().iter() {
                    state.pending[s.index()] |= 1;
                }
                told.public(|| used(Effected::Kraken));
            }
            Effect::GhostShip => {
                state.ghosts.insert(seat);
                told.public(|| used(Effected::GhostShip));
            }
            Effect::Shield | Effect::SpyLeft => {}
        }
        if state.finish_if_over(self, told) {
            return;
        }
        match state.phase {
            Phase::Treasure if deck == Deck::Treasure => state.treasure_step(self, seat, TreasureStep::Used, told),
            Phase::Answer => {
                let _ = state.window.act(seat);
                state.settle_answers(self, told);
            }
            _ => {}
        }
    }
}

fn card_effect(game: &Scallywager, deck: Deck, card: u8) -> Effect {
    game.deck(deck).cards[card as usize].effect
}

fn gain_die(state: &mut State, seat: Seat) {
    if state.crew(seat) < MAX_CREW && state.cups.gain(seat, 0) {
        state.pending[seat.index()] |= 1 << (state.crew(seat) - 1);
    }
}

impl Game for Scallywager {
    type Options = Options;
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "scallywager";
    const NAME: &'static str = "Scallywager";

    fn new(options: Options) -> Result<Self, OptionsError> {
        options.validate()?;
        let (treasure, adventure) = cards::default_decks();
        let treasure = options.treasure_deck.clone().unwrap_or(treasure);
        let adventure = options.adventure_deck.clone().unwrap_or(adventure);
        let (_, offsets) =
            tensor::tensor_sections(options.players as usize, treasure.cards.len(), adventure.cards.len());
        let mut game = Scallywager { treasure, adventure, options, offsets, card_uses: 0 };
        let space = game.action_space().unwrap_or_default();
        game.card_uses = space.iter().take_while(|a| matches!(a, Action::Use { .. })).count();
        Ok(game)
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
            Phase::Start => Status::Chance,
            Phase::Over => Status::Over,
            _ if state.next_pending().is_some() => Status::Chance,
            Phase::Roll => Status::Chance,
            Phase::Draw => match state.draw {
                Draw::From(..) => Status::Chance,
                Draw::Choosing(winner) => Status::Decide(SeatSet::only(winner)),
                Draw::None => Status::Over,
            },
            Phase::Treasure | Phase::Answer => {
                Status::Decide(state.window.holder().map_or(SeatSet::EMPTY, SeatSet::only))
            }
            Phase::Bidding => Status::Decide(SeatSet::only(state.bidder)),
        }
    }

    fn is_pass(&self, action: &Action) -> bool {
        matches!(action, Action::Pass)
    }

    fn legal_actions(&self, state: &State, seat: Seat, out: &mut Vec<Action>) {
        match state.phase {
            Phase::Treasure => {
                out.push(Action::Pass);
                self.for_each_use(state, seat, Deck::Treasure, |a| out.push(a));
            }
            Phase::Answer => {
                out.push(Action::Pass);
                self.for_each_use(state, seat, Deck::Adventure, |a| out.push(a));
            }
            Phase::Bidding => {
                self.for_each_use(state, seat, Deck::Adventure, |a| out.push(a));
                let last = state.bids.last().map(|(_, b)| b);
                if state.forced != Some(seat) {
                    let max = state.cups.total().min(u8::MAX as u32) as u8;
                    self.options
                        .bid_rules()
                        .for_each_raise(last, max, |b| out.push(Action::Bid { quantity: b.quantity, face: b.face }));
                }
                if last.is_some() {
                    out.push(Action::Scallywagger);
                    out.push(Action::Parlay);
                }
            }
            Phase::Draw => {
                for deck in [Deck::Treasure, Deck::Adventure] {
                    if state.cards_left(deck) > 0 {
                        out.push(Action::Draw { deck });
                    }
                }
            }
            Phase::Start | Phase::Roll | Phase::Over => {}
        }
    }

    fn check_action(&self, state: &State, seat: Seat, action: &Action) -> Result<(), PlayError> {
        let mut legal = Vec::new();
        self.legal_actions(state, seat, &mut legal);
        if legal.contains(action) {
            return Ok(());
        }
        let last = state.bids.last().map(|(_, b)| b);
        Err(PlayError::illegal(match (*action, state.phase) {
            (Action::Bid { .. }, Phase::Bidding) if state.forced == Some(seat) => {
                "a Black Spot forces you to call: Scallywagger or Parlay".to_string()
            }
            (Action::Bid { face: 1, .. }, Phase::Bidding) => "no captain may bid on ones".to_string(),
            (Action::Bid { quantity, .. }, Phase::Bidding) if quantity as u32 > state.cups.total() => {
                format!("there are only {} dice", state.cups.total())
            }
            (Action::Bid { quantity, face }, Phase::Bidding) => match last {
                Some(last) => format!("{} does not raise {last}", Bid { quantity, face }),
                None => format!("{} is not a possible bid", Bid { quantity, face }),
            },
            (Action::Scallywagger | Action::Parlay, Phase::Bidding) => "there is no bid to call yet".to_string(),
            (Action::Use { deck, card, .. }, _) => match self.card(deck, card) {
                None => format!("the {deck} deck has no card #{card}"),
                Some(c) => format!("you cannot use {} now, or not that way", c.name),
            },
            (Action::Draw { deck }, Phase::Draw) => format!("the {deck} deck and its discards are empty"),
            (_, phase) => format!("{action} is not possible now: {}", phase.words()),
        }))
    }

    fn apply_with<T: Teller<Self::Event>>(&self, state: &mut State, seat: Seat, action: &Action, told: &mut T) {
        match *action {
            Action::Use { .. } => self.apply_use(state, seat, action, told),
            Action::Pass if state.phase == Phase::Answer => {
                told.public(|| Event::Passed { seat, answering: true });
                let _ = state.window.pass(seat);
                state.settle_answers(self, told);
            }
            Action::Pass => state.treasure_step(self, seat, TreasureStep::Declined, told),
            Action::Bid { quantity, face } => state.bid(self, seat, Bid { quantity, face }, told),
            Action::Scallywagger => state.call(self, seat, CallKind::Scallywagger, told),
            Action::Parlay => state.call(self, seat, CallKind::Parlay, told),
            Action::Draw { deck } => state.choose_deck(deck, told),
        }
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Chance, f64)>) {
        if state.phase == Phase::Start {
            let p = 1.0 / self.players() as f64;
            out.extend(Seat::all(self.players()).map(|seat| (Chance::FirstCaptain { seat }, p)));
        } else if let Some((seat, _)) = state.next_pending() {
            out.extend((1..=6).map(|face| (Chance::Die { seat, face }, 1.0 / 6.0)));
        } else if let Draw::From(_, deck) = state.draw {
            let mut counts = [0u32; MAX_KINDS];
            state.cards.get(deck).kind_counts(state::DECK, &mut counts);
            let total: u32 = counts.iter().sum();
            for (card, &count) in counts.iter().enumerate().filter(|(_, &c)| c > 0) {
                out.push((Chance::Card { deck, card: card as u8 }, count as f64 / total as f64));
            }
        }
    }

    fn sample_chance(&self, state: &State, rng: &mut Rng) -> Chance {
        if state.phase == Phase::Start {
            return Chance::FirstCaptain { seat: Seat(rng.below(self.players() as u32) as u8) };
        }
        if let Some((seat, _)) = state.next_pending() {
            return Chance::Die { seat, face: rng.die(6) };
        }
        let deck = match state.draw {
            Draw::From(_, deck) => deck,
            _ => Deck::Treasure,
        };
        let mut counts = [0u32; MAX_KINDS];
        state.cards.get(deck).kind_counts(state::DECK, &mut counts);
        Chance::Card { deck, card: rng.weighted(&counts).unwrap_or(0) as u8 }
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
        Err(PlayError::illegal_chance(match (chance, outcomes[0].0) {
            (Chance::Die { seat, face }, Chance::Die { seat: next, .. }) if *seat == next => {
                format!("a die shows 1 to 6, not {face}")
            }
            (_, expected) => format!("{chance} cannot happen now; the pending event is like: {expected}"),
        }))
    }

    fn apply_chance_with<T: Teller<Self::Event>>(&self, state: &mut State, chance: &Chance, told: &mut T) {
        state.apply_chance(self, chance, told);
    }

    fn view(&self, state: &State, viewer: Viewer) -> View {
        view::view(self, state, viewer)
    }

    /// The observation only: the information state is the core's (the observation and the seat's own actions).
    fn tensor_len(&self, kind: TensorKind) -> Option<usize> {
        (kind == TensorKind::Observation).then(|| self.tensor_size())
    }

    fn tensor_layout(&self, kind: TensorKind) -> Option<TensorLayout> {
        (kind == TensorKind::Observation)
            .then(|| tensor::tensor_sections(self.players(), self.treasure.cards.len(), self.adventure.cards.len()).0)
    }

    fn write_tensor(&self, view: &View, kind: TensorKind, out: &mut [f32]) {
        self.tensor(view, kind, out)
    }

    fn write_seat_tensor(&self, state: &State, seat: Seat, kind: TensorKind, out: &mut [f32]) -> bool {
        self.seat_tensor(state, seat, kind, out);
        true
    }

    fn determinize(&self, state: &State, seat: Seat, rng: &mut Rng) -> State {
        view::determinize(self, state, seat, rng)
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        (state.phase == Phase::Over).then(|| Outcome::shared_win(state.winners, self.players()))
    }

    /// `max_turns` stopped the game while several captains had crew.
    fn truncated(&self, state: &State) -> bool {
        state.phase == Phase::Over && state.alive().len() > 1
    }

    /// Treasure cards on the captain's table and Adventure cards in its hand (drawn, held or revealed this turn).
    fn pieces_held<'a>(&'a self, state: &State, seat: Seat, out: &mut Vec<Piece<'a>>) {
        let adventure = [hand(seat), fresh(seat), shown(seat)]
            .iter()
            .fold(0, |bits, &zone| bits | state.cards.adventure.kinds_in(zone));
        for (deck, word, bits) in [
            (Deck::Treasure, "Treasure", state.cards.treasure.kinds_in(table(seat))),
            (Deck::Adventure, "Adventure", adventure),
        ] {
            out.extend(kinds(bits).filter_map(|k| self.card(deck, k)).map(|c| Piece { kind: word, name: &c.name }));
        }
    }

    fn round(&self, state: &State) -> u32 {
        state.turn.max(1)
    }

    /// A captain with no crew left.
    fn out(&self, state: &State) -> SeatSet {
        let mut out = SeatSet::EMPTY;
        Seat::all(self.seats()).filter(|&seat| state.crew(seat) == 0).for_each(|seat| out.insert(seat));
        out
    }

    /// Each card of each deck in every shape its effect takes (a target seat, a target and a Treasure to take, a
    /// die of up to `MAX_CREW`, or none), pass, every bid up to a full table of `MAX_CREW` dice each, the two
    /// calls, and the two draws.
    fn action_space(&self) -> Option<Vec<Action>> {
        let seats = || Seat::all(self.players());
        let mut out = Vec::new();
        for deck in [Deck::Treasure, Deck::Adventure] {
            for card in 0..self.deck(deck).cards.len() as u8 {
                let with = |target, die, take| Action::Use { deck, card, target, die, take };
                match card_effect(self, deck, card) {
                    Effect::Peek { .. } | Effect::Reveal | Effect::Board | Effect::Mutiny => {
                        out.extend(seats().map(|t| with(Some(t), None, None)));
                    }
                    Effect::StealTreasure => {
                        for t in seats() {
                            let takes = 0..self.treasure.cards.len() as u8;
                            out.extend(takes.map(|k| with(Some(t), None, Some(k))));
                        }
                    }
                    Effect::Reroll => out.extend((0..MAX_CREW).map(|d| with(None, Some(d), None))),
                    _ => out.push(with(None, None, None)),
                }
            }
        }
        out.push(Action::Pass);
        let faces = self.options.bid_rules().faces;
        for quantity in 1..=(self.players() * MAX_CREW as usize).min(u8::MAX as usize) as u8 {
            out.extend((1..=faces).map(|face| Action::Bid { quantity, face }));
        }
        out.extend([Action::Scallywagger, Action::Parlay]);
        out.extend([Deck::Treasure, Deck::Adventure].map(|deck| Action::Draw { deck }));
        Some(out)
    }

    /// Worked out for everything after the card uses, the actions of every turn (a card use is looked up).
    fn action_index(&self, action: &Action) -> Option<usize> {
        let faces = self.options.bid_rules().faces as usize;
        let most = (self.players() * MAX_CREW as usize).min(u8::MAX as usize);
        let bids = self.card_uses + 1;
        let after_bids = bids + most * faces;
        match *action {
            Action::Use { .. } => None,
            Action::Pass => Some(self.card_uses),
            Action::Bid { quantity, face } => {
                let (q, f) = (quantity as usize, face as usize);
                ((1..=most).contains(&q) && (1..=faces).contains(&f)).then(|| bids + (q - 1) * faces + f - 1)
            }
            Action::Scallywagger => Some(after_bids),
            Action::Parlay => Some(after_bids + 1),
            Action::Draw { deck: Deck::Treasure } => Some(after_bids + 2),
            Action::Draw { deck: Deck::Adventure } => Some(after_bids + 3),
        }
    }

    fn facts(&self) -> Facts {
        let captains = self.players() as u64;
        // A loose bound, from the card counts: in one turn every die (at most `MAX_CREW` a ship) rolls once;
        // each card use (at most every card of both decks) rerolls at most every die and reopens a window (the
        // Treasure window, or the answers to the call), where each captain passes at most once between two
        // uses; strictly rising bids cannot outnumber the (quantity, face) pairs; then the call, the deck choice
        // and the card drawn.
        let dice = captains * MAX_CREW as u64;
        let cards = |deck: &DeckFile| deck.cards.iter().map(|c| c.copies as u64).sum::<u64>();
        let uses = cards(&self.treasure) + cards(&self.adventure);
        let per_turn = dice + uses * (1 + dice) + 2 * (uses + 1) * captains + dice * 6 + 3;
        // Of those, the rolls, the rerolls and the card drawn are chance.
        let turn_decisions = uses + 2 * (uses + 1) * captains + dice * 6 + 2;
        Facts {
            min_players: MIN_CAPTAINS,
            max_players: MAX_CAPTAINS,
            min_payoff: 0.0,
            max_payoff: 1.0,
            // The last captain with crew wins, or those with the most at `max_turns` share the win.
            utility: Utility::ConstantSum { total: 1.0 },
            // The first captain is drawn once, then at most `max_turns` turns.
            max_steps: 1 + self.options.max_turns as u64 * per_turn,
            max_decisions: self.options.max_turns as u64 * turn_decisions,
            chance: true,
            hidden_information: true,
            simultaneous: false,
        }
    }

    fn check_invariants(&self, state: &State) -> Result<(), String> {
        self.invariants(state)
    }
}

impl Roster for Scallywager {
    fn own_bot_kinds() -> Vec<BotKind> {
        vec![
            BotKind {
                name: "odds",
                about: "bids and calls by the exact odds, counting the dice it has seen; plays its cards",
            },
            BotKind {
                name: "adventurer",
                about: "plays as odds but draws Adventure cards and reveals each at its first chance",
            },
            BotKind { name: "raise", about: "a simple bot: raises the last bid's quantity by one, never uses cards" },
        ]
    }

    fn make_own_bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        match name {
            "odds" => Some(Box::new(OddsCaptain::new(seed))),
            "adventurer" => Some(Box::new(OddsCaptain::adventurer(seed))),
            "raise" => Some(Box::new(RaiseCaptain)),
            _ => None,
        }
    }
}
