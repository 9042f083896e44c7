//! Loot Pirates' observation tensor: what one pirate sees, as documented numbers. Seat-relative: every per-seat
//! section lists the observer first, then the next seats in seat order (the order of play); a seat named as a
//! value (a target, the Captain, the negotiator) is one-hot over those same relative positions. Both paths
//! (from the view, and straight from the state) fill a [`Seen`] and share one writer, and the layout and the
//! writer take their offsets from the same [`Offsets`], so none of them can disagree.

use plunder_core::{Seat, SeatSet, TensorKind, TensorLayout};

use super::action::{Dice, Fire};
use super::options::MAX_PIRATES;
use super::resolve::Report;
use super::state::{Phase, State};
use super::view::View;
use super::LootPirates;

/// Phases, in the order of the `phase` one-hot.
const PHASES: [Phase; 6] = [Phase::StartingGold, Phase::Roll, Phase::Aim, Phase::Negotiate, Phase::Fire, Phase::Over];
/// Fire choices, in the order of their one-hots.
const FIRES: [Fire; 3] = [Fire::Drop, Fire::Raise, Fire::Shoot];
/// Numbers per seat in `known_dice`: red one-hot over 1-6, then black one-hot over 1-6.
const DICE: usize = 12;

/// Where each section starts (computed once per game value by [`tensor_sections`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Offsets {
    players: usize,
    len: usize,
    observer_seat: usize,
    phase: usize,
    round: usize,
    shoot_off_round: usize,
    booty: usize,
    reserve: usize,
    captain: usize,
    coins: usize,
    contestants: usize,
    to_roll: usize,
    known_dice: usize,
    aimed: usize,
    aims: usize,
    negotiator: usize,
    offers_left: usize,
    waiting: usize,
    payments: usize,
    showings: usize,
    fired: usize,
    my_fire: usize,
    winners: usize,
    last_round: usize,
    last_shoot_off: usize,
    last_aims: usize,
    last_fires: usize,
    last_red: usize,
    last_black: usize,
    last_hit: usize,
    last_shot_paid: usize,
    last_shot_received: usize,
    last_shares: usize,
    last_from_reserve: usize,
    last_knocked_out: usize,
}

/// The observation layout for `players` pirates and the offsets the writer uses: built by the same calls.
pub(super) fn tensor_sections(players: usize) -> (TensorLayout, Offsets) {
    let p = players;
    let mut l = TensorLayout::new();
    let o = Offsets {
        players,
        observer_seat: l.section("observer_seat", p, "one-hot: the observer's absolute seat (0 = seat 0)"),
        phase: l.section(
            "phase",
            PHASES.len(),
            "one-hot: rolling for starting gold (D6 variant), rolling dice, aiming, negotiating, choosing on \
             'Fire!', game over",
        ),
        round: l.section("round", 1, "count: main-game rounds started (a shoot-off does not count)"),
        shoot_off_round: l.section("shoot_off_round", 1, "count: the shoot-off round, 0 outside a shoot-off"),
        booty: l.section("booty", 1, "count: doubloons left in the Booty"),
        reserve: l.section("reserve", 1, "count: doubloons left in the Reserve"),
        captain: l.section("captain", p, "one-hot over seats (observer first, then in seat order): the Captain"),
        coins: l.section("coins", p, "per seat (observer first, then in seat order): its doubloons"),
        contestants: l.section(
            "contestants",
            p,
            "per seat (observer first, then in seat order): 1 if it plays this round (everyone, or the shoot-off's \
             contenders)",
        ),
        to_roll: l.section(
            "to_roll",
            p,
            "per seat (observer first, then in seat order): 1 while its roll (dice, or starting gold) is pending",
        ),
        known_dice: l.section(
            "known_dice",
            p * DICE,
            "the dice the observer knows this round, 12 per seat (observer first, then in seat order): red die \
             one-hot over 1-6 at 12 × i + red - 1, black at 12 × i + 6 + black - 1; the observer's own once \
             rolled, another's only if it showed them to the observer; all 0 otherwise",
        ),
        aimed: l.section(
            "aimed",
            p,
            "per seat (observer first, then in seat order): 1 if it has aimed (during the aim only)",
        ),
        aims: l.section(
            "aims",
            p * p,
            "aims this round: seat i (observer first, then in seat order) aiming at relative seat j sets p × i + j; \
             the observer's own aim as soon as it aims, the others' once every pirate has aimed",
        ),
        negotiator: l.section(
            "negotiator",
            p,
            "one-hot over seats (observer first, then in seat order): the pirate to offer or pass; all 0 outside \
             the negotiation",
        ),
        offers_left: l.section(
            "offers_left",
            p,
            "per seat (observer first, then in seat order): count of offers it has left this round",
        ),
        waiting: l.section(
            "waiting",
            p,
            "per seat (observer first, then in seat order): 1 if it has not passed since the last offer (during \
             the negotiation only)",
        ),
        payments: l.section(
            "payments",
            p * p,
            "count: doubloons relative seat i paid relative seat j in this round's negotiation, at p × i + j",
        ),
        showings: l.section(
            "showings",
            p * p,
            "1 at p × i + j if relative seat i showed its dice to relative seat j this round (the fact is public, \
             the dice are in known_dice only for the one shown)",
        ),
        fired: l.section(
            "fired",
            p,
            "per seat (observer first, then in seat order): 1 if it has chosen on 'Fire!' (during that choice only)",
        ),
        my_fire: l.section(
            "my_fire",
            FIRES.len(),
            "one-hot: the observer's own choice on 'Fire!' this round (drop, raise, shoot); all 0 before it chooses",
        ),
        winners: l.section(
            "winners",
            p,
            "per seat (observer first, then in seat order): 1 if it won (once the game is over)",
        ),
        last_round: l.section("last_round", 1, "1 if a round has been resolved (the last_ sections describe it)"),
        last_shoot_off: l.section("last_shoot_off", 1, "1 if the last resolved round was a shoot-off round"),
        last_aims: l.section(
            "last_aims",
            p * p,
            "the last resolved round's aims: relative seat i aiming at relative seat j sets p × i + j",
        ),
        last_fires: l.section(
            "last_fires",
            p * FIRES.len(),
            "the last resolved round's choices: seat i (observer first, then in seat order) one-hot over drop, \
             raise, shoot at 3 × i",
        ),
        last_red: l.section(
            "last_red",
            p * 6,
            "the last resolved round's revealed red dice (shooters whose target stood): seat i one-hot over 1-6 at \
             6 × i (observer first, then in seat order)",
        ),
        last_black: l.section(
            "last_black",
            p * 6,
            "the last resolved round's revealed black dice (targets that stood and were shot at): seat i one-hot \
             over 1-6 at 6 × i (observer first, then in seat order)",
        ),
        last_hit: l.section(
            "last_hit",
            p,
            "per seat (observer first, then in seat order): 1 if its shot hit its target in the last resolved round",
        ),
        last_shot_paid: l.section(
            "last_shot_paid",
            p,
            "per seat (observer first, then in seat order): count of doubloons it paid for shots in the last \
             resolved round",
        ),
        last_shot_received: l.section(
            "last_shot_received",
            p,
            "per seat (observer first, then in seat order): count of doubloons it received for shots in the last \
             resolved round",
        ),
        last_shares: l.section(
            "last_shares",
            p,
            "per seat (observer first, then in seat order): count of doubloons of Booty (and Reserve) it got in \
             the last resolved round",
        ),
        last_from_reserve: l.section(
            "last_from_reserve",
            1,
            "count: doubloons the Reserve added to the last resolved round's shares",
        ),
        last_knocked_out: l.section(
            "last_knocked_out",
            p,
            "per seat (observer first, then in seat order): 1 if the last resolved shoot-off round knocked it out",
        ),
        len: 0,
    };
    let len = l.len();
    (l, Offsets { len, ..o })
}

/// What the observation reads of one pirate's view, filled from the view or from the state by the view's rules.
struct Seen<'a> {
    seat: Seat,
    captain: Seat,
    phase: Phase,
    round: u32,
    shoot_off_round: u32,
    booty: u32,
    reserve: u32,
    coins: &'a [u32],
    contestants: SeatSet,
    to_roll: SeatSet,
    /// The dice the seat knows, by absolute seat.
    dice: [Option<Dice>; MAX_PIRATES],
    aimed: SeatSet,
    /// The aims the seat knows, by absolute seat.
    aims: [Option<Seat>; MAX_PIRATES],
    negotiator: Option<Seat>,
    offers_left: [u8; MAX_PIRATES],
    waiting: SeatSet,
    paid: [[u32; MAX_PIRATES]; MAX_PIRATES],
    shown: [SeatSet; MAX_PIRATES],
    fired: SeatSet,
    my_fire: Option<Fire>,
    last: Option<&'a Report>,
    winners: SeatSet,
}

impl LootPirates {
    /// The observation from a seat's view (a spectator's view has no seat, and writes nothing).
    pub(super) fn tensor(&self, view: &View, kind: TensorKind, out: &mut [f32]) {
        let Some(seat) = view.seat else { return };
        if kind != TensorKind::Observation {
            return;
        }
        let mut dice = [None; MAX_PIRATES];
        for shown in &view.shown_to_me {
            dice[shown.seat.index()] = Some(shown.dice);
        }
        dice[seat.index()] = view.my_dice;
        let mut aims = [None; MAX_PIRATES];
        if let Some(all) = &view.aims {
            aims[..all.len()].copy_from_slice(all);
        }
        aims[seat.index()] = view.my_aim;
        let mut offers_left = [0; MAX_PIRATES];
        offers_left[..view.offers_left.len()].copy_from_slice(&view.offers_left);
        let mut paid = [[0; MAX_PIRATES]; MAX_PIRATES];
        for p in &view.payments {
            paid[p.from.index()][p.to.index()] += p.doubloons;
        }
        let mut shown = [SeatSet::EMPTY; MAX_PIRATES];
        for s in &view.showings {
            shown[s.from.index()].insert(s.to);
        }
        let seen = Seen {
            seat,
            captain: view.captain,
            phase: view.phase,
            round: view.round,
            shoot_off_round: view.shoot_off_round,
            booty: view.booty,
            reserve: view.reserve,
            coins: &view.coins,
            contestants: view.contestants,
            to_roll: view.to_roll,
            dice,
            aimed: view.aimed,
            aims,
            negotiator: view.negotiator,
            offers_left,
            waiting: view.waiting,
            paid,
            shown,
            fired: view.fired,
            my_fire: view.my_fire,
            last: view.last_round.as_ref(),
            winners: view.winners,
        };
        self.write_seen(&seen, out);
    }

    /// The same observation straight from the state, by the rules `view::view` applies: own dice once rolled
    /// and others' only where shown to the seat, during a round; others' aims only in the negotiation and on
    /// 'Fire!'; who has aimed / fired / waits only in that phase; only the seat's own fire choice.
    pub(super) fn seat_tensor(&self, state: &State, seat: Seat, kind: TensorKind, out: &mut [f32]) {
        if kind != TensorKind::Observation {
            return;
        }
        let players = self.players();
        let in_round = matches!(state.phase, Phase::Roll | Phase::Aim | Phase::Negotiate | Phase::Fire);
        let aims_public = matches!(state.phase, Phase::Negotiate | Phase::Fire);
        let mut dice = [None; MAX_PIRATES];
        let mut aims = [None; MAX_PIRATES];
        let mut offers_left = [0; MAX_PIRATES];
        for s in Seat::all(players) {
            let i = s.index();
            if in_round && state.shown[i].contains(seat) {
                dice[i] = Some(state.dice[i]);
            }
            if aims_public {
                aims[i] = state.aims[i];
            }
            offers_left[i] = self.options.negotiation_offers.saturating_sub(state.offers_used[i]);
        }
        let me = seat.index();
        dice[me] = (in_round && !state.to_roll.contains(seat)).then_some(state.dice[me]);
        aims[me] = state.aims[me];
        let phase_only = |phase: Phase, set: SeatSet| if state.phase == phase { set } else { SeatSet::EMPTY };
        let seen = Seen {
            seat,
            captain: Seat(self.options.captain),
            phase: state.phase,
            round: state.round,
            shoot_off_round: state.shoot_off_round,
            booty: state.booty,
            reserve: state.reserve,
            coins: &state.coins[..players],
            contestants: state.contestants,
            to_roll: if in_round || state.phase == Phase::StartingGold { state.to_roll } else { SeatSet::EMPTY },
            dice,
            aimed: phase_only(Phase::Aim, state.aimed),
            aims,
            negotiator: (state.phase == Phase::Negotiate).then(|| state.talk.holder()).flatten(),
            offers_left,
            waiting: if state.phase == Phase::Negotiate { state.talk.waiting() } else { SeatSet::EMPTY },
            paid: state.paid,
            shown: state.shown,
            fired: phase_only(Phase::Fire, state.fired),
            my_fire: state.fires[me],
            last: state.last.as_ref(),
            winners: state.winners,
        };
        self.write_seen(&seen, out);
    }

    fn write_seen(&self, seen: &Seen<'_>, out: &mut [f32]) {
        let o = &self.offsets;
        let p = o.players;
        let me = seen.seat.index();
        // The relative position of absolute seat `s`: 0 for the observer, then in seat order.
        let rel = |s: Seat| s.places_after(seen.seat, p);
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        out[o.observer_seat + me] = 1.0;
        if let Some(i) = PHASES.iter().position(|&ph| ph == seen.phase) {
            out[o.phase + i] = 1.0;
        }
        out[o.round] = seen.round as f32;
        out[o.shoot_off_round] = seen.shoot_off_round as f32;
        out[o.booty] = seen.booty as f32;
        out[o.reserve] = seen.reserve as f32;
        out[o.captain + rel(seen.captain)] = 1.0;
        if let Some(n) = seen.negotiator {
            out[o.negotiator + rel(n)] = 1.0;
        }
        if let Some(i) = seen.my_fire.and_then(|f| FIRES.iter().position(|&x| x == f)) {
            out[o.my_fire + i] = 1.0;
        }
        for s in Seat::all(p) {
            let (i, r) = (s.index(), rel(s));
            out[o.coins + r] = seen.coins.get(i).copied().unwrap_or(0) as f32;
            out[o.contestants + r] = flag(seen.contestants.contains(s));
            out[o.to_roll + r] = flag(seen.to_roll.contains(s));
            if let Some(d) = seen.dice[i] {
                write_die(out, o.known_dice + DICE * r, d.red);
                write_die(out, o.known_dice + DICE * r + 6, d.black);
            }
            out[o.aimed + r] = flag(seen.aimed.contains(s));
            if let Some(t) = seen.aims[i] {
                out[o.aims + p * r + rel(t)] = 1.0;
            }
            out[o.offers_left + r] = seen.offers_left[i] as f32;
            out[o.waiting + r] = flag(seen.waiting.contains(s));
            for to in Seat::all(p) {
                out[o.payments + p * r + rel(to)] = seen.paid[i][to.index()] as f32;
                out[o.showings + p * r + rel(to)] = flag(seen.shown[i].contains(to));
            }
            out[o.fired + r] = flag(seen.fired.contains(s));
            out[o.winners + r] = flag(seen.winners.contains(s));
        }
        let Some(last) = seen.last else { return };
        out[o.last_round] = 1.0;
        out[o.last_shoot_off] = flag(last.shoot_off);
        out[o.last_from_reserve] = last.from_reserve as f32;
        for s in Seat::all(p) {
            let (i, r) = (s.index(), rel(s));
            if let Some(t) = last.aims[i] {
                out[o.last_aims + p * r + rel(t)] = 1.0;
            }
            if let Some(f) = last.fires[i].and_then(|f| FIRES.iter().position(|&x| x == f)) {
                out[o.last_fires + FIRES.len() * r + f] = 1.0;
            }
            if let Some(red) = last.red[i] {
                write_die(out, o.last_red + 6 * r, red);
            }
            if let Some(black) = last.black[i] {
                write_die(out, o.last_black + 6 * r, black);
            }
            out[o.last_hit + r] = flag(last.hits[..p].iter().any(|h| h.contains(s)));
            out[o.last_shot_paid + r] = last.transfers[i][..p].iter().map(|&d| d as f32).sum();
            out[o.last_shot_received + r] = last.transfers[..p].iter().map(|row| row[i] as f32).sum();
            out[o.last_shares + r] = last.shares[i] as f32;
            out[o.last_knocked_out + r] = flag(last.knocked_out.contains(s));
        }
    }

    pub(super) fn tensor_size(&self) -> usize {
        self.offsets.len
    }
}

/// A die's face one-hot over 1-6 at `at` (a face outside 1-6 writes nothing).
fn write_die(out: &mut [f32], at: usize, face: u8) {
    if (1..=6).contains(&face) {
        out[at + face as usize - 1] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use plunder_core::{encoding, ChanceMode, Game, Seat, Session, TensorKind, Viewer};

    use super::super::action::{Action, Chance, Fire};
    use super::super::options::Options;
    use super::super::LootPirates;

    fn session(players: u8, offers: u8) -> Session<LootPirates> {
        let mut options = Options::for_players(players);
        options.negotiation_offers = offers;
        Session::new(LootPirates::new(options).unwrap(), 0, ChanceMode::Scripted)
    }

    /// A seat's observation by both paths (asserted equal), and the layout to read it by.
    fn observe(s: &Session<LootPirates>, seat: u8) -> Vec<f32> {
        let game = s.game();
        let len = encoding::tensor_len(game, TensorKind::Observation);
        let (mut fast, mut slow) = (vec![0.0; len], vec![0.0; len]);
        encoding::write_tensor(game, s.state(), Seat(seat), TensorKind::Observation, &mut fast);
        encoding::write_view_tensor(game, s.state(), Seat(seat), TensorKind::Observation, &mut slow);
        assert_eq!(fast, slow, "seat {seat}: the view-free path writes the view's tensor");
        fast
    }

    fn section<'a>(s: &Session<LootPirates>, tensor: &'a [f32], name: &str) -> &'a [f32] {
        let layout = s.game().tensor_layout(TensorKind::Observation).unwrap();
        let sec = layout.get(name).unwrap_or_else(|| panic!("no section {name}"));
        &tensor[sec.start..sec.start + sec.len]
    }

    fn roll_all(s: &mut Session<LootPirates>, dice: &[(u8, u8)]) {
        for (i, &(red, black)) in dice.iter().enumerate() {
            s.supply_chance(Chance::Roll { seat: Seat(i as u8), red, black }).unwrap();
        }
    }

    #[test]
    fn the_layout_is_fixed_by_the_table_size_and_covers_the_tensor() {
        for players in 3..=8u8 {
            let game = LootPirates::new(Options::for_players(players)).unwrap();
            let layout = game.tensor_layout(TensorKind::Observation).unwrap();
            layout.check().unwrap();
            assert_eq!(Some(layout.len()), game.tensor_len(TensorKind::Observation));
            assert_eq!(game.tensor_len(TensorKind::InformationState), None);
        }
        let game = LootPirates::new(Options::for_players(5)).unwrap();
        assert_eq!(game.tensor_len(TensorKind::Observation), Some(331));
    }

    /// The researchers' complaint: aiming changed the view but not the tensor. An aim at seat 0 (a zero the
    /// hashed tensor dropped) shows in the aimer's own `aims` row at once, and nowhere in anyone else's.
    #[test]
    fn an_aim_changes_the_view_and_the_tensor() {
        let mut s = session(3, 0);
        roll_all(&mut s, &[(3, 4), (5, 2), (1, 6)]);
        let before = observe(&s, 2);
        let others_before = observe(&s, 1);
        assert_eq!(s.view(Viewer::Seat(Seat(2))).my_aim, None);
        s.play(Seat(2), Action::Aim { target: Seat(0) }).unwrap();
        assert_eq!(s.view(Viewer::Seat(Seat(2))).my_aim, Some(Seat(0)), "the view shows the aim");
        let after = observe(&s, 2);
        assert_ne!(before, after, "the tensor shows the aim");
        // Seat 2's own row (relative 0); seat 0 is relative 1 for seat 2.
        assert_eq!(section(&s, &after, "aims"), &[0., 1., 0., 0., 0., 0., 0., 0., 0.]);
        assert_eq!(section(&s, &after, "aimed"), &[1., 0., 0.], "seat 2 has aimed (it is first for itself)");
        // Seat 1 sees that seat 2 aimed, not where.
        let others = observe(&s, 1);
        assert_eq!(section(&s, &others, "aims"), &[0.; 9]);
        assert_eq!(section(&s, &others, "aimed"), &[0., 1., 0.], "seat 2 is next after seat 1");
        assert_ne!(others_before, others);
        // Another target: a different tensor.
        let mut t = session(3, 0);
        roll_all(&mut t, &[(3, 4), (5, 2), (1, 6)]);
        t.play(Seat(2), Action::Aim { target: Seat(1) }).unwrap();
        assert_eq!(section(&t, &observe(&t, 2), "aims"), &[0., 0., 1., 0., 0., 0., 0., 0., 0.]);
    }

    #[test]
    fn a_round_shows_dice_aims_coins_and_the_report_seat_relative() {
        let mut s = session(3, 1);
        let obs = observe(&s, 1);
        assert_eq!(section(&s, &obs, "observer_seat"), &[0., 1., 0.]);
        assert_eq!(section(&s, &obs, "phase"), &[0., 1., 0., 0., 0., 0.], "rolling dice");
        assert_eq!(section(&s, &obs, "captain"), &[0., 0., 1.], "seat 0 is the last after seat 1");
        assert_eq!(section(&s, &obs, "coins"), &[4., 4., 4.]);
        assert_eq!(section(&s, &obs, "booty"), &[18.]);
        assert_eq!(section(&s, &obs, "to_roll"), &[1., 1., 1.]);
        roll_all(&mut s, &[(3, 4), (5, 2), (1, 6)]);
        let obs = observe(&s, 1);
        let mut dice = [0.0; 36];
        dice[4] = 1.0; // red 5
        dice[6 + 1] = 1.0; // black 2
        assert_eq!(section(&s, &obs, "known_dice"), &dice, "only its own dice");
        for (seat, target) in [(0, 1), (1, 2), (2, 1)] {
            s.play(Seat(seat), Action::Aim { target: Seat(target) }).unwrap();
        }
        // Negotiation from the Captain (seat 0): seat 0 pays seat 1 two doubloons; seat 2 shows seat 1 its dice.
        s.play(Seat(0), Action::Pay { to: Seat(1), doubloons: 2 }).unwrap();
        assert_eq!(s.view(Viewer::Seat(Seat(1))).negotiator, Some(Seat(1)));
        s.play(Seat(1), Action::Pass).unwrap();
        s.play(Seat(2), Action::Show { to: Seat(1) }).unwrap();
        let obs = observe(&s, 1);
        assert_eq!(section(&s, &obs, "phase"), &[0., 0., 0., 1., 0., 0.]);
        assert_eq!(section(&s, &obs, "coins"), &[6., 4., 2.], "seat 1, seat 2, seat 0");
        // Rows: seat 1, seat 2, seat 0; columns likewise.
        assert_eq!(section(&s, &obs, "aims"), &[0., 1., 0., 1., 0., 0., 1., 0., 0.]);
        assert_eq!(section(&s, &obs, "payments"), &[0., 0., 0., 0., 0., 0., 2., 0., 0.]);
        assert_eq!(section(&s, &obs, "showings"), &[0., 0., 0., 1., 0., 0., 0., 0., 0.]);
        assert_eq!(section(&s, &obs, "offers_left"), &[1., 0., 0.]);
        dice[DICE] = 1.0; // seat 2's red 1
        dice[DICE + 6 + 5] = 1.0; // its black 6
        assert_eq!(section(&s, &obs, "known_dice"), &dice, "its own and those shown to it");
        // Seat 0 saw the showing, not the dice.
        let obs0 = observe(&s, 0);
        let mut own0 = [0.0; 36];
        own0[2] = 1.0;
        own0[6 + 3] = 1.0;
        assert_eq!(section(&s, &obs0, "known_dice"), &own0);
        assert_eq!(section(&s, &obs0, "showings"), &[0., 0., 0., 0., 0., 0., 0., 1., 0.]);
        // Negotiation goes on until everyone passes in a row.
        while let Some(seat) = s.view(Viewer::Spectator).negotiator {
            s.play(seat, Action::Pass).unwrap();
        }
        s.play(Seat(1), Action::Fire { choice: Fire::Shoot }).unwrap();
        let obs = observe(&s, 1);
        assert_eq!(section(&s, &obs, "my_fire"), &[0., 0., 1.]);
        assert_eq!(section(&s, &obs, "fired"), &[1., 0., 0.]);
        assert_eq!(section(&s, &observe(&s, 2), "my_fire"), &[0., 0., 0.], "seat 2 has not chosen");
        assert_eq!(section(&s, &observe(&s, 2), "fired"), &[0., 0., 1.], "it sees that seat 1 chose");
        s.play(Seat(0), Action::Fire { choice: Fire::Raise }).unwrap();
        s.play(Seat(2), Action::Fire { choice: Fire::Raise }).unwrap();
        // Seat 1 (red 5) shot seat 2 (black 6): a miss. Nobody fell, so no shares.
        let obs = observe(&s, 1);
        assert_eq!(section(&s, &obs, "last_round"), &[1.]);
        assert_eq!(section(&s, &obs, "last_fires"), &[0., 0., 1., 0., 1., 0., 0., 1., 0.]);
        assert_eq!(
            section(&s, &obs, "last_red"),
            &[0., 0., 0., 0., 1., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0.]
        );
        assert_eq!(section(&s, &obs, "last_black")[6..12], [0., 0., 0., 0., 0., 1.]);
        assert_eq!(section(&s, &obs, "last_hit"), &[0., 0., 0.]);
        assert_eq!(section(&s, &obs, "last_aims"), &[0., 1., 0., 1., 0., 0., 1., 0., 0.]);
        assert_eq!(section(&s, &obs, "aims"), &[0.; 9], "a new round: no aims yet");
        assert_eq!(section(&s, &obs, "round"), &[2.]);
    }

    const DICE: usize = super::DICE;
}
