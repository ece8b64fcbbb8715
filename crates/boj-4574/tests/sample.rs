//! The judge's sample through the real `boj-4574` binary: exit status, output and errors.

use std::path::Path;

#[test]
fn sample_transcript() {
    let program = Path::new(env!("CARGO_BIN_EXE_boj-4574"));
    insta::assert_snapshot!(harness::sample_transcript("boj-4574", program));
}
