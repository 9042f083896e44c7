//! Resolving the stack's top item: movement rolls, battles, cards and captains' abilities, their targets and
//! conditions, checked again as they resolve.

use plunder_core::priority::Entry;
use plunder_core::{Seat, SeatSet, Teller};

use super::*;

impl State {
    pub(super) fn resolve<T: Teller<Event>>(&mut self, game: &PiratesFlag, entry: Entry<Item>, told: &mut T) {
        let item = entry.item;
        match item.kind {
            ItemKind::RollResult => {
                let _ = self.window.resolved();
            }
            ItemKind::MovementRoll { seat, escape } => match item.stage {
                0 => {
                    let mods = self.take_mods(seat, Scope::Movement);
                    let dice = if escape || self.first_taker.is_some() { 1 } else { 2 };
                    self.start_rolls(&[Roll::new(seat, dice + mods.extra, mods)]);
                    self.set_stage(1);
                }
                1 => {
                    self.set_stage(2);
                    self.open_roll_result(game);
                }
                2 => {
                    let roll = self.rolls.rolls[0];
                    self.rolls.count = 0;
                    self.set_stage(3);
                    self.start_move(game, seat, roll.value(), roll.mods.dir, false, None);
                }
                _ => {
                    let _ = self.window.resolved();
                }
            },
            ItemKind::Battle { attacker, defender, ranged, ties } => {
                let valid = |s: &State| {
                    s.carries(defender)
                        && s.distance(attacker, defender).is_some_and(|d| d <= if ranged { 2 } else { 0 })
                };
                match item.stage {
                    0 => {
                        if !valid(self) {
                            let _ = self.window.resolved();
                            told.public(|| Event::BattleCalledOff { attacker, defender });
                            return;
                        }
                        let a = self.take_mods(attacker, Scope::Battle);
                        let d = self.take_mods(defender, Scope::Battle);
                        self.start_rolls(&[Roll::new(attacker, 1, a), Roll::new(defender, 1, d)]);
                        self.set_stage(1);
                    }
                    1 => {
                        self.set_stage(2);
                        self.open_roll_result(game);
                    }
                    _ => {
                        let (a, d) = (self.rolls.rolls[0].value(), self.rolls.rolls[1].value());
                        self.rolls.count = 0;
                        let _ = self.window.resolved();
                        if !valid(self) {
                            told.public(|| Event::BattleCalledOff { attacker, defender });
                            return;
                        }
                        let (attack, defence) = (a, d);
                        if a > d {
                            // "You may roll again to escape": the winner chooses at once (`take_escape`).
                            self.flag = Flag::Carried { seat: attacker };
                            self.escape = Some(attacker);
                            told.public(|| Event::BattleWon { attacker, defender, attack, defence });
                        } else if a == d {
                            let last = ties + 1 >= MAX_TIES;
                            told.public(|| Event::BattleTied { attacker, defender, value: a, last });
                            if !last {
                                let id = self.new_id();
                                let again = ItemKind::Battle { attacker, defender, ranged, ties: ties + 1 };
                                let _ = self.window.push(Item { id, kind: again, stage: 0 });
                            }
                        } else {
                            told.public(|| Event::BattleLost { attacker, defender, attack, defence });
                        }
                    }
                }
            }
            ItemKind::Card { card, captain, target, choice, mirrored } => {
                let by = entry.by.unwrap_or(self.active);
                let entry = game.entry(captain, card);
                let card = CardRef { card, captain };
                self.resolve_card(
                    game,
                    by,
                    card,
                    &entry.effect,
                    entry.target,
                    target,
                    choice,
                    mirrored,
                    item.stage,
                    told,
                );
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn resolve_card<T: Teller<Event>>(
        &mut self,
        game: &PiratesFlag,
        by: Seat,
        card: CardRef,
        effect: &Effect,
        spec: TargetSpec,
        target: Target,
        choice: u8,
        mirrored: bool,
        stage: u8,
        told: &mut T,
    ) {
        if stage == 0 && !self.target_ok(game, by, spec, target, mirrored) {
            let _ = self.window.resolved();
            told.public(|| Event::Fizzled { seat: by, card });
            return;
        }
        let seat = match target {
            Target::Seat { seat } => seat,
            _ => by,
        };
        match effect {
            Effect::MoveOwn { steps, up_to, direction } => {
                if stage == 0 {
                    let n = if *up_to { choice.clamp(1, *steps) } else { *steps };
                    let forced = match direction {
                        OwnDir::Sea => Some(Dir::Sea),
                        OwnDir::Far => Some(Dir::Far),
                        _ => None,
                    };
                    self.set_stage(1);
                    self.start_move(game, by, n, forced, *direction == OwnDir::TowardFlag, Some(card));
                } else {
                    let _ = self.window.resolved();
                }
            }
            Effect::MovementRoll { dice, direction } => match stage {
                0 => {
                    let mods = self.take_mods(by, Scope::Movement);
                    self.start_rolls(&[Roll::new(by, dice + mods.extra, mods)]);
                    self.set_stage(1);
                }
                1 => {
                    self.set_stage(2);
                    self.open_roll_result(game);
                }
                2 => {
                    let roll = self.rolls.rolls[0];
                    self.rolls.count = 0;
                    self.set_stage(3);
                    self.start_move(game, by, roll.value(), direction.or(roll.mods.dir), false, Some(card));
                }
                _ => {
                    let _ = self.window.resolved();
                }
            },
            Effect::RollCheck { roller, test, then, otherwise } => match stage {
                0 => {
                    let roller = if *roller == Taker::You { by } else { seat };
                    let mods = self.take_mods(roller, Scope::Any);
                    self.start_rolls(&[Roll::new(roller, 1, mods)]);
                    self.set_stage(1);
                }
                1 => {
                    self.set_stage(2);
                    self.open_roll_result(game);
                }
                _ => {
                    let roll = self.rolls.rolls[0];
                    let value = roll.value();
                    self.rolls.count = 0;
                    let _ = self.window.resolved();
                    let holds = test.holds(value);
                    let branch = if holds { Some(then) } else { otherwise.as_ref() };
                    let (test, effect) = (*test, branch.is_some());
                    told.public(|| Event::Check { seat: roll.seat, card, value, test, holds, effect });
                    if let Some(branch) = branch {
                        self.apply_simple(game, by, card, branch, spec, target, choice, told);
                    }
                }
            },
            Effect::Reroll => {
                if stage == 0 {
                    if let Target::Roll { index } = target {
                        self.rolls.rolls[index as usize].rolled = 0;
                        let seat = self.rolls.rolls[index as usize].seat;
                        told.public(|| Event::Reroll { seat, card });
                    }
                    self.set_stage(1);
                } else {
                    let _ = self.window.resolved();
                }
            }
            Effect::StartBattle => {
                let _ = self.window.resolved();
                let id = self.new_id();
                let battle = ItemKind::Battle { attacker: by, defender: seat, ranged: true, ties: 0 };
                let _ = self.window.push(Item { id, kind: battle, stage: 0 });
                told.public(|| Event::BattleDeclared { attacker: by, defender: seat, ranged: true });
            }
            _ => {
                // The effect first, while the card still holds the top: were everyone auto-passing, the item
                // below would already be resolving once the card left, and a cancel could no longer remove it.
                self.apply_simple(game, by, card, effect, spec, target, choice, told);
                let _ = self.window.resolved();
            }
        }
    }

    /// Effects that take effect at once, with no chance or choice in between (after the card left the stack).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn apply_simple<T: Teller<Event>>(
        &mut self,
        game: &PiratesFlag,
        by: Seat,
        card: CardRef,
        effect: &Effect,
        spec: TargetSpec,
        target: Target,
        choice: u8,
        told: &mut T,
    ) {
        let seat = match target {
            Target::Seat { seat } => seat,
            _ => by,
        };
        match effect {
            Effect::ModifyRoll { add, times, extra_dice, direction, scope, .. } => {
                let set = match effect.set_dice() {
                    Some(Some(v)) => Some(v),
                    Some(None) => Some(choice.clamp(1, 6)),
                    None => None,
                };
                let mods = Mods { add: *add as i16, doubles: times - 1, set, extra: *extra_dice, dir: *direction };
                self.queue(seat, *scope, mods);
                told.public(|| Event::Queued { seat, card, scope: scope_index(*scope) as u8, mods });
            }
            Effect::AdjustRoll { add } => {
                if let Target::Roll { index } = target {
                    self.rolls.rolls[index as usize].adjust += *add as i16;
                    let roll = &mut self.rolls.rolls[index as usize];
                    // An adjustment never takes the roll below 0.
                    let floor = roll.value() as i16;
                    if floor == 0 {
                        let mut probe = *roll;
                        probe.adjust = 0;
                        roll.adjust = -(probe.value() as i16);
                    }
                    let (seat, value) = (roll.seat, roll.value());
                    told.public(|| Event::Adjusted { seat, card, add: *add, value });
                }
            }
            Effect::MoveShip { steps, up_to, direction } => {
                let n = if *up_to { choice / 2 + 1 } else { *steps };
                let chosen = if choice.is_multiple_of(2) { Dir::Sea } else { Dir::Far };
                match spec {
                    TargetSpec::Ships { range } => {
                        for s in self.ships_in_range(game, by, range).iter() {
                            self.push_ship(game, s, by, card, n, *direction, chosen, told);
                        }
                    }
                    _ => self.push_ship(game, seat, by, card, n, *direction, chosen, told),
                }
            }
            Effect::SwapShips => {
                let (a, b) = (by.index(), seat.index());
                self.pos.swap(a, b);
                self.visiting.remove(by);
                self.visiting.remove(seat);
                let (at, with_at) = (self.pos[a], self.pos[b]);
                told.public(|| Event::Swapped { seat: by, with: seat, card, at, with_at });
            }
            Effect::TakeFlag if self.carries(seat) => {
                if self.shielded(seat) {
                    told.public(|| Event::FlagHeld { seat, card });
                } else {
                    self.flag = Flag::Carried { seat: by };
                    told.public(|| Event::FlagTakenByCard { seat: by, from: seat, card });
                }
            }
            Effect::DropFlag { drift, direction } => {
                if self.carries(seat) && self.shielded(seat) {
                    told.public(|| Event::FlagHeld { seat, card });
                } else if self.carries(seat) {
                    let p = self.pos[seat.index()] as i16;
                    let step = if *direction == Dir::Far { 1 } else { -1 };
                    let space = (p + step * *drift as i16).clamp(1, game.board.length as i16) as u8;
                    self.flag = Flag::Loose { space };
                    told.public(|| Event::FlagDropped { seat, space, card: Some(card) });
                }
            }
            Effect::Draw { n } => self.owed[by.index()] += n,
            Effect::StealCard { n, taker } => {
                let (from, to) = if *taker == Taker::You { (seat, by) } else { (by, seat) };
                self.pick = Some(Pick { cause: card, from, to: Some(to), n: *n });
            }
            Effect::DiscardRandom { n } => self.pick = Some(Pick { cause: card, from: seat, to: None, n: *n }),
            Effect::Trade { draw, .. } => {
                if let Some(id) = self.cards.find(hand(by), choice) {
                    let _ = self.cards.move_card(id, DISCARD);
                    self.owed[by.index()] += draw;
                    told.public(|| Event::Discarded { seat: by, card: choice, draw: *draw, cause: Some(card) });
                }
            }
            Effect::Cancel => {
                if let Target::Item { id } = target {
                    if let Some(i) = self.find_item(id) {
                        if let Some(e) = self.window.get(i) {
                            told.public(|| Event::Cancelled { seat: by, card, item: e.item.kind, by: e.by });
                        }
                        let _ = self.window.remove(i);
                    }
                }
            }
            Effect::Redirect { to } => {
                if let Target::Item { id } = target {
                    if let Some(i) = self.find_item(id) {
                        let before = self.window.get(i).map(|e| (e.item.kind, e.by));
                        let its_player = before.and_then(|(_, by)| by);
                        if let Some(ItemKind::Card { target, mirrored, .. }) =
                            self.window.get_mut(i).map(|it| &mut it.kind)
                        {
                            let new = match to {
                                RedirectTo::ItsPlayer => its_player,
                                RedirectTo::Chosen => Some(Seat(choice)),
                            };
                            if let Some(p) = new {
                                *target = Target::Seat { seat: p };
                                *mirrored |= *to == RedirectTo::ItsPlayer;
                            }
                            if let (Some(p), Some((item, by_whom))) = (new, before) {
                                told.public(|| Event::Redirected { seat: by, card, item, by: by_whom, to: p });
                            }
                        }
                    }
                }
            }
            Effect::Silence => {
                self.silenced.insert(seat);
                told.public(|| Event::Silenced { seat, card });
            }
            Effect::Shield { until, .. } => {
                match until {
                    Until::EndOfTurn => self.shield_turn.insert(by),
                    Until::YourNextTurn => self.shield_next.insert(by),
                }
                let until_next_turn = *until == Until::YourNextTurn;
                told.public(|| Event::Shielded { seat: by, card, until_next_turn });
            }
            // Handled while resolving (they need chance, a frame or a movement); a flag no longer carried stays.
            Effect::TakeFlag
            | Effect::Reroll
            | Effect::MoveOwn { .. }
            | Effect::MovementRoll { .. }
            | Effect::StartBattle
            | Effect::RollCheck { .. } => {}
        }
    }

    pub(super) fn shielded(&self, seat: Seat) -> bool {
        self.shield_turn.contains(seat) || self.shield_next.contains(seat)
    }

    /// Other ships on the board within `range` of `by`'s ship (`None`: anywhere).
    pub(in crate::pirates_flag) fn ships_in_range(&self, game: &PiratesFlag, by: Seat, range: Option<u8>) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for s in Seat::all(game.players()).filter(|&s| s != by && self.pos[s.index()] > 0) {
            let ok = match range {
                None => true,
                Some(r) => self.distance(by, s).is_some_and(|d| d <= r),
            };
            if ok {
                set.insert(s);
            }
        }
        set
    }

    /// Whether a card's target qualifies now (when played, and again when it resolves).
    pub(in crate::pirates_flag) fn target_ok(
        &self,
        game: &PiratesFlag,
        by: Seat,
        spec: TargetSpec,
        target: Target,
        mirrored: bool,
    ) -> bool {
        let players = game.players();
        match (spec, target) {
            (TargetSpec::None | TargetSpec::Own, Target::None) => true,
            (TargetSpec::Player { other }, Target::Seat { seat }) => {
                seat.index() < players && (!other || mirrored || seat != by)
            }
            (TargetSpec::Ship { other, range, select }, Target::Seat { seat }) => {
                if seat.index() >= players || self.pos[seat.index()] == 0 || (other && !mirrored && seat == by) {
                    return false;
                }
                if select.is_some() {
                    let lowest = (0..players).map(|i| self.pos[i]).filter(|&p| p > 0).min();
                    return Some(self.pos[seat.index()]) == lowest;
                }
                match range {
                    None => true,
                    Some(r) => self.distance(by, seat).is_some_and(|d| d <= r),
                }
            }
            (TargetSpec::Ships { range }, Target::None) => {
                (range.is_none() || self.pos[by.index()] > 0) && !self.ships_in_range(game, by, range).is_empty()
            }
            (TargetSpec::Carrier { range }, Target::Seat { seat }) => {
                seat != by && self.carries(seat) && self.distance(by, seat).is_some_and(|d| d <= range)
            }
            (TargetSpec::Stack { condition }, Target::Item { id }) => self
                .find_item(id)
                .and_then(|i| self.window.get(i))
                .is_some_and(|e| self.condition_holds(game, by, condition, e)),
            (TargetSpec::Roll { whose }, Target::Roll { index }) => {
                self.roll_waiting()
                    && index < self.rolls.count
                    && match whose {
                        Whose::Yours => self.rolls.rolls[index as usize].seat == by,
                        Whose::Others => self.rolls.rolls[index as usize].seat != by,
                        Whose::Any => true,
                    }
            }
            _ => false,
        }
    }

    pub(super) fn condition_holds(
        &self,
        game: &PiratesFlag,
        me: Seat,
        condition: Condition,
        entry: Entry<Item>,
    ) -> bool {
        if entry.by == Some(me) {
            return false;
        }
        match (condition, entry.item.kind) {
            (Condition::BattleAgainstYou, ItemKind::Battle { defender, .. }) => defender == me,
            (_, ItemKind::Card { captain: true, .. }) => false,
            (Condition::AnyCard, ItemKind::Card { .. }) => true,
            (Condition::TargetsYou, ItemKind::Card { target, .. }) => target == Target::Seat { seat: me },
            (Condition::AgainstYou, ItemKind::Card { card, target, .. }) => match target {
                Target::Seat { seat } => seat == me,
                Target::Item { id } => {
                    self.find_item(id).and_then(|i| self.window.get(i)).is_some_and(|e| e.by == Some(me))
                }
                Target::None => match game.deck.entries[card as usize].target {
                    TargetSpec::Ships { range } => {
                        entry.by.is_some_and(|by| self.ships_in_range(game, by, range).contains(me))
                    }
                    _ => false,
                },
                Target::Roll { index } => self.rolls.rolls.get(index as usize).is_some_and(|r| r.seat == me),
            },
            _ => false,
        }
    }
}
