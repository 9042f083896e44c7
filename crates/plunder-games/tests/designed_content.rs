//! The designed content of every game, implemented or drafted ahead of its implementation: every data file is
//! valid JSON, every entry says whether it comes from the rulebook or was designed, and the counts the rulebooks
//! and the box give hold.
// This test reads and writes its golden files (the rules themselves do no I/O: clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::path::{Path, PathBuf};

use serde_json::Value;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

fn read(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not valid JSON: {e}", path.display()))
}

fn read_game(game: &str, file: &str) -> Value {
    read(&data_dir().join(game).join(file))
}

/// Every object with an `id` inside an array: the entries of a data file.
fn entries<'a>(value: &'a Value, out: &mut Vec<&'a Value>) {
    match value {
        Value::Array(items) => {
            for item in items {
                if item.get("id").is_some() {
                    out.push(item);
                }
                entries(item, out);
            }
        }
        Value::Object(map) => map.values().for_each(|v| entries(v, out)),
        _ => {}
    }
}

#[test]
fn every_entry_of_every_data_file_says_where_it_comes_from() {
    let mut files = 0;
    for game in std::fs::read_dir(data_dir()).unwrap() {
        for file in std::fs::read_dir(game.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_some_and(|e| e == "json") {
                files += 1;
                let json = read(&path);
                let mut found = Vec::new();
                entries(&json, &mut found);
                for entry in found.iter().filter(|e| e.get("copies").is_some() || e.get("text").is_some()) {
                    let source = entry.get("source").and_then(Value::as_str);
                    assert!(
                        matches!(source, Some("rulebook" | "designed")),
                        "{}: entry {} has source {source:?}",
                        path.display(),
                        entry["id"]
                    );
                }
            }
        }
    }
    assert!(files >= 11, "the data files were found ({files})");
}

fn copies(entries: &Value) -> u64 {
    entries.as_array().unwrap().iter().map(|e| e["copies"].as_u64().unwrap_or(1)).sum()
}

#[test]
fn lying_pirates_has_78_action_cards_and_21_tiles() {
    let cards = read_game("lying-pirates", "cards.json");
    assert_eq!(copies(&cards["entries"]), 78, "the deck has 78 action cards");
    let gold = cards["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["metal"] == "gold")
        .map(|e| e["copies"].as_u64().unwrap())
        .sum::<u64>();
    assert!(gold > 0 && gold < 78, "gold and silver cards");
    assert!(cards["entries"].as_array().unwrap().iter().any(|e| e["id"] == "debt"), "Debt is in the deck");
    let tiles = read_game("lying-pirates", "tiles.json");
    assert_eq!(tiles["entries"].as_array().unwrap().len(), 21, "Start/End and 20 event tiles");
    assert_eq!(read_game("lying-pirates", "variants.json")["entries"].as_array().unwrap().len(), 8);
    assert_eq!(read_game("lying-pirates", "captains.json")["entries"].as_array().unwrap().len(), 8);
}

#[test]
fn pirate_havens_round_tiles_are_four_stacks_of_22() {
    let tiles = read_game("pirate-haven", "tiles.json");
    let entries = tiles["entries"].as_array().unwrap();
    assert_eq!(copies(&tiles["entries"]), 88);
    for round in 0..4 {
        let in_stack: u64 = entries.iter().map(|e| e["per_stack"][round].as_u64().unwrap()).sum();
        assert_eq!(in_stack, 22, "stack {}", round + 1);
    }
    let of_type =
        |t: &str| entries.iter().filter(|e| e["type"] == t).map(|e| e["copies"].as_u64().unwrap()).sum::<u64>();
    assert_eq!(
        [of_type("die"), of_type("token"), of_type("house"), of_type("port"), of_type("infrastructure")],
        [24, 27, 12, 11, 14],
        "the box's counts"
    );
}

#[test]
fn every_pirate_haven_building_and_chest_says_what_it_does_in_a_few_words() {
    // The gist follows the tile's name in a travel or buy choice, so it is short enough for a menu line.
    let tiles = read_game("pirate-haven", "tiles.json");
    let all = tiles["entries"].as_array().unwrap().iter().chain(tiles["specials"].as_array().unwrap());
    let mut told = 0;
    for entry in all.filter(|e| ["house", "port", "infrastructure", "chest"].contains(&e["type"].as_str().unwrap())) {
        let gist = entry["gist"].as_str().unwrap_or_else(|| panic!("{} has no gist", entry["name"]));
        assert!(!gist.is_empty() && gist.len() <= 55, "{}: {gist:?}", entry["name"]);
        told += 1;
    }
    assert_eq!(told, 20, "17 buildings and 3 chests");
}
