//! The regression suite: every judge binary over every case in `problems/`.

use std::collections::BTreeSet;
use std::fs;

use harness::{binary, check_case, problems, workspace_root};

#[test]
fn every_case_of_every_problem_passes() {
    let problems = problems().unwrap();
    assert!(!problems.is_empty(), "no problem folders found");
    let mut failures = Vec::new();
    let mut passed = 0;
    for problem in &problems {
        let program = binary(&problem.id);
        assert!(
            program.exists(),
            "{} is missing: run the suite with `cargo test --workspace`, which builds every judge binary",
            program.display()
        );
        for case in &problem.cases {
            match check_case(&program, problem, case) {
                Ok(_) => passed += 1,
                Err(e) => failures.push(format!("{}/{}: {}", problem.id, case.name, e)),
            }
        }
    }
    println!("{} cases of {} problems passed", passed, problems.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn judge_crates_and_problem_folders_match() {
    let names = |dir: &str| -> BTreeSet<String> {
        fs::read_dir(workspace_root().join(dir))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    };
    // The library and the tools are `sudoku-*` and `bundler`; every other crate is a judge's.
    let crates: BTreeSet<String> = names("crates")
        .into_iter()
        .filter(|name| name != "bundler" && !name.starts_with("sudoku-"))
        .collect();
    let folders = names("problems");
    assert!(crates.contains("boj-2580") && crates.contains("boj-4574"));
    assert_eq!(
        crates, folders,
        "every judge crate crates/<id> needs problems/<id> and back"
    );
}
