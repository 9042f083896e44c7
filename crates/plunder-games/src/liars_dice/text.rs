//! Liar's dice in words.

use std::fmt::Write;

use plunder_core::{winners_line, Narrate, Seat};

use super::state::Phase;
use super::view::{Revealed, View};
use super::LiarsDice;
use crate::bidding::Call;

fn showdown_lines(r: &Revealed) -> Vec<String> {
    let s = &r.showdown;
    let mut lines = vec![format!(
        "{} calls {} on {}'s bid of {}. The cups:",
        s.caller,
        match s.call {
            Call::Liar => "liar",
            Call::Exact => "exact",
        },
        s.bidder,
        s.bid
    )];
    for (i, dice) in r.dice.iter().enumerate() {
        if !dice.is_empty() {
            let faces: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
            lines.push(format!("  {}: {}", Seat(i as u8), faces.join(" ")));
        }
    }
    lines.push(format!(
        "{} dice count for {}. The caller is {}.{}{}",
        s.counted,
        s.bid.face,
        if s.caller_right { "right" } else { "wrong" },
        s.loser.map_or(String::new(), |l| format!(" {l} loses.")),
        s.gainer.map_or(String::new(), |g| format!(" {g} wins.")),
    ));
    lines
}

impl Narrate for LiarsDice {
    fn describe(&self, view: &View) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "Round {} - {:?}", view.round, view.phase);
        for (i, count) in view.dice_counts.iter().enumerate() {
            let seat = Seat(i as u8);
            let me = if view.seat == Some(seat) { "*" } else { " " };
            let turn = if view.turn == Some(seat) { "  <- to bid" } else { "" };
            let _ = writeln!(out, "  {seat}{me} {count} dice{turn}");
        }
        if !view.my_dice.is_empty() {
            let faces: Vec<String> = view.my_dice.iter().map(|d| d.to_string()).collect();
            let _ = writeln!(out, "Your dice: {}", faces.join(" "));
        }
        if let Some(last) = view.bids.last() {
            let _ = writeln!(out, "Last bid: {} by {}", last.bid, last.seat);
        }
        if view.phase == Phase::Over {
            let _ = writeln!(out, "{}", winners_line(view.winners));
        }
        out
    }

    fn news(&self, before: &View, after: &View) -> Vec<String> {
        let mut lines = Vec::new();
        if after.round == before.round && after.bids.len() > before.bids.len() {
            for made in &after.bids[before.bids.len()..] {
                lines.push(format!("{} bids {}", made.seat, made.bid));
            }
        }
        if after.last_showdown != before.last_showdown {
            if let Some(r) = &after.last_showdown {
                lines.extend(showdown_lines(r));
            }
        }
        if before.phase != Phase::Over && after.phase == Phase::Over {
            lines.push(winners_line(after.winners));
        }
        lines
    }
}
