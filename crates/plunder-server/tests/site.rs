//! The server as a public site over real loopback sockets: security headers on every answer, play sockets
//! refused to other sites' pages, other names refused on loopback (DNS rebinding), the seat token carried outside
//! the address, and clients behind a trusted reverse proxy told apart.

mod support;

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::StreamExt;
use plunder_server::{HubConfig, ServeConfig, SiteConfig};
use serde_json::{json, Value};
use support::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// The head of the answer to `GET path`, lower-cased.
async fn head_of(server: SocketAddr, path: &str) -> String {
    let mut socket = TcpStream::connect(server).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nhost: {server}\r\nconnection: close\r\n\r\n");
    socket.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), socket.read_to_end(&mut answer)).await.unwrap().unwrap();
    let answer = String::from_utf8_lossy(&answer).to_lowercase();
    answer.split("\r\n\r\n").next().unwrap_or_default().to_string()
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let (server, hub, _db) = serve_on_loopback(HubConfig::default(), ServeConfig::default()).await;
    let created = create(&hub, json!({"game": "liars-dice", "seats": ["human", "odds"]})).await;
    let paths = [
        "/".to_string(),
        format!("/play/{}", created.id),
        "/static/app.js".into(),
        "/api/catalog".into(),
        "/rules/liars-dice".into(),
        "/no/such/page".into(),
        format!("/api/games/{}/ws", created.id),
    ];
    for path in paths {
        let head = head_of(server, &path).await;
        for header in [
            "content-security-policy: default-src 'self'; script-src 'self';",
            "frame-ancestors 'none'",
            "x-content-type-options: nosniff",
            "x-frame-options: deny",
            "referrer-policy: no-referrer",
        ] {
            assert!(head.contains(header), "{path} lacks {header}:\n{head}");
        }
    }
}

/// Opens game `id`'s play socket with `origin` and `protocols` headers; the refusal's status when refused.
async fn open(
    server: SocketAddr,
    id: &str,
    origin: Option<&str>,
    protocols: Option<&str>,
) -> Result<(Socket, Option<String>), u16> {
    let mut request = format!("ws://{server}/api/games/{id}/ws").into_client_request().unwrap();
    if let Some(origin) = origin {
        request.headers_mut().insert("origin", HeaderValue::from_str(origin).unwrap());
    }
    if let Some(protocols) = protocols {
        request.headers_mut().insert("sec-websocket-protocol", HeaderValue::from_str(protocols).unwrap());
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((socket, response)) => {
            let chosen = response.headers().get("sec-websocket-protocol").map(|v| v.to_str().unwrap().to_string());
            Ok((socket, chosen))
        }
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
        Err(e) => panic!("the socket neither opened nor was refused: {e}"),
    }
}

/// The first table message's `you` on `socket`: a seat or a spectator.
async fn role_of(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next()).await.unwrap().unwrap().unwrap();
        let Message::Text(text) = message else { continue };
        let message: Value = serde_json::from_str(text.as_str()).unwrap();
        if message["type"] == "table" {
            return message["you"].clone();
        }
    }
}

#[tokio::test]
async fn a_play_socket_opens_from_the_servers_own_pages_and_allowed_sites_and_is_refused_to_others() {
    let site = SiteConfig { allowed_origins: vec!["https://games.example.org".into()], ..SiteConfig::default() };
    let (server, hub, _db) =
        serve_on_loopback(HubConfig { site, ..HubConfig::default() }, ServeConfig::default()).await;
    let created = create(&hub, json!({"game": "liars-dice", "seats": ["human", "odds"]})).await;
    let own = format!("http://{server}");
    for origin in [Some(own.as_str()), Some("https://games.example.org"), None] {
        assert!(open(server, &created.id, origin, None).await.is_ok(), "refused from {origin:?}");
    }
    for origin in ["https://evil.example", "http://127.0.0.1:1", "null"] {
        let refused = open(server, &created.id, Some(origin), None).await.err();
        assert_eq!(refused, Some(403), "a page of {origin} opened a play socket");
    }
}

#[tokio::test]
async fn a_seat_token_given_as_a_subprotocol_opens_that_seat_and_a_wrong_one_is_refused() {
    let (server, hub, _db) = serve_on_loopback(HubConfig::default(), ServeConfig::default()).await;
    let created = create(&hub, json!({"game": "liars-dice", "seats": ["odds", "human"]})).await;
    let token = created.seats[1].token.clone().expect("a human seat has a token");
    let protocols = format!("plunder, plunder-token.{token}");
    let (mut socket, chosen) = open(server, &created.id, Some(&format!("http://{server}")), Some(&protocols))
        .await
        .expect("the seat's socket opens");
    assert_eq!(chosen.as_deref(), Some("plunder"), "the server answers with its subprotocol, as browsers require");
    assert_eq!(role_of(&mut socket).await, json!({"kind": "seat", "seat": 1}), "the token's seat");
    let wrong = "plunder, plunder-token.00ff";
    assert_eq!(open(server, &created.id, None, Some(wrong)).await.err(), Some(403));
    let (mut spectator, _) = open(server, &created.id, None, Some("plunder")).await.expect("a spectator opens");
    assert_eq!(role_of(&mut spectator).await, json!({"kind": "spectator"}));
}

/// Opens a TCP connection from loopback address `from`.
async fn connect_from(from: [u8; 4], server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).expect("a loopback source address binds");
    socket.connect(server).await.unwrap()
}

/// The status line of `GET /api/catalog` on `socket`, which stays open (kept alive).
async fn catalog_on(socket: &mut TcpStream) -> String {
    socket.write_all(b"GET /api/catalog HTTP/1.1\r\nhost: plunder\r\n\r\n").await.unwrap();
    let mut buffer = vec![0u8; 64 * 1024];
    let read = tokio::time::timeout(Duration::from_secs(5), socket.read(&mut buffer)).await.unwrap().unwrap();
    String::from_utf8_lossy(&buffer[..read]).lines().next().unwrap_or_default().to_string()
}

#[tokio::test]
async fn a_trusted_proxy_is_not_held_to_one_clients_connection_cap_and_others_still_are() {
    let serve = ServeConfig {
        max_connections_per_address: 2,
        trusted_proxies: vec![[127, 0, 0, 5].into()],
        ..ServeConfig::default()
    };
    let (server, _hub, _db) = serve_on_loopback(HubConfig::default(), serve).await;
    let mut through_proxy = Vec::new();
    for _ in 0..5 {
        let mut socket = connect_from([127, 0, 0, 5], server).await;
        assert!(catalog_on(&mut socket).await.contains("200"), "the proxy's connection was refused");
        through_proxy.push(socket);
    }
    let mut direct = Vec::new();
    for _ in 0..2 {
        let mut socket = connect_from([127, 0, 0, 6], server).await;
        assert!(catalog_on(&mut socket).await.contains("200"));
        direct.push(socket);
    }
    let mut third = connect_from([127, 0, 0, 6], server).await;
    assert!(catalog_on(&mut third).await.contains("503"), "an untrusted address keeps its cap");
}

/// The status line and body of `POST /api/games` with `body`, from loopback address `from`.
async fn create_from(from: [u8; 4], server: SocketAddr, body: &Value) -> (String, Value) {
    let mut socket = connect_from(from, server).await;
    let body = body.to_string();
    let request = format!(
        "POST /api/games HTTP/1.1\r\nhost: plunder\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\n\r\n{body}",
        body.len()
    );
    socket.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), socket.read_to_end(&mut answer)).await.unwrap().unwrap();
    let answer = String::from_utf8_lossy(&answer).to_string();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), serde_json::from_str(body).unwrap_or(Value::Null))
}

#[tokio::test]
async fn one_address_creates_so_many_games_a_minute_and_others_are_not_held_back() {
    let limits = plunder_server::Limits {
        games_per_address: plunder_server::Rate { burst: 3, per_minute: 1 },
        ..Default::default()
    };
    let (server, _hub, _db) =
        serve_on_loopback(HubConfig { limits, ..HubConfig::default() }, ServeConfig::default()).await;
    let game = json!({"game": "liars-dice", "seats": ["human", "odds"]});
    // A refused request (bad options) costs nothing.
    let (status, _) = create_from([127, 0, 0, 7], server, &json!({"game": "liars-dice", "options": 3})).await;
    assert!(status.contains("400"), "{status}");
    for _ in 0..3 {
        let (status, body) = create_from([127, 0, 0, 7], server, &game).await;
        assert!(status.contains("201"), "{status}: {body}");
    }
    let (status, body) = create_from([127, 0, 0, 7], server, &game).await;
    assert!(status.contains("429"), "{status}: {body}");
    assert_eq!(body["error"]["code"], "rate_limited", "{body}");
    let (status, _) = create_from([127, 0, 0, 8], server, &game).await;
    assert!(status.contains("201"), "another address creates its games: {status}");
}

/// The status line and body of `GET /api/catalog` asking for `host`, from loopback address `from`.
async fn catalog_for_host(from: [u8; 4], server: SocketAddr, host: &str) -> (String, String) {
    let mut socket = connect_from(from, server).await;
    let request = format!("GET /api/catalog HTTP/1.1\r\nhost: {host}\r\nconnection: close\r\n\r\n");
    socket.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), socket.read_to_end(&mut answer)).await.unwrap().unwrap();
    let answer = String::from_utf8_lossy(&answer).to_string();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), body.to_string())
}

#[tokio::test]
async fn a_server_on_loopback_answers_only_loopback_names_allowed_sites_and_its_proxy() {
    let site = SiteConfig {
        allowed_origins: vec!["https://games.example.org".into()],
        loopback_only: true,
        ..SiteConfig::default()
    };
    let serve = ServeConfig { trusted_proxies: vec![[127, 0, 0, 9].into()], ..ServeConfig::default() };
    let (server, _hub, _db) = serve_on_loopback(HubConfig { site, ..HubConfig::default() }, serve).await;
    let port = server.port();
    // (Host names are case-insensitive: a browser may send the allowed site's name in other capitals.)
    for host in [format!("localhost:{port}"), format!("127.0.0.1:{port}"), "Games.Example.org".to_string()] {
        let (status, body) = catalog_for_host([127, 0, 0, 1], server, &host).await;
        assert!(status.contains("200"), "{host}: {status} {body}");
    }
    // A page of another site whose name now points at this machine (DNS rebinding).
    for host in [format!("evil.example:{port}"), format!("localhost.evil.example:{port}")] {
        let (status, body) = catalog_for_host([127, 0, 0, 1], server, &host).await;
        assert!(status.contains("403"), "{host}: {status}");
        let body: Value = serde_json::from_str(&body).expect("a JSON error");
        assert_eq!(body["error"]["code"], "bad_host", "{body}");
    }
    // Through the reverse proxy the server trusts, the site's name; where the site's names are given, not another
    // (a proxy on this machine shares its address with the browsers on it, which DNS rebinding could use).
    let (status, body) = catalog_for_host([127, 0, 0, 9], server, "games.example.org").await;
    assert!(status.contains("200"), "through the proxy: {status} {body}");
    let (status, _) = catalog_for_host([127, 0, 0, 9], server, "evil.example").await;
    assert!(status.contains("403"), "another name through the proxy: {status}");
}

#[tokio::test]
async fn a_server_on_loopback_behind_a_proxy_without_named_sites_answers_any_name_from_the_proxy_only() {
    let site = SiteConfig { loopback_only: true, ..SiteConfig::default() };
    let serve = ServeConfig { trusted_proxies: vec![[127, 0, 0, 9].into()], ..ServeConfig::default() };
    let (server, _hub, _db) = serve_on_loopback(HubConfig { site, ..HubConfig::default() }, serve).await;
    let (status, body) = catalog_for_host([127, 0, 0, 9], server, "play.example.net").await;
    assert!(status.contains("200"), "through the proxy: {status} {body}");
    let (status, _) = catalog_for_host([127, 0, 0, 1], server, "play.example.net").await;
    assert!(status.contains("403"), "not through the proxy: {status}");
}

#[tokio::test]
async fn a_server_that_lets_other_machines_in_answers_any_name() {
    let (server, _hub, _db) = serve_on_loopback(HubConfig::default(), ServeConfig::default()).await;
    let (status, body) = catalog_for_host([127, 0, 0, 1], server, "mybox.lan:8080").await;
    assert!(status.contains("200"), "{status} {body}");
}

/// What the server answers `request` sent whole on a new connection (until it closes, or 5 s).
async fn answer_to(server: SocketAddr, request: &[u8]) -> String {
    let mut socket = connect_from([127, 0, 0, 1], server).await;
    // (The server may answer and close before the whole of a long request is written.)
    let _ = socket.write_all(request).await;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), socket.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).to_string()
}

#[tokio::test]
async fn a_request_head_over_32_kib_is_refused_and_one_a_browser_sends_is_served() {
    let (server, _hub, _db) = serve_on_loopback(HubConfig::default(), ServeConfig::default()).await;
    let head = |filler: usize| {
        format!(
            "GET /api/catalog HTTP/1.1\r\nhost: localhost\r\nx-filler: {}\r\nconnection: close\r\n\r\n",
            "a".repeat(filler)
        )
    };
    let served = answer_to(server, head(8 * 1024).as_bytes()).await;
    assert!(served.starts_with("HTTP/1.1 200"), "{}", &served[..served.len().min(200)]);
    let refused = answer_to(server, head(100 * 1024).as_bytes()).await;
    assert!(
        !refused.starts_with("HTTP/1.1 200"),
        "a 100 KiB head is not read whole: {}",
        &refused[..refused.len().min(200)]
    );
}

#[tokio::test]
async fn an_error_quotes_at_most_300_characters_of_what_the_client_sent() {
    let (server, _hub, _db) = serve_on_loopback(HubConfig::default(), ServeConfig::default()).await;
    let long_key = "k".repeat(30_000);
    for body in [
        json!({ long_key.clone(): 1, "game": "liars-dice" }),
        json!({"game": "liars-dice", "options": { long_key.clone(): 1 }}),
    ] {
        let (status, answer) = create_from([127, 0, 0, 1], server, &body).await;
        assert!(status.contains("400") || status.contains("422"), "{status}");
        let message = answer["error"]["message"].as_str().expect("a JSON error with a message");
        assert!(message.chars().count() <= 301, "{} characters", message.chars().count());
    }
}
