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
    let names = |dir: &str, prefix: &str| -> BTreeSet<String> {
        fs::read_dir(workspace_root().join(dir))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter_map(|name| name.strip_prefix(prefix).map(String::from))
            .collect()
    };
    let crates = names("crates", "boj-");
    let folders = names("problems", "");
    assert!(crates.contains("2580") && crates.contains("4574"));
    assert_eq!(
        crates, folders,
        "every crates/boj-<id> needs problems/<id> and back"
    );
}
