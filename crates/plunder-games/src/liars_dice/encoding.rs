//! Liar's dice as numbers, laid out exactly as OpenSpiel's `liars_dice` does (so agents trained on one read
//! the other). Actions: bid `q × f` is `(q - 1) * faces + (f - 1)` for `q` up to the table's starting dice,
//! then liar, then (with `exact`) exact. Tensors, from the seat's view: the seat one-hot (`players`), each
//! of its dice one-hot by face, lowest face first (`most dice a seat starts with × faces`; OpenSpiel sorts
//! every cup once rolled, so roll order is no information), one slot per bid (`dice × faces`), then one slot
//! per call (liar, and exact if on). The information state marks every bid of the round and the call that
//! ended the game; the observation marks only the last `players` of those moves, the call counting as one
//! (OpenSpiel's "last bids", whose sequence ends with the liar call).

use plunder_core::{Seat, TensorKind, TensorLayout};

use super::action::Action;
use super::state::State;
use super::view::{cup_done, View};
use super::{LiarsDice, Phase};
use crate::bidding::{BidMade, Call};

impl LiarsDice {
    /// Dice on the table at the start.
    fn starting_dice(&self) -> usize {
        (0..self.players()).map(|s| self.options.dice_of(s) as usize).sum()
    }

    fn faces(&self) -> usize {
        self.options.faces as usize
    }

    fn bids(&self) -> usize {
        self.starting_dice() * self.faces()
    }

    pub(super) fn action_list(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(self.bids() + 2);
        for quantity in 1..=self.starting_dice() {
            for face in 1..=self.faces() {
                out.push(Action::Bid { quantity: quantity as u8, face: face as u8 });
            }
        }
        out.push(Action::Liar);
        if self.options.exact {
            out.push(Action::Exact);
        }
        out
    }

    pub(super) fn index_of(&self, action: &Action) -> Option<usize> {
        match *action {
            Action::Bid { quantity, face } => {
                let (q, f) = (quantity as usize, face as usize);
                ((1..=self.starting_dice()).contains(&q) && (1..=self.faces()).contains(&f))
                    .then(|| (q - 1) * self.faces() + (f - 1))
            }
            Action::Liar => Some(self.bids()),
            Action::Exact => self.options.exact.then(|| self.bids() + 1),
        }
    }

    fn calls(&self) -> usize {
        1 + self.options.exact as usize
    }

    fn most_dice(&self) -> usize {
        (0..self.players()).map(|s| self.options.dice_of(s) as usize).max().unwrap_or(0)
    }

    pub(super) fn tensor_size(&self) -> usize {
        self.players() + self.most_dice() * self.faces() + self.bids() + self.calls()
    }

    /// The sections [`LiarsDice::write_seen`] writes, in its order.
    pub(super) fn tensor_sections(&self, kind: TensorKind) -> TensorLayout {
        let mut layout = TensorLayout::new();
        layout.section("seat", self.players(), "one-hot: this seat");
        layout.section(
            "my_dice",
            self.most_dice() * self.faces(),
            "this seat's dice, lowest face first: die i (0-based) one-hot over the faces at i × faces (after the \
             game, the dice the showdown revealed)",
        );
        let bids = match kind {
            TensorKind::InformationState => "1 for every bid of the round: bid q × f at (q - 1) × faces + f - 1",
            TensorKind::Observation => {
                "1 for each of the last bids, as many as there are players, the ending call counted among them: \
                 bid q × f at (q - 1) × faces + f - 1"
            }
        };
        layout.section("bids", self.bids(), bids);
        let calls = if self.options.exact {
            "1 for the call that ended the game: liar, then exact"
        } else {
            "1 if liar was called"
        };
        layout.section("calls", self.calls(), calls);
        layout
    }

    /// The tensor of a seat's view.
    pub(super) fn tensor(&self, view: &View, kind: TensorKind, out: &mut [f32]) {
        let Some(seat) = view.seat else { return };
        // Once the game is over the cups are put away, and the seat's dice are those the showdown revealed.
        let shown = view.last_showdown.as_ref().filter(|_| view.phase == Phase::Over);
        let dice = if view.my_dice.is_empty() {
            shown.and_then(|s| s.dice.get(seat.index())).map_or(&[][..], |d| &d[..])
        } else {
            &view.my_dice[..]
        };
        let seen = Seen { seat, dice, bids: &view.bids, call: shown.map(|s| s.showdown.call) };
        self.write_seen(&seen, kind, out);
    }

    /// The same tensor read from the state without building the view: the seat's own dice only where
    /// [`cup_done`] (the view's rule) shows them, else the showdown's once the game is over; the bids and the
    /// call are public.
    pub(super) fn seat_tensor(&self, state: &State, seat: Seat, kind: TensorKind, out: &mut [f32]) {
        let showdown = state.showdown.as_ref().filter(|_| state.phase == Phase::Over);
        let dice = match showdown {
            Some(s) => s.cups.dice_of(seat),
            None if cup_done(state, seat) => state.dice_of(seat),
            None => &[],
        };
        let seen = Seen { seat, dice, bids: state.bids.as_slice(), call: showdown.map(|s| s.call) };
        self.write_seen(&seen, kind, out);
    }

    fn write_seen(&self, seen: &Seen<'_>, kind: TensorKind, out: &mut [f32]) {
        out[seen.seat.index()] = 1.0;
        let faces = self.faces();
        let mut offset = self.players();
        // Dice sorted, lowest face first: slot `i` holds the `i`-th lowest die (without sorting a copy).
        let mut slot = 0;
        for face in 1..=faces {
            for _ in seen.dice.iter().filter(|&&d| d as usize == face) {
                if slot < self.most_dice() {
                    out[offset + slot * faces + face - 1] = 1.0;
                }
                slot += 1;
            }
        }
        offset += self.most_dice() * faces;
        let bids = match kind {
            TensorKind::InformationState => seen.bids,
            TensorKind::Observation => {
                // The last `players` moves, the ending call among them.
                let shown = self.players().saturating_sub(seen.call.is_some() as usize);
                &seen.bids[seen.bids.len().saturating_sub(shown)..]
            }
        };
        for made in bids {
            if let Some(i) = self.index_of(&Action::bid(made.bid)) {
                out[offset + i] = 1.0;
            }
        }
        offset += self.bids();
        if let Some(call) = seen.call {
            out[offset + if call == Call::Liar { 0 } else { 1 }] = 1.0;
        }
    }
}

/// What the tensors read of one seat's information.
struct Seen<'a> {
    seat: Seat,
    /// Its own dice (while it sees its cup) or, once the game is over, those the showdown revealed.
    dice: &'a [u8],
    /// The round's bids (public).
    bids: &'a [BidMade],
    /// The call that ended the game (public).
    call: Option<Call>,
}
