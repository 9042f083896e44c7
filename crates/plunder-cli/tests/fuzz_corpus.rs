//! The fuzz targets' bodies run on their seed corpus (`fuzz/corpus/TARGET/`) in the normal test suite, so the
//! targets stay compiled and their properties stay true without a nightly toolchain. `cargo fuzz run TARGET`
//! explores from the same corpus (see docs/book/src/developing/testing.md).

use std::path::Path;

fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus").join(target);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            (path.display().to_string(), std::fs::read(&path).unwrap())
        })
        .collect();
    files.sort();
    assert!(files.len() >= 2, "{target} has a seed corpus");
    files
}

#[test]
fn the_engine_lines_target_holds_on_its_corpus() {
    for (name, data) in corpus("engine_lines") {
        eprintln!("{name}");
        plunder_cli::fuzz::engine_lines(&data);
    }
}

#[test]
fn the_load_record_target_holds_on_its_corpus_and_loads_the_seed_records() {
    let mut loaded = 0;
    for (name, data) in corpus("load_record") {
        eprintln!("{name}");
        plunder_cli::fuzz::load_record(&data);
        let text = String::from_utf8(data).unwrap();
        let record = plunder_core::Record::from_json(&text).unwrap();
        loaded += plunder_games::replay_record(&record).is_ok() as usize;
        // Every prefix of the record's events loads or is refused, never panics.
        let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let events = value["events"].as_array().unwrap().clone();
        for cut in (0..events.len()).step_by(7) {
            value["events"] = events[..cut].to_vec().into();
            value.as_object_mut().unwrap().remove("outcome");
            plunder_cli::fuzz::load_record(value.to_string().as_bytes());
        }
    }
    assert!(loaded >= plunder_games::games().len(), "a seed record of every game loads");
}
