//! The play hub: one task per game that is the game's only writer. Clients, bots and timers send it commands;
//! it applies them one at a time, stores each step's events, and only then tells anyone (every client gets its
//! own viewer's table). A lost race with another server instance on the same database is settled by the
//! store's version check: the loser reloads the game from the database and answers from there. On PostgreSQL an
//! instance follows the others' moves by applying only the events stored after those it holds, and shares which
//! seats are connected to it through the store's presence rows, so every instance shows the same table.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use plunder_core::{splitmix64, PlayError, Seat, Status, Stops, Timing, Viewer};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use crate::messages::{ClientMessage, LegalActions, Role, SeatInfo, ServerMessage, StatusInfo, TableMessage};
use crate::store::{Backend, Change, ChatLine, GameSpec, Store, StoreError};
use crate::table::{record_of, table_from_record, Table};

/// The longest a bot's search may think for one move, whatever its simulations, once it has a thread of the
/// bot budget (`HubConfig::bot_threads`).
const BOT_SEARCH_TIME: Duration = Duration::from_secs(1);

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
    /// How long the server waits before a pass it takes for a seat ("pass for me") while that seat has made no
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

/// Whether `c` shows as something on the screen: not a space, a control or a format character (zero-width
/// spaces and joiners, direction marks, the byte-order mark, soft hyphens) or a blank that looks like a letter.
fn visible(c: char) -> bool {
    const BLANKS: &[char] =
        &['\u{00AD}', '\u{034F}', '\u{115F}', '\u{1160}', '\u{180E}', '\u{2800}', '\u{3164}', '\u{FEFF}', '\u{FFA0}'];
    !(c.is_whitespace()
        || c.is_control()
        || BLANKS.contains(&c)
        || ('\u{200B}'..='\u{200F}').contains(&c)
        || ('\u{202A}'..='\u{202E}').contains(&c)
        || ('\u{2060}'..='\u{206F}').contains(&c)
        || ('\u{FE00}'..='\u{FE0F}').contains(&c)
        || ('\u{E0000}'..='\u{E007F}').contains(&c))
}

/// The invisible characters a chat line may hold: enough for a few joined emoji (joiners, variation selectors),
/// too few to stretch or hide a line.
const MAX_INVISIBLE_IN_CHAT: usize = 8;

/// Whether a chat line is plain text every client shows as sent: one line (no newline or other control
/// character: escape codes, NUL), no character that turns the direction of the text around it (an override
/// would reverse the next lines' look), and few invisible characters.
fn chat_text_is_plain(text: &str) -> bool {
    let turns_direction = |c: char| {
        matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}')
            || ('\u{202A}'..='\u{202E}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    };
    let invisible = text.chars().filter(|&c| c != ' ' && !visible(c)).count();
    !text.chars().any(|c| c.is_control() || turns_direction(c)) && invisible <= MAX_INVISIBLE_IN_CHAT
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
}

/// What a game was created with and who holds its seats: fixed for the game's life, so a game's task keeps it
/// and requests about a running game (a seat's token, a rematch) read no row.
#[derive(Debug)]
pub struct Seating {
    pub spec: GameSpec,
    /// `(seat, token hash)` for each human seat.
    pub token_hashes: Vec<(usize, String)>,
}

impl Seating {
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
    /// Replays each client address may still have built now (`Limits::replays_per_address`).
    replays_by_address: PerAddress,
    /// Play sockets open per client address (`Limits::max_sockets_per_address`).
    sockets_by_address: Arc<Mutex<HashMap<IpAddr, usize>>>,
    /// Replays of finished games lately answered.
    replays: crate::replay::ReplayCache,
    /// A permit for each thread bots may think on at once (`HubConfig::bot_threads`).
    bot_budget: Arc<tokio::sync::Semaphore>,
}

/// An allowance per client address.
#[derive(Debug, Default)]
struct PerAddress(Mutex<HashMap<IpAddr, TokenBucket>>);

impl PerAddress {
    /// Takes one from `address`'s allowance (full at `rate` for an address not seen), if it has one left.
    fn take(&self, address: IpAddr, rate: Rate) -> bool {
        /// Addresses kept before those with a full allowance (as if never seen) are forgotten.
        const KEPT_ADDRESSES: usize = 4096;
        let mut buckets = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if buckets.len() >= KEPT_ADDRESSES && !buckets.contains_key(&address) {
            buckets.retain(|_, bucket| !bucket.is_full());
        }
        buckets.entry(address).or_insert_with(|| rate.bucket()).take()
    }
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
            replays_by_address: PerAddress::default(),
            sockets_by_address: Arc::default(),
            replays: crate::replay::ReplayCache::default(),
            bot_budget: Arc::new(tokio::sync::Semaphore::new(config.bot_threads.max(1))),
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
    pub fn start_new(self: &Arc<Self>, id: &str, seating: Seating, table: Box<dyn Table>) {
        let mut actor = Actor::new(self.clone(), id, Arc::new(seating), table, None, None);
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

/// Allows `burst` messages at once and `per_second` on average.
#[derive(Debug)]
struct TokenBucket {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last: Instant,
}

impl TokenBucket {
    fn new(burst: u32, per_second: f64) -> TokenBucket {
        TokenBucket { tokens: burst as f64, burst: burst as f64, per_second, last: Instant::now() }
    }

    fn refill(&mut self) {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.per_second).min(self.burst);
        self.last = now;
    }

    /// Whether a message may go now (without taking it).
    fn has_token(&mut self) -> bool {
        self.refill();
        self.tokens >= 1.0
    }

    fn is_full(&mut self) -> bool {
        self.refill();
        self.tokens >= self.burst
    }

    fn take(&mut self) -> bool {
        self.refill();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// What is queued for one client, in bytes: the game's task adds a message's bytes as it queues it, the
/// connection takes them away as it takes the message. The task drops a client whose queue would pass
/// `Limits::outbox_bytes` (or `outbox` messages) and says so here, waking its socket even mid-write.
#[derive(Debug)]
pub(crate) struct Outbox {
    bytes: AtomicUsize,
    too_slow: AtomicBool,
    dropped: tokio::sync::Notify,
    /// The hub's total ([`Hub::queued_bytes`]).
    total: Arc<AtomicUsize>,
}

impl Outbox {
    fn new(total: Arc<AtomicUsize>) -> Outbox {
        Outbox { bytes: AtomicUsize::new(0), too_slow: AtomicBool::new(false), dropped: Default::default(), total }
    }

    /// Charges `bytes` for one more message unless the queue would pass `limit` (an empty queue takes any
    /// message). Only the game's task charges, so the check and the charge do not race with another charge.
    fn charge(&self, bytes: usize, limit: usize) -> bool {
        let queued = self.bytes.load(Ordering::Acquire);
        if queued > 0 && queued.saturating_add(bytes) > limit {
            return false;
        }
        self.bytes.fetch_add(bytes, Ordering::AcqRel);
        self.total.fetch_add(bytes, Ordering::Relaxed);
        true
    }

    fn release(&self, bytes: usize) {
        self.bytes.fetch_sub(bytes, Ordering::AcqRel);
        self.total.fetch_sub(bytes, Ordering::Relaxed);
    }

    fn drop_as_too_slow(&self) {
        self.too_slow.store(true, Ordering::Release);
        self.dropped.notify_one();
    }

    /// Whether the game dropped this client for reading too slowly.
    pub(crate) fn is_too_slow(&self) -> bool {
        self.too_slow.load(Ordering::Acquire)
    }

    /// Waits until the game drops this client as too slow.
    pub(crate) async fn dropped(&self) {
        while !self.is_too_slow() {
            self.dropped.notified().await;
        }
    }
}

/// One client's connection to one game: what it sends goes to the game's task, what the task says for this
/// viewer arrives in `inbox`. Dropping it leaves the table.
#[derive(Debug)]
pub struct Connection {
    client: u64,
    game: mpsc::Sender<Command>,
    inbox: mpsc::Receiver<ServerMessage>,
    outbox: Arc<Outbox>,
    limits: Limits,
    bucket: TokenBucket,
    /// Counted against its client address (none for a connection made in process).
    _place: Option<AddressPlace>,
}

/// One play socket counted against its client address, given back when the connection is dropped.
#[derive(Debug)]
struct AddressPlace {
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
    address: IpAddr,
}

impl AddressPlace {
    fn take(counts: &Arc<Mutex<HashMap<IpAddr, usize>>>, address: IpAddr, most: usize) -> Option<AddressPlace> {
        let mut open = counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let held = open.entry(address).or_insert(0);
        if *held >= most {
            return None;
        }
        *held += 1;
        Some(AddressPlace { counts: counts.clone(), address })
    }
}

impl Drop for AddressPlace {
    fn drop(&mut self) {
        let mut open = self.counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(held) = open.get_mut(&self.address) {
            *held -= 1;
            if *held == 0 {
                open.remove(&self.address);
            }
        }
    }
}

impl Connection {
    /// Handles one text message from the client: checks size, rate and shape; an answer for a message
    /// refused here is returned (the game never sees it).
    pub async fn handle_text(&mut self, text: &str) -> Option<ServerMessage> {
        if text.len() > self.limits.max_message_bytes {
            return Some(ServerMessage::error(
                "too_large",
                format!("a message has at most {} bytes", self.limits.max_message_bytes),
            ));
        }
        if !self.bucket.take() {
            return Some(ServerMessage::error(
                "rate_limited",
                format!("at most {} messages a second; this one was dropped", self.limits.per_second),
            ));
        }
        let message: ClientMessage = match serde_json::from_str(text) {
            Ok(message) => message,
            Err(e) => return Some(ServerMessage::error("malformed", e.to_string())),
        };
        if let ClientMessage::Chat { text, name } = &message {
            if text.chars().count() > self.limits.max_chat_chars || !text.chars().any(visible) {
                return Some(ServerMessage::error(
                    "bad_chat",
                    format!("a chat line has 1 to {} characters, some of them visible", self.limits.max_chat_chars),
                ));
            }
            if !chat_text_is_plain(text) {
                return Some(ServerMessage::error(
                    "bad_chat",
                    format!(
                        "a chat line is one line of text: no control or direction characters, and at most \
                         {MAX_INVISIBLE_IN_CHAT} invisible ones (as joined emoji use)"
                    ),
                ));
            }
            let max = crate::messages::MAX_NAME_CHARS;
            if name.as_ref().is_some_and(|n| n.chars().count() > max || !n.chars().all(|c| visible(c) || c == ' ')) {
                return Some(ServerMessage::error(
                    "bad_name",
                    format!("a nickname has at most {max} characters, letters and signs with single spaces"),
                ));
            }
        }
        self.send(message).await
    }

    /// Sends a well-formed message to the game (no limits checked: for the server's own use and tests).
    pub async fn send(&mut self, message: ClientMessage) -> Option<ServerMessage> {
        match self.game.send(Command::Message { client: self.client, message }).await {
            Ok(()) => None,
            Err(_) => Some(ServerMessage::error("game_gone", "the game's task stopped")),
        }
    }

    /// The next message for this client; `None` once the game dropped it (too slow: see
    /// [`Connection::is_too_slow`]) or stopped.
    pub async fn recv(&mut self) -> Option<ServerMessage> {
        if self.outbox.is_too_slow() {
            self.discard_queue();
            return None;
        }
        let message = self.inbox.recv().await?;
        self.outbox.release(message.queued_bytes());
        Some(message)
    }

    /// Whether the game dropped this client because its queue passed `Limits::outbox_bytes` (or `outbox`
    /// messages) unread.
    pub fn is_too_slow(&self) -> bool {
        self.outbox.is_too_slow()
    }

    /// Bytes queued for this client and not taken yet.
    pub fn queued_bytes(&self) -> usize {
        self.outbox.bytes.load(Ordering::Relaxed)
    }

    pub(crate) fn outbox(&self) -> Arc<Outbox> {
        self.outbox.clone()
    }

    /// Closes the queue and frees what is in it (a message queued later fails, and its sender uncharges it).
    fn discard_queue(&mut self) {
        self.inbox.close();
        while let Ok(message) = self.inbox.try_recv() {
            self.outbox.release(message.queued_bytes());
        }
    }

    /// The limits this connection was opened under.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// A message already waiting, if any.
    pub fn try_recv(&mut self) -> Option<ServerMessage> {
        if self.outbox.is_too_slow() {
            self.discard_queue();
            return None;
        }
        let message = self.inbox.try_recv().ok()?;
        self.outbox.release(message.queued_bytes());
        Some(message)
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.discard_queue();
        let _ = self.game.try_send(Command::Leave { client: self.client });
    }
}

#[derive(Debug)]
struct Client {
    viewer: Viewer,
    /// Where it connects from (its chat counts toward that address's allowance).
    address: IpAddr,
    out: mpsc::Sender<ServerMessage>,
    outbox: Arc<Outbox>,
    /// Bytes of `sync` answers this client may still be sent (`Limits::sync_bytes_per_second`).
    sync_allowance: ByteAllowance,
    /// How many lines of its viewer's log this client has been sent: later tables carry only the lines after.
    log_sent: usize,
}

/// Bytes a client may be sent of something limited by bytes a second: up to two seconds' worth is kept, and
/// while any is left a message is sent whatever its size (so the allowance may be overdrawn by one message and
/// is paid back before the next).
#[derive(Debug)]
struct ByteAllowance {
    bytes: f64,
    per_second: f64,
    last: Instant,
}

impl ByteAllowance {
    fn new(per_second: usize) -> ByteAllowance {
        let per_second = per_second as f64;
        ByteAllowance { bytes: 2.0 * per_second, per_second, last: Instant::now() }
    }

    fn has_some(&mut self) -> bool {
        let now = Instant::now();
        let earned = now.duration_since(self.last).as_secs_f64() * self.per_second;
        self.bytes = (self.bytes + earned).min(2.0 * self.per_second);
        self.last = now;
        self.bytes > 0.0
    }

    fn spend(&mut self, bytes: usize) {
        self.bytes -= bytes as f64;
    }
}

/// A seat's clock: the time bank left and, while the seat owes a decision, since when.
#[derive(Clone, Debug)]
struct Clock {
    bank: Duration,
    running_since: Option<Instant>,
}

/// The one writer of one game.
struct Actor {
    hub: Arc<Hub>,
    id: String,
    seating: Arc<Seating>,
    table: Box<dyn Table>,
    clients: HashMap<u64, Client>,
    /// The latest lines of the table's chat as stored (`Limits::chat_history_lines`), once read (`None` until
    /// a client joins, and again after another instance changed the game).
    chat: Option<VecDeque<ChatLine>>,
    /// The number of the next chat line this task has not seen (`None` until it reads the chat).
    chat_next: Option<usize>,
    /// Chat lines this game still takes (`Limits::chat_per_game`).
    chat_allowance: TokenBucket,
    clocks: Option<Vec<Clock>>,
    /// When the next bot move (or pass taken for a seat, see `auto_pass`) is due.
    bot_due: Option<Instant>,
    /// The version at which bots are thinking, on a thread of the bot budget; their moves wait meanwhile.
    thinking: Option<usize>,
    /// How many bots failed each seat (see [`Actor::bot_for`]): the next plays for it.
    bot_failures: Vec<u8>,
    /// Shared with the hub's [`Running`]: another instance's change was not queued.
    missed_change: Arc<AtomicBool>,
    /// The seats whose forced passes the server takes for them (`ClientMessage::AutoPass`).
    auto_pass: Vec<bool>,
    /// Each seat's stops (`ClientMessage::Stops`): with `mine`, the server passes for it in windows that do not
    /// concern it.
    stops: Vec<Stops>,
    /// Each seat's pace: how long it takes over its own choices, and when its pass for it is due.
    paces: Vec<Pace>,
    rematch: Option<String>,
    /// By seat: whether it has a connection to another instance (PostgreSQL), as last read from the store.
    connected_elsewhere: Vec<bool>,
    /// By seat: whether the store says it has a connection to this instance (as last published).
    published_here: Vec<bool>,
}

/// How long a person takes over their choices, so the passes the server takes for them come at their own pace:
/// an instant pass would tell everyone watching that the seat held nothing to answer with.
#[derive(Debug, Default)]
struct Pace {
    /// Since when the seat owes a decision.
    asked_since: Option<Instant>,
    /// The times its latest own choices took (at most `PACE_KEPT`).
    recent: VecDeque<Duration>,
    /// When the pass taken for it is due.
    pass_due: Option<Instant>,
}

/// How many of a seat's choice times its pace keeps.
const PACE_KEPT: usize = 8;
/// The longest wait before a pass taken for a seat, however long it thinks over its choices.
const PASS_DELAY_MAX: Duration = Duration::from_secs(10);

impl Pace {
    /// The wait before a pass taken for the seat: one of its recent choice times, picked by `pick`, or
    /// `first` before it has chosen anything.
    fn pass_delay(&self, pick: u64, first: Duration) -> Duration {
        match self.recent.len() {
            0 => first,
            n => self.recent[(pick % n as u64) as usize].min(PASS_DELAY_MAX),
        }
    }

    /// The seat chose: how long that took joins its recent times.
    fn chose(&mut self, now: Instant) {
        if let Some(since) = self.asked_since.take() {
            if self.recent.len() == PACE_KEPT {
                self.recent.pop_front();
            }
            self.recent.push_back(now.saturating_duration_since(since));
        }
    }
}

impl Actor {
    async fn load(hub: Arc<Hub>, id: &str) -> Result<Actor, HubError> {
        let seating = read_seating(&hub.store, id).await?;
        let spec = &seating.spec;
        let table = load_table(&hub.store, id, spec).await?;
        // A timed game's banks come back as stored with its last move (a seat's clock then starts again from
        // there: time while no server ran is not charged).
        let stored = match spec.time_bank_secs {
            Some(_) => hub.store.banks(id).await?.filter(|banks| banks.len() == spec.seats.len()),
            None => None,
        };
        let rematch = match hub.store.game_spec(&crate::token::rematch_id(id)).await {
            Ok(_) => Some(crate::token::rematch_id(id)),
            Err(_) => None,
        };
        let elsewhere = hub.store.seats_connected_elsewhere(id).await?;
        let mut actor = Actor::new(hub, id, Arc::new(seating), table, stored, rematch);
        for seat in elsewhere {
            if let Some(connected) = actor.connected_elsewhere.get_mut(seat) {
                *connected = true;
            }
        }
        Ok(actor)
    }

    /// The task of game `id` at `table`, with the time banks `stored` with its last move (full if `None`).
    fn new(
        hub: Arc<Hub>,
        id: &str,
        seating: Arc<Seating>,
        table: Box<dyn Table>,
        stored: Option<Vec<u64>>,
        rematch: Option<String>,
    ) -> Actor {
        let clocks = seating.spec.time_bank_secs.map(|secs| {
            (0..seating.spec.seats.len())
                .map(|seat| Clock {
                    bank: stored.as_ref().map_or(Duration::from_secs(secs), |b| Duration::from_millis(b[seat])),
                    running_since: None,
                })
                .collect()
        });
        let chat_allowance = hub.config.limits.chat_per_game.bucket();
        let seats = seating.spec.seats.len();
        let mut actor = Actor {
            hub,
            id: id.to_string(),
            seating,
            table,
            clients: HashMap::new(),
            chat: None,
            chat_next: None,
            chat_allowance,
            clocks,
            bot_due: None,
            thinking: None,
            bot_failures: vec![0; seats],
            missed_change: Arc::new(AtomicBool::new(false)),
            auto_pass: vec![false; seats],
            stops: vec![Stops::All; seats],
            paces: (0..seats).map(|_| Pace::default()).collect(),
            rematch,
            connected_elsewhere: vec![false; seats],
            published_here: vec![false; seats],
        };
        actor.after_change();
        actor
    }

    /// Whether `viewer` may open one more socket: a spectator while the game has fewer than
    /// `max_sockets_per_game`, a seat while it holds fewer than `max_sockets_per_seat` (so spectators never lock
    /// a player out of their own game).
    fn room_for(&self, viewer: Viewer) -> Result<(), HubError> {
        let limits = &self.hub.config.limits;
        match viewer {
            Viewer::Spectator if self.clients.len() >= limits.max_sockets_per_game => Err(HubError::Full),
            Viewer::Seat(_)
                if self.clients.values().filter(|c| c.viewer == viewer).count() >= limits.max_sockets_per_seat =>
            {
                Err(HubError::SeatFull)
            }
            _ => Ok(()),
        }
    }

    async fn run(mut self, mut commands: mpsc::Receiver<Command>, sender: mpsc::WeakSender<Command>) {
        loop {
            // Whatever happened last (a join, a leave, a client dropped as too slow), the other instances learn
            // which seats are here.
            self.publish_presence().await;
            if self.missed_change.swap(false, Ordering::Acquire) {
                self.on_changed(Change::Anything).await;
            }
            let deadline = self.next_deadline();
            // Nobody here and nothing due but a clock (a seat's time bank running out when nobody watches, which
            // may take hours): the game may leave memory, its clocks stopped where they are.
            let idle = self.clients.is_empty() && self.thinking.is_none() && self.next_deadline_but_clocks().is_none();
            let unload_at = idle
                .then(|| Instant::now() + self.hub.config.unload_after)
                .filter(|at| deadline.is_none_or(|deadline| *at < deadline));
            let command = match (unload_at, deadline) {
                (Some(at), _) => tokio::select! {
                    command = commands.recv() => command,
                    () = tokio::time::sleep_until(at.into()) => {
                        if self.keep_clocks().await && self.unload(&mut commands, &sender) {
                            return;
                        }
                        continue;
                    }
                },
                (None, Some(at)) => tokio::select! {
                    command = commands.recv() => command,
                    () = tokio::time::sleep_until(at.into()) => {
                        self.on_deadline(&sender).await;
                        continue;
                    }
                },
                (None, None) => commands.recv().await,
            };
            let Some(command) = command else { return };
            match command {
                Command::Join { viewer, address, out, outbox, reply } => {
                    if let Err(refused) = self.room_for(viewer) {
                        let _ = reply.send(Err(refused));
                        continue;
                    }
                    let client = self.hub.next_client_id();
                    if self.chat.is_none() {
                        let lines = self.hub.config.limits.chat_history_lines;
                        if let Ok((latest, next)) = self.hub.store.latest_chat(&self.id, lines).await {
                            self.chat = Some(VecDeque::from(latest));
                            self.chat_next = Some(next);
                        }
                    }
                    let log_sent = self.table.log(viewer).len();
                    let sync_allowance = ByteAllowance::new(self.hub.config.limits.sync_bytes_per_second);
                    let joined = Client { viewer, address, out, outbox, sync_allowance, log_sent };
                    self.clients.insert(client, joined);
                    // Its first table sees it connected, as the others' next one does.
                    self.send_to(client, self.table_message(viewer, 0));
                    let lines = self.chat.iter().flatten().cloned().collect();
                    self.send_to(client, ServerMessage::ChatHistory { lines });
                    let _ = reply.send(Ok(client));
                    self.broadcast_table_except(Some(client));
                }
                Command::BotsChose { version, choices } => {
                    self.thinking = None;
                    // Chosen for a table that has changed since (a person's move, a pass, another instance):
                    // they think again.
                    if version == self.table.version() {
                        for (seat, choice) in choices {
                            let choice = match choice {
                                Ok(choice) => choice,
                                Err(why) => {
                                    self.bot_failed(seat, &why);
                                    continue;
                                }
                            };
                            let plunder_core::LabeledJson::Action { action } = choice.json else { continue };
                            if self.act(seat, &action).await.is_err() {
                                break;
                            }
                        }
                    }
                    if self.bot_due.is_none() {
                        self.after_change();
                    }
                }
                Command::Leave { client } => {
                    if self.clients.remove(&client).is_some() {
                        self.broadcast_table();
                    }
                }
                Command::Message { client, message } => self.on_message(client, message).await,
                Command::Changed(change) => self.on_changed(change).await,
                Command::Rematch { game } => {
                    self.rematch = Some(game);
                    self.broadcast_table();
                }
                Command::Summary { reply } => {
                    let _ = reply.send(self.summary());
                }
            }
        }
    }

    /// Before a timed game leaves memory: its running clocks' banks, charged with the time used so far, are stored,
    /// so that the next load goes on from them (its clocks start again then). Whether the game may leave: not if
    /// they could not be stored (the clocks stay here, running).
    async fn keep_clocks(&mut self) -> bool {
        let Some(clocks) = &self.clocks else { return true };
        if clocks.iter().all(|clock| clock.running_since.is_none()) {
            return true;
        }
        let banks: Vec<u64> = clocks
            .iter()
            .map(|clock| {
                let used = clock.running_since.map_or(Duration::ZERO, |since| since.elapsed());
                clock.bank.saturating_sub(used).as_millis() as u64
            })
            .collect();
        // Not stored because the game moved on elsewhere: the next load reads that move's banks.
        self.hub.store.keep_banks(&self.id, self.table.version(), &banks).await.is_ok()
    }

    /// Stops this task if nothing arrived meanwhile: the game leaves the hub's map first (under its lock), so
    /// the next request loads it from storage, where everything it did is.
    fn unload(&mut self, commands: &mut mpsc::Receiver<Command>, sender: &mpsc::WeakSender<Command>) -> bool {
        let mut games = self.hub.games.lock().expect("the games map is never poisoned");
        if !commands.is_empty() {
            return false;
        }
        let ours = match (games.get(&self.id), sender.upgrade()) {
            (Some(listed), Some(me)) => listed.commands.same_channel(&me),
            _ => false,
        };
        if ours {
            games.remove(&self.id);
        }
        // A command sent after this point fails at its sender, who then loads the game anew; one that slipped
        // in before is dropped unanswered, and its sender asks again.
        commands.close();
        while commands.try_recv().is_ok() {}
        true
    }

    fn summary(&self) -> Summary {
        Summary {
            id: self.id.clone(),
            game: self.seating.spec.game.clone(),
            version: self.table.version(),
            status: self.status_info(),
            seats: self.seat_infos(),
            rematch: self.rematch.clone(),
            fairness: self.seating.spec.fairness.clone(),
        }
    }

    async fn on_message(&mut self, client: u64, message: ClientMessage) {
        let Some(viewer) = self.clients.get(&client).map(|c| c.viewer) else { return };
        match message {
            ClientMessage::Sync => {
                // A whole table can be large (hundreds of KB): a connection gets so many bytes of them a second,
                // and a refused one is never built.
                let Some(c) = self.clients.get_mut(&client) else { return };
                if !c.sync_allowance.has_some() {
                    let limit = self.hub.config.limits.sync_bytes_per_second;
                    let refusal = format!("a connection is sent at most {limit} bytes of resyncs a second; ask again");
                    self.send_to(client, ServerMessage::error("rate_limited", refusal));
                    return;
                }
                let table = self.table_message(viewer, 0);
                if let Some(c) = self.clients.get_mut(&client) {
                    c.sync_allowance.spend(table.queued_bytes());
                }
                self.send_to(client, table);
                let log_sent = self.table.log(viewer).len();
                if let Some(c) = self.clients.get_mut(&client) {
                    c.log_sent = log_sent;
                }
            }
            ClientMessage::Chat { text, name } => {
                let who = match viewer {
                    Viewer::Seat(seat) => seat.to_string(),
                    Viewer::Spectator if self.seating.spec.spectator_chat => "spectator".to_string(),
                    Viewer::Spectator => {
                        let refusal = "spectators read this table's chat only (a game created with spectator_chat \
                                       lets them speak)";
                        self.send_to(client, ServerMessage::error("spectator", refusal));
                        return;
                    }
                };
                if let Some(refusal) = self.chat_refusal(client) {
                    self.send_to(client, ServerMessage::error("rate_limited", refusal));
                    return;
                }
                // The seat (or "spectator") is the server's word; a nickname only stands beside it.
                let from = match name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
                    Some(name) => format!("{name} ({who})"),
                    None => who,
                };
                let line = ChatLine { from, text };
                match self.hub.store.append_chat(&self.id, &line).await {
                    // Lines another instance stored before this one (not caught up with yet) go out first, in
                    // their order, this one with them.
                    Ok(seq) if self.chat_next.is_some_and(|next| next < seq) => self.catch_up_chat().await,
                    Ok(seq) => {
                        if self.chat_next == Some(seq) {
                            self.chat_next = Some(seq + 1);
                        }
                        self.tell_chat(line);
                    }
                    Err(e) => self.send_to(client, ServerMessage::error("storage", e.to_string())),
                }
            }
            ClientMessage::AutoPass { on } => {
                let Viewer::Seat(seat) = viewer else {
                    self.send_to(client, ServerMessage::error("spectator", "spectators have no passes to take"));
                    return;
                };
                let Some(flag) = self.auto_pass.get_mut(seat.index()) else { return };
                if *flag != on {
                    *flag = on;
                    // A pass now due (or no longer due) changes what the seat is asked.
                    self.after_change();
                    self.broadcast_table();
                }
            }
            ClientMessage::Stops { stops } => {
                let Viewer::Seat(seat) = viewer else {
                    self.send_to(client, ServerMessage::error("spectator", "spectators have no passes to take"));
                    return;
                };
                let Some(held) = self.stops.get_mut(seat.index()) else { return };
                if *held != stops {
                    *held = stops;
                    self.after_change();
                    self.broadcast_table();
                }
            }
            ClientMessage::Act { action } => {
                let Viewer::Seat(seat) = viewer else {
                    self.send_to(client, ServerMessage::error("spectator", "spectators cannot act"));
                    return;
                };
                // The time taken joins the seat's pace before the move, so a pass it owes next waits as long.
                let now = Instant::now();
                if self.deciding().contains(&seat) {
                    if let Some(pace) = self.paces.get_mut(seat.index()) {
                        pace.chose(now);
                    }
                }
                if let Err(answer) = self.act(seat, &action).await {
                    // Refused: a seat that still owes its decision owes it from now.
                    let owes = self.deciding().contains(&seat);
                    if let Some(pace) = self.paces.get_mut(seat.index()).filter(|_| owes) {
                        pace.asked_since.get_or_insert(now);
                    }
                    self.send_to(client, answer);
                }
            }
        }
    }

    /// Another instance changed the game: only what changed is read, and this instance's clients are told. (Its
    /// own changes are never announced to it: it has them.)
    async fn on_changed(&mut self, change: Change) {
        let mut table_changed = false;
        if matches!(change, Change::Chat | Change::Anything) {
            self.catch_up_chat().await;
        }
        if matches!(change, Change::Presence | Change::Anything) {
            table_changed |= self.read_presence().await;
        }
        match change {
            Change::Events { version } if version <= self.table.version() => {}
            Change::Events { .. } | Change::Anything => {
                if self.catch_up_events().await {
                    self.after_change();
                    table_changed = true;
                }
            }
            Change::Chat | Change::Presence => {}
        }
        if table_changed {
            self.broadcast_table();
        }
    }

    /// Sends this game's clients the chat lines said since this task last read the chat (on another instance),
    /// keeping them in its history; without a known place to read on from, the history is read again on the next
    /// join instead.
    async fn catch_up_chat(&mut self) {
        let Some(from) = self.chat_next else {
            self.chat = None;
            return;
        };
        let kept = self.hub.config.limits.chat_history_lines;
        let Ok((lines, next)) = self.hub.store.chat_since(&self.id, from, kept).await else {
            self.chat = None;
            self.chat_next = None;
            return;
        };
        self.chat_next = Some(next);
        lines.into_iter().for_each(|line| self.tell_chat(line));
    }

    /// Keeps a stored chat line in the history and sends it to every client.
    fn tell_chat(&mut self, line: ChatLine) {
        let kept = self.hub.config.limits.chat_history_lines;
        if let Some(chat) = &mut self.chat {
            chat.push_back(line.clone());
            while chat.len() > kept {
                chat.pop_front();
            }
        }
        let ids: Vec<u64> = self.clients.keys().copied().collect();
        ids.into_iter().for_each(|id| self.send_to(id, ServerMessage::Chat(line.clone())));
    }

    /// Why `client` may not chat now, if it may not: its address or this game has had its lines for now (both
    /// checked before either is charged).
    fn chat_refusal(&mut self, client: u64) -> Option<String> {
        let limits = &self.hub.config.limits;
        let address = self.clients.get(&client)?.address;
        if !self.chat_allowance.has_token() {
            let rate = limits.chat_per_game.per_minute;
            return Some(format!("this table takes at most {rate} chat lines a minute; wait a moment"));
        }
        if !self.hub.take_chat_line(address) {
            let rate = limits.chat_per_address.per_minute;
            return Some(format!("one address may send at most {rate} chat lines a minute; wait a moment"));
        }
        self.chat_allowance.take();
        None
    }

    /// Plays `action` for `seat`, stores it, and tells everyone; or answers why not.
    async fn act(&mut self, seat: Seat, action: &Value) -> Result<(), ServerMessage> {
        let version = self.table.version();
        let deciding = self.deciding();
        if let Err(e) = self.table.play(seat, action) {
            return Err(self.rejection(&e));
        }
        let banks = self.charged_banks(&deciding);
        let banks_ms: Option<Vec<u64>> =
            banks.as_ref().map(|banks| banks.iter().map(|b| b.as_millis().min(u64::MAX as u128) as u64).collect());
        let events = self.table.entries_since(version);
        match self.hub.store.append_with_banks(&self.id, version, &events, banks_ms.as_deref()).await {
            Ok(()) => {
                if self.table.session().status() == Status::Over {
                    // Nobody may join a finished game; its rematch opens them again. (Should this fail, the
                    // lobby's list closes them when it finds the game over.)
                    let _ = self.hub.store.close_open_seats(&self.id).await;
                }
                self.set_banks(&deciding, banks);
                self.after_change();
                self.broadcast_table();
                Ok(())
            }
            // Another instance moved first. The action was chosen for a position that is gone, so it is not
            // replayed on the new one: everyone gets the new table and the seat chooses again.
            Err(StoreError::Conflict) => {
                self.reload().await;
                self.after_change();
                self.broadcast_table();
                Err(ServerMessage::Rejected {
                    code: "stale".to_string(),
                    reason: "the table changed before this move was stored; choose again".to_string(),
                    rules: format!("/rules/{}", self.seating.spec.game),
                    rule: None,
                })
            }
            Err(e) => {
                // Nothing stored, so nothing happened: go back to what the database holds.
                self.reload().await;
                Err(ServerMessage::error("storage", format!("the move was not stored: {e}")))
            }
        }
    }

    /// Why `e` refused a move, with the rule it comes from when it is a rule of the game.
    fn rejection(&self, e: &PlayError) -> ServerMessage {
        let rule = match e {
            PlayError::Illegal { reason } => crate::rules::cite(&self.seating.spec.game, reason),
            _ => None,
        };
        ServerMessage::Rejected {
            code: e.code().to_string(),
            reason: e.to_string(),
            rules: format!("/rules/{}", self.seating.spec.game),
            rule,
        }
    }

    /// Applies the events other instances stored after those this table holds, reading only those (one indexed
    /// range read, however long the game); on a gap or an event that does not apply, rebuilds the table from the
    /// whole record instead. Says whether the table changed.
    async fn catch_up_events(&mut self) -> bool {
        let before = self.table.version();
        let followed = match self.hub.store.events(&self.id, before).await {
            Ok(events) if events.is_empty() => return false,
            Ok(events) => self.table.follow(&events).is_ok(),
            Err(_) => false,
        };
        if !followed {
            self.reload().await;
        }
        self.table.version() != before
    }

    /// By seat: whether it has a connection to this instance.
    fn connected_here(&self) -> Vec<bool> {
        let mut here = vec![false; self.seating.spec.seats.len()];
        for client in self.clients.values() {
            if let Some(connected) = client.viewer.seat().and_then(|seat| here.get_mut(seat.index())) {
                *connected = true;
            }
        }
        here
    }

    /// Tells the store (PostgreSQL) which seats are connected here, when that changed since it was last told. A
    /// failed write is tried again after the next command, and the heartbeat keeps what was told alive.
    async fn publish_presence(&mut self) {
        if self.hub.store.backend() != Backend::Postgres {
            return;
        }
        let here = self.connected_here();
        if here == self.published_here {
            return;
        }
        let seats: Vec<usize> = here.iter().enumerate().filter(|(_, &on)| on).map(|(seat, _)| seat).collect();
        if self.hub.store.publish_presence(&self.id, &seats, self.hub.config.presence_expiry).await.is_ok() {
            self.published_here = here;
        }
    }

    /// Reads which seats other instances have connected; says whether that changed.
    async fn read_presence(&mut self) -> bool {
        let Ok(seats) = self.hub.store.seats_connected_elsewhere(&self.id).await else { return false };
        let mut elsewhere = vec![false; self.seating.spec.seats.len()];
        for seat in seats {
            if let Some(connected) = elsewhere.get_mut(seat) {
                *connected = true;
            }
        }
        let changed = elsewhere != self.connected_elsewhere;
        self.connected_elsewhere = elsewhere;
        changed
    }

    /// Rebuilds the table from the database; says whether it changed.
    async fn reload(&mut self) -> bool {
        let before = self.table.version();
        match load_table(&self.hub.store, &self.id, &self.seating.spec).await {
            Ok(table) => {
                self.table = table;
                self.table.version() != before
            }
            Err(_) => false,
        }
    }

    fn deciding(&self) -> Vec<Seat> {
        match self.table.session().status() {
            Status::Decide(seats) => seats.iter().collect(),
            _ => Vec::new(),
        }
    }

    fn is_bot(&self, seat: Seat) -> bool {
        self.seating.spec.seats.get(seat.index()).is_some_and(|player| player != "human")
    }

    /// The pass the server takes for `seat` now, if the seat asked for its forced passes to be taken and
    /// passing is all it may do.
    /// Or, under the seat's stops, a pass in a window that does not concern it (read from public information).
    fn pass_for(&self, seat: Seat) -> Option<Value> {
        self.pass_and_pace(seat).map(|(pass, _)| pass)
    }

    /// [`Actor::pass_for`], and whether it waits for the seat's pace: a forced pass does (taken at once, it
    /// would tell everyone the seat held no answer); a pass under the seat's stops does not (whether the window
    /// concerns the seat is public, so its speed tells nothing).
    fn pass_and_pace(&self, seat: Seat) -> Option<(Value, bool)> {
        if self.is_bot(seat) {
            return None;
        }
        let stops = self.stops.get(seat.index()).copied().unwrap_or(Stops::All);
        if let Some(pass) = self.table.session().unasked_pass(seat, stops) {
            return Some((pass, false));
        }
        if !self.auto_pass.get(seat.index()).copied().unwrap_or(false) {
            return None;
        }
        self.table.session().forced_pass(seat).map(|pass| (pass, true))
    }

    /// After a step: schedule the next bot move and start the clocks of the humans who now owe a decision.
    fn after_change(&mut self) {
        let deciding = self.deciding();
        let now = Instant::now();
        let due =
            self.thinking.is_none() && deciding.iter().any(|&seat| self.is_bot(seat) && self.bot_for(seat).is_some());
        self.bot_due = due.then(|| now + self.hub.config.bot_delay);
        for index in 0..self.paces.len() {
            let seat = Seat(index as u8);
            let owes = deciding.contains(&seat) && !self.is_bot(seat);
            let pass = owes.then(|| self.pass_and_pace(seat)).flatten();
            let pick = splitmix64(self.seating.spec.seed ^ (self.table.version() as u64) ^ ((index as u64) << 56));
            let first = self.hub.config.pass_delay;
            let pace = &mut self.paces[index];
            if !owes {
                pace.asked_since = None;
            } else if pace.asked_since.is_none() {
                pace.asked_since = Some(now);
            }
            match pass {
                None => pace.pass_due = None,
                Some((_, paced)) if pace.pass_due.is_none() => {
                    pace.pass_due = Some(if paced { now + pace.pass_delay(pick, first) } else { now });
                }
                Some(_) => {}
            }
        }
        if let Some(clocks) = &mut self.clocks {
            for (index, clock) in clocks.iter_mut().enumerate() {
                let owes = deciding.contains(&Seat(index as u8));
                match (owes, clock.running_since) {
                    (true, None) => clock.running_since = Some(Instant::now()),
                    (false, Some(_)) => clock.running_since = None,
                    _ => {}
                }
            }
        }
    }

    /// Every seat's bank once the time `deciding` used is taken from those no longer to decide (after a move,
    /// before it is stored: the banks are stored with it).
    fn charged_banks(&self, deciding: &[Seat]) -> Option<Vec<Duration>> {
        let still = self.deciding();
        let clocks = self.clocks.as_ref()?;
        let charged = clocks.iter().enumerate().map(|(index, clock)| {
            let seat = Seat(index as u8);
            match clock.running_since {
                Some(since) if deciding.contains(&seat) && !still.contains(&seat) => {
                    clock.bank.saturating_sub(since.elapsed())
                }
                _ => clock.bank,
            }
        });
        Some(charged.collect())
    }

    /// Sets the banks stored with a move; the clocks of the seats that decided stop.
    fn set_banks(&mut self, deciding: &[Seat], banks: Option<Vec<Duration>>) {
        let still = self.deciding();
        if let (Some(clocks), Some(banks)) = (&mut self.clocks, banks) {
            for (index, (clock, bank)) in clocks.iter_mut().zip(banks).enumerate() {
                clock.bank = bank;
                let seat = Seat(index as u8);
                if deciding.contains(&seat) && !still.contains(&seat) {
                    clock.running_since = None;
                }
            }
        }
    }

    fn next_deadline(&self) -> Option<Instant> {
        let clocks = self.clocks.iter().flatten();
        // (While bots think, a person out of time waits for them too: the best bot plays for them after.)
        let timeouts =
            clocks.filter(|_| self.thinking.is_none()).filter_map(|c| c.running_since.map(|since| since + c.bank));
        timeouts.chain(self.next_deadline_but_clocks()).min()
    }

    /// The next bot move or pass due: what must happen even with nobody at the table.
    fn next_deadline_but_clocks(&self) -> Option<Instant> {
        let passes = self.paces.iter().filter_map(|p| p.pass_due);
        passes.chain(self.bot_due).min()
    }

    /// A bot move is due, or a human's time ran out: the bot thinks (the seat's own bot, or the game's best bot
    /// for a human out of time), and plays once it has chosen ([`Actor::think`]). Passes due are taken.
    async fn on_deadline(&mut self, commands: &mpsc::WeakSender<Command>) {
        let now = Instant::now();
        let deciding = self.deciding();
        let mut movers: Vec<(Seat, String)> = Vec::new();
        let mut passes: Vec<(Seat, Value)> = Vec::new();
        for &seat in &deciding {
            let pass_due = self.paces.get(seat.index()).and_then(|p| p.pass_due).is_some_and(|due| due <= now);
            if let Some(pass) = self.pass_for(seat).filter(|_| pass_due) {
                passes.push((seat, pass));
            } else if self.thinking.is_some() {
                // Its bots are thinking already.
            } else if self.is_bot(seat) {
                if let Some(bot) = self.bot_for(seat).filter(|_| self.bot_due.is_some_and(|due| due <= now)) {
                    movers.push((seat, bot));
                }
            } else if let Some(clock) = self.clocks.as_ref().map(|c| &c[seat.index()]) {
                let out_of_time = clock.running_since.is_some_and(|since| since + clock.bank <= now);
                if let Some(bot) = self.bot_for(seat).filter(|_| out_of_time) {
                    movers.push((seat, bot));
                }
            }
        }
        self.bot_due = None;
        for (seat, pass) in passes {
            if self.act(seat, &pass).await.is_err() {
                break;
            }
        }
        self.think(movers, commands);
        if self.bot_due.is_none() {
            self.after_change();
        }
    }

    /// The bot that plays for `seat` (its own, or the game's best for a person out of time) while it has not
    /// failed; the random bot after it failed once; none after that too (the seat waits, and the table was told).
    fn bot_for(&self, seat: Seat) -> Option<String> {
        match self.bot_failures.get(seat.index()).copied().unwrap_or(0) {
            0 if self.is_bot(seat) => Some(self.seating.spec.seats[seat.index()].clone()),
            0 => Some(best_bot(&self.seating.spec.game)),
            1 => Some(plunder_core::RANDOM_BOT.name.to_string()),
            _ => None,
        }
    }

    /// `seat`'s bot failed to choose (`why`): the table is told, and the next bot in [`Actor::bot_for`] plays.
    fn bot_failed(&mut self, seat: Seat, why: &str) {
        let Some(bot) = self.bot_for(seat) else { return };
        let failures = &mut self.bot_failures[seat.index()];
        *failures = failures.saturating_add(1);
        let name = seat.to_string();
        eprintln!("plunder serve: game {}: the {bot} bot failed to choose for {name}: {why}", self.id);
        let next = match self.bot_for(seat) {
            Some(next) => format!("the {next} bot plays for {name} from now on"),
            None => format!("no bot can play for {name}: the game waits"),
        };
        let message =
            ServerMessage::error("bot_failed", format!("The {bot} bot failed to choose a move ({why}); {next}."));
        let clients: Vec<u64> = self.clients.keys().copied().collect();
        for client in clients {
            self.send_to(client, message.clone());
        }
    }

    /// Sets `movers` thinking, from their seats' views only (`bot_work` copies the view and legal actions), on
    /// a thread of their own once the hub's bot budget has one free: this task goes on answering people
    /// meanwhile. Their choices come back as [`Command::BotsChose`], and count only if the table is unchanged.
    /// A search bot may think for a sixth of a second (the lobby caps its simulations), never past
    /// `BOT_SEARCH_TIME`, counted from when it has its thread.
    fn think(&mut self, movers: Vec<(Seat, String)>, commands: &mpsc::WeakSender<Command>) {
        let version = self.table.version();
        let work: Vec<(Seat, plunder_core::BotWork)> = movers
            .into_iter()
            .enumerate()
            .filter_map(|(index, (seat, bot))| {
                // As if each mover's seed came from the version its move would follow the others' at.
                let at = (version + index) as u64;
                let seed = splitmix64(self.seating.spec.seed ^ at.wrapping_mul(0x9e37_79b9));
                self.table.session().bot_work(seat, &bot, seed).ok().map(|work| (seat, work))
            })
            .collect();
        let Some(commands) = commands.upgrade().filter(|_| !work.is_empty()) else { return };
        self.thinking = Some(version);
        let budget = self.hub.bot_budget.clone();
        tokio::spawn(async move {
            let Ok(_thread) = budget.acquire_owned().await else { return };
            let choose = move || work.into_iter().map(|(seat, work)| (seat, run_bot(work))).collect();
            let choices = tokio::task::spawn_blocking(choose).await.unwrap_or_default();
            let _ = commands.send(Command::BotsChose { version, choices }).await;
        });
    }

    fn status_info(&self) -> StatusInfo {
        match self.table.session().status() {
            Status::Decide(seats) => StatusInfo::Decide { seats: seats.iter().map(|s| s.0).collect() },
            Status::Chance => StatusInfo::Chance,
            Status::Over => StatusInfo::Over { outcome: self.table.session().outcome() },
        }
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        (0..self.seating.spec.seats.len())
            .map(|index| SeatInfo {
                player: self.seating.spec.seats[index].clone(),
                connected: self.connected_elsewhere[index]
                    || self.clients.values().any(|c| c.viewer == Viewer::Seat(Seat(index as u8))),
                bank_secs: self.clocks.as_ref().map(|clocks| {
                    let clock = &clocks[index];
                    let used = clock.running_since.map_or(Duration::ZERO, |since| since.elapsed());
                    clock.bank.saturating_sub(used).as_secs_f64()
                }),
            })
            .collect()
    }

    /// The table as `viewer` sees it: its view, its legal actions, its log from line `log_from` on (at most the
    /// last [`crate::messages::LOG_LINES`]). Nothing else about the game.
    fn table_message(&self, viewer: Viewer, log_from: usize) -> ServerMessage {
        let session = self.table.session();
        let log = self.table.log(viewer);
        let log_start = log.len().saturating_sub(crate::messages::LOG_LINES).max(log_from.min(log.len()));
        let (you, legal) = match viewer {
            // A pass the server is about to take for the seat is not asked of it.
            Viewer::Seat(seat) if self.pass_for(seat).is_some() => (Role::Seat { seat: seat.0 }, LegalActions::none()),
            Viewer::Seat(seat) => (Role::Seat { seat: seat.0 }, self.table.legal(seat)),
            Viewer::Spectator => (Role::Spectator, LegalActions::none()),
        };
        ServerMessage::Table(Box::new(TableMessage {
            id: self.id.clone(),
            game: self.seating.spec.game.clone(),
            version: self.table.version(),
            you,
            status: self.status_info(),
            round: session.round(),
            seats: self.seat_infos(),
            view: self.table.view_json(viewer),
            legal,
            log: log[log_start..].to_vec(),
            log_start,
            events: self.table.log_events(viewer)[log_start..].to_vec(),
            notes: self.table.notes(viewer),
            rematch: self.rematch.clone(),
            fairness: self.seating.spec.fairness.clone(),
            stops: session.stops_matter(),
        }))
    }

    /// Sends every client its viewer's table, with the log lines it has not had yet. Clients that need the same
    /// message share one build of it (cloned only for the second and later).
    fn broadcast_table(&mut self) {
        self.broadcast_table_except(None);
    }

    /// [`Actor::broadcast_table`] to every client but `except` (a newcomer that has its table already).
    fn broadcast_table_except(&mut self, except: Option<u64>) {
        let mut groups: HashMap<(Option<Seat>, usize), (Viewer, Vec<u64>)> = HashMap::new();
        for (id, client) in self.clients.iter().filter(|(id, _)| Some(**id) != except) {
            let group = groups.entry((client.viewer.seat(), client.log_sent)).or_insert((client.viewer, Vec::new()));
            group.1.push(*id);
        }
        for ((_, log_sent), (viewer, ids)) in groups {
            let mut message = Some(self.table_message(viewer, log_sent));
            let log_len = self.table.log(viewer).len();
            let last = ids.len() - 1;
            for (index, id) in ids.into_iter().enumerate() {
                if let Some(c) = self.clients.get_mut(&id) {
                    c.log_sent = log_len;
                }
                let this = if index == last { message.take() } else { message.clone() };
                if let Some(this) = this {
                    self.send_to(id, this);
                }
            }
        }
    }

    /// Queues `message` for `client`; a client too slow to keep its queue short (in messages and in bytes) is
    /// dropped (it resyncs when it reconnects), so one slow socket never holds the game up nor the server's
    /// memory.
    fn send_to(&mut self, client: u64, message: ServerMessage) {
        let Some(c) = self.clients.get(&client) else { return };
        let bytes = message.queued_bytes();
        if !c.outbox.charge(bytes, self.hub.config.limits.outbox_bytes) {
            c.outbox.drop_as_too_slow();
            self.clients.remove(&client);
            return;
        }
        match c.out.try_send(message) {
            Ok(()) => {}
            Err(refused) => {
                c.outbox.release(bytes);
                if matches!(refused, mpsc::error::TrySendError::Full(_)) {
                    c.outbox.drop_as_too_slow();
                }
                self.clients.remove(&client);
            }
        }
    }
}

/// Runs one bot's work with its time cap: its choice, or why it made none (its error, or its panic's message,
/// caught so that one failing bot neither stops the others nor leaves the game waiting for it).
fn run_bot(work: plunder_core::BotWork) -> Result<plunder_core::Labeled, String> {
    let started = Instant::now();
    let timing = Timing::capped(plunder_core::Clock::new(move || started.elapsed()), BOT_SEARCH_TIME);
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&timing))) {
        Ok(choice) => choice.map_err(|e| e.to_string()),
        Err(panic) => {
            let message =
                panic.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| panic.downcast_ref::<String>().cloned());
            Err(message.unwrap_or_else(|| "it panicked".to_string()))
        }
    }
}

/// The game's best bot (the first its roster lists).
pub fn best_bot(game: &str) -> String {
    let best = plunder_games::game_info(game).and_then(|info| info.bots.first().map(|k| k.name));
    best.unwrap_or(plunder_core::RANDOM_BOT.name).to_string()
}

async fn read_seating(store: &Store, id: &str) -> Result<Seating, HubError> {
    Ok(Seating { spec: store.game_spec(id).await?, token_hashes: store.token_hashes(id).await? })
}

async fn load_table(store: &Store, id: &str, spec: &GameSpec) -> Result<Box<dyn Table>, HubError> {
    let events = store.events(id, 0).await?;
    table_from_record(&record_of(spec, events)).map_err(|e| HubError::Corrupt(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_that_panics_or_errs_is_told_not_waited_for() {
        let panics: plunder_core::BotWork = Box::new(|_: &Timing| panic!("the tree is empty"));
        assert_eq!(run_bot(panics).unwrap_err(), "the tree is empty");
        let formatted: plunder_core::BotWork = Box::new(|_: &Timing| panic!("seat {} has no move", 2));
        assert_eq!(run_bot(formatted).unwrap_err(), "seat 2 has no move");
        let errs: plunder_core::BotWork = Box::new(|_: &Timing| Err(PlayError::GameOver));
        assert_eq!(run_bot(errs).unwrap_err(), PlayError::GameOver.to_string());
        let chooses: plunder_core::BotWork = Box::new(|_: &Timing| {
            Ok(plunder_core::Labeled {
                json: plunder_core::LabeledJson::Action { action: serde_json::json!({"type": "Liar"}) },
                label: "liar".into(),
            })
        });
        assert_eq!(run_bot(chooses).unwrap().label, "liar");
    }

    #[test]
    fn chat_lines_that_break_the_page_are_refused_and_joined_emoji_kept() {
        for plain in ["ahoy", "a line with spaces", "ça va? ¡sí!", "👨‍👩‍👧‍👦 family", "❤️ ok", "مرحبا", "שלום"]
        {
            assert!(chat_text_is_plain(plain), "{plain:?} is refused");
        }
        let newlines = format!("{}a", "\n".repeat(499));
        let overrides = format!("a{}", "\u{202E}".repeat(499));
        let zero_width = format!("a{}", "\u{200B}".repeat(499));
        for breaking in ["two\nlines", "\u{1b}[31mred", "nul\0byte", "tab\there", &newlines, &overrides, &zero_width] {
            assert!(!chat_text_is_plain(breaking), "{breaking:?} is accepted");
        }
    }
}
