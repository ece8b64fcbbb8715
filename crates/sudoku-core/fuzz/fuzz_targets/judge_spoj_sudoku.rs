//! SPOJ SUDOKU's whole answer on arbitrary bytes: every answered board is a full 16x16 grid of
//! letters, boards apart by one blank line, and anything not answered is reported.
#![no_main]

// Exactly the code the judge binary runs.
#[allow(dead_code)]
#[path = "../../../spoj-sudoku/src/main.rs"]
mod judge;

use libfuzzer_sys::fuzz_target;
use sudoku_core::judge::input::decode_input;

fuzz_target!(|data: &[u8]| {
    let (input, _) = decode_input(data);
    let report = judge::answer(&input);
    for board in report
        .output
        .split("\n\n")
        .filter(|board| !board.is_empty())
    {
        let rows: Vec<&str> = board.lines().collect();
        assert_eq!(rows.len(), 16);
        for row in rows {
            let mut letters: Vec<u8> = row.bytes().collect();
            letters.sort_unstable();
            assert_eq!(letters, (b'A'..=b'P').collect::<Vec<u8>>());
        }
    }
    let messages = report.errors.iter().chain(report.notes.iter());
    assert!(messages
        .flat_map(|m| m.chars())
        .all(|c| !c.is_control() && c != '\u{feff}'));
});
