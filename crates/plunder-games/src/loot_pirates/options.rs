//! Loot Pirates' options and their defaults. See docs/rules/loot-pirates.md for why each default is what it is.

use plunder_core::{OptionsError, Rng};
use serde::{Deserialize, Serialize};

/// The most pirates at a table (the rulebook's 3-8).
pub const MAX_PIRATES: usize = 8;
/// The fewest pirates at a table.
pub const MIN_PIRATES: usize = 3;

/// How many doubloons each pirate starts with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, expecting = "starting doubloons: a number, or \"d6\"")]
pub enum StartingDoubloons {
    /// The same number for everyone (the rulebook's 4).
    Fixed(u32),
    /// Each pirate rolls a die: the rulebook's "D6 Starting Gold Variant". Written `"d6"`.
    Rolled(D6),
}

/// The tag of the D6 starting-gold variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum D6 {
    #[serde(rename = "d6")]
    D6,
}

/// Who among attackers with equal attack dice is paid first by a target who cannot pay everyone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum EqualAttackOrder {
    /// The attacker sitting first clockwise from the target.
    #[default]
    ClockwiseFromTarget,
    /// The attacker sitting first clockwise from the Captain (the Captain first).
    FromCaptain,
}

/// The options of a Loot Pirates game. Unknown fields are refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Pirates at the table, 3 to 8.
    pub players: u8,
    /// Doubloons each pirate starts with: a number (4 in the rulebook) or `"d6"`.
    pub starting_doubloons: StartingDoubloons,
    /// Doubloons in the Booty; `null` for the designed default for the table size (see [`default_booty`]).
    pub booty: Option<u32>,
    /// Doubloons in the Reserve, which tops up the last round's shares (15 in the rulebook).
    pub reserve: u32,
    /// The Captain's seat: first to negotiate and first served when the Reserve runs short.
    pub captain: u8,
    /// Offers (payments or showing dice) each pirate may make per negotiation; 0 skips negotiation.
    pub negotiation_offers: u8,
    /// The most doubloons one payment may carry.
    pub max_payment: u32,
    /// Who is paid first among attackers with equal attack dice when the target cannot pay everyone.
    pub equal_attack_order: EqualAttackOrder,
    /// Settle a shared win with the rulebook's optional shoot-off.
    pub shoot_off: bool,
    /// Shoot-off rounds before the survivors share the win.
    pub shoot_off_rounds: u32,
    /// Rounds before the game ends with Booty left (so a game where nobody is ever shot still ends).
    pub max_rounds: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options::for_players(5)
    }
}

/// The designed Booty by table size (index = players). The rulebook only says to "remove a handful" of coins
/// for fewer than 8 players. A round drains about n²/6 doubloons, so these amounts give games of about 10
/// rounds at every size, measured with the `loot` bot (see docs/rules/loot-pirates.md).
const DEFAULT_BOOTY: [u32; MAX_PIRATES + 1] = [0, 0, 0, 18, 30, 46, 64, 84, 104];

/// The designed Booty for a table of `players` (10 doubloons a pirate outside the table's range).
pub fn default_booty(players: u8) -> u32 {
    DEFAULT_BOOTY.get(players as usize).copied().filter(|&b| b > 0).unwrap_or(10 * players as u32)
}

impl Options {
    /// The rulebook's set-up for `players` pirates.
    pub fn for_players(players: u8) -> Options {
        Options {
            players,
            starting_doubloons: StartingDoubloons::Fixed(4),
            booty: None,
            reserve: 15,
            captain: 0,
            negotiation_offers: 2,
            max_payment: 2,
            equal_attack_order: EqualAttackOrder::ClockwiseFromTarget,
            shoot_off: false,
            shoot_off_rounds: 10,
            max_rounds: 50,
        }
    }

    /// Random valid options for `players` (for `plunder soak`): fixed or rolled starting doubloons, a small
    /// or the designed Booty, any Reserve, Captain, negotiation and payment limits, both equal-attack orders,
    /// the shoot-off, and a short or the default round limit.
    pub fn sample(players: u8, rng: &mut Rng) -> Options {
        Options {
            players,
            starting_doubloons: if rng.chance(1, 4) {
                StartingDoubloons::Rolled(D6::D6)
            } else {
                StartingDoubloons::Fixed(rng.between(0, 8))
            },
            booty: rng.chance(1, 2).then(|| rng.between(1, 120)),
            reserve: rng.between(0, 30),
            captain: rng.below(players.max(1) as u32) as u8,
            negotiation_offers: rng.between(0, 3) as u8,
            max_payment: rng.between(1, 4),
            equal_attack_order: [EqualAttackOrder::ClockwiseFromTarget, EqualAttackOrder::FromCaptain][rng.index(2)],
            shoot_off: rng.chance(1, 2),
            shoot_off_rounds: rng.between(1, 10),
            max_rounds: if rng.chance(1, 4) { rng.between(1, 3) } else { 50 },
        }
    }

    /// The Booty this game starts with.
    pub fn booty(&self) -> u32 {
        self.booty.unwrap_or_else(|| default_booty(self.players))
    }

    /// Refuses options the rules cannot play.
    pub fn validate(&self) -> Result<(), OptionsError> {
        let players = self.players as usize;
        if !(MIN_PIRATES..=MAX_PIRATES).contains(&players) {
            return Err(OptionsError::new(format!(
                "players must be from {MIN_PIRATES} to {MAX_PIRATES}, not {players}"
            )));
        }
        if self.captain as usize >= players {
            return Err(OptionsError::new(format!(
                "captain must be a seat from 0 to {} (P1 to P{players})",
                players - 1
            )));
        }
        if let StartingDoubloons::Fixed(n) = self.starting_doubloons {
            if n > 1_000 {
                return Err(OptionsError::new("starting_doubloons must be at most 1000"));
            }
        }
        if !(1..=100_000).contains(&self.booty()) {
            return Err(OptionsError::new("booty must be from 1 to 100000"));
        }
        if self.reserve > 100_000 {
            return Err(OptionsError::new("reserve must be at most 100000"));
        }
        if self.negotiation_offers > 10 {
            return Err(OptionsError::new("negotiation_offers must be at most 10"));
        }
        if !(1..=1_000).contains(&self.max_payment) {
            return Err(OptionsError::new("max_payment must be from 1 to 1000"));
        }
        if !(1..=1_000).contains(&self.max_rounds) {
            return Err(OptionsError::new("max_rounds must be from 1 to 1000"));
        }
        if !(1..=100).contains(&self.shoot_off_rounds) {
            return Err(OptionsError::new("shoot_off_rounds must be from 1 to 100"));
        }
        Ok(())
    }
}
