//! The players' book lists each game's cards, tiles and captains from the game's own content: every chapter
//! `docs/book/src/games/GAME.md` includes `generated/GAME-content.md`, which must be exactly what `plunder rules`
//! content gives now (`plunder_cli::rules::content_markdown`), so a changed card shows up here as a diff to
//! commit. Refresh after an intended change with
//!
//! ```text
//! UPDATE_GOLDEN=1 cargo test -p plunder --test book_content
//! ```
//!
//! A game is checked by being registered: the test walks the registry.

use std::path::PathBuf;

fn games_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/book/src/games")
}

fn generated_path(id: &str) -> PathBuf {
    games_dir().join("generated").join(format!("{id}-content.md"))
}

#[test]
fn every_games_book_content_is_what_its_rules_content_says() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for info in plunder_games::games() {
        let path = generated_path(info.id);
        let Some(content) = plunder_cli::rules::content_markdown(info.id).unwrap() else {
            assert!(!path.exists(), "{}: the game has no designed content, yet {} exists", info.id, path.display());
            continue;
        };
        if update {
            std::fs::create_dir_all(path.parent().unwrap()).expect("the generated folder can be made");
            std::fs::write(&path, &content).expect("the generated file can be written");
            continue;
        }
        let committed = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: no {} ({e}); make it with UPDATE_GOLDEN=1", info.id, path.display()));
        if let Some((line, (want, got))) =
            committed.lines().zip(content.lines()).enumerate().find(|(_, (want, got))| want != got)
        {
            panic!(
                "{}: {} differs from the game's content at line {}:\n  committed: {want}\n  now:       {got}\n\
                 (if the change is intended: UPDATE_GOLDEN=1 cargo test -p plunder --test book_content)",
                info.id,
                path.display(),
                line + 1
            );
        }
        assert_eq!(committed, content, "{}: {} differs in length", info.id, path.display());
    }
}

#[test]
fn every_game_has_a_chapter_that_includes_its_content() {
    for info in plunder_games::games() {
        let chapter = games_dir().join(format!("{}.md", info.id));
        let text = std::fs::read_to_string(&chapter)
            .unwrap_or_else(|e| panic!("{}: no chapter {} ({e})", info.id, chapter.display()));
        let include = format!("{{{{#include generated/{}-content.md}}}}", info.id);
        assert_eq!(
            text.contains(&include),
            generated_path(info.id).exists(),
            "{}: the chapter includes its generated content exactly when the game has some ({include})",
            info.id
        );
    }
}
