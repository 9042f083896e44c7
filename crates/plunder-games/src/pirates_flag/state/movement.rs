//! Movement step by step: entering a space (docks, the flag, hazards), the directions a ship may take at a
//! fork or a waterfall, descending, and ships pushed aside.

use plunder_core::{Seat, Teller};

use super::*;

impl State {
    /// Moves `seat` into a neighbouring space (or the foot of a waterfall): docks, the flag. Returns whether it
    /// picked up a loose flag.
    pub(super) fn enter<T: Teller<Event>>(
        &mut self,
        game: &PiratesFlag,
        seat: Seat,
        to: u8,
        along_track: bool,
        told: &mut T,
    ) -> bool {
        let from = self.pos[seat.index()];
        self.pos[seat.index()] = to;
        self.visiting.remove(seat);
        if along_track && game.board.dock_between(from, to) {
            self.owed[seat.index()] += 1;
            self.tell_leg(true, told);
        }
        match self.flag {
            Flag::DreadShip if to == game.board.length => {
                self.tell_leg(false, told);
                self.flag = Flag::Carried { seat };
                self.first_taker = Some(seat);
                told.public(|| Event::FlagFromDreadShip { seat });
                false
            }
            Flag::Loose { space } if space == to => {
                self.tell_leg(false, told);
                self.flag = Flag::Carried { seat };
                told.public(|| Event::FlagPickedUp { seat, space });
                true
            }
            _ => false,
        }
    }

    /// Starts `seat`'s own movement; `card`: the card giving it, named as its cause.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn start_move(
        &mut self,
        game: &PiratesFlag,
        seat: Seat,
        steps: u8,
        forced: Option<Dir>,
        toward_flag: bool,
        card: Option<CardRef>,
    ) {
        if steps == 0 {
            return;
        }
        let way = card.map_or(Way::Sail, |card| Way::SailByCard { card });
        self.leg = Some((seat, self.pos[seat.index()], way));
        self.mv = Some(Move {
            seat,
            left: steps,
            dir: None,
            last: Dir::Far,
            forced,
            toward_flag,
            battle_ok: seat == self.active,
            free: true,
            stop_ok: false,
            pause: false,
            opts: 0,
        });
        let _ = game;
    }

    /// Directions the mover may pick now (bits `GO_SEA`, `GO_FAR`).
    pub(super) fn allowed_dirs(&self, game: &PiratesFlag, mv: &Move) -> u8 {
        let pos = self.pos[mv.seat.index()];
        let mut dirs = if let Some(d) = mv.forced {
            dir_bit(d)
        } else if game.options.carrier_seaward_only && self.carries(mv.seat) {
            GO_SEA
        } else {
            GO_SEA | GO_FAR
        };
        if mv.toward_flag {
            let flag = self.flag_space(game);
            dirs &= if flag > pos {
                GO_FAR
            } else if flag < pos {
                GO_SEA
            } else {
                0
            };
        }
        if pos == 0 {
            dirs &= GO_FAR;
        }
        dirs
    }

    pub(super) fn descend_ok(&self, game: &PiratesFlag, mv: &Move) -> bool {
        let pos = self.pos[mv.seat.index()];
        let foot = game.board.fall[pos as usize];
        if foot == 0 || mv.left == 0 || mv.forced == Some(Dir::Sea) {
            return false;
        }
        if game.options.carrier_seaward_only && self.carries(mv.seat) && mv.forced.is_none() {
            return false;
        }
        if mv.toward_flag {
            let flag = self.flag_space(game);
            return foot.abs_diff(flag) < pos.abs_diff(flag);
        }
        true
    }

    /// Goes on with the movement until it ends or the mover must choose.
    pub(super) fn advance_move<T: Teller<Event>>(&mut self, game: &PiratesFlag, told: &mut T) {
        while let Some(mut mv) = self.mv {
            if self.phase != Phase::Play {
                return;
            }
            if mv.left == 0 {
                self.finish_move(game, told);
                return;
            }
            let mut dirs = if mv.free || mv.dir.is_none() {
                self.allowed_dirs(game, &mv)
            } else {
                dir_bit(mv.dir.unwrap_or(Dir::Far))
            };
            if mv.toward_flag {
                // Every step must bring the ship closer to the flag.
                dirs &= self.allowed_dirs(game, &mv);
            }
            let mut opts = dirs;
            if mv.stop_ok {
                opts |= STOP;
            }
            if self.descend_ok(game, &mv) {
                opts |= DESCEND;
            }
            if opts == 0 {
                // Nowhere to go (a forced way off the board's start, or the flag reached): the move ends here.
                mv.left = 0;
                self.mv = Some(mv);
                continue;
            }
            if opts == GO_SEA || opts == GO_FAR {
                self.mv = Some(mv);
                self.step(game, if opts == GO_SEA { Dir::Sea } else { Dir::Far }, told);
                continue;
            }
            mv.pause = true;
            mv.opts = opts;
            self.mv = Some(mv);
            self.tell_leg(false, told);
            return;
        }
    }

    /// The mover's choice at a pause.
    pub(in crate::pirates_flag) fn choose_move<T: Teller<Event>>(
        &mut self,
        game: &PiratesFlag,
        choice: u8,
        told: &mut T,
    ) {
        let Some(mut mv) = self.mv else { return };
        mv.pause = false;
        mv.opts = 0;
        self.mv = Some(mv);
        match choice {
            GO_SEA => self.step(game, Dir::Sea, told),
            GO_FAR => self.step(game, Dir::Far, told),
            STOP => {
                let (seat, space, left) = (mv.seat, self.pos[mv.seat.index()], mv.left);
                told.public(|| Event::Stopped { seat, space, left });
                mv.left = 0;
                self.mv = Some(mv);
                self.finish_move(game, told);
            }
            _ => self.descend(game, told),
        }
        self.settle(game, told);
    }

    pub(super) fn step<T: Teller<Event>>(&mut self, game: &PiratesFlag, dir: Dir, told: &mut T) {
        let Some(mut mv) = self.mv else { return };
        let len = game.board.length;
        let from = self.pos[mv.seat.index()];
        let (dir, to) = if from == 0 {
            (Dir::Far, 1)
        } else if dir == Dir::Sea && from == 1 {
            if self.carries(mv.seat) {
                // Off the board into The Dread Sea with the flag.
                self.pos[mv.seat.index()] = 0;
                self.tell_leg(false, told);
                self.leg = None;
                self.win(mv.seat, told);
                return;
            }
            (Dir::Far, 2)
        } else if dir == Dir::Far && from == len {
            (Dir::Sea, len - 1)
        } else if dir == Dir::Far {
            (Dir::Far, from + 1)
        } else {
            (Dir::Sea, from - 1)
        };
        mv.left -= 1;
        mv.dir = Some(dir);
        mv.last = dir;
        let picked = self.enter(game, mv.seat, to, true, told);
        let at_end = (to == 1 && dir == Dir::Sea) || (to == len && dir == Dir::Far);
        let toward_flag_reached = mv.toward_flag && self.flag_space(game) == to;
        mv.stop_ok = mv.left > 0
            && !game.board.is_hazard(to)
            && (picked
                || at_end
                || toward_flag_reached
                || (mv.battle_ok && self.carrier_with(mv.seat).is_some())
                || game.board.is_trading_post(to));
        mv.free = picked;
        // Arriving at an end with steps left, the ship goes on back the other way (a carrier at space 1 heading
        // for the sea goes on off the board instead).
        if mv.left > 0 && ((to == len && dir == Dir::Far) || (to == 1 && dir == Dir::Sea && !self.carries(mv.seat))) {
            mv.dir = Some(dir.flip());
        }
        self.mv = Some(mv);
    }

    pub(super) fn descend<T: Teller<Event>>(&mut self, game: &PiratesFlag, told: &mut T) {
        let Some(mut mv) = self.mv else { return };
        let top = self.pos[mv.seat.index()];
        let foot = game.board.fall[top as usize];
        let sailing = self.leg.map_or(Way::Sail, |(_, _, way)| way);
        mv.left -= 1;
        self.tell_leg(false, told);
        if self.carries(mv.seat) && game.options.flag_flies_out {
            self.flag = Flag::Loose { space: top };
            told.public(|| Event::FlagDropped { seat: mv.seat, space: top, card: None });
        }
        self.leg = Some((mv.seat, top, Way::Waterfall));
        let picked = self.enter(game, mv.seat, foot, false, told);
        self.tell_leg(false, told);
        self.leg = Some((mv.seat, foot, sailing));
        mv.free = true;
        mv.dir = None;
        mv.stop_ok = mv.left > 0
            && (picked || (mv.battle_ok && self.carrier_with(mv.seat).is_some()) || game.board.is_trading_post(foot));
        self.mv = Some(mv);
    }

    pub(super) fn finish_move<T: Teller<Event>>(&mut self, game: &PiratesFlag, told: &mut T) {
        let Some(mv) = self.mv.take() else { return };
        let seat = mv.seat;
        self.tell_leg(false, told);
        self.shift_on_hazard(game, seat, mv.last, told);
        self.leg = None;
        let pos = self.pos[seat.index()];
        if pos > 0 && game.board.is_trading_post(pos) {
            self.visiting.insert(seat);
            self.traded.remove(seat);
        }
        if mv.battle_ok && self.carrier_with(seat).is_some() {
            self.battle_right = true;
            // The battle is the mover's own decision: an auto-pass declared for the turn's answers must not throw
            // it away.
            self.window.withdraw_auto_pass(seat);
        }
    }

    /// A push or pull along the track: no waterfalls, stops at an end, docks, the flag, hazards.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn push_ship<T: Teller<Event>>(
        &mut self,
        game: &PiratesFlag,
        seat: Seat,
        by: Seat,
        card: CardRef,
        steps: u8,
        mode: ShipDir,
        chosen: Dir,
        told: &mut T,
    ) {
        let start = self.pos[seat.index()];
        if start == 0 {
            told.public(|| Event::NotMoved { seat, card, why: Unmoved::DreadSea });
            return;
        }
        let mine = self.pos[by.index()];
        let fixed = match mode {
            ShipDir::Sea => Dir::Sea,
            ShipDir::Far => Dir::Far,
            ShipDir::Either => chosen,
            ShipDir::AwayFromYou if start > mine && mine > 0 => Dir::Far,
            ShipDir::AwayFromYou if start < mine => Dir::Sea,
            ShipDir::AwayFromYou => {
                if mine == 0 {
                    Dir::Far
                } else {
                    chosen
                }
            }
            ShipDir::TowardYou => Dir::Sea,
        };
        self.leg = Some((seat, start, Way::Pushed { card }));
        let mut last = None;
        for _ in 0..steps {
            let p = self.pos[seat.index()];
            let dir = if mode == ShipDir::TowardYou {
                if p == mine {
                    break;
                }
                if mine > p {
                    Dir::Far
                } else {
                    Dir::Sea
                }
            } else {
                fixed
            };
            let to = if dir == Dir::Far { p + 1 } else { p - 1 };
            if to < 1 || to > game.board.length {
                break;
            }
            self.enter(game, seat, to, true, told);
            last = Some(dir);
        }
        self.tell_leg(false, told);
        match last {
            Some(last) => self.shift_on_hazard(game, seat, last, told),
            None if steps > 0 => {
                let why =
                    if mode == ShipDir::TowardYou && start == mine { Unmoved::SameSpace } else { Unmoved::TrackEnd };
                told.public(|| Event::NotMoved { seat, card, why });
            }
            None => {}
        }
        self.leg = None;
    }
}
