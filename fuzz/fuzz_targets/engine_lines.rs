//! The engine's line handler: any bytes as request lines. The body is `plunder_cli::fuzz::engine_lines`, which
//! the normal test suite also runs on this target's corpus.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| plunder_cli::fuzz::engine_lines(data));
