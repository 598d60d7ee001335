//! Player specifications, as written wherever a player is chosen: `human`, `random`, `mcts`,
//! `mcts:iterations=20000`, `mcts:time=1s,threads=4`, `solver:time=1s`.

use std::fmt;
use std::time::Duration;

/// How long a search thinks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// A number of iterations in all: the same seed and number give the same move on any number
    /// of threads.
    Iterations(u64),
    /// Wall-clock time per move: as many iterations as fit, so the move depends on the machine.
    Time(Duration),
}

/// The settings of a Monte Carlo tree search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    pub budget: Budget,
    /// Threads searching at once, 0 for every core; they share the work of a fixed number of
    /// trees, so the result of an iteration budget does not depend on how many there are.
    pub threads: usize,
    /// The UCT exploration constant, for rewards scaled to -1..1.
    pub exploration: f64,
    /// A playout longer than this many actions is cut and judged by material (random play rarely
    /// ends some games, such as Xiangqi or shogi, and would play on for a long time).
    pub playout_limit: u64,
    /// Judges a cut playout by the game's `estimate` rules where it has any (`false`: by
    /// material, as in a game without them), so an author can measure what an estimate is worth.
    pub estimate: bool,
    /// Maximises points, so that a gammon's 2 is worth twice a plain win (`false`: every win
    /// counts 1, for measuring how often a search wins rather than what it scores).
    pub scores: bool,
    /// Proves wins, losses and draws in the tree (MCTS-Solver): the search for deterministic
    /// games of perfect information, sound in any game.
    pub solver: bool,
    /// The seed of the search's own random choices.
    pub seed: u64,
    /// The independent trees an iteration budget is split over (their root statistics are
    /// added up): threads share them, so the move does not depend on the number of threads, and
    /// no more than this many threads help. Fewer trees search deeper; a time budget has one
    /// tree per thread.
    pub trees: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(10_000),
            threads: 0,
            exploration: 1.0,
            playout_limit: 200,
            estimate: true,
            scores: true,
            solver: false,
            seed: 1,
            trees: DEFAULT_TREES,
        }
    }
}

/// Who chooses a player's actions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerSpec {
    Human,
    Random,
    Mcts(MctsConfig),
}

/// The most iterations one search may be asked for, and the longest time: beyond them a typo
/// (an extra zero or three) is more likely than a wish.
pub const MAX_ITERATIONS: u64 = 1_000_000_000;
pub const MAX_SECONDS: f64 = 86_400.0;
/// The shortest time a search may be given: a thousandth of a second (a shorter time would be
/// no time at all once rounded).
pub const MIN_SECONDS: f64 = 0.001;
pub const MAX_PLAYOUT_LIMIT: u64 = 1_000_000_000;
pub const MAX_THREADS: usize = 256;
/// The trees an iteration budget is split over unless told otherwise: as many as the threads of
/// a large machine may use.
pub const DEFAULT_TREES: usize = 8;

impl MctsConfig {
    /// The threads a search runs on: `threads`, or every core when it is 0.
    pub fn threads_to_use(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }
}

/// A length of time in seconds, written as a number and a unit (`300ms`, `2s`, `30m`, `12h`,
/// `7d`); a bare number is seconds. `None` when it is not one.
pub fn parse_seconds(text: &str) -> Option<f64> {
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let scale = match unit {
        "ms" => 0.001,
        "" | "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        "d" => 86_400.0,
        _ => return None,
    };
    number.parse::<f64>().ok().map(|n| n * scale)
}

impl PlayerSpec {
    /// The player when `games` games run at once: a search left to use every core gets its
    /// share of them, so that games in parallel do not crowd each other out.
    pub fn sharing_cores(self, games: usize) -> PlayerSpec {
        match self {
            PlayerSpec::Mcts(mut config) if config.threads == 0 && games > 1 => {
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                config.threads = (cores / games).max(1);
                PlayerSpec::Mcts(config)
            }
            other => other,
        }
    }

    /// Parses `human`, `random`, `mcts` or `mcts:KEY=VALUE,...` (keys `iterations`, `time`,
    /// `threads`, `trees`, `c`, `playout_limit`, `estimate`, `scores`, `seed`); `solver` is `mcts` that proves results, with
    /// the same settings.
    pub fn parse(text: &str) -> Result<PlayerSpec, String> {
        let (name, settings) = match text.split_once(':') {
            Some((name, rest)) => (name, Some(rest)),
            None => (text, None),
        };
        match (name, settings) {
            ("human", None) => Ok(PlayerSpec::Human),
            ("random", None) => Ok(PlayerSpec::Random),
            ("human" | "random", Some(_)) => Err(format!("`{name}` takes no settings: `{name}`")),
            ("mcts" | "solver", settings) => {
                let mut config = MctsConfig {
                    solver: name == "solver",
                    ..MctsConfig::default()
                };
                let mut given: Vec<&str> = Vec::new();
                for item in settings.unwrap_or("").split(',').filter(|s| !s.is_empty()) {
                    let (key, value) = item.split_once('=').ok_or_else(|| {
                        format!(
                            "`{item}` in `{text}` is not KEY=VALUE (as in `mcts:iterations=20000`)"
                        )
                    })?;
                    let key = key.trim();
                    config_set(&mut config, key, value.trim())?;
                    // A setting given twice, or both budgets, would leave one of them unheeded.
                    let budget = |k: &str| k == "iterations" || k == "time";
                    if let Some(earlier) = given
                        .iter()
                        .find(|&&k| k == key || (budget(k) && budget(key)))
                    {
                        return Err(if *earlier == key {
                            format!("`{key}` is given twice in `{text}`")
                        } else {
                            format!("`{text}` gives both `iterations` and `time`: give one budget")
                        });
                    }
                    given.push(key);
                }
                Ok(PlayerSpec::Mcts(config))
            }
            _ => Err(format!(
                "`{text}` is not a player: `human`, `random`, `mcts`, `mcts:iterations=N`, `mcts:time=2s` or `solver:time=2s`"
            )),
        }
    }
}

fn config_set(config: &mut MctsConfig, key: &str, value: &str) -> Result<(), String> {
    // Numbers below a thousandth are no use as settings and would be written back in dozens
    // of digits.
    let number = |max: f64| -> Result<f64, String> {
        match value.parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.001 && v <= max => Ok(v),
            _ => Err(format!(
                "`{key}={value}`: give a number from 0.001 to {max}"
            )),
        }
    };
    let whole = |max: u64| -> Result<u64, String> {
        value
            .parse::<u64>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or_else(|| format!("`{key}={value}`: give a whole number from 1 to {max}"))
    };
    let switch = || match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("`{key}={value}`: give `true` or `false`")),
    };
    match key {
        "iterations" => config.budget = Budget::Iterations(whole(MAX_ITERATIONS)?),
        "time" => {
            let seconds = parse_seconds(value)
                .filter(|v| v.is_finite() && *v >= MIN_SECONDS && *v <= MAX_SECONDS)
                .ok_or_else(|| {
                    format!(
                        "`time={value}`: give a time from 1ms to {MAX_SECONDS}s, such as `2s`, `0.5s` or `300ms`"
                    )
                })?;
            // Whole nanoseconds, rounded, so that the time written back reads back the same.
            config.budget = Budget::Time(Duration::from_nanos((seconds * 1e9).round() as u64));
        }
        "threads" => config.threads = whole(MAX_THREADS as u64)? as usize,
        "trees" => config.trees = whole(MAX_THREADS as u64)? as usize,
        "c" => config.exploration = number(100.0)?,
        "playout_limit" => config.playout_limit = whole(MAX_PLAYOUT_LIMIT)?,
        "estimate" => config.estimate = switch()?,
        "scores" => config.scores = switch()?,
        "seed" => {
            config.seed = value
                .parse::<u64>()
                .map_err(|_| format!("`seed={value}`: give a whole number"))?
        }
        _ => {
            return Err(format!(
                "`{key}` is not a setting of a search: `iterations`, `time`, `threads`, `trees`, `c`, `playout_limit`, `estimate`, `scores` or `seed`"
            ));
        }
    }
    Ok(())
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => write!(f, "human"),
            PlayerSpec::Random => write!(f, "random"),
            PlayerSpec::Mcts(c) => {
                let name = if c.solver { "solver" } else { "mcts" };
                match c.budget {
                    Budget::Iterations(n) => write!(f, "{name}:iterations={n}")?,
                    Budget::Time(t) => write!(f, "{name}:time={}s", t.as_secs_f64())?,
                }
                // Every setting that differs from the default, so the text reads back the same.
                let default = MctsConfig::default();
                if c.threads != default.threads {
                    write!(f, ",threads={}", c.threads)?;
                }
                if c.trees != default.trees {
                    write!(f, ",trees={}", c.trees)?;
                }
                if c.exploration != default.exploration {
                    write!(f, ",c={}", c.exploration)?;
                }
                if c.playout_limit != default.playout_limit {
                    write!(f, ",playout_limit={}", c.playout_limit)?;
                }
                if c.estimate != default.estimate {
                    write!(f, ",estimate={}", c.estimate)?;
                }
                if c.scores != default.scores {
                    write!(f, ",scores={}", c.scores)?;
                }
                if c.seed != default.seed {
                    write!(f, ",seed={}", c.seed)?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specifications_parse() {
        assert_eq!(PlayerSpec::parse("random"), Ok(PlayerSpec::Random));
        assert_eq!(PlayerSpec::parse("human"), Ok(PlayerSpec::Human));
        let Ok(PlayerSpec::Mcts(c)) = PlayerSpec::parse("mcts:iterations=500,threads=3") else {
            panic!("not parsed");
        };
        assert_eq!((c.budget, c.threads), (Budget::Iterations(500), 3));
        let Ok(PlayerSpec::Mcts(c)) = PlayerSpec::parse("mcts:time=250ms") else {
            panic!("not parsed");
        };
        assert_eq!(c.budget, Budget::Time(Duration::from_millis(250)));
        assert_eq!(
            PlayerSpec::parse("mcts").map(|p| p.to_string()),
            Ok("mcts:iterations=10000".into())
        );
        for text in [
            "mcts:time=0.25s,threads=2,c=0.7,playout_limit=50,estimate=false,scores=false,seed=9",
            "mcts:iterations=500,trees=1",
            "solver:iterations=300,seed=4",
        ] {
            let spec = PlayerSpec::parse(text).expect(text);
            assert_eq!(spec.to_string(), text);
        }
        let Ok(PlayerSpec::Mcts(c)) = PlayerSpec::parse("solver:iterations=300") else {
            panic!("not parsed");
        };
        assert!(c.solver);
        assert_eq!(
            PlayerSpec::Mcts(c).to_string(),
            "solver:iterations=300",
            "written back as read"
        );
    }

    #[test]
    fn mistakes_are_explained() {
        for bad in [
            "mcts:iterations=0",
            "mcts:iterations=-3",
            "mcts:time=forever",
            "mcts:time=0s",
            "mcts:time=0.0000000001s",
            "mcts:c=1e-300",
            "mcts:playout_limit=0.5",
            "mcts:playout_limit=0",
            "mcts:iterations=5,iterations=6",
            "mcts:time=1s,iterations=5",
            "mcts:threads=0",
            "mcts:depth=3",
            "mcts:iterations",
            "alphabeta",
            "random:fast",
        ] {
            let err = PlayerSpec::parse(bad).expect_err(bad);
            assert!(err.contains('`'), "{bad}: {err}");
        }
    }
}
