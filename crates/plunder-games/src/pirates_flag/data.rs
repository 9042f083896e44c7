//! The Pirate's Flag's designed content as data: the board (`board.json`), the 48 action cards (`cards.json`)
//! and the 8 captains (`captains.json`), embedded at build time, parsed and checked. A designer may pass other
//! files in the options; bad data is an `OptionsError`, never a panic.

use plunder_core::OptionsError;
use serde::{Deserialize, Serialize};

use crate::content_words::file_name;

pub const BOARD_JSON: &str = include_str!("../../data/pirates-flag/board.json");
pub const CARDS_JSON: &str = include_str!("../../data/pirates-flag/cards.json");
pub const CAPTAINS_JSON: &str = include_str!("../../data/pirates-flag/captains.json");

/// The most spaces a layout may have.
pub const MAX_SPACES: usize = 64;
/// The most action cards a deck may have (every card is unique: one kind each).
pub const MAX_CARDS: usize = 64;
/// The most captains a captain file may have.
pub const MAX_CAPTAIN_KINDS: usize = 16;

/// A direction along the track.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    /// Towards space 1 and The Dread Sea.
    Sea,
    /// Towards the Dread Captain's ship.
    Far,
}

impl Dir {
    pub fn flip(self) -> Dir {
        match self {
            Dir::Sea => Dir::Far,
            Dir::Far => Dir::Sea,
        }
    }
}

impl std::fmt::Display for Dir {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Dir::Sea => "towards The Dread Sea",
            Dir::Far => "away from The Dread Sea",
        })
    }
}

/// Where an entry comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Rulebook,
    Designed,
}

// ---- The board. ----

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpaceKind {
    Water,
    Hazard,
    TradingPost,
    DreadShip,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpaceEntry {
    pub space: u8,
    pub kind: SpaceKind,
    #[serde(default)]
    pub shift: i8,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<Source>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rulebook: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WaterfallEntry {
    pub id: String,
    pub top: u8,
    pub bottom: u8,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<Source>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rulebook: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DockEntry {
    pub id: String,
    pub between: [u8; 2],
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<Source>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rulebook: Option<String>,
}

/// A board file as written (`data/pirates-flag/board.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardFile {
    pub format: String,
    pub version: u32,
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub source: Option<Source>,
    #[serde(default)]
    pub note: String,
    pub length: u8,
    #[serde(default)]
    pub dread_sea: serde_json::Value,
    #[serde(default)]
    pub dread_ship: serde_json::Value,
    pub spaces: Vec<SpaceEntry>,
    pub waterfalls: Vec<WaterfallEntry>,
    pub docks: Vec<DockEntry>,
}

/// A checked layout, as fixed arrays the rules read on every step.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub name: String,
    /// Spaces 1..=length; the Dread Captain's ship is `length`.
    pub length: u8,
    pub kind: [SpaceKind; MAX_SPACES + 1],
    pub shift: [i8; MAX_SPACES + 1],
    /// The foot of the waterfall whose top is this space (0: none).
    pub fall: [u8; MAX_SPACES + 1],
    /// A dock lies between this space and the next.
    pub dock_after: [bool; MAX_SPACES + 1],
}

impl Board {
    pub fn is_hazard(&self, space: u8) -> bool {
        self.kind[space as usize] == SpaceKind::Hazard
    }

    pub fn is_trading_post(&self, space: u8) -> bool {
        self.kind[space as usize] == SpaceKind::TradingPost
    }

    /// Whether moving between two neighbouring spaces crosses a dock.
    pub fn dock_between(&self, a: u8, b: u8) -> bool {
        let low = a.min(b);
        low >= 1 && b.abs_diff(a) == 1 && self.dock_after[low as usize]
    }
}

fn bad<T>(what: &str, reason: impl std::fmt::Display) -> Result<T, OptionsError> {
    Err(OptionsError::new(format!("{what}: {reason}")))
}

/// Reads and checks a board file.
pub fn parse_board(json: &str) -> Result<Board, OptionsError> {
    let file: BoardFile = serde_json::from_str(json)
        .map_err(|e| OptionsError::new(format!("board: {}", crate::content_words::file_error(&e))))?;
    check_board(&file)
}

/// Checks a layout (the checks `board.json`'s note lists) and builds it.
pub fn check_board(file: &BoardFile) -> Result<Board, OptionsError> {
    let w = "board";
    if file.format != "plunder-pirates-flag-board" || file.version != 1 {
        return bad(w, "format must be plunder-pirates-flag-board, version 1");
    }
    let len = file.length as usize;
    if !(8..=MAX_SPACES).contains(&len) {
        return bad(w, format!("length must be 8 to {MAX_SPACES}"));
    }
    if file.spaces.len() != len {
        return bad(w, format!("{} spaces listed for a length of {len}", file.spaces.len()));
    }
    let mut board = Board {
        name: file.name.clone(),
        length: file.length,
        kind: [SpaceKind::Water; MAX_SPACES + 1],
        shift: [0; MAX_SPACES + 1],
        fall: [0; MAX_SPACES + 1],
        dock_after: [false; MAX_SPACES + 1],
    };
    for (i, s) in file.spaces.iter().enumerate() {
        if s.space as usize != i + 1 {
            return bad(w, format!("space {} is listed in place {}", s.space, i + 1));
        }
        let hazard = s.kind == SpaceKind::Hazard;
        if hazard != (s.shift == 1 || s.shift == -1) || (!hazard && s.shift != 0) {
            return bad(w, format!("space {}: a hazard has shift +1 or -1, other spaces none", s.space));
        }
        board.kind[s.space as usize] = s.kind;
        board.shift[s.space as usize] = s.shift;
    }
    for space in 1..=len {
        let is_ship = board.kind[space] == SpaceKind::DreadShip;
        if is_ship != (space == len) {
            return bad(w, "exactly one dread_ship space, the last one");
        }
        if board.kind[space] == SpaceKind::Hazard {
            if space == 1 || space == len {
                return bad(w, "no hazard at an end");
            }
            if board.kind[space - 1] == SpaceKind::Hazard || board.kind[space + 1] == SpaceKind::Hazard {
                return bad(w, format!("hazards side by side at {space}"));
            }
        }
    }
    let on_board = |s: u8| (1..=file.length).contains(&s);
    for fall in &file.waterfalls {
        let (top, bottom) = (fall.top, fall.bottom);
        if !on_board(top) || !on_board(bottom) || top == bottom {
            return bad(w, format!("waterfall {}: top and foot are two spaces on the board", fall.id));
        }
        if board.is_hazard(top) || board.is_hazard(bottom) {
            return bad(w, format!("waterfall {}: no hazard at its top or foot", fall.id));
        }
        if board.fall[top as usize] != 0 || board.fall[bottom as usize] != 0 {
            return bad(w, format!("waterfall {}: a space is the top of two waterfalls, or a foot is a top", fall.id));
        }
        board.fall[top as usize] = bottom;
    }
    for fall in &file.waterfalls {
        if board.fall[fall.bottom as usize] != 0 {
            return bad(w, format!("waterfall {}: its foot is another waterfall's top", fall.id));
        }
    }
    for dock in &file.docks {
        let [a, b] = dock.between;
        if !on_board(a) || !on_board(b) || a.abs_diff(b) != 1 {
            return bad(w, format!("dock {}: lies between two neighbouring spaces", dock.id));
        }
        let low = a.min(b) as usize;
        if board.dock_after[low] {
            return bad(w, format!("dock {}: two docks in one gap", dock.id));
        }
        board.dock_after[low] = true;
    }
    Ok(board)
}

// ---- Cards and captains. ----

/// When a card may be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    AnyTime,
    /// "On your turn...".
    YourTurn,
    /// "Instead of rolling...": in place of the movement roll of your turn.
    InsteadOfRolling,
    /// Only while the stack holds a matching item.
    Response,
    /// Only while a roll just made waits on top of the stack.
    AfterRoll,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Select {
    ClosestToSea,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    AnyCard,
    TargetsYou,
    AgainstYou,
    BattleAgainstYou,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Whose {
    Yours,
    Others,
    Any,
}

/// What a card targets, chosen when it is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TargetSpec {
    None,
    #[serde(rename = "self")]
    Own,
    Player {
        other: bool,
    },
    Ship {
        #[serde(default)]
        other: bool,
        /// `None`: anywhere.
        #[serde(default)]
        range: Option<u8>,
        #[serde(default)]
        select: Option<Select>,
    },
    Ships {
        #[serde(default)]
        range: Option<u8>,
    },
    Carrier {
        range: u8,
    },
    Stack {
        condition: Condition,
    },
    Roll {
        whose: Whose,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    #[default]
    Any,
    Movement,
    Battle,
}

/// `set_dice`: a value, or `"chosen"` (the card's player picks 1-6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SetDice {
    Value(u8),
    Word(String),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OwnDir {
    Any,
    Sea,
    Far,
    TowardFlag,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShipDir {
    TowardYou,
    AwayFromYou,
    Sea,
    Far,
    Either,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Taker {
    You,
    Target,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Guard {
    TakeFlag,
    DropFlag,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Until {
    EndOfTurn,
    YourNextTurn,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RedirectTo {
    ItsPlayer,
    Chosen,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Test {
    Even,
    Odd,
    AtLeast { value: u8 },
    AtMost { value: u8 },
}

impl Test {
    pub fn holds(self, value: u8) -> bool {
        match self {
            Test::Even => value.is_multiple_of(2),
            Test::Odd => value % 2 == 1,
            Test::AtLeast { value: n } => value >= n,
            Test::AtMost { value: n } => value <= n,
        }
    }
}

fn one() -> u8 {
    1
}

/// What a card does: the primitives every card and captain is built from (docs/rules/pirates-flag.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    ModifyRoll {
        #[serde(default)]
        add: i8,
        #[serde(default = "one")]
        times: u8,
        #[serde(default)]
        set_dice: Option<SetDice>,
        #[serde(default)]
        extra_dice: u8,
        #[serde(default)]
        direction: Option<Dir>,
        #[serde(default)]
        scope: Scope,
    },
    AdjustRoll {
        add: i8,
    },
    Reroll,
    MoveOwn {
        steps: u8,
        #[serde(default)]
        up_to: bool,
        direction: OwnDir,
    },
    MovementRoll {
        dice: u8,
        #[serde(default)]
        direction: Option<Dir>,
    },
    MoveShip {
        steps: u8,
        #[serde(default)]
        up_to: bool,
        direction: ShipDir,
    },
    SwapShips,
    TakeFlag,
    DropFlag {
        drift: u8,
        direction: Dir,
    },
    StartBattle,
    Draw {
        n: u8,
    },
    StealCard {
        n: u8,
        taker: Taker,
    },
    DiscardRandom {
        n: u8,
    },
    Trade {
        discard: u8,
        draw: u8,
    },
    Cancel,
    Redirect {
        to: RedirectTo,
    },
    Silence,
    Shield {
        against: Vec<Guard>,
        until: Until,
    },
    RollCheck {
        roller: Taker,
        test: Test,
        then: Box<Effect>,
        #[serde(default, rename = "else")]
        otherwise: Option<Box<Effect>>,
    },
}

impl Effect {
    /// Whether resolving it opens a nested frame or pushes a battle: not playable inside a nested frame.
    pub fn needs_outer_frame(&self) -> bool {
        matches!(self, Effect::RollCheck { .. } | Effect::MovementRoll { .. } | Effect::StartBattle)
    }

    /// The value `set_dice` asks for: `Some(Some(v))` a fixed value, `Some(None)` chosen, `None` no setting.
    pub fn set_dice(&self) -> Option<Option<u8>> {
        match self {
            Effect::ModifyRoll { set_dice: Some(SetDice::Value(v)), .. } => Some(Some(*v)),
            Effect::ModifyRoll { set_dice: Some(SetDice::Word(_)), .. } => Some(None),
            _ => None,
        }
    }
}

/// One action card or captain.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rulebook: Option<String>,
    pub timing: Timing,
    /// "Does not count as your 1 card per turn" (captains: always).
    #[serde(default)]
    pub free: bool,
    /// Goes on the stack (true) or takes effect at once (false).
    #[serde(default = "yes")]
    pub answerable: bool,
    pub target: TargetSpec,
    pub effect: Effect,
    pub text: String,
    /// The scenario of its test.
    #[serde(default)]
    pub test: String,
}

fn yes() -> bool {
    true
}

/// A card or captain file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    pub format: String,
    pub version: u32,
    #[serde(default)]
    pub note: String,
    pub entries: Vec<Card>,
}

/// Which file a card list is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CardList {
    Deck,
    Captains,
}

impl CardList {
    fn format(self) -> &'static str {
        match self {
            CardList::Deck => "plunder-pirates-flag-cards",
            CardList::Captains => "plunder-pirates-flag-captains",
        }
    }

    fn most(self) -> usize {
        match self {
            CardList::Deck => MAX_CARDS,
            CardList::Captains => MAX_CAPTAIN_KINDS,
        }
    }
}

/// Reads and checks a card or captain file.
pub fn parse_cards(json: &str, list: CardList) -> Result<CardFile, OptionsError> {
    let file: CardFile = serde_json::from_str(json)
        .map_err(|e| OptionsError::new(format!("{}: {}", list.format(), crate::content_words::file_error(&e))))?;
    check_cards(&file, list)?;
    Ok(file)
}

fn check_effect(effect: &Effect, nested: bool) -> Result<(), String> {
    let range = |what: &str, v: u8, lo: u8, hi: u8| {
        if (lo..=hi).contains(&v) {
            Ok(())
        } else {
            Err(format!("{what} must be {lo} to {hi}"))
        }
    };
    match effect {
        Effect::ModifyRoll { add, times, set_dice, extra_dice, .. } => {
            if !(-12..=12).contains(add) {
                return Err("add must be -12 to 12".into());
            }
            range("times", *times, 1, 2)?;
            range("extra_dice", *extra_dice, 0, 1)?;
            match set_dice {
                Some(SetDice::Value(v)) => range("set_dice", *v, 0, 6)?,
                Some(SetDice::Word(w)) if w != "chosen" => return Err("set_dice is 0-6 or \"chosen\"".into()),
                _ => {}
            }
        }
        Effect::AdjustRoll { add } if !(-12..=12).contains(add) => return Err("add must be -12 to 12".into()),
        Effect::MoveOwn { steps, .. } | Effect::MoveShip { steps, .. } => range("steps", *steps, 1, 12)?,
        Effect::MovementRoll { dice, .. } => range("dice", *dice, 1, 3)?,
        Effect::DropFlag { drift, .. } => range("drift", *drift, 0, 12)?,
        Effect::Draw { n } => range("n", *n, 1, 6)?,
        Effect::StealCard { n, .. } | Effect::DiscardRandom { n } => range("n", *n, 1, 6)?,
        Effect::Trade { discard, draw } => {
            range("discard", *discard, 1, 1)?;
            range("draw", *draw, 1, 6)?;
        }
        Effect::RollCheck { then, otherwise, .. } => {
            if nested {
                return Err("roll_check nests only other effects".into());
            }
            for inner in std::iter::once(then).chain(otherwise) {
                if !matches!(**inner, Effect::TakeFlag | Effect::StealCard { .. } | Effect::DropFlag { .. }) {
                    return Err("roll_check's then/else are take_flag, drop_flag or steal_card".into());
                }
                check_effect(inner, true)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// A target in the file's words: `target "ship" with range 2` (fields left at null or false are not named).
fn target_words(target: &TargetSpec) -> String {
    let value = serde_json::to_value(target).unwrap_or_default();
    let details: Vec<String> = value
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(field, v)| *field != "kind" && !v.is_null() && **v != serde_json::Value::Bool(false))
        .map(|(field, v)| format!("{field} {v}"))
        .collect();
    let with = if details.is_empty() { String::new() } else { format!(" with {}", details.join(", ")) };
    format!("target \"{}\"{with}", file_name(target, "kind"))
}

/// Whether `effect` can act on `target`.
fn fits(effect: &Effect, target: &TargetSpec) -> bool {
    match effect {
        Effect::AdjustRoll { .. } | Effect::Reroll => matches!(target, TargetSpec::Roll { .. }),
        Effect::Cancel | Effect::Redirect { .. } => matches!(target, TargetSpec::Stack { .. }),
        Effect::ModifyRoll { .. } | Effect::Silence | Effect::DiscardRandom { .. } => {
            matches!(target, TargetSpec::Own | TargetSpec::Player { .. })
        }
        Effect::MoveShip { .. } => matches!(target, TargetSpec::Ship { .. } | TargetSpec::Ships { .. }),
        Effect::SwapShips => matches!(target, TargetSpec::Ship { .. }),
        Effect::TakeFlag | Effect::DropFlag { .. } | Effect::StartBattle => {
            matches!(target, TargetSpec::Carrier { .. })
        }
        Effect::StealCard { .. } => matches!(target, TargetSpec::Ship { .. } | TargetSpec::Player { .. }),
        Effect::RollCheck { .. } => matches!(target, TargetSpec::Carrier { .. } | TargetSpec::Player { .. }),
        Effect::Shield { .. } => *target == TargetSpec::Own,
        Effect::MoveOwn { .. } | Effect::MovementRoll { .. } | Effect::Draw { .. } | Effect::Trade { .. } => {
            matches!(target, TargetSpec::None | TargetSpec::Own)
        }
    }
}

/// One target of each kind, to name the kinds an effect takes.
const EVERY_TARGET_KIND: [TargetSpec; 8] = [
    TargetSpec::None,
    TargetSpec::Own,
    TargetSpec::Player { other: false },
    TargetSpec::Ship { other: false, range: None, select: None },
    TargetSpec::Ships { range: None },
    TargetSpec::Carrier { range: 0 },
    TargetSpec::Stack { condition: Condition::AnyCard },
    TargetSpec::Roll { whose: Whose::Any },
];

fn check_target(card: &Card) -> Result<(), String> {
    if let TargetSpec::Ship { range: Some(r), .. }
    | TargetSpec::Ships { range: Some(r) }
    | TargetSpec::Carrier { range: r } = card.target
    {
        if r > 12 {
            return Err(format!("{}: range must be 0 to 12", target_words(&card.target)));
        }
    }
    let ok = match (card.timing, card.target) {
        (Timing::AfterRoll, TargetSpec::Roll { .. }) | (Timing::Response, TargetSpec::Stack { .. }) => true,
        (Timing::AfterRoll, _) | (Timing::Response, _) | (_, TargetSpec::Roll { .. } | TargetSpec::Stack { .. }) => {
            false
        }
        _ => true,
    };
    if !ok {
        return Err(format!(
            "timing \"{}\" with target \"{}\": timing \"after_roll\" goes with target \"roll\", \
             \"response\" with \"stack\", and only they",
            file_name(&card.timing, "kind"),
            file_name(&card.target, "kind")
        ));
    }
    if !fits(&card.effect, &card.target) {
        let takes: Vec<String> = EVERY_TARGET_KIND
            .iter()
            .filter(|t| fits(&card.effect, t))
            .map(|t| format!("\"{}\"", file_name(t, "kind")))
            .collect();
        return Err(format!(
            "{} does not fit effect \"{}\" (it takes target {})",
            target_words(&card.target),
            file_name(&card.effect, "kind"),
            takes.join(" or ")
        ));
    }
    if !card.answerable && !matches!(card.effect, Effect::Draw { .. } | Effect::Trade { .. }) {
        return Err(format!(
            "effect \"{}\" cannot be \"answerable\": false (only \"draw\" and \"trade\" can)",
            file_name(&card.effect, "kind")
        ));
    }
    if card.answerable && matches!(card.effect, Effect::Trade { .. }) {
        return Err("effect \"trade\" takes effect at once: it needs \"answerable\": false".into());
    }
    Ok(())
}

/// Checks a card or captain list: format, ids unique, 1 to the most kinds, every entry's target and effect.
pub fn check_cards(file: &CardFile, list: CardList) -> Result<(), OptionsError> {
    let what = list.format();
    if file.format != list.format() || file.version != 1 {
        return bad(what, format!("format must be {what}, version 1"));
    }
    if file.entries.is_empty() || file.entries.len() > list.most() {
        return bad(what, format!("1 to {} entries", list.most()));
    }
    for (i, card) in file.entries.iter().enumerate() {
        if file.entries[..i].iter().any(|c| c.id == card.id) {
            return bad(what, format!("id '{}' appears twice", card.id));
        }
        check_target(card)
            .and_then(|()| check_effect(&card.effect, false))
            .or_else(|e| bad(what, format!("'{}': {e}", card.id)))?;
        if list == CardList::Captains && (card.timing == Timing::InsteadOfRolling || !card.answerable) {
            return bad(
                what,
                format!("'{}': a captain cannot have timing \"instead_of_rolling\" or \"answerable\": false", card.id),
            );
        }
    }
    Ok(())
}

/// The built-in content: the Serpent's Pass, 48 cards, 8 captains.
pub fn default_content() -> (Board, CardFile, CardFile) {
    (
        parse_board(BOARD_JSON).expect("the built-in board is valid"),
        parse_cards(CARDS_JSON, CardList::Deck).expect("the built-in cards are valid"),
        parse_cards(CAPTAINS_JSON, CardList::Captains).expect("the built-in captains are valid"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_content_matches_the_box() {
        let (board, cards, captains) = default_content();
        assert_eq!(board.length, 36);
        assert_eq!(cards.entries.len(), 48, "48 unique action cards");
        assert_eq!(captains.entries.len(), 8, "8 captains");
        assert_eq!((1..=36).filter(|&s| board.is_hazard(s)).count(), 6);
        assert_eq!((1..=36).filter(|&s| board.is_trading_post(s)).count(), 2);
        assert_eq!(board.dock_after.iter().filter(|&&d| d).count(), 6);
        assert_eq!(board.fall.iter().filter(|&&f| f != 0).count(), 2);
    }

    #[test]
    fn bad_data_is_refused() {
        assert!(parse_board("{").is_err());
        let mut file: BoardFile = serde_json::from_str(BOARD_JSON).unwrap();
        file.spaces[3].kind = SpaceKind::Hazard;
        file.spaces[3].shift = 1;
        assert!(check_board(&file).is_err(), "hazards side by side (3 and 4)");
        let mut file: CardFile = serde_json::from_str(CARDS_JSON).unwrap();
        file.entries[1].id = file.entries[0].id.clone();
        assert!(check_cards(&file, CardList::Deck).is_err());
        let mut file: CardFile = serde_json::from_str(CARDS_JSON).unwrap();
        file.entries[0].timing = Timing::AfterRoll;
        assert!(check_cards(&file, CardList::Deck).is_err());
        assert!(parse_cards(CARDS_JSON, CardList::Captains).is_err(), "the wrong format");
    }
}
