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

/// What an output option writes. A later run may replace an earlier run's output of the same kind; any other
/// existing file is left as it is, since the user may need it (a note, a record, a report of their own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// A solved strategy (`solve --out`).
    Strategy,
    /// An SVG chart (`simulate --svg`, a tournament's `ratings.svg`).
    Chart,
    /// A game record (`play --record`).
    Record,
    /// A results file (`report merge --results`).
    Results,
    /// A report's `index.html` (`report --out`).
    Report,
    /// A tournament's `tournament.json` (`tournament --out`).
    Tournament,
}

/// The line every chart made here carries, so that a later run recognizes its own chart.
pub const CHART_MARK: &str = "<!-- made by plunder -->";
/// The line every report made here carries in its head.
pub const REPORT_MARK: &str = "<meta name=\"generator\" content=\"plunder report\">";

impl Output {
    fn words(self) -> &'static str {
        match self {
            Output::Strategy => "strategy",
            Output::Chart => "chart",
            Output::Record => "game record",
            Output::Results => "results file",
            Output::Report => "report",
            Output::Tournament => "tournament table",
        }
    }

    /// Whether a file starting with `head` is one this kind of output wrote.
    fn made(self, head: &str) -> bool {
        match self {
            Output::Strategy => head.starts_with("{\"options\":") && head.contains("\"method\":"),
            Output::Chart => head.starts_with("<svg") && head.contains(CHART_MARK),
            Output::Record => {
                ["\"format\": \"plunder-record\"", "\"format\":\"plunder-record\""].iter().any(|f| head.contains(f))
            }
            Output::Results => head.starts_with("{\"game\":"),
            Output::Report => head.contains(REPORT_MARK),
            Output::Tournament => head.starts_with('{') && head.contains("\"seatings\":"),
        }
    }
}

/// The first few kilobytes of the file at `path`, or `None` when there is no file there.
fn head_of(path: &Path) -> Option<String> {
    use std::io::Read;
    let mut buffer = Vec::new();
    std::fs::File::open(path).ok()?.take(4096).read_to_end(&mut buffer).ok()?;
    Some(String::from_utf8_lossy(&buffer).into_owned())
}

/// Checks, before any work, that `kind` can be written at `path` (given as option `option`): its folder exists,
/// `path` is not a folder, and a file already there is empty or an earlier output of the same kind. Nothing is
/// created or changed.
pub fn check_output_file(option: &str, path: &Path, kind: Output) -> Result<(), String> {
    if path.is_dir() {
        return Err(format!("{option} {} is a folder, not a file", path.display()));
    }
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(format!("{option} {}: the folder {} does not exist", path.display(), folder.display()));
    }
    match head_of(path) {
        Some(head) if !head.is_empty() && !kind.made(&head) => Err(format!(
            "{option} {} already exists and is not a {} written by plunder; it is left as it is (remove it or \
             name another file)",
            path.display(),
            kind.words()
        )),
        _ => Ok(()),
    }
}

/// Checks, before any work, that `path` (given as option `option`) is a folder or can be made one: it is not a
/// file, neither is any folder above it, and an existing folder is empty or holds an earlier output of the same
/// kind (`marker`, the file every such output writes, recognized as `kind`).
pub fn check_output_folder(option: &str, path: &Path, marker: &str, kind: Output) -> Result<(), String> {
    for above in path.ancestors().filter(|p| !p.as_os_str().is_empty()) {
        if above.is_dir() {
            break;
        }
        if above.exists() {
            return Err(format!("{option} {}: {} is a file, not a folder", path.display(), above.display()));
        }
    }
    let empty = std::fs::read_dir(path).map_or(true, |mut entries| entries.next().is_none());
    if empty || head_of(&path.join(marker)).is_some_and(|head| kind.made(&head)) {
        return Ok(());
    }
    Err(format!(
        "{option} {} holds other files and no earlier {}: name a new or empty folder, so that nothing of yours \
         is overwritten",
        path.display(),
        kind.words()
    ))
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
