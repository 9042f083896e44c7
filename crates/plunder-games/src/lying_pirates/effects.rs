//! The effect interpreter: a tile's or card's program run frame by frame, stopping for chance (Action Dice, card
//! thefts), choices (picks, options, payments) and battles.

use plunder_core::{Seat, SeatSet, Teller};

use super::content::{Group, Mark, Node, Seek, Who};
use super::event::{Cause, Event, Stay};
use super::state::*;
use super::LyingPirates;

impl LyingPirates {
    /// The seat `who` names in `bind`, if bound.
    pub(crate) fn resolve(&self, who: Who, bind: Bind) -> Option<Seat> {
        let v = match who {
            Who::Me => bind.me,
            Who::Target => bind.target,
            Who::Winner => bind.winner,
            Who::Loser => bind.loser,
        };
        (v != NONE).then_some(Seat(v))
    }

    /// The captains of `group` for an effect of `bind.me`, started by `starter`: in the Final Battle only the
    /// claimants still in; in the Action Phase ships on Start/End are left out unless they started it. Apart, those
    /// left out only for their ship on Start/End (told, so that nobody wonders why they were spared).
    pub(crate) fn group(
        &self,
        s: &State,
        group: Group,
        range: u8,
        bind: Bind,
        starter: Seat,
        immune: SeatSet,
    ) -> (SeatSet, SeatSet) {
        let me = Seat(bind.me);
        let base = if self.final_phase(s) { self.alive_claimants(s) } else { s.everyone() };
        let p = |x: Seat| s.progress[x.index()] as i16;
        let mut set: SeatSet = match group {
            Group::Others => base.minus(SeatSet::only(me)),
            Group::InRange => base.iter().filter(|&o| o != me && (p(o) - p(me)).abs() <= range as i16).collect(),
            Group::Ahead => base.iter().filter(|&o| o != me && p(o) > p(me) && p(o) - p(me) <= range as i16).collect(),
            Group::Target => match self.resolve(Who::Target, bind) {
                Some(t) => SeatSet::only(t),
                None => SeatSet::EMPTY,
            },
        };
        set = set.minus(immune);
        let mut sheltered = SeatSet::EMPTY;
        if self.action_phase(s) {
            sheltered = set.iter().filter(|&o| o != starter && s.progress[o.index()] == 0).collect();
            set = set.minus(sheltered);
        }
        (set, sheltered)
    }

    /// Changes `seat`'s crew by `amount` (in the Final Battle, its count of crew); returns the crew gained, or in
    /// the Final Battle lost (a loss outside it may wait for its owner's choice of special die).
    fn crew<T: Teller<Event>>(&self, s: &mut State, seat: Seat, amount: i8, told: &mut T) -> u8 {
        let cause = s.run.source;
        if self.final_phase(s) {
            if amount < 0 && s.ward.contains(seat) {
                s.ward.remove(seat);
                told.public(|| Event::Warded { seat });
                return 0;
            }
            let c = &mut s.fb_crew[seat.index()];
            let change = if amount >= 0 {
                *c += amount as u16;
                amount as u16
            } else {
                let lost = (amount.unsigned_abs() as u16).min(*c);
                *c -= lost;
                lost
            };
            let crew = *c;
            let signed = if amount >= 0 { change as i16 } else { -(change as i16) };
            if change > 0 {
                told.public(|| Event::FinalCrew { seat, change: signed, crew, cause });
            } else if amount < 0 {
                told.public(|| Event::NoCrewToLose { seat, cause });
            }
            return change as u8;
        }
        if amount >= 0 {
            self.gain(s, seat, amount as u8, cause, told)
        } else {
            self.lose(s, seat, amount.unsigned_abs(), None, cause, told);
            0
        }
    }

    /// Runs the effect until it waits (true) or ends (false).
    pub(crate) fn run_step<T: Teller<Event>>(&self, s: &mut State, told: &mut T) -> bool {
        loop {
            if s.run.wait != Wait::Nothing
                || s.battle.active
                || s.draw.1 > 0
                || s.offer != Offer::Nothing
                || s.loss.is_some()
            {
                return true;
            }
            if !s.run.active() {
                return false;
            }
            let frame = *s.run.top();
            let bind = frame.bind;
            let starter = Seat(s.run.starter);
            let immune = s.run.immune;
            let out = s.out;
            // A captain out of the game (Instant Death) is asked and given nothing more.
            let seat_of = |who: Who| self.resolve(who, bind).filter(|p| !out.contains(*p));
            // The Phantom's own choices follow its defaults unless a player stands in for it (rulings 42, 70).
            let unled_phantom = s.phantom().filter(|_| s.proxy == NONE);
            let defaults = |who: Seat| unled_phantom == Some(who);
            match self.content.node(frame.node) {
                Node::Sequence { first, len } => {
                    if (frame.step as u16) < len {
                        s.run.top().step += 1;
                        s.run.push(self.content.kid(first, frame.step as u16), bind);
                    } else {
                        s.run.pop();
                    }
                }
                Node::Choose { chooser, first, len } => match seat_of(chooser) {
                    Some(c) if defaults(c) => {
                        let cause = s.run.source;
                        told.public(|| Event::Chose { seat: c, option: 0, step: frame.node, cause });
                        s.run.replace(self.content.kid(first, 0))
                    }
                    Some(c) => s.run.wait = Wait::Choose { chooser: c, options: len as u8 },
                    None => s.run.pop(),
                },
                Node::Pay { who, coins, .. } => match seat_of(who) {
                    Some(w) if !defaults(w) && s.coins[w.index()] >= coins as u16 => {
                        s.run.wait = Wait::Pay { who: w, coins }
                    }
                    Some(w) if !defaults(w) => {
                        let (cause, has) = (s.run.source, s.coins[w.index()]);
                        told.public(|| Event::CannotPay { seat: w, coins, has, cause });
                        s.run.pop()
                    }
                    Some(w) => {
                        let cause = s.run.source;
                        told.public(|| Event::PhantomDeclines { seat: w, coins, cause });
                        s.run.pop()
                    }
                    None => s.run.pop(),
                },
                Node::Roll { die, roller, x, o } => match (seat_of(roller), frame.step) {
                    (Some(r), 0) => s.run.wait = Wait::Die { die, roller: r },
                    (Some(r), _) => {
                        let x_rolled = frame.val == 1;
                        let branch = if x_rolled { x } else { o };
                        if self.content.node(branch) == Node::Nothing {
                            let cause = s.run.source;
                            told.public(|| Event::Unharmed { seat: r, x: x_rolled, cause });
                        }
                        s.run.replace(branch)
                    }
                    (None, _) => s.run.pop(),
                },
                Node::Battle { among, include_self, range, seek, .. } => {
                    let (mut contenders, sheltered) = self.group(s, among, range, bind, starter, immune);
                    if include_self {
                        contenders.insert(Seat(bind.me));
                    }
                    self.start_battle(s, contenders, sheltered, seek, Purpose::Effect, told);
                }
                Node::Pick { chooser, from, range, then } => {
                    let (candidates, _) = self.group(s, from, range, bind, starter, immune);
                    let Some(c) = seat_of(chooser) else {
                        s.run.pop();
                        continue;
                    };
                    if candidates.is_empty() {
                        s.run.pop();
                    } else if s.run.declared != NONE && chooser == Who::Me {
                        let declared = Seat(s.run.declared);
                        s.run.declared = NONE;
                        if candidates.contains(declared) {
                            // Told once: "P1's Tow Line resolves on P4" already names the declared target.
                            s.run.top().bind.target = declared.0;
                            s.run.replace(then);
                        } else {
                            s.run.pop();
                        }
                    } else if candidates.len() == 1 {
                        let only = candidates.lowest().unwrap_or(c);
                        s.run.top().bind.target = only.0;
                        let cause = s.run.source;
                        told.public(|| Event::Picked { chooser: c, seat: only, cause });
                        s.run.replace(then);
                    } else if defaults(c) {
                        // The rulebook's one rule for the Phantom's cards: the candidates duel, the loser is hit.
                        self.start_battle(s, candidates, SeatSet::EMPTY, Seek::Loser, Purpose::Pick, told);
                    } else {
                        s.run.wait = Wait::Pick { chooser: c, candidates };
                    }
                }
                Node::Each { from, range, then } => {
                    if frame.step == 0 {
                        let (group, _) = self.group(s, from, range, bind, starter, immune);
                        let top = s.run.top();
                        top.group = group;
                        top.step = 1;
                    }
                    let group = s.run.top().group;
                    match s.first_from(group, Seat(bind.me)) {
                        Some(next) => {
                            s.run.top().group.remove(next);
                            s.run.push(then, Bind { target: next.0, ..bind });
                        }
                        None => s.run.pop(),
                    }
                }
                leaf => {
                    self.apply_leaf(s, leaf, bind, told);
                    if s.run.wait == Wait::Nothing && s.run.active() && s.run.top().node == frame.node {
                        s.run.pop();
                    }
                }
            }
        }
    }

    /// A step that needs nothing more (or starts a chance event, for a card theft).
    fn apply_leaf<T: Teller<Event>>(&self, s: &mut State, node: Node, bind: Bind, told: &mut T) {
        let cause = s.run.source;
        let out = s.out;
        let seat = |who: Who| self.resolve(who, bind).filter(|p| !out.contains(*p));
        match node {
            Node::Coins { who, amount } => {
                if let Some(w) = seat(who) {
                    let c = &mut s.coins[w.index()];
                    let before = *c;
                    *c = (*c as i32 + amount as i32).max(0) as u16;
                    let now = *c;
                    if now != before {
                        told.public(|| Event::Coins { seat: w, change: now as i16 - before as i16, now, cause });
                    } else if amount < 0 {
                        told.public(|| Event::NoCoinsToLose { seat: w, cause });
                    }
                }
            }
            Node::TakeCoins { from, to, amount } => {
                if let (Some(f), Some(t)) = (seat(from), seat(to)) {
                    let moved = s.coins[f.index()].min(amount as u16);
                    s.coins[f.index()] -= moved;
                    s.coins[t.index()] += moved;
                    if moved > 0 {
                        told.public(|| Event::CoinsTaken { from: f, to: t, coins: moved, cause });
                    } else if amount > 0 {
                        told.public(|| Event::NoCoinsToLose { seat: f, cause });
                    }
                }
            }
            Node::Crew { who, amount } => {
                if let Some(w) = seat(who) {
                    self.crew(s, w, amount, told);
                }
            }
            Node::TakeCrew { from, to, amount } => {
                if let (Some(f), Some(t)) = (seat(from), seat(to)) {
                    if self.final_phase(s) {
                        let lost = self.crew(s, f, -(amount as i8), told);
                        self.crew(s, t, lost as i8, told);
                    } else {
                        // The thief gains once the loss is over (its owner may have a die to choose).
                        self.lose(s, f, amount, Some(t), cause, told);
                    }
                }
            }
            Node::SpecialDie { who, die } => {
                if let Some(w) = seat(who) {
                    self.take_special(s, w, die as u8, cause, told);
                }
            }
            Node::ReleaseSpecial { who, die } => {
                if let Some(w) = seat(who).filter(|&w| s.holds(w, die as u8)) {
                    s.release(w, die as u8);
                    told.public(|| Event::SpecialReturned { seat: w, die: die as u8, cause });
                }
            }
            Node::Move { who, steps, behind_leader } => {
                if let Some(w) = seat(who) {
                    let wanted = steps;
                    let steps = match behind_leader {
                        Some(gap) => self.steps_behind_leader(s, w, steps, gap),
                        None => steps,
                    };
                    if steps != 0 {
                        self.sail_ship(s, w, steps, cause, told);
                    } else if wanted != 0 {
                        let (at, tile) = (s.progress[w.index()], self.tile_under(s, w));
                        told.public(|| Event::Stayed { seat: w, at, tile, cause, why: Stay::Leading });
                    }
                }
            }
            Node::Swap { who, with } => {
                if let (Some(a), Some(b)) = (seat(who), seat(with)) {
                    let (pa, pb) = (s.progress[a.index()], s.progress[b.index()]);
                    let onto_end = |p: u8| p == 0 || p == s.ring;
                    if !(self.action_phase(s) && (onto_end(pa) || onto_end(pb))) {
                        s.progress[a.index()] = pb;
                        s.progress[b.index()] = pa;
                        told.public(|| Event::Swapped { seat: a, with: b, cause });
                    }
                }
            }
            Node::Activate { who } => {
                if let Some((w, tile)) = seat(who).and_then(|w| Some((w, self.tile_under(s, w)?))) {
                    told.public(|| Event::TileEvent { seat: w, tile });
                    s.run.replace(self.content.tiles[tile as usize].effect);
                    s.run.top().bind = Bind::of(w);
                    s.run.source = Cause::Tile(tile);
                }
            }
            Node::SitOut { who } => {
                if let Some(w) = seat(who) {
                    s.sit_out_next.insert(w);
                    told.public(|| Event::MissesBetting { seat: w, cause });
                }
            }
            Node::Cards { who, amount } => {
                if let Some(w) = seat(who) {
                    s.draw = (w, amount);
                    s.draw_cause = cause;
                }
            }
            Node::TakeCard { from, to } => {
                if let (Some(f), Some(t)) = (seat(from), seat(to)) {
                    if s.cards.count(hand(f)) > 0 {
                        s.run.wait = Wait::Steal { from: f, to: t };
                    }
                }
            }
            Node::Token { take, flip } => {
                if let Some(w) = take.and_then(seat) {
                    s.token = w;
                    told.public(|| Event::TokenTaken { seat: w, cause });
                }
                if flip {
                    s.clockwise = !s.clockwise;
                    told.public(|| Event::DirectionFlipped { clockwise: s.clockwise, cause });
                }
            }
            Node::Status { who, status, of, dice } => {
                if let Some(w) = seat(who) {
                    let spied = if status == Mark::Spy { seat(of) } else { None };
                    match status {
                        Mark::BattleUp => s.up.insert(w),
                        Mark::BattleDown => s.down.insert(w),
                        Mark::Ward => s.ward.insert(w),
                        Mark::Spy => {
                            if let Some(o) = spied {
                                s.spy_next[w.index()] = (o.0, dice);
                            }
                        }
                    }
                    told.public(|| Event::Marked { seat: w, mark: status, of: spied, cause });
                }
            }
            _ => {}
        }
    }
}
