//! The parts of the `plunder` command that tests and fuzz targets drive without a process: the engine
//! protocol, the record loader, the soak run, and the helpers that keep hostile input small in replies.

pub mod engine;
pub mod excerpt;
pub mod fuzz;
pub mod output;
pub mod search_time;
pub mod soak;
pub mod workers;
