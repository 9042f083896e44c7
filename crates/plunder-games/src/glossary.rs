//! Finding a thing at the table by the name a person types (`? NAME`): case, punctuation, spaces, a leading
//! "the" and a plural's "s" do not matter, and a part of a name finds it when no whole name matches.

/// One thing a player may ask about: the names it answers to (its own first) and what it says.
pub(crate) struct Entry {
    pub names: Vec<String>,
    pub text: String,
}

impl Entry {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Entry {
        Entry { names: vec![name.into()], text: text.into() }
    }

    /// Another name the entry answers to.
    pub fn or(mut self, name: &str) -> Entry {
        self.names.push(name.into());
        self
    }
}

/// A name as compared: its letters and digits in lower case, without a leading "the".
pub(crate) fn key(name: &str) -> String {
    let lower = name.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    match words.split_first() {
        Some((&"the", rest)) if !rest.is_empty() => rest.concat(),
        _ => words.concat(),
    }
}

/// The text of the entry named `wanted`; several whole matches give every text, several partial ones their names.
pub(crate) fn find(entries: &[Entry], wanted: &str) -> Option<String> {
    let wanted = key(wanted);
    if wanted.is_empty() {
        return None;
    }
    let singular = wanted.strip_suffix('s').unwrap_or(&wanted);
    let whole: Vec<&Entry> =
        entries.iter().filter(|e| e.names.iter().map(|n| key(n)).any(|k| k == wanted || k == singular)).collect();
    if !whole.is_empty() {
        return Some(whole.iter().map(|e| e.text.as_str()).collect::<Vec<_>>().join("\n"));
    }
    if wanted.len() < 3 {
        return None;
    }
    let part: Vec<&Entry> = entries.iter().filter(|e| e.names.iter().any(|n| key(n).contains(singular))).collect();
    match part[..] {
        [] => None,
        [one] => Some(one.text.clone()),
        _ => {
            let names: Vec<&str> = part.iter().map(|e| e.names[0].as_str()).collect();
            Some(format!("Several things match: {}. Type more of the name.", names.join(", ")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_whatever_the_case_punctuation_article_or_plural() {
        let entries = [
            Entry::new("It's you or me!", "a card"),
            Entry::new("The Dread Sea", "the sea"),
            Entry::new("Trading Post", "a post"),
            Entry::new("Double-Cross", "a trick"),
        ];
        assert_eq!(find(&entries, "its you or me").as_deref(), Some("a card"));
        assert_eq!(find(&entries, "IT'S YOU OR ME!").as_deref(), Some("a card"));
        assert_eq!(find(&entries, "dread sea").as_deref(), Some("the sea"));
        assert_eq!(find(&entries, "trading posts").as_deref(), Some("a post"));
        assert_eq!(find(&entries, "double cross").as_deref(), Some("a trick"));
        assert_eq!(find(&entries, "cross").as_deref(), Some("a trick"), "a part of one name");
        assert_eq!(find(&entries, "or").as_deref(), None, "too short a part");
        assert_eq!(find(&entries, "nothing"), None);
        let more = [Entry::new("The Dread Sea", "the sea"), Entry::new("Dread Captain's ship", "a ship")];
        let several = find(&more, "dread").unwrap();
        assert!(several.contains("The Dread Sea, Dread Captain's ship"), "{several}");
    }
}
