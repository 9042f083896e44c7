//! The Plunder server: `plunder serve`. A lobby over REST, play over WebSockets, and every game stored as its
//! record's events in SQLite or PostgreSQL, so a restart (even after `kill -9`) resumes every game.
//!
//! [`app`] builds the whole HTTP application from an [`AppState`], so tests drive it without a socket.
//! Invariants: each game has one writer (its task in [`hub`]); an action is acknowledged only after its events
//! are committed; every message to a client is built from its viewer's view.

pub mod game_types;
pub mod hub;
pub mod lobby;
pub mod messages;
mod net;
pub mod option_fields;
pub mod replay;
pub mod rules;
pub mod site;
mod sqlite_lock;
pub mod store;
pub mod table;
pub mod token;
mod ws;

/// Files embedded by `build.rs`: the rules documents, the book's game chapters, the browser client and the games'
/// designed content.
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::Router;

pub use hub::{default_bot_threads, Connection, Hub, HubConfig, Limits, Rate};
pub use net::{serve_with, ClientAddress, ServeConfig};
pub use site::SiteConfig;
pub use store::{Backend, Store, StoreError, Synchronous};

/// What every request handler shares.
pub type AppState = Arc<Hub>;

/// The largest REST request body, in bytes.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The OpenAPI description of the REST API, served at `/api/openapi.json`.
pub const OPENAPI: &str = include_str!("../static/openapi.json");

const INDEX_HTML: &str = include_str!("../static/index.html");

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
        .route("/favicon.ico", get(|| async { embedded_file(embedded::STATIC_FILES, "favicon.svg") }))
        .route("/static/{*file}", get(static_file))
        .route("/data/{game}/{file}", get(game_data))
        .route("/rules/{game}", get(rules_page))
        .route("/rules/{game}/rulings", get(rulings_page))
        .route("/img/{file}", get(book_image))
        .route("/health", get(health))
        .route("/api/openapi.json", get(|| async { axum::Json(openapi()) }))
        .route("/api/catalog", get(lobby::catalog))
        .route("/api/games", post(lobby::create_game))
        .route("/api/open", get(lobby::open_tables))
        .route("/api/games/{id}/seats/{seat}/take", post(lobby::take_seat))
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
        .layer(axum::middleware::map_response(json_errors))
        .layer(axum::middleware::from_fn_with_state(state.clone(), site::check_host))
        .layer(axum::middleware::from_fn(site::security_headers))
        .layer(axum::middleware::from_fn_with_state(state.clone(), site::access_log))
        .with_state(state)
}

/// How long `GET /health` waits for the database before answering 503.
pub const HEALTH_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// `GET /health`, for a load balancer: 200 `{"status": "ok", "store": "sqlite"}` when the database answers a
/// cheap query within [`HEALTH_TIMEOUT`], 503 `{"status": "unavailable", "store": ..., "error": ...}` when it
/// does not (the reason is written to standard error). Never cached.
async fn health(axum::extract::State(hub): axum::extract::State<AppState>) -> axum::response::Response {
    let store = match hub.store().backend() {
        store::Backend::Sqlite => "sqlite",
        store::Backend::Postgres => "postgres",
    };
    let (status, body) = match hub.store().ping(HEALTH_TIMEOUT).await {
        Ok(()) => (axum::http::StatusCode::OK, serde_json::json!({"status": "ok", "store": store})),
        Err(e) => {
            // The reason goes to the operator's log, not to whoever asks (it may name hosts and users).
            eprintln!("plunder: health check: the database does not answer: {e}");
            let body =
                serde_json::json!({"status": "unavailable", "store": store, "error": "the database does not answer"});
            (axum::http::StatusCode::SERVICE_UNAVAILABLE, body)
        }
    };
    (status, [(header::CACHE_CONTROL, "no-store")], axum::Json(body)).into_response()
}

/// Every refusal in the one JSON error shape, `{"error": {"code", "message"}}`: axum's own (a wrong method, a
/// body over the limit, a socket request without its upgrade headers) come as plain text, and are rewritten here
/// with a code from their status and their text as the message. Pages (HTML) and JSON pass as they are.
async fn json_errors(response: axum::response::Response) -> axum::response::Response {
    let status = response.status();
    let kind = response.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !(status.is_client_error() || status.is_server_error()) || kind.starts_with("application/json") {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let message = match text.trim() {
        "" => status.canonical_reason().unwrap_or("refused").to_lowercase(),
        text => text.to_string(),
    };
    let code = match status.as_u16() {
        404 => "not_found",
        405 => "method_not_allowed",
        413 => "too_large",
        415 => "unsupported_media_type",
        426 => "upgrade_required",
        400..=499 => "bad_request",
        _ => "internal",
    };
    let mut answer = lobby::ApiError::new(status, code, message).into_response();
    // Keep what the refusal says beside its body (`Allow` on a wrong method, say).
    parts.headers.remove(header::CONTENT_TYPE);
    parts.headers.remove(header::CONTENT_LENGTH);
    answer.headers_mut().extend(parts.headers);
    answer
}

/// `GET /rules/{game}`: how to play the game, the players' chapter of the book.
async fn rules_page(axum::extract::Path(game): axum::extract::Path<String>) -> axum::response::Response {
    html_page(rules::page(&game))
}

/// `GET /rules/{game}/rulings`: the developers' rulings, each section at its anchor (rejections link here).
async fn rulings_page(axum::extract::Path(game): axum::extract::Path<String>) -> axum::response::Response {
    html_page(rules::rulings_page(&game))
}

fn html_page(html: Option<String>) -> axum::response::Response {
    match html {
        Some(html) => ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response(),
        None => lobby::ApiError::new(axum::http::StatusCode::NOT_FOUND, "not_found", "no such game").into_response(),
    }
}

/// `GET /img/{file}`: a picture the players' chapters show (from `docs/img/`).
async fn book_image(axum::extract::Path(file): axum::extract::Path<String>) -> axum::response::Response {
    match embedded::BOOK_IMAGES.iter().find(|(name, _)| *name == file) {
        Some((_, bytes)) => ([(header::CONTENT_TYPE, image_type(&file))], *bytes).into_response(),
        None => lobby::ApiError::new(axum::http::StatusCode::NOT_FOUND, "not_found", "no such picture").into_response(),
    }
}

fn image_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("svg") => "image/svg+xml",
        Some("jpg" | "jpeg") => "image/jpeg",
        _ => "image/png",
    }
}

/// `GET /static/{file}`: a file of the browser client.
async fn static_file(axum::extract::Path(file): axum::extract::Path<String>) -> axum::response::Response {
    embedded_file(embedded::STATIC_FILES, &file)
}

/// `GET /data/{game}/{file}`: a game's designed content (its public data files: cards, tiles, boards), which the
/// client draws card faces and boards from.
async fn game_data(
    axum::extract::Path((game, file)): axum::extract::Path<(String, String)>,
) -> axum::response::Response {
    embedded_file(embedded::GAME_DATA, &format!("{game}/{file}"))
}

fn embedded_file(files: &'static [(&'static str, &'static str)], name: &str) -> axum::response::Response {
    let Some((_, text)) = files.iter().find(|(path, _)| *path == name) else {
        return lobby::ApiError::new(axum::http::StatusCode::NOT_FOUND, "not_found", "no such file").into_response();
    };
    let kind = match name.rsplit('.').next() {
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json") => "application/json",
        Some("html") => "text/html; charset=utf-8",
        Some("svg") => "image/svg+xml",
        _ => "text/plain; charset=utf-8",
    };
    ([(header::CONTENT_TYPE, kind)], *text).into_response()
}

/// At most `max` characters of `text`, for error messages that quote input.
pub fn excerpt(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// Serves `app` on `listener` with the default [`ServeConfig`] until the process is stopped.
pub async fn serve(listener: tokio::net::TcpListener, state: AppState) -> std::io::Result<()> {
    serve_with(listener, state, ServeConfig::default()).await
}
