//! A game's options as form fields for the lobby: each option's name, kind, default and meaning. The default and
//! kind come from the game's default options (the JSON the rules read); the meaning and any other choices come
//! from the "Options" table of its rules document (`| option | default | meaning |`), the one place they are
//! written for people. Options a form cannot hold (lists, designer files, `null` defaults) are kind `json`: the
//! lobby leaves them to its advanced JSON box.

use serde::Serialize;
use serde_json::Value;

/// The heading of a rules document's options table.
const OPTIONS_HEADING: &str = "## Options";

/// How the lobby asks for an option.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OptionKind {
    /// A checkbox.
    Bool,
    /// A whole number.
    Integer,
    /// A seat, 0 for the first (an integer option the document calls "the seat ..."): people see seats as P1,
    /// P2, ..., never as the number the rules read.
    Seat,
    /// One of `choices`.
    Choice,
    /// Anything else: only in the advanced JSON.
    Json,
}

/// One option of a game, as the lobby's catalog describes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionField {
    pub name: String,
    pub kind: OptionKind,
    pub default: Value,
    /// What the option does, from the rules document (empty when the document does not say).
    pub meaning: String,
    /// For a `choice`: every value it may take, the default first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<String>,
}

/// The fields of a game whose default options are `defaults`, described by its rules document `doc`, in the
/// document's order. The table size is left out: the lobby asks for it on its own.
pub fn option_fields(defaults: &Value, doc: Option<&str>) -> Vec<OptionField> {
    let rows = doc.map(options_table).unwrap_or_default();
    let Some(defaults) = defaults.as_object() else { return Vec::new() };
    let row_of = |name: &str| rows.iter().position(|(names, _)| names.iter().any(|n| n == name));
    let mut fields: Vec<(Option<usize>, OptionField)> = defaults
        .iter()
        .filter(|(name, _)| name.as_str() != "players")
        .map(|(name, default)| {
            let row = row_of(name);
            let meaning = row.map_or("", |r| rows[r].1.as_str());
            let (kind, choices) = match default {
                Value::Bool(_) => (OptionKind::Bool, Vec::new()),
                Value::Number(n) if (n.is_u64() || n.is_i64()) && meaning.starts_with("the seat") => {
                    (OptionKind::Seat, Vec::new())
                }
                Value::Number(n) if n.is_u64() || n.is_i64() => (OptionKind::Integer, Vec::new()),
                Value::String(s) => {
                    let mut choices = vec![s.clone()];
                    choices.extend(quoted_words(meaning).into_iter().filter(|w| w != s));
                    choices.dedup();
                    if choices.len() > 1 {
                        (OptionKind::Choice, choices)
                    } else {
                        (OptionKind::Json, Vec::new())
                    }
                }
                _ => (OptionKind::Json, Vec::new()),
            };
            (row, OptionField { name: name.clone(), kind, default: default.clone(), meaning: plain(meaning), choices })
        })
        .collect();
    // Options the document does not list go last.
    fields.sort_by_key(|(row, _)| row.unwrap_or(usize::MAX));
    fields.into_iter().map(|(_, field)| field).collect()
}

/// The rows of the document's options table: the option names a row is about, and its meaning.
fn options_table(doc: &str) -> Vec<(Vec<String>, String)> {
    doc.lines()
        .skip_while(|line| line.trim() != OPTIONS_HEADING)
        .skip(1)
        .take_while(|line| !line.starts_with("## "))
        .filter_map(|line| {
            let cells: Vec<&str> = line.trim().strip_prefix('|')?.strip_suffix('|')?.split(" | ").collect();
            let [names, _default, meaning] = cells[..] else { return None };
            let names: Vec<String> =
                names.split(',').map(|n| n.trim().trim_matches('`').to_string()).filter(|n| !n.is_empty()).collect();
            Some((names, meaning.trim().to_string()))
        })
        .collect()
}

/// The quoted words of a meaning (`"base"` in `` `"base"` or `"extended"` ``): the values a choice may take.
fn quoted_words(meaning: &str) -> Vec<String> {
    meaning.split("`\"").skip(1).filter_map(|part| part.split_once("\"`").map(|(word, _)| word.to_string())).collect()
}

/// Markdown code marks dropped, for people.
fn plain(text: &str) -> String {
    text.replace('`', "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const DOC: &str = "# G\n\n## Options\n\n| option | default | meaning |\n|---|---|---|\n\
        | `players` | 4 | 2 to 6 |\n| `map` | `\"base\"` | `\"base\"` (14 spaces) or `\"extended\"` (20) |\n\
        | `draft` | true | the card draft |\n| `first` | 0 | the seat that starts |\n\
        | `board`, `deck` | `null` | a designer's file |\n\n## Rulings\n\n\
        | `late` | 1 | not an option |\n";

    #[test]
    fn each_option_gets_its_kind_from_its_default_and_its_meaning_and_choices_from_the_document() {
        let defaults = json!({"players": 4, "map": "base", "draft": true, "first": 0, "rounds": 200, "board": null,
            "captains": "deal", "late": 1});
        let fields = option_fields(&defaults, Some(DOC));
        let by_name = |name: &str| fields.iter().find(|f| f.name == name).unwrap();
        assert!(fields.iter().all(|f| f.name != "players"), "the table size is asked on its own");
        assert_eq!(by_name("map").kind, OptionKind::Choice);
        assert_eq!(by_name("map").choices, vec!["base", "extended"]);
        assert_eq!(by_name("map").meaning, "\"base\" (14 spaces) or \"extended\" (20)");
        assert_eq!(
            (by_name("draft").kind.clone(), by_name("draft").meaning.as_str()),
            (OptionKind::Bool, "the card draft")
        );
        assert_eq!(by_name("rounds").kind, OptionKind::Integer);
        assert_eq!(by_name("first").kind, OptionKind::Seat, "a number the document calls a seat");
        assert_eq!(
            (by_name("board").kind.clone(), by_name("board").meaning.as_str()),
            (OptionKind::Json, "a designer's file")
        );
        assert_eq!(by_name("captains").kind, OptionKind::Json, "a string with nothing else to choose stays JSON");
        assert_eq!(by_name("late").meaning, "", "rows after the options table are not options");
        let order: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(&order[..4], ["map", "draft", "first", "board"], "in the document's order");
    }
}
