//! Scallywager in words.

use std::fmt::Write;

use plunder_core::{winners_line, Narrate, Seat};

use super::action::{Action, Chance};
use super::cards::Deck;
use super::state::{CallKind, CardUse, Phase};
use super::view::View;
use super::Scallywager;
use crate::bidding::{read_bid, standing_bid_odds, BidMade, Sight};

impl Scallywager {
    fn name(&self, deck: Deck, card: u8) -> String {
        self.card(deck, card).map_or_else(|| format!("#{card}"), |c| c.name.clone())
    }

    /// A card's name and text: "Spyglass (Treasure, one-time): Before bidding: look at ...".
    fn card_text(&self, deck: Deck, card: u8) -> String {
        match self.card(deck, card) {
            Some(c) => format!(
                "{} ({deck}{}): {}",
                c.name,
                match deck {
                    Deck::Treasure if c.lasting => ", lasting",
                    Deck::Treasure => ", one-time",
                    Deck::Adventure => "",
                },
                c.text
            ),
            None => format!("{deck} card #{card}"),
        }
    }

    /// A card use as the table saw it: who played what, on whom.
    fn use_line(&self, u: &CardUse) -> String {
        let verb = match u.deck {
            Deck::Treasure => "plays",
            Deck::Adventure => "reveals",
        };
        let mut line = format!("{} {verb} {}", u.seat, self.name(u.deck, u.card));
        if let Some(target) = u.target {
            let _ = write!(line, " on {target}");
        }
        if let Some(take) = u.take {
            let _ = write!(line, ", taking their {}", self.name(Deck::Treasure, take));
        }
        let text = self.card(u.deck, u.card).map_or("", |c| c.text.as_str());
        format!("{line} - {text}")
    }

    /// The call a Scallywagger or a Parlay would make on the last bid.
    fn bid_claim(quantity: u8, face: u8) -> String {
        format!(
            "at least {quantity} {} on the whole table {face}",
            if quantity == 1 { "die shows" } else { "dice show" }
        )
    }
}

impl Narrate for Scallywager {
    fn tell(&self, event: &crate::untold::Untold) -> String {
        match *event {}
    }

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

    fn chance_label(&self, chance: &Chance) -> String {
        match *chance {
            Chance::Card { deck, card } => format!("the {deck} deck gives {}", self.name(deck, card)),
            other => other.to_string(),
        }
    }

    fn rules_summary(&self) -> String {
        format!(
            "Scallywager: liar's dice with cards. Each turn every captain rolls their crew (dice) hidden. Captains \
             holding one-time Treasure cards may use them first, from the Treasure Token's holder clockwise. Then \
             the token holder bids \"at least Q dice on the whole table show F\" (never on ones{}), and in turn \
             each captain raises (more dice, or as many of a higher face), calls out the Scallywagger (the last bid \
             is false) or calls for a Parlay (the last bid is exactly right). On your bidding turn you may first \
             reveal Adventure cards drawn on an earlier turn; captains holding such cards may also reveal them in \
             answer to the call, before the dice are shown.\n\
             Scallywagger: if the bid holds the caller loses a crewmate, else the bidder does. Parlay: if exact \
             every other captain loses one, else the caller loses two. The winner of the call draws a Treasure \
             (face up, public) or Adventure (concealed) card. A captain with no crew is out; the last captain with \
             crew wins.",
            if self.options.ones_wild { "; ones are wild" } else { "; ones count for nothing" }
        )
    }

    fn option_meanings(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            ("players", "2 to 5 captains"),
            ("dice", "crew each captain starts with (1-8)"),
            ("ones_wild", "ones count as every face (they are never bid on either way)"),
            ("max_turns", "after this many turns the captain with the most crew wins (ties share)"),
            ("treasure_deck", "a designer's Treasure deck in the data-file format; null: the built-in one"),
            ("adventure_deck", "a designer's Adventure deck in the data-file format; null: the built-in one"),
        ]
    }

    fn designed_content(&self) -> String {
        let mut out = String::new();
        for deck in [Deck::Treasure, Deck::Adventure] {
            let file = self.deck(deck);
            let total: u32 = file.cards.iter().map(|c| c.copies as u32).sum();
            let _ = writeln!(out, "{deck} deck ({total} cards):");
            for (kind, card) in file.cards.iter().enumerate() {
                let _ = writeln!(out, "  {} × {}", card.copies, self.card_text(deck, kind as u8));
            }
        }
        out
    }

    fn explain(&self, view: &View, action: &Action) -> String {
        let last = view.bids.last().map(|b| b.bid);
        match (*action, last) {
            (Action::Use { deck, card, .. }, _) => self.card_text(deck, card),
            (Action::Pass, _) if view.phase == Phase::Answer => {
                "reveal no Adventure card in answer (you may still answer if someone else reveals one)".to_string()
            }
            (Action::Pass, _) => "use no Treasure card now".to_string(),
            (Action::Bid { quantity, face }, _) => format!("claim that {}", Self::bid_claim(quantity, face)),
            (Action::Scallywagger, Some(bid)) => format!(
                "say it is false that {}: if so {} loses a crewmate and you draw a card, if not you lose one",
                Self::bid_claim(bid.quantity, bid.face),
                view.bids.last().map_or("the bidder".to_string(), |b| b.seat.to_string())
            ),
            (Action::Parlay, Some(bid)) => format!(
                "say exactly {} {} show {}: if so every other captain loses a crewmate and you draw, if not you lose two",
                bid.quantity,
                if bid.quantity == 1 { "die" } else { "dice" },
                bid.face
            ),
            (Action::Draw { deck }, _) => {
                let i = match deck {
                    Deck::Treasure => 0,
                    Deck::Adventure => 1,
                };
                let discarded: u32 = view.discards[i].iter().map(|&n| n as u32).sum();
                format!(
                    "{} cards left, {discarded} discarded (shuffled back when the deck runs out); {}",
                    view.deck_sizes[i],
                    match deck {
                        Deck::Treasure => "Treasure cards lie face up: everyone sees what you have",
                        Deck::Adventure => "Adventure cards stay concealed until you reveal them next turn",
                    }
                )
            }
            _ => String::new(),
        }
    }

    fn always_shown(&self, action: &Action) -> bool {
        matches!(action, Action::Scallywagger | Action::Parlay)
    }

    fn read_action(&self, text: &str) -> Option<Action> {
        match text.trim().trim_end_matches('!').to_lowercase().as_str() {
            "scallywagger" | "call scallywagger" | "liar" | "call liar" => Some(Action::Scallywagger),
            "parlay" | "call parlay" | "call for a parlay" | "exact" | "call exact" => Some(Action::Parlay),
            _ => read_bid(text).map(|b| Action::Bid { quantity: b.quantity, face: b.face }),
        }
    }

    fn typing_hint(&self) -> String {
        "Type the number of your choice, a bid as 3x5, 3 5 or three 5s, scallywagger (or liar), parlay (or exact), \
         or a card's name"
            .to_string()
    }

    fn hint_notes(&self, view: &View) -> Vec<String> {
        let (Some(last), Some(me)) = (view.bids.last(), view.seat) else { return Vec::new() };
        if view.phase != Phase::Bidding {
            return Vec::new();
        }
        let seen: Vec<u8> = view.known.iter().map(|k| k.face).collect();
        let my_dice: Vec<u8> = view.my_dice.iter().flatten().copied().collect();
        let total: u32 = view.crew.iter().map(|&c| c as u32).sum();
        let unseen = total - view.crew[me.index()] as u32 - seen.len() as u32;
        let sight = Sight { my_dice: &my_dice, seen: &seen, unseen };
        standing_bid_odds(&self.options.bid_rules(), sight, last.bid, true)
    }

    fn look_up(&self, name: &str) -> Option<String> {
        let wanted = name.trim().to_lowercase();
        [Deck::Treasure, Deck::Adventure].into_iter().find_map(|deck| {
            self.deck(deck)
                .cards
                .iter()
                .position(|c| c.name.to_lowercase().starts_with(&wanted) || c.id == wanted)
                .map(|kind| self.card_text(deck, kind as u8))
        })
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
            let mark = if view.seat == Some(seat) { "*" } else { " " };
            let mut line = if *crew == 0 {
                format!("  {seat}{mark} out (no crew)")
            } else {
                format!("  {seat}{mark} {crew} crew")
            };
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
        let discarded = |pile: &[u8]| pile.iter().map(|&n| n as u32).sum::<u32>();
        let _ = writeln!(
            out,
            "Decks: Treasure {} cards ({} discarded), Adventure {} cards ({} discarded)",
            view.deck_sizes[0],
            discarded(&view.discards[0]),
            view.deck_sizes[1],
            discarded(&view.discards[1])
        );
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
        }
        let used = (after.card_uses != before.card_uses).then_some(after.last_use).flatten();
        if let Some(u) = &used {
            lines.push(self.use_line(u));
        }
        for (i, (was, now)) in before.treasure.iter().zip(&after.treasure).enumerate() {
            let seat = Seat(i as u8);
            for h in was {
                let left = now.iter().find(|n| n.card == h.card).map_or(0, |n| n.count);
                let explained = used.is_some_and(|u| {
                    (u.seat == seat && u.deck == Deck::Treasure && u.card == h.card)
                        || (u.target == Some(seat) && u.take == Some(h.card))
                });
                if left < h.count && !explained {
                    lines.push(format!("{seat}'s {} is used up", self.name(Deck::Treasure, h.card)));
                }
            }
            for h in now {
                let had = was.iter().find(|w| w.card == h.card).map_or(0, |w| w.count);
                let stolen = used.is_some_and(|u| u.seat == seat && u.take == Some(h.card));
                if h.count > had && !stolen {
                    lines.push(format!("{seat} gains {}", self.card_text(Deck::Treasure, h.card)));
                }
            }
        }
        if let Some(me) = after.seat {
            let mut before_cards: Vec<u8> = before.my_adventure.iter().map(|h| h.card).collect();
            for held in &after.my_adventure {
                match before_cards.iter().position(|&c| c == held.card) {
                    Some(i) => {
                        before_cards.remove(i);
                    }
                    None => lines.push(format!(
                        "{me} (you) draws {}; usable from your next bidding round",
                        self.card_text(Deck::Adventure, held.card)
                    )),
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
                    let faces: Vec<String> = dice.iter().map(|f| f.to_string()).collect();
                    let faces = if faces.is_empty() { "out".to_string() } else { faces.join(" ") };
                    lines.push(format!("  {}: {faces}", Seat(i as u8)));
                }
                for (i, &lost) in d.lost_by_seat().iter().enumerate() {
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
