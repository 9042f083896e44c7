//! Short quotes of untrusted input in error messages. A refused value can be megabytes long; a message quotes
//! at most a short prefix of it, so an error reply stays small whatever was sent.

/// The most characters of a value a message quotes.
pub const QUOTE_CHARS: usize = 40;
/// The most characters a whole error message keeps.
pub const MESSAGE_CHARS: usize = 400;

/// `text` if it is short, else its first [`QUOTE_CHARS`] characters and how much was left out.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…({} more bytes)", &text[..cut], text.len() - cut),
    }
}

/// A JSON value as a message quotes it.
pub fn excerpt_json(value: &serde_json::Value) -> String {
    excerpt(&value.to_string())
}

/// An error message with every long quoted part (between `"`, `` ` `` or `'`) cut to an excerpt, and the
/// whole cut to [`MESSAGE_CHARS`]. For messages built by code that quotes input whole (serde's "unknown
/// variant `...`", "unknown game '...'").
pub fn shorten_message(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(MESSAGE_CHARS + 64));
    let mut rest = message;
    while let Some((at, quote)) = next_opening_quote(rest) {
        out += &rest[..=at];
        let inside = &rest[at + 1..];
        match closing_quote(inside, quote) {
            Some(end) => {
                out += &excerpt(&inside[..end]);
                out.push(quote);
                rest = &inside[end + 1..];
            }
            None => {
                out += &excerpt(inside);
                rest = "";
            }
        }
        if out.len() > MESSAGE_CHARS {
            break;
        }
    }
    out += rest;
    if let Some((cut, _)) = out.char_indices().nth(MESSAGE_CHARS) {
        out.truncate(cut);
        out += "…";
    }
    out
}

/// A quote mark that opens a quotation: at the start or after a character that is not a letter or digit (so
/// the apostrophe in "P1's" opens nothing).
fn next_opening_quote(text: &str) -> Option<(usize, char)> {
    let mut previous: Option<char> = None;
    for (i, c) in text.char_indices() {
        if matches!(c, '"' | '`' | '\'') && !previous.is_some_and(char::is_alphanumeric) {
            return Some((i, c));
        }
        previous = Some(c);
    }
    None
}

/// Where the quotation opened by `quote` ends: the next `quote` not followed by a letter or digit.
fn closing_quote(text: &str, quote: char) -> Option<usize> {
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == quote && !chars.peek().is_some_and(|(_, next)| next.is_alphanumeric()) {
            return Some(i);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_and_long_text_is_cut_to_a_prefix() {
        assert_eq!(excerpt("abc"), "abc");
        let long = "x".repeat(1000);
        let cut = excerpt(&long);
        assert!(cut.starts_with(&"x".repeat(QUOTE_CHARS)) && cut.len() < 80, "{cut}");
        assert!(cut.contains("960 more bytes"), "{cut}");
        // Cuts fall between characters, never inside one.
        assert!(excerpt(&"é".repeat(100)).starts_with(&"é".repeat(QUOTE_CHARS)));
    }

    #[test]
    fn long_quotations_in_messages_are_cut_and_the_rest_kept() {
        let long = "y".repeat(10_000);
        let message = format!("unknown variant `{long}`, expected `aim` or `fire`");
        let short = shorten_message(&message);
        assert!(short.len() < 150, "{short}");
        assert!(short.ends_with(", expected `aim` or `fire`"), "{short}");
        let message = format!("invalid type: string \"{long}\", expected u64");
        assert!(shorten_message(&message).ends_with("\", expected u64"));
        let message = format!("unknown game '{long}' (games: a, b)");
        assert!(shorten_message(&message).ends_with("' (games: a, b)"));
        // Apostrophes are not quotations, and short quotations stay whole.
        let plain = "P1's bid is not P2's: 'liar' is `legal` \"now\"";
        assert_eq!(shorten_message(plain), plain);
        // Unquoted runs are bounded by the message cap.
        assert!(shorten_message(&long).chars().count() <= MESSAGE_CHARS + 1);
    }
}
