//! The official MCPC 2011 Su-Domino-Ku data (CRLF line endings), read from `$SUDOKU_JUDGE_DATA`
//! or `../shared/judge-data`; skipped with a notice where it is absent.

use std::fs;

use harness::{binary, check_well_behaved, judge_data_dir, notice, run};

#[test]
fn su_domino_ku_matches_the_official_output() {
    let dir = judge_data_dir().join("4574-mcpc2011");
    let (input, expected) = match (
        fs::read(dir.join("sudominoku.in")),
        fs::read_to_string(dir.join("sudominoku.out")),
    ) {
        (Ok(input), Ok(expected)) => (input, expected),
        _ => {
            notice(&format!(
                "skipped: no official judge data in {} (set SUDOKU_JUDGE_DATA)",
                dir.display()
            ));
            return;
        }
    };
    let run = run(&binary("boj-4574"), &input).unwrap();
    check_well_behaved(&run).unwrap();
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, expected.replace("\r\n", "\n"));
    assert_eq!(run.stdout.matches("Puzzle ").count(), 6);
}
