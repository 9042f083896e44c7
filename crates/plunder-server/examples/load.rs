//! Load benchmark: many WebSocket clients on loopback, in pairs, each pair the two seats of a liar's dice game
//! (5 dice each), playing as fast as the server acknowledges; when a game ends, both seats ask for the rematch
//! over REST and play on in it (as boardgame.io's load generator opens a new match). Reports moves per second
//! (each one stored before it is acknowledged) and the latency from sending a move to receiving the table that
//! includes it, over a measurement window after a warm-up.
//!
//! ```text
//! cargo run --release -p plunder-server --example load -- [--clients N] [--seconds S] [--warmup W]
//!     [--database URL] [--server http://HOST:PORT]
//! ```
//!
//! Defaults: 1000 clients, a 10 s window after 3 s of warm-up, a server in this process on a temporary SQLite
//! file. With `--server`, the clients load a running `plunder serve` instead (a separate process, as with the
//! boardgame.io anchor).

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use plunder_server::{Hub, HubConfig, Store};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

/// `POST path` with a JSON body on `host:port`; the answer's JSON body.
async fn post(address: &str, path: &str, body: &Value) -> Result<Value, String> {
    let mut stream = tokio::net::TcpStream::connect(address).await.map_err(|e| e.to_string())?;
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.map_err(|e| e.to_string())?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await.map_err(|e| e.to_string())?;
    let (head, body) = response.split_once("\r\n\r\n").ok_or("no HTTP body")?;
    if !(head.starts_with("HTTP/1.1 200") || head.starts_with("HTTP/1.1 201")) {
        return Err(format!("{head}: {body}"));
    }
    serde_json::from_str(body).map_err(|e| e.to_string())
}

/// What a client reads of a server message (the rest is skipped while parsing).
#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    version: u64,
    #[serde(default)]
    status: Option<Status>,
    #[serde(default)]
    legal: Vec<Legal>,
}

#[derive(Deserialize)]
struct Status {
    state: String,
}

#[derive(Deserialize)]
struct Legal {
    action: Value,
}

/// The window in which moves count.
#[derive(Clone, Copy)]
struct Window {
    start: Instant,
    end: Instant,
}

/// One seat: acts whenever its table offers legal actions, moves on to the rematch when a game ends, until the
/// window closes; returns the latencies of the moves sent inside the window.
async fn seat(address: String, mut id: String, token: String, window: Window) -> Vec<Duration> {
    let mut latencies = Vec::new();
    'games: loop {
        let url = format!("ws://{address}/api/games/{id}/ws?token={token}");
        let Ok((mut socket, _)) = tokio_tungstenite::connect_async(url).await else { return latencies };
        let mut sent: Option<(Instant, u64)> = None;
        while let Ok(Some(Ok(message))) = tokio::time::timeout_at((window.end + Duration::from_secs(5)).into(), socket.next()).await {
            let Message::Text(text) = message else { continue };
            let Ok(table) = serde_json::from_str::<Incoming>(text.as_str()) else { continue };
            if table.kind != "table" {
                continue;
            }
            if let Some((at, before)) = sent {
                if table.version > before {
                    if at >= window.start && at < window.end {
                        latencies.push(at.elapsed());
                    }
                    sent = None;
                }
            }
            if Instant::now() >= window.end {
                return latencies;
            }
            if table.status.as_ref().is_some_and(|s| s.state == "over") {
                let _ = socket.close(None).await;
                match post(&address, &format!("/api/games/{id}/rematch"), &json!({ "token": token })).await {
                    Ok(rematch) => {
                        id = rematch["id"].as_str().unwrap_or_default().to_string();
                        continue 'games;
                    }
                    Err(_) => return latencies,
                }
            }
            if sent.is_none() {
                if let Some(first) = table.legal.first() {
                    let message = json!({"type": "act", "action": first.action}).to_string();
                    sent = Some((Instant::now(), table.version));
                    if socket.send(Message::Text(message.into())).await.is_err() {
                        return latencies;
                    }
                }
            }
        }
        return latencies;
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1000.0
}

fn flag<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let clients: usize = flag(&args, "--clients", 1000);
    let seconds: u64 = flag(&args, "--seconds", 10);
    let warmup: u64 = flag(&args, "--warmup", 3);
    let temp = std::env::temp_dir().join(format!("plunder-load-{}.db", std::process::id()));
    let database: String = flag(&args, "--database", format!("sqlite://{}", temp.display()));
    let server: String = flag(&args, "--server", String::new());
    let address = if server.is_empty() {
        let store = Store::open(&database).await.expect("the database opens");
        let hub = Hub::new(store, HubConfig::default());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        tokio::spawn(plunder_server::serve(listener, hub));
        address
    } else {
        server.trim_start_matches("http://").trim_end_matches('/').to_string()
    };
    let mut seats = Vec::new();
    for _ in 0..clients.div_ceil(2) {
        let body = json!({"game": "liars-dice", "seats": ["human", "human"], "options": {"dice": 5}});
        let created = post(&address, "/api/games", &body).await.expect("the game is created");
        let id = created["id"].as_str().unwrap().to_string();
        for seat in created["seats"].as_array().unwrap() {
            seats.push((id.clone(), seat["token"].as_str().unwrap().to_string()));
        }
    }
    seats.truncate(clients);
    let start = Instant::now() + Duration::from_secs(warmup);
    let window = Window { start, end: start + Duration::from_secs(seconds) };
    let all = Arc::new(Mutex::new(Vec::new()));
    let tasks: Vec<_> = seats
        .into_iter()
        .map(|(id, token)| {
            let all = all.clone();
            let address = address.clone();
            tokio::spawn(async move {
                let latencies = seat(address, id, token, window).await;
                all.lock().await.extend(latencies);
            })
        })
        .collect();
    for task in tasks {
        let _ = task.await;
    }
    let mut latencies = all.lock().await.clone();
    latencies.sort();
    let storage = if server.is_empty() { database.split("://").next().unwrap_or("?").to_string() } else { server };
    println!(
        "{clients} clients, {seconds} s after {warmup} s warm-up, {storage}: {} moves stored and acknowledged, \
         {:.0} moves/s, p50 {:.2} ms, p99 {:.2} ms",
        latencies.len(),
        latencies.len() as f64 / seconds as f64,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
    );
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", temp.display()));
    }
}
