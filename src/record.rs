//! Game records: one plain-text format for every game, which a person can read and edit and
//! `play --resume`, `replay` and the library read back.
//!
//! A record is TOML:
//!
//! ```toml
//! # A Tabula game record.
//! game = "backgammon"
//! date = "2026-11-24"
//! seed = 7
//! result = "white wins, score 2"
//! tokens = '''
//! roll:3-1 8/5 6/5 roll:6-4 24/18 18/14
//! '''
//!
//! [options]
//! match_length = "1"
//!
//! [players]
//! white = "human"
//! black = "mcts:iterations=20000"
//! ```
//!
//! - `game`: the game's name in `games/` or the path of its file, as given to `play`.
//! - `tokens`: every action in order, chance outcomes (`roll:3-1`, `reveal:...`) included, separated
//!   by white space; a literal string, so that an error can point at the token in the file.
//! - `seed`: present when the game was played from a seed; with it the random players and the
//!   chance of a resumed game go on exactly as they would have.
//! - `result`: absent while the game is unfinished.
//! - `first`: the player who moved first, when not the game's own first player (a match's game
//!   after the opening roll or the previous game's winner).
//! - A match (`play --match`) keeps `match` (the points played to, or `"rules"` for the match the
//!   game file describes), its finished games as `[[games]]` (each with `first`, `tokens` and
//!   `result`), the game in progress in `tokens`, and the match's result in `result`.

use crate::compile::Game;
use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::engine::movegen::Outcome;
use crate::model::state::State;
use crate::span::{FileId, Span};
use std::collections::BTreeMap;

/// The most bytes a record may have: far beyond any game's (a 9,000-action Hold pley game is
/// about 100 KB), and small enough that a wrong file cannot exhaust the memory.
pub const MAX_RECORD_BYTES: usize = 64 << 20;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    pub game: String,
    /// The day the game started, `YYYY-MM-DD` (UTC).
    pub date: String,
    pub seed: Option<u64>,
    /// The options given, `NAME` to `VALUE`, as `--option NAME=VALUE` takes them.
    pub options: BTreeMap<String, String>,
    /// Each player's specification (`human`, `random`, `mcts:...`), by the game's player names.
    pub players: BTreeMap<String, String>,
    pub tokens: Vec<String>,
    /// Where each token is in the text read (empty for a record made in memory).
    pub token_spans: Vec<Span>,
    pub result: Option<String>,
    /// The player who moved first, when not the game's own first player.
    pub first: Option<String>,
    /// The match this game is part of, if any.
    pub match_play: Option<MatchPlay>,
    /// A match's finished games, before the one in `tokens`.
    pub games: Vec<MatchGame>,
}

/// What a match is played to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchPlay {
    /// Games until a player has this many points (`play --match N`).
    Points(u32),
    /// The match the game file describes (`[match]`; `play --match` alone).
    Rules,
}

/// A finished game of a match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchGame {
    /// The player who moved first, when not the game's own first player.
    pub first: Option<String>,
    pub tokens: Vec<String>,
    /// Where each token is in the text read (empty for a record made in memory).
    pub token_spans: Vec<Span>,
    pub result: String,
}

/// The record as read, before its values are checked: serde's view of the file.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecord {
    game: String,
    #[serde(default)]
    date: String,
    seed: Option<u64>,
    result: Option<String>,
    tokens: toml::Spanned<String>,
    #[serde(default)]
    options: BTreeMap<String, toml::Value>,
    #[serde(default)]
    players: BTreeMap<String, String>,
    first: Option<String>,
    #[serde(rename = "match")]
    match_play: Option<toml::Spanned<toml::Value>>,
    #[serde(default)]
    games: Vec<RawMatchGame>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMatchGame {
    first: Option<String>,
    tokens: toml::Spanned<String>,
    result: String,
}

/// The tokens of a `tokens` string and where each is in `text`. Spans are exact when the file
/// holds the string as written (a literal string, the format's own); an escaped string points at
/// the whole value instead.
fn split_tokens(
    text: &str,
    tokens: &toml::Spanned<String>,
    file: FileId,
) -> (Vec<String>, Vec<Span>) {
    let tokens_at = tokens.span();
    let body = tokens.get_ref();
    let raw_text = text.get(tokens_at.clone()).unwrap_or("");
    let offset = raw_text.find(body.as_str()).map(|i| tokens_at.start + i);
    located_tokens(body, offset, Span::new(file, tokens_at), file)
}

/// The tokens of `body` with their spans: each token's own where `body` stands as it is at
/// `offset` in the text, else `whole` (the value they came from).
fn located_tokens(
    body: &str,
    offset: Option<usize>,
    whole: Span,
    file: FileId,
) -> (Vec<String>, Vec<Span>) {
    let mut words = Vec::new();
    let mut spans = Vec::new();
    let mut at = 0;
    for token in body.split_whitespace() {
        let start = at + body[at..].find(token).unwrap_or(0);
        at = start + token.len();
        words.push(token.to_string());
        spans.push(match offset {
            Some(o) => Span::new(file, o + start..o + at),
            None => whole,
        });
    }
    (words, spans)
}

/// One line of a `--records` file (`tournament`, `analyze`): JSON, the players in seat order.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecordLine {
    game: String,
    #[serde(default)]
    options: Vec<String>,
    seed: Option<u64>,
    #[serde(default)]
    players: Vec<String>,
    tokens: String,
    result: Option<LineResult>,
}

/// A line's result: `"draw"`, `"cut"` (stopped by the length limit) or the winner and score.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum LineResult {
    Word(String),
    Win { winner: String, score: i64 },
}

/// A game of a `--records` file: the record, and its players in seat order (the file names no
/// player of the game; [`RecordLine::name_players`] names them once the game is loaded).
#[derive(Clone, Debug, PartialEq)]
pub struct RecordLine {
    pub record: Record,
    pub seats: Vec<String>,
}

impl RecordLine {
    /// Reads the line of a records file that starts at byte `start` of the file `file`; spans
    /// point into the whole file.
    pub fn parse(line: &str, start: usize, file: FileId) -> Result<RecordLine, Box<Diagnostic>> {
        let raw: RawRecordLine = serde_json::from_str(line).map_err(|e| {
            // serde_json counts columns in bytes from 1; a line of a records file is one line.
            // The caret covers the character there (none at the end of the line).
            let mut at = e.column().saturating_sub(1).min(line.len());
            while !line.is_char_boundary(at) {
                at -= 1;
            }
            let width = line[at..].chars().next().map_or(0, char::len_utf8);
            Box::new(Diagnostic::error(
                ErrorKind::Other(format!("not a game's record: {e}")),
                Some(Span::new(file, start + at..start + at + width)),
            ))
        })?;
        let whole = Span::new(file, start..start + line.len());
        let mut options = BTreeMap::new();
        for option in &raw.options {
            let Some((name, value)) = option.split_once('=') else {
                return Err(Box::new(
                    Diagnostic::error(
                        ErrorKind::Other(format!("the option `{option}` has no value")),
                        Some(whole),
                    )
                    .with_help("options are written `NAME=VALUE`, as `--option` takes them"),
                ));
            };
            options.insert(name.to_string(), value.to_string());
        }
        let result = match raw.result {
            None => None,
            Some(LineResult::Word(word)) if word == "draw" => Some(word),
            Some(LineResult::Word(word)) if word == "cut" => None,
            Some(LineResult::Win { winner, score: 1 }) => Some(format!("{winner} wins")),
            Some(LineResult::Win { winner, score }) => {
                Some(format!("{winner} wins, score {score}"))
            }
            Some(LineResult::Word(word)) => {
                return Err(Box::new(
                    Diagnostic::error(
                        ErrorKind::Other(format!("`{word}` is not a result")),
                        Some(whole),
                    )
                    .with_help(
                        "a result is \"draw\", \"cut\" or {\"winner\": PLAYER, \"score\": N}",
                    ),
                ));
            }
        };
        // The tokens point at themselves when the line holds them unescaped, as `tournament`
        // writes them; otherwise at the whole line.
        let body = line
            .find("\"tokens\":\"")
            .map(|i| i + "\"tokens\":\"".len())
            .filter(|&i| line[i..].starts_with(raw.tokens.as_str()));
        let (tokens, token_spans) =
            located_tokens(&raw.tokens, body.map(|b| start + b), whole, file);
        Ok(RecordLine {
            record: Record {
                game: raw.game,
                seed: raw.seed,
                options,
                tokens,
                token_spans,
                result,
                ..Record::default()
            },
            seats: raw.players,
        })
    }

    /// The players by the game's names, as a record keeps them.
    pub fn name_players(&mut self, names: &[String]) {
        self.record.players = (names.iter().cloned())
            .zip(self.seats.iter().cloned())
            .collect();
    }
}

/// Whether a file is a `--records` file (JSON lines) rather than a record of `play --save`.
pub fn is_record_lines(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// `tokens = '''...'''`, wrapped at 80 columns.
fn write_tokens(out: &mut String, tokens: &[String]) {
    out.push_str("tokens = '''\n");
    let mut line = 0;
    for token in tokens {
        if line > 0 && line + 1 + token.len() > 80 {
            out.push('\n');
            line = 0;
        }
        if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(token);
        line += token.len();
    }
    if line > 0 {
        out.push('\n');
    }
    out.push_str("'''\n");
}

impl Record {
    /// Reads a record; `file` names the text in spans.
    pub fn parse(text: &str, file: FileId) -> Result<Record, Box<Diagnostic>> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(Box::new(Diagnostic::error(
                ErrorKind::Other(format!(
                    "a record of {} bytes is larger than the {} allowed",
                    text.len(),
                    MAX_RECORD_BYTES
                )),
                None,
            )));
        }
        let raw: RawRecord = toml::from_str(text).map_err(|e| {
            let span = e.span().map(|r| Span::new(file, r));
            Box::new(Diagnostic::error(
                ErrorKind::Toml(e.message().to_string()),
                span,
            ))
        })?;
        let (tokens, token_spans) = split_tokens(text, &raw.tokens, file);
        let match_play = match raw.match_play {
            None => None,
            Some(value) => Some(match value.get_ref() {
                toml::Value::Integer(n) if (1..=i64::from(u32::MAX)).contains(n) => {
                    MatchPlay::Points(*n as u32)
                }
                toml::Value::String(s) if s == "rules" => MatchPlay::Rules,
                _ => {
                    return Err(Box::new(
                        Diagnostic::error(
                            ErrorKind::Other("not a match".into()),
                            Some(Span::new(file, value.span())),
                        )
                        .with_label("give the points played to, or \"rules\"")
                        .with_help("`match = 5`, or `match = \"rules\"` for the game file's match"),
                    ));
                }
            }),
        };
        let games = raw
            .games
            .iter()
            .map(|g| {
                let (tokens, token_spans) = split_tokens(text, &g.tokens, file);
                MatchGame {
                    first: g.first.clone(),
                    tokens,
                    token_spans,
                    result: g.result.clone(),
                }
            })
            .collect();
        let options = raw
            .options
            .into_iter()
            .map(|(name, value)| {
                let value = match value {
                    toml::Value::String(s) => s,
                    other => other.to_string(),
                };
                (name, value)
            })
            .collect();
        Ok(Record {
            game: raw.game,
            date: raw.date,
            seed: raw.seed,
            options,
            players: raw.players,
            tokens,
            token_spans,
            result: raw.result,
            first: raw.first,
            match_play,
            games,
        })
    }

    /// The record as text, in the layout documented at the top of this module.
    pub fn to_text(&self) -> String {
        let mut out = String::from(
            "# A Tabula game record: `tabula replay FILE` steps through it and\n\
             # `tabula play --resume FILE` continues it.\n",
        );
        out.push_str(&format!("game = {}\n", quoted(&self.game)));
        if !self.date.is_empty() {
            out.push_str(&format!("date = {}\n", quoted(&self.date)));
        }
        if let Some(seed) = self.seed {
            out.push_str(&format!("seed = {seed}\n"));
        }
        match self.match_play {
            Some(MatchPlay::Points(n)) => out.push_str(&format!("match = {n}\n")),
            Some(MatchPlay::Rules) => out.push_str("match = \"rules\"\n"),
            None => {}
        }
        if let Some(result) = &self.result {
            out.push_str(&format!("result = {}\n", quoted(result)));
        }
        if let Some(first) = &self.first {
            out.push_str(&format!("first = {}\n", quoted(first)));
        }
        write_tokens(&mut out, &self.tokens);
        if !self.options.is_empty() {
            out.push_str("\n[options]\n");
            for (name, value) in &self.options {
                out.push_str(&format!("{} = {}\n", key(name), quoted(value)));
            }
        }
        if !self.players.is_empty() {
            out.push_str("\n[players]\n");
            for (name, spec) in &self.players {
                out.push_str(&format!("{} = {}\n", key(name), quoted(spec)));
            }
        }
        for game in &self.games {
            out.push_str("\n[[games]]\n");
            if let Some(first) = &game.first {
                out.push_str(&format!("first = {}\n", quoted(first)));
            }
            out.push_str(&format!("result = {}\n", quoted(&game.result)));
            write_tokens(&mut out, &game.tokens);
        }
        out
    }

    /// The options as `NAME=VALUE`, as `--option` takes them.
    pub fn option_args(&self) -> Vec<String> {
        self.options
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect()
    }
}

/// A TOML basic string.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// A TOML key: bare when it can be.
fn key(name: &str) -> String {
    let bare = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare { name.to_string() } else { quoted(name) }
}

/// Today's date, `YYYY-MM-DD` in UTC.
pub fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_date((seconds / 86_400) as i64)
}

/// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Where replaying a record stopped.
#[derive(Clone, Debug)]
pub struct Replayed<const W: usize> {
    /// The position after the last token played.
    pub state: State<W>,
    /// The keys of the positions before it, for `repetitions`.
    pub history: Vec<u64>,
    /// The game's end, if it is over.
    pub outcome: Option<Outcome>,
}

/// A token a record holds that is not legal where it stands.
#[derive(Clone, Debug)]
pub struct IllegalToken {
    /// Its place in the record, from 0.
    pub index: usize,
    pub token: String,
    pub reason: String,
}

impl<const W: usize> Game<W> {
    /// Plays a record's tokens from the initial position, stopping at the first that is not
    /// legal; `each` sees every position before its token is played, with the token's index.
    pub fn replay_tokens(
        &self,
        tokens: &[String],
        each: impl FnMut(usize, &State<W>, &[u64]),
    ) -> Result<Replayed<W>, IllegalToken> {
        self.replay_tokens_from(self.initial.to_move, tokens, each)
    }

    /// [`Game::replay_tokens`] with player `first` to move at the start (a match's game).
    pub fn replay_tokens_from(
        &self,
        first: u8,
        tokens: &[String],
        mut each: impl FnMut(usize, &State<W>, &[u64]),
    ) -> Result<Replayed<W>, IllegalToken> {
        let mut state = self.initial;
        state.to_move = first;
        let mut history = Vec::new();
        for (index, token) in tokens.iter().enumerate() {
            each(index, &state, &history);
            let action = self
                .parse_action_with_history(&state, &history, token)
                .map_err(|reason| IllegalToken {
                    index,
                    token: token.clone(),
                    reason,
                })?;
            self.note_position(&mut history, &state);
            self.apply(&mut state, &action);
        }
        let outcome = self.legal_actions_with_history(&state, &history, &mut Vec::new());
        Ok(Replayed {
            state,
            history,
            outcome,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(20_416), "2025-11-24");
        assert_eq!(civil_date(11_016), "2000-02-29");
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let record = Record {
            game: "backgammon".into(),
            date: "2026-11-24".into(),
            seed: Some(7),
            options: [("max_plies".to_string(), "200".to_string())].into(),
            players: [
                ("white".to_string(), "human".to_string()),
                ("black".to_string(), "mcts:iterations=20".to_string()),
            ]
            .into(),
            tokens: (0..40)
                .map(|i| format!("roll:{}-{}", i % 6 + 1, 6))
                .collect(),
            token_spans: Vec::new(),
            result: Some("white wins, score 2".into()),
            first: Some("black".into()),
            match_play: Some(MatchPlay::Points(5)),
            games: vec![MatchGame {
                first: None,
                tokens: vec!["roll:6-5".into(), "24/13".into()],
                token_spans: Vec::new(),
                result: "black wins".into(),
            }],
        };
        let text = record.to_text();
        let read = Record::parse(&text, FileId(0)).expect("reads");
        let mut unspanned = read.clone();
        unspanned.token_spans.clear();
        unspanned.games[0].token_spans.clear();
        assert_eq!(unspanned, record);
        assert_eq!(&text[read.games[0].token_spans[1].range()], "24/13");
        // Each token's span is the token in the text.
        for (token, span) in read.tokens.iter().zip(&read.token_spans) {
            assert_eq!(&text[span.range()], token);
        }
    }

    #[test]
    fn a_broken_record_is_located() {
        let err = Record::parse("game = \"x\"\ntokens = 3\n", FileId(0)).expect_err("bad");
        assert!(err.span.is_some());
        let err = Record::parse("game = \"x\"\n", FileId(0)).expect_err("no tokens");
        assert!(err.kind.to_string().contains("tokens"), "{}", err.kind);
        let text = "game = \"x\"\nmatch = 0\ntokens = ''\n";
        let err = Record::parse(text, FileId(0)).expect_err("no match to 0");
        assert_eq!(&text[err.span.expect("located").range()], "0");
    }
}
