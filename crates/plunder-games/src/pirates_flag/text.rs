//! The Pirate's Flag in words, built from views only.

use std::fmt::Write;

use plunder_core::{winners_line, Game, Narrate, Seat};

use super::action::{target_text, Action, Chance, Target};
use super::data::{Card, Dir, Effect, OwnDir, RedirectTo, Scope, ShipDir, SpaceKind, TargetSpec, Test, Timing};
use super::event::{Aim, CardRef, Event, RollFor, Unmoved, Way};
use super::state::{Flag, ItemKind, Mods, Phase, MAX_TIES};
use super::view::View;
use super::PiratesFlag;
use crate::glossary::{self, Entry};

impl PiratesFlag {
    /// The spaces of the board holding `kind`, as "6, 19".
    fn spaces_of(&self, kind: SpaceKind, shift: i8) -> String {
        let spaces: Vec<String> = (1..=self.board.length)
            .filter(|&s| self.board.kind[s as usize] == kind && (shift == 0 || self.board.shift[s as usize] == shift))
            .map(|s| s.to_string())
            .collect();
        if spaces.is_empty() {
            "none".into()
        } else {
            spaces.join(", ")
        }
    }

    /// The board's features, each with where it lies on this board and what it does.
    fn board_features(&self) -> Vec<Entry> {
        let b = &self.board;
        let docks: Vec<String> =
            (1..b.length).filter(|&s| b.dock_after[s as usize]).map(|s| format!("{}-{}", s, s + 1)).collect();
        let falls: Vec<String> = (1..=b.length)
            .filter(|&s| b.fall[s as usize] != 0)
            .map(|s| format!("{s} down to {}", b.fall[s as usize]))
            .collect();
        let drops = if self.options().flag_flies_out {
            " A flag carrier going down drops the flag on its top (optional rule in play: the flag flies out)."
        } else {
            ""
        };
        vec![
            Entry::new(
                "The Dread Sea",
                "The Dread Sea (off space 1): every ship starts here, off the board. Carry the flag past space 1 \
                 into The Dread Sea to win (no exact count needed).",
            ),
            Entry::new(
                "Dread Captain's ship",
                format!(
                    "Dread Captain's ship (space {}, the far end): the flag starts on it. The first ship to enter it \
                     takes the flag; that player's hand limit becomes 6, and from then on movement rolls use one die.",
                    b.length
                ),
            ),
            Entry::new(
                "Trading Post",
                format!(
                    "Trading Post (spaces {}): end your own movement there (you may stop as you pass) and, once \
                     while you visit, discard a card to draw two (up to your hand limit).",
                    self.spaces_of(SpaceKind::TradingPost, 0)
                ),
            ),
            Entry::new(
                "Dock",
                format!(
                    "Dock (between spaces {}): a line between two spaces. Each time a ship crosses it, by any move, \
                     its player draws a card unless their hand is full (5 cards; 6 for the first to take the flag). \
                     Ships never stop at docks.",
                    if docks.is_empty() { "none".to_string() } else { docks.join(", ") }
                ),
            ),
            Entry::new(
                "Hazard",
                format!(
                    "Hazard (+1 on {}; -1 on {}): no move ends on a hazard. Ending on a +1 goes one space further \
                     the way you were going; ending on a -1 goes one space back the way you came.",
                    self.spaces_of(SpaceKind::Hazard, 1),
                    self.spaces_of(SpaceKind::Hazard, -1)
                ),
            ),
            Entry::new(
                "Waterfall",
                format!(
                    "Waterfall ({}): a one-way shortcut away from The Dread Sea. On its top with a step left you may \
                     go down it (one step) to its foot, then choose a direction again; never up.{drops}",
                    if falls.is_empty() { "none".to_string() } else { falls.join(", ") }
                ),
            ),
        ]
    }

    /// Everything `? NAME` can find: cards, captains, the board and its features.
    fn glossary(&self) -> Vec<Entry> {
        let mut entries = self.board_features();
        entries.extend([
            Entry::new(
                "Flag",
                "The flag: take it from the Dread Captain's ship, from its carrier by battle or by card, or pick it \
                 up where it lies loose in open water. Its carrier wins by sailing it into The Dread Sea.",
            ),
            Entry::new(
                "Battle",
                "Battle: on your turn, on the flag carrier's space, you and the carrier each roll a die; highest \
                 wins (a tie rolls again). If you win you take the flag and may roll one die to escape.",
            ),
            Entry::new(
                "Stack",
                "The stack: cards, captains, rolls and battles wait on it; once every player has passed in turn, \
                 the top one resolves (last in, first out), so anyone may answer a play before it happens.",
            ),
        ]);
        entries.push(Entry::new(
            self.board.name.clone(),
            format!(
                "{}: the board, spaces 1 to {} from The Dread Sea to the Dread Captain's ship.",
                self.board.name, self.board.length
            ),
        ));
        for c in &self.deck.entries {
            let text = format!("{} (action card): {}{}", c.name, c.text, roll_scope(c));
            entries.push(Entry::new(c.name.clone(), text).or(&c.id));
        }
        for c in &self.captains.entries {
            entries.push(Entry::new(c.name.clone(), format!("{} (captain): {}", c.name, c.text)).or(&c.id));
        }
        entries
    }

    fn ref_name(&self, card: CardRef) -> String {
        if card.captain {
            self.captain_name(card.card)
        } else {
            self.card_name(card.card)
        }
    }

    /// A space as the board names it.
    fn space_name(&self, space: u8) -> String {
        match space {
            0 => "The Dread Sea".to_string(),
            s if s == self.board.length => format!("the Dread Captain's ship (space {s})"),
            s => format!("space {s}"),
        }
    }

    fn aim_words(&self, aim: Aim) -> String {
        match aim {
            Aim::Nothing => String::new(),
            Aim::Seat { seat } => format!(" on {seat}"),
            Aim::Item { item, by } => format!(" against {}", self.item_words(&item, by)),
            Aim::Roll { seat } => format!(" on {seat}'s roll"),
        }
    }

    fn card_name(&self, card: u8) -> String {
        self.deck.entries.get(card as usize).map_or_else(|| format!("#{card}"), |c| c.name.clone())
    }

    /// What the number a card is played with means (its `choice`), in words; `None` where it is not shown.
    fn choice_words(&self, card: u8, choice: u8) -> Option<String> {
        self.entry_choice_words(self.deck.entries.get(card as usize)?, choice)
    }

    /// What the number a card or captain is played with means, in words.
    fn entry_choice_words(&self, card: &Card, choice: u8) -> Option<String> {
        let plural = |n: u8| if n == 1 { "" } else { "s" };
        match &card.effect {
            Effect::MoveOwn { up_to: true, .. } => Some(format!("{choice} space{}", plural(choice))),
            Effect::MoveShip { up_to, direction, .. } => {
                let steps = up_to.then(|| format!("{} space{}", choice / 2 + 1, plural(choice / 2 + 1)));
                let toward = if choice.is_multiple_of(2) { "toward The Dread Sea" } else { "away from The Dread Sea" };
                let way = (*direction == ShipDir::Either).then_some(toward);
                let words: Vec<String> = steps.into_iter().chain(way.map(String::from)).collect();
                (!words.is_empty()).then(|| words.join(" "))
            }
            effect if effect.set_dice() == Some(None) => Some(format!("each die of their next roll shows {choice}")),
            Effect::Trade { .. } => Some(format!("discarding {}", self.card_name(choice))),
            Effect::Redirect { to: RedirectTo::Chosen } => Some(format!("onto {}", Seat(choice))),
            _ => None,
        }
    }

    /// [`Self::entry_choice_words`], with where a ship pushed that far lands from where it is now ("3 spaces
    /// toward The Dread Sea, to space 4 now"): a trial could not tell which of Captain Gale's distances did what.
    fn choice_words_in_view(&self, view: &View, card: &Card, target: &Target, choice: u8) -> Option<String> {
        let words = self.entry_choice_words(card, choice)?;
        Some(match self.push_words(view, card, target, choice) {
            Some(landing) => format!("{words}, {landing}"),
            None => words,
        })
    }

    /// Where a card or captain that pushes the targeted ship a chosen way (or a fixed one) leaves it, as the stack
    /// would move it now: step by step, stopping where the track ends, then shifted by a hazard it lands on (as
    /// `push_ship` does). `None` for other effects, and for a ship in The Dread Sea (cards do not reach it).
    fn push_words(&self, view: &View, card: &Card, target: &Target, choice: u8) -> Option<String> {
        let Effect::MoveShip { steps, up_to, direction } = &card.effect else { return None };
        let Target::Seat { seat } = target else { return None };
        let start = *view.positions.get(seat.index())?;
        let way = match direction {
            ShipDir::Either if choice.is_multiple_of(2) => Dir::Sea,
            ShipDir::Either | ShipDir::Far => Dir::Far,
            ShipDir::Sea => Dir::Sea,
            ShipDir::AwayFromYou | ShipDir::TowardYou => return None,
        };
        let n = if *up_to { choice / 2 + 1 } else { *steps };
        let end = match way {
            Dir::Far => start.saturating_add(n).min(self.board.length),
            Dir::Sea => start.saturating_sub(n).max(1),
        };
        if start == 0 {
            return None;
        }
        if end == start {
            return Some("not moving now: the track ends that way".to_string());
        }
        let mut text = format!("to {} now", self.space_name(end));
        if self.board.is_hazard(end) {
            let shift = self.board.shift[end as usize];
            let forward = if shift > 0 { way } else { way.flip() };
            let to = if forward == Dir::Far { end + 1 } else { end - 1 };
            let _ = write!(text, ", a {shift:+} hazard ({} to space {to})", if shift > 0 { "on" } else { "back" });
        }
        Some(text)
    }

    /// Where a step that way leads in the race: home with the flag, or toward the flag, counted along the track (a
    /// browser trial sailed to the Dread Captain's ship after the flag had left it).
    fn go_hint(&self, view: &View, dir: Dir) -> Option<String> {
        let me = view.moving?.seat;
        let pos = *view.positions.get(me.index())?;
        let (flag, whose) = match view.flag {
            Flag::Carried { seat } if seat == me => {
                return (dir == Dir::Sea)
                    .then(|| format!("home with the flag: The Dread Sea is {pos} spaces that way"));
            }
            Flag::Carried { seat } => (*view.positions.get(seat.index())?, format!("carried by {seat}")),
            Flag::Loose { space } => (space, "lying loose".to_string()),
            Flag::DreadShip => (self.board.length, "on the Dread Captain's ship".to_string()),
        };
        let toward = if flag > pos { Dir::Far } else { Dir::Sea };
        (flag != pos && dir == toward).then(|| format!("toward the flag, {whose} on space {flag}"))
    }

    /// Where the steps left end if all are taken this way, and what lies there: "3 steps end on space 12, a -1
    /// hazard (back to 11); crossing a dock". A trial could not tell which way led onto a hazard or a waterfall.
    /// It walks as the rules do (turning at the Dread Captain's ship, and at space 1 unless carrying the flag),
    /// but takes no waterfall and no stop on the way.
    fn go_landing(&self, view: &View, dir: Dir) -> Option<String> {
        let mv = view.moving?;
        let carrying = view.flag == (Flag::Carried { seat: mv.seat });
        let len = self.board.length;
        let loose = match view.flag {
            Flag::Loose { space } => Some(space),
            Flag::DreadShip => Some(len),
            Flag::Carried { .. } => None,
        };
        let (mut pos, mut way, mut docks) = (*view.positions.get(mv.seat.index())?, dir, 0);
        // What the ship passes where it is asked again (it may go down, or stop), and where it turns at an end.
        let (mut on_the_way, mut turns) = (Vec::new(), Vec::new());
        for taken in 1..=mv.left {
            let (next_way, to) = match (pos, way) {
                (0, _) => (Dir::Far, 1),
                (1, Dir::Sea) if carrying => return Some("you reach The Dread Sea with the flag and win".into()),
                (1, Dir::Sea) => (Dir::Far, 2),
                (p, Dir::Far) if p == len => (Dir::Sea, len - 1),
                (p, Dir::Far) => (Dir::Far, p + 1),
                (p, Dir::Sea) => (Dir::Sea, p - 1),
            };
            docks += usize::from(self.board.dock_between(pos, to));
            if next_way != way && pos != 0 {
                turns.push(format!("turning back at {}", self.space_name(pos)));
            }
            (pos, way) = (to, next_way);
            if loose == Some(pos) {
                let steps = if taken == 1 { "the next step".to_string() } else { format!("{taken} steps") };
                return Some(format!("{steps} take you to the flag: you pick it up, then choose a way again"));
            }
            if taken < mv.left && self.board.fall[pos as usize] != 0 {
                on_the_way.push(format!("the waterfall top on {} (down to {})", pos, self.board.fall[pos as usize]));
            } else if taken < mv.left && self.board.is_trading_post(pos) {
                on_the_way.push(format!("the Trading Post on {pos}"));
            }
        }
        let steps = if mv.left == 1 { "1 step ends".to_string() } else { format!("{} steps end", mv.left) };
        let mut text = format!("{steps} on {}", self.space_name(pos));
        let at = pos as usize;
        if self.board.is_hazard(pos) {
            let shift = self.board.shift[at];
            let forward = if shift > 0 { way } else { way.flip() };
            let to = if forward == Dir::Far { pos + 1 } else { pos - 1 };
            let way = if shift > 0 { "on" } else { "back" };
            let _ = write!(text, ", a {shift:+} hazard ({way} to space {to})");
        } else if self.board.is_trading_post(pos) {
            text.push_str(", a Trading Post");
        } else if self.board.fall[at] != 0 {
            let _ = write!(text, ", the top of a waterfall down to space {}", self.board.fall[at]);
        }
        for turn in turns {
            let _ = write!(text, "; {turn}");
        }
        if !on_the_way.is_empty() {
            let _ = write!(text, "; asked on the way at {}", on_the_way.join(" and at "));
        }
        match docks {
            0 => {}
            1 => text.push_str("; crossing a dock"),
            n => {
                let _ = write!(text, "; crossing {n} docks");
            }
        }
        Some(text)
    }

    /// A push "away from you" has no direction for ships on your own space: the number it is played with gives it
    /// (even toward The Dread Sea). In words, when some ship shares the viewer's space (a trial was offered "choice
    /// 1" for The Kraken).
    fn shared_space_words(&self, view: &View, card: u8, choice: u8) -> Option<String> {
        let entry = self.deck.entries.get(card as usize)?;
        if !matches!(entry.effect, Effect::MoveShip { direction: ShipDir::AwayFromYou, .. }) {
            return None;
        }
        let me = view.seat?;
        let mine = *view.positions.get(me.index())?;
        let shared = mine > 0 && view.positions.iter().enumerate().any(|(s, &p)| s != me.index() && p == mine);
        let way = if choice.is_multiple_of(2) { Dir::Sea } else { Dir::Far };
        shared.then(|| format!("ships on your space go {way}"))
    }

    /// "use Captain Gale on P2: move any ship (yours too) up to 4 spaces in either direction; here 3 spaces
    /// toward The Dread Sea": whose captain and what it does, from the viewer's own captain.
    fn captain_label(&self, view: &View, target: &Target, choice: u8) -> String {
        let Some(captain) = self.own_captain(view) else {
            return Action::Captain { target: *target, choice }.to_string();
        };
        let mut label =
            format!("use {}{}: {}", captain.name, self.target_words(target, Some(view)), captain_deed(captain));
        if let Some(words) = self.choice_words_in_view(view, captain, target, choice) {
            let _ = write!(label, "; here {words}");
        }
        // Its direction is a choice of its own, once the ability resolves (a trial looked for it before "Sure?").
        if matches!(captain.effect, Effect::MoveOwn { direction: OwnDir::Any, .. }) {
            label.push_str(", the direction chosen next");
        }
        // Offered while the seat's own roll waits for answers, "your next roll" reads as that roll (a trial).
        let on_a_roll = matches!(target, Target::Roll { .. });
        if let (Effect::ModifyRoll { .. }, false) = (&captain.effect, on_a_roll) {
            if let Some(roll) = view.rolls.iter().find(|r| Some(r.seat) == view.seat) {
                let _ = write!(label, " (not your roll of {} just made)", roll.value());
            }
        }
        label
    }

    fn captain_name(&self, captain: u8) -> String {
        self.captains.entries.get(captain as usize).map_or_else(|| format!("#{captain}"), |c| c.name.clone())
    }

    fn target_words(&self, target: &Target, view: Option<&View>) -> String {
        match (target, view) {
            (Target::Item { id }, Some(view)) => match view.stack.iter().find(|i| i.id == *id) {
                Some(item) => format!(" on {}", self.nested_item_words(&item.item, item.by)),
                None => target_text(target),
            },
            // A roll by whose it is and what it counts, not by its place in the roll result (which the
            // waiting list numbers differently).
            (Target::Roll { index }, Some(view)) => match view.rolls.get(*index as usize) {
                Some(r) => format!(" on {}'s roll of {}", r.seat, r.value()),
                None => target_text(target),
            },
            _ => target_text(target),
        }
    }

    /// What a play is aimed at, as the table shows it now (whose roll, which waiting item, whose ship).
    fn aim_in_view(&self, view: &View, target: &Target) -> Option<String> {
        match *target {
            Target::None => None,
            Target::Seat { seat } => {
                Some(format!("{seat}'s ship, on {}", self.space_name(view.positions[seat.index()])))
            }
            Target::Item { id } => view
                .stack
                .iter()
                .find(|i| i.id == id)
                .map(|i| format!("{} (waiting item {id})", self.item_words(&i.item, i.by))),
            Target::Roll { index } => {
                view.rolls.get(index as usize).map(|r| format!("{}'s roll, counting {}", r.seat, r.value()))
            }
        }
    }

    /// The viewer's own captain.
    fn own_captain<'a>(&'a self, view: &View) -> Option<&'a Card> {
        view.seat.and_then(|s| view.captains.get(s.index())).and_then(|&c| self.captains.entries.get(c as usize))
    }

    fn item_words(&self, item: &ItemKind, by: Option<Seat>) -> String {
        let by = by.map_or(String::new(), |s| format!("{s}'s "));
        match item {
            ItemKind::Card { card, captain, target, choice, .. } => {
                let (name, entry) = if *captain {
                    (self.captain_name(*card), self.captains.entries.get(*card as usize))
                } else {
                    (self.card_name(*card), self.deck.entries.get(*card as usize))
                };
                // How far and which way, where the play chose it (a trial could not tell a captain's move waiting
                // on the stack from another).
                let chosen = entry.and_then(|e| self.entry_choice_words(e, *choice));
                let chosen = chosen.map_or(String::new(), |words| format!(" ({words})"));
                format!("{by}{name}{chosen}{}", target_text(target))
            }
            ItemKind::MovementRoll { seat, escape } => {
                format!("{seat}'s {} roll", if *escape { "escape" } else { "movement" })
            }
            ItemKind::Battle { attacker, defender, .. } => format!("battle: {attacker} against {defender}"),
            ItemKind::RollResult => "the roll just made".to_string(),
        }
    }

    /// A waiting item named inside another's words: its own aim in brackets ("P2's Headwind (aimed at P4)"), so
    /// that "on" is not read twice ("Thick Fog on P2's Headwind on P4" read as aimed at P4).
    fn nested_item_words(&self, item: &ItemKind, by: Option<Seat>) -> String {
        let words = self.item_words(item, by);
        let ItemKind::Card { target, .. } = item else { return words };
        let aim = target_text(target);
        match (words.strip_suffix(&aim), aim.strip_prefix(" on ")) {
            // One bracket, not two in a row: "Gale (3 spaces toward The Dread Sea, aimed at P4)".
            (Some(head), Some(at)) if !aim.is_empty() => match head.strip_suffix(')') {
                Some(open) => format!("{open}, aimed at {at})"),
                None => format!("{head} (aimed at {at})"),
            },
            _ => words,
        }
    }

    /// What a pass over the stack's top item lets happen, from the viewer's side.
    fn pass_lets(&self, view: &View, item: &ItemKind, by: Option<Seat>) -> String {
        let whose = |seat: Seat| if Some(seat) == view.seat { "your".to_string() } else { format!("{seat}'s") };
        match item {
            ItemKind::MovementRoll { seat, escape } => {
                format!("let {} {} roll be rolled", whose(*seat), if *escape { "escape" } else { "movement" })
            }
            ItemKind::RollResult => match &view.rolls[..] {
                [roll] => format!("let {} roll of {} stand", whose(roll.seat), roll.value()),
                _ => "let the rolls stand".to_string(),
            },
            ItemKind::Battle { .. } => "let the battle be fought".to_string(),
            ItemKind::Card { card, captain, target, .. } => {
                let name = if *captain { self.captain_name(*card) } else { self.card_name(*card) };
                let by = by.map_or(String::new(), |s| format!("{} ", whose(s)));
                format!("let {by}{name}{} take effect", self.target_words(target, Some(view)))
            }
        }
    }
}

/// Whether a pass now ends the seat's turn with a battle for the flag still its to declare.
fn gives_up_battle(view: &View) -> bool {
    view.stack.is_empty() && Some(view.active) == view.seat && view.battle_right && carrier_beside(view).is_some()
}

/// The carrier of the flag, when the viewer's ship shares its space.
/// Which roll a "next roll" card changes, after its text: a trial meant Smooth Sailing for its movement and saw it
/// spent on a battle roll.
fn roll_scope(card: &Card) -> String {
    let Effect::ModifyRoll { scope, .. } = card.effect else { return String::new() };
    let whose = if card.target == TargetSpec::Own { "Your" } else { "The chosen player's" };
    let kind = match scope {
        Scope::Any => "next roll of any kind: for movement, in a battle or for a card",
        Scope::Movement => "next movement roll",
        Scope::Battle => "next battle roll",
    };
    format!(" ({whose} {kind}.)")
}

fn carrier_beside(view: &View) -> Option<Seat> {
    let Flag::Carried { seat: carrier } = view.flag else { return None };
    let here = view.seat.and_then(|me| view.positions.get(me.index()));
    (Some(carrier) != view.seat && view.positions.get(carrier.index()) == here).then_some(carrier)
}

/// A captain's deed, from its text "Once per game, <when>: <what it does>. <more>".
fn captain_deed(captain: &Card) -> &str {
    let deed = captain.text.split_once(": ").map_or(captain.text.as_str(), |(_, deed)| deed);
    deed.split(". ").next().unwrap_or(deed).trim_end_matches('.')
}

fn flag_words(flag: Flag, length: u8) -> String {
    match flag {
        Flag::DreadShip => format!("on the Dread Captain's ship (space {length})"),
        Flag::Carried { seat } => format!("carried by {seat}"),
        Flag::Loose { space } => format!("loose in open water on space {space}"),
    }
}

/// A queued modifier in words, every part of it (a set die or a doubling has no `add`), e.g.
/// "next movement roll +3, x2" (the add comes before the doubling).
fn mods_words(scope: u8, mods: &Mods) -> String {
    format!("{}: {}", roll_words(scope), mod_parts(mods))
}

fn roll_words(scope: u8) -> &'static str {
    match scope {
        1 => "next movement roll",
        2 => "next battle roll",
        _ => "next roll",
    }
}

/// "every die set to 6, +3, x2".
fn mod_parts(mods: &Mods) -> String {
    let mut parts = Vec::new();
    if let Some(face) = mods.set {
        parts.push(format!("every die set to {face}"));
    }
    if mods.extra > 0 {
        parts.push(format!("{} extra di{}", mods.extra, if mods.extra == 1 { "e" } else { "ce" }));
    }
    if mods.add != 0 {
        parts.push(format!("{:+}", mods.add));
    }
    if mods.doubles > 0 {
        parts.push(format!("x{}", 1u32 << mods.doubles));
    }
    if let Some(dir) = mods.dir {
        parts.push(format!("sailing {dir}"));
    }
    parts.join(", ")
}

/// What a card's check roll needs, e.g. "3 or less".
fn test_words(test: Test) -> String {
    match test {
        Test::Even => "even (0 counts as even)".to_string(),
        Test::Odd => "odd".to_string(),
        Test::AtLeast { value } => format!("{value} or more"),
        Test::AtMost { value } => format!("{value} or less"),
    }
}

fn dice_count(n: u8) -> String {
    format!("{n} di{}", if n == 1 { "e" } else { "ce" })
}

fn steps(n: u8) -> String {
    format!("{n} step{}", if n == 1 { "" } else { "s" })
}

fn spaces(n: u8) -> String {
    format!("space{}", if n == 1 { "" } else { "s" })
}

fn card_count(n: u8) -> String {
    format!("{n} card{}", if n == 1 { "" } else { "s" })
}

/// Dice faces as "4", "4 and 2", "4, 2 and 6".
fn face_list(faces: &[u8]) -> String {
    and_list(&faces.iter().map(u8::to_string).collect::<Vec<_>>())
}

/// Words as "P1", "P1 and P2", "P1, P2 and P3".
fn and_list(words: &[String]) -> String {
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => words.join(""),
    }
}

impl Narrate for PiratesFlag {
    /// The view's fields for the browser's generic drawing.
    fn presentation(&self) -> serde_json::Value {
        serde_json::json!({
            "positions": "by_seat", "captains": "by_seat", "hand_sizes": "by_seat", "movement_dice": "count",
            "rolls.faces": "faces", "last_rolls.faces": "faces", "captains_used": "seats", "visiting": "seats",
        })
    }

    /// The player's own turn, or something waiting that is aimed at them or involves them (`view::concerns`).
    fn concerns(&self, public: &View, seat: Seat) -> bool {
        super::view::concerns(self, public, seat)
    }

    fn stops_matter(&self) -> bool {
        true
    }

    /// A die of a roll still being made: the roll's line names every face and what they count.
    /// Besides a roll's single dice: a plain pass, which the terminal trials found about ten times a round
    /// (the passes of seats never asked among them); what resolves once all have passed says it.
    fn told_elsewhere(&self, event: &Event) -> bool {
        matches!(event, Event::Die { .. } | Event::RollOffDie { total: None, .. } | Event::Passed { auto: false, .. })
    }

    fn tell(&self, event: &Event) -> String {
        match *event {
            Event::CaptainDealt { seat, captain } => format!("{seat} is dealt {}.", self.captain_name(captain)),
            Event::RollOffDie { seat, face, nth, of, total } => match total {
                None => format!("{seat} rolls a {face} for first player (die {nth} of {of})."),
                // Two dice (the rules' roll-off): the first is the total less the second.
                Some(total) if of == 2 => {
                    format!("{seat} rolls {} and {face} for first player: {total} in all.", total.saturating_sub(face))
                }
                Some(total) => format!("{seat} rolls a {face} for first player (die {nth} of {of}): {total} in all."),
            },
            Event::RollOffTied { ref seats, total } => {
                let names: Vec<String> = seats.iter().map(Seat::to_string).collect();
                format!("{} tie for first player on {total}: they roll again.", and_list(&names))
            }
            Event::FirstPlayer { seat, total, tied: false } => {
                format!("{seat} rolls highest, {total}, and goes first.")
            }
            Event::FirstPlayer { seat, total, tied: true } => format!(
                "Still tied on {total} after {MAX_TIES} roll-offs: {seat}, the first of them in seat order, goes \
                 first."
            ),
            Event::TurnBegins { seat, round } => format!("Round {round}: {seat}'s turn."),
            Event::Passed { seat, auto: false } => format!("{seat} passes."),
            Event::Passed { seat, auto: true } => format!("{seat} passes for the rest of the turn."),
            Event::WillRoll { seat, escape: false, dice } => {
                format!("{seat} rolls for movement ({}): anyone may answer before the roll.", dice_count(dice))
            }
            Event::WillRoll { seat, escape: true, .. } => {
                format!("{seat} rolls one die to escape with the flag: anyone may answer before the roll.")
            }
            Event::Stays { seat } => format!("{seat} keeps the flag and stays, without an escape roll."),
            Event::BattleDeclared { attacker, defender, ranged } => format!(
                "{attacker} attacks {defender}, the flag carrier, {}: each rolls a die, the higher takes the flag \
                 (anyone may answer first).",
                // A card's battle comes on top of any this turn: said, as two battles in one turn puzzled a trial.
                if ranged {
                    "from up to 2 spaces away, by the card just resolved (a battle of its own, whatever battles came \
                     before)"
                } else {
                    "on their shared space"
                }
            ),
            Event::BattleCalledOff { attacker, defender } => format!(
                "The battle of {attacker} against {defender} is off: {defender} no longer carries the flag within \
                 reach."
            ),
            Event::Die { seat, face, nth, of } => format!("{seat} rolls a {face} (die {nth} of {of})."),
            Event::Rolled { seat, purpose, ref faces, mods, value } => {
                let why = match purpose {
                    RollFor::Movement => "for movement".to_string(),
                    RollFor::Escape => "to escape with the flag".to_string(),
                    RollFor::Battle { attacker, .. } if attacker == seat => "attacking in the battle".to_string(),
                    RollFor::Battle { .. } => "defending the flag in the battle".to_string(),
                    RollFor::Card { card } => format!("for {}", self.ref_name(card)),
                };
                // The extra dice are among the faces shown: said as such, not as something added after them (a
                // trial read "3, 4 and 6 (then 1 extra die)" as a fourth die).
                let extra = match mods.extra {
                    0 => String::new(),
                    1 => " (one of them an extra die)".to_string(),
                    n => format!(" ({n} of them extra dice)"),
                };
                let after = Mods { extra: 0, ..mods };
                let then = if after.is_empty() { String::new() } else { format!(" (then {})", mod_parts(&after)) };
                let counted = format!("{extra}{then}");
                let unit = match purpose {
                    RollFor::Movement | RollFor::Escape => format!(" {}", spaces(value)),
                    _ => String::new(),
                };
                format!("{seat} rolls {} {why}{counted}: {value}{unit}.", face_list(faces))
            }
            Event::BattleWon { attacker, defender, attack, defence } => format!(
                "{attacker} wins the battle {attack} to {defence} and takes the flag from {defender}; {attacker} \
                 may roll to escape."
            ),
            Event::BattleLost { attacker, defender, attack, defence } => {
                format!("{defender} beats off {attacker}'s attack {defence} to {attack} and keeps the flag.")
            }
            Event::BattleTied { attacker, defender, value, last: false } => {
                format!("The battle is tied at {value}: {attacker} and {defender} fight again.")
            }
            Event::BattleTied { defender, value, .. } => format!(
                "The battle is tied at {value} for the {MAX_TIES}th time in a row: it ends, and {defender} keeps the \
                 flag."
            ),
            Event::Played { seat, card, aim, choice, waits } => {
                let mut line = if card.captain {
                    format!("{seat} uses {}'s ability", self.ref_name(card))
                } else {
                    format!("{seat} plays {}", self.ref_name(card))
                };
                line.push_str(&self.aim_words(aim));
                let entry = self.entry(card.captain, card.card);
                if entry.timing == Timing::InsteadOfRolling {
                    line.push_str(" instead of rolling");
                }
                if let Some(words) = self.entry_choice_words(entry, choice) {
                    let _ = write!(line, ": {words}");
                }
                // Said either way: a player holding an answer must know why they were not asked (third trial).
                line.push_str(if waits {
                    " (on the stack: anyone may answer it)."
                } else {
                    " (it cannot be answered: it takes effect at once)."
                });
                line
            }
            Event::NotMoved { seat, card, why } => format!(
                "{}: {seat}'s ship does not move: {}.",
                self.ref_name(card),
                match why {
                    Unmoved::DreadSea => "it is in The Dread Sea, where cards do not reach",
                    Unmoved::SameSpace => "it is on the same space already",
                    Unmoved::TrackEnd => "the track ends that way",
                }
            ),
            Event::Fizzled { seat, card } => {
                format!("{seat}'s {} does nothing: its target no longer qualifies.", self.ref_name(card))
            }
            Event::Cancelled { seat, card, item, by } => {
                format!("{seat}'s {} cancels {}.", self.ref_name(card), self.item_words(&item, by))
            }
            Event::Redirected { seat, card, item, by, to } => {
                format!("{seat}'s {} turns {} onto {to}.", self.ref_name(card), self.item_words(&item, by))
            }
            Event::Queued { seat, card, scope, mods } => {
                format!("{}: {} on {seat}'s {}.", self.ref_name(card), mod_parts(&mods), roll_words(scope))
            }
            Event::Adjusted { seat, card, add, value } => {
                format!("{}: {seat}'s roll {add:+}, now {value}.", self.ref_name(card))
            }
            Event::Reroll { seat, card } => format!("{}: {seat}'s roll is rolled again.", self.ref_name(card)),
            Event::Check { seat, card, value, test, holds, effect } => format!(
                "{}: {seat}'s roll of {value} {} {}, so {}",
                self.ref_name(card),
                if holds { "is" } else { "is not" },
                test_words(test),
                // A card with an effect for a failed check does not fail (the third terminal trial).
                match (holds, effect) {
                    (true, true) => "the card succeeds:",
                    (true, false) => "the card succeeds: nothing happens.",
                    (false, true) => "the card's other outcome follows:",
                    (false, false) => "the card fails: nothing happens.",
                }
            ),
            Event::Moved { seat, from, to, way, dock } => {
                let from_space = from;
                let (from, to) = (self.space_name(from), self.space_name(to));
                let mut line = match way {
                    Way::Sail => format!("{seat} sails from {from} to {to}"),
                    Way::SailByCard { card } => format!("{}: {seat} sails from {from} to {to}", self.ref_name(card)),
                    Way::Pushed { card } => {
                        format!("{}: {seat}'s ship is moved from {from} to {to}", self.ref_name(card))
                    }
                    Way::Hazard => {
                        let (more, way) =
                            if self.board.shift[from_space as usize] > 0 { ("+1", "further") } else { ("-1", "back") };
                        format!("{seat} ends on the {more} hazard on {from} and is shifted one space {way} to {to}")
                    }
                    Way::Waterfall => format!("{seat} goes down the waterfall from {from} to {to}"),
                };
                line.push_str(if dock { ", crossing a dock (a card to draw)." } else { "." });
                line
            }
            Event::Swapped { seat, with, card, at, with_at } => format!(
                "{}: {seat} and {with} swap places ({seat} now on {}, {with} on {}).",
                self.ref_name(card),
                self.space_name(at),
                self.space_name(with_at)
            ),
            Event::Stopped { seat, space, left } => {
                let steps = if left == 1 { "step" } else { "steps" };
                format!("{seat} stops on {}, giving up {left} {steps}.", self.space_name(space))
            }
            Event::FlagFromDreadShip { seat } => format!(
                "{seat} takes the flag from the Dread Captain's ship: {seat}'s hand limit is 6, and movement rolls \
                 use one die from now on."
            ),
            Event::FlagPickedUp { seat, space } => {
                format!("{seat} picks up the loose flag on {}.", self.space_name(space))
            }
            Event::FlagDropped { seat, space, card: Some(card) } => format!(
                "{}: the flag is knocked from {seat}'s ship and lies loose on {}.",
                self.ref_name(card),
                self.space_name(space)
            ),
            Event::FlagDropped { seat, space, card: None } => format!(
                "{seat} goes down the waterfall with the flag: it flies out and lies loose on {}.",
                self.space_name(space)
            ),
            Event::FlagTakenByCard { seat, from, card } => {
                format!("{}: {seat} takes the flag from {from}.", self.ref_name(card))
            }
            Event::FlagHeld { seat, card } => {
                format!("{seat} is shielded: {} leaves the flag with {seat}.", self.ref_name(card))
            }
            Event::Silenced { seat, card } => {
                format!("{}: {seat} may play no more cards this turn.", self.ref_name(card))
            }
            Event::Shielded { seat, card, until_next_turn } => format!(
                "{}: no card or captain can take the flag from {seat} or knock it loose until {} (a battle still can).",
                self.ref_name(card),
                if until_next_turn { format!("{seat}'s next turn") } else { "the end of this turn".to_string() }
            ),
            Event::Drew { seat, card: Some(card) } => format!("{seat} draws {}.", self.card_name(card)),
            Event::Drew { seat, card: None } => format!("{seat} draws a card."),
            Event::NotDrawn { seat, owed, limit: Some(limit) } => format!(
                "{seat}'s hand is full ({}, the limit): the {} owed {} not drawn.",
                card_count(limit),
                if owed == 1 { "card" } else { "cards" },
                if owed == 1 { "is" } else { "are" }
            ),
            Event::NotDrawn { seat, owed, limit: None } => format!(
                "No card is left to draw (the draw pile and the discards are empty): {seat} draws none of the {} owed.",
                card_count(owed)
            ),
            Event::Reshuffled { cards } => format!(
                "The draw pile is empty: the {} in the discard pile {} shuffled into a new one.",
                card_count(cards),
                if cards == 1 { "is" } else { "are" }
            ),
            Event::Discarded { seat, card, draw, cause: None } => format!(
                "{seat} trades at the Trading Post: discards {} (face up) to draw {}.",
                self.card_name(card),
                card_count(draw)
            ),
            Event::Discarded { seat, card, draw, cause: Some(cause) } => format!(
                "{}: {seat} discards {} (face up) to draw {}.",
                self.ref_name(cause),
                self.card_name(card),
                card_count(draw)
            ),
            Event::NoCardToPick { cause, seat, taking } => format!(
                "{}: {seat} has no card left to {}, so nothing more happens.",
                self.ref_name(cause),
                if taking { "take" } else { "discard" }
            ),
            Event::CardTaken { cause, from, to: Some(to), card: Some(card) }
            | Event::TookCard { cause, seat: to, from, card } => {
                format!("{}: {to} takes {} at random from {from}'s hand.", self.ref_name(cause), self.card_name(card))
            }
            Event::CardTaken { cause, from, to: Some(to), card: None } => {
                format!("{}: {to} takes a card at random from {from}'s hand.", self.ref_name(cause))
            }
            Event::CardTaken { cause, from, to: None, card: Some(card) } => format!(
                "{}: {} is picked at random from {from}'s hand and discarded.",
                self.ref_name(cause),
                self.card_name(card)
            ),
            Event::CardTaken { cause, from, to: None, card: None } => {
                format!("{}: a card is picked at random from {from}'s hand and discarded.", self.ref_name(cause))
            }
            Event::Won { seat } => format!("{seat} carries the flag into The Dread Sea and wins the game."),
            Event::OutOfRounds { rounds } => format!("The game reaches its limit of {rounds} rounds: nobody wins."),
        }
    }

    fn rules_summary(&self) -> String {
        format!(
            "The Pirate's Flag: every ship starts in The Dread Sea, just off space 1 of {board} (spaces 1 to \
             {length}); the black flag lies on the Dread Captain's ship at space {length}. Whoever carries the flag \
             off the board into The Dread Sea wins.\n\
             On your turn take one main action: roll for movement (two dice until the flag is first taken, one die \
             after) and sail that many spaces one way, battle the flag carrier on your space (each rolls a die, \
             highest takes the flag), or play an \"Instead of rolling\" card. Crossing a dock draws a card; a \
             Trading Post trades one card for two; no move ends on a hazard (it shifts you one space); waterfalls \
             are one-way shortcuts away from The Dread Sea.\n\
             Cards are played on anyone's turn, one per player per turn (those that say so are extra); your \
             captain's ability works once per game. Plays wait on a stack and resolve last in, first out, once \
             everyone has passed, so each can be answered.",
            board = self.board.name,
            length = self.board.length
        )
    }

    fn option_meanings(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            ("players", "3 to 6 players"),
            ("flag_flies_out", "optional rule (recommended): a flag carrier going down a waterfall drops the flag at its top"),
            ("carrier_seaward_only", "optional rule: the flag carrier's own movement may only head for The Dread Sea"),
            (
                "captains",
                "\"deal\": each player is dealt a captain at random; or one captain per seat by id: \"captain-\" and \
                 the name without \"Captain\", in lower case with dashes ([\"captain-shan\", \"captain-iron-meg\", ...])",
            ),
            ("board", "null: The Serpent's Pass (below); or your own layout in the format of data/pirates-flag/board.json"),
            ("deck", "null: the 48 action cards below; or your own deck in the format of data/pirates-flag/cards.json"),
            ("captain_cards", "null: the 8 captains below; or your own in the format of data/pirates-flag/captains.json"),
            ("max_rounds", "safety stop for bots: after this many rounds the game ends and nobody wins (real games take 10-15)"),
        ]
    }

    fn designed_content(&self) -> String {
        let mut out = format!("Board: {}, spaces 1 to {}\n", self.board.name, self.board.length);
        for feature in self.board_features() {
            let _ = writeln!(out, "  {}", feature.text);
        }
        let _ = writeln!(out, "Action cards ({}, one of each):", self.deck.entries.len());
        for c in &self.deck.entries {
            let _ = writeln!(out, "  {}: {}", c.name, c.text);
        }
        let _ = writeln!(out, "Captains ({}; each player gets one):", self.captains.entries.len());
        for c in &self.captains.entries {
            let _ = writeln!(out, "  {}: {}", c.name, c.text);
        }
        out
    }

    fn explain(&self, view: &View, action: &Action) -> String {
        let board = &self.board;
        match action {
            Action::Pass => match view.stack.last() {
                Some(top) => format!(
                    "let the top of the stack ({}) resolve once everyone has passed",
                    self.item_words(&top.item, top.by)
                ),
                None => "do nothing more now: the turn ends when everyone passes in a row".into(),
            },
            Action::AutoPass => "pass every time priority comes to you for the rest of this turn".into(),
            Action::Roll => format!(
                "your main action: roll {} di{} and sail that many spaces (others may answer before the dice)",
                view.movement_dice,
                if view.movement_dice == 1 { "e" } else { "ce" }
            ),
            Action::Battle => {
                "you and the flag carrier each roll a die: highest takes the flag (a tie rolls again)".into()
            }
            Action::Play { card, target, .. } => {
                let text = self
                    .deck
                    .entries
                    .get(*card as usize)
                    .map_or(String::new(), |c| format!("{}{}", c.text, roll_scope(c)));
                match self.aim_in_view(view, target) {
                    Some(aim) => format!("{text} Here: {aim}."),
                    None => text,
                }
            }
            Action::Captain { target, choice } => {
                let Some(captain) = view
                    .seat
                    .and_then(|s| view.captains.get(s.index()))
                    .and_then(|&c| self.captains.entries.get(c as usize))
                else {
                    return String::new();
                };
                let mut text = format!("{}: {}", captain.name, captain.text);
                let here: Vec<String> = self
                    .aim_in_view(view, target)
                    .into_iter()
                    .chain(self.entry_choice_words(captain, *choice))
                    .collect();
                if !here.is_empty() {
                    let _ = write!(text, " Here: {}.", here.join(", "));
                }
                text
            }
            Action::Trade { .. } => {
                "discard this card and draw two (up to your hand limit); once per Trading Post visit".into()
            }
            Action::Go { .. } => match view.moving {
                Some(mv) => format!("take the next step ({} left)", mv.left),
                None => String::new(),
            },
            Action::Stop => "end your movement on this space, giving up the steps left".into(),
            Action::Descend => {
                let at = view.moving.map_or(0, |mv| view.positions[mv.seat.index()]);
                let foot = board.fall.get(at as usize).copied().unwrap_or(0);
                format!("go down the waterfall to space {foot}; it costs one step, then choose a direction again")
            }
            Action::Escape => "roll one die and sail that many spaces with the flag".into(),
            Action::NoEscape => "keep the flag and stay on this space".into(),
        }
    }

    fn look_up(&self, name: &str) -> Option<String> {
        glossary::find(&self.glossary(), name)
    }

    fn chance_label(&self, chance: &Chance) -> String {
        match *chance {
            Chance::Captain { seat, captain } => format!("{seat} is dealt {}", self.captain_name(captain)),
            Chance::Die { seat, face } => format!("{seat} rolls a {face}"),
            Chance::Draw { seat, card } => format!("{seat} draws {}", self.card_name(card)),
            Chance::Pick { seat, card } => format!("{} is picked from {seat}'s hand", self.card_name(card)),
        }
    }

    fn label_in_view(&self, view: &View, action: &Action) -> String {
        if let Action::Play { card, target, choice } = action {
            if let Some(words) = self.shared_space_words(view, *card, *choice) {
                return format!("play {}{}: {words}", self.card_name(*card), self.target_words(target, Some(view)));
            }
            let entry = self.deck.entries.get(*card as usize);
            if let Some(landing) = entry.and_then(|e| self.push_words(view, e, target, *choice)) {
                let joint = if self.choice_words(*card, *choice).is_some() { ", " } else { ": " };
                return format!("{}{joint}{landing}", self.label(action));
            }
        }
        match action {
            Action::Captain { target, choice } => self.captain_label(view, target, *choice),
            // What it spares, on the button (a browser trial could not tell it from a plain pass).
            Action::AutoPass => {
                format!("{} (not asked to answer again this turn, even about plays aimed at you)", self.label(action))
            }
            // Carried down a waterfall, the flag flies out: a trial lost it unwarned.
            Action::Descend
                if self.options.flag_flies_out
                    && view.seat.is_some_and(|me| view.flag == (Flag::Carried { seat: me })) =>
            {
                let top = view.moving.map_or(0, |mv| view.positions[mv.seat.index()]);
                format!(
                    "{} (you lose the flag: it flies out and stays loose here, on {})",
                    self.label(action),
                    self.space_name(top)
                )
            }
            Action::Go { dir } => {
                let notes: Vec<String> =
                    self.go_hint(view, *dir).into_iter().chain(self.go_landing(view, *dir)).collect();
                if notes.is_empty() {
                    self.label(action)
                } else {
                    format!("{} ({})", self.label(action), notes.join("; "))
                }
            }
            Action::Play { target: target @ (Target::Item { .. } | Target::Roll { .. }), .. } => {
                // The waiting item or roll by what it is, not by its number alone.
                let label = self.label(action);
                let number = target_text(target);
                label.replacen(&number, &self.target_words(target, Some(view)), 1)
            }
            // Stopping on the carrier's space is how a battle for the flag starts, and a plain pass there gives
            // it up (a trial lost one to Enter, which passes): say so on both.
            Action::Stop => {
                let here = view.moving.and_then(|mv| view.positions.get(mv.seat.index()).copied()).unwrap_or(0);
                match carrier_beside(view) {
                    Some(c) => format!("stop here, on {c}'s space (then you may battle {c} for the flag)"),
                    // What the stop is for, as a trial could not tell.
                    None if self.board.is_trading_post(here) => format!(
                        "stop here, at the Trading Post on space {here} (then you may discard a card to draw two)"
                    ),
                    None => self.label(action),
                }
            }
            Action::Descend => {
                let (top, left) = view.moving.map_or((0, 0), |mv| (view.positions[mv.seat.index()], mv.left));
                let foot = self.board.fall.get(top as usize).copied().unwrap_or(0);
                match left.saturating_sub(1) {
                    0 => format!("go down the waterfall to space {foot} (your last step)"),
                    after => format!(
                        "go down the waterfall to space {foot} (one step; then choose a way again, {after} step{} \
                         left)",
                        if after == 1 { "" } else { "s" }
                    ),
                }
            }
            Action::Pass if gives_up_battle(view) => match carrier_beside(view) {
                Some(c) => format!("pass: end your turn without a battle against {c}"),
                None => self.label(action),
            },
            // A player is asked to pass before and after their own roll: each pass says what it lets happen (a
            // trial could not tell why it was asked twice).
            Action::Pass => match view.stack.last() {
                Some(top) => format!("pass: {}", self.pass_lets(view, &top.item, top.by)),
                // Over an empty stack a pass ends the turn once everyone has passed (a browser trial did not know
                // the plain pass beside "pass for the rest of the turn" ended its own).
                None if view.seat == Some(view.active) => "pass: end your turn".to_string(),
                None => format!("pass: let {}'s turn end", view.active),
            },
            _ => self.label(action),
        }
    }

    /// A card or captain is asked for first, then its target, then its number (how far, which face); a trade
    /// first as a trade, then which card goes.
    fn choice_steps(&self, view: &View, action: &Action) -> Vec<String> {
        let (head, card, target, choice) = match action {
            Action::Play { card, target, choice } => {
                (format!("play {}", self.card_name(*card)), self.deck.entries.get(*card as usize), target, *choice)
            }
            Action::Captain { target, choice } => match self.own_captain(view) {
                Some(captain) => {
                    (format!("use {}: {}", captain.name, captain_deed(captain)), Some(captain), target, *choice)
                }
                None => return vec![self.label_in_view(view, action)],
            },
            Action::Trade { discard } => {
                return vec!["trade a card for two cards".to_string(), format!("give up {}", self.card_name(*discard))]
            }
            _ => return vec![self.label_in_view(view, action)],
        };
        let mut steps = vec![head];
        if *target != Target::None {
            steps.push(self.target_words(target, Some(view)).trim_start().to_string());
        }
        let words = card.and_then(|c| self.choice_words_in_view(view, c, target, choice));
        let card_id = match action {
            Action::Play { card, .. } => Some(*card),
            _ => None,
        };
        match words.or_else(|| card_id.and_then(|c| self.shared_space_words(view, c, choice))) {
            Some(words) => steps.push(words),
            None if choice > 0 => steps.push(format!("choice {choice}")),
            None => {}
        }
        // One step is the whole label (the trait's contract): with all its notes ("(not your roll of 7 just made)";
        // the server's leak test found Captain Shan's step without it).
        if steps.len() == 1 {
            return vec![self.label_in_view(view, action)];
        }
        steps
    }

    /// The passes head every menu that offers them, "pass" then "pass for the rest of the turn" (the legal
    /// order), and so does the turn's roll: 1 and 2 mean the same wherever they are offered.
    fn always_shown(&self, _view: &View, action: &Action) -> bool {
        matches!(action, Action::Pass | Action::AutoPass | Action::Roll)
    }

    /// The captain's ability is once per game: a number typed out of habit (2 passes on most screens) must not
    /// spend it.
    fn confirm(&self, view: &View, action: &Action) -> Option<String> {
        match action {
            Action::Captain { .. } => {
                Some(format!("Your captain's ability works once per game: {}. Sure?", self.label_in_view(view, action)))
            }
            // The battle this turn earned is lost to a pass, which Enter takes out of habit: ask first.
            Action::Pass if gives_up_battle(view) => {
                let carrier = carrier_beside(view).map_or_else(|| "the carrier".to_string(), |c| c.to_string());
                Some(format!("End your turn without a battle against {carrier} for the flag. Sure?"))
            }
            // A play aimed at the player goes unanswered on a pass: a trial's Enter typed ahead let a Chain Shot
            // take its flag while it held the Giant Mirror to answer it.
            Action::Pass => {
                let top = view.stack.last()?;
                let ItemKind::Card { target: Target::Seat { seat }, .. } = top.item else { return None };
                (view.seat == Some(seat) && top.by != view.seat)
                    .then(|| format!("Let {} take effect without an answer. Sure?", self.item_words(&top.item, top.by)))
            }
            _ => None,
        }
    }

    fn label(&self, action: &Action) -> String {
        match action {
            Action::Play { card, target, choice } => {
                let mut label = format!("play {}{}", self.card_name(*card), self.target_words(target, None));
                match self.choice_words(*card, *choice) {
                    Some(words) => {
                        let _ = write!(label, ": {words}");
                    }
                    None if *choice > 0 => {
                        let _ = write!(label, " ({choice})");
                    }
                    None => {}
                }
                label
            }
            Action::Trade { discard } => format!("trade {} for two cards", self.card_name(*discard)),
            other => other.to_string(),
        }
    }

    fn describe(&self, view: &View) -> String {
        let mut out = String::new();
        if view.phase == Phase::Over {
            // Nobody has a turn once the game is over: the head says how it ended.
            let end = match view.winner {
                Some(w) => format!("{w} won"),
                None => format!("the limit of {} is reached and nobody won", rounds(self.options.max_rounds)),
            };
            let _ = writeln!(
                out,
                "Game over after round {}: {end} - the flag is {}",
                view.round,
                flag_words(view.flag, self.board.length)
            );
        } else {
            let _ = writeln!(
                out,
                "Round {} - {}'s turn - the flag is {} - movement: {} di{}",
                view.round,
                view.active,
                flag_words(view.flag, self.board.length),
                view.movement_dice,
                if view.movement_dice == 1 { "e" } else { "ce" }
            );
        }
        for i in 0..view.players as usize {
            let seat = Seat(i as u8);
            let space = view.positions[i];
            let place = self.space_name(space);
            let mut line = format!(
                "  {seat}{} {place}, {} card{}, {}{}",
                if view.seat == Some(seat) { "*" } else { " " },
                view.hand_sizes[i],
                if view.hand_sizes[i] == 1 { "" } else { "s" },
                view.captains.get(i).map_or_else(|| "no captain yet".to_string(), |&c| self.captain_name(c)),
                if view.captains_used.contains(seat) { " (used)" } else { "" }
            );
            if view.flag == (Flag::Carried { seat }) {
                line.push_str("  [FLAG]");
            }
            let queued: Vec<String> =
                view.modifiers.iter().filter(|m| m.0 == seat).map(|m| mods_words(m.1, &m.2)).collect();
            if !queued.is_empty() {
                let _ = write!(line, "  queued: {}", queued.join("; "));
            }
            let moving = view.moving.is_some_and(|mv| mv.seat == seat) || view.escaping == Some(seat);
            if moving || (view.priority == Some(seat) && seat == view.active) {
                line.push_str("  <- to act");
            } else if view.priority == Some(seat) {
                // Priority in another's turn is a chance to answer, not a turn (a trial read it as one).
                line.push_str("  <- may answer now");
            }
            let _ = writeln!(out, "{line}");
        }
        // The track after the seats' lines, which follow the head.
        let _ = writeln!(out, "{}", super::track::LEGEND);
        for line in self.track_lines(view) {
            let _ = writeln!(out, "{line}");
        }
        if !view.my_hand.is_empty() {
            let names: Vec<String> = view.my_hand.iter().map(|&c| self.card_name(c)).collect();
            let _ = writeln!(out, "Your hand: {}", names.join(", "));
            if view.seat.is_some_and(|me| view.card_played.contains(me)) {
                let _ =
                    writeln!(out, "You have played your card this turn: only cards marked free until the next turn.");
            }
        }
        // A game over (at the round limit, say) resolves nothing more: what waited is not shown as waiting.
        if !view.stack.is_empty() && view.phase != Phase::Over {
            // In the order they will resolve, the last played first; the number is how a card played against it
            // names it ("on waiting item 2").
            let items: Vec<String> =
                view.stack.iter().rev().map(|i| format!("{}. {}", i.id, self.item_words(&i.item, i.by))).collect();
            let _ = writeln!(
                out,
                "  Waiting to resolve, the next first (numbered as played this turn): {}",
                items.join("; ")
            );
        }
        if let (true, Some(seat), Some(top)) = (view.others_passed, view.priority, view.stack.last()) {
            let top = format!("{} (waiting item {})", self.item_words(&top.item, top.by), top.id);
            let _ = if view.seat == Some(seat) {
                writeln!(out, "  Everyone else has passed: pass to let {top} resolve, or answer it")
            } else {
                writeln!(out, "  Everyone else has passed: {seat}'s pass lets {top} resolve")
            };
        }
        for roll in view.rolls.iter().filter(|r| r.rolled > 0) {
            let _ = writeln!(
                out,
                "  {} rolled {}: counts {}",
                roll.seat,
                face_list(&roll.faces[..roll.rolled.min(roll.dice) as usize]),
                roll.value()
            );
        }
        if let Some(mv) = view.moving {
            let _ = writeln!(out, "  {} is moving: {} left", mv.seat, steps(mv.left));
        }
        if let Some(winner) = view.escaping {
            let _ = writeln!(out, "  {winner} won the battle and may roll to escape");
        }
        if view.phase == Phase::Over {
            match view.winner {
                Some(w) => {
                    let _ = writeln!(
                        out,
                        "{} carried the flag into The Dread Sea! {}",
                        w,
                        winners_line(plunder_core::SeatSet::only(w))
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "The game ended at its limit of {}: nobody carried the flag home, so nobody wins.",
                        rounds(self.options.max_rounds)
                    );
                }
            }
        }
        out
    }
}

/// "1 round", "100 rounds".
fn rounds(n: u32) -> String {
    format!("{n} round{}", if n == 1 { "" } else { "s" })
}
