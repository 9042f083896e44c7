//! The Pirate's Flag: conformance, the rulebook's examples and FAQ with scripted chance, every card and
//! captain, properties (cards conserved, random play ends, views never leak), and the bot.

use plunder_core::{conformance, play, supply_chance, Game, Seat, Status, Viewer};
use plunder_games::pirates_flag::{
    Action, Captains, Chance, Dir, Flag, ItemKind, Options, Phase, PiratesFlag, State, Target, View,
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
    let ids = ["captain-quill", "captain-gale", "captain-drake", "captain-blackwater", "captain-mirage", "captain-iron-meg"];
    o.captains = Captains::Chosen(ids[..players as usize].iter().map(|s| s.to_string()).collect());
    o
}

/// A scripted table with A to move first; `setup` edits the position before the first turn settles.
struct Table {
    g: PiratesFlag,
    st: State,
}

impl Table {
    fn new(players: u8) -> Table {
        Table::with(options(players), |_| {})
    }

    fn with(options: Options, setup: impl FnOnce(&mut State)) -> Table {
        let game = game(options);
        let mut state = game.initial_state();
        setup(&mut state);
        game.apply_chance_unchecked(&mut state, &Chance::FirstPlayer { seat: A });
        Table { g: game, st: state }
    }

    fn outcomes(&self) -> Vec<(Chance, f64)> {
        let mut out = Vec::new();
        self.g.chance_outcomes(&self.st, &mut out);
        out
    }

    fn kind(&self, id: &str) -> u8 {
        (&self.g).card_kind(id).unwrap_or_else(|| panic!("no card {id}"))
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
        play(&self.g, &mut self.st, seat, &action).unwrap_or_else(|e| panic!("{seat} {action}: {e}; legal: {:?}", self.legal(seat)));
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
            supply_chance(&self.g, &mut self.st, &chance).unwrap();
        }
    }

    /// Settles pending chance (draws, picks) with the first outcome.
    fn chance(&mut self) {
        while self.g.status(&self.st) == Status::Chance {
            let o = self.outcomes()[0].0;
            assert!(!matches!(o, Chance::Die { .. }), "a die is due");
            supply_chance(&self.g, &mut self.st, &o).unwrap();
        }
    }

    /// The active player's movement roll with these dice, everyone passing over it and its result.
    fn roll(&mut self, seat: Seat, faces: &[u8]) {
        self.act(seat, Action::Roll);
        self.pass_all();
        self.dice(faces);
        self.pass_all();
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
