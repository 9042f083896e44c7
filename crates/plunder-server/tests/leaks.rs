//! Property: no message to a seat carries anything beyond what that seat may know. For random games of every
//! registered game, played through the hub with every seat and a spectator connected, every table message a
//! viewer receives must equal the one rebuilt independently from the stored record for that viewer alone: its
//! view, its legal actions, its log and the events behind it (those told to it), and the public status and seats.

mod support;

use plunder_core::{Rng, Seat, Viewer};
use plunder_server::messages::{Role, ServerMessage, StatusInfo, TableMessage};
use plunder_server::table::{record_of, table_from_record, Table};
use proptest::prelude::*;
use serde_json::json;
use support::*;

fn viewer_of(table: &TableMessage) -> Viewer {
    match table.you {
        Role::Seat { seat } => Viewer::Seat(Seat(seat)),
        Role::Spectator => Viewer::Spectator,
    }
}

/// Checks `message` against the stored game at its version, seen by its viewer only.
fn check_message(message: &TableMessage, stored: &dyn Table) {
    let viewer = viewer_of(message);
    let session = stored.session();
    assert_eq!(message.view.to_value(), session.view(viewer).unwrap(), "{viewer:?} gets its own view and nothing else");
    let legal = match viewer {
        Viewer::Seat(seat) => session.legal_actions(seat).unwrap(),
        Viewer::Spectator => Vec::new(),
    };
    assert!(
        message.legal.len() == legal.len() && message.legal.to_vec().iter().zip(&legal).all(|(a, b)| a == b),
        "{viewer:?} gets its own legal actions"
    );
    let log = stored.log(viewer);
    assert!(message.log_start >= log.len().saturating_sub(plunder_server::messages::LOG_LINES));
    assert!(message.log_start <= log.len(), "{viewer:?}: log_start {} of {}", message.log_start, log.len());
    assert_eq!(message.log, log[message.log_start..], "{viewer:?}'s log is the events told to it");
    assert_eq!(message.events, stored.log_events(viewer)[message.log_start..], "{viewer:?} gets the events told to it");
    assert_eq!(message.notes, stored.notes(viewer), "{viewer:?}'s notes are built from its own view");
    // The rest is public: who decides, the round, the seats, whether the game is fair.
    assert_eq!(message.round, session.round());
    assert_eq!(message.stops, session.stops_matter(), "whether stops matter is the game's, for every viewer");
    assert_eq!(message.fairness, plunder_server::store::Fairness::Seeded, "these games are created with a seed");
    let terms = plunder_games::table_terms(&message.game, &session.record().options).unwrap();
    assert_eq!(message.house_rules, terms.house_rules, "the house rules come from the options alone");
    assert_eq!(message.custom_content, terms.custom_content.is_some());
    let json = serde_json::to_value(message).unwrap();
    let keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
    for key in keys {
        assert!(
            [
                "id",
                "game",
                "version",
                "you",
                "status",
                "round",
                "seats",
                "view",
                "legal",
                "log",
                "log_start",
                "notes",
                "rematch",
                "events",
                "fairness",
                "house_rules",
                "custom_content",
                "stops"
            ]
            .contains(&key),
            "a table message has no field beyond the checked ones: {key}"
        );
    }
}

/// What a client does with a table's log: append the new lines where they start (or start over from them).
fn follow(log: &mut (usize, Vec<String>), table: &TableMessage) {
    let (base, lines) = log;
    if table.log_start < *base || table.log_start > *base + lines.len() {
        *base = table.log_start;
        lines.clear();
    } else {
        lines.truncate(table.log_start - *base);
    }
    lines.extend(table.log.iter().cloned());
}

/// The stored game as it was at `version`.
async fn stored_table_at(hub: &std::sync::Arc<plunder_server::Hub>, id: &str, version: usize) -> Box<dyn Table> {
    let spec = hub.store().game_spec(id).await.unwrap();
    let mut events = hub.store().events(id, 0).await.unwrap();
    events.truncate(version);
    table_from_record(&record_of(&spec, events)).unwrap()
}

async fn play_random_game(game: &str, players: usize, seed: u64, moves: usize) {
    let (hub, _db) = sqlite_hub().await;
    let seats = vec!["human"; players];
    let created = create(&hub, json!({"game": game, "players": players, "seats": seats, "seed": seed})).await;
    let mut connections = Vec::new();
    for seat in 0..players {
        connections.push(hub.connect(&created.id, Viewer::Seat(Seat(seat as u8))).await.unwrap());
    }
    connections.push(hub.connect(&created.id, Viewer::Spectator).await.unwrap());
    let mut logs: Vec<(usize, Vec<String>)> = vec![(0, Vec::new()); connections.len()];
    let mut rng = Rng::seeded(seed);
    let mut version = 0;
    for _ in 0..moves {
        // Every connection catches up to the latest version; each message on the way is checked against the
        // stored game at that message's version.
        let mut latest = Vec::new();
        for (connection, followed) in connections.iter_mut().zip(logs.iter_mut()) {
            loop {
                let table = next_table(connection).await;
                let stored = stored_table_at(&hub, &created.id, table.version).await;
                check_message(&table, stored.as_ref());
                // Appending each table's lines keeps the client's copy equal to its viewer's whole log.
                follow(followed, &table);
                assert_eq!(followed.1, stored.log(viewer_of(&table))[followed.0..], "the log deltas add up");
                if table.version >= version {
                    latest.push(table);
                    break;
                }
            }
        }
        let StatusInfo::Decide { seats } = &latest[0].status else { break };
        let seat = seats[rng.index(seats.len())] as usize;
        let legal = latest[seat].legal.to_vec();
        let action = legal[rng.index(legal.len())].action.to_value();
        // First from a seat that is not to act: refused, nothing stored.
        let other = (seat + 1) % players;
        if !seats.contains(&(other as u8)) {
            connections[other].handle_text(&json!({"type": "act", "action": action}).to_string()).await;
            match next_non_table(&mut connections[other]).await {
                ServerMessage::Rejected { code, .. } => assert_eq!(code, "not_to_act"),
                other => panic!("{other:?}"),
            }
        }
        assert!(connections[seat].handle_text(&json!({"type": "act", "action": action}).to_string()).await.is_none());
        version = latest[0].version + 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    #[test]
    fn no_message_to_a_viewer_holds_more_than_its_own_view(seed in any::<u64>()) {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        for info in plunder_games::games() {
            runtime.block_on(play_random_game(info.id, info.min_players.max(2), seed, 25));
        }
    }
}
