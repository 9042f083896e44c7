//! One server per SQLite file. Each server keeps its running games in memory, so a second server on the same file
//! would serve games that go stale as soon as the first one moves them (several servers share games on
//! PostgreSQL, which tells each of every change). A store on `FILE` holds an exclusive advisory lock on
//! `FILE.lock` and on `FILE` itself while it is open: the first names the lock for people, the second holds
//! whatever the file is called (a hard link or a symbolic link is the same file). SQLite's own locks are of
//! another kind (`fcntl`), which `flock` does not touch. The stores of one process share the lock (a test opens a
//! store again over the same file, as after a restart). The operating system drops the lock when the process ends,
//! however it ends.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};

use rustix::fs::{flock, FlockOperation};

use crate::store::StoreError;

/// The lock on one database file, released when the last store of the process that holds it is dropped.
#[derive(Debug)]
pub struct FileLock {
    _lock_file: File,
    _database: File,
}

/// The locks this process holds, by lock file.
static HELD: Mutex<Vec<(PathBuf, Weak<FileLock>)>> = Mutex::new(Vec::new());

/// The lock on the SQLite database `database` (a file, which need not exist yet): this process's, or a new one;
/// [`StoreError::InUse`] when another process holds it.
pub fn lock(database: &Path) -> Result<Arc<FileLock>, StoreError> {
    let mut name = database.as_os_str().to_owned();
    name.push(".lock");
    let path = PathBuf::from(name);
    // One key per file however it is named: the directory's canonical path and the file name.
    let key = match (path.parent().filter(|p| !p.as_os_str().is_empty()), path.file_name()) {
        (Some(dir), Some(file)) => dir.canonicalize().map(|dir| dir.join(file)).unwrap_or_else(|_| path.clone()),
        (None, Some(file)) => std::env::current_dir().map(|dir| dir.join(file)).unwrap_or_else(|_| path.clone()),
        _ => path.clone(),
    };
    let mut held = HELD.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    held.retain(|(_, lock)| lock.strong_count() > 0);
    if let Some(lock) = held.iter().find(|(at, _)| *at == key).and_then(|(_, lock)| lock.upgrade()) {
        return Ok(lock);
    }
    // Opened without truncating: the lock file holds nothing, and a file of that name is never overwritten.
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&key)
        .map_err(|e| StoreError::Corrupt(format!("cannot open the lock file {}: {e}", key.display())))?;
    flock(&file, FlockOperation::NonBlockingLockExclusive).map_err(|_| StoreError::InUse(database.to_path_buf()))?;
    // The database itself, made empty if missing (SQLite takes an empty file as an empty database), never
    // truncated; read-only is enough to lock it.
    let missing = !database.exists();
    let database_file = OpenOptions::new()
        .read(true)
        .write(missing)
        .create(missing)
        .truncate(false)
        .open(database)
        .map_err(|e| StoreError::Corrupt(format!("cannot open {}: {e}", database.display())))?;
    flock(&database_file, FlockOperation::NonBlockingLockExclusive)
        .map_err(|_| StoreError::InUse(database.to_path_buf()))?;
    let lock = Arc::new(FileLock { _lock_file: file, _database: database_file });
    held.push((key, Arc::downgrade(&lock)));
    Ok(lock)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_another_process_holds_is_refused_and_one_this_process_holds_is_shared() {
        let dir = std::env::temp_dir().join(format!("plunder-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let database = dir.join("games.db");
        let first = lock(&database).unwrap();
        let again = lock(&dir.join("../").join(dir.file_name().unwrap()).join("games.db")).unwrap();
        assert!(Arc::ptr_eq(&first, &again), "one process shares its lock, however the file is named");
        drop((first, again));
        // A lock taken on a file description of its own, as another process's would be.
        let other = OpenOptions::new().write(true).open(dir.join("games.db.lock")).unwrap();
        flock(&other, FlockOperation::NonBlockingLockExclusive).unwrap();
        match lock(&database) {
            Err(StoreError::InUse(file)) => assert_eq!(file, database),
            other => panic!("expected InUse, got {other:?}"),
        }
        drop(other);
        assert!(lock(&database).is_ok(), "free again once the other holder lets go");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Found by an attack trial: a second server started on a hard link to the file (another name, so another
    /// `.lock`) and then failed every write with "database disk image is malformed".
    #[test]
    fn a_hard_link_or_a_symbolic_link_to_a_locked_file_is_refused() {
        let dir = std::env::temp_dir().join(format!("plunder-lock-links-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let database = dir.join("games.db");
        let held = lock(&database).unwrap();
        assert!(database.exists(), "the database file is made to be locked");
        let hard = dir.join("hard.db");
        std::fs::hard_link(&database, &hard).unwrap();
        let soft = dir.join("soft.db");
        std::os::unix::fs::symlink(&database, &soft).unwrap();
        for other in [&hard, &soft] {
            match lock(other) {
                Err(StoreError::InUse(file)) => assert_eq!(&file, other),
                Ok(_) => panic!("{} is the locked file under another name, and was locked again", other.display()),
                Err(e) => panic!("expected InUse, got {e}"),
            }
        }
        drop(held);
        assert!(lock(&hard).is_ok(), "free once the first holder lets go");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
