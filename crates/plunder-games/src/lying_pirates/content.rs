//! The designed content, read from the data files (`data/lying-pirates/*.json`, embedded at build time): tiles,
//! action cards and maps, each effect parsed from its JSON tree into a flat program of [`Node`]s that the rules
//! interpret. Bad data is an [`OptionsError`], never a panic.

use plunder_core::OptionsError;
use serde::Deserialize;

use crate::content_words::file_error;

pub const TILES_JSON: &str = include_str!("../../data/lying-pirates/tiles.json");
pub const CARDS_JSON: &str = include_str!("../../data/lying-pirates/cards.json");
pub const MAP_JSON: &str = include_str!("../../data/lying-pirates/map.json");
pub const DICE_JSON: &str = include_str!("../../data/lying-pirates/dice.json");

/// A captain an effect refers to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The captain who plays the card or activates the tile.
    #[serde(rename = "self")]
    Me,
    Target,
    Winner,
    Loser,
}

/// The captains a `pick`, `each` or `battle` draws from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Group {
    Others,
    InRange,
    Ahead,
    Target,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Seek {
    Winner,
    Loser,
}

/// The Action Dice an effect can roll (the Sail Die belongs to the Sail Phase).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionDie {
    Pirate,
    Treasure,
}

/// The four Special Crew Dice; their die kinds in the cups are 1 to 4.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Special {
    PirateKing = 1,
    Mermaid = 2,
    Ghost = 3,
    Cursed = 4,
}

impl Special {
    /// The special die of cup kind `kind` (1 to 4).
    pub fn of_kind(kind: u8) -> Option<Special> {
        [Special::PirateKing, Special::Mermaid, Special::Ghost, Special::Cursed]
            .get(kind.checked_sub(1)? as usize)
            .copied()
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    BattleUp,
    BattleDown,
    Ward,
    Spy,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Icon {
    Compass,
    Sword,
    Bomb,
}

impl Icon {
    fn bit(self) -> u8 {
        1 << self as u8
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Metal {
    Gold,
    Silver,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    Play,
    Response,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum PhaseName {
    Sail,
    Action,
    FinalBattle,
}

/// An effect as the data files write it (a tree).
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum Spec {
    Sequence { steps: Vec<Spec> },
    Choose { chooser: Who, options: Vec<Spec> },
    Pay { who: Who, coins: u8, then: Box<Spec> },
    Roll { die: ActionDie, roller: Who, outcomes: Outcomes },
    Battle { among: Group, include_self: bool, range: Option<u8>, seek: Seek, then: Box<Spec> },
    Pick { chooser: Who, from: Group, range: Option<u8>, then: Box<Spec> },
    Each { from: Group, range: Option<u8>, then: Box<Spec> },
    Coins { who: Who, amount: i8 },
    TakeCoins { from: Who, to: Who, amount: u8 },
    Crew { who: Who, amount: i8 },
    TakeCrew { from: Who, to: Who, amount: u8 },
    SpecialDie { who: Who, die: Special },
    ReleaseSpecial { who: Who, die: Special },
    Move { who: Who, steps: i8, behind_leader: Option<u8> },
    Swap { who: Who, with: Who },
    Activate { who: Who },
    SitOut { who: Who },
    Cards { who: Who, amount: u8 },
    TakeCard { from: Who, to: Who },
    Token { take: Option<Who>, flip: bool },
    Status { who: Who, status: Mark, of: Option<Who>, dice: Option<u8> },
    Cancel { icons: Vec<Icon> },
    Nothing,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Outcomes {
    x: Box<Spec>,
    o: Box<Spec>,
}

/// One step of an effect program. Children are node indices (`Sequence` and `Choose` list theirs in
/// [`Program::kids`]); ranges are 0 where the group has none.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Node {
    Sequence {
        first: u16,
        len: u16,
    },
    Choose {
        chooser: Who,
        first: u16,
        len: u16,
    },
    Pay {
        who: Who,
        coins: u8,
        then: u16,
    },
    Roll {
        die: ActionDie,
        roller: Who,
        x: u16,
        o: u16,
    },
    Battle {
        among: Group,
        include_self: bool,
        range: u8,
        seek: Seek,
        then: u16,
    },
    Pick {
        chooser: Who,
        from: Group,
        range: u8,
        then: u16,
    },
    Each {
        from: Group,
        range: u8,
        then: u16,
    },
    Coins {
        who: Who,
        amount: i8,
    },
    TakeCoins {
        from: Who,
        to: Who,
        amount: u8,
    },
    Crew {
        who: Who,
        amount: i8,
    },
    TakeCrew {
        from: Who,
        to: Who,
        amount: u8,
    },
    SpecialDie {
        who: Who,
        die: Special,
    },
    ReleaseSpecial {
        who: Who,
        die: Special,
    },
    /// A move; forward, with `behind_leader`, it ends at least that many tiles behind the leading other ship
    /// (0: it may draw level) and never takes the ship back.
    Move {
        who: Who,
        steps: i8,
        behind_leader: Option<u8>,
    },
    Swap {
        who: Who,
        with: Who,
    },
    Activate {
        who: Who,
    },
    SitOut {
        who: Who,
    },
    Cards {
        who: Who,
        amount: u8,
    },
    TakeCard {
        from: Who,
        to: Who,
    },
    Token {
        take: Option<Who>,
        flip: bool,
    },
    /// A mark until the round ends; `spy` also names whom (`of`) and how many dice it shows.
    Status {
        who: Who,
        status: Mark,
        of: Who,
        dice: u8,
    },
    /// A response: the icons (bits of [`Icon`]) it answers.
    Cancel {
        icons: u8,
    },
    Nothing,
}

/// Every effect of the content, flattened.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub nodes: Vec<Node>,
    pub kids: Vec<u16>,
}

/// Which of `target`, `winner`, `loser` are bound at a point of an effect (bits 1, 2, 4).
const TARGET: u8 = 1;
const WINNER: u8 = 2;
const LOSER: u8 = 4;

fn bad(what: &str, why: impl std::fmt::Display) -> OptionsError {
    OptionsError::new(format!("lying-pirates data: {what}: {why}"))
}

impl Program {
    fn who(&self, who: Who, bound: u8, what: &str) -> Result<Who, OptionsError> {
        // The file's name for the captain, and where it may be named.
        let (need, name, where_) = match who {
            Who::Me => (0, "self", ""),
            Who::Target => (TARGET, "target", "inside the \"then\" of a \"pick\" or \"each\""),
            Who::Winner => (WINNER, "winner", "inside the \"then\" of a \"battle\" that seeks \"winner\", or a duel"),
            Who::Loser => (LOSER, "loser", "inside the \"then\" of a \"battle\" that seeks \"loser\", or a duel"),
        };
        if bound & need == need {
            Ok(who)
        } else {
            Err(bad(what, format!("\"{name}\" is named where no captain is chosen yet (only {where_})")))
        }
    }

    fn group(&self, group: Group, bound: u8, what: &str) -> Result<Group, OptionsError> {
        if group == Group::Target && bound & TARGET == 0 {
            return Err(bad(what, "the group `target` needs a bound target"));
        }
        Ok(group)
    }

    /// Adds `spec` and its children; returns its node's index.
    fn add(&mut self, spec: &Spec, bound: u8, what: &str) -> Result<u16, OptionsError> {
        let node = match spec {
            Spec::Sequence { steps } => {
                let kids: Result<Vec<u16>, _> = steps.iter().map(|s| self.add(s, bound, what)).collect();
                self.list(kids?, |first, len| Node::Sequence { first, len })
            }
            Spec::Choose { chooser, options } => {
                let chooser = self.who(*chooser, bound, what)?;
                if options.is_empty() {
                    return Err(bad(what, "a choice without options"));
                }
                let kids: Result<Vec<u16>, _> = options.iter().map(|s| self.add(s, bound, what)).collect();
                self.list(kids?, |first, len| Node::Choose { chooser, first, len })
            }
            Spec::Pay { who, coins, then } => {
                Node::Pay { who: self.who(*who, bound, what)?, coins: *coins, then: self.add(then, bound, what)? }
            }
            Spec::Roll { die, roller, outcomes } => Node::Roll {
                die: *die,
                roller: self.who(*roller, bound, what)?,
                x: self.add(&outcomes.x, bound, what)?,
                o: self.add(&outcomes.o, bound, what)?,
            },
            Spec::Battle { among, include_self, range, seek, then } => {
                let among = self.group(*among, bound, what)?;
                let duel = among == Group::Target && *include_self;
                let binds = if duel {
                    WINNER | LOSER
                } else if *seek == Seek::Winner {
                    WINNER
                } else {
                    LOSER
                };
                Node::Battle {
                    among,
                    include_self: *include_self,
                    range: range.unwrap_or(0),
                    seek: *seek,
                    then: self.add(then, bound | binds, what)?,
                }
            }
            Spec::Pick { chooser, from, range, then } => Node::Pick {
                chooser: self.who(*chooser, bound, what)?,
                from: self.group(*from, bound, what)?,
                range: range.unwrap_or(0),
                then: self.add(then, bound | TARGET, what)?,
            },
            Spec::Each { from, range, then } => Node::Each {
                from: self.group(*from, bound, what)?,
                range: range.unwrap_or(0),
                then: self.add(then, bound | TARGET, what)?,
            },
            Spec::Coins { who, amount } => Node::Coins { who: self.who(*who, bound, what)?, amount: *amount },
            Spec::TakeCoins { from, to, amount } => Node::TakeCoins {
                from: self.who(*from, bound, what)?,
                to: self.who(*to, bound, what)?,
                amount: *amount,
            },
            Spec::Crew { who, amount } => Node::Crew { who: self.who(*who, bound, what)?, amount: *amount },
            Spec::TakeCrew { from, to, amount } => {
                Node::TakeCrew { from: self.who(*from, bound, what)?, to: self.who(*to, bound, what)?, amount: *amount }
            }
            Spec::SpecialDie { who, die } => Node::SpecialDie { who: self.who(*who, bound, what)?, die: *die },
            Spec::ReleaseSpecial { who, die } => Node::ReleaseSpecial { who: self.who(*who, bound, what)?, die: *die },
            Spec::Move { who, steps, behind_leader } => {
                if behind_leader.is_some() && *steps <= 0 {
                    return Err(bad(what, "only a forward move stops behind the leader"));
                }
                Node::Move { who: self.who(*who, bound, what)?, steps: *steps, behind_leader: *behind_leader }
            }
            Spec::Swap { who, with } => {
                Node::Swap { who: self.who(*who, bound, what)?, with: self.who(*with, bound, what)? }
            }
            Spec::Activate { who } => Node::Activate { who: self.who(*who, bound, what)? },
            Spec::SitOut { who } => Node::SitOut { who: self.who(*who, bound, what)? },
            Spec::Cards { who, amount } => Node::Cards { who: self.who(*who, bound, what)?, amount: *amount },
            Spec::TakeCard { from, to } => {
                Node::TakeCard { from: self.who(*from, bound, what)?, to: self.who(*to, bound, what)? }
            }
            Spec::Token { take, flip } => {
                let take = match take {
                    Some(w) => Some(self.who(*w, bound, what)?),
                    None => None,
                };
                Node::Token { take, flip: *flip }
            }
            Spec::Status { who, status, of, dice } => {
                let of = match of {
                    Some(of) => self.who(*of, bound, what)?,
                    None => Who::Me,
                };
                if *status == Mark::Spy && (of == Who::Me || dice.unwrap_or(0) == 0) {
                    return Err(bad(what, "spy needs `of` (another captain) and `dice`"));
                }
                Node::Status { who: self.who(*who, bound, what)?, status: *status, of, dice: dice.unwrap_or(0) }
            }
            Spec::Cancel { icons } => Node::Cancel { icons: icons.iter().fold(0, |b, i| b | i.bit()) },
            Spec::Nothing => Node::Nothing,
        };
        self.nodes.push(node);
        Ok((self.nodes.len() - 1) as u16)
    }

    fn list(&mut self, kids: Vec<u16>, make: impl Fn(u16, u16) -> Node) -> Node {
        let first = self.kids.len() as u16;
        let len = kids.len() as u16;
        self.kids.extend(kids);
        make(first, len)
    }
}

/// A tile of the map.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    pub id: String,
    pub name: String,
    pub text: String,
    pub test: String,
    /// Its event's root node.
    pub effect: u16,
}

/// An action card kind.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub metal: Metal,
    pub icon: Icon,
    pub copies: u8,
    pub timing: Timing,
    pub in_sail: bool,
    pub in_action: bool,
    pub final_battle: bool,
    pub starter: bool,
    /// One of the Phantom's six cards (option `phantom_hand: "fixed"`).
    pub phantom: bool,
    pub text: String,
    pub test: String,
    pub effect: u16,
}

/// Everything designed, parsed and checked.
#[derive(Clone, Debug)]
pub struct Content {
    pub program: Program,
    pub tiles: Vec<Tile>,
    pub cards: Vec<Card>,
    /// (map id, tile spaces, cards dealt to each captain).
    pub maps: Vec<(String, u8, u8)>,
    /// (layout id, map id, tile indices from Start/End).
    pub layouts: Vec<(String, String, Vec<u8>)>,
}

#[derive(Deserialize)]
struct File<E> {
    entries: Vec<E>,
}

#[derive(Deserialize)]
struct TileEntry {
    id: String,
    name: String,
    text: String,
    test: String,
    effect: serde_json::Value,
}

#[derive(Deserialize)]
struct CardEntry {
    id: String,
    name: String,
    metal: Metal,
    icon: Icon,
    copies: u8,
    timing: Timing,
    phases: Vec<PhaseName>,
    final_battle: bool,
    starter: bool,
    phantom: bool,
    text: String,
    test: String,
    effect: serde_json::Value,
}

#[derive(Deserialize)]
struct MapEntry {
    id: String,
    tile_spaces: Option<u8>,
    action_cards_per_player: Option<u8>,
    map: Option<String>,
    layout: Option<Vec<String>>,
}

impl Content {
    /// The built-in content.
    pub fn load() -> Result<Content, OptionsError> {
        Content::parse(TILES_JSON, CARDS_JSON, MAP_JSON)
    }

    /// Content from data-file texts.
    pub fn parse(tiles: &str, cards: &str, map: &str) -> Result<Content, OptionsError> {
        let mut program = Program::default();
        let tile_file: File<TileEntry> = serde_json::from_str(tiles).map_err(|e| bad("tiles.json", file_error(&e)))?;
        let mut parsed_tiles = Vec::new();
        for t in tile_file.entries {
            let spec: Spec = serde_json::from_value(t.effect).map_err(|e| bad(&t.id, e))?;
            let effect = program.add(&spec, 0, &t.id)?;
            if matches!(spec, Spec::Cancel { .. }) {
                return Err(bad(&t.id, "a tile cannot be a response"));
            }
            parsed_tiles.push(Tile { id: t.id, name: t.name, text: t.text, test: t.test, effect });
        }
        if parsed_tiles.first().map(|t| t.id.as_str()) != Some("start-end") {
            return Err(bad("tiles.json", "the first tile must be start-end"));
        }
        if parsed_tiles.len() > 32 {
            return Err(bad("tiles.json", "more than 32 tiles"));
        }
        let card_file: File<CardEntry> = serde_json::from_str(cards).map_err(|e| bad("cards.json", file_error(&e)))?;
        let mut parsed_cards = Vec::new();
        for c in card_file.entries {
            let spec: Spec = serde_json::from_value(c.effect).map_err(|e| bad(&c.id, e))?;
            let is_cancel = matches!(spec, Spec::Cancel { .. });
            if is_cancel != (c.timing == Timing::Response) {
                return Err(bad(&c.id, "responses are exactly the cancel cards"));
            }
            let in_sail = c.phases.contains(&PhaseName::Sail);
            if in_sail && c.metal == Metal::Silver {
                return Err(bad(&c.id, "silver cards are played only in the Action Phase"));
            }
            if c.final_battle != c.phases.contains(&PhaseName::FinalBattle) {
                return Err(bad(&c.id, "final_battle and the phases disagree"));
            }
            let effect = program.add(&spec, 0, &c.id)?;
            parsed_cards.push(Card {
                id: c.id,
                name: c.name,
                metal: c.metal,
                icon: c.icon,
                copies: c.copies,
                timing: c.timing,
                in_sail,
                in_action: c.phases.contains(&PhaseName::Action),
                final_battle: c.final_battle,
                starter: c.starter,
                phantom: c.phantom,
                text: c.text,
                test: c.test,
                effect,
            });
        }
        if parsed_cards.len() > 60 {
            return Err(bad("cards.json", "more than 60 card kinds"));
        }
        let map_file: File<MapEntry> = serde_json::from_str(map).map_err(|e| bad("map.json", file_error(&e)))?;
        let mut maps = Vec::new();
        let mut layouts = Vec::new();
        for m in map_file.entries {
            match (m.tile_spaces, m.action_cards_per_player, m.map, m.layout) {
                (Some(spaces), Some(cards), None, None) => maps.push((m.id, spaces, cards)),
                (None, None, Some(map), Some(layout)) => {
                    let tiles: Result<Vec<u8>, _> = layout
                        .iter()
                        .map(|id| {
                            parsed_tiles
                                .iter()
                                .position(|t| &t.id == id)
                                .map(|i| i as u8)
                                .ok_or_else(|| bad(&m.id, format!("no tile {id}")))
                        })
                        .collect();
                    layouts.push((m.id, map, tiles?));
                }
                _ => return Err(bad(&m.id, "a map entry has spaces and cards, or a map and a layout")),
            }
        }
        for (id, map, tiles) in &layouts {
            let spaces = maps.iter().find(|(m, ..)| m == map).map(|m| m.1).ok_or_else(|| bad(id, "unknown map"))?;
            if tiles.len() != spaces as usize || tiles[0] != 0 {
                return Err(bad(id, "a layout fills every space, Start/End first"));
            }
            let mut seen = [false; 32];
            for &t in tiles {
                if std::mem::replace(&mut seen[t as usize], true) {
                    return Err(bad(id, "a tile twice in one layout"));
                }
            }
        }
        Ok(Content { program, tiles: parsed_tiles, cards: parsed_cards, maps, layouts })
    }

    pub fn node(&self, index: u16) -> Node {
        self.program.nodes[index as usize]
    }

    pub fn kid(&self, first: u16, i: u16) -> u16 {
        self.program.kids[(first + i) as usize]
    }

    pub fn card_index(&self, id: &str) -> Option<u8> {
        self.cards.iter().position(|c| c.id == id).map(|i| i as u8)
    }

    pub fn tile_index(&self, id: &str) -> Option<u8> {
        self.tiles.iter().position(|t| t.id == id).map(|i| i as u8)
    }

    /// The pick a card declares when it is played: its root, or the first step of a sequence at its root.
    pub fn declared_pick(&self, card: u8) -> Option<Node> {
        let root = self.node(self.cards[card as usize].effect);
        match root {
            Node::Pick { chooser: Who::Me, .. } => Some(root),
            Node::Sequence { first, len } => (0..len)
                .map(|i| self.node(self.kid(first, i)))
                .find(|n| matches!(n, Node::Pick { chooser: Who::Me, .. })),
            _ => None,
        }
    }
}
