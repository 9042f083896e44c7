//! Loot Pirates in words: the table and the round's events, for terminals and replays.

use std::fmt::Write;

use plunder_core::{winners_line, Narrate, Seat};

use super::action::{Action, Dice, Fire};
use super::event::{Ending, Event};
use super::options::default_booty;
use super::resolve::SHOT_PRICE;
use super::state::Phase;
use super::view::View;
use super::LootPirates;

/// "1 doubloon", "2 doubloons".
fn doubloons(n: u32) -> String {
    format!("{n} doubloon{}", if n == 1 { "" } else { "s" })
}

/// "P1", "P1 and P3", "P1, P2 and P3".
fn names(seats: impl Iterator<Item = Seat>) -> String {
    let names: Vec<String> = seats.map(|s| s.to_string()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// "red 4, black 2".
fn dice(d: Dice) -> String {
    format!("red {}, black {}", d.red, d.black)
}

fn choice_words(fire: Fire) -> &'static str {
    match fire {
        Fire::Drop => "drops (turns yellow)",
        Fire::Raise => "raises (holds fire)",
        Fire::Shoot => "shoots",
    }
}

fn tell_event(event: &Event) -> String {
    match event {
        Event::StartingGold { seat, doubloons: n } => {
            format!("{seat} rolls a die for starting gold: {}.", doubloons(*n as u32))
        }
        Event::RoundBegins { round, booty } => {
            format!("Round {round} begins (Booty {booty}): every pirate rolls a red and a black die.")
        }
        Event::ShootOffRound { round, contenders } => format!(
            "{} tie for the most doubloons: shoot-off round {round} between them (no doubloons change hands).",
            names(contenders.iter())
        ),
        Event::Rolled { seat, dice: Some(d) } => format!("{seat} rolls {} (attack red, defence black).", dice(*d)),
        Event::Rolled { seat, dice: None } => format!("{seat} rolls a red and a black die, hidden."),
        Event::Aimed { seat, target: Some(t) } => format!("{seat} aims at {t}, hidden until everyone has aimed."),
        Event::Aimed { seat, target: None } => format!("{seat} has aimed."),
        Event::AimsShown { aims, negotiation } => {
            let pairs: Vec<String> =
                aims.iter().enumerate().filter_map(|(i, t)| t.map(|t| format!("{} at {t}", Seat(i as u8)))).collect();
            format!(
                "Aim! Everyone has aimed: {}. {}",
                pairs.join(", "),
                if *negotiation { "Negotiation opens." } else { "Fire!" }
            )
        }
        Event::Paid { from, to, doubloons: n } => format!("{from} pays {to} {} in negotiation.", doubloons(*n)),
        Event::Showed { from, to, dice: Some(d) } => format!("{from} shows {to} their dice: {}.", dice(*d)),
        Event::Showed { from, to, dice: None } => format!("{from} shows their dice to {to}."),
        Event::Passed { seat } => format!("{seat} passes."),
        Event::NegotiationOver => "Everyone has passed in a row: negotiation is over. Fire!".to_string(),
        Event::Chose { seat, choice: Some(c) } => format!(
            "{seat} chooses to {}, hidden until everyone has chosen.",
            match c {
                Fire::Drop => "drop (turn yellow)",
                Fire::Raise => "raise (hold fire)",
                Fire::Shoot => "shoot",
            }
        ),
        Event::Chose { seat, choice: None } => format!("{seat} has chosen."),
        Event::ChoicesShown { fires } => {
            let choices: Vec<String> = fires
                .iter()
                .enumerate()
                .filter_map(|(i, c)| c.map(|c| format!("{} {}", Seat(i as u8), choice_words(c))))
                .collect();
            format!("Fire! {}.", choices.join(", "))
        }
        Event::Shot { shooter, target, red, black, others, hit } => format!(
            "{shooter} shoots {target}: red {red} against black {black}{} - {}.",
            match others {
                0 => String::new(),
                1 => " less 1 for the other shooter".to_string(),
                n => format!(" less {n} for the other shooters"),
            },
            if *hit { "a hit" } else { "a miss (ties go to the defender)" }
        ),
        Event::ShotAtDropped { shooter, target } => {
            format!("{shooter} shoots at {target}, who dropped: the shot cannot hit.")
        }
        Event::PaidForHit { target, shooter, doubloons: 0 } => {
            format!("{target} has no doubloons left to pay {shooter} for the hit.")
        }
        Event::PaidForHit { target, shooter, doubloons: n } => format!(
            "{target} pays {shooter} {} for the hit{}.",
            doubloons(*n),
            if *n < SHOT_PRICE { " (all they could)" } else { "" }
        ),
        Event::Shares { shares, fallen, from_reserve, booty } => {
            let takes: Vec<String> = shares
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(i, &n)| format!("{} takes {}", Seat(i as u8), doubloons(n)))
                .collect();
            format!(
                "{} dropped or {} shot, so each pirate still standing takes one doubloon per fallen pirate from the \
                 Booty: {}{}; {} left in the Booty.",
                if *fallen == 1 { "1 pirate".to_string() } else { format!("{fallen} pirates") },
                if *fallen == 1 { "was" } else { "were" },
                takes.join(", "),
                match from_reserve {
                    0 => String::new(),
                    n => format!(" (the Booty ran short, so the Reserve adds {})", doubloons(*n)),
                },
                doubloons(*booty)
            )
        }
        Event::NoShares { fallen: 0 } => "Nobody dropped or was shot: no Booty shares this round.".to_string(),
        Event::NoShares { .. } => "Nobody stood brave and unhit: no Booty shares this round.".to_string(),
        Event::KnockedOut { seats } => format!(
            "{} dropped or {} shot: out of the shoot-off.",
            names(seats.iter()),
            if seats.len() == 1 { "was" } else { "were" }
        ),
        Event::AllFell => "Everyone in the shoot-off dropped or was shot: nobody is out, they go again.".to_string(),
        Event::Won { winners, coins, ending } => {
            let counts: Vec<String> =
                coins.iter().enumerate().map(|(i, &n)| format!("{} {}", Seat(i as u8), n)).collect();
            format!(
                "{} Doubloons: {}. {}.",
                match ending {
                    Ending::BootyEmpty => "The Booty is empty: the game is over.",
                    Ending::RoundLimit => "The round limit is reached: the game is over.",
                    Ending::ShootOffWon => "The shoot-off leaves one pirate standing.",
                    Ending::ShootOffLimit => "The shoot-off rounds are over: the pirates still standing share the win.",
                },
                counts.join(", "),
                winners_line(*winners)
            )
        }
    }
}

/// What `? NAME` explains in Loot Pirates: the table's things and the words of its choices.
fn glossary() -> Vec<crate::glossary::Entry> {
    use crate::glossary::Entry;
    vec![
        Entry::new(
            "Booty",
            "The Booty: the doubloons in the middle. Each round, every pirate who neither dropped nor was hit takes \
             one doubloon from it for each pirate who dropped or was hit. The game ends when it is empty; most \
             doubloons wins.",
        ),
        Entry::new(
            "Reserve",
            "The Reserve: doubloons set aside (15). They are used only when the Booty cannot pay a round's shares in \
             full, which makes that round the last; what is left stays out of play.",
        ),
        Entry::new(
            "Captain",
            "The Captain: the pirate who opens the negotiation each round, and is paid first if the Reserve runs \
             short. It stays Captain all game.",
        ),
        Entry::new(
            "Red die",
            "Your red die attacks: if you shoot, it is compared with your target's black die, less 1 for each other \
             pirate shooting that target. Higher red hits; a tie goes to the defender. Each hit costs the target 2 \
             doubloons.",
        )
        .or("attack")
        .or("red"),
        Entry::new(
            "Black die",
            "Your black die defends: a shooter's red die must beat it (less 1 for each extra shooter aiming at you) \
             to hit you.",
        )
        .or("defence")
        .or("black"),
        Entry::new(
            "Aim",
            "Aim: all at once, every pirate aims at another. Aims are hidden until everyone has aimed, then public: \
             the board shows who aims at whom.",
        ),
        Entry::new(
            "Drop",
            "Drop: turn yellow and duck. Shots at you do not happen, but you take no share of the Booty this round, \
             and each pirate who stayed in takes a doubloon for you.",
        ),
        Entry::new(
            "Raise",
            "Raise your gun: hold fire. You shoot nobody, can still be hit, and share the Booty if you are not hit.",
        ),
        Entry::new(
            "Shoot",
            "Shoot: fire at the pirate you aimed at. A shot at a pirate who dropped does not happen; otherwise your \
             red die against their black die decides a hit.",
        ),
        Entry::new(
            "Negotiate",
            "Negotiation: from the Captain, in turn, each pirate may pay doubloons to another (at most 2 at once), \
             show its dice to one pirate, or pass; each has a few offers a round.",
        )
        .or("offer")
        .or("deal")
        .or("pay")
        .or("show"),
        Entry::new(
            "Shoot-off",
            "The shoot-off (an option, off by default): pirates tied for the most doubloons at the end roll, aim and \
             fire again, with no dealing and no doubloons; whoever is hit or drops is out. When one is left standing \
             it wins; after the rounds the table chose, the survivors share the win.",
        )
        .or("survivors")
        .or("tie"),
    ]
}

impl Narrate for LootPirates {
    /// The view's fields for the browser's generic drawing.
    fn presentation(&self) -> serde_json::Value {
        serde_json::json!({
            "booty": "coins", "reserve": "coins", "coins": "coins", "my_dice": "named_faces",
            "shown_to_me.dice": "named_faces", "offers_left": "by_seat", "aims": "by_seat",
            "contestants": "seats", "to_roll": "seats", "aimed": "seats", "waiting": "seats", "fired": "seats",
            "winners": "seats",
        })
    }

    fn tell(&self, event: &Event) -> String {
        tell_event(event)
    }

    fn look_up(&self, name: &str) -> Option<String> {
        crate::glossary::find(&glossary(), name)
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

    /// "shoot at P3": whom the shot goes at, from the aim the seat chose (a trial's "shoot" named nobody).
    fn label_in_view(&self, view: &View, action: &Action) -> String {
        match (action, view.my_aim) {
            (Action::Fire { choice: Fire::Shoot }, Some(target)) => format!("shoot at {target}"),
            _ => self.label(action),
        }
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

    /// `show P4` (or `show to P4`, `show dice to P4`): the short form the typing hint offers for showing your dice.
    fn read_action(&self, text: &str) -> Option<Action> {
        let text = text.trim().to_lowercase();
        let rest = text.strip_prefix("show ")?;
        let seat = rest.trim_start_matches("your ").trim_start_matches("dice ").trim_start_matches("to ");
        let number: u8 = seat.strip_prefix('p')?.parse().ok()?;
        (1..=self.options.players).contains(&number).then(|| Action::Show { to: Seat(number - 1) })
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
                // Not after the end (a trial read it under the result).
                if view.aims.is_none() && view.phase != Phase::Over {
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
}
