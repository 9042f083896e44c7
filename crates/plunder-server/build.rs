//! Embeds what the server hands out as files, each found by listing its folder (no list of games here):
//! - every rules document in `docs/rules/` (one per game, named by the game's id), so a rejected move can cite
//!   its rule and `/rules/{game}/rulings` can show it;
//! - the players' book's games section, `docs/book/src/games/` (a chapter per game and the card lists its
//!   chapters include from `generated/`), which `/rules/{game}` shows, and the pictures of `docs/img/` they show;
//! - the browser client, every file under `static/` (the per-game renderers in `static/games/` included);
//! - the games' designed content, `crates/plunder-games/data/GAME/*.json` (public: the cards, tiles and boards
//!   every player may read), which the renderers draw card faces and boards from.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn main() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut code = String::new();
    let rules = files(&here.join("../../docs/rules"), false)
        .into_iter()
        .filter(|(name, _)| name.ends_with(".md"))
        .map(|(name, path)| (name.trim_end_matches(".md").to_string(), path));
    table(&mut code, "Each game's rules document: (game id, markdown).", "RULE_DOCS", rules);
    let book: Vec<_> = files(&here.join("../../docs/book/src/games"), true)
        .into_iter()
        .filter(|(name, _)| name.ends_with(".md"))
        .collect();
    let pictures = pictures_named(&book, &here.join("../../docs/img"));
    table(&mut code, "The book's games section: (path under `games/`, markdown).", "BOOK_GAMES", book);
    let _ = writeln!(code, "/// The pictures of `docs/img/` the games section shows: (file name, bytes).");
    code.push_str("pub const BOOK_IMAGES: &[(&str, &[u8])] = &[\n");
    for (name, path) in pictures {
        println!("cargo:rerun-if-changed={}", path.display());
        let path = path.canonicalize().unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let _ = writeln!(code, "    ({name:?}, include_bytes!({:?})),", path.display().to_string());
    }
    code.push_str("];\n");
    let client = files(&here.join("static"), true);
    table(&mut code, "The browser client's files: (path under `/static/`, text).", "STATIC_FILES", client);
    let data = files(&here.join("../plunder-games/data"), true).into_iter().filter(|(name, _)| name.ends_with(".json"));
    table(&mut code, "The games' designed content: (`GAME/FILE.json`, text).", "GAME_DATA", data);
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}

/// The pictures of `img` (`docs/img/`) that the chapters show (`![...](../../../img/NAME)`), each once, sorted.
fn pictures_named(chapters: &[(String, PathBuf)], img: &Path) -> Vec<(String, PathBuf)> {
    let mut names: Vec<String> = Vec::new();
    for (_, path) in chapters {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for piece in text.split("](").skip(1) {
            let target = piece.split(')').next().unwrap_or_default();
            if let Some(name) = target.strip_prefix("../../../img/") {
                names.push(name.to_string());
            }
        }
    }
    names.sort();
    names.dedup();
    names.into_iter().map(|name| (name.clone(), img.join(name))).collect()
}

/// The files in `dir` (and, when `deep`, its subfolders) as (path relative to `dir` with `/`, path), sorted.
fn files(dir: &Path, deep: bool) -> Vec<(String, PathBuf)> {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if deep {
                found.extend(files(&path, true).into_iter().map(|(inner, p)| (format!("{name}/{inner}"), p)));
            }
        } else {
            found.push((name, path));
        }
    }
    found.sort();
    found
}

fn table(code: &mut String, doc: &str, name: &str, entries: impl IntoIterator<Item = (String, PathBuf)>) {
    let _ = writeln!(code, "/// {doc}\npub const {name}: &[(&str, &str)] = &[");
    for (key, path) in entries {
        println!("cargo:rerun-if-changed={}", path.display());
        let path = path.canonicalize().expect("the file exists");
        let _ = writeln!(code, "    ({key:?}, include_str!({:?})),", path.display().to_string());
    }
    code.push_str("];\n");
}
