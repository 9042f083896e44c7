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
//! **Simplifications:** Adventure cards are revealed on their holder's bidding turn (the rulebook: "until the
//! end of that bidding round"); effects resolve at once, without responses.
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
mod invariants;
mod options;
mod state;
mod text;
mod view;

pub use action::{Action, Chance};
pub use bot::{OddsCaptain, RaiseCaptain};
pub use cards::{Card, Deck, DeckFile, Effect, Source};
pub use options::{Options, MAX_CAPTAINS, MAX_CREW, MIN_CAPTAINS};
pub use state::{CallKind, Held, Phase, Showdown, State};
pub use view::{Holding, KnownDie, View};

use plunder_core::{
    Bot, BotKind, Game, OptionsError, Outcome, PlayError, RandomBot, Rng, Roster, Seat, SeatSet, Status, Viewer,
    RANDOM_BOT,
};

use crate::bidding::Bid;
use state::deck_index;

/// Scallywager under one set of options, with its two decks.
#[derive(Clone, Debug)]
pub struct Scallywager {
    options: Options,
    pub(crate) treasure: DeckFile,
    pub(crate) adventure: DeckFile,
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

    /// Calls `f` with every way `seat` may use a card of `deck` now.
    fn for_each_use(&self, state: &State, seat: Seat, deck: Deck, mut f: impl FnMut(Action)) {
        let others: Vec<Seat> = state.alive().iter().filter(|&s| s != seat).collect();
        let usable: Vec<u8> = match deck {
            Deck::Treasure => self
                .treasure
                .cards
                .iter()
                .enumerate()
                .filter(|(k, c)| !c.lasting && state.treasure[seat.index()][*k] > 0)
                .map(|(k, _)| k as u8)
                .collect(),
            Deck::Adventure => {
                let mut kinds: Vec<u8> = state.adventure[seat.index()]
                    .iter()
                    .flatten()
                    .filter(|h| !h.revealed && h.drawn_turn < state.turn)
                    .map(|h| h.card)
                    .collect();
                kinds.sort_unstable();
                kinds.dedup();
                kinds
            }
        };
        for card in usable {
            let effect = self.deck(deck).cards[card as usize].effect;
            let plain = Action::Use { deck, card, target: None, die: None, take: None };
            match effect {
                Effect::Peek { .. } | Effect::Reveal | Effect::Board | Effect::Mutiny => {
                    for &target in &others {
                        f(Action::Use { deck, card, target: Some(target), die: None, take: None });
                    }
                }
                Effect::StealTreasure => {
                    for &target in &others {
                        for take in 0..self.treasure.cards.len() {
                            if state.treasure[target.index()][take] > 0 {
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

    /// Plays a `Use` action: the card leaves the hand (Treasure) or is turned face up (Adventure), then acts.
    fn apply_use(&self, state: &mut State, seat: Seat, action: &Action) {
        let Action::Use { deck, card, target, die, take } = *action else { return };
        let k = card as usize;
        match deck {
            Deck::Treasure => {
                state.treasure[seat.index()][k] -= 1;
                state.discards[0][k] += 1;
            }
            Deck::Adventure => {
                if let Some(held) = state.adventure[seat.index()]
                    .iter_mut()
                    .flatten()
                    .find(|h| h.card == card && !h.revealed && h.drawn_turn < state.turn)
                {
                    held.revealed = true;
                }
            }
        }
        let target = target.unwrap_or(seat);
        match self.deck(deck).cards[k].effect {
            Effect::Peek { dice } => {
                let n = dice.min(state.crew(target));
                state.seen[seat.index()][target.index()] |= (1u16 << n) - 1;
            }
            Effect::Reroll => state.pending[seat.index()] |= 1 << die.unwrap_or(0),
            Effect::GainDie => gain_die(state, seat),
            Effect::Reveal => state.shown[target.index()] |= 1,
            Effect::Reverse => state.clockwise = !state.clockwise,
            Effect::StealTreasure => {
                let take = take.unwrap_or(0) as usize;
                state.treasure[target.index()][take] -= 1;
                state.treasure[seat.index()][take] += 1;
            }
            Effect::PowderKeg => state.keg += 1,
            Effect::Board => {
                state.lose_crew(self, target, 1);
                gain_die(state, seat);
                state.boarders.insert(seat);
            }
            Effect::ForceCall => state.force_after = Some(seat),
            Effect::Mutiny => state.pending[target.index()] |= (1u16 << state.crew(target)) - 1,
            Effect::Kraken => {
                for s in state.alive().iter() {
                    state.pending[s.index()] |= 1;
                }
            }
            Effect::GhostShip => state.ghosts.insert(seat),
            Effect::Shield | Effect::SpyLeft => {}
        }
        if state.finish_if_over(self) {
            return;
        }
        if deck == Deck::Treasure && state.phase == Phase::Treasure {
            state.treasure_step(self, seat, true);
        }
    }
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

    const ID: &'static str = "scallywager";
    const NAME: &'static str = "Scallywager";

    fn new(options: Options) -> Result<Self, OptionsError> {
        options.validate()?;
        let (treasure, adventure) = cards::default_decks();
        Ok(Scallywager {
            treasure: options.treasure_deck.clone().unwrap_or(treasure),
            adventure: options.adventure_deck.clone().unwrap_or(adventure),
            options,
        })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn options_for_players(players: usize) -> Options {
        Options::for_players(players.min(u8::MAX as usize) as u8)
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
                Some((_, Some(_))) => Status::Chance,
                Some((winner, None)) => Status::Decide(SeatSet::only(winner)),
                None => Status::Over,
            },
            Phase::Treasure => Status::Decide(state.window.holder().map_or(SeatSet::EMPTY, SeatSet::only)),
            Phase::Bidding => Status::Decide(SeatSet::only(state.bidder)),
        }
    }

    fn legal_actions(&self, state: &State, seat: Seat, out: &mut Vec<Action>) {
        match state.phase {
            Phase::Treasure => {
                out.push(Action::Pass);
                self.for_each_use(state, seat, Deck::Treasure, |a| out.push(a));
            }
            Phase::Bidding => {
                self.for_each_use(state, seat, Deck::Adventure, |a| out.push(a));
                let last = state.bids.last().map(|(_, b)| *b);
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
                    if state.cards_left(deck_index(deck)) > 0 {
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
        let last = state.bids.last().map(|(_, b)| *b);
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
            (_, phase) => format!("{action} is not possible now (the turn is at {phase:?})"),
        }))
    }

    fn apply_unchecked(&self, state: &mut State, seat: Seat, action: &Action) {
        match *action {
            Action::Use { .. } => self.apply_use(state, seat, action),
            Action::Pass => state.treasure_step(self, seat, false),
            Action::Bid { quantity, face } => state.bid(self, seat, Bid { quantity, face }),
            Action::Scallywagger => state.call(self, seat, CallKind::Scallywagger),
            Action::Parlay => state.call(self, seat, CallKind::Parlay),
            Action::Draw { deck } => state.choose_deck(deck),
        }
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Chance, f64)>) {
        if state.phase == Phase::Start {
            let p = 1.0 / self.players() as f64;
            out.extend(Seat::all(self.players()).map(|seat| (Chance::FirstCaptain { seat }, p)));
        } else if let Some((seat, _)) = state.next_pending() {
            out.extend((1..=6).map(|face| (Chance::Die { seat, face }, 1.0 / 6.0)));
        } else if let Some((_, Some(deck))) = state.draw {
            let counts = &state.decks[deck_index(deck)];
            let total: u32 = counts.iter().map(|&c| c as u32).sum();
            for (card, &count) in counts.iter().enumerate() {
                if count > 0 {
                    out.push((Chance::Card { deck, card: card as u8 }, count as f64 / total as f64));
                }
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
        let deck = state.draw.and_then(|(_, d)| d).unwrap_or(Deck::Treasure);
        let counts = &state.decks[deck_index(deck)];
        let total: u32 = counts.iter().map(|&c| c as u32).sum();
        let mut pick = rng.below(total.max(1));
        for (card, &count) in counts.iter().enumerate() {
            if pick < count as u32 {
                return Chance::Card { deck, card: card as u8 };
            }
            pick -= count as u32;
        }
        Chance::Card { deck, card: 0 }
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

    fn apply_chance_unchecked(&self, state: &mut State, chance: &Chance) {
        state.apply_chance(self, chance);
    }

    fn view(&self, state: &State, viewer: Viewer) -> View {
        view::view(self, state, viewer)
    }

    fn determinize(&self, state: &State, seat: Seat, rng: &mut Rng) -> State {
        view::determinize(self, state, seat, rng)
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        (state.phase == Phase::Over).then(|| Outcome::shared_win(state.winners, self.players()))
    }

    fn round(&self, state: &State) -> u32 {
        state.turn
    }

    fn check_invariants(&self, state: &State) -> Result<(), String> {
        self.invariants(state)
    }
}

impl Roster for Scallywager {
    fn bot_kinds() -> Vec<BotKind> {
        vec![
            BotKind {
                name: "odds",
                about: "bids and calls by the exact odds, counting the dice it has seen; plays its cards",
            },
            BotKind { name: "raise", about: "naive: raises the last bid's quantity by one, never uses cards" },
            RANDOM_BOT,
        ]
    }

    fn make_bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        match name {
            "odds" => Some(Box::new(OddsCaptain::new(seed))),
            "raise" => Some(Box::new(RaiseCaptain)),
            "random" => Some(Box::new(RandomBot::new(seed))),
            _ => None,
        }
    }
}
