//! Load benchmark: many WebSocket clients on loopback, in pairs, each pair the two seats of a liar's dice game
//! (5 dice each), playing as fast as the server acknowledges; when a game ends, both seats ask for the rematch
//! over REST and play on in it (as boardgame.io's load generator opens a new match). Reports moves per second
//! (each one stored before it is acknowledged) and the latency from sending a move to receiving the table that
//! includes it, over a measurement window after a warm-up.
//!
//! ```text
//! cargo run --release -p plunder-server --example load -- [--clients N] [--seconds S] [--warmup W]
//!     [--database URL] [--server http://HOST:PORT --server-pid PID]
//! ```
//!
//! Defaults: 1000 clients, a 10 s window after 3 s of warm-up, a server in this process on a temporary SQLite
//! file. With `--server`, the clients load a running `plunder serve` instead (a separate process, as with the
//! boardgame.io anchor); `--server-pid` lets it report that process's CPU time per move.

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
    /// The first legal action's `action` (the others are skipped unread).
    #[serde(default, deserialize_with = "first_action")]
    legal: Option<Value>,
}

fn first_action<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    struct First;
    impl<'de> serde::de::Visitor<'de> for First {
        type Value = Option<Value>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a list of legal actions")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Option<Value>, A::Error> {
            let first: Option<Legal> = seq.next_element()?;
            while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
            Ok(first.map(|legal| legal.action))
        }
    }
    deserializer.deserialize_seq(First)
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
        // A small read buffer, as the server uses (tungstenite zeroes the whole buffer before each read).
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(4096);
        let Ok((mut socket, _)) = tokio_tungstenite::connect_async_with_config(url, Some(config), false).await else {
            return latencies;
        };
        let mut sent: Option<(Instant, u64)> = None;
        while let Ok(Some(Ok(message))) =
            tokio::time::timeout_at((window.end + Duration::from_secs(5)).into(), socket.next()).await
        {
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
                if let Some(action) = &table.legal {
                    let message = json!({"type": "act", "action": action}).to_string();
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

/// CPU seconds (user and system) process `pid` has used so far, from `/proc`.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's name; 100 ticks a second.
    (ticks(11) + ticks(12)) / 100.0
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
    // The server's CPU time over the window: this process, or `--server-pid`.
    let server_pid: u32 = flag(&args, "--server-pid", std::process::id());
    let cpu = tokio::spawn(async move {
        tokio::time::sleep_until(window.start.into()).await;
        let before = cpu_seconds(server_pid);
        tokio::time::sleep_until(window.end.into()).await;
        cpu_seconds(server_pid) - before
    });
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
    let cpu = cpu.await.unwrap_or(0.0);
    let mut latencies = all.lock().await.clone();
    latencies.sort();
    let storage = if server.is_empty() { database.split("://").next().unwrap_or("?").to_string() } else { server };
    println!(
        "{clients} clients, {seconds} s after {warmup} s warm-up, {storage}: {} moves stored and acknowledged, \
         {:.0} moves/s, p50 {:.2} ms, p99 {:.2} ms, {} CPU {:.0}% of one core, {:.3} ms per move",
        latencies.len(),
        latencies.len() as f64 / seconds as f64,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
        if server_pid == std::process::id() { "server and clients" } else { "server" },
        cpu * 100.0 / seconds as f64,
        cpu * 1000.0 / latencies.len().max(1) as f64,
    );
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", temp.display()));
    }
}
