//! Helpers shared by the server's tests: a server over a temporary SQLite file, and reading its messages.
#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use plunder_core::{LabeledJson, Seat, Viewer};
use plunder_server::lobby::CreatedGame;
use plunder_server::messages::{ClientMessage, ServerMessage, StatusInfo, TableMessage};
use plunder_server::table::{record_of, table_from_record};
use plunder_server::{Connection, Hub, HubConfig, Store};
use serde_json::Value;

/// A database file removed when dropped.
#[derive(Debug)]
pub struct TempDb {
    pub path: std::path::PathBuf,
}

impl TempDb {
    pub fn url(&self) -> String {
        format!("sqlite://{}", self.path.display())
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm", ".lock"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.path.display()));
        }
    }
}

pub fn temp_db() -> TempDb {
    let name = format!("plunder-test-{}.db", plunder_server::token::new_game_id());
    TempDb { path: std::env::temp_dir().join(name) }
}

pub async fn sqlite_hub_with(config: HubConfig) -> (Arc<Hub>, TempDb) {
    let db = temp_db();
    let store = Store::open(&db.url()).await.expect("a temporary SQLite database opens");
    (Hub::new(store, config), db)
}

/// A server on a loopback port with these settings; it stops with the test's runtime.
pub async fn serve_on_loopback(
    hub_config: HubConfig,
    serve: plunder_server::ServeConfig,
) -> (std::net::SocketAddr, Arc<Hub>, TempDb) {
    let (hub, db) = sqlite_hub_with(hub_config).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(plunder_server::serve_with(listener, hub.clone(), serve));
    (address, hub, db)
}

pub async fn sqlite_hub() -> (Arc<Hub>, TempDb) {
    sqlite_hub_with(HubConfig::default()).await
}

/// A new server state over the same database, as after a restart.
pub async fn reopen(db: &TempDb) -> Arc<Hub> {
    Hub::new(Store::open(&db.url()).await.unwrap(), HubConfig::default())
}

pub async fn create(hub: &Arc<Hub>, body: Value) -> CreatedGame {
    let body: plunder_server::lobby::CreateGame = serde_json::from_value(body).unwrap();
    let response = plunder_server::lobby::create_game(
        axum::extract::State(hub.clone()),
        None,
        plunder_server::lobby::JsonBody(body),
    )
    .await
    .expect("the game is created");
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

async fn recv(connection: &mut Connection) -> ServerMessage {
    tokio::time::timeout(Duration::from_secs(10), connection.recv())
        .await
        .expect("a message within 10 s")
        .expect("the connection is open")
}

/// The next table message, skipping chat.
pub async fn next_table(connection: &mut Connection) -> TableMessage {
    loop {
        if let ServerMessage::Table(table) = recv(connection).await {
            return *table;
        }
    }
}

/// The next message that is not a table or chat history.
pub async fn next_non_table(connection: &mut Connection) -> ServerMessage {
    loop {
        match recv(connection).await {
            ServerMessage::Table(_) | ServerMessage::ChatHistory { .. } => continue,
            other => return other,
        }
    }
}

pub fn deciding(table: &TableMessage) -> Vec<Seat> {
    match &table.status {
        StatusInfo::Decide { seats } => seats.iter().map(|&s| Seat(s)).collect(),
        other => panic!("no one decides: {other:?}"),
    }
}

/// The game as stored, rebuilt from the database alone.
pub async fn stored_table(hub: &Arc<Hub>, id: &str) -> Box<dyn plunder_server::table::Table> {
    let spec = hub.store().game_spec(id).await.unwrap();
    let events = hub.store().events(id, 0).await.unwrap();
    table_from_record(&record_of(&spec, events)).unwrap()
}

pub async fn own_view(hub: &Arc<Hub>, id: &str, viewer: Viewer) -> Value {
    stored_table(hub, id).await.session().view(viewer).unwrap()
}

pub async fn first_legal_of(hub: &Arc<Hub>, id: &str, seat: Seat) -> Value {
    let legal = stored_table(hub, id).await.session().legal_actions(seat).unwrap();
    match &legal[0].json {
        LabeledJson::Action { action } => action.clone(),
        LabeledJson::Chance { .. } => panic!("a seat's legal actions are actions"),
    }
}

/// Game `id`'s stored version and a move that extends it: the first seat to decide plays its first legal
/// action.
pub async fn next_move(hub: &Arc<Hub>, id: &str) -> (usize, plunder_core::Entry) {
    let stored = stored_table(hub, id).await;
    let seat = match stored.session().status() {
        plunder_core::Status::Decide(seats) => seats.iter().next().unwrap(),
        other => panic!("a seat decides at the start: {other:?}"),
    };
    (stored.version(), plunder_core::Entry::Action { seat, action: first_legal_of(hub, id, seat).await })
}

pub async fn summary_version(hub: &Arc<Hub>, id: &str) -> usize {
    hub.summary(id).await.unwrap().version
}

/// Follows the table as `viewer` until the game is over.
pub async fn wait_until_over(hub: &Arc<Hub>, id: &str, viewer: Viewer) -> TableMessage {
    let mut connection = hub.connect(id, viewer).await.unwrap();
    loop {
        let table = next_table(&mut connection).await;
        if matches!(table.status, StatusInfo::Over { .. }) {
            return table;
        }
    }
}

/// The first table message at `version` or later (tables announcing a connection come in between).
pub async fn table_at_least(connection: &mut Connection, version: usize) -> TableMessage {
    loop {
        let table = next_table(connection).await;
        if table.version >= version {
            return table;
        }
    }
}

/// The seat to decide (the lowest, on `latest[0]`'s table) takes its first legal choice; every seat's connection
/// then reads on to the table after that move, into `latest`.
pub async fn first_choice_seen_by_all(seats: &mut [Connection], latest: &mut [TableMessage]) {
    let seat = deciding(&latest[0])[0];
    let action = latest[seat.index()].legal.to_vec()[0].action.to_value();
    seats[seat.index()].send(ClientMessage::Act { action }).await;
    let version = latest[0].version + 1;
    for (index, connection) in seats.iter_mut().enumerate() {
        latest[index] = table_at_least(connection, version).await;
    }
}

/// Plays `seat`'s first legal choice at each of its decisions, through `connection`, until the game is over (the
/// other seats being bots).
pub async fn play_first_choices_to_the_end(connection: &mut Connection, seat: Seat) {
    loop {
        let table = next_table(connection).await;
        if matches!(table.status, StatusInfo::Over { .. }) {
            return;
        }
        if deciding(&table).contains(&seat) {
            connection.send(ClientMessage::Act { action: table.legal.to_vec()[0].action.to_value() }).await;
        }
    }
}

/// `Store::keep_banks` on `store`: banks kept at the game's version are read back; an older version's are not
/// kept over them (another instance moved since).
pub async fn banks_kept_between_moves_never_overwrite_a_later_move_s(store: Store) {
    let hub = Hub::new(store.clone(), HubConfig::default());
    let body = serde_json::json!({"game": "liars-dice", "seats": ["human", "human"], "seed": 2, "time_bank_secs": 60});
    let created = create(&hub, body).await;
    let version = store.events(&created.id, 0).await.unwrap().len();
    assert!(version > 0, "a dealt game has stored events");
    assert!(store.keep_banks(&created.id, version, &[1000, 2000]).await.unwrap());
    assert_eq!(store.banks(&created.id).await.unwrap(), Some(vec![1000, 2000]));
    assert!(!store.keep_banks(&created.id, version - 1, &[5, 5]).await.unwrap(), "not over a later move's banks");
    assert_eq!(store.banks(&created.id).await.unwrap(), Some(vec![1000, 2000]));
}
