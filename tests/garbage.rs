//! Damaged input: every case of every problem, cut, spliced and sprinkled with stray bytes, must
//! still be answered or rejected cleanly (exit status 0 or 1, `error:` lines, no panic, no hang).

use harness::{binary, check_well_behaved, problems, run};
use sudoku_core::random::Rng;

/// A damaged copy of `input`, the kind of damage chosen by `kind`.
fn damage(input: &[u8], kind: usize, rng: &mut Rng) -> Vec<u8> {
    let mut bytes = input.to_vec();
    let at = rng.below(bytes.len() + 1);
    let lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    match kind {
        0 => bytes.truncate(at),
        1 => {
            if at < bytes.len() {
                bytes[at] = rng.below(256) as u8;
            }
        }
        2 => {
            const STRAY: &[u8] = b" \t\r\n0123456789ABCIJ.-+x\xff\xc3";
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(bytes.len() + 1);
                bytes.insert(at, STRAY[rng.below(STRAY.len())]);
            }
        }
        3 => {
            let skip = rng.below(lines.len());
            bytes = lines
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .flat_map(|(_, line)| line.iter().copied().chain(Some(b'\n')))
                .collect();
        }
        _ => {
            let twice = rng.below(lines.len());
            bytes = lines
                .iter()
                .enumerate()
                .flat_map(|(i, line)| {
                    let copies = if i == twice { 2 } else { 1 };
                    std::iter::repeat(line.iter().copied().chain(Some(b'\n'))).take(copies)
                })
                .flatten()
                .collect();
        }
    }
    bytes
}

#[test]
fn damaged_inputs_are_answered_or_rejected_cleanly() {
    let mut rng = Rng::new(0x0BAD_1DEA);
    let mut runs = 0;
    let mut rejected = 0;
    for problem in problems().unwrap() {
        let program = binary(&problem.id);
        for case in &problem.cases {
            for kind in 0..5 {
                for _ in 0..2 {
                    let input = damage(&case.input, kind, &mut rng);
                    let label = format!(
                        "{}/{} damage {}: {:?}",
                        problem.id,
                        case.name,
                        kind,
                        String::from_utf8_lossy(&input)
                    );
                    let outcome =
                        run(&program, &input).unwrap_or_else(|e| panic!("{}: {}", label, e));
                    check_well_behaved(&outcome).unwrap_or_else(|e| panic!("{}: {}", label, e));
                    if outcome.status == Some(1) {
                        rejected += 1;
                    }
                    runs += 1;
                }
            }
        }
    }
    println!("{} damaged inputs, {} rejected", runs, rejected);
    assert!(
        rejected * 4 > runs,
        "most damage should be caught: {} of {}",
        rejected,
        runs
    );
}
