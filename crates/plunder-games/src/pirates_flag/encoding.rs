//! The Pirate's Flag's actions as stable integers (`docs/rules/pirates-flag.md`, "Actions as numbers"). In
//! integer order: `pass`, `auto_pass`, `roll`, `battle`, `go` sea, `go` far, `stop`, `descend`; `trade` of each
//! card of the deck; then each card's plays, in deck order; then the captains' uses; then `escape` and
//! `no_escape` (added later, so last: the integers of every earlier action stayed as they were).
//!
//! A card's plays are its **shape**: the one kind of target its target rule names (none, a seat, a stack item by
//! its number in the turn 0-255, or a roll 0-1) times the range of numbers its effect asks for (steps for "up
//! to" moves, a way and steps for ship moves, a die value, a card to discard, a new target seat). A captain's
//! use does not name the captain, so the captains' uses are one shape per kind of target, over the union of
//! the captains' ranges. Shapes are worked out once per game from its deck and captain files (which an option
//! may replace), so an action's integer is a look-up and a few multiplications.

use plunder_core::Seat;

use super::action::{Action, Target};
use super::data::{CardFile, Dir, Effect, RedirectTo, TargetSpec};

/// The actions that carry nothing, in integer order.
const PLAIN: [Action; 8] = [
    Action::Pass,
    Action::AutoPass,
    Action::Roll,
    Action::Battle,
    Action::Go { dir: Dir::Sea },
    Action::Go { dir: Dir::Far },
    Action::Stop,
    Action::Descend,
];

/// The actions that carry nothing and come after the captains' uses, in integer order.
const LATER: [Action; 2] = [Action::Escape, Action::NoEscape];

/// Stack items are numbered by a `u8` counter that starts again every turn.
const ITEM_NUMBERS: usize = 256;
/// A roll result holds at most two rolls (a battle's attacker and defender).
const ROLLS: usize = 2;

/// The kind of target a card or captain names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum TargetKind {
    None,
    Seat,
    Item,
    Roll,
}

const TARGET_KINDS: [TargetKind; 4] = [TargetKind::None, TargetKind::Seat, TargetKind::Item, TargetKind::Roll];

/// Every (target, number) a card or captain may be played with: a grid of targets of one kind by numbers
/// `first..first + numbers`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Shape {
    target: TargetKind,
    first: u8,
    numbers: u16,
    /// The integer of its first play.
    start: usize,
}

impl Shape {
    /// The shape of a card with `target` and `effect` (mirrors `PiratesFlag::for_each_use`).
    fn of(target: &TargetSpec, effect: &Effect, players: usize, deck_len: usize) -> Shape {
        let mut target = match target {
            TargetSpec::None | TargetSpec::Own | TargetSpec::Ships { .. } => TargetKind::None,
            TargetSpec::Player { .. } | TargetSpec::Ship { .. } | TargetSpec::Carrier { .. } => TargetKind::Seat,
            TargetSpec::Stack { .. } => TargetKind::Item,
            TargetSpec::Roll { .. } => TargetKind::Roll,
        };
        let (first, numbers) = match effect {
            Effect::MoveOwn { steps, up_to: true, .. } => (1, u16::from(*steps)),
            // Step count less one, doubled, plus one for the second way (where a way is chosen).
            Effect::MoveShip { steps, up_to, .. } => (0, 2 * if *up_to { u16::from(*steps) } else { 1 }),
            Effect::ModifyRoll { .. } if effect.set_dice() == Some(None) => (1, 6),
            Effect::Trade { .. } => {
                target = TargetKind::None;
                (0, deck_len as u16)
            }
            Effect::Redirect { to: RedirectTo::Chosen } => (0, players as u16),
            _ => (0, 1),
        };
        Shape { target, first, numbers: numbers.min(256 - u16::from(first)), start: 0 }
    }

    fn targets(&self, players: usize) -> usize {
        match self.target {
            TargetKind::None => 1,
            TargetKind::Seat => players,
            TargetKind::Item => ITEM_NUMBERS,
            TargetKind::Roll => ROLLS,
        }
    }

    fn len(&self, players: usize) -> usize {
        self.targets(players) * self.numbers as usize
    }

    fn target(&self, i: usize) -> Target {
        match self.target {
            TargetKind::None => Target::None,
            TargetKind::Seat => Target::Seat { seat: Seat(i as u8) },
            TargetKind::Item => Target::Item { id: i as u8 },
            TargetKind::Roll => Target::Roll { index: i as u8 },
        }
    }

    fn target_place(&self, target: Target, players: usize) -> Option<usize> {
        let place = match (self.target, target) {
            (TargetKind::None, Target::None) => 0,
            (TargetKind::Seat, Target::Seat { seat }) => seat.index(),
            (TargetKind::Item, Target::Item { id }) => id as usize,
            (TargetKind::Roll, Target::Roll { index }) => index as usize,
            _ => return None,
        };
        (place < self.targets(players)).then_some(place)
    }

    fn index(&self, target: Target, number: u8, players: usize) -> Option<usize> {
        let t = self.target_place(target, players)?;
        let n = number.checked_sub(self.first).map(usize::from).filter(|&n| n < self.numbers as usize)?;
        Some(self.start + t * self.numbers as usize + n)
    }

    fn for_each(&self, players: usize, mut f: impl FnMut(Target, u8)) {
        for t in 0..self.targets(players) {
            for n in 0..self.numbers {
                f(self.target(t), self.first + n as u8);
            }
        }
    }
}

/// The integer layout of one game's actions, worked out from its deck and captains.
#[derive(Clone, Debug)]
pub(crate) struct ActionLayout {
    players: usize,
    deck_len: usize,
    /// Each card's shape, by its place in the deck.
    cards: Vec<Shape>,
    /// The captains' uses: at most one shape per kind of target.
    captains: Vec<Shape>,
    /// The integer of the first of `LATER`.
    later: usize,
}

impl ActionLayout {
    pub(crate) fn new(deck: &CardFile, captains: &CardFile, players: usize) -> ActionLayout {
        let deck_len = deck.entries.len();
        let mut next = PLAIN.len() + deck_len;
        let mut place = |mut shape: Shape| {
            shape.start = next;
            next += shape.len(players);
            shape
        };
        let cards = deck.entries.iter().map(|c| place(Shape::of(&c.target, &c.effect, players, deck_len))).collect();
        let shapes: Vec<Shape> =
            captains.entries.iter().map(|c| Shape::of(&c.target, &c.effect, players, deck_len)).collect();
        let captains = TARGET_KINDS
            .iter()
            .filter_map(|&kind| {
                let of_kind = shapes.iter().filter(|s| s.target == kind);
                let first = of_kind.clone().map(|s| s.first).min()?;
                let end = of_kind.map(|s| u16::from(s.first) + s.numbers).max()?;
                Some(place(Shape { target: kind, first, numbers: end - u16::from(first), start: 0 }))
            })
            .collect();
        ActionLayout { players, deck_len, cards, captains, later: next }
    }

    pub(crate) fn space(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(self.later + LATER.len());
        out.extend(PLAIN);
        out.extend((0..self.deck_len as u8).map(|discard| Action::Trade { discard }));
        for (card, shape) in self.cards.iter().enumerate() {
            shape.for_each(self.players, |target, choice| out.push(Action::Play { card: card as u8, target, choice }));
        }
        for shape in &self.captains {
            shape.for_each(self.players, |target, choice| out.push(Action::Captain { target, choice }));
        }
        out.extend(LATER);
        out
    }

    pub(crate) fn index(&self, action: &Action) -> Option<usize> {
        match *action {
            Action::Trade { discard } => ((discard as usize) < self.deck_len).then(|| PLAIN.len() + discard as usize),
            Action::Play { card, target, choice } => self.cards.get(card as usize)?.index(target, choice, self.players),
            Action::Captain { target, choice } => {
                self.captains.iter().find_map(|shape| shape.index(target, choice, self.players))
            }
            Action::Escape | Action::NoEscape => LATER.iter().position(|later| later == action).map(|i| self.later + i),
            _ => PLAIN.iter().position(|plain| plain == action),
        }
    }
}
