//! The games' rules documents (`docs/rules/GAME.md`, embedded at build time) and "why was this rejected": a
//! refused move's reason is answered with the rule it comes from, as the section (a link with its anchor on
//! `/rules/GAME`) and the sentence of the game's rules that shares the most distinctive words with the reason.
//! Words are weighted by how rare they are in that document, so "there is no bid to call yet" finds "a call
//! needs a bid to call" rather than any sentence that says "bid". The search is generic: a new game's document
//! is cited as soon as it exists.

use serde::Serialize;

use crate::embedded::RULE_DOCS;

/// The rules document of game `id`, if it has one.
pub fn doc(id: &str) -> Option<&'static str> {
    RULE_DOCS.iter().find(|(game, _)| *game == id).map(|(_, text)| *text)
}

/// Where a rule is written: the section (its heading and a link to it) and the sentence itself.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
pub struct Citation {
    pub section: String,
    /// `/rules/GAME#anchor`: the section on the server's rules page.
    pub link: String,
    pub sentence: String,
}

/// One section of a rules document: its heading, its anchor (as GitHub makes them) and its sentences.
#[derive(Debug)]
struct Section {
    level: usize,
    heading: String,
    anchor: String,
    sentences: Vec<String>,
}

/// A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens.
pub fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Markdown emphasis and code marks dropped, for quoting.
fn plain(text: &str) -> String {
    text.replace(['`', '*'], "")
}

fn heading_of(line: &str) -> Option<(usize, &str)> {
    let level = line.bytes().take_while(|&b| b == b'#').count();
    (level > 0 && line.as_bytes().get(level) == Some(&b' ')).then(|| (level, line[level..].trim()))
}

/// Splits a paragraph or list item into sentences (at a full stop followed by a space).
fn split_sentences(text: &str, into: &mut Vec<String>) {
    let mut start = 0;
    let bytes = text.as_bytes();
    for i in 0..bytes.len() {
        let ends = bytes[i] == b'.' && bytes.get(i + 1) == Some(&b' ') && i > start + 1;
        if ends {
            into.push(plain(text[start..=i].trim()));
            start = i + 2;
        }
    }
    let rest = text[start.min(text.len())..].trim();
    if !rest.is_empty() {
        into.push(plain(rest));
    }
}

fn sections(doc: &str) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    let mut used: Vec<String> = Vec::new();
    let mut block = String::new();
    let flush = |block: &mut String, sections: &mut Vec<Section>| {
        if let Some(section) = sections.last_mut() {
            split_sentences(block.trim(), &mut section.sentences);
        }
        block.clear();
    };
    for line in doc.lines() {
        let trimmed = line.trim();
        if let Some((level, heading)) = heading_of(trimmed) {
            flush(&mut block, &mut sections);
            let base = slug(heading);
            // Repeated headings get -1, -2, ... as on GitHub.
            let count = used.iter().filter(|a| **a == base).count();
            used.push(base.clone());
            let anchor = if count == 0 { base } else { format!("{base}-{count}") };
            sections.push(Section { level, heading: plain(heading), anchor, sentences: Vec::new() });
        } else if trimmed.starts_with('|') {
            flush(&mut block, &mut sections);
            // A table row is one sentence; the line under the header row is not.
            if !trimmed.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ')) {
                let cells: Vec<&str> = trimmed.trim_matches('|').split('|').map(str::trim).collect();
                if let Some(section) = sections.last_mut() {
                    section.sentences.push(plain(&cells.join(": ")));
                }
            }
        } else if trimmed.is_empty() || trimmed.starts_with("- ") || trimmed.starts_with("* ") || is_numbered(trimmed) {
            flush(&mut block, &mut sections);
            block.push_str(without_list_marker(trimmed));
        } else {
            block.push(' ');
            block.push_str(trimmed);
        }
    }
    flush(&mut block, &mut sections);
    sections
}

fn is_numbered(line: &str) -> bool {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && line[digits..].starts_with(". ")
}

/// A list item's text without its `- ` or `3. `.
fn without_list_marker(line: &str) -> &str {
    if line.starts_with("- ") || line.starts_with("* ") {
        &line[2..]
    } else if is_numbered(line) {
        &line[line.find(". ").map_or(0, |at| at + 2)..]
    } else {
        line
    }
}

/// Words that say nothing about which rule is meant.
const STOP_WORDS: &[&str] = &[
    "the", "and", "for", "you", "your", "not", "now", "this", "that", "with", "are", "has", "have", "may", "can",
    "cannot", "there", "only", "any", "all", "its", "their", "one", "from", "into", "than", "then", "when", "which",
    "who", "what", "does", "did", "was", "were", "been", "would", "could", "should", "yet", "way", "other", "own",
    "is", "it", "be", "an", "or", "of", "to", "in", "on", "at", "by", "as", "no", "so", "if", "but", "possible",
    "legal", "action", "illegal", "move", "game", "player", "players", "seat",
];

/// The distinctive words of `text`: lower case, letters only, a plural's `s` dropped.
fn words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = text
        .split(|c: char| !c.is_alphabetic())
        .map(str::to_lowercase)
        .filter(|w| w.len() >= 3 && !STOP_WORDS.contains(&w.as_str()))
        .map(|w| match w.strip_suffix('s') {
            Some(stem) if stem.len() >= 3 && !stem.ends_with('s') => stem.to_string(),
            _ => w,
        })
        .collect();
    words.sort();
    words.dedup();
    words
}

/// The rule of game `id` that `reason` (a refusal's sentence) comes from, if its rules document has a sentence
/// sharing a distinctive word with it. The document's opening section (sources, code paths) is not cited.
pub fn cite(id: &str, reason: &str) -> Option<Citation> {
    let sections = sections(doc(id)?);
    let sentences: Vec<(&Section, &String, Vec<String>)> = sections
        .iter()
        .filter(|s| s.level > 1)
        .flat_map(|s| s.sentences.iter().map(move |text| (s, text, words(text))))
        .collect();
    let total = sentences.len() as f64;
    let rarity = |word: &String| {
        let with = sentences.iter().filter(|(_, _, w)| w.binary_search(word).is_ok()).count() as f64;
        if with == 0.0 {
            0.0
        } else {
            (total / with).ln() + 0.1
        }
    };
    let asked = words(reason);
    let weights: Vec<f64> = asked.iter().map(rarity).collect();
    let mut best: Option<(f64, usize)> = None;
    for (index, (_, _, have)) in sentences.iter().enumerate() {
        let score: f64 =
            asked.iter().zip(&weights).filter(|(word, _)| have.binary_search(word).is_ok()).map(|(_, w)| w).sum();
        // Shorter sentences win ties: they say the rule with less around it.
        let score = score - have.len() as f64 * 1e-3;
        if score > 0.05 && best.is_none_or(|(top, _)| score > top) {
            best = Some((score, index));
        }
    }
    let (_, index) = best?;
    let (section, sentence, _) = &sentences[index];
    Some(Citation {
        section: section.heading.clone(),
        link: format!("/rules/{id}#{}", section.anchor),
        sentence: (*sentence).clone(),
    })
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Game `id`'s rules as a web page: each heading carries its anchor, so a citation's link opens at its section.
/// The text under a heading is shown as written (Markdown is readable as it is).
pub fn page(id: &str) -> Option<String> {
    let doc = doc(id)?;
    let mut html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><title>Rules: {id}</title>\
         <link rel=\"stylesheet\" href=\"/static/style.css\"></head><body><header><a href=\"/\" class=\"brand\">\
         ☠ Plunder</a><span>rules</span></header><main class=\"rules\">"
    );
    let anchors = sections(doc);
    let mut next = anchors.iter();
    let mut body = String::new();
    let close = |body: &mut String, html: &mut String| {
        if !body.trim().is_empty() {
            html.push_str(&format!("<pre>{}</pre>", escape(body.trim_matches('\n'))));
        }
        body.clear();
    };
    for line in doc.lines() {
        match heading_of(line.trim()) {
            Some((level, heading)) => {
                close(&mut body, &mut html);
                let anchor = next.next().map(|s| s.anchor.clone()).unwrap_or_default();
                let level = level.min(6);
                html.push_str(&format!("<h{level} id=\"{anchor}\">{}</h{level}>", escape(&plain(heading))));
            }
            None => {
                body.push_str(line);
                body.push('\n');
            }
        }
    }
    close(&mut body, &mut html);
    html.push_str("</main></body></html>");
    Some(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_follow_github() {
        assert_eq!(slug("Rulings"), "rulings");
        assert_eq!(slug("OpenSpiel equivalence"), "openspiel-equivalence");
        assert_eq!(slug("Liar's dice (`liars-dice`): rules"), "liars-dice-liars-dice-rules");
    }

    #[test]
    fn sentences_split_at_full_stops_and_table_rows_and_list_items_stand_alone() {
        let doc = "# T\n\n## A b\n\nOne rule here. Another rule\ngoes on.\n\n| x | y |\n|---|---|\n| `a` | b c |\n\n- item **one**\n- two\n## A b\n";
        let sections = sections(doc);
        assert_eq!(sections.len(), 3);
        assert_eq!(sections[1].anchor, "a-b");
        assert_eq!(sections[2].anchor, "a-b-1");
        assert_eq!(
            sections[1].sentences,
            ["One rule here.", "Another rule goes on.", "x: y", "a: b c", "item one", "two"]
        );
    }

    #[test]
    fn a_reason_is_answered_with_the_sentence_sharing_its_rarest_words() {
        let citation = cite("liars-dice", "there is no bid to call yet").expect("a rule is cited");
        assert_eq!(citation.section, "Rulings");
        assert_eq!(citation.link, "/rules/liars-dice#rulings");
        assert!(citation.sentence.contains("a call needs a bid to call"), "{citation:?}");
        let citation = cite("liars-dice", "exact calls are off in this game").expect("a rule is cited");
        assert!(citation.sentence.contains("exact"), "{citation:?}");
        assert_eq!(cite("liars-dice", "zzz qqq"), None, "nothing shared, nothing cited");
        assert_eq!(cite("no-such-game", "a bid"), None);
    }

    #[test]
    fn every_registered_game_has_a_rules_document_whose_page_has_its_anchors() {
        for info in plunder_games::games() {
            let page = page(info.id).unwrap_or_else(|| panic!("docs/rules/{}.md is embedded", info.id));
            for section in sections(doc(info.id).unwrap()) {
                assert!(page.contains(&format!("id=\"{}\"", section.anchor)), "{}: {}", info.id, section.anchor);
            }
        }
    }
}
