//! The statistics `tournament` and `analyze` report: confidence intervals and Elo ratings.

/// The 95% Wilson score interval of a proportion: `k` successes in `n` trials (a draw may count
/// a half). `(0, 1)` for no trials.
pub fn wilson(k: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let p = k / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    (
        ((centre - spread) / scale).max(0.0),
        ((centre + spread) / scale).min(1.0),
    )
}

/// Elo ratings from pairwise results by the Bradley-Terry model (a draw half a win for each),
/// fitted by minorisation-maximisation; their mean is 0. `score[i][j]` is what `i` scored
/// against `j`, `games[i][j]` how many games they played. Each rating comes with the half-width
/// of its 95% interval (from the model's information; infinite for a player who never played, or
/// who won or lost every game).
pub fn elo(score: &[Vec<f64>], games: &[Vec<f64>]) -> Vec<(f64, f64)> {
    let n = score.len();
    // Half a draw against a virtual equal opponent keeps a clean sweep finite.
    let prior = 0.5;
    let mut strength = vec![1.0f64; n];
    for _ in 0..2000 {
        let mut next = strength.clone();
        for i in 0..n {
            let wins: f64 = score[i].iter().sum::<f64>() + prior;
            let denominator: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| games[i][j] / (strength[i] + strength[j]))
                .sum::<f64>()
                + 2.0 * prior / (strength[i] + 1.0);
            if denominator > 0.0 {
                next[i] = wins / denominator;
            }
        }
        // Fix the scale: geometric mean 1.
        let mean_log = next.iter().map(|s| s.ln()).sum::<f64>() / n.max(1) as f64;
        for s in &mut next {
            *s /= mean_log.exp();
        }
        let change = next
            .iter()
            .zip(&strength)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        strength = next;
        if change < 1e-10 {
            break;
        }
    }
    let to_elo = 400.0 / std::f64::consts::LN_10;
    (0..n)
        .map(|i| {
            let information: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| {
                    let p = strength[i] / (strength[i] + strength[j]);
                    games[i][j] * p * (1.0 - p)
                })
                .sum();
            let half_width = if information > 0.0 {
                1.959_964 * to_elo / information.sqrt()
            } else {
                f64::INFINITY
            };
            (to_elo * strength[i].ln(), half_width)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_brackets_the_proportion() {
        let (lo, hi) = wilson(50.0, 100.0);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(100.0, 100.0);
        assert!(lo > 0.96 && hi == 1.0);
    }

    #[test]
    fn elo_orders_players_by_results() {
        // a beats b 75%, b beats c 75%: about +191 Elo a step.
        let games = vec![
            vec![0.0, 100.0, 0.0],
            vec![100.0, 0.0, 100.0],
            vec![0.0, 100.0, 0.0],
        ];
        let score = vec![
            vec![0.0, 75.0, 0.0],
            vec![25.0, 0.0, 75.0],
            vec![0.0, 25.0, 0.0],
        ];
        let r = elo(&score, &games);
        assert!(r[0].0 > r[1].0 && r[1].0 > r[2].0);
        let step = r[0].0 - r[1].0;
        assert!((step - 190.8).abs() < 15.0, "{step}");
        assert!(r[0].1 > 0.0 && r[0].1 < 200.0);
    }
}
