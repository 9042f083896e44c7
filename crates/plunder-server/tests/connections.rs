//! The server over real loopback sockets: no client holds a connection forever, and no address takes every
//! connection. Timeouts are set small here, so each test takes a second or two.

mod support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use plunder_core::{Seat, Viewer};
use plunder_server::hub::HubError;
use plunder_server::{HubConfig, Limits, ServeConfig};
use serde_json::json;
use support::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// Connects from `from` (any loopback address: on Linux all of 127.0.0.0/8 is this machine).
async fn connect_from(from: [u8; 4], server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).expect("a loopback source address binds");
    socket.connect(server).await.expect("the server accepts the TCP connection")
}

/// The status line of `GET /api/catalog` asked on a new connection from `from`.
async fn catalog_status(from: [u8; 4], server: SocketAddr) -> String {
    let mut socket = connect_from(from, server).await;
    socket.write_all(b"GET /api/catalog HTTP/1.1\r\nhost: plunder\r\nconnection: close\r\n\r\n").await.unwrap();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), socket.read_to_end(&mut answer)).await;
    read.expect("an answer within 5 s").expect("the answer is read to its end");
    String::from_utf8_lossy(&answer).lines().next().unwrap_or_default().to_string()
}

/// The catalog's status line from `from`, asked again for up to a second until it is served (a closed
/// connection gives its place back a moment after it closes).
async fn served_soon(from: [u8; 4], server: SocketAddr) -> String {
    let mut status = String::new();
    for _ in 0..40 {
        status = catalog_status(from, server).await;
        if status.contains("200") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    status
}

/// How long until the server closes `socket` (reads end or fail), at most `limit`.
async fn closed_within(socket: &mut TcpStream, limit: Duration) -> Option<Duration> {
    let started = Instant::now();
    let mut buffer = [0u8; 4096];
    let read_until_closed = async {
        loop {
            match socket.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    };
    tokio::time::timeout(limit, read_until_closed).await.ok().map(|()| started.elapsed())
}

fn small_timeouts() -> ServeConfig {
    ServeConfig {
        header_read_timeout: Duration::from_millis(500),
        body_read_timeout: Duration::from_millis(500),
        ..ServeConfig::default()
    }
}

#[tokio::test]
async fn silent_and_half_sent_requests_are_closed_after_the_header_timeout() {
    let (server, _hub, _db) = serve_on_loopback(HubConfig::default(), small_timeouts()).await;
    let mut silent = connect_from([127, 0, 0, 1], server).await;
    let mut half_sent = connect_from([127, 0, 0, 1], server).await;
    half_sent.write_all(b"GET /api/catalog HTTP/1.1\r\nhost: plunder\r\n").await.unwrap();
    // A kept-alive connection that asks nothing more after its answer.
    let mut kept_alive = connect_from([127, 0, 0, 1], server).await;
    kept_alive.write_all(b"GET /api/openapi.json HTTP/1.1\r\nhost: plunder\r\n\r\n").await.unwrap();
    let limit = Duration::from_secs(3);
    let (silent_closed, half_sent_closed, kept_alive_closed) = tokio::join!(
        closed_within(&mut silent, limit),
        closed_within(&mut half_sent, limit),
        closed_within(&mut kept_alive, limit)
    );
    let cases = [("silent", silent_closed), ("half-sent headers", half_sent_closed), ("kept-alive", kept_alive_closed)];
    for (name, closed) in cases {
        let closed = closed.unwrap_or_else(|| panic!("a {name} connection is closed within 3 s"));
        assert!(closed >= Duration::from_millis(300), "{name}: closed after {closed:?}, before its timeout");
    }
    assert!(catalog_status([127, 0, 0, 1], server).await.contains("200"), "a whole request is still answered");
}

#[tokio::test]
async fn a_request_body_that_stops_arriving_is_cut_off_after_the_body_timeout() {
    let (server, _hub, _db) = serve_on_loopback(HubConfig::default(), small_timeouts()).await;
    let mut socket = connect_from([127, 0, 0, 1], server).await;
    let head =
        "POST /api/games HTTP/1.1\r\nhost: plunder\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n";
    socket.write_all(head.as_bytes()).await.unwrap();
    socket.write_all(br#"{"game": "#).await.unwrap();
    let started = Instant::now();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(3), socket.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the connection is answered and closed within 3 s");
    assert!(started.elapsed() >= Duration::from_millis(300), "not before the body's timeout");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 4"), "a refusal: {answer}");
    assert!(answer.contains("did not arrive"), "{answer}");
}

#[tokio::test]
async fn an_address_over_its_cap_is_refused_while_another_address_is_served() {
    let serve = ServeConfig { max_connections_per_address: 3, max_connections: 100, ..ServeConfig::default() };
    let (server, _hub, _db) = serve_on_loopback(HubConfig::default(), serve).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(connect_from([127, 0, 0, 1], server).await);
    }
    let refused = catalog_status([127, 0, 0, 1], server).await;
    assert!(refused.starts_with("HTTP/1.1 503"), "the fourth from one address is refused: {refused}");
    assert!(catalog_status([127, 0, 0, 2], server).await.contains("200"), "another address is served");
    // A connection that closes gives its place back.
    held.pop();
    let status = served_soon([127, 0, 0, 1], server).await;
    assert!(status.contains("200"), "once one of its connections closed, the address is served: {status}");
}

#[tokio::test]
async fn over_the_global_cap_every_address_is_refused_until_a_connection_closes() {
    let serve = ServeConfig { max_connections: 4, max_connections_per_address: 100, ..ServeConfig::default() };
    let (server, _hub, _db) = serve_on_loopback(HubConfig::default(), serve).await;
    // Kept-alive connections that have each asked something: clients, never closed to make room.
    let mut held = Vec::new();
    for source in 1..=4 {
        let mut socket = connect_from([127, 0, 0, source], server).await;
        socket.write_all(b"GET /health HTTP/1.1\r\nhost: plunder\r\n\r\n").await.unwrap();
        let mut head = [0u8; 64];
        let read = tokio::time::timeout(Duration::from_secs(5), socket.read(&mut head)).await;
        assert!(read.expect("an answer within 5 s").unwrap() > 0);
        held.push(socket);
    }
    for source in [1, 5] {
        let refused = catalog_status([127, 0, 0, source], server).await;
        assert!(refused.starts_with("HTTP/1.1 503"), "127.0.0.{source} over the global cap: {refused}");
    }
    held.clear();
    let status = served_soon([127, 0, 0, 5], server).await;
    assert!(status.contains("200"), "served again once connections closed: {status}");
}

/// Found by an attack trial: 60 silent sockets from each of 16 addresses, each under its address's cap and
/// reopened as soon as the header timeout closed it, filled the global cap, and a real client got 503 in 55 of
/// 59 tries. At the cap, the oldest connection that has sent nothing is closed for a newcomer.
#[tokio::test]
async fn at_the_global_cap_the_oldest_silent_connection_makes_room_for_a_new_one() {
    let serve = ServeConfig { max_connections: 4, max_connections_per_address: 100, ..ServeConfig::default() };
    let (server, _hub, _db) = serve_on_loopback(HubConfig::default(), serve).await;
    let mut silent = Vec::new();
    for source in 1..=4 {
        silent.push(connect_from([127, 0, 0, source], server).await);
        // Accepted in this order.
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    for round in 0..3 {
        let status = catalog_status([127, 0, 0, 9], server).await;
        assert!(status.contains("200"), "round {round}: a client that speaks is served at the cap: {status}");
    }
    let oldest = closed_within(&mut silent[0], Duration::from_secs(2)).await;
    assert!(oldest.is_some(), "the oldest silent connection was closed to make room");
    let newest = closed_within(&mut silent[3], Duration::from_millis(300)).await;
    assert!(newest.is_none(), "three newcomers closed the three oldest silent connections, not the newest");
}

#[tokio::test]
async fn the_lobby_answers_while_one_address_holds_many_silent_sockets_and_that_address_once_they_time_out() {
    const SILENT: usize = 40;
    let serve = ServeConfig { max_connections: 20, max_connections_per_address: 8, ..small_timeouts() };
    let (server, _hub, _db) = serve_on_loopback(HubConfig::default(), serve).await;
    let mut silent = Vec::new();
    for _ in 0..SILENT {
        silent.push(connect_from([127, 0, 0, 1], server).await);
    }
    let started = Instant::now();
    // Without a cap per address, the silent sockets would fill the global cap until they time out.
    assert!(catalog_status([127, 0, 0, 2], server).await.contains("200"), "another address is served at once");
    // The silent ones are closed by the header timeout, and their address is served again.
    let mut status = String::new();
    for _ in 0..60 {
        status = catalog_status([127, 0, 0, 1], server).await;
        if status.contains("200") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(status.contains("200"), "the silent sockets' address is served once they timed out: {status}");
    assert!(started.elapsed() < Duration::from_secs(3));
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

async fn spectate(server: SocketAddr, id: &str) -> Socket {
    let url = format!("ws://{server}/api/games/{id}/ws");
    tokio_tungstenite::connect_async(url).await.expect("the socket opens").0
}

/// How long until the server ends `socket`, at most `limit`.
async fn socket_closed_within(socket: &mut Socket, limit: Duration) -> Option<Duration> {
    let started = Instant::now();
    let until_closed = async {
        loop {
            match socket.next().await {
                Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => {}
            }
        }
    };
    tokio::time::timeout(limit, until_closed).await.ok().map(|()| started.elapsed())
}

#[tokio::test]
async fn a_websocket_that_never_answers_pings_is_closed_and_one_that_does_stays_open() {
    let limits = Limits {
        ping_interval: Duration::from_millis(300),
        pong_deadline: Duration::from_millis(500),
        ..Limits::default()
    };
    let (server, hub, _db) =
        serve_on_loopback(HubConfig { limits, ..HubConfig::default() }, ServeConfig::default()).await;
    let game = create(&hub, json!({"game": "liars-dice", "seats": ["human", "human"], "seed": 1})).await;
    let mut deaf = spectate(server, &game.id).await;
    let mut answering = spectate(server, &game.id).await;
    // The answering client reads (tungstenite answers each ping as it reads); the deaf one reads nothing, so it
    // never answers.
    let still_open = socket_closed_within(&mut answering, Duration::from_millis(1500)).await;
    assert_eq!(still_open, None, "a client that answers its pings is kept");
    // By now the deaf socket has been pinged and its deadline passed.
    let closed = socket_closed_within(&mut deaf, Duration::from_millis(800)).await;
    assert!(closed.is_some(), "a client that never answers is closed within ping interval + deadline");
}

#[tokio::test]
async fn a_websocket_idle_both_ways_is_closed_after_the_idle_timeout() {
    // Pings far apart, so only the socket's idle timeout can end it.
    let limits = Limits { ping_interval: Duration::from_secs(600), ..Limits::default() };
    let serve = ServeConfig { idle_timeout: Duration::from_millis(500), ..ServeConfig::default() };
    let (server, hub, _db) = serve_on_loopback(HubConfig { limits, ..HubConfig::default() }, serve).await;
    let game = create(&hub, json!({"game": "liars-dice", "seats": ["human", "human"], "seed": 1})).await;
    let mut socket = spectate(server, &game.id).await;
    let closed = socket_closed_within(&mut socket, Duration::from_secs(3)).await;
    let closed = closed.expect("an idle socket is closed within 3 s");
    assert!(closed >= Duration::from_millis(300), "not before its idle timeout: {closed:?}");
}

#[tokio::test]
async fn a_game_takes_spectators_up_to_its_cap_and_its_seats_beyond_it_each_up_to_its_own_cap() {
    let limits = Limits { max_sockets_per_game: 2, max_sockets_per_seat: 1, ..Limits::default() };
    let (hub, _db) = sqlite_hub_with(HubConfig { limits, ..HubConfig::default() }).await;
    let game = create(&hub, json!({"game": "liars-dice", "seats": ["human", "human"], "seed": 1})).await;
    let _first = hub.connect(&game.id, Viewer::Spectator).await.unwrap();
    let _second = hub.connect(&game.id, Viewer::Spectator).await.unwrap();
    let third = hub.connect(&game.id, Viewer::Spectator).await;
    assert!(matches!(third, Err(HubError::Full)), "a spectator over the game's cap is refused");
    let seat = hub.connect(&game.id, Viewer::Seat(Seat(0))).await;
    assert!(seat.is_ok(), "spectators never lock a seat out of its game");
    let again = hub.connect(&game.id, Viewer::Seat(Seat(0))).await;
    assert!(matches!(again, Err(HubError::SeatFull)), "a seat over its own cap is refused, as the seat's");
    let other_seat = hub.connect(&game.id, Viewer::Seat(Seat(1))).await;
    assert!(other_seat.is_ok(), "the other seat still joins");
    // Seats count toward the spectators' cap; once they and a spectator leave, a spectator is let in (a leave
    // reaches the game before a later join).
    drop((seat, other_seat, _first));
    assert!(hub.connect(&game.id, Viewer::Spectator).await.is_ok(), "a place freed is taken again");
}

#[tokio::test]
async fn a_websocket_keeps_its_place_under_the_address_cap_until_it_closes() {
    let serve = ServeConfig { max_connections_per_address: 2, ..ServeConfig::default() };
    let (server, hub, _db) = serve_on_loopback(HubConfig::default(), serve).await;
    let game = create(&hub, json!({"game": "liars-dice", "seats": ["human", "human"], "seed": 1})).await;
    let first = spectate(server, &game.id).await;
    let _second = spectate(server, &game.id).await;
    let refused = catalog_status([127, 0, 0, 1], server).await;
    assert!(refused.starts_with("HTTP/1.1 503"), "two open WebSockets fill the address's cap: {refused}");
    drop(first);
    let status = served_soon([127, 0, 0, 1], server).await;
    assert!(status.contains("200"), "a closed WebSocket gives its place back: {status}");
}

/// A WebSocket to game `id` from `from`, as seat `token`'s or a spectator's, with a small receive buffer (so a
/// client that reads nothing soon holds the server's writes up rather than the system's buffers taking them).
async fn websocket_from(from: [u8; 4], server: SocketAddr, id: &str, token: Option<&str>) -> Socket {
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket.bind(SocketAddr::from((from, 0))).expect("a loopback source address binds");
    let stream = socket.connect(server).await.expect("the server accepts the TCP connection");
    let query = token.map(|token| format!("?token={token}")).unwrap_or_default();
    let url = format!("ws://{server}/api/games/{id}/ws{query}");
    let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    tokio_tungstenite::client_async(url, stream).await.expect("the socket opens").0
}

#[tokio::test]
async fn a_websocket_that_never_reads_is_closed_as_too_slow_once_its_queue_passes_the_byte_bound() {
    const BOUND: usize = 16 * 1024;
    let limits = Limits { outbox_bytes: BOUND, ..Limits::default() };
    let (server, hub, _db) =
        serve_on_loopback(HubConfig { limits, ..HubConfig::default() }, ServeConfig::default()).await;
    let game = create(&hub, json!({"game": "liars-dice", "seats": ["human", "human"], "seed": 1})).await;
    let token = game.seats[0].token.clone().expect("a human seat has a token");
    let mut deaf = websocket_from([127, 0, 0, 1], server, &game.id, Some(&token)).await;
    let started = Instant::now();
    let mut most_queued = 0;
    let mut dropped = false;
    // Every spectator that comes and goes sends the deaf seat two tables; its socket is dropped once they pile
    // up past the bound, which the next spectator's table shows (the seat is no longer connected).
    for _ in 0..2000 {
        let mut watcher = hub.connect(&game.id, Viewer::Spectator).await.unwrap();
        let table = next_table(&mut watcher).await;
        most_queued = most_queued.max(hub.queued_bytes());
        if !table.seats[0].connected {
            dropped = true;
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "dropped within 20 s");
    }
    assert!(dropped, "the seat that never read was dropped");
    assert!(most_queued <= 2 * BOUND, "the server held at most its bound for the deaf socket: {most_queued} B");
    // Reading now, the client finds the tables that went out before, then the reason.
    let frame = close_frame(&mut deaf).await;
    assert_eq!(u16::from(frame.code), 1008);
    assert!(frame.reason.contains("too slow"), "{}", frame.reason);
}

#[tokio::test]
async fn chat_from_many_websockets_of_one_address_is_limited_as_one_while_another_address_chats() {
    use tokio_tungstenite::tungstenite::Message;
    let limits = Limits { chat_per_address: plunder_server::Rate { burst: 2, per_minute: 1 }, ..Limits::default() };
    let (server, hub, _db) =
        serve_on_loopback(HubConfig { limits, ..HubConfig::default() }, ServeConfig::default()).await;
    let body = json!({"game": "liars-dice", "seats": ["human", "human"], "seed": 1, "spectator_chat": true});
    let game = create(&hub, body).await;
    let mut crowd = Vec::new();
    for _ in 0..6 {
        crowd.push(websocket_from([127, 0, 0, 1], server, &game.id, None).await);
    }
    let line = Message::text(r#"{"type":"chat","text":"yo ho"}"#);
    for socket in &mut crowd {
        futures_util::SinkExt::send(socket, line.clone()).await.unwrap();
    }
    let mut other = websocket_from([127, 0, 0, 2], server, &game.id, None).await;
    futures_util::SinkExt::send(&mut other, line.clone()).await.unwrap();
    let mut stored = 0;
    for _ in 0..100 {
        stored = hub.store().chat(&game.id).await.unwrap().len();
        if stored >= 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Give any line over the limit the time to land, were it let through.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let lines = hub.store().chat(&game.id).await.unwrap().len();
    assert_eq!((stored, lines), (3, 3), "two lines from the six sockets of 127.0.0.1, one from 127.0.0.2");
}

/// A frame far over the message limit closes the socket with code 1009 ("message too big"), not a bare drop.
#[tokio::test]
async fn a_frame_far_over_the_limit_closes_the_socket_with_code_1009() {
    let (server, hub, _db) = serve_on_loopback(HubConfig::default(), ServeConfig::default()).await;
    let game = create(&hub, json!({"game": "liars-dice", "seats": ["human", "human"]})).await;
    let mut socket = websocket_from([127, 0, 0, 1], server, &game.id, None).await;
    let huge = "x".repeat(Limits::default().max_message_bytes * 8);
    socket.send(tokio_tungstenite::tungstenite::Message::Text(huge.into())).await.expect("the frame is sent");
    let frame = close_frame(&mut socket).await;
    assert_eq!(u16::from(frame.code), 1009, "{}", frame.reason);
    assert!(frame.reason.contains("too big"), "{}", frame.reason);
}

/// A client that floods pings (each asking for a pong) is closed with code 1008, whether or not it reads: it
/// cannot make the server queue a pong for each.
#[tokio::test]
async fn a_flood_of_pings_closes_the_socket_with_code_1008() {
    use tokio_tungstenite::tungstenite::Message;
    let (server, hub, _db) = serve_on_loopback(HubConfig::default(), ServeConfig::default()).await;
    let game = create(&hub, json!({"game": "liars-dice", "seats": ["human", "human"]})).await;
    let mut socket = websocket_from([127, 0, 0, 1], server, &game.id, None).await;
    // A keepalive's pace is fine: the socket stays open and answers.
    for _ in 0..3 {
        socket.send(Message::Ping(vec![1].into())).await.expect("a ping is sent");
    }
    socket.send(Message::text(r#"{"type":"sync"}"#)).await.expect("a sync is sent");
    let answered = tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(Ok(message)) = socket.next().await {
            if matches!(message, Message::Text(_)) {
                return true;
            }
        }
        false
    });
    assert!(answered.await.expect("within 5 s"), "the socket answers after a few pings");
    for _ in 0..200 {
        if socket.send(Message::Ping(vec![0; 125].into())).await.is_err() {
            break;
        }
    }
    let frame = close_frame(&mut socket).await;
    assert_eq!(u16::from(frame.code), 1008, "{}", frame.reason);
    assert!(frame.reason.contains("too many pings"), "{}", frame.reason);
}

/// The close frame that ends `socket`, read past whatever came before it, within 5 seconds.
async fn close_frame(socket: &mut Socket) -> tokio_tungstenite::tungstenite::protocol::CloseFrame {
    let close = tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(message) = socket.next().await {
            match message {
                Ok(tokio_tungstenite::tungstenite::Message::Close(frame)) => return frame,
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
        None
    });
    close.await.expect("the socket ends within 5 s").expect("with a close frame")
}
