//! Words for people, built from views only.

use std::fmt::Write;

use plunder_core::{winners_line, Narrate, Seat, SeatSet};
use serde::Deserialize;

use crate::bidding::{read_bid, standing_bid_odds, Sight};
use crate::glossary::{self, Entry};

use super::action::{face_name, special_die_name};
use super::captains::CAPTAINS_JSON;
use super::content::{DICE_JSON, MAP_JSON};
use super::variants::VARIANTS_JSON;
use super::view::Question;
use super::{Action, Chance, LyingPirates, Phase, View};

/// An entry of a data file as people read it: its id (what the options take), name and text.
#[derive(Deserialize)]
struct Named {
    id: String,
    name: String,
    text: String,
}

#[derive(Deserialize)]
struct NamedFile {
    entries: Vec<Named>,
}

/// The named entries of one of the built-in data files (captains, dice, variants, maps); they are checked by the
/// designed-content tests, so none is ever missing.
fn named(json: &str) -> Vec<Named> {
    serde_json::from_str::<NamedFile>(json).map(|f| f.entries).unwrap_or_default()
}

impl LyingPirates {
    /// Everything `? NAME` can find: cards, tiles, captains, dice, variants and maps.
    fn glossary(&self) -> Vec<Entry> {
        let mut entries = Vec::new();
        for c in &self.content.cards {
            entries.push(Entry::new(c.name.clone(), format!("{} ({:?} card): {}", c.name, c.metal, c.text)).or(&c.id));
        }
        for t in &self.content.tiles {
            entries.push(Entry::new(t.name.clone(), format!("{} (tile): {}", t.name, t.text)).or(&t.id));
        }
        for (kind, json) in
            [("captain", CAPTAINS_JSON), ("die", DICE_JSON), ("variant", VARIANTS_JSON), ("map", MAP_JSON)]
        {
            for e in named(json) {
                entries.push(Entry::new(e.name.clone(), format!("{} ({kind}): {}", e.name, e.text)).or(&e.id));
            }
        }
        entries
    }

    /// A captain's name for people: its seat, or "the Phantom". Every label, log line and description naming a
    /// captain goes through it, so the Phantom is never shown as the seat number it has in the lists.
    pub fn captain_name(&self, captain: Seat) -> String {
        if self.phantom() == Some(captain) {
            "the Phantom".into()
        } else {
            captain.to_string()
        }
    }

    /// Captains by name, or "nobody".
    fn names(&self, captains: impl IntoIterator<Item = Seat>) -> String {
        let names: Vec<String> = captains.into_iter().map(|c| self.captain_name(c)).collect();
        if names.is_empty() {
            "nobody".into()
        } else {
            names.join(", ")
        }
    }

    /// Who won, the Phantom named when it did.
    fn winners(&self, v: &View) -> String {
        match self.phantom().filter(|p| v.winners.contains(p)) {
            Some(_) if v.winners.len() == 1 => "The Phantom claims the Pirate Throne.".into(),
            _ => winners_line(v.winners.iter().copied().filter(|&p| Some(p) != self.phantom()).collect::<SeatSet>()),
        }
    }

    fn tile_name(&self, tile: u8) -> &str {
        self.content.tiles.get(tile as usize).map_or("?", |t| t.name.as_str())
    }
}

impl Narrate for LyingPirates {
    fn tell(&self, event: &crate::untold::Untold) -> String {
        match *event {}
    }

    fn describe(&self, v: &View) -> String {
        let mut lines = vec![format!(
            "Round {} · {:?} · token {} ({})",
            v.round,
            v.phase,
            self.captain_name(v.token),
            if v.clockwise { "clockwise" } else { "counter-clockwise" }
        )];
        for (i, p) in v.progress.iter().enumerate() {
            let tile = self.content.tiles.get(v.tiles[i] as usize).map_or("?", |t| t.name.as_str());
            let specials: Vec<&str> = v
                .specials
                .get(i)
                .into_iter()
                .flatten()
                .map(|&k| match k {
                    1 => "Pirate King",
                    2 => "Mermaid",
                    3 => "Ghost",
                    _ => "Cursed",
                })
                .collect();
            lines.push(format!(
                "  {}{}: progress {}/{} ({}), {} dice{}, {} coins, {} cards",
                self.captain_name(Seat(i as u8)),
                if v.out.iter().any(|o| o.index() == i) { " (out)" } else { "" },
                p,
                v.ring,
                tile,
                v.dice[i],
                if specials.is_empty() { String::new() } else { format!(" with {}", specials.join(", ")) },
                v.coins[i],
                v.hand_sizes[i]
            ));
        }
        if !v.my_dice.is_empty() {
            let faces: Vec<String> = v.my_dice.iter().map(|&f| face_name(f)).collect();
            lines.push(format!("  Your dice: {}", faces.join(" ")));
        }
        if !v.my_tiles.is_empty() {
            let tiles: Vec<&str> = v.my_tiles.iter().map(|&t| self.tile_name(t)).collect();
            lines.push(format!("  Your tiles: {}", tiles.join(", ")));
        }
        if v.map.iter().any(Option::is_none) {
            let map: Vec<String> = v
                .map
                .iter()
                .enumerate()
                .map(|(p, t)| format!("{p}: {}", t.map_or("(open)", |t| self.tile_name(t))))
                .collect();
            lines.push(format!("  Map: {}", map.join(" · ")));
        }
        if let Some(p) = v.placer {
            lines.push(format!("  {} places a tile", self.captain_name(p)));
        }
        if !v.hand.is_empty() {
            let cards: Vec<String> = v
                .hand
                .iter()
                .map(|&k| self.content.cards.get(k as usize).map_or("?".to_string(), |c| c.name.clone()))
                .collect();
            lines.push(format!("  Your hand: {}", cards.join(", ")));
        }
        if let Some(b) = v.bids.last() {
            lines.push(format!("  Bet: {} by {}", b.bid, self.captain_name(b.seat)));
        }
        if !v.stack.is_empty() {
            let cards: Vec<String> = v.stack.iter().map(|c| c.card.clone()).collect();
            lines.push(format!("  Stack: {}", cards.join(" <- ")));
        }
        if !v.phantom_dice.is_empty() {
            let faces: Vec<String> = v.phantom_dice.iter().map(|&f| face_name(f)).collect();
            lines.push(format!("  You bet for the Phantom; its dice: {}", faces.join(" ")));
        }
        if let Some(Question::LoseDie { seat, dice, left }) = &v.question {
            let names: Vec<&str> = dice.iter().map(|&d| special_die_name(d)).collect();
            lines.push(format!(
                "  {} must lose {left} more crew with no regular Crew Die to spare: a special die goes, its choice of {}",
                self.captain_name(*seat),
                names.join(" or ")
            ));
        }
        if v.phase == Phase::Over {
            lines.push(self.winners(v));
        }
        lines.join("\n")
    }

    fn news(&self, before: &View, after: &View) -> Vec<String> {
        let mut news = Vec::new();
        for (space, (a, b)) in after.map.iter().zip(&before.map).enumerate() {
            if let (Some(tile), None) = (a, b) {
                let by = before.placer.map_or("the rules".to_string(), |p| self.captain_name(p));
                news.push(format!("{by} places {} on space {space}", self.tile_name(*tile)));
            }
        }
        if after.round != before.round {
            news.push(format!("Round {} begins; betting: {}", after.round, self.names(after.in_phase.iter().copied())));
        }
        if after.bids.len() > before.bids.len() {
            for b in &after.bids[before.bids.len()..] {
                news.push(format!("{} bets {}", self.captain_name(b.seat), b.bid));
            }
        }
        if after.showdown != before.showdown {
            if let Some(sd) = after.showdown {
                news.push(format!(
                    "{} calls {} on {}: {} counted; {} wins the Betting Phase",
                    self.captain_name(sd.caller),
                    if sd.exact { "exact" } else { "liar" },
                    sd.bid,
                    sd.counted,
                    self.captain_name(sd.winner)
                ));
            }
        }
        if after.sail != 0 && after.sail != before.sail {
            news.push(format!("Sail Die: {}", after.sail));
        }
        for (i, (a, b)) in after.progress.iter().zip(&before.progress).enumerate() {
            if a != b {
                news.push(format!("{} sails from {} to {}", self.captain_name(Seat(i as u8)), b, a));
            }
        }
        for (i, (a, b)) in after.dice.iter().zip(&before.dice).enumerate() {
            if a != b {
                news.push(format!("{} now has {} dice", self.captain_name(Seat(i as u8)), a));
            }
        }
        for (i, (a, b)) in after.coins.iter().zip(&before.coins).enumerate() {
            if a != b {
                news.push(format!("{} now has {} coins", self.captain_name(Seat(i as u8)), a));
            }
        }
        if after.stack.len() > before.stack.len() {
            if let Some(c) = after.stack.last() {
                let by = c.by.map_or("the rules".to_string(), |s| self.captain_name(s));
                news.push(format!("{by} plays {}", c.card));
            }
        }
        if after.phase != before.phase {
            news.push(format!("{:?}", after.phase));
        }
        for seat in after.out.iter().filter(|o| !before.out.contains(o)) {
            news.push(format!("{} has lost its last crew and is out of the game", self.captain_name(*seat)));
        }
        if after.lapping && !before.lapping {
            news.push("The Phantom is home before both players and sails on round the map".into());
        }
        if after.phase == Phase::Over && before.phase != Phase::Over {
            news.push(self.winners(after));
        }
        news
    }

    fn label(&self, action: &Action) -> String {
        match action {
            Action::Play { card, target } => {
                let name = self.content.cards.get(*card as usize).map_or("?", |c| c.name.as_str());
                match target {
                    Some(t) => format!("play {name} on {}", self.captain_name(*t)),
                    None => format!("play {name}"),
                }
            }
            Action::PassCurse { to } => format!("pass the Cursed Die to {}", self.captain_name(*to)),
            Action::Pick { seat } => format!("pick {}", self.captain_name(*seat)),
            Action::Place { tile, space } => format!("place {} on space {space}", self.tile_name(*tile)),
            Action::LoseDie { die } => format!("lose the {}", special_die_name(*die)),
            Action::Prepare { trade: 0, buy } => format!("trade no special die, buy {buy} crew"),
            Action::Prepare { trade, buy } => {
                format!("trade {trade} special {} for {} crew, buy {buy} crew", dice(*trade), 2 * trade)
            }
            Action::Draft { cards } => {
                let names: Vec<&str> = cards
                    .iter()
                    .flatten()
                    .map(|&c| self.content.cards.get(c as usize).map_or("?", |c| c.name.as_str()))
                    .collect();
                format!("pass {} to the left", names.join(", "))
            }
            other => other.to_string(),
        }
    }

    fn chance_label(&self, chance: &Chance) -> String {
        match chance {
            Chance::Card { card } => {
                format!("card {}", self.content.cards.get(*card as usize).map_or("?", |c| c.name.as_str()))
            }
            Chance::Tile { tile } => format!("tile {}", self.tile_name(*tile)),
            Chance::Die { seat, face } => format!("{} rolls {}", self.captain_name(*seat), face_name(*face)),
            Chance::Battle { seat, face } => format!("{} battles {face:?}", self.captain_name(*seat)),
            other => other.to_string(),
        }
    }

    fn option_meanings(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            ("players", "2 to 6 captains; 2 play Phantom mode, against a third captain nobody controls"),
            ("map", "\"base\" (14 spaces, 6 cards each) or \"extended\" (20 spaces, 7 cards each)"),
            (
                "setup",
                "\"first_game\" (the suggested layout, seat 0 holds the token) or \"placement\" (the 21 tiles dealt \
                 face down, whoever gets Start/End takes the token, then the captains place their tiles in turn)",
            ),
            ("deck", "\"full\" (the 78-card deck) or \"starter\" (the 53-card starter set)"),
            (
                "draft",
                "true: the card draft after the deal (3, 2, then 1 card passed left at once); only with setup \
                 \"placement\": the default first_game setup always skips it",
            ),
            ("variants", "variant cards in play, by the ids in brackets in the list below (e.g. [\"black-market\"])"),
            ("captains", "one captain per seat, by the id in brackets in the list below, each with its ability; [] for none"),
            (
                "phantom_hand",
                "Phantom mode: \"random\" (six silver cards dealt to the Phantom) or \"fixed\" (the six cards marked phantom)",
            ),
            ("max_rounds", "safety stop: after this many rounds the ship farthest ahead wins"),
        ]
    }

    /// A card's or a tile's text, so a captain knows what it plays or lays down.
    fn explain(&self, _view: &View, action: &Action) -> String {
        match action {
            Action::Play { card, .. } => {
                self.content.cards.get(*card as usize).map_or(String::new(), |c| c.text.clone())
            }
            Action::Place { tile, .. } => {
                self.content.tiles.get(*tile as usize).map_or(String::new(), |t| t.text.clone())
            }
            Action::LoseDie { die } => format!(
                "The {} goes back to the Dice Board: the loss may take no more regular Crew Dice (a captain keeps \
                 its last one; under Instant Death none is left), so a special die of your choice goes instead",
                special_die_name(*die)
            ),
            Action::Prepare { .. } => {
                "Each special die traded counts 2 crew in the Final Battle instead of 1; each die bought costs 2 coins"
                    .to_string()
            }
            _ => String::new(),
        }
    }

    fn look_up(&self, name: &str) -> Option<String> {
        glossary::find(&self.glossary(), name)
    }

    /// Every card, tile, captain, die, variant and map with its text; captains and variants with the id their
    /// option takes.
    fn designed_content(&self) -> String {
        let cards = &self.content.cards;
        let total: u32 = cards.iter().map(|c| c.copies as u32).sum();
        let mut out = format!("Action cards ({total} cards of {} kinds; * in the starter deck):\n", cards.len());
        for c in cards {
            let star = if c.starter { "*" } else { "" };
            let _ = writeln!(out, "  {} × {}{star} ({:?}): {}", c.copies, c.name, c.metal, c.text);
        }
        let _ = writeln!(out, "Map tiles ({}):", self.content.tiles.len());
        for t in &self.content.tiles {
            let _ = writeln!(out, "  {}: {}", t.name, t.text);
        }
        for (title, json) in [
            ("Captains (option captains: the id in brackets, one per seat)", CAPTAINS_JSON),
            ("Variant cards (option variants: the ids in brackets)", VARIANTS_JSON),
            ("Dice", DICE_JSON),
            ("Maps and layouts (options map and setup)", MAP_JSON),
        ] {
            let _ = writeln!(out, "{title}:");
            let with_id = json == CAPTAINS_JSON || json == VARIANTS_JSON;
            for e in named(json) {
                let id = if with_id { format!(" [{}]", e.id) } else { String::new() };
                let _ = writeln!(out, "  {}{id}: {}", e.name, e.text);
            }
        }
        out
    }

    fn rules_summary(&self) -> String {
        "Lying Pirates (Pirata Codex): a race round the map. Each round every captain shakes its crew dice hidden \
         and bets on the whole table (ones are wild, faces 2 to 6; the first bet names at most as many dice as \
         there are captains). On your bet you raise, lock an exact bet (the last bet or a higher one) or call the \
         last bettor a liar. The winner takes the token and a coin and rolls the Sail die; the winner and the \
         survivors sail 1 or 2 tiles, battle for the tile and the victor triggers its event. Gold and silver \
         action cards are played in the Sail and Action Phases (one of each a round). The first ship home wins; \
         ships arriving together fight the Final Battle. Two players add the Phantom: its dice count but it never \
         bets, it plays a random card each Action Phase, and a player who must miss a Betting Phase bets for it; \
         home first, it sails on and sinks the ships it catches. Full rules and rulings: docs/rules/lying-pirates.md."
            .to_string()
    }

    fn always_shown(&self, action: &Action) -> bool {
        matches!(action, Action::Liar | Action::Pass | Action::AutoPass)
    }

    fn read_action(&self, text: &str) -> Option<Action> {
        let text = text.trim().to_lowercase();
        if text == "liar" || text == "call liar" {
            return Some(Action::Liar);
        }
        if let Some(rest) = text.strip_prefix("exact") {
            return read_bid(rest).map(|b| Action::Exact { quantity: b.quantity, face: b.face });
        }
        read_bid(&text).map(|b| Action::Bet { quantity: b.quantity, face: b.face })
    }

    fn typing_hint(&self) -> String {
        "Type the number of your choice, a bet as 3x5, 3 5 or three 5s, an exact bet as exact 3x5, or liar".to_string()
    }

    /// The odds of the standing bet, counting the unseen dice as regular ones (special dice shift them a little).
    fn hint_notes(&self, view: &View) -> Vec<String> {
        let (Some(last), Some(me)) = (view.bids.last(), view.viewer) else { return Vec::new() };
        let mine = view.dice.get(me.index()).copied().unwrap_or(0) as u32;
        let unseen = view.dice.iter().map(|&d| d as u32).sum::<u32>().saturating_sub(mine);
        let sight = Sight { my_dice: &view.my_dice, seen: &[], unseen };
        standing_bid_odds(&self.rules, sight, last.bid, true)
    }
}

/// "die" or "dice".
fn dice(n: u8) -> &'static str {
    if n == 1 {
        "die"
    } else {
        "dice"
    }
}
