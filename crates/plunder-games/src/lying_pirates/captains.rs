//! The Captain Coasters' abilities (`data/lying-pirates/captains.json`, option `captains`): each captain's
//! ability read into one [`Ability`] of plain parameters that the rules consult for its seat.

use plunder_core::OptionsError;
use serde::Deserialize;

use super::content::Special;
use super::state::{CUP_LIMIT, CURSE_PASS_COST, MAX_CUP, REROLL_PRICE};

pub const CAPTAINS_JSON: &str = include_str!("../../data/lying-pirates/captains.json");

/// What a seat's captain changes; the default is no captain (the basic rules).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ability {
    pub cup_limit: u8,
    /// Its price to reroll a Battle Die or an Action Die (outside the Final Battle).
    pub reroll_price: u16,
    /// Its price to reroll the dice that decide the game: the Sail Die (the race) and a Battle Die in the Final
    /// Battle.
    pub decisive_reroll_price: u16,
    /// Ranks added to its Battle Die in a battle of exactly two captains.
    pub duel_bonus: u8,
    /// Its price for a bought card, if cheaper than the table's.
    pub card_price: Option<u16>,
    pub curse_pass_cost: u8,
    /// Coins on top of the winner's coin when it wins a Betting Phase.
    pub betting_win_coins: u16,
    /// A special die in its cup from the start.
    pub setup_special: Option<u8>,
    /// Tiles its once-per-game move sails (0: no such ability).
    pub once_move: i8,
}

impl Ability {
    /// Its price for the reroll of a `decisive` die (the Sail Die, a Battle Die in the Final Battle) or of
    /// another Battle or Action Die.
    pub fn reroll_price(&self, decisive: bool) -> u16 {
        if decisive {
            self.decisive_reroll_price
        } else {
            self.reroll_price
        }
    }
}

impl Default for Ability {
    fn default() -> Ability {
        Ability {
            cup_limit: CUP_LIMIT,
            reroll_price: REROLL_PRICE,
            decisive_reroll_price: REROLL_PRICE,
            duel_bonus: 0,
            card_price: None,
            curse_pass_cost: CURSE_PASS_COST,
            betting_win_coins: 0,
            setup_special: None,
            once_move: 0,
        }
    }
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Effect {
    SetRule { rule: String, value: u8 },
    SpecialDie { die: Special },
    Coins { amount: u8 },
    Move { steps: i8 },
}

#[derive(Deserialize)]
struct Entry {
    id: String,
    trigger: String,
    effect: Effect,
}

#[derive(Deserialize)]
struct File {
    entries: Vec<Entry>,
}

fn bad(why: impl std::fmt::Display) -> OptionsError {
    OptionsError::new(format!("lying-pirates captains: {why}"))
}

/// Every captain id of the data file, in its order.
pub fn captain_ids() -> Result<Vec<String>, OptionsError> {
    let file: File = serde_json::from_str(CAPTAINS_JSON).map_err(bad)?;
    Ok(file.entries.into_iter().map(|e| e.id).collect())
}

/// The abilities of the captains `ids`, seat by seat (none: the basic rules for every seat).
pub fn abilities(ids: &[String], players: usize) -> Result<[Ability; 6], OptionsError> {
    let mut out = [Ability::default(); 6];
    if ids.is_empty() {
        return Ok(out);
    }
    if ids.len() != players {
        return Err(bad(format!("{} captains for {players} seats: name one per seat", ids.len())));
    }
    let file: File = serde_json::from_str(CAPTAINS_JSON).map_err(bad)?;
    for (seat, id) in ids.iter().enumerate() {
        if ids[..seat].contains(id) {
            return Err(bad(format!("{id} twice: each captain has one coaster")));
        }
        let entry = file.entries.iter().find(|e| &e.id == id).ok_or_else(|| bad(format!("no captain {id}")))?;
        let a = &mut out[seat];
        match (entry.trigger.as_str(), &entry.effect) {
            ("passive", Effect::SetRule { rule, value }) => match rule.as_str() {
                "max_cup" => a.cup_limit = (*value).clamp(1, MAX_CUP as u8),
                "reroll_cost" => {
                    a.reroll_price = *value as u16;
                    a.decisive_reroll_price = *value as u16;
                }
                "battle_reroll_cost" => a.reroll_price = *value as u16,
                "duel_rank_bonus" => a.duel_bonus = (*value).min(2),
                "card_price" => a.card_price = Some((*value).max(1) as u16),
                "curse_pass_cost" => a.curse_pass_cost = (*value).max(1),
                other => return Err(bad(format!("{id}: unknown rule {other}"))),
            },
            ("setup", Effect::SpecialDie { die }) => a.setup_special = Some(*die as u8),
            ("on_betting_win", Effect::Coins { amount }) => a.betting_win_coins = *amount as u16,
            ("once_per_game", Effect::Move { steps }) => a.once_move = *steps,
            (trigger, _) => return Err(bad(format!("{id}: trigger {trigger} with this effect is not supported"))),
        }
    }
    Ok(out)
}
