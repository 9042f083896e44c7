//! Why a move is refused, in words, where the bare "not a legal action now" would leave a captain guessing: a
//! bet, a card, a purchase or a pass of the Cursed Die names the rule it breaks (the rules doc's "Why a move is
//! refused" cites them).

use plunder_core::Seat;

use super::content::Metal;
use super::state::{hand, Phase, State, DECK, DISCARD};
use super::{Action, LyingPirates};
use crate::bidding::Bid;

impl LyingPirates {
    /// Why `seat` may not take `action` now, when a rule says so (`None`: it is simply not offered now).
    pub(super) fn refusal(&self, s: &State, seat: Seat, action: &Action) -> Option<String> {
        match *action {
            Action::Bet { quantity, face } | Action::Exact { quantity, face } if s.phase == Phase::Betting => {
                self.bet_refusal(s, *action, Bid { quantity, face })
            }
            Action::Liar if s.phase == Phase::Betting && s.bids.last().is_none() => {
                Some("there is no bet to call yet".into())
            }
            _ if !Self::window_phase(s) || s.run.active() || s.window.holder() != Some(seat) => None,
            Action::Play { card, .. } => {
                let c = self.content.cards.get(card as usize)?;
                if s.cards.find(hand(seat), card).is_none() {
                    return Some(format!("you do not hold {}", c.name));
                }
                let (used, tier) = match c.metal {
                    Metal::Gold => (s.gold_used, "gold"),
                    Metal::Silver => (s.silver_used, "silver"),
                };
                if used.contains(seat) {
                    return Some(format!("you have played a {tier} card this round already"));
                }
                (!self.card_allowed(s, seat, card)).then(|| format!("{} is not played in this phase", c.name))
            }
            Action::Buy if s.phase != Phase::FinalWindow => {
                let (price, has) = (self.card_price(seat), s.coins[seat.index()]);
                if has < price {
                    Some(format!("a card costs {price} coins and you have {has}"))
                } else if s.cards.count(DECK) + s.cards.count(DISCARD) == 0 {
                    Some("no card is left to buy".into())
                } else {
                    None
                }
            }
            Action::PassCurse { .. } if !s.holds(seat, super::content::Special::Cursed as u8) => {
                Some("you do not hold the Cursed Die".into())
            }
            Action::PassCurse { .. } => {
                let cost = self.abilities[seat.index()].curse_pass_cost;
                (s.regular(seat) <= cost)
                    .then(|| format!("passing the Cursed Die sacrifices {cost} regular dice and you must keep 1"))
            }
            _ => None,
        }
    }

    fn bet_refusal(&self, s: &State, action: Action, bid: Bid) -> Option<String> {
        if !self.rules.biddable(bid.face) {
            return Some("a bet names a face from 2 to 6 (ones are wild)".into());
        }
        let total = self.dice_in_phase(s);
        if bid.quantity > total {
            return Some(format!("there are only {total} dice in the Betting Phase"));
        }
        let last = s.bids.last().map(|(_, b)| b);
        match (action, last) {
            (Action::Bet { .. }, None) if bid.quantity as usize > s.counted.len() => Some(format!(
                "the opening bet may name at most {} dice, one per cup in the Betting Phase",
                s.counted.len()
            )),
            (Action::Exact { .. }, None) => Some("there is no bet to call yet".into()),
            (Action::Bet { .. }, Some(_)) if !self.rules.is_raise(last, bid) => {
                Some("a bet must raise the last one: more dice, or as many of a higher face".into())
            }
            (Action::Exact { .. }, Some(l)) if bid != l && !self.rules.is_raise(last, bid) => {
                Some("an exact bet names the last bet or one it could raise to".into())
            }
            _ => None,
        }
    }
}
