//! The Pirate's Flag in words, built from views only.

use std::fmt::Write;

use plunder_core::{winners_line, Narrate, Seat};

use super::action::{target_text, Action, Target};
use super::state::{Flag, ItemKind, Mods, Phase};
use super::view::View;
use super::PiratesFlag;

impl PiratesFlag {
    fn card_name(&self, card: u8) -> String {
        self.deck.entries.get(card as usize).map_or_else(|| format!("#{card}"), |c| c.name.clone())
    }

    fn captain_name(&self, captain: u8) -> String {
        self.captains.entries.get(captain as usize).map_or_else(|| format!("#{captain}"), |c| c.name.clone())
    }

    fn target_words(&self, target: &Target, view: Option<&View>) -> String {
        match (target, view) {
            (Target::Item { id }, Some(view)) => match view.stack.iter().find(|i| i.id == *id) {
                Some(item) => format!(" on {}", self.item_words(&item.item, item.by)),
                None => target_text(target),
            },
            _ => target_text(target),
        }
    }

    fn item_words(&self, item: &ItemKind, by: Option<Seat>) -> String {
        let by = by.map_or(String::new(), |s| format!("{s}'s "));
        match item {
            ItemKind::Card { card, captain: false, target, .. } => {
                format!("{by}{}{}", self.card_name(*card), target_text(target))
            }
            ItemKind::Card { card, captain: true, target, .. } => {
                format!("{by}{}{}", self.captain_name(*card), target_text(target))
            }
            ItemKind::MovementRoll { seat, escape } => {
                format!("{seat}'s {} roll", if *escape { "escape" } else { "movement" })
            }
            ItemKind::Battle { attacker, defender, .. } => format!("battle: {attacker} against {defender}"),
            ItemKind::RollResult => "the roll just made".to_string(),
        }
    }
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
    let roll = match scope {
        1 => "next movement roll",
        2 => "next battle roll",
        _ => "next roll",
    };
    let mut parts = Vec::new();
    if let Some(face) = mods.set {
        parts.push(format!("every die shows {face}"));
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
        parts.push(format!("moves {dir}"));
    }
    format!("{roll} {}", parts.join(", "))
}

impl Narrate for PiratesFlag {
    fn label(&self, action: &Action) -> String {
        match action {
            Action::Play { card, target, choice } => {
                let mut label = format!("play {}{}", self.card_name(*card), self.target_words(target, None));
                if *choice > 0 {
                    let _ = write!(label, " ({choice})");
                }
                label
            }
            Action::Trade { discard } => format!("trade {} for two cards", self.card_name(*discard)),
            other => other.to_string(),
        }
    }

    fn describe(&self, view: &View) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Round {} - {}'s turn - the flag is {} - movement: {} di{}",
            view.round,
            view.active,
            flag_words(view.flag, self.board.length),
            view.movement_dice,
            if view.movement_dice == 1 { "e" } else { "ce" }
        );
        for i in 0..view.players as usize {
            let seat = Seat(i as u8);
            let space = view.positions[i];
            let place = if space == 0 { "The Dread Sea".to_string() } else { format!("space {space}") };
            let mut line = format!(
                "  {seat}{} {place}, {} card{}, {}{}",
                if view.seat == Some(seat) { "*" } else { " " },
                view.hand_sizes[i],
                if view.hand_sizes[i] == 1 { "" } else { "s" },
                self.captain_name(view.captains[i]),
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
            if view.priority == Some(seat)
                || view.moving.is_some_and(|mv| mv.seat == seat)
                || view.escaping == Some(seat)
            {
                line.push_str("  <- to act");
            }
            let _ = writeln!(out, "{line}");
        }
        if !view.my_hand.is_empty() {
            let names: Vec<String> = view.my_hand.iter().map(|&c| self.card_name(c)).collect();
            let _ = writeln!(out, "Your hand: {}", names.join(", "));
        }
        for item in &view.stack {
            let _ = writeln!(out, "  stack: {}", self.item_words(&item.item, item.by));
        }
        for roll in &view.rolls {
            let _ = writeln!(
                out,
                "  {} rolled {:?}: counts {}",
                roll.seat,
                &roll.faces[..roll.dice as usize],
                roll.value()
            );
        }
        if let Some(mv) = view.moving {
            let _ = writeln!(out, "  {} is moving: {} step(s) left", mv.seat, mv.left);
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
                    let _ = writeln!(out, "The game ran out of rounds: nobody wins.");
                }
            }
        }
        out
    }

    fn news(&self, before: &View, after: &View) -> Vec<String> {
        let mut lines = Vec::new();
        for i in 0..after.players as usize {
            let seat = Seat(i as u8);
            if before.positions[i] != after.positions[i] {
                lines.push(format!("{seat} sails from {} to {}", before.positions[i], after.positions[i]));
            }
            if after.hand_sizes[i] > before.hand_sizes[i] {
                lines.push(format!("{seat} draws ({} card(s) now)", after.hand_sizes[i]));
            }
            if !before.captains_used.contains(seat) && after.captains_used.contains(seat) {
                lines.push(format!("{seat} uses {}", self.captain_name(after.captains[i])));
            }
        }
        for item in after.stack.iter().filter(|i| !before.stack.iter().any(|b| b.id == i.id)) {
            lines.push(format!("on the stack: {}", self.item_words(&item.item, item.by)));
        }
        for roll in &after.rolls {
            if !before.rolls.contains(roll) && roll.done() {
                lines.push(format!(
                    "{} rolls {:?}: counts {}",
                    roll.seat,
                    &roll.faces[..roll.dice as usize],
                    roll.value()
                ));
            }
        }
        if before.flag != after.flag {
            lines.push(format!("the flag is now {}", flag_words(after.flag, self.board.length)));
        }
        if before.active != after.active && after.phase == Phase::Play {
            lines.push(format!("{}'s turn", after.active));
        }
        if before.phase != Phase::Over && after.phase == Phase::Over {
            lines.push(match after.winner {
                Some(w) => winners_line(plunder_core::SeatSet::only(w)),
                None => "Nobody wins: the game ran out of rounds".to_string(),
            });
        }
        lines
    }
}
