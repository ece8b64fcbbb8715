//! The judge's sample through the real `spoj-sudoku` binary: exit status, output and errors.

use std::path::Path;

#[test]
fn sample_transcript() {
    let program = Path::new(env!("CARGO_BIN_EXE_spoj-sudoku"));
    insta::assert_snapshot!(harness::sample_transcript("spoj-sudoku", program));
}
