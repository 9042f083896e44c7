//! Scallywager in words.

use std::fmt::Write;

use plunder_core::{winners_line, Narrate, Seat};

use super::action::{Action, Chance};
use super::cards::{Deck, Effect};
use super::event::{Effected, Event, LossCause, RollWhy};
use super::state::{CallKind, Phase};
use super::view::View;
use super::Scallywager;
use crate::bidding::{read_bid, standing_bid_odds, BidMade, Sight};

/// "1 die", "2 dice".
fn dice(n: impl Into<u32>) -> String {
    match n.into() {
        1 => "1 die".to_string(),
        n => format!("{n} dice"),
    }
}

/// "1 crewmate", "2 crewmates".
fn crewmates(n: u8) -> String {
    format!("{n} crewmate{}", if n == 1 { "" } else { "s" })
}

fn faces_words(faces: &[u8]) -> String {
    faces.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

/// "P1", "P1 and P3", "P1, P2 and P3".
fn names(seats: impl Iterator<Item = Seat>) -> String {
    let names: Vec<String> = seats.map(|s| s.to_string()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

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

    /// The name of the first card of `deck` with effect `effect` (the cards that change a loss of crew).
    fn name_of_effect(&self, deck: Deck, effect: Effect) -> String {
        self.kinds_with(deck, move |e| e == effect)
            .next()
            .map_or_else(|| "a card".to_string(), |k| self.name(deck, k as u8))
    }

    fn effect_words(&self, seat: Seat, target: Option<Seat>, effect: &Effected) -> String {
        let target = target.unwrap_or(seat);
        match effect {
            Effected::Peeked { dice: 0, .. } => format!("{target} has no dice to look at"),
            Effected::Peeked { dice: n, faces: Some(faces) } => {
                format!("looks at {target}'s first {}: {}", dice(*n), faces_words(faces))
            }
            Effected::Peeked { dice: n, faces: None } => format!("looks at {n} of {target}'s dice"),
            Effected::Rerolls { face: Some(face) } => format!("rerolls their {face}"),
            Effected::Rerolls { face: None } => "rerolls one of their dice".to_string(),
            Effected::GainedCrewmate { crew } => {
                format!("a new crewmate comes aboard {seat}'s ship ({} now)", crewmates(*crew))
            }
            Effected::Revealed { face } => format!("{target} shows a die to everyone: {face}"),
            Effected::Turned { clockwise: true } => "the bidding now goes clockwise".to_string(),
            Effected::Turned { clockwise: false } => "the bidding now goes counter-clockwise".to_string(),
            Effected::Took { card } => format!("takes {target}'s {}", self.name(Deck::Treasure, *card)),
            Effected::PowderKeg { kegs } => format!(
                "every loss of crew this turn is {} greater",
                if *kegs == 1 { "one".to_string() } else { kegs.to_string() }
            ),
            Effected::Boarded { gained: true } => format!("{target} loses a crewmate and {seat} gains one"),
            Effected::Boarded { gained: false } => {
                format!("{target} loses a crewmate; {seat}'s ship is full, so {seat} gains none")
            }
            Effected::ForcesCall => {
                format!("the captain after {seat}'s next bid must call Scallywagger or Parlay")
            }
            Effected::Mutiny { dice: n } => format!("{target} must reroll all {}", dice(*n)),
            Effected::Kraken => "every captain rerolls their first die".to_string(),
            Effected::GhostShip => format!("{seat} loses no crew this turn"),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn loss_words(
        &self,
        seat: Seat,
        cause: LossCause,
        owed: u8,
        kegs: u8,
        boarder: bool,
        shield: Option<u8>,
        ghost: bool,
        lost: u8,
        left: u8,
    ) -> String {
        let why = match cause {
            LossCause::Call => "for the call".to_string(),
            LossCause::Boarded { by } => {
                format!("to {by}'s {}", self.name_of_effect(Deck::Adventure, Effect::Board))
            }
        };
        if ghost {
            return format!(
                "{seat} would lose {} {why}, but the {} saves all their crew.",
                crewmates(owed),
                self.name_of_effect(Deck::Adventure, Effect::GhostShip)
            );
        }
        let mut changes = Vec::new();
        if kegs > 0 {
            changes.push(format!("{} more for the {}", kegs, self.name_of_effect(Deck::Adventure, Effect::PowderKeg)));
        }
        if boarder {
            changes.push(format!(
                "1 more for boarding with a {} this turn",
                self.name_of_effect(Deck::Adventure, Effect::Board)
            ));
        }
        if let Some(card) = shield {
            changes.push(format!("the {} saves one and is discarded", self.name(Deck::Treasure, card)));
        }
        format!(
            "{seat} loses {} {why}{}{}.",
            if lost == 0 { "no crewmate".to_string() } else { crewmates(lost) },
            if changes.is_empty() { String::new() } else { format!(" ({} owed, {})", owed, changes.join("; ")) },
            if left == 0 { " and is out".to_string() } else { format!(": {} left", crewmates(left)) }
        )
    }

    fn tell_event(&self, event: &Event) -> String {
        match event {
            Event::FirstCaptain { seat } => {
                format!("Chance picks {seat} to go first: {seat} takes the Treasure Token.")
            }
            Event::TurnBegins { turn, token } => format!(
                "Turn {turn} begins: {token} holds the Treasure Token; every captain rolls their crew behind their \
                 screen."
            ),
            Event::RolledCrew { seat, dice: faces } => {
                format!("{seat} rolls {} behind their screen: {}.", dice(faces.len() as u32), faces_words(faces))
            }
            Event::RolledDie { seat, why, face, cup } => {
                let rolled = match why {
                    RollWhy::NewTurn => format!("{seat} rolls a {face}"),
                    RollWhy::Reroll => format!("{seat} rerolls a die: {face}"),
                    RollWhy::NewCrewmate => format!("{seat}'s new crewmate rolls a {face}"),
                };
                match cup {
                    Some(cup) => format!("{rolled}; {seat}'s crew shows {}.", faces_words(cup)),
                    None => format!("{rolled}."),
                }
            }
            Event::RolledHidden { seat, why: RollWhy::NewTurn, dice: n } => {
                format!("{seat} rolls {} behind their screen.", dice(*n))
            }
            Event::RolledHidden { seat, why: RollWhy::Reroll, .. } => {
                format!("{seat} rerolls a die behind their screen.")
            }
            Event::RolledHidden { seat, why: RollWhy::NewCrewmate, .. } => {
                format!("{seat} rolls their new crewmate's die behind their screen.")
            }
            Event::TreasureWindow { may_use } => format!(
                "Before the bidding, {} may use Treasure cards, from the Treasure Token's holder on.",
                names(may_use.iter())
            ),
            Event::CardUsed { seat, deck, card, target, effect } => format!(
                "{seat} {} {}{}: {}.",
                match deck {
                    Deck::Treasure => "uses",
                    Deck::Adventure => "reveals",
                },
                self.name(*deck, *card),
                target.map_or(String::new(), |t| format!(" on {t}")),
                self.effect_words(*seat, *target, effect)
            ),
            Event::Passed { seat, answering: false } => format!("{seat} uses no Treasure card now."),
            Event::Passed { seat, answering: true } => format!("{seat} does not answer the call."),
            Event::BiddingBegins { opener } => format!("The bidding begins: {opener} bids first."),
            Event::Spied { seat, card, target, face: Some(face) } => {
                format!("{seat}'s {} shows them {target}'s first die: {face}.", self.name(Deck::Treasure, *card))
            }
            Event::Spied { seat, card, target, face: None } => {
                format!("{seat}'s {} shows them one of {target}'s dice.", self.name(Deck::Treasure, *card))
            }
            Event::Bid { seat, bid, forces: None } => format!("{seat} bids {bid}."),
            Event::Bid { seat, bid, forces: Some(next) } => format!(
                "{seat} bids {bid}; by the {} {next} must call Scallywagger or Parlay.",
                self.name_of_effect(Deck::Adventure, Effect::ForceCall)
            ),
            Event::Called { caller, call, bidder, bid, answering } => format!(
                "{caller} {} on {bidder}'s bid of {bid}{}",
                match call {
                    CallKind::Scallywagger => "calls out the Scallywagger (the bid is false)",
                    CallKind::Parlay => "calls for a Parlay (the bid is exact)",
                },
                if answering.is_empty() {
                    ".".to_string()
                } else {
                    format!("; {} may answer with Adventure cards before the dice are shown.", names(answering.iter()))
                }
            ),
            Event::Showdown { caller, call, bidder, bid, cups, counted, caller_right } => {
                let shown: Vec<String> = cups
                    .iter()
                    .enumerate()
                    .filter(|(_, cup)| !cup.is_empty())
                    .map(|(i, cup)| format!("{} {}", Seat(i as u8), faces_words(cup)))
                    .collect();
                format!(
                    "The dice are shown: {}. {} {} {}{}, against {bidder}'s bid of {bid}: {}, so {caller} {}.",
                    shown.join("; "),
                    dice(*counted),
                    if *counted == 1 { "shows" } else { "show" },
                    bid.face,
                    if self.options.ones_wild { " (ones wild)" } else { "" },
                    match (call, caller_right) {
                        (CallKind::Scallywagger, true) => "the bid was false",
                        (CallKind::Scallywagger, false) => "the bid stands",
                        (CallKind::Parlay, true) => "the bid was exact",
                        (CallKind::Parlay, false) => "the bid was not exact",
                    },
                    if *caller_right { "wins the call" } else { "loses the call" }
                )
            }
            Event::LostCrew { seat, cause, owed, kegs, boarder, shield, ghost, lost, left } => {
                self.loss_words(*seat, *cause, *owed, *kegs, *boarder, *shield, *ghost, *lost, *left)
            }
            Event::WinsDraw { seat } => format!("{seat} wins a card and chooses a deck to draw from."),
            Event::NoDraw { winner, winner_out: true } => format!("{winner} would draw a card but is out."),
            Event::NoDraw { winner, winner_out: false } => {
                format!("Both decks and their discards are empty: {winner} draws nothing.")
            }
            Event::Reshuffled { seat, deck } => {
                format!("{seat} chooses the empty {deck} deck: its discards are shuffled back in.")
            }
            Event::Drew { seat, deck: Deck::Treasure, card: Some(card) } => {
                format!("{seat} draws {} from the Treasure deck and lays it face up.", self.name(Deck::Treasure, *card))
            }
            Event::Drew { seat, deck: Deck::Adventure, card: Some(card) } => format!(
                "{seat} draws {} from the Adventure deck, hidden: it may be revealed from the next turn.",
                self.name(Deck::Adventure, *card)
            ),
            Event::Drew { seat, deck, card: None } => format!("{seat} draws a card from the {deck} deck, hidden."),
            Event::Discarded { seat, cards } => {
                let names: Vec<String> = cards.iter().map(|&k| self.name(Deck::Adventure, k)).collect();
                format!("End of turn: {seat} discards {} unrevealed, face up.", names.join(", "))
            }
            Event::Won { winners, .. } if winners.is_empty() => "Nobody has crew left: nobody wins.".to_string(),
            Event::Won { winners, turn_limit: true } => {
                format!("The turn limit is reached: the most crew wins. {}.", winners_line(*winners))
            }
            Event::Won { winners, turn_limit: false } => {
                format!("Only one captain has crew left. {}.", winners_line(*winners))
            }
        }
    }

    /// The call a Scallywagger or a Parlay would make on the last bid.
    fn bid_claim(quantity: u8, face: u8) -> String {
        format!(
            "at least {quantity} {} on the whole table {} {face}",
            if quantity == 1 { "die" } else { "dice" },
            if quantity == 1 { "shows" } else { "show" }
        )
    }
}

impl Narrate for Scallywager {
    /// The view's fields for the browser's generic drawing.
    fn presentation(&self) -> serde_json::Value {
        serde_json::json!({
            "crew": "cups", "my_dice": "faces", "last_showdown.dice": "faces", "treasure": "by_seat",
            "concealed": "by_seat", "powder_kegs": "count", "answering": "seats", "passed": "seats",
            "boarders": "seats", "ghosts": "seats", "winners": "seats",
        })
    }

    /// The captain's own chance in the Treasure window, a call it made or whose bid it judges, or a card by it or
    /// on it (`view::concerns`).
    fn concerns(&self, public: &View, seat: Seat) -> bool {
        super::view::concerns(self, public, seat)
    }

    /// The rulebook counts turns, not rounds: the browser's status bar says "turn 3" as the table does.
    fn client_words(&self) -> serde_json::Value {
        serde_json::json!({ "round": "turn" })
    }

    fn stops_matter(&self) -> bool {
        true
    }

    fn tell(&self, event: &Event) -> String {
        self.tell_event(event)
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
            // What the two decks are for, on the choice (a trial met the two words alone).
            Action::Draw { deck: Deck::Treasure } => {
                "draw from the Treasure deck (kept face up: used before a turn's bidding)".to_string()
            }
            Action::Draw { deck: Deck::Adventure } => {
                "draw from the Adventure deck (kept hidden: revealed on a later bidding turn)".to_string()
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
                "say exactly {} {} {}: if so every other captain loses a crewmate and you draw, if not you lose two",
                bid.quantity,
                if bid.quantity == 1 { "die shows" } else { "dice show" },
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

    fn always_shown(&self, _view: &View, action: &Action) -> bool {
        matches!(action, Action::Scallywagger | Action::Parlay)
    }

    fn words_read_view(&self) -> bool {
        false
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
            "Turn {} - {} - Treasure Token: {} - bidding goes {}",
            view.turn,
            view.phase.words(),
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
        // One line a captain, the faces sorted ("You know: P2's dice include 1 1 3"; a trial read five lines of
        // "P2 has a ..." after a Stowaway).
        let mut seen: Vec<Seat> = Vec::new();
        for k in &view.known {
            if seen.contains(&k.seat) {
                continue;
            }
            seen.push(k.seat);
            let mut faces: Vec<u8> = view.known.iter().filter(|o| o.seat == k.seat).map(|o| o.face).collect();
            faces.sort_unstable();
            let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
            let what = if faces.len() == 1 { "a die showing" } else { "dice showing" };
            let _ = writeln!(out, "You know: {} has {what} {}", k.seat, faces.join(" "));
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
}
