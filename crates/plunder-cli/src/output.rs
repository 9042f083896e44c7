//! Writing to standard output when the reader may leave early (`plunder replay big.json | head`).

use std::io::{ErrorKind, Write};

/// Writes `text` to standard output. A reader that closed the pipe has all it wanted: that ends the output
/// quietly, as `head` expects, instead of a panic from `print!`.
pub fn write_stdout(text: &str) -> Result<(), String> {
    write_all_or_closed(&mut std::io::stdout().lock(), text)
}

fn write_all_or_closed(out: &mut impl Write, text: &str) -> Result<(), String> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(format!("cannot write the output: {e}")),
        _ => Ok(()),
    }
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
    }
}
