//! The play socket: `GET /api/games/{id}/ws` with a seat's token (a seat) or without one (a spectator). The
//! token comes as a WebSocket subprotocol, `Sec-WebSocket-Protocol: plunder, plunder-token.TOKEN` (what the
//! browser client sends: headers stay out of proxies' logs), or as `?token=TOKEN`. The socket only carries text
//! both ways; everything else is the hub's [`Connection`].

use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Extension;
use futures_util::{SinkExt, StreamExt};
use plunder_core::{Seat, Viewer};
use serde::Deserialize;

use crate::hub::{Connection, Hub};
use crate::lobby::ApiError;
use crate::messages::ServerMessage;
use crate::net::ClientAddress;
use crate::token::hash_token;

#[derive(Debug, Deserialize)]
pub struct SocketQuery {
    #[serde(default)]
    pub token: Option<String>,
}

/// Who a token makes the caller in game `id`: its seat, or a spectator without a token.
pub async fn viewer_for(hub: &Hub, id: &str, token: Option<&str>) -> Result<Viewer, ApiError> {
    match token {
        None => Ok(Viewer::Spectator),
        Some(token) => match hub.seat_for_token(id, &hash_token(token)).await? {
            Some(seat) => Ok(Viewer::Seat(Seat(seat as u8))),
            None => Err(ApiError::new(StatusCode::FORBIDDEN, "bad_token", "this token holds no seat in this game")),
        },
    }
}

/// The subprotocol the server answers with; a client offering it may give its token as a second one,
/// `plunder-token.TOKEN`.
pub const SUBPROTOCOL: &str = "plunder";
const TOKEN_SUBPROTOCOL: &str = "plunder-token.";

/// The token a client offered as a subprotocol, if any.
fn token_in_protocols(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(axum::http::header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .find_map(|protocol| protocol.trim().strip_prefix(TOKEN_SUBPROTOCOL))
}

/// `GET /api/games/{id}/ws`: upgrades to the play socket once the origin, the game and the token are checked.
pub async fn play_socket(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(query): Query<SocketQuery>,
    headers: HeaderMap,
    address: Option<Extension<ClientAddress>>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    crate::site::check_origin(&headers, &hub.config().site)?;
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game"));
    }
    let token = token_in_protocols(&headers).or(query.token.as_deref());
    let viewer = viewer_for(&hub, &id, token).await?;
    let connection = match address {
        Some(Extension(address)) => hub.connect_from(&id, viewer, address.limited_as()).await?,
        None => hub.connect(&id, viewer).await?,
    };
    // Messages a little over the limit get a structured answer from the connection; far over it, the socket
    // closes before buffering them.
    let frame_limit = frame_limit(&hub.config().limits);
    // Reads go through a small buffer: tungstenite zeroes its whole read buffer (128 KiB by default) before
    // every read (even one that finds nothing), which cost more than everything else a move does.
    // What waits unread in the socket's own write buffer is bounded as the game's queue for the client is: a
    // client that sends pings and never reads would otherwise grow it by a pong each.
    let write_limit = hub.config().limits.outbox_bytes + frame_limit + WRITE_BUFFER_BYTES;
    let upgrade = upgrade
        .max_message_size(frame_limit)
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(WRITE_BUFFER_BYTES)
        .max_write_buffer_size(write_limit)
        .protocols([SUBPROTOCOL]);
    Ok(upgrade.on_upgrade(move |socket| pump(socket, connection)))
}

/// The largest frame a socket reads: a few times the largest message, so that a message a little over gets a
/// structured answer and one far over closes the socket (code 1009) before it is buffered.
fn frame_limit(limits: &crate::Limits) -> usize {
    limits.max_message_bytes * 4
}

/// The socket's read buffer: a client's messages are small (at most 16 KiB, usually under 100 bytes), and a
/// read that finds nothing zeroes it all the same.
const READ_BUFFER_BYTES: usize = 1024;

/// What the socket gathers before it writes (tungstenite's default).
const WRITE_BUFFER_BYTES: usize = 128 * 1024;

/// Pings a client may send a second: a keepalive needs one every few seconds at most; a flood of them (each
/// asking for a pong) closes the socket (code 1008).
const PINGS_PER_SECOND: u32 = 10;

fn text(message: &ServerMessage) -> Message {
    Message::Text(message.to_json().into())
}

/// The close code for a client dropped as too slow or for too many pings (1008, policy violation).
const POLICY_VIOLATION_CODE: u16 = 1008;
/// The close code for a frame larger than the socket takes (1009, message too big).
const TOO_BIG_CODE: u16 = 1009;
/// How long a close frame may take to go out (a client that reads nothing never gets it).
const CLOSE_WRITE_TIME: std::time::Duration = std::time::Duration::from_secs(1);

async fn pump(socket: WebSocket, mut connection: Connection) {
    let (mut sink, mut stream) = socket.split();
    // The game drops a client whose queue grew past its bound: noticed even while a write waits on a client
    // that does not read, so its socket closes (and what was queued for it is freed) at once.
    let outbox = connection.outbox();
    let (ping_interval, pong_deadline) = (connection.limits().ping_interval, connection.limits().pong_deadline);
    // One timer for both: the next ping while the client has been heard from, then the pong's deadline. Any
    // message from the client counts as its answer, so an active client is never pinged.
    let mut awaiting_pong = false;
    // Why the server ends the socket, when the client is to be told: the close code and its reason.
    let mut closing: Option<(u16, String)> = None;
    // The client's pings in the current second, and when that second began.
    let (mut pings, mut pings_since) = (0, tokio::time::Instant::now());
    let timer = tokio::time::sleep(ping_interval);
    tokio::pin!(timer);
    loop {
        tokio::select! {
            () = &mut timer => {
                if awaiting_pong { break }
                if sink.send(Message::Ping(Default::default())).await.is_err() { break }
                awaiting_pong = true;
                timer.as_mut().reset(tokio::time::Instant::now() + pong_deadline);
            }
            outgoing = connection.recv() => match outgoing {
                Some(message) => {
                    // Whatever else is queued goes out in the same write.
                    let write = async {
                        let mut sent = sink.feed(text(&message)).await.is_ok();
                        while sent {
                            match connection.try_recv() {
                                Some(message) => sent = sink.feed(text(&message)).await.is_ok(),
                                None => break,
                            }
                        }
                        sent && sink.flush().await.is_ok()
                    };
                    let sent = tokio::select! {
                        sent = write => sent,
                        () = outbox.dropped() => false,
                    };
                    if !sent { break }
                }
                None => break,
            },
            incoming = stream.next() => {
                if awaiting_pong || timer.deadline() < tokio::time::Instant::now() + ping_interval / 2 {
                    // Heard from: the next ping is a whole interval away (moved at most twice an interval, so a
                    // busy socket does not reset its timer on every message).
                    awaiting_pong = false;
                    timer.as_mut().reset(tokio::time::Instant::now() + ping_interval);
                }
                match incoming {
                    Some(Ok(Message::Text(body))) => {
                        if let Some(answer) = connection.handle_text(body.as_str()).await {
                            if sink.send(text(&answer)).await.is_err() { break }
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        let answer = ServerMessage::error("malformed", "messages are JSON text");
                        if sink.send(text(&answer)).await.is_err() { break }
                    }
                    Some(Ok(Message::Ping(_))) => {
                        if pings_since.elapsed() >= std::time::Duration::from_secs(1) {
                            (pings, pings_since) = (0, tokio::time::Instant::now());
                        }
                        pings += 1;
                        if pings > PINGS_PER_SECOND {
                            let reason = format!("too many pings: at most {PINGS_PER_SECOND} a second");
                            closing = Some((POLICY_VIOLATION_CODE, reason));
                            break;
                        }
                    }
                    Some(Ok(Message::Pong(_))) => {}
                    Some(Err(e)) => {
                        // The frame was refused before it was read whole: the only error a client causes alone.
                        let text = e.to_string();
                        if text.contains("too long") || text.contains("Space limit") {
                            let limit = frame_limit(connection.limits());
                            closing = Some((TOO_BIG_CODE, format!("message too big: a message has at most {limit} bytes")));
                        }
                        break;
                    }
                    Some(Ok(Message::Close(_))) | None => break,
                }
            }
        }
    }
    if closing.is_none() && connection.is_too_slow() {
        let limit = connection.limits().outbox_bytes;
        closing = Some((POLICY_VIOLATION_CODE, format!("too slow: more than {limit} bytes waited unread")));
    }
    if let Some((code, reason)) = closing {
        // What was queued for the client is freed now, not when its close frame is written or given up on.
        drop(connection);
        let close = Message::Close(Some(CloseFrame { code, reason: reason.into() }));
        let _ = tokio::time::timeout(CLOSE_WRITE_TIME, sink.send(close)).await;
    }
}
