//! A designer's bad content file, refused: shared by the games' tests of content errors.

use plunder_core::ChanceMode;

/// Why game `id` refuses `options` given as JSON, the way a designer passes a content file.
pub fn refusal(id: &str, options: serde_json::Value) -> String {
    match plunder_games::new_session(id, None, &options, 0, ChanceMode::Sampled) {
        Ok(_) => panic!("{id} took {options}"),
        Err(e) => e.to_string(),
    }
}

/// `reason` speaks the data file's words: no Rust structs or options, no CamelCase type names.
pub fn assert_plain(reason: &str) {
    assert!(!reason.contains('{') && !reason.contains("Some("), "{reason}");
    let camel = reason.split(|c: char| !c.is_alphanumeric()).find(|w| {
        let c: Vec<char> = w.chars().collect();
        c.windows(2).any(|p| p[0].is_lowercase() && p[1].is_uppercase())
    });
    assert_eq!(camel, None, "{reason}");
}
