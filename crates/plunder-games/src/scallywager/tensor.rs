//! Scallywager's observation tensor: what one captain sees, as documented numbers. Seat-relative: every per-seat
//! section lists the observer first, then the next seats in seat order (clockwise); a seat named as a value (the
//! token holder, the bidder, a caller) is one-hot over those same relative positions. Card kinds are one-hot or
//! counted by their place in the deck's list (the rules doc's card tables). Both paths (from the view, and
//! straight from the state) fill a [`Seen`] and share one writer, and the layout and the writer take their
//! offsets from the same [`Offsets`].

use plunder_core::{Seat, SeatSet, TensorKind, TensorLayout};

use super::cards::{Deck, MAX_KINDS};
use super::options::{MAX_CAPTAINS, MAX_CREW};
use super::state::{fresh, hand, shown, table, CallKind, CardUse, Phase, Showdown, State, DECK, DISCARD};
use super::view::{self, CallMade, View};
use super::Scallywager;
use crate::bidding::BidMade;

/// Phases, in the order of the `phase` one-hot.
const PHASES: [Phase; 7] =
    [Phase::Start, Phase::Roll, Phase::Treasure, Phase::Bidding, Phase::Answer, Phase::Draw, Phase::Over];
const FACES: usize = 6;
/// Dice slots per captain: the most crew a ship may hold.
const CREW: usize = MAX_CREW as usize;
/// Numbers per seat in `seat_bids`: the quantity, then the face one-hot.
const BID: usize = 1 + FACES;

/// Where each section starts (computed once per game value by [`tensor_sections`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Offsets {
    players: usize,
    treasure_kinds: usize,
    adventure_kinds: usize,
    len: usize,
    observer_seat: usize,
    phase: usize,
    turn: usize,
    token: usize,
    crew: usize,
    dice: usize,
    treasure: usize,
    my_adventure_hand: usize,
    my_adventure_fresh: usize,
    concealed: usize,
    revealed: usize,
    deck_sizes: usize,
    treasure_discards: usize,
    adventure_discards: usize,
    priority: usize,
    passed: usize,
    answering: usize,
    call_caller: usize,
    call_kind: usize,
    bidder: usize,
    clockwise: usize,
    bids_made: usize,
    standing_bid: usize,
    standing_bidder: usize,
    seat_bids: usize,
    forced: usize,
    black_spot: usize,
    powder_kegs: usize,
    boarders: usize,
    ghosts: usize,
    drawing: usize,
    winners: usize,
    showdown: usize,
    showdown_turn: usize,
    showdown_caller: usize,
    showdown_bidder: usize,
    showdown_bid: usize,
    showdown_call: usize,
    showdown_counted: usize,
    showdown_caller_right: usize,
    showdown_lost: usize,
    showdown_draws: usize,
    showdown_faces: usize,
    card_uses: usize,
    last_use_seat: usize,
    last_use_card: usize,
    last_use_target: usize,
    last_use_take: usize,
}

/// The observation layout for `players` captains and decks of `treasure` and `adventure` kinds, and the offsets
/// the writer uses: built by the same calls.
pub(super) fn tensor_sections(players: usize, treasure: usize, adventure: usize) -> (TensorLayout, Offsets) {
    let (p, t, a) = (players, treasure, adventure);
    let mut l = TensorLayout::new();
    let seats = |what: &str| format!("one-hot over seats (observer first, then clockwise): {what}");
    let per_seat = |what: &str| format!("per seat (observer first, then clockwise): {what}");
    let o = Offsets {
        players,
        treasure_kinds: t,
        adventure_kinds: a,
        len: 0,
        observer_seat: l.section("observer_seat", p, "one-hot: the observer's absolute seat (0 = P1)"),
        phase: l.section(
            "phase",
            PHASES.len(),
            "one-hot: choosing the first captain, rolling, Treasure window, bidding, answering a call, the \
             winner drawing, game over",
        ),
        turn: l.section("turn", 1, "count: the turn number (0 before the first)"),
        token: l.section("token", p, &seats("the Treasure Token's holder")),
        crew: l.section("crew", p, &per_seat("count of its crew (dice)")),
        dice: l.section(
            "dice",
            p * CREW * FACES,
            "the dice the observer knows, 48 per seat (observer first, then clockwise), 6 per die in cup order: \
             die d of seat i one-hot over faces 1-6 at 48 × i + 6 × d + face - 1; the observer's own once rolled, \
             another's only where looked at (Spyglass, Loose Lips) or shown to all; all 0 for unknown or rolling \
             dice",
        ),
        treasure: l.section(
            "treasure",
            p * t,
            "Treasure cards face up: count of kind k before seat i (observer first, then clockwise) at \
             kinds × i + k, k the card's place in the Treasure deck list",
        ),
        my_adventure_hand: l.section(
            "my_adventure_hand",
            a,
            "count per Adventure kind (its place in the deck list): the observer's concealed cards it may reveal \
             this turn",
        ),
        my_adventure_fresh: l.section(
            "my_adventure_fresh",
            a,
            "count per Adventure kind: the observer's card drawn this turn (usable from the next)",
        ),
        concealed: l.section("concealed", p, &per_seat("count of its concealed Adventure cards (hand and fresh)")),
        revealed: l.section(
            "revealed",
            p * a,
            "Adventure cards revealed this turn: count of kind k by seat i (observer first, then clockwise) at \
             kinds × i + k",
        ),
        deck_sizes: l.section("deck_sizes", 2, "count: cards in the Treasure draw pile, then the Adventure one"),
        treasure_discards: l.section("treasure_discards", t, "count per Treasure kind in the face-up discard pile"),
        adventure_discards: l.section("adventure_discards", a, "count per Adventure kind in the face-up discard pile"),
        priority: l.section(
            "priority",
            p,
            &seats("who may use a Treasure card, or answer the call, now; all 0 outside those windows"),
        ),
        passed: l.section("passed", p, &per_seat("1 if it has passed in this Treasure window")),
        answering: l.section("answering", p, &per_seat("1 if it may still answer the call")),
        call_caller: l.section("call_caller", p, &seats("who made the call being answered; all 0 if none")),
        call_kind: l.section("call_kind", 2, "one-hot: the call being answered is Scallywagger, Parlay; 0 if none"),
        bidder: l.section("bidder", p, &seats("whose bid it is; all 0 outside the bidding")),
        clockwise: l.section("clockwise", 1, "1 if the bidding goes clockwise this turn, 0 if reversed"),
        bids_made: l.section("bids_made", 1, "count: bids made this bidding round"),
        standing_bid: l.section(
            "standing_bid",
            BID,
            "the last bid of this round: its quantity (count), then its face one-hot over 1-6; all 0 if none",
        ),
        standing_bidder: l.section("standing_bidder", p, &seats("who made the last bid of this round")),
        seat_bids: l.section(
            "seat_bids",
            p * BID,
            "each seat's latest bid this round, 7 per seat (observer first, then clockwise): quantity at 7 × i, \
             face one-hot over 1-6 at 7 × i + face; all 0 if it has not bid (the round's earlier bids are left out)",
        ),
        forced: l.section("forced", p, &seats("the captain who must call (Black Spot); all 0 if none")),
        black_spot: l.section(
            "black_spot",
            p,
            &seats("the captain whose next bid forces the one after it to call; all 0 if none"),
        ),
        powder_kegs: l.section("powder_kegs", 1, "count: Powder Kegs revealed this turn"),
        boarders: l.section("boarders", p, &per_seat("1 if it boarded this turn (loses one more if it loses crew)")),
        ghosts: l.section("ghosts", p, &per_seat("1 if it revealed a Ghost Ship this turn (loses no crew)")),
        drawing: l.section("drawing", p, &seats("the call's winner, drawing a card; all 0 if none")),
        winners: l.section("winners", p, &per_seat("1 if it won (once the game is over)")),
        showdown: l.section("showdown", 1, "1 if a call has been settled (the showdown_ sections describe the last)"),
        showdown_turn: l.section("showdown_turn", 1, "count: the turn of the last showdown"),
        showdown_caller: l.section("showdown_caller", p, &seats("who called in the last showdown")),
        showdown_bidder: l.section("showdown_bidder", p, &seats("whose bid the last showdown judged")),
        showdown_bid: l.section(
            "showdown_bid",
            BID,
            "the bid the last showdown judged: its quantity (count), then its face one-hot over 1-6",
        ),
        showdown_call: l.section("showdown_call", 2, "one-hot: the last showdown's call was Scallywagger, Parlay"),
        showdown_counted: l.section("showdown_counted", 1, "count: dice that counted for the judged bid"),
        showdown_caller_right: l.section("showdown_caller_right", 1, "1 if the last showdown's caller was right"),
        showdown_lost: l.section("showdown_lost", p, &per_seat("count of crew it lost in the last showdown")),
        showdown_draws: l.section("showdown_draws", p, &seats("who drew a card after the last showdown")),
        showdown_faces: l.section(
            "showdown_faces",
            p * FACES,
            "the dice shown in the last showdown, counted by face: count of face f of seat i (observer first, then \
             clockwise) at 6 × i + f - 1 (each die's place in its cup is left out)",
        ),
        card_uses: l.section("card_uses", 1, "count: cards used so far in the game"),
        last_use_seat: l.section("last_use_seat", p, &seats("who used the last card used; all 0 if none yet")),
        last_use_card: l.section(
            "last_use_card",
            t + a,
            "one-hot: the last card used, Treasure kinds first then Adventure kinds, each by its place in its deck \
             list",
        ),
        last_use_target: l.section("last_use_target", p, &seats("the last card used's target captain, if any")),
        last_use_take: l.section(
            "last_use_take",
            t,
            "one-hot per Treasure kind: the card the last card used took (a theft), if any",
        ),
    };
    let len = l.len();
    (l, Offsets { len, ..o })
}

/// What the observation reads of one captain's view, filled from the view or from the state by the view's rules.
struct Seen<'a> {
    seat: Seat,
    phase: Phase,
    turn: u32,
    token: Seat,
    crew: [u8; MAX_CAPTAINS],
    /// The dice the seat knows by absolute seat and die (0: unknown or rolling).
    dice: [[u8; CREW]; MAX_CAPTAINS],
    treasure: [[u8; MAX_KINDS]; MAX_CAPTAINS],
    my_hand: [u8; MAX_KINDS],
    my_fresh: [u8; MAX_KINDS],
    concealed: [u8; MAX_CAPTAINS],
    revealed: [[u8; MAX_KINDS]; MAX_CAPTAINS],
    deck_sizes: [u32; 2],
    discards: [[u8; MAX_KINDS]; 2],
    priority: Option<Seat>,
    passed: SeatSet,
    answering: SeatSet,
    call: Option<CallMade>,
    bidder: Option<Seat>,
    clockwise: bool,
    bids: &'a [BidMade],
    forced: Option<Seat>,
    black_spot: Option<Seat>,
    powder_kegs: u8,
    boarders: SeatSet,
    ghosts: SeatSet,
    drawing: Option<Seat>,
    winners: SeatSet,
    showdown: Option<&'a Showdown>,
    /// The last showdown's dice by seat, counted by face (index face - 1).
    showdown_faces: [[u8; FACES]; MAX_CAPTAINS],
    card_uses: u32,
    last_use: Option<CardUse>,
}

/// `counts` as numbers, from `out[at]` on.
fn write_counts(out: &mut [f32], at: usize, counts: &[u8]) {
    for (slot, &count) in out[at..at + counts.len()].iter_mut().zip(counts) {
        *slot = count as f32;
    }
}

/// Counts `dice` by face into `out` (index face - 1).
fn count_faces(dice: &[u8], out: &mut [u8; FACES]) {
    for &d in dice {
        if (1..=FACES as u8).contains(&d) {
            out[d as usize - 1] += 1;
        }
    }
}

impl Scallywager {
    /// The observation from a seat's view (a spectator's view has no seat, and writes nothing).
    pub(super) fn tensor(&self, view: &View, kind: TensorKind, out: &mut [f32]) {
        let Some(seat) = view.seat else { return };
        if kind != TensorKind::Observation {
            return;
        }
        let players = self.players();
        let mut crew = [0; MAX_CAPTAINS];
        crew[..players].copy_from_slice(&view.crew[..players]);
        let mut dice = [[0; CREW]; MAX_CAPTAINS];
        for (d, face) in view.my_dice.iter().enumerate().take(CREW) {
            dice[seat.index()][d] = face.unwrap_or(0);
        }
        for k in &view.known {
            if (k.index as usize) < CREW {
                dice[k.seat.index()][k.index as usize] = k.face;
            }
        }
        let mut treasure = [[0; MAX_KINDS]; MAX_CAPTAINS];
        for (s, holdings) in view.treasure.iter().enumerate() {
            for h in holdings {
                treasure[s][h.card as usize] = h.count;
            }
        }
        let (mut my_hand, mut my_fresh) = ([0; MAX_KINDS], [0; MAX_KINDS]);
        for held in view.my_adventure.iter().filter(|h| !h.revealed) {
            // A card drawn this turn waits in `fresh`; the others are in hand (see `view::view`).
            let zone = if held.drawn_turn == view.turn { &mut my_fresh } else { &mut my_hand };
            zone[held.card as usize] += 1;
        }
        let mut concealed = [0; MAX_CAPTAINS];
        concealed[..players].copy_from_slice(&view.concealed[..players]);
        let mut revealed = [[0; MAX_KINDS]; MAX_CAPTAINS];
        for r in &view.revealed {
            revealed[r.seat.index()][r.card as usize] += 1;
        }
        let mut discards = [[0; MAX_KINDS]; 2];
        for (deck, pile) in view.discards.iter().enumerate() {
            discards[deck][..pile.len()].copy_from_slice(pile);
        }
        let mut showdown_faces = [[0; FACES]; MAX_CAPTAINS];
        if let Some(shown) = &view.last_showdown {
            for (s, cup) in shown.dice.iter().enumerate().take(players) {
                count_faces(cup, &mut showdown_faces[s]);
            }
        }
        let seen = Seen {
            seat,
            phase: view.phase,
            turn: view.turn,
            token: view.token,
            crew,
            dice,
            treasure,
            my_hand,
            my_fresh,
            concealed,
            revealed,
            deck_sizes: view.deck_sizes,
            discards,
            priority: view.priority,
            passed: view.passed,
            answering: view.answering,
            call: view.call,
            bidder: view.bidder,
            clockwise: view.clockwise,
            bids: &view.bids,
            forced: view.forced,
            black_spot: view.black_spot,
            powder_kegs: view.powder_kegs,
            boarders: view.boarders,
            ghosts: view.ghosts,
            drawing: view.drawing,
            winners: view.winners,
            showdown: view.last_showdown.as_ref().map(|s| &s.showdown),
            showdown_faces,
            card_uses: view.card_uses,
            last_use: view.last_use,
        };
        self.write_seen(&seen, out);
    }

    /// The same observation straight from the state, by the rules `view::view` applies: the seat's own dice
    /// once its turn's roll is down (a card's reroll hides only that die); another's only where the seat looked
    /// or everyone was shown, and not while rerolling; its own Adventure cards by zone, others' only counted;
    /// the windows' and the bidding's public state only in their phase.
    pub(super) fn seat_tensor(&self, state: &State, seat: Seat, kind: TensorKind, out: &mut [f32]) {
        if kind != TensorKind::Observation {
            return;
        }
        let players = self.players();
        let me = seat.index();
        let (t, a) = (self.treasure.cards.len(), self.adventure.cards.len());
        let in_play = !matches!(state.phase, Phase::Start | Phase::Over);
        let adventure = &state.cards.adventure;
        let mut crew = [0; MAX_CAPTAINS];
        let mut dice = [[0; CREW]; MAX_CAPTAINS];
        let mut treasure = [[0; MAX_KINDS]; MAX_CAPTAINS];
        let mut concealed = [0; MAX_CAPTAINS];
        let mut revealed = [[0; MAX_KINDS]; MAX_CAPTAINS];
        for owner in Seat::all(players) {
            let i = owner.index();
            crew[i] = state.crew(owner);
            let cup = state.cups.dice_of(owner);
            if i == me {
                let rolling = state.phase == Phase::Roll && state.pending[i] != 0;
                if in_play && !rolling {
                    for (d, &face) in cup.iter().enumerate().take(CREW) {
                        if state.pending[i] & (1 << d) == 0 {
                            dice[i][d] = face;
                        }
                    }
                }
            } else {
                let bits = (state.shown[i] | state.seen[me][i]) & !state.pending[i];
                for (d, &face) in cup.iter().enumerate().take(CREW) {
                    if bits & (1 << d) != 0 {
                        dice[i][d] = face;
                    }
                }
            }
            treasure[i][..t].copy_from_slice(&state.cards.treasure.counts_by_kind(table(owner))[..t]);
            concealed[i] = (adventure.count(hand(owner)) + adventure.count(fresh(owner))) as u8;
            revealed[i][..a].copy_from_slice(&adventure.counts_by_kind(shown(owner))[..a]);
        }
        let (mut my_hand, mut my_fresh) = ([0; MAX_KINDS], [0; MAX_KINDS]);
        let mut discards = [[0; MAX_KINDS]; 2];
        my_hand[..a].copy_from_slice(&adventure.counts_by_kind(hand(seat))[..a]);
        my_fresh[..a].copy_from_slice(&adventure.counts_by_kind(fresh(seat))[..a]);
        discards[1][..a].copy_from_slice(&adventure.counts_by_kind(DISCARD)[..a]);
        discards[0][..t].copy_from_slice(&state.cards.treasure.counts_by_kind(DISCARD)[..t]);
        let mut showdown_faces = [[0; FACES]; MAX_CAPTAINS];
        if let Some(s) = &state.showdown {
            for owner in Seat::all(players) {
                count_faces(s.cups.dice_of(owner), &mut showdown_faces[owner.index()]);
            }
        }
        let seen = Seen {
            seat,
            phase: state.phase,
            turn: state.turn,
            token: state.token,
            crew,
            dice,
            treasure,
            my_hand,
            my_fresh,
            concealed,
            revealed,
            deck_sizes: [Deck::Treasure, Deck::Adventure].map(|d| state.cards.get(d).count(DECK) as u32),
            discards,
            priority: view::priority(state),
            passed: view::passed(state),
            answering: view::answering(state),
            call: view::call(state),
            bidder: (state.phase == Phase::Bidding).then_some(state.bidder),
            clockwise: state.clockwise,
            bids: state.bids.as_slice(),
            forced: state.forced,
            black_spot: state.force_after,
            powder_kegs: state.keg,
            boarders: state.boarders,
            ghosts: state.ghosts,
            drawing: state.draw.drawer(),
            winners: state.winners,
            showdown: state.showdown.as_ref(),
            showdown_faces,
            card_uses: state.card_uses,
            last_use: state.last_use,
        };
        self.write_seen(&seen, out);
    }

    fn write_seen(&self, seen: &Seen<'_>, out: &mut [f32]) {
        let o = &self.offsets;
        let (p, t, a) = (o.players, o.treasure_kinds, o.adventure_kinds);
        let me = seen.seat.index();
        // The relative position of absolute seat `s`: 0 for the observer, then clockwise.
        let rel = |s: Seat| s.places_after(seen.seat, p);
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        let one_hot_seat = |out: &mut [f32], at: usize, s: Option<Seat>| {
            if let Some(s) = s.filter(|s| s.index() < p) {
                out[at + rel(s)] = 1.0;
            }
        };
        let write_bid = |out: &mut [f32], at: usize, quantity: u8, face: u8| {
            out[at] = quantity as f32;
            if (1..=FACES as u8).contains(&face) {
                out[at + face as usize] = 1.0;
            }
        };
        out[o.observer_seat + me] = 1.0;
        if let Some(i) = PHASES.iter().position(|&ph| ph == seen.phase) {
            out[o.phase + i] = 1.0;
        }
        out[o.turn] = seen.turn as f32;
        one_hot_seat(out, o.token, Some(seen.token));
        for s in Seat::all(p) {
            let (i, r) = (s.index(), rel(s));
            out[o.crew + r] = seen.crew[i] as f32;
            for (d, &face) in seen.dice[i].iter().enumerate() {
                if (1..=FACES as u8).contains(&face) {
                    out[o.dice + CREW * FACES * r + FACES * d + face as usize - 1] = 1.0;
                }
            }
            write_counts(out, o.treasure + t * r, &seen.treasure[i][..t]);
            out[o.concealed + r] = seen.concealed[i] as f32;
            write_counts(out, o.revealed + a * r, &seen.revealed[i][..a]);
            out[o.passed + r] = flag(seen.passed.contains(s));
            out[o.answering + r] = flag(seen.answering.contains(s));
            out[o.boarders + r] = flag(seen.boarders.contains(s));
            out[o.ghosts + r] = flag(seen.ghosts.contains(s));
            out[o.winners + r] = flag(seen.winners.contains(s));
            write_counts(out, o.showdown_faces + FACES * r, &seen.showdown_faces[i]);
        }
        write_counts(out, o.my_adventure_hand, &seen.my_hand[..a]);
        write_counts(out, o.my_adventure_fresh, &seen.my_fresh[..a]);
        write_counts(out, o.adventure_discards, &seen.discards[1][..a]);
        write_counts(out, o.treasure_discards, &seen.discards[0][..t]);
        out[o.deck_sizes] = seen.deck_sizes[0] as f32;
        out[o.deck_sizes + 1] = seen.deck_sizes[1] as f32;
        one_hot_seat(out, o.priority, seen.priority);
        if let Some(call) = seen.call {
            one_hot_seat(out, o.call_caller, Some(call.caller));
            out[o.call_kind + call_index(call.call)] = 1.0;
        }
        one_hot_seat(out, o.bidder, seen.bidder);
        out[o.clockwise] = flag(seen.clockwise);
        out[o.bids_made] = seen.bids.len() as f32;
        if let Some(last) = seen.bids.last() {
            write_bid(out, o.standing_bid, last.bid.quantity, last.bid.face);
            one_hot_seat(out, o.standing_bidder, Some(last.seat));
        }
        // Each seat's latest bid: later bids overwrite earlier ones.
        for made in seen.bids.iter().filter(|b| b.seat.index() < p) {
            let at = o.seat_bids + BID * rel(made.seat);
            out[at..at + BID].fill(0.0);
            write_bid(out, at, made.bid.quantity, made.bid.face);
        }
        one_hot_seat(out, o.forced, seen.forced);
        one_hot_seat(out, o.black_spot, seen.black_spot);
        out[o.powder_kegs] = seen.powder_kegs as f32;
        one_hot_seat(out, o.drawing, seen.drawing);
        if let Some(s) = seen.showdown {
            out[o.showdown] = 1.0;
            out[o.showdown_turn] = s.turn as f32;
            one_hot_seat(out, o.showdown_caller, Some(s.caller));
            one_hot_seat(out, o.showdown_bidder, Some(s.bidder));
            write_bid(out, o.showdown_bid, s.bid.quantity, s.bid.face);
            out[o.showdown_call + call_index(s.call)] = 1.0;
            out[o.showdown_counted] = s.counted as f32;
            out[o.showdown_caller_right] = flag(s.caller_right);
            for seat in Seat::all(p) {
                out[o.showdown_lost + rel(seat)] = s.lost[seat.index()] as f32;
            }
            one_hot_seat(out, o.showdown_draws, s.draws);
        }
        out[o.card_uses] = seen.card_uses as f32;
        if let Some(u) = seen.last_use {
            one_hot_seat(out, o.last_use_seat, Some(u.seat));
            let (first, kinds) = match u.deck {
                Deck::Treasure => (0, t),
                Deck::Adventure => (t, a),
            };
            if (u.card as usize) < kinds {
                out[o.last_use_card + first + u.card as usize] = 1.0;
            }
            one_hot_seat(out, o.last_use_target, u.target);
            if let Some(take) = u.take.filter(|&k| (k as usize) < t) {
                out[o.last_use_take + take as usize] = 1.0;
            }
        }
    }

    pub(super) fn tensor_size(&self) -> usize {
        self.offsets.len
    }
}

fn call_index(call: CallKind) -> usize {
    match call {
        CallKind::Scallywagger => 0,
        CallKind::Parlay => 1,
    }
}

#[cfg(test)]
mod tests {
    use plunder_core::{conformance, encoding, Game, Rng, Seat, TensorKind};

    use super::super::{Action, Options, Scallywager};

    /// Random games of 2 to 5 captains, cards used as often as possible (so that peeks, rerolls, thefts and
    /// reveals happen): at every decision, every seat's observation without the view is the view's.
    #[test]
    fn the_view_free_observation_is_the_views_for_every_seat_with_cards_in_play() {
        let mut compared = 0;
        for seed in 0..24 {
            let game = Scallywager::new(Options::for_players(2 + (seed % 4) as u8)).unwrap();
            let len = encoding::tensor_len(&game, TensorKind::Observation);
            assert_eq!(Some(len), game.tensor_layout(TensorKind::Observation).map(|l| l.len()));
            let choose = |legal: &[Action], rng: &mut Rng| {
                let uses: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Use { .. })).collect();
                if !uses.is_empty() && rng.index(3) > 0 {
                    uses[rng.index(uses.len())]
                } else {
                    legal[rng.index(legal.len())]
                }
            };
            conformance::each_decision(&game, seed, 1_000_000, choose, |state| {
                for seat in Seat::all(game.seats()) {
                    let (mut fast, mut slow) = (vec![f32::NAN; len], vec![f32::NAN; len]);
                    encoding::write_tensor(&game, state, seat, TensorKind::Observation, &mut fast);
                    encoding::write_view_tensor(&game, state, seat, TensorKind::Observation, &mut slow);
                    assert_eq!(fast, slow, "seed {seed}, {seat}");
                    compared += 1;
                }
            });
        }
        assert!(compared > 1000, "{compared} observations compared");
    }

    #[test]
    fn the_layout_is_fixed_by_the_table_and_the_decks() {
        for players in 2..=5u8 {
            let game = Scallywager::new(Options::for_players(players)).unwrap();
            let layout = game.tensor_layout(TensorKind::Observation).unwrap();
            layout.check().unwrap();
            assert_eq!(Some(layout.len()), game.tensor_len(TensorKind::Observation));
            assert_eq!(game.tensor_len(TensorKind::InformationState), None);
        }
    }
}
