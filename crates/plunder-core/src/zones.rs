//! Hidden zones: where every card of one family is (decks, hands, piles, tableaus) and who knows which card it is.
//!
//! Each physical card has an id, a kind (its face: an index into the game's card list) and a zone. Counts per
//! zone are public; a card's kind is known to the seats that saw it: everyone while it lies in a public zone,
//! its owner in an owner's zone (a hand), and anyone who saw it before and has not lost track of it since (a
//! card I passed left in the draft is still known to me in my neighbour's hand). Drawing from a zone whose order
//! is hidden loses track: nobody but the drawer (by the new zone's visibility) knows which card came out.
//!
//! Draws are chance events over kinds, weighted by how many cards of each kind the zone holds
//! ([`Zones::kind_counts`] with [`crate::Rng::weighted`]), so solvers can enumerate them and records show them.
//! [`Zones::determinize`] deals every card a seat does not know anew among the places it does not know,
//! consistently with everything the seat has seen.
//!
//! A game with several families that never mix (Scallywager's Treasure and Adventure decks) keeps one `Zones`
//! each. Fixed-size and `Copy`: a state holding one clones without allocating.

use crate::{Rng, Seat, SeatSet};

/// The most zones of one family.
pub const MAX_ZONES: usize = 32;
/// The most kinds of card in one family.
pub const MAX_KINDS: usize = 64;

/// A zone's number within its family; the game names them.
pub type ZoneId = u8;

/// A physical card's number within its family.
pub type CardId = u16;

/// Who sees the cards in a zone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Visibility {
    /// Nobody (a face-down deck or stack).
    #[default]
    Hidden,
    /// Only this seat (a hand, a concealed card).
    Owner(Seat),
    /// Everyone (a face-up pile, a tableau).
    Public,
}

/// Why a zone operation was refused (a rules bug or bad data: games check before they move cards).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ZoneError {
    /// More cards than the family's capacity.
    Full,
    NoSuchZone,
    NoSuchCard,
    /// The zone holds no card of that kind.
    NoSuchKind,
}

const NOWHERE: ZoneId = ZoneId::MAX;

impl std::fmt::Display for ZoneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ZoneError::Full => "too many cards",
            ZoneError::NoSuchZone => "no such zone",
            ZoneError::NoSuchCard => "no such card",
            ZoneError::NoSuchKind => "no card of that kind there (or a kind beyond the family's room)",
        })
    }
}

impl std::error::Error for ZoneError {}

/// The kinds whose bits are set in `bits` (a [`Zones::kinds_in`]), lowest first.
pub fn kinds(mut bits: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let kind = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            kind
        })
    })
}

/// Every card of one family, with up to `N` cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Zones<const N: usize> {
    seats: u8,
    len: u16,
    kind: [u8; N],
    zone: [ZoneId; N],
    /// Seats that know this card's kind where it lies now (beyond the zone's own visibility).
    known: [SeatSet; N],
    /// When the card arrived in its zone: the highest in a zone is its top.
    arrived: [u32; N],
    clock: u32,
    visibility: [Visibility; MAX_ZONES],
    /// Cards per zone, and a bit per kind present in it: the rules ask these on every step.
    counts: [u16; MAX_ZONES],
    present: [u64; MAX_ZONES],
    /// Cards of each kind per zone, so a move keeps `present` exact without scanning the family.
    per_kind: [[u8; MAX_KINDS]; MAX_ZONES],
}

/// The most cards of one kind in a family (`per_kind` counts them in a byte).
pub const MAX_COPIES: usize = u8::MAX as usize;

impl<const N: usize> Zones<N> {
    /// An empty family at a table of `seats`, with each zone's visibility (at most [`MAX_ZONES`]).
    pub fn new(seats: usize, visibility: &[Visibility]) -> Result<Zones<N>, ZoneError> {
        if visibility.len() > MAX_ZONES {
            return Err(ZoneError::NoSuchZone);
        }
        let mut zones = Zones {
            seats: seats as u8,
            len: 0,
            kind: [0; N],
            zone: [0; N],
            known: [SeatSet::EMPTY; N],
            arrived: [0; N],
            clock: 0,
            visibility: [Visibility::Hidden; MAX_ZONES],
            counts: [0; MAX_ZONES],
            present: [0; MAX_ZONES],
            per_kind: [[0; MAX_KINDS]; MAX_ZONES],
        };
        zones.visibility[..visibility.len()].copy_from_slice(visibility);
        Ok(zones)
    }

    /// Adds `copies` cards of `kind` to `zone` (setup).
    pub fn add(&mut self, kind: u8, copies: usize, zone: ZoneId) -> Result<(), ZoneError> {
        self.check_zone(zone)?;
        if kind as usize >= MAX_KINDS {
            return Err(ZoneError::NoSuchKind);
        }
        let held: usize = self.per_kind.iter().map(|z| z[kind as usize] as usize).sum();
        if self.len as usize + copies > N || held + copies > MAX_COPIES {
            return Err(ZoneError::Full);
        }
        for _ in 0..copies {
            let id = self.len as usize;
            self.kind[id] = kind;
            self.zone[id] = NOWHERE;
            self.len += 1;
            self.place(id as CardId, zone);
        }
        Ok(())
    }

    fn check_zone(&self, zone: ZoneId) -> Result<(), ZoneError> {
        if (zone as usize) < MAX_ZONES {
            Ok(())
        } else {
            Err(ZoneError::NoSuchZone)
        }
    }

    fn everyone(&self) -> SeatSet {
        SeatSet::first(self.seats as usize)
    }

    /// The seats a zone's visibility shows its cards to.
    pub fn seen_by(&self, zone: ZoneId) -> SeatSet {
        match self.visibility[zone as usize] {
            Visibility::Hidden => SeatSet::EMPTY,
            Visibility::Owner(seat) => SeatSet::only(seat),
            Visibility::Public => self.everyone(),
        }
    }

    pub fn visibility(&self, zone: ZoneId) -> Visibility {
        self.visibility[zone as usize]
    }

    fn place(&mut self, id: CardId, zone: ZoneId) {
        let i = id as usize;
        let (from, kind) = (self.zone[i], self.kind[i]);
        self.zone[i] = zone;
        if from != NOWHERE {
            self.counts[from as usize] -= 1;
            let left = &mut self.per_kind[from as usize][kind as usize];
            *left -= 1;
            if *left == 0 {
                self.present[from as usize] &= !(1u64 << kind);
            }
        }
        self.per_kind[zone as usize][kind as usize] += 1;
        self.counts[zone as usize] += 1;
        self.present[zone as usize] |= 1u64 << kind;
        self.known[i] = self.known[i].union(self.seen_by(zone));
        self.clock += 1;
        self.arrived[i] = self.clock;
    }

    /// How many cards the family holds.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Card ids in `zone`, oldest arrival first.
    pub fn cards_in(&self, zone: ZoneId) -> impl Iterator<Item = CardId> + '_ {
        let mut ids: [CardId; N] = [0; N];
        let mut n = 0;
        for id in 0..self.len as usize {
            if self.zone[id] == zone {
                ids[n] = id as CardId;
                n += 1;
            }
        }
        ids[..n].sort_unstable_by_key(|&id| self.arrived[id as usize]);
        (0..n).map(move |i| ids[i])
    }

    /// The kind of every card in `zone`, one per card, by kind: cheaper than [`Zones::cards_in`] (no scan of the
    /// family, no sort) where the order does not matter.
    pub fn kinds_of_cards_in(&self, zone: ZoneId) -> impl Iterator<Item = u8> + '_ {
        let copies =
            move |kind: u8| self.per_kind.get(zone as usize).map_or(0, |counts| counts[kind as usize] as usize);
        kinds(self.kinds_in(zone)).flat_map(move |kind| std::iter::repeat_n(kind, copies(kind)))
    }

    /// Every card `seat` knows ([`Zones::knows`]), as (its zone, its kind), in no particular order: one scan of
    /// the family where filtering [`Zones::cards_in`] would scan (and sort) once per zone.
    pub fn known_to(&self, seat: Seat) -> impl Iterator<Item = (ZoneId, u8)> + '_ {
        let cards = 0..self.len as usize;
        cards.filter(move |&id| self.known[id].contains(seat)).map(move |id| (self.zone[id], self.kind[id]))
    }

    /// A card of `kind` in `zone`, if any (the one a player takes or plays when all of a kind are alike).
    pub fn find(&self, zone: ZoneId, kind: u8) -> Option<CardId> {
        if !self.has_kind(zone, kind) {
            return None;
        }
        (0..self.len as usize).find(|&id| self.zone[id] == zone && self.kind[id] == kind).map(|id| id as CardId)
    }

    /// The card that arrived in `zone` last (a pile's top).
    pub fn top(&self, zone: ZoneId) -> Option<CardId> {
        (0..self.len as usize)
            .filter(|&id| self.zone[id] == zone)
            .max_by_key(|&id| self.arrived[id])
            .map(|i| i as CardId)
    }

    /// How many cards `zone` holds (always public).
    pub fn count(&self, zone: ZoneId) -> usize {
        self.counts.get(zone as usize).map_or(0, |&c| c as usize)
    }

    /// Whether `zone` holds a card of `kind`.
    pub fn has_kind(&self, zone: ZoneId, kind: u8) -> bool {
        (kind as usize) < MAX_KINDS && self.present.get(zone as usize).is_some_and(|&bits| bits & (1u64 << kind) != 0)
    }

    /// A bit per kind that `zone` holds (bit k: kind k), to visit only the kinds present (a hand's kinds
    /// without scanning every card).
    pub fn kinds_in(&self, zone: ZoneId) -> u64 {
        self.present.get(zone as usize).copied().unwrap_or(0)
    }

    /// How many cards of each kind lie in `zone`, by kind (all zeros for a zone the family does not have).
    pub fn counts_by_kind(&self, zone: ZoneId) -> &[u8; MAX_KINDS] {
        self.per_kind.get(zone as usize).unwrap_or(&[0; MAX_KINDS])
    }

    /// How many cards of `kind` lie in `zone`.
    pub fn count_kind(&self, zone: ZoneId, kind: u8) -> usize {
        match (self.per_kind.get(zone as usize), kind as usize) {
            (Some(kinds), k) if k < MAX_KINDS => kinds[k] as usize,
            _ => 0,
        }
    }

    /// Writes into `counts[k]` how many cards of kind `k` lie in `zone` (the weights of a draw from it).
    pub fn kind_counts(&self, zone: ZoneId, counts: &mut [u32]) {
        counts.iter_mut().for_each(|c| *c = 0);
        if let Some(kinds) = self.per_kind.get(zone as usize) {
            counts.iter_mut().zip(kinds).for_each(|(c, &k)| *c = k as u32);
        }
    }

    /// The kind of the `n`-th card of `zone` (from 0) counting kind by kind, lowest kind first: a uniform draw
    /// from the zone given `n` uniform below its count (`None` past the end). It depends on the zone's count per
    /// kind only, never on which card id is which: a determinized family keeps the true world's ids with new
    /// kinds on the unknown cards, so a walk over ids would tell apart worlds the seat cannot.
    pub fn nth_kind(&self, zone: ZoneId, mut n: usize) -> Option<u8> {
        for kind in kinds(self.kinds_in(zone)) {
            let copies = self.count_kind(zone, kind);
            if n < copies {
                return Some(kind);
            }
            n -= copies;
        }
        None
    }

    pub fn kind(&self, id: CardId) -> u8 {
        self.kind[id as usize]
    }

    pub fn zone_of(&self, id: CardId) -> ZoneId {
        self.zone[id as usize]
    }

    /// Whether `seat` knows which card `id` is.
    pub fn knows(&self, seat: Seat, id: CardId) -> bool {
        self.known[id as usize].contains(seat)
    }

    /// The card's kind if `viewer` knows it (`None`: a spectator, who knows only public zones).
    pub fn kind_seen_by(&self, viewer: Option<Seat>, id: CardId) -> Option<u8> {
        let public = self.visibility[self.zone[id as usize] as usize] == Visibility::Public;
        (public || viewer.is_some_and(|s| self.knows(s, id))).then(|| self.kind(id))
    }

    /// Moves a card, openly: whoever knew it still does, and the new zone's viewers learn it (a card passed in a
    /// draft, played from a hand, discarded face up).
    pub fn move_card(&mut self, id: CardId, to: ZoneId) -> Result<(), ZoneError> {
        self.check_zone(to)?;
        if id >= self.len {
            return Err(ZoneError::NoSuchCard);
        }
        self.place(id, to);
        Ok(())
    }

    /// Draws a card of `kind` from `from` (a chance outcome) into `to`. Order in `from` is hidden, so only `to`'s
    /// viewers learn which card it is; anyone who knew it was in `from` loses track of it.
    pub fn draw(&mut self, from: ZoneId, kind: u8, to: ZoneId) -> Result<CardId, ZoneError> {
        self.check_zone(to)?;
        let id = self.find(from, kind).ok_or(ZoneError::NoSuchKind)?;
        self.known[id as usize] = SeatSet::EMPTY;
        self.place(id, to);
        Ok(id)
    }

    /// Moves every card of `from` into `to` (a discard pile shuffled back into its deck); who knew a card still
    /// knows it is in `to`.
    pub fn move_all(&mut self, from: ZoneId, to: ZoneId) -> Result<(), ZoneError> {
        self.check_zone(to)?;
        self.check_zone(from)?;
        if from == to || self.counts[from as usize] == 0 {
            return Ok(());
        }
        let seen = self.seen_by(to);
        for id in 0..self.len as usize {
            if self.zone[id] == from {
                self.zone[id] = to;
                self.known[id] = self.known[id].union(seen);
                self.clock += 1;
                self.arrived[id] = self.clock;
            }
        }
        self.counts[to as usize] += self.counts[from as usize];
        self.counts[from as usize] = 0;
        self.present[to as usize] |= self.present[from as usize];
        self.present[from as usize] = 0;
        let moved = std::mem::replace(&mut self.per_kind[from as usize], [0; MAX_KINDS]);
        self.per_kind[to as usize].iter_mut().zip(moved).for_each(|(c, m)| *c += m);
        Ok(())
    }

    /// Shows card `id` to `seats` (a peek, a reveal).
    pub fn show(&mut self, id: CardId, seats: SeatSet) {
        if let Some(known) = self.known.get_mut(id as usize) {
            *known = known.union(seats);
        }
    }

    /// Deals every card `seat` does not know anew among the cards it does not know: kinds are shuffled over those
    /// cards, zones and counts stay, and everything `seat` knows is kept. Another seat that knew a card now knows
    /// the redrawn one: a consistent world, from `seat`'s point of view.
    pub fn determinize(&mut self, seat: Seat, rng: &mut Rng) {
        self.determinize_restricted(seat, rng, 0, |_| true);
    }

    /// [`Zones::determinize`] where the rules say more: the cards in the zones of the bit set `zones` are all of
    /// kinds that `allowed` accepts (a hand dealt from the silver cards only), public knowledge that the redrawn
    /// world keeps. Those cards draw first, uniformly among the unknown kinds `allowed` accepts; the others
    /// share what is left. With no such zones it is exactly [`Zones::determinize`].
    pub fn determinize_restricted(&mut self, seat: Seat, rng: &mut Rng, zones: u64, allowed: impl Fn(u8) -> bool) {
        let restricted = |zone: ZoneId| zones >> zone & 1 == 1;
        let mut unknown: [CardId; N] = [0; N];
        let mut n = 0;
        for id in 0..self.len as usize {
            if !self.knows(seat, id as CardId) {
                unknown[n] = id as CardId;
                n += 1;
            }
        }
        // A canonical start, so the draw depends on the random numbers and on what `seat` knows only, never on
        // which hidden card truly lies where: the unknown cards ordered by zone (how many unknown cards each
        // zone holds is known; restricted zones last), and their kinds sorted over them. Two worlds alike to
        // `seat` then give the same draw for the same seed. Then Fisher-Yates from the back, so the restricted
        // cards draw first.
        unknown[..n].sort_unstable_by_key(|&id| {
            let zone = self.zone[id as usize];
            (restricted(zone), zone, id)
        });
        let free = unknown[..n].iter().take_while(|&&id| !restricted(self.zone[id as usize])).count();
        let mut kinds: [u8; N] = [0; N];
        for (slot, &id) in kinds.iter_mut().zip(&unknown[..n]) {
            *slot = self.kind[id as usize];
        }
        kinds[..n].sort_unstable();
        for i in (1..n).rev() {
            let j = if i >= free {
                // The m-th acceptable kind of those still undrawn (the true world has enough of them).
                let acceptable = kinds[..=i].iter().filter(|&&k| allowed(k)).count() as u32;
                let m = rng.below(acceptable.max(1)) as usize;
                kinds[..=i].iter().enumerate().filter(|&(_, &k)| allowed(k)).nth(m).map_or(i, |(j, _)| j)
            } else {
                rng.below(i as u32 + 1) as usize
            };
            kinds.swap(i, j);
        }
        for (&kind, &id) in kinds[..n].iter().zip(&unknown[..n]) {
            self.kind[id as usize] = kind;
        }
        self.present = [0; MAX_ZONES];
        self.per_kind = [[0; MAX_KINDS]; MAX_ZONES];
        for id in 0..self.len as usize {
            let (zone, kind) = (self.zone[id] as usize, self.kind[id] as usize);
            self.present[zone] |= 1u64 << kind;
            self.per_kind[zone][kind] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECK: ZoneId = 0;
    const PILE: ZoneId = 1;
    const HAND: ZoneId = 2; // seat 0's
    const HAND1: ZoneId = 3; // seat 1's

    fn family() -> Zones<16> {
        let vis = [Visibility::Hidden, Visibility::Public, Visibility::Owner(Seat(0)), Visibility::Owner(Seat(1))];
        let mut z = Zones::new(3, &vis).unwrap();
        z.add(0, 3, DECK).unwrap();
        z.add(1, 2, DECK).unwrap();
        z.add(2, 1, DECK).unwrap();
        z
    }

    #[test]
    fn kinds_lists_the_set_bits_lowest_first() {
        assert_eq!(kinds(0).count(), 0);
        assert_eq!(kinds(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
        assert_eq!(kinds(1 << 63).collect::<Vec<_>>(), [63]);
        let mut z = family();
        z.draw(DECK, 2, HAND).unwrap();
        z.draw(DECK, 0, HAND).unwrap();
        assert_eq!(kinds(z.kinds_in(HAND)).collect::<Vec<_>>(), [0, 2]);
    }

    #[test]
    fn counts_are_public_and_draws_are_known_to_the_drawer_only() {
        let mut z = family();
        let mut weights = [0u32; 3];
        z.kind_counts(DECK, &mut weights);
        assert_eq!(weights, [3, 2, 1]);
        let id = z.draw(DECK, 1, HAND).unwrap();
        assert_eq!(z.count(DECK), 5);
        assert_eq!(z.count(HAND), 1);
        assert!(z.knows(Seat(0), id));
        assert!(!z.knows(Seat(1), id));
        assert_eq!(z.kind_seen_by(Some(Seat(1)), id), None);
        assert_eq!(z.kind_seen_by(None, id), None);
        assert_eq!(z.draw(DECK, 7, HAND), Err(ZoneError::NoSuchKind));
        // Played face up: everyone knows it, and keeps knowing it when it is picked up by seat 1.
        z.move_card(id, PILE).unwrap();
        assert_eq!(z.kind_seen_by(None, id), Some(1));
        z.move_card(id, HAND1).unwrap();
        assert!(z.knows(Seat(2), id), "seen face up, still known in a hand");
        assert_eq!(z.top(PILE), None);
        assert!(z.has_kind(HAND1, 1) && !z.has_kind(PILE, 1) && !z.has_kind(HAND, 1));
        assert_eq!(z.add(0, 20, DECK), Err(ZoneError::Full));
    }

    #[test]
    fn the_unsorted_kind_lists_hold_the_same_cards_as_the_sorted_one() {
        let mut z = family();
        let passed = z.draw(DECK, 2, HAND).unwrap();
        z.move_card(passed, HAND1).unwrap();
        z.draw(DECK, 0, HAND1).unwrap();
        z.draw(DECK, 0, HAND1).unwrap();
        z.draw(DECK, 1, HAND).unwrap();
        let sorted = |mut kinds: Vec<u8>| {
            kinds.sort_unstable();
            kinds
        };
        for zone in [DECK, PILE, HAND, HAND1, 40] {
            let all = sorted(z.cards_in(zone).map(|id| z.kind(id)).collect());
            assert_eq!(sorted(z.kinds_of_cards_in(zone).collect()), all);
            for seat in Seat::all(3) {
                let known = sorted(z.cards_in(zone).filter(|&id| z.knows(seat, id)).map(|id| z.kind(id)).collect());
                let listed = z.known_to(seat).filter(|&(at, _)| at == zone).map(|(_, kind)| kind).collect();
                assert_eq!(sorted(listed), known);
            }
        }
        assert_eq!(z.kinds_of_cards_in(HAND1).count(), 3);
        let passed = z.known_to(Seat(0)).filter(|&(zone, _)| zone == HAND1).collect::<Vec<_>>();
        assert_eq!(passed, [(HAND1, 2)], "the card seat 0 passed");
    }

    #[test]
    fn a_card_passed_on_stays_known_to_the_passer() {
        let mut z = family();
        let id = z.draw(DECK, 2, HAND).unwrap();
        z.move_card(id, HAND1).unwrap();
        assert!(z.knows(Seat(0), id) && z.knows(Seat(1), id) && !z.knows(Seat(2), id));
        // Shuffled back and drawn by someone else: nobody can follow it any more.
        z.move_card(id, DECK).unwrap();
        let again = z.draw(DECK, 2, HAND1).unwrap();
        assert_eq!(again, id);
        assert!(!z.knows(Seat(0), id), "lost track in the deck");
    }

    #[test]
    fn determinization_keeps_what_the_seat_knows_and_the_counts() {
        let mut rng = Rng::seeded(5);
        let mut base = family();
        let mine = base.draw(DECK, 2, HAND).unwrap();
        let theirs = base.draw(DECK, 1, HAND1).unwrap();
        let played = base.draw(DECK, 0, HAND1).unwrap();
        base.move_card(played, PILE).unwrap();
        let mut seen_theirs_as = [0; 3];
        for _ in 0..300 {
            let mut z = base;
            z.determinize(Seat(0), &mut rng);
            assert_eq!(z.kind(mine), 2, "my own card stays");
            assert_eq!(z.kind_seen_by(None, z.top(PILE).unwrap()), Some(0), "the public pile stays");
            for zone in [DECK, PILE, HAND, HAND1] {
                assert_eq!(z.count(zone), base.count(zone));
            }
            let mut total = [0u32; 3];
            for zone in [DECK, PILE, HAND, HAND1] {
                let mut c = [0u32; 3];
                z.kind_counts(zone, &mut c);
                (0..3).for_each(|k| total[k] += c[k]);
            }
            assert_eq!(total, [3, 2, 1], "every card is still somewhere");
            for zone in [DECK, PILE, HAND, HAND1] {
                for kind in 0..3 {
                    assert_eq!(z.has_kind(zone, kind), z.count_kind(zone, kind) > 0, "presence follows the kinds");
                }
            }
            seen_theirs_as[z.kind(theirs) as usize] += 1;
        }
        // Seat 1's card is drawn from what seat 0 cannot see: two 0s and two 1s (its own 2 is out).
        assert_eq!(seen_theirs_as[2], 0);
        assert!(seen_theirs_as[0] > 90 && seen_theirs_as[1] > 90, "{seen_theirs_as:?}");
    }

    /// A hand the rules fill from some kinds only keeps them in every redrawn world, and the other hidden cards
    /// still vary; with no restricted zone the draw is the plain one, number for number.
    #[test]
    fn restricted_determinization_keeps_a_hand_to_its_kinds() {
        let mut base = family();
        base.draw(DECK, 2, HAND1).unwrap();
        base.draw(DECK, 1, HAND1).unwrap();
        let only_high = |kind: u8| kind >= 1;
        let (mut rng, mut seen_in_deck) = (Rng::seeded(8), [0u32; 3]);
        for _ in 0..300 {
            let mut z = base;
            z.determinize_restricted(Seat(0), &mut rng, 1 << HAND1, only_high);
            let mut hand = [0u32; 3];
            z.kind_counts(HAND1, &mut hand);
            assert_eq!(hand[0], 0, "seat 1's hand holds kinds 1 and 2 only: {hand:?}");
            assert_eq!(hand[1] + hand[2], 2);
            let mut deck = [0u32; 3];
            z.kind_counts(DECK, &mut deck);
            (0..3).for_each(|k| seen_in_deck[k] += deck[k]);
        }
        assert!(seen_in_deck.iter().all(|&c| c > 0), "the deck still takes every kind: {seen_in_deck:?}");
        let (mut plain, mut unrestricted) = (base, base);
        plain.determinize(Seat(0), &mut Rng::seeded(3));
        unrestricted.determinize_restricted(Seat(0), &mut Rng::seeded(3), 0, |_| false);
        assert_eq!(plain, unrestricted);
    }

    /// The per-kind counts (and the presence bits built on them) agree with the cards themselves after any mix of
    /// moves, draws, pile moves and determinizations.
    #[test]
    fn kind_counts_follow_every_move() {
        let mut rng = Rng::seeded(11);
        let mut z = family();
        let zones = [DECK, PILE, HAND, HAND1];
        for step in 0..2000 {
            let from = zones[rng.index(4)];
            let to = zones[rng.index(4)];
            match step % 7 {
                0 => {
                    let _ = z.move_all(from, to);
                }
                1 => z.determinize(Seat(rng.index(2) as u8), &mut rng),
                _ => {
                    let first = z.cards_in(from).next();
                    if let Some(id) = first {
                        z.move_card(id, to).unwrap();
                    }
                }
            }
            for zone in zones {
                for kind in 0..3u8 {
                    let scanned = z.cards_in(zone).filter(|&id| z.kind(id) == kind).count();
                    assert_eq!(z.count_kind(zone, kind), scanned, "step {step}");
                    assert_eq!(z.has_kind(zone, kind), scanned > 0, "step {step}");
                    assert_eq!(z.kinds_in(zone) & (1 << kind) != 0, scanned > 0, "step {step}");
                }
            }
        }
    }

    #[test]
    fn nth_kind_counts_off_kind_by_kind() {
        let mut z = family();
        z.draw(DECK, 2, HAND).unwrap();
        let n: Vec<Option<u8>> = (0..6).map(|n| z.nth_kind(DECK, n)).collect();
        assert_eq!(n, [Some(0), Some(0), Some(0), Some(1), Some(1), None]);
        assert_eq!(z.nth_kind(HAND, 0), Some(2));
        assert_eq!(z.nth_kind(PILE, 0), None);
        // A determinization deals kinds over the ids anew; the count-off still goes kind by kind.
        for seed in 0..20 {
            let mut d = z;
            d.determinize(Seat(1), &mut Rng::seeded(seed));
            let mut sorted: Vec<u8> = d.cards_in(DECK).map(|id| d.kind(id)).collect();
            sorted.sort_unstable();
            let counted: Vec<u8> = (0..sorted.len()).filter_map(|n| d.nth_kind(DECK, n)).collect();
            assert_eq!(counted, sorted, "seed {seed}");
        }
    }

    #[test]
    fn a_kind_holds_at_most_255_copies() {
        let mut z: Zones<600> = Zones::new(2, &[Visibility::Hidden, Visibility::Public]).unwrap();
        assert_eq!(z.add(3, 200, 0), Ok(()));
        assert_eq!(z.add(3, 56, 1), Err(ZoneError::Full), "256 copies of one kind do not fit a byte");
        assert_eq!(z.add(3, 55, 1), Ok(()));
        assert_eq!(z.add(4, 255, 0), Ok(()), "the limit is per kind");
        assert_eq!(z.count_kind(1, 3), 55);
    }
}
