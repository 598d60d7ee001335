//! Rule cases as data: `games/<game-id>/cases/*.toml`, each a position (or tokens from the start)
//! and what the rules must give there. [`verify_game`] runs a game's cases and measures which rules
//! they exercise; `tabula verify` prints the result. The format is in `docs/CASES.md`.

use crate::catalog::Catalog;
use crate::check::{OptionKind, parse_option_value};
use crate::compile::{DeclaredRule, Game, RuleKind};
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind, LoadError};
use crate::engine::explain::{Explainer, Explanation};
use crate::engine::movegen::Outcome;
use crate::engine::position::{PlayerPieces, PositionFile};
use crate::model::state::State;
use crate::span::{Located, Sources, with_current_file};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// The deepest perft a case may ask for: cases are meant to run in moments.
pub const MAX_PERFT_DEPTH: u32 = 6;

/// How many legal tokens a message about an illegal token lists.
const LEGAL_SHOWN: usize = 24;

/// One case file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    description: Option<Located<String>>,
    source: Option<Located<String>>,
    #[serde(default)]
    options: BTreeMap<String, Located<toml::Value>>,
    #[serde(default)]
    tokens: Vec<Located<String>>,
    position: Option<PositionFile>,
    expect: Located<Expect>,
}

/// What the rules must give in the case's position.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    /// Exactly these legal tokens, in any order.
    moves: Option<Located<Vec<Located<String>>>>,
    /// At least these tokens are legal.
    #[serde(default)]
    legal: Vec<Located<String>>,
    /// None of these tokens is legal.
    #[serde(default)]
    illegal: Vec<Located<String>>,
    /// Depth -> number of action sequences.
    #[serde(default)]
    perft: BTreeMap<String, Located<u64>>,
    /// `"white wins"`, `"draw"` or `"none"` (the game goes on).
    outcome: Option<Located<String>>,
    /// The score of the win.
    score: Option<Located<i64>>,
    to_move: Option<Located<String>>,
    #[serde(default)]
    counters: BTreeMap<String, Located<i64>>,
    /// Each player's standing by the game's `estimate` rules.
    #[serde(default)]
    estimate: BTreeMap<String, Located<i64>>,
    /// The pieces on the board, exactly, written as `[pieces]` of a position file.
    pieces: Option<Located<BTreeMap<String, Located<PlayerPieces>>>>,
    /// A board of columns: the pieces under the top piece of each cell, by symbol, the one right
    /// under the top first; a cell not given holds none.
    under: Option<Located<BTreeMap<String, Located<String>>>>,
}

/// The result of one case.
#[derive(Clone, Debug)]
pub struct CaseReport {
    /// The file stem.
    pub name: String,
    pub path: PathBuf,
    pub description: Option<String>,
    pub source: Option<String>,
    pub result: CaseResult,
}

#[derive(Clone, Debug)]
pub enum CaseResult {
    Pass,
    /// What the rules gave that the case did not expect.
    Fail(Vec<Mismatch>),
    /// The case file itself is wrong: its diagnostics, rendered.
    Invalid(String),
}

/// One expectation that did not hold.
#[derive(Clone, Debug, PartialEq)]
pub enum Mismatch {
    /// `moves`: expected tokens that are not legal, legal tokens that were not expected.
    Moves {
        missing: Vec<String>,
        unexpected: Vec<String>,
    },
    /// `legal` tokens that are not legal.
    NotLegal(Vec<String>),
    /// `illegal` tokens that are legal.
    NotIllegal(Vec<String>),
    Perft {
        depth: u32,
        expected: u64,
        actual: u64,
    },
    Outcome {
        expected: String,
        actual: String,
    },
    ToMove {
        expected: String,
        actual: String,
    },
    Counter {
        name: String,
        expected: i64,
        actual: i64,
    },
    Estimate {
        player: String,
        expected: i64,
        actual: i64,
    },
    /// `pieces`: each cell whose pieces differ, in words.
    Pieces(Vec<String>),
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |tokens: &[String]| {
            if tokens.is_empty() {
                "(none)".to_string()
            } else {
                tokens.join(" ")
            }
        };
        match self {
            Mismatch::Moves {
                missing,
                unexpected,
            } => write!(
                f,
                "moves differ:\n  missing (expected, not legal): {}\n  unexpected (legal, not expected): {}",
                list(missing),
                list(unexpected)
            ),
            Mismatch::NotLegal(tokens) => {
                write!(f, "expected legal, but not legal: {}", list(tokens))
            }
            Mismatch::NotIllegal(tokens) => {
                write!(f, "expected illegal, but legal: {}", list(tokens))
            }
            Mismatch::Perft {
                depth,
                expected,
                actual,
            } => write!(f, "perft {depth}: expected {expected}, got {actual}"),
            Mismatch::Outcome { expected, actual } => {
                write!(f, "outcome: expected {expected}, got {actual}")
            }
            Mismatch::ToMove { expected, actual } => {
                write!(f, "to move: expected {expected}, got {actual}")
            }
            Mismatch::Counter {
                name,
                expected,
                actual,
            } => write!(f, "counter `{name}`: expected {expected}, got {actual}"),
            Mismatch::Estimate {
                player,
                expected,
                actual,
            } => write!(
                f,
                "estimate of `{player}`: expected {expected}, got {actual}"
            ),
            Mismatch::Pieces(cells) => write!(f, "pieces differ: {}", cells.join("; ")),
        }
    }
}

/// Which rules of a game its cases exercise.
#[derive(Clone, Debug)]
pub struct Coverage {
    /// Every rule of play of the game file, as [`Game::declared_rules`] lists them.
    pub rules: Vec<DeclaredRule>,
    /// For each rule, whether a case exercises it.
    pub exercised: Vec<bool>,
}

impl Coverage {
    fn new<const W: usize>(game: &Game<W>) -> Self {
        // An `estimate` is not a rule of play: no case can exercise it.
        let rules: Vec<DeclaredRule> = (game.declared_rules.iter())
            .filter(|r| r.kind != RuleKind::Estimate)
            .cloned()
            .collect();
        Coverage {
            exercised: vec![false; rules.len()],
            rules,
        }
    }

    fn mark(&mut self, kind: RuleKind, name: &str) {
        if let Some(i) = self
            .rules
            .iter()
            .position(|r| r.kind == kind && r.name == name)
        {
            self.exercised[i] = true;
        }
    }

    pub fn covered(&self) -> usize {
        self.exercised.iter().filter(|&&e| e).count()
    }

    /// The rules no case exercises.
    pub fn missing(&self) -> impl Iterator<Item = &DeclaredRule> {
        self.rules
            .iter()
            .zip(&self.exercised)
            .filter(|(_, e)| !**e)
            .map(|(r, _)| r)
    }
}

/// The cases of one game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The game as it was named (`epaminondas` or a path).
    pub game: String,
    pub name: String,
    pub cases_dir: PathBuf,
    pub cases: Vec<CaseReport>,
    pub coverage: Coverage,
}

impl GameReport {
    pub fn passed(&self) -> usize {
        self.cases
            .iter()
            .filter(|c| matches!(c.result, CaseResult::Pass))
            .count()
    }

    pub fn all_passed(&self) -> bool {
        self.passed() == self.cases.len()
    }

    /// The report as `tabula verify` prints it; with `coverage`, the rules no case exercises.
    pub fn render(&self, coverage: bool) -> String {
        let mut out = format!("{} ({}): ", self.game, self.name);
        if self.cases.is_empty() {
            out.push_str(&format!("no cases in `{}`\n", self.cases_dir.display()));
        } else {
            out.push_str(&format!("{} case(s)\n", self.cases.len()));
        }
        for case in &self.cases {
            let word = match case.result {
                CaseResult::Pass => "pass",
                CaseResult::Fail(_) | CaseResult::Invalid(_) => "FAIL",
            };
            let source = case
                .source
                .as_ref()
                .map(|s| format!("  ({s})"))
                .unwrap_or_default();
            out.push_str(&format!("  {word}  {}{source}\n", case.name));
            match &case.result {
                CaseResult::Pass => {}
                CaseResult::Fail(mismatches) => {
                    if let Some(d) = &case.description {
                        out.push_str(&indent(d, 8));
                    }
                    for m in mismatches {
                        out.push_str(&indent(&m.to_string(), 8));
                    }
                }
                CaseResult::Invalid(diagnostics) => out.push_str(&indent(diagnostics, 8)),
            }
        }
        if !self.cases.is_empty() {
            out.push_str(&format!(
                "{}: {} passed, {} failed\n",
                self.game,
                self.passed(),
                self.cases.len() - self.passed()
            ));
        }
        if coverage {
            out.push_str(&format!(
                "coverage: {} of {} rules exercised\n",
                self.coverage.covered(),
                self.coverage.rules.len()
            ));
            let missing: Vec<&DeclaredRule> = self.coverage.missing().collect();
            if !missing.is_empty() {
                out.push_str("not exercised by any case:\n");
                for rule in missing {
                    let cite = rule
                        .cite
                        .as_ref()
                        .map(|c| format!("  \"{c}\""))
                        .unwrap_or_default();
                    out.push_str(&format!("  {} {}{cite}\n", rule.kind.keyword(), rule.name));
                }
            }
        }
        out
    }
}

fn indent(text: &str, by: usize) -> String {
    text.trim_end()
        .lines()
        .map(|l| {
            if l.is_empty() {
                "\n".to_string()
            } else {
                format!("{:by$}{l}\n", "")
            }
        })
        .collect()
}

/// Where the cases of a game file are: `<folder>/<game-id>/cases` beside `<folder>/<game-id>.toml`.
pub fn cases_dir(game_file: &Path) -> PathBuf {
    let stem = game_file.file_stem().unwrap_or_default();
    game_file
        .parent()
        .unwrap_or(Path::new(""))
        .join(stem)
        .join("cases")
}

/// Runs every case of a game (a name from the catalog or a path to a game file). Fails only if the
/// game itself does not load; a bad case file is a failing case.
pub fn verify_game(catalog: &Catalog, game: &str) -> Result<GameReport, LoadError> {
    let (base, _, _) = catalog.load_any(game, &[])?;
    Ok(crate::with_game!(base, base => verify_loaded(catalog, game, base)))
}

fn verify_loaded<const W: usize>(catalog: &Catalog, game: &str, base: Game<W>) -> GameReport {
    let dir = cases_dir(&catalog.locate(game));
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    // Numbers in names compare as numbers: `1.8.2` before `1.8.10`.
    paths.sort_by_cached_key(|p| natural_key(&p.to_string_lossy()));
    let mut runner = Runner {
        catalog,
        game,
        base: &base,
        with_options: HashMap::new(),
        coverage: Coverage::new(&base),
    };
    let cases = paths.iter().map(|p| runner.run_file(p)).collect();
    GameReport {
        game: game.to_string(),
        name: base.name.clone(),
        cases_dir: dir,
        cases,
        coverage: runner.coverage,
    }
}

/// A name split into text and numbers, for sorting `1.8.2` before `1.8.10`.
fn natural_key(name: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut rest = name;
    while !rest.is_empty() {
        let text_len = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (text, after) = rest.split_at(text_len);
        let digits_len = after
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(after.len());
        let (digits, after) = after.split_at(digits_len);
        key.push((text.to_string(), digits.parse().unwrap_or(0)));
        rest = after;
    }
    key
}

/// Runs one case given as text, as if it were the file `path` of the cases of `game` (a name from
/// the catalog or a path to a game file), whose loaded game is `base`. Does what
/// [`verify_game`] does for each file, without reading one: for fuzzing and for tools that
/// hold a case in memory.
pub fn run_case_text<const W: usize>(
    catalog: &Catalog,
    game: &str,
    base: &Game<W>,
    path: &Path,
    text: &str,
) -> CaseReport {
    let mut runner = Runner {
        catalog,
        game,
        base,
        with_options: HashMap::new(),
        coverage: Coverage::new(base),
    };
    runner.run_text(path, text)
}

/// A report named after `path` that passes until a run says otherwise.
fn empty_report(path: &Path) -> CaseReport {
    CaseReport {
        name: path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned(),
        path: path.to_path_buf(),
        description: None,
        source: None,
        result: CaseResult::Pass,
    }
}

struct Runner<'a, const W: usize = 4> {
    catalog: &'a Catalog,
    game: &'a str,
    base: &'a Game<W>,
    /// The game loaded with each set of options the cases give.
    with_options: HashMap<Vec<(String, String)>, Game<W>>,
    coverage: Coverage,
}

impl<const W: usize> Runner<'_, W> {
    fn run_file(&mut self, path: &Path) -> CaseReport {
        match crate::input::read_text(path) {
            Ok(text) => self.run_text(path, &text),
            Err(e) => CaseReport {
                result: CaseResult::Invalid(format!(
                    "error: cannot read `{}`: {e}\n",
                    path.display()
                )),
                ..empty_report(path)
            },
        }
    }

    fn run_text(&mut self, path: &Path, text: &str) -> CaseReport {
        let mut report = empty_report(path);
        let mut sources = Sources::default();
        let id = sources.add(path.display().to_string(), text);
        let case: CaseFile = match with_current_file(id, || toml::from_str(text)) {
            Ok(c) => c,
            Err(e) => {
                let d = crate::syntax::game_file::toml_error(id, text, &e);
                report.result = CaseResult::Invalid(d.render(&sources));
                return report;
            }
        };
        report.description = case.description.as_ref().map(|d| d.value.clone());
        report.source = case.source.as_ref().map(|s| s.value.clone());
        report.result = match self.run(&case) {
            Ok(mismatches) if mismatches.is_empty() => CaseResult::Pass,
            Ok(mismatches) => CaseResult::Fail(mismatches),
            Err(diags) => CaseResult::Invalid(diags.render(&sources)),
        };
        report
    }

    fn run(&mut self, case: &CaseFile) -> Result<Vec<Mismatch>, Diagnostics> {
        let overrides = self.overrides(case)?;
        if !overrides.is_empty() && !self.with_options.contains_key(&overrides) {
            let game = self
                .catalog
                .load_as::<W>(self.game, &overrides)
                .map(|(g, _, _)| g)
                .map_err(|e| e.diagnostics)?;
            self.with_options.insert(overrides.clone(), game);
        }
        let game = if overrides.is_empty() {
            self.base
        } else {
            &self.with_options[&overrides]
        };
        let mut diags = Diagnostics::default();
        check_expectations(game, &case.expect, &mut diags);
        let mut state = match &case.position {
            Some(position) => match game.position_from(position) {
                Ok(state) => state,
                Err(errors) => {
                    diags.items.extend(errors.items);
                    return Err(diags);
                }
            },
            None => game.initial,
        };
        let history = play_tokens(game, &case.tokens, &mut state, diags, &mut self.coverage)?;
        Ok(mismatches(game, &case.expect.value, &state, &history))
    }

    /// The case's options as `--option` pairs, each checked against the game's declarations.
    fn overrides(&self, case: &CaseFile) -> Result<Vec<(String, String)>, Diagnostics> {
        let mut diags = Diagnostics::default();
        let mut overrides = Vec::new();
        for (name, value) in &case.options {
            let Some(decl) = self.base.options.iter().find(|o| o.name == *name) else {
                let names = self.base.options.iter().map(|o| o.name.as_str());
                let help = crate::check::nearest_name(name, names.clone()).unwrap_or_else(|| {
                    let all: Vec<String> = names.map(|n| format!("`{n}`")).collect();
                    if all.is_empty() {
                        "this game has no options".to_string()
                    } else {
                        format!("the options are {}", all.join(", "))
                    }
                });
                diags.push(
                    Diagnostic::error(
                        ErrorKind::BadCase(format!("unknown option `{name}`")),
                        value.span,
                    )
                    .with_label("no such option")
                    .with_help(help),
                );
                continue;
            };
            let text = match &value.value {
                toml::Value::String(s) => s.clone(),
                toml::Value::Integer(i) => i.to_string(),
                toml::Value::Boolean(b) => b.to_string(),
                other => other.to_string(),
            };
            match parse_option_value(&decl.kind, &text) {
                Ok(_) => overrides.push((name.clone(), text)),
                Err(reason) => diags.push(
                    Diagnostic::error(
                        ErrorKind::BadOptionValue {
                            option: name.clone(),
                            reason,
                        },
                        value.span,
                    )
                    .with_help(option_help(&decl.kind)),
                ),
            }
        }
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok(overrides)
        }
    }
}

/// Plays a case's tokens from `state`, marking in `coverage` what the explanation of each
/// position shows and the `after` rules that changed a counter; the history of the position
/// reached, or `diags` with an illegal token (or any error found before).
fn play_tokens<const W: usize>(
    game: &Game<W>,
    tokens: &[Located<String>],
    state: &mut State<W>,
    mut diags: Diagnostics,
    coverage: &mut Coverage,
) -> Result<Vec<u64>, Diagnostics> {
    let explainer = Explainer::new(game);
    let mut explained = Vec::new();
    let mut after_rules = BTreeSet::new();
    let mut history = Vec::new();
    for token in tokens {
        explained.push(explainer.explain(state, &history));
        let action = match game.parse_action_with_history(state, &history, &token.value) {
            Ok(a) => a,
            Err(_) => {
                diags.push(illegal_token(game, state, &history, token));
                return Err(diags);
            }
        };
        after_rules.extend(explainer.counters_changed_by(state, &action));
        game.note_position(&mut history, state);
        game.apply(state, &action);
    }
    if diags.has_errors() {
        return Err(diags);
    }
    explained.push(explainer.explain(state, &history));
    for e in &explained {
        mark(coverage, game, e);
    }
    for i in after_rules {
        coverage.mark(RuleKind::After, &game.after[i].info.name);
    }
    Ok(history)
}

/// Where the position reached differs from what the case expects.
fn mismatches<const W: usize>(
    game: &Game<W>,
    expect: &Expect,
    state: &State<W>,
    history: &[u64],
) -> Vec<Mismatch> {
    let mut mismatches = Vec::new();
    let legal = game.legal_tokens_with_history(state, history);
    legal_mismatches(expect, &legal, &mut mismatches);
    for (depth, count) in &expect.perft {
        // Checked above: a whole number up to the limit.
        let depth: u32 = depth.parse().unwrap_or(0);
        let actual = game.perft_with_history(state, history, depth);
        if actual != count.value {
            mismatches.push(Mismatch::Perft {
                depth,
                expected: count.value,
                actual,
            });
        }
    }
    mismatches.extend(outcome_mismatch(game, expect, state, history));
    position_mismatches(game, expect, state, &mut mismatches);
    mismatches
}

/// `moves`, `legal` and `illegal` against the legal actions.
fn legal_mismatches(expect: &Expect, legal: &[String], mismatches: &mut Vec<Mismatch>) {
    if let Some(moves) = &expect.moves {
        let mut missing = Vec::new();
        let mut unexpected = legal.to_vec();
        for token in &moves.value {
            match unexpected.iter().position(|t| *t == token.value) {
                Some(i) => {
                    unexpected.remove(i);
                }
                None => missing.push(token.value.clone()),
            }
        }
        if !missing.is_empty() || !unexpected.is_empty() {
            missing.sort();
            mismatches.push(Mismatch::Moves {
                missing,
                unexpected,
            });
        }
    }
    let not_legal: Vec<String> = (expect.legal.iter())
        .filter(|t| !legal.contains(&t.value))
        .map(|t| t.value.clone())
        .collect();
    if !not_legal.is_empty() {
        mismatches.push(Mismatch::NotLegal(not_legal));
    }
    let not_illegal: Vec<String> = (expect.illegal.iter())
        .filter(|t| legal.contains(&t.value))
        .map(|t| t.value.clone())
        .collect();
    if !not_illegal.is_empty() {
        mismatches.push(Mismatch::NotIllegal(not_illegal));
    }
}

/// `outcome` (and `score`) against the outcome of the position reached.
fn outcome_mismatch<const W: usize>(
    game: &Game<W>,
    expect: &Expect,
    state: &State<W>,
    history: &[u64],
) -> Option<Mismatch> {
    let outcome = game.outcome_with_history(state, history);
    let expected = expect.outcome.as_ref()?;
    let score = expect.score.as_ref().map(|s| s.value);
    let actual = describe(game, state, outcome);
    let wanted = parse_outcome(game, &expected.value).unwrap_or(None);
    let same = match (wanted, outcome) {
        (None, None) | (Some(Outcome::Draw), Some(Outcome::Draw)) => true,
        (Some(Outcome::Win(p, _)), Some(Outcome::Win(q, s))) => {
            p == q && score.is_none_or(|score| i64::from(s) == score)
        }
        _ => false,
    };
    if same {
        return None;
    }
    let expected = match score {
        Some(score) => format!("`{}, score {score}`", expected.value),
        None => format!("`{}`", expected.value),
    };
    Some(Mismatch::Outcome { expected, actual })
}

/// `to_move`, `counters`, `estimate` and `pieces` against the position reached.
fn position_mismatches<const W: usize>(
    game: &Game<W>,
    expect: &Expect,
    state: &State<W>,
    mismatches: &mut Vec<Mismatch>,
) {
    if let Some(to_move) = &expect.to_move {
        let actual = &game.players[state.to_move as usize];
        if *actual != to_move.value {
            mismatches.push(Mismatch::ToMove {
                expected: format!("`{}`", to_move.value),
                actual: format!("`{actual}`"),
            });
        }
    }
    for (name, expected) in &expect.counters {
        if let Some(i) = game.counters.iter().position(|c| c.name == *name) {
            let actual = i64::from(state.counters[i]);
            if actual != expected.value {
                mismatches.push(Mismatch::Counter {
                    name: name.clone(),
                    expected: expected.value,
                    actual,
                });
            }
        }
    }
    // Checked above: the game has estimates and the players exist.
    if let Some(standing) = game.estimated_standing(state) {
        for (player, expected) in &expect.estimate {
            if let Some(p) = game.players.iter().position(|q| q == player) {
                let actual = standing[p];
                if actual != expected.value {
                    mismatches.push(Mismatch::Estimate {
                        player: player.clone(),
                        expected: expected.value,
                        actual,
                    });
                }
            }
        }
    }
    if let Some(expected) = &expect.pieces {
        // Checked above: the cells, players and kinds exist.
        let mut want = State::empty(state.to_move);
        game.read_pieces(
            &expected.value,
            &mut want,
            &mut Vec::new(),
            &mut Diagnostics::default(),
        );
        let differ = pieces_differ(game, &want, state);
        if !differ.is_empty() {
            mismatches.push(Mismatch::Pieces(differ));
        }
    }
    if let Some(expected) = &expect.under {
        let differ = under_differ(game, &expected.value, state);
        if !differ.is_empty() {
            mismatches.push(Mismatch::Pieces(differ));
        }
    }
}

/// `under`: the cells whose pieces under the top differ, in words ("c3: expected under bW,
/// found under b").
fn under_differ<const W: usize>(
    game: &Game<W>,
    want: &BTreeMap<String, Located<String>>,
    got: &State<W>,
) -> Vec<String> {
    let name = |s: &str| {
        if s.is_empty() {
            "nothing".to_string()
        } else {
            s.to_string()
        }
    };
    (0..game.board.cells as u16)
        .filter_map(|c| {
            let cell = game.board.cell_name(c);
            let wanted = want.get(&cell).map_or("", |s| s.value.as_str());
            let found = game.column_symbols(got, c);
            (wanted != found).then(|| {
                format!(
                    "{cell}: expected under {}, found under {}",
                    name(wanted),
                    name(&found)
                )
            })
        })
        .collect()
}

fn mark<const W: usize>(coverage: &mut Coverage, game: &Game<W>, e: &Explanation) {
    if let Some(i) = e.turn_start {
        coverage.mark(RuleKind::TurnStart, &game.turn_start[i].info.name);
    }
    for &i in &e.moves {
        coverage.mark(RuleKind::Move, &game.moves[i].info.name);
    }
    for &i in &e.forbids {
        coverage.mark(RuleKind::Forbid, &game.forbids[i].info.name);
    }
    if e.no_moves
        && let Some(rule) = &game.no_moves
    {
        coverage.mark(RuleKind::NoMoves, &rule.info.name);
    }
}

/// The cells whose pieces differ between the expected and the actual board, in words:
/// "c3: expected black disc, found white disc".
fn pieces_differ<const W: usize>(game: &Game<W>, want: &State<W>, got: &State<W>) -> Vec<String> {
    let words = |state: &State<W>, cell: u16| match state.piece(cell) {
        None => "empty".to_string(),
        Some((player, kind)) => {
            let height = state.height(cell);
            let count = if height > 1 {
                format!(" x{height}")
            } else {
                String::new()
            };
            format!(
                "{} {}{count}",
                game.owner_name(player),
                game.pieces[kind as usize].name
            )
        }
    };
    (0..game.board.cells as u16)
        .filter(|&c| want.cell(c) != got.cell(c) || want.height(c) != got.height(c))
        .map(|c| {
            format!(
                "{}: expected {}, found {}",
                game.board.cell_name(c),
                words(want, c),
                words(got, c)
            )
        })
        .collect()
}

fn option_help(kind: &OptionKind) -> String {
    match kind {
        OptionKind::Int { min, max } => format!("a whole number from {min} to {max}"),
        OptionKind::Bool => "`true` or `false`".to_string(),
        OptionKind::Choice(choices) => {
            let all: Vec<String> = choices.iter().map(|c| format!("`{c}`")).collect();
            format!("one of {}", all.join(", "))
        }
    }
}

/// Reports expectations that cannot be right whatever the rules do: malformed tokens, a perft
/// depth that is not a number, an unknown player or counter.
fn check_expectations<const W: usize>(
    game: &Game<W>,
    expect: &Located<Expect>,
    diags: &mut Diagnostics,
) {
    let e = &expect.value;
    let nothing = e.moves.is_none()
        && e.legal.is_empty()
        && e.illegal.is_empty()
        && e.perft.is_empty()
        && e.outcome.is_none()
        && e.to_move.is_none()
        && e.counters.is_empty()
        && e.estimate.is_empty()
        && e.pieces.is_none()
        && e.under.is_none();
    if nothing {
        diags.push(
            Diagnostic::error(
                ErrorKind::BadCase("the case expects nothing".into()),
                expect.span,
            )
            .with_help(
                "give `moves`, `legal`, `illegal`, `perft`, `outcome`, `to_move`, `counters`, `estimate`, \
                 `pieces` or `under`",
            ),
        );
    }
    let tokens = e.moves.iter().flat_map(|m| &m.value);
    for token in tokens.chain(&e.legal).chain(&e.illegal) {
        if let Err(reason) = token_shape(game, &token.value) {
            diags.push(
                Diagnostic::error(ErrorKind::BadCase(format!("`{}` is not an action token", token.value)), token.span)
                    .with_label(reason)
                    .with_help("tokens are written as `tabula moves` prints them: `e2-e3`, `f5xf8`, `24/18`, `roll:6-4`, `pass`"),
            );
        }
    }
    for (depth, count) in &e.perft {
        if !depth.parse::<u32>().is_ok_and(|d| d <= MAX_PERFT_DEPTH) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadCase(format!(
                        "perft depth `{depth}` is not a whole number from 0 to {MAX_PERFT_DEPTH}"
                    )),
                    count.span,
                )
                .with_label("the count for that depth")
                .with_help("write `perft = { 1 = 20, 2 = 400 }`: the depth, `=`, the count"),
            );
        }
    }
    if let Some(outcome) = &e.outcome
        && let Err(help) = parse_outcome(game, &outcome.value)
    {
        diags.push(
            Diagnostic::error(
                ErrorKind::BadCase(format!("`{}` is not an outcome", outcome.value)),
                outcome.span,
            )
            .with_help(help),
        );
    }
    if let Some(score) = &e.score
        && !e
            .outcome
            .as_ref()
            .is_some_and(|o| o.value.ends_with(" wins"))
    {
        diags.push(
            Diagnostic::error(ErrorKind::BadCase("a score needs a win".into()), score.span)
                .with_help("give the winner too: `outcome = \"white wins\"`"),
        );
    }
    if let Some(to_move) = &e.to_move
        && !game.players.contains(&to_move.value)
    {
        diags.push(
            Diagnostic::error(
                ErrorKind::UnknownPlayer(to_move.value.clone()),
                to_move.span,
            )
            .with_help(format!("the players are {}", backticked(&game.players))),
        );
    }
    for (name, value) in &e.counters {
        if !game.counters.iter().any(|c| c.name == *name) {
            let names: Vec<String> = game.counters.iter().map(|c| c.name.clone()).collect();
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadCase(format!("unknown counter `{name}`")),
                    value.span,
                )
                .with_help(if names.is_empty() {
                    "this game keeps no counters".to_string()
                } else {
                    format!("the counters are {}", backticked(&names))
                }),
            );
        }
    }
    for (player, value) in &e.estimate {
        if game.estimates.is_empty() {
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadCase("this game has no `estimate` rules".into()),
                    value.span,
                )
                .with_help(
                    "an `estimate` expectation checks the values of the game's `estimate` rules",
                ),
            );
        } else if !game.players.contains(player) {
            diags.push(
                Diagnostic::error(ErrorKind::UnknownPlayer(player.clone()), value.span)
                    .with_help(format!("the players are {}", backticked(&game.players))),
            );
        }
    }
    if let Some(pieces) = &e.pieces {
        // Unknown players, kinds and cells, and a cell given twice, as in a position file.
        let mut board = State::empty(0);
        game.read_pieces(&pieces.value, &mut board, &mut Vec::new(), diags);
    }
    for (cell, under) in e.under.iter().flat_map(|u| &u.value) {
        if game.board.parse_cell(cell).is_none() {
            diags.push(game.board.unknown_cell(cell, under.span));
        }
    }
}

fn backticked(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `Ok(None)` for `none`, `Ok(Some(outcome))` for a draw or a win (score not read), or the help.
fn parse_outcome<const W: usize>(game: &Game<W>, text: &str) -> Result<Option<Outcome>, String> {
    let help = || {
        let wins: Vec<String> = game.players.iter().map(|p| format!("`{p} wins`")).collect();
        format!(
            "write {}, `draw` or `none` (the game goes on)",
            wins.join(", ")
        )
    };
    match text.trim() {
        "none" => Ok(None),
        "draw" => Ok(Some(Outcome::Draw)),
        other => {
            let player = other.strip_suffix(" wins").ok_or_else(help)?;
            let p = game
                .players
                .iter()
                .position(|x| x == player.trim())
                .ok_or_else(help)?;
            Ok(Some(Outcome::Win(p as u8, 1)))
        }
    }
}

fn describe<const W: usize>(game: &Game<W>, state: &State<W>, outcome: Option<Outcome>) -> String {
    match outcome {
        Some(o) => format!("`{}`", game.describe_outcome(o)),
        None => format!("`none` ({} to move)", game.players[state.to_move as usize]),
    }
}

/// Whether a token has the shape of one: its cells are cells of the board. Catches a typo in an
/// `illegal` token, which would otherwise pass for ever.
fn token_shape<const W: usize>(game: &Game<W>, token: &str) -> Result<(), String> {
    if token == "pass" {
        return Ok(());
    }
    if let (Some(_), Some(roll)) = (token.strip_prefix("roll:"), &game.roll)
        && !roll.each.is_empty()
    {
        let throws: Vec<String> = (Game::<W>::all_throws(roll).iter())
            .map(|a| game.action_token(a))
            .collect();
        return match throws.iter().any(|t| t == token) {
            true => Ok(()),
            false => Err(format!(
                "a throw is `roll:` and the dice, highest first: {}",
                throws.join(", ")
            )),
        };
    }
    if let (Some(total), Some(roll)) = (token.strip_prefix("roll:"), &game.roll) {
        let totals: Vec<String> = roll.totals.iter().map(|(t, _)| t.to_string()).collect();
        return match totals.iter().any(|t| t == total) {
            true => Ok(()),
            false => Err(format!(
                "a throw is `roll:N`, N one of {}",
                totals.join(", ")
            )),
        };
    }
    if let Some(roll) = token.strip_prefix("roll:") {
        let sides = game.dice.map_or(0, |d| d.sides);
        let die = |d: &str| d.parse::<u8>().is_ok_and(|d| (1..=sides).contains(&d));
        return match roll.split_once('-') {
            Some((a, b)) if die(a) && die(b) => Ok(()),
            _ if game.dice.is_none() => Err("this game throws no dice".into()),
            _ => Err(format!(
                "a roll is `roll:HIGH-LOW`, each die from 1 to {sides}"
            )),
        };
    }
    if let Some(symbols) = token.strip_prefix("setup:") {
        // Any row of the drawn kinds' symbols, one per drawn cell: an arrangement the
        // constraints rule out is a token of the right shape, never legal.
        let slots = game
            .shuffle
            .as_ref()
            .and_then(|s| s.cells.first())
            .map(Vec::len);
        let symbol = |c: char| game.pieces.iter().any(|p| p.symbols.first() == Some(&c));
        return match slots {
            Some(n) if symbols.chars().count() == n && symbols.chars().all(symbol) => Ok(()),
            Some(n) => Err(format!("a set-up is `setup:` and {n} piece symbols")),
            None => Err("this game draws no set-up by lot".into()),
        };
    }
    if let Some(kind) = token.strip_prefix("reveal:") {
        return if game
            .pieces
            .iter()
            .any(|p| p.symbols.iter().any(|s| kind == s.to_string()))
        {
            Ok(())
        } else {
            Err("a reveal names a piece's symbol".into())
        };
    }
    // A board of 24 files or more has a file `x`, the capture mark: no shape check there.
    if game.board.files >= 24 {
        return Ok(());
    }
    // A placement: the cell, after the kind where several are placed (`king@c3`).
    let placed = token.rsplit_once('@').map_or(token, |(_, cell)| cell);
    // A piece taken off: `xd1`.
    let placed = placed.strip_prefix('x').unwrap_or(placed);
    if game.board.parse_cell(placed).is_some() {
        return Ok(());
    }
    let body = token.strip_suffix('*').unwrap_or(token);
    // A line step: its line's cells and a direction, `c3..e3>ne`.
    if let Some((line, dir)) = body.split_once('>') {
        return line_step_shape(game, line, dir);
    }
    // A promotion choice: `=` and a piece's symbol (`e7-e8=Q`).
    let body = match body.rsplit_once('=') {
        Some((move_part, symbol)) => {
            let known = game
                .pieces
                .iter()
                .any(|p| p.symbols.iter().any(|s| symbol == s.to_string()));
            if !known {
                return Err(format!("`{symbol}` after `=` is not a piece's symbol"));
            }
            move_part
        }
        None => body,
    };
    let parts: Vec<&str> = body.split(['-', 'x', '/']).collect();
    if parts.len() < 2 {
        return Err("no `-`, `x` or `/` between two cells".into());
    }
    // A capture by approach or withdrawal: `A` or `W` after the landing (`d2xd3A`).
    let remote = game
        .moves
        .iter()
        .any(|m| matches!(&m.primitive, crate::compile::Primitive::Step(s) if s.capture.any()));
    for (i, part) in parts.iter().enumerate() {
        let special = (i == 0 && *part == "bar") || (i == parts.len() - 1 && *part == "off");
        let part = match part.strip_suffix(['A', 'W']) {
            Some(cell) if remote && i > 0 => cell,
            _ => part,
        };
        if !special && game.board.parse_cell(part).is_none() {
            return Err(format!("`{part}` is not a cell of this board"));
        }
    }
    Ok(())
}

/// The shape of a line step's token (`c3..e3>ne`, `e5>w`): one or two cells and a direction.
fn line_step_shape<const W: usize>(game: &Game<W>, line: &str, dir: &str) -> Result<(), String> {
    if !game.board.direction_names.iter().any(|d| d == dir) {
        return Err(format!(
            "`{dir}` after `>` is not a direction of this board"
        ));
    }
    for cell in line.split("..") {
        if game.board.parse_cell(cell).is_none() {
            return Err(format!("`{cell}` is not a cell of this board"));
        }
    }
    Ok(())
}

/// A token of the case's list that is not legal where it is played.
fn illegal_token<const W: usize>(
    game: &Game<W>,
    state: &State<W>,
    history: &[u64],
    token: &Located<String>,
) -> Diagnostic {
    let d = Diagnostic::error(ErrorKind::IllegalAction(token.value.clone()), token.span);
    if let Some(outcome) = game.outcome_with_history(state, history) {
        return d.with_label("the game is over here").with_help(format!(
            "the game ended before this token: {}",
            game.describe_outcome(outcome)
        ));
    }
    let legal = game.legal_tokens_with_history(state, history);
    let shown = legal.iter().take(LEGAL_SHOWN).cloned().collect::<Vec<_>>();
    let more = legal.len().saturating_sub(LEGAL_SHOWN);
    let tail = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    d.with_label(format!(
        "not legal here ({} to move)",
        game.players[state.to_move as usize]
    ))
    .with_help(format!("legal here: {}{tail}", shown.join(" ")))
}
