//! Lying Pirates' observation tensor: what one seat's view shows, as documented sections (`docs/rules/lying-pirates.md`,
//! "Tensors"). Every list by captain is seat-relative: the observer first, then the captains after it in seat order
//! (clockwise), the Phantom (Phantom mode) among them at its place after the players. Categories are one-hot, counts
//! plain numbers, flags 0/1. The unbounded parts of the view are summarized: the bets of the round (their count and
//! the last ones), the cards waiting on the stack (counts per kind and the top three).
//!
//! The layout and the offsets the writer uses come from one function ([`LyingPirates::sections`]), which without a
//! layout to fill only adds lengths (no allocation), so `tensor_len` is cheap. Two front-ends feed one [`Writer`]:
//! the seat's view, and the state read through the view's own rules (`view.rs`) without building the view.

use plunder_core::priority::Now;
use plunder_core::{Seat, SeatSet, TensorKind, TensorLayout};

use super::content::Seek;
use super::event::Cause;
use super::state::{hand, Offer, Phase, Purpose, Showdown, State, Wait, DECK, DISCARD, DRAFT_PASSES, MAX_CUP, NONE};
use super::view::{Question, View};
use super::LyingPirates;
use crate::bidding::BidMade;

/// Phases, in the order of [`super::Phase`].
const PHASES: usize = 16;
/// Faces a crew die may show: 1 to 6, blank, skull.
const FACES: usize = 8;
/// The Special Crew Dice: Pirate King, Mermaid, Ghost, Cursed (die kinds 1 to 4).
const SPECIALS: usize = 4;
/// A cup's numbers: regular dice by face 1 to 6, then each special die's face one-hot.
const CUP: usize = 6 + SPECIALS * FACES;
/// Bet faces 2 to 6 (ones are wild).
const BET_FACES: usize = 5;
/// The cards of the stack listed one by one, from the top.
const STACK_TOP: usize = 3;

/// Per-seat flags, in order.
const FLAGS: [&str; 22] = [
    "the Phantom",
    "out of the game",
    "holds the token",
    "to bet now",
    "holds priority in the card window",
    "bets and sails for the Phantom this round",
    "places a tile next (setup)",
    "bets in this Betting Phase",
    "its cup counts in this Betting Phase",
    "sits out the next Betting Phase",
    "won this Betting Phase",
    "sails this Sail Phase",
    "auto-passes this phase",
    "has played its gold card this phase",
    "has played its silver card this phase",
    "has rerolled this phase",
    "has used its once-per-game ability",
    "ties for last and may catch up",
    "has committed (catch-up offer, Final Battle preparation or draft pick)",
    "claims the throne in the Final Battle",
    "won the game",
    "is in the battle being fought",
];

/// Per-seat counts, in order.
const COUNTS: [&str; 7] = [
    "ship's progress from Start/End (passes the spaces when the Phantom sails its second lap)",
    "coins",
    "crew dice in its cup",
    "regular crew dice in its cup",
    "cards in hand",
    "tiles held face down (setup)",
    "Final Battle crew (once every claimant has prepared)",
];

/// Per-seat captain ability numbers (option `captains`; the basic rules' values without it), in order.
const ABILITY: [&str; 8] = [
    "cup limit",
    "price of a Battle or Action Die reroll",
    "price of a Sail Die or Final Battle reroll",
    "ranks added in a duel",
    "price of a bought card (0: the table's)",
    "regular dice passing the Cursed Die costs",
    "coins on top of the winner's coin for winning a Betting Phase",
    "tiles its once-per-game move sails",
];

/// Table-wide numbers, in order.
const TABLE: [&str; 13] = [
    "crew dice in the bag",
    "cards in the deck",
    "cards in the discard pile",
    "1 if betting goes clockwise",
    "1 if the Sail Die shows 1",
    "1 if the Sail Die shows 2",
    "1 if the Phantom sails its second lap",
    "1 if everyone but the priority holder has passed over the stack's top card",
    "cards each captain passes now in the draft (0 outside it)",
    "1 while a battle is fought",
    "1 if the battle seeks a winner (0: a loser)",
    "rolls of the battle so far",
    "cards waiting on the stack",
];

/// The question's numbers, in order.
const QUESTION_NUMBERS: [&str; 4] =
    ["the reroll's price", "options of a choice", "coins asked for a payment", "dice a loss still takes"];

/// Where each section starts, and the tensor's length.
#[derive(Clone, Debug, Default)]
pub(super) struct Offsets {
    len: usize,
    observer_seat: usize,
    phase: usize,
    round: usize,
    map: usize,
    my_tiles: usize,
    seat_flags: usize,
    seat_counts: usize,
    ship_space: usize,
    special_dice: usize,
    battle_face: usize,
    captain_ability: usize,
    known_cards: usize,
    my_cup: usize,
    phantom_cup: usize,
    spied_seat: usize,
    spied_cup: usize,
    shown_cups: usize,
    bets_made: usize,
    last_bets: usize,
    showdown: usize,
    table: usize,
    discard_top: usize,
    my_draft: usize,
    battle_purpose: usize,
    stack_kinds: usize,
    stack_top: usize,
    question_kind: usize,
    question_seat: usize,
    question_die: usize,
    question_face: usize,
    question_numbers: usize,
    question_candidates: usize,
    question_lose_dice: usize,
    question_cause_card: usize,
    question_cause_tile: usize,
}

/// Adds up sections, and lists them where a layout is asked for.
struct Sections {
    layout: Option<TensorLayout>,
    len: usize,
}

impl Sections {
    fn add(&mut self, name: &str, len: usize, meaning: &str) -> usize {
        let start = self.len;
        if let Some(layout) = &mut self.layout {
            layout.section(name, len, meaning);
        }
        self.len += len;
        start
    }
}

fn list(items: &[&str]) -> String {
    items.iter().enumerate().map(|(i, m)| format!("{i} {m}")).collect::<Vec<_>>().join("; ")
}

impl LyingPirates {
    fn ring(&self) -> usize {
        self.spaces as usize
    }

    /// One stacked bet's numbers: quantity, face one-hot, bettor one-hot.
    fn bet_width(&self) -> usize {
        1 + BET_FACES + self.captains()
    }

    fn stack_width(&self) -> usize {
        self.content.cards.len() + 2 * self.captains()
    }

    /// Every section in order; meanings are written only where `sections` keeps a layout.
    fn sections(&self, b: &mut Sections) -> Offsets {
        let (n, r, t, k) = (self.captains(), self.ring(), self.content.tiles.len(), self.content.cards.len());
        let full = b.layout.is_some();
        let text = |f: &dyn Fn() -> String| if full { f() } else { String::new() };
        let by_seat =
            "per captain (the observer first, then the next seats in seat order; the Phantom after the players)";
        Offsets {
            len: 0, // known once every section is added: see `tensor_offsets`
            observer_seat: b.add("observer_seat", self.players(), "one-hot: the observer's absolute seat"),
            phase: b.add(
                "phase",
                PHASES,
                "one-hot: 0 tile deal, 1 placement, 2 deal, 3 draft, 4 shake, 5 betting, 6 Sail Die roll, 7 window S1, \
                 8 sail battle, 9 window S2, 10 Action window, 11 catch-up, 12 Final Battle preparation, 13 Final \
                 Battle window, 14 Final Battle, 15 over",
            ),
            round: b.add("round", 1, "the round number (a count)"),
            map: b.add(
                "map",
                r * t,
                "per space of the ring in sailing order (space 0 is Start/End), one-hot over the tiles (the tile \
                 list's order, `data/lying-pirates/tiles.json`): the tile there; all 0 while the space is open (setup)",
            ),
            my_tiles: b.add("my_tiles", t, "1 for each tile the observer holds face down (setup)"),
            seat_flags: b.add(
                "seat_flags",
                n * FLAGS.len(),
                &text(&|| format!("{by_seat}, {} flags (0/1): {}", FLAGS.len(), list(&FLAGS))),
            ),
            seat_counts: b.add(
                "seat_counts",
                n * COUNTS.len(),
                &text(&|| format!("{by_seat}, {} counts: {}", COUNTS.len(), list(&COUNTS))),
            ),
            ship_space: b.add(
                "ship_space",
                n * r,
                &text(&|| format!("{by_seat}, one-hot over the ring's spaces: the space its ship is on (0 Start/End)")),
            ),
            special_dice: b.add(
                "special_dice",
                n * SPECIALS,
                &text(&|| format!("{by_seat}, 1 for each special die in its cup: 0 Pirate King, 1 Mermaid, 2 Ghost, 3 Cursed")),
            ),
            battle_face: b.add(
                "battle_face",
                n * 3,
                &text(&|| format!("{by_seat}, one-hot: its Battle Die's last roll in the battle being fought (0 Skull, 1 Single, 2 Double); all 0 if none")),
            ),
            captain_ability: b.add(
                "captain_ability",
                n * ABILITY.len(),
                &text(&|| format!("{by_seat}, its captain's ability as numbers: {}", list(&ABILITY))),
            ),
            known_cards: b.add(
                "known_cards",
                n * k,
                &text(&|| format!(
                    "{by_seat}, per card kind (the card list's order, `data/lying-pirates/cards.json`): how many of \
                     that kind the observer knows in its hand: for the observer its whole hand, for the others the \
                     cards it passed them or took from them"
                )),
            ),
            my_cup: b.add(
                "my_cup",
                CUP,
                "the observer's cup as last shaken (empty while its shake is under way): 0-5 how many regular dice \
                 show 1 to 6, then per special die (Pirate King, Mermaid, Ghost, Cursed) 8 numbers one-hot over its \
                 face 1 to 6, blank, skull",
            ),
            phantom_cup: b.add(
                "phantom_cup",
                CUP,
                "the Phantom's cup, to the player betting for it this round only (after the shake), as `my_cup`",
            ),
            spied_seat: b.add("spied_seat", n, &text(&|| format!("one-hot {by_seat}: the cup the observer looks into by Spyglass"))),
            spied_cup: b.add("spied_cup", CUP, "the faces the Spyglass shows of that cup (its first dice), as `my_cup`"),
            shown_cups: b.add(
                "shown_cups",
                n * CUP,
                &text(&|| format!(
                    "{by_seat}, its cup as the last call showed it (until the next round; 0 for cups that did not \
                     count), as `my_cup`"
                )),
            ),
            bets_made: b.add("bets_made", 1, "how many bets were made in this Betting Phase"),
            last_bets: b.add(
                "last_bets",
                n * self.bet_width(),
                &text(&|| {
                    format!(
                        "the last bets of this Betting Phase, as many as there are captains, the latest first; each \
                         {} numbers: the quantity, one-hot its face 2 to 6 (5), one-hot the bettor by captain as below ({n}); \
                         all 0 past the bets made",
                        self.bet_width()
                    )
                }),
            ),
            showdown: b.add(
                "showdown",
                5 + BET_FACES + 3 * n,
                &text(&|| {
                    format!(
                        "the last call, once made (kept until the next round): 0 1 if there is one, 1 1 if \
                         it was exact (0 liar), 2 the judged bet's quantity, 3-7 one-hot its face 2 to 6, 8 the dice \
                         counted, then one-hot by captain as below ({n} each): the caller, the judged bettor, the winner"
                    )
                }),
            ),
            table: b.add("table", TABLE.len(), &text(&|| list(&TABLE))),
            discard_top: b.add("discard_top", k, "one-hot per card kind: the discard pile's top card"),
            my_draft: b.add("my_draft", k, "per card kind: how many the observer has chosen to pass in this draft round"),
            battle_purpose: b.add(
                "battle_purpose",
                4,
                "one-hot, while a battle is fought: 0 for the tile (Sail Phase), 1 a card's or tile's effect, 2 the \
                 Phantom's pick, 3 a Final Battle battle",
            ),
            stack_kinds: b.add("stack_kinds", k, "per card kind: how many cards of that kind wait on the stack"),
            stack_top: b.add(
                "stack_top",
                STACK_TOP * self.stack_width(),
                &text(&|| {
                    format!(
                        "the top {STACK_TOP} cards of the stack, the top first; each {} numbers: one-hot its card \
                         kind ({k}), one-hot its player by captain as below ({n}), one-hot its declared target likewise ({n}, \
                         all 0 for none)",
                        self.stack_width()
                    )
                }),
            ),
            question_kind: b.add(
                "question_kind",
                5,
                "one-hot, what a captain is asked besides bets and card windows: 0 a paid reroll, 1 pick a captain, 2 \
                 choose an option of an effect, 3 pay for an effect, 4 which special die a loss takes",
            ),
            question_seat: b.add("question_seat", n, &text(&|| format!("one-hot {by_seat}: the captain asked"))),
            question_die: b.add("question_die", 4, "one-hot, the die offered for a reroll: 0 Sail, 1 Pirate, 2 Treasure, 3 Battle"),
            question_face: b.add(
                "question_face",
                7,
                "one-hot, the face the offered die shows: 0 Sail 1, 1 Sail 2, 2 X, 3 O, 4 Double, 5 Single, 6 Skull",
            ),
            question_numbers: b.add("question_numbers", QUESTION_NUMBERS.len(), &text(&|| list(&QUESTION_NUMBERS))),
            question_candidates: b.add(
                "question_candidates",
                n,
                &text(&|| format!("{by_seat}, 1 for each captain the pick may name")),
            ),
            question_lose_dice: b.add(
                "question_lose_dice",
                SPECIALS,
                "1 for each special die the loss may take: 0 Pirate King, 1 Mermaid, 2 Ghost, 3 Cursed",
            ),
            question_cause_card: b.add(
                "question_cause_card",
                k,
                "one-hot per card kind: the card whose effect the offered Action Die was rolled for",
            ),
            question_cause_tile: b.add(
                "question_cause_tile",
                t,
                "one-hot per tile: the tile whose event the offered Action Die was rolled for",
            ),
        }
    }

    /// Where each section starts, worked out from the layout (once, by [`LyingPirates::new`]).
    pub(super) fn tensor_offsets(&self) -> Offsets {
        let mut b = Sections { layout: None, len: 0 };
        let offsets = self.sections(&mut b);
        Offsets { len: b.len, ..offsets }
    }

    pub(super) fn tensor_size(&self) -> usize {
        self.offsets.len
    }

    pub(super) fn tensor_sections(&self) -> TensorLayout {
        let mut b = Sections { layout: Some(TensorLayout::new()), len: 0 };
        self.sections(&mut b);
        b.layout.unwrap_or_default()
    }

    fn writer<'a>(&'a self, me: Seat, out: &'a mut [f32]) -> Writer<'a> {
        let n = self.captains();
        Writer { game: self, o: &self.offsets, n, me: me.index() % n.max(1), out }
    }

    /// The observation of a seat's view (nothing for a spectator's).
    pub(super) fn tensor(&self, view: &View, _kind: TensorKind, out: &mut [f32]) {
        let Some(me) = view.viewer else { return };
        let mut w = self.writer(me, out);
        w.head(me, view.phase, view.round);
        for (p, tile) in view.map.iter().enumerate() {
            if let Some(tile) = *tile {
                w.map(p, tile);
            }
        }
        for &tile in &view.my_tiles {
            w.my_tile(tile);
        }

        if let Some(phantom) = view.phantom {
            w.flag(phantom, 0);
        }
        let sets: [(&[Seat], usize); 14] = [
            (&view.out, 1),
            (&view.in_phase, 7),
            (&view.counted, 8),
            (&view.sitting_out_next, 9),
            (&view.movers, 11),
            (&view.auto_passing, 12),
            (&view.gold_used, 13),
            (&view.silver_used, 14),
            (&view.rerolled, 15),
            (&view.abilities_used, 16),
            (&view.catching_up, 17),
            (&view.committed, 18),
            (&view.claimants, 19),
            (&view.winners, 20),
        ];
        for (seats, f) in sets {
            for &s in seats {
                w.flag(s, f);
            }
        }
        w.flag(view.token, 2);
        for (s, f) in [(view.to_bet, 3), (view.priority, 4), (view.proxy, 5), (view.placer, 6), (view.winner, 10)] {
            if let Some(s) = s {
                w.flag(s, f);
            }
        }

        for i in 0..w.n {
            let seat = Seat(i as u8);
            let specials = view.specials.get(i).map_or(&[][..], |k| &k[..]);
            let dice = view.dice.get(i).copied().unwrap_or(0);
            let counts = [
                view.progress.get(i).copied().unwrap_or(0) as f32,
                view.coins.get(i).copied().unwrap_or(0) as f32,
                dice as f32,
                dice.saturating_sub(specials.len() as u8) as f32,
                view.hand_sizes.get(i).copied().unwrap_or(0) as f32,
                view.tiles_held.get(i).copied().unwrap_or(0) as f32,
                view.final_crew.get(i).copied().unwrap_or(0) as f32,
            ];
            w.seat(seat, counts, specials);
            for &card in view.known_in_hands.get(i).into_iter().flatten() {
                w.known(seat, card);
            }
        }
        for &card in &view.hand {
            w.known(me, card);
        }

        if let Some(battle) = &view.battle {
            for &s in &battle.contenders {
                w.flag(s, 21);
            }
            for (i, &face) in battle.faces.iter().enumerate() {
                w.battle_face(Seat(i as u8), face);
            }
            w.out[w.o.battle_purpose + battle.purpose as usize] = 1.0;
        }

        let o = &w.o;
        let (my_cup, phantom_cup, spied_cup) = (o.my_cup, o.phantom_cup, o.spied_cup);
        w.cup(my_cup, &view.my_dice, &view.my_kinds);
        w.cup(phantom_cup, &view.phantom_dice, &view.phantom_kinds);
        if let Some(spied) = &view.spied {
            w.spied(spied.seat);
            w.cup(spied_cup, &spied.faces, &spied.kinds);
        }
        for (i, (&s, faces)) in view.counted.iter().zip(&view.shown).enumerate() {
            let kinds = view.shown_kinds.get(i).map_or(&[][..], |k| &k[..]);
            let at = w.o.shown_cups + w.rel(s) * CUP;
            w.cup(at, faces, kinds);
        }

        w.bets(&view.bids);
        if let Some(showdown) = &view.showdown {
            w.showdown(showdown);
        }
        let battle = view.battle.as_ref();
        w.table([
            view.bag as f32,
            view.deck as f32,
            view.discard as f32,
            view.clockwise as u8 as f32,
            (view.sail == 1) as u8 as f32,
            (view.sail == 2) as u8 as f32,
            view.lapping as u8 as f32,
            view.others_passed as u8 as f32,
            view.draft_pass.unwrap_or(0) as f32,
            battle.is_some() as u8 as f32,
            battle.is_some_and(|b| b.seek_winner) as u8 as f32,
            battle.map_or(0, |b| b.rolls) as f32,
            view.stack.len() as f32,
        ]);
        if let Some(card) = view.discard_top.as_deref().and_then(|id| self.content.card_index(id)) {
            w.discard_top(card);
        }
        for &card in &view.my_draft {
            w.my_draft(card);
        }
        for (j, item) in view.stack.iter().rev().enumerate() {
            if let Some(card) = self.content.card_index(&item.card) {
                w.stack_card(j, card, item.by, item.target);
            }
        }

        match view.question.as_ref() {
            None => {}
            Some(Question::Reroll { seat, die, face, price, cause }) => {
                let die = ["sail", "pirate", "treasure", "battle"].iter().position(|x| x == die);
                let face = ["1", "2", "X", "O", "Double", "Single", "Skull"].iter().position(|x| x == face);
                w.reroll(*seat, die, face, *price, *cause);
            }
            Some(Question::Pick { seat, candidates, .. }) => {
                w.asked(1, *seat);
                for &c in candidates {
                    w.candidate(c);
                }
            }
            Some(Question::Choose { seat, options, .. }) => w.asked_number(2, *seat, 1, *options),
            Some(Question::Pay { seat, coins, .. }) => w.asked_number(3, *seat, 2, *coins),
            Some(Question::LoseDie { seat, dice, left }) => {
                w.asked_number(4, *seat, 3, *left);
                for &kind in dice {
                    w.lose_die(kind);
                }
            }
        }
    }

    /// The same observation straight from the state, without building the view: every part read through the
    /// view's own rules (`view.rs`), field by field; a test of every seat in random play keeps the two equal.
    pub(super) fn seat_tensor(&self, s: &State, me: Seat, _kind: TensorKind, out: &mut [f32]) {
        let mut w = self.writer(me, out);
        let seats = || Seat::all(s.captains());
        let setup = matches!(s.phase, Phase::TileDeal | Phase::Placement);
        let window_open = matches!(s.phase, Phase::SailFirst | Phase::SailSecond | Phase::Action | Phase::FinalWindow);
        w.head(me, s.phase, s.round);
        for p in 0..s.ring as usize {
            if s.layout[p] != NONE {
                w.map(p, s.layout[p]);
            }
        }
        let mine = s.tiles_held[me.index()];
        for tile in (0..32u8).filter(|&t| mine & (1 << t) != 0) {
            w.my_tile(tile);
        }

        if let Some(phantom) = s.phantom() {
            w.flag(phantom, 0);
        }
        let committed = match s.phase {
            Phase::CatchUp => s.catch_committed,
            Phase::FinalPrepare => s.prepared,
            Phase::Draft => s.drafted,
            _ => SeatSet::EMPTY,
        };
        let catching_up = if s.phase == Phase::CatchUp { s.catch_tied } else { SeatSet::EMPTY };
        let sets: [(SeatSet, usize); 14] = [
            (s.out, 1),
            (s.in_phase, 7),
            (s.counted, 8),
            (s.sit_out_next, 9),
            (s.movers, 11),
            (s.auto_pass, 12),
            (s.gold_used, 13),
            (s.silver_used, 14),
            (s.rerolled, 15),
            (s.ability_used, 16),
            (catching_up, 17),
            (committed, 18),
            (s.claimants, 19),
            (s.winners, 20),
        ];
        for (set, f) in sets {
            for seat in set.iter() {
                w.flag(seat, f);
            }
        }
        w.flag(s.token, 2);
        let priority = match s.window.now() {
            Now::Priority(seat) if window_open && !s.run.active() => Some(seat),
            _ => None,
        };
        let single = [
            ((s.phase == Phase::Betting).then_some(s.to_bet), 3),
            (priority, 4),
            ((s.proxy != NONE).then_some(Seat(s.proxy)), 5),
            ((s.phase == Phase::Placement).then_some(s.placer), 6),
            (s.winner, 10),
        ];
        for (seat, f) in single {
            if let Some(seat) = seat {
                w.flag(seat, f);
            }
        }

        let final_crew = s.prepared == s.claimants && !s.claimants.is_empty();
        let mut specials = [0u8; MAX_CUP];
        for p in seats() {
            let i = p.index();
            let counts = [
                s.progress[i] as f32,
                s.coins[i] as f32,
                s.cups.count(p) as f32,
                s.regular(p) as f32,
                s.cards.count(hand(p)) as f32,
                if setup { s.tiles_held[i].count_ones() as f32 } else { 0.0 },
                if final_crew { s.fb_crew[i] as f32 } else { 0.0 },
            ];
            let mut held = 0;
            for &kind in s.cups.kinds_of(p).iter().filter(|&&k| k != 0) {
                specials[held] = kind;
                held += 1;
            }
            w.seat(p, counts, &specials[..held]);
        }
        for kind in s.cards.kinds_of_cards_in(hand(me)) {
            w.known(me, kind);
        }
        // The cards this seat knows in the others' hands (passed in the draft, shown): one scan of the deck.
        for (zone, kind) in s.cards.known_to(me) {
            if let Some(p) = seats().find(|&p| p != me && hand(p) == zone) {
                w.known(p, kind);
            }
        }

        if s.battle.active {
            for seat in s.battle.contenders.iter() {
                w.flag(seat, 21);
            }
            for p in seats() {
                w.battle_face(p, s.battle.faces[p.index()]);
            }
            w.out[w.o.battle_purpose + s.battle.purpose as usize] = 1.0;
        }

        let o = &w.o;
        let (my_cup, phantom_cup, spied_cup, shown_cups) = (o.my_cup, o.phantom_cup, o.spied_cup, o.shown_cups);
        let kinds_if_special = |p: Seat| if s.specials(p) > 0 { s.cups.kinds_of(p) } else { &[][..] };
        if !(s.phase == Phase::Shake && s.counted.contains(me) && me.0 >= s.shake.0) {
            w.cup(my_cup, s.cups.dice_of(me), kinds_if_special(me));
        }
        if let Some(p) = s.phantom().filter(|_| s.proxy == me.0 && s.phase != Phase::Shake) {
            w.cup(phantom_cup, s.cups.dice_of(p), kinds_if_special(p));
        }
        if let Some((of, faces)) = s.spied(me) {
            w.spied(of);
            let kinds = kinds_if_special(of);
            w.cup(spied_cup, faces, &kinds[..kinds.len().min(faces.len())]);
        }
        if s.revealed {
            for p in s.counted.iter() {
                let at = shown_cups + w.rel(p) * CUP;
                w.cup(at, s.shown.dice_of(p), s.shown.kinds_of(p));
            }
        }

        w.bets(s.bids.as_slice());
        if let Some(showdown) = &s.showdown {
            w.showdown(showdown);
        }
        let stack = if window_open { s.window.stack().count() } else { 0 };
        let others_passed = window_open
            && !s.run.active()
            && s.window.frame_len() > 0
            && matches!(s.window.now(), Now::Priority(seat) if s.window.waiting() == SeatSet::only(seat));
        w.table([
            s.bag as f32,
            s.cards.count(DECK) as u8 as f32,
            s.cards.count(DISCARD) as u8 as f32,
            s.clockwise as u8 as f32,
            (s.sail == 1) as u8 as f32,
            (s.sail == 2) as u8 as f32,
            s.lapping as u8 as f32,
            others_passed as u8 as f32,
            if s.phase == Phase::Draft {
                DRAFT_PASSES[s.draft_round as usize % DRAFT_PASSES.len()] as f32
            } else {
                0.0
            },
            s.battle.active as u8 as f32,
            (s.battle.active && s.battle.seek == Seek::Winner) as u8 as f32,
            if s.battle.active { s.battle.rolls as f32 } else { 0.0 },
            stack as f32,
        ]);
        if let Some(id) = s.cards.top(DISCARD) {
            w.discard_top(s.cards.kind(id));
        }
        if s.phase == Phase::Draft {
            for &card in s.draft_picks[me.index()].iter().flatten() {
                w.my_draft(card);
            }
        }
        if window_open {
            for (j, e) in s.window.stack().collect::<Vec<_>>().into_iter().rev().enumerate() {
                let target = (e.item.target != NONE).then_some(Seat(e.item.target));
                w.stack_card(j, e.item.card, Some(self.owner(s, e.by)), target);
            }
        }

        // The question, as the view asks it.
        if let Some(loss) = s.loss {
            w.asked_number(4, loss.who, 3, loss.left);
            let sheddable = s.sheddable(loss.who, self.table.min_regular_dice);
            for kind in (1..=4u8).filter(|&k| sheddable & (1 << k) != 0) {
                w.lose_die(kind);
            }
            return;
        }
        match (s.offer, s.run.wait) {
            (Offer::Sail(seat), _) => {
                let face = match s.sail {
                    1 => Some(0),
                    2 => Some(1),
                    _ => None,
                };
                w.reroll(seat, Some(0), face, self.abilities[seat.index()].reroll_price(true), None);
            }
            (Offer::Action(seat), _) => {
                let x = s.run.frames[s.run.len.max(1) as usize - 1].val == 1;
                let die = match self.offered_die(s) {
                    super::RerollDie::Pirate => 1,
                    _ => 2,
                };
                let price = self.abilities[seat.index()].reroll_price(false);
                w.reroll(seat, Some(die), Some(if x { 2 } else { 3 }), price, Some(s.run.source));
            }
            _ if s.battle.active && s.battle.to_roll.is_empty() => {
                if let Some(seat) = self.battle_offeree(s) {
                    let face = match s.battle.faces[seat.index()] {
                        3 => 4,
                        2 => 5,
                        _ => 6,
                    };
                    let price = self.abilities[seat.index()].reroll_price(s.battle.purpose == Purpose::Final);
                    w.reroll(seat, Some(3), Some(face), price, None);
                }
            }
            (_, Wait::Pick { chooser, candidates }) => {
                w.asked(1, chooser);
                for c in candidates.iter() {
                    w.candidate(c);
                }
            }
            (_, Wait::Choose { chooser, options }) => w.asked_number(2, chooser, 1, options),
            (_, Wait::Pay { who, coins }) => w.asked_number(3, who, 2, coins),
            _ => {}
        }
    }
}

/// Writes the sections of one seat's observation (the observer `me`, seats relative to it).
struct Writer<'a> {
    game: &'a LyingPirates,
    o: &'a Offsets,
    n: usize,
    me: usize,
    out: &'a mut [f32],
}

impl Writer<'_> {
    /// `seat`'s place counted from the observer.
    fn rel(&self, seat: Seat) -> usize {
        (seat.index() + self.n - self.me) % self.n
    }

    fn cards(&self) -> usize {
        self.game.content.cards.len()
    }

    fn tiles(&self) -> usize {
        self.game.content.tiles.len()
    }

    fn head(&mut self, me: Seat, phase: Phase, round: u32) {
        self.out[self.o.observer_seat + me.index()] = 1.0;
        self.out[self.o.phase + phase as usize] = 1.0;
        self.out[self.o.round] = round as f32;
    }

    fn map(&mut self, space: usize, tile: u8) {
        let t = self.tiles();
        if space < self.game.ring() && (tile as usize) < t {
            self.out[self.o.map + space * t + tile as usize] = 1.0;
        }
    }

    fn my_tile(&mut self, tile: u8) {
        if (tile as usize) < self.tiles() {
            self.out[self.o.my_tiles + tile as usize] = 1.0;
        }
    }

    fn flag(&mut self, seat: Seat, flag: usize) {
        let at = self.o.seat_flags + self.rel(seat) * FLAGS.len() + flag;
        self.out[at] = 1.0;
    }

    /// A captain's counts (in the order of [`COUNTS`]), ship, special dice and captain.
    fn seat(&mut self, seat: Seat, counts: [f32; COUNTS.len()], specials: &[u8]) {
        let (at, r) = (self.rel(seat), self.game.ring());
        self.out[self.o.seat_counts + at * COUNTS.len()..][..COUNTS.len()].copy_from_slice(&counts);
        self.out[self.o.ship_space + at * r + counts[0] as usize % r] = 1.0;
        for &kind in specials.iter().filter(|&&kind| (1..=SPECIALS as u8).contains(&kind)) {
            self.out[self.o.special_dice + at * SPECIALS + kind as usize - 1] = 1.0;
        }
        let a = &self.game.abilities[seat.index()];
        let numbers = [
            a.cup_limit as f32,
            a.reroll_price as f32,
            a.decisive_reroll_price as f32,
            a.duel_bonus as f32,
            a.card_price.unwrap_or(0) as f32,
            a.curse_pass_cost as f32,
            a.betting_win_coins as f32,
            a.once_move as f32,
        ];
        self.out[self.o.captain_ability + at * ABILITY.len()..][..ABILITY.len()].copy_from_slice(&numbers);
    }

    /// A card of kind `card` the observer knows in `seat`'s hand.
    fn known(&mut self, seat: Seat, card: u8) {
        let k = self.cards();
        if (card as usize) < k {
            self.out[self.o.known_cards + self.rel(seat) * k + card as usize] += 1.0;
        }
    }

    fn battle_face(&mut self, seat: Seat, face: u8) {
        if (1..=3).contains(&face) && seat.index() < self.n {
            self.out[self.o.battle_face + self.rel(seat) * 3 + face as usize - 1] = 1.0;
        }
    }

    /// A cup's faces (with their kinds, empty when all are regular) into the [`CUP`] numbers at `at`.
    fn cup(&mut self, at: usize, faces: &[u8], kinds: &[u8]) {
        let out = &mut self.out[at..at + CUP];
        for (i, &face) in faces.iter().enumerate() {
            let kind = kinds.get(i).copied().unwrap_or(0) as usize;
            if !(1..=FACES).contains(&(face as usize)) {
                continue;
            }
            match kind {
                0 if face <= 6 => out[face as usize - 1] += 1.0,
                1..=SPECIALS => out[6 + (kind - 1) * FACES + face as usize - 1] = 1.0,
                _ => {}
            }
        }
    }

    fn spied(&mut self, seat: Seat) {
        self.out[self.o.spied_seat + self.rel(seat)] = 1.0;
    }

    /// The round's bets: their count and the last of them, the latest first.
    fn bets(&mut self, bids: &[BidMade]) {
        self.out[self.o.bets_made] = bids.len() as f32;
        let width = self.game.bet_width();
        for (j, made) in bids.iter().rev().take(self.n).enumerate() {
            let at = self.o.last_bets + j * width;
            self.out[at] = made.bid.quantity as f32;
            bet_face(&mut self.out[at + 1..][..BET_FACES], made.bid.face);
            let bettor = at + 1 + BET_FACES + self.rel(made.seat);
            self.out[bettor] = 1.0;
        }
    }

    fn showdown(&mut self, sd: &Showdown) {
        let at = self.o.showdown;
        self.out[at] = 1.0;
        self.out[at + 1] = sd.exact as u8 as f32;
        self.out[at + 2] = sd.bid.quantity as f32;
        bet_face(&mut self.out[at + 3..][..BET_FACES], sd.bid.face);
        self.out[at + 3 + BET_FACES] = sd.counted as f32;
        let (seats, n) = (at + 4 + BET_FACES, self.n);
        let (caller, bettor, winner) = (self.rel(sd.caller), self.rel(sd.bettor), self.rel(sd.winner));
        self.out[seats + caller] = 1.0;
        self.out[seats + n + bettor] = 1.0;
        self.out[seats + 2 * n + winner] = 1.0;
    }

    fn table(&mut self, numbers: [f32; TABLE.len()]) {
        self.out[self.o.table..][..TABLE.len()].copy_from_slice(&numbers);
    }

    fn discard_top(&mut self, card: u8) {
        if (card as usize) < self.cards() {
            self.out[self.o.discard_top + card as usize] = 1.0;
        }
    }

    fn my_draft(&mut self, card: u8) {
        if (card as usize) < self.cards() {
            self.out[self.o.my_draft + card as usize] += 1.0;
        }
    }

    /// The `j`-th card from the top of the stack.
    fn stack_card(&mut self, j: usize, card: u8, by: Option<Seat>, target: Option<Seat>) {
        let (k, n) = (self.cards(), self.n);
        if card as usize >= k {
            return;
        }
        self.out[self.o.stack_kinds + card as usize] += 1.0;
        if j < STACK_TOP {
            let at = self.o.stack_top + j * self.game.stack_width();
            self.out[at + card as usize] = 1.0;
            if let Some(by) = by {
                let by = self.rel(by);
                self.out[at + k + by] = 1.0;
            }
            if let Some(target) = target.filter(|t| t.index() < n) {
                let target = self.rel(target);
                self.out[at + k + n + target] = 1.0;
            }
        }
    }

    fn asked(&mut self, kind: usize, seat: Seat) {
        self.out[self.o.question_kind + kind] = 1.0;
        let at = self.o.question_seat + self.rel(seat);
        self.out[at] = 1.0;
    }

    fn asked_number(&mut self, kind: usize, seat: Seat, number: usize, value: u8) {
        self.asked(kind, seat);
        self.out[self.o.question_numbers + number] = value as f32;
    }

    /// A reroll offered: the die and face by their index in the sections' lists.
    fn reroll(&mut self, seat: Seat, die: Option<usize>, face: Option<usize>, price: u16, cause: Option<Cause>) {
        self.asked(0, seat);
        if let Some(die) = die {
            self.out[self.o.question_die + die] = 1.0;
        }
        if let Some(face) = face {
            self.out[self.o.question_face + face] = 1.0;
        }
        self.out[self.o.question_numbers] = price as f32;
        match cause {
            Some(Cause::Card(card)) if (card as usize) < self.cards() => {
                self.out[self.o.question_cause_card + card as usize] = 1.0
            }
            Some(Cause::Tile(tile)) if (tile as usize) < self.tiles() => {
                self.out[self.o.question_cause_tile + tile as usize] = 1.0
            }
            _ => {}
        }
    }

    fn candidate(&mut self, seat: Seat) {
        let at = self.o.question_candidates + self.rel(seat);
        self.out[at] = 1.0;
    }

    fn lose_die(&mut self, kind: u8) {
        if (1..=SPECIALS as u8).contains(&kind) {
            self.out[self.o.question_lose_dice + kind as usize - 1] = 1.0;
        }
    }
}

/// A bet's face 2 to 6, one-hot into 5 numbers.
fn bet_face(out: &mut [f32], face: u8) {
    if (2..=6).contains(&face) {
        out[face as usize - 2] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use plunder_core::{conformance, play, supply_chance, Game, Rng, Viewer};

    use super::*;
    use crate::lying_pirates::{Action, Chance, Options};

    const ANNE: Seat = Seat(0);
    const JACK: Seat = Seat(1);
    const MARY: Seat = Seat(2);

    fn observe(g: &LyingPirates, s: &State, seat: Seat) -> Vec<f32> {
        let mut out = vec![0.0; g.tensor_size()];
        g.seat_tensor(s, seat, TensorKind::Observation, &mut out);
        let mut from_view = vec![0.0; g.tensor_size()];
        g.tensor(&g.view(s, Viewer::Seat(seat)), TensorKind::Observation, &mut from_view);
        assert_eq!(out, from_view, "{seat}: the view-free tensor is the view's");
        out
    }

    fn section<'a>(g: &LyingPirates, t: &'a [f32], name: &str) -> &'a [f32] {
        let layout = g.tensor_sections();
        let s = layout.get(name).unwrap_or_else(|| panic!("no section {name}"));
        &t[s.start..s.start + s.len]
    }

    /// Three captains after the deal, their cups shaken with these faces (seat by seat, in cup order).
    fn betting_table(g: &LyingPirates, faces: &[&[u8]]) -> State {
        let mut s = g.initial_state();
        let mut rng = Rng::seeded(3);
        while s.phase == Phase::Deal {
            let c = g.sample_chance(&s, &mut rng);
            supply_chance(g, &mut s, &c).unwrap();
        }
        let mut used = [0usize; 6];
        while s.phase == Phase::Shake {
            let mut outcomes = Vec::new();
            g.chance_outcomes(&s, &mut outcomes);
            let Chance::Die { seat, .. } = outcomes[0].0 else { panic!("not a die") };
            let face = faces[seat.index()][used[seat.index()]];
            used[seat.index()] += 1;
            supply_chance(g, &mut s, &Chance::Die { seat, face }).unwrap();
        }
        s
    }

    #[test]
    fn a_betting_phase_in_numbers_seat_relative_and_hiding_the_other_cups() {
        let g = LyingPirates::new(Options::for_players(3)).unwrap();
        let mut s = betting_table(&g, &[&[5, 5, 6, 6, 1], &[5, 5, 1, 2, 3], &[5, 1, 6, 4, 2]]);
        s.coins = [4, 7, 9, 0, 0, 0];
        s.progress[ANNE.index()] = 3;
        for (seat, (quantity, face)) in [(ANNE, (3, 6)), (JACK, (4, 5))] {
            play(&g, &mut s, seat, &Action::Bet { quantity, face }).unwrap();
        }
        let t = observe(&g, &s, JACK);
        assert_eq!(t.len(), g.tensor_sections().len());
        assert_eq!(section(&g, &t, "observer_seat"), [0.0, 1.0, 0.0]);
        assert_eq!(section(&g, &t, "phase")[Phase::Betting as usize], 1.0);
        // Jack's own dice 5, 5, 1, 2, 3: counts by face, no special die.
        assert_eq!(&section(&g, &t, "my_cup")[..6], [1.0, 1.0, 1.0, 0.0, 2.0, 0.0]);
        assert!(section(&g, &t, "my_cup")[6..].iter().all(|&x| x == 0.0));
        // Seat-relative: Jack, then Mary, then Anne.
        let counts = section(&g, &t, "seat_counts");
        let coins: Vec<f32> = (0..3).map(|i| counts[i * COUNTS.len() + 1]).collect();
        assert_eq!(coins, [7.0, 9.0, 4.0]);
        let progress: Vec<f32> = (0..3).map(|i| counts[i * COUNTS.len()]).collect();
        assert_eq!(progress, [0.0, 0.0, 3.0]);
        let ring = g.ring();
        assert_eq!(section(&g, &t, "ship_space")[2 * ring + 3], 1.0, "Anne's ship on space 3");
        let flags = section(&g, &t, "seat_flags");
        assert_eq!(flags[FLAGS.len() + 3], 1.0, "Mary is to bet");
        assert_eq!(flags[3] + flags[2 * FLAGS.len() + 3], 0.0, "nobody else is");
        // Jack's hand, by kind, in his own block.
        let k = g.content.cards.len();
        let known = section(&g, &t, "known_cards");
        let mut hand_counts = vec![0.0; k];
        for id in s.cards.cards_in(hand(JACK)) {
            hand_counts[s.cards.kind(id) as usize] += 1.0;
        }
        assert_eq!(&known[..k], &hand_counts[..]);
        assert!(hand_counts.iter().sum::<f32>() > 0.0);
        assert!(known[k..].iter().all(|&x| x == 0.0), "nothing known of the others' hands");
        // Two bets, the latest first: Jack's 4 fives (himself, block 0), then Anne's 3 sixes (block 2).
        assert_eq!(section(&g, &t, "bets_made"), [2.0]);
        let bets = section(&g, &t, "last_bets");
        let w = g.bet_width();
        assert_eq!(&bets[..w], [4.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0]);
        assert_eq!(&bets[w..2 * w], [3.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0]);
        assert!(bets[2 * w..].iter().all(|&x| x == 0.0));
        // Anne's faces are hers: other faces in her cup change her tensor, not Jack's or Mary's.
        let mut twin = s.clone();
        twin.cups.set(ANNE, 0, 2);
        assert_eq!(observe(&g, &twin, JACK), t);
        assert_eq!(observe(&g, &twin, MARY), observe(&g, &s, MARY));
        assert_ne!(observe(&g, &twin, ANNE), observe(&g, &s, ANNE));
        // Mary calls: every cup is shown, Anne's (5, 5, 6, 6, 1) in her block.
        play(&g, &mut s, MARY, &Action::Liar).unwrap();
        let t = observe(&g, &s, JACK);
        let shown = section(&g, &t, "shown_cups");
        assert_eq!(&shown[2 * CUP..2 * CUP + 6], [1.0, 0.0, 0.0, 0.0, 2.0, 2.0]);
        let showdown = section(&g, &t, "showdown");
        let sd = s.showdown.unwrap();
        assert_eq!(&showdown[..9], [1.0, 0.0, 4.0, 0.0, 0.0, 0.0, 1.0, 0.0, sd.counted as f32]);
        let rel = |seat: Seat| (seat.index() + 3 - JACK.index()) % 3;
        assert_eq!(showdown[9 + rel(MARY)], 1.0, "Mary called");
        assert_eq!(showdown[9 + 3 + rel(JACK)], 1.0, "Jack's bet was judged");
        assert_eq!(showdown[9 + 6 + rel(sd.winner)], 1.0);
    }

    /// Random play under random options (2 to 6 players, Phantom mode, both maps, captains, variants, the
    /// draft and placement): the view-free tensor is the view's for every seat, and the sections are written.
    #[test]
    fn the_view_free_tensor_is_the_views_under_every_kind_of_option() {
        let mut written = std::collections::BTreeSet::new();
        for seed in 0..18u64 {
            let players = 2 + (seed % 5) as u8;
            let mut options = Options::sample(players, &mut Rng::seeded(seed));
            options.max_rounds = options.max_rounds.min(6);
            let g = LyingPirates::new(options).unwrap();
            let layout = g.tensor_sections();
            assert_eq!(layout.len(), g.tensor_size());
            assert!(layout.check().is_ok());
            let choose = |legal: &[Action], rng: &mut Rng| {
                let plays: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Play { .. })).collect();
                if !plays.is_empty() && rng.index(2) == 0 {
                    plays[rng.index(plays.len())]
                } else {
                    legal[rng.index(legal.len())]
                }
            };
            conformance::each_decision(&g, seed, 1_000_000, choose, |s| {
                for seat in Seat::all(g.players()) {
                    let t = observe(&g, s, seat);
                    assert!(t.iter().all(|x| x.is_finite()));
                    for sec in layout.sections() {
                        if t[sec.start..sec.start + sec.len].iter().any(|&x| x != 0.0) {
                            written.insert(sec.name.clone());
                        }
                    }
                }
            });
        }
        // A loss choosing among special dice is rare in short games (a captain down to its last regular die).
        let names = LyingPirates::new(Options::default()).unwrap().tensor_sections();
        let never: Vec<&str> = names
            .sections()
            .iter()
            .map(|sec| sec.name.as_str())
            .filter(|&name| !written.contains(name) && name != "question_lose_dice")
            .collect();
        assert!(never.is_empty(), "sections never written in random play: {never:?}");
    }
}
