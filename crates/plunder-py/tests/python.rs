//! The Python package's pytest suite (python/tests), run through python/test.sh: it builds the wheel into a
//! virtual environment under target/ and runs pytest. Skipped, saying so, only where there is no python3.

use std::path::Path;
use std::process::Command;

#[test]
fn the_python_package_passes_its_pytest_suite() {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    if Command::new(&python).arg("--version").output().is_err() {
        eprintln!("SKIPPED: no {python} on this machine, so the Python package is not tested");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../python/test.sh");
    let status = Command::new("bash").arg(&script).status().expect("bash runs python/test.sh");
    assert!(status.success(), "python/test.sh failed: {status}");
}
