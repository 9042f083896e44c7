//! Lying Pirates' actions as stable integers (`docs/rules/lying-pirates.md`, "Actions as numbers"). The space
//! is a run of sections, each a small grid over the parameters' ranges under the options, in this order:
//!
//! | section | integers | bounded by |
//! |---|---|---|
//! | `bet` | quantity 1 to `captains × MAX_CUP` (the Phantom counts in Phantom mode), then face 2 to 6 | a cup holds at most `MAX_CUP` dice |
//! | `exact` | the same grid | |
//! | `liar`, `reroll`, `keep` | one each | |
//! | `play` | card kind (all 33, whatever the deck), then no target or target seat | |
//! | `buy` | one | |
//! | `pass_curse` | target seat | |
//! | `pass`, `auto_pass`, `ability` | one each | |
//! | `pick` | seat | |
//! | `pay`, `decline` | one each | |
//! | `lose_die` | special die kind 1 to 4 | the four Special Crew Dice |
//! | `catch_up` | 0 to the map's spaces | a ship's progress is 0 to the spaces |
//! | `prepare` | special dice traded 0 to 4, then 0 to [`MOST_DICE_BOUGHT`] dice bought | the four Special Crew Dice |
//! | `draft` | only with the draft: the multisets of 3, then 2, then 1 card kinds, each colexicographic | |
//! | `place` | only with tile placement: tile, then space 1 to spaces - 1 | |
//! | `choose` | option 0 to the most options any effect offers | the content |
//!
//! Some integers are never offered (a card that names no target with a target; a starter game's other
//! kinds): a plain grid keeps every integer's meaning readable and its computation a few multiplications.
//! `choose` comes last so that every other section's start is arithmetic on the options alone.

use plunder_core::Seat;

use super::action::Action;
use super::content::Node;
use super::state::{DRAFT_PASSES, MAX_CUP};
use super::{LyingPirates, Setup};

/// The most crew dice a captain may buy for the Final Battle in one preparation.
pub(super) const MOST_DICE_BOUGHT: u8 = 20;

/// The Special Crew Dice (kinds 1 to 4): the most a captain may trade, and the dice a loss may take.
const SPECIAL_DICE: u8 = 4;

/// The sections of the action space, in integer order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Section {
    Bet,
    Exact,
    Liar,
    Reroll,
    Keep,
    Play,
    Buy,
    PassCurse,
    Pass,
    AutoPass,
    Ability,
    Pick,
    Pay,
    Decline,
    LoseDie,
    CatchUp,
    Prepare,
    Draft,
    Place,
    Choose,
}

const SECTIONS: [Section; 20] = [
    Section::Bet,
    Section::Exact,
    Section::Liar,
    Section::Reroll,
    Section::Keep,
    Section::Play,
    Section::Buy,
    Section::PassCurse,
    Section::Pass,
    Section::AutoPass,
    Section::Ability,
    Section::Pick,
    Section::Pay,
    Section::Decline,
    Section::LoseDie,
    Section::CatchUp,
    Section::Prepare,
    Section::Draft,
    Section::Place,
    Section::Choose,
];

/// `n` choose `k`, for the small numbers of the draft.
fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// How many multisets of `size` kinds there are among `kinds`.
fn multisets(kinds: usize, size: usize) -> usize {
    binomial(kinds + size - 1, size)
}

/// The colexicographic rank of the multiset `sorted` (ascending): the `i`-th kind raised by `i` makes a set,
/// whose combinatorial-number-system rank this is.
fn multiset_rank(sorted: &[u8]) -> usize {
    sorted.iter().enumerate().map(|(i, &kind)| binomial(kind as usize + i, i + 1)).sum()
}

/// Every multiset of `size` kinds among `kinds`, ascending within, in colexicographic order.
fn for_each_multiset(kinds: u8, size: usize, f: &mut impl FnMut(&[u8])) {
    fn walk(below: u8, chosen: &mut [u8], at: usize, f: &mut impl FnMut(&[u8])) {
        // Fill from the highest place down: the highest kind varies slowest.
        for kind in 0..below {
            chosen[at] = kind;
            if at == 0 {
                f(chosen);
            } else {
                walk(kind + 1, chosen, at - 1, f);
            }
        }
    }
    let mut chosen = [0u8; 3];
    if size > 0 {
        walk(kinds, &mut chosen[..size], size - 1, f);
    }
}

impl LyingPirates {
    /// Faces a bet may name (2 to 6: ones are wild and not bid).
    fn bet_faces(&self) -> usize {
        (self.rules.faces - self.rules.min_face + 1) as usize
    }

    /// The largest bet quantity: every cup full.
    fn most_bet(&self) -> usize {
        self.captains() * MAX_CUP
    }

    fn card_kinds(&self) -> usize {
        self.content.cards.len()
    }

    fn drafts(&self) -> bool {
        self.options.draft && self.options.setup == Setup::Placement
    }

    fn places_tiles(&self) -> bool {
        self.options.setup == Setup::Placement
    }

    /// The most options any effect's choice offers (a scan of the content: only `choose` needs it, and it is last).
    fn most_options(&self) -> usize {
        let options = |node: &Node| match *node {
            Node::Choose { len, .. } => len as usize,
            _ => 0,
        };
        self.content.program.nodes.iter().map(options).max().unwrap_or(0)
    }

    fn section_len(&self, section: Section) -> usize {
        let seats = self.captains();
        match section {
            Section::Bet | Section::Exact => self.most_bet() * self.bet_faces(),
            Section::Liar
            | Section::Reroll
            | Section::Keep
            | Section::Buy
            | Section::Pass
            | Section::AutoPass
            | Section::Ability
            | Section::Pay
            | Section::Decline => 1,
            Section::Play => self.card_kinds() * (1 + seats),
            Section::PassCurse | Section::Pick => seats,
            Section::LoseDie => SPECIAL_DICE as usize,
            Section::CatchUp => self.spaces as usize + 1,
            Section::Prepare => (SPECIAL_DICE as usize + 1) * (MOST_DICE_BOUGHT as usize + 1),
            Section::Draft if self.drafts() => {
                DRAFT_PASSES.iter().map(|&k| multisets(self.card_kinds(), k as usize)).sum()
            }
            Section::Place if self.places_tiles() => self.content.tiles.len() * (self.spaces as usize - 1),
            Section::Draft | Section::Place => 0,
            Section::Choose => self.most_options(),
        }
    }

    /// The integer of the section's first action: the sizes of the sections before it.
    fn section_start(&self, section: Section) -> usize {
        SECTIONS.iter().take_while(|&&s| s != section).map(|&s| self.section_len(s)).sum()
    }

    /// The place of a bet of `quantity × face` in its section.
    fn bet_place(&self, quantity: u8, face: u8) -> Option<usize> {
        let (q, f) = (quantity as usize, face.checked_sub(self.rules.min_face)? as usize);
        ((1..=self.most_bet()).contains(&q) && f < self.bet_faces()).then(|| (q - 1) * self.bet_faces() + f)
    }

    fn seat_place(&self, seat: Seat) -> Option<usize> {
        (seat.index() < self.captains()).then(|| seat.index())
    }

    fn draft_place(&self, cards: [Option<u8>; 3]) -> Option<usize> {
        let size = cards.iter().take_while(|c| c.is_some()).count();
        let kinds: Vec<u8> = cards.iter().flatten().copied().collect();
        let ascending = kinds.windows(2).all(|w| w[0] <= w[1]);
        if kinds.len() != size || !ascending || kinds.iter().any(|&k| k as usize >= self.card_kinds()) {
            return None;
        }
        let block = DRAFT_PASSES.iter().position(|&k| k as usize == size)?;
        let before: usize = DRAFT_PASSES[..block].iter().map(|&k| multisets(self.card_kinds(), k as usize)).sum();
        Some(before + multiset_rank(&kinds))
    }

    /// Every action any state could offer under these options, in integer order.
    pub(super) fn action_list(&self) -> Vec<Action> {
        let seats = || Seat::all(self.captains());
        let mut out = Vec::new();
        for section in SECTIONS {
            match section {
                Section::Bet | Section::Exact => {
                    for quantity in 1..=self.most_bet() as u8 {
                        for face in self.rules.min_face..=self.rules.faces {
                            out.push(match section {
                                Section::Bet => Action::Bet { quantity, face },
                                _ => Action::Exact { quantity, face },
                            });
                        }
                    }
                }
                Section::Liar => out.push(Action::Liar),
                Section::Reroll => out.push(Action::Reroll),
                Section::Keep => out.push(Action::Keep),
                Section::Play => {
                    for card in 0..self.card_kinds() as u8 {
                        out.push(Action::Play { card, target: None });
                        out.extend(seats().map(|t| Action::Play { card, target: Some(t) }));
                    }
                }
                Section::Buy => out.push(Action::Buy),
                Section::PassCurse => out.extend(seats().map(|to| Action::PassCurse { to })),
                Section::Pass => out.push(Action::Pass),
                Section::AutoPass => out.push(Action::AutoPass),
                Section::Ability => out.push(Action::Ability),
                Section::Pick => out.extend(seats().map(|seat| Action::Pick { seat })),
                Section::Pay => out.push(Action::Pay),
                Section::Decline => out.push(Action::Decline),
                Section::LoseDie => out.extend((1..=SPECIAL_DICE).map(|die| Action::LoseDie { die })),
                Section::CatchUp => out.extend((0..=self.spaces).map(|tiles| Action::CatchUp { tiles })),
                Section::Prepare => {
                    for trade in 0..=SPECIAL_DICE {
                        out.extend((0..=MOST_DICE_BOUGHT).map(|buy| Action::Prepare { trade, buy }));
                    }
                }
                Section::Draft if self.drafts() => {
                    for &size in &DRAFT_PASSES {
                        for_each_multiset(self.card_kinds() as u8, size as usize, &mut |kinds: &[u8]| {
                            let mut cards = [None; 3];
                            for (slot, &kind) in cards.iter_mut().zip(kinds) {
                                *slot = Some(kind);
                            }
                            out.push(Action::Draft { cards });
                        });
                    }
                }
                Section::Place if self.places_tiles() => {
                    for tile in 0..self.content.tiles.len() as u8 {
                        out.extend((1..self.spaces).map(|space| Action::Place { tile, space }));
                    }
                }
                Section::Draft | Section::Place => {}
                Section::Choose => out.extend((0..self.most_options() as u8).map(|option| Action::Choose { option })),
            }
        }
        out
    }

    /// The integer of `action`: its section's start and its place there, by arithmetic.
    pub(super) fn index_of(&self, action: &Action) -> Option<usize> {
        let seats = self.captains();
        let (section, place) = match *action {
            Action::Bet { quantity, face } => (Section::Bet, self.bet_place(quantity, face)?),
            Action::Exact { quantity, face } => (Section::Exact, self.bet_place(quantity, face)?),
            Action::Liar => (Section::Liar, 0),
            Action::Reroll => (Section::Reroll, 0),
            Action::Keep => (Section::Keep, 0),
            Action::Play { card, target } => {
                let target = match target {
                    None => 0,
                    Some(t) => 1 + self.seat_place(t)?,
                };
                ((card as usize) < self.card_kinds()).then_some(())?;
                (Section::Play, card as usize * (1 + seats) + target)
            }
            Action::Buy => (Section::Buy, 0),
            Action::PassCurse { to } => (Section::PassCurse, self.seat_place(to)?),
            Action::Pass => (Section::Pass, 0),
            Action::AutoPass => (Section::AutoPass, 0),
            Action::Ability => (Section::Ability, 0),
            Action::Pick { seat } => (Section::Pick, self.seat_place(seat)?),
            Action::Pay => (Section::Pay, 0),
            Action::Decline => (Section::Decline, 0),
            Action::LoseDie { die } => (Section::LoseDie, (1..=SPECIAL_DICE).contains(&die).then(|| die as usize - 1)?),
            Action::CatchUp { tiles } => (Section::CatchUp, (tiles <= self.spaces).then_some(tiles as usize)?),
            Action::Prepare { trade, buy } => {
                (buy <= MOST_DICE_BOUGHT && trade <= SPECIAL_DICE).then_some(())?;
                (Section::Prepare, trade as usize * (MOST_DICE_BOUGHT as usize + 1) + buy as usize)
            }
            Action::Draft { cards } => {
                self.drafts().then_some(())?;
                (Section::Draft, self.draft_place(cards)?)
            }
            Action::Place { tile, space } => {
                let fits = self.places_tiles() && (tile as usize) < self.content.tiles.len();
                (fits && (1..self.spaces).contains(&space)).then_some(())?;
                (Section::Place, tile as usize * (self.spaces as usize - 1) + space as usize - 1)
            }
            Action::Choose { option } => {
                ((option as usize) < self.most_options()).then_some(())?;
                (Section::Choose, option as usize)
            }
        };
        Some(self.section_start(section) + place)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multisets_are_ranked_in_the_order_they_are_listed() {
        for size in 1..=3 {
            let mut rank = 0;
            for_each_multiset(6, size, &mut |kinds: &[u8]| {
                assert!(kinds.windows(2).all(|w| w[0] <= w[1]), "{kinds:?} ascending");
                assert_eq!(multiset_rank(kinds), rank, "{kinds:?}");
                rank += 1;
            });
            assert_eq!(rank, multisets(6, size), "every multiset of {size} once");
        }
        assert_eq!(multisets(33, 3) + multisets(33, 2) + multisets(33, 1), 6545 + 561 + 33);
    }
}
