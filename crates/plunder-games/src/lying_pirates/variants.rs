//! The variant cards (`data/lying-pirates/variants.json`): each is a set of rule overrides, gathered into one
//! [`Rules`] at setup. Bad data or an unknown id is an [`OptionsError`].

use plunder_core::OptionsError;
use serde::Deserialize;

pub const VARIANTS_JSON: &str = include_str!("../../data/lying-pirates/variants.json");

/// The rule parameters a variant card may change, with the rulebook's values by default.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Coins for a bought card.
    pub card_price: u16,
    /// Coins for the captain who activates a tile in the Sail Phase.
    pub activation_coins: u16,
    /// Crew each loser of the Betting Phase loses.
    pub betting_loser_crew_loss: u8,
    /// The token flips before every Betting Phase after the first.
    pub flip_direction_each_round: bool,
    pub starting_coins: u16,
    pub starting_crew: u8,
    /// Tiles one sacrificed die moves a ship when catching up.
    pub catch_up_tiles_per_die: u8,
    /// Regular dice a crew loss must leave in a cup (1; 0 under Instant Death, when a loss may empty it).
    pub min_regular_dice: u8,
    /// A captain whose cup is empty is out of the game (Instant Death).
    pub empty_cup_is_out: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            card_price: 2,
            activation_coins: 0,
            betting_loser_crew_loss: 0,
            flip_direction_each_round: false,
            starting_coins: 2,
            starting_crew: 5,
            catch_up_tiles_per_die: 1,
            min_regular_dice: 1,
            empty_cup_is_out: false,
        }
    }
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Override {
    Sequence { steps: Vec<Override> },
    SetRule { rule: String, value: serde_json::Value },
}

#[derive(Deserialize)]
struct Entry {
    id: String,
    effect: Override,
}

#[derive(Deserialize)]
struct File {
    entries: Vec<Entry>,
}

fn bad(why: impl std::fmt::Display) -> OptionsError {
    OptionsError::new(format!("lying-pirates variants: {why}"))
}

/// Every variant id of the data file.
pub fn variant_ids() -> Result<Vec<String>, OptionsError> {
    let file: File = serde_json::from_str(VARIANTS_JSON).map_err(bad)?;
    Ok(file.entries.into_iter().map(|e| e.id).collect())
}

impl Rules {
    /// The rules with the variant cards `ids` in play.
    pub fn with_variants(ids: &[String]) -> Result<Rules, OptionsError> {
        let file: File = serde_json::from_str(VARIANTS_JSON).map_err(bad)?;
        let mut rules = Rules::default();
        for (i, id) in ids.iter().enumerate() {
            // A card is in play or not: naming it twice changes nothing, so it is a slip (for another card, likely).
            if ids[..i].contains(id) {
                return Err(bad(format!("{id} is named twice")));
            }
            let entry = file.entries.iter().find(|e| &e.id == id).ok_or_else(|| bad(format!("no variant {id}")))?;
            rules.apply(&entry.effect, id)?;
        }
        Ok(rules)
    }

    fn apply(&mut self, o: &Override, id: &str) -> Result<(), OptionsError> {
        let small = |v: &serde_json::Value, max: u64| {
            v.as_u64().filter(|&n| n <= max).ok_or_else(|| bad(format!("{id}: {v} is not a number up to {max}")))
        };
        let flag = |v: &serde_json::Value| v.as_bool().ok_or_else(|| bad(format!("{id}: {v} is not true or false")));
        match o {
            Override::Sequence { steps } => steps.iter().try_for_each(|s| self.apply(s, id)),
            Override::SetRule { rule, value } => {
                match rule.as_str() {
                    "card_price" => self.card_price = small(value, 10)?.max(1) as u16,
                    "activation_coins" => self.activation_coins = small(value, 3)? as u16,
                    "betting_loser_crew_loss" => self.betting_loser_crew_loss = small(value, 3)? as u8,
                    "flip_direction_each_round" => self.flip_direction_each_round = flag(value)?,
                    "starting_coins" => self.starting_coins = small(value, 10)? as u16,
                    "starting_crew" => self.starting_crew = small(value, 8)?.max(1) as u8,
                    "catch_up_tiles_per_die" => self.catch_up_tiles_per_die = small(value, 3)?.max(1) as u8,
                    "min_regular_dice" => self.min_regular_dice = small(value, 1)? as u8,
                    "empty_cup_is_out" => self.empty_cup_is_out = flag(value)?,
                    other => return Err(bad(format!("{id}: unknown rule {other}"))),
                }
                Ok(())
            }
        }
    }
}
