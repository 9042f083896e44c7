//! What one captain (or a spectator) sees: everything public, its own cup and hand.
//!
//! Public (ruling 29): ships, coins, cup sizes and the special dice held (every change of crew happens in the
//! open), hand sizes, the bids, the stack and the discard pile, battle dice. Secret: faces in other cups until a
//! call shows them (the Phantom's too, except to the player betting for it), and the cards in other hands, the
//! Phantom's and the deck.

use plunder_core::priority::Now;
use plunder_core::{Seat, Viewer};
use serde::Serialize;

use super::content::{Group, Node};
use super::event::Cause;
use super::state::*;
use super::{LyingPirates, Offer};
use crate::bidding::BidMade;

/// A card waiting on the stack.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StackCard {
    pub by: Option<Seat>,
    pub card: String,
    pub target: Option<Seat>,
}

/// Dice of another cup the viewer looks at by Spyglass (this Betting Phase, once the shake is over).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SpiedCup {
    pub seat: Seat,
    /// The first faces of that cup, in cup order.
    pub faces: Vec<u8>,
    /// Their kinds (a special die looks like itself), empty when all are regular.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub kinds: Vec<u8>,
}

/// A battle in progress.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BattleView {
    pub purpose: Purpose,
    pub seek_winner: bool,
    pub contenders: Vec<Seat>,
    /// Each seat's last roll: 3 Double, 2 Single, 1 Skull, 0 none (as rolled).
    pub faces: Vec<u8>,
    /// Each seat's last roll as it counts, after cards and abilities move it a rank (same numbers).
    pub ranks: Vec<u8>,
    pub rolls: u8,
}

/// What the seat to act is asked, when it is not a bet or a window.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Question {
    /// `seat` may pay `price` coins to reroll `die` ("sail", "pirate", "treasure" or "battle"), which shows
    /// `face` (the Sail Die's 1 or 2, an Action Die's X or O, a Battle Die's Double, Single or Skull).
    Reroll {
        seat: Seat,
        die: String,
        face: String,
        price: u16,
        /// The card or tile whose effect an Action Die was rolled for (what its X and O mean).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        cause: Option<Cause>,
    },
    Pick {
        seat: Seat,
        candidates: Vec<Seat>,
        /// The card or tile whose effect asks for the pick (a trial saw "pick P2" and did not know what for).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        cause: Option<Cause>,
    },
    /// `seat` takes one of `options`, the steps of the effect's program that follow `step` (its index there,
    /// so the options can be named).
    Choose { seat: Seat, options: u8, step: u16 },
    /// `seat` may pay `coins` for what follows `step` in the effect's program.
    Pay { seat: Seat, coins: u8, step: u16 },
    /// A loss must take a special die instead of the last regular one: which of these kinds goes (1 Pirate King,
    /// 2 Mermaid, 3 Ghost, 4 Cursed), and how many dice the loss still takes.
    LoseDie { seat: Seat, dice: Vec<u8>, left: u8 },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub viewer: Option<Seat>,
    /// Each seat's captain (option `captains`), and who has used a once-per-game ability.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub captains: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub abilities_used: Vec<Seat>,
    pub phase: Phase,
    pub round: u32,
    pub ring: u8,
    /// Phantom mode: the Phantom's index in the per-captain lists (after the players), whether it sails its
    /// second lap, and the player standing in for it this Betting and Sail Phase.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub phantom: Option<Seat>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub lapping: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub proxy: Option<Seat>,
    /// The Phantom's faces, to the player betting for it only (after the shake).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub phantom_dice: Vec<u8>,
    /// Their kinds, when the Phantom holds a special die.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub phantom_kinds: Vec<u8>,
    /// Captains out of the game (Instant Death).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub out: Vec<Seat>,
    /// The tile under each ship (its index in the tile list).
    pub tiles: Vec<u8>,
    /// The map from Start/End in sailing order: each space's tile, or `None` while it is open (setup).
    pub map: Vec<Option<u8>>,
    /// Setup: the tiles the viewer holds face down, how many each captain holds, and who places next.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub my_tiles: Vec<u8>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub tiles_held: Vec<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub placer: Option<Seat>,
    pub progress: Vec<u8>,
    pub coins: Vec<u16>,
    /// Dice in each cup, and the kinds of special dice each holds (1 Pirate King, 2 Mermaid, 3 Ghost, 4 Cursed;
    /// empty while nobody holds one).
    pub dice: Vec<u8>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub specials: Vec<Vec<u8>>,
    pub bag: u8,
    /// The viewer's own cup faces (as last shaken), with their kinds (empty when all are regular).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub my_dice: Vec<u8>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub my_kinds: Vec<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub spied: Option<SpiedCup>,
    /// The viewer's hand (card kinds, by their place in the card list), and every hand's size.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub hand: Vec<u8>,
    pub hand_sizes: Vec<u8>,
    /// Cards the viewer knows in other hands (passed in the draft, taken from it), by seat; empty when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub known_in_hands: Vec<Vec<u8>>,
    /// The draft: how many cards each captain passes now, and the viewer's own choice once made.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub draft_pass: Option<u8>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub my_draft: Vec<u8>,
    pub deck: u8,
    /// The discard pile's size and its top card.
    pub discard: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub discard_top: Option<String>,
    pub token: Seat,
    pub clockwise: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub in_phase: Vec<Seat>,
    /// The cups that count in the Betting Phase: the bettors' and the Phantom's.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub counted: Vec<Seat>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub sitting_out_next: Vec<Seat>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub bids: Vec<BidMade>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub to_bet: Option<Seat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub showdown: Option<Showdown>,
    /// Every cup in the Betting Phase as the call showed it (empty before a call).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub shown: Vec<Vec<u8>>,
    /// The kinds of `shown`'s dice, cup by cup (0 a regular die, else its special die), where a cup held a
    /// special die; empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub shown_kinds: Vec<Vec<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub winner: Option<Seat>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub movers: Vec<Seat>,
    pub sail: u8,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub stack: Vec<StackCard>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub priority: Option<Seat>,
    /// Everyone but the priority holder has passed over the stack's top card: its pass lets the card take effect.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub others_passed: bool,
    /// The captains who declared auto-pass this phase (announced: ruling 56).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub auto_passing: Vec<Seat>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub gold_used: Vec<Seat>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub silver_used: Vec<Seat>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub rerolled: Vec<Seat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub battle: Option<BattleView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub question: Option<Question>,
    /// Catching up: the tied last ships and who has committed an offer.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub catching_up: Vec<Seat>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub committed: Vec<Seat>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub claimants: Vec<Seat>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub final_crew: Vec<u16>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub winners: Vec<Seat>,
}

pub(super) fn view(game: &LyingPirates, s: &State, viewer: Viewer) -> View {
    let me = viewer.seat();
    // Every list by captain covers the Phantom too (it is the last).
    let seats = || Seat::all(s.captains());
    let any_special = seats().any(|p| s.specials(p) > 0);
    let question = match (s.offer, s.run.wait) {
        _ if s.loss.is_some() => s.loss.map(|loss| {
            let sheddable = s.sheddable(loss.who, game.table.min_regular_dice);
            let dice = (1..=4u8).filter(|&k| sheddable & (1 << k) != 0).collect();
            Question::LoseDie { seat: loss.who, dice, left: loss.left }
        }),
        (Offer::Sail(seat), _) => Some(Question::Reroll {
            seat,
            die: "sail".into(),
            face: s.sail.to_string(),
            price: game.abilities[seat.index()].reroll_price(true),
            cause: None,
        }),
        (Offer::Action(seat), _) => {
            let x = s.run.frames[s.run.len.max(1) as usize - 1].val == 1;
            let die = match game.offered_die(s) {
                super::RerollDie::Pirate => "pirate",
                _ => "treasure",
            };
            let price = game.abilities[seat.index()].reroll_price(false);
            let face = if x { "X" } else { "O" }.into();
            Some(Question::Reroll { seat, die: die.into(), face, price, cause: Some(s.run.source) })
        }
        _ if s.battle.active && s.battle.to_roll.is_empty() => game.battle_offeree(s).map(|seat| {
            let face = match s.battle.faces[seat.index()] {
                3 => "Double",
                2 => "Single",
                _ => "Skull",
            };
            let price = game.abilities[seat.index()].reroll_price(s.battle.purpose == Purpose::Final);
            Question::Reroll { seat, die: "battle".into(), face: face.into(), price, cause: None }
        }),
        (_, Wait::Pick { chooser, candidates }) => {
            Some(Question::Pick { seat: chooser, candidates: candidates.iter().collect(), cause: Some(s.run.source) })
        }
        (_, Wait::Choose { chooser, options }) => {
            Some(Question::Choose { seat: chooser, options, step: s.run.frames[s.run.len.max(1) as usize - 1].node })
        }
        (_, Wait::Pay { who, coins }) => {
            Some(Question::Pay { seat: who, coins, step: s.run.frames[s.run.len.max(1) as usize - 1].node })
        }
        _ => None,
    };
    let setup = matches!(s.phase, Phase::TileDeal | Phase::Placement);
    let window_open = matches!(s.phase, Phase::SailFirst | Phase::SailSecond | Phase::Action | Phase::FinalWindow);
    View {
        viewer: me,
        captains: game.options.captains.clone(),
        abilities_used: s.ability_used.iter().collect(),
        phase: s.phase,
        round: s.round,
        ring: s.ring,
        phantom: s.phantom(),
        lapping: s.lapping,
        proxy: (s.proxy != NONE).then_some(Seat(s.proxy)),
        phantom_dice: match (me, s.phantom()) {
            (Some(m), Some(p)) if s.proxy == m.0 && s.phase != Phase::Shake => s.cups.dice_of(p).to_vec(),
            _ => Vec::new(),
        },
        phantom_kinds: match (me, s.phantom()) {
            (Some(m), Some(p)) if s.proxy == m.0 && s.phase != Phase::Shake && s.specials(p) > 0 => {
                s.cups.kinds_of(p).to_vec()
            }
            _ => Vec::new(),
        },
        out: s.out.iter().collect(),
        tiles: seats().map(|p| game.tile_at(s, s.progress[p.index()])).collect(),
        map: (0..s.ring).map(|p| Some(s.layout[p as usize]).filter(|&t| t != NONE)).collect(),
        my_tiles: me.map_or(Vec::new(), |m| (0..32u8).filter(|&t| s.tiles_held[m.index()] & (1 << t) != 0).collect()),
        tiles_held: if setup {
            seats().map(|p| s.tiles_held[p.index()].count_ones() as u8).collect()
        } else {
            Vec::new()
        },
        placer: (s.phase == Phase::Placement).then_some(s.placer),
        progress: seats().map(|p| s.progress[p.index()]).collect(),
        coins: seats().map(|p| s.coins[p.index()]).collect(),
        dice: seats().map(|p| s.cups.count(p)).collect(),
        specials: if any_special {
            seats().map(|p| s.cups.kinds_of(p).iter().copied().filter(|&k| k != 0).collect()).collect()
        } else {
            Vec::new()
        },
        bag: s.bag,
        // A cup being shaken is seen whole once its last die is down (as it is told), not die by die.
        my_dice: match me {
            Some(m) if s.phase == Phase::Shake && s.counted.contains(m) && m.0 >= s.shake.0 => Vec::new(),
            Some(m) => s.cups.dice_of(m).to_vec(),
            None => Vec::new(),
        },
        my_kinds: match me {
            Some(m) if s.specials(m) > 0 => s.cups.kinds_of(m).to_vec(),
            _ => Vec::new(),
        },
        spied: me.and_then(|m| s.spied(m)).map(|(seat, faces)| SpiedCup {
            seat,
            faces: faces.to_vec(),
            kinds: if s.specials(seat) > 0 { s.cups.kinds_of(seat)[..faces.len()].to_vec() } else { Vec::new() },
        }),
        hand: me.map_or(Vec::new(), |m| s.cards.cards_in(hand(m)).map(|id| s.cards.kind(id)).collect()),
        hand_sizes: seats().map(|p| s.cards.count(hand(p)) as u8).collect(),
        known_in_hands: match me {
            Some(m) => {
                let known: Vec<Vec<u8>> = seats()
                    .map(|p| {
                        if p == m {
                            return Vec::new();
                        }
                        s.cards
                            .cards_in(hand(p))
                            .filter(|&id| s.cards.knows(m, id))
                            .map(|id| s.cards.kind(id))
                            .collect()
                    })
                    .collect();
                if known.iter().all(Vec::is_empty) {
                    Vec::new()
                } else {
                    known
                }
            }
            None => Vec::new(),
        },
        draft_pass: (s.phase == Phase::Draft).then(|| DRAFT_PASSES[s.draft_round as usize % DRAFT_PASSES.len()]),
        my_draft: match me {
            Some(m) if s.phase == Phase::Draft => s.draft_picks[m.index()].iter().flatten().copied().collect(),
            _ => Vec::new(),
        },
        deck: s.cards.count(DECK) as u8,
        discard: s.cards.count(DISCARD) as u8,
        discard_top: s.cards.top(DISCARD).map(|id| game.content.cards[s.cards.kind(id) as usize].id.clone()),
        token: s.token,
        clockwise: s.clockwise,
        in_phase: s.in_phase.iter().collect(),
        counted: s.counted.iter().collect(),
        sitting_out_next: s.sit_out_next.iter().collect(),
        bids: s.bids.to_view(),
        to_bet: (s.phase == Phase::Betting).then_some(s.to_bet),
        showdown: s.showdown,
        shown: if s.revealed { s.counted.iter().map(|p| s.shown.dice_of(p).to_vec()).collect() } else { Vec::new() },
        shown_kinds: match s.revealed && s.counted.iter().any(|p| s.shown.kinds_of(p).iter().any(|&k| k != 0)) {
            true => s.counted.iter().map(|p| s.shown.kinds_of(p).to_vec()).collect(),
            false => Vec::new(),
        },
        winner: s.winner,
        movers: s.movers.iter().collect(),
        sail: s.sail,
        stack: if window_open {
            s.window
                .stack()
                .map(|e| StackCard {
                    by: Some(game.owner(s, e.by)),
                    card: game.content.cards[e.item.card as usize].id.clone(),
                    target: (e.item.target != NONE).then_some(Seat(e.item.target)),
                })
                .collect()
        } else {
            Vec::new()
        },
        priority: if window_open && !s.run.active() {
            match s.window.now() {
                Now::Priority(seat) => Some(seat),
                _ => None,
            }
        } else {
            None
        },
        others_passed: window_open
            && !s.run.active()
            && s.window.frame_len() > 0
            && matches!(s.window.now(), Now::Priority(seat) if s.window.waiting() == plunder_core::SeatSet::only(seat)),
        auto_passing: s.auto_pass.iter().collect(),
        gold_used: s.gold_used.iter().collect(),
        silver_used: s.silver_used.iter().collect(),
        rerolled: s.rerolled.iter().collect(),
        battle: s.battle.active.then(|| BattleView {
            purpose: s.battle.purpose,
            seek_winner: s.battle.seek == super::content::Seek::Winner,
            contenders: s.battle.contenders.iter().collect(),
            faces: seats().map(|p| s.battle.faces[p.index()]).collect(),
            ranks: seats().map(|p| s.battle.ranks[p.index()]).collect(),
            rolls: s.battle.rolls,
        }),
        question,
        catching_up: if s.phase == Phase::CatchUp { s.catch_tied.iter().collect() } else { Vec::new() },
        committed: if s.phase == Phase::CatchUp {
            s.catch_committed.iter().collect()
        } else if s.phase == Phase::FinalPrepare {
            s.prepared.iter().collect()
        } else if s.phase == Phase::Draft {
            s.drafted.iter().collect()
        } else {
            Vec::new()
        },
        claimants: s.claimants.iter().collect(),
        final_crew: if s.prepared == s.claimants && !s.claimants.is_empty() {
            seats().map(|p| s.fb_crew[p.index()]).collect()
        } else {
            Vec::new()
        },
        winners: s.winners.iter().collect(),
    }
}

/// Whether what waits on the table `public` (the spectator's view: nothing hidden goes in) concerns `seat`. Only a
/// card window with a card waiting can leave a seat out: a window over an empty stack is each captain's own chance
/// to play (its turn in the window), and every other decision (a bet, a reroll, a pick, a payment) is its own. With
/// cards on the stack, a seat is concerned by a card it played, one aimed at it (its declared target), or one whose
/// group reaches it by the ships' places (Debt's battle of all others, Whirlpool's or Cannon Volley's ships within
/// range, the Phantom's card with no declared target); a response is answered in the same way through the card
/// below it, which stays on the stack.
pub(super) fn concerns(game: &LyingPirates, public: &View, seat: Seat) -> bool {
    if public.priority != Some(seat) || public.stack.is_empty() {
        return true;
    }
    public.stack.iter().any(|card| card_concerns(game, public, card, seat))
}

/// Whether `card`, waiting on the stack, concerns `seat` ([`concerns`]).
fn card_concerns(game: &LyingPirates, public: &View, card: &StackCard, seat: Seat) -> bool {
    if card.by == Some(seat) || card.target == Some(seat) {
        return true;
    }
    let Some(by) = card.by else { return true };
    let Some(kind) = game.content.card_index(&card.card) else { return true };
    let content = &game.content;
    let at = |who: Seat| public.progress.get(who.index()).map_or(0, |&p| p as i16);
    let reaches = |group: Group, range: u8| {
        let (me, them) = (at(by), at(seat));
        seat != by
            && !public.out.contains(&seat)
            && match group {
                Group::Others => true,
                Group::InRange => (them - me).abs() <= range as i16,
                Group::Ahead => them > me && them - me <= range as i16,
                Group::Target => false,
            }
    };
    let node_reaches = |node: Node| match node {
        // A card played without a declared target (the Phantom's) may pick any candidate of its group.
        Node::Pick { from, range, .. } => card.target.is_none() && reaches(from, range),
        Node::Each { from, range, .. } => reaches(from, range),
        Node::Battle { among, range, .. } => reaches(among, range),
        _ => false,
    };
    match content.node(content.cards[kind as usize].effect) {
        Node::Sequence { first, len } => (0..len).any(|i| node_reaches(content.node(content.kid(first, i)))),
        other => node_reaches(other),
    }
}

#[cfg(test)]
mod tests {
    use plunder_core::{conformance, ChanceMode, Game, Narrate, Rng, Session};

    use super::*;
    use crate::lying_pirates::{Action, Options};

    /// Random games of 2 (Phantom mode) to 5 captains: every state at which a seat decides, with the seed's rng.
    fn random_states(seed: u64, mut each: impl FnMut(&LyingPirates, &State)) {
        let players = 2 + (seed % 4) as u8;
        let game = LyingPirates::new(Options { players, max_rounds: 8, ..Options::default() }).unwrap();
        // Cards rather than passes, so that windows hold cards waiting.
        let choose = |legal: &[Action], rng: &mut Rng| {
            let plays: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Play { .. })).collect();
            if !plays.is_empty() && rng.index(2) == 0 {
                plays[rng.index(plays.len())]
            } else {
                legal[rng.index(legal.len())]
            }
        };
        conformance::each_decision(&game, seed, 1_000_000, choose, |state| each(&game, state));
    }

    /// A seat is asked over an empty stack (its chance to play) and for the cards it played or that are aimed at
    /// it; some windows of others' cards leave it out, and none of those holds a card of its or on it.
    #[test]
    fn a_seat_is_asked_for_its_own_chance_and_for_cards_that_reach_it_only() {
        let (mut waiting, mut left_out, mut aimed) = (0, 0, 0);
        for seed in 0..16 {
            random_states(seed, |game, state| {
                let public = view(game, state, Viewer::Spectator);
                let Some(holder) = public.priority else { return };
                let concerned = game.concerns(&public, holder);
                if public.stack.is_empty() {
                    assert!(concerned, "an empty stack is the seat's own chance to play");
                    return;
                }
                waiting += 1;
                if public.stack.iter().any(|c| c.by == Some(holder) || c.target == Some(holder)) {
                    assert!(concerned, "a card of the seat's or aimed at it: {:?}", public.stack);
                    aimed += 1;
                }
                if !concerned {
                    left_out += 1;
                    // A Headwind on another ship, a Fair Winds of another's own: nothing the seat could answer.
                    let mut legal = Vec::new();
                    game.legal_actions(state, holder, &mut legal);
                    assert!(
                        legal.iter().all(|a| !matches!(a, Action::Play { .. })),
                        "a response offered in a window that does not concern the seat: {:?}",
                        public.stack
                    );
                }
            });
        }
        assert!(aimed > 20 && left_out > 20, "{aimed} aimed, {left_out} left out of {waiting} windows with cards");
    }

    /// A card window by hand, on a table of four: P1 holds priority while P2's card waits.
    #[test]
    fn windows_that_concern_a_seat_and_windows_that_do_not() {
        let game = LyingPirates::new(Options { players: 4, ..Options::default() }).unwrap();
        let session = Session::new(game.clone(), 1, ChanceMode::Sampled);
        let mut public = view(&game, session.state(), Viewer::Spectator);
        let (p1, p2, p3) = (Seat(0), Seat(1), Seat(2));
        public.phase = Phase::Action;
        public.priority = Some(p1);
        public.progress = vec![2, 6, 7, 9];
        assert!(game.concerns(&public, p1), "an empty stack: P1's own chance to play");
        let card = |id: &str, target: Option<Seat>| StackCard { by: Some(p2), card: id.to_string(), target };
        public.stack = vec![card("headwind", Some(p3))];
        assert!(!game.concerns(&public, p1), "P2's Headwind on P3's ship");
        public.stack = vec![card("fair-winds", None)];
        assert!(!game.concerns(&public, p1), "P2's Fair Winds moves P2's own ship");
        public.stack = vec![card("whirlpool", None)];
        assert!(!game.concerns(&public, p1), "P2's Whirlpool reaches ships within 2 tiles: P1 is 4 behind");
        assert!(game.concerns(&public, p3), "P3 is 1 tile from P2");
        public.stack = vec![card("headwind", Some(p1))];
        assert!(game.concerns(&public, p1), "P2's Headwind on P1's ship");
        public.stack = vec![card("debt", None)];
        assert!(game.concerns(&public, p1), "Debt: every other captain battles");
        public.stack = vec![card("headwind", Some(p3)), StackCard { by: Some(p1), ..card("drop-anchor", None) }];
        assert!(game.concerns(&public, p1), "P1's own card waits");
    }
}
