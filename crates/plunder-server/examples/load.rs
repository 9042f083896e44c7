//! Load benchmark: many WebSocket clients on loopback, each a seat in a two-seat liar's dice game (5 dice each),
//! playing as fast as the server acknowledges. Reports moves per second (each one stored before it is
//! acknowledged) and the latency from sending a move to receiving the table that includes it.
//!
//! `cargo run --release -p plunder-server --example load -- [CLIENTS] [SECONDS] [DATABASE_URL]`
//! (defaults: 1000 clients, 10 s, a temporary SQLite file).

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use plunder_server::{Hub, HubConfig, Store};
use serde_json::{json, Value};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

async fn create(hub: &Arc<Hub>) -> (String, Vec<String>) {
    let body: plunder_server::lobby::CreateGame =
        serde_json::from_value(json!({"game": "liars-dice", "seats": ["human", "human"], "options": {"dice": 5}}))
            .unwrap();
    let response =
        plunder_server::lobby::create_game(axum::extract::State(hub.clone()), axum::Json(body)).await.unwrap();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
    let created: Value = serde_json::from_slice(&bytes).unwrap();
    let tokens =
        created["seats"].as_array().unwrap().iter().map(|s| s["token"].as_str().unwrap().to_string()).collect();
    (created["id"].as_str().unwrap().to_string(), tokens)
}

/// One seat: acts whenever its table offers legal actions, until `until`; returns its move latencies.
async fn seat(url: String, until: Instant) -> Vec<Duration> {
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.expect("connects");
    let mut latencies = Vec::new();
    let mut sent: Option<(Instant, u64)> = None;
    while let Ok(Some(Ok(message))) = tokio::time::timeout_at(until.into(), socket.next()).await {
        let Message::Text(text) = message else { continue };
        let table: Value = serde_json::from_str(text.as_str()).unwrap();
        if table["type"] != "table" {
            continue;
        }
        let version = table["version"].as_u64().unwrap();
        if let Some((at, before)) = sent {
            if version > before {
                latencies.push(at.elapsed());
                sent = None;
            }
        }
        if table["status"]["state"] == "over" {
            break;
        }
        if sent.is_none() {
            if let Some(first) = table["legal"].as_array().and_then(|legal| legal.first()) {
                let message = json!({"type": "act", "action": first["action"]}).to_string();
                sent = Some((Instant::now(), version));
                if socket.send(Message::Text(message.into())).await.is_err() {
                    break;
                }
            }
        }
    }
    latencies
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let clients: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seconds: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let temp = std::env::temp_dir().join(format!("plunder-load-{}.db", std::process::id()));
    let database = args.get(2).cloned().unwrap_or_else(|| format!("sqlite://{}", temp.display()));
    let store = Store::open(&database).await.expect("the database opens");
    let hub = Hub::new(store, HubConfig::default());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(plunder_server::serve(listener, hub.clone()));
    let mut urls = Vec::new();
    for _ in 0..clients.div_ceil(2) {
        let (id, tokens) = create(&hub).await;
        for token in tokens {
            urls.push(format!("ws://127.0.0.1:{port}/api/games/{id}/ws?token={token}"));
        }
    }
    urls.truncate(clients);
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let all = Arc::new(Mutex::new(Vec::new()));
    let tasks: Vec<_> = urls
        .into_iter()
        .map(|url| {
            let all = all.clone();
            tokio::spawn(async move {
                let latencies = seat(url, until).await;
                all.lock().await.extend(latencies);
            })
        })
        .collect();
    for task in tasks {
        let _ = task.await;
    }
    let elapsed = started.elapsed().as_secs_f64().min(seconds as f64);
    let mut latencies = all.lock().await.clone();
    latencies.sort();
    println!(
        "{clients} clients, {seconds} s, {}: {} moves stored and acknowledged, {:.0} moves/s, p50 {:.2} ms, p99 {:.2} ms",
        database.split("://").next().unwrap_or("?"),
        latencies.len(),
        latencies.len() as f64 / elapsed,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
    );
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", temp.display()));
    }
}
