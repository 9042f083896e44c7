//! Embeds every rules document in `docs/rules/` (one per game, named by the game's id), so a rejected move can
//! cite its rule and `/rules/{game}` can show it, with no list of games here.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules");
    println!("cargo:rerun-if-changed={}", docs.display());
    let mut entries: Vec<_> = std::fs::read_dir(&docs)
        .expect("docs/rules exists")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    entries.sort();
    let mut code = String::from(
        "/// Each game's rules document: (game id, markdown).\npub const RULE_DOCS: &[(&str, &str)] = &[\n",
    );
    for path in entries {
        println!("cargo:rerun-if-changed={}", path.display());
        let id = path.file_stem().and_then(|s| s.to_str()).expect("a UTF-8 file name");
        let path = path.canonicalize().expect("the file exists");
        let _ = writeln!(code, "    ({id:?}, include_str!({:?})),", path.display().to_string());
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("rule_docs.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
