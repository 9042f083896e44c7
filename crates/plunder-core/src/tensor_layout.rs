//! A tensor's numbers as named sections, each with what it means: the layout a researcher reads (Python's
//! `game.tensor_layout()`, `plunder rules GAME`, each game's rules doc) and the offsets a game writes through,
//! built by the same calls so the two cannot disagree.

use serde::Serialize;

/// One run of a tensor's numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TensorSection {
    /// A short name, unique in its layout (`"seat"`, `"my_dice"`).
    pub name: String,
    /// Its first number's index in the tensor.
    pub start: usize,
    /// How many numbers it has.
    pub len: usize,
    /// What each number holds, in words: its index's meaning and its value's (one-hot, a count, a fraction).
    pub meaning: String,
}

/// A tensor's sections, in order, covering it exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TensorLayout {
    sections: Vec<TensorSection>,
}

impl TensorLayout {
    pub fn new() -> TensorLayout {
        TensorLayout::default()
    }

    /// Appends a section of `len` numbers and returns its start, the offset the game writes at.
    pub fn section(&mut self, name: &str, len: usize, meaning: &str) -> usize {
        let start = self.len();
        self.sections.push(TensorSection { name: name.to_string(), start, len, meaning: meaning.to_string() });
        start
    }

    /// Appends every section of `other` after this layout's, with their starts moved along.
    pub fn append(&mut self, other: &TensorLayout) {
        for s in &other.sections {
            self.section(&s.name, s.len, &s.meaning);
        }
    }

    /// How many numbers the tensor has.
    pub fn len(&self) -> usize {
        self.sections.last().map_or(0, |s| s.start + s.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn sections(&self) -> &[TensorSection] {
        &self.sections
    }

    /// The section called `name`.
    pub fn get(&self, name: &str) -> Option<&TensorSection> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// The section that holds index `index`.
    pub fn section_at(&self, index: usize) -> Option<&TensorSection> {
        self.sections.iter().find(|s| (s.start..s.start + s.len).contains(&index))
    }

    /// Why this is not a usable layout: a name used twice or a section with no numbers.
    pub fn check(&self) -> Result<(), String> {
        let mut names = std::collections::HashSet::new();
        for s in &self.sections {
            if s.len == 0 {
                return Err(format!("section {} has no numbers", s.name));
            }
            if !names.insert(&s.name) {
                return Err(format!("section {} is named twice", s.name));
            }
            if s.meaning.trim().is_empty() {
                return Err(format!("section {} does not say what it means", s.name));
            }
        }
        Ok(())
    }

    /// The layout as a Markdown table (for the rules docs).
    pub fn markdown(&self) -> String {
        let mut out = String::from("| numbers | section | meaning |\n|---|---|---|\n");
        for s in &self.sections {
            let range = match s.len {
                1 => format!("{}", s.start),
                _ => format!("{}-{}", s.start, s.start + s.len - 1),
            };
            out.push_str(&format!("| {range} | `{}` | {} |\n", s.name, s.meaning.replace('|', "\\|")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_follow_each_other_and_are_found_by_name_and_index() {
        let mut layout = TensorLayout::new();
        assert_eq!(layout.section("seat", 2, "one-hot: the seat"), 0);
        assert_eq!(layout.section("dice", 6, "how many dice show each face"), 2);
        assert_eq!(layout.len(), 8);
        assert_eq!(layout.get("dice").map(|s| s.start), Some(2));
        assert_eq!(layout.section_at(7).map(|s| s.name.as_str()), Some("dice"));
        assert_eq!(layout.section_at(8), None);
        assert!(layout.check().is_ok());
        assert!(layout.markdown().contains("| 2-7 | `dice` |"));
        let mut both = layout.clone();
        both.append(&layout);
        assert_eq!(both.len(), 16);
        assert!(both.check().unwrap_err().contains("named twice"));
        layout.section("empty", 0, "nothing");
        assert!(layout.check().unwrap_err().contains("no numbers"));
    }
}
