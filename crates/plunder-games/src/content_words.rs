//! Names for data-file values in error messages: a designer reads back the words their file wrote, not the
//! rules' own type names.

/// How a data file writes `value`: a string as it is ("rum"), a tagged entry by its `tag` field ("move_own").
pub(crate) fn file_name(value: &impl serde::Serialize, tag: &str) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => name,
        Ok(tagged) => tagged.get(tag).and_then(|t| t.as_str()).unwrap_or_default().to_string(),
        Err(_) => String::new(),
    }
}

/// A data file's parse error in the file's words: serde names the rules' own types where a value has the wrong
/// shape ("invalid type: sequence, expected struct CardFile"); a designer reads "expected a JSON object".
pub(crate) fn file_error(e: &serde_json::Error) -> String {
    let message = e.to_string();
    let mut out = String::with_capacity(message.len());
    let mut rest = message.as_str();
    while let Some(at) = rest.find("expected struct ") {
        out.push_str(&rest[..at]);
        out.push_str("expected a JSON object (with the fields the game's own file of this kind has)");
        let name = &rest[at + "expected struct ".len()..];
        let end =
            name.find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '<' | '>' | ':'))).unwrap_or(name.len());
        rest = &name[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_error_names_no_rust_type() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct CardFile {
            entries: Vec<u8>,
        }
        let e = serde_json::from_str::<CardFile>("\"cards\"").unwrap_err();
        assert!(e.to_string().contains("CardFile"), "{e}");
        let words = file_error(&e);
        assert!(!words.contains("CardFile") && words.contains("expected a JSON object"), "{words}");
        assert!(words.ends_with("at line 1 column 1") || words.contains("line 1"), "the place is kept: {words}");
        let missing = serde_json::from_str::<CardFile>("{}").unwrap_err();
        assert_eq!(file_error(&missing), missing.to_string(), "other errors are left as serde says them");
    }
}
