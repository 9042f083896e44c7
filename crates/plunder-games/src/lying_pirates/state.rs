//! One position: cups, ships, coins, cards, and where the round stands (phase, window, effect, battle, offer).

use plunder_core::priority::Window;
use plunder_core::zones::{Visibility, ZoneId, Zones};
use plunder_core::{Seat, SeatSet};
use serde::Serialize;

use super::content::{ActionDie, Seek, Special};
use super::event::Cause;
use crate::bidding::{Bid, BidLog, Cups, DieKind, REGULAR};

/// Room for the cards of the deck (78 in the full set).
pub const MAX_CARDS: usize = 80;
pub type Cards = Zones<MAX_CARDS>;
pub const DECK: ZoneId = 0;
pub const DISCARD: ZoneId = 1;
/// Cards played and waiting on the stack (face up).
pub const STACK: ZoneId = 2;

pub fn hand(seat: Seat) -> ZoneId {
    3 + seat.0
}

/// The zones: deck, discard pile, stack, each player's hand; in Phantom mode also the Phantom's hand (seen by
/// nobody) and the silver pile its hand is dealt from.
pub fn card_zones(players: usize, phantom: bool) -> Vec<Visibility> {
    let mut v = vec![Visibility::Hidden, Visibility::Public, Visibility::Public];
    v.extend((0..players).map(|s| Visibility::Owner(Seat(s as u8))));
    if phantom {
        v.extend([Visibility::Hidden, Visibility::Hidden]);
    }
    v
}

/// The pile of silver cards the Phantom's hand is dealt from (Phantom mode, during the deal).
pub fn silver_pile(players: u8) -> ZoneId {
    hand(Seat(players + 1))
}

/// The Phantom's hand: six cards, never refilled (ruling 43).
pub const PHANTOM_HAND: u8 = 6;

/// Cards passed in each round of the draft.
pub const DRAFT_PASSES: [u8; 3] = [3, 2, 1];

/// The 50 Crew Dice of the box.
pub const CREW_DICE: u8 = 50;
/// Room in a cup: the largest limit a captain's ability gives (Barrelbelly's 12).
pub const MAX_CUP: usize = 12;
/// The cup limit outside the Final Battle.
pub const CUP_LIMIT: u8 = 10;
/// The price of a Final Battle crew die, and of a reroll (a bought card's is in [`super::Rules`]).
pub const DIE_PRICE: u16 = 2;
pub const REROLL_PRICE: u16 = 1;
/// Passing the Cursed Die costs this many regular dice.
pub const CURSE_PASS_COST: u8 = 2;
/// Safety stops (rulings 51 and 52): rolls of one battle, and battles of the Final Battle.
pub const MAX_BATTLE_ROLLS: u8 = 16;
pub const MAX_FINAL_BATTLES: u8 = 64;
/// No seat; an open space of the map.
pub const NONE: u8 = u8::MAX;
/// Start/End's index in the tile list (the data checks it comes first).
pub const START_END: u8 = 0;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Dealing the 21 tiles face down, one at a time from seat 0 clockwise (chance, tile by tile).
    TileDeal,
    /// The captains place their tiles on the open spaces, from the Start/End holder clockwise.
    Placement,
    /// Dealing the action cards (chance, card by card).
    Deal,
    /// The card draft: three simultaneous rounds passing 3, 2 and 1 cards to the left.
    Draft,
    /// Shaking the cups of the captains in the Betting Phase (chance, die by die).
    Shake,
    Betting,
    /// The winner rolls the Sail Die.
    SailRoll,
    /// Window S1 (gold cards), after the move.
    SailFirst,
    /// The movers battle for the tile, and the battle's winner resolves it.
    SailBattle,
    /// Window S2 (gold cards), after the event.
    SailSecond,
    /// Window A (gold and silver cards).
    Action,
    /// The last ships offer crew to catch up (simultaneous when tied).
    CatchUp,
    /// Final Battle preparation (simultaneous).
    FinalPrepare,
    /// The window for Final Battle cards before each battle.
    FinalWindow,
    FinalBattle,
    Over,
}

/// A card on the stack.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub card: u8,
    pub target: u8,
    /// The stack index of the card a response answers.
    pub answers: u8,
    /// Captains a response took out of this card's reach.
    pub immune: SeatSet,
}

/// Who the effect's references name now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bind {
    pub me: u8,
    pub target: u8,
    pub winner: u8,
    pub loser: u8,
}

impl Bind {
    pub fn of(me: Seat) -> Bind {
        Bind { me: me.0, target: NONE, winner: NONE, loser: NONE }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub node: u16,
    pub step: u8,
    /// A rolled face (1 X, 2 O) while its reroll is offered.
    pub val: u8,
    pub bind: Bind,
    /// The captains an `each` has still to visit.
    pub group: SeatSet,
}

pub const MAX_FRAMES: usize = 12;

/// What a running effect waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Wait {
    Nothing,
    Die {
        die: ActionDie,
        roller: Seat,
    },
    Pick {
        chooser: Seat,
        candidates: SeatSet,
    },
    Choose {
        chooser: Seat,
        options: u8,
    },
    Pay {
        who: Seat,
        coins: u8,
    },
    /// A random card of `from`'s hand goes to `to`.
    Steal {
        from: Seat,
        to: Seat,
    },
}

/// An effect being resolved: a tile's event or a card's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub frames: [Frame; MAX_FRAMES],
    pub len: u8,
    pub wait: Wait,
    pub immune: SeatSet,
    /// The target a card declared when played.
    pub declared: u8,
    /// The seat that started it (immunity on Start/End spares everyone else).
    pub starter: u8,
    /// A card of the window is resolving (it leaves the stack when the run ends).
    pub card: bool,
    /// The card or tile whose effect this is (told as the cause of what it does).
    pub source: Cause,
}

const NO_FRAME: Frame =
    Frame { node: 0, step: 0, val: 0, bind: Bind { me: 0, target: 0, winner: 0, loser: 0 }, group: SeatSet::EMPTY };

impl Run {
    pub fn idle() -> Run {
        Run {
            frames: [NO_FRAME; MAX_FRAMES],
            len: 0,
            wait: Wait::Nothing,
            immune: SeatSet::EMPTY,
            declared: NONE,
            starter: NONE,
            card: false,
            source: Cause::Activation,
        }
    }

    pub fn active(&self) -> bool {
        self.len > 0
    }

    pub fn top(&mut self) -> &mut Frame {
        &mut self.frames[self.len as usize - 1]
    }

    pub fn push(&mut self, node: u16, bind: Bind) {
        if (self.len as usize) < MAX_FRAMES {
            self.frames[self.len as usize] = Frame { node, step: 0, val: 0, bind, group: SeatSet::EMPTY };
            self.len += 1;
        }
    }

    pub fn pop(&mut self) {
        self.len -= 1;
    }

    /// The top frame continues with `node`.
    pub fn replace(&mut self, node: u16) {
        let top = self.top();
        top.node = node;
        top.step = 0;
        top.val = 0;
        top.group = SeatSet::EMPTY;
    }
}

/// Why a battle is fought.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    /// The movers of the Sail Phase, for the right to activate a tile.
    Tile,
    /// An effect's battle: the result binds in the running effect.
    Effect,
    /// The Phantom's pick of one captain: the candidates duel, the loser is picked.
    Pick,
    /// One battle of the Final Battle.
    Final,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    pub active: bool,
    pub purpose: Purpose,
    pub seek: Seek,
    /// Still in the battle.
    pub contenders: SeatSet,
    /// Dice still to roll in this roll.
    pub to_roll: SeatSet,
    /// Each seat's rank in the last roll (after shifts); 0 if it did not roll.
    pub ranks: [u8; 6],
    /// Each seat's face symbol in the last roll, as rolled (1 Skull, 2 Single, 3 Double).
    pub faces: [u8; 6],
    pub rolls: u8,
    /// The roll's dice are down and these seats are still to be offered a reroll.
    pub offers: SeatSet,
}

impl Battle {
    pub fn none() -> Battle {
        Battle {
            active: false,
            purpose: Purpose::Tile,
            seek: Seek::Winner,
            contenders: SeatSet::EMPTY,
            to_roll: SeatSet::EMPTY,
            ranks: [0; 6],
            faces: [0; 6],
            rolls: 0,
            offers: SeatSet::EMPTY,
        }
    }
}

/// A paid reroll being offered for the Sail Die or an Action Die (battle offers live in [`Battle`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Offer {
    Nothing,
    Sail(Seat),
    Action(Seat),
}

/// A crew loss waiting for its owner to choose which special die goes instead of its last regular die (the
/// rulebook's "a Special Crew Die of your choice"; ruling 53).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Loss {
    pub who: Seat,
    /// Dice still to go.
    pub left: u8,
    /// Who gains a regular die for every die that goes (a theft; [`NONE`]: nobody).
    pub thief: u8,
    /// Dice gone so far.
    pub taken: u8,
    pub cause: Cause,
}

/// How the Betting Phase ended, for the view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Showdown {
    pub caller: Seat,
    pub exact: bool,
    pub bid: Bid,
    /// Who made the bet judged (the curse looks at it).
    pub bettor: Seat,
    pub counted: u32,
    pub winner: Seat,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub phase: Phase,
    pub round: u32,
    /// Seats that decide: the players.
    pub players: u8,
    /// Captains at the table: the players, and the Phantom (seat index `players`) in Phantom mode.
    pub captains: u8,
    /// Captains out of the game (Instant Death).
    pub out: SeatSet,
    /// The player who plays for the Phantom in this round's Betting and Sail Phases ([`NONE`]: nobody).
    pub proxy: u8,
    /// The Phantom plays a random card from its hand before the Action window's first priority (chance).
    pub phantom_due: bool,
    /// The Phantom came home before both players and sails on round the map (its progress passes the ring).
    pub lapping: bool,
    /// Every cup: dice kinds always; faces valid after the shake.
    pub cups: Cups<MAX_CUP>,
    /// The cups as the last call showed them.
    pub shown: Cups<MAX_CUP>,
    /// Whether the last call's cups are on show (until the next shake).
    pub revealed: bool,
    pub bag: u8,
    /// Each cup's limit outside the Final Battle ([`CUP_LIMIT`], more for a captain's ability).
    pub cup_limit: [u8; 6],
    pub coins: [u16; 6],
    pub progress: [u8; 6],
    pub ring: u8,
    /// Tile index at each space ([`NONE`] while the space is open).
    pub layout: [u8; 32],
    /// The tiles each captain holds face down during the setup (bit t: tile t).
    pub tiles_held: [u32; 6],
    /// Tiles dealt so far.
    pub tiles_dealt: u8,
    /// Who places a tile next.
    pub placer: Seat,
    /// The draft: its round (0 to 2), who has chosen, and each choice (hidden until all have chosen).
    pub draft_round: u8,
    pub drafted: SeatSet,
    pub draft_picks: [[Option<u8>; 3]; 6],
    pub token: Seat,
    pub clockwise: bool,
    /// Captains who bet in the Betting Phase of this round (the Phantom only when a player plays for it).
    pub in_phase: SeatSet,
    /// Cups that count in this Betting Phase: the bettors' and the Phantom's.
    pub counted: SeatSet,
    /// Captains who must miss the next Betting Phase.
    pub sit_out_next: SeatSet,
    /// The shake's next die: (seat, index).
    pub shake: (u8, u8),
    pub bids: BidLog,
    pub to_bet: Seat,
    pub showdown: Option<Showdown>,
    /// The Betting Phase's winner and who sails.
    pub winner: Option<Seat>,
    pub movers: SeatSet,
    pub sail: u8,
    pub cards: Cards,
    pub window: Window<Item>,
    pub gold_used: SeatSet,
    pub silver_used: SeatSet,
    pub rerolled: SeatSet,
    pub auto_pass: SeatSet,
    pub up: SeatSet,
    pub down: SeatSet,
    pub ward: SeatSet,
    /// Captains who have used their once-per-game ability.
    pub ability_used: SeatSet,
    /// Spyglass: (whose cup, how many dice) each captain looks into in the next Betting Phase, and in this one
    /// ([`NONE`] for nobody). The spy sees the first dice of that cup in cup order once the shake is over.
    pub spy_next: [(u8, u8); 6],
    pub spying: [(u8, u8); 6],
    pub run: Run,
    pub battle: Battle,
    /// The battle's dice now rolling are a new roll (rerolls offered after it), not paid rerolls.
    pub battle_main_roll: bool,
    pub offer: Offer,
    /// A loss waiting for its owner's choice of special die.
    pub loss: Option<Loss>,
    /// The Betting Phase's losers still to lose their crew (variant Dead Men Tell No Tales).
    pub losers_owing: SeatSet,
    /// Cards owed: (seat, how many), and why.
    pub draw: (Seat, u8),
    pub draw_cause: Cause,
    /// Catching up: the tied last ships, who committed, their offers, the distance.
    pub catch_tied: SeatSet,
    pub catch_committed: SeatSet,
    pub catch_offers: [u8; 6],
    /// Final Battle: claimants, crew, who prepared, battles fought.
    pub claimants: SeatSet,
    pub fb_crew: [u16; 6],
    pub prepared: SeatSet,
    /// Each claimant's preparation: special dice traded, dice bought.
    pub prepare: [(u8, u8); 6],
    pub battles: u8,
    /// Whether a safety stop (`max_rounds`, the Final Battle's battle limit) ended the game.
    pub stopped_by_limit: bool,
    pub winners: SeatSet,
}

impl State {
    pub fn seats(&self) -> usize {
        self.players as usize
    }

    /// Captains at the table, the Phantom included.
    pub fn captains(&self) -> usize {
        self.captains as usize
    }

    /// Every captain still in the game, the Phantom included.
    pub fn everyone(&self) -> SeatSet {
        SeatSet::first(self.captains()).minus(self.out)
    }

    /// Every player still in the game (the seats that decide).
    pub fn players_in(&self) -> SeatSet {
        SeatSet::first(self.seats()).minus(self.out)
    }

    /// The Phantom (Phantom mode).
    pub fn phantom(&self) -> Option<Seat> {
        (self.captains > self.players).then_some(Seat(self.players))
    }

    pub fn is_phantom(&self, seat: Seat) -> bool {
        self.phantom() == Some(seat)
    }

    /// The seat that decides for `captain`: itself, or for the Phantom the player standing in for it.
    pub fn controller(&self, captain: Seat) -> Option<Seat> {
        if !self.is_phantom(captain) {
            Some(captain)
        } else if self.proxy != NONE {
            Some(Seat(self.proxy))
        } else {
            None
        }
    }

    /// The seat after `seat` in the betting direction.
    pub fn next_in_direction(&self, seat: Seat) -> Seat {
        let n = self.captains;
        if self.clockwise {
            Seat((seat.0 + 1) % n)
        } else {
            Seat((seat.0 + n - 1) % n)
        }
    }

    /// The first seat of `set` from `from` (inclusive) in the betting direction.
    pub fn first_from(&self, set: SeatSet, from: Seat) -> Option<Seat> {
        let mut s = from;
        for _ in 0..self.captains {
            if set.contains(s) {
                return Some(s);
            }
            s = self.next_in_direction(s);
        }
        None
    }

    pub fn regular(&self, seat: Seat) -> u8 {
        self.cups.kinds_of(seat).iter().filter(|&&k| k == REGULAR).count() as u8
    }

    pub fn holds(&self, seat: Seat, kind: DieKind) -> bool {
        self.cups.kinds_of(seat).contains(&kind)
    }

    pub fn holder_of(&self, kind: DieKind) -> Option<Seat> {
        Seat::all(self.captains()).find(|&s| self.holds(s, kind))
    }

    /// Gains up to `n` regular dice from the bag (cup limit, bag limit); returns how many came.
    pub fn gain_crew(&mut self, seat: Seat, n: u8) -> u8 {
        let mut gained = 0;
        if self.out.contains(seat) {
            return 0;
        }
        while gained < n && self.bag > 0 && self.cups.count(seat) < self.cup_limit[seat.index()] {
            if !self.cups.gain(seat, 0) {
                break;
            }
            self.bag -= 1;
            gained += 1;
        }
        gained
    }

    /// Loses up to `n` crew keeping `keep` regular dice (1, or 0 under Instant Death): a special die instead of a
    /// regular one that must stay, the least useful first, never the Cursed Die unless the cup may empty (Instant
    /// Death takes it last); returns how many dice went.
    pub fn lose_crew(&mut self, seat: Seat, n: u8, keep: u8) -> u8 {
        let mut lost = 0;
        while lost < n {
            if self.ward.contains(seat) {
                self.ward.remove(seat);
                return lost;
            }
            let regular = self.regular(seat);
            let rank = |k: DieKind| -> Option<u8> {
                match k {
                    REGULAR if regular > keep => Some(9),
                    REGULAR => None,
                    k if k == Special::Cursed as u8 => (keep == 0).then_some(0),
                    k if k == Special::Ghost as u8 => Some(3),
                    k if k == Special::Mermaid as u8 => Some(2),
                    _ => Some(1),
                }
            };
            let before = self.cups.kinds_of(seat).iter().filter(|&&k| k == REGULAR).count();
            if self.cups.lose_ranked(seat, 1, rank) == 0 {
                break;
            }
            if self.regular(seat) as usize != before {
                self.bag += 1;
            }
            lost += 1;
        }
        lost
    }

    /// Removes `n` regular dice (a sacrifice that keeps at least one, checked by the caller).
    pub fn sacrifice(&mut self, seat: Seat, n: u8) {
        let lost = self.cups.lose_ranked(seat, n, |k| (k == REGULAR).then_some(1));
        self.bag += lost;
    }

    /// `seat` takes special die `kind` from the board or its holder; at the cup limit a regular die goes first.
    pub fn take_special(&mut self, seat: Seat, kind: DieKind) {
        if self.holds(seat, kind) || self.out.contains(seat) {
            return;
        }
        if let Some(holder) = self.holder_of(kind) {
            self.release(holder, kind);
        }
        if self.cups.count(seat) >= self.cup_limit[seat.index()] && self.regular(seat) > 0 {
            self.sacrifice(seat, 1);
        }
        self.cups.gain_kind(seat, kind, 0);
    }

    /// `seat` returns special die `kind` to the board, if it holds it.
    pub fn release(&mut self, seat: Seat, kind: DieKind) {
        if let Some(i) = self.cups.kinds_of(seat).iter().position(|&k| k == kind) {
            self.cups.remove(seat, i);
        }
    }

    /// The faces `seat` has seen by Spyglass this Betting Phase: whose cup, and its first dice.
    pub fn spied(&self, seat: Seat) -> Option<(Seat, &[u8])> {
        let (of, dice) = self.spying[seat.index()];
        if of == NONE || self.phase == Phase::Shake || !self.counted.contains(Seat(of)) {
            return None;
        }
        let cup = self.cups.dice_of(Seat(of));
        Some((Seat(of), &cup[..cup.len().min(dice as usize)]))
    }

    pub fn specials(&self, seat: Seat) -> u8 {
        self.cups.count(seat) - self.regular(seat)
    }

    /// The special dice a loss may take from `seat` once its regular dice may not go (`keep` of them must stay):
    /// any but the Cursed Die, and under Instant Death (`keep` 0) the Cursed Die when it is the last (ruling 76).
    /// Bit k: die kind k.
    pub fn sheddable(&self, seat: Seat, keep: u8) -> u8 {
        let held = self.cups.kinds_of(seat).iter().filter(|&&k| k != REGULAR).fold(0u8, |all, &k| all | 1 << k);
        let cursed = 1 << Special::Cursed as u8;
        match held & !cursed {
            0 if keep == 0 => held & cursed,
            others => others,
        }
    }
}
