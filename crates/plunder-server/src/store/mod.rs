//! Storage: every game as its record's events appended in order, with the event count as the game's version.
//!
//! One API over SQLite (the default, one file) and PostgreSQL (several server instances on one database), through
//! sqlx's `Any` driver, so the SQL is written once. An append names the version it extends; a second append of
//! the same version (another instance won the race) is refused with [`StoreError::Conflict`], because
//! `(game_id, seq)` is the primary key. An append returns only after its transaction has committed, so the
//! caller acknowledges only what is stored.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Once};
use std::time::Duration;

use plunder_core::Entry;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Row};
use tokio::sync::{mpsc, oneshot};

/// Which database a [`Store`] speaks to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The channel PostgreSQL notifies on commit when a game changes: its events, its chat or who is connected to it.
/// The payload is a [`Notice`] (see [`Notice::parse`]).
pub const EVENTS_CHANNEL: &str = "plunder_events";

/// What a notification on [`EVENTS_CHANNEL`] says: which instance changed which game, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The [`Store::instance`] that made the change, so an instance skips its own (it has them already); `None`
    /// for a change no instance's game made (presence expired) or told by an older server.
    pub from: Option<u64>,
    pub game: String,
    pub change: Change,
}

/// How a game changed, as a [`Notice`] tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Events were appended: the game now has `version` of them.
    Events { version: usize },
    /// A chat line was added.
    Chat,
    /// A seat connected or left somewhere.
    Presence,
    /// Anything may have changed (an older server's notice, which is the bare game id; or notices missed).
    Anything,
}

impl Notice {
    /// Reads a payload: `events INSTANCE VERSION GAME`, `chat INSTANCE GAME` or `presence INSTANCE GAME` (instance
    /// 0: none); anything else (an older server's bare game id) is [`Change::Anything`] of that game.
    pub fn parse(payload: &str) -> Notice {
        let instance = |word: &str| word.parse::<u64>().ok().filter(|&instance| instance != 0);
        let notice = |from: &str, game: &str, change| Notice { from: instance(from), game: game.to_string(), change };
        match payload.split(' ').collect::<Vec<_>>().as_slice() {
            ["events", from, version, game] => match version.parse() {
                Ok(version) => notice(from, game, Change::Events { version }),
                Err(_) => notice("0", game, Change::Anything),
            },
            ["chat", from, game] => notice(from, game, Change::Chat),
            ["presence", from, game] => notice(from, game, Change::Presence),
            _ => Notice { from: None, game: payload.to_string(), change: Change::Anything },
        }
    }

    /// The payload that says game `game` has `version` events, appended by `instance`.
    fn events(instance: u64, game: &str, version: usize) -> String {
        format!("events {instance} {version} {game}")
    }
}

/// What a game was created with: everything but its events.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSpec {
    pub game: String,
    /// The game's options as its record states them (every field, defaults filled in).
    pub options: serde_json::Value,
    pub seed: u64,
    /// One entry per seat: `human`, or the name of the bot that plays it.
    pub seats: Vec<String>,
    /// The game this one is a rematch of, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<String>,
    /// Each seat's time bank in seconds; a seat that runs out has its move played by the game's best bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_bank_secs: Option<u64>,
    /// Whether spectators may chat; without it they read the chat only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub spectator_chat: bool,
    /// Whether the dice are unknown to everyone (a fair game) or could be known to someone, which every seat is
    /// told.
    #[serde(default, skip_serializing_if = "Fairness::is_fair")]
    pub fairness: Fairness,
}

/// Whether anyone could know a game's dice and cards before they fall.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Fairness {
    /// The server drew the seed and told nobody.
    #[default]
    Fair,
    /// The creator chose the seed, which fixes every hidden die and card: practice, or a game to reproduce.
    Seeded,
    /// A branch of finished game `of`, whose record shows its dice: for analysis, not a fair game.
    Analysis { of: String },
}

impl Fairness {
    pub fn is_fair(&self) -> bool {
        *self == Fairness::Fair
    }
}

/// A chat line at a table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct ChatLine {
    /// `P1`, `P2`, ... or `spectator`.
    pub from: String,
    pub text: String,
}

/// Why the store refused or failed.
#[derive(Debug)]
pub enum StoreError {
    /// The append extends a version that is no longer the latest: reload and try again.
    Conflict,
    /// No game has this id.
    NotFound,
    /// The database failed (unreachable, full, ...).
    Database(sqlx::Error),
    /// A stored value could not be read back.
    Corrupt(String),
    /// The database URL names no database this store can open.
    BadUrl(String),
    /// Another process (another server) has this SQLite database open.
    InUse(std::path::PathBuf),
    /// The folder a SQLite database file would go in does not exist (or is not a folder): the store makes the
    /// file, never its folder.
    NoFolder(std::path::PathBuf),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Conflict => f.write_str("another writer extended this game first"),
            StoreError::NotFound => f.write_str("no such game"),
            StoreError::Database(e) => write!(f, "database error: {e}"),
            StoreError::Corrupt(e) => write!(f, "stored data cannot be read: {e}"),
            StoreError::BadUrl(url) => {
                write!(f, "unsupported database URL (use sqlite://FILE, sqlite::memory: or postgres://...): {url}")
            }
            StoreError::InUse(file) => write!(
                f,
                "{} is in use by another plunder server (it holds {}.lock): stop that server, or give this one its \
                 own file (several servers share games on PostgreSQL)",
                file.display(),
                file.display()
            ),
            StoreError::NoFolder(folder) if folder.exists() => write!(
                f,
                "{} is not a folder: the database file must go in a folder (the server makes the file, not its \
                 folder)",
                folder.display()
            ),
            StoreError::NoFolder(folder) => write!(
                f,
                "the folder {} does not exist: make it first (the server makes the database file, not its folder)",
                folder.display()
            ),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        match &e {
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict,
            _ => StoreError::Database(e),
        }
    }
}

const SCHEMA: [&str; 9] = [
    "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, spec TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS events (game_id TEXT NOT NULL, seq BIGINT NOT NULL, event TEXT NOT NULL, \
     PRIMARY KEY (game_id, seq))",
    "CREATE TABLE IF NOT EXISTS seat_tokens (game_id TEXT NOT NULL, seat BIGINT NOT NULL, token_hash TEXT NOT NULL, \
     PRIMARY KEY (game_id, seat))",
    "CREATE TABLE IF NOT EXISTS chat (game_id TEXT NOT NULL, seq BIGINT NOT NULL, line TEXT NOT NULL, \
     PRIMARY KEY (game_id, seq))",
    // A timed game's time banks after its last stored move: milliseconds left per seat, as a JSON list.
    "CREATE TABLE IF NOT EXISTS banks (game_id TEXT PRIMARY KEY, banks TEXT NOT NULL)",
    // Open seats: human seats anyone may take from the lobby. The server keeps their tokens (their hashes are in
    // seat_tokens as any seat's) until someone takes the seat; `created_ms` orders the lobby's list.
    "CREATE TABLE IF NOT EXISTS open_seats (game_id TEXT NOT NULL, seat BIGINT NOT NULL, token TEXT NOT NULL, \
     created_ms BIGINT NOT NULL, PRIMARY KEY (game_id, seat))",
    "CREATE INDEX IF NOT EXISTS open_seats_by_age ON open_seats (created_ms)",
    // Seats still open when their game ended, kept so that its rematch opens them again.
    "CREATE TABLE IF NOT EXISTS ended_open_seats (game_id TEXT NOT NULL, seat BIGINT NOT NULL, token TEXT NOT NULL, \
     PRIMARY KEY (game_id, seat))",
    // Who made a game with open seats (a hash of the client address), while its seats are open: the lobby lists
    // a few tables a creator, so that one address cannot fill the list.
    "CREATE TABLE IF NOT EXISTS open_seat_creators (game_id TEXT PRIMARY KEY, creator TEXT NOT NULL)",
];

/// PostgreSQL only (several instances): which seats are connected to which instance, until when. An instance
/// refreshes its rows' expiry while it runs ([`Store::refresh_presence`]), so a dead instance's seats drop out.
/// Times are the database's clock, the one all instances share.
const PRESENCE_SCHEMA: [&str; 2] = [
    "CREATE TABLE IF NOT EXISTS presence (game_id TEXT NOT NULL, seat BIGINT NOT NULL, instance BIGINT NOT NULL, \
     expires_at TIMESTAMPTZ NOT NULL, PRIMARY KEY (game_id, seat, instance))",
    // The heartbeat refreshes one instance's rows.
    "CREATE INDEX IF NOT EXISTS presence_by_instance ON presence (instance)",
];

/// Stores a game's time banks (in the transaction of the move that charged them).
const UPSERT_BANKS: &str = "INSERT INTO banks (game_id, banks) VALUES ($1, $2) \
     ON CONFLICT (game_id) DO UPDATE SET banks = excluded.banks";

/// The database of games.
#[derive(Clone, Debug)]
pub struct Store {
    /// Connections for reads (on PostgreSQL, for writes too).
    pool: AnyPool,
    /// Connections for writes. On SQLite, one connection of its own: SQLite has one writer at a time, so writes
    /// take turns for it rather than fail as busy, and its page cache stays valid from one commit to the next
    /// (a connection whose database another one changed reads its pages again, a fifth of the commit's time).
    writes: AnyPool,
    backend: Backend,
    url: String,
    /// This store's id among the instances sharing a PostgreSQL database (random, never 0), named in its
    /// notifications so that it skips its own.
    instance: u64,
    /// Event rows read so far (all games): what following other instances' moves costs, for tests and benchmarks.
    event_rows_read: Arc<AtomicU64>,
    writer: mpsc::Sender<Append>,
    /// On a SQLite file, this process's lock on it (see [`crate::sqlite_lock`]).
    _lock: Option<Arc<crate::sqlite_lock::FileLock>>,
}

/// An append waiting for the group commit, its events already in their stored (JSON) form.
#[derive(Debug)]
struct Append {
    id: String,
    version: usize,
    events: Vec<String>,
    /// The game's time banks after these events (JSON), for a timed game.
    banks: Option<String>,
    /// The game itself, when this append creates it (with its first events, at version 0).
    creates: Option<NewGame>,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// A game's row and its seats' token hashes, stored with its first events.
#[derive(Debug)]
struct NewGame {
    /// The [`GameSpec`] as JSON.
    spec: String,
    /// `(seat, token hash)` for each human seat.
    token_hashes: Vec<(i64, String)>,
    /// `(seat, token)` for each open seat (a human seat anyone may take), and when the game was created.
    open_seats: Vec<(i64, String)>,
    created_ms: i64,
    /// Who made it (a hash of the client address), kept while it has open seats.
    creator: Option<String>,
}

/// Inserts a new game's row and token hashes; returns `false` (and inserts nothing) if the game exists already.
/// The existing game is not an error inside the transaction (two seats asking for one rematch at once is
/// usual), so the rest of the group commits as it is.
async fn insert_new_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
    game: &NewGame,
) -> Result<bool, StoreError> {
    let inserted = sqlx::query("INSERT INTO games (id, spec) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING")
        .bind(id)
        .bind(game.spec.as_str())
        .execute(&mut **tx)
        .await?;
    if inserted.rows_affected() == 0 {
        return Ok(false);
    }
    for (seat, hash) in &game.token_hashes {
        sqlx::query("INSERT INTO seat_tokens (game_id, seat, token_hash) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(*seat)
            .bind(hash.as_str())
            .execute(&mut **tx)
            .await?;
    }
    for (seat, token) in &game.open_seats {
        sqlx::query("INSERT INTO open_seats (game_id, seat, token, created_ms) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(*seat)
            .bind(token.as_str())
            .bind(game.created_ms)
            .execute(&mut **tx)
            .await?;
    }
    if let Some(creator) = game.creator.as_deref().filter(|_| !game.open_seats.is_empty()) {
        sqlx::query("INSERT INTO open_seat_creators (game_id, creator) VALUES ($1, $2)")
            .bind(id)
            .bind(creator)
            .execute(&mut **tx)
            .await?;
    }
    Ok(true)
}

/// The most appends committed in one transaction.
const MAX_GROUP: usize = 512;

/// The most rows (or checked rows) one statement carries: 3 bound values each stays far below SQLite's limit of
/// 32,766 bound values, and PostgreSQL's of 65,535.
const ROWS_PER_STATEMENT: usize = 256;

/// Commits waiting appends together: one transaction for all that are queued.
///
/// The usual case is one version check and one multi-row insert for the whole group (a handful of statements
/// per commit rather than several per move). If anything in it is refused (another instance won a race), the
/// transaction is rolled back and the group is committed again one savepoint per append, so each append gets
/// its own answer and one refusal does not touch the others.
///
/// On SQLite, `catch_up` is set by [`checkpoint_wal`] when its checkpoint left a long WAL behind; the next pause
/// between commits finishes that checkpoint on the writer's connection.
async fn group_commit(
    pool: AnyPool,
    backend: Backend,
    instance: u64,
    mut queue: mpsc::Receiver<Append>,
    catch_up: Option<Arc<AtomicBool>>,
) {
    let mut group: Vec<Append> = Vec::with_capacity(MAX_GROUP);
    // The event count this task has committed, by game. Events are never deleted, so the game has at least that
    // many stored: an append at exactly that version cannot leave a gap (and a lost race still meets the
    // primary key), so it needs no check.
    let mut committed: HashMap<String, usize> = HashMap::new();
    while let Some(first) = queue.recv().await {
        group.push(first);
        // Whatever is queued joins the group; then the tasks ready to run go first (a game whose client's move
        // has arrived appends it now), once or twice while they keep adding: with moves arriving one at a time,
        // a commit per move would cost the database's whole round trip each, where a group shares one.
        for round in 0..3 {
            let before = group.len();
            while group.len() < MAX_GROUP {
                match queue.try_recv() {
                    Ok(append) => group.push(append),
                    Err(_) => break,
                }
            }
            if group.len() >= MAX_GROUP || (round > 0 && group.len() == before) {
                break;
            }
            tokio::task::yield_now().await;
        }
        let unchecked: Vec<bool> =
            group.iter().map(|a| a.version > 0 && committed.get(&a.id) != Some(&a.version)).collect();
        let results: Vec<Result<(), StoreError>> = match commit_together(&pool, backend, instance, &group, &unchecked)
            .await
        {
            Ok(written) => {
                written.into_iter().map(|written| if written { Ok(()) } else { Err(StoreError::Conflict) }).collect()
            }
            Err(_) => match commit_one_by_one(&pool, backend, instance, &group).await {
                Ok(results) => results,
                Err(e) => group.iter().map(|_| Err(StoreError::Corrupt(format!("the commit failed: {e}")))).collect(),
            },
        };
        if committed.len() > MAX_REMEMBERED {
            committed.clear();
        }
        for (append, result) in group.drain(..).zip(results) {
            if result.is_ok() {
                committed.insert(append.id.clone(), append.version + append.events.len());
            }
            let _ = append.reply.send(result);
        }
        // The checkpointer copied the WAL up to where its checkpoint began, and the commits since then are only in
        // the WAL. SQLite starts the WAL over only once all of it is copied and no reader is in it, which under
        // steady load never happened: the file grew without end (a gigabyte a minute at 10,000 moves/s). Copying
        // those few frames here, with no commit running, lets the next commit write the WAL from its start again.
        if let Some(flag) = catch_up.as_ref().filter(|flag| flag.swap(false, Ordering::Relaxed)) {
            // Unless all is copied (the checkpointer or a reader was in the way), try again after the next commit.
            // (RESTART would wait for readers instead, holding commits up for longer.)
            let copied_all =
                matches!(checkpoint(&pool).await, Ok(Checkpoint { busy: false, frames, copied }) if frames == copied);
            if !copied_all {
                flag.store(true, Ordering::Relaxed);
            }
        }
    }
}

/// The most games whose committed event count the group commit remembers (forgotten ones are checked again).
const MAX_REMEMBERED: usize = 100_000;

/// The WAL's length, in frames (pages), from which the group commit finishes a checkpoint so that the WAL starts
/// over. Finishing one holds commits up for 3 to 13 ms (more as the database grows: its last writes to the
/// database reach the disk first), so it is done only once the WAL has grown this long: every few seconds at
/// 10,000 moves a second, never when commits leave the checkpointer time to finish on its own. 65,536 frames of
/// 1 KiB pages is 64 MiB of WAL.
const CATCH_UP_FRAMES: i64 = 65_536;

/// How often the SQLite WAL is copied back into the database.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

/// Copies SQLite's write-ahead log back into the database file now and then, beside the commits (a passive
/// checkpoint never blocks a writer), so no commit waits for the bulk of it; when the WAL is long, asks the group
/// commit to copy what was committed meanwhile (`catch_up`). Stops when the store is dropped.
async fn checkpoint_wal(
    pool: AnyPool,
    store: mpsc::WeakSender<Append>,
    database_file: Option<std::path::PathBuf>,
    catch_up: Arc<AtomicBool>,
    catch_up_frames: i64,
) {
    loop {
        tokio::time::sleep(CHECKPOINT_EVERY).await;
        if store.upgrade().is_none() {
            return;
        }
        // A busy answer (another checkpoint was running) says nothing of the WAL's length, so the group commit
        // looks itself.
        let long = match checkpoint(&pool).await {
            Ok(Checkpoint { busy: false, frames, .. }) => frames >= catch_up_frames,
            Ok(Checkpoint { busy: true, .. }) => true,
            Err(_) => false,
        };
        if long {
            // The group commit's pause is the time to copy and sync what its checkpoint finds left, so it is left
            // little: a second pass copies what was committed during the first (it took tens of milliseconds),
            // and the database file is synced here, because a passive checkpoint that does not reach the WAL's
            // end leaves the pages it copied unsynced for the one that does (that pause grew with the WAL, to
            // 50 ms for a gigabyte).
            let _ = checkpoint(&pool).await;
            if let Some(file) = database_file.clone() {
                let _ = tokio::task::spawn_blocking(move || std::fs::File::open(file)?.sync_data()).await;
            }
            catch_up.store(true, Ordering::Relaxed);
        }
    }
}

/// What a passive checkpoint answers: whether another checkpoint was in the way, how many frames the WAL holds
/// (counted from its start, which a WAL started over is again) and how many of them are copied into the database.
struct Checkpoint {
    busy: bool,
    frames: i64,
    copied: i64,
}

/// A passive checkpoint on one of `pool`'s connections: copies what it can of the WAL without waiting for anyone.
async fn checkpoint(pool: &AnyPool) -> Result<Checkpoint, StoreError> {
    let row = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").fetch_one(pool).await?;
    Ok(Checkpoint { busy: row.try_get::<i64, _>(0)? != 0, frames: row.try_get(1)?, copied: row.try_get(2)? })
}

/// The whole group in one transaction with a few statements; any refusal rolls all of it back. `unchecked`
/// says which appends' previous events must be checked. Answers whether each append was written: not a creation
/// of a game that existed already.
async fn commit_together(
    pool: &AnyPool,
    backend: Backend,
    instance: u64,
    group: &[Append],
    unchecked: &[bool],
) -> Result<Vec<bool>, StoreError> {
    let plain = group.iter().all(|a| a.creates.is_none() && a.banks.is_none()) && !unchecked.contains(&true);
    if backend == Backend::Sqlite && plain {
        let rows = event_rows(group, &vec![true; group.len()]);
        if !rows.is_empty() && rows.len() <= ROWS_PER_STATEMENT {
            // One statement is a transaction of its own: one round trip to SQLite's thread instead of four.
            insert_events(pool, backend, &rows).await?;
            return Ok(vec![true; group.len()]);
        }
    }
    let mut tx = pool.begin().await?;
    match insert_group(&mut tx, backend, instance, group, unchecked).await {
        Ok(written) => {
            tx.commit().await?;
            Ok(written)
        }
        Err(e) => {
            let _ = tx.rollback().await;
            Err(e)
        }
    }
}

async fn insert_group(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    backend: Backend,
    instance: u64,
    group: &[Append],
    unchecked: &[bool],
) -> Result<Vec<bool>, StoreError> {
    // Each append's previous event must exist (an append cannot leave a gap); checked for all at once.
    let extending: Vec<&Append> = group.iter().zip(unchecked).filter(|(_, &check)| check).map(|(a, _)| a).collect();
    for chunk in extending.chunks(ROWS_PER_STATEMENT) {
        let mut sql = String::from("SELECT COUNT(*) FROM events WHERE ");
        for i in 0..chunk.len() {
            if i > 0 {
                sql.push_str(" OR ");
            }
            let (id, seq) = (parameter(backend, 2 * i + 1), parameter(backend, 2 * i + 2));
            sql.push_str(&format!("(game_id = {id} AND seq = {seq})"));
        }
        let mut query = sqlx::query(&sql);
        for append in chunk {
            query = query.bind(append.id.as_str()).bind(append.version as i64 - 1);
        }
        let found: i64 = query.fetch_one(&mut **tx).await?.try_get(0)?;
        if found != chunk.len() as i64 {
            return Err(StoreError::Conflict);
        }
    }
    let mut written = vec![true; group.len()];
    for (append, written) in group.iter().zip(&mut written) {
        if let Some(game) = &append.creates {
            *written = insert_new_game(tx, &append.id, game).await?;
        }
    }
    for chunk in event_rows(group, &written).chunks(ROWS_PER_STATEMENT) {
        insert_events(&mut **tx, backend, chunk).await?;
    }
    for append in group {
        if let Some(banks) = &append.banks {
            sqlx::query(UPSERT_BANKS).bind(append.id.as_str()).bind(banks.as_str()).execute(&mut **tx).await?;
        }
    }
    if backend == Backend::Postgres {
        // Delivered to listeners on commit, so other instances read only what is stored; each game's notice
        // names its new version, so an instance that holds it already reads nothing.
        let mut versions: Vec<(&str, std::cmp::Reverse<usize>)> = group
            .iter()
            .zip(&written)
            .filter(|(_, written)| **written)
            .map(|(a, _)| (a.id.as_str(), std::cmp::Reverse(a.version + a.events.len())))
            .collect();
        versions.sort_unstable();
        versions.dedup_by_key(|(id, _)| *id);
        let payloads: Vec<String> = versions
            .into_iter()
            .map(|(id, std::cmp::Reverse(version))| Notice::events(instance, id, version))
            .collect();
        for chunk in payloads.chunks(ROWS_PER_STATEMENT) {
            let calls: Vec<String> = (0..chunk.len()).map(|i| format!("pg_notify($1, ${})", i + 2)).collect();
            let sql = format!("SELECT {}", calls.join(", "));
            let mut query = sqlx::query(&sql).bind(EVENTS_CHANNEL);
            for payload in chunk {
                query = query.bind(payload.as_str());
            }
            query.execute(&mut **tx).await?;
        }
    }
    Ok(written)
}

/// The event rows of the appends that are `written`: `(game, seq, event)`.
fn event_rows<'a>(group: &'a [Append], written: &[bool]) -> Vec<(&'a str, i64, &'a str)> {
    group
        .iter()
        .zip(written)
        .filter(|(_, written)| **written)
        .flat_map(|(a, _)| {
            a.events.iter().enumerate().map(|(i, e)| (a.id.as_str(), (a.version + i) as i64, e.as_str()))
        })
        .collect()
}

/// Inserts `rows` (at most [`ROWS_PER_STATEMENT`]) in one statement.
async fn insert_events<'e>(
    executor: impl sqlx::Executor<'e, Database = sqlx::Any>,
    backend: Backend,
    rows: &[(&str, i64, &str)],
) -> Result<(), StoreError> {
    let mut sql = String::from("INSERT INTO events (game_id, seq, event) VALUES ");
    for i in 0..rows.len() {
        if i > 0 {
            sql.push(',');
        }
        let [id, seq, event] = [1, 2, 3].map(|k| parameter(backend, 3 * i + k));
        sql.push_str(&format!("({id}, {seq}, {event})"));
    }
    let mut query = sqlx::query(&sql);
    for (id, seq, event) in rows {
        query = query.bind(*id).bind(*seq).bind(*event);
    }
    query.execute(executor).await?;
    Ok(())
}

/// The group in one transaction, one savepoint per append: each append gets its own answer.
async fn commit_one_by_one(
    pool: &AnyPool,
    backend: Backend,
    instance: u64,
    group: &[Append],
) -> Result<Vec<Result<(), StoreError>>, sqlx::Error> {
    let mut results: Vec<Result<(), StoreError>> = Vec::with_capacity(group.len());
    let mut tx = pool.begin().await?;
    for append in group {
        let mut savepoint = sqlx::Connection::begin(&mut *tx).await?;
        match append_one(&mut savepoint, backend, instance, append).await {
            Ok(()) => {
                savepoint.commit().await?;
                results.push(Ok(()));
            }
            Err(e) => {
                savepoint.rollback().await?;
                results.push(Err(e));
            }
        }
    }
    tx.commit().await?;
    Ok(results)
}

async fn append_one(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    backend: Backend,
    instance: u64,
    append: &Append,
) -> Result<(), StoreError> {
    let Append { id, version, events, banks, creates, .. } = append;
    if let Some(game) = creates {
        if !insert_new_game(tx, id, game).await? {
            return Err(StoreError::Conflict);
        }
    }
    if *version > 0 {
        // The previous event must exist: an append cannot leave a gap.
        let previous = sqlx::query("SELECT 1 FROM events WHERE game_id = $1 AND seq = $2")
            .bind(id.as_str())
            .bind(*version as i64 - 1)
            .fetch_optional(&mut **tx)
            .await?;
        if previous.is_none() {
            return Err(StoreError::Conflict);
        }
    }
    for (offset, event) in events.iter().enumerate() {
        sqlx::query("INSERT INTO events (game_id, seq, event) VALUES ($1, $2, $3)")
            .bind(id.as_str())
            .bind((version + offset) as i64)
            .bind(event.as_str())
            .execute(&mut **tx)
            .await?;
    }
    if let Some(banks) = banks {
        sqlx::query(UPSERT_BANKS).bind(id.as_str()).bind(banks.as_str()).execute(&mut **tx).await?;
    }
    if backend == Backend::Postgres {
        let payload = Notice::events(instance, id, version + events.len());
        sqlx::query("SELECT pg_notify($1, $2)").bind(EVENTS_CHANNEL).bind(payload).execute(&mut **tx).await?;
    }
    Ok(())
}

/// Bind parameter `n` (from 1) of a statement built at run time, bound in order: `$n` on PostgreSQL; on SQLite
/// `?`, since SQLite finds a numbered parameter's name by walking a list at every bind (quadratic in a statement
/// of hundreds of parameters, a sixth of the SQLite thread's time under load).
fn parameter(backend: Backend, n: usize) -> String {
    match backend {
        Backend::Sqlite => "?".to_string(),
        Backend::Postgres => format!("${n}"),
    }
}

/// How long a SQLite commit waits for the disk. Either way a commit is in the write-ahead log before the move is
/// acknowledged, so a killed server loses nothing; they differ on a power cut or an operating-system crash.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Synchronous {
    /// The log is flushed to the disk at checkpoints only: a power cut may lose the last moments' moves, never the
    /// database.
    #[default]
    Normal,
    /// Every commit waits until the disk has it: nothing acknowledged is lost even on a power cut, at the cost of
    /// one disk flush per group commit.
    Full,
}

impl Synchronous {
    fn pragma(self) -> &'static str {
        match self {
            Synchronous::Normal => "PRAGMA synchronous=NORMAL",
            Synchronous::Full => "PRAGMA synchronous=FULL",
        }
    }
}

/// Pool options for `backend`; each SQLite connection is set up for the group commit. A SQLite file connection
/// does not go stale, so none is closed for age or idleness (a writer's page cache would go with it) nor tested
/// before use (a round trip to its thread per commit).
fn pool_options(backend: Backend, synchronous: Synchronous) -> AnyPoolOptions {
    let options = AnyPoolOptions::new().after_connect(move |conn, _| {
        Box::pin(async move {
            if backend == Backend::Sqlite {
                // Small pages for a new file: a commit writes every page it changed to the WAL, and the moves of
                // one commit belong to different games, so different pages; 1 KiB pages write a third of the bytes
                // 4 KiB ones do, and take about a seventh off the SQLite thread's time. (A file's page size is
                // fixed once it exists; this changes nothing for an existing one.)
                sqlx::query("PRAGMA page_size=1024").execute(&mut *conn).await?;
                // WAL with synchronous=NORMAL: a commit is in the WAL file before it returns, so a killed
                // process loses nothing committed (only a power cut could lose the last commits); FULL also
                // waits for the disk at every commit.
                sqlx::query("PRAGMA journal_mode=WAL").execute(&mut *conn).await?;
                sqlx::query(synchronous.pragma()).execute(&mut *conn).await?;
                sqlx::query("PRAGMA busy_timeout=5000").execute(&mut *conn).await?;
                // Commits never copy the WAL back into the database themselves (that waits for the disk,
                // two fsyncs): the checkpointer task does it beside them.
                sqlx::query("PRAGMA wal_autocheckpoint=0").execute(&mut *conn).await?;
            }
            Ok(())
        })
    });
    match backend {
        Backend::Sqlite => options.idle_timeout(None).max_lifetime(None).test_before_acquire(false),
        Backend::Postgres => options,
    }
}

/// Refuses a SQLite database file whose folder is missing, naming the folder, rather than SQLite's "(code: 14)
/// unable to open database file". The folder is never made: a mistyped path should not leave one behind.
fn check_folder(file: &std::path::Path) -> Result<(), StoreError> {
    match file.parent().filter(|folder| !folder.as_os_str().is_empty()) {
        Some(folder) if !folder.is_dir() => Err(StoreError::NoFolder(folder.to_path_buf())),
        _ => Ok(()),
    }
}

/// [`Store::open`]'s first check of a database URL, before any connection: a SQLite file's folder must exist
/// ([`StoreError::NoFolder`]). Other URLs pass.
pub fn check_url(url: &str) -> Result<(), StoreError> {
    if !url.starts_with("sqlite:") || url.contains(":memory:") {
        return Ok(());
    }
    match <sqlx::sqlite::SqliteConnectOptions as std::str::FromStr>::from_str(url) {
        Ok(options) => check_folder(options.get_filename()),
        Err(_) => Ok(()), // The connection says what is wrong with it.
    }
}

fn corrupt(e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(e.to_string())
}

impl Store {
    /// Opens (creating if needed) the database at `url`: `sqlite://FILE`, `sqlite::memory:` or
    /// `postgres://...`.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, CATCH_UP_FRAMES, Synchronous::Normal).await
    }

    /// [`Store::open`], with SQLite's commits as durable as `synchronous` says (PostgreSQL keeps its own setting).
    pub async fn open_synchronous(url: &str, synchronous: Synchronous) -> Result<Store, StoreError> {
        Store::open_with(url, CATCH_UP_FRAMES, synchronous).await
    }

    /// [`Store::open`], finishing checkpoints on the writer from a WAL of `catch_up_frames` frames on.
    async fn open_with(url: &str, catch_up_frames: i64, synchronous: Synchronous) -> Result<Store, StoreError> {
        static DRIVERS: Once = Once::new();
        DRIVERS.call_once(sqlx::any::install_default_drivers);
        let (backend, url) = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_string())
        } else if url.starts_with("sqlite:") {
            // Create the file on first use; a URL that says otherwise keeps its own mode.
            let url = if url.contains("mode=") || url.contains(":memory:") {
                url.to_string()
            } else if url.contains('?') {
                format!("{url}&mode=rwc")
            } else {
                format!("{url}?mode=rwc")
            };
            (Backend::Sqlite, url)
        } else {
            return Err(StoreError::BadUrl(url.to_string()));
        };
        let database_file = (backend == Backend::Sqlite && !url.contains(":memory:"))
            .then(|| <sqlx::sqlite::SqliteConnectOptions as std::str::FromStr>::from_str(&url).ok())
            .flatten()
            .map(|options| options.get_filename().to_path_buf());
        if let Some(file) = &database_file {
            check_folder(file)?;
        }
        let lock = database_file.as_deref().map(crate::sqlite_lock::lock).transpose()?;
        let pool = pool_options(backend, synchronous)
            .max_connections(if backend == Backend::Sqlite { 4 } else { 8 })
            .test_before_acquire(backend == Backend::Postgres);
        let (pool, writes) = if url.contains(":memory:") {
            // An in-memory SQLite database lives in one connection: keep exactly one, forever, for everything.
            let pool = pool_options(backend, synchronous).max_connections(1).min_connections(1).connect(&url).await?;
            (pool.clone(), pool)
        } else if backend == Backend::Sqlite {
            let writes = pool_options(backend, synchronous).max_connections(1).min_connections(1).connect(&url).await?;
            (pool.connect(&url).await?, writes)
        } else {
            let pool = pool.connect(&url).await?;
            (pool.clone(), pool)
        };
        let (writer, queue) = mpsc::channel(4 * MAX_GROUP);
        let catch_up = (backend == Backend::Sqlite).then(|| Arc::new(AtomicBool::new(false)));
        // Positive as a BIGINT too (the presence table stores it).
        let instance = loop {
            let mut bytes = [0u8; 8];
            getrandom::getrandom(&mut bytes).map_err(corrupt)?;
            let instance = u64::from_le_bytes(bytes) & i64::MAX as u64;
            if instance != 0 {
                break instance;
            }
        };
        tokio::spawn(group_commit(writes.clone(), backend, instance, queue, catch_up.clone()));
        if let Some(catch_up) = catch_up {
            let database_file = database_file.filter(|file| file.is_file());
            tokio::spawn(checkpoint_wal(pool.clone(), writer.downgrade(), database_file, catch_up, catch_up_frames));
        }
        let event_rows_read = Arc::new(AtomicU64::new(0));
        let store = Store { pool, writes, backend, url, instance, event_rows_read, writer, _lock: lock };
        store.create_schema().await?;
        Ok(store)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The URL the store was opened with (for listeners that need their own connection).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// This store's instance id, which its notifications name ([`Notice::from`]).
    pub fn instance(&self) -> u64 {
        self.instance
    }

    /// How many event rows this store has read, over all games (a counter: cheap enough to keep always).
    pub fn event_rows_read(&self) -> u64 {
        self.event_rows_read.load(Ordering::Relaxed)
    }

    async fn create_schema(&self) -> Result<(), StoreError> {
        let mut tx = self.writes.begin().await?;
        if self.backend == Backend::Postgres {
            // Two instances starting together must not race on CREATE TABLE.
            sqlx::query("SELECT pg_advisory_xact_lock(7158261)").execute(&mut *tx).await?;
        }
        for statement in SCHEMA {
            sqlx::query(statement).execute(&mut *tx).await?;
        }
        if self.backend == Backend::Postgres {
            for statement in PRESENCE_SCHEMA {
                sqlx::query(statement).execute(&mut *tx).await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Stores a new game with its human seats' token hashes (`(seat, hash)`) and its first events (the chance
    /// drawn before anyone acts), in one transaction: the group commit's, beside the moves of other games. A game
    /// that exists already is a [`StoreError::Conflict`].
    pub async fn create_game(
        &self,
        id: &str,
        spec: &GameSpec,
        token_hashes: &[(usize, String)],
        events: &[Entry],
    ) -> Result<(), StoreError> {
        self.create_game_with_open_seats(id, spec, token_hashes, &[], None, events).await
    }

    /// [`Store::create_game`], with open seats: `(seat, token)` for each human seat anyone may take from the
    /// lobby (its hash is among `token_hashes` too), stored in the same transaction, and who made them
    /// (`creator`, an opaque key such as a hash of the client address; `None`: a table of its own).
    pub async fn create_game_with_open_seats(
        &self,
        id: &str,
        spec: &GameSpec,
        token_hashes: &[(usize, String)],
        open_seats: &[(usize, String)],
        creator: Option<&str>,
        events: &[Entry],
    ) -> Result<(), StoreError> {
        let created_ms = now_ms();
        let creates = NewGame {
            spec: serde_json::to_string(spec).map_err(corrupt)?,
            token_hashes: token_hashes.iter().map(|(seat, hash)| (*seat as i64, hash.clone())).collect(),
            open_seats: open_seats.iter().map(|(seat, token)| (*seat as i64, token.clone())).collect(),
            created_ms,
            creator: creator.map(str::to_string),
        };
        self.write(id, 0, events, None, Some(creates)).await
    }

    /// Open seats of games created within `listed_for`, newest games first, at most `per_creator` games of one
    /// creator: `(game id, seat)`, at most `rows` of them.
    pub async fn open_seats(
        &self,
        rows: usize,
        listed_for: std::time::Duration,
        per_creator: usize,
    ) -> Result<Vec<(String, usize)>, StoreError> {
        let since = now_ms().saturating_sub(i64::try_from(listed_for.as_millis()).unwrap_or(i64::MAX));
        // A game's seats share its rank among its creator's games (a game without a creator is its own).
        let rows = sqlx::query(
            "SELECT game_id, seat FROM (SELECT o.game_id, o.seat, o.created_ms, \
             DENSE_RANK() OVER (PARTITION BY COALESCE(c.creator, o.game_id) ORDER BY o.created_ms DESC, o.game_id) \
             AS nth FROM open_seats o LEFT JOIN open_seat_creators c ON c.game_id = o.game_id \
             WHERE o.created_ms >= $1) listed WHERE nth <= $2 ORDER BY created_ms DESC, game_id, seat LIMIT $3",
        )
        .bind(since)
        .bind(i64::try_from(per_creator).unwrap_or(i64::MAX))
        .bind(i64::try_from(rows).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, usize::try_from(row.try_get::<i64, _>(1)?).map_err(corrupt)?)))
            .collect()
    }

    /// Takes open seat `seat` of game `id`: removes it and gives its token, in one statement, so two people
    /// asking at once cannot both get it. `None` if it is not open (taken already, or never open).
    pub async fn take_open_seat(&self, id: &str, seat: usize) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("DELETE FROM open_seats WHERE game_id = $1 AND seat = $2 RETURNING token")
            .bind(id)
            .bind(i64::try_from(seat).map_err(corrupt)?)
            .fetch_optional(&self.writes)
            .await?;
        Ok(match row {
            Some(row) => Some(row.try_get(0)?),
            None => None,
        })
    }

    /// Closes every open seat of game `id` (once it is over, nobody may take them), keeping them for its rematch
    /// ([`Store::seats_left_open`]).
    pub async fn close_open_seats(&self, id: &str) -> Result<(), StoreError> {
        let mut tx = self.writes.begin().await?;
        // (The WHERE before ON CONFLICT keeps SQLite's parser from reading the conflict clause as a join's.)
        sqlx::query(
            "INSERT INTO ended_open_seats (game_id, seat, token) SELECT game_id, seat, token FROM open_seats \
             WHERE game_id = $1 ON CONFLICT (game_id, seat) DO NOTHING",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM open_seats WHERE game_id = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM open_seat_creators WHERE game_id = $1").bind(id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The seats of game `id` nobody took, open still or open when it ended: `(seat, token)`.
    pub async fn seats_left_open(&self, id: &str) -> Result<Vec<(usize, String)>, StoreError> {
        self.by_seat(
            "SELECT seat, token FROM open_seats WHERE game_id = $1 \
             UNION SELECT seat, token FROM ended_open_seats WHERE game_id = $1 ORDER BY seat",
            id,
        )
        .await
    }

    /// The `(seat, text)` rows `query` reads for game `id` (its `$1`).
    async fn by_seat(&self, query: &str, id: &str) -> Result<Vec<(usize, String)>, StoreError> {
        let rows = sqlx::query(query).bind(id).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| Ok((usize::try_from(row.try_get::<i64, _>(0)?).map_err(corrupt)?, row.try_get(1)?)))
            .collect()
    }

    /// Whether the database answers: one cheap read (`SELECT 1` from the games table, no row read), for the
    /// health check. A database that does not answer within `within` is a failure too.
    pub async fn ping(&self, within: std::time::Duration) -> Result<(), StoreError> {
        let probe = sqlx::query("SELECT 1 FROM games LIMIT 1").fetch_optional(&self.pool);
        match tokio::time::timeout(within, probe).await {
            Ok(answer) => answer.map(|_| ()).map_err(StoreError::from),
            Err(_) => Err(StoreError::Database(sqlx::Error::PoolTimedOut)),
        }
    }

    /// Closes the store's connections: every query after it fails. For shutting down (and for tests of what
    /// the server says when its database is gone).
    pub async fn close(&self) {
        self.pool.close().await;
        self.writes.close().await;
    }

    pub async fn game_spec(&self, id: &str) -> Result<GameSpec, StoreError> {
        let row = sqlx::query("SELECT spec FROM games WHERE id = $1").bind(id).fetch_optional(&self.pool).await?;
        let spec: String = row.ok_or(StoreError::NotFound)?.try_get(0)?;
        serde_json::from_str(&spec).map_err(corrupt)
    }

    /// The seat whose token hashes to `token_hash` in game `id`, if any.
    pub async fn seat_for_token(&self, id: &str, token_hash: &str) -> Result<Option<usize>, StoreError> {
        let row = sqlx::query("SELECT seat FROM seat_tokens WHERE game_id = $1 AND token_hash = $2")
            .bind(id)
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => Some(usize::try_from(row.try_get::<i64, _>(0)?).map_err(corrupt)?),
            None => None,
        })
    }

    /// Every seat token hash of game `id`, by seat.
    pub async fn token_hashes(&self, id: &str) -> Result<Vec<(usize, String)>, StoreError> {
        self.by_seat("SELECT seat, token_hash FROM seat_tokens WHERE game_id = $1 ORDER BY seat", id).await
    }

    /// The events of game `id` from index `from` on, in order; an error if any is missing. With `from` the
    /// version an instance holds, these are the events it has not seen: the primary key `(game_id, seq)` is the
    /// index that finds them, so the read costs the new rows, not the game's length.
    pub async fn events(&self, id: &str, from: usize) -> Result<Vec<Entry>, StoreError> {
        let rows = sqlx::query("SELECT seq, event FROM events WHERE game_id = $1 AND seq >= $2 ORDER BY seq")
            .bind(id)
            .bind(from as i64)
            .fetch_all(&self.pool)
            .await?;
        self.event_rows_read.fetch_add(rows.len() as u64, Ordering::Relaxed);
        let mut events = Vec::with_capacity(rows.len());
        for (offset, row) in rows.iter().enumerate() {
            let seq: i64 = row.try_get(0)?;
            if seq != (from + offset) as i64 {
                return Err(StoreError::Corrupt(format!("game {id}: event {seq} where {} was due", from + offset)));
            }
            let text: String = row.try_get(1)?;
            events.push(serde_json::from_str(&text).map_err(corrupt)?);
        }
        Ok(events)
    }

    /// Appends `events` to game `id`, which must have exactly `version` events stored now; otherwise nothing is
    /// written and the answer is [`StoreError::Conflict`]. Returns once committed. Appends of many games are
    /// committed together (group commit), each in its own savepoint so one refusal does not touch the others.
    pub async fn append(&self, id: &str, version: usize, events: &[Entry]) -> Result<(), StoreError> {
        self.append_with_banks(id, version, events, None).await
    }

    /// [`Store::append`], storing the game's time banks (milliseconds left per seat) in the same transaction.
    pub async fn append_with_banks(
        &self,
        id: &str,
        version: usize,
        events: &[Entry],
        banks_ms: Option<&[u64]>,
    ) -> Result<(), StoreError> {
        if events.is_empty() {
            return Ok(());
        }
        self.write(id, version, events, banks_ms, None).await
    }

    /// Hands an append to the group commit and waits for its answer.
    async fn write(
        &self,
        id: &str,
        version: usize,
        events: &[Entry],
        banks_ms: Option<&[u64]>,
        creates: Option<NewGame>,
    ) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        let events = events.iter().map(serde_json::to_string).collect::<Result<Vec<_>, _>>().map_err(corrupt)?;
        let banks = banks_ms.map(serde_json::to_string).transpose().map_err(corrupt)?;
        let append = Append { id: id.to_string(), version, events, banks, creates, reply };
        self.writer.send(append).await.map_err(|_| StoreError::Corrupt("the writer stopped".into()))?;
        answer.await.map_err(|_| StoreError::Corrupt("the writer stopped".into()))?
    }

    /// Appends a chat line; returns its number.
    pub async fn append_chat(&self, id: &str, line: &ChatLine) -> Result<usize, StoreError> {
        let text = serde_json::to_string(line).map_err(corrupt)?;
        // Numbered and stored in one transaction, which on SQLite holds the one writer connection (so lines take
        // turns); on PostgreSQL a lost race on the number (another instance) is retried: chat has no rules to
        // re-check.
        for _ in 0..8 {
            let mut tx = self.writes.begin().await?;
            // The next number from the primary key's index (its last entry for the game), not a count of lines.
            let next = "SELECT COALESCE(MAX(seq) + 1, 0) FROM chat WHERE game_id = $1";
            let row = sqlx::query(next).bind(id).fetch_one(&mut *tx).await?;
            let seq: i64 = row.try_get(0)?;
            let inserted = sqlx::query("INSERT INTO chat (game_id, seq, line) VALUES ($1, $2, $3)")
                .bind(id)
                .bind(seq)
                .bind(text.as_str())
                .execute(&mut *tx)
                .await;
            match inserted.map_err(StoreError::from) {
                Ok(_) => {
                    if self.backend == Backend::Postgres {
                        // Other instances' tasks of this game read its chat again (told on commit).
                        let payload = format!("chat {} {id}", self.instance);
                        sqlx::query("SELECT pg_notify($1, $2)")
                            .bind(EVENTS_CHANNEL)
                            .bind(payload)
                            .execute(&mut *tx)
                            .await?;
                    }
                    match tx.commit().await.map_err(StoreError::from) {
                        Ok(()) => return Ok(seq as usize),
                        Err(StoreError::Conflict) => continue,
                        Err(e) => return Err(e),
                    }
                }
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::Conflict)
    }

    /// Stores game `id`'s time banks (milliseconds left per seat) between moves, as a game's task leaves memory
    /// with a clock running: only while the game is still at `version` (a later move's banks, stored with it by
    /// another instance, stay). Whether they were stored.
    pub async fn keep_banks(&self, id: &str, version: usize, banks_ms: &[u64]) -> Result<bool, StoreError> {
        let banks = serde_json::to_string(banks_ms).map_err(corrupt)?;
        // (Parameters in order of first use: SQLite numbers named ones so.)
        let kept = sqlx::query(
            "INSERT INTO banks (game_id, banks) SELECT $1, $2 \
             WHERE NOT EXISTS (SELECT 1 FROM events WHERE game_id = $1 AND seq >= $3) \
             ON CONFLICT (game_id) DO UPDATE SET banks = excluded.banks",
        )
        .bind(id)
        .bind(banks.as_str())
        .bind(version as i64)
        .execute(&self.writes)
        .await?;
        Ok(kept.rows_affected() == 1)
    }

    /// Game `id`'s time banks (milliseconds left per seat) as of its last stored move, if it has any stored.
    pub async fn banks(&self, id: &str) -> Result<Option<Vec<u64>>, StoreError> {
        let row = sqlx::query("SELECT banks FROM banks WHERE game_id = $1").bind(id).fetch_optional(&self.pool).await?;
        match row {
            Some(row) => Ok(Some(serde_json::from_str(&row.try_get::<String, _>(0)?).map_err(corrupt)?)),
            None => Ok(None),
        }
    }

    /// The last `lines` lines of game `id`'s chat, oldest first, and the number the next line will have.
    pub async fn latest_chat(&self, id: &str, lines: usize) -> Result<(Vec<ChatLine>, usize), StoreError> {
        let rows = sqlx::query("SELECT seq, line FROM chat WHERE game_id = $1 ORDER BY seq DESC LIMIT $2")
            .bind(id)
            .bind(lines.min(i64::MAX as usize) as i64)
            .fetch_all(&self.pool)
            .await?;
        let next = match rows.first() {
            Some(row) => row.try_get::<i64, _>(0)? as usize + 1,
            None => sqlx::query("SELECT COALESCE(MAX(seq) + 1, 0) FROM chat WHERE game_id = $1")
                .bind(id)
                .fetch_one(&self.pool)
                .await?
                .try_get::<i64, _>(0)? as usize,
        };
        let newest_first: Result<Vec<ChatLine>, StoreError> =
            rows.iter().map(|row| serde_json::from_str(&row.try_get::<String, _>(1)?).map_err(corrupt)).collect();
        Ok((newest_first?.into_iter().rev().collect(), next))
    }

    /// Game `id`'s chat lines numbered `from` on (at most `lines` of them, the oldest), oldest first, and the
    /// number after the last one read: what another instance's clients said since a task last looked.
    pub async fn chat_since(&self, id: &str, from: usize, lines: usize) -> Result<(Vec<ChatLine>, usize), StoreError> {
        let rows = sqlx::query("SELECT seq, line FROM chat WHERE game_id = $1 AND seq >= $2 ORDER BY seq LIMIT $3")
            .bind(id)
            .bind(from.min(i64::MAX as usize) as i64)
            .bind(lines.min(i64::MAX as usize) as i64)
            .fetch_all(&self.pool)
            .await?;
        let next = match rows.last() {
            Some(row) => row.try_get::<i64, _>(0)? as usize + 1,
            None => from,
        };
        let read: Result<Vec<ChatLine>, StoreError> =
            rows.iter().map(|row| serde_json::from_str(&row.try_get::<String, _>(1)?).map_err(corrupt)).collect();
        Ok((read?, next))
    }

    /// Says that `seats` of game `id` (and no others) have a connection to this instance now, for `expiry`
    /// unless refreshed, and tells the other instances. PostgreSQL only: on SQLite one instance knows it all.
    pub async fn publish_presence(&self, id: &str, seats: &[usize], expiry: Duration) -> Result<(), StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(());
        }
        let mut tx = self.writes.begin().await?;
        sqlx::query("DELETE FROM presence WHERE game_id = $1 AND instance = $2")
            .bind(id)
            .bind(self.instance as i64)
            .execute(&mut *tx)
            .await?;
        for &seat in seats {
            sqlx::query(
                "INSERT INTO presence (game_id, seat, instance, expires_at) \
                 VALUES ($1, $2, $3, now() + make_interval(secs => $4))",
            )
            .bind(id)
            .bind(seat as i64)
            .bind(self.instance as i64)
            .bind(expiry.as_secs_f64())
            .execute(&mut *tx)
            .await?;
        }
        let payload = format!("presence {} {id}", self.instance);
        sqlx::query("SELECT pg_notify($1, $2)").bind(EVENTS_CHANNEL).bind(payload).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The seats of game `id` connected to other instances (PostgreSQL; none on SQLite).
    pub async fn seats_connected_elsewhere(&self, id: &str) -> Result<Vec<usize>, StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(Vec::new());
        }
        let rows = sqlx::query(
            "SELECT DISTINCT seat FROM presence WHERE game_id = $1 AND instance <> $2 AND expires_at > now()",
        )
        .bind(id)
        .bind(self.instance as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| usize::try_from(row.try_get::<i64, _>(0)?).map_err(corrupt)).collect()
    }

    /// The heartbeat: this instance's seats stay connected for `expiry` more; rows of instances that stopped
    /// refreshing theirs (killed, cut off) are deleted and their games' instances told. PostgreSQL only.
    pub async fn refresh_presence(&self, expiry: Duration) -> Result<(), StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(());
        }
        sqlx::query("UPDATE presence SET expires_at = now() + make_interval(secs => $1) WHERE instance = $2")
            .bind(expiry.as_secs_f64())
            .bind(self.instance as i64)
            .execute(&self.pool)
            .await?;
        // Told as no instance's change (0), so every instance reads that game's presence again.
        sqlx::query(
            "WITH gone AS (DELETE FROM presence WHERE expires_at <= now() RETURNING game_id) \
             SELECT pg_notify($1, 'presence 0 ' || game_id) FROM (SELECT DISTINCT game_id FROM gone) AS games",
        )
        .bind(EVENTS_CHANNEL)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The chat of game `id`, oldest first.
    pub async fn chat(&self, id: &str) -> Result<Vec<ChatLine>, StoreError> {
        let rows =
            sqlx::query("SELECT line FROM chat WHERE game_id = $1 ORDER BY seq").bind(id).fetch_all(&self.pool).await?;
        rows.iter().map(|row| serde_json::from_str(&row.try_get::<String, _>(0)?).map_err(corrupt)).collect()
    }
}

/// Milliseconds since 1970 by the system clock (0 before it).
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_names_its_instance_its_game_and_what_changed() {
        let events = Notice::parse(&Notice::events(42, "abc", 17));
        assert_eq!(events, Notice { from: Some(42), game: "abc".into(), change: Change::Events { version: 17 } });
        assert_eq!(Notice::parse("chat 42 abc").change, Change::Chat);
        // Expired presence is no instance's change: every instance reads it.
        assert_eq!(
            Notice::parse("presence 0 abc"),
            Notice { from: None, game: "abc".into(), change: Change::Presence }
        );
        // An older server's bare game id: anything may have changed.
        assert_eq!(Notice::parse("abc"), Notice { from: None, game: "abc".into(), change: Change::Anything });
    }

    /// How many frames the WAL holds, whatever the file's length; `None` when the checkpoint could not look.
    async fn wal_frames(store: &Store) -> Option<i64> {
        let answer = checkpoint(&store.pool).await.unwrap();
        Some(answer.frames).filter(|&frames| !answer.busy && frames >= 0)
    }

    #[tokio::test]
    async fn every_sqlite_connection_commits_as_synchronously_as_asked() {
        for (synchronous, expected) in [(Synchronous::Normal, 1), (Synchronous::Full, 2)] {
            let path = std::env::temp_dir().join(format!("plunder-sync-{}-{expected}.db", std::process::id()));
            let store = Store::open_synchronous(&format!("sqlite://{}", path.display()), synchronous).await.unwrap();
            for pool in [&store.pool, &store.writes] {
                let level: i64 = sqlx::query_scalar("PRAGMA synchronous").fetch_one(pool).await.unwrap();
                assert_eq!(level, expected, "{synchronous:?}");
            }
            drop(store);
            for suffix in ["", "-wal", "-shm", ".lock"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
            }
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn under_steady_writes_the_wal_starts_over_instead_of_growing_without_end() {
        let path = std::env::temp_dir().join(format!("plunder-wal-{}.db", std::process::id()));
        let url = format!("sqlite://{}", path.display());
        let store = Store::open_with(&url, 2_000, Synchronous::Normal).await.unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        // Writers that never pause, each on its own game: the checkpointer never finds the WAL idle.
        let writers: Vec<_> = (0..16)
            .map(|w| {
                let (store, stop) = (store.clone(), stop.clone());
                tokio::spawn(async move {
                    let event = Entry::Chance { outcome: serde_json::json!([w, "a die's roll, with some words"]) };
                    let mut version = 0;
                    while !stop.load(Ordering::Relaxed) {
                        store.append(&format!("{w:032x}"), version, std::slice::from_ref(&event)).await.unwrap();
                        version += 1;
                    }
                    version
                })
            })
            .collect();
        let mut seen = Vec::new();
        for _ in 0..40 {
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            seen.extend(wal_frames(&store).await);
        }
        stop.store(true, Ordering::Relaxed);
        let mut appended = 0;
        for writer in writers {
            appended += writer.await.unwrap();
        }
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(path.with_extension("db-wal"));
        let _ = std::fs::remove_file(path.with_extension("db-shm"));
        let _ = std::fs::remove_file(path.with_extension("db.lock"));
        // Every append writes at least one frame, so a WAL that never started over would hold them all.
        let longest = *seen.iter().max().unwrap();
        assert!(appended > 4 * 2_000, "too few appends ({appended}) to fill the WAL several times over");
        assert!(seen.windows(2).any(|w| w[1] < w[0]), "the WAL never started over: {seen:?}");
        assert!(longest < appended as i64 / 2, "the WAL held {longest} frames after {appended} appends: {seen:?}");
    }
}
