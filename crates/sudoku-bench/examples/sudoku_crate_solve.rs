//! The `sudoku` crate doing what `sudoku solve --jobs 1` does, as a whole process, for the
//! command-line comparison in BENCHMARKS.md: one puzzle a line in, one solution a line out.

use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    match std::env::args_os().nth(1) {
        Some(path) => input = std::fs::read_to_string(path)?,
        None => {
            io::stdin().read_to_string(&mut input)?;
        }
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for line in input.lines().map(str::trim).filter(|l| !l.is_empty()) {
        match sudoku::Sudoku::from_str_line(line)
            .ok()
            .and_then(|s| s.some_solution())
        {
            Some(solution) => writeln!(out, "{}", solution.to_str_line())?,
            None => writeln!(out)?,
        }
    }
    out.flush()
}
