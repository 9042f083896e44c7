//! docs/protocol.md's worked transcript, replayed against the engine: the doc cannot drift from the code.
//! After an intended change of replies, run `UPDATE_DOCS=1 cargo test -p plunder --test protocol_doc` to
//! rewrite the transcript's replies, then read the diff.

use std::io::Write;
use std::process::{Command, Stdio};

const DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md");

fn engine_replies(requests: &[&str]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_plunder"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all((requests.join("\n") + "\n").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn the_documented_transcript_is_what_the_engine_says() {
    let doc = std::fs::read_to_string(DOC).unwrap();
    let requests: Vec<&str> = doc.lines().filter_map(|l| l.strip_prefix("> ")).collect();
    assert!(requests.len() > 10, "the transcript is there");
    let replies = engine_replies(&requests);
    if std::env::var("UPDATE_DOCS").is_ok() {
        let mut fresh = replies.iter();
        let rewritten: Vec<String> = doc
            .lines()
            .map(|l| match l.strip_prefix("< ") {
                Some(_) => format!("< {}", fresh.next().expect("one reply per documented reply")),
                None => l.to_string(),
            })
            .collect();
        std::fs::write(DOC, rewritten.join("\n") + "\n").unwrap();
        return;
    }
    let expected: Vec<serde_json::Value> =
        doc.lines().filter_map(|l| l.strip_prefix("< ")).map(|l| serde_json::from_str(l).unwrap()).collect();
    let version = env!("CARGO_PKG_VERSION");
    for (i, (got, want)) in replies.iter().zip(&expected).enumerate() {
        let got: serde_json::Value = serde_json::from_str(got).unwrap();
        let mut want = want.clone();
        if i == 0 {
            want["version"] = version.into();
        }
        assert_eq!(got, want, "reply {i} differs from docs/protocol.md (UPDATE_DOCS=1 rewrites it)");
    }
    assert_eq!(replies.len(), expected.len());
}
