//! Load benchmark: many WebSocket clients on loopback, in pairs, each pair the two seats of a liar's dice game
//! (5 dice each, each seat playing its first legal action); when a game ends, both seats ask for the rematch
//! over REST (each on its own keep-alive connection, as a browser keeps one) and play on in it (as boardgame.io's
//! load generator opens a new match). Reports moves per second
//! (each one stored before it is acknowledged) and the latency of a move until the table that includes it
//! arrives, over a measurement window after a warm-up.
//!
//! ```text
//! cargo run --release -p plunder-server --example load -- [--clients N] [--seconds S] [--warmup W]
//!     [--rate R [--poisson]] [--database URL] [--server http://HOST:PORT --server-pid PID] [--threads T]
//!     [--bot-tables B [--bot BOT] [--bot-game GAME] [--bot-threads T]]
//! ```
//!
//! Two modes:
//! - **Closed loop** (no `--rate`, or `--rate 0`): each seat sends its move as soon as its table arrives, so
//!   there is always one move in flight per game, and by Little's law the mean latency is the number of games
//!   divided by the throughput. Latency is from sending a move to receiving the table that includes it.
//! - **Open loop** (`--rate R`): the games together offer R moves a second whatever the server does. Each game
//!   has its own schedule of R / games moves a second (evenly spaced, the games' phases spread evenly over the
//!   interval; `--poisson` draws exponential gaps instead), its first move at a time spread over the warm-up (so
//!   that games end, and rematch, at any time rather than together), and the seat to move sends each move at its
//!   scheduled time, or at once if its table arrives after that time. Latency is from the *scheduled* time (no
//!   coordinated omission: a server that falls behind is charged for the wait). A move scheduled in the window
//!   and not acknowledged by the end of the drain (5 s after the window) is counted as unfinished.
//!
//! Defaults: 1000 clients, a 10 s window after 3 s of warm-up, a server in this process on a temporary SQLite
//! file. With `--server`, the clients load a running `plunder serve` instead (a separate process, as with the
//! boardgame.io anchor); `--server-pid` lets it report that process's CPU time per move, beside the clients'
//! own. `--threads` sets the clients' runtime threads (default 1 with `--server`, 2 in process).
//!
//! With `--bot-tables B`, B games of bots only (`--bot`, default `ismcts:2000`, in every seat of `--bot-game`,
//! default `pirates-flag`) play beside the people from the start: the people's latency is then measured while
//! the bots think. In process, `--bot-threads` sets the server's bot budget (default: every core but one).
//!
//! The client reads as little of each table as it can (it shares the machine with the server): the message's
//! type, its version, its status and its first legal action, found by their keys in the text as the server
//! writes it (fields in the order of `TableMessage`), without parsing the views.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use plunder_core::Rng;
use plunder_server::{Hub, HubConfig, Store};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// A keep-alive HTTP/1.1 connection to the server for a seat's REST calls, as a browser keeps one: opened on first
/// use, and again if the server has closed it.
struct Http {
    address: String,
    connection: Option<BufReader<TcpStream>>,
}

impl Http {
    fn new(address: &str) -> Http {
        Http { address: address.to_string(), connection: None }
    }

    /// `POST path` with a JSON body; the answer's JSON body. A connection that fails before answering is
    /// opened again once (the server may have closed an idle one).
    async fn post(&mut self, path: &str, body: &Value) -> Result<Value, String> {
        let body = body.to_string();
        let mut attempt = 0;
        loop {
            let mut connection = match self.connection.take() {
                Some(connection) => connection,
                None => {
                    let stream = TcpStream::connect(&self.address).await.map_err(|e| e.to_string())?;
                    stream.set_nodelay(true).map_err(|e| e.to_string())?;
                    BufReader::new(stream)
                }
            };
            match Http::exchange(&mut connection, &self.address, path, &body).await {
                Ok(answer) => {
                    self.connection = Some(connection);
                    return answer;
                }
                Err(e) if attempt > 0 => return Err(e.to_string()),
                // The failed connection is dropped; the next attempt opens another.
                Err(_) => attempt += 1,
            }
        }
    }

    /// One request and its answer on an open connection: an I/O error, or the answer (an error unless 200 or 201).
    async fn exchange(
        connection: &mut BufReader<TcpStream>,
        address: &str,
        path: &str,
        body: &str,
    ) -> std::io::Result<Result<Value, String>> {
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n\
             {body}",
            body.len()
        );
        connection.get_mut().write_all(request.as_bytes()).await?;
        let mut status = String::new();
        if connection.read_line(&mut status).await? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let mut length = None;
        loop {
            let mut line = String::new();
            if connection.read_line(&mut line).await? == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse::<usize>().ok();
                }
            }
        }
        let Some(length) = length else {
            return Ok(Err(format!("{}: no Content-Length", status.trim_end())));
        };
        let mut answer = vec![0; length];
        connection.read_exact(&mut answer).await?;
        let answer = String::from_utf8_lossy(&answer);
        if !(status.starts_with("HTTP/1.1 200") || status.starts_with("HTTP/1.1 201")) {
            return Ok(Err(format!("{}: {answer}", status.trim_end())));
        }
        Ok(serde_json::from_str(&answer).map_err(|e| e.to_string()))
    }
}

/// What a client reads of a table message.
struct Table<'a> {
    version: u64,
    over: bool,
    /// The first legal action's `action`, as JSON text.
    first_action: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct Legal<'a> {
    #[serde(borrow)]
    action: &'a RawValue,
}

/// Reads a table message by its keys, without parsing the rest; `None` for any other message.
///
/// The server writes a table's fields in the order of `TableMessage` (`type` first, then `id` and `game`, which
/// are strings, then `version`, ..., `status`, ..., `view`, `legal`, then only strings and numbers). A key with
/// its quotes cannot occur inside a JSON string (quotes in strings are escaped), so the first `"version":` and
/// `"status":` are the table's own, and the last `"legal":[` is the table's own (the view comes before it).
fn read_table(text: &str) -> Option<Table<'_>> {
    if !text.starts_with(r#"{"type":"table""#) {
        return None;
    }
    let after = |key: &str| text.find(key).map(|at| &text[at + key.len()..]);
    let digits = after(r#""version":"#)?;
    let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
    let version = digits[..end].parse().ok()?;
    let over = after(r#""status":{"state":""#)?.starts_with("over\"");
    let legal = &text[text.rfind(r#""legal":["#)? + r#""legal":["#.len()..];
    let first_action = if legal.starts_with(']') {
        None
    } else {
        // Only the first entry is read: the deserializer stops at its end.
        let mut entries = serde_json::Deserializer::from_str(legal);
        Some(Legal::deserialize(&mut entries).ok()?.action)
    };
    Some(Table { version, over, first_action })
}

/// The window in which moves count, and how long to wait for the last acknowledgements after it.
#[derive(Clone, Copy)]
struct Window {
    start: Instant,
    end: Instant,
    drain: Instant,
}

impl Window {
    fn contains(&self, at: Instant) -> bool {
        at >= self.start && at < self.end
    }
}

/// One game's schedule of moves in open-loop mode, shared by its two seats: whoever is to move takes the next
/// time. It survives rematches (the pair plays on to the same schedule).
struct Schedule {
    next: Instant,
    /// Seconds between moves (the mean, with `poisson`).
    interval: f64,
    poisson: Option<Rng>,
    /// Scheduled times taken so far that fall in the window.
    taken_in_window: u64,
}

impl Schedule {
    /// The next move's scheduled time.
    fn take(&mut self, window: &Window) -> Instant {
        let at = self.next;
        let gap = match &mut self.poisson {
            // Exponential gaps: a Poisson process of rate 1 / interval.
            Some(rng) => -self.interval * (1.0 - (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64).ln(),
            None => self.interval,
        };
        self.next += Duration::from_secs_f64(gap);
        if window.contains(at) {
            self.taken_in_window += 1;
        }
        at
    }

    /// Takes the times left in the window that no move was sent at (the game was still behind when the drain
    /// ended), so that [`Schedule::taken_in_window`] counts every move offered in the window.
    fn untaken_in_window(&mut self, window: &Window) {
        while self.next < window.end {
            self.take(window);
        }
    }
}

/// What one seat measured.
#[derive(Default)]
struct Measured {
    /// Latencies of the moves sent (closed loop) or scheduled (open loop) in the window.
    latencies: Vec<Duration>,
    /// Acknowledgements that arrived in the window.
    acknowledged_in_window: u64,
    /// How long each rematch took, from the table that ended a game to the new game's first table.
    rematches: Vec<Duration>,
}

/// One seat: acts whenever its table offers legal actions (at once, or at its game's next scheduled time), moves
/// on to the rematch when a game ends, until the window closes.
async fn seat(
    address: String,
    mut id: String,
    token: String,
    window: Window,
    schedule: Option<Arc<Mutex<Schedule>>>,
) -> Measured {
    let mut measured = Measured::default();
    let mut http = Http::new(&address);
    let mut rematch_since: Option<Instant> = None;
    'games: loop {
        let url = format!("ws://{address}/api/games/{id}/ws?token={token}");
        // A small read buffer, as the server uses (tungstenite zeroes the whole buffer before each read).
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(4096);
        // Without Nagle's algorithm, as browsers open their sockets.
        let Ok((mut socket, _)) = tokio_tungstenite::connect_async_with_config(url, Some(config), true).await else {
            return measured;
        };
        let mut sent: Option<(Instant, u64)> = None;
        while let Ok(Some(Ok(message))) = tokio::time::timeout_at(window.drain.into(), socket.next()).await {
            let Message::Text(text) = message else { continue };
            let Some(table) = read_table(text.as_str()) else { continue };
            if let Some(since) = rematch_since.take() {
                measured.rematches.push(since.elapsed());
            }
            if let Some((at, before)) = sent {
                if table.version > before {
                    let now = Instant::now();
                    if window.contains(at) {
                        measured.latencies.push(now - at);
                    }
                    if window.contains(now) {
                        measured.acknowledged_in_window += 1;
                    }
                    sent = None;
                }
            }
            let stop = match &schedule {
                None => Instant::now() >= window.end,
                // Open loop: the seat stops when nothing it sent is pending and its game's next move is due
                // after the window.
                Some(schedule) => sent.is_none() && schedule.lock().unwrap().next >= window.end,
            };
            if stop {
                return measured;
            }
            if table.over {
                rematch_since = Some(Instant::now());
                // The old socket closes on its own: the close handshake is not waited for (awaiting it here took
                // about half a second under load, charged to the next moves' latency).
                tokio::spawn(async move {
                    let _ = socket.close(None).await;
                });
                match http.post(&format!("/api/games/{id}/rematch"), &json!({ "token": token })).await {
                    Ok(rematch) => {
                        id = rematch["id"].as_str().unwrap_or_default().to_string();
                        continue 'games;
                    }
                    Err(_) => return measured,
                }
            }
            if sent.is_none() {
                if let Some(action) = table.first_action {
                    let at = match &schedule {
                        None => Instant::now(),
                        Some(schedule) => {
                            let at = schedule.lock().unwrap().take(&window);
                            if at > Instant::now() {
                                tokio::time::sleep_until(at.into()).await;
                            }
                            at
                        }
                    };
                    let message = format!(r#"{{"type":"act","action":{}}}"#, action.get());
                    sent = Some((at, table.version));
                    if socket.send(Message::Text(message.into())).await.is_err() {
                        return measured;
                    }
                }
            }
        }
        return measured;
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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let external = args.iter().any(|a| a == "--server");
    let threads: usize = flag(&args, "--threads", if external { 1 } else { 2 });
    let runtime = if threads <= 1 {
        tokio::runtime::Builder::new_current_thread().enable_all().build()
    } else {
        tokio::runtime::Builder::new_multi_thread().worker_threads(threads).enable_all().build()
    };
    runtime.expect("the runtime starts").block_on(run(args));
}

async fn run(args: Vec<String>) {
    let clients: usize = flag(&args, "--clients", 1000);
    let seconds: u64 = flag(&args, "--seconds", 10);
    let warmup: u64 = flag(&args, "--warmup", 3);
    let rate: f64 = flag(&args, "--rate", 0.0);
    let poisson = args.iter().any(|a| a == "--poisson");
    let temp = std::env::temp_dir().join(format!("plunder-load-{}.db", std::process::id()));
    let database: String = flag(&args, "--database", format!("sqlite://{}", temp.display()));
    let server: String = flag(&args, "--server", String::new());
    let external = !server.is_empty();
    let address = if server.is_empty() {
        let store = Store::open(&database).await.expect("the database opens");
        let bot_threads: usize = flag(&args, "--bot-threads", plunder_server::default_bot_threads());
        // Every client is on loopback, from one address: its game creations are not limited.
        let games_per_address = plunder_server::Rate { burst: u32::MAX, per_minute: u32::MAX };
        let limits = plunder_server::Limits { games_per_address, ..Default::default() };
        let hub = Hub::new(store, HubConfig { bot_threads, limits, ..HubConfig::default() });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        // Every client is on loopback, from one address: the connection caps are lifted.
        let serve = plunder_server::ServeConfig {
            max_connections: usize::MAX,
            max_connections_per_address: usize::MAX,
            ..Default::default()
        };
        tokio::spawn(plunder_server::serve_with(listener, hub, serve));
        address
    } else {
        server.trim_start_matches("http://").trim_end_matches('/').to_string()
    };
    let games = clients.div_ceil(2);
    let mut http = Http::new(&address);
    let bot_tables: usize = flag(&args, "--bot-tables", 0);
    let bot: String = flag(&args, "--bot", "ismcts:2000".to_string());
    let bot_game: String = flag(&args, "--bot-game", "pirates-flag".to_string());
    for _ in 0..bot_tables {
        let catalog_seats = if bot_game == "liars-dice" { 2 } else { 3 };
        let body = json!({"game": bot_game, "seats": vec![bot.clone(); catalog_seats]});
        http.post("/api/games", &body).await.expect("the bot game is created");
        // Watched by no one, it plays on by itself.
    }
    let mut seats = Vec::new();
    for game in 0..games {
        let body = json!({"game": "liars-dice", "seats": ["human", "human"], "options": {"dice": 5}});
        let created = http.post("/api/games", &body).await.expect("the game is created");
        let id = created["id"].as_str().unwrap().to_string();
        for seat in created["seats"].as_array().unwrap() {
            seats.push((game, id.clone(), seat["token"].as_str().unwrap().to_string()));
        }
    }
    seats.truncate(clients);
    let start = Instant::now() + Duration::from_secs(warmup);
    let end = start + Duration::from_secs(seconds);
    let window = Window { start, end, drain: end + Duration::from_secs(5) };
    // Open loop: game g's moves at now + g * (warmup + interval) / games + k * interval (evenly spaced), or
    // Poisson. The games start spread over the warm-up, longer than a game, so that games end (and ask for their
    // rematches) at any time, as in a steady state, not all at once each game's length; their phases within the
    // interval are spread too.
    let schedules: Vec<Option<Arc<Mutex<Schedule>>>> = (0..games)
        .map(|game| {
            (rate > 0.0).then(|| {
                let interval = games as f64 / rate;
                let offset = game as f64 * (warmup as f64 + interval) / games as f64;
                Arc::new(Mutex::new(Schedule {
                    next: Instant::now() + Duration::from_secs_f64(offset),
                    interval,
                    poisson: poisson.then(|| Rng::stream(0x10AD, game as u64)),
                    taken_in_window: 0,
                }))
            })
        })
        .collect();
    // CPU time over the window: the server's (this process, or `--server-pid`) and, with `--server`, the
    // clients' own.
    let server_pid: u32 = flag(&args, "--server-pid", std::process::id());
    let cpu = tokio::spawn(async move {
        tokio::time::sleep_until(window.start.into()).await;
        let before = (cpu_seconds(server_pid), cpu_seconds(std::process::id()));
        tokio::time::sleep_until(window.end.into()).await;
        (cpu_seconds(server_pid) - before.0, cpu_seconds(std::process::id()) - before.1)
    });
    let tasks: Vec<_> = seats
        .into_iter()
        .map(|(game, id, token)| tokio::spawn(seat(address.clone(), id, token, window, schedules[game].clone())))
        .collect();
    let mut latencies = Vec::new();
    let mut acknowledged = 0;
    let mut rematches = Vec::new();
    for task in tasks {
        if let Ok(measured) = task.await {
            latencies.extend(measured.latencies);
            acknowledged += measured.acknowledged_in_window;
            rematches.extend(measured.rematches);
        }
    }
    rematches.sort();
    let (server_cpu, clients_cpu) = cpu.await.unwrap_or((0.0, 0.0));
    latencies.sort();
    let mut storage = if server.is_empty() { database.split("://").next().unwrap_or("?").to_string() } else { server };
    if bot_tables > 0 {
        storage.push_str(&format!(", beside {bot_tables} tables of {bot} bots ({bot_game})"));
    }
    let mode = if rate > 0.0 {
        let mut offered = 0;
        for schedule in schedules.iter().flatten() {
            let mut schedule = schedule.lock().unwrap();
            // The moves a game was still behind on when the drain ended are scheduled too.
            schedule.untaken_in_window(&window);
            offered += schedule.taken_in_window;
        }
        // Every move scheduled in the window has a latency, or was sent and never acknowledged, or never sent.
        let unfinished = offered.saturating_sub(latencies.len() as u64);
        format!(
            "open loop, offered {:.0} moves/s ({}), {unfinished} unfinished",
            offered as f64 / seconds as f64,
            if poisson { "Poisson" } else { "evenly spaced" }
        )
    } else {
        "closed loop".to_string()
    };
    let per_second = |cpu: f64| cpu * 100.0 / seconds as f64;
    let own =
        if external { format!(", clients CPU {:.0}% of one core", per_second(clients_cpu)) } else { String::new() };
    println!(
        "{clients} clients, {seconds} s after {warmup} s warm-up, {storage}, {mode}: {} moves stored and \
         acknowledged, {:.0} moves/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, {} CPU {:.0}% of one core, {:.3} ms \
         per move{own}, {} rematches (p50 {:.0} ms, max {:.0} ms)",
        latencies.len(),
        acknowledged as f64 / seconds as f64,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0),
        if external { "server" } else { "server and clients" },
        per_second(server_cpu),
        server_cpu * 1000.0 / acknowledged.max(1) as f64,
        rematches.len(),
        percentile(&rematches, 0.5),
        percentile(&rematches, 1.0),
    );
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", temp.display()));
    }
}
