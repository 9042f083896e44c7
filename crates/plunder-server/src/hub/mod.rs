//! The play hub: one task per game that is the game's only writer. Clients, bots and timers send it commands;
//! it applies them one at a time, stores each step's events, and only then tells anyone (every client gets its
//! own viewer's table). A lost race with another server instance on the same database is settled by the
//! store's version check: the loser reloads the game from the database and answers from there. On PostgreSQL an
//! instance follows the others' moves by applying only the events stored after those it holds, and shares which
//! seats are connected to it through the store's presence rows, so every instance shows the same table.
//!
//! This module holds the hub: the running games, their configuration and the public API. A client's connection
//! and the allowances that limit it are in `connection`; a game's task is in `actor`, with what comes due at it
//! and who plays then in `schedule`, its chat in `chat` and the messages it sends in `broadcast`.

mod actor;
mod broadcast;
mod chat;
mod connection;
mod schedule;

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use plunder_core::{Seat, Viewer};
use tokio::sync::{mpsc, oneshot};

use crate::messages::{ClientMessage, SeatInfo, ServerMessage, StatusInfo};
use crate::store::{Backend, Change, GameSpec, Store, StoreError};
use crate::table::{record_of, table_from_record, Table};

use actor::Actor;
pub use connection::Connection;
use connection::{AddressPlace, Outbox, PerAddress, TokenBucket};

/// Limits on what one connection may send.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest message read, in bytes.
    pub max_message_bytes: usize,
    /// Messages a connection may send in a burst...
    pub burst: u32,
    /// ...and per second after it.
    pub per_second: u32,
    /// The longest chat line, in characters.
    pub max_chat_chars: usize,
    /// Chat lines from one client address, over all its connections and games...
    pub chat_per_address: Rate,
    /// ...and at one game, from everyone together, so many connections cannot flood a table.
    pub chat_per_game: Rate,
    /// Games one client address may create (new games and branches; a rematch, made once for everyone, is free).
    pub games_per_address: Rate,
    /// Replays one client address may have built (a replay already built for anyone is free): each rebuilds a
    /// finished game step by step, a tenth of a second or more of a core for a long one.
    pub replays_per_address: Rate,
    /// The chat lines a game keeps in memory and sends a client on joining (the latest ones).
    pub chat_history_lines: usize,
    /// Messages queued for one client before it is dropped as too slow...
    pub outbox: usize,
    /// ...and bytes (the messages' JSON length): a client whose queue would pass this is dropped and its socket
    /// closed (1008, "too slow"), so a socket that never reads holds at most this much of the server's memory.
    /// A message is always queued for a client with an empty queue, however large.
    pub outbox_bytes: usize,
    /// Bytes of `sync` answers (whole tables) one connection gets a second on average; a `sync` asked while the
    /// allowance is spent is refused (`rate_limited`) without building the table. The allowance holds up to
    /// two seconds' worth and may be overdrawn by one table, so a table larger than it is still sent.
    pub sync_bytes_per_second: usize,
    /// Sockets open to one game at most for spectators: a spectator is refused once the game has this many
    /// (seats included), and a seat is never refused for them...
    pub max_sockets_per_game: usize,
    /// ...but only for its own: one seat holds at most this many sockets (tabs, reconnects not yet noticed).
    pub max_sockets_per_seat: usize,
    /// Play sockets one client address holds at most, over all games: behind a trusted proxy, the address the
    /// proxy forwards (the connection cap per address counts the proxy's own address, which it does not hold to).
    pub max_sockets_per_address: usize,
    /// A WebSocket is pinged after this long without a message from its client...
    pub ping_interval: Duration,
    /// ...and closed if nothing (its pong) arrives within this long of the ping.
    pub pong_deadline: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 16 * 1024,
            burst: 40,
            per_second: 20,
            max_chat_chars: 500,
            chat_per_address: Rate { burst: 5, per_minute: 30 },
            chat_per_game: Rate { burst: 20, per_minute: 120 },
            games_per_address: Rate { burst: 20, per_minute: 20 },
            replays_per_address: Rate { burst: 20, per_minute: 30 },
            chat_history_lines: 200,
            outbox: 256,
            outbox_bytes: 4 * 1024 * 1024,
            sync_bytes_per_second: 512 * 1024,
            max_sockets_per_game: 100,
            max_sockets_per_address: 64,
            max_sockets_per_seat: 4,
            ping_interval: Duration::from_secs(20),
            pong_deadline: Duration::from_secs(10),
        }
    }
}

/// A rate (of chat lines, of games created): `burst` at once, then `per_minute` on average.
#[derive(Clone, Copy, Debug)]
pub struct Rate {
    pub burst: u32,
    pub per_minute: u32,
}

impl Rate {
    fn bucket(self) -> TokenBucket {
        TokenBucket::new(self.burst, self.per_minute as f64 / 60.0)
    }
}

/// How the hub behaves.
#[derive(Clone, Debug)]
pub struct HubConfig {
    pub limits: Limits,
    /// A pause before each bot move, so people can follow (zero in tests).
    pub bot_delay: Duration,
    /// How long the server waits before a move it takes for a seat ("play for me") while that seat has made no
    /// choice of its own yet; afterwards it waits as long as the seat took over one of its recent choices, so
    /// the pace of a seat's passes does not tell others whether it could have answered (zero in tests).
    pub pass_delay: Duration,
    /// A game with no connection and nothing due (no bot move, no running clock) for this long stops its task;
    /// it is loaded from storage again when someone asks for it.
    pub unload_after: Duration,
    /// Security on the open web: allowed origins, the request log.
    pub site: crate::site::SiteConfig,
    /// On PostgreSQL, how long a seat connected to this instance shows as connected on the others unless this
    /// instance says so again (it does every third of this): a killed instance's seats drop out after it.
    pub presence_expiry: Duration,
    /// The lobby lists a game's open seats for this long after the game was created; after that nobody is
    /// likely to come, and the list keeps to tables people may still join.
    pub open_seats_listed_for: Duration,
    /// Bots think on at most this many threads at once, over all games: the others wait their turn, and the
    /// rest of the machine answers people (by default, every core but one).
    pub bot_threads: usize,
}

/// Every core but one, and at least one.
pub fn default_bot_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1)).max(1)
}

impl Default for HubConfig {
    fn default() -> HubConfig {
        HubConfig {
            limits: Limits::default(),
            bot_delay: Duration::ZERO,
            pass_delay: Duration::ZERO,
            unload_after: Duration::from_secs(600),
            site: crate::site::SiteConfig::default(),
            presence_expiry: Duration::from_secs(15),
            bot_threads: default_bot_threads(),
            open_seats_listed_for: Duration::from_secs(24 * 3600),
        }
    }
}

/// Why the hub refused.
#[derive(Debug)]
pub enum HubError {
    NotFound,
    /// The game has as many sockets as it takes from spectators (`Limits::max_sockets_per_game`).
    Full,
    /// A seat's sockets are at `max_sockets_per_seat`.
    SeatFull,
    /// The client address holds `max_sockets_per_address` play sockets already.
    AddressFull,
    Store(StoreError),
    /// The stored record no longer replays (a bug or a tampered database).
    Corrupt(String),
}

impl std::fmt::Display for HubError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HubError::NotFound => f.write_str("no such game"),
            HubError::Full => f.write_str("this game has as many connections as it takes"),
            HubError::SeatFull => f.write_str("this seat is open in as many tabs as it may be"),
            HubError::AddressFull => f.write_str("this address holds as many play sockets as it may"),
            HubError::Store(e) => e.fmt(f),
            HubError::Corrupt(e) => write!(f, "the stored game does not replay: {e}"),
        }
    }
}

impl From<StoreError> for HubError {
    fn from(e: StoreError) -> HubError {
        match e {
            StoreError::NotFound => HubError::NotFound,
            e => HubError::Store(e),
        }
    }
}

enum Command {
    Join {
        viewer: Viewer,
        address: IpAddr,
        out: mpsc::Sender<ServerMessage>,
        outbox: Arc<Outbox>,
        /// The client's id, or `Full`.
        reply: oneshot::Sender<Result<u64, HubError>>,
    },
    Leave {
        client: u64,
    },
    Message {
        client: u64,
        message: ClientMessage,
    },
    /// Another instance changed the stored game: catch up.
    Changed(Change),
    /// A rematch was created: tell everyone.
    Rematch {
        game: String,
    },
    /// Answer with the game's public summary.
    Summary {
        reply: oneshot::Sender<Summary>,
    },
    /// The bots asked at `version` chose (see [`Actor::think`]).
    BotsChose {
        version: usize,
        /// Each seat's choice, or why its bot failed to choose (an error or a panic).
        choices: Vec<(Seat, Result<plunder_core::Labeled, String>)>,
    },
}

/// What anyone may know about a game without joining it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Summary {
    pub id: String,
    pub game: String,
    pub version: usize,
    pub status: StatusInfo,
    pub seats: Vec<SeatInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
    pub fairness: crate::store::Fairness,
    /// The options that are not the ones people play with, as `name = value` (`plunder_games::TableTerms`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub house_rules: Vec<String>,
    /// The table's designed content (cards, tiles, board) when its creator gave their own, as text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_content: Option<String>,
}

/// What a game was created with and who holds its seats: fixed for the game's life, so a game's task keeps it
/// and requests about a running game (a seat's token, a rematch) read no row.
#[derive(Debug)]
pub struct Seating {
    pub spec: GameSpec,
    /// `(seat, token hash)` for each human seat.
    pub token_hashes: Vec<(usize, String)>,
    /// How the table departs from the game as people play it, which every seat and the open list are told.
    pub terms: plunder_games::TableTerms,
}

impl Seating {
    pub fn new(spec: GameSpec, token_hashes: Vec<(usize, String)>) -> Seating {
        // A stored game's options made its game, so they make its terms too.
        let terms = plunder_games::table_terms(&spec.game, &spec.options).unwrap_or_default();
        Seating { spec, token_hashes, terms }
    }

    /// The seat whose token hashes to `token_hash`, if any.
    pub fn seat_for(&self, token_hash: &str) -> Option<usize> {
        self.token_hashes.iter().find(|(_, hash)| hash == token_hash).map(|(seat, _)| *seat)
    }
}

/// A game with a task: its command queue and its seating.
#[derive(Clone, Debug)]
struct Running {
    commands: mpsc::Sender<Command>,
    seating: Arc<Seating>,
    /// Set when another instance's change could not be queued (the queue was full): the task catches up on
    /// everything once it has room, rather than at the game's next change.
    missed_change: Arc<AtomicBool>,
}

/// The games being played, by id.
#[derive(Debug)]
pub struct Hub {
    store: Store,
    config: HubConfig,
    games: Mutex<HashMap<String, Running>>,
    next_client: AtomicU64,
    /// Bytes queued for all clients together (each client's share is its [`Outbox`]).
    queued_bytes: Arc<AtomicUsize>,
    /// Chat allowance per client address (`Limits::chat_per_address`), shared by its connections to every game.
    chat_by_address: PerAddress,
    /// Games each client address may still create now (`Limits::games_per_address`).
    games_by_address: PerAddress,
    /// Rematches each client address may still start now: as many again as games, counted apart.
    rematches_by_address: PerAddress,
    /// Replays each client address may still have built now (`Limits::replays_per_address`).
    replays_by_address: PerAddress,
    /// Play sockets open per client address (`Limits::max_sockets_per_address`).
    sockets_by_address: Arc<Mutex<HashMap<IpAddr, usize>>>,
    /// Replays of finished games lately answered.
    replays: crate::replay::ReplayCache,
    /// One replay is worked out at a time, on a thread of its own: a long game's takes a second of CPU, and
    /// several at once must not hold up the threads that answer everyone else.
    replay_builder: Arc<tokio::sync::Semaphore>,
    /// A permit for each thread bots may think on at once (`HubConfig::bot_threads`).
    bot_budget: Arc<tokio::sync::Semaphore>,
    /// Tables of bots only wait for a thread of the budget one at a time, so a person's bot opponent is queued
    /// behind at most one of them, however many there are (they are watched, not played).
    bots_only_gate: Arc<tokio::sync::Semaphore>,
    /// Each creating address's line for the bot budget: its games' bots wait for a thread one game at a time,
    /// so one address's many tables hold another's bot opponent up by one move at most.
    bot_lines: Mutex<HashMap<IpAddr, Arc<tokio::sync::Semaphore>>>,
}

impl Hub {
    pub fn new(store: Store, config: HubConfig) -> Arc<Hub> {
        let hub = Arc::new(Hub {
            store,
            games: Mutex::new(HashMap::new()),
            next_client: AtomicU64::new(1),
            queued_bytes: Arc::new(AtomicUsize::new(0)),
            chat_by_address: PerAddress::default(),
            games_by_address: PerAddress::default(),
            rematches_by_address: PerAddress::default(),
            replays_by_address: PerAddress::default(),
            sockets_by_address: Arc::default(),
            replays: crate::replay::ReplayCache::default(),
            replay_builder: Arc::new(tokio::sync::Semaphore::new(1)),
            bot_budget: Arc::new(tokio::sync::Semaphore::new(config.bot_threads.max(1))),
            bots_only_gate: Arc::new(tokio::sync::Semaphore::new(1)),
            bot_lines: Mutex::new(HashMap::new()),
            config,
        });
        if hub.store.backend() == Backend::Postgres {
            tokio::spawn(listen_for_changes(Arc::downgrade(&hub)));
            tokio::spawn(keep_presence(Arc::downgrade(&hub)));
        }
        hub
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Replays of finished games lately answered.
    pub fn replays(&self) -> &crate::replay::ReplayCache {
        &self.replays
    }

    /// The turn to work out a replay, once no other one is being worked out (held while it is).
    pub async fn replay_turn(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        self.replay_builder.clone().acquire_owned().await.ok()
    }

    pub fn config(&self) -> &HubConfig {
        &self.config
    }

    /// The permits bots think under, one a thread (`HubConfig::bot_threads`): a bot waits for one before it
    /// starts thinking. (Tests hold them to show that bots wait and people do not.)
    pub fn bot_budget(&self) -> &Arc<tokio::sync::Semaphore> {
        &self.bot_budget
    }

    /// Bytes of messages queued for clients and not yet taken by their sockets, in all
    /// ([`ServerMessage::queued_bytes`]): what slow readers hold of the server's memory.
    pub fn queued_bytes(&self) -> usize {
        self.queued_bytes.load(Ordering::Relaxed)
    }

    /// The command queue of game `id`, loading the game from the store if no task runs it yet.
    async fn game(self: &Arc<Self>, id: &str) -> Result<mpsc::Sender<Command>, HubError> {
        if let Some(running) = self.running(id) {
            return Ok(running.commands);
        }
        let actor = Actor::load(self.clone(), id).await?;
        Ok(self.run_unless_running(actor))
    }

    /// Runs `actor` as its game's task, unless another request started one meanwhile: the first is kept, so
    /// there is one writer.
    fn run_unless_running(&self, actor: Actor) -> mpsc::Sender<Command> {
        let mut games = self.games.lock().expect("the games map is never poisoned");
        if let Some(running) = games.get(&actor.id).filter(|r| !r.commands.is_closed()) {
            return running.commands.clone();
        }
        let (tx, rx) = mpsc::channel(1024);
        let missed_change = actor.missed_change.clone();
        games.insert(actor.id.clone(), Running { commands: tx.clone(), seating: actor.seating.clone(), missed_change });
        tokio::spawn(actor.run(rx, tx.downgrade()));
        tx
    }

    fn running(&self, id: &str) -> Option<Running> {
        let games = self.games.lock().expect("the games map is never poisoned");
        games.get(id).filter(|r| !r.commands.is_closed()).cloned()
    }

    /// Game `id`'s seating: its task's if it runs, else read from the store.
    pub async fn seating(&self, id: &str) -> Result<Arc<Seating>, HubError> {
        if let Some(running) = self.running(id) {
            return Ok(running.seating);
        }
        Ok(Arc::new(read_seating(&self.store, id).await?))
    }

    /// The seat of game `id` whose token hashes to `token_hash`, if any.
    pub async fn seat_for_token(&self, id: &str, token_hash: &str) -> Result<Option<usize>, HubError> {
        match self.running(id) {
            Some(running) => Ok(running.seating.seat_for(token_hash)),
            None => Ok(self.store.seat_for_token(id, token_hash).await?),
        }
    }

    /// Starts game `id`'s task now (so bots begin playing before anyone connects).
    pub async fn start(self: &Arc<Self>, id: &str) -> Result<(), HubError> {
        self.game(id).await.map(|_| ())
    }

    /// Starts the task of game `id`, just stored with `seating` and `table`'s events, from `table` itself:
    /// nothing to read back (its clocks are full, it has no rematch and no chat yet).
    /// `creator`: the address that started it (as the limits count it), whose games' bots wait for the bot
    /// budget one game at a time.
    pub fn start_new(self: &Arc<Self>, id: &str, seating: Seating, table: Box<dyn Table>, creator: Option<IpAddr>) {
        let line = creator.map(|address| self.bot_line(address));
        let mut actor = Actor::new(self.clone(), id, Arc::new(seating), table, None, None, line);
        // A new game has no chat yet.
        actor.chat = Some(VecDeque::new());
        actor.chat_next = Some(0);
        self.run_unless_running(actor);
    }

    /// Sends `command` to game `id`'s task; if the task has just unloaded, the game is loaded again and the
    /// command goes to the new task.
    async fn send(self: &Arc<Self>, id: &str, mut command: Command) -> Result<mpsc::Sender<Command>, HubError> {
        for _ in 0..3 {
            let game = self.game(id).await?;
            match game.send(command).await {
                Ok(()) => return Ok(game),
                Err(mpsc::error::SendError(back)) => command = back,
            }
        }
        Err(HubError::NotFound)
    }

    /// Whether game `id` has a task now (it unloads when idle).
    pub fn is_loaded(&self, id: &str) -> bool {
        self.running(id).is_some()
    }

    /// Connects `viewer` to game `id` from within the process: such connections count as one client address
    /// (the unspecified one) for the limits per address.
    pub async fn connect(self: &Arc<Self>, id: &str, viewer: Viewer) -> Result<Connection, HubError> {
        self.join(id, viewer, IpAddr::from([0, 0, 0, 0]), None).await
    }

    /// Connects `viewer` at client address `address` to game `id`. The first message the connection receives
    /// is the whole table.
    pub async fn connect_from(
        self: &Arc<Self>,
        id: &str,
        viewer: Viewer,
        address: IpAddr,
    ) -> Result<Connection, HubError> {
        let place = AddressPlace::take(&self.sockets_by_address, address, self.config.limits.max_sockets_per_address)
            .ok_or(HubError::AddressFull)?;
        self.join(id, viewer, address, Some(place)).await
    }

    async fn join(
        self: &Arc<Self>,
        id: &str,
        viewer: Viewer,
        address: IpAddr,
        place: Option<AddressPlace>,
    ) -> Result<Connection, HubError> {
        let (out, inbox) = mpsc::channel(self.config.limits.outbox);
        let outbox = Arc::new(Outbox::new(self.queued_bytes.clone()));
        // A task that unloads while the request is on its way drops it unanswered: ask the reloaded one.
        let mut attempt = 0;
        let (game, client) = loop {
            let (reply, client) = oneshot::channel();
            let join = Command::Join { viewer, address, out: out.clone(), outbox: outbox.clone(), reply };
            let game = self.send(id, join).await?;
            match client.await {
                Ok(Ok(client)) => break (game, client),
                Ok(Err(refused)) => return Err(refused),
                Err(_) if attempt < 2 => attempt += 1,
                Err(_) => return Err(HubError::NotFound),
            }
        };
        Ok(Connection {
            client,
            game,
            inbox,
            outbox,
            limits: self.config.limits.clone(),
            bucket: TokenBucket::new(self.config.limits.burst, self.config.limits.per_second as f64),
            _place: place,
        })
    }

    /// The public summary of game `id`.
    pub async fn summary(self: &Arc<Self>, id: &str) -> Result<Summary, HubError> {
        for _ in 0..3 {
            let (reply, answer) = oneshot::channel();
            self.send(id, Command::Summary { reply }).await?;
            if let Ok(summary) = answer.await {
                return Ok(summary);
            }
        }
        Err(HubError::NotFound)
    }

    /// The public summary of game `id` if its task runs here; `None` if it is not loaded (it is not loaded for
    /// this: loading replays the record and runs a timed game's clocks).
    pub async fn summary_if_loaded(&self, id: &str) -> Option<Summary> {
        let running = self.running(id)?;
        let (reply, answer) = oneshot::channel();
        running.commands.send(Command::Summary { reply }).await.ok()?;
        answer.await.ok()
    }

    /// Tells game `id`'s clients that `rematch` follows it.
    pub async fn announce_rematch(self: &Arc<Self>, id: &str, rematch: &str) -> Result<(), HubError> {
        self.send(id, Command::Rematch { game: rematch.to_string() }).await.map(|_| ())
    }

    fn notify_changed(&self, id: &str, change: Change) {
        if let Some(running) = self.running(id) {
            if let Err(mpsc::error::TrySendError::Full(_)) = running.commands.try_send(Command::Changed(change)) {
                running.missed_change.store(true, Ordering::Release);
            }
        }
    }

    /// Takes one chat line from `address`'s allowance, if it has one left.
    fn take_chat_line(&self, address: IpAddr) -> bool {
        self.chat_by_address.take(address, self.config.limits.chat_per_address)
    }

    /// Takes one game creation from `address`'s allowance, if it has one left.
    pub fn take_game_creation(&self, address: IpAddr) -> bool {
        self.games_by_address.take(address, self.config.limits.games_per_address)
    }

    /// Returns a game creation taken by `address` for something that then did not happen (a seat someone else
    /// took first).
    pub fn give_back_game_creation(&self, address: IpAddr) {
        self.games_by_address.give_back(address);
    }

    /// The line for the bot budget of the games `address` starts (made on first use; lines no running game
    /// holds any more are forgotten then).
    fn bot_line(&self, address: IpAddr) -> Arc<tokio::sync::Semaphore> {
        let mut lines = self.bot_lines.lock().unwrap_or_else(|e| e.into_inner());
        if !lines.contains_key(&address) {
            lines.retain(|_, line| Arc::strong_count(line) > 1);
        }
        lines.entry(address).or_insert_with(|| Arc::new(tokio::sync::Semaphore::new(1))).clone()
    }

    /// Takes one rematch from `address`'s allowance (as many a minute as games, counted apart), if it has one
    /// left: a chain of rematches is a chain of new games.
    pub fn take_rematch(&self, address: IpAddr) -> bool {
        self.rematches_by_address.take(address, self.config.limits.games_per_address)
    }

    /// Takes one replay build from `address`'s allowance, if it has one left.
    pub fn take_replay_build(&self, address: IpAddr) -> bool {
        self.replays_by_address.take(address, self.config.limits.replays_per_address)
    }

    fn next_client_id(&self) -> u64 {
        self.next_client.fetch_add(1, Ordering::Relaxed)
    }
}

/// Listens for other instances' changes (PostgreSQL NOTIFY) and tells the games running here to catch up.
/// This instance's own notices are skipped: its game's task made the change and has it already.
async fn listen_for_changes(hub: std::sync::Weak<Hub>) {
    loop {
        let Some(url) = hub.upgrade().map(|hub| hub.store.url().to_string()) else { return };
        let listener = async {
            let mut listener = sqlx::postgres::PgListener::connect(&url).await?;
            listener.listen(crate::store::EVENTS_CHANNEL).await?;
            // Changes made while we were not listening are caught up now.
            if let Some(hub) = hub.upgrade() {
                let ids: Vec<String> = hub.games.lock().expect("never poisoned").keys().cloned().collect();
                ids.iter().for_each(|id| hub.notify_changed(id, Change::Anything));
            }
            loop {
                let notification = listener.recv().await?;
                let Some(hub) = hub.upgrade() else { return Ok::<(), sqlx::Error>(()) };
                let notice = crate::store::Notice::parse(notification.payload());
                if notice.from != Some(hub.store.instance()) {
                    hub.notify_changed(&notice.game, notice.change);
                }
            }
        };
        if listener.await.is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// The presence heartbeat (PostgreSQL): keeps this instance's connected seats showing on the other instances, and
/// drops those of instances that stopped keeping theirs.
async fn keep_presence(hub: std::sync::Weak<Hub>) {
    loop {
        let Some(expiry) = hub.upgrade().map(|hub| hub.config.presence_expiry) else { return };
        tokio::time::sleep(expiry / 3).await;
        let Some(hub) = hub.upgrade() else { return };
        // A failure (the database away for a moment) is retried at the next beat, well before the expiry.
        let _ = hub.store.refresh_presence(expiry).await;
    }
}

/// The game's best bot (the first its roster lists).
pub fn best_bot(game: &str) -> String {
    let best = plunder_games::game_info(game).and_then(|info| info.bots.first().map(|k| k.name));
    best.unwrap_or(plunder_core::RANDOM_BOT.name).to_string()
}

async fn read_seating(store: &Store, id: &str) -> Result<Seating, HubError> {
    Ok(Seating::new(store.game_spec(id).await?, store.token_hashes(id).await?))
}

async fn load_table(store: &Store, id: &str, spec: &GameSpec) -> Result<Box<dyn Table>, HubError> {
    let events = store.events(id, 0).await?;
    table_from_record(&record_of(spec, events)).map_err(|e| HubError::Corrupt(e.to_string()))
}
