//! Loot Pirates in words: the table and the round's events, for terminals and replays.

use std::fmt::Write;

use plunder_core::{winners_line, Narrate, Seat};

use super::action::Fire;
use super::resolve::Report;
use super::state::Phase;
use super::view::View;
use super::LootPirates;

fn fire_word(fire: Fire) -> &'static str {
    match fire {
        Fire::Drop => "drops (turns yellow)",
        Fire::Raise => "raises (holds fire)",
        Fire::Shoot => "shoots",
    }
}

fn report_lines(report: &Report, players: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let title = if report.shoot_off { "Shoot-off".to_string() } else { format!("Round {}", report.round) };
    lines.push(format!("-- {title}: Fire! --"));
    for s in Seat::all(players) {
        let (Some(fire), Some(target)) = (report.fires[s.index()], report.aims[s.index()]) else { continue };
        let mut line = format!("{s} {}", fire_word(fire));
        if fire == Fire::Shoot {
            match (report.red[s.index()], report.black[target.index()]) {
                (Some(red), Some(black)) => {
                    let hit = report.hits[target.index()].contains(s);
                    let _ = write!(
                        line,
                        " at {target}: red {red} against black {black}{} - {}",
                        match shooters(report, target) {
                            0 | 1 => String::new(),
                            n => format!(" less {}", n - 1),
                        },
                        if hit { "hit" } else { "miss" }
                    );
                }
                _ => {
                    let _ = write!(line, " at {target}, who has dropped");
                }
            }
        }
        lines.push(line);
    }
    for a in Seat::all(players) {
        for b in Seat::all(players) {
            let paid = report.transfers[a.index()][b.index()];
            if paid > 0 {
                lines.push(format!("{a} pays {b} {paid} doubloon{}", if paid == 1 { "" } else { "s" }));
            }
        }
    }
    let shared: Vec<String> = Seat::all(players)
        .filter(|s| report.shares[s.index()] > 0)
        .map(|s| format!("{s} +{}", report.shares[s.index()]))
        .collect();
    if !shared.is_empty() {
        lines.push(format!("Booty shares: {}", shared.join(", ")));
    } else if !report.shoot_off {
        lines.push("Nobody dropped or was shot: no Booty shares this round.".to_string());
    }
    if report.from_reserve > 0 {
        lines.push(format!("The Reserve adds {} doubloons to the last shares.", report.from_reserve));
    }
    if !report.knocked_out.is_empty() {
        let out: Vec<String> = report.knocked_out.iter().map(|s| s.to_string()).collect();
        lines.push(format!("Out of the shoot-off: {}", out.join(", ")));
    }
    lines
}

/// How many pirates shot at `target` (for the defence reduction shown in the log).
fn shooters(report: &Report, target: Seat) -> usize {
    (0..report.aims.len())
        .filter(|&s| report.aims[s] == Some(target) && report.fires[s] == Some(Fire::Shoot) && report.red[s].is_some())
        .count()
}

impl Narrate for LootPirates {
    fn describe(&self, view: &View) -> String {
        let mut out = String::new();
        let players = view.players as usize;
        let stage = match view.phase {
            Phase::StartingGold => "rolling for starting gold",
            Phase::Roll => "rolling dice",
            Phase::Aim => "Ready! Set! Aim!",
            Phase::Negotiate => "negotiation",
            Phase::Fire => "Ready! Set! Fire!",
            Phase::Over => "game over",
        };
        let round = if view.shoot_off_round > 0 {
            format!("Shoot-off round {}", view.shoot_off_round)
        } else {
            format!("Round {}", view.round)
        };
        let _ = writeln!(out, "{round} - {stage} - Booty {} - Reserve {}", view.booty, view.reserve);
        for s in Seat::all(players) {
            let mut line =
                format!("  {s}{} {:>3} doubloons", if view.seat == Some(s) { "*" } else { " " }, view.coins[s.index()]);
            if s == view.captain {
                line.push_str("  (Captain)");
            }
            if let Some(aims) = &view.aims {
                if let Some(t) = aims[s.index()] {
                    let _ = write!(line, "  aims at {t}");
                }
            } else if view.aimed.contains(s) {
                line.push_str("  has aimed");
            }
            if view.fired.contains(s) {
                line.push_str("  has chosen");
            }
            if !view.contestants.contains(s) && view.phase != Phase::Over {
                line.push_str("  (watching)");
            }
            let _ = writeln!(out, "{line}");
        }
        if let Some(d) = view.my_dice {
            let _ = writeln!(out, "Your dice: red (attack) {}, black (defence) {}", d.red, d.black);
        }
        for shown in &view.shown_to_me {
            let _ = writeln!(out, "{} showed you: red {}, black {}", shown.seat, shown.dice.red, shown.dice.black);
        }
        if let Some(me) = view.seat {
            if let Some(t) = view.my_aim {
                if view.aims.is_none() {
                    let _ = writeln!(out, "You aim at {t}.");
                }
            }
            if let Some(aims) = &view.aims {
                let at_me: Vec<String> =
                    Seat::all(players).filter(|s| aims[s.index()] == Some(me)).map(|s| s.to_string()).collect();
                if !at_me.is_empty() {
                    let _ = writeln!(out, "Aiming at you: {}", at_me.join(", "));
                }
            }
        }
        if view.phase == Phase::Over {
            let _ = writeln!(out, "{}", winners_line(view.winners));
        }
        out
    }

    fn news(&self, before: &View, after: &View) -> Vec<String> {
        let mut lines = Vec::new();
        let players = after.players as usize;
        if before.phase == Phase::StartingGold && after.phase != Phase::StartingGold {
            let starts: Vec<String> = Seat::all(players).map(|s| format!("{s} {}", after.coins[s.index()])).collect();
            lines.push(format!("Starting doubloons: {}", starts.join(", ")));
        }
        if before.phase == after.phase && before.round == after.round {
            for p in after.payments.iter().filter(|p| !before.payments.contains(p)) {
                let old = before.payments.iter().find(|q| q.from == p.from && q.to == p.to).map_or(0, |q| q.doubloons);
                lines.push(format!("{} pays {} {} doubloon(s)", p.from, p.to, p.doubloons - old));
            }
            for s in after.showings.iter().filter(|s| !before.showings.contains(s)) {
                lines.push(format!("{} shows their dice to {}", s.from, s.to));
            }
        }
        if before.phase == Phase::Aim && after.phase != Phase::Aim {
            if let Some(aims) = &after.aims {
                let pairs: Vec<String> =
                    Seat::all(players).filter_map(|s| aims[s.index()].map(|t| format!("{s} -> {t}"))).collect();
                lines.push(format!("Aim! {}", pairs.join(", ")));
            }
        }
        if after.last_round != before.last_round {
            if let Some(report) = &after.last_round {
                lines.extend(report_lines(report, players));
            }
        }
        if before.phase != Phase::Over && after.phase == Phase::Over {
            let scores: Vec<String> = Seat::all(players).map(|s| format!("{s} {}", after.coins[s.index()])).collect();
            lines.push(format!("The Booty is shared out. Doubloons: {}", scores.join(", ")));
            lines.push(winners_line(after.winners));
        }
        lines
    }
}
