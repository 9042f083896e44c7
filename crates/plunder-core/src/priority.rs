//! Answers on anyone's turn, resolved last in, first out: a priority window over a response stack.
//!
//! The interrupt flow is declared here once, so no game re-invents "who may act now, and where play returns".
//!
//! - **Priority.** Seats get priority one at a time in turn order. The seat holding it responds (its item goes
//!   on the stack and everyone may answer it), acts at once (nothing goes on the stack; everyone may act again),
//!   or passes.
//! - **Resolving is a state of its own.** When every seat that may still act has passed in a row, the top item
//!   starts resolving and nobody holds priority ([`Now::Resolving`]). The rules apply it (which may take chance
//!   events or a choice) and then call [`Window::resolved`]; priority returns to the frame's first seat.
//! - **Nested windows.** While an item resolves, the rules may open a nested frame with an item of their own (a
//!   roll that the resolving card caused, which others may modify): [`Window::open_nested`]. When the nested frame
//!   is empty (its last item resolved, or everyone passed over it), it closes and the outer item is resolving
//!   again, where it left off.
//! - **The rules change the stack.** They push items ([`Window::push`]: a triggered effect), change an item at any
//!   depth ([`Window::get_mut`]: a mirror retargets the card beneath it) and remove one ([`Window::remove`]: a
//!   card cancels the card beneath it).
//! - **Limits.** A window can allow each seat a number of responses ("one card per player per turn"), and the
//!   rules can grant more to one seat ("... unless a card says otherwise").
//! - **Auto-pass is declared, never inferred.** A seat may say once that it will not respond ([`Window::auto_pass`]),
//!   so games do not crawl. The window never skips a seat because of what it holds: a seat with nothing playable
//!   gets priority and passes like any other, so its hidden hand does not show through the timing. Seats the
//!   rules leave out for public reasons (out of offers, out of the game) are removed with [`Window::exclude`].
//!
//! The rules decide what an item is and what resolving it does; this type only keeps the order. It is `Copy`
//! and fixed-size, so a state holding one clones without allocating.

use crate::{Seat, SeatSet};

/// The most items that can wait on the stack at once, over all frames.
pub const MAX_STACK: usize = 16;
/// The most frames open at once: the outer window and nested ones.
pub const MAX_FRAMES: usize = 4;
const _: () = assert!(MAX_FRAMES.is_power_of_two());
/// The most seats a window counts responses for (limits).
pub const MAX_SEATS: usize = 8;

/// An item on the stack and who put it there: a seat, or the rules (`None`: a trigger, a roll).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry<T> {
    pub by: Option<Seat>,
    pub item: T,
}

/// What the window waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Now<T> {
    /// This seat holds priority: it may respond, act or pass.
    Priority(Seat),
    /// Everyone passed over the top item, which is resolving: the rules apply it, then call `resolved`.
    Resolving(Entry<T>),
    /// The stack is empty and everyone passed: the window is closed.
    Closed,
}

/// Why the window refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WindowError {
    /// Another seat holds priority.
    NotYourPriority,
    /// The seat used every response the window allows it.
    LimitReached,
    StackFull,
    FramesFull,
    /// Nothing can be done while an item resolves, except finishing it or opening a nested frame.
    Resolving,
    /// Only a resolving item can be finished or nest a frame.
    NotResolving,
    /// No item at that depth (or it is the resolving one, which cannot be removed).
    NoSuchItem,
    Closed,
}

impl std::fmt::Display for WindowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            WindowError::NotYourPriority => "another seat holds priority",
            WindowError::LimitReached => "no more responses are allowed to this seat now",
            WindowError::StackFull => "the stack is full",
            WindowError::FramesFull => "too many nested windows",
            WindowError::Resolving => "an item is resolving",
            WindowError::NotResolving => "nothing is resolving",
            WindowError::NoSuchItem => "no such item on the stack",
            WindowError::Closed => "the window is closed",
        })
    }
}

impl std::error::Error for WindowError {}

/// One level of the window: the outer window, or one opened while an item resolves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Frame {
    /// Stack depth when the frame opened: items below belong to outer frames.
    base: u8,
    /// Whom priority returns to after a resolution.
    first: Seat,
    eligible: SeatSet,
    /// Seats that passed since the last change.
    passed: SeatSet,
    holder: Option<Seat>,
    /// The top item is resolving.
    resolving: bool,
}

const NO_FRAME: Frame =
    Frame { base: 0, first: Seat(0), eligible: SeatSet::EMPTY, passed: SeatSet::EMPTY, holder: None, resolving: false };

/// A priority window over a stack of `T`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Window<T: Copy> {
    stack: [Option<Entry<T>>; MAX_STACK],
    len: u8,
    frames: [Frame; MAX_FRAMES],
    depth: u8,
    seats: u8,
    auto_pass: SeatSet,
    /// Responses each seat may make in this window (`None`: any number), plus what the rules granted.
    limit: Option<u8>,
    allowance: [u8; MAX_SEATS],
}

impl<T: Copy> Window<T> {
    /// Opens a window at a table of `seats`: `first` gets priority first (and after every resolution); only
    /// `eligible` seats may act; `auto_pass` seats declared that they will not.
    pub fn open(seats: usize, first: Seat, eligible: SeatSet, auto_pass: SeatSet) -> Window<T> {
        let mut window = Window {
            stack: [None; MAX_STACK],
            len: 0,
            frames: [NO_FRAME; MAX_FRAMES],
            depth: 1,
            seats: seats as u8,
            auto_pass,
            limit: None,
            allowance: [0; MAX_SEATS],
        };
        window.frames[0] = Frame { first, eligible, ..NO_FRAME };
        window.frames[0].holder = window.next_holder(first);
        window
    }

    /// A closed window with nothing in it (a state's placeholder between windows).
    pub fn closed(seats: usize) -> Window<T> {
        Window::open(seats, Seat(0), SeatSet::EMPTY, SeatSet::EMPTY)
    }

    /// Allows each seat at most `responses` responses in this window ("one card per player per turn").
    pub fn with_limit(mut self, responses: u8) -> Window<T> {
        self.limit = Some(responses);
        self.allowance = [responses; MAX_SEATS];
        self
    }

    /// Opens a new outermost window (a new turn's), keeping declared auto-passes. The limit starts over.
    pub fn reopen(&mut self, first: Seat, eligible: SeatSet) {
        let limit = self.limit;
        *self = Window::open(self.seats as usize, first, eligible, self.auto_pass);
        if let Some(responses) = limit {
            *self = self.with_limit(responses);
        }
    }

    /// The innermost frame's index. `depth` is always 1..=MAX_FRAMES; the mask (MAX_FRAMES is a power of two)
    /// lets the compiler drop the bounds check on this, the window's hottest path.
    fn innermost(&self) -> usize {
        (self.depth as usize).wrapping_sub(1) & (MAX_FRAMES - 1)
    }

    fn frame(&self) -> &Frame {
        &self.frames[self.innermost()]
    }

    fn frame_mut(&mut self) -> &mut Frame {
        let innermost = self.innermost();
        &mut self.frames[innermost]
    }

    /// What the window waits for now.
    pub fn now(&self) -> Now<T> {
        let frame = self.frame();
        if frame.resolving {
            Now::Resolving(self.stack[self.len as usize - 1].expect("a resolving frame has a top item"))
        } else if let Some(holder) = frame.holder {
            Now::Priority(holder)
        } else {
            Now::Closed
        }
    }

    /// The seat holding priority, if any.
    pub fn holder(&self) -> Option<Seat> {
        match self.now() {
            Now::Priority(seat) => Some(seat),
            _ => None,
        }
    }

    pub fn is_closed(&self) -> bool {
        matches!(self.now(), Now::Closed)
    }

    /// How many frames are open (1 for the outer window alone).
    pub fn frames(&self) -> usize {
        self.depth as usize
    }

    /// The items waiting, bottom first, over all frames.
    pub fn stack(&self) -> impl Iterator<Item = Entry<T>> + '_ {
        self.stack[..self.len as usize].iter().flatten().copied()
    }

    /// Items on the stack over all frames.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Items in the innermost frame (what its seats are answering).
    pub fn frame_len(&self) -> usize {
        (self.len - self.frame().base) as usize
    }

    /// The item at `index` from the bottom.
    pub fn get(&self, index: usize) -> Option<Entry<T>> {
        self.stack[..self.len as usize].get(index).copied().flatten()
    }

    /// The top item.
    pub fn top(&self) -> Option<Entry<T>> {
        self.len.checked_sub(1).and_then(|i| self.get(i as usize))
    }

    /// The item at `index` from the bottom, to change it in place (retarget it, say).
    pub fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        self.stack[..self.len as usize].get_mut(index).and_then(|e| e.as_mut()).map(|e| &mut e.item)
    }

    fn active(&self, frame: &Frame) -> SeatSet {
        frame.eligible.minus(self.auto_pass).minus(frame.passed)
    }

    /// The first seat from `from` that may still act in the innermost frame.
    fn next_holder(&self, from: Seat) -> Option<Seat> {
        self.active(self.frame()).next_from(from)
    }

    /// Seats that may still act before the innermost frame moves on: eligible, not auto-passing, not yet passed.
    pub fn waiting(&self) -> SeatSet {
        if self.frame().resolving {
            SeatSet::EMPTY
        } else {
            self.active(self.frame())
        }
    }

    pub fn auto_passing(&self) -> SeatSet {
        self.auto_pass
    }

    /// Responses `seat` may still make (`None`: no limit).
    pub fn responses_left(&self, seat: Seat) -> Option<u8> {
        self.limit.map(|_| self.allowance.get(seat.index()).copied().unwrap_or(0))
    }

    fn check_priority(&self, seat: Seat) -> Result<(), WindowError> {
        match self.now() {
            Now::Priority(holder) if holder == seat => Ok(()),
            Now::Priority(_) => Err(WindowError::NotYourPriority),
            Now::Resolving(_) => Err(WindowError::Resolving),
            Now::Closed => Err(WindowError::Closed),
        }
    }

    /// Whether `seat` may respond now (holds priority, under its limit, room on the stack).
    pub fn can_respond(&self, seat: Seat) -> Result<(), WindowError> {
        self.check_priority(seat)?;
        if self.limit.is_some() && self.responses_left(seat) == Some(0) {
            return Err(WindowError::LimitReached);
        }
        if self.len as usize == MAX_STACK {
            return Err(WindowError::StackFull);
        }
        Ok(())
    }

    /// After a change: everyone may act again, from `from`.
    fn restart_from(&mut self, from: Seat) {
        self.frame_mut().passed = SeatSet::EMPTY;
        let holder = self.next_holder(from);
        self.frame_mut().holder = holder;
        self.advance();
    }

    /// Moves on while nobody can act: the top item starts resolving, or an empty nested frame closes.
    fn advance(&mut self) {
        let frame = *self.frame();
        if frame.resolving || frame.holder.is_some() {
            return;
        }
        if self.len > frame.base {
            self.frame_mut().resolving = true;
        } else if self.depth > 1 {
            // The nested frame is done: the outer item, still resolving, carries on.
            self.depth -= 1;
        }
    }

    /// `seat` responds with `item`: it goes on top, and every seat may answer it.
    pub fn respond(&mut self, seat: Seat, item: T) -> Result<(), WindowError> {
        self.can_respond(seat)?;
        if self.limit.is_some() {
            self.allowance[seat.index()] -= 1;
        }
        self.stack[self.len as usize] = Some(Entry { by: Some(seat), item });
        self.len += 1;
        self.restart_from(seat.next(self.seats as usize));
        Ok(())
    }

    /// `seat` does something that takes effect at once (nothing goes on the stack): everyone may act again, and
    /// priority moves on to the next seat.
    pub fn act(&mut self, seat: Seat) -> Result<(), WindowError> {
        self.check_priority(seat)?;
        self.restart_from(seat.next(self.seats as usize));
        Ok(())
    }

    /// `seat` passes.
    pub fn pass(&mut self, seat: Seat) -> Result<(), WindowError> {
        self.check_priority(seat)?;
        self.frame_mut().passed.insert(seat);
        let holder = self.next_holder(seat.next(self.seats as usize));
        self.frame_mut().holder = holder;
        self.advance();
        Ok(())
    }

    /// `seat`'s declared auto-pass ends: the rules gave it a decision of its own that a pass would throw away
    /// (a battle it earned on its turn), so it gets priority again as the window moves on. Who holds priority now
    /// does not change.
    pub fn withdraw_auto_pass(&mut self, seat: Seat) {
        self.auto_pass.remove(seat);
    }

    /// `seat` declares it will not respond in this window (and the game may keep it for later windows). If it
    /// holds priority, that counts as its pass.
    pub fn auto_pass(&mut self, seat: Seat) {
        self.auto_pass.insert(seat);
        if self.frame().holder == Some(seat) {
            let holder = self.next_holder(seat.next(self.seats as usize));
            self.frame_mut().holder = holder;
            self.advance();
        }
    }

    /// The rules leave `seat` out of this window for a public reason (out of offers, out of the game).
    pub fn exclude(&mut self, seat: Seat) {
        for frame in &mut self.frames[..self.depth as usize] {
            frame.eligible.remove(seat);
        }
        if self.frame().holder == Some(seat) {
            let holder = self.next_holder(seat.next(self.seats as usize));
            self.frame_mut().holder = holder;
            self.advance();
        }
    }

    /// `seat`, holding priority, does something at once that still uses one of its responses (a card that
    /// nobody can answer but that counts toward "one card per turn"): [`Window::act`] under the limit.
    pub fn spend(&mut self, seat: Seat) -> Result<(), WindowError> {
        self.check_priority(seat)?;
        if self.limit.is_some() {
            if self.responses_left(seat) == Some(0) {
                return Err(WindowError::LimitReached);
            }
            self.allowance[seat.index()] -= 1;
        }
        self.act(seat)
    }

    /// The rules allow `seat` `more` responses beyond the limit ("... unless a card says otherwise").
    pub fn grant(&mut self, seat: Seat, more: u8) {
        if let Some(slot) = self.allowance.get_mut(seat.index()) {
            *slot = slot.saturating_add(more);
        }
    }

    /// The rules put `item` on top of the innermost frame (a triggered effect): everyone may answer it, from the
    /// frame's first seat.
    pub fn push(&mut self, item: T) -> Result<(), WindowError> {
        if self.frame().resolving {
            return Err(WindowError::Resolving);
        }
        if self.len as usize == MAX_STACK {
            return Err(WindowError::StackFull);
        }
        self.stack[self.len as usize] = Some(Entry { by: None, item });
        self.len += 1;
        let first = self.frame().first;
        self.restart_from(first);
        Ok(())
    }

    /// The resolving item is done: it leaves the stack and priority returns to the frame's first seat.
    pub fn resolved(&mut self) -> Result<Entry<T>, WindowError> {
        if !self.frame().resolving {
            return Err(WindowError::NotResolving);
        }
        self.len -= 1;
        let entry = self.stack[self.len as usize].take().expect("a resolving frame has a top item");
        self.frame_mut().resolving = false;
        if self.depth > 1 && self.len == self.frame().base {
            // A nested frame exists to answer its items: with the last one gone, the outer item carries on.
            self.depth -= 1;
            return Ok(entry);
        }
        let first = self.frame().first;
        self.restart_from(first);
        Ok(entry)
    }

    /// While an item resolves: opens a nested frame holding `item` (pushed by the rules), answered by `eligible`
    /// seats from `first`. When that frame is empty and everyone passed, the outer item is resolving again.
    pub fn open_nested(&mut self, first: Seat, eligible: SeatSet, item: T) -> Result<(), WindowError> {
        if !self.frame().resolving {
            return Err(WindowError::NotResolving);
        }
        if self.depth as usize == MAX_FRAMES {
            return Err(WindowError::FramesFull);
        }
        if self.len as usize == MAX_STACK {
            return Err(WindowError::StackFull);
        }
        self.frames[self.depth as usize] = Frame { base: self.len, first, eligible, ..NO_FRAME };
        self.depth += 1;
        self.stack[self.len as usize] = Some(Entry { by: None, item });
        self.len += 1;
        self.restart_from(first);
        Ok(())
    }

    /// Removes the item at `index` from the bottom (a card cancelled by the one above it) and returns it. The
    /// resolving item cannot be removed; an item under it can (the usual "cancel the card beneath"). Outside a
    /// resolution the stack changed, so everyone may answer again.
    pub fn remove(&mut self, index: usize) -> Result<Entry<T>, WindowError> {
        let len = self.len as usize;
        if index >= len || (self.frame().resolving && index == len - 1) {
            return Err(WindowError::NoSuchItem);
        }
        let entry = self.stack[index].expect("items below len are set");
        self.stack.copy_within(index + 1..len, index);
        self.stack[len - 1] = None;
        self.len -= 1;
        for frame in &mut self.frames[..self.depth as usize] {
            if frame.base as usize > index {
                frame.base -= 1;
            }
        }
        if !self.frame().resolving {
            let first = self.frame().first;
            self.restart_from(first);
        }
        Ok(entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card<T>(by: u8, item: T) -> Entry<T> {
        Entry { by: Some(Seat(by)), item }
    }

    /// Passes for every waiting seat in turn until the window stops waiting for priority.
    fn all_pass<T: Copy>(w: &mut Window<T>) {
        while let Some(seat) = w.holder() {
            w.pass(seat).unwrap();
        }
    }

    #[test]
    fn spending_uses_a_response_without_the_stack() {
        let mut w: Window<&str> = Window::open(3, Seat(0), SeatSet::first(3), SeatSet::EMPTY).with_limit(1);
        w.spend(Seat(0)).unwrap();
        assert!(w.is_empty());
        assert_eq!(w.responses_left(Seat(0)), Some(0));
        assert_eq!(w.holder(), Some(Seat(1)), "priority moves on as after an act");
        assert_eq!(w.spend(Seat(1)), Ok(()));
        assert_eq!(w.spend(Seat(1)), Err(WindowError::NotYourPriority));
        w.pass(Seat(2)).unwrap();
        assert_eq!(w.spend(Seat(0)), Err(WindowError::LimitReached));
    }

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
        w.pass(third).unwrap();
        w.respond(shannon, "Thick Fog").unwrap();
        w.pass(tucker).unwrap();
        w.pass(third).unwrap();
        assert_eq!(w.now(), Now::Priority(shannon), "the one who played last may still answer");
        w.pass(shannon).unwrap();
        assert_eq!(w.now(), Now::Resolving(card(0, "Thick Fog")));
        assert_eq!(w.pass(shannon), Err(WindowError::Resolving), "nobody holds priority while an item resolves");
        assert_eq!(w.resolved(), Ok(card(0, "Thick Fog")));
        assert_eq!(w.now(), Now::Priority(shannon), "priority returns to the first seat");
        all_pass(&mut w);
        assert_eq!(w.resolved(), Ok(card(1, "Giant Mirror")));
        all_pass(&mut w);
        assert_eq!(w.resolved(), Ok(card(0, "Aarrgh!")));
        all_pass(&mut w);
        assert_eq!(w.now(), Now::Closed);
        assert_eq!(w.pass(third), Err(WindowError::Closed));
        assert_eq!(w.resolved(), Err(WindowError::NotResolving));
    }

    #[test]
    fn declared_auto_pass_is_skipped_and_nothing_else_is() {
        let mut w: Window<u8> = Window::open(4, Seat(1), SeatSet::first(4), SeatSet::only(Seat(2)));
        assert_eq!(w.respond(Seat(0), 1), Err(WindowError::NotYourPriority));
        w.respond(Seat(1), 1).unwrap();
        assert_eq!(w.holder(), Some(Seat(3)), "seat 2 declared auto-pass and is skipped");
        w.auto_pass(Seat(3));
        assert_eq!(w.holder(), Some(Seat(0)), "declaring counts as the holder's pass");
        w.pass(Seat(0)).unwrap();
        w.pass(Seat(1)).unwrap();
        assert_eq!(w.now(), Now::Resolving(card(1, 1)));
        // Everyone auto-passing: a new window is closed at once.
        let quiet: Window<u8> = Window::open(2, Seat(0), SeatSet::first(2), SeatSet::first(2));
        assert_eq!(quiet.now(), Now::Closed);
    }

    #[test]
    fn a_withdrawn_auto_pass_gets_priority_again_when_the_window_restarts() {
        // The Pirate's Flag: the active player auto-passed, then earned a battle while its roll resolved.
        let mut w: Window<u8> = Window::open(3, Seat(0), SeatSet::first(3), SeatSet::EMPTY);
        w.push(1).unwrap();
        w.auto_pass(Seat(0));
        assert_eq!(w.holder(), Some(Seat(1)));
        all_pass(&mut w);
        assert_eq!(w.now(), Now::Resolving(Entry { by: None, item: 1 }));
        w.withdraw_auto_pass(Seat(0));
        assert!(!w.auto_passing().contains(Seat(0)));
        w.resolved().unwrap();
        assert_eq!(w.holder(), Some(Seat(0)), "priority starts over from the seat that withdrew");
    }

    #[test]
    fn a_card_cancels_the_card_beneath_it() {
        // The Pirate's Flag: Gone Fishin' answered by Flank!, which cancels it.
        let mut w: Window<&str> = Window::open(2, Seat(0), SeatSet::first(2), SeatSet::EMPTY);
        w.respond(Seat(0), "Gone Fishin'").unwrap();
        w.respond(Seat(1), "Flank!").unwrap();
        all_pass(&mut w);
        assert_eq!(w.now(), Now::Resolving(card(1, "Flank!")));
        assert_eq!(w.remove(1), Err(WindowError::NoSuchItem), "the resolving item is not removed");
        assert_eq!(w.remove(0), Ok(card(0, "Gone Fishin'")));
        assert_eq!(w.resolved(), Ok(card(1, "Flank!")));
        assert!(w.is_empty());
        all_pass(&mut w);
        assert_eq!(w.now(), Now::Closed);
    }

    #[test]
    fn an_item_deep_in_the_stack_can_be_changed() {
        // A mirror resolving turns the card beneath it round.
        let mut w: Window<(char, u8)> = Window::open(3, Seat(0), SeatSet::first(3), SeatSet::EMPTY);
        w.respond(Seat(0), ('a', 2)).unwrap();
        w.respond(Seat(1), ('b', 0)).unwrap();
        w.respond(Seat(2), ('m', 0)).unwrap();
        all_pass(&mut w);
        *w.get_mut(0).unwrap() = ('a', 0);
        assert_eq!(w.get(0), Some(card(0, ('a', 0))));
        assert_eq!(w.get(5), None);
        assert_eq!(w.resolved().unwrap().item, ('m', 0));
        assert_eq!(w.stack().map(|e| e.item.0).collect::<String>(), "ab");
    }

    #[test]
    fn resolving_can_open_a_nested_window_that_returns() {
        // A card resolves by rolling a die; the roll can be answered (+2) before it counts; then the card finishes.
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        enum Item {
            Cannon,
            Roll(u8),
            Plus2,
        }
        let mut w: Window<Item> = Window::open(3, Seat(0), SeatSet::first(3), SeatSet::EMPTY);
        w.respond(Seat(0), Item::Cannon).unwrap();
        all_pass(&mut w);
        assert_eq!(w.now(), Now::Resolving(card(0, Item::Cannon)));
        assert_eq!(w.push(Item::Plus2), Err(WindowError::Resolving));
        w.open_nested(Seat(1), SeatSet::first(3), Item::Roll(3)).unwrap();
        assert_eq!(w.frames(), 2);
        assert_eq!(w.now(), Now::Priority(Seat(1)), "the nested frame starts from its own first seat");
        w.respond(Seat(1), Item::Plus2).unwrap();
        all_pass(&mut w);
        assert_eq!(w.resolved().unwrap().item, Item::Plus2);
        if let Some(Item::Roll(v)) = w.get_mut(1) {
            *v += 2;
        }
        all_pass(&mut w);
        assert_eq!(w.now(), Now::Resolving(Entry { by: None, item: Item::Roll(5) }));
        w.resolved().unwrap();
        assert_eq!(w.frames(), 1, "the nested frame closed with its last item");
        assert_eq!(w.now(), Now::Resolving(card(0, Item::Cannon)), "the outer card carries on");
        w.resolved().unwrap();
        all_pass(&mut w);
        assert_eq!(w.now(), Now::Closed);
    }

    #[test]
    fn the_rules_push_triggers_and_limit_responses() {
        let mut w: Window<u8> = Window::open(3, Seat(2), SeatSet::first(3), SeatSet::EMPTY).with_limit(1);
        w.push(7).unwrap();
        assert_eq!(w.top(), Some(Entry { by: None, item: 7 }));
        assert_eq!(w.holder(), Some(Seat(2)));
        w.respond(Seat(2), 1).unwrap();
        assert_eq!(w.responses_left(Seat(2)), Some(0));
        w.pass(Seat(0)).unwrap();
        w.pass(Seat(1)).unwrap();
        assert_eq!(w.can_respond(Seat(2)), Err(WindowError::LimitReached), "one response per seat");
        w.grant(Seat(2), 1);
        w.respond(Seat(2), 2).unwrap();
        assert_eq!(w.len(), 3);
        w.reopen(Seat(0), SeatSet::first(3));
        assert_eq!(w.responses_left(Seat(2)), Some(1), "a new turn starts the limit over");
    }

    #[test]
    fn removing_outside_a_resolution_lets_everyone_answer_again() {
        let mut w: Window<u8> = Window::open(2, Seat(0), SeatSet::first(2), SeatSet::EMPTY);
        w.respond(Seat(0), 1).unwrap();
        w.pass(Seat(1)).unwrap();
        assert_eq!(w.remove(0), Ok(card(0, 1)));
        assert_eq!(w.holder(), Some(Seat(0)));
        assert_eq!(w.waiting(), SeatSet::first(2));
        w.exclude(Seat(0));
        assert_eq!(w.holder(), Some(Seat(1)));
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
        w.pass(Seat(1)).unwrap();
        assert_eq!(w.now(), Now::Closed);
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
