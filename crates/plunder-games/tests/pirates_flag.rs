//! The Pirate's Flag: conformance, the rulebook's examples and FAQ with scripted chance, every card and
//! captain, properties (cards conserved, random play ends, views never leak), and the bot.

mod content_refusal;
use content_refusal::{assert_plain, refusal};
use plunder_core::{
    conformance, play, play_told, supply_chance, supply_chance_told, ChanceMode, Game, Narrate, Rng, Seat, Session,
    Status, Told, Viewer,
};
use plunder_games::pirates_flag::{
    Action, Captains, Chance, Dir, Event, Flag, ItemKind, Options, Phase, PiratesFlag, State, Target, View,
};

const A: Seat = Seat(0);
const B: Seat = Seat(1);
const C: Seat = Seat(2);
const D: Seat = Seat(3);

fn game(options: Options) -> PiratesFlag {
    PiratesFlag::new(options).expect("valid options")
}

fn options(players: u8) -> Options {
    let mut o = Options::for_players(players);
    // Fixed captains: seat i gets the i-th of these.
    let ids =
        ["captain-quill", "captain-gale", "captain-drake", "captain-blackwater", "captain-mirage", "captain-iron-meg"];
    o.captains = Captains::Chosen(ids[..players as usize].iter().map(|s| s.to_string()).collect());
    o
}

/// A scripted table with A to move first; `setup` edits the position before the first turn settles.
struct Table {
    g: PiratesFlag,
    st: State,
    /// Every event told since the roll-off, with its audience.
    told: Vec<Told<Event>>,
}

impl Table {
    fn new(players: u8) -> Table {
        Table::with(options(players), |_| {})
    }

    fn with(options: Options, setup: impl FnOnce(&mut State)) -> Table {
        Table::first(options, A, setup)
    }

    /// As `with`, with `first` winning the roll-off.
    fn first(options: Options, first: Seat, setup: impl FnOnce(&mut State)) -> Table {
        let game = game(options);
        let mut state = game.initial_state();
        setup(&mut state);
        let mut told = Vec::new();
        // The roll-off: `first` rolls two 6s, everyone else two 1s.
        while state.phase() == Phase::Start {
            let mut out = Vec::new();
            game.chance_outcomes(&state, &mut out);
            let Chance::Die { seat, .. } = out[0].0 else { panic!("the roll-off rolls dice: {:?}", out[0].0) };
            let face = if seat == first { 6 } else { 1 };
            game.apply_chance_with(&mut state, &Chance::Die { seat, face }, &mut told);
        }
        Table { g: game, st: state, told }
    }

    fn outcomes(&self) -> Vec<(Chance, f64)> {
        let mut out = Vec::new();
        self.g.chance_outcomes(&self.st, &mut out);
        out
    }

    fn kind(&self, id: &str) -> u8 {
        self.g.card_kind(id).unwrap_or_else(|| panic!("no card {id}"))
    }

    /// What `viewer` was told, in words, one line per event.
    fn words(&self, viewer: Viewer) -> Vec<String> {
        self.told.iter().filter_map(|t| t.seen_by(viewer)).map(|e| self.g.tell(e)).collect()
    }

    /// Asserts `viewer` was told each of `lines`, in this order (others may come between).
    fn told_in_order(&self, viewer: Viewer, lines: &[&str]) {
        let words = self.words(viewer);
        let mut at = 0;
        for line in lines {
            match words[at..].iter().position(|w| w == line) {
                Some(i) => at += i + 1,
                None => panic!("{viewer:?} was not told {line:?} (in order); told:\n{}", words.join("\n")),
            }
        }
    }

    fn view(&self, seat: Seat) -> View {
        self.g.view(&self.st, Viewer::Seat(seat))
    }

    fn spec(&self) -> View {
        self.g.view(&self.st, Viewer::Spectator)
    }

    fn pos(&self, seat: Seat) -> u8 {
        self.spec().positions[seat.index()]
    }

    fn hand(&self, seat: Seat) -> u8 {
        self.spec().hand_sizes[seat.index()]
    }

    fn decider(&self) -> Option<Seat> {
        match self.g.status(&self.st) {
            Status::Decide(seats) => seats.lowest(),
            _ => None,
        }
    }

    fn legal(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        self.g.legal_actions(&self.st, seat, &mut out);
        out
    }

    fn act(&mut self, seat: Seat, action: Action) {
        assert_eq!(self.decider(), Some(seat), "{seat} should decide; the view: {:?}", self.spec());
        play_told(&self.g, &mut self.st, seat, &action, &mut self.told)
            .unwrap_or_else(|e| panic!("{seat} {action}: {e}; legal: {:?}", self.legal(seat)));
    }

    fn play(&mut self, seat: Seat, id: &str, target: Target, choice: u8) {
        let card = self.kind(id);
        self.act(seat, Action::Play { card, target, choice });
    }

    /// Every seat holding priority passes until someone else must decide or chance is due.
    fn pass_all(&mut self) {
        while let Some(seat) = self.spec().priority {
            if self.g.status(&self.st) == Status::Chance || self.legal(seat).first() != Some(&Action::Pass) {
                break;
            }
            self.act(seat, Action::Pass);
        }
    }

    /// Supplies dice (and draws the first card of the pile for docks) until no chance is due.
    fn dice(&mut self, faces: &[u8]) {
        let mut faces = faces.iter();
        while self.g.status(&self.st) == Status::Chance {
            let outcomes = self.outcomes();
            let chance = match outcomes[0].0 {
                Chance::Die { seat, .. } => Chance::Die { seat, face: *faces.next().expect("a die was scripted") },
                other => other,
            };
            supply_chance_told(&self.g, &mut self.st, &chance, &mut self.told).unwrap();
        }
    }

    /// Settles pending chance (draws, picks) with the first outcome.
    fn chance(&mut self) {
        while self.g.status(&self.st) == Status::Chance {
            let o = self.outcomes()[0].0;
            assert!(!matches!(o, Chance::Die { .. }), "a die is due");
            supply_chance_told(&self.g, &mut self.st, &o, &mut self.told).unwrap();
        }
    }

    /// The active player's movement roll with these dice, everyone passing over it and its result.
    fn roll(&mut self, seat: Seat, faces: &[u8]) {
        self.act(seat, Action::Roll);
        self.pass_all();
        self.dice(faces);
        self.pass_all();
    }

    /// These seats pass, in this order (each must hold priority in turn).
    fn passes(&mut self, seats: &[Seat]) {
        for &seat in seats {
            self.act(seat, Action::Pass);
        }
    }

    /// Seats holding priority pass until `seat` holds it.
    fn pass_until(&mut self, seat: Seat) {
        while let Some(holder) = self.spec().priority.filter(|&p| p != seat) {
            self.act(holder, Action::Pass);
        }
        assert_eq!(self.spec().priority, Some(seat));
    }

    fn may_play(&self, seat: Seat, id: &str, target: Target) -> bool {
        let card = self.kind(id);
        self.legal(seat)
            .iter()
            .any(|a| matches!(a, Action::Play { card: c, target: t, .. } if *c == card && *t == target))
    }

    fn go(&mut self, seat: Seat, dir: Dir) {
        self.act(seat, Action::Go { dir });
        self.chance();
    }

    fn end_turn(&mut self) {
        self.pass_all();
    }
}

fn on(seat: Seat) -> Target {
    Target::Seat { seat }
}

// ---- Conformance. ----

#[test]
fn conformance_at_every_table_size() {
    let config = conformance::Config { games: 3, determinize_every: 7, play_on_every: 50, ..Default::default() };
    for players in [3u8, 6] {
        let mut o = Options::for_players(players);
        o.max_rounds = 12;
        conformance::check_with(&game(o), config);
    }
    let mut o = Options::for_players(4);
    o.max_rounds = 10;
    o.carrier_seaward_only = true;
    o.flag_flies_out = false;
    conformance::check_with(&game(o), config);
}

fn k(id: &str) -> u8 {
    game(options(4)).card_kind(id).unwrap_or_else(|| panic!("no card {id}"))
}

/// A table of 4 in the one-die era (D took the flag and carries it on `carrier_at`), A to act.
fn one_die(carrier_at: u8, setup: impl FnOnce(&mut State)) -> Table {
    Table::with(options(4), |st| {
        st.set_flag(Flag::Carried { seat: D }, Some(D));
        st.set_position(D, carrier_at);
        setup(st);
    })
}

fn m(t: &Table, seat: Seat, scope: u8) -> plunder_games::pirates_flag::Mods {
    t.spec().modifiers.iter().find(|m| m.0 == seat && m.1 == scope).map_or_else(Default::default, |m| m.2)
}

fn mods_add(t: &Table, seat: Seat) -> i16 {
    t.spec().modifiers.iter().filter(|m| m.0 == seat).map(|m| m.2.add).sum()
}

/// A plays `id` at `target`, and everyone passes until it resolved.
fn a_plays(t: &mut Table, id: &str, target: Target, choice: u8) {
    t.play(A, id, target, choice);
    t.pass_all();
    t.chance();
}

// ---- Rulebook examples. ----

#[test]
fn example_start_and_two_dice() {
    // Example 1 of the doc: all in the Dread Sea; A rolls 3 + 4: only far; dock 5|6 draws; the Trading Post on 6
    // offers a stop, declined; A ends on 7 with 1 card.
    let mut t = Table::new(4);
    t.act(A, Action::Roll);
    t.pass_all();
    t.dice(&[3, 4]);
    t.pass_all();
    t.chance();
    assert_eq!(t.legal(A), vec![Action::Go { dir: Dir::Far }, Action::Stop], "on 6, the Trading Post stop is offered");
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 7);
    assert_eq!(t.hand(A), 1);
}

#[test]
fn example_first_player_is_a_roll_off_of_two_dice_each_told_die_by_die_with_ties_rolling_again() {
    // "To determine which player goes first, each player will roll both dice. The highest roller is the winner!"
    let g = game(options(3));
    let mut st = g.initial_state();
    let mut told = Vec::new();
    let script = [(A, 3), (A, 4), (B, 6), (B, 1), (C, 2), (C, 2), (A, 1), (A, 1), (B, 5), (B, 5)];
    for (seat, face) in script {
        let mut out = Vec::new();
        g.chance_outcomes(&st, &mut out);
        assert_eq!(out.len(), 6, "one die of {seat}");
        assert!(out
            .iter()
            .all(|(c, p)| matches!(c, Chance::Die { seat: s, .. } if *s == seat) && (*p - 1.0 / 6.0).abs() < 1e-12));
        assert_eq!(st.phase(), Phase::Start);
        g.apply_chance_with(&mut st, &Chance::Die { seat, face }, &mut told);
    }
    assert_eq!(st.phase(), Phase::Play, "A and B tied on 7 and rolled again; C, on 4, did not");
    assert_eq!(g.view(&st, Viewer::Spectator).active, B, "B's 10 beats A's 2");
    let lines: Vec<String> = told.iter().map(|t| g.tell(&t.event)).collect();
    assert_eq!(lines.iter().filter(|l| l.contains("for first player (die 1 of 2)")).count(), script.len() / 2);
    // People read one line a roll: the first die's line is told again, in full, by the second's.
    let read: Vec<&String> =
        told.iter().zip(&lines).filter(|(t, _)| !g.told_elsewhere(&t.event)).map(|(_, l)| l).collect();
    assert!(!read.iter().any(|l| l.contains("(die")), "{read:?}");
    assert!(read.contains(&&"P1 rolls 3 and 4 for first player: 7 in all.".to_string()), "{read:?}");
    assert!(lines.contains(&"P1 and P2 tie for first player on 7: they roll again.".to_string()), "{lines:?}");
    assert!(lines.contains(&"P2 rolls highest, 10, and goes first.".to_string()), "{lines:?}");
}

#[test]
fn example_full_count_in_a_chosen_direction_and_docks() {
    let mut t = Table::with(options(4), |st| st.set_position(A, 13));
    t.roll(A, &[1, 1]);
    assert_eq!(t.legal(A), vec![Action::Go { dir: Dir::Sea }, Action::Go { dir: Dir::Far }]);
    t.go(A, Dir::Sea);
    assert_eq!((t.pos(A), t.hand(A)), (11, 1), "sea: 12, 11 with a draw at 12|13");
}

#[test]
fn example_bounce_at_the_sea_end() {
    let mut t = one_die(30, |st| st.set_position(A, 2));
    t.roll(A, &[4]);
    t.go(A, Dir::Sea);
    assert_eq!(t.legal(A), vec![Action::Go { dir: Dir::Far }, Action::Stop], "the end stop on 1");
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 4);
}

#[test]
fn example_taking_the_flag_from_the_dread_ship_with_steps_left() {
    let mut t = Table::with(options(4), |st| st.set_position(A, 32));
    t.roll(A, &[3, 4]);
    t.go(A, Dir::Far);
    assert_eq!(t.spec().flag, Flag::Carried { seat: A });
    assert_eq!(t.legal(A), vec![Action::Go { dir: Dir::Sea }, Action::Stop], "the end stop on 36");
    t.go(A, Dir::Sea);
    assert_eq!(t.pos(A), 32, "35, 34, 33 (+1 towards the sea) -> 32");
    assert_eq!(t.hand(A), 2, "docks 34|35 twice");
    assert_eq!(t.spec().first_taker, Some(A));
    assert_eq!(t.spec().movement_dice, 1);
}

#[test]
fn example_hazards_plus_and_minus() {
    let mut t = one_die(30, |st| st.set_position(A, 1));
    t.roll(A, &[2]);
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 4, "1 -> 3 (+1) -> 4");
    let mut t = one_die(30, |st| st.set_position(A, 13));
    t.roll(A, &[3]);
    t.go(A, Dir::Sea);
    assert_eq!(t.pos(A), 11, "12, 11, 10 (-1, back the way it came) -> 11");
}

#[test]
fn example_waterfalls_one_way_with_a_choice_after() {
    let mut t = Table::with(options(4), |st| st.set_position(A, 5));
    t.roll(A, &[2, 2]);
    t.go(A, Dir::Far);
    t.go(A, Dir::Far);
    assert!(t.legal(A).contains(&Action::Descend), "on 8 with a step left");
    t.act(A, Action::Descend);
    assert_eq!(t.pos(A), 14);
    let mut t = Table::with(options(4), |st| st.set_position(A, 7));
    t.roll(A, &[2, 2]);
    t.go(A, Dir::Far);
    t.act(A, Action::Descend);
    t.go(A, Dir::Sea);
    assert_eq!(t.pos(A), 12, "from 14 sea: 13, 12 (never back up to 8)");
}

#[test]
fn example_the_flag_flies_out_of_a_carrier_going_down() {
    let mut t = Table::with(options(4), |st| {
        st.set_flag(Flag::Carried { seat: A }, Some(D));
        st.set_position(A, 6);
    });
    t.roll(A, &[3]);
    t.go(A, Dir::Far);
    // The choice warns of it (a trial lost the flag so, unwarned).
    let label = t.g.label_in_view(&t.view(A), &Action::Descend);
    assert!(
        label.starts_with("go down the waterfall (you lose the flag: it flies out and stays loose here, on "),
        "{label}"
    );
    t.act(A, Action::Descend);
    assert_eq!(t.spec().flag, Flag::Loose { space: 8 });
    assert_eq!(t.pos(A), 14);
    let mut o = options(4);
    o.flag_flies_out = false;
    let mut t = Table::with(o, |st| {
        st.set_flag(Flag::Carried { seat: A }, Some(D));
        st.set_position(A, 6);
    });
    t.roll(A, &[3]);
    t.go(A, Dir::Far);
    assert_eq!(
        t.g.label_in_view(&t.view(A), &Action::Descend),
        "go down the waterfall to space 14 (your last step)",
        "nothing to lose, and where it leads"
    );
    t.act(A, Action::Descend);
    assert_eq!(t.spec().flag, Flag::Carried { seat: A });
}

#[test]
fn example_picking_up_a_loose_flag_by_passing() {
    let mut t = Table::with(options(4), |st| {
        st.set_flag(Flag::Loose { space: 15 }, Some(D));
        st.set_position(A, 13);
    });
    t.roll(A, &[3]);
    t.go(A, Dir::Far);
    assert_eq!(t.spec().flag, Flag::Carried { seat: A }, "picked up on 15");
    let legal = t.legal(A);
    assert!(legal.contains(&Action::Stop) && legal.contains(&Action::Go { dir: Dir::Sea }), "stop or either way");
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 16);
}

#[test]
fn example_hand_limits_and_the_first_taker_bonus() {
    let cards = ["smooth-sailing", "heavy-breeze", "aarrgh", "doldrums", "trade-winds"];
    let mut t = one_die(30, |st| {
        st.set_position(A, 11);
        for c in cards {
            st.give(A, k(c));
        }
    });
    t.roll(A, &[2]);
    t.go(A, Dir::Far);
    assert_eq!(t.hand(A), 5, "a full hand does not draw");
    // The crossing promised a card: everyone is told why none comes.
    t.told_in_order(Viewer::Spectator, &["P1's hand is full (5 cards, the limit): the card owed is not drawn."]);
    let mut t = one_die(30, |st| {
        st.set_position(A, 11);
        st.set_flag(Flag::Carried { seat: D }, Some(A));
        for c in cards {
            st.give(A, k(c));
        }
    });
    t.roll(A, &[2]);
    t.go(A, Dir::Far);
    assert_eq!(t.hand(A), 6, "the first taker holds 6");
}

#[test]
fn example_trading_post_once_per_visit_and_faq_3() {
    let mut t = one_die(30, |st| {
        st.set_position(A, 4);
        st.give(A, k("aarrgh"));
    });
    t.roll(A, &[4]);
    t.go(A, Dir::Far);
    // The stop says what it is for (a trial could not tell).
    assert_eq!(
        t.g.label_in_view(&t.view(A), &Action::Stop),
        "stop here, at the Trading Post on space 6 (then you may discard a card to draw two)"
    );
    t.act(A, Action::Stop);
    assert_eq!((t.pos(A), t.hand(A)), (6, 2));
    let trade = Action::Trade { discard: k("aarrgh") };
    assert!(t.legal(A).contains(&trade));
    t.act(A, trade);
    t.chance();
    assert_eq!(t.hand(A), 3);
    assert!(!t.legal(A).iter().any(|a| matches!(a, Action::Trade { .. })), "once per visit");
    let mut t = one_die(30, |st| st.set_position(A, 5));
    t.roll(A, &[1]);
    t.go(A, Dir::Far);
    t.chance();
    assert_eq!(t.pos(A), 6);
    let _ = t.hand(A);
}

#[test]
fn example_empty_pile_reshuffles_the_discards() {
    let mut t = one_die(30, |st| {
        st.set_position(A, 11);
        st.discard_pile();
    });
    t.roll(A, &[2]);
    t.go(A, Dir::Far);
    assert_eq!(t.hand(A), 1);
    assert_eq!(t.spec().pile, 47);
    assert_eq!(t.spec().discards, 0);
}

#[test]
fn example_winning_off_the_sea_end() {
    let mut t = Table::with(options(4), |st| {
        st.set_flag(Flag::Carried { seat: A }, Some(A));
        st.set_position(A, 3);
    });
    t.roll(A, &[4]);
    t.go(A, Dir::Sea);
    assert!(t.legal(A).contains(&Action::Stop), "the end stop on 1");
    t.go(A, Dir::Sea);
    assert_eq!(t.g.status(&t.st), Status::Over);
    assert_eq!(t.g.outcome(&t.st).unwrap().winners, plunder_core::SeatSet::only(A));
    let mut t = Table::with(options(4), |st| {
        st.set_flag(Flag::Carried { seat: A }, Some(A));
        st.set_position(A, 3);
    });
    t.roll(A, &[2]);
    t.go(A, Dir::Sea);
    assert_eq!(t.pos(A), 1, "exactly to 1: no win");
    assert_ne!(t.g.status(&t.st), Status::Over);
}

#[test]
fn example_stop_and_battle_then_escape() {
    let mut t = one_die(15, |st| st.set_position(A, 12));
    t.roll(A, &[5]);
    // Each way says where the flag is (a browser trial sailed to the Dread Captain's ship after the flag left it).
    let go = |t: &Table, dir| t.g.label_in_view(&t.view(A), &Action::Go { dir });
    assert_eq!(
        go(&t, Dir::Far),
        "sail away from The Dread Sea (toward the flag, carried by P4 on space 15; 5 steps end on space 17, a -1 \
         hazard (back to space 16); crossing a dock)"
    );
    assert_eq!(
        go(&t, Dir::Sea),
        "sail towards The Dread Sea (5 steps end on space 7; asked on the way at the waterfall top on 8 (down to 14))"
    );
    t.go(A, Dir::Far);
    assert!(t.legal(A).contains(&Action::Stop), "on the carrier's space");
    // The menu says a stop here leads to a battle, and that a plain pass then gives it up.
    let label = |t: &Table, action: &Action| t.g.label_in_view(&t.view(A), action);
    assert_eq!(label(&t, &Action::Stop), "stop here, on P4's space (then you may battle P4 for the flag)");
    t.act(A, Action::Stop);
    t.chance();
    assert!(t.legal(A).contains(&Action::Pass) && t.legal(A).contains(&Action::Battle));
    assert_eq!(label(&t, &Action::Pass), "pass: end your turn without a battle against P4");
    t.act(A, Action::Battle);
    t.pass_all();
    t.dice(&[5, 3]);
    t.pass_all();
    assert_eq!(t.spec().flag, Flag::Carried { seat: A });
    assert_eq!(t.legal(A), [Action::Escape, Action::NoEscape], "A may roll again to escape");
    t.act(A, Action::Escape);
    t.pass_all();
    t.dice(&[4]);
    t.pass_all();
    t.go(A, Dir::Sea);
    assert_eq!(t.pos(A), 11);
    // The carrier wins: A stays, no more movement.
    let mut t = one_die(15, |st| st.set_position(A, 14));
    t.roll(A, &[1]);
    t.go(A, Dir::Far);
    t.act(A, Action::Battle);
    t.pass_all();
    t.dice(&[2, 6]);
    t.pass_all();
    assert_eq!(t.spec().flag, Flag::Carried { seat: D });
    assert!(!t.legal(A).contains(&Action::Battle) && !t.legal(A).contains(&Action::Roll));
}

#[test]
fn an_auto_pass_for_the_turn_keeps_the_battle_a_stop_earns() {
    // A trial auto-passed after rolling, stopped on the carrier's space and was never offered the battle.
    let mut t = one_die(15, |st| st.set_position(A, 12));
    t.act(A, Action::Roll);
    let auto = t.g.label_in_view(&t.view(A), &Action::AutoPass);
    assert_eq!(
        auto,
        "pass for the rest of the turn (not asked to answer again this turn, even about plays aimed at you)"
    );
    t.act(A, Action::AutoPass);
    t.pass_all();
    t.dice(&[5]);
    t.pass_all();
    t.go(A, Dir::Far);
    t.act(A, Action::Stop);
    t.chance();
    assert_eq!(t.spec().priority, Some(A), "the battle is A's to declare");
    assert!(t.legal(A).contains(&Action::Battle));
    // Enter passes in the terminal: a pass that gives up the battle asks first.
    let question = t.g.confirm(&t.view(A), &Action::Pass).expect("a pass giving up the battle asks first");
    assert_eq!(question, "End your turn without a battle against P4 for the flag. Sure?");
    t.act(A, Action::Battle);
    assert!(t.g.confirm(&t.view(A), &Action::Pass).is_none(), "no battle left to give up");
}

/// A on the carrier D's space 15 battles as the main action and wins; `setup` adds to the position.
fn won_battle(setup: impl FnOnce(&mut State)) -> Table {
    let mut t = one_die(15, |st| {
        st.set_position(A, 15);
        setup(st);
    });
    t.act(A, Action::Battle);
    t.pass_all();
    t.dice(&[5, 3]);
    t.pass_all();
    assert_eq!(t.spec().flag, Flag::Carried { seat: A });
    t
}

#[test]
fn the_escape_roll_after_a_won_battle_is_a_choice() {
    // "If you win the battle, you may roll again to escape" (issue 26, item 4).
    let mut t = won_battle(|_| {});
    assert_eq!(t.decider(), Some(A), "the winner chooses at once");
    assert_eq!(t.spec().escaping, Some(A));
    assert_eq!(t.spec().priority, None, "nobody holds priority while the winner chooses");
    assert_eq!(t.legal(B), [], "the others wait");
    assert!(t.g.describe(&t.spec()).contains("P1 won the battle and may roll to escape"));
    t.act(A, Action::NoEscape);
    assert_eq!(t.spec().escaping, None);
    assert!(t.spec().stack.is_empty(), "no escape roll");
    assert_eq!(t.spec().priority, Some(A));
    t.end_turn();
    assert_eq!((t.spec().active, t.pos(A)), (B, 15), "A stayed with the flag");
    assert_eq!(t.spec().flag, Flag::Carried { seat: A });
    // The labels say what the choice is.
    assert_eq!(t.g.label(&Action::Escape), "roll to escape with the flag");
    assert_eq!(t.g.label(&Action::NoEscape), "stay here without an escape roll");
}

#[test]
fn an_instead_of_rolling_card_may_replace_the_escape_roll() {
    // Rulings 16 and 19: an "Instead of rolling" card takes the place of a movement roll about to be made on
    // your turn, the escape roll included.
    let mut t = won_battle(|st| st.give(A, k("homeward-bound")));
    let card = k("homeward-bound");
    let play = Action::Play { card, target: Target::None, choice: 0 };
    assert_eq!(t.legal(A), [Action::Escape, Action::NoEscape, play]);
    t.act(A, play);
    assert_eq!(t.spec().escaping, None, "the card replaced the escape roll");
    assert!(t.spec().stack.iter().all(|i| !matches!(i.item, ItemKind::MovementRoll { .. })), "no escape roll");
    t.pass_all();
    t.dice(&[2, 3]);
    t.pass_all();
    t.chance();
    assert_eq!(t.pos(A), 11, "two dice towards The Dread Sea: 10, a -1 hazard, back to 11");
    // Without the card in hand, the escape choice offers none; a card of other timing is not offered either.
    let t = won_battle(|st| st.give(A, k("smooth-sailing")));
    assert_eq!(t.legal(A), [Action::Escape, Action::NoEscape]);
}

#[test]
fn the_corsair_bot_escapes_and_prefers_a_surer_card() {
    use plunder_core::{make_bot, Turn};
    let choose = |t: &Table| {
        let mut bot = make_bot::<PiratesFlag>("corsair", 3).expect("corsair");
        let (view, legal) = (t.view(A), t.legal(A));
        bot.act(&Turn::new(&t.g, &t.st, A, &view, &legal))
    };
    assert_eq!(choose(&won_battle(|_| {})), Action::Escape);
    let t = won_battle(|st| st.give(A, k("homeward-bound")));
    assert!(matches!(choose(&t), Action::Play { card, .. } if card == k("homeward-bound")), "two dice seaward");
    let t = won_battle(|st| st.give(A, k("careen-the-hull")));
    assert_eq!(choose(&t), Action::Escape, "drawing cards does not take the flag home");
}

#[test]
fn example_battle_ties_roll_again() {
    let mut t = one_die(15, |st| st.set_position(A, 15));
    assert!(t.legal(A).contains(&Action::Battle), "battle instead of the movement roll");
    t.act(A, Action::Battle);
    t.pass_all();
    t.dice(&[4, 4]);
    t.pass_all();
    assert!(t.spec().stack.iter().any(|i| matches!(i.item, ItemKind::Battle { ties: 1, .. })), "a new battle item");
    t.pass_all();
    t.dice(&[1, 3]);
    t.pass_all();
    assert_eq!(t.spec().flag, Flag::Carried { seat: D });
}

#[test]
fn example_faq_two_ships_without_the_flag_do_nothing() {
    let t = one_die(25, |st| {
        st.set_position(A, 20);
        st.set_position(B, 20);
    });
    assert!(t.legal(A).contains(&Action::Roll) && !t.legal(A).contains(&Action::Battle));
}

#[test]
fn example_1_gone_fishin_and_flank() {
    let mut t = Table::with(options(3), |st| {
        st.set_flag(Flag::Carried { seat: B }, Some(B));
        st.set_position(A, 24);
        st.set_position(B, 27);
        st.give(A, k("gone-fishin"));
        st.give(B, k("flank"));
    });
    t.play(A, "gone-fishin", on(B), 0);
    t.play(B, "flank", Target::None, 0);
    t.pass_all();
    t.go(B, Dir::Far);
    t.pass_all();
    assert_eq!(t.pos(B), 28);
    assert_eq!(t.spec().flag, Flag::Carried { seat: B }, "out of range: no effect");
    assert!(!t.legal(A).contains(&Action::Pass), "A must now take its main action");
}

#[test]
fn example_2_aarrgh_giant_mirror_thick_fog() {
    let mut t = Table::with(options(3), |st| {
        st.give(A, k("aarrgh"));
        st.give(A, k("thick-fog"));
        st.give(B, k("giant-mirror"));
    });
    t.play(A, "aarrgh", on(B), 0);
    // A pass lets a play aimed at the passer go unanswered: Enter out of habit asks first (a trial lost its flag so).
    let asked = t.g.confirm(&t.view(B), &Action::Pass);
    assert_eq!(asked.as_deref(), Some("Let P1's Aarrgh! on P2 take effect without an answer. Sure?"));
    assert_eq!(t.g.confirm(&t.view(C), &Action::Pass), None, "not aimed at P3");
    let aarrgh = t.spec().stack[0].id;
    t.play(B, "giant-mirror", Target::Item { id: aarrgh }, 0);
    t.act(C, Action::Pass);
    let mirror = t.spec().stack[1].id;
    // An item aimed at another item reads as one aim each (a trial read "on P2's Headwind on P4" as aimed at P4).
    let fog = |id| Action::Play { card: t.kind("thick-fog"), target: Target::Item { id }, choice: 0 };
    let on_aarrgh = t.g.label_in_view(&t.view(A), &fog(aarrgh));
    assert!(on_aarrgh.starts_with("play Thick Fog on P1's Aarrgh! (aimed at P2)"), "{on_aarrgh}");
    let on_mirror = t.g.label_in_view(&t.view(A), &fog(mirror));
    let aimed = format!("play Thick Fog on P2's Giant Mirror (aimed at waiting item {aarrgh})");
    assert!(on_mirror.starts_with(&aimed), "{on_mirror}");
    t.play(A, "thick-fog", Target::Item { id: mirror }, 0);
    t.pass_all();
    assert_eq!(mods_add(&t, B), -3);
    assert_eq!(mods_add(&t, A), 0);
    // Without Thick Fog the mirror turns Aarrgh! on A.
    let mut t = Table::with(options(3), |st| {
        st.give(A, k("aarrgh"));
        st.give(B, k("giant-mirror"));
    });
    t.play(A, "aarrgh", on(B), 0);
    let aarrgh = t.spec().stack[0].id;
    t.play(B, "giant-mirror", Target::Item { id: aarrgh }, 0);
    t.pass_all();
    assert_eq!((mods_add(&t, A), mods_add(&t, B)), (-3, 0));
}

#[test]
fn example_one_card_per_turn_and_free_cards() {
    let mut t = Table::with(options(4), |st| {
        st.give(B, k("smooth-sailing"));
        st.give(B, k("aarrgh"));
        st.give(B, k("heavy-breeze"));
    });
    t.act(A, Action::Roll);
    t.act(A, Action::Pass);
    t.play(B, "smooth-sailing", Target::None, 0);
    for seat in [C, D, A, B, A] {
        t.act(seat, Action::Pass);
    }
    assert_eq!(mods_add(&t, B), 3);
    let aarrgh = k("aarrgh");
    assert!(!t.legal(B).iter().any(|a| matches!(a, Action::Play { card, .. } if *card == aarrgh)));
    assert!(t.legal(B).iter().any(|a| matches!(a, Action::Play { card, .. } if *card == k("heavy-breeze"))));
    // The table says why the other cards are gone (a browser trial saw them vanish without a word).
    assert_eq!(t.spec().card_played.iter().collect::<Vec<_>>(), [B], "public: B played its card");
    assert!(t.g.describe(&t.view(B)).contains("You have played your card this turn: only cards marked free"));
    assert!(!t.g.describe(&t.view(C)).contains("You have played your card"));
}

#[test]
fn example_3_captain_shan_doubles_the_battle_roll() {
    let mut o = options(4);
    o.captains =
        Captains::Chosen(["captain-shan", "captain-gale", "captain-drake", "captain-quill"].map(String::from).to_vec());
    let mut t = Table::with(o, |st| {
        st.set_flag(Flag::Carried { seat: B }, Some(B));
        st.set_position(A, 14);
        st.set_position(B, 18);
    });
    t.roll(A, &[4]);
    t.go(A, Dir::Far);
    t.act(A, Action::Battle);
    t.act(A, Action::Captain { target: Target::None, choice: 0 });
    t.pass_all();
    t.pass_all();
    t.dice(&[3, 5]);
    t.pass_all();
    assert_eq!(t.spec().flag, Flag::Carried { seat: A }, "3 x 2 = 6 beats 5");
}

#[test]
fn example_faq_4_a_pull_stops_at_your_space() {
    let mut t = one_die(30, |st| {
        st.set_position(A, 24);
        st.set_position(B, 25);
        st.give(A, k("tow-line"));
    });
    a_plays(&mut t, "tow-line", on(B), 0);
    assert_eq!(t.pos(B), 24);
}

#[test]
fn example_optional_carrier_heads_home_only() {
    let mut o = options(4);
    o.carrier_seaward_only = true;
    let mut t = Table::with(o, |st| {
        st.set_flag(Flag::Carried { seat: A }, Some(A));
        st.set_position(A, 20);
    });
    t.roll(A, &[3]);
    assert_eq!(t.legal(A), vec![Action::Go { dir: Dir::Sea }, Action::Stop], "19 is a Trading Post");
    t.go(A, Dir::Sea);
    assert_eq!(t.pos(A), 18, "17 is -1: back to 18");
}

// ---- The doc's numbered scenarios not covered above (2, 16, 18, 21, 22, 24, 25, 27-35). ----

#[test]
fn scenario_2_play_goes_clockwise_from_the_roll_off_winner() {
    let mut t = Table::first(options(3), B, |_| {});
    assert_eq!(t.spec().active, B);
    for (seat, next) in [(B, C), (C, A), (A, B)] {
        t.roll(seat, &[1, 1]);
        t.end_turn();
        assert_eq!(t.pos(seat), 2, "from The Dread Sea only far: no choice to make");
        assert_eq!(t.spec().active, next, "after {seat}'s turn");
    }
}

#[test]
fn ruling_47_the_active_player_cannot_auto_pass_before_the_main_action() {
    // Issue 26, item 3: A uses their captain, B and C pass, A auto-passed and was then skipped when the stack
    // emptied: the turn went to B without A's movement roll.
    let mut t = Table::new(3);
    t.act(A, Action::Captain { target: Target::None, choice: 0 });
    t.passes(&[B, C]);
    assert_eq!(t.spec().priority, Some(A), "the captain waits on the stack");
    assert!(!t.legal(A).contains(&Action::AutoPass), "the main action is still owed");
    let mut tried = t.st.clone();
    let refused = play(&t.g, &mut tried, A, &Action::AutoPass).expect_err("auto-pass before the main action");
    assert!(refused.to_string().contains("before your main action"), "{refused}");
    assert_eq!(tried, t.st, "a refused move changes nothing");
    t.act(A, Action::Pass);
    t.chance();
    assert_eq!(t.spec().active, A);
    assert_eq!(t.legal(A).first(), Some(&Action::Roll), "A still owes the movement roll");
    t.act(A, Action::Roll);
    assert!(t.legal(A).contains(&Action::AutoPass), "after the main action A may auto-pass");
    t.act(A, Action::AutoPass);
    t.passes(&[B, C]);
    t.dice(&[1, 2]);
    t.passes(&[B, C]);
    t.chance();
    t.passes(&[B, C]);
    assert_eq!(t.spec().active, B);
    assert_ne!(t.pos(A), 0, "A rolled and sailed");
    t.g.check_invariants(&t.st).unwrap();
}

#[test]
fn invariants_catch_a_turn_that_ends_without_its_main_action() {
    // The rules no longer allow it; an unchecked auto-pass (the old bug's path) makes such a turn.
    let mut t = Table::new(3);
    t.act(A, Action::Captain { target: Target::None, choice: 0 });
    t.passes(&[B, C]);
    t.g.apply_unchecked(&mut t.st, A, &Action::AutoPass);
    assert!(t.g.check_invariants(&t.st).is_err(), "the active player auto-passes with the main action owed");
    t.chance();
    t.passes(&[B, C]);
    assert_eq!(t.spec().active, B, "A was skipped");
    let err = t.g.check_invariants(&t.st).expect_err("A's turn had no main action");
    assert!(err.contains("main action"), "{err}");
}

#[test]
fn scenario_16_passing_the_carrier_gives_no_battle_right() {
    let mut t = one_die(15, |st| st.set_position(A, 12));
    t.roll(A, &[5]);
    t.go(A, Dir::Far);
    assert!(t.legal(A).contains(&Action::Stop), "the carrier's space offers a stop");
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 16, "17 is -1: back to 16");
    assert!(!t.legal(A).contains(&Action::Battle), "A did not stop on the carrier's space");
}

#[test]
fn scenario_18_battles_only_on_your_own_turn() {
    let mut t = Table::with(options(4), |st| {
        st.set_flag(Flag::Carried { seat: B }, Some(D));
        st.set_position(A, 13);
        st.set_position(B, 12);
        st.give(A, k("sleight-of-hand"));
        st.give(A, k("harpoon-gun"));
    });
    t.roll(A, &[2]);
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 15);
    t.end_turn();
    t.roll(B, &[3]);
    t.go(B, Dir::Far);
    assert_eq!(t.pos(B), 15, "the carrier ends on A's space");
    t.passes(&[B, C, D]);
    assert!(!t.legal(A).contains(&Action::Battle), "not A's turn");
    assert!(t.may_play(A, "sleight-of-hand", on(B)) && t.may_play(A, "harpoon-gun", on(B)));
}

/// One-die era, carrier D on 19 (a Trading Post), A on 16 holding one card: A's die 3 ends on 19.
fn trading_post_battle() -> Table {
    let mut t = one_die(19, |st| {
        st.set_position(A, 16);
        st.give(A, k("aarrgh"));
    });
    t.roll(A, &[3]);
    t.go(A, Dir::Far);
    assert_eq!((t.pos(A), t.hand(A)), (19, 2), "a draw at 18|19");
    t
}

#[test]
fn scenario_21_trade_before_or_after_a_battle_at_a_trading_post() {
    let trade = Action::Trade { discard: k("aarrgh") };
    // (a) Trade first, then battle.
    let mut t = trading_post_battle();
    assert!(t.legal(A).contains(&trade) && t.legal(A).contains(&Action::Battle));
    t.act(A, trade);
    t.chance();
    assert_eq!(t.hand(A), 3);
    t.pass_until(A);
    t.act(A, Action::Battle);
    t.pass_all();
    t.dice(&[5, 3]);
    t.pass_all();
    assert_eq!(t.spec().flag, Flag::Carried { seat: A });
    // (b) Battle first, lose it, then trade: the visit goes on.
    let mut t = trading_post_battle();
    t.act(A, Action::Battle);
    t.pass_all();
    t.dice(&[2, 5]);
    t.passes(&[A, B, C, D]);
    assert_eq!(t.spec().flag, Flag::Carried { seat: D });
    assert!(!t.legal(A).contains(&Action::Battle), "one battle per battle right");
    t.act(A, trade);
    t.chance();
    assert_eq!(t.hand(A), 3);
}

#[test]
fn scenario_22_flank_leaves_the_space_before_the_battle_dice() {
    let mut t = one_die(15, |st| {
        st.set_position(A, 12);
        st.give(A, k("harpoon-gun"));
        st.give(D, k("flank"));
    });
    t.roll(A, &[5]);
    t.go(A, Dir::Far);
    t.act(A, Action::Stop);
    t.chance();
    t.act(A, Action::Battle);
    t.passes(&[A, B, C]);
    t.play(D, "flank", Target::None, 0);
    t.pass_all();
    t.go(D, Dir::Far);
    assert_eq!(t.pos(D), 16);
    t.passes(&[A, B, C, D]);
    assert_ne!(t.g.status(&t.st), Status::Chance, "no battle dice: the ships no longer share a space");
    assert!(t.spec().stack.is_empty());
    assert_eq!(t.spec().flag, Flag::Carried { seat: D });
    assert!(!t.legal(A).contains(&Action::Battle) && !t.legal(A).contains(&Action::Roll), "A's movement is over");
    assert!(t.may_play(A, "harpoon-gun", on(D)), "distance 1, A's card for the turn is unused");
}

#[test]
fn scenario_24_aarrgh_on_the_waiting_roll_then_thick_fog_later() {
    let mut t = Table::first(options(4), B, |st| {
        st.set_flag(Flag::Carried { seat: D }, Some(D));
        st.set_position(D, 35);
        st.set_position(A, 30);
        st.set_position(B, 13);
        for c in ["aarrgh", "thick-fog", "flank", "tow-line"] {
            st.give(A, k(c));
        }
        st.give(B, k("walk-the-plank"));
    });
    t.act(B, Action::Roll);
    t.passes(&[B, C, D]);
    t.play(A, "aarrgh", on(B), 0);
    t.pass_until(B);
    t.passes(&[B, C, D, A]);
    assert_eq!(mods_add(&t, B), -3);
    t.pass_all();
    t.dice(&[5]);
    t.pass_all();
    t.go(B, Dir::Far);
    assert_eq!(t.pos(B), 15, "5 - 3 = 2");
    t.play(B, "walk-the-plank", on(A), 0);
    let plank = t.spec().stack[0].id;
    t.passes(&[C, D]);
    assert!(t.may_play(A, "thick-fog", Target::Item { id: plank }), "free: A already played Aarrgh! this turn");
    t.play(A, "thick-fog", Target::Item { id: plank }, 0);
    t.pass_all();
    t.chance();
    assert_eq!(t.hand(A), 2, "only Aarrgh! and Thick Fog left A's hand");
    assert_eq!(t.spec().discards, 3, "Aarrgh!, Walk the Plank (cancelled), Thick Fog");
}

#[test]
fn scenario_25_flank_towards_the_sea_keeps_gone_fishin_in_range() {
    let mut t = Table::with(options(3), |st| {
        st.set_flag(Flag::Carried { seat: B }, Some(B));
        st.set_position(A, 24);
        st.set_position(B, 27);
        st.give(A, k("gone-fishin"));
        st.give(B, k("flank"));
    });
    t.play(A, "gone-fishin", on(B), 0);
    t.play(B, "flank", Target::None, 0);
    t.pass_all();
    t.go(B, Dir::Sea);
    t.pass_all();
    assert_eq!(t.pos(B), 26);
    assert_eq!(t.spec().flag, Flag::Carried { seat: A }, "distance 2: A takes the flag");
}

/// One-die era, carrier B and A on 15 (D took the flag first), C holds Broadside; A battles, C plays Broadside
/// choosing `chosen`, dice A 3, B 4.
fn broadside_in_a_battle(chosen: Seat) -> Table {
    let mut t = Table::with(options(4), |st| {
        st.set_flag(Flag::Carried { seat: B }, Some(D));
        st.set_position(A, 15);
        st.set_position(B, 15);
        st.set_position(D, 30);
        st.give(C, k("broadside"));
    });
    t.act(A, Action::Battle);
    t.passes(&[A, B]);
    t.play(C, "broadside", on(chosen), 0);
    t.pass_all();
    t.dice(&[3, 4]);
    t.pass_all();
    t
}

#[test]
fn scenario_27_the_next_roll_of_the_chosen_player_in_a_battle() {
    let t = broadside_in_a_battle(B);
    assert_eq!(t.spec().flag, Flag::Carried { seat: A }, "B counts 2 against 3");
    let t = broadside_in_a_battle(A);
    assert_eq!(t.spec().flag, Flag::Carried { seat: B }, "A counts 1 against 4");
}

#[test]
fn scenario_28_closest_to_the_sea_lets_the_player_choose_among_ties() {
    let mut t = Table::with(options(4), |st| {
        st.set_position(A, 12);
        st.set_position(B, 4);
        st.set_position(C, 4);
        st.set_position(D, 9);
        st.give(A, k("undertow"));
    });
    assert!(t.may_play(A, "undertow", on(B)) && t.may_play(A, "undertow", on(C)));
    assert!(!t.may_play(A, "undertow", on(D)) && !t.may_play(A, "undertow", on(A)));
    a_plays(&mut t, "undertow", on(C), 0);
    assert_eq!((t.pos(C), t.hand(C), t.pos(B)), (7, 1, 4), "C: 4 -> 7 with a draw at 5|6");
}

#[test]
fn scenario_29_next_roll_modifiers_stack_across_turns() {
    let mut t = Table::first(options(4), B, |st| {
        st.set_flag(Flag::Carried { seat: D }, Some(D));
        st.set_position(D, 35);
        st.set_position(A, 24);
        st.set_position(B, 13);
        st.set_position(C, 13);
        st.give(A, k("smooth-sailing"));
        st.give(A, k("heavy-breeze"));
    });
    for (seat, card) in [(B, "smooth-sailing"), (C, "heavy-breeze")] {
        t.act(seat, Action::Roll);
        t.pass_until(A);
        t.play(A, card, Target::None, 0);
        t.pass_all();
        t.dice(&[1]);
        t.pass_all();
        t.go(seat, Dir::Far);
        t.end_turn();
    }
    t.roll(D, &[1]);
    t.go(D, Dir::Sea);
    t.end_turn();
    assert_eq!(mods_add(&t, A), 5);
    t.roll(A, &[3]);
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 32, "3 + 5 = 8 spaces");
    assert_eq!(mods_add(&t, A), 0, "used up");
}

/// Scenarios 30 and 31: B's movement result waits (die 1) and B queues Smooth Sailing and Heavy Breeze for its
/// next roll (scenario 31: they do not change the roll already made); on C's turn A plays It's you or me! on B.
/// A holds It's you or me! and Flank!; B's hand is `b_hand`.
fn its_you_or_me_on_cs_turn(b_mods: bool, b_hand: &[&str]) -> Table {
    let mut t = Table::first(options(4), B, |st| {
        st.set_flag(Flag::Carried { seat: D }, Some(D));
        st.set_position(D, 35);
        st.set_position(A, 24);
        st.set_position(B, 13);
        st.set_position(C, 2);
        st.give(A, k("its-you-or-me"));
        st.give(A, k("flank"));
        for c in ["smooth-sailing", "heavy-breeze"].iter().chain(b_hand) {
            st.give(B, k(c));
        }
    });
    t.act(B, Action::Roll);
    t.pass_all();
    t.dice(&[1]);
    if b_mods {
        t.play(B, "smooth-sailing", Target::None, 0);
        t.pass_until(B);
        t.play(B, "heavy-breeze", Target::None, 0);
    }
    t.pass_all();
    t.go(B, Dir::Far);
    assert_eq!(t.pos(B), 14, "the die 1 moves 1: the cards wait for the next roll");
    t.end_turn();
    assert_eq!(mods_add(&t, B), if b_mods { 5 } else { 0 });
    t.act(C, Action::Roll);
    t.pass_until(A);
    t.play(A, "its-you-or-me", on(B), 0);
    t.pass_all();
    t
}

#[test]
fn scenario_30_its_you_or_me_uses_the_stacked_plus_5() {
    let mut t = its_you_or_me_on_cs_turn(true, &[]);
    t.dice(&[1]);
    t.pass_all();
    t.chance();
    assert_eq!((t.hand(A), t.hand(B)), (0, 1), "1 + 5 = 6: B takes A's Flank!");
    assert_eq!(mods_add(&t, B), 0, "the +5 is gone");
    t.pass_all();
    t.dice(&[1]);
    t.pass_all();
    t.go(C, Dir::Far);
    t.end_turn();
    t.roll(D, &[1]);
    t.go(D, Dir::Sea);
    t.end_turn();
    t.roll(A, &[1]);
    t.go(A, Dir::Far);
    t.end_turn();
    t.roll(B, &[2]);
    t.go(B, Dir::Far);
    assert_eq!(t.pos(B), 16, "B's die 2 moves 2");
}

#[test]
fn scenario_30_without_modifiers_a_low_roll_lets_a_take() {
    let mut t = its_you_or_me_on_cs_turn(false, &[]);
    t.dice(&[1]);
    t.pass_all();
    t.chance();
    assert_eq!((t.hand(A), t.hand(B)), (2, 1), "0-3: A takes one of B's 2 cards");
}

#[test]
fn scenario_30_lucky_doubloon_rerolls_with_the_plus_5_kept() {
    let mut t = its_you_or_me_on_cs_turn(true, &["lucky-doubloon"]);
    t.dice(&[1]);
    t.pass_until(B);
    t.play(B, "lucky-doubloon", Target::Roll { index: 0 }, 0);
    t.pass_all();
    t.dice(&[3]);
    t.pass_all();
    t.chance();
    assert_eq!((t.hand(A), t.hand(B)), (0, 1), "3 + 5 = 8: B still takes A's Flank!");
}

#[test]
fn scenario_31_a_next_roll_card_after_the_roll_waits_for_the_next_one() {
    let mut t = one_die(35, |st| {
        st.set_position(A, 13);
        st.give(A, k("smooth-sailing"));
    });
    t.act(A, Action::Roll);
    t.pass_all();
    t.dice(&[2]);
    assert!(t.may_play(A, "smooth-sailing", Target::None), "while the result waits");
    t.play(A, "smooth-sailing", Target::None, 0);
    t.pass_all();
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 15, "the die 2 moves 2");
    assert_eq!(mods_add(&t, A), 3, "queued for A's next roll");
}

#[test]
fn scenario_32_a_card_that_takes_the_flag_gives_no_escape_roll() {
    for card in ["harpoon-gun", "gone-fishin"] {
        let mut t = one_die(26, |st| {
            st.set_position(A, 24);
            st.give(A, k(card));
        });
        a_plays(&mut t, card, on(D), 0);
        assert_eq!(t.spec().flag, Flag::Carried { seat: A }, "{card}");
        assert!(t.spec().stack.is_empty() && !t.spec().main_done, "{card}: no escape roll, the main action is due");
        t.roll(A, &[5]);
        t.go(A, Dir::Far);
        assert_eq!((t.pos(A), t.spec().flag), (29, Flag::Carried { seat: A }), "{card}");
    }
}

#[test]
fn scenario_33_rolls_never_drop_below_zero_and_zero_is_even() {
    for (dice, carrier) in [(&[2u8][..], true), (&[1, 1][..], false)] {
        let mut t = Table::with(options(4), |st| {
            if carrier {
                st.set_flag(Flag::Carried { seat: D }, Some(D));
                st.set_position(D, 35);
            }
            st.set_position(A, 13);
            st.give(B, k("aarrgh"));
        });
        t.act(A, Action::Roll);
        t.pass_until(B);
        t.play(B, "aarrgh", on(A), 0);
        t.pass_all();
        t.dice(dice);
        let roll = t.spec().rolls[0];
        assert_eq!(roll.value(), 0, "{dice:?} - 3");
        t.pass_all();
        assert_eq!(t.pos(A), 13, "{dice:?}: A does not move");
    }
    // Cutlass Gamble with -3 queued: die 2 counts 0, even.
    let mut t = card_table("cutlass-gamble", 12, 16);
    t.st.give(C, k("aarrgh"));
    t.play(A, "cutlass-gamble", on(B), 0);
    t.pass_until(C);
    t.play(C, "aarrgh", on(A), 0);
    t.pass_all();
    t.dice(&[2]);
    assert_eq!(t.spec().rolls[0].value(), 0, "2 - 3, not below 0");
    t.pass_all();
    assert_eq!(t.spec().flag, Flag::Carried { seat: A }, "0 is even");
}

fn shan_table(a: u8, b: u8, setup: impl FnOnce(&mut State)) -> Table {
    let mut o = options(4);
    o.captains =
        Captains::Chosen(["captain-shan", "captain-gale", "captain-drake", "captain-quill"].map(String::from).to_vec());
    Table::with(o, |st| {
        st.set_flag(Flag::Carried { seat: B }, Some(B));
        st.set_position(A, a);
        st.set_position(B, b);
        setup(st);
    })
}

#[test]
fn scenario_34_shan_doubles_the_battle_roll_only_then_the_escape_is_plain() {
    let mut t = shan_table(14, 18, |st| st.give(A, k("harpoon-gun")));
    t.roll(A, &[4]);
    t.go(A, Dir::Far);
    t.act(A, Action::Battle);
    t.act(A, Action::Captain { target: Target::None, choice: 0 });
    t.pass_all();
    t.pass_all();
    t.dice(&[3, 5]);
    t.pass_all();
    assert_eq!(t.spec().flag, Flag::Carried { seat: A });
    t.act(A, Action::Escape);
    assert!(
        t.spec().stack.iter().any(|i| i.item == ItemKind::MovementRoll { seat: A, escape: true }),
        "the escape roll waits"
    );
    t.pass_all();
    t.dice(&[2]);
    t.pass_all();
    t.go(A, Dir::Sea);
    assert_eq!(t.pos(A), 16, "the x2 was used by the battle: 2 spaces");
}

#[test]
fn scenario_34_a_short_roll_leaves_harpoon_gun_range() {
    for die in [2, 3] {
        let mut t = shan_table(14, 18, |st| st.give(A, k("harpoon-gun")));
        t.roll(A, &[die]);
        t.go(A, Dir::Far);
        assert_eq!(t.pos(A), 16, "die {die}");
        a_plays(&mut t, "harpoon-gun", on(B), 0);
        assert_eq!(t.spec().flag, Flag::Carried { seat: A }, "die {die}: distance 2");
        assert!(t.spec().stack.is_empty() && !t.spec().rolls.iter().any(|r| !r.done()), "no escape roll");
    }
}

#[test]
fn scenario_34_shan_before_the_main_action_doubles_the_movement() {
    let mut t = shan_table(16, 30, |st| st.set_flag(Flag::Carried { seat: A }, Some(B)));
    t.act(A, Action::Captain { target: Target::None, choice: 0 });
    t.pass_all();
    t.roll(A, &[5]);
    t.go(A, Dir::Sea);
    assert!(t.legal(A).contains(&Action::Descend), "the waterfall top on 8");
    t.go(A, Dir::Sea);
    assert_eq!((t.pos(A), t.hand(A)), (6, 1), "5 x 2 = 10 spaces, a draw at 12|13");
    assert!(t.legal(A).iter().any(|a| matches!(a, Action::Trade { .. })), "a Trading Post visit");
}

#[test]
fn scenario_35_faq_2_after_the_flag_is_taken_nobody_must_reach_the_end() {
    let mut t = Table::with(options(4), |st| {
        st.set_position(A, 32);
        st.set_position(B, 20);
    });
    t.roll(A, &[3, 1]);
    t.go(A, Dir::Far);
    assert_eq!(t.spec().flag, Flag::Carried { seat: A }, "A took the flag on 36");
    t.end_turn();
    assert_eq!(t.spec().movement_dice, 1);
    t.act(B, Action::Roll);
    t.pass_all();
    t.dice(&[3]);
    t.pass_all();
    assert_eq!(t.legal(B), vec![Action::Go { dir: Dir::Sea }, Action::Go { dir: Dir::Far }], "either way");
    t.go(B, Dir::Sea);
    assert_eq!(t.pos(B), 19, "a Trading Post offers a stop");
    t.go(B, Dir::Sea);
    assert_eq!(t.pos(B), 18, "19 is a Trading Post passed by; -1 on 17 brings B back to 18");
}

// ---- Every card and captain: one test each (named `card_<id>` / `captain_<id>`). ----

/// A (active, on `a`) holds `id`; B on `b` carries the flag (one-die era, D took it first).
fn card_table(id: &str, a: u8, b: u8) -> Table {
    Table::with(options(4), |st| {
        st.set_flag(Flag::Carried { seat: B }, Some(D));
        st.set_position(A, a);
        st.set_position(B, b);
        st.set_position(C, 30);
        st.set_position(D, 20);
        st.give(A, k(id));
    })
}

fn modifier_test(id: &str, target: Target, choice: u8) -> Table {
    let mut t = card_table(id, 10, 16);
    a_plays(&mut t, id, target, choice);
    t
}

#[test]
fn card_smooth_sailing() {
    assert_eq!(mods_add(&modifier_test("smooth-sailing", Target::None, 0), A), 3);
}

#[test]
fn card_heavy_breeze() {
    let mut t = card_table("heavy-breeze", 10, 16);
    t.st.give(A, k("smooth-sailing"));
    t.play(A, "smooth-sailing", Target::None, 0);
    t.pass_all();
    t.play(A, "heavy-breeze", Target::None, 0);
    t.pass_all();
    assert_eq!(mods_add(&t, A), 5, "both in one turn");
}

#[test]
fn card_aarrgh() {
    let mut t = modifier_test("aarrgh", on(B), 0);
    assert_eq!(mods_add(&t, B), -3);
    t.roll(A, &[1]);
    t.go(A, Dir::Far);
    t.end_turn();
    t.roll(B, &[2]);
    assert_eq!(t.pos(B), 16, "2 - 3 -> 0: B does not move");
}

#[test]
fn card_doldrums() {
    assert_eq!(mods_add(&modifier_test("doldrums", on(B), 0), B), -1);
}

#[test]
fn card_trade_winds() {
    let mut t = modifier_test("trade-winds", Target::None, 0);
    t.act(A, Action::Roll);
    t.pass_all();
    assert_eq!(t.outcomes().len(), 6);
    t.dice(&[1, 1]);
    t.pass_all();
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 12, "two dice (one more), 1 + 1");
    // The extra die is one of the faces shown, not a die after them (a browser trial read it as one more).
    t.told_in_order(Viewer::Seat(B), &["P1 rolls 1 and 1 for movement (one of them an extra die): 2 spaces."]);
}

#[test]
fn card_becalmed() {
    let t = modifier_test("becalmed", on(B), 0);
    assert_eq!(m(&t, B, 1).set, Some(0));
}

#[test]
fn card_headwind() {
    let t = modifier_test("headwind", on(B), 0);
    assert_eq!(m(&t, B, 1).dir, Some(Dir::Far));
}

#[test]
fn card_loaded_dice() {
    let t = modifier_test("loaded-dice", Target::None, 0);
    assert_eq!(m(&t, A, 2).set, Some(6));
}

#[test]
fn card_grog_ration() {
    let t = modifier_test("grog-ration", Target::None, 0);
    assert_eq!(m(&t, A, 2).add, 2);
}

#[test]
fn card_broadside() {
    let t = modifier_test("broadside", on(B), 0);
    assert_eq!(m(&t, B, 2).add, -2);
}

#[test]
fn card_dead_reckoning() {
    let mut t = modifier_test("dead-reckoning", Target::None, 5);
    t.act(A, Action::Roll);
    t.pass_all();
    t.dice(&[1]);
    t.pass_all();
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 15, "the die shows 5");
}

/// A rolls (die `face`) and plays `id` on the roll result.
fn after_roll(id: &str, face: u8, then: u8) -> Table {
    let mut t = card_table(id, 24, 16);
    t.act(A, Action::Roll);
    t.pass_all();
    t.dice(&[face]);
    t.play(A, id, Target::Roll { index: 0 }, 0);
    t.pass_all();
    t.dice(&[then]);
    t.pass_all();
    t
}

#[test]
fn card_lucky_doubloon() {
    let mut t = after_roll("lucky-doubloon", 1, 4);
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 28, "rerolled to 4");
}

#[test]
fn card_jinxed() {
    let t = card_table("jinxed", 24, 16);
    assert!(!t.legal(A).iter().any(|a| matches!(a, Action::Play { .. })), "no roll waits");
    let mut t = card_table("jinxed", 24, 16);
    t.act(A, Action::Roll);
    t.pass_all();
    t.dice(&[3]);
    assert!(!t.legal(A).iter().any(|a| matches!(a, Action::Play { .. })), "not on your own roll");
}

#[test]
fn card_sea_legs() {
    let mut t = after_roll("sea-legs", 2, 0);
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 28, "2 + 2");
}

#[test]
fn card_rogue_wave() {
    let mut t = after_roll("rogue-wave", 3, 0);
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 25, "3 - 2");
}

#[test]
fn card_flank() {
    let mut t = card_table("flank", 10, 16);
    t.play(A, "flank", Target::None, 0);
    t.pass_all();
    t.go(A, Dir::Sea);
    assert_eq!(t.pos(A), 9);
}

#[test]
fn card_hot_pursuit() {
    let mut t = card_table("hot-pursuit", 12, 15);
    t.play(A, "hot-pursuit", Target::None, 4);
    t.pass_all();
    t.chance();
    assert_eq!(t.legal(A), vec![Action::Stop], "never past the flag");
    t.act(A, Action::Stop);
    assert_eq!(t.pos(A), 15, "towards the flag, ending on the carrier");
    assert!(t.legal(A).contains(&Action::Battle));
}

#[test]
fn card_full_sail() {
    let mut t = card_table("full-sail", 24, 16);
    t.play(A, "full-sail", Target::None, 2);
    t.pass_all();
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 26);
    assert!(!t.legal(A).contains(&Action::Roll), "instead of rolling");
}

#[test]
fn card_man_the_oars() {
    let mut t = card_table("man-the-oars", 24, 16);
    t.play(A, "man-the-oars", Target::None, 0);
    t.pass_all();
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 26);
}

#[test]
fn card_fair_winds() {
    let mut t = card_table("fair-winds", 24, 16);
    t.play(A, "fair-winds", Target::None, 0);
    t.pass_all();
    t.dice(&[2]);
    t.pass_all();
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 26);
}

#[test]
fn card_homeward_bound() {
    let mut t = card_table("homeward-bound", 24, 16);
    t.play(A, "homeward-bound", Target::None, 0);
    t.pass_all();
    t.dice(&[1, 1]);
    t.pass_all();
    t.chance();
    assert_eq!(t.pos(A), 22, "two dice, towards the sea");
}

#[test]
fn card_grappling_hook() {
    let mut t = card_table("grappling-hook", 10, 16);
    a_plays(&mut t, "grappling-hook", on(B), 0);
    assert_eq!(t.pos(B), 13);
}

#[test]
fn card_tow_line() {
    let mut t = card_table("tow-line", 10, 16);
    a_plays(&mut t, "tow-line", on(B), 0);
    assert_eq!(t.pos(B), 14);
}

#[test]
fn card_undertow() {
    let mut t = card_table("undertow", 10, 16);
    t.st.set_position(D, 4);
    assert!(!t.legal(A).contains(&Action::Play { card: k("undertow"), target: on(A), choice: 0 }), "not the lowest");
    a_plays(&mut t, "undertow", on(D), 0);
    assert_eq!(t.pos(D), 7, "4 -> 7 with a draw at 5|6");
    assert_eq!(t.hand(D), 1);
}

#[test]
fn card_cannon_volley() {
    let mut t = card_table("cannon-volley", 14, 16);
    a_plays(&mut t, "cannon-volley", on(B), 0);
    assert_eq!(t.pos(B), 19, "pushed 3 away from A (a push onto a Trading Post is no visit)");
}

#[test]
fn card_riptide() {
    let mut t = card_table("riptide", 10, 16);
    a_plays(&mut t, "riptide", Target::None, 0);
    assert_eq!((t.pos(A), t.pos(B), t.pos(C), t.pos(D)), (10, 16, 31, 21), "B onto 17 (-1) goes back to 16");
}

#[test]
fn card_sea_serpent() {
    let mut t = card_table("sea-serpent", 14, 16);
    a_plays(&mut t, "sea-serpent", on(B), 1);
    assert_eq!(t.pos(B), 18);
}

#[test]
fn card_whirlpool() {
    let mut t = card_table("whirlpool", 14, 16);
    a_plays(&mut t, "whirlpool", on(B), 0);
    assert_eq!((t.pos(A), t.pos(B)), (16, 14));
    assert_eq!(t.spec().flag, Flag::Carried { seat: B }, "each keeps its flag");
}

#[test]
fn card_kraken() {
    let mut t = card_table("kraken", 14, 16);
    a_plays(&mut t, "kraken", Target::None, 0);
    assert_eq!((t.pos(B), t.pos(D)), (19, 20), "only ships within 3 of A");
    assert!(!t.legal(A).contains(&Action::Roll), "instead of rolling");
    // A ship on A's own space: the number it is played with is the way those ships go, said in words (a trial was
    // offered "choice 1").
    let t = card_table("kraken", 16, 16);
    let kraken = |choice| Action::Play { card: k("kraken"), target: Target::None, choice };
    assert!(t.legal(A).contains(&kraken(0)) && t.legal(A).contains(&kraken(1)));
    let label = |choice| t.g.label_in_view(&t.view(A), &kraken(choice));
    assert_eq!(label(0), "play The Kraken: ships on your space go towards The Dread Sea");
    assert_eq!(label(1), "play The Kraken: ships on your space go away from The Dread Sea");
    let steps = t.g.choice_steps(&t.view(A), &kraken(1));
    assert_eq!(steps.last().map(String::as_str), Some("ships on your space go away from The Dread Sea"));
    // With no ship on A's space there is one way only, and nothing to say.
    let t = card_table("kraken", 14, 16);
    assert_eq!(t.g.label_in_view(&t.view(A), &kraken(0)), "play The Kraken");
}

#[test]
fn card_gone_fishin() {
    let mut t = card_table("gone-fishin", 13, 16);
    a_plays(&mut t, "gone-fishin", on(B), 0);
    assert_eq!(t.spec().flag, Flag::Carried { seat: A });
    assert!(t.legal(A).contains(&Action::Roll), "no escape roll: A still takes its main action");
}

#[test]
fn card_harpoon_gun() {
    let t = card_table("harpoon-gun", 13, 16);
    assert!(!t.legal(A).iter().any(|a| matches!(a, Action::Play { .. })), "3 spaces is out of range");
    let mut t = card_table("harpoon-gun", 14, 16);
    a_plays(&mut t, "harpoon-gun", on(B), 0);
    assert_eq!(t.spec().flag, Flag::Carried { seat: A });
}

#[test]
fn card_boarding_party() {
    let mut t = card_table("boarding-party", 14, 16);
    t.play(A, "boarding-party", on(B), 0);
    t.pass_all();
    // Its battle is told as the card's, on top of any this turn (two battles in one turn puzzled a trial).
    let ranged = t.words(Viewer::Spectator).into_iter().find(|w| w.starts_with("P1 attacks P2")).expect("a battle");
    assert!(ranged.contains("by the card just resolved (a battle of its own"), "{ranged}");
    t.pass_all();
    t.dice(&[6, 1]);
    t.pass_all();
    assert_eq!(t.spec().flag, Flag::Carried { seat: A });
    t.act(A, Action::Escape);
    assert!(t.spec().stack.iter().any(|i| matches!(i.item, ItemKind::MovementRoll { escape: true, .. })));
}

#[test]
fn card_chain_shot() {
    let mut t = card_table("chain-shot", 14, 16);
    a_plays(&mut t, "chain-shot", on(B), 0);
    assert_eq!(t.spec().flag, Flag::Loose { space: 18 });
}

#[test]
fn card_cutlass_gamble() {
    let mut t = card_table("cutlass-gamble", 12, 16);
    t.play(A, "cutlass-gamble", on(B), 0);
    t.pass_all();
    t.dice(&[4]);
    t.pass_all();
    assert_eq!(t.spec().flag, Flag::Carried { seat: A }, "even");
}

#[test]
fn card_lashed_to_the_mast() {
    let mut t = Table::with(options(4), |st| {
        st.set_flag(Flag::Carried { seat: A }, Some(A));
        st.set_position(A, 14);
        st.set_position(B, 15);
        st.give(A, k("lashed-to-the-mast"));
        st.give(B, k("harpoon-gun"));
    });
    a_plays(&mut t, "lashed-to-the-mast", Target::None, 0);
    t.act(A, Action::Roll);
    t.act(A, Action::Pass);
    t.play(B, "harpoon-gun", on(A), 0);
    t.pass_all();
    assert_eq!(t.spec().flag, Flag::Carried { seat: A }, "shielded");
}

#[test]
fn card_sleight_of_hand() {
    let mut t = card_table("sleight-of-hand", 16, 16);
    a_plays(&mut t, "sleight-of-hand", on(B), 0);
    assert_eq!(t.spec().flag, Flag::Carried { seat: A });
}

/// A plays Harpoon Gun on carrier B; B answers with `id`.
fn answer(id: &str) -> Table {
    let mut t = card_table("harpoon-gun", 14, 16);
    t.st.give(B, k(id));
    t.play(A, "harpoon-gun", on(B), 0);
    let harpoon = t.spec().stack[0].id;
    t.play(B, id, Target::Item { id: harpoon }, if id == "double-cross" { C.0 } else { 0 });
    t.pass_all();
    t
}

#[test]
fn card_thick_fog() {
    assert_eq!(answer("thick-fog").spec().flag, Flag::Carried { seat: B });
}

#[test]
fn card_giant_mirror() {
    assert_eq!(answer("giant-mirror").spec().flag, Flag::Carried { seat: B }, "mirrored: A finds no carrier in A");
}

#[test]
fn card_belay_that() {
    assert_eq!(answer("belay-that").spec().flag, Flag::Carried { seat: B });
}

#[test]
fn card_double_cross() {
    assert_eq!(answer("double-cross").spec().flag, Flag::Carried { seat: B }, "retargeted at C, who has no flag");
}

#[test]
fn card_smoke_screen() {
    let mut t = card_table("aarrgh", 16, 16);
    t.st.give(B, k("smoke-screen"));
    t.act(A, Action::Battle);
    t.act(A, Action::Pass);
    let battle = t.spec().stack[0].id;
    t.play(B, "smoke-screen", Target::Item { id: battle }, 0);
    t.pass_all();
    assert!(t.spec().stack.is_empty() && t.spec().rolls.is_empty(), "called off before the dice");
    assert_eq!(t.spec().flag, Flag::Carried { seat: B });
}

#[test]
fn card_mutiny() {
    let mut t = card_table("mutiny", 10, 16);
    t.st.give(B, k("smooth-sailing"));
    a_plays(&mut t, "mutiny", on(B), 0);
    t.act(A, Action::Roll);
    t.act(A, Action::Pass);
    assert!(!t.legal(B).iter().any(|a| matches!(a, Action::Play { .. })), "silenced");
}

#[test]
fn card_message_in_a_bottle() {
    let mut t = card_table("message-in-a-bottle", 10, 16);
    t.play(A, "message-in-a-bottle", Target::None, 0);
    t.chance();
    assert_eq!(t.hand(A), 2);
    assert!(t.spec().stack.is_empty(), "unanswerable: it takes effect at once");
}

#[test]
fn card_careen_the_hull() {
    let mut t = card_table("careen-the-hull", 10, 16);
    t.play(A, "careen-the-hull", Target::None, 0);
    t.chance();
    assert_eq!(t.hand(A), 3);
    assert!(!t.legal(A).contains(&Action::Roll));
}

#[test]
fn card_black_market() {
    let mut t = card_table("black-market", 10, 16);
    t.st.give(A, k("aarrgh"));
    t.play(A, "black-market", Target::None, k("aarrgh"));
    t.chance();
    assert_eq!(t.hand(A), 2, "discard Aarrgh!, draw 2");
}

#[test]
fn card_pickpocket() {
    let mut t = card_table("pickpocket", 14, 16);
    t.st.give(B, k("aarrgh"));
    a_plays(&mut t, "pickpocket", on(B), 0);
    assert_eq!((t.hand(A), t.hand(B)), (1, 0));
    assert_eq!(t.view(A).my_hand, vec![k("aarrgh")]);
}

/// A terminal trial: Pickpocket played on an empty hand ended without a word. The table is told it found nothing.
#[test]
fn a_pick_from_an_empty_hand_is_told() {
    let mut t = card_table("pickpocket", 14, 16);
    a_plays(&mut t, "pickpocket", on(B), 0);
    t.told_in_order(Viewer::Seat(C), &["Pickpocket: P2 has no card left to take, so nothing more happens."]);
}

/// A terminal trial read a Trading Post trade as a card discarded against the rules: it is told as a trade.
#[test]
fn a_trade_at_a_trading_post_is_told_as_one() {
    let mut t = one_die(30, |st| {
        st.set_position(A, 4);
        st.give(A, k("aarrgh"));
    });
    t.roll(A, &[2]);
    t.go(A, Dir::Far);
    t.act(A, Action::Trade { discard: k("aarrgh") });
    t.chance();
    t.told_in_order(Viewer::Seat(C), &["P1 trades at the Trading Post: discards Aarrgh! (face up) to draw 2 cards."]);
}

#[test]
fn card_walk_the_plank() {
    let mut t = card_table("walk-the-plank", 14, 16);
    for c in ["aarrgh", "flank", "tow-line"] {
        t.st.give(B, k(c));
    }
    a_plays(&mut t, "walk-the-plank", on(B), 0);
    assert_eq!(t.hand(B), 1);
    assert_eq!(t.spec().discards, 3);
}

#[test]
fn card_its_you_or_me() {
    let mut t = card_table("its-you-or-me", 14, 16);
    t.st.give(B, k("aarrgh"));
    t.st.give(A, k("flank"));
    t.play(A, "its-you-or-me", on(B), 0);
    t.pass_all();
    t.dice(&[2]);
    t.pass_all();
    t.chance();
    assert_eq!((t.hand(A), t.hand(B)), (2, 0), "0-3: A takes a card from B");
}

/// A table whose seat A has captain `id`.
fn captain_table(id: &str, a: u8, b: u8) -> Table {
    let mut o = options(4);
    let mut ids = vec![id.to_string()];
    let others = ["captain-quill", "captain-shan", "captain-drake", "captain-gale", "captain-mirage"];
    ids.extend(others.iter().filter(|&&o| o != id).take(3).map(|s| s.to_string()));
    o.captains = Captains::Chosen(ids);
    Table::with(o, |st| {
        st.set_flag(Flag::Carried { seat: B }, Some(D));
        st.set_position(A, a);
        st.set_position(B, b);
        st.set_position(C, 30);
        st.set_position(D, 20);
    })
}

fn use_captain(t: &mut Table, target: Target, choice: u8) {
    t.act(A, Action::Captain { target, choice });
    t.pass_all();
    t.chance();
}

#[test]
fn captain_captain_shan() {
    let mut t = captain_table("captain-shan", 10, 16);
    use_captain(&mut t, Target::None, 0);
    assert_eq!(m(&t, A, 0).doubles, 1);
    assert!(!t.legal(A).iter().any(|a| matches!(a, Action::Captain { .. })), "once per game");
}

/// A trial: Captain Shan's "double your next roll", offered while the player's own roll waited for answers, read as
/// doubling that roll. The label says which roll it is not.
#[test]
fn captain_shan_offered_after_a_roll_says_it_is_not_that_roll() {
    let mut t = captain_table("captain-shan", 10, 16);
    let shan = Action::Captain { target: Target::None, choice: 0 };
    let before = t.g.label_in_view(&t.view(A), &shan);
    assert!(!before.contains("just made"), "no roll waits: {before}");
    t.act(A, Action::Roll);
    t.pass_all();
    t.dice(&[5]);
    assert!(t.legal(A).contains(&shan), "{:?}", t.legal(A));
    let after = t.g.label_in_view(&t.view(A), &shan);
    assert!(after.ends_with("double your next roll (not your roll of 5 just made)"), "{after}");
}

/// A trial: the player was asked to pass before and after their own roll and could not tell why. Each pass says
/// what it lets happen, from the asked seat's side.
#[test]
fn each_pass_says_what_it_lets_happen() {
    let mut t = captain_table("captain-shan", 10, 16);
    t.act(A, Action::Roll);
    let pass = |t: &Table, seat| t.g.label_in_view(&t.view(seat), &Action::Pass);
    assert_eq!(pass(&t, A), "pass: let your movement roll be rolled");
    assert_eq!(pass(&t, B), "pass: let P1's movement roll be rolled");
    t.pass_all();
    t.dice(&[5]);
    assert_eq!(pass(&t, A), "pass: let your roll of 5 stand");
    assert_eq!(pass(&t, B), "pass: let P1's roll of 5 stand");
    // Over an empty stack, after the main action: the pass ends the turn.
    let mut t = one_die(30, |st| st.set_position(A, 4));
    t.roll(A, &[4]);
    t.go(A, Dir::Far);
    t.act(A, Action::Stop);
    assert!(t.spec().stack.is_empty() && t.legal(A).contains(&Action::Pass), "{:?}", t.legal(A));
    assert_eq!(pass(&t, A), "pass: end your turn");
    assert_eq!(pass(&t, B), "pass: let P1's turn end");
}

/// The line of A in the terminal's description.
fn a_line(t: &Table) -> String {
    let text = t.g.describe(&t.view(A));
    text.lines().nth(1).expect("seat A's line follows the header").to_string()
}

#[test]
fn terminal_shows_a_doubling_and_a_set_die_not_plus_zero() {
    let mut t = captain_table("captain-shan", 10, 16);
    use_captain(&mut t, Target::None, 0);
    let line = a_line(&t);
    assert!(line.contains("next roll: x2") && !line.contains("+0"), "{line}");
    let t = modifier_test("loaded-dice", Target::None, 0);
    let line = a_line(&t);
    assert!(line.contains("next battle roll: every die set to 6") && !line.contains("+0"), "{line}");
    let t = modifier_test("grog-ration", Target::None, 0);
    assert!(a_line(&t).contains("next battle roll: +2"), "{}", a_line(&t));
}

#[test]
fn captain_captain_ironhook() {
    let mut t = captain_table("captain-ironhook", 15, 16);
    use_captain(&mut t, on(B), 0);
    assert_eq!(t.spec().flag, Flag::Carried { seat: A });
}

#[test]
fn captain_captain_gale() {
    let mut t = captain_table("captain-gale", 10, 16);
    use_captain(&mut t, on(B), 2 * 2 + 1);
    assert_eq!(t.pos(B), 19, "3 spaces far");
}

#[test]
fn captain_captain_quill() {
    let mut t = captain_table("captain-quill", 10, 16);
    use_captain(&mut t, Target::None, 0);
    assert_eq!(t.hand(A), 5, "a full hand");
}

#[test]
fn captain_captain_mirage() {
    let mut t = captain_table("captain-mirage", 10, 16);
    t.st.give(B, k("aarrgh"));
    t.act(A, Action::Roll);
    t.act(A, Action::Pass);
    t.play(B, "aarrgh", on(A), 0);
    let aarrgh = t.spec().stack[1].id;
    t.act(C, Action::Pass);
    t.act(D, Action::Pass);
    t.act(A, Action::Captain { target: Target::Item { id: aarrgh }, choice: 0 });
    t.pass_all();
    assert_eq!(mods_add(&t, A), 0, "cancelled");
}

#[test]
fn captain_captain_drake() {
    let mut t = captain_table("captain-drake", 10, 16);
    use_captain(&mut t, on(B), 0);
    assert_eq!((t.pos(A), t.pos(B)), (16, 10));
}

#[test]
fn captain_captain_iron_meg() {
    let mut t = captain_table("captain-iron-meg", 24, 16);
    t.act(A, Action::Roll);
    t.pass_all();
    t.dice(&[1]);
    t.act(A, Action::Captain { target: Target::Roll { index: 0 }, choice: 0 });
    t.pass_all();
    t.dice(&[5]);
    t.pass_all();
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 29);
}

#[test]
fn captain_captain_blackwater() {
    let mut t = captain_table("captain-blackwater", 24, 16);
    let label = t.g.label_in_view(&t.view(A), &Action::Captain { target: Target::None, choice: 4 });
    assert!(label.ends_with("; here 4 spaces, the direction chosen next"), "{label}");
    t.act(A, Action::Captain { target: Target::None, choice: 4 });
    t.pass_all();
    t.go(A, Dir::Far);
    assert_eq!(t.pos(A), 28);
}

#[test]
fn every_card_and_captain_has_a_test_here() {
    let source = include_str!("pirates_flag.rs");
    let g = game(options(4));
    for (prefix, list) in [("card_", g.cards()), ("captain_", g.captain_list())] {
        for c in list {
            let name = format!("fn {prefix}{}(", c.id.replace('-', "_"));
            assert!(source.contains(&name), "{} has no test `{name}`", c.id);
        }
    }
}

// ---- Properties. ----

#[test]
fn leak_twin_another_hand_looks_the_same() {
    let twin = |card: &str| {
        let mut t = card_table(card, 10, 16);
        t.act(A, Action::Roll);
        t.act(A, Action::Pass);
        t
    };
    let (x, y) = (twin("aarrgh"), twin("flank"));
    for seat in [B, C, D] {
        assert_eq!(x.view(seat), y.view(seat), "{seat} cannot tell A's card");
    }
    assert_eq!(x.spec(), y.spec());
    assert_eq!(x.legal(B), y.legal(B), "B's choices do not depend on A's hand");
    assert_ne!(x.view(A), y.view(A));
}

#[test]
fn random_games_end_and_keep_every_card() {
    use plunder_core::Rng;
    for players in 3..=6u8 {
        let g = game(Options::for_players(players));
        let mut rng = Rng::seeded(players as u64);
        for _ in 0..8 {
            let mut st = g.initial_state();
            let mut steps = 0u64;
            let mut legal = Vec::new();
            loop {
                g.check_invariants(&st).unwrap();
                match g.status(&st) {
                    Status::Over => break,
                    Status::Chance => {
                        let c = g.sample_chance(&st, &mut rng);
                        g.apply_chance_unchecked(&mut st, &c);
                    }
                    Status::Decide(seats) => {
                        let seat = seats.lowest().unwrap();
                        legal.clear();
                        g.legal_actions(&st, seat, &mut legal);
                        assert!(!legal.is_empty(), "a seat to decide has a choice");
                        let a = legal[rng.index(legal.len())];
                        g.apply_unchecked(&mut st, seat, &a);
                    }
                }
                steps += 1;
                assert!(steps <= g.facts().max_steps);
            }
            assert_eq!(st.total_cards(players as usize), 48);
        }
    }
}

#[test]
fn corsair_games_keep_the_invariants() {
    // Issue 26: `corsair` bots once ended about 6% of turns without the movement roll (an auto-pass before it).
    use plunder_core::{make_bot, Bot, Rng, Turn};
    let g = game(Options::for_players(4));
    for seed in 0..6u64 {
        let mut bots: Vec<Box<dyn Bot<PiratesFlag>>> =
            (0..4).map(|seat| make_bot::<PiratesFlag>("corsair", seed * 8 + seat).expect("corsair")).collect();
        let mut rng = Rng::stream(7, seed);
        let mut st = g.initial_state();
        let mut legal = Vec::new();
        loop {
            g.check_invariants(&st).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            match g.status(&st) {
                Status::Over => break,
                Status::Chance => {
                    let c = g.sample_chance(&st, &mut rng);
                    supply_chance(&g, &mut st, &c).unwrap();
                }
                Status::Decide(seats) => {
                    let seat = seats.lowest().unwrap();
                    legal.clear();
                    g.legal_actions(&st, seat, &mut legal);
                    let view = g.view(&st, Viewer::Seat(seat));
                    let action = bots[seat.index()].act(&Turn::new(&g, &st, seat, &view, &legal));
                    play(&g, &mut st, seat, &action).unwrap();
                }
            }
        }
    }
}

/// A bot that notes every card it plays, and otherwise plays as the bot it wraps.
#[derive(Debug)]
struct NotingCards {
    inner: Box<dyn plunder_core::Bot<PiratesFlag>>,
    played: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
}

impl plunder_core::Bot<PiratesFlag> for NotingCards {
    fn act(&mut self, turn: &plunder_core::Turn<'_, PiratesFlag>) -> Action {
        let action = self.inner.act(turn);
        if let Action::Play { card, .. } = action {
            self.played.lock().expect("one thread").push(card);
        }
        action
    }
}

#[test]
fn the_corsair_bot_plays_every_card() {
    // Simulations say something about a card only if a bot plays it: in enough games of four `corsair`
    // captains, every card of the deck is played by someone.
    use plunder_core::{make_bot, play_game, Bot, Rng};
    let g = game(Options::for_players(4));
    let played = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut unplayed: Vec<u8> = (0..g.cards().len() as u8).collect();
    for seed in 0..300u64 {
        if unplayed.is_empty() {
            break;
        }
        let mut bots: Vec<Box<dyn Bot<PiratesFlag>>> = (0..4)
            .map(|seat| {
                let inner = make_bot::<PiratesFlag>("corsair", seed * 8 + seat).expect("corsair");
                Box::new(NotingCards { inner, played: played.clone() }) as Box<dyn Bot<PiratesFlag>>
            })
            .collect();
        play_game(&g, &mut bots, &mut Rng::stream(5, seed), 100_000).expect("bots play legally");
        unplayed.retain(|card| !played.lock().expect("one thread").contains(card));
    }
    let names: Vec<&str> = unplayed.iter().map(|&c| g.cards()[c as usize].name.as_str()).collect();
    assert!(names.is_empty(), "never played by corsair: {names:?}");
}

#[test]
fn a_cards_number_is_labelled_in_words() {
    let g = game(options(4));
    let label = |id: &str, target: Target, choice: u8| g.label(&Action::Play { card: k(id), target, choice });
    assert_eq!(label("full-sail", Target::None, 4), "play Full Sail: 4 spaces");
    assert_eq!(label("dead-reckoning", Target::None, 5), "play Dead Reckoning: each die of their next roll shows 5");
    // A "next roll" card says which roll it changes (a trial saw Smooth Sailing spent on a battle roll).
    let smooth = g.look_up("smooth sailing").unwrap();
    assert!(
        smooth
            .ends_with("+3 to your next roll. (Your next roll of any kind: for movement, in a battle or for a card.)"),
        "{smooth}"
    );
    assert_eq!(label("sea-serpent", on(B), 1), "play Sea Serpent on P2: away from The Dread Sea");
    assert_eq!(label("sea-serpent", on(B), 0), "play Sea Serpent on P2: toward The Dread Sea");
    assert_eq!(label("black-market", Target::None, k("full-sail")), "play Black Market: discarding Full Sail");
    assert_eq!(label("double-cross", Target::Item { id: 3 }, 2), "play Double-Cross on waiting item 3: onto P3");
}

// ---- Told events: what every seat is told, in words. ----

fn viewers(players: u8) -> Vec<Viewer> {
    let mut all: Vec<Viewer> = Seat::all(players as usize).map(Viewer::Seat).collect();
    all.push(Viewer::Spectator);
    all
}

#[test]
fn told_a_battle_with_every_die_its_winner_and_the_escape() {
    let mut t = won_battle(|_| {});
    t.act(A, Action::Escape);
    t.pass_all();
    t.dice(&[4]);
    t.pass_all();
    t.go(A, Dir::Sea);
    for v in viewers(4) {
        t.told_in_order(
            v,
            &[
                "P1 attacks P4, the flag carrier, on their shared space: each rolls a die, the higher takes the flag \
                 (anyone may answer first).",
                "P1 rolls 5 attacking in the battle: 5.",
                "P4 rolls 3 defending the flag in the battle: 3.",
                "P1 wins the battle 5 to 3 and takes the flag from P4; P1 may roll to escape.",
                "P1 rolls one die to escape with the flag: anyone may answer before the roll.",
                "P1 rolls 4 to escape with the flag: 4 spaces.",
                "P1 sails from space 15 to space 12, crossing a dock (a card to draw).",
                "P1 sails from space 12 to space 11.",
            ],
        );
    }
}

#[test]
fn told_a_tied_battle_and_the_defender_keeping_the_flag() {
    let mut t = one_die(15, |st| st.set_position(A, 15));
    t.act(A, Action::Battle);
    t.pass_all();
    t.dice(&[4, 4]);
    t.pass_all();
    t.pass_all();
    t.dice(&[1, 3]);
    t.pass_all();
    t.told_in_order(
        Viewer::Seat(B),
        &[
            "P1 rolls 4 attacking in the battle: 4.",
            "P4 rolls 4 defending the flag in the battle: 4.",
            "The battle is tied at 4: P1 and P4 fight again.",
            "P1 rolls 1 attacking in the battle: 1.",
            "P4 rolls 3 defending the flag in the battle: 3.",
            "P4 beats off P1's attack 3 to 1 and keeps the flag.",
        ],
    );
}

#[test]
fn told_captain_shan_doubling_the_battle_roll() {
    let mut o = options(4);
    o.captains =
        Captains::Chosen(["captain-shan", "captain-gale", "captain-drake", "captain-quill"].map(String::from).to_vec());
    let mut t = Table::with(o, |st| {
        st.set_flag(Flag::Carried { seat: B }, Some(B));
        st.set_position(A, 14);
        st.set_position(B, 18);
    });
    t.roll(A, &[4]);
    t.go(A, Dir::Far);
    t.act(A, Action::Battle);
    t.act(A, Action::Captain { target: Target::None, choice: 0 });
    t.pass_all();
    t.pass_all();
    t.dice(&[3, 5]);
    t.pass_all();
    t.told_in_order(
        Viewer::Seat(C),
        &[
            "P1 rolls 4 for movement: 4 spaces.",
            "P1 sails from space 14 to space 18.",
            "P1 uses Captain Shan's ability (on the stack: anyone may answer it).",
            "Captain Shan: x2 on P1's next roll.",
            "P1 rolls 3 attacking in the battle (then x2): 6.",
            "P2 rolls 5 defending the flag in the battle: 5.",
            "P1 wins the battle 6 to 5 and takes the flag from P2; P1 may roll to escape.",
        ],
    );
}

#[test]
fn told_a_reroll_and_the_new_dice() {
    let mut t = captain_table("captain-iron-meg", 24, 16);
    t.act(A, Action::Roll);
    t.pass_all();
    t.dice(&[1]);
    t.act(A, Action::Captain { target: Target::Roll { index: 0 }, choice: 0 });
    t.pass_all();
    t.dice(&[5]);
    t.pass_all();
    t.told_in_order(
        Viewer::Spectator,
        &[
            "P1 rolls for movement (1 die): anyone may answer before the roll.",
            "P1 rolls 1 for movement: 1 space.",
            "P1 uses Iron Meg's ability on P1's roll (on the stack: anyone may answer it).",
            "Iron Meg: P1's roll is rolled again.",
            "P1 rolls 5 for movement: 5 spaces.",
        ],
    );
}

#[test]
fn told_two_dice_one_by_one_and_the_dock_draw_only_to_the_drawer() {
    let mut t = Table::new(4);
    t.act(A, Action::Roll);
    t.pass_all();
    t.dice(&[3, 4]);
    t.pass_all();
    t.chance();
    let drawn = t.view(A).my_hand[0];
    let name = t.g.cards()[drawn as usize].name.clone();
    t.told_in_order(
        Viewer::Seat(A),
        &["P1 rolls a 3 (die 1 of 2).", "P1 rolls 3 and 4 for movement: 7 spaces.", &format!("P1 draws {name}.")],
    );
    for v in [Viewer::Seat(B), Viewer::Spectator] {
        t.told_in_order(v, &["P1 rolls 3 and 4 for movement: 7 spaces.", "P1 draws a card."]);
        assert!(!t.words(v).iter().any(|w| w.contains(&name)), "{v:?} is not told the card drawn");
    }
}

#[test]
fn told_card_plays_with_their_targets_answers_and_effects() {
    let mut t = Table::with(options(3), |st| {
        st.give(A, k("aarrgh"));
        st.give(A, k("thick-fog"));
        st.give(B, k("giant-mirror"));
    });
    t.play(A, "aarrgh", on(B), 0);
    let aarrgh = t.spec().stack[0].id;
    t.play(B, "giant-mirror", Target::Item { id: aarrgh }, 0);
    t.act(C, Action::Pass);
    let mirror = t.spec().stack[1].id;
    t.play(A, "thick-fog", Target::Item { id: mirror }, 0);
    t.pass_all();
    t.told_in_order(
        Viewer::Seat(C),
        &[
            "P1 plays Aarrgh! on P2 (on the stack: anyone may answer it).",
            "P2 plays Giant Mirror against P1's Aarrgh! on P2 (on the stack: anyone may answer it).",
            "P3 passes.",
            &format!("P1 plays Thick Fog against P2's Giant Mirror on waiting item {aarrgh} (on the stack: anyone may answer it)."),
            &format!("P1's Thick Fog cancels P2's Giant Mirror on waiting item {aarrgh}."),
            "Aarrgh!: -3 on P2's next roll.",
        ],
    );
}

#[test]
fn told_a_card_turned_back_onto_its_player() {
    let mut t = Table::with(options(3), |st| {
        st.give(A, k("aarrgh"));
        st.give(B, k("giant-mirror"));
    });
    t.play(A, "aarrgh", on(B), 0);
    let aarrgh = t.spec().stack[0].id;
    t.play(B, "giant-mirror", Target::Item { id: aarrgh }, 0);
    t.pass_all();
    t.told_in_order(
        Viewer::Spectator,
        &["P2's Giant Mirror turns P1's Aarrgh! on P2 onto P1.", "Aarrgh!: -3 on P1's next roll."],
    );
}

#[test]
fn a_cancel_removes_its_target_while_everyone_auto_passes() {
    let mut t = Table::with(options(3), |st| {
        st.give(C, k("aarrgh"));
        st.give(B, k("thick-fog"));
    });
    t.act(A, Action::Roll);
    t.act(A, Action::AutoPass);
    t.act(B, Action::Pass);
    t.play(C, "aarrgh", on(B), 0);
    let aarrgh = t.spec().stack[1].id;
    t.play(B, "thick-fog", Target::Item { id: aarrgh }, 0);
    t.act(C, Action::AutoPass);
    t.act(B, Action::AutoPass);
    assert_eq!(mods_add(&t, B), 0, "Thick Fog cancelled Aarrgh!");
    t.told_in_order(Viewer::Spectator, &["P2's Thick Fog cancels P3's Aarrgh! on P2."]);
    assert!(!t.words(Viewer::Spectator).iter().any(|w| w.starts_with("Aarrgh!:")), "Aarrgh! never takes effect");
}

#[test]
fn told_a_theft_by_name_to_the_two_players_only() {
    let mut t = card_table("pickpocket", 14, 16);
    t.st.give(B, k("aarrgh"));
    a_plays(&mut t, "pickpocket", on(B), 0);
    // The second terminal trial: a random pick did not name the card that made it.
    let named = "Pickpocket: P1 takes Aarrgh! at random from P2's hand.";
    t.told_in_order(Viewer::Seat(A), &["P1 plays Pickpocket on P2 (on the stack: anyone may answer it).", named]);
    t.told_in_order(Viewer::Seat(B), &[named]);
    // The third terminal trial: the taker was told it twice, as "a card" and by name.
    for v in [Viewer::Seat(A), Viewer::Seat(B)] {
        assert!(!t.words(v).iter().any(|w| w.contains("takes a card at random")), "{v:?}: {:?}", t.words(v));
    }
    for v in [Viewer::Seat(C), Viewer::Seat(D), Viewer::Spectator] {
        t.told_in_order(v, &["Pickpocket: P1 takes a card at random from P2's hand."]);
        assert!(!t.words(v).iter().any(|w| w.contains("Aarrgh!")), "{v:?} is not told the card taken");
    }
}

#[test]
fn told_cards_moving_ships_and_the_flag() {
    let mut t = card_table("harpoon-gun", 14, 16);
    a_plays(&mut t, "harpoon-gun", on(B), 0);
    t.told_in_order(
        Viewer::Spectator,
        &[
            "P1 plays Harpoon Gun on P2 (on the stack: anyone may answer it).",
            "Harpoon Gun: P1 takes the flag from P2.",
        ],
    );
    let mut t = card_table("grappling-hook", 10, 16);
    a_plays(&mut t, "grappling-hook", on(B), 0);
    t.told_in_order(
        Viewer::Spectator,
        &[
            "P1 plays Grappling Hook on P2 (on the stack: anyone may answer it).",
            "Grappling Hook: P2's ship is moved from space 16 to space 13.",
        ],
    );
    // The third terminal trial: a pull that moves nothing was never told.
    let mut t = card_table("grappling-hook", 16, 16);
    a_plays(&mut t, "grappling-hook", on(B), 0);
    t.told_in_order(Viewer::Spectator, &["Grappling Hook: P2's ship does not move: it is on the same space already."]);
    // And an unanswerable card says so, so a player holding an answer knows why they were not asked.
    let mut t = card_table("message-in-a-bottle", 10, 16);
    t.play(A, "message-in-a-bottle", Target::None, 0);
    t.told_in_order(
        Viewer::Spectator,
        &["P1 plays Message in a Bottle (it cannot be answered: it takes effect at once)."],
    );
}

#[test]
fn told_an_instead_of_rolling_card_as_the_main_action() {
    let mut t = card_table("full-sail", 10, 16);
    t.play(A, "full-sail", Target::None, 3);
    t.pass_all();
    t.told_in_order(
        Viewer::Seat(B),
        &["P1 plays Full Sail instead of rolling: 3 spaces (on the stack: anyone may answer it)."],
    );
}

#[test]
fn told_the_win_and_its_cause() {
    let mut t = Table::with(options(4), |st| {
        st.set_flag(Flag::Carried { seat: A }, Some(A));
        st.set_position(A, 3);
    });
    t.roll(A, &[4]);
    t.go(A, Dir::Sea);
    t.go(A, Dir::Sea);
    for v in viewers(4) {
        let words = t.words(v);
        assert_eq!(
            words.last().map(String::as_str),
            Some("P1 carries the flag into The Dread Sea and wins the game."),
            "{v:?}"
        );
    }
}

/// Random games under sampled options, each with a short round limit.
fn random_sessions(games: u64) -> Vec<Session<PiratesFlag>> {
    (0..games)
        .map(|seed| {
            let mut rng = Rng::seeded(seed);
            let players = 3 + (seed % 4) as usize;
            let mut options = PiratesFlag::sample_options(players, &mut rng);
            options.max_rounds = 25;
            let mut s = Session::new(PiratesFlag::new(options).expect("sampled options"), seed, ChanceMode::Sampled);
            while let Status::Decide(seats) = s.status() {
                let seat = seats.lowest().expect("a seat decides");
                let legal = s.legal_actions(seat);
                s.play(seat, legal[rng.index(legal.len())]).expect("a legal action");
            }
            assert_eq!(s.status(), Status::Over, "seed {seed}");
            s
        })
        .collect()
}

#[test]
fn no_chance_outcome_goes_untold_to_a_seat_that_sees_it() {
    let mut seen = [0u32; 5];
    for s in random_sessions(12) {
        for (index, step) in s.steps().iter().enumerate() {
            let plunder_core::Step::Chance(chance) = step else { continue };
            let told = s.told_at(index);
            let told_to =
                |viewer: Viewer, f: &dyn Fn(&Event) -> bool| told.iter().any(|t| t.seen_by(viewer).is_some_and(f));
            let players = s.game().seats() as u8;
            match *chance {
                Chance::Captain { seat, captain } => {
                    seen[0] += 1;
                    for v in viewers(players) {
                        assert!(told_to(v, &|e| *e == Event::CaptainDealt { seat, captain }));
                    }
                }
                Chance::Die { seat, face } => {
                    let roll_off = told.iter().any(|t| matches!(t.event, Event::RollOffDie { .. }));
                    seen[if roll_off { 1 } else { 2 }] += 1;
                    for v in viewers(players) {
                        assert!(
                            told_to(v, &|e| match e {
                                Event::Die { seat: s, face: f, .. } | Event::RollOffDie { seat: s, face: f, .. } => {
                                    *s == seat && *f == face
                                }
                                Event::Rolled { seat: s, faces, .. } => *s == seat && faces.last() == Some(&face),
                                _ => false,
                            }),
                            "step {index}: {seat} rolled {face}, untold to {v:?}"
                        );
                    }
                }
                Chance::Draw { seat, card } => {
                    seen[3] += 1;
                    assert!(told_to(Viewer::Seat(seat), &|e| *e == Event::Drew { seat, card: Some(card) }));
                    for v in viewers(players).into_iter().filter(|&v| v != Viewer::Seat(seat)) {
                        assert!(told_to(v, &|e| *e == Event::Drew { seat, card: None }));
                    }
                }
                Chance::Pick { seat, card } => {
                    seen[4] += 1;
                    assert!(
                        told_to(Viewer::Seat(seat), &|e| matches!(e, Event::CardTaken { from, card: Some(c), .. }
                            if *from == seat && *c == card)),
                        "step {index}: the card picked from {seat} is untold to them"
                    );
                }
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "every kind of chance came up: {seen:?}");
}

#[test]
fn every_told_line_label_and_table_is_in_words() {
    let (_, deck, captains) = plunder_games::pirates_flag::data::default_content();
    let ids: Vec<String> = deck.entries.iter().chain(&captains.entries).map(|c| c.id.clone()).collect();
    let bad_words = [
        "MovementRoll",
        "RollResult",
        "DreadShip",
        "Carried",
        "Loose",
        "ItemKind",
        "Pushed",
        "Way::",
        "Some(",
        "None",
        "(s)",
        "#",
    ];
    // "1 spaces" but not "11 spaces".
    let one_plural = |text: &str| {
        ["cards", "dice", "spaces", "steps"].iter().any(|noun| {
            text.match_indices(&format!("1 {noun}")).any(|(i, _)| i == 0 || !text.as_bytes()[i - 1].is_ascii_digit())
        })
    };
    let check = |what: &str, text: &str| {
        assert!(!text.trim().is_empty(), "{what}: empty");
        for bad in ["_", "{", "}", "[", "]"].iter().chain(&bad_words) {
            assert!(!text.contains(bad), "{what}: {bad:?} in {text:?}");
        }
        assert!(!one_plural(text), "{what}: a plural after 1 in {text:?}");
        for id in &ids {
            assert!(!text.contains(id.as_str()), "{what}: the id {id:?} in {text:?}");
        }
    };
    for s in random_sessions(8) {
        let g = s.game();
        for v in viewers(g.seats() as u8) {
            for event in s.told_since(0, v) {
                check("told", &g.tell(event));
            }
        }
        let mut state = g.initial_state();
        for step in s.steps() {
            match step {
                plunder_core::Step::Action(seat, action) => {
                    check("label", &g.label(action));
                    let view = g.view(&state, Viewer::Seat(*seat));
                    // "[FLAG]" marks the carrier on purpose.
                    check("describe", &g.describe(&view).replace("[FLAG]", "FLAG"));
                    g.apply_unchecked(&mut state, *seat, action);
                }
                plunder_core::Step::Chance(chance) => g.apply_chance_unchecked(&mut state, chance),
            }
        }
    }
}

// ---- What a new player is told. ----

#[test]
fn a_card_moving_its_players_ship_is_named_as_the_cause() {
    let mut t = card_table("man-the-oars", 24, 16);
    t.play(A, "man-the-oars", Target::None, 0);
    t.pass_all();
    t.go(A, Dir::Far);
    t.told_in_order(
        Viewer::Spectator,
        &["Man the Oars: P1 sails from space 24 to space 26, crossing a dock (a card to draw)."],
    );
    let mut t = card_table("hot-pursuit", 12, 15);
    t.play(A, "hot-pursuit", Target::None, 4);
    t.pass_all();
    t.chance();
    t.act(A, Action::Stop);
    t.told_in_order(Viewer::Spectator, &["Hot Pursuit: P1 sails from space 13 to space 15."]);
}

#[test]
fn ruling_49_one_battle_per_turn() {
    // Hot Pursuit onto the carrier's space gives a battle right; the battle declared uses it up.
    let mut t = card_table("hot-pursuit", 12, 15);
    t.play(A, "hot-pursuit", Target::None, 4);
    t.pass_all();
    t.chance();
    t.act(A, Action::Stop);
    t.pass_all();
    assert!(t.legal(A).contains(&Action::Battle));
    t.act(A, Action::Battle);
    assert!(!t.legal(A).contains(&Action::Battle), "a second battle in the same turn: {:?}", t.legal(A));
}

#[test]
fn a_check_roll_says_what_it_needed_and_what_follows() {
    let mut t = its_you_or_me_on_cs_turn(true, &[]);
    t.dice(&[1]);
    t.pass_all();
    t.chance();
    t.told_in_order(
        Viewer::Spectator,
        &[
            "It's you or me!: P2's roll of 6 is not 3 or less, so the card's other outcome follows:",
            "It's you or me!: P2 takes a card at random from P1's hand.",
        ],
    );
    let mut t = card_table("cutlass-gamble", 12, 16);
    t.play(A, "cutlass-gamble", on(B), 0);
    t.pass_all();
    t.dice(&[3]);
    t.pass_all();
    t.told_in_order(
        Viewer::Spectator,
        &["Cutlass Gamble: P1's roll of 3 is not even (0 counts as even), so the card fails: nothing happens."],
    );
}

#[test]
fn hazards_say_which_way_they_shift() {
    let mut t = one_die(30, |st| st.set_position(A, 1));
    t.roll(A, &[2]);
    t.go(A, Dir::Far);
    t.told_in_order(
        Viewer::Spectator,
        &["P1 ends on the +1 hazard on space 3 and is shifted one space further to space 4."],
    );
    let mut t = one_die(30, |st| st.set_position(A, 13));
    t.roll(A, &[3]);
    t.go(A, Dir::Sea);
    t.told_in_order(
        Viewer::Spectator,
        &["P1 ends on the -1 hazard on space 10 and is shifted one space back to space 11."],
    );
}

#[test]
fn help_text_names_no_internal_option() {
    let g = game(options(4));
    let waterfall = g.look_up("waterfall").expect("the waterfall is in the glossary");
    assert!(waterfall.contains("flies out"), "{waterfall}");
    assert!(!waterfall.contains("flag_flies_out"), "{waterfall}");
}

#[test]
fn explain_says_whose_roll_and_what_a_captains_number_does() {
    let mut t = card_table("sea-legs", 24, 16);
    t.act(A, Action::Roll);
    t.pass_all();
    t.dice(&[4]);
    let on_roll = Action::Play { card: k("sea-legs"), target: Target::Roll { index: 0 }, choice: 0 };
    assert!(t.legal(A).contains(&on_roll), "{:?}", t.legal(A));
    let words = t.g.explain(&t.view(A), &on_roll);
    assert!(words.ends_with(" Here: P1's roll, counting 4."), "{words}");

    // Captain Gale (P2's): the number is the distance and the way, the target names the ship and its space.
    let t = card_table("sea-legs", 24, 16);
    let gale = Action::Captain { target: on(D), choice: 7 };
    let words = t.g.explain(&t.view(B), &gale);
    assert!(words.starts_with("Captain Gale: "), "{words}");
    assert!(words.ends_with(" Here: P4's ship, on space 20, 4 spaces away from The Dread Sea."), "{words}");
    // Each distance says where the ship lands from where it is now (a trial could not tell them apart), stopping
    // where the track ends.
    let land = |choice: u8| {
        let gale = Action::Captain { target: on(D), choice };
        (t.g.label_in_view(&t.view(B), &gale), t.g.choice_steps(&t.view(B), &gale).last().cloned().unwrap())
    };
    let (label, step) = land(6);
    assert!(label.ends_with("; here 4 spaces toward The Dread Sea, to space 16 now"), "{label}");
    assert_eq!(step, "4 spaces toward The Dread Sea, to space 16 now");
    let (label, _) = land(7);
    assert!(label.ends_with("; here 4 spaces away from The Dread Sea, to space 24 now"), "{label}");
    // A hazard it lands on shifts it, as the push does: P4 from 20, 3 spaces away, lands on 23 (+1).
    let (hazard, _) = land(5);
    assert!(
        hazard.ends_with("3 spaces away from The Dread Sea, to space 23 now, a +1 hazard (on to space 24)"),
        "{hazard}"
    );
    let t = card_table("sea-legs", 34, 16);
    let far = t.g.label_in_view(&t.view(B), &Action::Captain { target: on(A), choice: 7 });
    assert!(far.ends_with(", to the Dread Captain's ship (space 36) now"), "from space 34, not past the end: {far}");
    let t = card_table("sea-legs", 36, 16);
    let end = t.g.label_in_view(&t.view(B), &Action::Captain { target: on(A), choice: 7 });
    assert!(end.ends_with(", not moving now: the track ends that way"), "{end}");
}

#[test]
fn stack_items_are_numbered_from_1_on_an_empty_stack() {
    // The movement roll was an item earlier this turn; the card played after it is still item 1.
    let mut t = card_table("its-you-or-me", 24, 16);
    t.roll(A, &[2]);
    t.go(A, Dir::Far);
    assert!(t.spec().stack.is_empty());
    t.play(A, "its-you-or-me", on(B), 0);
    let stack = t.spec().stack;
    assert_eq!(stack.iter().map(|i| i.id).collect::<Vec<_>>(), vec![1]);
    let table = t.g.describe(&t.view(C));
    assert!(
        table.contains(
            "  Waiting to resolve, the next first (numbered as played this turn): 1. P1's It's you or me! on P2"
        ),
        "{table}"
    );
}

#[test]
fn a_player_left_only_passes_is_passed_for_and_any_other_choice_is_asked() {
    let mut forced_seen = 0;
    let mut asked_seen = 0;
    for seed in 0..6 {
        let g = game(options(3));
        let mut session = Session::new(g.clone(), seed, ChanceMode::Sampled);
        let mut rng = Rng::seeded(seed);
        loop {
            let seats = match session.status() {
                Status::Over => break,
                Status::Chance => {
                    session.sample_chance().unwrap();
                    continue;
                }
                Status::Decide(seats) => seats,
            };
            let seat = seats.lowest().unwrap();
            let legal = session.legal_actions(seat);
            let only_passes = legal.iter().all(|a| matches!(a, Action::Pass | Action::AutoPass));
            match plunder_core::forced(&g, &legal) {
                Some(action) if legal.len() == 1 => assert_eq!(action, legal[0], "the only move"),
                Some(action) => {
                    assert!(only_passes, "{legal:?}");
                    assert_eq!(action, Action::Pass, "a plain pass, not a declared auto-pass");
                    forced_seen += 1;
                }
                None => {
                    assert!(!only_passes && legal.len() > 1, "{legal:?}");
                    asked_seen += 1;
                }
            }
            let pick = legal[rng.below(legal.len() as u32) as usize];
            session.play(seat, pick).unwrap();
        }
    }
    assert!(forced_seen > 0 && asked_seen > 0, "both kinds of decision happen ({forced_seen}, {asked_seen})");
}

#[test]
fn the_end_at_the_round_limit_says_so_and_that_nobody_won() {
    let mut o = options(3);
    o.max_rounds = 1;
    let g = game(o);
    let mut session = Session::new(g.clone(), 3, ChanceMode::Sampled);
    let mut rng = Rng::seeded(3);
    while plunder_core::conformance::random_step(&mut session, &mut rng) {}
    let end = g.describe(&session.view(Viewer::Spectator));
    assert!(end.starts_with("Game over after round 1: the limit of 1 round is reached and nobody won"), "{end}");
    assert!(!end.contains("'s turn"), "nobody has a turn once the game is over: {end}");
}

/// The terminal trial: after playing a card its player is asked again, once every other player has passed, with
/// the same menu: the table now says that this pass is what lets the card resolve.
#[test]
fn the_last_one_to_pass_over_an_item_is_told_that_its_pass_lets_it_resolve() {
    let mut t = card_table("fair-winds", 24, 16);
    t.play(A, "fair-winds", Target::None, 0);
    assert!(!t.view(B).others_passed);
    while let Some(seat) = t.spec().priority.filter(|&s| s != A) {
        t.act(seat, Action::Pass);
    }
    let a = t.view(A);
    assert!(a.others_passed, "{a:?}");
    let words = t.g.describe(&a);
    assert!(words.contains("Everyone else has passed: pass to let "), "{words}");
    assert!(words.contains("Fair Winds (waiting item") && words.contains("resolve, or answer it"), "{words}");
    let b = t.g.describe(&t.view(B));
    assert!(b.contains("Everyone else has passed: P1's pass lets ") && b.contains("(waiting item"), "{b}");
}

#[test]
fn a_designers_bad_card_is_refused_in_the_files_words() {
    let built_in =
        || -> serde_json::Value { serde_json::from_str(plunder_games::pirates_flag::data::CARDS_JSON).unwrap() };
    let mut deck = built_in();
    let card = deck["entries"].as_array_mut().unwrap().iter_mut().find(|c| c["effect"]["kind"] == "move_own");
    card.unwrap()["target"] = serde_json::json!({"kind": "ship", "range": 2});
    let reason = refusal("pirates-flag", serde_json::json!({ "deck": deck }));
    assert!(
        reason.contains(
            "target \"ship\" with range 2 does not fit effect \"move_own\" (it takes target \"none\" or \"self\")"
        ),
        "{reason}"
    );
    assert_plain(&reason);

    let mut deck = built_in();
    let card = deck["entries"].as_array_mut().unwrap().iter_mut().find(|c| c["effect"]["kind"] == "move_ship");
    card.unwrap()["timing"] = serde_json::json!("after_roll");
    let reason = refusal("pirates-flag", serde_json::json!({ "deck": deck }));
    assert!(reason.contains("timing \"after_roll\" with target \"ship\""), "{reason}");
    assert_plain(&reason);
}

/// The third terminal trial: "8~14(P2)" read as P2 on space 14; the ship now stands beside its own space.
#[test]
fn a_ship_on_a_waterfalls_top_is_drawn_beside_its_space() {
    let t = card_table("full-sail", 8, 16);
    let table = t.g.describe(&t.view(C));
    assert!(table.contains(" 8(P1)~14 "), "{table}");
}

#[test]
fn a_way_that_turns_at_an_end_says_so() {
    // A terminal trial read "all 11 steps end on space 2" going towards The Dread Sea and could not tell why: a ship
    // without the flag turns back at space 1.
    let mut t = Table::with(options(4), |st| st.set_position(A, 3));
    t.roll(A, &[2, 3]);
    let label = t.g.label_in_view(&t.view(A), &Action::Go { dir: Dir::Sea });
    assert!(label.contains("5 steps end on space 4; turning back at space 1"), "{label}");
}

/// Where the words on a direction say the ship ends if it sails straight on: the space after "end on", moved by
/// the hazard the words name; `None` for a win at The Dread Sea.
fn landing_in_words(label: &str) -> Option<u8> {
    if label.contains("reach The Dread Sea with the flag and win") || label.contains("to the flag: you pick it up") {
        return None;
    }
    let number_after = |text: &str, key: &str| -> Option<u8> {
        let rest = &text[text.find(key)? + key.len()..];
        rest.split(|c: char| !c.is_ascii_digit()).find(|w| !w.is_empty())?.parse().ok()
    };
    let end = number_after(label, " end on ")
        .or(number_after(label, " ends on "))
        .unwrap_or_else(|| panic!("no landing in {label:?}"));
    Some(number_after(label, " hazard (on to space ").or(number_after(label, " hazard (back to space ")).unwrap_or(end))
}

#[test]
fn each_direction_says_where_sailing_straight_on_ends() {
    // A browser trial could not tell which way led onto a hazard or a waterfall: every "sail" choice names where
    // the steps left end. Checked against play: take that way, then sail on (never stop, never go down a
    // waterfall) and the ship is where the words said.
    let mut checked = 0;
    for session in random_sessions(10) {
        let g = session.game();
        let mut st = g.initial_state();
        for step in session.steps() {
            if let Status::Decide(seats) = g.status(&st) {
                for seat in seats.iter() {
                    let mut legal = Vec::new();
                    g.legal_actions(&st, seat, &mut legal);
                    for &go in legal.iter().filter(|a| matches!(a, Action::Go { .. })) {
                        let label = g.label_in_view(&g.view(&st, Viewer::Seat(seat)), &go);
                        let expected = landing_in_words(&label);
                        let mover = g.view(&st, Viewer::Spectator).moving.expect("a ship moving").seat;
                        let mut sailed = st.clone();
                        g.apply_unchecked(&mut sailed, seat, &go);
                        // On until the move is over: the mover sails on, anyone else asked passes, a card drawn
                        // at a dock is any card.
                        let mut left = u8::MAX;
                        while let Some(moving) =
                            g.view(&sailed, Viewer::Spectator).moving.filter(|m| m.seat == mover && m.left <= left)
                        {
                            left = moving.left;
                            match g.status(&sailed) {
                                Status::Chance => {
                                    let mut outcomes = Vec::new();
                                    g.chance_outcomes(&sailed, &mut outcomes);
                                    g.apply_chance_unchecked(&mut sailed, &outcomes[0].0);
                                }
                                Status::Decide(deciders) => {
                                    let who = deciders.lowest().unwrap();
                                    let mut after = Vec::new();
                                    g.legal_actions(&sailed, who, &mut after);
                                    let goes: Vec<&Action> =
                                        after.iter().filter(|a| matches!(a, Action::Go { .. })).collect();
                                    let next = match goes[..] {
                                        [only] if who == seat => *only,
                                        [] => *after.iter().find(|a| g.is_pass(a)).expect("a pass"),
                                        _ if expected.is_none() && g.view(&sailed, Viewer::Spectator).flag
                                            == (Flag::Carried { seat: mover }) => break,
                                        _ => panic!(
                                            "{label:?}: both ways offered while sailing straight on, from {:?} now {:?}",
                                            g.view(&st, Viewer::Spectator).moving,
                                            g.view(&sailed, Viewer::Spectator).moving
                                        ),
                                    };
                                    g.apply_unchecked(&mut sailed, who, &next);
                                }
                                Status::Over => break,
                            }
                        }
                        let at = g.view(&sailed, Viewer::Spectator).positions[mover.index()];
                        match expected {
                            Some(space) => assert_eq!(at, space, "{label:?}"),
                            None => assert!(
                                g.status(&sailed) == Status::Over
                                    || g.view(&sailed, Viewer::Spectator).flag == (Flag::Carried { seat: mover }),
                                "{label:?}"
                            ),
                        }
                        checked += 1;
                    }
                }
            }
            match step {
                plunder_core::Step::Action(seat, action) => g.apply_unchecked(&mut st, *seat, action),
                plunder_core::Step::Chance(chance) => g.apply_chance_unchecked(&mut st, chance),
            }
        }
    }
    assert!(checked > 100, "only {checked} directions checked");
}

/// A trial could not tell how far and which way a captain's move waiting on the stack would go.
#[test]
fn a_captains_move_waiting_on_the_stack_says_how_far_and_which_way() {
    let mut t = captain_table("captain-gale", 10, 16);
    t.act(A, Action::Captain { target: Target::Seat { seat: B }, choice: 7 });
    let table = t.g.describe(&t.view(B));
    assert!(table.contains("P1's Captain Gale (4 spaces away from The Dread Sea) on P2"), "{table}");
}
