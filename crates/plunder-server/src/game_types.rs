//! The TypeScript types of every game's view and actions, generated from the games' Rust types (their `ts`
//! feature), as [`crate::messages::typescript`] generates the socket's: the browser's renderers
//! (`static/games/GAME.js`) read a table's `view` and its legal actions' `action` through them, so renaming a
//! view field breaks the type check of the renderer that reads it, not the board.

use std::any::TypeId;
use std::collections::HashSet;

use plunder_core::Game;
use plunder_games::liars_dice::LiarsDice;
use plunder_games::loot_pirates::LootPirates;
use plunder_games::lying_pirates::LyingPirates;
use plunder_games::pirate_haven::PirateHaven;
use plunder_games::pirates_flag::PiratesFlag;
use plunder_games::scallywager::Scallywager;
use ts_rs::{TypeVisitor, TS};

/// One game's declarations: its id, the TypeScript namespace they go in, and every type its view and action
/// reach (`View` and `Action` among them), each declared once.
#[derive(Clone, Debug, PartialEq)]
pub struct GameTypes {
    pub id: &'static str,
    /// The game's id in PascalCase (`liars-dice`: `LiarsDice`).
    pub namespace: String,
    /// `(name, declaration)`: `View`, `Action`, then the rest by name.
    pub declarations: Vec<(String, String)>,
}

impl GameTypes {
    fn of<G>() -> GameTypes
    where
        G: Game,
        G::View: TS + 'static,
        G::Action: TS + 'static,
    {
        let mut collect = Collect { seen: HashSet::new(), declarations: Vec::new() };
        collect.visit::<G::View>();
        collect.visit::<G::Action>();
        let mut declarations = collect.declarations;
        // The view, the action, then the rest by name.
        declarations.sort_by_key(|(name, _)| (name != "View", name != "Action", name.clone()));
        assert!(
            declarations.len() >= 2 && declarations[0].0 == "View" && declarations[1].0 == "Action",
            "{}: its view and action are named View and Action in TypeScript",
            G::ID
        );
        GameTypes { id: G::ID, namespace: pascal_case(G::ID), declarations }
    }
}

/// Every game's types; a test (`every_game_has_its_types`) keeps this list equal to the registry's.
pub fn games() -> Vec<GameTypes> {
    vec![
        GameTypes::of::<LootPirates>(),
        GameTypes::of::<LiarsDice>(),
        GameTypes::of::<Scallywager>(),
        GameTypes::of::<LyingPirates>(),
        GameTypes::of::<PiratesFlag>(),
        GameTypes::of::<PirateHaven>(),
    ]
}

/// Collects the declarable types a type reaches, depth first, each once.
struct Collect {
    seen: HashSet<TypeId>,
    declarations: Vec<(String, String)>,
}

impl TypeVisitor for Collect {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Primitives, arrays and options have no declaration of their own (only what they hold).
        if T::output_path().is_none() || !self.seen.insert(TypeId::of::<T>()) {
            T::visit_dependencies(self);
            return;
        }
        let name = T::ident();
        let declaration = T::decl();
        match self.declarations.iter().find(|(known, _)| *known == name) {
            // A generic type reached at two instances declares itself once, generically.
            Some((_, known)) => assert!(
                *known == declaration,
                "two types of one game are both named {name} in TypeScript: give one a #[ts(rename)]\n{known}\n{declaration}"
            ),
            None => self.declarations.push((name, declaration)),
        }
        T::visit_dependencies(self);
    }
}

fn pascal_case(id: &str) -> String {
    id.split(['-', '_'])
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or(String::new(), |first| first.to_ascii_uppercase().to_string() + chars.as_str())
        })
        .collect()
}

/// Every game's view and action types as TypeScript declarations: one namespace a game (`LiarsDice.View`,
/// `LiarsDice.Phase`), with `LiarsDiceView` and `LiarsDiceAction` for short. `static/games/views.d.ts` is this
/// (a test keeps it so).
pub fn typescript() -> String {
    let mut out = String::from(
        "// Every game's view and action types, generated from the games' Rust types (plunder-games, feature `ts`)\n\
         // by crates/plunder-server/src/game_types.rs. Do not edit:\n\
         // `UPDATE_TYPES=1 cargo test -p plunder-server --test message_types` rewrites this file.\n",
    );
    for game in games() {
        let ns = &game.namespace;
        out.push_str(&format!("\n/** The types of `{}`: its `view` and its legal actions' `action`. */\n", game.id));
        out.push_str(&format!("export namespace {ns} {{\n"));
        for (_, declaration) in &game.declarations {
            for line in format!("export {declaration}").lines() {
                out.push_str(if line.is_empty() { "" } else { "  " });
                out.push_str(line);
                out.push('\n');
            }
        }
        out.push_str("}\n");
        out.push_str(&format!("export type {ns}View = {ns}.View;\nexport type {ns}Action = {ns}.Action;\n"));
    }
    out
}

/// Every game's words for the numbered things its view holds (`Narrate::client_words`), as the JavaScript module
/// the boards import: `static/games/constants.js` is this (a test keeps it so).
pub fn constants_js() -> String {
    let games = plunder_games::games();
    let words: serde_json::Map<String, serde_json::Value> =
        games.iter().map(|game| (game.id.to_string(), game.client_words.clone())).collect();
    let present: serde_json::Map<String, serde_json::Value> =
        games.iter().map(|game| (game.id.to_string(), game.presentation.clone())).collect();
    let json = serde_json::to_string_pretty(&words).expect("JSON values serialize");
    let present = serde_json::to_string_pretty(&present).expect("JSON values serialize");
    format!(
        "// Every game's words for the numbered things its view holds (a special die's kind, a face, an item's\n\
         // letter), generated from the games' Rust (`Narrate::client_words`) by crates/plunder-server/src/game_types.rs.\n\
         // Do not edit: `UPDATE_TYPES=1 cargo test -p plunder-server --test message_types` rewrites this file.\n\
         export const WORDS = {json};\n\n\
         // How the generic drawing draws each game's view fields, by path (`Narrate::presentation`).\n\
         export const PRESENT = {present};\n"
    )
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn every_game_has_its_types() {
        let mut typed: Vec<&str> = games().iter().map(|g| g.id).collect();
        let mut registered: Vec<&str> = plunder_games::games().iter().map(|g| g.id).collect();
        typed.sort_unstable();
        registered.sort_unstable();
        assert_eq!(typed, registered, "add the game to game_types::games()");
    }

    /// The keys of the object type a declaration declares (`type X = { a: T, b?: U, }`), comments left out.
    fn declared_keys(declaration: &str) -> BTreeSet<String> {
        let mut text = declaration.split_once('=').unwrap().1.to_string();
        while let Some(start) = text.find("/**") {
            let end = start + text[start..].find("*/").unwrap() + 2;
            text.replace_range(start..end, "");
        }
        let (mut depth, mut keys, mut word) = (0, BTreeSet::new(), String::new());
        for c in text.chars() {
            match c {
                '{' | '[' | '(' | '<' => depth += 1,
                '}' | ']' | ')' | '>' => depth -= 1,
                ':' if depth == 1 => {
                    keys.insert(word.trim().trim_end_matches('?').trim_matches('"').to_string());
                }
                ',' if depth == 1 => word.clear(),
                _ => {}
            }
            if c == '{' && depth == 1 || c == ',' {
                word.clear();
            } else if depth == 1 && c != ':' {
                word.push(c);
            }
        }
        keys
    }

    /// The JSON of the types whose `Serialize` is written by hand has exactly the keys their TypeScript types
    /// declare (tests/view_types.rs checks every view and action whole, with tsc).
    #[test]
    fn hand_written_json_has_the_keys_its_type_declares() {
        use plunder_core::{ChanceMode, Status, Viewer};
        use serde_json::Value;
        // The game, where the value is in its spectator's view, and its type's name.
        let cases = [
            ("pirate-haven", "", "View"),
            ("loot-pirates", "/last_round", "Report"),
            ("scallywager", "/last_showdown", "Showdown"),
        ];
        for (id, pointer, name) in cases {
            let game = games().into_iter().find(|g| g.id == id).unwrap();
            let declaration = &game.declarations.iter().find(|(n, _)| n == name).unwrap().1;
            let declared = declared_keys(declaration);
            let mut session = plunder_games::new_session(id, None, &Value::Null, 7, ChanceMode::Sampled).unwrap();
            let mut found = None;
            for step in 0..5000 {
                let view = session.view(Viewer::Spectator).unwrap();
                if let Some(Value::Object(fields)) = view.pointer(pointer) {
                    found = Some(fields.keys().filter(|k| *k != "dice").cloned().collect::<BTreeSet<_>>());
                    break;
                }
                match session.status() {
                    Status::Over => break,
                    Status::Chance => drop(session.sample_chance().unwrap()),
                    Status::Decide(seats) => {
                        let seat = seats.lowest().unwrap();
                        let legal = session.legal_actions(seat).unwrap();
                        let plunder_core::LabeledJson::Action { action } = &legal[step % legal.len()].json else {
                            unreachable!()
                        };
                        session.play(seat, &action.clone()).unwrap();
                    }
                }
            }
            let found = found.unwrap_or_else(|| panic!("{id}: no {name} in a game"));
            assert_eq!(found, declared, "{id}: the JSON of {name} and its TypeScript type");
        }
        // A seat set is a list of seats; an island cell, its name.
        let set: plunder_core::SeatSet = [plunder_core::Seat(1), plunder_core::Seat(3)].into_iter().collect();
        assert_eq!(serde_json::to_string(&set).unwrap(), "[1,3]");
        assert_eq!(<plunder_core::SeatSet as TS>::inline(), "Array<number>");
        let cell = plunder_games::pirate_haven::Cell(5);
        assert_eq!(serde_json::to_string(&cell).unwrap(), "\"b2\"");
        assert_eq!(<plunder_games::pirate_haven::Cell as TS>::inline(), "string");
    }

    #[test]
    fn namespaces_are_pascal_case_ids() {
        assert_eq!(pascal_case("liars-dice"), "LiarsDice");
        assert_eq!(pascal_case("pirate_haven"), "PirateHaven");
    }
}
