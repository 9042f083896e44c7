//! What happened, told: the events a game's rules report as they apply a step, each to its audience.
//!
//! Text built from the difference between two views misses whatever happens and is gone within one step (a
//! battle's dice, a reroll, a reveal). So the rules themselves tell each event as they apply it, with its cause,
//! through a [`Teller`]; search plays through [`Silent`], which tells nothing and costs nothing.

use serde::Serialize;

use crate::{Seat, Viewer};

/// Who is told an event.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Every seat and every spectator: the rules make it public.
    Everyone,
    /// This seat alone (its own draw, its own roll under its cup).
    Only(Seat),
    /// Everyone but this seat, spectators too: the public side of something only that seat sees in full.
    AllBut(Seat),
    /// Everyone but these two seats, spectators too: the public side of a secret two seats share (a card taken
    /// from one hand into another).
    Neither(Seat, Seat),
}

impl Audience {
    /// Whether `viewer` is told.
    pub fn includes(self, viewer: Viewer) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Only(seat) => viewer == Viewer::Seat(seat),
            Audience::AllBut(seat) => viewer != Viewer::Seat(seat),
            Audience::Neither(a, b) => viewer != Viewer::Seat(a) && viewer != Viewer::Seat(b),
        }
    }
}

/// An event with who is told it.
#[derive(Clone, Debug, PartialEq)]
pub struct Told<E> {
    pub to: Audience,
    pub event: E,
}

impl<E> Told<E> {
    /// The event, if `viewer` is told it.
    pub fn seen_by(&self, viewer: Viewer) -> Option<&E> {
        self.to.includes(viewer).then_some(&self.event)
    }
}

/// Where the rules tell what happens. The event is built only if someone listens.
pub trait Teller<E> {
    /// Whether anyone listens: rules may skip work done only to tell.
    const LISTENING: bool;

    /// Tells `event` to `to`.
    fn tell(&mut self, to: Audience, event: impl FnOnce() -> E);

    /// Tells everyone.
    fn public(&mut self, event: impl FnOnce() -> E) {
        self.tell(Audience::Everyone, event)
    }

    /// Tells `seat` the secret side of something and everyone else its public side.
    fn secret(&mut self, seat: Seat, own: impl FnOnce() -> E, others: impl FnOnce() -> E) {
        self.tell(Audience::Only(seat), own);
        self.tell(Audience::AllBut(seat), others);
    }
}

/// Tells nothing: the fast path (search, simulation).
#[derive(Copy, Clone, Debug, Default)]
pub struct Silent;

impl<E> Teller<E> for Silent {
    const LISTENING: bool = false;

    #[inline(always)]
    fn tell(&mut self, _to: Audience, _event: impl FnOnce() -> E) {}
}

impl<E> Teller<E> for Vec<Told<E>> {
    const LISTENING: bool = true;

    fn tell(&mut self, to: Audience, event: impl FnOnce() -> E) {
        self.push(Told { to, event: event() });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn audiences_include_whom_they_name() {
        let (p1, p2) = (Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)));
        assert!(Audience::Everyone.includes(Viewer::Spectator));
        assert!(Audience::Only(Seat(0)).includes(p1));
        assert!(!Audience::Only(Seat(0)).includes(p2));
        assert!(!Audience::Only(Seat(0)).includes(Viewer::Spectator));
        assert!(!Audience::AllBut(Seat(0)).includes(p1));
        assert!(Audience::AllBut(Seat(0)).includes(p2));
        assert!(Audience::AllBut(Seat(0)).includes(Viewer::Spectator));
    }

    #[test]
    fn a_secret_tells_its_holder_one_side_and_the_rest_the_other() {
        let mut told: Vec<Told<&str>> = Vec::new();
        told.secret(Seat(1), || "P2 draws Cutlass", || "P2 draws a card");
        let seen = |v: Viewer| told.iter().filter_map(|t| t.seen_by(v)).copied().collect::<Vec<_>>();
        assert_eq!(seen(Viewer::Seat(Seat(1))), ["P2 draws Cutlass"]);
        assert_eq!(seen(Viewer::Seat(Seat(0))), ["P2 draws a card"]);
        assert_eq!(seen(Viewer::Spectator), ["P2 draws a card"]);
    }

    #[test]
    fn silence_builds_no_event() {
        let mut built = false;
        Teller::<()>::public(&mut Silent, || built = true);
        assert!(!built);
    }
}
