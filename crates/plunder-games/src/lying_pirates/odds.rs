//! The `hint` odds of the standing bet, exact from what one captain sees: only the cups that count this Betting
//! Phase, its own and (betting for the Phantom) the Phantom's faces and any it spied as seen, every other die
//! rolled by its kind's faces, the Cursed Die's rule on its holder's own bet.

use plunder_core::Seat;

use super::flow::CursedCount;
use super::state::Phase;
use super::view::View;
use super::{die_faces, LyingPirates};
use crate::bidding::{bid_odds_lines, count_odds, CupSight, DieKind, REGULAR};

impl LyingPirates {
    /// The lines of the odds of the standing bet, in the Betting Phase once a bet stands; none otherwise.
    pub(super) fn bet_odds(&self, view: &View) -> Vec<String> {
        let (Some(last), Some(me)) = (view.bids.last(), view.viewer) else { return Vec::new() };
        if view.phase != Phase::Betting || view.showdown.is_some() {
            return Vec::new();
        }
        let cups: Vec<CupSight> = view.counted.iter().map(|&seat| cup_sight(view, me, seat)).collect();
        let faces = |kind: DieKind| die_faces(kind).to_vec();
        let odds = count_odds(&self.rules, &CursedCount, &faces, &cups, last.seat.index(), last.bid.face);
        let seen: usize = cups.iter().map(|c| c.seen.len()).sum();
        let unseen: usize = cups.iter().map(|c| c.unseen.len()).sum();
        let special = cups.iter().flat_map(|c| &c.unseen).filter(|&&k| k != REGULAR).count();
        let basis = format!(
            "counting the {} cup{} in this Betting Phase, the {seen} dice you see and {unseen} unseen dice{}",
            view.counted.len(),
            if view.counted.len() == 1 { "" } else { "s" },
            match special {
                0 => String::new(),
                1 => " (one of them special, rolled on its own faces)".to_string(),
                n => format!(" ({n} of them special, rolled on their own faces)"),
            }
        );
        bid_odds_lines(last.bid, &odds, true, &basis, "bet")
    }
}

/// What `me` sees of `seat`'s cup.
fn cup_sight(view: &View, me: Seat, seat: Seat) -> CupSight {
    let all_regular = |n: usize| vec![REGULAR; n];
    let owner = seat.index();
    let (seen, seen_kinds) = if seat == me {
        (view.my_dice.clone(), kinds_or_regular(&view.my_kinds, view.my_dice.len()))
    } else if view.phantom == Some(seat) && !view.phantom_dice.is_empty() {
        (view.phantom_dice.clone(), kinds_or_regular(&view.phantom_kinds, view.phantom_dice.len()))
    } else {
        match &view.spied {
            Some(spied) if spied.seat == seat => {
                (spied.faces.clone(), kinds_or_regular(&spied.kinds, spied.faces.len()))
            }
            _ => (Vec::new(), Vec::new()),
        }
    };
    // The special dice a cup holds are public; those not seen are rolled unseen with the regular rest.
    let mut unseen: Vec<DieKind> = view.specials.get(owner).cloned().unwrap_or_default();
    for k in &seen_kinds {
        if let Some(i) = unseen.iter().position(|u| u == k && *k != REGULAR) {
            unseen.remove(i);
        }
    }
    let dice = view.dice.get(owner).copied().unwrap_or(0) as usize;
    let regular = dice.saturating_sub(seen.len() + unseen.len());
    unseen.extend(all_regular(regular));
    CupSight { owner, seen, seen_kinds, unseen }
}

/// A cup's kinds as the view gives them: empty when every die is regular.
fn kinds_or_regular(kinds: &[u8], len: usize) -> Vec<DieKind> {
    if kinds.is_empty() {
        vec![REGULAR; len]
    } else {
        kinds.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bidding::{CountOdds, CountRule};
    use plunder_core::Game;

    /// Every way the unseen dice can fall, counted with the rules' own count, weighted by their faces.
    fn brute_force(game: &LyingPirates, cups: &[CupSight], bidder: usize, face: u8) -> CountOdds {
        let unseen: Vec<(usize, DieKind)> =
            cups.iter().enumerate().flat_map(|(c, cup)| cup.unseen.iter().map(move |&k| (c, k))).collect();
        let total: usize = cups.iter().map(|c| c.seen.len() + c.unseen.len()).sum();
        let mut odds = vec![0.0; total + 1];
        let mut walk = vec![0usize; unseen.len()];
        loop {
            let mut p = 1.0;
            let mut dice: Vec<(Vec<u8>, Vec<DieKind>)> =
                cups.iter().map(|c| (c.seen.clone(), c.seen_kinds.clone())).collect();
            for (i, &(c, kind)) in unseen.iter().enumerate() {
                let faces = die_faces(kind);
                let weight: u32 = faces.iter().map(|f| f.1).sum();
                p *= faces[walk[i]].1 as f64 / weight as f64;
                dice[c].0.push(faces[walk[i]].0);
                dice[c].1.push(kind);
            }
            let count: u32 = cups
                .iter()
                .zip(&dice)
                .map(|(cup, (faces, kinds))| CursedCount.count_cup(&game.rules, cup.owner, bidder, faces, kinds, face))
                .sum();
            odds[count as usize] += p;
            // The next way, like an odometer.
            let mut i = 0;
            loop {
                if i == walk.len() {
                    return CountOdds(odds);
                }
                walk[i] += 1;
                if walk[i] < die_faces(unseen[i].1).len() {
                    break;
                }
                walk[i] = 0;
                i += 1;
            }
        }
    }

    #[test]
    fn the_odds_match_enumeration_for_every_die_kind_and_the_cursed_rule() {
        let game = LyingPirates::new(Default::default()).unwrap();
        let cursed = 4;
        // Seat 0 is seen whole (holding the Cursed Die), seat 1 partly (a Spyglass), seat 2 not at all; every
        // special kind among the unseen dice.
        let cups = vec![
            CupSight { owner: 0, seen: vec![3, 1, 5], seen_kinds: vec![REGULAR, REGULAR, cursed], unseen: vec![] },
            CupSight { owner: 1, seen: vec![6], seen_kinds: vec![REGULAR], unseen: vec![REGULAR, 1, 2] },
            CupSight { owner: 2, seen: vec![], seen_kinds: vec![], unseen: vec![REGULAR, REGULAR, 3] },
        ];
        let unseen_cursed = vec![
            CupSight { owner: 0, seen: vec![2], seen_kinds: vec![REGULAR], unseen: vec![] },
            CupSight { owner: 1, seen: vec![], seen_kinds: vec![], unseen: vec![REGULAR, REGULAR, 1, cursed] },
            CupSight { owner: 2, seen: vec![], seen_kinds: vec![], unseen: vec![2, 3, REGULAR] },
        ];
        let faces = |kind: DieKind| die_faces(kind).to_vec();
        for table in [&cups, &unseen_cursed] {
            for bidder in 0..3 {
                for face in 1..=6 {
                    let exact = count_odds(&game.rules, &CursedCount, &faces, table, bidder, face);
                    let brute = brute_force(&game, table, bidder, face);
                    assert_eq!(exact.0.len(), brute.0.len());
                    for (k, (a, b)) in exact.0.iter().zip(&brute.0).enumerate() {
                        assert!((a - b).abs() < 1e-12, "bidder {bidder}, face {face}, count {k}: {a} vs {b}");
                    }
                }
            }
        }
    }
}
