//! Text for a terminal of a given width, wrapped between words: a terminal left to itself cuts a long line
//! mid-word ("Shipwright's Hou / se").

use std::io::Write;

/// A writer that breaks each line longer than `columns` at its last space before the edge, indenting the
/// continuation two columns past the line's own indent. What is not yet a whole line (a prompt) goes out as it
/// is when flushed.
#[derive(Debug)]
pub struct WordWrap<W: Write> {
    inner: W,
    columns: usize,
    line: Vec<u8>,
}

impl<W: Write> WordWrap<W> {
    pub fn new(inner: W, columns: usize) -> WordWrap<W> {
        WordWrap { inner, columns, line: Vec::new() }
    }

    fn write_line(&mut self, line: &str) -> std::io::Result<()> {
        let indent = line.chars().take_while(|&c| c == ' ').count() + 2;
        let mut rest = line;
        let mut first = true;
        loop {
            let room = if first { self.columns } else { self.columns.saturating_sub(indent).max(20) };
            if rest.chars().count() <= room {
                break;
            }
            let edge = rest.char_indices().nth(room).map_or(rest.len(), |(at, _)| at);
            let lead = rest.len() - rest.trim_start().len();
            // At the last space before the edge (a word longer than the line is cut where it must be).
            let cut = if rest[edge..].starts_with(' ') {
                edge
            } else {
                rest[..edge].rfind(' ').filter(|&at| at > lead).unwrap_or(edge)
            };
            self.inner.write_all(rest[..cut].trim_end().as_bytes())?;
            self.inner.write_all(b"\n")?;
            self.inner.write_all(" ".repeat(indent).as_bytes())?;
            rest = rest[cut..].trim_start();
            first = false;
        }
        self.inner.write_all(rest.as_bytes())
    }
}

impl<W: Write> Write for WordWrap<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &byte in buf {
            if byte == b'\n' {
                let line = String::from_utf8_lossy(&std::mem::take(&mut self.line)).into_owned();
                self.write_line(&line)?;
                self.inner.write_all(b"\n")?;
            } else {
                self.line.push(byte);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let partial = std::mem::take(&mut self.line);
        self.inner.write_all(&partial)?;
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wrapped(text: &str, columns: usize) -> String {
        let mut out = WordWrap::new(Vec::new(), columns);
        out.write_all(text.as_bytes()).unwrap();
        out.flush().unwrap();
        String::from_utf8(out.inner).unwrap()
    }

    #[test]
    fn long_lines_break_between_words_and_keep_their_indent() {
        let text = "  The Shipwright's House takes the token and a coin from every player on the island\nshort\n";
        let out = wrapped(text, 40);
        assert_eq!(
            out,
            "  The Shipwright's House takes the token\n    and a coin from every player on the\n    island\nshort\n"
        );
        assert!(out.lines().all(|l| l.chars().count() <= 40), "{out}");
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(words(&out), words(text), "no word is cut or lost");
    }

    #[test]
    fn a_prompt_goes_out_unwrapped_when_flushed_and_a_word_longer_than_the_line_is_cut() {
        assert_eq!(wrapped("P1, your choice: ", 10), "P1, your choice: ");
        assert_eq!(wrapped("abcdefghijklmnop\n", 30), "abcdefghijklmnop\n");
        let out = wrapped(&format!("{}\n", "x".repeat(50)), 30);
        assert_eq!(out.replace(['\n', ' '], ""), "x".repeat(50));
    }
}
