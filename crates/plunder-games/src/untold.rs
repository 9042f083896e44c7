//! A game whose events are not told yet.

use serde::Serialize;

/// No event: nothing is told.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Untold {}
