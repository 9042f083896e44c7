//! Words for people, built from views only.

use std::fmt::Write;

use plunder_core::{winners_line, Narrate, Seat, SeatSet};
use serde::Deserialize;

use crate::bidding::read_bid;
use crate::glossary::{self, Entry};

use super::action::{face_name, special_die_name, special_face_name};
use super::captains::CAPTAINS_JSON;
use super::content::{ActionDie, Card, Icon, Metal, Node, Special, Timing, Who};
use super::content::{DICE_JSON, MAP_JSON};
use super::event::{Cause, CurseCount, Event, RerollDie, Stay, WonBy};
use super::state::{Purpose, CURSE_PASS_COST, DIE_PRICE};
use super::variants::VARIANTS_JSON;
use super::view::Question;
use super::{Action, BattleFace, Chance, LyingPirates, Phase, View};

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
            let kind = format!("{} {} card", metal_word(c.metal), icon_word(c.icon));
            entries.push(Entry::new(c.name.clone(), format!("{} ({kind}): {}", c.name, c.text)).or(&c.id));
        }
        // Cards answer others by their icon ("a sword card that targets you"): each icon, with its cards (a trial
        // could not tell which cards Smoke Screen answers).
        for (icon, what) in [
            (Icon::Compass, "moves ships"),
            (Icon::Sword, "attacks"),
            (Icon::Bomb, "defends, or changes crew and coins"),
        ] {
            let mut names: Vec<&str> =
                self.content.cards.iter().filter(|c| c.icon == icon).map(|c| c.name.as_str()).collect();
            names.sort_unstable();
            names.dedup();
            let word = icon_word(icon);
            let title = format!("{}{} card", word[..1].to_uppercase(), &word[1..]);
            let text = format!("{title}: a card with the {word} icon {what}. They are: {}.", names.join(", "));
            entries.push(Entry::new(title, text).or(word).or(&format!("{word} cards")));
        }
        for t in &self.content.tiles {
            entries.push(Entry::new(t.name.clone(), format!("{} (tile): {}", t.name, t.text)).or(&t.id));
        }
        for (kind, json) in
            [("captain", CAPTAINS_JSON), ("die", DICE_JSON), ("variant", VARIANTS_JSON), ("map", MAP_JSON)]
        {
            for e in named(json) {
                let entry = Entry::new(e.name.clone(), format!("{} ({kind}): {}", e.name, e.text)).or(&e.id);
                // The cup lines name these dice's blank faces by their pictures ("a Wisp").
                entries.push(match e.id.as_str() {
                    "ghost" => entry.or("Wisp"),
                    "mermaid" => entry.or("Tail"),
                    _ => entry,
                });
            }
        }
        entries.push(
            Entry::new(
                "Catch-up",
                format!(
                    "Catch-up (end of the Action Phase): the ship in last place may sacrifice 1 crew die per {} to \
                     sail toward the closest ship ahead. Ships tied for last each choose in secret how far; they \
                     all sail the smallest choice together, each paying the same dice, so one choosing 0 stops all.",
                    match self.table.catch_up_tiles_per_die {
                        1 => "space".to_string(),
                        n => format!("{n} spaces"),
                    }
                ),
            )
            .or("catch up")
            .or("catching up"),
        );
        // The game's words, as the book explains them (a trial asked for each and found nothing).
        for (name, more, text) in TERMS {
            let entry = more.iter().fold(Entry::new(*name, format!("{name}: {text}")), |e, n| e.or(n));
            entries.push(entry);
        }
        entries
    }

    /// Why a card played now would change nothing, where the rules make that plain from the table (a terminal
    /// trial spent Shore Leave on Start/End and Tow Line from it, and nothing happened).
    fn does_nothing_now(&self, view: &View, card: u8, target: Option<Seat>) -> Option<&'static str> {
        let me = view.viewer?;
        let effect = self.content.cards.get(card as usize)?.effect;
        // A pick of one captain goes on to what is done to them.
        let node = match self.content.node(effect) {
            Node::Pick { then, .. } => self.content.node(then),
            node => node,
        };
        let on_start = |seat: Seat| view.progress.get(seat.index()).is_some_and(|&p| p == 0 || p == view.ring);
        let action_phase = matches!(view.phase, Phase::Action | Phase::CatchUp);
        match node {
            Node::Activate { who: Who::Me } if on_start(me) => {
                Some("your ship is on Start/End, which has no event to activate")
            }
            Node::Swap { who: Who::Me, with: Who::Target }
                if action_phase && (on_start(me) || target.is_some_and(on_start)) =>
            {
                Some("in the Action Phase no effect moves a ship onto or off Start/End")
            }
            _ => None,
        }
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

    /// Who won, the Phantom named when it did; when it won alone, the players are named as losers.
    fn winners_of(&self, winners: SeatSet) -> String {
        match self.phantom().filter(|p| winners.contains(*p)) {
            Some(_) if winners.len() == 1 => {
                let players = (0..self.players()).map(|i| Seat(i as u8));
                format!("The Phantom claims the Pirate Throne: {} lose.", self.names(players))
            }
            _ => winners_line(winners.minus(self.phantom().map_or(SeatSet::EMPTY, SeatSet::only))),
        }
    }

    fn winners(&self, v: &View) -> String {
        self.winners_of(v.winners.iter().copied().collect())
    }

    fn tile_name(&self, tile: u8) -> &str {
        self.content.tiles.get(tile as usize).map_or("?", |t| t.name.as_str())
    }
}

impl Narrate for LyingPirates {
    /// The view's fields for the browser's generic drawing.
    fn presentation(&self) -> serde_json::Value {
        serde_json::json!({
            "coins": "coins", "dice": "cups", "my_dice": "faces", "shown": "faces", "spied.faces": "faces",
            "progress": "by_seat", "hand_sizes": "by_seat", "in_phase": "seats", "movers": "seats",
            "winners": "seats",
        })
    }

    /// The special dice by cup kind (their content ids and names), the crew dice's named faces, and a battle
    /// die's rank as the view gives it (0: not rolled yet).
    fn client_words(&self) -> serde_json::Value {
        let special_dice: serde_json::Map<String, serde_json::Value> = (1..=4u8)
            .filter_map(|kind| {
                let id = serde_json::to_value(Special::of_kind(kind)?).ok()?;
                Some((kind.to_string(), serde_json::json!({"id": id, "name": special_die_name(kind)})))
            })
            .collect();
        let faces: serde_json::Map<String, serde_json::Value> = [super::action::BLANK, super::action::SKULL]
            .iter()
            .map(|&f| (f.to_string(), face_name(f).into()))
            .collect();
        let mut battle_ranks = serde_json::Map::new();
        battle_ranks.insert("0".into(), "not rolled".into());
        for rank in 1..=3u8 {
            battle_ranks.insert(rank.to_string(), rank_name(rank).into());
        }
        serde_json::json!({"special_dice": special_dice, "faces": faces, "battle_ranks": battle_ranks})
    }

    /// A Battle Die kept: the battle's result, which follows, tells the faces that stood; one line a seat
    /// after every roll was noise to the terminal trials.
    fn told_elsewhere(&self, event: &Event) -> bool {
        matches!(event, Event::Kept { .. })
    }

    fn tell(&self, event: &Event) -> String {
        capitalized(self.tell_event(event))
    }

    /// The captain's own chance to play in a window, or a card waiting that it played, that is aimed at it or
    /// whose group reaches it (`view::concerns`).
    fn concerns(&self, public: &View, seat: Seat) -> bool {
        super::view::concerns(self, public, seat)
    }

    fn stops_matter(&self) -> bool {
        true
    }

    fn describe(&self, v: &View) -> String {
        let mut lines = vec![format!(
            "Round {} · {} · token {} ({})",
            v.round,
            phase_name(v.phase),
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
            // In the Final Battle the crew left is what counts, not the dice in the cup: both are shown, named.
            let final_crew = match v.final_crew.get(i) {
                Some(&crew) if v.claimants.iter().any(|c| c.index() == i) => {
                    format!(" in the cup, {} left in the Final Battle", count(crew as u32, "crew", "crew"))
                }
                _ => String::new(),
            };
            lines.push(format!(
                "  {}{}{}: progress {}/{} ({}), {}{}{final_crew}, {}, {}",
                self.captain_name(Seat(i as u8)),
                if v.viewer.is_some_and(|me| me.index() == i) { "*" } else { "" },
                if v.out.iter().any(|o| o.index() == i) { " (out)" } else { "" },
                p,
                v.ring,
                tile,
                count(v.dice[i] as u32, "die", "dice"),
                if specials.is_empty() { String::new() } else { format!(" with {}", specials.join(", ")) },
                count(v.coins[i] as u32, "coin", "coins"),
                count(v.hand_sizes[i] as u32, "card", "cards")
            ));
        }
        lines.extend(self.ring_lines(v));
        if !v.my_dice.is_empty() {
            lines.push(format!("  Your dice: {}", self.my_dice_words(v)));
        }
        // What a peek showed stays on the table for the rest of the Betting Phase (hint counts those dice too).
        if let Some(spied) = &v.spied {
            let faces: Vec<String> = spied
                .faces
                .iter()
                .enumerate()
                .map(|(i, &f)| match spied.kinds.get(i).copied().unwrap_or(0) {
                    0 => face_name(f),
                    // In brackets with its name: "3 (the Cursed Die)" was read as a note on the whole cup.
                    k => format!("[{}: {}]", special_die_name(k), special_face_name(f, k)),
                })
                .collect();
            lines.push(format!("  Seen: {} {} (Spyglass)", self.captain_name(spied.seat), faces.join(" ")));
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
            lines.extend(self.spent_allowance(v));
        }
        // The standing bet matters while the betting lasts; after it, the round's last bet is history.
        if let Some(b) = v.bids.last() {
            let label = if v.phase == Phase::Betting { "Bet" } else { "This round's last bet" };
            lines.push(format!("  {label}: {} by {}", b.bid, self.captain_name(b.seat)));
        }
        if !v.stack.is_empty() {
            let card_name =
                |id: &str| self.content.cards.iter().find(|k| k.id == id).map_or("a card", |k| k.name.as_str());
            let cards: Vec<&str> = v.stack.iter().map(|c| card_name(&c.card)).collect();
            let waiting: Vec<String> = v
                .stack
                .iter()
                .rev()
                .map(|c| {
                    let by = c.by.map_or("by the rules".to_string(), |seat| format!("{}'s", self.captain_name(seat)));
                    let on = c.target.map_or(String::new(), |seat| format!(", on {}", self.captain_name(seat)));
                    format!("{} ({by}{on})", card_name(&c.card))
                })
                .collect();
            lines.push(format!("  Waiting to resolve, the last played first: {}", waiting.join("; ")));
            if let (true, Some(seat), Some(top)) = (v.others_passed, v.priority, cards.last()) {
                lines.push(if v.viewer == Some(seat) {
                    format!("  Everyone else has passed: pass to let {top} take effect, or answer it")
                } else {
                    format!("  Everyone else has passed: {}'s pass lets {top} take effect", self.captain_name(seat))
                });
            }
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

    fn label(&self, action: &Action) -> String {
        match action {
            Action::Play { card, target } => {
                let name = self
                    .content
                    .cards
                    .get(*card as usize)
                    .map_or("?".to_string(), |c| format!("[{}] {}", metal_word(c.metal), c.name));
                match target {
                    Some(t) => format!("play {name} on {}", self.captain_name(*t)),
                    None => format!("play {name}"),
                }
            }
            Action::PassCurse { to } => format!(
                "pass the Cursed Die to {} (sacrifice {})",
                self.captain_name(*to),
                count(CURSE_PASS_COST as u32, "crew die", "crew dice")
            ),
            // It covers the card windows only (ruling 56): rerolls, picks and payments are still asked.
            // A trial took it and was not asked about the cards then played on it.
            Action::AutoPass => "auto-pass the card windows for the rest of this phase, cards played on you too \
                                 (rerolls and choices are still asked)"
                .to_string(),
            Action::Pick { seat } => format!("pick {}", self.captain_name(*seat)),
            Action::Place { tile, space } => format!("place {} on space {space}", self.tile_name(*tile)),
            Action::LoseDie { die } => format!("lose the {}", special_die_name(*die)),
            Action::Prepare { trade, buy } => {
                let trade = match trade {
                    0 => "trade no special die".to_string(),
                    t => format!("trade {t} special {} for {} crew", dice(*t), 2 * t),
                };
                let cost = *buy as u32 * DIE_PRICE as u32;
                format!("{trade}, buy {buy} crew ({})", count(cost, "coin", "coins"))
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

    /// The labels that need the table: the asker's own price, the die's face, where a catch-up ends and what
    /// it costs, what a choice's options and a payment do.
    fn label_in_view(&self, view: &View, action: &Action) -> String {
        let coins = |n: u32| count(n, "coin", "coins");
        // A play the rules allow but that cannot change anything now says so before its card is spent.
        if let Action::Play { card, target } = action {
            if let Some(why) = self.does_nothing_now(view, *card, *target) {
                return format!("{} (does nothing now: {why})", self.label(action));
            }
        }
        match (action, &view.question) {
            // A reroll's labels say what the die shows and what its faces mean; a face no reroll can better (a
            // Battle Die's Double, an Action Die's face that is best for its roller, the Sail Die's 2) says so.
            (Action::Reroll | Action::Keep, Some(Question::Reroll { die, face, price, cause, .. })) => {
                let label = self.reroll_label(*action == Action::Reroll, die, face, *price, *cause);
                // A battle's reroll is worth its coin only against what the others show: say it on the offer.
                let others: Vec<String> = match (&view.battle, *action == Action::Reroll && die == "battle") {
                    (Some(battle), true) => battle
                        .contenders
                        .iter()
                        .filter(|&&c| Some(c) != view.viewer)
                        .filter_map(|&c| match (battle.faces.get(c.index()), battle.ranks.get(c.index())) {
                            // A die a card or ability moves a rank says what it counts as (a trial paid to
                            // beat a Skull that counted as a Single).
                            (Some(&f), Some(&r)) if f > 0 && r != f => {
                                Some(format!("{} {}, counted as {}", self.captain_name(c), rank_name(f), rank_name(r)))
                            }
                            (Some(&f), _) if f > 0 => Some(format!("{} {}", self.captain_name(c), rank_name(f))),
                            _ => None,
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                match others.is_empty() {
                    true => label,
                    false => format!("{label}; the others show {}", others.join(", ")),
                }
            }
            // What the pick is for: the card or tile whose effect asks it.
            (Action::Pick { seat }, Some(Question::Pick { cause: Some(cause), .. })) => {
                match self.source_name(*cause) {
                    Some(name) => format!("pick {} for {name}", self.captain_name(*seat)),
                    None => self.label(action),
                }
            }
            (Action::Choose { option }, Some(Question::Choose { step, .. })) => {
                self.option_words(*step, *option).unwrap_or_else(|| self.label(action))
            }
            (Action::Pay, Some(Question::Pay { coins: c, step, .. })) => match self.paid_words(*step) {
                Some(words) => format!("pay {}: {words}", coins(*c as u32)),
                None => format!("pay {}", coins(*c as u32)),
            },
            (Action::Decline, Some(Question::Pay { coins: c, .. })) => format!("decline to pay {}", coins(*c as u32)),
            (Action::Buy, _) => match view.viewer {
                Some(me) => format!("buy a card for {}", coins(self.card_price(me) as u32)),
                None => self.label(action),
            },
            // What the pass lets happen: the waiting card, named with whose it is (a trial passed on its own
            // card without knowing the pass was what let it take effect).
            (Action::Pass, _) => match view.stack.last() {
                Some(top) => {
                    let name =
                        self.content.cards.iter().find(|k| k.id == top.card).map_or("the card", |k| k.name.as_str());
                    let whose = match top.by {
                        Some(seat) if Some(seat) == view.viewer => "your ".to_string(),
                        Some(seat) => format!("{}'s ", self.captain_name(seat)),
                        None => String::new(),
                    };
                    format!("pass: let {whose}{name} take effect")
                }
                // Which window it is, since a card may be played in several a round (a phone trial passed five
                // to eight times a round without knowing where it was).
                None => format!("pass: play no card now ({})", phase_name(view.phase)),
            },
            (Action::CatchUp { tiles: 0 }, _) => "do not catch up (lose no crew)".into(),
            (Action::CatchUp { tiles }, _) => {
                let Some(&from) = view.viewer.and_then(|me| view.progress.get(me.index())) else {
                    return self.label(action);
                };
                let space = (from as u16 + *tiles as u16) % view.ring.max(1) as u16;
                let tile = view.map.get(space as usize).copied().flatten().filter(|_| space != 0);
                let per = self.table.catch_up_tiles_per_die.max(1);
                format!("catch up {tiles} to {}: lose {} crew", self.where_is(space as u8, tile), tiles.div_ceil(per))
            }
            _ => self.label(action),
        }
    }

    fn chance_label(&self, chance: &Chance) -> String {
        match chance {
            Chance::Card { card } => {
                format!("card {}", self.content.cards.get(*card as usize).map_or("?", |c| c.name.as_str()))
            }
            Chance::Tile { tile } => format!("tile {}", self.tile_name(*tile)),
            Chance::Die { seat, face } => format!("{} rolls {}", self.captain_name(*seat), face_name(*face)),
            Chance::Battle { seat, face } => {
                format!("{}'s Battle Die shows {}", self.captain_name(*seat), battle_face_name(*face))
            }
            Chance::Action { die, x } => format!("the {} shows {}", action_die_name(*die), if *x { "X" } else { "O" }),
            Chance::Sail { face } => format!("the Sail Die shows {face}"),
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
            ("cards", "null: the action cards below; or your own, in the format of data/lying-pirates/cards.json"),
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
            Action::Reroll | Action::Keep => match &_view.question {
                Some(Question::Reroll { die, face, price, cause, .. }) => {
                    let faces = match self.die_faces(die, *cause) {
                        Some(faces) => format!(" ({faces})"),
                        None => cause.and_then(|c| self.source_words(c)).map_or(String::new(), |w| format!(" ({w})")),
                    };
                    let die = reroll_die_name(question_die(die));
                    format!(
                        "Your {die} shows {face}{faces}: pay {} to roll it again (one reroll a round), or keep it",
                        count(*price as u32, "coin", "coins")
                    )
                }
                _ => String::new(),
            },
            Action::Buy => match _view.viewer {
                Some(me) => {
                    format!("Buy the top card of the deck for {}", count(self.card_price(me) as u32, "coin", "coins"))
                }
                None => String::new(),
            },
            Action::Prepare { .. } => {
                "Each special die traded counts 2 crew in the Final Battle instead of 1; each die bought costs 2 coins"
                    .to_string()
            }
            Action::Bet { quantity, face } => format!(
                "Say at least {} in the cups in play {} {face} (ones are wild); the next captain raises, locks \
                 an exact bet or calls liar",
                count(*quantity as u32, "die", "dice"),
                if *quantity == 1 { "shows" } else { "show" }
            ),
            Action::Exact { quantity, face } => format!(
                "Say exactly {} {} {face}: if right you win and gain 1 Crew Die and everyone else loses; if wrong \
                 the last bettor wins and you lose and miss the next Betting Phase",
                count(*quantity as u32, "die", "dice"),
                if *quantity == 1 { "shows" } else { "show" }
            ),
            Action::Liar => "Call the last bet false: the cups are shown; if it fails you win and the bettor loses, \
                             if it holds the bettor wins and you lose (losers do not sail this round)"
                .to_string(),
            Action::Pass => {
                "Let the card window close (or the waiting card resolve) without playing a card".to_string()
            }
            Action::AutoPass => "Pass in every card window for the rest of this phase".to_string(),
            Action::PassCurse { .. } => "Sacrifice 2 crew to hand the Cursed Die to that captain".to_string(),
            Action::CatchUp { tiles } => format!(
                "Sail {} toward the ship ahead, sacrificing crew dice for it (ships tied for last all sail the \
                 smallest choice)",
                count(*tiles as u32, "space", "spaces")
            ),
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

    /// The calls head the menu: liar, and the exact call on the standing bet (the other exact bets, on raises
    /// of it, stay with the bets); so do the passes.
    fn always_shown(&self, view: &View, action: &Action) -> bool {
        match *action {
            Action::Liar | Action::Pass | Action::AutoPass => true,
            Action::Exact { quantity, face } => {
                view.bids.last().is_some_and(|b| b.bid.quantity == quantity && b.bid.face == face)
            }
            _ => false,
        }
    }

    /// A captain's ability is once per game: a number typed out of habit must not spend it. A reroll of a die's
    /// best face can only lose: it is asked about too.
    fn confirm(&self, view: &View, action: &Action) -> Option<String> {
        match (action, &view.question) {
            (Action::Ability, _) => {
                Some(format!("Your captain's ability works once per game: {}. Sure?", self.label_in_view(view, action)))
            }
            (Action::Reroll, Some(Question::Reroll { die, face, price, cause, .. }))
                if self.face_rank(die, face, *cause) == FaceRank::Best =>
            {
                Some(format!(
                    "Your {face} is the {}'s best face here: pay {} to reroll it anyway?",
                    reroll_die_name(question_die(die)),
                    count(*price as u32, "coin", "coins")
                ))
            }
            _ => None,
        }
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

    fn hint_notes(&self, view: &View) -> Vec<String> {
        self.bet_odds(view)
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

/// `n` and the noun, singular for one.
fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A phase in words.
pub(crate) fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::TileDeal => "dealing the tiles",
        Phase::Placement => "placing the tiles",
        Phase::Deal => "dealing the cards",
        Phase::Draft => "the card draft",
        Phase::Shake => "shaking the cups",
        Phase::Betting => "Betting Phase",
        Phase::SailRoll => "rolling the Sail Die",
        Phase::SailFirst => "Sail Phase, first card window",
        Phase::SailBattle => "Sail Phase, battle for the tile",
        Phase::SailSecond => "Sail Phase, second card window",
        Phase::Action => "Action Phase",
        Phase::CatchUp => "catching up",
        Phase::FinalPrepare => "Final Battle preparation",
        Phase::FinalWindow => "Final Battle, card window",
        Phase::FinalBattle => "Final Battle",
        Phase::Over => "game over",
    }
}

fn battle_face_name(face: BattleFace) -> &'static str {
    match face {
        BattleFace::Double => "Double",
        BattleFace::Single => "Single",
        BattleFace::Skull => "Skull",
    }
}

/// A battle rank (after marks) in words.
fn rank_name(rank: u8) -> &'static str {
    match rank {
        3 => "Double",
        2 => "Single",
        _ => "Skull",
    }
}

fn action_die_name(die: ActionDie) -> &'static str {
    match die {
        ActionDie::Pirate => "Pirate Die",
        ActionDie::Treasure => "Treasure Die",
    }
}

/// The die a reroll question names ("sail", "pirate", "treasure", "battle"), for people; the Battle Die with its
/// faces' order, so a player knows whether a reroll is worth its coin.
fn question_die_name(die: &str) -> &'static str {
    match die {
        "sail" => "Sail Die",
        "pirate" => "Pirate Die",
        "treasure" => "Treasure Die",
        _ => "Battle Die: Skull < Single < Double",
    }
}

/// The die a reroll question's `die` names.
fn question_die(die: &str) -> RerollDie {
    match die {
        "sail" => RerollDie::Sail,
        "pirate" => RerollDie::Pirate,
        "treasure" => RerollDie::Treasure,
        _ => RerollDie::Battle,
    }
}

/// Where a die's shown face stands for the captain who rolled it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum FaceRank {
    /// No face is better for its roller: a reroll can only do worse or the same (a Battle Die's Double, an
    /// Action Die's face whose effect is at least as good as the other's in every way).
    Best,
    /// The Sail Die's 2: the farthest every mover sails (whether farther is better depends on the tiles).
    Farthest,
    /// Another face may be better, or the faces do not compare.
    Other,
}

/// What an effect gives the captain `me`, where words can say it: crew, coins, cards and spaces sailed.
type Gains = [i32; 4];

/// "1 space" or "2 spaces", for a Sail Die's face.
fn sail_spaces(face: &str) -> String {
    if face == "1" {
        "1 space".into()
    } else {
        format!("{face} spaces")
    }
}

fn reroll_die_name(die: RerollDie) -> &'static str {
    match die {
        RerollDie::Sail => "Sail Die",
        RerollDie::Pirate => "Pirate Die",
        RerollDie::Treasure => "Treasure Die",
        RerollDie::Battle => "Battle Die",
    }
}

impl LyingPirates {
    /// A reroll offer's label: pay to reroll (`reroll`) or keep the die, with its face and what the faces mean.
    fn reroll_label(&self, reroll: bool, die: &str, face: &str, price: u16, cause: Option<Cause>) -> String {
        let price = count(price as u32, "coin", "coins");
        let name = reroll_die_name(question_die(die));
        let rank = self.face_rank(die, face, cause);
        let roll = match (die, cause) {
            ("pirate" | "treasure", Some(cause)) => self.action_roll(die, cause),
            _ => None,
        };
        let source = cause.and_then(|c| self.source_name(c)).map_or(String::new(), |n| format!(" for {n}"));
        match (reroll, rank, die) {
            (true, FaceRank::Best, "battle") => {
                format!("pay {price} to reroll your Double, the best face (a reroll cannot win more)")
            }
            (false, FaceRank::Best, "battle") => "keep the die: it shows Double, the Battle Die's best face".into(),
            (true, FaceRank::Farthest, _) => {
                // "The farthest face" did not say farthest of what (a browser trial).
                format!(
                    "pay {price} to reroll your {face}: it already sails every mover {face} spaces, the most the \
                     Sail Die gives (a reroll gives 1 or 2)"
                )
            }
            (false, FaceRank::Farthest, _) => {
                format!("keep the die: it shows {face}, the most the Sail Die gives (every mover sails {face} spaces)")
            }
            (_, _, "sail") if reroll => {
                format!("pay {price} to reroll your {face} (Sail Die: every mover sails 1 or 2 spaces, as it shows)")
            }
            (_, _, "sail") => format!("keep your {face} (Sail Die: every mover sails {})", sail_spaces(face)),
            (_, _, "battle") if reroll => format!("pay {price} to reroll your {face} ({})", question_die_name(die)),
            (_, _, "battle") => format!("keep your {face}"),
            // An Action Die's X and O mean what the card or tile it was rolled for says.
            _ => match roll.and_then(|(roller, x, o)| Some((self.face_words(x, roller)?, self.face_words(o, roller)?)))
            {
                Some((x, o)) => {
                    let (shown, other, other_face) = if face == "X" { (x, o, "O") } else { (o, x, "X") };
                    match (reroll, rank) {
                        (true, FaceRank::Best) => format!(
                            "pay {price} to reroll your {face}, the best face: a reroll cannot do better ({name}{source} \
                             — {face}: {shown}; {other_face}: {other})"
                        ),
                        (false, FaceRank::Best) => {
                            format!("keep the die: it shows {face}, the best face ({name}{source} — {face}: {shown})")
                        }
                        (true, _) => format!(
                            "pay {price} to reroll your {face} ({name}{source} — {face}: {shown}; {other_face}: {other})"
                        ),
                        (false, _) => format!("keep your {face} ({name}{source} — {face}: {shown})"),
                    }
                }
                // A card of one's own whose effect words cannot say: its text instead.
                None if reroll => format!("pay {price} to reroll your {face} ({name}{source})"),
                None => {
                    let meaning = cause.and_then(|c| self.source_words(c)).map_or(String::new(), |w| format!("; {w}"));
                    format!("keep your {face} ({name}{meaning})")
                }
            },
        }
    }

    /// What each face of the die a reroll question names does, in short ("X: you lose 2 crew; O: nothing
    /// happens"), for `?`; `None` where words cannot say it.
    fn die_faces(&self, die: &str, cause: Option<Cause>) -> Option<String> {
        match die {
            "sail" => Some("every mover sails 1 or 2 spaces, as it shows".into()),
            "battle" => Some("Skull < Single < Double".into()),
            _ => {
                let (roller, x, o) = self.action_roll(die, cause?)?;
                Some(format!("X: {}; O: {}", self.face_words(x, roller)?, self.face_words(o, roller)?))
            }
        }
    }

    /// Where `face` stands among the die's faces for the captain who rolled it.
    fn face_rank(&self, die: &str, face: &str, cause: Option<Cause>) -> FaceRank {
        match die {
            "battle" if face == "Double" => FaceRank::Best,
            "sail" if face == "2" => FaceRank::Farthest,
            "pirate" | "treasure" => {
                let Some((roller, x, o)) = cause.and_then(|c| self.action_roll(die, c)) else {
                    return FaceRank::Other;
                };
                let (Some(x), Some(o)) = (self.gains(x, roller), self.gains(o, roller)) else {
                    return FaceRank::Other;
                };
                let (shown, other) = if face == "X" { (x, o) } else { (o, x) };
                if shown.iter().zip(other).all(|(a, b)| *a >= b) {
                    FaceRank::Best
                } else {
                    FaceRank::Other
                }
            }
            _ => FaceRank::Other,
        }
    }

    /// The roll of the Action Die `die` ("pirate" or "treasure") in the effect of `cause`'s card or tile: who
    /// rolls it, and its X and O steps; `None` unless the effect rolls that die exactly once.
    fn action_roll(&self, die: &str, cause: Cause) -> Option<(Who, u16, u16)> {
        let root = match cause {
            Cause::Card(card) => self.content.cards.get(card as usize)?.effect,
            Cause::Tile(tile) => self.content.tiles.get(tile as usize)?.effect,
            _ => return None,
        };
        let wanted = if die == "pirate" { ActionDie::Pirate } else { ActionDie::Treasure };
        let mut found = Vec::new();
        let mut todo = vec![root];
        while let Some(node) = todo.pop() {
            match self.content.node(node) {
                Node::Sequence { first, len } | Node::Choose { first, len, .. } => {
                    todo.extend((0..len).map(|i| self.content.kid(first, i)));
                }
                Node::Pay { then, .. }
                | Node::Battle { then, .. }
                | Node::Pick { then, .. }
                | Node::Each { then, .. } => todo.push(then),
                Node::Roll { die, roller, x, o } => {
                    if die == wanted {
                        found.push((roller, x, o));
                    }
                    todo.extend([x, o]);
                }
                _ => {}
            }
        }
        match found[..] {
            [one] => Some(one),
            _ => None,
        }
    }

    /// What a face's step does to its roller `me`, in words ("you lose 2 crew", "nothing happens").
    fn face_words(&self, node: u16, me: Who) -> Option<String> {
        match self.content.node(node) {
            Node::Nothing => Some("nothing happens".into()),
            _ => self.effect_words_of(node, me).map(|w| format!("you {w}")),
        }
    }

    /// What a step gives its roller `me` (crew, coins, cards, spaces), where each part is one of those.
    fn gains(&self, node: u16, me: Who) -> Option<Gains> {
        let mut gains = [0; 4];
        match self.content.node(node) {
            Node::Nothing => {}
            Node::Crew { who, amount } if who == me => gains[0] = amount as i32,
            Node::Coins { who, amount } if who == me => gains[1] = amount as i32,
            Node::Cards { who, amount } if who == me => gains[2] = amount as i32,
            Node::Move { who, steps, behind_leader: None } if who == me => gains[3] = steps as i32,
            Node::Sequence { first, len } => {
                for i in 0..len {
                    let step = self.gains(self.content.kid(first, i), me)?;
                    for (g, s) in gains.iter_mut().zip(step) {
                        *g += s;
                    }
                }
            }
            _ => return None,
        }
        Some(gains)
    }

    fn card_name(&self, card: u8) -> &str {
        self.content.cards.get(card as usize).map_or("a card", |c| c.name.as_str())
    }

    fn cards_named(&self, cards: &[u8]) -> String {
        let names: Vec<&str> = cards.iter().map(|&c| self.card_name(c)).collect();
        names.join(", ")
    }

    /// What a step of an effect's program does to the captain who chose or paid for it, in words (a choice's
    /// option, a payment's reward); `None` for a step words are not made for.
    fn effect_words(&self, node: u16) -> Option<String> {
        self.effect_words_of(node, Who::Me)
    }

    /// [`Self::effect_words`] for the captain `me` names (the roller of a die is `target` in some effects).
    fn effect_words_of(&self, node: u16, me: Who) -> Option<String> {
        let mine = |who: Who| who == me;
        Some(match self.content.node(node) {
            Node::Crew { who, amount } if mine(who) => {
                format!("{} {} crew", if amount >= 0 { "gain" } else { "lose" }, amount.unsigned_abs())
            }
            Node::Coins { who, amount } if mine(who) => format!(
                "{} {}",
                if amount >= 0 { "gain" } else { "lose" },
                count(amount.unsigned_abs() as u32, "coin", "coins")
            ),
            Node::SpecialDie { who, die } if mine(who) => match die {
                Special::PirateKing => "take the Pirate King die".into(),
                other => format!("take the {}", special_die_name(other as u8)),
            },
            Node::Cards { who, amount } if mine(who) => format!("draw {}", count(amount as u32, "card", "cards")),
            Node::SitOut { who } if mine(who) => "miss the next Betting Phase".into(),
            Node::Token { take: Some(who), flip: false } if mine(who) => {
                "take the token, play keeps its direction".into()
            }
            Node::Token { take: Some(who), flip: true } if mine(who) => {
                "take the token and turn the direction of play".into()
            }
            Node::Move { who, steps, behind_leader: None } if mine(who) => format!(
                "sail {} {}",
                count(steps.unsigned_abs() as u32, "space", "spaces"),
                if steps >= 0 { "forward" } else { "back" }
            ),
            Node::Sequence { first, len } => {
                let steps: Option<Vec<String>> =
                    (0..len).map(|i| self.effect_words_of(self.content.kid(first, i), me)).collect();
                steps?.join(" and ")
            }
            _ => return None,
        })
    }

    /// Option `option` of the choice at `step` of an effect's program, in words.
    fn option_words(&self, step: u16, option: u8) -> Option<String> {
        match self.content.node(step) {
            Node::Choose { first, len, .. } if (option as u16) < len => {
                self.effect_words(self.content.kid(first, option as u16))
            }
            _ => None,
        }
    }

    /// What paying at `step` of an effect's program buys, in words.
    fn paid_words(&self, step: u16) -> Option<String> {
        match self.content.node(step) {
            Node::Pay { then, .. } => self.effect_words(then),
            _ => None,
        }
    }

    /// Why, in a few words (in brackets after what happened).
    /// The card or tile `cause` names, if it is one.
    fn source_name(&self, cause: Cause) -> Option<&str> {
        match cause {
            Cause::Card(card) => self.content.cards.get(card as usize).map(|c| c.name.as_str()),
            Cause::Tile(tile) => self.content.tiles.get(tile as usize).map(|t| t.name.as_str()),
            _ => None,
        }
    }

    /// The card or tile `cause` names, with its text: "Royal Navy Patrol: Roll the Pirate Die. X: ...".
    fn source_words(&self, cause: Cause) -> Option<String> {
        let text = match cause {
            Cause::Card(card) => &self.content.cards.get(card as usize)?.text,
            Cause::Tile(tile) => &self.content.tiles.get(tile as usize)?.text,
            _ => return None,
        };
        Some(format!("{}: {}", self.source_name(cause)?, text.trim_end_matches('.')))
    }

    fn because(&self, cause: Cause) -> String {
        match cause {
            Cause::Card(card) => format!("({})", self.card_name(card)),
            Cause::Tile(tile) => format!("(tile {})", self.tile_name(tile)),
            Cause::BettingLoss => "(lost the Betting Phase)".into(),
            Cause::ExactBet => "(a right exact bet)".into(),
            Cause::Sail => "(the Sail Die)".into(),
            Cause::CatchUp => "(catching up)".into(),
            Cause::CursePass => "(passed the Cursed Die)".into(),
            Cause::Ability => "(captain's ability)".into(),
            Cause::Activation => "(for resolving a tile)".into(),
            Cause::Purchase => "(bought)".into(),
            Cause::EmptyHand => "(an empty hand is refilled)".into(),
            Cause::Deal => "(the deal)".into(),
            Cause::SpecialDie => "(room made for a special die)".into(),
        }
    }

    fn seats_named(&self, seats: SeatSet) -> String {
        self.names(seats.iter())
    }

    fn where_is(&self, space: u8, tile: Option<u8>) -> String {
        match tile {
            Some(tile) => format!("space {space} ({})", self.tile_name(tile)),
            None => format!("space {space} (Start/End)"),
        }
    }

    /// The viewer's cup: regular faces first, then each special die by name with its face ("3 1 5 3, the
    /// Cursed Die showing 2"); a die not rolled yet says so; a cup that sits this round out says so instead.
    fn my_dice_words(&self, v: &View) -> String {
        let me = v.viewer;
        if v.phase != Phase::Over && !v.counted.is_empty() && me.is_some_and(|m| !v.counted.contains(&m)) {
            return format!(
                "{}, not in play this round (you sit out this Betting Phase)",
                count(v.my_dice.len() as u32, "die", "dice")
            );
        }
        let kind = |i: usize| v.my_kinds.get(i).copied().unwrap_or(0);
        let regular = || v.my_dice.iter().enumerate().filter(|&(i, _)| kind(i) == 0).map(|(_, &f)| f);
        let mut shown: Vec<String> = regular().filter(|&f| f != 0).map(face_name).collect();
        // Dice gained since the roll wait for the next one: counted once, not named one by one.
        let unrolled = regular().filter(|&f| f == 0).count() as u32;
        if unrolled > 0 {
            let plus = if shown.is_empty() { "" } else { "+ " };
            shown.push(format!("{plus}{} not rolled yet", count(unrolled, "die", "dice")));
        }
        let mut parts = Vec::new();
        if !shown.is_empty() {
            parts.push(shown.join(" "));
        }
        for (i, &f) in v.my_dice.iter().enumerate().filter(|&(i, _)| kind(i) != 0) {
            let shown = if f == 0 {
                "not rolled yet".to_string()
            } else {
                format!("showing {}", special_face_name(f, kind(i)))
            };
            parts.push(format!("the {} {shown}", special_die_name(kind(i))));
        }
        parts.join(", ")
    }

    /// Why cards in the viewer's hand are missing from its menus: a gold or silver card was played this round (one
    /// of each a round), the card is for another phase, or a card waits to be answered.
    fn spent_allowance(&self, v: &View) -> Vec<String> {
        let Some(me) = v.viewer else { return Vec::new() };
        // Each card is named once, under the first reason that holds for it (a trial read two lines naming the
        // same cards).
        let mut named: Vec<&str> = Vec::new();
        let mut lines = Vec::new();
        let mut reason =
            |lines: &mut Vec<String>, unplayable: &dyn Fn(&Card) -> bool, line: &dyn Fn(String) -> String| {
                let mut names: Vec<&str> = Vec::new();
                for card in v.hand.iter().filter_map(|&k| self.content.cards.get(k as usize)) {
                    if unplayable(card) && !named.contains(&card.name.as_str()) {
                        named.push(&card.name);
                        names.push(&card.name);
                    }
                }
                if !names.is_empty() {
                    lines.push(line(names.join(", ")));
                }
            };
        for (metal, tier, used) in [(Metal::Gold, "gold", &v.gold_used), (Metal::Silver, "silver", &v.silver_used)] {
            if used.contains(&me) {
                reason(&mut lines, &|c| c.metal == metal, &|names| {
                    format!(
                        "  Not playable this round: {names} (a {tier} card was already played this round: one a round)"
                    )
                });
            }
        }
        // A card kept for another phase (silver cards and some gold wait for the Action Phase; a trial saw them
        // missing from the Sail Phase's menu with no reason given).
        let phase: Option<PhaseCards> = match v.phase {
            Phase::SailFirst | Phase::SailSecond => {
                Some(("the Sail Phase", "silver cards and some gold ones wait for the Action Phase", |c| c.in_sail))
            }
            Phase::Action => Some(("the Action Phase", "not an Action Phase card", |c| c.in_action)),
            Phase::FinalWindow => Some(("the Final Battle", "not marked for the Final Battle", |c| c.final_battle)),
            _ => None,
        };
        if let Some((name, why, allowed)) = phase {
            reason(&mut lines, &|c| !allowed(c), &|names| format!("  Not playable in {name}: {names} ({why})"));
        }
        // A card waiting on the stack can only be answered (the second terminal trial: the hand's other cards
        // left the menu with no reason given).
        if !v.stack.is_empty() {
            reason(&mut lines, &|c| c.timing == Timing::Play, &|names| {
                format!("  Not playable while a card waits: {names} (only an answer to it may be played now)")
            });
        }
        lines
    }

    /// A cup's faces, each special die named (`kinds`: empty when all are regular).
    fn cup(faces: &[u8], kinds: &[u8]) -> String {
        if faces.is_empty() {
            return "no dice".into();
        }
        let faces: Vec<String> = faces
            .iter()
            .enumerate()
            .map(|(i, &f)| match kinds.get(i).copied().unwrap_or(0) {
                0 => face_name(f),
                // In brackets with its name: "3 (the Cursed Die)" was read as a note on the whole cup.
                k => format!("[{}: {}]", special_die_name(k), special_face_name(f, k)),
            })
            .collect();
        faces.join(" ")
    }

    fn tell_event(&self, event: &Event) -> String {
        let n = |seat: Seat| self.captain_name(seat);
        match event {
            Event::TileDealt { seat, tile: Some(tile) } => {
                format!("{} is dealt the tile {} face down", n(*seat), self.tile_name(*tile))
            }
            Event::TileDealt { seat, tile: None } => format!("{} is dealt a tile face down", n(*seat)),
            Event::StartLaid { seat } => {
                format!("{} holds Start/End: it lays it as space 0, takes the token and places first", n(*seat))
            }
            Event::TilePlaced { seat, tile, space } => {
                format!("{} places {} on space {space}", n(*seat), self.tile_name(*tile))
            }
            Event::Drew { seat, card, cause } => {
                let what = card.map_or("a card".to_string(), |c| self.card_name(c).to_string());
                match cause {
                    Cause::Deal => format!("{} is dealt {what}", n(*seat)),
                    _ => format!("{} draws {what} {}", n(*seat), self.because(*cause)),
                }
            }
            Event::DraftChosen { seat } => format!("{} has chosen the cards it passes", n(*seat)),
            Event::DraftPassed { from, to, count: c } => {
                format!("{} passes {} to {}", n(*from), count(*c as u32, "card", "cards"), n(*to))
            }
            Event::DraftCards { from, to, cards } => {
                format!("The cards {} passed to {}: {}", n(*from), n(*to), self.cards_named(cards))
            }
            Event::RoundBegins { round, bettors, sitting_out, proxy, clockwise } => {
                // The direction apart from the list of bettors, which is in seat order, not the order of play (a
                // trial read "(clockwise): P1, P2, P3, P4 bet" as P1 first, then "P4 bets first").
                let mut line = format!(
                    "Round {round} begins: {} {} this round, turns going {}",
                    self.seats_named(*bettors),
                    if bettors.len() == 1 { "bets" } else { "bet" },
                    if *clockwise { "clockwise" } else { "counter-clockwise" }
                );
                if !sitting_out.is_empty() {
                    let _ = write!(line, "; {} must sit this Betting Phase out", self.seats_named(*sitting_out));
                }
                if let Some(proxy) = proxy {
                    let _ = write!(line, "; {} bets for the Phantom", n(*proxy));
                }
                // What the bets are for, said once before the first (a trial learned it only by losing).
                if *round == 1 {
                    line.push_str(
                        ". At stake: the Betting winner takes the token and a coin; the winner and everyone not \
                         caught out sail this round, the losers stay behind",
                    );
                }
                line
            }
            Event::Shaken { seat, dice, kinds } => format!(
                "{} shakes {} under their cup: {}",
                n(*seat),
                count(dice.len() as u32, "die", "dice"),
                Self::cup(dice, kinds)
            ),
            Event::BettingBegins { first } => format!("The cups are shaken: {} bets first", n(*first)),
            Event::PhantomCup { proxy, faces, kinds } => {
                format!("{} looks under the Phantom's cup: {}", n(*proxy), Self::cup(faces, kinds))
            }
            // The others are told the look, not what it saw (no faces).
            Event::Spied { seat, of, faces, .. } if faces.is_empty() => {
                format!("{} looks into {}'s cup by Spyglass (what it sees is theirs alone)", n(*seat), n(*of))
            }
            Event::Spied { seat, of, faces, kinds } => {
                format!("{} looks into {}'s cup by Spyglass: {}", n(*seat), n(*of), Self::cup(faces, kinds))
            }
            Event::Bet { seat, bid } => format!("{} bets {bid}", n(*seat)),
            Event::Showdown { caller, exact, bidder, bid, cups, kinds, counted, wild, curse, caller_right } => {
                let call = if *exact {
                    format!("{} bets exactly {bid}", n(*caller))
                } else {
                    format!("{} calls {} a liar on {bid}", n(*caller), n(*bidder))
                };
                let kinds_of = |p: &Seat| kinds.iter().find(|(q, _)| q == p).map_or(&[][..], |(_, k)| &k[..]);
                let shown: Vec<String> =
                    cups.iter().map(|(p, faces)| format!("{} {}", n(*p), Self::cup(faces, kinds_of(p)))).collect();
                let right = if *caller_right { "right" } else { "wrong" };
                // The dice of the holder's cup the curse took out of the count, from the cups shown.
                let cancelled = |holder: &Seat, matches: &dyn Fn(u8) -> bool| {
                    let faces = cups.iter().find(|(p, _)| p == holder).map_or(&[][..], |(_, f)| &f[..]);
                    let k = faces.iter().filter(|&&f| matches(f)).count() as u32;
                    format!("; {} cancelled", count(k, "die", "dice"))
                };
                let wild = match (wild, curse) {
                    // The Cursed Die's exceptions replace the wild ones' rule for its holder's cup.
                    (_, Some(CurseCount::CupVoid { holder })) => format!(
                        " (the Cursed Die shows {}s, so {}'s own cup counts nothing on its own bet{})",
                        bid.face,
                        n(*holder),
                        cancelled(holder, &|f| f == bid.face || Some(f) == *wild)
                    ),
                    (Some(w), Some(CurseCount::OnesNotWild { holder })) => format!(
                        " (wild {w}s count as {}s, but the Cursed Die shows a Skull, so {}'s {w}s are not wild on its \
                         own bet{})",
                        bid.face,
                        n(*holder),
                        cancelled(holder, &|f| f == *w && f != bid.face)
                    ),
                    (Some(w), None) => format!(" (wild {w}s count as {}s)", bid.face),
                    (None, _) => String::new(),
                };
                format!(
                    "{call}: the cups show {}; {counted} counted{wild}, so {} is {right}",
                    shown.join(", "),
                    n(*caller)
                )
            }
            Event::BettingWon { winner, coins, movers, losers } => {
                let left = if losers.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; {} {} behind for betting wrong",
                        self.seats_named(*losers),
                        if losers.len() == 1 { "stays" } else { "stay" }
                    )
                };
                format!(
                    "{} wins the Betting Phase: they take the token and {}; {} {}{left}",
                    n(*winner),
                    count(*coins as u32, "coin", "coins"),
                    self.seats_named(*movers),
                    if movers.len() == 1 { "sails" } else { "sail" }
                )
            }
            Event::MissesBetting { seat, cause } => match cause {
                Cause::ExactBet => format!("{} misses the next Betting Phase (a wrong exact bet)", n(*seat)),
                _ => format!("{} misses the next Betting Phase {}", n(*seat), self.because(*cause)),
            },
            Event::SailDie { seat, face } => format!("{} rolls the Sail Die: {face}", n(*seat)),
            Event::ActionDie { seat, die, x, cause } => format!(
                "{} rolls the {}: {} {}",
                n(*seat),
                action_die_name(*die),
                if *x { "X" } else { "O" },
                self.because(*cause)
            ),
            Event::Rerolled { seat, die, price } => format!(
                "{} pays {} to reroll their {}",
                n(*seat),
                count(*price as u32, "coin", "coins"),
                reroll_die_name(*die)
            ),
            Event::Kept { seat, die } => format!("{} keeps their {}", n(*seat), reroll_die_name(*die)),
            Event::Moved { seat, from, to, tile, cause } => {
                let dir = if to > from { "forward" } else { "back" };
                let steps = from.abs_diff(*to) as u32;
                // A trial waited for Buried Treasure's event after a card moved its ship there.
                let quiet = match cause {
                    Cause::Sail => "",
                    _ if *to != 0 && tile.is_some() => " (activating no tile: only the Sail Phase does)",
                    _ => "",
                };
                format!(
                    "{} sails {} {dir} to {} {}{quiet}",
                    n(*seat),
                    count(steps, "space", "spaces"),
                    self.where_is(*to, *tile),
                    self.because(*cause)
                )
            }
            // "P4 stays on space 4 (Duelling Cove), unmoved by Riptide: ..." (a trial could not read two brackets
            // in a row).
            Event::Stayed { seat, at, tile, cause, why } => format!(
                "{} stays on {}, unmoved by {}: {}",
                n(*seat),
                self.where_is(*at, *tile),
                self.because(*cause).trim_start_matches('(').trim_end_matches(')'),
                match why {
                    Stay::Leading => "it is level with the leading ship or ahead, and a move stops behind that ship",
                    Stay::StartEnd => "in the Action Phase no ship is moved onto Start/End",
                    Stay::Edge => "it is at the end of the ring already",
                }
            ),
            Event::Swapped { seat, with, cause } => {
                format!("{} and {} swap places {}", n(*seat), n(*with), self.because(*cause))
            }
            Event::PhaseBegins { phase } => match phase {
                Phase::Draft => "The card draft: each player passes 3, then 2, then 1 card to the left".into(),
                Phase::SailFirst => "Sail Phase: first card window (gold cards)".into(),
                Phase::SailSecond => "Sail Phase: second card window (gold cards)".into(),
                Phase::Action => "Action Phase: card window (gold and silver cards, cards to buy)".into(),
                Phase::FinalPrepare => {
                    "Ships home together: the Final Battle. Each claimant prepares in secret (trade special dice, \
                     buy crew)"
                        .into()
                }
                Phase::FinalWindow => "Final Battle: card window before the next battle".into(),
                other => format!("Now: {}", phase_name(*other)),
            },
            Event::CatchUpBegins { tied, distance, spaces_per_die } => {
                let per = match spaces_per_die {
                    1 => "space".to_string(),
                    n => format!("{n} spaces"),
                };
                let reach = count(*distance as u32, "space", "spaces");
                if tied.len() == 1 {
                    format!(
                        "{} is last: they may sail up to {reach} toward the next ship, sacrificing 1 crew die per \
                         {per}",
                        self.seats_named(*tied)
                    )
                } else {
                    format!(
                        "{} are last together: each offers in secret to sail up to {reach} toward the next ship, \
                         sacrificing 1 crew die per {per}; all sail the smallest offer",
                        self.seats_named(*tied)
                    )
                }
            }
            Event::CatchUpOffered { seat } => format!("{} has chosen how far to catch up", n(*seat)),
            Event::CaughtUp { offers, tiles, dice } => {
                let offered: Vec<String> =
                    offers.iter().map(|(p, o)| format!("{} {}", n(*p), count(*o as u32, "space", "spaces"))).collect();
                let paid = count(*dice as u32, "crew die", "crew dice");
                let moved = match (*tiles, offers.len()) {
                    (0, _) => "nobody catches up".to_string(),
                    (t, 1) => format!("it sails {} and pays {paid}", count(t as u32, "space", "spaces")),
                    (t, _) => format!(
                        "each sails the smallest choice, {}, and pays {paid}",
                        count(t as u32, "space", "spaces")
                    ),
                };
                format!("Catch-up chosen: {}; {moved}", offered.join(", "))
            }
            Event::Passed { seat } => format!("{} passes", n(*seat)),
            Event::AutoPassed { seat } => format!("{} passes every card window for the rest of this phase", n(*seat)),
            // The card's text with it: what it does is told only when it resolves, after the answers.
            Event::Played { seat, card, target } => {
                let on = target.map_or(String::new(), |t| format!(" on {}", n(t)));
                // Gold or silver: which plays a round still allows (a trial could not tell from the log).
                let text = self
                    .content
                    .cards
                    .get(*card as usize)
                    .map_or(String::new(), |c| format!(" ({}: \"{}\")", metal_word(c.metal), c.text));
                format!("{} plays {}{on}{text}", n(*seat), self.card_name(*card))
            }
            Event::Cancelled { seat, card, answered } => format!(
                "{}'s {} cancels {} for {}",
                n(*seat),
                self.card_name(*card),
                self.card_name(*answered),
                n(*seat)
            ),
            Event::Resolves { seat, card, target, shielded } => match target {
                Some(t) if *shielded => {
                    format!(
                        "{}'s {} resolves, but does nothing to {}: it was cancelled for them",
                        n(*seat),
                        self.card_name(*card),
                        n(*t)
                    )
                }
                Some(t) => format!("{}'s {} resolves on {}", n(*seat), self.card_name(*card), n(*t)),
                None => format!("{}'s {} resolves", n(*seat), self.card_name(*card)),
            },
            Event::TileEvent { seat, tile } => {
                format!("{} resolves the event of {}", n(*seat), self.tile_name(*tile))
            }
            Event::Bought { seat, price } => {
                format!("{} buys a card for {}", n(*seat), count(*price as u32, "coin", "coins"))
            }
            Event::CursePassed { seat, to, cost } => format!(
                "{} sacrifices {} to pass the Cursed Die to {}",
                n(*seat),
                count(*cost as u32, "crew die", "crew dice"),
                n(*to)
            ),
            Event::AbilityUsed { seat } => format!("{} uses its captain's once-a-game ability", n(*seat)),
            Event::Picked { chooser, seat, cause } => {
                format!("{} picks {} {}", n(*chooser), n(*seat), self.because(*cause))
            }
            Event::Chose { seat, option, step, cause } => {
                let said = self.option_words(*step, *option).unwrap_or_else(|| format!("option {}", option + 1));
                format!("{} chooses to {said} {}", n(*seat), self.because(*cause))
            }
            Event::Paid { seat, coins, cause } => {
                format!("{} pays {} {}", n(*seat), count(*coins as u32, "coin", "coins"), self.because(*cause))
            }
            Event::Declined { seat, coins, cause } => format!(
                "{} declines to pay {} {}",
                n(*seat),
                count(*coins as u32, "coin", "coins"),
                self.because(*cause)
            ),
            Event::PhantomDeclines { seat, coins, cause } => format!(
                "{} declines to pay {} {}: the Phantom never pays for an effect",
                n(*seat),
                count(*coins as u32, "coin", "coins"),
                self.because(*cause)
            ),
            Event::BagEmpty { seat, cause } => {
                format!("The crew bag is empty: {} gains nothing {}", n(*seat), self.because(*cause))
            }
            Event::CupFull { seat, cause } => {
                format!("{}'s cup is full: it gains nothing {}", n(*seat), self.because(*cause))
            }
            Event::NoCrewToLose { seat, cause } => {
                format!("{} has no crew to lose {}: it loses nothing", n(*seat), self.because(*cause))
            }
            Event::Coins { seat, change, now, cause } => format!(
                "{} {} {} {}: {} now",
                n(*seat),
                if *change >= 0 { "gains" } else { "loses" },
                count(change.unsigned_abs() as u32, "coin", "coins"),
                self.because(*cause),
                count(*now as u32, "coin", "coins")
            ),
            Event::CoinsTaken { from, to, coins, cause } => format!(
                "{} takes {} from {} {}",
                n(*to),
                count(*coins as u32, "coin", "coins"),
                n(*from),
                self.because(*cause)
            ),
            Event::CrewGained { seat, dice, now, cause } => format!(
                "{} gains {} {}: {} now",
                n(*seat),
                count(*dice as u32, "crew die", "crew dice"),
                self.because(*cause),
                count(*now as u32, "die", "dice")
            ),
            Event::CrewLost { seat, dice, now, thief, cause } => {
                let to = thief.map_or(String::new(), |t| format!(" to {}", n(t)));
                format!(
                    "{} loses {}{to} {}: {} left",
                    n(*seat),
                    count(*dice as u32, "crew die", "crew dice"),
                    self.because(*cause),
                    count(*now as u32, "die", "dice")
                )
            }
            Event::KeptLast { seat, cause } => format!(
                "{} keeps its last crew die {}: a captain never loses its last one",
                n(*seat),
                self.because(*cause)
            ),
            Event::CannotPay { seat, coins, has, cause } => format!(
                "{} has {}, too few to pay {} {}: the offer passes",
                n(*seat),
                count(*has as u32, "coin", "coins"),
                count(*coins as u32, "coin", "coins"),
                self.because(*cause)
            ),
            Event::NoCoinsToLose { seat, cause } => {
                format!("{} has no coins to lose {}: it loses nothing", n(*seat), self.because(*cause))
            }
            Event::Unharmed { seat, x, cause } => {
                format!("{}'s {} does nothing {}", n(*seat), if *x { "X" } else { "O" }, self.because(*cause))
            }
            Event::Warded { seat } => format!("{}'s ward takes the loss: it loses nothing", n(*seat)),
            Event::LostSpecial { seat, die } => {
                format!("{} lets the {} go for the loss", n(*seat), special_die_name(*die))
            }
            Event::SpecialTaken { seat, die, from, cause } => match from {
                Some(f) => {
                    format!("{} takes the {} from {} {}", n(*seat), special_die_name(*die), n(*f), self.because(*cause))
                }
                None => format!("{} takes the {} {}", n(*seat), special_die_name(*die), self.because(*cause)),
            },
            Event::SpecialReturned { seat, die, cause } => format!(
                "{} returns the {} to the Dice Board {}",
                n(*seat),
                special_die_name(*die),
                self.because(*cause)
            ),
            Event::TokenTaken { seat, cause } => format!("{} takes the token {}", n(*seat), self.because(*cause)),
            Event::DirectionFlipped { clockwise, cause } => format!(
                "Play turns {} {}",
                if *clockwise { "clockwise" } else { "counter-clockwise" },
                self.because(*cause)
            ),
            Event::Marked { seat, mark, of, cause } => {
                let what = match (mark, of) {
                    (super::content::Mark::BattleUp, _) => "rolls its Battle Die one face better this round".into(),
                    (super::content::Mark::BattleDown, _) => "rolls its Battle Die one face worse this round".into(),
                    (super::content::Mark::Ward, _) => "is warded against its next loss this round".into(),
                    (super::content::Mark::Spy, Some(o)) => {
                        format!("will look into {}'s cup in the next Betting Phase", n(*o))
                    }
                    (super::content::Mark::Spy, None) => "will look into a cup in the next Betting Phase".into(),
                };
                format!("{} {what} {}", n(*seat), self.because(*cause))
            }
            Event::CardTaken { from, to, cause } => {
                format!("{} takes a random card from {}'s hand {}", n(*to), n(*from), self.because(*cause))
            }
            Event::TakenCard { from, to, card } => {
                format!("The card {} took from {} is {}", n(*to), n(*from), self.card_name(*card))
            }
            Event::BattleBegins { contenders, purpose, seek, cause, sheltered } => {
                let why = match purpose {
                    Purpose::Tile => "for the right to resolve their tile".to_string(),
                    Purpose::Effect if *seek == super::content::Seek::Winner => {
                        format!("for the effect {}, the highest wins", self.because(*cause))
                    }
                    Purpose::Effect => format!("for the effect {}, the lowest loses", self.because(*cause)),
                    Purpose::Pick => "for the Phantom's card: the lowest is picked".to_string(),
                    Purpose::Final => {
                        "in the Final Battle: the lowest loses a crew, any Skull loses a crew".to_string()
                    }
                };
                let spared = match sheltered.len() {
                    0 => String::new(),
                    1 => format!("; {} is out of reach on Start/End", self.seats_named(*sheltered)),
                    _ => format!("; {} are out of reach on Start/End", self.seats_named(*sheltered)),
                };
                format!("{} battle {why}{spared}", self.seats_named(*contenders))
            }
            Event::BattleDie { seat, face, rank } => {
                let face_word = battle_face_name(*face);
                if rank_name(*rank) == face_word {
                    format!("{}'s Battle Die: {face_word}", n(*seat))
                } else {
                    format!("{}'s Battle Die: {face_word}, counted as {}", n(*seat), rank_name(*rank))
                }
            }
            Event::BattleTied { tied, rank } => {
                format!("{} tie on {}: they roll again", self.seats_named(*tied), rank_name(*rank))
            }
            Event::BattleDecided { seat, purpose, seek, rank } => {
                let best = rank_name(*rank);
                match (purpose, seek) {
                    (Purpose::Tile, _) => format!("{} wins the battle with {best} and resolves its tile", n(*seat)),
                    (Purpose::Pick, _) => format!("{} rolls lowest ({best}) and is picked", n(*seat)),
                    (Purpose::Final, _) => format!("{} rolls lowest ({best})", n(*seat)),
                    (_, super::content::Seek::Winner) => format!("{} wins the battle with {best}", n(*seat)),
                    (_, super::content::Seek::Loser) => format!("{} loses the battle with {best}", n(*seat)),
                }
            }
            Event::KnockedOut { seat } => {
                format!("{} has lost its last crew die and is out of the game (Instant Death)", n(*seat))
            }
            Event::PhantomLaps => "The Phantom is home before both players and sails on round the map".into(),
            Event::Preparing { seat } => format!("{} has made its Final Battle preparation", n(*seat)),
            Event::Prepared { seat, traded, bought, paid, crew } => {
                // Every die in the cup counts 1 crew; a traded special die 1 more; a bought die 1.
                let cup = crew - *traded as u16 - *bought as u16;
                let trade = match traded {
                    0 => "trades no special die".to_string(),
                    t => format!("trades {} for 2 crew each (+{t})", count(*t as u32, "special die", "special dice")),
                };
                let buy = match bought {
                    0 => "buys no crew die".to_string(),
                    b => format!(
                        "buys {} for {} (+{b})",
                        count(*b as u32, "crew die", "crew dice"),
                        count(*paid as u32, "coin", "coins")
                    ),
                };
                format!(
                    "{}'s {} {cup} crew; it {trade} and {buy}: it fights the Final Battle with {}",
                    n(*seat),
                    count(cup as u32, "die counts", "dice count"),
                    count(*crew as u32, "crew", "crew")
                )
            }
            Event::FinalRound { battle, claimants } => {
                format!("Final Battle, battle {battle}: {}", self.seats_named(*claimants))
            }
            Event::FinalLoss { seat, crew, warded: true } => {
                format!("{}'s ward saves its crew: it still has {}", n(*seat), count(*crew as u32, "crew", "crew"))
            }
            Event::FinalLoss { seat, crew, warded: false } => {
                format!("{} loses a crew: {} left", n(*seat), count(*crew as u32, "crew", "crew"))
            }
            Event::SkullsSpared { skulls } => format!(
                "{} rolled Skulls, but nobody would be left standing: nobody loses crew",
                self.seats_named(*skulls)
            ),
            Event::FinalCrew { seat, change, crew, cause } => format!(
                "{} {} {} {}: {} left",
                n(*seat),
                if *change >= 0 { "gains" } else { "loses" },
                count(change.unsigned_abs() as u32, "crew", "crew"),
                self.because(*cause),
                count(*crew as u32, "crew", "crew")
            ),
            Event::Won { winners, by } => {
                let who = self.winners_of(*winners).trim_end_matches('.').to_string();
                let why = match by {
                    WonBy::Home => "first ship home".to_string(),
                    WonBy::FinalBattle => "the last captain with crew in the Final Battle".to_string(),
                    WonBy::FinalBattleLimit => "the Final Battle's 64 battles are over".to_string(),
                    WonBy::LastAfloat => "the last captain left (Instant Death)".to_string(),
                    WonBy::PhantomCaught { caught } => {
                        format!("the lapping Phantom caught {}", self.seats_named(*caught))
                    }
                    WonBy::RoundLimit => "the round limit: farthest ahead".to_string(),
                };
                format!("{who} ({why})")
            }
        }
    }
}

/// `line` with its first letter a capital, so a line opening with "the Phantom" reads as a sentence.
fn capitalized(line: String) -> String {
    let mut chars = line.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => line,
    }
}

/// A card window's phase by name, why a card is kept from it, and whether a card may be played in it.
type PhaseCards = (&'static str, &'static str, fn(&Card) -> bool);

fn metal_word(metal: Metal) -> &'static str {
    match metal {
        Metal::Gold => "gold",
        Metal::Silver => "silver",
    }
}

fn icon_word(icon: Icon) -> &'static str {
    match icon {
        Icon::Compass => "compass",
        Icon::Sword => "sword",
        Icon::Bomb => "bomb",
    }
}

/// The game's own words for `? NAME`: the name, other names it answers to, and what it means.
const TERMS: &[(&str, &[&str], &str)] = &[
    (
        "Exact bet",
        &["exact", "exact call", "lock an exact bet"],
        "instead of raising, you say the last bet (or a higher one you name) is exactly right. If it is exact you \
         win, gain 1 Crew Die and everyone else loses; if not, the previous bettor wins and you lose and miss the \
         next Betting Phase.",
    ),
    (
        "Liar",
        &["call liar", "liar call", "calling liar"],
        "you call the last bet false and the cups are shown. If the bet is false you win and the bettor loses; if \
         it holds the bettor wins and you lose. Everyone else survives. Losing costs no dice: losers just do not \
         sail this round.",
    ),
    (
        "Wild ones",
        &["wild", "ones", "wild dice"],
        "ones count as every face, so a bet names a face from 2 to 6 and every 1 in the cups in play counts for \
         it (the Pirate King, the Mermaid and the Ghost have more ones; the curse can stop yours counting).",
    ),
    (
        "Coins",
        &["coin", "money"],
        "each captain starts with 2. The Betting winner gains 1, and tiles and cards pay more. They buy a card (2 \
         coins, whenever you may play), a reroll (1 coin, once a round, right after your own roll) and Crew Dice \
         in the Final Battle (2 coins each).",
    ),
    (
        "Buying a card",
        &["buy", "buy a card", "buying"],
        "whenever you may play, you may buy the top card of the deck for 2 coins, as often as you can pay. A \
         captain left with no cards draws one free card.",
    ),
    (
        "Reroll",
        &["rerolling", "pay to reroll"],
        "once a round you may pay 1 coin to roll again a die you rolled yourself (the Sail Die, your Battle Die, \
         an Action Die), right after the roll. The offer says what the faces mean; a face no reroll can better \
         says so.",
    ),
    (
        "Starting Captain Token",
        &["token", "starting token"],
        "its holder opens the bets and its arrow gives the betting direction; the Betting winner takes it.",
    ),
    (
        "The curse",
        &["curse", "cursed"],
        "when the holder of the Cursed Die makes the bet being judged and the Cursed Die shows that bet's face, \
         the holder's own cup counts nothing for it, wild ones included; if it shows a Skull, the holder's ones \
         count nothing. On anyone else's bet the holder's dice count as usual. Whenever they may play, the holder \
         may give up 2 Crew Dice (keeping at least 1) to hand the Cursed Die to another captain.",
    ),
    (
        "The Phantom",
        &["phantom", "phantom mode"],
        "with two players a third captain joins, with its own ship, cup, 5 dice, 2 coins and 6 silver cards nobody \
         sees. It never bets, but its dice count; it sails unless everyone else lost; it plays a random card at the \
         start of each Action Phase. A player who must miss a Betting Phase bets for it instead, with its cup. If \
         it comes home first it sails on and sinks any ship it catches.",
    ),
];
