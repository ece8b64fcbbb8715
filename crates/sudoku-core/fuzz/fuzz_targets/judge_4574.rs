//! BOJ 4574's whole answer on arbitrary bytes: every answered puzzle is a header and nine rows,
//! and anything not answered is reported.
#![no_main]

// Exactly the code the judge binary runs.
#[allow(dead_code)]
#[path = "../../../boj-4574/src/main.rs"]
mod judge;

use libfuzzer_sys::fuzz_target;
use sudoku_core::judge::input::decode_input;

fuzz_target!(|data: &[u8]| {
    let (input, _) = decode_input(data);
    let report = judge::answer(&input);
    let lines: Vec<&str> = report.output.lines().collect();
    assert_eq!(lines.len() % 10, 0);
    for block in lines.chunks(10) {
        assert!(block[0].starts_with("Puzzle "));
        assert!(block[1..].iter().all(|row| row.len() == 9));
    }
    let messages = report.errors.iter().chain(report.notes.iter());
    assert!(messages.clone().all(|m| !m.is_empty() && !m.contains('\n')));
    // Messages quote input with every invisible or control character escaped.
    assert!(messages
        .flat_map(|m| m.chars())
        .all(|c| !c.is_control() && c != '\u{feff}'));
});
