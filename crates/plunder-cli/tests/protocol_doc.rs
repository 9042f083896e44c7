//! docs/protocol.md's worked transcript, replayed against the engine: the doc cannot drift from the code.

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn the_documented_transcript_is_what_the_engine_says() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md")).unwrap();
    let requests: Vec<&str> = doc.lines().filter_map(|l| l.strip_prefix("> ")).collect();
    let expected: Vec<serde_json::Value> =
        doc.lines().filter_map(|l| l.strip_prefix("< ")).map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(requests.len() > 10, "the transcript is there");
    let mut child = Command::new(env!("CARGO_BIN_EXE_plunder"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all((requests.join("\n") + "\n").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let replies: Vec<serde_json::Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let version = env!("CARGO_PKG_VERSION");
    for (i, (got, want)) in replies.iter().zip(&expected).enumerate() {
        let mut want = want.clone();
        if i == 0 {
            want["version"] = version.into();
        }
        assert_eq!(got, &want, "reply {i} differs from docs/protocol.md");
    }
    assert_eq!(replies.len(), expected.len());
}
