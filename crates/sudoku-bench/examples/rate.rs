//! In-process puzzles per second on one file, the way tdoku's benchmark driver measures its own:
//! `rate first FILE` or `rate count FILE` (count to 2); best of three passes, parsing excluded.
//! For side-by-side runs against that driver (see BENCHMARKS.md).

use std::time::Instant;

use sudoku_core::engine::{count_solutions, solve};
use sudoku_core::judge::board_text::parse_line;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mode, path) = match args.as_slice() {
        [mode, path] if mode == "first" || mode == "count" => (mode.as_str(), path),
        _ => {
            eprintln!("usage: rate first|count FILE");
            std::process::exit(2);
        }
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("error: {}: {}", path, e);
        std::process::exit(1)
    });
    let puzzles: Vec<_> = text.lines().filter_map(|l| parse_line(l).ok()).collect();
    let mut best = f64::INFINITY;
    let mut check = 0;
    for _ in 0..3 {
        let start = Instant::now();
        check = match mode {
            "first" => puzzles.iter().filter(|p| solve(p).is_some()).count(),
            _ => puzzles.iter().map(|p| count_solutions(p, 2)).sum(),
        };
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{} n={} puzzles/s={:.0} check={}",
        mode,
        puzzles.len(),
        puzzles.len() as f64 / best,
        check
    );
}
