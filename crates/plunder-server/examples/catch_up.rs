//! Benchmark: what one move costs as the game grows, on SQLite and on PostgreSQL with a second instance following
//! the game. Each move should cost the same at 100, 1,000 or 10,000 events: the instance that moves appends its
//! events and reads none back, and the instance that follows reads only the new ones.
//!
//! ```text
//! cargo run --release -p plunder-server --example catch_up -- [--moves M] [--postgres URL]
//! ```
//!
//! For each store and each length, a game of liar's dice (6 seats, 10 dice each, 12 faces, to the last die: up to
//! 720 raises a round, so it lasts) is played to that many events with each seat raising by the least it may,
//! stored in one go, and loaded by the instances. Then M moves (default 500) are played the same way through the
//! first instance's seat connections; a move is done when every seat's table and (PostgreSQL) the second
//! instance's spectator's table show it. Reported per move: the wall time, this process's CPU time (both
//! instances and the clients run in it; PostgreSQL's own work is not counted), and the event rows each instance read
//! (the counter [`plunder_server::Store::event_rows_read`]). PostgreSQL is `postgres://postgres@127.0.0.1:5432/test`
//! unless `--postgres` says otherwise, and is skipped when nothing answers there.

use std::sync::Arc;
use std::time::{Duration, Instant};

use plunder_core::{ChanceMode, Game, Seat, Session, Viewer};
use plunder_games::liars_dice::{LiarsDice, Options};
use plunder_server::messages::{ServerMessage, TableMessage};
use plunder_server::store::GameSpec;
use plunder_server::{Connection, Hub, HubConfig, Store};
use serde_json::json;

const LENGTHS: [usize; 3] = [100, 1_000, 10_000];

fn options() -> serde_json::Value {
    json!({"players": 6, "dice": 10, "faces": 12, "length": "to_last_die"})
}

/// The events of a game played to at least `events` events, each seat raising by the least it may.
fn events_of_game_played_to(events: usize) -> Vec<plunder_core::Entry> {
    let options: Options = serde_json::from_value(options()).expect("the options are liar's dice's");
    let mut session = Session::new(LiarsDice::new(options).expect("valid options"), 11, ChanceMode::Sampled);
    while session.steps().len() < events {
        let plunder_core::Status::Decide(seats) = session.status() else { panic!("the game ended too soon") };
        let seat = seats.iter().next().expect("someone decides");
        let least = session.legal_actions(seat).swap_remove(0);
        session.play(seat, least).expect("a legal action plays");
    }
    session.record().events
}

/// Stores a game of `events` events as a new game with every seat human; its id.
async fn store_game(hub: &Arc<Hub>, events: &[plunder_core::Entry]) -> String {
    let id = plunder_server::token::new_game_id();
    let table = plunder_server::table::start_table("liars-dice", None, &options(), 11).expect("the game starts");
    let spec = GameSpec {
        game: "liars-dice".into(),
        options: table.session().record().options,
        seed: 11,
        seats: vec!["human".into(); 6],
        rematch_of: None,
        time_bank_secs: None,
        spectator_chat: false,
        fairness: Default::default(),
    };
    // Loaded from the store when a seat connects, as any game found there.
    hub.store().create_game(&id, &spec, &[], events).await.expect("the game is stored");
    id
}

async fn next_table(connection: &mut Connection, version: usize) -> TableMessage {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), connection.recv())
            .await
            .expect("a table within 30 s")
            .expect("the connection stays open");
        if let ServerMessage::Table(table) = message {
            if table.version >= version {
                return *table;
            }
        }
    }
}

/// This process's CPU time so far (user and system; Linux), or zero where it cannot be read: both instances and
/// the clients run in it, so it is what a move costs beside the database's own work.
fn process_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's name (in parentheses, which may hold spaces): utime and stime are the 12th
    // and 13th, in clock ticks of 1/100 s.
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<u64> = after_name.split_whitespace().map(|f| f.parse().unwrap_or(0)).collect();
    let ticks = fields.get(11).copied().unwrap_or(0) + fields.get(12).copied().unwrap_or(0);
    Duration::from_millis(ticks * 10)
}

struct Measured {
    per_move: Duration,
    cpu_per_move: Duration,
    rows_read_mover: f64,
    rows_read_follower: Option<f64>,
}

/// Plays `moves` moves at game `id` through `mover`'s seats, with `follower` (if any) watching; what they cost.
async fn measure(mover: &Arc<Hub>, follower: Option<&Arc<Hub>>, id: &str, moves: usize) -> Measured {
    let mut seats = Vec::new();
    for seat in 0..6 {
        seats.push(mover.connect(id, Viewer::Seat(Seat(seat))).await.expect("the seat connects"));
    }
    let mut spectator = match follower {
        Some(hub) => Some(hub.connect(id, Viewer::Spectator).await.expect("the spectator connects")),
        None => None,
    };
    let mut tables = Vec::new();
    for connection in &mut seats {
        tables.push(next_table(connection, 0).await);
    }
    let start_version = tables[0].version;
    if let Some(spectator) = &mut spectator {
        next_table(spectator, start_version).await;
    }
    let read_before = (mover.store().event_rows_read(), follower.map(|hub| hub.store().event_rows_read()));
    let (started, cpu) = (Instant::now(), process_cpu());
    for _ in 0..moves {
        let version = tables[0].version;
        let plunder_server::messages::StatusInfo::Decide { seats: deciding } = &tables[0].status else {
            panic!("the game ended during the measurement")
        };
        let seat = deciding[0] as usize;
        let action = tables[seat].legal.to_vec()[0].action.to_value();
        seats[seat].send(plunder_server::messages::ClientMessage::Act { action }).await;
        for (connection, table) in seats.iter_mut().zip(&mut tables) {
            *table = next_table(connection, version + 1).await;
        }
        if let Some(spectator) = &mut spectator {
            next_table(spectator, tables[0].version).await;
        }
    }
    let per_move = started.elapsed() / moves as u32;
    Measured {
        per_move,
        cpu_per_move: (process_cpu() - cpu) / moves as u32,
        rows_read_mover: (mover.store().event_rows_read() - read_before.0) as f64 / moves as f64,
        rows_read_follower: follower
            .zip(read_before.1)
            .map(|(hub, before)| (hub.store().event_rows_read() - before) as f64 / moves as f64),
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let moves: usize = value("--moves").map_or(500, |m| m.parse().expect("--moves takes a number"));
    let postgres = value("--postgres").unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/test".to_string());
    let games: Vec<(usize, Vec<plunder_core::Entry>)> =
        LENGTHS.iter().map(|&events| (events, events_of_game_played_to(events))).collect();
    // Each store's hubs never play the seats (all human) and never unload the game during a run.
    let config = HubConfig { unload_after: Duration::from_secs(3600), ..HubConfig::default() };

    let path = std::env::temp_dir().join(format!("plunder-catch-up-{}.db", std::process::id()));
    let sqlite = Hub::new(Store::open(&format!("sqlite://{}", path.display())).await.unwrap(), config.clone());
    // A first game, not reported, warms the connections and caches, so the first length measured is not charged.
    let warm_up = store_game(&sqlite, &games[0].1).await;
    measure(&sqlite, None, &warm_up, moves).await;
    for (events, stored) in &games {
        let id = store_game(&sqlite, stored).await;
        let measured = measure(&sqlite, None, &id, moves).await;
        println!(
            "sqlite     {:>6} events: {:>6.3} ms/move, CPU {:>6.3} ms/move, rows read per move {:.2}",
            events,
            measured.per_move.as_secs_f64() * 1e3,
            measured.cpu_per_move.as_secs_f64() * 1e3,
            measured.rows_read_mover
        );
    }
    drop(sqlite);
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }

    let Ok(first) = Store::open(&postgres).await else {
        println!("postgres: nothing answers at {postgres}; skipped");
        return;
    };
    let first = Hub::new(first, config.clone());
    let second = Hub::new(Store::open(&postgres).await.unwrap(), config);
    let warm_up = store_game(&first, &games[0].1).await;
    measure(&first, Some(&second), &warm_up, moves).await;
    for (events, stored) in &games {
        let id = store_game(&first, stored).await;
        let measured = measure(&first, Some(&second), &id, moves).await;
        println!(
            "postgres   {:>6} events: {:>6.3} ms/move, CPU {:>6.3} ms/move, rows read per move: moving instance \
             {:.2}, following instance {:.2}",
            events,
            measured.per_move.as_secs_f64() * 1e3,
            measured.cpu_per_move.as_secs_f64() * 1e3,
            measured.rows_read_mover,
            measured.rows_read_follower.unwrap_or_default()
        );
    }
}
