//! The Python package's pytest suite (python/tests), run through python/test.sh: it builds the wheel into a
//! virtual environment under target/ and runs pytest. Skipped, saying so, where there is no python3 or the
//! packages it needs cannot be installed (offline); CI sets `PLUNDER_REQUIRE_PYTHON=1`, which makes that a failure.

use std::path::Path;
use std::process::Command;

/// python/test.sh's exit code when it could not install what the tests need (automake's "skipped").
const SKIPPED: i32 = 77;

#[test]
fn the_python_package_passes_its_pytest_suite() {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    if Command::new(&python).arg("--version").output().is_err() {
        eprintln!("SKIPPED: no {python} on this machine, so the Python package is not tested");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../python/test.sh");
    let status = Command::new("bash").arg(&script).status().expect("bash runs python/test.sh");
    if status.code() == Some(SKIPPED) {
        eprintln!("SKIPPED: the Python packages the tests need could not be installed (python/test.sh said why)");
        return;
    }
    assert!(status.success(), "python/test.sh failed: {status}");
}
