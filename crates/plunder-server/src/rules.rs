//! The games' rules as web pages, and "why was this rejected".
//!
//! `/rules/GAME` shows how to play: the game's chapter of the players' book (`docs/book/src/games/GAME.md`, with
//! the card lists it includes from `generated/`), with a table of contents. `/rules/GAME/rulings` shows the
//! developers' rulings (`docs/rules/GAME.md`): what Plunder implements and why. Both are embedded at build time.
//!
//! A refused move's reason is answered with the rule it comes from, as the section of the rulings (a link with
//! its anchor on `/rules/GAME/rulings`) and the sentence itself. Each rulings document says which of its rules
//! each refusal comes from, in a table under [`REFUSALS_HEADING`]; the search is generic, so a new game's
//! refusals are cited as soon as its document has that table.

use serde::Serialize;

use crate::embedded::{BOOK_GAMES, BOOK_IMAGES, RULE_DOCS};

/// The rulings document of game `id`, if it has one.
pub fn doc(id: &str) -> Option<&'static str> {
    RULE_DOCS.iter().find(|(game, _)| *game == id).map(|(_, text)| *text)
}

/// A file of the book's games section, by its path there (`liars-dice.md`, `generated/scallywager-content.md`).
fn book_file(path: &str) -> Option<&'static str> {
    BOOK_GAMES.iter().find(|(name, _)| *name == path).map(|(_, text)| *text)
}

/// The players' chapter of game `id`, with its includes (`{{#include generated/FILE.md}}`, mdBook's syntax, the
/// path relative to the chapter) replaced by the files they name, as the book shows it. An include naming no
/// file is left as it is, where a test sees it.
pub fn chapter(id: &str) -> Option<String> {
    let text = book_file(&format!("{id}.md"))?;
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let included = line
            .trim()
            .strip_prefix("{{#include ")
            .and_then(|rest| rest.strip_suffix("}}"))
            .and_then(|path| book_file(path.trim()));
        // Every line of the chapter ends with its own newline, a blank one too (it ends a paragraph: a trial
        // found paragraphs run together); an included file ends with one newline of its own at least.
        match included {
            Some(file) => {
                out.push_str(file);
                if !file.ends_with('\n') {
                    out.push('\n');
                }
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    Some(out)
}

/// Where a rule is written: the section (its heading and a link to it) and the sentence itself.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
pub struct Citation {
    pub section: String,
    /// `/rules/GAME/rulings#anchor`: the section on the server's rulings page.
    pub link: String,
    /// The sentence, its own double quotes made single curly ones (‘ ’), so that a quote of it (“ ”, in the
    /// browser and the terminal) never holds quotes like its own.
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

/// The anchor of the next heading reading `heading`, given the anchors made so far: repeated headings get -1,
/// -2, ... as on GitHub. Shared by the citations' links and the page's ids, so they always agree.
fn next_anchor(heading: &str, used: &mut Vec<String>) -> String {
    let base = slug(heading);
    let count = used.iter().filter(|a| **a == base).count();
    used.push(base.clone());
    if count == 0 {
        base
    } else {
        format!("{base}-{count}")
    }
}

/// A table row's cells (trimmed, not yet made plain); `None` for a line that is not a row or is the line under
/// the header row.
fn table_cells(line: &str) -> Option<Vec<&str>> {
    (line.starts_with('|') && !line.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ')))
        .then(|| line.trim_matches('|').split('|').map(str::trim).collect())
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
            let anchor = next_anchor(heading, &mut used);
            sections.push(Section { level, heading: plain(heading), anchor, sentences: Vec::new() });
        } else if trimmed.starts_with('|') {
            flush(&mut block, &mut sections);
            // A table row is one sentence, quoted as its first cell and its last (a card's name and its text,
            // an option and its meaning); the line under the header row is not a sentence.
            if let Some(cells) = table_cells(trimmed) {
                let row = match cells.as_slice() {
                    [first, .., last] => format!("{first}: {last}"),
                    cells => cells.join(""),
                };
                if let Some(section) = sections.last_mut() {
                    section.sentences.push(plain(&row));
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

/// The heading of the section of a rules document that says which rule each refusal comes from: a table whose
/// rows are `| what the refusal says | words of the rule's sentence |`. Either cell may hold one `{}`, standing
/// for the same text in both (a card's name, say).
pub const REFUSALS_HEADING: &str = "Why a move is refused";

/// One row of a document's refusals table.
#[derive(Debug)]
struct Refusal {
    says: String,
    rule: String,
}

fn refusals(doc: &str) -> Vec<Refusal> {
    let mut inside = false;
    let mut rows = Vec::new();
    for line in doc.lines().map(str::trim) {
        if let Some((_, heading)) = heading_of(line) {
            inside = plain(heading) == REFUSALS_HEADING;
        } else if let Some([says, rule]) = table_cells(line).filter(|_| inside).as_deref() {
            rows.push(Refusal { says: plain(says), rule: plain(rule) });
        }
    }
    // The header row names the columns.
    if !rows.is_empty() {
        rows.remove(0);
    }
    rows
}

/// What `pattern`'s `{}` stands for in `text` (the empty string for a pattern without one), if `text` says it.
fn matches(pattern: &str, text: &str) -> Option<String> {
    match pattern.split_once("{}") {
        None => text.contains(pattern).then(String::new),
        Some((before, after)) => {
            let start = text.find(before)? + before.len();
            let rest = &text[start..];
            let end = if after.is_empty() { rest.len() } else { rest.find(after)? };
            (end > 0).then(|| rest[..end].to_string())
        }
    }
}

/// Where game `id`'s rulings page is served.
pub fn rulings_link(id: &str) -> String {
    format!("/rules/{id}/rulings")
}

/// The rule of game `id` that `reason` (a refusal's sentence) comes from, as its rulings document's refusals table
/// says: the first sentence outside that table holding the row's words, in its section. When several rows match,
/// the one that says the most wins (the most specific). A refusal the table does not name cites nothing: a
/// wrong rule would teach worse than none.
pub fn cite(id: &str, reason: &str) -> Option<Citation> {
    let doc = doc(id)?;
    let (filled, _) = refusals(doc)
        .into_iter()
        .filter_map(|row| matches(&row.says, reason).map(|text| (row.rule.replace("{}", &text), row.says.len())))
        .max_by_key(|(_, specificity)| *specificity)?;
    let sections = sections(doc);
    let (section, sentence) = sections
        .iter()
        .filter(|s| s.level > 1 && s.heading != REFUSALS_HEADING)
        .flat_map(|s| s.sentences.iter().map(move |sentence| (s, sentence)))
        .find(|(_, sentence)| sentence.contains(&filled))?;
    Some(Citation {
        section: section.heading.clone(),
        link: format!("{}#{}", rulings_link(id), section.anchor),
        sentence: single_quoted(sentence),
    })
}

/// `text` with its double quotes made single curly ones, opening and closing in turn: `a "b" c` reads
/// `a ‘b’ c`.
fn single_quoted(text: &str) -> String {
    let mut open = false;
    text.chars()
        .map(|c| match c {
            '"' | '“' | '”' => {
                open = !open;
                if open {
                    '‘'
                } else {
                    '’'
                }
            }
            c => c,
        })
        .collect()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A heading of a rendered page: its level, text and anchor.
struct Heading {
    level: u8,
    text: String,
    anchor: String,
}

/// `markdown` rendered (tables, lists, emphasis), each heading carrying its anchor as GitHub makes it, so a
/// link opens at its section; with the headings, for a table of contents.
fn render(markdown: &str) -> (Vec<Heading>, String) {
    use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};
    let events: Vec<Event> = Parser::new_ext(markdown, Options::ENABLE_TABLES).collect();
    let mut headings: Vec<Heading> = Vec::new();
    let mut used: Vec<String> = Vec::new();
    let mut heading: Option<(u8, String)> = None;
    for event in &events {
        match event {
            Event::Start(Tag::Heading { level, .. }) => heading = Some((*level as u8, String::new())),
            Event::Text(text) | Event::Code(text) => {
                if let Some((_, heading)) = &mut heading {
                    heading.push_str(text);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, text)) = heading.take() {
                    let anchor = next_anchor(&text, &mut used);
                    headings.push(Heading { level, text, anchor });
                }
            }
            _ => {}
        }
    }
    let mut anchors = headings.iter().map(|h| h.anchor.clone());
    // Whether each open link is kept (a link with no page on the server is shown as its text).
    let mut links_kept: Vec<bool> = Vec::new();
    let events = events.into_iter().filter_map(|event| match event {
        Event::Start(Tag::Heading { level, classes, attrs, .. }) => {
            Some(Event::Start(Tag::Heading { level, id: anchors.next().map(CowStr::from), classes, attrs }))
        }
        Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
            let dest = served_link(&dest_url);
            links_kept.push(dest.is_some());
            dest.map(|dest| Event::Start(Tag::Link { link_type, dest_url: dest.into(), title, id }))
        }
        Event::End(TagEnd::Link) => links_kept.pop().unwrap_or(false).then_some(Event::End(TagEnd::Link)),
        Event::Start(Tag::Image { link_type, dest_url, title, id }) => {
            let dest = served_link(&dest_url).unwrap_or_else(|| dest_url.to_string());
            Some(Event::Start(Tag::Image { link_type, dest_url: dest.into(), title, id }))
        }
        // Comments are notes for the documents' editors.
        Event::Html(html) | Event::InlineHtml(html) if html.trim_start().starts_with("<!--") => None,
        // The documents hold no markup of their own: any is shown as text.
        Event::Html(html) | Event::InlineHtml(html) => Some(Event::Text(html)),
        other => Some(other),
    });
    let mut body = String::new();
    pulldown_cmark::html::push_html(&mut body, events);
    (headings, body)
}

/// Where a link of the book or the rulings points on the server, or `None` when the page it names is not served
/// there (a crate's source, another chapter of the book): anchors and absolute links as they are, a game's chapter
/// (`GAME.md`, or from the rulings `../book/src/games/GAME.md`) as `/rules/GAME`, a picture of `docs/img/` as
/// `/img/NAME`.
fn served_link(dest: &str) -> Option<String> {
    if dest.starts_with('#') || dest.starts_with('/') || dest.contains("://") || dest.starts_with("mailto:") {
        return Some(dest.to_string());
    }
    let (path, anchor) = dest.split_once('#').map_or((dest, None), |(path, anchor)| (path, Some(anchor)));
    let name = path.rsplit('/').next().unwrap_or(path);
    if path.starts_with("../") && path.contains("/img/") && BOOK_IMAGES.iter().any(|(image, _)| *image == name) {
        return Some(format!("/img/{name}"));
    }
    // A chapter beside this one, or one named from the rulings (`../book/src/games/GAME.md`).
    let chapter = !path.contains('/') || path.ends_with(&format!("book/src/games/{name}"));
    let game = name.strip_suffix(".md").filter(|_| chapter)?;
    plunder_games::games().iter().any(|info| info.id == game).then(|| match anchor {
        Some(anchor) => format!("/rules/{game}#{anchor}"),
        None => format!("/rules/{game}"),
    })
}

/// A whole page: the site's header (naming the page's `kind`), `nav` (links to the game's other page) and `body`.
fn whole_page(kind: &str, title: &str, nav: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><title>{}</title>\
         <link rel=\"stylesheet\" href=\"/static/style.css\"></head><body><header><a href=\"/\" class=\"brand\">\
         ☠ Plunder</a><span>{kind}</span></header><main class=\"rules\"><nav class=\"rules-nav\">{nav}</nav>{body}\
         </main></body></html>",
        escape(title)
    )
}

/// The heading a table of contents opens with.
pub const CONTENTS_HEADING: &str = "Contents";

/// Game `id`'s "How to play" page: its chapter of the players' book, a table of contents of the chapter's
/// sections first, and a link to the rulings.
pub fn page(id: &str) -> Option<String> {
    let (headings, body) = render(&chapter(id)?);
    let title = headings.iter().find(|h| h.level == 1).map_or(id, |h| h.text.as_str());
    let mut contents = format!("<nav class=\"toc\"><h2>{CONTENTS_HEADING}</h2><ul>");
    for heading in headings.iter().filter(|h| (2..=3).contains(&h.level)) {
        contents += &format!(
            "<li class=\"toc-{}\"><a href=\"#{}\">{}</a></li>",
            heading.level,
            escape(&heading.anchor),
            escape(&heading.text)
        );
    }
    contents += "</ul></nav>";
    // The table of contents goes under the chapter's title.
    let body = match body.find("</h1>") {
        Some(at) => format!("{}{contents}{}", &body[..at + 5], &body[at + 5..]),
        None => format!("{contents}{body}"),
    };
    let nav = format!(
        "<a href=\"/\">Lobby</a> · <a href=\"{}\">Rulings: what Plunder decided where the rulebook is silent, and \
         why</a>",
        rulings_link(id)
    );
    Some(whole_page("how to play", &format!("How to play: {title}"), &nav, &body))
}

/// Game `id`'s rulings as a web page; each heading carries its anchor, so a citation's link opens at its section.
pub fn rulings_page(id: &str) -> Option<String> {
    let (_, body) = render(doc(id)?);
    let nav = format!("<a href=\"/\">Lobby</a> · <a href=\"/rules/{}\">How to play</a>", escape(id));
    let name = plunder_games::games().into_iter().find(|g| g.id == id).map_or(id, |g| g.name);
    Some(whole_page("rulings", &format!("Rulings: {name}"), &nav, &body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_go_to_the_sites_pages_or_become_text() {
        assert_eq!(served_link("#setup").as_deref(), Some("#setup"));
        assert_eq!(served_link("liars-dice.md#setup").as_deref(), Some("/rules/liars-dice#setup"));
        assert_eq!(served_link("../book/src/games/pirates-flag.md").as_deref(), Some("/rules/pirates-flag"));
        assert_eq!(served_link("../../../img/pirates-flag-phone.png").as_deref(), Some("/img/pirates-flag-phone.png"));
        for gone in ["generated/scallywager-content.md", "../../crates/plunder-games/src/lib.rs", "no-such-game.md"] {
            assert_eq!(served_link(gone), None, "{gone}");
        }
    }

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

    /// Issue 28: a cited sentence with quotes of its own ("at least q dice ...") read as quotes inside quotes
    /// where it was quoted; they are single curly ones.
    #[test]
    fn a_cited_sentence_holds_no_double_quotes() {
        let c = cite("lying-pirates", "a bet names a face from 2 to 6 (ones are wild)").expect("a cited rule");
        assert_eq!(
            c.sentence,
            "Bets. A bet is a quantity and a face 2-6: ‘at least q dice on the table show f’, ones counting as f (wild)."
        );
        assert_eq!(
            single_quoted(r#"cards marked "May be used", or "Final""#),
            "cards marked ‘May be used’, or ‘Final’"
        );
    }

    #[test]
    fn a_refusal_is_answered_with_the_rule_its_documents_table_names() {
        let cited = |game: &str, reason: &str| cite(game, reason).unwrap_or_else(|| panic!("{game}: {reason}"));
        let c = cited("liars-dice", "2 × 3 does not raise 2 × 5");
        assert_eq!((c.section.as_str(), c.link.as_str()), ("Rulings", "/rules/liars-dice/rulings#rulings"));
        assert!(c.sentence.starts_with("The bid order is one of two strict total orders"), "{c:?}");
        let c = cited("liars-dice", "there are only 10 dice");
        assert!(c.sentence.contains("never of more dice than the table holds"), "{c:?}");
        let c = cited("liars-dice", "a die's faces are 1 to 6");
        assert_eq!((c.section.as_str(), c.sentence.as_str()), ("Options", "faces: faces per die, 2 to 12"));
        let c = cited("liars-dice", "nobody may bid on 1s, the wild face");
        assert_eq!(
            c.sentence,
            "wild_biddable: whether bids may name the wild face itself (else it only counts toward other faces)"
        );
        assert!(cited("liars-dice", "there is no bid to call yet").sentence.contains("a call needs a bid to call"));
        // A card's refusal quotes the card: its name and its text.
        let c = cited("scallywager", "you cannot use Spyglass now, or not that way");
        assert_eq!((c.section.as_str(), c.link.as_str()), ("Treasure (34)", "/rules/scallywager/rulings#treasure-34"));
        assert!(c.sentence.starts_with("Spyglass: Before bidding: look at two of the dice"), "{c:?}");
        let c = cited("pirates-flag", "you cannot play Smooth Sailing now, or not that way");
        assert_eq!(c.sentence, "Smooth Sailing: +3 to your next roll.");
        assert_eq!(cite("liars-dice", "zzz qqq"), None, "a refusal the table does not name cites nothing");
        assert_eq!(cite("liars-dice", "Bid 2 × 9 is not a legal action now"), None);
        assert_eq!(cite("no-such-game", "does not raise"), None);
    }

    #[test]
    fn every_row_of_every_refusals_table_names_a_sentence_of_its_document() {
        for info in plunder_games::games() {
            let doc = doc(info.id).unwrap();
            let sections = sections(doc);
            let sentences: Vec<&String> = sections
                .iter()
                .filter(|s| s.level > 1 && s.heading != REFUSALS_HEADING)
                .flat_map(|s| &s.sentences)
                .collect();
            for row in refusals(doc) {
                // A row with `{}` is checked by the game's refusals themselves (below).
                if !row.rule.contains("{}") {
                    assert!(
                        sentences.iter().any(|s| s.contains(&row.rule)),
                        "{}: no sentence says {:?}",
                        info.id,
                        row.rule
                    );
                }
            }
        }
    }

    /// Refusals the games give that no rule of theirs states: an action the turn does not offer at all, or an
    /// index or seat that does not exist. They are answered with their reason and no citation.
    const UNCITED: &[&str] = &[
        "is not a legal action now",
        "is not possible now",
        "has no card #",
        "there is no pirate",
        "you have only",
        "you do not hold",
    ];

    #[test]
    fn every_refusal_met_in_random_play_is_cited_unless_no_rule_states_it() {
        use plunder_core::{ChanceMode, PlayError, Status};
        for info in plunder_games::games() {
            let mut seen: Vec<serde_json::Value> = Vec::new();
            let mut reasons: std::collections::BTreeSet<String> = Default::default();
            for seed in 0..6u64 {
                let mut session =
                    plunder_games::new_session(info.id, None, &serde_json::Value::Null, seed, ChanceMode::Sampled)
                        .unwrap();
                let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                for _ in 0..400 {
                    match session.status() {
                        Status::Over => break,
                        Status::Chance => {
                            session.sample_chance().unwrap();
                        }
                        Status::Decide(seats) => {
                            let seat = seats.iter().next().unwrap();
                            let legal: Vec<serde_json::Value> = session
                                .legal_actions(seat)
                                .unwrap()
                                .into_iter()
                                .filter_map(|l| match l.json {
                                    plunder_core::LabeledJson::Action { action } => Some(action),
                                    _ => None,
                                })
                                .collect();
                            // Actions legal at other times, tried now: the refusals a player can meet.
                            for action in seen.iter().rev().take(40).filter(|a| !legal.contains(a)) {
                                if let Err(PlayError::Illegal { reason }) = session.play(seat, action) {
                                    reasons.insert(reason);
                                }
                            }
                            for action in &legal {
                                if !seen.contains(action) {
                                    seen.push(action.clone());
                                }
                            }
                            rng ^= rng << 13;
                            rng ^= rng >> 7;
                            rng ^= rng << 17;
                            let pick = &legal[(rng % legal.len() as u64) as usize];
                            session.play(seat, pick).unwrap();
                        }
                    }
                }
            }
            let page = rulings_page(info.id).unwrap();
            for reason in &reasons {
                match cite(info.id, reason) {
                    Some(citation) => {
                        let anchor = citation.link.rsplit_once('#').map_or("", |(_, anchor)| anchor);
                        assert!(page.contains(&format!("id=\"{anchor}\"")), "{}: {}", info.id, citation.link);
                    }
                    None => assert!(
                        UNCITED.iter().any(|generic| reason.contains(generic)),
                        "{}: the refusal {reason:?} cites no rule",
                        info.id
                    ),
                }
            }
        }
    }

    #[test]
    fn the_rulings_page_renders_markdown_tables_and_emphasis_and_shows_raw_markup_as_text() {
        let page = rulings_page("liars-dice").unwrap();
        assert!(page.contains("<table>") && page.contains("<td><code>faces</code></td>"), "an options table");
        assert!(page.contains("<strong>The bid order</strong>"), "bold as bold");
        assert!(!page.contains("| option |") && !page.contains("**"), "no Markdown left showing");
        assert!(page.contains("<h2 id=\"why-a-move-is-refused\">Why a move is refused</h2>"));
        assert!(page.contains("href=\"/rules/liars-dice\">How to play</a>"), "it links back to the players' page");
        let (_, body) = render("a <b>bold</b> claim\n\n<script>x</script>\n\n<!-- a note for editors -->\n");
        assert!(body.contains("&lt;b&gt;bold&lt;/b&gt;") && body.contains("&lt;script&gt;"), "{body}");
        assert!(!body.contains("a note for editors"), "comments are left out: {body}");
    }

    #[test]
    fn every_registered_game_has_a_rulings_document_whose_page_has_its_anchors() {
        for info in plunder_games::games() {
            let page = rulings_page(info.id).unwrap_or_else(|| panic!("docs/rules/{}.md is embedded", info.id));
            for section in sections(doc(info.id).unwrap()) {
                assert!(page.contains(&format!("id=\"{}\"", section.anchor)), "{}: {}", info.id, section.anchor);
            }
        }
    }

    #[test]
    fn every_registered_game_has_a_chapter_with_its_includes_expanded_and_contents_naming_its_sections() {
        for info in plunder_games::games() {
            let chapter = chapter(info.id).unwrap_or_else(|| panic!("docs/book/src/games/{}.md is embedded", info.id));
            assert!(!chapter.contains("{{#"), "{}: every include names a file of the book", info.id);
            // Paragraphs stay apart: the chapter keeps the book's blank lines (a trial read "The map. ... Whose
            // turn. ..." as one paragraph).
            let source = book_file(&format!("{}.md", info.id)).unwrap();
            assert!(chapter.starts_with(source.split("{{#").next().unwrap()), "{}: the chapter is the book's", info.id);
            let page = page(info.id).unwrap();
            let (headings, _) = render(&chapter);
            let title = &headings.iter().find(|h| h.level == 1).expect("the chapter has a title").text;
            assert!(page.contains(&format!("<title>How to play: {}</title>", escape(title))), "{}", info.id);
            assert!(page.contains(&format!("<h2>{CONTENTS_HEADING}</h2>")), "{}", info.id);
            assert!(page.contains(&format!("href=\"{}\"", rulings_link(info.id))), "{}: links its rulings", info.id);
            let sections: Vec<&Heading> = headings.iter().filter(|h| h.level == 2).collect();
            assert!(sections.len() >= 3, "{}: a chapter has sections", info.id);
            for heading in sections {
                assert!(page.contains(&format!("id=\"{}\"", heading.anchor)), "{}: {}", info.id, heading.anchor);
                assert!(page.contains(&format!("href=\"#{}\"", heading.anchor)), "{}: {}", info.id, heading.anchor);
            }
        }
    }

    #[test]
    fn every_citation_links_to_an_anchor_of_its_rulings_page() {
        // Every row of every refusals table, filled with a word for its `{}`, is a refusal that cites a rule.
        for info in plunder_games::games() {
            let page = rulings_page(info.id).unwrap();
            let mut cited = 0;
            for row in refusals(doc(info.id).unwrap()) {
                let Some(citation) = cite(info.id, &row.says.replace("{}", "Spyglass")) else { continue };
                let (path, anchor) = citation.link.split_once('#').expect("a citation links to a section");
                assert_eq!(path, rulings_link(info.id));
                assert!(page.contains(&format!("id=\"{anchor}\"")), "{}: {}", info.id, citation.link);
                cited += 1;
            }
            assert!(cited > 0, "{}: its refusals cite rules", info.id);
        }
    }
}
