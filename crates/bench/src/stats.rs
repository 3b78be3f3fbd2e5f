//! Summaries of repeated measurements: median, mean, spread.

use serde::{Deserialize, Serialize};

/// A summary of one series of measurements.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// How many values.
    pub count: usize,
    /// The median.
    pub median: f64,
    /// The mean.
    pub mean: f64,
    /// The smallest value.
    pub min: f64,
    /// The largest value.
    pub max: f64,
    /// The sample standard deviation (0 for fewer than two values).
    pub stdev: f64,
}

impl Summary {
    /// Summarises `values`; `None` when there are none (or any is not a number).
    pub fn of(values: &[f64]) -> Option<Summary> {
        if values.is_empty() || values.iter().any(|v| v.is_nan()) {
            return None;
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let count = sorted.len();
        let mean = sorted.iter().sum::<f64>() / count as f64;
        let variance = if count > 1 {
            sorted.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (count - 1) as f64
        } else {
            0.0
        };
        Some(Summary {
            count,
            median: percentile_of_sorted(&sorted, 0.5),
            mean,
            min: sorted[0],
            max: sorted[count - 1],
            stdev: variance.sqrt(),
        })
    }

    /// The relative spread: standard deviation / mean, in percent (0 when the mean is 0).
    pub fn spread_percent(&self) -> f64 {
        if self.mean == 0.0 {
            0.0
        } else {
            100.0 * self.stdev / self.mean.abs()
        }
    }

    /// The range (max - min) relative to the median, in percent.
    pub fn range_percent(&self) -> f64 {
        if self.median == 0.0 {
            0.0
        } else {
            100.0 * (self.max - self.min) / self.median.abs()
        }
    }
}

/// The `q`-quantile (0..=1) of sorted values, linearly interpolated.
pub fn percentile_of_sorted(sorted: &[f64], q: f64) -> f64 {
    match sorted.len() {
        0 => f64::NAN,
        1 => sorted[0],
        n => {
            let position = q.clamp(0.0, 1.0) * (n - 1) as f64;
            let low = position.floor() as usize;
            let high = position.ceil() as usize;
            let fraction = position - low as f64;
            sorted[low] + (sorted[high] - sorted[low]) * fraction
        }
    }
}

/// The `q`-quantile of unsorted values.
pub fn percentile(values: &[f64], q: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    percentile_of_sorted(&sorted, q)
}

/// Relative error of `measured` against `intended`, in percent.
pub fn error_percent(measured: f64, intended: f64) -> f64 {
    if intended == 0.0 {
        0.0
    } else {
        100.0 * (measured - intended) / intended
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_of_a_small_series() {
        let s = Summary::of(&[3.0, 1.0, 2.0, 4.0]).unwrap();
        assert_eq!(s.count, 4);
        assert_eq!(s.median, 2.5);
        assert_eq!(s.mean, 2.5);
        assert_eq!((s.min, s.max), (1.0, 4.0));
        assert!((s.stdev - 1.290_994).abs() < 1e-5);
        assert!(Summary::of(&[]).is_none());
        assert_eq!(Summary::of(&[5.0]).unwrap().stdev, 0.0);
    }

    #[test]
    fn percentiles_interpolate() {
        assert_eq!(percentile(&[1.0, 2.0, 3.0, 4.0, 5.0], 0.9), 4.6);
        assert_eq!(percentile(&[7.0], 0.99), 7.0);
        assert_eq!(error_percent(1.03, 1.0).round(), 3.0);
    }
}
