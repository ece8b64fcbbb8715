//! What every timing program here reports beside its figures: the processor they were measured
//! on, and the spread of repeated measurements.

/// The lower quartile, median and upper quartile of `values` (not empty), each the value at
/// that rank of the sorted values.
pub fn quartiles(values: &[f64]) -> [f64; 3] {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let last = sorted.len() - 1;
    [
        sorted[last / 4],
        sorted[last / 2],
        sorted[(3 * last).div_ceil(4)],
    ]
}

/// The processor's name, family and model, as `/proc/cpuinfo` gives them (ratios to tdoku
/// differ between makes), and the count of cores.
pub fn processor() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        info.lines()
            .filter_map(|line| line.split_once(':'))
            .find(|(name, _)| name.trim() == key)
            .map_or("?".to_string(), |(_, value)| value.trim().to_string())
    };
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!(
        "{} (family {}, model {}), {} cores",
        field("model name"),
        field("cpu family"),
        field("model"),
        cores
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartiles_are_values_at_their_ranks_whatever_the_order() {
        assert_eq!(quartiles(&[7.0]), [7.0; 3]);
        assert_eq!(quartiles(&[4.0, 1.0, 3.0, 2.0, 5.0]), [2.0, 3.0, 4.0]);
        assert_eq!(quartiles(&[2.0, 1.0]), [1.0, 1.0, 2.0]);
        let spread: Vec<f64> = (0..9).rev().map(f64::from).collect();
        assert_eq!(quartiles(&spread), [2.0, 4.0, 6.0]);
    }
}
