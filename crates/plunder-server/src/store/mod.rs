//! Storage: every game as its record's events appended in order, with the event count as the game's version.
//!
//! One API over SQLite (the default, one file) and PostgreSQL (several server instances on one database), through
//! sqlx's `Any` driver, so the SQL is written once. An append names the version it extends; a second append of
//! the same version (another instance won the race) is refused with [`StoreError::Conflict`], because
//! `(game_id, seq)` is the primary key. An append returns only after its transaction has committed, so the
//! caller acknowledges only what is stored.
//!
//! This module holds the store's types and its SQL API: games, seats, events, chat and time banks. Opening a
//! store (pools, settings, schema) is in `open`, the group commit and WAL checkpoints in `commit`, the
//! notifications between instances in `notice` and the presence rows in `presence`.

mod commit;
mod notice;
mod open;
mod presence;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use plunder_core::Entry;
use serde::{Deserialize, Serialize};
use sqlx::{AnyPool, Row};
use tokio::sync::{mpsc, oneshot};

use commit::{Append, NewGame};
pub use notice::{Change, Notice, EVENTS_CHANNEL};
pub use open::{check_url, Synchronous};

/// Which database a [`Store`] speaks to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
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

fn corrupt(e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(e.to_string())
}

impl Store {
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
