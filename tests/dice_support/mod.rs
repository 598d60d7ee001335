//! What the rule tests of the dice games (`tests/gioul.rs`, `tests/plakoto.rs`) share: loading a
//! game and its positions, and the snapshot text of a position with its pool and legal tokens.
// Each test file uses only part of it.
#![allow(dead_code)]

use std::marker::PhantomData;
use std::path::Path;
use tabula::engine::movegen::Outcome;
use tabula::engine::state::Pool;
use tabula::{Catalog, Game, State};

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

/// The game a test file is about: its name in `games/` and its folder in `tests/positions/`.
pub trait DiceGame {
    const ID: &'static str;
}

pub fn load<G: DiceGame>(options: &[(&str, &str)]) -> Game {
    let overrides: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Catalog::default()
        .load(G::ID, &overrides)
        .unwrap_or_else(|e| panic!("{} does not load: {e:?}", G::ID))
        .0
}

pub fn positions<G: DiceGame>() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/positions/{}", G::ID))
}

pub fn read<G: DiceGame>(game: &Game, name: &str) -> State {
    let path = positions::<G>().join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut sources = tabula::span::Sources::default();
    game.read_position(&mut sources, &path.display().to_string(), &text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

/// A snapshot text being built for one position.
pub struct Case<G> {
    pub game: Game,
    pub state: State,
    pub out: String,
    of: PhantomData<G>,
}

impl<G: DiceGame> Case<G> {
    /// Loads `tests/positions/<game>/<name>.toml` under the default options.
    pub fn new(name: &str, pinned: &str) -> Self {
        Self::with_options(name, pinned, &[])
    }

    pub fn with_options(name: &str, pinned: &str, options: &[(&str, &str)]) -> Self {
        let game = load::<G>(options);
        let state = read::<G>(&game, name);
        Self::from_state(game, state, pinned, options)
    }

    /// The game's own initial position.
    pub fn initial(pinned: &str) -> Self {
        let game = load::<G>(&[]);
        let state = game.initial;
        Self::from_state(game, state, pinned, &[])
    }

    pub fn from_state(game: Game, state: State, pinned: &str, options: &[(&str, &str)]) -> Self {
        let mut out = format!("# {pinned}\n");
        if !options.is_empty() {
            let shown: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
            out.push_str(&format!("options: {}\n", shown.join(" ")));
        }
        out.push_str(&game.diagram(&state));
        out.push_str(&status(&game, &state));
        Case {
            game,
            state,
            out,
            of: PhantomData,
        }
    }

    /// The position after `tokens`, played from the loaded position.
    pub fn play(&self, tokens: &str) -> State {
        let mut state = self.state;
        self.game
            .play_tokens(&mut state, tokens)
            .unwrap_or_else(|e| panic!("{e}"));
        state
    }

    /// The legal tokens after `tokens` (`""`: in the loaded position).
    pub fn tokens_after(&self, tokens: &str) -> Vec<String> {
        self.game.legal_tokens(&self.play(tokens))
    }

    /// Asserts that the legal tokens after `tokens` are exactly `expected`, and records them.
    pub fn only(mut self, tokens: &str, expected: &[&str]) -> Self {
        let got = self.tokens_after(tokens);
        let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "legal tokens after `{tokens}`");
        self.out.push_str(&format!(
            "{} exactly: {}\n",
            at(tokens),
            shown(&got.iter().map(String::as_str).collect::<Vec<_>>())
        ));
        self
    }

    /// Asserts that each of `legal` is legal after `tokens` and none of `illegal` is, and records it.
    pub fn check(mut self, tokens: &str, legal: &[&str], illegal: &[&str]) -> Self {
        let got = self.tokens_after(tokens);
        assert_tokens(&got, legal, true);
        assert_tokens(&got, illegal, false);
        if !legal.is_empty() {
            self.out.push_str(&format!(
                "{} legal as ruled: {}\n",
                at(tokens),
                legal.join(" ")
            ));
        }
        if !illegal.is_empty() {
            self.out.push_str(&format!(
                "{} illegal as ruled: {}\n",
                at(tokens),
                illegal.join(" ")
            ));
        }
        self
    }

    /// Asserts who is to move and what the pool holds after `tokens`, and records it.
    pub fn pool(mut self, tokens: &str, mover: u8, pips: &[u8], kind: Pool) -> Self {
        let state = self.play(tokens);
        assert_eq!(
            (state.to_move, state.pips(), state.pool_kind),
            (mover, pips, kind),
            "side to move and pool after `{tokens}`"
        );
        self.out.push_str(&format!(
            "{}: {} to move, pool {}\n",
            at(tokens),
            self.game.players[mover as usize],
            pool(&state)
        ));
        self
    }

    /// Asserts the outcome after `tokens`, and records it.
    pub fn outcome(mut self, tokens: &str, expected: Option<Outcome>) -> Self {
        let state = self.play(tokens);
        let got = self.game.outcome(&state);
        assert_eq!(got, expected, "outcome after `{tokens}`");
        let text = got.map_or("none".to_string(), |o| self.game.describe_outcome(o));
        self.out
            .push_str(&format!("{} outcome: {text}\n", at(tokens)));
        self
    }

    /// Shows the position after `tokens`.
    pub fn after(mut self, tokens: &str) -> Self {
        let state = self.play(tokens);
        self.out.push_str(&format!("\nafter `{tokens}`:\n"));
        self.out.push_str(&self.game.diagram(&state));
        self.out.push_str(&status(&self.game, &state));
        self
    }

    pub fn note(mut self, text: &str) -> Self {
        self.out.push_str(text);
        self.out.push('\n');
        self
    }

    pub fn finish(self) -> String {
        self.out
    }
}

/// `after `24/18 18/14`` for a line of tokens, `here` for none.
pub fn at(tokens: &str) -> String {
    if tokens.is_empty() {
        "here".to_string()
    } else {
        format!("after `{tokens}`")
    }
}

pub fn shown(tokens: &[&str]) -> String {
    if tokens.is_empty() {
        "(none)".to_string()
    } else {
        tokens.join(" ")
    }
}

pub fn assert_tokens(legal: &[String], tokens: &[&str], want_legal: bool) {
    for t in tokens {
        let is_legal = legal.iter().any(|l| l == t);
        if want_legal {
            assert!(is_legal, "`{t}` must be legal; legal: {}", legal.join(" "));
        } else {
            assert!(
                !is_legal,
                "`{t}` must be illegal; legal: {}",
                legal.join(" ")
            );
        }
    }
}

/// The pool as `[6 6 6] transferred`.
pub fn pool(state: &State) -> String {
    let pips: Vec<String> = state.pips().iter().map(u8::to_string).collect();
    let kind = match state.pool_kind {
        Pool::Empty => "empty (to roll)",
        Pool::Roll => "roll",
        Pool::Doublet => "doublet",
        Pool::Transferred => "transferred",
        Pool::Returned => "returned",
    };
    format!("[{}] {kind}", pips.join(" "))
}

/// The side to move with the ply and the rolls made, then the outcome or the legal tokens.
pub fn status(game: &Game, state: &State) -> String {
    let mut out = format!(
        "{} to move, ply {}, rolls {}\n",
        game.players[state.to_move as usize], state.ply, state.rolls
    );
    if let Some(outcome) = game.outcome(state) {
        assert!(game.legal_tokens(state).is_empty());
        out.push_str(&format!("outcome: {}\n", game.describe_outcome(outcome)));
        return out;
    }
    let tokens = game.legal_tokens(state);
    if game.is_chance(state) {
        // A chance event: the rolls are the same everywhere, so they are asserted, not listed.
        assert_eq!(tokens, all_rolls());
        out.push_str("no outcome; to roll: the 21 rolls roll:1-1 .. roll:6-6\n");
        return out;
    }
    out.push_str(&format!("no outcome; {} legal tokens:\n", tokens.len()));
    let mut line = String::new();
    for t in &tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 96 {
            out.push_str(&format!("  {line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(t);
    }
    if !line.is_empty() {
        out.push_str(&format!("  {line}\n"));
    }
    out
}

/// The 21 rolls, larger die first.
pub fn all_rolls() -> Vec<String> {
    let mut rolls = Vec::new();
    for high in 1..=6 {
        for low in 1..=high {
            rolls.push(format!("roll:{high}-{low}"));
        }
    }
    rolls.sort();
    rolls
}

/// The White men on `point`.
pub fn white_on(state: &State, game: &Game, point: &str) -> u8 {
    let cell = game.board.parse_cell(point).expect("a point");
    match state.owner(cell) {
        Some(WHITE) => state.height(cell),
        _ => 0,
    }
}
