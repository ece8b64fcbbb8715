//! Answering many puzzles on several threads while keeping their order.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use sudoku_core::engine::{count_solutions, solve, solve_smallest};
use sudoku_core::family::Sudoku;
use sudoku_core::judge::{board_text, family_text};

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug)]
pub enum Task {
    /// Find a solution; the smallest one if `smallest`.
    Solve { smallest: bool },
    /// Count solutions, no further than `limit`.
    Count { limit: usize },
}

/// The answer to one puzzle line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The output line (a solution, or a count of at least one), newline included.
    Solved(String),
    /// The puzzle has no solution; the output line to print for it (empty, or a zero count).
    Unsolvable(String),
    /// The line is not a puzzle; why.
    Invalid(String),
}

/// Puzzles handed to a worker at a time: large enough to keep hand-overs rare, small enough to
/// balance hard puzzles across threads.
const CHUNK: usize = 64;

/// Answers every `(line number, text)` puzzle (its text trimmed of white space) with `task` on
/// `jobs` threads and hands each line number and outcome to `emit` in input order, as soon as
/// that puzzle and every one before it are answered. Stops early with `emit`'s first error.
pub fn run_batch<E>(
    lines: &[(usize, &str)],
    task: Task,
    jobs: usize,
    emit: &mut dyn FnMut(usize, Outcome) -> Result<(), E>,
) -> Result<(), E> {
    if jobs <= 1 {
        // One thread: the caller's own, with nothing to hand over or wait for.
        for &(line, text) in lines {
            emit(line, answer(text, task))?;
        }
        return Ok(());
    }
    let chunks: Vec<&[(usize, &str)]> = lines.chunks(CHUNK).collect();
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, Vec<Outcome>)>();
    thread::scope(|scope| {
        for _ in 0..jobs.min(chunks.len()) {
            let sender = sender.clone();
            let (chunks, next) = (&chunks, &next);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let chunk = match chunks.get(index) {
                    Some(chunk) => chunk,
                    None => break,
                };
                let answers = chunk.iter().map(|(_, text)| answer(text, task)).collect();
                if sender.send((index, answers)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        // Chunks answered out of order wait here until the ones before them arrive.
        let mut waiting: BTreeMap<usize, Vec<Outcome>> = BTreeMap::new();
        let mut due = 0;
        for (index, answers) in receiver {
            waiting.insert(index, answers);
            while let Some(answers) = waiting.remove(&due) {
                for (&(line, _), outcome) in chunks[due].iter().zip(answers) {
                    if let Err(error) = emit(line, outcome) {
                        // Send the workers home: no chunk is left for them to take.
                        next.store(chunks.len(), Ordering::Relaxed);
                        return Err(error);
                    }
                }
                due += 1;
            }
        }
        Ok(())
    })
}

/// The answer to one puzzle line, white space trimmed: a 9x9 board for the 9x9 engine, or a
/// board of another size (1, 16, 256 or 625 cells) for the family engine.
fn answer(text: &str, task: Task) -> Outcome {
    // A line of 81 bytes holds 21 to 81 characters, so no board of another size: only lines of
    // other lengths have their characters counted.
    if text.len() != 81 && [1, 16, 256, 625].contains(&text.chars().count()) {
        return match family_text::parse_line(text) {
            Ok(puzzle) => answer_family(&puzzle, task),
            Err(message) => Outcome::Invalid(message),
        };
    }
    let puzzle = match board_text::parse_line(text) {
        Ok(puzzle) => puzzle,
        Err(message) => return Outcome::Invalid(message),
    };
    match task {
        Task::Solve { smallest } => {
            let solution = if smallest {
                solve_smallest(&puzzle)
            } else {
                solve(&puzzle)
            };
            solved(solution.map(|grid| {
                let mut line = String::with_capacity(82);
                board_text::write_line(&grid, &mut line);
                line
            }))
        }
        Task::Count { limit } => counted(count_solutions(&puzzle, limit)),
    }
}

/// The answer to a board of any size but 9x9.
fn answer_family(puzzle: &Sudoku, task: Task) -> Outcome {
    match task {
        Task::Solve { smallest } => {
            let solution = if smallest {
                puzzle.smallest_solution()
            } else {
                puzzle.solution()
            };
            solved(solution.map(|board| {
                let mut line = String::new();
                family_text::write_line(&board, &mut line);
                line
            }))
        }
        Task::Count { limit } => counted(puzzle.count_solutions(limit)),
    }
}

/// The outcome of a solution written as `line`, or of none.
fn solved(line: Option<String>) -> Outcome {
    match line {
        Some(line) => Outcome::Solved(line),
        None => Outcome::Unsolvable("\n".to_string()),
    }
}

/// The outcome of a count.
fn counted(count: usize) -> Outcome {
    // `format!` took about 420 instructions here, 2 % of counting a `serg-benchmark` puzzle.
    let mut line = String::with_capacity(21);
    line.push_str(itoa::Buffer::new().format(count));
    line.push('\n');
    if count == 0 {
        Outcome::Unsolvable(line)
    } else {
        Outcome::Solved(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn order_is_kept_whatever_the_threads() {
        let text: Vec<String> = (0..300)
            .map(|i| {
                if i % 7 == 3 {
                    "oops".to_string()
                } else {
                    EASY.to_string()
                }
            })
            .collect();
        let lines: Vec<(usize, &str)> = text
            .iter()
            .enumerate()
            .map(|(i, t)| (i + 1, t.as_str()))
            .collect();
        let task = Task::Count { limit: 2 };
        let collect = |jobs| {
            let mut outcomes = Vec::new();
            run_batch::<()>(&lines, task, jobs, &mut |line, outcome| {
                outcomes.push((line, outcome));
                Ok(())
            })
            .unwrap();
            outcomes
        };
        let one: Vec<(usize, Outcome)> = collect(1);
        let many = collect(4);
        assert_eq!(one, many);
        assert!(one.iter().enumerate().all(|(i, (line, _))| *line == i + 1));
        let one: Vec<Outcome> = one.into_iter().map(|(_, outcome)| outcome).collect();
        assert_eq!(one.len(), 300);
        assert_eq!(
            one[3],
            Outcome::Invalid("unexpected character `o` at position 1".into())
        );
        assert!(matches!(one[4], Outcome::Solved(_)), "{:?}", one[4]);
    }

    #[test]
    fn an_error_from_emit_stops_the_batch() {
        let lines: Vec<(usize, &str)> = (1..=1000).map(|line| (line, EASY)).collect();
        let mut emitted = 0;
        let result = run_batch(&lines, Task::Count { limit: 2 }, 3, &mut |line, _| {
            emitted += 1;
            if line == 100 {
                Err(line)
            } else {
                Ok(())
            }
        });
        assert_eq!(result, Err(100));
        assert_eq!(emitted, 100);
    }

    #[test]
    fn unsolvable_puzzles_are_told_apart() {
        let broken = format!("11{}", &EASY[2..]);
        assert_eq!(
            answer(&broken, Task::Solve { smallest: false }),
            Outcome::Unsolvable("\n".into())
        );
        assert_eq!(
            answer(&broken, Task::Count { limit: 5 }),
            Outcome::Unsolvable("0\n".into())
        );
        assert_eq!(
            answer(&".".repeat(81), Task::Count { limit: 5 }),
            Outcome::Solved("5\n".into())
        );
    }

    #[test]
    fn boards_of_other_sizes_go_to_the_family_engine() {
        let sixteen = format!("A{}", "-".repeat(255));
        match answer(&sixteen, Task::Solve { smallest: true }) {
            Outcome::Solved(line) => assert!(line.starts_with("ABCDEFGHIJKLMNOP"), "{}", line),
            other => panic!("{:?}", other),
        }
        assert_eq!(
            answer(&".".repeat(16), Task::Count { limit: 1000 }),
            Outcome::Solved("288\n".into())
        );
        let twenty_five = format!("Z{}", ".".repeat(624));
        assert_eq!(
            answer(&twenty_five, Task::Count { limit: 2 }),
            Outcome::Invalid("unexpected character `Z` at position 1 of a 25x25 board".into())
        );
        assert_eq!(
            answer("12345", Task::Count { limit: 2 }),
            Outcome::Invalid("expected 81 cells, found 5".into())
        );
    }
}
