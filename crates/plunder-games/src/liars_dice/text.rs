//! Liar's dice in words.

use std::fmt::Write;

use plunder_core::{winners_line, Narrate, Seat};

use super::action::Action;
use super::event::{Event, OpenerWhy};
use super::state::Phase;
use super::view::View;
use super::LiarsDice;
use crate::bidding::{read_bid, standing_bid_odds, Call, Sight, Wild};

/// `n` dice, singular for one.
fn dice(n: impl Into<u32>) -> String {
    match n.into() {
        1 => "1 die".to_string(),
        n => format!("{n} dice"),
    }
}

fn faces(faces: &[u8]) -> String {
    faces.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

impl LiarsDice {
    /// The table's wild face in a sentence: which face, and whether it may be bid on.
    fn wild_words(&self) -> String {
        let o = &self.options;
        match o.wild {
            Wild::None => "No face is wild.".to_string(),
            w => format!(
                "{}s are wild: they count as every face bid on{}.",
                if w == Wild::Ones { 1 } else { o.faces },
                if o.wild_biddable { "" } else { ", and nobody may bid on them" }
            ),
        }
    }

    /// What `? NAME` explains: the table's own rules for each term (its raise order, its wild face, its calls).
    fn glossary(&self) -> Vec<crate::glossary::Entry> {
        use crate::bidding::RaiseRule;
        use crate::glossary::Entry;
        let o = &self.options;
        let raise = match o.raise {
            RaiseRule::QuantityMajor => "more dice of any face, or as many dice of a higher face (3x5 after 3x4)",
            RaiseRule::FaceMajor => "a higher face with any number of dice, or more dice of the same face",
        };
        let wild = format!("Wild dice: {}", self.wild_words());
        let exact = if o.exact {
            "Exact (calza): instead of raising, say the last bid is exactly right. Every cup is shown; if exactly as \
             many dice count as bid, you win the call (and, to the last die, a die back); otherwise you lose it."
        } else {
            "Exact (calza): a call that the last bid is exactly right. Not allowed at this table (the `exact` option)."
        };
        let length = match o.length {
            super::options::Length::OneRound => "This game is one round: the loser of the first call loses the game.",
            super::options::Length::ToLastDie => {
                "To the last die: the loser of each call loses a die and opens the next round; a player with no dice \
                 is out, and the last player with dice wins."
            }
        };
        vec![
            Entry::new(
                "Bid",
                format!(
                    "A bid claims that at least so many dice on the whole table, every cup counted, show a face: 3x5 \
                     is \"at least three 5s\". Each bid must raise the last: {raise}."
                ),
            )
            .or("raise"),
            Entry::new(
                "Liar",
                "Liar (dudo): instead of raising, say the last bid is false. Every cup is shown; if fewer dice count \
                 than bid, the bidder loses the call, otherwise you do.",
            )
            .or("dudo")
            .or("call"),
            Entry::new("Exact", exact).or("calza"),
            Entry::new("Wild", wild).or("ones"),
            Entry::new("Cup", "Your cup hides your dice: you see only your own until a call shows every cup.")
                .or("dice"),
            Entry::new("Round", length).or("last die"),
        ]
    }
}

impl Narrate for LiarsDice {
    /// The view's fields for the browser's generic drawing.
    fn presentation(&self) -> serde_json::Value {
        serde_json::json!({
            "dice_counts": "cups", "my_dice": "faces", "last_showdown.dice": "faces",
            "rolling": "seats", "winners": "seats",
        })
    }

    /// As people sit down to it: four players, five dice each, until one player has dice left.
    fn table_for_people(&self) -> Option<(usize, serde_json::Value)> {
        Some((4, serde_json::json!({"dice": 5, "length": "to_last_die"})))
    }

    fn tell(&self, event: &Event) -> String {
        match event {
            Event::RoundBegins { round, opener, why } => format!(
                "Round {round} begins: {opener} bids first, {}.",
                match why {
                    OpenerWhy::LostTheCall => "having lost the last call",
                    OpenerWhy::WonTheExactCall => "having won the last call with an exact call",
                    OpenerWhy::NextAfterTheOut => "the next player with dice after the one who went out",
                }
            ),
            Event::Rolled { seat, dice: n, faces: Some(shown) } => {
                format!("{seat} rolls {}: {}.", dice(*n), faces(shown))
            }
            Event::Rolled { seat, dice: n, faces: None } => format!("{seat} rolls {} under the cup.", dice(*n)),
            Event::Bid { seat, bid } => format!("{seat} bids {bid}."),
            Event::Showdown { caller, call, bidder, bid, cups, counted, caller_right } => {
                let shown: Vec<String> = cups
                    .iter()
                    .enumerate()
                    .filter(|(_, cup)| !cup.is_empty())
                    .map(|(i, cup)| format!("{} {}", Seat(i as u8), faces(cup)))
                    .collect();
                // The wild face counts too: say so, or the count reads as wrong (a trial counted only the 4s).
                let wild = (self.options.bid_rules().wild_face())
                    .filter(|&w| w != bid.face)
                    .map_or(String::new(), |w| format!(" (wild {w}s count as {}s)", bid.face));
                format!(
                    "{caller} calls {} on {bidder}'s bid of {bid}. The cups: {}. {} {} for {}{wild}: the caller is {}.",
                    match call {
                        Call::Liar => "liar",
                        Call::Exact => "exact",
                    },
                    shown.join("; "),
                    dice(*counted),
                    if *counted == 1 { "counts" } else { "count" },
                    bid.face,
                    if *caller_right { "right" } else { "wrong" },
                )
            }
            Event::LostDie { seat, left: 0 } => format!("{seat} loses the call and its last die, and is out."),
            Event::LostDie { seat, left } => format!("{seat} loses the call and a die: {} left.", dice(*left)),
            Event::GainedDie { seat, dice: n } => {
                format!("{seat} wins a die back for the right exact call: {} now.", dice(*n))
            }
            Event::Won { winners, round_limit, lost_call } => format!(
                "{}{}",
                winners_line(*winners),
                match (round_limit, lost_call) {
                    (true, _) => " (the round limit is reached: the most dice win).".to_string(),
                    (false, Some(loser)) if winners.len() > 1 =>
                        format!(" ({loser} lost the call: everyone else wins)."),
                    _ => ".".to_string(),
                }
            ),
        }
    }

    fn rules_summary(&self) -> String {
        let o = &self.options;
        let wild = self.wild_words();
        format!(
            "Liar's dice. Every player rolls dice hidden in a cup. In turn, each player raises the bid, \"at least Q \
             dice on the whole table show face F\", or calls the last bid a lie{}. A raise names more dice, or as \
             many dice of a higher face. A call shows every cup: a liar call wins if fewer dice count than bid{}. \
             {wild} {}",
            if o.exact { " or exactly right" } else { "" },
            if o.exact { "; an exact call wins if exactly as many count" } else { "" },
            match o.length {
                super::options::Length::OneRound => "One call ends the game: the loser of the call loses.",
                super::options::Length::ToLastDie => {
                    "The loser of a call loses a die; the last player with dice wins."
                }
            }
        )
    }

    fn option_meanings(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            ("players", "2 to 6"),
            ("dice", "dice per player (1-10): a number, or one per seat [5, 3]"),
            ("faces", "faces per die, 2-12"),
            ("wild", "none, ones or highest"),
            ("wild_biddable", "whether bids may name the wild face itself (else it only counts toward other faces)"),
            ("raise", "quantity_major (more dice, or as many of a higher face) or face_major"),
            ("exact", "allow the exact call"),
            ("length", "one_round, or to_last_die: losers lose a die, the last with dice wins"),
            ("max_rounds", "a to-the-last-die game ends here (most dice wins)"),
        ]
    }

    fn explain(&self, view: &View, action: &Action) -> String {
        let last = view.bids.last().map(|b| b.bid);
        match (action, last) {
            (&Action::Bid { quantity, face }, _) => {
                let wild = self.bid_rules().wild_face().filter(|&w| w != face);
                format!(
                    "claim that at least {quantity} {} on the whole table {} {face}{}",
                    if quantity == 1 { "die" } else { "dice" },
                    if quantity == 1 { "shows" } else { "show" },
                    wild.map_or(String::new(), |w| format!(" (wild {w}s count too)"))
                )
            }
            (Action::Liar, Some(bid)) => {
                format!("say fewer than {} dice show {}: every cup is shown", bid.quantity, bid.face)
            }
            (Action::Exact, Some(bid)) => {
                format!("say exactly {} dice show {}: every cup is shown", bid.quantity, bid.face)
            }
            _ => String::new(),
        }
    }

    fn always_shown(&self, _view: &View, action: &Action) -> bool {
        matches!(action, Action::Liar | Action::Exact)
    }

    fn words_read_view(&self) -> bool {
        false
    }

    fn read_action(&self, text: &str) -> Option<Action> {
        match text.trim().to_lowercase().as_str() {
            "liar" | "call liar" | "dudo" => Some(Action::Liar),
            "exact" | "call exact" | "calza" => Some(Action::Exact),
            _ => read_bid(text).map(Action::bid),
        }
    }

    fn look_up(&self, name: &str) -> Option<String> {
        crate::glossary::find(&self.glossary(), name)
    }

    fn typing_hint(&self) -> String {
        format!(
            "Type the number of your choice, a bid as 3x5, 3 5 or three 5s, or liar{}",
            if self.options.exact { " or exact" } else { "" }
        )
    }

    fn hint_notes(&self, view: &View) -> Vec<String> {
        let (Some(last), Some(me)) = (view.bids.last(), view.seat) else { return Vec::new() };
        if view.phase != Phase::Bid {
            return Vec::new();
        }
        let unseen = view.dice_counts.iter().sum::<u8>() as u32 - view.dice_counts[me.index()] as u32;
        let sight = Sight { my_dice: &view.my_dice, seen: &[], unseen };
        standing_bid_odds(self.bid_rules(), sight, last.bid, self.options.exact)
    }

    fn describe(&self, view: &View) -> String {
        let mut out = String::new();
        let phase = match view.phase {
            Phase::Roll => "the cups are rolled",
            Phase::Bid => "bidding",
            Phase::Over => "the game is over",
        };
        let _ = writeln!(out, "Round {}: {phase}", view.round);
        for (i, count) in view.dice_counts.iter().enumerate() {
            let seat = Seat(i as u8);
            let me = if view.seat == Some(seat) { "*" } else { " " };
            let turn = if view.turn == Some(seat) { "  <- to bid" } else { "" };
            let _ = writeln!(out, "  {seat}{me} {}{turn}", dice(*count));
        }
        if !view.my_dice.is_empty() {
            let faces: Vec<String> = view.my_dice.iter().map(|d| d.to_string()).collect();
            let _ = writeln!(out, "Your dice: {}", faces.join(" "));
        }
        // Beside the dice, as the browser's board says it: which of them count as every face.
        if view.wild.is_some() {
            let _ = writeln!(out, "{}", self.wild_words());
        }
        if let Some(last) = view.bids.last() {
            let _ = writeln!(out, "Last bid: {} by {}", last.bid, last.seat);
        }
        if view.phase == Phase::Over {
            let _ = writeln!(out, "{}", winners_line(view.winners));
        }
        out
    }
}
