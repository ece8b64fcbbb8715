//! The judge's sample through the real `uva-989` binary: exit status, output and errors.

use std::path::Path;

#[test]
fn sample_transcript() {
    let program = Path::new(env!("CARGO_BIN_EXE_uva-989"));
    insta::assert_snapshot!(harness::sample_transcript("uva-989", program));
}
