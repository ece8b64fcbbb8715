//! The shared engine of the sudoku-judges workspace: board geometry and constraint masks, a
//! propagating search that finds any solution, the lexicographically smallest solution or counts
//! solutions, the Su-Domino-Ku search, and the text and process plumbing judge solutions share.
//!
//! Standard library only, and kept within Rust 1.63 so that judge submissions built from it
//! compile on old compilers.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod baseline;
pub mod domino;
pub mod grid;
pub mod input;
pub mod judge;
pub mod masks;
pub mod random;
mod search;
pub mod solve;
pub mod text;
pub mod units;
