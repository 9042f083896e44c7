//! Opening a store: the database URL and its file's folder, the connection pools and their SQLite settings (how
//! synchronously a commit waits for the disk), the schema, and the group commit and checkpointer tasks started
//! beside them.

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::{Arc, Once};

use sqlx::any::AnyPoolOptions;
use tokio::sync::mpsc;

use super::commit::{checkpoint_wal, group_commit, CATCH_UP_FRAMES, MAX_GROUP};
use super::presence::PRESENCE_SCHEMA;
use super::{corrupt, Backend, Store, StoreError};

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
    pub(super) async fn open_with(
        url: &str,
        catch_up_frames: i64,
        synchronous: Synchronous,
    ) -> Result<Store, StoreError> {
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
