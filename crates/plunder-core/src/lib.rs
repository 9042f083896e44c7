//! The engine core shared by every Plunder game.
//!
//! A game implements [`Game`]: a configuration (its options) with pure functions over a `State`. Decisions
//! are made by one seat or by several at once ([`Status::Decide`]); chance is an explicit event whose
//! outcomes carry probabilities, sampled from a seeded [`Rng`] or supplied from outside. State leaves the
//! engine only through [`Game::view`]. [`play`] checks input and changes nothing when it refuses;
//! [`Game::apply_unchecked`] is the fast path; [`Game::apply_with`] also tells what happened, to whom ([`Told`]). [`Session`] keeps a game with its [`Record`].
//!
//! **This crate does no I/O, reads no clock and has no global randomness.**

mod bot;
pub mod conformance;
mod driver;
mod dynamic;
pub mod encoding;
mod error;
mod facts;
mod forced;
mod game;
pub mod infostate;
pub mod ismcts;
pub mod levels;
pub mod lockstep;
mod narrate;
mod play;
pub mod priority;
pub mod record;
mod rng;
pub mod rollout;
mod seat;
mod session;
mod tensor_layout;
mod told;
pub mod zones;

pub use bot::{
    bot_kinds, bot_maker, bot_maker_timed, make_bot, make_bot_timed, unknown_bot_words, Bot, BotKind, BotMaker,
    RandomBot, Roster, Turn, ISMCTS_BOT, RANDOM_BOT, ROLLOUT_BOT, STRATEGY_PREFIX,
};
pub use driver::{play_game, play_game_watched, random_playout, sample_chance_until_decision, DriveError, Finished};
pub use dynamic::{BotWork, DynSession, Labeled, LabeledJson, ToldJson};
pub use encoding::{ActionCodec, TensorKind};
pub use error::{OptionsError, PlayError};
pub use facts::{Facts, Utility};
pub use forced::{forced, unasked_pass, Stops};
pub use game::{options_from_json, Game, Outcome, Piece, Status, Viewer};
pub use infostate::InfoStates;
pub use ismcts::{Clock, Timing};
pub use narrate::{winners_line, Narrate};
pub use play::{check, play, play_told, supply_chance, supply_chance_told};
pub use record::{ChanceMode, Entry, Record, RecordError};
pub use rng::{splitmix64, Rng};
pub use seat::{Seat, SeatSet};
pub use session::{Replayer, Session, Step};
pub use tensor_layout::{TensorLayout, TensorSection};
pub use told::{Audience, Silent, Teller, Told};
