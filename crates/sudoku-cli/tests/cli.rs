//! The `sudoku` command as a user runs it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Output, Stdio};

/// The `sudoku` command started with `args`, once `input` is written to its standard input and
/// the input closed; its output and errors are pipes.
fn started(args: &[&str], input: impl AsRef<[u8]>) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_ref())
        .unwrap();
    child
}

/// The whole run of the `sudoku` command with `args` on `input`.
fn sudoku(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    started(args, input).wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A puzzle with one solution: the 2239 sample on one line.
const UNIQUE: &str =
    "103000509002109400000704000300502006060000050700803004000401000009205800804000107";

/// [`UNIQUE`], a puzzle whose givens clash, a malformed line and the empty board.
fn mixed_input() -> String {
    let clash = format!("11{}", &UNIQUE[2..]);
    format!(
        "{}\n\nnot a puzzle\n{}\n{}\n",
        UNIQUE,
        clash,
        ".".repeat(81)
    )
}

#[test]
fn solve_keeps_one_line_per_puzzle_and_reports_the_rest() {
    let out = sudoku(&["solve", "--jobs", "1"], mixed_input());
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[0],
        "143628579572139468986754231391542786468917352725863914237481695619275843854396127"
    );
    assert_eq!(lines[1], "");
    assert_eq!(lines[2], "");
    assert_eq!(lines[3].len(), 81);
    assert_eq!(
        text(&out.stderr),
        "error: line 3: unexpected character `n` at position 1\nerror: line 4: no solution\n"
    );
}

#[test]
fn lex_and_parallel_runs_agree_with_a_single_thread() {
    let input = mixed_input().repeat(50);
    let one = sudoku(&["solve", "--lex", "--jobs", "1"], &input);
    let many = sudoku(&["solve", "--lex", "--jobs", "3"], &input);
    assert_eq!(one.stdout, many.stdout);
    assert_eq!(one.stderr, many.stderr);
    let first_empty_board = text(&one.stdout).lines().nth(3).unwrap().to_string();
    assert_eq!(
        first_empty_board,
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
    );
}

#[test]
fn count_stops_at_the_limit_and_prints_a_summary() {
    let out = sudoku(&["count", "--limit", "7", "--stats"], mixed_input());
    assert_eq!(text(&out.stdout), "1\n\n0\n7\n");
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("error: line 3: unexpected character `n` at position 1\n"));
    let summary = stderr.lines().last().unwrap();
    assert!(
        summary.starts_with("puzzles: 4, solved: 2, unsolvable: 1, invalid: 1, "),
        "{}",
        summary
    );
    assert!(summary.ends_with(" puzzles/s"));
}

#[test]
fn white_space_around_a_puzzle_is_not_part_of_it() {
    let input = format!(" \t{} \r\n{}\t\n", ".".repeat(81), UNIQUE);
    for jobs in ["1", "2"] {
        let out = sudoku(&["count", "--limit", "1000", "--jobs", jobs], &input);
        assert_eq!(text(&out.stdout), "1000\n1\n");
        assert_eq!(out.status.code(), Some(0));
    }
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let out = sudoku(&["solve", "/no/such/file.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("error: cannot read /no/such/file.txt: "));
    assert!(out.stdout.is_empty());
}

#[test]
fn generated_su_domino_ku_puzzles_are_judge_input() {
    let out = sudoku(&["generate-domino", "--seed", "5", "--count", "2"], "");
    assert!(out.status.success());
    let text = text(&out.stdout);
    assert!(text.starts_with("10\n"), "{}", text);
    assert!(text.ends_with("\n0\n"));
    let puzzles = sudoku_core::judge::domino_text::read_puzzles(&text).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert!(puzzles.iter().all(|p| p.count_boards(2) == 1));
    let again = sudoku(&["generate-domino", "--seed", "6"], "");
    assert!(text.contains(text_without_end(&again.stdout).as_str()));
}

/// A generated input without its final `0` line.
fn text_without_end(bytes: &[u8]) -> String {
    text(bytes).trim_end_matches("0\n").to_string()
}

#[test]
fn a_reader_that_stops_early_ends_the_run_quietly() {
    let puzzle = format!("{}\n", UNIQUE);
    let total = 20_000;
    let mut child = started(&["solve", "--stats"], puzzle.repeat(total));
    // Read one answer, then hang up: far more output remains than a pipe holds.
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.trim_end().len(), 81);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out);
    let stderr = text(&out.stderr);
    let answered: usize = stderr
        .strip_prefix("puzzles: ")
        .and_then(|rest| rest.split(',').next())
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no summary in {:?}", stderr));
    assert!(answered < total, "all {} puzzles were answered", answered);
}

#[test]
fn a_byte_order_mark_and_an_end_of_file_byte_are_not_part_of_any_line() {
    let out = sudoku(
        &["count", "--jobs", "1"],
        format!("\u{feff}{}\n\u{1a}", UNIQUE),
    );
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "1\n");
}

#[test]
fn utf_16_after_its_byte_order_mark_is_read_with_a_note() {
    let mut input = vec![0xFF, 0xFE];
    for unit in format!("{}\r\n", UNIQUE).encode_utf16() {
        input.extend(unit.to_le_bytes());
    }
    let out = sudoku(&["count", "--jobs", "1"], &input);
    assert_eq!(
        text(&out.stderr),
        "note: input read as UTF-16 (little-endian), as its byte-order mark says\n"
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "1\n");
}

#[test]
fn bytes_that_are_not_utf_8_are_named_in_a_note_and_the_other_lines_answered() {
    let mut input = format!("{}\n", UNIQUE).into_bytes();
    input.extend(b"12\xe93\n");
    input.extend(format!("{}\n", UNIQUE).into_bytes());
    let out = sudoku(&["count", "--jobs", "1"], &input);
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("note: line 2, byte 3: `\\xE9` is not UTF-8;"),
        "{}",
        stderr
    );
    assert!(stderr.contains("error: line 2: "), "{}", stderr);
    assert_eq!(out.status.code(), Some(1));
    // The bad line's answer is left empty, so that answers stay in step with the lines.
    assert_eq!(text(&out.stdout), "1\n\n1\n");
}

#[test]
fn invisible_characters_in_errors_are_shown_as_code_points() {
    let out = sudoku(&["count", "--jobs", "1"], "12\u{200b}\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("unexpected character `\\u{200b}` at position 3"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn sixteen_by_sixteen_and_larger_boards_are_one_line_each_too() {
    // The SPOJ SUDOKU sample on one line, then an empty 4x4 board and an empty 25x25 one.
    let sample: String = include_str!("../../../problems/spoj-sudoku/sample.in")
        .lines()
        .skip(1)
        .collect();
    let input = format!("{}\n{}\n{}\n", sample, ".".repeat(16), "-".repeat(625));
    let out = sudoku(&["solve", "--lex"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("FPAHMJECNLBDKOGI") && lines[0].ends_with("IAFJOECGLDPBHMNK"));
    assert_eq!(lines[1], "1234341221434321");
    assert!(lines[2].starts_with("ABCDEFGHIJKLMNOPQRSTUVWXY") && lines[2].len() == 625);
    let counted = sudoku(
        &["count", "--limit", "300"],
        format!("{}\n", ".".repeat(16)),
    );
    assert_eq!(text(&counted.stdout), "288\n");
}
