//! The largest input a judge binary accepts. (The engine's own limits, counting that stops at
//! its limit and boards with no solution, are unit tests of `sudoku_core::engine`.)

use harness::{binary, check_well_behaved, problems, run};
use sudoku_core::judge::MAX_INPUT_BYTES;

#[test]
fn inputs_over_the_limit_are_refused_whole_and_at_the_limit_read() {
    let over = vec![b' '; MAX_INPUT_BYTES + 1];
    let at = vec![b'\n'; MAX_INPUT_BYTES];
    for problem in problems().unwrap() {
        let program = binary(&problem.id);
        let refused = run(&program, &over).unwrap();
        check_well_behaved(&refused).unwrap();
        assert_eq!(refused.status, Some(1), "{}", problem.id);
        assert_eq!(refused.stdout, "");
        assert_eq!(
            refused.stderr,
            "error: input is larger than 16 MiB; refusing it\n"
        );
        // Blank lines only: read, then rejected (or, where they ask nothing, noted) for what
        // they do not say.
        let read = run(&program, &at).unwrap();
        check_well_behaved(&read).unwrap();
        assert!(!read.stderr.is_empty(), "{}", problem.id);
        assert!(
            !read.stderr.contains("larger than"),
            "{}: {}",
            problem.id,
            read.stderr
        );
    }
}
