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
