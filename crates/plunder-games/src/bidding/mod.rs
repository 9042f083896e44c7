//! The liar's-dice bidding shared by every game that bids on hidden dice (classic liar's dice, Scallywager,
//! Lying Pirates' betting phase): bids, the order in which they raise, counting with wild faces, and the odds
//! that a bid holds. Rules only; no game state.

mod bid;
mod call;
mod count;
mod cups;
mod history;
mod odds;
pub mod strategy;
mod words;

pub use bid::{Bid, BidRules, RaiseRule, RaiseRuns, Wild};
pub use call::{count_table, Call, Revealed};
pub use count::{count_matching, CountRule, PlainCount};
pub use cups::{AllRegular, Cups, DieKind, DieKinds, PerDie, PlainCups, MAX_CUPS, MAX_DICE, REGULAR};
pub use history::{raises_in, BidAction, BidLog, BidMade};
pub use odds::{count_odds, p_at_least, p_exactly, plain_faces, CountOdds, CupSight, FacesOf};
pub use words::{bid_odds_lines, read_bid, standing_bid_odds, Sight};
