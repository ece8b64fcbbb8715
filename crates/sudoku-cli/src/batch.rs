//! Answering many puzzles on several threads while keeping their order.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;

use sudoku_core::solve::{count_solutions, solve, solve_smallest};
use sudoku_core::text::{parse_line, write_line};

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

/// Puzzles handed to a worker at a time: large enough to keep locking rare, small enough to
/// balance hard puzzles across threads.
const CHUNK: usize = 64;

/// Answers every `(line number, text)` puzzle with `task` on `jobs` threads, in input order,
/// calling `progress` with the number of puzzles finished as chunks complete.
pub fn run_batch(
    lines: &[(usize, &str)],
    task: Task,
    jobs: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Outcome> {
    let chunks: Vec<&[(usize, &str)]> = lines.chunks(CHUNK).collect();
    let results: Vec<Mutex<Vec<Outcome>>> = chunks.iter().map(|_| Mutex::new(Vec::new())).collect();
    let next = AtomicUsize::new(0);
    thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, chunks.len().max(1)) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let chunk = match chunks.get(index) {
                    Some(chunk) => chunk,
                    None => break,
                };
                let answers: Vec<Outcome> =
                    chunk.iter().map(|(_, text)| answer(text, task)).collect();
                *results[index].lock().unwrap_or_else(|e| e.into_inner()) = answers;
                progress(chunk.len());
            });
        }
    });
    results
        .into_iter()
        .flat_map(|slot| slot.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect()
}

/// The answer to one puzzle line.
pub fn answer(text: &str, task: Task) -> Outcome {
    let puzzle = match parse_line(text) {
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
            match solution {
                Some(grid) => {
                    let mut line = String::with_capacity(82);
                    write_line(&grid, &mut line);
                    Outcome::Solved(line)
                }
                None => Outcome::Unsolvable("\n".to_string()),
            }
        }
        Task::Count { limit } => {
            let count = count_solutions(&puzzle, limit);
            let line = format!("{}\n", count);
            if count == 0 {
                Outcome::Unsolvable(line)
            } else {
                Outcome::Solved(line)
            }
        }
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
        let one = run_batch(&lines, task, 1, &|_| {});
        let many = run_batch(&lines, task, 4, &|_| {});
        assert_eq!(one, many);
        assert_eq!(one.len(), 300);
        assert_eq!(
            one[3],
            Outcome::Invalid("unexpected character 'o' at position 1".into())
        );
        assert!(matches!(one[4], Outcome::Solved(_)), "{:?}", one[4]);
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
}
