//! tdoku (t-dillon/tdoku, C++, BSD-2-Clause), the fastest published 9x9 solver, linked into the
//! benchmarks so that both solvers are timed in one process, on the same puzzles, alternating.
//!
//! Nothing of tdoku is in this workspace. The build script compiles its solver from a checkout
//! named by `TDOKU_DIR` (`../shared/peers/tdoku/README.md` says how to get one), with `-O3
//! -march=native` and the compiler in `CXX` (clang's build is tdoku's fastest):
//!
//! ```sh
//! TDOKU_DIR=~/peers/tdoku CXX=clang++ cargo bench -p sudoku-bench --bench solvers
//! ```
//!
//! Without `TDOKU_DIR` nothing is compiled and [`Tdoku::linked`] is `None`.

use sudoku_core::grid::Grid;

/// A puzzle as tdoku reads it: 81 cells in reading order, `1` to `9` for a given and `.` for a
/// blank, then a NUL (tdoku reads that byte too: anything from `.` up would announce pencil
/// marks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TdokuPuzzle([u8; 82]);

impl TdokuPuzzle {
    /// `puzzle` as tdoku reads it.
    pub fn of(puzzle: &Grid) -> TdokuPuzzle {
        let mut text = [0; 82];
        for (byte, &digit) in text.iter_mut().zip(puzzle.cells().iter()) {
            *byte = if digit == 0 { b'.' } else { b'0' + digit };
        }
        TdokuPuzzle(text)
    }
}

/// What to tell a user of a build without tdoku.
pub const NOT_LINKED: &str =
    "tdoku is not linked into this build (set TDOKU_DIR; see sudoku_bench::tdoku)";

/// tdoku's fastest solver (`TdokuSolverDpllTriadSimd`), which exists only in a build that
/// compiled it.
#[derive(Clone, Copy, Debug)]
pub struct Tdoku {
    _linked: (),
}

impl Tdoku {
    /// The solver, if this build compiled it (`TDOKU_DIR` was set); `None` otherwise.
    pub fn linked() -> Option<Tdoku> {
        if cfg!(tdoku_linked) {
            Some(Tdoku { _linked: () })
        } else {
            None
        }
    }

    /// How many solutions `puzzle` has, counting no further than `limit` (at least 1; 1 asks
    /// for any solution), as tdoku counts them.
    pub fn count(&self, puzzle: &TdokuPuzzle, limit: usize) -> usize {
        linked::count(puzzle, limit.max(1))
    }
}

#[cfg(tdoku_linked)]
#[allow(unsafe_code)]
mod linked {
    use super::TdokuPuzzle;
    use std::os::raw::c_char;

    extern "C" {
        fn TdokuSolverDpllTriadSimd(
            puzzle: *const c_char,
            limit: usize,
            configuration: u32,
            solution: *mut c_char,
            num_guesses: *mut usize,
        ) -> usize;
    }

    pub(super) fn count(puzzle: &TdokuPuzzle, limit: usize) -> usize {
        let mut solution = [0 as c_char; 82];
        let mut guesses = 0usize;
        // SAFETY: tdoku reads the 82 bytes of `puzzle` (the NUL after the 81 cells tells it
        // they are cells, not pencil marks), writes at most 81 bytes of one solution into
        // `solution` (82 bytes) and one count into `guesses`, and keeps no pointer past the call.
        unsafe {
            TdokuSolverDpllTriadSimd(
                puzzle.0.as_ptr().cast(),
                limit,
                0,
                solution.as_mut_ptr(),
                &mut guesses,
            )
        }
    }
}

#[cfg(not(tdoku_linked))]
mod linked {
    use super::TdokuPuzzle;

    /// Never called: a [`super::Tdoku`] exists only in a build that linked tdoku.
    pub(super) fn count(_: &TdokuPuzzle, _: usize) -> usize {
        unreachable!("tdoku is not linked into this build")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puzzles_are_written_as_tdoku_reads_them() {
        let mut puzzle = Grid::EMPTY;
        puzzle.set(0, 5);
        puzzle.set(80, 9);
        let TdokuPuzzle(text) = TdokuPuzzle::of(&puzzle);
        assert_eq!(text[0], b'5');
        assert_eq!(text[1..80], [b'.'; 79]);
        assert_eq!(text[80..], [b'9', 0]);
    }

    /// Only in a build that linked tdoku (`TDOKU_DIR` set).
    #[cfg(tdoku_linked)]
    #[test]
    fn the_linked_solver_counts() {
        let tdoku = Tdoku::linked().expect("a build that linked tdoku");
        let empty = TdokuPuzzle::of(&Grid::EMPTY);
        assert_eq!(tdoku.count(&empty, 1), 1);
        assert_eq!(tdoku.count(&empty, 2), 2);
        let mut clash = Grid::EMPTY;
        clash.set(0, 1);
        clash.set(1, 1);
        assert_eq!(tdoku.count(&TdokuPuzzle::of(&clash), 2), 0);
    }
}
