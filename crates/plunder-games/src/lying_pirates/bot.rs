//! The `captain` bot: bets with the shared odds strategy; every other decision (cards, responses, buying,
//! passing the Cursed Die, its captain's ability, rerolls, picks, payments, the draft) is scored by one judge
//! that reads a card's or tile's effect program and values it from the bot's own view only.

use plunder_core::{Bot, Rng, Seat, Turn};

use super::content::{ActionDie, Group, Mark, Seek, Special, Timing, Who};
use super::{Action, LyingPirates, Metal, Node, Phase, Purpose, Question, View};
use crate::bidding::strategy::{choose, face_choices, Choice, Knowledge};
use crate::bidding::{raises_in, Bid};

/// Worths, in coins: a crew die is about two (the price of a die in the Final Battle), a card two (its price),
/// a tile of the race four (a round of sailing moves a ship about 1.1 tiles and is worth several coins and dice).
const COIN: f64 = 1.0;
const CREW: f64 = 2.0;
const CARD: f64 = 2.0;
const TILE: f64 = 4.0;
/// Missing a Betting Phase: no sailing that round.
const SIT_OUT: f64 = 4.0;
/// Coming home in the Sail Phase (or keeping a rival from it): the game.
const HOME: f64 = 40.0;
/// Seeing two dice of another cup in the next Betting Phase.
const SPY: f64 = 1.2;
/// Taking the Starting Captain Token: betting first.
const TOKEN: f64 = 0.5;
/// A rank on the Battle Die for a battle that matters (the movers' battle, a Final Battle), and otherwise.
const BATTLE_RANK: f64 = 1.0;
const FINAL_RANK: f64 = 3.0;
const IDLE_RANK: f64 = 0.2;
/// A ward outside the Final Battle protects only against this round's attacks.
const IDLE_WARD: f64 = 0.3;
/// The least a play, a purchase or an ability must be worth to be made now rather than kept.
const PLAY_AT: f64 = 0.5;
/// The least a response must save.
const ANSWER_AT: f64 = 1.0;
/// Coins kept back when buying (rerolls, payments, dice in the Final Battle).
const COIN_RESERVE: u16 = 2;
/// Cards in hand beyond which the bot stops buying.
const HAND_WANTED: usize = 3;
/// Regular dice kept when sacrificing crew (catching up, passing the Cursed Die).
const DICE_KEPT: u8 = 3;
/// Tiles from home within which some ship counts as near home: a Final Battle may come soon.
const NEAR_HOME: u8 = 3;
/// Tiles a catch-up move (one that stops behind the leading ship) is counted for in a later round.
const CATCH_UP_PLAN: i8 = 2;
/// A catch-up move that could go further waits until it gains this many tiles, unless some ship is near home.
const CATCH_UP_WAIT: i8 = 3;

#[derive(Debug)]
pub struct Captain {
    rng: Rng,
}

impl Captain {
    pub fn new(seed: u64) -> Captain {
        Captain { rng: Rng::seeded(seed) }
    }
}

/// When an effect is judged: it resolves in the window at hand, or (`Plan`) in some later Action Phase, for the
/// draft and for what keeping a card is worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum When {
    Sail,
    Action,
    Final,
    Plan,
}

/// Whose changes count: everyone's (a rival's loss is the bot's gain, by how dangerous the rival is), or only the
/// bot's own (what a response saves it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Counted {
    Everyone,
    OwnOnly,
}

/// The captains an effect has bound so far.
#[derive(Copy, Clone, Debug)]
struct Bound {
    by: Seat,
    target: Option<Seat>,
    winner: Option<Seat>,
    loser: Option<Seat>,
}

impl Bound {
    fn by(by: Seat, target: Option<Seat>) -> Bound {
        Bound { by, target, winner: None, loser: None }
    }

    fn who(&self, who: Who) -> Option<Seat> {
        match who {
            Who::Me => Some(self.by),
            Who::Target => self.target,
            Who::Winner => self.winner,
            Who::Loser => self.loser,
        }
    }
}

/// Values effects for `me` from its view: the expected change of coins, crew, cards, progress and dice it
/// brings, its own counted in full and each rival's against it.
struct Judge<'a> {
    game: &'a LyingPirates,
    v: &'a View,
    me: Seat,
    when: When,
    counted: Counted,
}

impl<'a> Judge<'a> {
    fn new(game: &'a LyingPirates, v: &'a View, me: Seat) -> Judge<'a> {
        let when = match v.phase {
            Phase::SailFirst | Phase::SailSecond | Phase::SailBattle | Phase::SailRoll => When::Sail,
            Phase::FinalPrepare | Phase::FinalWindow | Phase::FinalBattle => When::Final,
            Phase::Action | Phase::CatchUp => When::Action,
            _ => When::Plan,
        };
        Judge { game, v, me, when, counted: Counted::Everyone }
    }

    fn at(&self, when: When) -> Judge<'a> {
        Judge { when, ..*self }
    }

    fn own_only(&self) -> Judge<'a> {
        Judge { counted: Counted::OwnOnly, ..*self }
    }

    fn seats(&self) -> impl Iterator<Item = Seat> {
        Seat::all(self.v.progress.len())
    }

    fn progress(&self, s: Seat) -> i16 {
        self.v.progress[s.index()] as i16
    }

    fn ring(&self) -> i16 {
        self.v.ring as i16
    }

    fn specials(&self, s: Seat) -> &[u8] {
        self.v.specials.get(s.index()).map_or(&[], Vec::as_slice)
    }

    fn regular(&self, s: Seat) -> u8 {
        self.v.dice[s.index()].saturating_sub(self.specials(s).len() as u8)
    }

    /// Dice `s` may still gain (no limit in the Final Battle).
    fn room(&self, s: Seat) -> u8 {
        if self.when == When::Final {
            return u8::MAX;
        }
        self.game.abilities[s.index()].cup_limit.saturating_sub(self.v.dice[s.index()])
    }

    /// Crew `s` can lose: a captain keeps its last regular die (in the Final Battle, its crew count).
    fn losable(&self, s: Seat) -> u8 {
        match self.v.final_crew.get(s.index()) {
            Some(&crew) if self.when == When::Final => crew.min(u8::MAX as u16) as u8,
            _ => self.regular(s).saturating_sub(1),
        }
    }

    /// How much a loss of `s` is a gain to the bot: more for ships far round the ring, most for the leader.
    fn rival_weight(&self, s: Seat) -> f64 {
        let top = self.seats().filter(|&o| o != self.me).map(|o| self.progress(o)).max().unwrap_or(0);
        let lead = if self.progress(s) == top { 0.25 } else { 0.0 };
        0.25 + 0.5 * self.progress(s) as f64 / self.ring().max(1) as f64 + lead
    }

    /// A change worth `amount` to `s`, as worth to the bot.
    fn to(&self, s: Seat, amount: f64) -> f64 {
        if s == self.me {
            amount
        } else if self.counted == Counted::OwnOnly {
            0.0
        } else {
            -self.rival_weight(s) * amount
        }
    }

    fn holder(&self, die: Special) -> Option<Seat> {
        self.seats().find(|&s| self.specials(s).contains(&(die as u8)))
    }

    /// A special die in one's cup: each trades for 2 regular dice in the Final Battle; the Cursed Die spoils its
    /// holder's own bets until then.
    fn special_worth(&self, die: Special) -> f64 {
        match die {
            Special::PirateKing => 3.5,
            Special::Ghost => 2.5,
            Special::Mermaid => 2.0,
            Special::Cursed if self.late() => 0.0,
            Special::Cursed => -3.0,
        }
    }

    /// Some ship is near home: a Final Battle may come soon.
    fn late(&self) -> bool {
        self.seats().any(|s| self.progress(s) + NEAR_HOME as i16 >= self.ring())
    }

    fn alive_claimants(&self) -> Vec<Seat> {
        self.v
            .claimants
            .iter()
            .copied()
            .filter(|c| self.v.final_crew.get(c.index()).is_none_or(|&crew| crew > 0))
            .collect()
    }

    /// The captains of `group` for an effect of `by`, as the rules draw them.
    fn group(&self, group: Group, range: u8, b: &Bound) -> Vec<Seat> {
        let base: Vec<Seat> = if self.when == When::Final { self.alive_claimants() } else { self.seats().collect() };
        let p = |s: Seat| self.progress(s);
        let range = if self.when == When::Plan { i16::MAX } else { range as i16 };
        let mut set: Vec<Seat> = match group {
            Group::Others => base.into_iter().filter(|&o| o != b.by).collect(),
            Group::InRange => base.into_iter().filter(|&o| o != b.by && (p(o) - p(b.by)).abs() <= range).collect(),
            Group::Ahead => {
                base.into_iter().filter(|&o| o != b.by && p(o) > p(b.by) && p(o) - p(b.by) <= range).collect()
            }
            Group::Target => b.target.into_iter().collect(),
        };
        if self.when == When::Action {
            set.retain(|&o| o == b.by || p(o) != 0);
        }
        set
    }

    /// The chance that `a` beats `b` in a duel (ties reroll), their duel bonuses counted.
    fn duel_odds(&self, a: Seat, b: Seat) -> f64 {
        // Battle Die ranks 1 (Skull, 3 faces of 8), 2 (Single, 3), 3 (Double, 2).
        const FACES: [(i8, f64); 3] = [(1, 3.0 / 8.0), (2, 3.0 / 8.0), (3, 2.0 / 8.0)];
        let bonus = |s: Seat| self.game.abilities[s.index()].duel_bonus as i8;
        let (mut wins, mut ties) = (0.0, 0.0);
        for (ra, pa) in FACES {
            for (rb, pb) in FACES {
                let (ra, rb) = ((ra + bonus(a)).clamp(1, 3), (rb + bonus(b)).clamp(1, 3));
                if ra > rb {
                    wins += pa * pb;
                } else if ra == rb {
                    ties += pa * pb;
                }
            }
        }
        wins / (1.0 - ties)
    }

    /// What a rank more on `s`'s Battle Die is worth to `s` in the battles still to come this round.
    fn rank_worth(&self, s: Seat) -> f64 {
        match self.when {
            When::Final if self.v.claimants.contains(&s) => FINAL_RANK,
            When::Sail
                if self.v.phase == Phase::SailFirst && self.v.movers.len() >= 2 && self.v.movers.contains(&s) =>
            {
                BATTLE_RANK
            }
            _ => IDLE_RANK,
        }
    }

    /// The steps of a forward move of `s` that ends `gap` tiles behind the leading other ship, as the rules count
    /// them.
    fn steps_behind_leader(&self, s: Seat, steps: i8, gap: u8) -> i8 {
        let lead = self.seats().filter(|&o| o != s && !self.v.out.contains(&o)).map(|o| self.progress(o)).max();
        match lead {
            Some(lead) => (lead - gap as i16 - self.progress(s)).clamp(0, steps.max(0) as i16) as i8,
            None => steps,
        }
    }

    fn move_worth(&self, s: Seat, steps: i8) -> f64 {
        let (p, ring) = (self.progress(s), self.ring());
        let to = p + steps as i16;
        match self.when {
            // Coming home: the game, shared in a Final Battle with the ships already there.
            When::Sail if steps > 0 && p < ring && to >= ring => {
                let home = self.seats().filter(|&o| o != s && self.progress(o) >= ring).count();
                self.to(s, HOME / (home + 1) as f64)
            }
            When::Sail if steps < 0 && p >= ring => self.to(s, -HOME),
            When::Sail => self.to(s, (to.clamp(0, ring) - p) as f64 * TILE),
            // No effect puts a ship onto Start/End in the Action Phase: such a move is ignored.
            When::Action if to <= 0 || to >= ring => 0.0,
            When::Action | When::Plan => self.to(s, steps as f64 * TILE),
            When::Final => 0.0,
        }
    }

    fn crew_worth(&self, s: Seat, amount: i8) -> f64 {
        let changed = if amount > 0 { amount.min(self.room(s) as i8) } else { -(-amount).min(self.losable(s) as i8) };
        self.to(s, changed as f64 * CREW)
    }

    fn kids(&self, first: u16, len: u16) -> impl Iterator<Item = u16> + '_ {
        (0..len).map(move |i| self.game.content.kid(first, i))
    }

    /// The worth of effect `node` with the captains bound in `b`.
    fn node(&self, node: u16, b: Bound) -> f64 {
        let c = &self.game.content;
        let v = self.v;
        match c.node(node) {
            Node::Sequence { first, len } => self.kids(first, len).map(|k| self.node(k, b)).sum(),
            Node::Choose { chooser, first, len } => {
                let options = self.kids(first, len).map(|k| self.node(k, b));
                if b.who(chooser) == Some(self.me) {
                    options.fold(f64::MIN, f64::max)
                } else {
                    options.sum::<f64>() / len.max(1) as f64
                }
            }
            Node::Pay { who, coins, then } => match b.who(who) {
                Some(payer) if v.coins[payer.index()] >= coins as u16 => {
                    let paid = self.node(then, b) + self.to(payer, -(coins as f64) * COIN);
                    if payer == self.me {
                        paid.max(0.0)
                    } else {
                        paid
                    }
                }
                _ => 0.0,
            },
            Node::Roll { die, x, o, .. } => {
                let px = match die {
                    ActionDie::Pirate => 2.0 / 6.0,
                    ActionDie::Treasure => 3.0 / 6.0,
                };
                px * self.node(x, b) + (1.0 - px) * self.node(o, b)
            }
            Node::Battle { among, include_self, range, seek, then } => {
                let mut fighters = self.group(among, range, &b);
                if include_self && !fighters.contains(&b.by) {
                    fighters.push(b.by);
                }
                match fighters.as_slice() {
                    [] => 0.0,
                    &[one] => self.node(then, Bound { winner: Some(one), loser: Some(one), ..b }),
                    &[x, y] => {
                        let p = self.duel_odds(x, y);
                        let x_wins = Bound { winner: Some(x), loser: Some(y), ..b };
                        let y_wins = Bound { winner: Some(y), loser: Some(x), ..b };
                        p * self.node(then, x_wins) + (1.0 - p) * self.node(then, y_wins)
                    }
                    many => {
                        let each = many.iter().map(|&f| match seek {
                            Seek::Winner => self.node(then, Bound { winner: Some(f), ..b }),
                            Seek::Loser => self.node(then, Bound { loser: Some(f), ..b }),
                        });
                        each.sum::<f64>() / many.len() as f64
                    }
                }
            }
            Node::Pick { chooser, from, range, then } => {
                if b.target.is_some() {
                    return self.node(then, b);
                }
                let worths: Vec<f64> = self
                    .group(from, range, &b)
                    .into_iter()
                    .map(|t| self.node(then, Bound { target: Some(t), ..b }))
                    .collect();
                if worths.is_empty() {
                    0.0
                } else if b.who(chooser) == Some(self.me) {
                    worths.iter().copied().fold(f64::MIN, f64::max)
                } else {
                    worths.iter().sum::<f64>() / worths.len() as f64
                }
            }
            Node::Each { from, range, then } => {
                self.group(from, range, &b).into_iter().map(|t| self.node(then, Bound { target: Some(t), ..b })).sum()
            }
            Node::Coins { who, amount } => b.who(who).map_or(0.0, |s| {
                let lost = (-amount).max(0) as u16;
                let changed = if amount < 0 { -(lost.min(v.coins[s.index()]) as f64) } else { amount as f64 };
                self.to(s, changed * COIN)
            }),
            Node::TakeCoins { from, to, amount } => match (b.who(from), b.who(to)) {
                (Some(from), Some(to)) => {
                    let moved = (amount as u16).min(v.coins[from.index()]) as f64 * COIN;
                    self.to(to, moved) + self.to(from, -moved)
                }
                _ => 0.0,
            },
            Node::Crew { who, amount } => b.who(who).map_or(0.0, |s| self.crew_worth(s, amount)),
            Node::TakeCrew { from, to, amount } => match (b.who(from), b.who(to)) {
                (Some(from), Some(to)) => {
                    let lost = amount.min(self.losable(from));
                    let gained = lost.min(self.room(to));
                    self.to(from, -(lost as f64) * CREW) + self.to(to, gained as f64 * CREW)
                }
                _ => 0.0,
            },
            Node::SpecialDie { who, die } => match b.who(who) {
                Some(s) if self.holder(die) != Some(s) => {
                    let worth = self.special_worth(die);
                    let full = if self.room(s) == 0 { CREW } else { 0.0 };
                    self.to(s, worth - full) + self.holder(die).map_or(0.0, |h| self.to(h, -worth))
                }
                _ => 0.0,
            },
            Node::ReleaseSpecial { who, die } => match b.who(who) {
                Some(s) if self.holder(die) == Some(s) => self.to(s, -self.special_worth(die)),
                _ => 0.0,
            },
            Node::Move { who, steps, behind_leader } => b.who(who).map_or(0.0, |s| {
                let steps = match behind_leader {
                    // In a later round the ship may be anywhere: a catch-up move is worth a tile or two.
                    Some(_) if self.when == When::Plan => steps.min(CATCH_UP_PLAN),
                    Some(gap) => self.steps_behind_leader(s, steps, gap),
                    None => steps,
                };
                self.move_worth(s, steps)
            }),
            Node::Swap { who, with } => match (b.who(who), b.who(with)) {
                (Some(a), Some(t)) if self.when != When::Action || (self.progress(a) != 0 && self.progress(t) != 0) => {
                    let gap = (self.progress(t) - self.progress(a)) as f64 * TILE;
                    self.to(a, gap) + self.to(t, -gap)
                }
                _ => 0.0,
            },
            Node::Activate { who } => match b.who(who) {
                Some(s) => {
                    let tile = v.tiles[s.index()] as usize;
                    c.tiles.get(tile).map_or(0.0, |t| self.node(t.effect, Bound::by(s, None)))
                }
                None => 0.0,
            },
            Node::SitOut { who } => b.who(who).map_or(0.0, |s| self.to(s, -SIT_OUT)),
            Node::Cards { who, amount } if v.deck + v.discard > 0 => {
                b.who(who).map_or(0.0, |s| self.to(s, amount as f64 * CARD))
            }
            Node::Cards { .. } => 0.0,
            Node::TakeCard { from, to } => match (b.who(from), b.who(to)) {
                (Some(from), Some(to)) if v.hand_sizes[from.index()] > 0 => self.to(to, CARD) + self.to(from, -CARD),
                _ => 0.0,
            },
            Node::Token { take, .. } => match take.and_then(|w| b.who(w)) {
                Some(s) if v.token != s => self.to(s, TOKEN),
                _ => 0.0,
            },
            Node::Status { who, status, of, .. } => match (b.who(who), status) {
                (Some(s), Mark::BattleUp) => self.to(s, self.rank_worth(s)),
                (Some(s), Mark::BattleDown) => self.to(s, -self.rank_worth(s)),
                (Some(s), Mark::Ward) if self.when == When::Final => self.to(s, CREW),
                (Some(s), Mark::Ward) => self.to(s, IDLE_WARD),
                (Some(s), Mark::Spy) => match b.who(of) {
                    Some(o) if !v.sitting_out_next.contains(&o) => self.to(s, SPY),
                    _ => 0.0,
                },
                (None, _) => 0.0,
            },
            Node::Cancel { .. } | Node::Nothing => 0.0,
        }
    }

    /// A card played now by the bot on `target`.
    fn play(&self, card: u8, target: Option<Seat>) -> f64 {
        self.node(self.game.content.cards[card as usize].effect, Bound::by(self.me, target))
    }

    /// A card kind at its best target (responses and cards it cannot target now: nothing).
    fn best_play(&self, card: u8) -> f64 {
        let c = &self.game.content.cards[card as usize];
        if c.timing == Timing::Response {
            return 0.0;
        }
        match self.game.content.declared_pick(card) {
            Some(Node::Pick { from, range, .. }) => self
                .group(from, range, &Bound::by(self.me, None))
                .into_iter()
                .map(|t| self.play(card, Some(t)))
                .fold(0.0, f64::max),
            _ => self.play(card, None),
        }
    }

    /// Whether `card` is a long catch-up move of the bot's own ship that would gain less than [`CATCH_UP_WAIT`]
    /// tiles now, with no ship near home: the gap to the leader usually grows, so it waits.
    fn catch_up_waits(&self, card: u8) -> bool {
        let c = &self.game.content;
        let root = c.cards[card as usize].effect;
        let first = match c.node(root) {
            Node::Sequence { first, len } if len > 0 => c.node(c.kid(first, 0)),
            node => node,
        };
        match first {
            Node::Move { who: Who::Me, steps, behind_leader: Some(gap) } if steps > CATCH_UP_WAIT => {
                !self.late() && self.steps_behind_leader(self.me, steps, gap) < CATCH_UP_WAIT
            }
            _ => false,
        }
    }

    /// What answering the top card of the stack saves the bot (its own part of that card's effect).
    fn answer(&self) -> f64 {
        let Some(top) = self.v.stack.last() else { return 0.0 };
        let (Some(by), Some(card)) = (top.by, self.game.card_kind(&top.card)) else { return 0.0 };
        -self.own_only().node(self.game.content.cards[card as usize].effect, Bound::by(by, top.target))
    }

    /// The effect that asks the bot now (a pick, a choice, a payment): the card it is resolving, else the tile
    /// under its ship.
    fn asking(&self) -> Option<u16> {
        let c = &self.game.content;
        let mine = self.v.stack.last().filter(|top| top.by == Some(self.me));
        match mine.and_then(|top| self.game.card_kind(&top.card)) {
            Some(card) => Some(c.cards[card as usize].effect),
            None => c.tiles.get(self.v.tiles[self.me.index()] as usize).map(|t| t.effect),
        }
    }

    /// The first node of `root`'s effect (depth first) that `found` accepts.
    fn find(&self, root: u16, found: &impl Fn(Node) -> bool) -> Option<u16> {
        let node = self.game.content.node(root);
        if found(node) {
            return Some(root);
        }
        match node {
            Node::Sequence { first, len } | Node::Choose { first, len, .. } => {
                self.kids(first, len).find_map(|k| self.find(k, found))
            }
            Node::Pay { then, .. } | Node::Battle { then, .. } | Node::Pick { then, .. } | Node::Each { then, .. } => {
                self.find(then, found)
            }
            Node::Roll { x, o, .. } => self.find(x, found).or_else(|| self.find(o, found)),
            Node::Activate { who: Who::Me } => self.find(tile_effect(self, self.me), found),
            _ => None,
        }
    }
}

impl Bot<LyingPirates> for Captain {
    fn act(&mut self, turn: &Turn<'_, LyingPirates>) -> Action {
        let v = turn.view;
        let legal = turn.legal;
        let me = turn.seat;
        let has = |a: &Action| legal.contains(a);
        let judge = Judge::new(turn.game, v, me);
        if v.phase == Phase::Betting && v.question.is_none() {
            return self.bet(turn);
        }
        if has(&Action::Keep) {
            return if reroll_pays(&judge) { Action::Reroll } else { Action::Keep };
        }
        // A special die must go instead of the last regular one: the least worth keeping.
        let worth = |die: u8| Special::of_kind(die).map_or(0.0, |d| judge.special_worth(d));
        let shed = legal.iter().filter_map(|a| if let Action::LoseDie { die } = a { Some(*die) } else { None });
        if let Some(die) = shed.min_by(|&a, &b| worth(a).total_cmp(&worth(b))) {
            return Action::LoseDie { die };
        }
        let candidates: Vec<Seat> =
            legal.iter().filter_map(|a| if let Action::Pick { seat } = a { Some(*seat) } else { None }).collect();
        // Picking for the Phantom (standing in for it), the bot never picks itself.
        let others: Vec<Seat> = candidates.iter().copied().filter(|&s| s != me).collect();
        if !others.is_empty() {
            return Action::Pick { seat: pick(&judge, &others, &mut self.rng) };
        }
        if let Some(&only) = candidates.first() {
            return Action::Pick { seat: only };
        }
        if has(&Action::Pay) {
            return if payment_pays(&judge) { Action::Pay } else { Action::Decline };
        }
        let options = legal.iter().filter(|a| matches!(a, Action::Choose { .. })).count();
        if options > 0 {
            return Action::Choose { option: choice(&judge, options as u8) };
        }
        if let Some(most) =
            legal.iter().filter_map(|a| if let Action::CatchUp { tiles } = a { Some(*tiles) } else { None }).max()
        {
            // A tile is worth two dice; keep enough dice to bet with.
            let spare = judge.regular(me).saturating_sub(DICE_KEPT);
            return Action::CatchUp { tiles: most.min(spare) };
        }
        if let Some(&best) = legal.iter().filter(|a| matches!(a, Action::Prepare { .. })).max_by_key(|a| match a {
            // Coins and special dice are worth nothing after the Final Battle: everything becomes crew.
            Action::Prepare { trade, buy } => (*trade, *buy),
            _ => (0, 0),
        }) {
            return best;
        }
        if legal.iter().any(|a| matches!(a, Action::Draft { .. })) {
            return draft(&judge, legal);
        }
        if legal.iter().any(|a| matches!(a, Action::Place { .. })) {
            return legal[self.rng.index(legal.len())];
        }
        if has(&Action::Pass) {
            return window(turn, &judge, &mut self.rng);
        }
        legal[self.rng.index(legal.len())]
    }
}

impl Captain {
    fn bet(&mut self, turn: &Turn<'_, LyingPirates>) -> Action {
        let v = turn.view;
        let legal = turn.legal;
        let total: u32 = v.counted.iter().map(|s| v.dice[s.index()] as u32).sum();
        // Betting for the Phantom, its cup is the bot's own. Dice seen by Spyglass count as known too.
        let betting_for = v.to_bet.unwrap_or(turn.seat);
        let mut known = if betting_for == turn.seat { v.my_dice.clone() } else { v.phantom_dice.clone() };
        if let Some(spied) = v.spied.as_ref().filter(|spied| spied.seat != betting_for) {
            known.extend_from_slice(&spied.faces);
        }
        let mine = known.len() as u32;
        let latest = face_choices(&v.bids, betting_for);
        let k = Knowledge {
            rules: &turn.game.rules,
            my_dice: &known,
            unseen: total.saturating_sub(mine),
            last: v.bids.last().map(|b| b.bid),
            others_latest: &latest,
            exact_worth: 1.5,
        };
        let raises = raises_in(legal);
        match choose(&k, &raises, true, &mut self.rng) {
            Choice::Raise(b) => Action::Bet { quantity: b.quantity, face: b.face },
            Choice::Liar if legal.contains(&Action::Liar) => Action::Liar,
            Choice::Exact => {
                let Bid { quantity, face } = k.last.unwrap_or(Bid { quantity: 1, face: 2 });
                Action::Exact { quantity, face }
            }
            _ => legal[0],
        }
    }
}

/// A window: answer what hurts, else make the best play, purchase, ability or curse pass worth making now.
fn window(turn: &Turn<'_, LyingPirates>, judge: &Judge<'_>, rng: &mut Rng) -> Action {
    let (v, me, game) = (turn.view, turn.seat, turn.game);
    if !v.stack.is_empty() {
        let saved = judge.answer();
        let answer = turn.legal.iter().find(|a| matches!(a, Action::Play { .. }));
        return match answer {
            Some(&a) if saved >= ANSWER_AT => a,
            _ => Action::Pass,
        };
    }
    // A gold card played in the Sail Phase spends the round's gold play: it must beat every gold card in hand
    // played in the Action Phase instead (itself included).
    let later = judge.at(When::Action);
    let best_later_gold = v
        .hand
        .iter()
        .filter(|&&c| game.content.cards[c as usize].metal == Metal::Gold)
        .map(|&c| later.best_play(c))
        .fold(0.0, f64::max);
    let mut best: Option<(f64, Action)> = None;
    let mut ties = 0;
    for &a in turn.legal {
        let worth = match a {
            Action::Play { card, target } => {
                let worth = judge.play(card, target);
                let gold = game.content.cards[card as usize].metal == Metal::Gold;
                if judge.when == When::Sail && gold && worth <= best_later_gold {
                    continue;
                }
                if judge.catch_up_waits(card) {
                    continue;
                }
                worth
            }
            Action::Buy if judge.when == When::Action && v.hand.len() < HAND_WANTED => {
                let price = game.card_price(me);
                if v.coins[me.index()] < price + COIN_RESERVE {
                    continue;
                }
                let empty_hand = if v.hand.is_empty() { PLAY_AT } else { 0.0 };
                CARD + empty_hand - price as f64 * COIN
            }
            Action::Ability => {
                let worth = judge.move_worth(me, game.abilities[me.index()].once_move);
                // Offered only while the bot's ship is last: taken at once, since the chance may not come again.
                if worth <= 0.0 {
                    continue;
                }
                worth
            }
            Action::PassCurse { to } => {
                let cost = game.abilities[me.index()].curse_pass_cost;
                if judge.when != When::Action || judge.regular(me) < cost + DICE_KEPT {
                    continue;
                }
                let curse = judge.special_worth(Special::Cursed);
                -curse + judge.to(to, curse) - cost as f64 * CREW
            }
            _ => continue,
        };
        if worth >= PLAY_AT {
            best = better(best, (worth, a), &mut ties, rng);
        }
    }
    if let Some((_, a)) = best {
        return a;
    }
    // Auto-pass only with no answer in hand: an auto-pass would let every attack through this phase.
    let can_answer = v.hand.iter().any(|&c| game.content.cards[c as usize].timing == Timing::Response);
    if !can_answer && turn.legal.contains(&Action::AutoPass) {
        Action::AutoPass
    } else {
        Action::Pass
    }
}

/// Whether the die just rolled is worth its reroll price.
fn reroll_pays(judge: &Judge<'_>) -> bool {
    let (v, me, game) = (judge.v, judge.me, judge.game);
    let decisive = match &v.question {
        Some(Question::Reroll { die, .. }) if die == "sail" => true,
        Some(Question::Reroll { die, .. }) if die == "battle" => {
            v.battle.as_ref().is_some_and(|b| b.purpose == Purpose::Final)
        }
        _ => false,
    };
    let price = game.abilities[me.index()].reroll_price(decisive);
    if v.coins[me.index()] < price {
        return false;
    }
    let spare = v.coins[me.index()] - price;
    match &v.question {
        Some(Question::Reroll { die, .. }) if die == "sail" => {
            // A 1 would take the winner a tile less (and maybe short of home).
            let home_on_two = v.progress[me.index()] + 2 >= v.ring && v.progress[me.index()] + 1 < v.ring;
            v.sail == 1 && (price == 0 || home_on_two || spare >= 2)
        }
        Some(Question::Reroll { die, .. }) if die == "battle" => {
            let Some(battle) = &v.battle else { return false };
            let face = |s: Seat| battle.faces[s.index()];
            let others = battle.contenders.iter().copied().filter(|&s| s != me);
            let losing = match battle.purpose {
                // A Skull loses a crewmate in the Final Battle, whatever the others rolled.
                Purpose::Final => face(me) == 1 || others.clone().all(|s| face(s) > face(me)),
                _ if battle.seek_winner => others.clone().any(|s| face(s) > face(me)),
                _ => others.clone().all(|s| face(s) > face(me)),
            };
            let stake = match battle.purpose {
                Purpose::Tile => judge.node(tile_effect(judge, me), Bound::by(me, None)),
                // Losing the Phantom's pick means being hit by its card: about a crewmate, like an effect's battle.
                Purpose::Effect | Purpose::Pick | Purpose::Final => CREW,
            };
            losing && stake > price as f64 * COIN
        }
        // The Action Die's face is not in the view: keep it.
        _ => false,
    }
}

fn tile_effect(judge: &Judge<'_>, s: Seat) -> u16 {
    let tiles = &judge.game.content.tiles;
    tiles.get(judge.v.tiles[s.index()] as usize).map_or(0, |t| t.effect)
}

/// The candidate the asking effect's pick is best aimed at (the most dangerous rival when nothing is known).
fn pick(judge: &Judge<'_>, candidates: &[Seat], rng: &mut Rng) -> Seat {
    let picking = judge.asking().and_then(|root| judge.find(root, &|n| matches!(n, Node::Pick { .. })));
    let worth = |t: Seat| match picking.map(|n| judge.game.content.node(n)) {
        Some(Node::Pick { then, .. }) => judge.node(then, Bound::by(judge.me, Some(t))),
        _ => judge.rival_weight(t),
    };
    let mut best = None;
    let mut ties = 0;
    for &t in candidates {
        best = better(best, (worth(t), t), &mut ties, rng);
    }
    best.map_or(candidates[0], |(_, t)| t)
}

/// The better of the best so far and `next` by worth, equal worths (within rounding) drawn uniformly at random
/// (`ties` counts the equals seen). Ties once went to the first in seat order: the captain bots then aimed every
/// attack between equal rivals at the lowest seat, and four of them won 18.8%, 23.5%, 27.2%, 30.6% by seat.
fn better<T>(best: Option<(f64, T)>, next: (f64, T), ties: &mut u32, rng: &mut Rng) -> Option<(f64, T)> {
    const SAME: f64 = 1e-9;
    match best {
        Some((b, _)) if next.0 < b - SAME => best,
        Some((b, kept)) if next.0 <= b + SAME => {
            *ties += 1;
            if rng.below(*ties + 1) == 0 {
                Some((b, next.1))
            } else {
                Some((b, kept))
            }
        }
        _ => {
            *ties = 0;
            Some(next)
        }
    }
}

/// Whether the payment asked for brings more than its coins.
fn payment_pays(judge: &Judge<'_>) -> bool {
    let paying = judge.asking().and_then(|root| judge.find(root, &|n| matches!(n, Node::Pay { who: Who::Me, .. })));
    match paying.map(|n| judge.game.content.node(n)) {
        Some(Node::Pay { then, coins, .. }) => judge.node(then, Bound::by(judge.me, None)) > coins as f64 * COIN,
        _ => false,
    }
}

/// The best option of the asking effect's choice (the first when it is not known).
fn choice(judge: &Judge<'_>, options: u8) -> u8 {
    let choosing = judge.asking().and_then(|root| judge.find(root, &|n| matches!(n, Node::Choose { .. })));
    let Some(Node::Choose { first, len, .. }) = choosing.map(|n| judge.game.content.node(n)) else { return 0 };
    let mut best = (0, f64::MIN);
    for (i, kid) in judge.kids(first, len.min(options as u16)).enumerate() {
        let worth = judge.node(kid, Bound::by(judge.me, None));
        if worth > best.1 {
            best = (i as u8, worth);
        }
    }
    best.0
}

/// The draft: pass on the cards worth least in a later round.
fn draft(judge: &Judge<'_>, legal: &[Action]) -> Action {
    let plan = judge.at(When::Plan);
    let worth = |cards: &[Option<u8>; 3]| {
        cards.iter().flatten().map(|&c| plan.best_play(c) + answer_worth(judge, c)).sum::<f64>()
    };
    let mut best = (legal[0], f64::MAX);
    for &a in legal {
        if let Action::Draft { cards } = a {
            let passed = worth(&cards);
            if passed < best.1 {
                best = (a, passed);
            }
        }
    }
    best.0
}

/// A response card's worth in hand: it saves about what a typical attack takes.
fn answer_worth(judge: &Judge<'_>, card: u8) -> f64 {
    if judge.game.content.cards[card as usize].timing == Timing::Response {
        TILE / 2.0
    } else {
        0.0
    }
}
