//! The Plunder server: `plunder serve`. A lobby over REST, play over WebSockets, and every game stored as its
//! record's events in SQLite or PostgreSQL, so a restart (even after `kill -9`) resumes every game.
//!
//! [`app`] builds the whole HTTP application from an [`AppState`], so tests drive it without a socket.
//! Invariants: each game has one writer (its task in [`hub`]); an action is acknowledged only after its events
//! are committed; every message to a client is built from its viewer's view.

pub mod hub;
pub mod lobby;
pub mod messages;
pub mod replay;
pub mod rules;
pub mod store;
pub mod table;
pub mod token;
mod ws;

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::Router;

pub use hub::{Connection, Hub, HubConfig, Limits};
pub use store::{Backend, Store, StoreError};

/// What every request handler shares.
pub type AppState = Arc<Hub>;

/// The largest REST request body, in bytes.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The OpenAPI description of the REST API, served at `/api/openapi.json`.
pub const OPENAPI: &str = include_str!("../static/openapi.json");

const INDEX_HTML: &str = include_str!("../static/index.html");
const APP_JS: &str = include_str!("../static/app.js");
const STYLE_CSS: &str = include_str!("../static/style.css");

/// The OpenAPI description with the registered games' ids filled in, so it lists every game the server has.
pub fn openapi() -> serde_json::Value {
    let mut description: serde_json::Value = serde_json::from_str(OPENAPI).expect("openapi.json is JSON");
    let ids: Vec<&str> = plunder_games::game_ids();
    description["components"]["schemas"]["CreateGame"]["properties"]["game"]["enum"] = ids.into();
    description
}

/// The whole application: lobby API, play sockets and the browser client.
pub fn app(state: AppState) -> Router {
    let page = || async { ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], INDEX_HTML) };
    Router::new()
        .route("/", get(page))
        .route("/play/{id}", get(page))
        .route("/static/app.js", get(|| async { ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], APP_JS) }))
        .route("/static/style.css", get(|| async { ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE_CSS) }))
        .route("/rules/{game}", get(rules_page))
        .route("/api/openapi.json", get(|| async { axum::Json(openapi()) }))
        .route("/api/catalog", get(lobby::catalog))
        .route("/api/games", post(lobby::create_game))
        .route("/api/games/{id}", get(lobby::game_summary))
        .route("/api/games/{id}/record", get(lobby::game_record))
        .route("/api/games/{id}/replay", get(lobby::game_replay))
        .route("/api/games/{id}/rematch", post(lobby::rematch))
        .route("/api/games/{id}/branch", post(lobby::branch))
        .route("/api/games/{id}/ws", get(ws::play_socket))
        .fallback(|| async {
            lobby::ApiError::new(axum::http::StatusCode::NOT_FOUND, "not_found", "no such page").into_response()
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state)
}

/// `GET /rules/{game}`: the game's rules, each section at its anchor (rejections link here).
async fn rules_page(axum::extract::Path(game): axum::extract::Path<String>) -> axum::response::Response {
    match rules::page(&game) {
        Some(html) => ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response(),
        None => lobby::ApiError::new(axum::http::StatusCode::NOT_FOUND, "not_found", "no such game").into_response(),
    }
}

/// At most `max` characters of `text`, for error messages that quote input.
pub fn excerpt(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// Serves `app` on `listener` until the process is stopped.
pub async fn serve(listener: tokio::net::TcpListener, state: AppState) -> std::io::Result<()> {
    axum::serve(listener, app(state)).await
}
