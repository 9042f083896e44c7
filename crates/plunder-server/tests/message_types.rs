//! The browser client's message types are generated from the Rust types, never written twice: this fails when
//! `static/messages.d.ts` is not what the types generate now. `UPDATE_TYPES=1` rewrites it.

#[test]
fn the_typescript_declarations_of_the_messages_are_up_to_date() {
    let generated = plunder_server::messages::typescript();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/static/messages.d.ts");
    if std::env::var("UPDATE_TYPES").is_ok() {
        std::fs::write(path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == generated,
        "static/messages.d.ts is stale: run `UPDATE_TYPES=1 cargo test -p plunder-server --test message_types`"
    );
}
