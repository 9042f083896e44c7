//! Scallywager in words.

use std::fmt::Write;

use plunder_core::{winners_line, Narrate, Seat};

use super::action::Action;
use super::cards::Deck;
use super::state::{CallKind, Phase};
use super::view::View;
use super::Scallywager;
use crate::bidding::BidMade;

impl Scallywager {
    fn name(&self, deck: Deck, card: u8) -> String {
        self.card(deck, card).map_or_else(|| format!("#{card}"), |c| c.name.clone())
    }
}

impl Narrate for Scallywager {
    fn label(&self, action: &Action) -> String {
        match *action {
            Action::Use { deck, card, target, die, take } => {
                let mut label = format!("play {}", self.name(deck, card));
                if let Some(t) = target {
                    label += &format!(" on {t}");
                }
                if let Some(d) = die {
                    label += &format!(" (reroll your die {})", d + 1);
                }
                if let Some(k) = take {
                    label += &format!(", taking their {}", self.name(Deck::Treasure, k));
                }
                label
            }
            other => other.to_string(),
        }
    }

    fn describe(&self, view: &View) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Turn {} - {:?} - Treasure Token: {} - bidding goes {}",
            view.turn,
            view.phase,
            view.token,
            if view.clockwise { "clockwise" } else { "counter-clockwise" }
        );
        for (i, crew) in view.crew.iter().enumerate() {
            let seat = Seat(i as u8);
            let mut line = format!("  {seat}{} {crew} crew", if view.seat == Some(seat) { "*" } else { " " });
            let cards: Vec<String> = view.treasure[i]
                .iter()
                .map(|h| {
                    format!(
                        "{}{}",
                        self.name(Deck::Treasure, h.card),
                        if h.count > 1 { format!(" ×{}", h.count) } else { String::new() }
                    )
                })
                .collect();
            if !cards.is_empty() {
                let _ = write!(line, "  Treasure: {}", cards.join(", "));
            }
            if view.concealed[i] > 0 {
                let _ = write!(line, "  {} concealed Adventure", view.concealed[i]);
            }
            if view.bidder == Some(seat) || view.priority == Some(seat) {
                line.push_str("  <- to act");
            }
            let _ = writeln!(out, "{line}");
        }
        if !view.my_dice.is_empty() {
            let dice: Vec<String> = view.my_dice.iter().map(|d| d.map_or("?".to_string(), |f| f.to_string())).collect();
            let _ = writeln!(out, "Your crew: {}", dice.join(" "));
        }
        for k in &view.known {
            let _ = writeln!(out, "You know: {} has a {}", k.seat, k.face);
        }
        for held in &view.my_adventure {
            let card = self.card(Deck::Adventure, held.card);
            let _ = writeln!(
                out,
                "Your Adventure card: {} ({}){}",
                card.map_or("?", |c| c.name.as_str()),
                card.map_or("", |c| c.text.as_str()),
                if held.revealed { " - revealed" } else { "" }
            );
        }
        if let Some(BidMade { seat, bid }) = view.bids.last() {
            let _ = writeln!(out, "Last bid: {bid} by {seat}");
        }
        if view.phase == Phase::Over {
            let _ = writeln!(out, "{}", winners_line(view.winners));
        }
        out
    }

    fn news(&self, before: &View, after: &View) -> Vec<String> {
        let mut lines = Vec::new();
        if after.turn == before.turn {
            for BidMade { seat, bid } in after.bids.iter().skip(before.bids.len()) {
                lines.push(format!("{seat} bids {bid}"));
            }
            for r in after.revealed.iter().filter(|r| !before.revealed.contains(r)) {
                lines.push(format!("{} reveals {}", r.seat, self.name(Deck::Adventure, r.card)));
            }
        }
        for (i, (was, now)) in before.treasure.iter().zip(&after.treasure).enumerate() {
            for h in was {
                let left = now.iter().find(|n| n.card == h.card).map_or(0, |n| n.count);
                if left < h.count {
                    lines.push(format!("{} plays or loses {}", Seat(i as u8), self.name(Deck::Treasure, h.card)));
                }
            }
            for h in now {
                let had = was.iter().find(|w| w.card == h.card).map_or(0, |w| w.count);
                if h.count > had {
                    lines.push(format!("{} gains {}", Seat(i as u8), self.name(Deck::Treasure, h.card)));
                }
            }
        }
        if after.last_showdown != before.last_showdown {
            if let Some(s) = &after.last_showdown {
                let d = &s.showdown;
                lines.push(format!(
                    "{} calls {} on {}'s {}. {} count.",
                    d.caller,
                    match d.call {
                        CallKind::Scallywagger => "Scallywagger",
                        CallKind::Parlay => "for a Parlay",
                    },
                    d.bidder,
                    d.bid,
                    d.counted
                ));
                for (i, dice) in s.dice.iter().enumerate() {
                    if !dice.is_empty() {
                        let faces: Vec<String> = dice.iter().map(|f| f.to_string()).collect();
                        lines.push(format!("  {}: {}", Seat(i as u8), faces.join(" ")));
                    }
                }
                for (i, &lost) in d.lost.iter().enumerate().take(after.players as usize) {
                    if lost > 0 {
                        lines.push(format!("{} loses {lost} crew", Seat(i as u8)));
                    }
                }
                if let Some(w) = d.draws {
                    lines.push(format!("{w} draws a card"));
                }
            }
        }
        if after.turn != before.turn && after.phase != Phase::Over {
            lines.push(format!("-- Turn {}: {} holds the Treasure Token --", after.turn, after.token));
        }
        if before.phase != Phase::Over && after.phase == Phase::Over {
            lines.push(winners_line(after.winners));
        }
        lines
    }
}
