//! The judge's sample through the real `boj-2580` binary: exit status, output and errors.

use std::path::Path;

#[test]
fn sample_transcript() {
    let program = Path::new(env!("CARGO_BIN_EXE_boj-2580"));
    insta::assert_snapshot!(harness::sample_transcript("boj-2580", program));
}
