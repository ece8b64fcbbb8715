//! Times the family engine on one-line boards (as `family_puzzles` prints them), each alone, best
//! of three: `family_rate first|count FILE`. Prints each board's time and the median.

use std::time::{Duration, Instant};

use sudoku_core::judge::family_text::parse_line;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mode, path) = match args.as_slice() {
        [mode, path] if mode == "first" || mode == "count" => (mode.as_str(), path),
        _ => {
            eprintln!("usage: family_rate first|count FILE");
            std::process::exit(2);
        }
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("error: {}: {}", path, e);
        std::process::exit(1)
    });
    let mut times: Vec<Duration> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let puzzle = match parse_line(line) {
            Ok(puzzle) => puzzle,
            Err(e) => {
                eprintln!("line {}: {}", index + 1, e);
                continue;
            }
        };
        let mut best = Duration::MAX;
        for _ in 0..3 {
            let start = Instant::now();
            let answered = match mode {
                "first" => puzzle.solution().is_some(),
                _ => puzzle.count_solutions(2) == 1,
            };
            best = best.min(start.elapsed());
            assert!(answered, "line {}", index + 1);
        }
        println!("line {}: {:?}", index + 1, best);
        times.push(best);
    }
    times.sort();
    if !times.is_empty() {
        println!(
            "{} boards, median {:?}, worst {:?}",
            times.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}
