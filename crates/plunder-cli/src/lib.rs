//! The parts of the `plunder` command that tests and fuzz targets drive without a process: the engine
//! protocol, the record loader, the soak run, `plunder rules` (and the book's card lists made from it), and the
//! helpers that keep hostile input small in replies.

pub mod engine;
pub mod excerpt;
pub mod fuzz;
pub mod output;
pub mod rules;
pub mod search_time;
pub mod soak;
pub mod workers;
