//! `plunder serve` as a real process on loopback: two seats play over WebSockets; the server is killed with
//! SIGKILL in the middle of the game and restarted on the same SQLite file; every acknowledged move is there
//! and the game goes on to the end.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Kills the server when dropped, so a failing test leaves no process behind.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start(port: u16, database: &str) -> Server {
    start_with(port, database, &[], Stdio::null())
}

/// `plunder serve` with `extra` flags, its standard output going to `stdout`.
fn start_with(port: u16, database: &str, extra: &[&str], stdout: Stdio) -> Server {
    let child = Command::new(env!("CARGO_BIN_EXE_plunder"))
        .args(["serve", "--port", &port.to_string(), "--database", database, "--bot-delay-ms", "0"])
        .args(extra)
        .stdout(stdout)
        .stderr(Stdio::null())
        .spawn()
        .expect("plunder starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the server listens within 20 s");
        std::thread::sleep(Duration::from_millis(50));
    }
    Server(child)
}

async fn post(port: u16, path: &str, body: &Value) -> Value {
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 201"), "{head}");
    serde_json::from_str(body).unwrap()
}

async fn connect(port: u16, id: &str, token: &str) -> Socket {
    let url = format!("ws://127.0.0.1:{port}/api/games/{id}/ws?token={token}");
    tokio_tungstenite::connect_async(url).await.expect("the socket opens").0
}

/// The next table message on `socket` with a version of at least `version`.
async fn table(socket: &mut Socket, version: u64) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next()).await.unwrap().unwrap().unwrap();
        let Message::Text(text) = message else { continue };
        let message: Value = serde_json::from_str(text.as_str()).unwrap();
        if message["type"] == "table" && message["version"].as_u64().unwrap() >= version {
            return message;
        }
    }
}

/// Plays the acting seat's first legal action; returns the acknowledged table (or `None` once the game is over).
async fn play_one(sockets: &mut [Socket], latest: &Value) -> Option<Value> {
    if latest["status"]["state"] != "decide" {
        return None;
    }
    let seat = latest["status"]["seats"][0].as_u64().unwrap() as usize;
    let version = latest["version"].as_u64().unwrap();
    let mine = table(&mut sockets[seat], version).await;
    let action = mine["legal"][0]["action"].clone();
    sockets[seat].send(Message::Text(json!({"type": "act", "action": action}).to_string().into())).await.unwrap();
    Some(table(&mut sockets[seat], version + 1).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_loses_no_acknowledged_move_and_the_game_resumes() {
    let path = std::env::temp_dir().join(format!("plunder-serve-test-{}.db", std::process::id()));
    let database = format!("sqlite://{}", path.display());
    let port = free_port();
    let mut server = start(port, &database);
    let created =
        post(port, "/api/games", &json!({"game": "liars-dice", "seats": ["human", "human"], "seed": 4})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> =
        created["seats"].as_array().unwrap().iter().map(|s| s["token"].as_str().unwrap().to_string()).collect();
    let mut sockets = vec![connect(port, &id, &tokens[0]).await, connect(port, &id, &tokens[1]).await];
    let mut latest = table(&mut sockets[0], 0).await;
    for _ in 0..3 {
        latest = play_one(&mut sockets, &latest).await.expect("liars dice lasts more than three moves");
    }
    let acknowledged = latest["version"].as_u64().unwrap();

    // SIGKILL: no shutdown code runs.
    server.0.kill().unwrap();
    server.0.wait().unwrap();
    drop(sockets);
    let _server = start(port, &database);
    let mut sockets = vec![connect(port, &id, &tokens[0]).await, connect(port, &id, &tokens[1]).await];
    latest = table(&mut sockets[0], 0).await;
    assert_eq!(latest["version"].as_u64().unwrap(), acknowledged, "every acknowledged move survived");

    let mut moves = 0;
    while let Some(next) = play_one(&mut sockets, &latest).await {
        latest = next;
        moves += 1;
        assert!(moves < 200, "the game ends");
    }
    assert_eq!(latest["status"]["state"], "over", "the resumed game plays to the end");
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

#[test]
fn a_server_that_cannot_start_says_why_and_leaves_no_database_behind() {
    let dir = std::env::temp_dir().join(format!("plunder-serve-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let db = dir.join("games.db");
    let url = format!("sqlite://{}", db.display());
    let refused = |database: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_plunder"))
            .args(["serve", "--port", &port, "--database", database])
            .output()
            .expect("plunder runs");
        assert!(!out.status.success());
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let said = refused(&url);
    assert!(said.contains(&format!("cannot listen on 127.0.0.1:{port}")), "{said}");
    assert!(!db.exists(), "no database file for a server that never listened");
    drop(taken);
    let said = refused("games.db");
    assert!(said.contains("unsupported database URL (use sqlite://FILE"), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_database_that_cannot_be_used_is_refused_at_once_with_its_reason() {
    let dir = std::env::temp_dir().join(format!("plunder-serve-bad-db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let not_a_database = dir.join("notes.txt");
    std::fs::write(&not_a_database, "not a database, but long enough to have a header page of text.\n".repeat(10))
        .unwrap();
    let missing_folder = format!("the folder {}/missing/dir does not exist", dir.display());
    let cases = [
        (format!("sqlite://{}", not_a_database.display()), "not a database"),
        // The missing folder is named (not SQLite's "(code: 14) unable to open database file"), and not made.
        (format!("sqlite://{}/missing/dir/games.db", dir.display()), missing_folder.as_str()),
        // Nothing listens on port 1: refused, and the password is never printed.
        ("postgres://plunder:s3cret-pw@127.0.0.1:1/games".to_string(), "postgres://plunder:***@127.0.0.1:1/games"),
    ];
    for (database, reason) in cases {
        let started = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_plunder"))
            .args(["serve", "--port", "0", "--database", &database])
            .output()
            .expect("plunder runs");
        let text = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && text.contains(reason), "{database}: {text}");
        assert!(!text.contains("s3cret"), "{text}");
        assert!(started.elapsed() < Duration::from_secs(10), "{database}: {:?}", started.elapsed());
        assert!(!text.contains("code: 14"), "{text}");
    }
    assert!(!dir.join("missing").exists(), "a missing folder is not made");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `plunder serve` with `args`, which must exit (not serve) within 20 s: its exit success, stdout and stderr.
fn run_to_exit(args: &[&str]) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_plunder"))
        .arg("serve")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("plunder starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("plunder serve {args:?} did not exit within 20 s: it serves");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).to_string();
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn serve_check_opens_the_database_binds_the_port_prints_the_configuration_and_exits() {
    let dir = std::env::temp_dir().join(format!("plunder-serve-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let database = format!("sqlite://{}", db.display());
    let port = free_port().to_string();
    let (ok, out, err) = run_to_exit(&[
        "--check",
        "--port",
        &port,
        "--database",
        &database,
        "--max-connections",
        "500",
        "--allow-origin",
        "https://games.example.org",
        "--bot-threads",
        "3",
        "--open-seat-hours",
        "6",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("thinking on 3 thread(s) at most"), "{out}");
    assert!(out.contains("open seats listed for 6 h"), "{out}");
    assert!(out.contains("the configuration is good"), "{out}");
    assert!(out.contains(&format!("http://127.0.0.1:{port}")), "{out}");
    assert!(out.contains(&database) && out.contains("SQLite"), "{out}");
    assert!(out.contains("500 at most, 64 per address"), "{out}");
    assert!(out.contains("https://games.example.org"), "{out}");
    assert!(!err.contains("serving at"), "{err}");
    assert!(db.exists(), "the database is made as a start would make it");
    // The store's tables are there: a real start on the file serves.
    drop(start(free_port(), &database));

    // Refusals exit non-zero with their reason: a port taken, a missing folder, a bad flag value.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let taken_port = taken.local_addr().unwrap().port().to_string();
    let (ok, out, err) = run_to_exit(&["--check", "--port", &taken_port, "--database", &database]);
    assert!(!ok && err.contains(&format!("cannot listen on 127.0.0.1:{taken_port}")), "{out}\n{err}");
    let missing = format!("sqlite://{}/nowhere/games.db", dir.display());
    let (ok, _, err) = run_to_exit(&["--check", "--port", &port, "--database", &missing]);
    assert!(!ok && err.contains("does not exist"), "{err}");
    assert!(!dir.join("nowhere").exists());
    let (ok, _, err) = run_to_exit(&["--check", "--idle-timeout-secs", "5"]);
    assert!(!ok && err.contains("--idle-timeout-secs (5)"), "{err}");
    drop(taken);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn port_0_serves_on_a_port_it_names() {
    let dir = std::env::temp_dir().join(format!("plunder-serve-port-0-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let database = format!("sqlite://{}", dir.join("games.db").display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_plunder"))
        .args(["serve", "--port", "0", "--database", &database])
        .stderr(Stdio::piped())
        .spawn()
        .expect("plunder starts");
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let server = Server(child);
    let mut line = String::new();
    std::io::BufRead::read_line(&mut stderr, &mut line).unwrap();
    let port: u16 = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|port| port.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"));
    assert_ne!(port, 0, "{line}");
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_ok(), "{line}");
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_access_log_has_a_line_per_request_and_per_connection_closed_without_one_and_never_a_token() {
    let path = std::env::temp_dir().join(format!("plunder-access-log-test-{}.db", std::process::id()));
    let port = free_port();
    let mut server = start_with(port, &format!("sqlite://{}", path.display()), &["--access-log"], Stdio::piped());
    let created = post(port, "/api/games", &json!({"game": "liars-dice", "seats": ["human", "odds"]})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["seats"][0]["token"].as_str().unwrap().to_string();
    let mut socket = connect(port, &id, &token).await;
    table(&mut socket, 0).await;
    drop(socket);
    // A connection closed silent, and one closed halfway through its request's head: no request, yet a line each.
    drop(tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap());
    let mut half = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    tokio::io::AsyncWriteExt::write_all(&mut half, b"GET /api/cat").await.unwrap();
    drop(half);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    server.0.kill().unwrap();
    let mut log = String::new();
    std::io::Read::read_to_string(&mut server.0.stdout.take().unwrap(), &mut log).unwrap();
    assert!(log.lines().any(|l| l.starts_with("127.0.0.1 POST /api/games 201 ")), "{log}");
    assert!(log.lines().any(|l| l.starts_with(&format!("127.0.0.1 GET /api/games/{id}/ws 101 "))), "{log}");
    // (The test's own wait for the server to listen is a connection closed silent too.)
    let no_request = log.lines().filter(|l| l.starts_with("127.0.0.1 (no request) ") && l.ends_with("ms")).count();
    assert!(no_request >= 2, "a line for each connection closed before a request:\n{log}");
    let half_line = "127.0.0.1 (no request) connection closed before message completed after ";
    assert!(log.lines().any(|l| l.starts_with(half_line)), "the half-sent head is told:\n{log}");
    assert!(!log.contains(&token), "the log holds a seat's token:\n{log}");
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

#[test]
fn a_second_server_on_the_same_sqlite_file_is_refused_with_a_clear_message_and_starts_once_the_first_stops() {
    let path = std::env::temp_dir().join(format!("plunder-two-servers-test-{}.db", std::process::id()));
    let database = format!("sqlite://{}", path.display());
    let first = start(free_port(), &database);
    let second = Command::new(env!("CARGO_BIN_EXE_plunder"))
        .args(["serve", "--port", &free_port().to_string(), "--database", &database])
        .output()
        .expect("plunder runs");
    assert!(!second.status.success(), "a second server on the same file must not start");
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(said.contains("is in use by another plunder server"), "{said}");
    drop(first);
    let again = start(free_port(), &database);
    drop(again);
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}
