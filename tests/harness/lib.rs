//! The regression harness: finds every problem in `problems/`, runs its judge binary on every case
//! and checks the answer the way the problem's judge would.
//!
//! A problem folder `problems/<id>/` holds `checker` (one word, see [`Checker`]) and cases as
//! `<name>.in` with `<name>.out`, the expected standard output, and, for input that must be
//! rejected, `<name>.err`, the expected standard error, which also means exit status 1; or, for
//! input answered in full with a remark, `<name>.note`, the expected standard error with exit
//! status 0.

use std::fmt::Write as _;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use sudoku_core::engine::count_solutions;
use sudoku_core::judge::board_text::{parse_board, RowFormat};
use sudoku_core::judge::input::{decode_input, strip_file_marks};

/// How long one run of a judge binary may take before it counts as a hang.
pub const TIME_LIMIT: Duration = Duration::from_secs(10);

/// The workspace root.
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// How a problem's answers are judged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Checker {
    /// Standard output must equal the `.out` file byte for byte.
    Exact,
    /// Special judge: standard output must be a valid completion of the input board, in the
    /// input's layout; where the board has one completion only, it must equal the `.out` file.
    AnyCompletion,
}

/// One problem folder.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The folder name, which is also the judge's problem number.
    pub id: String,
    /// How its answers are judged.
    pub checker: Checker,
    /// Its cases, sorted by name.
    pub cases: Vec<Case>,
}

/// One input with what the binary must do with it.
#[derive(Clone, Debug)]
pub struct Case {
    /// The file name without `.in`.
    pub name: String,
    /// The input.
    pub input: Vec<u8>,
    /// The expected standard output.
    pub stdout: String,
    /// The expected standard error, for input that must be rejected with exit status 1.
    pub stderr: Option<String>,
    /// The expected notes on standard error, for input answered in full with exit status 0.
    pub notes: Option<String>,
}

/// Every problem under `problems/`, sorted by id; errors name the file at fault.
pub fn problems() -> Result<Vec<Problem>, String> {
    let dir = workspace_root().join("problems");
    let mut problems = Vec::new();
    for entry in read_dir_sorted(&dir)? {
        if entry.is_dir() {
            problems.push(read_problem(&entry)?);
        }
    }
    Ok(problems)
}

fn read_dir_sorted(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {}", dir.display(), e))?;
    let mut paths = entries
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{}: {}", dir.display(), e))?;
    paths.sort();
    Ok(paths)
}

fn read_text(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: {}", path.display(), e))
}

fn read_problem(dir: &Path) -> Result<Problem, String> {
    let id = dir
        .file_name()
        .and_then(|name| name.to_str())
        .ok_or_else(|| format!("{}: folder name is not UTF-8", dir.display()))?
        .to_string();
    let checker_path = dir.join("checker");
    let checker = match read_text(&checker_path)?.trim() {
        "exact" => Checker::Exact,
        "any-completion" => Checker::AnyCompletion,
        other => {
            return Err(format!(
                "{}: unknown checker `{}` (expected `exact` or `any-completion`)",
                checker_path.display(),
                other
            ))
        }
    };
    let mut cases = Vec::new();
    for path in read_dir_sorted(dir)? {
        if path.extension().map_or(true, |ext| ext != "in") {
            continue;
        }
        let input = fs::read(&path).map_err(|e| format!("{}: {}", path.display(), e))?;
        let stdout = read_text(&path.with_extension("out"))?;
        let optional = |extension: &str| -> Result<Option<String>, String> {
            let path = path.with_extension(extension);
            if path.exists() {
                read_text(&path).map(Some)
            } else {
                Ok(None)
            }
        };
        let (stderr, notes) = (optional("err")?, optional("note")?);
        let name = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into();
        cases.push(Case {
            name,
            input,
            stdout,
            stderr,
            notes,
        });
    }
    if !cases.iter().any(|case| case.name == "sample") {
        return Err(format!("{}: no sample.in", dir.display()));
    }
    Ok(Problem { id, checker, cases })
}

/// The judge binary of problem `id` (its crate has the same name) in `$JUDGE_BIN_DIR` if set,
/// otherwise in the
/// target directory the running test was built into (where `cargo test` puts every workspace
/// binary that has tests).
pub fn binary(id: &str) -> PathBuf {
    let name = format!("{}{}", id, std::env::consts::EXE_SUFFIX);
    if let Some(dir) = std::env::var_os("JUDGE_BIN_DIR") {
        return PathBuf::from(dir).join(name);
    }
    let exe = std::env::current_exe().expect("the test binary knows its own path");
    // target/<profile>/deps/<test> -> target/<profile>/<binary>
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test binaries live in target/<profile>/deps");
    let path = profile_dir.join(name);
    if !path.exists() {
        build_binary(id);
    }
    path
}

/// Builds the binary of problem `id` with cargo, for a test run that did not (`cargo test -p bundler`, say,
/// builds no other package's binaries); a failure shows when the binary is run.
fn build_binary(id: &str) {
    static BUILDING: Mutex<()> = Mutex::new(());
    let _one_at_a_time = BUILDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let _ = Command::new(cargo)
        .args(["build", "--quiet", "--package", id])
        .status();
}

/// What one run of a binary did.
#[derive(Clone, Debug)]
pub struct Run {
    /// Exit status code; `None` if killed by a signal.
    pub status: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Wall time.
    pub elapsed: Duration,
}

/// Runs `program` with `input` on standard input; `Err` if it cannot start or outlives
/// [`TIME_LIMIT`] (it is then killed).
pub fn run(program: &Path, input: &[u8]) -> Result<Run, String> {
    let started = Instant::now();
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {}", program.display(), e))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // A binary that rejects its input early may close stdin first: a failed write is fine.
    let feeder = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let out_reader = thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stdout.read_to_end(&mut text);
        text
    });
    let err_reader = thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{} ran over {:?}", program.display(), TIME_LIMIT));
        }
        thread::sleep(Duration::from_millis(1));
    };
    let elapsed = started.elapsed();
    let _ = feeder.join();
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    Ok(Run {
        status: status.code(),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        elapsed,
    })
}

/// Whether a run ended the way every judge binary must end on any input: exit status 0 or 1,
/// every line on standard error an `error: ...` or a `note: ...`, an error exactly when the
/// status is 1, and never a panic.
pub fn check_well_behaved(run: &Run) -> Result<(), String> {
    if run.stderr.contains("panicked") {
        return Err(format!("panicked:\n{}", run.stderr));
    }
    let is_error = |l: &str| l.starts_with("error: ");
    if !run
        .stderr
        .lines()
        .all(|l| is_error(l) || l.starts_with("note: "))
    {
        return Err(format!(
            "standard error has lines not of the form `error: ...` or `note: ...`:\n{}",
            run.stderr
        ));
    }
    let errors = run.stderr.lines().any(is_error);
    match run.status {
        Some(0) if !errors => Ok(()),
        Some(0) => Err(format!("exit status 0 with errors:\n{}", run.stderr)),
        Some(1) if errors => Ok(()),
        Some(1) => Err(format!("exit status 1 with no error:\n{}", run.stderr)),
        other => Err(format!("exit status {:?}:\n{}", other, run.stderr)),
    }
}

/// Runs `case` of `problem` through `program` and checks the outcome; `Err` says what differs.
pub fn check_case(program: &Path, problem: &Problem, case: &Case) -> Result<Run, String> {
    let run = run(program, &case.input)?;
    check_well_behaved(&run)?;
    let mut problems = String::new();
    match &case.stderr {
        Some(expected) => {
            if run.status != Some(1) {
                let _ = writeln!(problems, "exit status {:?}, expected 1", run.status);
            }
            if &run.stderr != expected {
                let _ = writeln!(
                    problems,
                    "standard error:\n{}expected:\n{}",
                    run.stderr, expected
                );
            }
            if run.stdout != case.stdout {
                let _ = writeln!(
                    problems,
                    "standard output:\n{}expected:\n{}",
                    run.stdout, case.stdout
                );
            }
        }
        None => {
            if run.status != Some(0) {
                let _ = writeln!(problems, "exit status {:?}: {}", run.status, run.stderr);
            }
            let notes = case.notes.as_deref().unwrap_or("");
            if run.stderr != notes {
                let _ = writeln!(
                    problems,
                    "standard error:\n{}expected:\n{}",
                    run.stderr, notes
                );
            }
            let verdict = match problem.checker {
                Checker::Exact => check_exact(&run.stdout, &case.stdout),
                Checker::AnyCompletion => check_completion(case, &run.stdout),
            };
            if let Err(e) = verdict {
                problems.push_str(&e);
            }
        }
    }
    if problems.is_empty() {
        Ok(run)
    } else {
        Err(problems)
    }
}

fn check_exact(actual: &str, expected: &str) -> Result<(), String> {
    if actual == expected {
        Ok(())
    } else {
        Err(format!(
            "standard output:\n{}expected:\n{}",
            actual, expected
        ))
    }
}

/// The special judge of [`Checker::AnyCompletion`]. It also checks the `.out` file itself, so a
/// wrong expectation cannot hide.
fn check_completion(case: &Case, actual: &str) -> Result<(), String> {
    let (text, _) = decode_input(&case.input);
    let input = strip_file_marks(&text);
    let first_row = input
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("");
    let layout = if first_row.trim().contains(char::is_whitespace) {
        RowFormat::Spaced
    } else {
        RowFormat::Compact
    };
    let puzzle = parse_board(input, layout)
        .map_err(|e| format!("input does not parse: {}", e))?
        .grid;
    let expected = parse_board(&case.stdout, layout)
        .map_err(|e| format!(".out does not parse: {}", e))?
        .grid;
    if !expected.solves(&puzzle) {
        return Err(".out is not a completion of the input".into());
    }
    let answer = parse_board(actual, layout)
        .map_err(|e| format!("output does not parse ({}):\n{}", e, actual))?
        .grid;
    if !answer.solves(&puzzle) {
        return Err(format!(
            "output is not a completion of the input:\n{}",
            actual
        ));
    }
    if count_solutions(&puzzle, 2) == 1 {
        check_exact(actual, &case.stdout)?;
    }
    Ok(())
}

/// A judge binary's whole answer to its problem's `sample.in`: exit status, standard output and
/// standard error, as one text for a snapshot.
pub fn sample_transcript(id: &str, program: &Path) -> String {
    let path = workspace_root().join("problems").join(id).join("sample.in");
    let input = fs::read(&path).unwrap_or_else(|e| panic!("{}: {}", path.display(), e));
    let run = run(program, &input).unwrap_or_else(|e| panic!("{}", e));
    format!(
        "exit status: {:?}\n--- stdout\n{}--- stderr\n{}",
        run.status, run.stdout, run.stderr
    )
}

/// Prints `message` as a notice on standard error even while the test harness captures output
/// (only the print macros are captured), so skipped or weakened checks are seen in every run.
pub fn notice(message: &str) {
    let _ = writeln!(std::io::stderr(), "notice: {}", message);
}

/// The directory of shared judge data: `$SUDOKU_JUDGE_DATA` if set, otherwise
/// `../shared/judge-data` beside the workspace.
pub fn judge_data_dir() -> PathBuf {
    shared_dir("SUDOKU_JUDGE_DATA", "judge-data")
}

/// The directory of the benchmark puzzle sets: `$SUDOKU_PUZZLES` if set, otherwise
/// `../shared/puzzles` beside the workspace.
pub fn puzzles_dir() -> PathBuf {
    shared_dir("SUDOKU_PUZZLES", "puzzles")
}

/// `$variable` if set, otherwise `../shared/<name>` beside the workspace: data kept outside the
/// repository.
fn shared_dir(variable: &str, name: &str) -> PathBuf {
    match std::env::var_os(variable) {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("..").join("shared").join(name),
    }
}
