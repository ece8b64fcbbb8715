//! Bundles compiled the way a judge compiles them: `rustc --edition 2018|2021 -O`, with
//! `-D warnings`, by the compiler in `$JUDGE_RUSTC` (CI points it at Rust 1.63), or the default
//! `rustc` when that is unset.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::thread;

use bundler::workspace::{bundle_problem, known_problems, resolve, root, SIZE_LIMIT};
use bundler::{bundle, Request};

const EDITIONS: [&str; 2] = ["2018", "2021"];

/// The compiler to judge with, told once per run.
fn judge_rustc() -> &'static OsString {
    static RUSTC: OnceLock<OsString> = OnceLock::new();
    RUSTC.get_or_init(|| {
        let rustc = std::env::var_os("JUDGE_RUSTC").unwrap_or_else(|| {
            harness::notice("JUDGE_RUSTC is not set; compiling bundles with the default `rustc`");
            OsString::from("rustc")
        });
        let version = Command::new(&rustc).arg("--version").output();
        let version = version.map_or_else(
            |e| e.to_string(),
            |out| String::from_utf8_lossy(&out.stdout).trim().to_string(),
        );
        harness::notice(&format!("judge compiler: {}", version));
        rustc
    })
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles `source` with the judge's command line into `<dir>/<name>-<edition>`; panics with
/// the compiler's messages if it fails or warns.
fn compile(source: &Path, edition: &str) -> PathBuf {
    let exe = source.with_extension(format!("{}{}", edition, std::env::consts::EXE_SUFFIX));
    let output = Command::new(judge_rustc())
        .args(["--edition", edition, "-O", "-D", "warnings", "-o"])
        .arg(&exe)
        .arg(source)
        .output()
        .expect("the judge compiler runs");
    let messages = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && messages.trim().is_empty(),
        "{} does not compile cleanly with edition {}:\n{}",
        source.display(),
        edition,
        messages
    );
    exe
}

#[test]
fn every_bundle_compiles_like_a_judge_and_answers_like_the_workspace_binary() {
    let version = Command::new(judge_rustc())
        .arg("--version")
        .output()
        .unwrap();
    println!(
        "judge compiler: {}",
        String::from_utf8_lossy(&version.stdout).trim()
    );
    let dir = scratch("verified");
    let problems = harness::problems().unwrap();
    assert_eq!(
        problems.iter().map(|p| p.id.clone()).collect::<Vec<_>>(),
        known_problems(&root()).unwrap()
    );
    thread::scope(|scope| {
        for problem in &problems {
            let dir = &dir;
            scope.spawn(move || {
                let text = bundle_problem(&root(), &problem.id).unwrap();
                assert!(
                    text.len() < SIZE_LIMIT,
                    "{}: {} bytes",
                    problem.id,
                    text.len()
                );
                let source = dir.join(format!("{}.rs", problem.id));
                fs::write(&source, &text).unwrap();
                let workspace_binary = harness::binary(&problem.id);
                for edition in EDITIONS {
                    let exe = compile(&source, edition);
                    for case in &problem.cases {
                        let label = format!("{} {} ({})", problem.id, case.name, edition);
                        let bundled = harness::run(&exe, &case.input).unwrap();
                        let reference = harness::run(&workspace_binary, &case.input).unwrap();
                        assert_eq!(bundled.status, reference.status, "{}", label);
                        assert_eq!(bundled.stdout, reference.stdout, "{}", label);
                        assert_eq!(bundled.stderr, reference.stderr, "{}", label);
                    }
                }
                println!(
                    "{}: {} bytes, {} cases",
                    problem.id,
                    text.len(),
                    problem.cases.len()
                );
            });
        }
    });
}

#[test]
fn the_readme_states_every_bundle_size() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    for id in known_problems(&root()).unwrap() {
        let size = bundle_problem(&root(), &id).unwrap().len();
        let kib = (size + 512) / 1024;
        let row = format!("| `{}.rs` | {} KiB | 64 KiB |", id, kib);
        assert!(
            readme.lines().any(|line| line == row),
            "README.md should have the row `{}` ({} bytes)",
            row,
            size
        );
    }
}

#[test]
fn bundles_are_deterministic_and_carry_no_machine_paths() {
    let root = root().canonicalize().unwrap();
    for id in known_problems(&root).unwrap() {
        let first = bundle_problem(&root, &id).unwrap();
        assert_eq!(first, bundle_problem(&root, &id).unwrap());
        assert!(first.contains(&format!("`cargo bundle {}` from crates/{}\n", id, id)));
        let root_text = root.to_string_lossy();
        assert!(
            !first.contains(root_text.as_ref()),
            "{} mentions {}",
            id,
            root_text
        );
        assert!(
            !first.contains("#[cfg(test)]") && !first.contains("///"),
            "{}",
            id
        );
    }
}

#[test]
fn only_the_su_domino_ku_bundle_carries_su_domino_ku_code() {
    for id in ["boj-2580", "boj-2239"] {
        let text = bundle_problem(&root(), id).unwrap();
        assert!(!text.contains("mod domino"), "{}", id);
        assert!(!text.contains("DominoPuzzle"), "{}", id);
    }
    assert!(bundle_problem(&root(), "boj-4574")
        .unwrap()
        .contains("DominoPuzzle"));
}

#[test]
fn problems_are_named_by_id_or_by_their_problem_part_alone() {
    let root = root();
    assert_eq!(resolve(&root, "boj-2580").unwrap(), "boj-2580");
    assert_eq!(resolve(&root, "2580").unwrap(), "boj-2580");
    assert_eq!(
        bundle_problem(&root, "2580").unwrap(),
        bundle_problem(&root, "boj-2580").unwrap()
    );
    let known = known_problems(&root).unwrap().join(", ");
    let error = bundle_problem(&root, "1234").unwrap_err().to_string();
    assert_eq!(
        error,
        format!("unknown problem `1234`; known problems: {}", known)
    );
    assert!(known.starts_with("boj-2239, boj-2580, boj-4574"));
}

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
        .join(path)
}

#[test]
fn a_library_written_every_ordinary_way_bundles_and_runs() {
    let text = bundle(&Request {
        binary: &fixture("tricky/bin/main.rs"),
        library: &fixture("tricky/lib/lib.rs"),
        library_name: "tricky_lib",
        header: "// fixture\n",
    })
    .unwrap();
    for gone in [
        "unreachable_marker",
        "unused_module",
        "never_called_fn",
        "unused_method",
        "test_only_marker",
        "binary_test_marker",
        "super_scoped_marker",
        "A library written",
    ] {
        assert!(
            !text.contains(gone),
            "`{}` should be pruned:\n{}",
            gone,
            text
        );
    }
    let dir = scratch("tricky");
    let source = dir.join("tricky.rs");
    fs::write(&source, &text).unwrap();
    for edition in EDITIONS {
        let exe = compile(&source, edition);
        let output = Command::new(exe).output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            "3 17 9 10 square 3\nhi 100 3\n",
            "edition {}:\n{}",
            edition,
            text
        );
    }
}

/// A file to write before bundling: its path in the scratch folder and its text.
type SourceFile<'a> = (&'a str, &'a str);

/// Bundles a binary and library written into a scratch folder.
fn bundle_files(name: &str, files: &[SourceFile]) -> Result<String, String> {
    let dir = scratch(name);
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    bundle(&Request {
        binary: &dir.join("main.rs"),
        library: &dir.join("lib/lib.rs"),
        library_name: "lib_core",
        header: "",
    })
    .map_err(|e| e.to_string())
}

#[test]
fn an_unused_import_goes_even_when_a_module_shares_its_name() {
    // `m` imports two functions from its module `search`, one of them also named `search`;
    // only the other is reachable. The module's own name must not keep the unused import.
    let lib = "pub mod m {
    mod search {
        pub(super) fn search() -> u32 { 1 }
        pub(super) fn kept() -> u32 { 2 }
    }
    use self::search::{kept, search};
    pub fn f() -> u32 { kept() }
    pub fn g() -> u32 { search() }
}
";
    let main = "fn main() { println!(\"{}\", lib_core::m::f()); }";
    let text = bundle_files(
        "module-named-like-import",
        &[("main.rs", main), ("lib/lib.rs", lib)],
    )
    .unwrap();
    assert!(!text.contains("fn g()"), "g should be pruned:\n{}", text);
    let source = scratch("module-named-like-import-out").join("bundle.rs");
    fs::write(&source, &text).unwrap();
    for edition in EDITIONS {
        let output = Command::new(compile(&source, edition)).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&output.stdout), "2\n", "{}", text);
    }
}

#[test]
fn what_a_single_file_cannot_carry_is_refused() {
    let main = "fn main() { lib_core::f(); }";
    let cases: [(&str, &[SourceFile], &str); 7] = [
        (
            "path-attribute",
            &[("lib/lib.rs", "#[path = \"other.rs\"] mod m;\npub fn f() {}")],
            "uses #[path]",
        ),
        (
            "missing-module",
            &[("lib/lib.rs", "mod missing;\npub fn f() {}")],
            "no file for `mod missing;`",
        ),
        (
            "extern-crate",
            &[("lib/lib.rs", "extern crate rand;\npub fn f() {}")],
            "`extern crate rand`",
        ),
        (
            "include",
            &[(
                "lib/lib.rs",
                "pub fn f() -> &'static str { include_str!(\"data.txt\") }",
            )],
            "`include_str!` reads files",
        ),
        (
            "feature",
            &[("lib/lib.rs", "#[cfg(feature = \"fast\")]\npub fn f() {}")],
            "Cargo features do not exist",
        ),
        (
            "unparsable",
            &[("lib/lib.rs", "pub fn f() {")],
            "cannot parse",
        ),
        (
            "clash",
            &[
                ("lib/lib.rs", "pub fn f() {}"),
                ("main.rs", "mod lib_core {}\nfn main() {}"),
            ],
            "the binary defines `lib_core` at its root",
        ),
    ];
    for (name, files, expected) in cases.iter() {
        let mut all: Vec<SourceFile> = vec![("main.rs", main)];
        all.extend_from_slice(files);
        let error = bundle_files(name, &all).expect_err(name);
        assert!(error.contains(expected), "{}: {}", name, error);
    }
}

#[test]
fn a_binary_with_other_dependencies_is_refused() {
    let dir = scratch("other-dependency");
    fs::create_dir_all(dir.join("problems").join("boj-1")).unwrap();
    let krate = dir.join("crates").join("boj-1");
    fs::create_dir_all(krate.join("src")).unwrap();
    fs::write(krate.join("src").join("main.rs"), "fn main() {}").unwrap();
    fs::write(
        krate.join("Cargo.toml"),
        "[package]\nname = \"boj-1\"\n[dependencies]\nsudoku-core = { path = \"x\" }\nregex = \"1\"\n",
    )
    .unwrap();
    let error = bundle_problem(&dir, "1").unwrap_err().to_string();
    assert!(
        error.contains("dependencies other than sudoku-core: [\"regex\"]"),
        "{}",
        error
    );
}

#[test]
fn the_command_prints_one_bundle_or_writes_them_all() {
    let program = env!("CARGO_BIN_EXE_bundler");
    let printed = Command::new(program).arg("2239").output().unwrap();
    assert!(printed.status.success());
    assert_eq!(
        String::from_utf8(printed.stdout).unwrap(),
        bundle_problem(&root(), "2239").unwrap()
    );

    let unknown = Command::new(program).arg("99").output().unwrap();
    assert_eq!(unknown.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("known problems: boj-2239, boj-2580"));

    let dir = scratch("all");
    let all = Command::new(program)
        .args(["--all", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        all.status.success(),
        "{}",
        String::from_utf8_lossy(&all.stderr)
    );
    for id in known_problems(&root()).unwrap() {
        let written = fs::read_to_string(dir.join(format!("{}.rs", id))).unwrap();
        assert_eq!(written, bundle_problem(&root(), &id).unwrap());
    }
}
