//! The shared engine of the sudoku-judges workspace, standard library only and kept within
//! Rust 1.63 so that judge submissions built from it compile on old compilers.
//!
//! Four module trees, each with its internals private:
//!
//! - [`engine`]: the 9x9 engine. Any solution, the lexicographically smallest solution, counting
//!   up to a limit, and each of its search strategies alone, for measuring.
//! - [`family`]: the sudoku family beyond 9x9 (boards of `n x n` boxes, `n` from 1 to 5), with
//!   the same three questions, on a general engine of its own.
//! - [`domino`]: Su-Domino-Ku puzzles, their search, and a generator of puzzles with one board.
//! - [`judge`]: what judge binaries share: line-numbered input, the problems' text formats and
//!   the process wrapper. Each judge's answer lives in its own binary crate.
//!
//! Beside them: the board ([`grid`]), its geometry ([`units`]), digit sets ([`masks`]) and a
//! seeded random source ([`random`]).
//!
//! The front door is re-exported here:
//!
//! ```
//! use sudoku_core::judge::board_text::parse_line;
//! use sudoku_core::{count_solutions, solve, solve_smallest};
//!
//! let puzzle = parse_line(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//! )
//! .unwrap();
//! let solution = solve(&puzzle).unwrap();
//! assert!(solution.solves(&puzzle));
//! assert_eq!(solve_smallest(&puzzle), Some(solution)); // it has only one solution
//! assert_eq!(count_solutions(&puzzle, 2), 1);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod activity;
mod clauses;
pub mod domino;
pub mod engine;
pub mod family;
pub mod grid;
pub mod judge;
pub mod masks;
mod matching;
mod pacing;
mod probe_cursor;
pub mod random;
mod restarts;
mod schedule;
pub mod units;

pub use crate::domino::DominoPuzzle;
pub use crate::engine::{count_solutions, solve, solve_smallest};
pub use crate::grid::Grid;
