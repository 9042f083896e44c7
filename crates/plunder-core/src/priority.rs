//! Responses on anyone's turn, resolved last in, first out: a priority window with a stack.
//!
//! After an event that allows responses, seats get priority one at a time in turn order. The seat holding it
//! either responds (its response goes on the stack and every other seat may respond to it in turn) or passes.
//! When every seat that may still act has passed in a row, the top of the stack resolves and the window opens
//! again for responses to what is left. When the stack is empty and everyone has passed, the window closes.
//! A seat may say once that it never wants to respond (auto-pass), so games do not crawl.
//!
//! The rules decide what a response is and what resolving it does; this type only keeps the order. It is
//! `Copy` and fixed-size, so a state holding one clones without allocating.

use crate::{Seat, SeatSet};

/// The most responses that can wait on the stack at once.
pub const MAX_STACK: usize = 16;

/// What a pass led to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AfterPass<T> {
    /// Priority moved on; someone else may still respond.
    Waiting,
    /// Everyone passed over this item, which now resolves (the rules apply it); the window stays open.
    Resolve { seat: Seat, item: T },
    /// Everyone passed over an empty stack: the window is closed.
    Closed,
}

/// Why a response was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WindowError {
    NotYourPriority,
    StackFull,
    Closed,
}

/// A priority window over a stack of `T`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Window<T: Copy> {
    stack: [Option<(Seat, T)>; MAX_STACK],
    len: u8,
    seats: u8,
    holder: Option<Seat>,
    /// Seats that passed since the last change (response or resolution).
    passed: SeatSet,
    /// Seats that may respond in this window.
    eligible: SeatSet,
    /// Seats that never respond: they are skipped.
    auto_pass: SeatSet,
    /// Whom priority returns to after a resolution.
    first: Seat,
}

impl<T: Copy> Window<T> {
    /// Opens a window at a table of `seats`: `first` gets priority; only `eligible` seats may respond.
    pub fn open(seats: usize, first: Seat, eligible: SeatSet, auto_pass: SeatSet) -> Window<T> {
        let mut window = Window {
            stack: [None; MAX_STACK],
            len: 0,
            seats: seats as u8,
            holder: None,
            passed: SeatSet::EMPTY,
            eligible,
            auto_pass,
            first,
        };
        window.holder = window.next_holder(first);
        window
    }

    /// The seat holding priority; `None` once nobody can act (pass with [`Window::settle`]).
    pub fn holder(&self) -> Option<Seat> {
        self.holder
    }

    /// The responses waiting, bottom first.
    pub fn stack(&self) -> impl Iterator<Item = (Seat, T)> + '_ {
        self.stack[..self.len as usize].iter().flatten().copied()
    }

    pub fn depth(&self) -> usize {
        self.len as usize
    }

    fn active(&self) -> SeatSet {
        self.eligible.minus(self.auto_pass)
    }

    /// The first active seat from `from` that has not passed since the last change.
    fn next_holder(&self, from: Seat) -> Option<Seat> {
        self.active().minus(self.passed).next_from(from)
    }

    /// `seat` responds with `item`: it goes on top, every other seat may answer it.
    pub fn respond(&mut self, seat: Seat, item: T) -> Result<(), WindowError> {
        if self.holder != Some(seat) {
            return Err(if self.holder.is_none() { WindowError::Closed } else { WindowError::NotYourPriority });
        }
        if self.len as usize == MAX_STACK {
            return Err(WindowError::StackFull);
        }
        self.stack[self.len as usize] = Some((seat, item));
        self.len += 1;
        self.passed = SeatSet::EMPTY;
        self.holder = self.next_holder(seat.next(self.seats as usize));
        Ok(())
    }

    /// `seat` does something that resolves at once (nothing goes on the stack): everyone may act again, and
    /// priority moves on to the next seat.
    pub fn act(&mut self, seat: Seat) -> Result<(), WindowError> {
        if self.holder != Some(seat) {
            return Err(if self.holder.is_none() { WindowError::Closed } else { WindowError::NotYourPriority });
        }
        self.passed = SeatSet::EMPTY;
        self.holder = self.next_holder(seat.next(self.seats as usize));
        Ok(())
    }

    /// `seat` passes. Returns what follows.
    pub fn pass(&mut self, seat: Seat) -> Result<AfterPass<T>, WindowError> {
        if self.holder != Some(seat) {
            return Err(if self.holder.is_none() { WindowError::Closed } else { WindowError::NotYourPriority });
        }
        self.passed.insert(seat);
        self.holder = self.next_holder(seat.next(self.seats as usize));
        Ok(if self.holder.is_some() { AfterPass::Waiting } else { self.settle() })
    }

    /// When nobody can act (everyone passed, or every seat auto-passes): resolves the top of the stack, or
    /// reports the window closed. Games call it after opening a window nobody can answer.
    pub fn settle(&mut self) -> AfterPass<T> {
        if self.holder.is_some() {
            return AfterPass::Waiting;
        }
        if self.len == 0 {
            return AfterPass::Closed;
        }
        self.len -= 1;
        let (seat, item) = self.stack[self.len as usize].take().expect("the stack holds len items");
        self.passed = SeatSet::EMPTY;
        self.holder = self.next_holder(self.first);
        AfterPass::Resolve { seat, item }
    }

    /// Removes the top response without resolving it (a response that makes the one beneath it fizzle, say).
    /// Passes start over from the seat that gets priority after a resolution.
    pub fn cancel_top(&mut self) -> Option<(Seat, T)> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        let top = self.stack[self.len as usize].take();
        self.passed = SeatSet::EMPTY;
        self.holder = self.next_holder(self.first);
        top
    }

    /// `seat` will never respond again in this window (and the game may keep the set for later windows).
    pub fn set_auto_pass(&mut self, seat: Seat) {
        self.auto_pass.insert(seat);
        if self.holder == Some(seat) {
            self.holder = self.next_holder(seat.next(self.seats as usize));
        }
    }

    /// Replaces the seats that never act (seats that ran out of cards, or got one). Priority stays where it is
    /// if its holder may still act, and otherwise moves on.
    pub fn set_auto_pass_to(&mut self, seats: SeatSet) {
        self.auto_pass = seats;
        if let Some(holder) = self.holder {
            self.holder = self.next_holder(holder);
        }
    }

    /// Seats that may still act before the window settles: eligible, not auto-passing, not yet passed.
    pub fn waiting(&self) -> SeatSet {
        self.active().minus(self.passed)
    }

    pub fn auto_pass(&self) -> SeatSet {
        self.auto_pass
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn responses_resolve_last_in_first_out() {
        // The rulebook of The Pirate's Flag, example 2: Shannon plays Aarrgh!, Tucker answers with Giant Mirror,
        // Shannon answers with Thick Fog. Thick Fog resolves first, then Giant Mirror, then Aarrgh!.
        let (shannon, tucker, third) = (Seat(0), Seat(1), Seat(2));
        let mut w: Window<&str> = Window::open(3, shannon, SeatSet::first(3), SeatSet::EMPTY);
        w.respond(shannon, "Aarrgh!").unwrap();
        assert_eq!(w.holder(), Some(tucker));
        w.respond(tucker, "Giant Mirror").unwrap();
        assert_eq!(w.holder(), Some(third));
        assert_eq!(w.pass(third), Ok(AfterPass::Waiting));
        w.respond(shannon, "Thick Fog").unwrap();
        assert_eq!(w.pass(tucker), Ok(AfterPass::Waiting));
        assert_eq!(w.pass(third), Ok(AfterPass::Waiting));
        assert_eq!(w.pass(shannon), Ok(AfterPass::Resolve { seat: shannon, item: "Thick Fog" }));
        // The window reopens for answers to what is left.
        assert_eq!(w.depth(), 2);
        for seat in [shannon, tucker] {
            assert_eq!(w.pass(seat), Ok(AfterPass::Waiting));
        }
        assert_eq!(w.pass(third), Ok(AfterPass::Resolve { seat: tucker, item: "Giant Mirror" }));
        for seat in [shannon, tucker] {
            w.pass(seat).unwrap();
        }
        assert_eq!(w.pass(third), Ok(AfterPass::Resolve { seat: shannon, item: "Aarrgh!" }));
        for seat in [shannon, tucker] {
            w.pass(seat).unwrap();
        }
        assert_eq!(w.pass(third), Ok(AfterPass::Closed));
        assert_eq!(w.holder(), None);
        assert_eq!(w.pass(third), Err(WindowError::Closed));
    }

    #[test]
    fn out_of_turn_and_auto_pass() {
        let mut w: Window<u8> = Window::open(4, Seat(1), SeatSet::first(4), SeatSet::only(Seat(2)));
        assert_eq!(w.respond(Seat(0), 1), Err(WindowError::NotYourPriority));
        w.respond(Seat(1), 1).unwrap();
        assert_eq!(w.holder(), Some(Seat(3)), "seat 2 auto-passes and is skipped");
        w.set_auto_pass(Seat(3));
        assert_eq!(w.holder(), Some(Seat(0)));
        w.pass(Seat(0)).unwrap();
        assert_eq!(w.pass(Seat(1)), Ok(AfterPass::Resolve { seat: Seat(1), item: 1 }));
        // Everyone auto-passing: a new window settles at once.
        let mut quiet: Window<u8> = Window::open(2, Seat(0), SeatSet::first(2), SeatSet::first(2));
        assert_eq!(quiet.holder(), None);
        assert_eq!(quiet.settle(), AfterPass::Closed);
    }

    #[test]
    fn a_response_can_cancel_the_one_beneath() {
        let mut w: Window<&str> = Window::open(2, Seat(0), SeatSet::first(2), SeatSet::EMPTY);
        w.respond(Seat(0), "Gone Fishin'").unwrap();
        w.respond(Seat(1), "Flank!").unwrap();
        w.pass(Seat(0)).unwrap();
        assert_eq!(w.pass(Seat(1)), Ok(AfterPass::Resolve { seat: Seat(1), item: "Flank!" }));
        assert_eq!(w.cancel_top(), Some((Seat(0), "Gone Fishin'")));
        assert_eq!(w.depth(), 0);
        w.pass(Seat(0)).unwrap();
        assert_eq!(w.pass(Seat(1)), Ok(AfterPass::Closed));
        assert_eq!(w.cancel_top(), None);
    }

    #[test]
    fn immediate_actions_reopen_the_round() {
        // Scallywager's Treasure window: the token holder first, clockwise, until everyone declines in a row.
        let mut w: Window<u8> = Window::open(3, Seat(1), SeatSet::first(3), SeatSet::EMPTY);
        w.act(Seat(1)).unwrap();
        assert_eq!(w.holder(), Some(Seat(2)));
        w.pass(Seat(2)).unwrap();
        w.pass(Seat(0)).unwrap();
        assert_eq!(w.holder(), Some(Seat(1)), "the one who acted may act again");
        // Seat 1 has no more cards: it no longer gets priority; the others must pass once more... they did, so
        // the window is done.
        w.set_auto_pass_to(SeatSet::only(Seat(1)));
        assert_eq!(w.holder(), None);
        assert_eq!(w.settle(), AfterPass::Closed);
        assert_eq!(w.act(Seat(1)), Err(WindowError::Closed));
    }

    #[test]
    fn the_stack_has_a_limit() {
        let mut w: Window<u8> = Window::open(2, Seat(0), SeatSet::first(2), SeatSet::EMPTY);
        for i in 0..MAX_STACK {
            let seat = w.holder().unwrap();
            w.respond(seat, i as u8).unwrap();
        }
        let seat = w.holder().unwrap();
        assert_eq!(w.respond(seat, 99), Err(WindowError::StackFull));
    }
}
