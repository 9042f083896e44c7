//! `plunder rules GAME`: a game's rules summary, its options and its designed content as text; and the same
//! designed content as Markdown for the players' book (`docs/book/src/games/generated/GAME-content.md`, which
//! the book's chapters include and a test keeps equal to this output), so card lists never go stale.

use plunder_core::{Narrate, Roster};

/// The game under its default options: what the book describes (and `plunder rules` given no options).
fn default_game<G: Roster + Narrate>() -> G {
    G::new(G::Options::default()).expect("a game's default options are valid")
}

/// `plunder rules GAME`: the rules summary, the options with defaults and meanings, and the designed content of
/// the game under the options given (a designer previews their own cards this way).
struct RulesText<'a> {
    options: &'a serde_json::Value,
}

impl plunder_games::GameVisitor for RulesText<'_> {
    type Output = Result<String, String>;
    fn visit<G: Roster + Narrate>(self) -> Result<String, String> {
        // No options given: the summary is of the table `plunder play` and the lobby deal, where it is not the
        // defaults (a trial read "one call ends the game" of liar's dice, then played to the last die).
        let chosen = !(self.options.is_null() || self.options.as_object().is_some_and(|o| o.is_empty()));
        let people = plunder_games::game_info(G::ID).and_then(|info| info.table_for_people).filter(|_| !chosen);
        let (players, options) = match &people {
            Some((players, options)) => (Some(*players), options),
            None => (None, self.options),
        };
        let options = plunder_core::options_from_json::<G>(players, options).map_err(|e| e.to_string())?;
        let game = G::new(options).map_err(|e| e.to_string())?;
        let mut out = format!("{}\n\n{}\n", G::NAME, game.rules_summary());
        if let Some((players, options)) = &people {
            // As the options below are written ("dice = 5").
            let options: Vec<String> =
                options.as_object().into_iter().flatten().map(|(name, value)| format!("{name} = {value}")).collect();
            let options = options.join(", ");
            out += &format!(
                "\nThe table `plunder play` and the lobby deal: {players} players, {options}. The options' defaults \
                 below are the engine's (for research); --options changes either.\n"
            );
        }
        out += "\nOptions (defaults; set any with --options):\n";
        let defaults = serde_json::to_value(G::Options::default()).unwrap_or_default();
        let meanings = game.option_meanings();
        if let Some(fields) = defaults.as_object() {
            for (name, value) in fields {
                let meaning = meanings.iter().find(|(n, _)| n == name).map_or("", |(_, m)| m);
                out += &format!("  {name} = {value}{}{meaning}\n", if meaning.is_empty() { "" } else { "  - " });
            }
        }
        let content = game.designed_content();
        if !content.is_empty() {
            out += &format!("\n{content}");
        }
        out += &format!("\nEvery ruling, with its reason: docs/rules/{}.md\n", G::ID);
        Ok(out)
    }
}

/// The designed content `plunder rules` prints (cards, tiles, captains, boards), as the game writes it.
struct DesignedContent;

impl plunder_games::GameVisitor for DesignedContent {
    type Output = String;
    fn visit<G: Roster + Narrate>(self) -> String {
        default_game::<G>().designed_content()
    }
}

/// `plunder rules GAME`'s text, under `options` (a JSON object; null for the defaults).
pub fn rules_text(id: &str, options: &serde_json::Value) -> Result<String, String> {
    plunder_games::with_game(id, RulesText { options }).map_err(|e| e.to_string())?
}

/// Game `id`'s designed content as Markdown for the players' book, or `None` when the game has none. Built from
/// the text `plunder rules` prints, which the games write as titled lists: a title line at the margin ("Action
/// cards (48, one of each):", or "Board: The Serpent's Pass, spaces 1 to 36") and its entries indented below
/// ("  Name: what it does"). A title becomes a heading (what follows its colon, a paragraph) and an entry a
/// list item with its name in bold.
pub fn content_markdown(id: &str) -> Result<Option<String>, String> {
    let content = plunder_games::with_game(id, DesignedContent).map_err(|e| e.to_string())?;
    if content.trim().is_empty() {
        return Ok(None);
    }
    let mut out = String::new();
    let mut in_list = false;
    for line in content.lines().filter(|l| !l.trim().is_empty()) {
        if let Some(entry) = line.strip_prefix(' ') {
            if !in_list {
                out.push('\n');
                in_list = true;
            }
            let entry = entry.trim();
            out += &match split_label(entry) {
                Some((name, text)) => format!("- **{}**: {}\n", escape(name), escape(text)),
                None => format!("- {}\n", escape(entry)),
            };
        } else {
            in_list = false;
            let title = line.trim().trim_end_matches(':');
            match split_label(title) {
                Some((title, rest)) => out += &format!("\n### {}\n\n{}\n", escape(title), escape(rest)),
                None => out += &format!("\n### {}\n", escape(title)),
            }
        }
    }
    Ok(Some(out.trim_start().to_string()))
}

/// `text` split at its first colon outside brackets: "Dock (between spaces 5-6): a line" names "Dock (between
/// spaces 5-6)", and "Captains (option captains: the id in brackets)" is all name.
fn split_label(text: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    for (at, c) in text.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ':' if depth == 0 && text[at + 1..].starts_with(' ') => return Some((&text[..at], &text[at + 2..])),
            _ => {}
        }
    }
    None
}

/// `text` with the characters Markdown would read as markup escaped (a starter card's `*`, an id in brackets).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#' | '|' | '~') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_ends_at_the_first_colon_outside_brackets() {
        assert_eq!(
            split_label("Dock (between 5-6: here): a line: more"),
            Some(("Dock (between 5-6: here)", "a line: more"))
        );
        assert_eq!(split_label("Captains (option captains: the ids)"), None);
    }

    #[test]
    fn markup_in_content_is_escaped() {
        assert_eq!(escape("Spyglass* [spy]: <b>"), "Spyglass\\* \\[spy\\]: \\<b\\>");
    }

    #[test]
    fn a_game_without_designed_content_has_no_book_content() {
        assert_eq!(content_markdown("liars-dice"), Ok(None));
        assert!(content_markdown("no-such-game").is_err());
    }
}
