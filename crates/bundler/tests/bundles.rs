//! Bundles compiled the way a judge compiles them: `rustc --edition 2018|2021 -O`, with
//! `-D warnings`, by the compiler in `$JUDGE_RUSTC` (CI points it at Rust 1.63), or the default
//! `rustc` when that is unset.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::thread;

use bundler::workspace::{bundle_problem, bundle_problem_in, known_problems, resolve, root};
use bundler::{assemble, Layout, Request};
use syn::visit_mut::{self, VisitMut};

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
                let bundle = bundle_problem(&root(), &problem.id).unwrap();
                assert!(
                    bundle.fits(),
                    "{}: {} bytes, over its judge's limit of {}",
                    problem.id,
                    bundle.text.len(),
                    bundle.source_limit
                );
                let text = bundle.text;
                answers_like_the_workspace_binary(problem, &text, &dir.join(&problem.id));
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

/// The compact layout renames items and locals. Laid out compactly, the problems whose bundles
/// are readable check it on the rest of the engine's code, compiled and run as a judge would (the
/// compact bundles are checked above).
#[test]
fn every_problem_laid_out_compactly_answers_like_the_workspace_binary() {
    let dir = scratch("compact");
    let problems = harness::problems().unwrap();
    thread::scope(|scope| {
        for problem in &problems {
            let dir = &dir;
            scope.spawn(move || {
                if bundle_problem(&root(), &problem.id).unwrap().layout == Layout::Compact {
                    return;
                }
                let compact = bundle_problem_in(&root(), &problem.id, Layout::Compact).unwrap();
                answers_like_the_workspace_binary(problem, &compact.text, &dir.join(&problem.id));
            });
        }
    });
}

/// Writes the bundle `text` of `problem` to `<path>.rs`, compiles it in each edition and checks
/// that it answers every case of the problem as the workspace binary does (status, output and
/// messages).
fn answers_like_the_workspace_binary(problem: &harness::Problem, text: &str, path: &Path) {
    let source = path.with_extension("rs");
    fs::write(&source, text).unwrap();
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
}

/// `bytes` with commas between groups of three digits.
fn thousands(bytes: usize) -> String {
    let digits = bytes.to_string();
    let mut text = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

#[test]
fn the_readme_states_every_bundle_size_layout_and_limit() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    for id in known_problems(&root()).unwrap() {
        let bundle = bundle_problem(&root(), &id).unwrap();
        let size = bundle.text.len();
        let kib = (size + 512) / 1024;
        let row = format!(
            "| `{}.rs` | {} KiB | {} | {} |",
            id,
            kib,
            format!("{:?}", bundle.layout).to_lowercase(),
            thousands(bundle.source_limit)
        );
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
        let first = bundle_problem(&root, &id).unwrap().text;
        assert_eq!(first, bundle_problem(&root, &id).unwrap().text);
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
        let text = bundle_problem(&root(), id).unwrap().text;
        assert!(!text.contains("mod domino"), "{}", id);
        assert!(!text.contains("DominoPuzzle"), "{}", id);
    }
    assert!(bundle_problem(&root(), "boj-4574")
        .unwrap()
        .text
        .contains("DominoPuzzle"));
}

/// Takes the braces off every match arm and closure body that is a block of one expression.
struct BareArms;

impl BareArms {
    fn unwrap(body: &mut syn::Expr) {
        if let syn::Expr::Block(block) = body {
            if let [syn::Stmt::Expr(inner, _)] = block.block.stmts.as_slice() {
                if block.attrs.is_empty() && block.label.is_none() {
                    *body = inner.clone();
                }
            }
        }
    }
}

impl VisitMut for BareArms {
    fn visit_arm_mut(&mut self, arm: &mut syn::Arm) {
        visit_mut::visit_arm_mut(self, arm);
        Self::unwrap(&mut arm.body);
        arm.comma = None;
    }

    fn visit_expr_closure_mut(&mut self, closure: &mut syn::ExprClosure) {
        visit_mut::visit_expr_closure_mut(self, closure);
        Self::unwrap(&mut closure.body);
    }
}

#[test]
fn each_problem_is_laid_out_readably_unless_that_exceeds_its_judges_limit() {
    for id in known_problems(&root()).unwrap() {
        let readable = bundle_problem_in(&root(), &id, Layout::Readable).unwrap();
        let compact = bundle_problem_in(&root(), &id, Layout::Compact).unwrap();
        let chosen = bundle_problem(&root(), &id).unwrap();
        let expected = if readable.fits() { &readable } else { &compact };
        assert_eq!(&chosen, expected, "{}", id);
        assert!(
            compact.text.len() < readable.text.len(),
            "{}: compact {} bytes, readable {}",
            id,
            compact.text.len(),
            readable.text.len()
        );
        // The same program: both parse to the same syntax tree once the readable one's items
        // and locals are renamed as the compact layout renames them and its restricted
        // visibilities made `pub` as the compact layout makes them, and the braces the readable
        // layout puts around a match arm or a closure body too long for its line are taken off
        // again (the short names fit where the long ones did not). The trees print alike but for
        // the spacing inside macro calls, whose tokens are printed as they were spaced.
        let reprinted = |text: &str, rename: bool| {
            let mut file = syn::parse_file(text).unwrap_or_else(|e| panic!("{}: {}", id, e));
            if rename {
                bundler::shorten_items::shorten_items(&mut file);
                bundler::shorten::shorten_locals(&mut file);
                bundler::widen::widen_visibility(&mut file);
            }
            BareArms.visit_file_mut(&mut file);
            let mut text = prettyplease::unparse(&file);
            text.retain(|c| !c.is_whitespace());
            text
        };
        assert!(
            reprinted(&compact.text, false) == reprinted(&readable.text, true),
            "{}: the layouts hold different programs",
            id
        );
    }
}

#[test]
fn a_problem_can_name_its_judges_source_limit() {
    let dir = scratch("source-limit");
    fs::create_dir_all(dir.join("problems").join("boj-1")).unwrap();
    fs::create_dir_all(dir.join("crates").join("sudoku-core").join("src")).unwrap();
    fs::write(
        dir.join("crates")
            .join("sudoku-core")
            .join("src")
            .join("lib.rs"),
        "pub fn answer() -> u32 {\n    42\n}\n",
    )
    .unwrap();
    let krate = dir.join("crates").join("boj-1");
    fs::create_dir_all(krate.join("src")).unwrap();
    fs::write(
        krate.join("src").join("main.rs"),
        "fn main() {\n    println!(\"{}\", sudoku_core::answer());\n}\n",
    )
    .unwrap();
    let manifest = |limit: &str| {
        fs::write(
            krate.join("Cargo.toml"),
            format!("[package]\nname = \"boj-1\"\n{}", limit),
        )
        .unwrap()
    };
    manifest("");
    let roomy = bundle_problem(&dir, "1").unwrap();
    assert_eq!(roomy.layout, Layout::Readable);
    assert_eq!(roomy.source_limit, 64 * 1024);

    let readable_size = roomy.text.len();
    manifest(&format!(
        "[package.metadata.judge]\nsource-limit = {}\n",
        readable_size - 1
    ));
    let tight = bundle_problem(&dir, "1").unwrap();
    assert_eq!(tight.layout, Layout::Compact);
    assert!(tight.fits(), "{}", tight.text);

    manifest(&format!(
        "[package.metadata.judge]\nsource-limit = {}\n",
        readable_size
    ));
    assert_eq!(bundle_problem(&dir, "1").unwrap().layout, Layout::Readable);

    manifest("[package.metadata.judge]\nsource-limit = \"big\"\n");
    let error = bundle_problem(&dir, "1").unwrap_err().to_string();
    assert!(
        error.contains("source-limit should be a positive number of bytes"),
        "{}",
        error
    );
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
fn a_library_written_every_ordinary_way_bundles_and_runs_in_either_layout() {
    for layout in [Layout::Readable, Layout::Compact] {
        let text = assemble(&Request {
            binary: &fixture("tricky/bin/main.rs"),
            library: &fixture("tricky/lib/lib.rs"),
            library_name: "tricky_lib",
            header: "// fixture\n",
        })
        .unwrap()
        .text(layout);
        check_tricky_bundle(&text, layout);
    }
}

fn check_tricky_bundle(text: &str, layout: Layout) {
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
    // The compact layout renames fields too, but not one named like `Range`'s.
    if layout == Layout::Compact {
        assert!(!text.contains("counted_cells"), "{}", text);
        assert!(text.contains("end:usize"), "{}", text);
    }
    let dir = scratch(&format!("tricky-{:?}", layout));
    let source = dir.join("tricky.rs");
    fs::write(&source, text).unwrap();
    for edition in EDITIONS {
        let exe = compile(&source, edition);
        let output = Command::new(exe).output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            "3 17 9 10 square 3\nhi 100 3\nfalse 8 7 3 6 2 3 5 say \"hi\" 1 9 2 true false 5 2 ab\n30 31 22 true 2 3 2 8 2 6 5\n3 9 15 15 22 12 9 0\n",
            "{:?}, edition {}:\n{}",
            layout,
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
    assemble(&Request {
        binary: &dir.join("main.rs"),
        library: &dir.join("lib/lib.rs"),
        library_name: "lib_core",
        header: "",
    })
    .map(|assembled| assembled.text(Layout::Readable))
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
fn a_binary_helper_named_like_a_library_item_does_not_keep_that_item() {
    let lib = "pub fn helper() -> u32 { 1 }
pub fn used() -> u32 { 2 }
pub struct S;
impl S {
    pub fn helper(&self) -> u32 { 3 }
}
";
    // The binary's own `helper`, used bare, shadows the library's function, which goes; the
    // library's method of the same name, called after a dot, stays.
    let bare = "fn helper() -> u32 { 10 }
fn main() { println!(\"{} {}\", helper(), lib_core::used()); }";
    let dotted = "fn helper() -> u32 { 10 }
fn main() { println!(\"{} {}\", helper(), lib_core::S.helper()); }";
    for (name, main, expected, kept) in [
        ("bare-helper", bare, "10 2\n", false),
        ("dotted-helper", dotted, "10 3\n", true),
    ] {
        let text = bundle_files(name, &[("main.rs", main), ("lib/lib.rs", lib)]).unwrap();
        // (Pruning goes by name: where the method stays, so does the function.)
        assert_eq!(text.contains("pub fn helper()"), kept, "{}", text);
        assert_eq!(text.contains("pub fn helper(&self)"), kept, "{}", text);
        let source = scratch(&format!("{}-out", name)).join("bundle.rs");
        fs::write(&source, &text).unwrap();
        for edition in EDITIONS {
            let output = Command::new(compile(&source, edition)).output().unwrap();
            assert_eq!(
                String::from_utf8_lossy(&output.stdout),
                expected,
                "{}",
                text
            );
        }
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
        bundle_problem(&root(), "2239").unwrap().text
    );

    for (layout, flag) in [(Layout::Readable, "readable"), (Layout::Compact, "compact")] {
        let printed = Command::new(program)
            .args(["spoj-sudoku", "--layout", flag])
            .output()
            .unwrap();
        assert!(printed.status.success());
        assert_eq!(
            String::from_utf8(printed.stdout).unwrap(),
            bundle_problem_in(&root(), "spoj-sudoku", layout)
                .unwrap()
                .text
        );
    }

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
        assert_eq!(written, bundle_problem(&root(), &id).unwrap().text);
    }
}
