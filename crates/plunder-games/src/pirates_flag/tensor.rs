//! The Pirate's Flag's observation tensor (`docs/rules/pirates-flag.md`, "Tensors"): named sections, from one
//! seat's view only. Seats are seat-relative: a block or slot per seat starts with the observing seat, then the
//! next in turn order. Sizes come from the game value: players, the board's length, the deck's and the captain
//! file's entries (options may replace all three), so the length is fixed for a game and never changes in play.
//!
//! Bounded summaries: the stack of waiting plays shows its size, its items counted by kind, and the top
//! [`STACK_TOP`] items in full; the log of past events is not encoded (the board, the hands' sizes, the discard
//! pile and the queued modifiers are what it left behind). The information state is the core's: this
//! observation followed by the seat's own action counts.
//!
//! [`PiratesFlag::write_seat_tensor`] reads the state straight through the view's rules (the seat's own hand, the
//! public rest; `view::priority` and `view::others_passed` are the view's own functions), into the same [`Seen`]
//! the view path fills, so both write through one writer.

use plunder_core::{Seat, SeatSet, TensorLayout};

use super::data::{Effect, RedirectTo, SpaceKind};
use super::options::MAX_PLAYERS;
use super::state::{hand, Flag, ItemKind, Mods, Move, Phase, Roll, State, DECK, DISCARD};
use super::view::{self, StackItem, View};
use super::PiratesFlag;
use super::Target;

/// The waiting plays shown in full, from the top of the stack down.
pub(crate) const STACK_TOP: usize = 4;
/// Kinds of stack items: action card, captain's ability, movement roll, battle, roll result.
const ITEM_KINDS: usize = 5;
/// Numbers per block of queued roll modifiers ([`write_mods`]).
const MODS: usize = 7;
/// Roll scopes a modifier waits for: any roll, a movement roll, a battle roll.
const SCOPES: usize = 3;
/// Numbers per roll besides its seat and faces: dice to roll, dice rolled, after-roll adjustment, value.
const ROLL_NUMBERS: usize = 4;
/// Dice per roll at most, and faces per die.
const DICE: usize = 3;
const FACES: usize = 6;
/// Rolls in a roll result at most (a battle's attacker and defender).
const ROLLS: usize = 2;

const MODS_MEANING: &str = "add to the roll, times doubled, extra dice, 1 if every die is set to a value, that \
                            value, 1 if the movement must head for The Dread Sea, 1 if it must head away";

/// Where each section starts, worked out once per game value ([`tensor_sections`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Offsets {
    len: usize,
    players: usize,
    spaces: usize,
    deck: usize,
    captains: usize,
    board_trading_post: usize,
    board_hazard_on: usize,
    board_hazard_back: usize,
    board_dock_after: usize,
    board_waterfall: usize,
    board_waterfall_foot: usize,
    observer: usize,
    phase: usize,
    round: usize,
    active: usize,
    ship_space: usize,
    flag_on_dread_ship: usize,
    flag_carrier: usize,
    flag_loose: usize,
    first_taker: usize,
    movement_dice: usize,
    captain: usize,
    captain_used: usize,
    hand_size: usize,
    my_hand: usize,
    draw_pile: usize,
    discard_count: usize,
    discard_pile: usize,
    modifiers: usize,
    roll_off: usize,
    stack_size: usize,
    stack_frames: usize,
    stack_kind_counts: usize,
    stack_by: usize,
    stack_kind: usize,
    stack_card: usize,
    stack_captain: usize,
    stack_target_seat: usize,
    stack_target_item: usize,
    stack_target_roll: usize,
    stack_chosen_number: usize,
    stack_chosen_way: usize,
    stack_chosen_card: usize,
    stack_chosen_seat: usize,
    stack_flags: usize,
    stack_seat: usize,
    stack_defender: usize,
    stack_ties: usize,
    roll_seat: usize,
    roll_numbers: usize,
    roll_faces: usize,
    roll_modifiers: usize,
    last_roll_seat: usize,
    last_roll_numbers: usize,
    last_roll_faces: usize,
    last_roll_modifiers: usize,
    moving_seat: usize,
    moving_steps: usize,
    moving_ways: usize,
    moving_flags: usize,
    moving_options: usize,
    escaping: usize,
    priority: usize,
    others_passed: usize,
    auto_passing: usize,
    main_done: usize,
    battle_right: usize,
    visiting: usize,
    traded: usize,
    silenced: usize,
    shielded: usize,
    winner: usize,
}

/// The layout and its offsets, from the same calls: `players`, the board's `spaces`, the `deck`'s cards and the
/// `captains`' entries.
pub(crate) fn tensor_sections(players: usize, spaces: usize, deck: usize, captains: usize) -> (TensorLayout, Offsets) {
    let (p, l, d, c, t) = (players, spaces, deck, captains, STACK_TOP);
    let mut layout = TensorLayout::new();
    let s = &mut layout;
    let mut o = Offsets { players, spaces, deck, captains, ..Offsets::default() };
    // The board (the same all game; options may replace it).
    o.board_trading_post = s.section("board_trading_post", l, "1 if space i + 1 is a Trading Post");
    o.board_hazard_on =
        s.section("board_hazard_on", l, "1 if space i + 1 is a +1 hazard (a ship ending there goes one more space on)");
    o.board_hazard_back =
        s.section("board_hazard_back", l, "1 if space i + 1 is a -1 hazard (a ship ending there goes one space back)");
    o.board_dock_after = s.section("board_dock_after", l - 1, "1 if a dock lies between space i + 1 and space i + 2");
    o.board_waterfall = s.section(
        "board_waterfall",
        l,
        "the waterfall whose top is space i + 1: its foot minus its top in spaces (positive: away from The Dread \
         Sea; 0: no waterfall there)",
    );
    o.board_waterfall_foot = s.section("board_waterfall_foot", l, "1 if space i + 1 is a waterfall's foot");
    // Whose view, the phase, the turn.
    o.observer = s.section("observer", p, "one-hot: the observing seat's absolute number (0-based)");
    o.phase = s.section("phase", 4, "one-hot: captains being dealt, the roll for first player, play, game over");
    o.round = s.section("round", 1, "the round number (a count)");
    o.active = s.section("active", p, "one-hot per seat (observer first, then in turn order): whose turn it is");
    // Ships, flag, captains, hands.
    o.ship_space = s.section(
        "ship_space",
        p * (l + 1),
        "per seat (observer first, then in turn order) a block of spaces + 1: one-hot of its ship's space, 0 The \
         Dread Sea, the last The Dread Captain's ship",
    );
    o.flag_on_dread_ship = s.section("flag_on_dread_ship", 1, "1 while the flag is on The Dread Captain's ship");
    o.flag_carrier =
        s.section("flag_carrier", p, "one-hot per seat (observer first, then in turn order): who carries the flag");
    o.flag_loose = s.section("flag_loose", l, "one-hot: the flag lies loose in open water on space i + 1");
    o.first_taker = s.section(
        "first_taker",
        p,
        "one-hot per seat (observer first, then in turn order): who first took the flag from the Dread Captain",
    );
    o.movement_dice =
        s.section("movement_dice", 1, "dice of a movement roll now: 2 until the flag is first taken, then 1");
    o.captain = s.section(
        "captain",
        p * c,
        "per seat (observer first, then in turn order) a block of the captain file's entries: one-hot of its \
         captain (all 0 while captains are being dealt)",
    );
    o.captain_used = s.section(
        "captain_used",
        p,
        "per seat (observer first, then in turn order): 1 if its captain's once-per-game ability is used",
    );
    o.hand_size = s.section("hand_size", p, "per seat (observer first, then in turn order): cards in its hand");
    o.my_hand = s.section("my_hand", d, "multi-hot: the observer holds card i (its place in the deck file)");
    o.draw_pile = s.section("draw_pile", 1, "cards in the draw pile");
    o.discard_count = s.section("discard_count", 1, "cards in the face-up discard pile");
    o.discard_pile =
        s.section("discard_pile", d, "multi-hot: card i (its place in the deck file) is in the discard pile");
    o.modifiers = s.section(
        "modifiers",
        p * SCOPES * MODS,
        &format!(
            "roll modifiers queued on each seat (observer first, then in turn order), per seat 3 blocks (for any \
             roll, a movement roll, a battle roll) of {MODS}: {MODS_MEANING}"
        ),
    );
    o.roll_off = s.section(
        "roll_off",
        p * 2 * FACES,
        "the roll for first player (its last round): per seat (observer first, then in turn order) 2 dice, each \
         one-hot over faces 1-6 (all 0: not rolled)",
    );
    // The stack of waiting plays: a summary, then the top items.
    o.stack_size = s.section("stack_size", 1, "items waiting on the stack, all of them");
    o.stack_frames = s.section("stack_frames", 1, "frames open (2 while a roll just made waits for answers)");
    o.stack_kind_counts = s.section(
        "stack_kind_counts",
        ITEM_KINDS,
        "items on the whole stack by kind (counts): action cards, captains' abilities, movement rolls, battles, \
         roll results",
    );
    let top = |what: &str| format!("for each of the top {t} stack items (top first, all 0 where none) {what}");
    o.stack_by = s.section(
        "stack_by",
        t * (p + 1),
        &top("a block of players + 1: one-hot of who played it (observer first, then in turn order; last: the rules)"),
    );
    o.stack_kind = s.section(
        "stack_kind",
        t * ITEM_KINDS,
        &top("one-hot of its kind: action card, captain's ability, movement roll, battle, roll result"),
    );
    o.stack_card = s.section("stack_card", t * d, &top("a block of the deck: one-hot of the action card"));
    o.stack_captain = s.section(
        "stack_captain",
        t * c,
        &top("a block of the captain file: one-hot of the captain whose ability it is"),
    );
    o.stack_target_seat = s.section(
        "stack_target_seat",
        t * p,
        &top("one-hot of the seat or ship a card aims at (observer first, then in turn order)"),
    );
    o.stack_target_item = s.section(
        "stack_target_item",
        t * (t + 1),
        &top(&format!(
            "a block of {}: one-hot of the stack item a card aims at, by its place from the top (0 the top), the \
             last slot: lower on the stack or gone",
            t + 1
        )),
    );
    o.stack_target_roll = s.section(
        "stack_target_roll",
        t * ROLLS,
        &top("one-hot of the roll a card aims at: the first roll (mover, attacker), the defender's"),
    );
    o.stack_chosen_number = s.section(
        "stack_chosen_number",
        t,
        &top("the number chosen when the card was played: steps of an \"up to\" move, or the value dice are set to"),
    );
    o.stack_chosen_way = s.section(
        "stack_chosen_way",
        t * 2,
        &top("for a card moving ships: one-hot of the way chosen, towards The Dread Sea, away from it"),
    );
    o.stack_chosen_card =
        s.section("stack_chosen_card", t * d, &top("a block of the deck: one-hot of the card a trading card discards"));
    o.stack_chosen_seat = s.section(
        "stack_chosen_seat",
        t * p,
        &top("one-hot of the new target seat a redirecting card chose (observer first, then in turn order)"),
    );
    o.stack_flags = s.section(
        "stack_flags",
        t * 3,
        &top("3 booleans: a card redirected back at its player, a movement roll to escape, a ranged battle"),
    );
    o.stack_seat = s.section(
        "stack_seat",
        t * p,
        &top("one-hot of a movement roll's roller or a battle's attacker (observer first, then in turn order)"),
    );
    o.stack_defender =
        s.section("stack_defender", t * p, &top("one-hot of a battle's defender (observer first, then in turn order)"));
    o.stack_ties = s.section("stack_ties", t, &top("a battle's ties so far (a count)"));
    // The rolls being made and the last roll made.
    for (last, name) in [(false, "roll"), (true, "last_roll")] {
        let which = if last { "the last roll made (its dice stay on the table)" } else { "the roll being made" };
        let seat = s.section(
            &format!("{name}_seat"),
            ROLLS * p,
            &format!(
                "{which}: per roll (the mover or attacker, then the defender) one-hot of the seat rolling (observer \
                 first, then in turn order); all 0 where none"
            ),
        );
        let numbers = s.section(
            &format!("{name}_numbers"),
            ROLLS * ROLL_NUMBERS,
            &format!("{which}: per roll 4 counts: dice to roll, dice rolled, after-roll adjustment, the roll's value"),
        );
        let faces = s.section(
            &format!("{name}_faces"),
            ROLLS * DICE * FACES,
            &format!("{which}: per roll 3 dice, each one-hot over faces 1-6 (all 0: not rolled)"),
        );
        let mods = s.section(
            &format!("{name}_modifiers"),
            ROLLS * MODS,
            &format!("{which}: per roll its modifiers: {MODS_MEANING}"),
        );
        if last {
            (o.last_roll_seat, o.last_roll_numbers, o.last_roll_faces, o.last_roll_modifiers) =
                (seat, numbers, faces, mods);
        } else {
            (o.roll_seat, o.roll_numbers, o.roll_faces, o.roll_modifiers) = (seat, numbers, faces, mods);
        }
    }
    // A ship's own movement in progress.
    o.moving_seat = s.section(
        "moving_seat",
        p,
        "one-hot per seat (observer first, then in turn order): whose ship is making its own movement",
    );
    o.moving_steps = s.section("moving_steps", 1, "steps the moving ship still has to go");
    o.moving_ways = s.section(
        "moving_ways",
        6,
        "one-hot pairs (towards The Dread Sea, away from it): the way it is going, the way of its last step, the \
         way it must take",
    );
    o.moving_flags = s.section(
        "moving_flags",
        5,
        "booleans: heading for the flag, may stop to battle, may choose its way anew here, may stop here, waits for \
         its player's choice",
    );
    o.moving_options = s.section(
        "moving_options",
        4,
        "booleans, the choices offered at its pause: go towards The Dread Sea, go away from it, stop, go down the \
         waterfall",
    );
    // The turn's window and its flags.
    let per_seat = |what: &str| format!("per seat (observer first, then in turn order): {what}");
    o.escaping = s.section("escaping", p, &per_seat("one-hot of a battle's winner choosing whether to roll to escape"));
    o.priority = s.section("priority", p, &per_seat("one-hot of the seat holding priority over the stack"));
    o.others_passed = s.section(
        "others_passed",
        1,
        "1 if everyone but the priority holder passed over the top item (its pass lets the item resolve)",
    );
    o.auto_passing = s.section("auto_passing", p, &per_seat("1 if it declared auto-pass this turn"));
    o.main_done = s.section("main_done", 1, "1 once the player whose turn it is took the main action");
    o.battle_right = s.section(
        "battle_right",
        1,
        "1 while the player whose turn it is, its movement stopped on the flag carrier's space, may still battle",
    );
    o.visiting = s.section("visiting", p, &per_seat("1 if its ship is visiting a Trading Post"));
    o.traded = s.section("traded", p, &per_seat("1 if it traded on its ship's current Trading Post visit"));
    o.silenced = s.section("silenced", p, &per_seat("1 if it is silenced (may play no cards)"));
    o.shielded = s.section("shielded", p, &per_seat("1 if a shield card protects it"));
    o.winner = s.section("winner", p, &per_seat("one-hot of the winner"));
    o.len = layout.len();
    (layout, o)
}

/// What the tensor reads of one seat's information: filled from its view or, the same way, from the state.
struct Seen<'a> {
    seat: Seat,
    phase: Phase,
    round: u32,
    /// Each seat's roll-off dice (empty, or 0s, before the first die).
    roll_off: &'a [[u8; 2]],
    active: Seat,
    positions: &'a [u8],
    flag: Flag,
    first_taker: Option<Seat>,
    movement_dice: u8,
    captains: &'a [u8],
    captains_used: SeatSet,
    hand_sizes: [u8; MAX_PLAYERS],
    /// Bit k: the observer holds card k.
    my_hand: u64,
    pile: u8,
    discards: u8,
    /// Bit k: card k is in the discard pile.
    discard_pile: u64,
    mods: [[Mods; SCOPES]; MAX_PLAYERS],
    stack: StackSummary,
    frames: u8,
    rolls: &'a [Roll],
    last_rolls: &'a [Roll],
    moving: Option<Move>,
    escaping: Option<Seat>,
    priority: Option<Seat>,
    others_passed: bool,
    auto_passing: SeatSet,
    main_done: bool,
    battle_right: bool,
    visiting: SeatSet,
    traded: SeatSet,
    silenced: SeatSet,
    shielded: SeatSet,
    winner: Option<Seat>,
}

/// The stack in bounded form: its size, its items by kind, its top items (top first).
struct StackSummary {
    size: usize,
    counts: [u16; ITEM_KINDS],
    top: [Option<StackItem>; STACK_TOP],
}

impl StackSummary {
    /// From the items, bottom first.
    fn of(items: impl Iterator<Item = StackItem>) -> StackSummary {
        let mut summary = StackSummary { size: 0, counts: [0; ITEM_KINDS], top: [None; STACK_TOP] };
        for item in items {
            summary.size += 1;
            summary.counts[kind_index(&item.item)] += 1;
            summary.top.rotate_right(1);
            summary.top[0] = Some(item);
        }
        summary
    }
}

fn kind_index(kind: &ItemKind) -> usize {
    match kind {
        ItemKind::Card { captain: false, .. } => 0,
        ItemKind::Card { captain: true, .. } => 1,
        ItemKind::MovementRoll { .. } => 2,
        ItemKind::Battle { .. } => 3,
        ItemKind::RollResult => 4,
    }
}

fn bits(cards: &[u8]) -> u64 {
    cards.iter().filter(|&&c| c < 64).fold(0, |b, &c| b | 1 << c)
}

fn flag(b: bool) -> f32 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// The modifiers' numbers ([`MODS_MEANING`]) into `out` (of [`MODS`]).
fn write_mods(m: &Mods, out: &mut [f32]) {
    out[0] = f32::from(m.add);
    out[1] = f32::from(m.doubles);
    out[2] = f32::from(m.extra);
    if let Some(v) = m.set {
        out[3] = 1.0;
        out[4] = f32::from(v);
    }
    match m.dir {
        Some(super::Dir::Sea) => out[5] = 1.0,
        Some(super::Dir::Far) => out[6] = 1.0,
        None => {}
    }
}

fn way(dir: super::Dir) -> usize {
    match dir {
        super::Dir::Sea => 0,
        super::Dir::Far => 1,
    }
}

impl PiratesFlag {
    /// The tensor of a seat's view (nothing for a spectator's).
    pub(super) fn tensor(&self, view: &View, out: &mut [f32]) {
        let Some(seat) = view.seat else { return };
        let players = self.players();
        let mut hand_sizes = [0; MAX_PLAYERS];
        hand_sizes[..players].copy_from_slice(&view.hand_sizes[..players]);
        let mut mods = [[Mods::default(); SCOPES]; MAX_PLAYERS];
        for &(s, scope, m) in &view.modifiers {
            mods[s.index()][scope as usize] = m;
        }
        let seen = Seen {
            seat,
            phase: view.phase,
            round: view.round,
            roll_off: &view.roll_off,
            active: view.active,
            positions: &view.positions,
            flag: view.flag,
            first_taker: view.first_taker,
            movement_dice: view.movement_dice,
            captains: &view.captains,
            captains_used: view.captains_used,
            hand_sizes,
            my_hand: bits(&view.my_hand),
            pile: view.pile,
            discards: view.discards,
            discard_pile: bits(&view.discard_pile),
            mods,
            stack: StackSummary::of(view.stack.iter().copied()),
            frames: view.frames,
            rolls: &view.rolls,
            last_rolls: &view.last_rolls,
            moving: view.moving,
            escaping: view.escaping,
            priority: view.priority,
            others_passed: view.others_passed,
            auto_passing: view.auto_passing,
            main_done: view.main_done,
            battle_right: view.battle_right,
            visiting: view.visiting,
            traded: view.traded,
            silenced: view.silenced,
            shielded: view.shielded,
            winner: view.winner,
        };
        self.write_seen(&seen, out);
    }

    /// The same tensor straight from the state, read as `view::view` reads it for `seat`: its own hand (no
    /// other), and the public rest.
    pub(super) fn seat_tensor(&self, state: &State, seat: Seat, out: &mut [f32]) {
        let players = self.players();
        let mut hand_sizes = [0; MAX_PLAYERS];
        for s in Seat::all(players) {
            hand_sizes[s.index()] = state.hand_size(s) as u8;
        }
        let seen = Seen {
            seat,
            phase: state.phase,
            round: state.round,
            roll_off: &state.roll_off.faces[..players],
            active: state.active,
            positions: &state.pos[..players],
            flag: state.flag,
            first_taker: state.first_taker,
            movement_dice: if state.first_taker.is_some() { 1 } else { 2 },
            captains: &state.captain[..(state.dealt as usize).min(players)],
            captains_used: state.captain_used,
            hand_sizes,
            my_hand: state.cards.kinds_in(hand(seat)),
            pile: state.cards.count(DECK) as u8,
            discards: state.cards.count(DISCARD) as u8,
            discard_pile: state.cards.kinds_in(DISCARD),
            mods: state.mods,
            stack: StackSummary::of(state.window.stack().map(|e| StackItem {
                id: e.item.id,
                by: e.by,
                item: e.item.kind,
            })),
            frames: state.window.frames() as u8,
            rolls: state.rolls.list(),
            last_rolls: state.last_rolls.list(),
            moving: state.mv,
            escaping: state.escape,
            priority: view::priority(state),
            others_passed: view::others_passed(state),
            auto_passing: state.window.auto_passing(),
            main_done: state.main_done,
            battle_right: state.battle_right,
            visiting: state.visiting,
            traded: state.traded,
            silenced: state.silenced,
            shielded: state.shield_turn.union(state.shield_next),
            winner: state.winner,
        };
        self.write_seen(&seen, out);
    }

    fn write_seen(&self, seen: &Seen<'_>, out: &mut [f32]) {
        let o = &self.tensor;
        let (p, l, d, c) = (o.players, o.spaces, o.deck, o.captains);
        // Seat-relative place: the observer 0, the next seat in turn order 1, ...
        let rel = |s: Seat| s.places_after(seen.seat, p);
        let one_seat = |out: &mut [f32], at: usize, s: Option<Seat>| {
            if let Some(s) = s.filter(|s| s.index() < p) {
                out[at + rel(s)] = 1.0;
            }
        };
        let seat_set = |out: &mut [f32], at: usize, set: SeatSet| {
            for s in Seat::all(p).filter(|&s| set.contains(s)) {
                out[at + rel(s)] = 1.0;
            }
        };

        // The board.
        let b = &self.board;
        for space in 1..=l {
            let i = space - 1;
            out[o.board_trading_post + i] = flag(b.kind[space] == SpaceKind::TradingPost);
            out[o.board_hazard_on + i] = flag(b.kind[space] == SpaceKind::Hazard && b.shift[space] > 0);
            out[o.board_hazard_back + i] = flag(b.kind[space] == SpaceKind::Hazard && b.shift[space] < 0);
            if space < l {
                out[o.board_dock_after + i] = flag(b.dock_after[space]);
            }
            let foot = b.fall[space] as usize;
            if foot > 0 {
                out[o.board_waterfall + i] = foot as f32 - space as f32;
                if (1..=l).contains(&foot) {
                    out[o.board_waterfall_foot + foot - 1] = 1.0;
                }
            }
        }

        out[o.observer + seen.seat.index()] = 1.0;
        let phase = match seen.phase {
            Phase::Deal => 0,
            Phase::Start => 1,
            Phase::Play => 2,
            Phase::Over => 3,
        };
        out[o.phase + phase] = 1.0;
        out[o.round] = seen.round as f32;
        one_seat(out, o.active, Some(seen.active));

        for s in Seat::all(p) {
            let r = rel(s);
            let space = seen.positions[s.index()] as usize;
            if space <= l {
                out[o.ship_space + r * (l + 1) + space] = 1.0;
            }
            if let Some(&captain) = seen.captains.get(s.index()).filter(|_| seen.phase != Phase::Deal) {
                if (captain as usize) < c {
                    out[o.captain + r * c + captain as usize] = 1.0;
                }
            }
            out[o.hand_size + r] = f32::from(seen.hand_sizes[s.index()]);
            for (scope, m) in seen.mods[s.index()].iter().enumerate() {
                write_mods(m, &mut out[o.modifiers + (r * SCOPES + scope) * MODS..][..MODS]);
            }
            if let Some(dice) = seen.roll_off.get(s.index()) {
                for (k, &face) in dice.iter().enumerate() {
                    if (1..=FACES as u8).contains(&face) {
                        out[o.roll_off + (r * 2 + k) * FACES + face as usize - 1] = 1.0;
                    }
                }
            }
        }
        seat_set(out, o.captain_used, seen.captains_used);

        match seen.flag {
            Flag::DreadShip => out[o.flag_on_dread_ship] = 1.0,
            Flag::Carried { seat } => one_seat(out, o.flag_carrier, Some(seat)),
            Flag::Loose { space } => {
                if (1..=l).contains(&(space as usize)) {
                    out[o.flag_loose + space as usize - 1] = 1.0;
                }
            }
        }
        one_seat(out, o.first_taker, seen.first_taker);
        out[o.movement_dice] = f32::from(seen.movement_dice);

        for k in plunder_core::zones::kinds(seen.my_hand).filter(|&k| (k as usize) < d) {
            out[o.my_hand + k as usize] = 1.0;
        }
        out[o.draw_pile] = f32::from(seen.pile);
        out[o.discard_count] = f32::from(seen.discards);
        for k in plunder_core::zones::kinds(seen.discard_pile).filter(|&k| (k as usize) < d) {
            out[o.discard_pile + k as usize] = 1.0;
        }

        // The stack.
        let st = &seen.stack;
        out[o.stack_size] = st.size as f32;
        out[o.stack_frames] = f32::from(seen.frames);
        for (k, &n) in st.counts.iter().enumerate() {
            out[o.stack_kind_counts + k] = f32::from(n);
        }
        for (i, item) in st.top.iter().enumerate() {
            let Some(item) = item else { continue };
            match item.by {
                Some(s) => one_seat(out, o.stack_by + i * (p + 1), Some(s)),
                None => out[o.stack_by + i * (p + 1) + p] = 1.0,
            }
            out[o.stack_kind + i * ITEM_KINDS + kind_index(&item.item)] = 1.0;
            match item.item {
                ItemKind::Card { card, captain, target, choice, mirrored } => {
                    let (list, width, at) =
                        if captain { (&self.captains, c, o.stack_captain) } else { (&self.deck, d, o.stack_card) };
                    if (card as usize) < width {
                        out[at + i * width + card as usize] = 1.0;
                    }
                    match target {
                        Target::None => {}
                        Target::Seat { seat } => one_seat(out, o.stack_target_seat + i * p, Some(seat)),
                        Target::Item { id } => {
                            let place = st.top.iter().position(|t| t.is_some_and(|t| t.id == id)).unwrap_or(STACK_TOP);
                            out[o.stack_target_item + i * (STACK_TOP + 1) + place] = 1.0;
                        }
                        Target::Roll { index } => {
                            if (index as usize) < ROLLS {
                                out[o.stack_target_roll + i * ROLLS + index as usize] = 1.0;
                            }
                        }
                    }
                    if let Some(entry) = list.entries.get(card as usize) {
                        match &entry.effect {
                            Effect::MoveOwn { up_to: true, .. } => out[o.stack_chosen_number + i] = f32::from(choice),
                            Effect::MoveShip { up_to, .. } => {
                                if *up_to {
                                    out[o.stack_chosen_number + i] = f32::from(choice / 2 + 1);
                                }
                                out[o.stack_chosen_way + i * 2 + usize::from(choice % 2)] = 1.0;
                            }
                            e @ Effect::ModifyRoll { .. } if e.set_dice() == Some(None) => {
                                out[o.stack_chosen_number + i] = f32::from(choice)
                            }
                            Effect::Trade { .. } if (choice as usize) < d => {
                                out[o.stack_chosen_card + i * d + choice as usize] = 1.0;
                            }
                            Effect::Redirect { to: RedirectTo::Chosen } => {
                                one_seat(out, o.stack_chosen_seat + i * p, Some(Seat(choice)))
                            }
                            _ => {}
                        }
                    }
                    out[o.stack_flags + i * 3] = flag(mirrored);
                }
                ItemKind::MovementRoll { seat, escape } => {
                    one_seat(out, o.stack_seat + i * p, Some(seat));
                    out[o.stack_flags + i * 3 + 1] = flag(escape);
                }
                ItemKind::Battle { attacker, defender, ranged, ties } => {
                    one_seat(out, o.stack_seat + i * p, Some(attacker));
                    one_seat(out, o.stack_defender + i * p, Some(defender));
                    out[o.stack_flags + i * 3 + 2] = flag(ranged);
                    out[o.stack_ties + i] = f32::from(ties);
                }
                ItemKind::RollResult => {}
            }
        }

        // The rolls.
        for (rolls, seat_at, numbers_at, faces_at, mods_at) in [
            (seen.rolls, o.roll_seat, o.roll_numbers, o.roll_faces, o.roll_modifiers),
            (seen.last_rolls, o.last_roll_seat, o.last_roll_numbers, o.last_roll_faces, o.last_roll_modifiers),
        ] {
            for (r, roll) in rolls.iter().take(ROLLS).enumerate() {
                one_seat(out, seat_at + r * p, Some(roll.seat));
                let numbers = &mut out[numbers_at + r * ROLL_NUMBERS..][..ROLL_NUMBERS];
                numbers[0] = f32::from(roll.dice);
                numbers[1] = f32::from(roll.rolled);
                numbers[2] = f32::from(roll.adjust);
                numbers[3] = f32::from(roll.value());
                for (k, &face) in roll.faces.iter().enumerate() {
                    if (1..=FACES as u8).contains(&face) {
                        out[faces_at + (r * DICE + k) * FACES + face as usize - 1] = 1.0;
                    }
                }
                write_mods(&roll.mods, &mut out[mods_at + r * MODS..][..MODS]);
            }
        }

        // The movement.
        if let Some(m) = seen.moving {
            one_seat(out, o.moving_seat, Some(m.seat));
            out[o.moving_steps] = f32::from(m.left);
            if let Some(dir) = m.dir {
                out[o.moving_ways + way(dir)] = 1.0;
            }
            out[o.moving_ways + 2 + way(m.last)] = 1.0;
            if let Some(dir) = m.forced {
                out[o.moving_ways + 4 + way(dir)] = 1.0;
            }
            for (k, b) in [m.toward_flag, m.battle_ok, m.free, m.stop_ok, m.pause].into_iter().enumerate() {
                out[o.moving_flags + k] = flag(b);
            }
            for k in 0..4 {
                out[o.moving_options + k] = flag(m.opts & (1 << k) != 0);
            }
        }

        one_seat(out, o.escaping, seen.escaping);
        one_seat(out, o.priority, seen.priority);
        out[o.others_passed] = flag(seen.others_passed);
        seat_set(out, o.auto_passing, seen.auto_passing);
        out[o.main_done] = flag(seen.main_done);
        out[o.battle_right] = flag(seen.battle_right);
        seat_set(out, o.visiting, seen.visiting);
        seat_set(out, o.traded, seen.traded);
        seat_set(out, o.silenced, seen.silenced);
        seat_set(out, o.shielded, seen.shielded);
        one_seat(out, o.winner, seen.winner);
    }

    pub(super) fn tensor_length(&self) -> usize {
        self.tensor.len
    }
}

#[cfg(test)]
mod tests {
    use plunder_core::{conformance, Game, Rng, TensorKind, Viewer};

    use super::*;
    use crate::pirates_flag::{Action, Options};

    const OBS: TensorKind = TensorKind::Observation;

    fn game(players: u8) -> PiratesFlag {
        PiratesFlag::new(Options { players, max_rounds: 6, ..Options::default() }).unwrap()
    }

    fn from_view(game: &PiratesFlag, state: &State, seat: Seat) -> Vec<f32> {
        let mut out = vec![0.0; game.tensor_len(OBS).unwrap()];
        game.write_tensor(&game.view(state, Viewer::Seat(seat)), OBS, &mut out);
        out
    }

    fn from_state(game: &PiratesFlag, state: &State, seat: Seat) -> Vec<f32> {
        let mut out = vec![0.0; game.tensor_len(OBS).unwrap()];
        assert!(game.write_seat_tensor(state, seat, OBS, &mut out));
        out
    }

    /// The numbers of section `name`.
    fn section<'a>(game: &PiratesFlag, tensor: &'a [f32], name: &str) -> &'a [f32] {
        let layout = game.tensor_layout(OBS).unwrap();
        let s = layout.get(name).unwrap_or_else(|| panic!("no section {name}"));
        &tensor[s.start..s.start + s.len]
    }

    fn ones(numbers: &[f32]) -> Vec<usize> {
        numbers.iter().enumerate().filter(|(_, &x)| x != 0.0).map(|(i, _)| i).collect()
    }

    /// The first state of random play (seeds from `seed` on) at which a seat decides and `wanted` holds.
    fn in_play(game: &PiratesFlag, seed: u64, wanted: impl Fn(&State) -> bool) -> State {
        let mut found = None;
        let choose = |legal: &[Action], rng: &mut Rng| legal[rng.index(legal.len())];
        for seed in seed..seed + 40 {
            if found.is_some() {
                break;
            }
            conformance::each_decision(game, seed, 1_000_000, choose, |state| {
                if state.phase == Phase::Play && found.is_none() && wanted(state) {
                    found = Some(state.clone());
                }
            });
        }
        found.expect("a decision in play")
    }

    #[test]
    fn the_layout_covers_the_tensor_and_follows_the_options() {
        for players in 3..=6u8 {
            let g = game(players);
            let layout = g.tensor_layout(OBS).unwrap();
            layout.check().unwrap();
            assert_eq!(layout.len(), g.tensor_len(OBS).unwrap());
            assert_eq!(layout.get("ship_space").unwrap().len, players as usize * (g.board.length as usize + 1));
            assert_eq!(layout.get("my_hand").unwrap().len, g.deck.entries.len());
            assert_eq!(layout.get("captain").unwrap().len, players as usize * g.captains.entries.len());
        }
        assert!(game(4).tensor_layout(TensorKind::InformationState).is_none());
        // A smaller deck shrinks the card sections.
        let mut deck: crate::pirates_flag::CardFile = serde_json::from_str(super::super::data::CARDS_JSON).unwrap();
        deck.entries.truncate(30);
        let small = PiratesFlag::new(Options { deck: Some(deck), ..Options::default() }).unwrap();
        let layout = small.tensor_layout(OBS).unwrap();
        assert_eq!(layout.get("my_hand").unwrap().len, 30);
        assert_eq!(layout.get("stack_card").unwrap().len, 30 * STACK_TOP);
        assert_eq!(layout.len(), small.tensor_len(OBS).unwrap());
    }

    /// Without the view, the tensor is the view's, for every seat at every decision of random games.
    #[test]
    fn the_state_path_writes_the_views_numbers() {
        let mut compared = 0;
        for seed in 0..12u64 {
            let g = game(3 + (seed % 4) as u8);
            let choose = |legal: &[Action], rng: &mut Rng| legal[rng.index(legal.len())];
            conformance::each_decision(&g, seed, 100_000, choose, |state| {
                for seat in Seat::all(g.players()) {
                    assert_eq!(from_state(&g, state, seat), from_view(&g, state, seat), "{seat}, seed {seed}");
                    compared += 1;
                }
            });
        }
        assert!(compared > 1000, "{compared}");
    }

    #[test]
    fn a_known_position_reads_as_expected() {
        let g = game(4);
        let mut state = in_play(&g, 3, |s| s.hand_size(Seat(2)) > 0 && s.hand_size(Seat(0)) > 0);
        let l = g.board.length as usize;
        // Seat 2 observes; seat 3 sails on space 5 and carries the flag; seat 1 is on The Dread Sea.
        state.pos[..4].copy_from_slice(&[7, 0, 12, 5]);
        state.flag = Flag::Carried { seat: Seat(3) };
        state.first_taker = Some(Seat(3));
        state.captain_used = SeatSet::only(Seat(0));
        let me = Seat(2);
        let t = from_state(&g, &state, me);
        assert_eq!(t, from_view(&g, &state, me));
        assert_eq!(ones(section(&g, &t, "observer")), vec![2]);
        assert_eq!(ones(section(&g, &t, "phase")), vec![2], "play");
        // Relative order: seat 2 (me), 3, 0, 1.
        let ships = section(&g, &t, "ship_space");
        let space_of = |r: usize| ones(&ships[r * (l + 1)..(r + 1) * (l + 1)]);
        assert_eq!([space_of(0), space_of(1), space_of(2), space_of(3)], [vec![12], vec![5], vec![7], vec![0]]);
        assert_eq!(ones(section(&g, &t, "flag_carrier")), vec![1]);
        assert_eq!(ones(section(&g, &t, "first_taker")), vec![1]);
        assert_eq!(section(&g, &t, "flag_on_dread_ship"), &[0.0]);
        assert_eq!(section(&g, &t, "movement_dice"), &[1.0]);
        assert_eq!(ones(section(&g, &t, "captain_used")), vec![2]);
        // The hand: exactly the observer's cards, and every seat's count in its block.
        let mine: Vec<usize> = state.hand_kinds(me).map(usize::from).collect();
        assert!(!mine.is_empty());
        assert_eq!(ones(section(&g, &t, "my_hand")), mine);
        let sizes: Vec<f32> = [2, 3, 0, 1].iter().map(|&s| state.hand_size(Seat(s)) as f32).collect();
        assert_eq!(section(&g, &t, "hand_size"), &sizes[..]);
        let captains = section(&g, &t, "captain");
        let c = g.captains.entries.len();
        for (r, s) in [2, 3, 0, 1].into_iter().enumerate() {
            assert_eq!(ones(&captains[r * c..(r + 1) * c]), vec![state.captain[s] as usize]);
        }
        // Another seat sees its own hand, not this one.
        let theirs = from_state(&g, &state, Seat(0));
        let their_cards: Vec<usize> = state.hand_kinds(Seat(0)).map(usize::from).collect();
        assert_eq!(ones(section(&g, &theirs, "my_hand")), their_cards);
        // The board as its file lays it out.
        let b = &g.board;
        let posts: Vec<usize> = (1..=l).filter(|&s| b.is_trading_post(s as u8)).map(|s| s - 1).collect();
        assert!(!posts.is_empty());
        assert_eq!(ones(section(&g, &t, "board_trading_post")), posts);
        // The Serpent's Pass: waterfalls from 8 down to 14 and from 21 down to 27.
        let falls = section(&g, &t, "board_waterfall");
        assert_eq!(ones(falls), vec![7, 20]);
        assert_eq!((falls[7], falls[20]), (6.0, 6.0));
        assert_eq!(ones(section(&g, &t, "board_waterfall_foot")), vec![13, 26]);
        assert_eq!(ones(section(&g, &t, "board_dock_after")).len(), 6, "six docks");
    }

    #[test]
    fn the_top_of_the_stack_is_shown_item_by_item() {
        let g = game(4);
        // Two items waiting at least, one of them played by a seat.
        let state = in_play(&g, 5, |s| s.window.len() >= 2 && s.window.stack().any(|e| e.by.is_some()));
        let me = state.active.next(4);
        let t = from_state(&g, &state, me);
        let items: Vec<StackItem> =
            state.window.stack().map(|e| StackItem { id: e.item.id, by: e.by, item: e.item.kind }).collect();
        assert_eq!(section(&g, &t, "stack_size"), &[items.len() as f32]);
        assert_eq!(section(&g, &t, "stack_kind_counts").iter().sum::<f32>(), items.len() as f32);
        let kinds = section(&g, &t, "stack_kind");
        let top = items.iter().rev().take(STACK_TOP);
        for (i, item) in top.enumerate() {
            assert_eq!(ones(&kinds[i * ITEM_KINDS..(i + 1) * ITEM_KINDS]), vec![kind_index(&item.item)]);
            let by = section(&g, &t, "stack_by");
            let p = g.players();
            let expect = item.by.map_or(p, |s| (s.index() + p - me.index()) % p);
            assert_eq!(ones(&by[i * (p + 1)..(i + 1) * (p + 1)]), vec![expect]);
            if let ItemKind::Card { card, captain: false, .. } = item.item {
                let d = g.deck.entries.len();
                assert_eq!(ones(&section(&g, &t, "stack_card")[i * d..(i + 1) * d]), vec![card as usize]);
            }
        }
        let shown = items.len().min(STACK_TOP);
        assert_eq!(ones(kinds).len(), shown, "nothing below the top {STACK_TOP}");
    }
}
