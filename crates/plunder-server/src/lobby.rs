//! The lobby's REST API: the catalog of games, creating a game with its seats' join links, a game's public
//! summary, its record and replay once it is over, and rematches. Described in `openapi.json`.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use plunder_core::{Record, Viewer};
use plunder_games::games;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::hub::{best_bot, Hub, HubError, Seating};
use crate::messages::StatusInfo;
use crate::net::ClientAddress;
use crate::option_fields::{option_fields, OptionField};
use crate::store::{Fairness, GameSpec, StoreError};
use crate::table::{record_of, start_table, Table};
use crate::token::{hash_token, new_game_id, new_seed, new_token, rematch_id};

/// An error answer: a status, a stable code and a sentence. Internal failures say no more than that.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
}

impl ApiError {
    /// An error answer; its message is cut to [`MAX_MESSAGE_CHARS`] (some quote what the client sent, which may
    /// be long).
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        let mut message = message.into();
        if let Some((cut, _)) = message.char_indices().nth(MAX_MESSAGE_CHARS) {
            message.truncate(cut);
            message.push('…');
        }
        ApiError { status, code, message }
    }

    fn bad_request(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }

    fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game")
    }
}

/// The longest error message answered, in characters.
const MAX_MESSAGE_CHARS: usize = 300;

/// A JSON request body; a body that cannot be one is answered as an [`ApiError`] like every other refusal
/// (axum's own answer would be plain text): `malformed` (not JSON), `bad_body` (JSON of the wrong shape),
/// `not_json` (no JSON content type) or `too_large`.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> axum::extract::FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        use axum::extract::rejection::JsonRejection;
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(JsonBody(value)),
            Err(rejection) => {
                let code = match &rejection {
                    JsonRejection::JsonSyntaxError(_) => "malformed",
                    JsonRejection::MissingJsonContentType(_) => "not_json",
                    _ if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => "too_large",
                    _ => "bad_body",
                };
                Err(ApiError::new(rejection.status(), code, rejection.body_text()))
            }
        }
    }
}

impl From<HubError> for ApiError {
    fn from(e: HubError) -> ApiError {
        match e {
            HubError::NotFound => ApiError::not_found(),
            HubError::Full => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "game_full",
                "this game has as many connections as it takes; close another tab or try again later",
            ),
            HubError::AddressFull => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "too_many_connections",
                "this address holds as many play sockets as one address may; close some tabs or try again later",
            ),
            HubError::SeatFull => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "seat_full",
                "this seat is open in as many tabs as it may be; close one of them and try again",
            ),
            other => ApiError::from_internal(other),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        HubError::from(e).into()
    }
}

impl ApiError {
    fn from_internal(e: impl std::fmt::Display) -> ApiError {
        eprintln!("plunder serve: internal error: {e}");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "the server failed; nothing was changed")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({"error": {"code": self.code, "message": self.message}}))).into_response()
    }
}

#[derive(Serialize)]
struct BotEntry {
    name: &'static str,
    about: &'static str,
}

#[derive(Serialize)]
struct CatalogEntry {
    id: &'static str,
    name: &'static str,
    min_players: usize,
    max_players: usize,
    /// The table size of the default options.
    default_players: usize,
    bots: Vec<BotEntry>,
    options: Value,
    /// The options as form fields (the table size aside), with their meanings from the rules document.
    option_fields: Vec<OptionField>,
    /// The table people sit down to when they choose nothing, where it is not the defaults.
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<Value>,
}

/// `GET /api/catalog`: every game, its table sizes, bots and default options (also as form fields).
pub async fn catalog() -> Json<Value> {
    let entries: Vec<CatalogEntry> = games()
        .into_iter()
        .map(|info| CatalogEntry {
            id: info.id,
            name: info.name,
            min_players: info.min_players,
            max_players: info.max_players,
            default_players: info.default_players,
            bots: info.bots.iter().map(|k| BotEntry { name: k.name, about: k.about }).collect(),
            option_fields: option_fields(&info.default_options, crate::rules::doc(info.id)),
            options: info.default_options,
            table: info.table_for_people.map(|(players, options)| json!({"players": players, "options": options})),
        })
        .collect();
    Json(json!({ "games": entries }))
}

/// The body of `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    pub game: String,
    #[serde(default)]
    pub players: Option<usize>,
    #[serde(default)]
    pub options: Option<Value>,
    /// One per seat: `human`, `open` (a human seat anyone may take from the lobby's open tables), `bot` (the
    /// game's best bot) or a bot's name. Missing seats get the best bot;
    /// with none given, seat 1 is human.
    #[serde(default)]
    pub seats: Vec<String>,
    /// Fixes every hidden die and card; the game is then marked as seeded to every seat (not a fair game).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Each human seat's time bank in seconds; when it runs out the game's best bot plays for the seat.
    #[serde(default)]
    pub time_bank_secs: Option<u64>,
    /// Whether spectators may chat at this table (kept by its rematches and branches); by default they read
    /// the chat only.
    #[serde(default)]
    pub spectator_chat: bool,
}

/// A seat of a created game; `join` (humans only) carries the seat's token and is shown only now.
#[derive(Debug, Serialize, Deserialize)]
pub struct CreatedSeat {
    pub seat: u8,
    pub player: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub join: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// The answer to `POST /api/games`.
#[derive(Debug, Serialize, Deserialize)]
pub struct CreatedGame {
    pub id: String,
    pub game: String,
    pub seats: Vec<CreatedSeat>,
    pub spectate: String,
}

/// The most simulations a decision a server seat's `ismcts:N` bot may ask for: a bot's move runs on the server's
/// cores, so one table may not ask for seconds of search per move (2,000 is about a sixth of a second in Lying
/// Pirates, the slowest game to search: `plunder speed --game lying-pirates --ismcts 1000`).
pub const MAX_ISMCTS_ITERATIONS: u32 = 2_000;

/// The largest table a request may ask for (the games' own limits are lower).
const MAX_SEATS: usize = 16;
const MAX_TIME_BANK_SECS: u64 = 24 * 3600;

fn resolve_seats(game: &str, players: usize, asked: &[String]) -> Result<Vec<String>, ApiError> {
    if asked.len() > players {
        return Err(ApiError::bad_request("bad_seats", format!("{} seats given for {players} players", asked.len())));
    }
    let bots = plunder_games::game_info(game).map(|info| info.bots).unwrap_or_default();
    let best = best_bot(game);
    let mut seats: Vec<String> = Vec::with_capacity(players);
    for entry in asked {
        let entry = entry.trim();
        seats.push(match entry {
            "human" => "human".to_string(),
            OPEN => OPEN.to_string(),
            "bot" => best.clone(),
            name if bots.iter().any(|b| b.name == name) => name.to_string(),
            name if plunder_core::ismcts::parse_name(name).is_some_and(|n| n <= MAX_ISMCTS_ITERATIONS) => {
                name.to_string()
            }
            name if plunder_core::ismcts::parse_name(name).is_some() => {
                return Err(ApiError::bad_request(
                    "bad_seats",
                    format!("the server's search bots think at most ismcts:{MAX_ISMCTS_ITERATIONS}"),
                ))
            }
            other => {
                let names: Vec<&str> = bots.iter().map(|b| b.name).collect();
                return Err(ApiError::bad_request(
                    "bad_seats",
                    format!(
                        "unknown seat '{}': use human, open, bot, ismcts:N (N up to {MAX_ISMCTS_ITERATIONS}) or one of {}",
                        crate::excerpt(other, 40),
                        names.join(", ")
                    ),
                ));
            }
        });
    }
    if asked.is_empty() {
        seats.push("human".to_string());
    }
    while seats.len() < players {
        seats.push(best.clone());
    }
    Ok(seats)
}

/// Refuses a creation (or the taking of an open seat) from an address that has created its games for now
/// (`Limits::games_per_address`). A
/// request with no known address (a router called without the server's connection layer) is let through.
fn check_creation_allowance(hub: &Hub, address: Option<Extension<ClientAddress>>) -> Result<(), ApiError> {
    match address {
        Some(Extension(address)) if !hub.take_game_creation(address.limited_as()) => {
            let rate = hub.config().limits.games_per_address.per_minute;
            Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!("one address may create at most {rate} games a minute; wait a moment"),
            ))
        }
        _ => Ok(()),
    }
}

/// `POST /api/games`: creates a game; the answer holds each human seat's join link, shown only this once.
pub async fn create_game(
    State(hub): State<Arc<Hub>>,
    address: Option<Extension<ClientAddress>>,
    JsonBody(body): JsonBody<CreateGame>,
) -> Result<Response, ApiError> {
    if body.players.is_some_and(|p| p > MAX_SEATS) || body.seats.len() > MAX_SEATS {
        return Err(ApiError::bad_request("bad_players", format!("at most {MAX_SEATS} players")));
    }
    if body.time_bank_secs.is_some_and(|t| t == 0 || t > MAX_TIME_BANK_SECS) {
        return Err(ApiError::bad_request("bad_timer", format!("a time bank is 1 to {MAX_TIME_BANK_SECS} seconds")));
    }
    let options = body.options.clone().unwrap_or(Value::Null);
    if !(options.is_object() || options.is_null()) {
        return Err(ApiError::bad_request("bad_options", "options must be a JSON object"));
    }
    let players = body.players.or((!body.seats.is_empty()).then_some(body.seats.len()));
    let seed = body.seed.unwrap_or_else(new_seed);
    let table =
        start_table(&body.game, players, &options, seed).map_err(|e| ApiError::bad_request(e.code(), e.to_string()))?;
    let seats = resolve_seats(&body.game, table.session().seats(), &body.seats)?;
    let spec = GameSpec {
        game: body.game.clone(),
        options: table.session().record().options,
        seed,
        seats,
        rematch_of: None,
        time_bank_secs: body.time_bank_secs,
        spectator_chat: body.spectator_chat,
        fairness: if body.seed.is_some() { Fairness::Seeded } else { Fairness::Fair },
    };
    check_creation_allowance(&hub, address)?;
    store_new_game(&hub, spec, table, address).await
}

/// The seat value of an open seat: a human seat whose token the server keeps until someone takes it from the
/// lobby (`GET /api/open`, `POST /api/games/{id}/seats/{seat}/take`). The game's spec says `human` there.
const OPEN: &str = "open";

/// A seat's join link.
fn join_link(id: &str, seat: usize, token: &str) -> String {
    format!("/play/{id}#seat={seat}&token={token}")
}

/// Stores a new game of `spec` at `table` (its first events), starts its task, and answers with its links (each
/// human seat gets a new token, shown only in this answer). Seats given as `open` are stored as human seats whose
/// tokens the server keeps for whoever takes them; the answer shows no link for them.
async fn store_new_game(
    hub: &Arc<Hub>,
    mut spec: GameSpec,
    table: Box<dyn Table>,
    address: Option<Extension<ClientAddress>>,
) -> Result<Response, ApiError> {
    let id = new_game_id();
    let open: Vec<bool> = spec.seats.iter().map(|p| p == OPEN).collect();
    for (player, &open) in spec.seats.iter_mut().zip(&open) {
        if open {
            *player = "human".to_string();
        }
    }
    let tokens: Vec<Option<String>> = spec.seats.iter().map(|p| (p == "human").then(new_token)).collect();
    let token_hashes: Vec<(usize, String)> =
        tokens.iter().enumerate().filter_map(|(seat, token)| Some((seat, hash_token(token.as_deref()?)))).collect();
    let open_seats: Vec<(usize, String)> = tokens
        .iter()
        .enumerate()
        .filter(|(seat, _)| open[*seat])
        .filter_map(|(seat, token)| Some((seat, token.clone()?)))
        .collect();
    // The creator as the lobby's list counts them (a hash: the address itself is not kept).
    let creator = address.map(|Extension(a)| hash_token(&format!("open seats from {}", a.limited_as())));
    let events = table.entries_since(0);
    hub.store()
        .create_game_with_open_seats(&id, &spec, &token_hashes, &open_seats, creator.as_deref(), &events)
        .await?;
    let starter = address.map(|Extension(a)| a.limited_as());
    hub.start_new(&id, Seating::new(spec.clone(), token_hashes), table, starter);
    let created = CreatedGame {
        seats: spec
            .seats
            .iter()
            .zip(&tokens)
            .enumerate()
            .map(|(seat, (player, token))| {
                let token = token.clone().filter(|_| !open[seat]);
                CreatedSeat {
                    seat: seat as u8,
                    player: if open[seat] { OPEN.to_string() } else { player.clone() },
                    join: token.as_ref().map(|t| join_link(&id, seat, t)),
                    token,
                }
            })
            .collect(),
        spectate: format!("/play/{id}"),
        game: spec.game,
        id,
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// The body of `POST /api/games/{id}/branch`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BranchBody {
    /// The replay frame to branch from: the game goes on from the position after this many events (and any
    /// chance that follows them).
    pub step: usize,
    /// Who sits where in the branch, as when creating a game (default: the finished game's players).
    #[serde(default)]
    pub seats: Vec<String>,
}

/// `POST /api/games/{id}/branch`: a new game that starts where a finished game stood at `step`, to try
/// another line. The dice that follow are drawn from the same seed, so the same line replays the same rolls.
pub async fn branch(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    address: Option<Extension<ClientAddress>>,
    JsonBody(body): JsonBody<BranchBody>,
) -> Result<Response, ApiError> {
    let record = finished_record(&hub, &id).await?;
    if body.step > record.events.len() {
        return Err(ApiError::bad_request(
            "bad_step",
            format!("the game has {} events; step must be at most that", record.events.len()),
        ));
    }
    // A sampled game draws chance right after the action before it: the branch starts after those draws.
    let mut step = body.step;
    while matches!(record.events.get(step), Some(plunder_core::Entry::Chance { .. })) {
        step += 1;
    }
    let spec = hub.store().game_spec(&id).await?;
    let events = record.events[..step].to_vec();
    let table = crate::table::table_from_record(&record_of(&spec, events)).map_err(ApiError::from_internal)?;
    if table.session().outcome().is_some() {
        return Err(ApiError::bad_request("bad_step", "the game is over at that step; branch from an earlier one"));
    }
    let seats = if body.seats.is_empty() {
        spec.seats.clone()
    } else {
        resolve_seats(&spec.game, spec.seats.len(), &body.seats)?
    };
    let branch = GameSpec { seats, rematch_of: None, fairness: Fairness::Analysis { of: id.clone() }, ..spec };
    check_creation_allowance(&hub, address)?;
    store_new_game(&hub, branch, table, address).await
}

/// `GET /api/games/{id}`: what anyone may know about a game.
pub async fn game_summary(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    check_id(&id)?;
    Ok(Json(hub.summary(&id).await?).into_response())
}

/// Ids are hex; anything else is not a game (and never reaches the database).
fn check_id(id: &str) -> Result<(), ApiError> {
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ApiError::not_found());
    }
    Ok(())
}

/// The record of a finished game; a game in progress has none to give (it holds every secret).
async fn finished_record(hub: &Arc<Hub>, id: &str) -> Result<Record, ApiError> {
    check_id(id)?;
    // The game's task knows whether it is over: a running game is refused without reading its record.
    let StatusInfo::Over { outcome } = hub.summary(id).await?.status else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "in_progress",
            "the record is given once the game is over (it shows every hidden die and card)",
        ));
    };
    let spec = hub.store().game_spec(id).await?;
    let events = hub.store().events(id, 0).await?;
    let mut record = record_of(&spec, events);
    record.outcome = outcome;
    Ok(record)
}

/// `GET /api/games/{id}/record`: the record of a finished game.
pub async fn game_record(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    Ok(Json(finished_record(&hub, &id).await?).into_response())
}

#[derive(Debug, Deserialize)]
pub struct ReplayQuery {
    /// `spectator` (the default) or a seat number.
    #[serde(default)]
    pub viewer: Option<String>,
}

/// `GET /api/games/{id}/replay?viewer=...`: a finished game step by step as one viewer saw it.
pub async fn game_replay(
    State(hub): State<Arc<Hub>>,
    address: Option<Extension<ClientAddress>>,
    Path(id): Path<String>,
    Query(query): Query<ReplayQuery>,
) -> Result<Response, ApiError> {
    let viewer = match query.viewer.as_deref() {
        None | Some("spectator") => Viewer::Spectator,
        Some(seat) => match seat.parse::<u8>() {
            Ok(seat) => Viewer::Seat(plunder_core::Seat(seat)),
            Err(_) => return Err(ApiError::bad_request("bad_viewer", "viewer is `spectator` or a seat number")),
        },
    };
    check_id(&id)?;
    let key = format!("{id}/{viewer:?}");
    let text = match hub.replays().get(&key) {
        Some(text) => text,
        None => {
            // Built afresh (not one anybody has open): counted against the address, as creations are.
            if let Some(Extension(address)) = address {
                if !hub.take_replay_build(address.limited_as()) {
                    let rate = hub.config().limits.replays_per_address.per_minute;
                    return Err(ApiError::new(
                        StatusCode::TOO_MANY_REQUESTS,
                        "rate_limited",
                        format!("one address may open at most {rate} replays a minute; wait a moment"),
                    ));
                }
            }
            // One at a time, on a blocking thread: a long game's takes a second of CPU. A replay many ask for at
            // once is worked out once (the others find it kept when their turn comes), and nobody waiting holds
            // its game's record meanwhile.
            let _turn = hub.replay_turn().await.ok_or_else(|| ApiError::from_internal("no replay turn"))?;
            match hub.replays().get(&key) {
                Some(text) => text,
                None => {
                    let record = finished_record(&hub, &id).await?;
                    let build = move || {
                        let frames = crate::replay::frames(&record, viewer)?;
                        let body = json!({"game": record.game, "frames": frames, "outcome": record.outcome});
                        Ok::<axum::body::Bytes, String>(body.to_string().into())
                    };
                    let built = tokio::task::spawn_blocking(build).await.map_err(ApiError::from_internal)?;
                    let text = built.map_err(|e| ApiError::bad_request("bad_viewer", e))?;
                    hub.replays().put(key, text.clone());
                    text
                }
            }
        }
    };
    // The kept text itself, shared: an answer copies nothing.
    Ok(([(axum::http::header::CONTENT_TYPE, "application/json")], text).into_response())
}

/// The body of `POST /api/games/{id}/rematch`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RematchBody {
    /// A seat token of the finished game.
    pub token: String,
}

/// `POST /api/games/{id}/rematch`: once a game is over, a new game with the same players and options and new
/// dice; every seat's token works in it too, so each player's link leads on. Asking twice gives the same game.
pub async fn rematch(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    address: Option<Extension<ClientAddress>>,
    JsonBody(body): JsonBody<RematchBody>,
) -> Result<Response, ApiError> {
    check_id(&id)?;
    let seating = hub.seating(&id).await?;
    if seating.seat_for(&hash_token(&body.token)).is_none() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "bad_token",
            "only a player of this game can ask for a rematch",
        ));
    }
    if !matches!(hub.summary(&id).await?.status, crate::messages::StatusInfo::Over { .. }) {
        return Err(ApiError::new(StatusCode::CONFLICT, "in_progress", "a rematch is asked for once the game is over"));
    }
    let new_id = rematch_id(&id);
    // Starting one counts (joining the one another seat started does not): a chain of rematches is a chain of
    // new games, each kept.
    if let Some(Extension(address)) = address {
        if hub.seating(&new_id).await.is_err() && !hub.take_rematch(address.limited_as()) {
            let rate = hub.config().limits.games_per_address.per_minute;
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!("one address may start at most {rate} rematches a minute; wait a moment"),
            ));
        }
    }
    let seed = new_seed();
    let table = start_table(&seating.spec.game, Some(seating.spec.seats.len()), &seating.spec.options, seed)
        .map_err(ApiError::from_internal)?;
    // A new seed nobody chose: the rematch is fair, whatever the game before it was.
    let spec = GameSpec { seed, rematch_of: Some(id.clone()), fairness: Fairness::Fair, ..seating.spec.clone() };
    // A seat nobody took is open again, with the same token (still known to nobody).
    let open = hub.store().seats_left_open(&id).await?;
    let events = table.entries_since(0);
    match hub.store().create_game_with_open_seats(&new_id, &spec, &seating.token_hashes, &open, None, &events).await {
        Ok(()) => {
            let starter = address.map(|Extension(a)| a.limited_as());
            hub.start_new(&new_id, Seating::new(spec, seating.token_hashes.clone()), table, starter)
        }
        // Another seat asked first: its game stands (and its task runs, or loads on demand).
        Err(StoreError::Conflict) => hub.start(&new_id).await?,
        Err(e) => return Err(e.into()),
    }
    hub.announce_rematch(&id, &new_id).await?;
    Ok(Json(json!({"id": new_id, "play": format!("/play/{new_id}")})).into_response())
}

/// The most games `GET /api/open` lists.
const MAX_OPEN_TABLES: usize = 50;

/// A game with open seats, as `GET /api/open` lists it: public facts only.
#[derive(Debug, Serialize, Deserialize)]
pub struct OpenTable {
    pub id: String,
    pub game: String,
    /// The game's name.
    pub name: String,
    /// The seats anyone may take.
    pub open: Vec<u8>,
    pub players: usize,
    /// Each seat's player: `open`, `human` (a seat someone holds a link to) or a bot's name.
    pub seats: Vec<String>,
    /// Whether anyone could know the dice (a seeded game, an analysis branch): told before a seat is taken.
    pub fairness: Fairness,
    /// The options that are not the ones people play with, as `name = value`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub house_rules: Vec<String>,
    /// Whether the cards, tiles or board are the creator's own (`GET /api/games/{id}` gives them).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub custom_content: bool,
}

/// The most tables of one client address the open-tables list shows (its newest), so that a few addresses
/// cannot push everyone else's tables off the list.
pub const OPEN_TABLES_PER_CREATOR: usize = 3;

/// `GET /api/open`: the games not over with seats anyone may take, newest first (at most 50, at most
/// [`OPEN_TABLES_PER_CREATOR`] of one address).
pub async fn open_tables(State(hub): State<Arc<Hub>>) -> Result<Response, ApiError> {
    // A game has at most MAX_SEATS open seats: this many rows hold the newest games' every seat.
    let config = hub.config();
    let rows = hub
        .store()
        .open_seats(MAX_OPEN_TABLES * MAX_SEATS, config.open_seats_listed_for, OPEN_TABLES_PER_CREATOR)
        .await?;
    let mut games: Vec<(String, Vec<u8>)> = Vec::new();
    for (id, seat) in rows {
        match games.iter_mut().find(|(g, _)| *g == id) {
            Some((_, seats)) => seats.push(seat as u8),
            None => games.push((id, vec![seat as u8])),
        }
    }
    let mut tables = Vec::new();
    for (id, open) in games {
        if tables.len() == MAX_OPEN_TABLES {
            break;
        }
        // Read from the store: the list never loads a game (which would replay its record and run its clocks).
        // A game closes its open seats as it ends; one found over here (that closing failed) closes them now.
        let seating = match hub.seating(&id).await {
            Ok(seating) => seating,
            Err(HubError::NotFound) => continue,
            Err(e) => return Err(e.into()),
        };
        if hub.summary_if_loaded(&id).await.is_some_and(|s| matches!(s.status, StatusInfo::Over { .. })) {
            hub.store().close_open_seats(&id).await?;
            continue;
        }
        let spec = &seating.spec;
        let seats: Vec<String> = spec
            .seats
            .iter()
            .enumerate()
            .map(|(seat, player)| if open.contains(&(seat as u8)) { OPEN.to_string() } else { player.clone() })
            .collect();
        let name = plunder_games::game_info(&spec.game).map_or_else(|| spec.game.clone(), |i| i.name.to_string());
        tables.push(OpenTable {
            id,
            name,
            game: spec.game.clone(),
            open,
            players: seats.len(),
            seats,
            fairness: spec.fairness.clone(),
            house_rules: seating.terms.house_rules.clone(),
            custom_content: seating.terms.custom_content.is_some(),
        });
    }
    Ok(Json(json!({ "tables": tables })).into_response())
}

/// `POST /api/games/{id}/seats/{seat}/take`: takes an open seat; the answer holds its token and join link, given
/// to this caller alone (the seat is no longer open). 409 `taken` if someone took it first.
pub async fn take_seat(
    State(hub): State<Arc<Hub>>,
    Path((id, seat)): Path<(String, String)>,
    address: Option<Extension<ClientAddress>>,
) -> Result<Response, ApiError> {
    check_id(&id)?;
    let seat: usize = seat.parse().map_err(|_| ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such seat"))?;
    let spec = hub.seating(&id).await?.spec.clone();
    if !matches!(spec.seats.get(seat), Some(player) if player == "human") {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such open seat"));
    }
    let limited_as = address.as_ref().map(|Extension(address)| address.limited_as());
    check_creation_allowance(&hub, address)?;
    let Some(token) = hub.store().take_open_seat(&id, seat).await? else {
        // Losing a race for a seat costs nothing: only a seat taken counts against the address's allowance.
        if let Some(address) = limited_as {
            hub.give_back_game_creation(address);
        }
        return Err(ApiError::new(StatusCode::CONFLICT, "taken", "this seat is not open: someone took it first"));
    };
    let join = join_link(&id, seat, &token);
    Ok(Json(json!({"id": id, "game": spec.game, "seat": seat, "token": token, "join": join})).into_response())
}
