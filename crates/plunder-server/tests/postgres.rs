//! PostgreSQL: the same store and hub on the real server (127.0.0.1:5432, database `test`), and two server
//! instances on one database playing one game. Skipped, with a message, when the server is unreachable;
//! CI has it up. `PLUNDER_TEST_POSTGRES` overrides the URL.

mod support;

use std::sync::Arc;

use plunder_core::{Seat, Viewer};
use plunder_server::messages::{ClientMessage, ServerMessage, StatusInfo};
use plunder_server::{Hub, HubConfig, Store, StoreError};
use serde_json::json;
use support::*;

fn url() -> String {
    std::env::var("PLUNDER_TEST_POSTGRES").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_string())
}

async fn postgres() -> Option<Store> {
    if std::net::TcpStream::connect("127.0.0.1:5432").is_err() && std::env::var("PLUNDER_TEST_POSTGRES").is_err() {
        eprintln!("SKIPPED: no PostgreSQL at 127.0.0.1:5432 (CI has one; set PLUNDER_TEST_POSTGRES to use another)");
        return None;
    }
    Some(Store::open(&url()).await.expect("PostgreSQL is reachable, so it must open"))
}

#[tokio::test]
async fn an_append_that_lost_the_race_is_refused_and_writes_nothing() {
    let Some(store) = postgres().await else { return };
    let (a, b) = (store.clone(), Store::open(&url()).await.unwrap());
    let hub = Hub::new(a, HubConfig::default());
    let created = create(&hub, json!({"game": "liars-dice", "seats": ["human", "human"], "seed": 1})).await;
    let stored = b.events(&created.id, 0).await.unwrap();
    let (version, event) = next_move(&hub, &created.id).await;
    assert_eq!(version, stored.len());
    b.append(&created.id, version, std::slice::from_ref(&event)).await.unwrap();
    let lost = store.append(&created.id, version, &[event]).await;
    assert!(matches!(lost, Err(StoreError::Conflict)), "{lost:?}");
    assert_eq!(store.events(&created.id, 0).await.unwrap().len(), version + 1, "one append, not two");
    let gap = store.append(&created.id, version + 5, &stored[..1]).await;
    assert!(matches!(gap, Err(StoreError::Conflict)), "an append cannot leave a gap: {gap:?}");
}

/// An open seat asked for at once through two instances goes to one of them; the other is told it is taken.
#[tokio::test]
async fn an_open_seat_taken_through_two_instances_at_once_goes_to_one() {
    let Some(store) = postgres().await else { return };
    let other = Store::open(&url()).await.unwrap();
    let hub = Hub::new(store.clone(), HubConfig::default());
    let created = create(&hub, json!({"game": "liars-dice", "seats": ["open", "human"]})).await;
    assert_eq!(created.seats[0].player, "open");
    let (a, b) = tokio::join!(store.take_open_seat(&created.id, 0), other.take_open_seat(&created.id, 0));
    let (a, b) = (a.unwrap(), b.unwrap());
    assert!(a.is_some() != b.is_some(), "one of the two takes the seat: {a:?} {b:?}");
    let token = a.or(b).unwrap();
    let hash = plunder_server::token::hash_token(&token);
    assert_eq!(other.seat_for_token(&created.id, &hash).await.unwrap(), Some(0));
    assert!(!other
        .open_seats(10_000, std::time::Duration::from_secs(3600), 10_000)
        .await
        .unwrap()
        .iter()
        .any(|(id, _)| *id == created.id));
}

#[tokio::test]
async fn two_instances_on_one_database_play_one_game_to_the_end() {
    let Some(store) = postgres().await else { return };
    let first: Arc<Hub> = Hub::new(store, HubConfig::default());
    let second: Arc<Hub> = Hub::new(Store::open(&url()).await.unwrap(), HubConfig::default());
    let created = create(&first, json!({"game": "liars-dice", "seats": ["human", "human", "bot"], "seed": 8})).await;
    // Seat 1 plays through the first instance, seat 2 through the second.
    let mut seats = [
        first.connect(&created.id, Viewer::Seat(Seat(0))).await.unwrap(),
        second.connect(&created.id, Viewer::Seat(Seat(1))).await.unwrap(),
    ];
    let mut tables = [table_at_least(&mut seats[0], 0).await, table_at_least(&mut seats[1], 0).await];
    let mut moves = 0;
    loop {
        // Wait until both instances show the same position (a bot may move meanwhile: wait again).
        while tables[0].version != tables[1].version {
            let version = tables[0].version.max(tables[1].version);
            for (index, connection) in seats.iter_mut().enumerate() {
                if tables[index].version < version {
                    tables[index] = table_at_least(connection, version).await;
                }
            }
        }
        let version = tables[0].version;
        let StatusInfo::Decide { seats: deciding } = &tables[0].status else { break };
        let Some(&seat) = deciding.iter().find(|&&s| s < 2) else {
            // The bot's turn: whichever instance plays it, both must see it.
            tables[0] = table_at_least(&mut seats[0], version + 1).await;
            continue;
        };
        let action = tables[seat as usize].legal.to_vec()[0].action.to_value();
        seats[seat as usize].send(ClientMessage::Act { action }).await;
        tables[seat as usize] = table_at_least(&mut seats[seat as usize], version + 1).await;
        moves += 1;
        assert!(moves < 500, "the game ends");
    }
    assert!(moves > 1);
    let stored = stored_table(&first, &created.id).await;
    assert!(stored.session().outcome().is_some(), "the stored game is over too");
    assert_eq!(stored.version(), tables[0].version, "what both instances showed is what is stored");
}

#[tokio::test]
async fn a_chat_line_said_on_one_instance_reaches_the_clients_of_the_other_and_its_history() {
    let Some(store) = postgres().await else { return };
    let first: Arc<Hub> = Hub::new(store, HubConfig::default());
    let second: Arc<Hub> = Hub::new(Store::open(&url()).await.unwrap(), HubConfig::default());
    let created = create(&first, json!({"game": "liars-dice", "seats": ["human", "human"], "seed": 4})).await;
    // Both instances run the game, each has read its (empty) chat for a client.
    let mut here = first.connect(&created.id, Viewer::Seat(Seat(0))).await.unwrap();
    let mut there = second.connect(&created.id, Viewer::Seat(Seat(1))).await.unwrap();
    assert!(here.handle_text(r#"{"type":"chat","text":"ahoy from the first"}"#).await.is_none());
    // The client already on the second instance is told the line as it comes, once.
    let heard = tokio::time::timeout(std::time::Duration::from_secs(10), async {
        loop {
            if let Some(ServerMessage::Chat(line)) = there.recv().await {
                break line;
            }
        }
    })
    .await
    .expect("the line reaches the other instance's client within 10 s");
    assert_eq!((heard.from.as_str(), heard.text.as_str()), ("P1", "ahoy from the first"));
    // Its own line goes out on its instance once, the first instance's clients hearing it too.
    assert!(there.handle_text(r#"{"type":"chat","text":"and back"}"#).await.is_none());
    let mut said_there = Vec::new();
    let _ = tokio::time::timeout(std::time::Duration::from_millis(1500), async {
        loop {
            if let Some(ServerMessage::Chat(line)) = there.recv().await {
                said_there.push(line.text);
            }
        }
    })
    .await;
    assert_eq!(said_there, vec!["and back".to_string()], "each line once, nothing said twice");
    let back = tokio::time::timeout(std::time::Duration::from_secs(10), async {
        loop {
            if let Some(ServerMessage::Chat(line)) = here.recv().await {
                if line.text == "and back" {
                    break line;
                }
            }
        }
    })
    .await
    .expect("the answer reaches the first instance's client");
    assert_eq!(back.from, "P2");
    // The second instance hears of the change and reads the chat again for the next client to join.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let mut watcher = second.connect(&created.id, Viewer::Spectator).await.unwrap();
        let history = loop {
            match watcher.recv().await.unwrap() {
                ServerMessage::ChatHistory { lines } => break lines,
                _ => continue,
            }
        };
        if history.iter().any(|line| line.text == "ahoy from the first") {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the line never reached the other instance: {history:?}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// The table a spectator of game `id` would see at `version`, from the stored record alone.
async fn stored_view_at(hub: &Arc<Hub>, id: &str, version: usize) -> plunder_server::messages::JsonText {
    let spec = hub.store().game_spec(id).await.unwrap();
    let events = hub.store().events(id, 0).await.unwrap();
    let table =
        plunder_server::table::table_from_record(&plunder_server::table::record_of(&spec, events[..version].to_vec()))
            .unwrap();
    table.view_json(Viewer::Spectator)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_follows_another_s_moves_reading_only_the_new_events() {
    let Some(store) = postgres().await else { return };
    // The first instance plays every seat's bot; the second only watches (its bots would wait an hour).
    let player = HubConfig { bot_delay: std::time::Duration::from_millis(1), ..HubConfig::default() };
    let watcher = HubConfig { bot_delay: std::time::Duration::from_secs(3600), ..HubConfig::default() };
    let first: Arc<Hub> = Hub::new(store, player);
    let second: Arc<Hub> = Hub::new(Store::open(&url()).await.unwrap(), watcher);
    let body = json!({"game": "pirates-flag", "seats": ["random", "random", "random", "random"], "seed": 3});
    let created = create(&first, body).await;
    let mut spectator = second.connect(&created.id, Viewer::Spectator).await.unwrap();
    // (version shown, event rows the second instance had read by then), for every table it sends.
    let mut seen: Vec<(usize, u64)> = Vec::new();
    let mut last = table_at_least(&mut spectator, 0).await;
    let start = last.version;
    while last.version < start + 1_100 {
        assert!(!matches!(last.status, StatusInfo::Over { .. }), "the game outlasts 1,100 moves");
        seen.push((last.version, second.store().event_rows_read()));
        last = table_at_least(&mut spectator, last.version + 1).await;
    }
    seen.push((last.version, second.store().event_rows_read()));
    let read_by = |version: usize| seen.iter().find(|(v, _)| *v >= version).map(|(_, read)| *read).unwrap();
    let early = read_by(start + 200) - read_by(start + 100);
    let late = read_by(start + 1_100) - read_by(start + 1_000);
    eprintln!("rows read by the following instance: moves 100-200: {early}, 1,000-1,100: {late}");
    // Each new event is read once (a window's count is off by at most what one catch-up read at its edges);
    // replaying the game on each move would read its whole length every time (100,000 rows and more here).
    assert!(early <= 150 && late <= 150, "rows read per 100 moves: {early} early, {late} late");
    assert!(early.abs_diff(late) <= 50, "the cost per move stays flat: {early} then {late} rows per 100 moves");
    assert_eq!(first.store().event_rows_read(), 0, "the instance that made the moves reads none of them back");
    // Applied in order and once each: the table shown is the stored game's at that version.
    assert_eq!(last.view, stored_view_at(&first, &created.id, last.version).await);
}

fn connected(table: &plunder_server::messages::TableMessage) -> Vec<bool> {
    table.seats.iter().map(|seat| seat.connected).collect()
}

/// Reads `spectator`'s tables until one shows the seats `expected` connected, within 5 s.
async fn connected_within_5s(spectator: &mut plunder_server::Connection, expected: [bool; 2]) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let table = table_at_least(spectator, 0).await;
        if connected(&table) == expected {
            return;
        }
        assert!(std::time::Instant::now() < deadline, "the seats never showed {expected:?}: {:?}", table.seats);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_connected_to_one_instance_shows_connected_on_the_other_until_it_leaves() {
    let Some(store) = postgres().await else { return };
    let config = HubConfig { presence_expiry: std::time::Duration::from_secs(3), ..HubConfig::default() };
    let first: Arc<Hub> = Hub::new(store, config.clone());
    let second: Arc<Hub> = Hub::new(Store::open(&url()).await.unwrap(), config);
    let created = create(&first, json!({"game": "liars-dice", "seats": ["human", "human"], "seed": 5})).await;
    let mut spectator = second.connect(&created.id, Viewer::Spectator).await.unwrap();
    assert_eq!(connected(&table_at_least(&mut spectator, 0).await), [false, false]);
    let seat = first.connect(&created.id, Viewer::Seat(Seat(0))).await.unwrap();
    connected_within_5s(&mut spectator, [true, false]).await;
    drop(seat);
    connected_within_5s(&mut spectator, [false, false]).await;
    // An instance that dies says nothing: its seat drops out when its presence expires unrefreshed.
    let dead = Store::open(&url()).await.unwrap();
    dead.publish_presence(&created.id, &[1], std::time::Duration::from_secs(1)).await.unwrap();
    connected_within_5s(&mut spectator, [false, true]).await;
    connected_within_5s(&mut spectator, [false, false]).await;
}

/// Another instance's change that finds a game's queue full is not lost: the game catches up as soon as it has
/// room, not at its next change (a quiet game could wait for ever).
#[tokio::test]
async fn a_change_missed_on_a_full_queue_is_caught_up_once_there_is_room() {
    use sqlx::Connection as _;
    let Some(store) = postgres().await else { return };
    let a = Hub::new(store, HubConfig::default());
    let b = Hub::new(Store::open(&url()).await.unwrap(), HubConfig::default());
    let created = create(&a, json!({"game": "liars-dice", "seats": ["human", "human"], "seed": 2})).await;
    let mut mover = a.connect(&created.id, Viewer::Seat(Seat(0))).await.unwrap();
    let mut watcher = b.connect(&created.id, Viewer::Spectator).await.unwrap();
    let mut flooder = b.connect(&created.id, Viewer::Seat(Seat(1))).await.unwrap();
    let start = next_table(&mut watcher).await;
    // Instance B's task for the game is held storing a chat line (the chat table is locked)...
    let mut locker = sqlx::PgConnection::connect(&url()).await.unwrap();
    let mut lock = locker.begin().await.unwrap();
    sqlx::query("LOCK TABLE chat IN EXCLUSIVE MODE").execute(&mut *lock).await.unwrap();
    flooder.send(ClientMessage::Chat { text: "held".to_string(), name: None }).await;
    // ...while its queue fills up.
    let short = std::time::Duration::from_millis(200);
    while tokio::time::timeout(short, flooder.send(ClientMessage::Sync)).await.is_ok() {}
    // A move on instance A: B's notice of it finds the queue full.
    let table = next_table(&mut mover).await;
    mover.send(ClientMessage::Act { action: table.legal.to_vec()[0].action.to_value() }).await;
    table_at_least(&mut mover, start.version + 1).await;
    tokio::time::sleep(short).await;
    lock.rollback().await.unwrap();
    let caught_up =
        tokio::time::timeout(std::time::Duration::from_secs(20), table_at_least(&mut watcher, start.version + 1));
    assert!(caught_up.await.is_ok(), "instance B never showed the move made on A");
}

#[tokio::test]
async fn banks_kept_between_moves_never_overwrite_a_later_move_s() {
    let Some(store) = postgres().await else { return };
    support::banks_kept_between_moves_never_overwrite_a_later_move_s(store).await;
}
