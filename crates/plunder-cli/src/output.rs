//! Writing to standard output when the reader may leave early (`plunder replay big.json | head`).

use std::io::{ErrorKind, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether standard output's reader has gone (a closed pipe).
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes `text` to standard output. A reader that closed the pipe has all it wanted: that ends the output
/// quietly, as `head` expects, instead of a panic from `print!`; [`stdout_closed`] then tells a command that
/// only writes there to stop.
pub fn write_stdout(text: &str) -> Result<(), String> {
    write_all_or_closed(&mut std::io::stdout().lock(), text)
}

/// Whether a write to standard output found its reader gone.
pub fn stdout_closed() -> bool {
    CLOSED.load(Ordering::Relaxed)
}

fn write_all_or_closed(out: &mut impl Write, text: &str) -> Result<(), String> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == ErrorKind::BrokenPipe => {
            CLOSED.store(true, Ordering::Relaxed);
            Ok(())
        }
        Err(e) => Err(format!("cannot write the output: {e}")),
        Ok(()) => Ok(()),
    }
}

/// Checks, before any work, that a file can be written at `path` (given as option `option`): its folder exists
/// and `path` is not a folder. Nothing is created or changed.
pub fn check_output_file(option: &str, path: &Path) -> Result<(), String> {
    if path.is_dir() {
        return Err(format!("{option} {} is a folder, not a file", path.display()));
    }
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(format!("{option} {}: the folder {} does not exist", path.display(), folder.display()));
    }
    Ok(())
}

/// Checks, before any work, that `path` (given as option `option`) is a folder or can be made one: it is not a
/// file, and neither is any folder above it.
pub fn check_output_folder(option: &str, path: &Path) -> Result<(), String> {
    for above in path.ancestors().filter(|p| !p.as_os_str().is_empty()) {
        if above.is_dir() {
            return Ok(());
        }
        if above.exists() {
            return Err(format!("{option} {}: {} is a file, not a folder", path.display(), above.display()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Closed(ErrorKind);

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(self.0.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_pipe_ends_quietly_and_other_failures_are_reported() {
        assert_eq!(write_all_or_closed(&mut Closed(ErrorKind::BrokenPipe), "text"), Ok(()));
        assert!(write_all_or_closed(&mut Closed(ErrorKind::PermissionDenied), "text").is_err());
        assert!(stdout_closed());
    }
}
