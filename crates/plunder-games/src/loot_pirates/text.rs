//! Loot Pirates in words: the table and the round's events, for terminals and replays.

use std::fmt::Write;

use plunder_core::{winners_line, Narrate, Seat};

use super::action::{Action, Fire};
use super::options::default_booty;
use super::resolve::Report;
use super::state::Phase;
use super::view::View;
use super::LootPirates;

/// "1 doubloon", "2 doubloons".
fn doubloons(n: u32) -> String {
    format!("{n} doubloon{}", if n == 1 { "" } else { "s" })
}

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
    fn tell(&self, event: &crate::untold::Untold) -> String {
        match *event {}
    }

    fn rules_summary(&self) -> String {
        let o = &self.options;
        format!(
            "Loot Pirates. Each round every pirate rolls a hidden red (attack) and black (defence) die, then all aim \
             at once at another pirate; aims are then shown. In negotiation, from the Captain in turn, a pirate may \
             pay doubloons to a pirate (at most {} a payment), show its dice to one pirate, or pass ({} offers each \
             a round; it ends when all pass in a row). Promises bind nobody. Then all at once each pirate drops \
             (turns yellow: safe, no share; only if someone aims at it), raises (holds fire) or shoots. A shot hits \
             when red beats the target's black less 1 for each extra shooter on that target (ties go to the \
             defender); each hit costs the target 2 doubloons, paid to the shooter. Every pirate who neither \
             dropped nor was hit takes one doubloon from the Booty ({} now) for each pirate who dropped or was hit. \
             The game ends when the Booty is empty: most doubloons wins.",
            o.max_payment,
            o.negotiation_offers,
            o.booty()
        )
    }

    fn option_meanings(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            ("players", "3 to 8 pirates"),
            ("starting_doubloons", "a number, or \"d6\" for the D6 Starting Gold Variant"),
            ("booty", "doubloons in the Booty; null = the designed amount for the table"),
            ("reserve", "tops up the last round's shares"),
            ("captain", "the Captain's seat: first to negotiate"),
            ("negotiation_offers", "offers per pirate per round; 0 skips negotiation"),
            ("max_payment", "most doubloons in one payment"),
            ("equal_attack_order", "who is paid first among equal attack dice: clockwise_from_target or from_captain"),
            ("shoot_off", "settle a shared win with the optional shoot-off"),
            ("shoot_off_rounds", "shoot-off rounds before the survivors share the win"),
            ("max_rounds", "the game ends after this many rounds even with Booty left"),
        ]
    }

    fn designed_content(&self) -> String {
        let sizes: Vec<String> = (3..=8).map(|n| format!("{n} pirates: {}", default_booty(n))).collect();
        format!("Booty by table size (designed for about 10 rounds): {}\n", sizes.join(", "))
    }

    fn explain(&self, view: &View, action: &Action) -> String {
        let target = view.my_aim;
        match *action {
            Action::Aim { target } => format!(
                "point your gun at {target} ({}): a hit on them later takes 2 of their doubloons",
                doubloons(view.coins[target.index()])
            ),
            Action::Pay { to, doubloons: n } => {
                format!("give {to} {} now (promises bind nobody: they may still shoot)", doubloons(n))
            }
            Action::Show { to } => format!("let {to} see your red and black dice; the others see only that you showed"),
            Action::Pass => "make no offer now; negotiation ends when everyone passes in a row".to_string(),
            Action::Fire { choice: Fire::Drop } => {
                "turn yellow: no shot can hit you, but you take no Booty share this round".to_string()
            }
            Action::Fire { choice: Fire::Raise } => {
                "hold fire: you can still be shot; if not hit you share the Booty".to_string()
            }
            Action::Fire { choice: Fire::Shoot } => format!(
                "fire at {}: your red die against their black, less 1 for each other shooter; a hit takes 2 \
                 doubloons, and you still share the Booty if not hit",
                target.map_or("your target".to_string(), |t| t.to_string())
            ),
        }
    }

    fn typing_hint(&self) -> String {
        "Type the number of your choice or its words (aim at P3, pay P2 1, show P4, pass, shoot, raise, drop)"
            .to_string()
    }

    fn receipt(&self, view: &View, action: &Action) -> Option<String> {
        let me = view.seat?;
        match *action {
            Action::Pay { to, doubloons: n } => Some(format!(
                "You paid {to} {}; you have {} left. Nothing binds {to} to spare you.",
                doubloons(n),
                doubloons(view.coins[me.index()].saturating_sub(n))
            )),
            Action::Show { to } => view.my_dice.map(|d| {
                format!(
                    "You showed {to} your dice: red {}, black {}. Only {to} knows them; the others saw only that you \
                     showed.",
                    d.red, d.black
                )
            }),
            _ => None,
        }
    }

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
            let mut line = format!(
                "  {s}{} {:>13}",
                if view.seat == Some(s) { "*" } else { " " },
                doubloons(view.coins[s.index()])
            );
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
        if view.phase == Phase::Negotiate {
            let offers: Vec<String> =
                view.contestants.iter().map(|s| format!("{s} {}", view.offers_left[s.index()])).collect();
            let waiting: Vec<String> = view.waiting.iter().map(|s| s.to_string()).collect();
            let _ = writeln!(out, "Offers left: {}", offers.join(", "));
            let _ = writeln!(
                out,
                "Still to pass before 'Fire!': {}{}",
                if waiting.is_empty() { "nobody".to_string() } else { waiting.join(", ") },
                view.negotiator.map_or(String::new(), |n| format!(" ({n} to offer or pass now)"))
            );
        }
        if let (Phase::Fire, Some(me), Some(aims)) = (view.phase, view.seat, &view.aims) {
            if view.contestants.contains(me) && !aims.contains(&Some(me)) {
                let _ = writeln!(
                    out,
                    "Nobody aims at you, so you cannot drop: dropping only shields a pirate someone aims at."
                );
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
                lines.push(format!("{} pays {} {}", p.from, p.to, doubloons(p.doubloons - old)));
            }
            for s in after.showings.iter().filter(|s| !before.showings.contains(s)) {
                lines.push(format!("{} shows their dice to {}", s.from, s.to));
            }
        }
        if let (Phase::Negotiate, Some(who)) = (before.phase, before.negotiator) {
            let offered = after.offers_left[who.index()] < before.offers_left[who.index()];
            let moved_on = after.phase != Phase::Negotiate || after.negotiator != Some(who);
            if !offered && moved_on && before.round == after.round {
                lines.push(format!("{who} passes"));
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
