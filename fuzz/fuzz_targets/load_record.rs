//! Record loading: any bytes as a record file. The body is `plunder_cli::fuzz::load_record`, which the normal
//! test suite also runs on this target's corpus.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| plunder_cli::fuzz::load_record(data));
