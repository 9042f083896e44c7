//! The group commit: appends of every game queued to one task that commits them together (one transaction, a
//! few statements), falling back to one savepoint per append when anything in the group is refused; and, on
//! SQLite, the checkpointer that copies the write-ahead log back into the database so the log starts over.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use sqlx::{AnyPool, Row};
use tokio::sync::{mpsc, oneshot};

use super::{Backend, Notice, StoreError, EVENTS_CHANNEL};

/// Stores a game's time banks (in the transaction of the move that charged them).
const UPSERT_BANKS: &str = "INSERT INTO banks (game_id, banks) VALUES ($1, $2) \
     ON CONFLICT (game_id) DO UPDATE SET banks = excluded.banks";

/// An append waiting for the group commit, its events already in their stored (JSON) form.
#[derive(Debug)]
pub(super) struct Append {
    pub(super) id: String,
    pub(super) version: usize,
    pub(super) events: Vec<String>,
    /// The game's time banks after these events (JSON), for a timed game.
    pub(super) banks: Option<String>,
    /// The game itself, when this append creates it (with its first events, at version 0).
    pub(super) creates: Option<NewGame>,
    pub(super) reply: oneshot::Sender<Result<(), StoreError>>,
}

/// A game's row and its seats' token hashes, stored with its first events.
#[derive(Debug)]
pub(super) struct NewGame {
    /// The [`GameSpec`](super::GameSpec) as JSON.
    pub(super) spec: String,
    /// `(seat, token hash)` for each human seat.
    pub(super) token_hashes: Vec<(i64, String)>,
    /// `(seat, token)` for each open seat (a human seat anyone may take), and when the game was created.
    pub(super) open_seats: Vec<(i64, String)>,
    pub(super) created_ms: i64,
    /// Who made it (a hash of the client address), kept while it has open seats.
    pub(super) creator: Option<String>,
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
pub(super) const MAX_GROUP: usize = 512;

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
pub(super) async fn group_commit(
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
pub(super) const CATCH_UP_FRAMES: i64 = 65_536;

/// How often the SQLite WAL is copied back into the database.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

/// Copies SQLite's write-ahead log back into the database file now and then, beside the commits (a passive
/// checkpoint never blocks a writer), so no commit waits for the bulk of it; when the WAL is long, asks the group
/// commit to copy what was committed meanwhile (`catch_up`). Stops when the store is dropped.
pub(super) async fn checkpoint_wal(
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

#[cfg(test)]
mod tests {
    use plunder_core::Entry;

    use super::*;
    use crate::store::{Store, Synchronous};

    /// How many frames the WAL holds, whatever the file's length; `None` when the checkpoint could not look.
    async fn wal_frames(store: &Store) -> Option<i64> {
        let answer = checkpoint(&store.pool).await.unwrap();
        Some(answer.frames).filter(|&frames| !answer.busy && frames >= 0)
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
