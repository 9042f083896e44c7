//! Bidding by the odds: the decision both bidding games' bots use, from what one player may know.

use plunder_core::{Rng, Seat};

use super::{count_matching, p_at_least, p_exactly, Bid, BidMade, BidRules};

/// What a bidder knows.
#[derive(Clone, Debug)]
pub struct Knowledge<'a> {
    pub rules: &'a BidRules,
    pub my_dice: &'a [u8],
    /// Dice in other cups.
    pub unseen: u32,
    pub last: Option<Bid>,
    /// For each other player, the last bid this round in which it chose the face (opening, or switching
    /// face): read as evidence that it holds one. Raising the quantity of someone else's face says little.
    pub others_latest: &'a [Bid],
    /// What a right exact call is worth next to winning a liar call: 1 when it wins the game or a die, 0 when it
    /// gains nothing (a full cup in Dudo).
    pub exact_worth: f64,
}

/// A bidder's choice.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    Raise(Bid),
    Liar,
    Exact,
}

impl Knowledge<'_> {
    /// Chance that one unseen die counts for `face`.
    pub fn p_match(&self, face: u8) -> f64 {
        let wild = self.rules.wild_face().is_some_and(|w| w != face);
        (1.0 + f64::from(u8::from(wild))) / self.rules.faces as f64
    }

    /// (dice known to match, dice still unknown) for `face`, crediting others' latest bids on it.
    fn known(&self, face: u8) -> (i32, u32) {
        let credited = (self.others_latest.iter().filter(|b| b.face == face).count() as u32).min(self.unseen);
        (count_matching(self.rules, self.my_dice, face) as i32 + credited as i32, self.unseen - credited)
    }

    /// Chance that `bid` holds.
    pub fn p_holds(&self, bid: Bid) -> f64 {
        let (known, unknown) = self.known(bid.face);
        p_at_least(bid.quantity as i32 - known, unknown, self.p_match(bid.face))
    }

    /// Chance that `bid` is exactly right.
    pub fn p_exact(&self, bid: Bid) -> f64 {
        let (known, unknown) = self.known(bid.face);
        p_exactly(bid.quantity as i32 - known, unknown, self.p_match(bid.face))
    }
}

/// For each player other than `me`, its last bid that chose the face (an opening, or a change of face): the
/// evidence `Knowledge::others_latest` reads. `bids` are the round's bids in order.
pub fn face_choices(bids: &[BidMade], me: Seat) -> Vec<Bid> {
    let mut latest: Vec<(Seat, Bid)> = Vec::new();
    for (i, &BidMade { seat, bid }) in bids.iter().enumerate() {
        let chose_face = i == 0 || bids[i - 1].bid.face != bid.face;
        if seat == me || !chose_face {
            continue;
        }
        match latest.iter_mut().find(|(s, _)| *s == seat) {
            Some(entry) => entry.1 = bid,
            None => latest.push((seat, bid)),
        }
    }
    latest.into_iter().map(|(_, b)| b).collect()
}

/// The naive bidder: opens with one of its commonest biddable faces, then raises the last bid's quantity by one
/// on the same face. `None` when that is no legal raise (it then calls).
pub fn raise_by_one(rules: &BidRules, my_dice: &[u8], last: Option<Bid>, max_quantity: u8) -> Option<Bid> {
    let wanted = match last {
        None => {
            let face = (1..=rules.faces)
                .filter(|&f| rules.biddable(f))
                .max_by_key(|&f| (my_dice.iter().filter(|&&d| d == f).count(), std::cmp::Reverse(f)))?;
            Bid { quantity: 1, face }
        }
        Some(last) => Bid { quantity: last.quantity + 1, face: last.face },
    };
    (wanted.quantity <= max_quantity && rules.is_raise(last, wanted)).then_some(wanted)
}

/// Raises with the most probable bid (choosing at random among nearly as probable ones, so as not to be
/// read), calls liar when the last bid is likelier false than the best raise is true, and calls exact when
/// that is likelier still.
pub fn choose(k: &Knowledge<'_>, raises: &[Bid], exact_allowed: bool, rng: &mut Rng) -> Choice {
    let p_best = raises.iter().map(|&b| k.p_holds(b)).fold(0.0f64, f64::max);
    if let Some(last) = k.last {
        let p_false = 1.0 - k.p_holds(last);
        if exact_allowed && k.exact_worth * k.p_exact(last) > p_best.max(p_false) {
            return Choice::Exact;
        }
        if raises.is_empty() || p_false > p_best {
            return Choice::Liar;
        }
    }
    let near: Vec<Bid> = raises.iter().copied().filter(|&b| k.p_holds(b) >= p_best - 0.05).take(4).collect();
    match near.len() {
        0 => Choice::Liar,
        n => Choice::Raise(near[rng.index(n)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bidding::{RaiseRule, Wild};

    const RULES: BidRules =
        BidRules { faces: 6, wild: Wild::Ones, wild_biddable: false, min_face: 1, raise: RaiseRule::QuantityMajor };

    #[test]
    fn calls_an_impossible_bid_and_raises_a_sure_one() {
        let mut rng = Rng::seeded(1);
        let mine = [5, 5, 1];
        // Eight fives with two unseen dice is impossible for me to believe.
        let k = Knowledge {
            rules: &RULES,
            my_dice: &mine,
            unseen: 2,
            last: Some(Bid { quantity: 8, face: 5 }),
            others_latest: &[],
            exact_worth: 1.0,
        };
        let mut raises = Vec::new();
        RULES.raises(k.last, 5, &mut raises);
        assert_eq!(choose(&k, &raises, false, &mut rng), Choice::Liar);
        // Two fives: I hold three myself, so I raise rather than call.
        let k = Knowledge { last: Some(Bid { quantity: 2, face: 5 }), ..k };
        raises.clear();
        RULES.raises(k.last, 5, &mut raises);
        assert!(matches!(choose(&k, &raises, false, &mut rng), Choice::Raise(_)));
        assert_eq!(k.p_holds(Bid { quantity: 3, face: 5 }), 1.0);
    }

    #[test]
    fn exact_when_it_is_the_likeliest() {
        let mut rng = Rng::seeded(1);
        let mine = [5, 5, 5];
        // Three fives bid, I hold three, no unseen dice: exactly right for sure.
        let k = Knowledge {
            rules: &RULES,
            my_dice: &mine,
            unseen: 0,
            last: Some(Bid { quantity: 3, face: 5 }),
            others_latest: &[],
            exact_worth: 1.0,
        };
        let mut raises = Vec::new();
        RULES.raises(k.last, 3, &mut raises);
        assert_eq!(choose(&k, &raises, true, &mut rng), Choice::Exact);
        let worthless = Knowledge { exact_worth: 0.0, ..k };
        assert_ne!(choose(&worthless, &raises, true, &mut rng), Choice::Exact, "no gain in calling exact");
    }

    #[test]
    fn only_face_choosing_bids_are_evidence() {
        let made = |seat, quantity, face| BidMade { seat: Seat(seat), bid: Bid { quantity, face } };
        let bids = [made(0, 1, 3), made(1, 2, 3), made(2, 2, 5), made(0, 3, 5)];
        assert_eq!(face_choices(&bids, Seat(1)), vec![Bid { quantity: 1, face: 3 }, Bid { quantity: 2, face: 5 }]);
        assert_eq!(face_choices(&bids, Seat(2)), vec![Bid { quantity: 1, face: 3 }]);
    }

    #[test]
    fn the_naive_raise() {
        assert_eq!(raise_by_one(&RULES, &[4, 4, 2], None, 6), Some(Bid { quantity: 1, face: 4 }));
        assert_eq!(
            raise_by_one(&RULES, &[], Some(Bid { quantity: 2, face: 6 }), 6),
            Some(Bid { quantity: 3, face: 6 })
        );
        assert_eq!(raise_by_one(&RULES, &[], Some(Bid { quantity: 6, face: 6 }), 6), None);
    }

    #[test]
    fn others_bids_count_as_evidence() {
        let mine = [2];
        let k = Knowledge {
            rules: &RULES,
            my_dice: &mine,
            unseen: 1,
            last: None,
            others_latest: &[Bid { quantity: 1, face: 4 }],
            exact_worth: 1.0,
        };
        assert_eq!(k.p_holds(Bid { quantity: 1, face: 4 }), 1.0, "the other bidder is credited with a 4");
        let blind = Knowledge { others_latest: &[], ..k.clone() };
        assert!((blind.p_holds(Bid { quantity: 1, face: 4 }) - 2.0 / 6.0).abs() < 1e-12);
    }
}
