//! Classic liar's dice options. The defaults are OpenSpiel's `liars_dice`.

use plunder_core::{OptionsError, Rng};
use serde::{Deserialize, Serialize};

use crate::bidding::{BidRules, RaiseRule, Wild};

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = crate::bidding::MAX_CUPS;
/// The most dice one player starts with.
pub const MAX_DICE: usize = crate::bidding::MAX_DICE;

/// Dice per player: one number for everyone, or one per seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, expecting = "dice per player: a number from 1 to 10, or a list with one number per seat")]
pub enum DiceCount {
    Same(u8),
    PerSeat(Vec<u8>),
}

/// How long a game lasts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Length {
    /// One round: the call decides the game (OpenSpiel).
    #[default]
    OneRound,
    /// Dudo / Perudo: the loser of each round loses a die; the last player with dice wins.
    ToLastDie,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// 2 to 6 players.
    pub players: u8,
    /// Dice per player (1 to 10 each): `5`, or `[5, 3]` one per seat.
    pub dice: DiceCount,
    /// Faces per die, 2 to 12.
    pub faces: u8,
    /// `none`, `ones` or `highest`.
    pub wild: Wild,
    /// Whether the wild face may be bid on.
    pub wild_biddable: bool,
    /// `quantity_major` or `face_major`.
    pub raise: RaiseRule,
    /// Whether a player may call the last bid exact instead of raising or calling liar.
    pub exact: bool,
    /// `one_round` or `to_last_die`.
    pub length: Length,
    /// To-the-last-die games end after this many rounds (most dice wins) so that every game ends.
    pub max_rounds: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: 2,
            dice: DiceCount::Same(1),
            faces: 6,
            wild: Wild::Highest,
            wild_biddable: true,
            raise: RaiseRule::QuantityMajor,
            exact: false,
            length: Length::OneRound,
            max_rounds: 500,
        }
    }
}

impl Options {
    pub fn for_players(players: u8) -> Options {
        Options { players, ..Options::default() }
    }

    /// Random valid options for `players` (for `plunder soak`): dice alike or per seat, any faces, wilds and
    /// raise order, exact calls, one round or to the last die with a short or the default round limit.
    pub fn sample(players: u8, rng: &mut Rng) -> Options {
        let dice = if rng.chance(1, 3) {
            DiceCount::PerSeat((0..players).map(|_| rng.between(1, 5) as u8).collect())
        } else {
            DiceCount::Same(rng.between(1, 5) as u8)
        };
        Options {
            players,
            dice,
            faces: rng.between(2, 12) as u8,
            wild: [Wild::None, Wild::Ones, Wild::Highest][rng.index(3)],
            wild_biddable: rng.chance(1, 2),
            raise: [RaiseRule::QuantityMajor, RaiseRule::FaceMajor][rng.index(2)],
            exact: rng.chance(1, 2),
            length: [Length::OneRound, Length::ToLastDie][rng.index(2)],
            max_rounds: if rng.chance(1, 4) { rng.between(1, 3) } else { 500 },
        }
    }

    /// Dudo as usually played: 5 dice each, ones wild and not bid on, exact calls, to the last die.
    pub fn dudo(players: u8) -> Options {
        Options {
            players,
            dice: DiceCount::Same(5),
            wild: Wild::Ones,
            wild_biddable: false,
            exact: true,
            length: Length::ToLastDie,
            ..Options::default()
        }
    }

    pub fn bid_rules(&self) -> BidRules {
        BidRules {
            faces: self.faces,
            wild: self.wild,
            wild_biddable: self.wild_biddable,
            min_face: 1,
            raise: self.raise,
        }
    }

    /// Starting dice of `seat`.
    pub fn dice_of(&self, seat: usize) -> u8 {
        match &self.dice {
            DiceCount::Same(n) => *n,
            DiceCount::PerSeat(v) => v.get(seat).copied().unwrap_or(0),
        }
    }

    /// Whether `other` plays the same game: equal but for how the dice are written (`1` or `[1, 1]`) and, in
    /// one-round games, the unused `max_rounds`.
    pub fn same_game(&self, other: &Options) -> bool {
        let normal = |o: &Options| Options {
            dice: DiceCount::PerSeat((0..o.players as usize).map(|s| o.dice_of(s)).collect()),
            max_rounds: if o.length == Length::OneRound { 0 } else { o.max_rounds },
            ..o.clone()
        };
        normal(self) == normal(other)
    }

    pub fn validate(&self) -> Result<(), OptionsError> {
        let players = self.players as usize;
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(OptionsError::new(format!(
                "players must be from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}"
            )));
        }
        if let DiceCount::PerSeat(v) = &self.dice {
            if v.len() != players {
                return Err(OptionsError::new(format!("dice lists {} cups for {players} players", v.len())));
            }
        }
        if (0..players).any(|s| !(1..=MAX_DICE as u8).contains(&self.dice_of(s))) {
            return Err(OptionsError::new(format!("each player has 1 to {MAX_DICE} dice")));
        }
        if !(2..=12).contains(&self.faces) {
            return Err(OptionsError::new("faces must be from 2 to 12"));
        }
        if !(1..=self.faces).any(|f| self.bid_rules().biddable(f)) {
            return Err(OptionsError::new("no face can be bid on"));
        }
        if !(1..=100_000).contains(&self.max_rounds) {
            return Err(OptionsError::new("max_rounds must be from 1 to 100000"));
        }
        Ok(())
    }
}
