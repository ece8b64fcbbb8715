//! The 9x9 engine: any solution, the lexicographically smallest solution, and counting, by a
//! portfolio of depth-first searches over bitboards.
//!
//! Its front end is re-exported here (and the three solving functions at the crate root). The
//! internals are private, one job a module:
//!
//! - `layout`: how a position is laid out in bits (with a diagram), and the tables built on it;
//! - `board`: a position, and the reasoning that narrows it;
//! - `search`: the depth-first search and the branching rules it can follow;
//! - `learning`: the search that learns a clause from each contradiction;
//! - `twins`: a second solution read off a first, for counting;
//! - `solve`: the portfolio of strategies that answers each question.
//!
//! [`baseline`] is the textbook row-major search, kept as a yardstick.

pub mod baseline;
mod board;
mod layout;
mod learning;
mod search;
mod solve;
mod twins;

pub use self::solve::{
    count_solutions, measure, solve, solve_smallest, Answer, Measured, Question, Strategy,
};
