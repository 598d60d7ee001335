//! The TOML structure of a game file, and a variant file layered over its base with `extends`.

use super::ast::RulesAst;
use super::rules::parse_rules;
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};
use crate::span::{FileId, Located, Sources, Span, with_current_file};
use serde::Deserialize;
use std::collections::BTreeMap;

/// One file as written. Every section is optional so that a variant can state only what differs.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    pub extends: Option<Located<String>>,
    pub game: Option<GameSection>,
    pub board: Option<BoardSection>,
    #[serde(default)]
    pub regions: BTreeMap<String, Located<PerPlayer<CellSpec>>>,
    #[serde(default)]
    pub pieces: BTreeMap<String, Located<PieceSection>>,
    /// player -> piece kind -> cells
    #[serde(default)]
    pub setup: BTreeMap<String, Located<BTreeMap<String, Located<CellSpec>>>>,
    #[serde(default)]
    pub options: BTreeMap<String, Located<OptionSection>>,
    pub turn: Option<TurnSection>,
    pub rules: Option<RulesSection>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSection {
    pub name: Option<Located<String>>,
    pub players: Option<Located<Vec<Located<String>>>>,
    #[serde(default)]
    pub sources: Vec<Located<String>>,
    pub summary: Option<Located<String>>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSection {
    pub files: Option<Located<i64>>,
    pub ranks: Option<Located<i64>>,
    /// name -> [file delta, rank delta]
    #[serde(default)]
    pub directions: BTreeMap<String, Located<Vec<i64>>>,
    /// name -> directions, the same for every player or one list per player
    #[serde(default)]
    pub direction_sets: BTreeMap<String, Located<PerPlayer<Vec<Located<String>>>>>,
}

/// A value given once for everyone, or per player (a table keyed by player).
#[derive(Clone, Debug)]
pub enum PerPlayer<T> {
    Each(BTreeMap<String, Located<T>>),
    Shared(T),
}

/// Cells: a cell (`a1`), a rectangle (`a1..n2`), `rank 3`, `file c`, or a list of those.
#[derive(Clone, Debug)]
pub enum CellSpec {
    One(String),
    Many(Vec<Located<String>>),
}

// Hand-written visitors: serde's untagged enums buffer their input, which loses the spans.
impl<'de, T: Deserialize<'de>> Deserialize<'de> for PerPlayer<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for V<T> {
            type Value = PerPlayer<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a value, or a table with one value per player")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut out = BTreeMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    out.insert(key, map.next_value()?);
                }
                Ok(PerPlayer::Each(out))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                seq: A,
            ) -> Result<Self::Value, A::Error> {
                T::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))
                    .map(PerPlayer::Shared)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                T::deserialize(serde::de::IntoDeserializer::<E>::into_deserializer(v))
                    .map(PerPlayer::Shared)
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

impl<'de> Deserialize<'de> for CellSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = CellSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("cells: \"a1\", \"a1..h2\", \"rank 3\", \"file c\" or a list of those")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some(item) = seq.next_element()? {
                    out.push(item);
                }
                Ok(CellSpec::Many(out))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(CellSpec::One(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSection {
    /// player -> one character shown on the board
    pub symbols: BTreeMap<String, Located<String>>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionSection {
    pub default: Option<Located<toml::Value>>,
    pub min: Option<Located<i64>>,
    pub max: Option<Located<i64>>,
    pub choices: Option<Located<Vec<String>>>,
    pub doc: Option<Located<String>>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnSection {
    /// The player who moves first: a player name.
    pub first: Option<Located<String>>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesSection {
    pub text: Option<Located<String>>,
}

/// A game file with its base files folded in and its rules parsed.
#[derive(Clone, Debug, Default)]
pub struct ParsedGame {
    pub file: GameFile,
    /// The rules of the base first, then each variant's; a later item replaces an earlier one of the same name.
    pub rules: RulesAst,
    /// The files of the chain, base first.
    pub chain: Vec<FileId>,
}

/// Reads a game file from text. `resolve` finds the text of an `extends` target (name or path).
pub fn parse_game(
    sources: &mut Sources,
    path: &str,
    text: String,
    resolve: &mut dyn FnMut(&str) -> Result<(String, String), String>,
) -> Result<ParsedGame, Diagnostics> {
    let mut layers: Vec<(FileId, GameFile)> = Vec::new();
    let mut diags = Diagnostics::default();
    let mut next = Some((path.to_string(), text));
    while let Some((path, text)) = next.take() {
        if layers.len() > 16 {
            diags.error(
                ErrorKind::Other("`extends` chain is longer than 16 files (a cycle?)".into()),
                None,
            );
            return Err(diags);
        }
        let id = sources.add(path, text);
        let file = match read_toml(sources, id) {
            Ok(f) => f,
            Err(d) => {
                diags.push(d);
                return Err(diags);
            }
        };
        if let Some(base) = &file.extends {
            match resolve(&base.value) {
                Ok(found) => next = Some(found),
                Err(reason) => {
                    diags.push(
                        Diagnostic::error(ErrorKind::UnknownGame(base.value.clone()), base.span)
                            .with_help(reason),
                    );
                    return Err(diags);
                }
            }
        }
        layers.push((id, file));
    }
    layers.reverse();
    let mut parsed = ParsedGame::default();
    for (id, layer) in layers {
        if let Some(text) = layer.rules.as_ref().and_then(|r| r.text.as_ref()) {
            let offset = string_body_offset(&sources.get(id).text, text.span);
            match parse_rules(&text.value, id, offset) {
                Ok(ast) => merge_rules(&mut parsed.rules, ast),
                Err(d) => diags.push(d),
            }
        }
        merge(&mut parsed.file, layer);
        parsed.chain.push(id);
    }
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(parsed)
    }
}

fn read_toml(sources: &Sources, id: FileId) -> Result<GameFile, Diagnostic> {
    let text = &sources.get(id).text;
    with_current_file(id, || toml::from_str::<GameFile>(text)).map_err(|e| toml_error(id, &e))
}

pub fn toml_error(id: FileId, e: &toml::de::Error) -> Diagnostic {
    let span = e
        .span()
        .map(|r| Span::new(id, r.start..r.end.max(r.start + 1)));
    Diagnostic::error(ErrorKind::Toml(e.message().trim().to_string()), span)
}

/// Where the contents of a TOML string start, so rule spans point into the file.
fn string_body_offset(source: &str, span: Span) -> usize {
    let raw = &source[span.range()];
    let start = span.start as usize;
    for delimiter in ["'''", "\"\"\""] {
        if let Some(rest) = raw.strip_prefix(delimiter) {
            // TOML drops a newline right after the opening delimiter.
            let skip = if rest.starts_with("\r\n") {
                2
            } else if rest.starts_with('\n') {
                1
            } else {
                0
            };
            return start + 3 + skip;
        }
    }
    start + 1
}

fn merge_rules(into: &mut RulesAst, layer: RulesAst) {
    for item in layer.items {
        match into
            .items
            .iter_mut()
            .find(|i| i.name.text == item.name.text)
        {
            Some(existing) => *existing = item,
            None => into.items.push(item),
        }
    }
}

/// Folds a variant over its base: a value the variant gives replaces the base's; tables merge by key.
fn merge(base: &mut GameFile, layer: GameFile) {
    base.extends = layer.extends.or(base.extends.take());
    if let Some(g) = layer.game {
        let b = base.game.get_or_insert_with(Default::default);
        b.name = g.name.or(b.name.take());
        b.players = g.players.or(b.players.take());
        b.summary = g.summary.or(b.summary.take());
        b.sources.extend(g.sources);
    }
    if let Some(l) = layer.board {
        let b = base.board.get_or_insert_with(Default::default);
        b.files = l.files.or(b.files.take());
        b.ranks = l.ranks.or(b.ranks.take());
        b.directions.extend(l.directions);
        b.direction_sets.extend(l.direction_sets);
    }
    base.regions.extend(layer.regions);
    base.pieces.extend(layer.pieces);
    base.setup.extend(layer.setup);
    for (name, option) in layer.options {
        match base.options.get_mut(&name) {
            // A variant that only changes the default keeps the base's range and documentation.
            Some(existing) => {
                let o = option.value;
                let e = &mut existing.value;
                e.default = o.default.or(e.default.take());
                e.min = o.min.or(e.min.take());
                e.max = o.max.or(e.max.take());
                e.choices = o.choices.or(e.choices.take());
                e.doc = o.doc.or(e.doc.take());
            }
            None => {
                base.options.insert(name, option);
            }
        }
    }
    if let Some(t) = layer.turn {
        let b = base.turn.get_or_insert_with(Default::default);
        b.first = t.first.or(b.first.take());
    }
    if layer.rules.is_some() {
        base.rules = layer.rules;
    }
}
