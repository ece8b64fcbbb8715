//! UVa 989's whole answer on arbitrary bytes: every answer is a completion of its case or
//! `NO SOLUTION`, and anything not answered is reported.
#![no_main]

// Exactly the code the judge binary runs.
#[allow(dead_code)]
#[path = "../../../uva-989/src/main.rs"]
mod judge;

use libfuzzer_sys::fuzz_target;
use sudoku_core::judge::input::decode_input;

fuzz_target!(|data: &[u8]| {
    let (input, _) = decode_input(data);
    let report = judge::answer(&input);
    // Cases are apart by one blank line; each is `NO SOLUTION` or a square of numbers.
    for case in report.output.split("\n\n").filter(|case| !case.is_empty()) {
        if case.trim_end() == "NO SOLUTION" {
            continue;
        }
        let rows: Vec<Vec<usize>> = case
            .lines()
            .map(|row| row.split(' ').map(|n| n.parse().unwrap()).collect())
            .collect();
        let side = rows.len();
        assert!([1, 4, 9].contains(&side));
        assert!(rows.iter().all(|row| row.len() == side));
        assert!(rows.iter().flatten().all(|&n| (1..=side).contains(&n)));
    }
    let messages = report.errors.iter().chain(report.notes.iter());
    assert!(messages
        .flat_map(|m| m.chars())
        .all(|c| !c.is_control() && c != '\u{feff}'));
});
