//! 'Fire!': shots, payments, Booty shares, the end of the game and the shoot-off.

use plunder_core::{Seat, SeatSet, Teller};
use serde::Serialize;

use super::action::Fire;
use super::event::{Ending, Event};
use super::options::{EqualAttackOrder, Options, MAX_PIRATES};
use super::state::{Phase, State};

/// Doubloons a target pays each pirate who shot it successfully.
pub const SHOT_PRICE: u32 = 2;

/// What happened on 'Fire!' in one round: public once resolved. Fixed-size inside; serialized with one entry
/// per pirate at the table.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "ReportJson<'static>"))]
pub struct Report {
    pub players: u8,
    /// The round (main-game rounds; a shoot-off round repeats the last number).
    pub round: u32,
    pub shoot_off: bool,
    pub aims: [Option<Seat>; MAX_PIRATES],
    pub fires: [Option<Fire>; MAX_PIRATES],
    /// Red dice revealed: every shooter whose target stood.
    pub red: [Option<u8>; MAX_PIRATES],
    /// Black dice revealed: every target that stood and was shot at.
    pub black: [Option<u8>; MAX_PIRATES],
    /// `hits[t]`: the pirates who shot `t` successfully.
    pub hits: [SeatSet; MAX_PIRATES],
    /// `transfers[a][b]`: doubloons `a` paid `b` for shots (including winnings passed on by a broke target).
    pub transfers: [[u8; MAX_PIRATES]; MAX_PIRATES],
    /// Booty (and Reserve) shares paid to each pirate.
    pub shares: [u32; MAX_PIRATES],
    /// Doubloons the Reserve added to the shares.
    pub from_reserve: u32,
    /// Shoot-off: the pirates knocked out this round.
    pub knocked_out: SeatSet,
}

impl Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let n = self.players as usize;
        ReportJson {
            round: self.round,
            shoot_off: self.shoot_off,
            aims: &self.aims[..n],
            fires: &self.fires[..n],
            red: &self.red[..n],
            black: &self.black[..n],
            hits: &self.hits[..n],
            transfers: self.transfers[..n].iter().map(|row| &row[..n]).collect(),
            shares: &self.shares[..n],
            from_reserve: self.from_reserve,
            knocked_out: self.knocked_out,
        }
        .serialize(serializer)
    }
}

/// The JSON of a [`Report`]: one entry per pirate at the table. Its TypeScript type is the report's.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Report"))]
struct ReportJson<'a> {
    round: u32,
    shoot_off: bool,
    aims: &'a [Option<Seat>],
    fires: &'a [Option<Fire>],
    red: &'a [Option<u8>],
    black: &'a [Option<u8>],
    hits: &'a [SeatSet],
    transfers: Vec<&'a [u8]>,
    shares: &'a [u32],
    from_reserve: u32,
    knocked_out: SeatSet,
}

/// Settles a round once every pirate has chosen.
pub(super) fn resolve_round(state: &mut State, options: &Options, told: &mut impl Teller<Event>) {
    let players = options.players as usize;
    let round = state.contestants;
    let mut report = Report {
        players: options.players,
        round: state.round,
        shoot_off: state.shoot_off_round > 0,
        aims: state.aims,
        fires: state.fires,
        red: [None; MAX_PIRATES],
        black: [None; MAX_PIRATES],
        hits: [SeatSet::EMPTY; MAX_PIRATES],
        transfers: [[0; MAX_PIRATES]; MAX_PIRATES],
        shares: [0; MAX_PIRATES],
        from_reserve: 0,
        knocked_out: SeatSet::EMPTY,
    };
    let choice = |s: Seat| state.fires[s.index()].unwrap_or(Fire::Raise);
    let target_of = |s: Seat| state.aims[s.index()].expect("everyone aimed");

    // Shots at a pirate who dropped never happen; each extra shooter lowers the target's defence by 1.
    let mut shooters_on = [0i32; MAX_PIRATES];
    for s in round.iter().filter(|&s| choice(s) == Fire::Shoot) {
        let t = target_of(s);
        if choice(t) != Fire::Drop {
            shooters_on[t.index()] += 1;
        }
    }
    for s in round.iter().filter(|&s| choice(s) == Fire::Shoot) {
        let t = target_of(s);
        if choice(t) == Fire::Drop {
            continue;
        }
        let red = state.dice[s.index()].red;
        let black = state.dice[t.index()].black;
        report.red[s.index()] = Some(red);
        report.black[t.index()] = Some(black);
        let others = shooters_on[t.index()] - 1;
        let hit = red as i32 > black as i32 - others;
        if hit {
            report.hits[t.index()].insert(s);
        }
        told.public(|| Event::Shot { shooter: s, target: t, red, black, others: others as u8, hit });
    }
    for s in round.iter().filter(|&s| choice(s) == Fire::Shoot && choice(target_of(s)) == Fire::Drop) {
        told.public(|| Event::ShotAtDropped { shooter: s, target: target_of(s) });
    }
    let shot: SeatSet = round.iter().filter(|t| !report.hits[t.index()].is_empty()).collect();
    let dropped: SeatSet = round.iter().filter(|&t| choice(t) == Fire::Drop).collect();
    let out = shot.union(dropped);

    if state.shoot_off_round > 0 {
        // Shoot-off: no doubloons change hands; whoever is shot or turns yellow is out, unless that is everyone.
        if out != round {
            report.knocked_out = out;
            state.contestants = round.minus(out);
            if !out.is_empty() {
                told.public(|| Event::KnockedOut { seats: out });
            }
        } else {
            told.public(|| Event::AllFell);
        }
        state.last = Some(report);
        if state.contestants.len() == 1 {
            finish(state, options, state.contestants, Ending::ShootOffWon, told);
        } else if state.shoot_off_round >= options.shoot_off_rounds {
            finish(state, options, state.contestants, Ending::ShootOffLimit, told);
        } else {
            state.shoot_off_round += 1;
            state.begin_round(told);
        }
        return;
    }

    if !shot.is_empty() {
        pay_for_shots(state, options, &mut report, shot);
        for t in shot.iter() {
            for a in report.hits[t.index()].iter() {
                let doubloons = report.transfers[t.index()][a.index()] as u32;
                told.public(|| Event::PaidForHit { target: t, shooter: a, doubloons });
            }
        }
    }
    share_booty(state, options, &mut report, round, out);
    let fallen = out.len() as u32;
    if report.shares.iter().any(|&share| share > 0) {
        told.public(|| Event::Shares {
            shares: report.shares[..players].to_vec(),
            fallen,
            from_reserve: report.from_reserve,
            booty: state.booty,
        });
    } else {
        told.public(|| Event::NoShares { fallen });
    }
    state.last = Some(report);

    if state.booty == 0 || state.round >= options.max_rounds {
        let ending = if state.booty == 0 { Ending::BootyEmpty } else { Ending::RoundLimit };
        let best = (0..players).map(|i| state.coins[i]).max().unwrap_or(0);
        let leaders: SeatSet = Seat::all(players).filter(|s| state.coins[s.index()] == best).collect();
        if options.shoot_off && leaders.len() > 1 {
            state.contestants = leaders;
            state.shoot_off_round = 1;
            state.begin_round(told);
        } else {
            finish(state, options, leaders, ending, told);
        }
    } else {
        state.begin_round(told);
    }
}

fn finish(state: &mut State, options: &Options, winners: SeatSet, ending: Ending, told: &mut impl Teller<Event>) {
    state.winners = winners;
    state.phase = Phase::Over;
    told.public(|| Event::Won { winners, coins: state.coins[..options.players as usize].to_vec(), ending });
}

/// Each target owes each successful attacker 2 doubloons, highest attack die first. A target who cannot pay
/// pays as far as it can, and whatever it wins from its own shots goes on to its unpaid attackers. Payments
/// repeat until nobody can pay more; only doubloons move, so the total is conserved.
fn pay_for_shots(state: &mut State, options: &Options, report: &mut Report, shot: SeatSet) {
    let players = options.players as usize;
    let mut creditors = [[None::<Seat>; MAX_PIRATES]; MAX_PIRATES];
    let mut owed = [[0u32; MAX_PIRATES]; MAX_PIRATES];
    for t in shot.iter() {
        let mut attackers = [Seat(0); MAX_PIRATES];
        let mut count = 0;
        for a in report.hits[t.index()].iter() {
            attackers[count] = a;
            count += 1;
        }
        let start = match options.equal_attack_order {
            EqualAttackOrder::ClockwiseFromTarget => t.next(players),
            EqualAttackOrder::FromCaptain => Seat(options.captain),
        };
        let distance = |s: Seat| (s.index() + players - start.index()) % players;
        // Keys are unique (distances differ), so an unstable, allocation-free sort is exact.
        attackers[..count].sort_unstable_by_key(|&s| (std::cmp::Reverse(state.dice[s.index()].red), distance(s)));
        for (slot, &a) in attackers[..count].iter().enumerate() {
            creditors[t.index()][slot] = Some(a);
            owed[t.index()][a.index()] = SHOT_PRICE;
        }
    }
    loop {
        let mut paid_any = false;
        for t in shot.iter() {
            for a in creditors[t.index()].iter().map_while(|a| *a) {
                let due = owed[t.index()][a.index()];
                let pay = due.min(state.coins[t.index()]);
                if pay > 0 {
                    state.coins[t.index()] -= pay;
                    state.coins[a.index()] += pay;
                    owed[t.index()][a.index()] -= pay;
                    // At most SHOT_PRICE per pair, so it fits a byte.
                    report.transfers[t.index()][a.index()] += pay as u8;
                    paid_any = true;
                }
            }
        }
        if !paid_any {
            break;
        }
    }
}

/// Each brave survivor takes one doubloon for every pirate who dropped or was shot. When the Booty is short
/// (the last round) the Reserve tops it up; if even that is short, doubloons go round one at a time from the
/// Captain.
fn share_booty(state: &mut State, options: &Options, report: &mut Report, round: SeatSet, out: SeatSet) {
    let players = options.players as usize;
    let brave = round.minus(out);
    let each = out.len() as u32;
    let demand = each * brave.len() as u32;
    if demand == 0 {
        return;
    }
    if state.booty >= demand {
        state.booty -= demand;
        for s in brave.iter() {
            state.coins[s.index()] += each;
            report.shares[s.index()] = each;
        }
        return;
    }
    let from_reserve = (demand - state.booty).min(state.reserve);
    state.reserve -= from_reserve;
    report.from_reserve = from_reserve;
    let mut pot = state.booty + from_reserve;
    state.booty = 0;
    if pot == demand {
        for s in brave.iter() {
            state.coins[s.index()] += each;
            report.shares[s.index()] = each;
        }
        return;
    }
    let mut seat = Seat(options.captain);
    while pot > 0 {
        if brave.contains(seat) && report.shares[seat.index()] < each {
            state.coins[seat.index()] += 1;
            report.shares[seat.index()] += 1;
            pot -= 1;
        }
        seat = seat.next(players);
    }
}
