//! The browser client's types are generated from the Rust types, never written twice: these fail when
//! `static/messages.d.ts` (the socket's messages), `static/games/views.d.ts` (every game's view and actions) or
//! `static/games/constants.js` (the games' words for what their views number) is not what the Rust generates
//! now. `UPDATE_TYPES=1` rewrites them.

fn up_to_date(file: &str, generated: &str) {
    let path = format!("{}/static/{file}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var("UPDATE_TYPES").is_ok() {
        std::fs::write(&path, generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "static/{file} is stale: run `UPDATE_TYPES=1 cargo test -p plunder-server --test message_types`"
    );
}

#[test]
fn the_typescript_declarations_of_the_messages_are_up_to_date() {
    up_to_date("messages.d.ts", &plunder_server::messages::typescript());
}

#[test]
fn the_games_words_for_the_boards_are_up_to_date() {
    up_to_date("games/constants.js", &plunder_server::game_types::constants_js());
}

#[test]
fn the_typescript_declarations_of_the_games_are_up_to_date() {
    up_to_date("games/views.d.ts", &plunder_server::game_types::typescript());
}
