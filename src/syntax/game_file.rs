//! The TOML structure of a game file, and a variant file layered over its base with `extends`.

use super::ast::RulesAst;
use super::rules::{OffsetMap, parse_rules_recovering};
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
    /// Marked paths: name -> ordered cells, the same for everyone or one list per player.
    #[serde(default)]
    pub paths: BTreeMap<String, Located<PerPlayer<Vec<Located<String>>>>>,
    /// Circuits: name -> the legs of a closed route that `ride` follows, through loops and
    /// crossings.
    #[serde(default)]
    pub routes: BTreeMap<String, Located<RouteSection>>,
    /// Marked lines: name -> the links between neighbouring cells that moves may follow (`along:`).
    #[serde(default)]
    pub lines: BTreeMap<String, Located<LinesSection>>,
    #[serde(default)]
    pub pieces: BTreeMap<String, Located<PieceSection>>,
    /// player -> piece kind -> cells
    #[serde(default)]
    pub setup: BTreeMap<String, Located<BTreeMap<String, Located<CellSpec>>>>,
    /// player -> piece kind -> how many pieces the player has in hand at the start
    #[serde(default)]
    pub hand: BTreeMap<String, Located<BTreeMap<String, Located<i64>>>>,
    #[serde(default)]
    pub options: BTreeMap<String, Located<OptionSection>>,
    /// Numbers kept in the position and changed by `after` rules.
    #[serde(default)]
    pub counters: BTreeMap<String, Located<CounterSection>>,
    /// Tables the rules read: name -> key (a cell, a piece kind or a player) -> a number or a cell.
    #[serde(default)]
    pub tables: BTreeMap<String, Located<BTreeMap<String, Located<toml::Value>>>>,
    pub turn: Option<TurnSection>,
    pub dice: Option<DiceSection>,
    /// One throw of dice at the start of every turn, whose total the rules read as `roll`.
    pub roll: Option<RollSection>,
    /// A set-up drawn by lot at the start (a chance event): which kinds fill which cells.
    pub shuffle: Option<ShuffleSection>,
    /// How `tabula play --match` plays a match of this game.
    #[serde(rename = "match")]
    pub match_: Option<MatchSection>,
    pub rules: Option<RulesSection>,
    /// What the position remembers of the past beyond the board.
    pub memory: Option<MemorySection>,
    /// The game's compact position notation (a FEN).
    pub notation: Option<Located<NotationSection>>,
    /// Regions, paths and lines drawn on the board: name -> the symbol of their empty cells.
    #[serde(default)]
    pub show: BTreeMap<String, Located<String>>,
}

/// `[routes.NAME]`: a closed route, leg after leg; where one leg ends and the next begins (and
/// after the last, the first) the route bends, as Surakarta's circuits turn round a corner loop.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RouteSection {
    /// Each leg a run of cells (`"b1..b6"`) or one cell.
    pub legs: Vec<Located<String>>,
}

/// `[notation]`: a one-line position (a FEN), its fields separated by spaces (or `separator`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotationSection {
    /// The fields in order: `placement`, `to_move`, `unmoved`, `previous`, `counter:NAME`,
    /// `move_number`, or `-` for a field read and ignored. Left out only by a variant, which
    /// keeps its base's fields (an empty list).
    #[serde(default = "no_fields")]
    pub fields: Located<Vec<Located<String>>>,
    /// player -> the letter of `to_move`.
    #[serde(default)]
    pub to_move: BTreeMap<String, Located<String>>,
    /// letter -> the `[memory] unmoved` cells it stands for (`K = ["e1", "h1"]`).
    #[serde(default)]
    pub unmoved: BTreeMap<String, Located<Vec<Located<String>>>>,
    /// A kind whose piece each `unmoved` letter also stands for, the owner's on a remembered cell
    /// (Shredder-FEN's `H`: the h1 rook and the king).
    pub unmoved_with: Option<Located<String>>,
    /// `previous`: the cell a move passed, and the direction sets (of the player to move) from it
    /// to where the move started and ended: `{ from = "forward", to = "backward" }`.
    pub previous: Option<Located<BTreeMap<String, Located<String>>>>,
    /// kind -> player -> the kind's symbol in the notation where it is not the board's one
    /// character (shogi's promoted pieces, `+P`).
    #[serde(default)]
    pub symbols: BTreeMap<String, Located<BTreeMap<String, Located<String>>>>,
    /// The order the `hands` field writes the kinds in (the hand's slots if left out).
    pub hand_order: Option<Located<Vec<Located<String>>>>,
    /// What separates the fields (`":"` in draughts); spaces if left out.
    pub separator: Option<Located<String>>,
    /// Text a line may end with, read and ignored, not written (the `.` of draughts).
    pub end: Option<Located<String>>,
    /// The numbers of the `squares:PLAYER` fields: cells numbered row by row.
    pub squares: Option<Located<SquareNumbers>>,
    /// kind -> the text written before a square's number in `squares:PLAYER` (`K` for a king).
    #[serde(default)]
    pub prefixes: BTreeMap<String, Located<String>>,
}

fn no_fields() -> Located<Vec<Located<String>>> {
    Located::new(Vec::new(), Span::default())
}

/// `[notation] squares`: the cells numbered 1, 2, ... along the rank of `from`, from its file
/// towards the file of `to`, then the next rank towards `to`, and so on; with `colour_of`, only
/// the cells of that cell's colour (on a checkered board: file + rank of the same parity).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquareNumbers {
    pub from: Located<String>,
    pub to: Located<String>,
    pub colour_of: Option<Located<String>>,
}

/// `[memory]`: what the rules may ask about the past.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MemorySection {
    /// Cells whose pieces the rules ask about having moved (`unmoved`): castling rights.
    pub unmoved: Option<Located<CellSpec>>,
    /// The kinds whose pieces `unmoved` remembers (every kind if left out): Chess960's rooks and
    /// king, not the knights that share their rank.
    pub unmoved_kinds: Option<Located<Vec<Located<String>>>>,
}

/// A match of a fixed number of games: won by winning most of them.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchSection {
    /// At most this many games; the match ends once a player has won more than half.
    pub games: Option<Located<i64>>,
    /// The players change sides after every game (`true`, `false` or a true/false option).
    pub swap_sides: Option<Located<toml::Value>>,
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
    /// direction name -> the cells a step that way passes over, relative to its start (`[[0, 1]]`):
    /// each must be empty for the step to be made.
    #[serde(default)]
    pub legs: BTreeMap<String, Located<Vec<Vec<i64>>>>,
    /// name -> directions, the same for every player or one list per player
    #[serde(default)]
    pub direction_sets: BTreeMap<String, Located<PerPlayer<Vec<Located<String>>>>>,
    /// `"letters"` (`a1`, the default) or `"numbers"` (`1`, `2`, ... in reading order).
    pub cell_names: Option<Located<String>>,
    /// A cell may hold any number of one player's pieces of one kind.
    pub stacks: Option<Located<bool>>,
    /// A cell may hold a column of pieces of any players and kinds, moved as one, owned by its
    /// top piece.
    pub columns: Option<Located<bool>>,
    /// Numbers written on cells (`value(cells)` adds them up): cell -> number.
    #[serde(default)]
    pub values: BTreeMap<String, Located<i64>>,
    /// A board of points: only these cells of the grid are on the board.
    pub points: Option<Located<CellSpec>>,
    /// The cells of the grid that are not on the board (the other way to give its shape).
    pub absent: Option<Located<CellSpec>>,
    /// How the grid is drawn and which cells touch: `"square"` (the default) or `"hex"`.
    pub layout: Option<Located<String>>,
    /// Directions given as links between points: name -> `["a1-d1", ...]`, each the neighbour of
    /// the first cell that way (instead of `[board.directions]` vectors).
    #[serde(default)]
    pub links: BTreeMap<String, Located<Vec<Located<String>>>>,
    /// Link directions and their reverse: `e = "w"` also links each `e` link back as `w`.
    #[serde(default)]
    pub opposites: BTreeMap<String, Located<String>>,
}

/// Dice thrown as chance events, whose pips the moves of a turn use (`die_move`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceSection {
    /// Faces of a die (two dice are thrown).
    pub sides: Option<Located<i64>>,
    /// A doublet: `"four"` times its number, or `"escalate"` (four times, then the next number
    /// four times, up to the highest). May name a choice option.
    pub doublets: Option<Located<String>>,
    /// Pips the mover cannot play go to the opponent: `"never"`, `"doublets"` or `"always"`.
    /// May name a choice option.
    pub transfer: Option<Located<String>>,
    /// Doublets escalate from this roll of the game on (1 = always). May name an integer option.
    pub escalate_from_roll: Option<Located<toml::Value>>,
    /// A doublet's pips are played as many as possible (`true`, or a true/false option).
    pub doublets_max_use: Option<Located<toml::Value>>,
    /// An ordinary roll: both dice if possible, else the larger (`true`, the default, or a
    /// true/false option).
    pub max_use: Option<Located<toml::Value>>,
    /// Transferred pips the receiver cannot play go back once to the first player (`true`, or a
    /// true/false option); otherwise they are dropped.
    pub transfer_back: Option<Located<toml::Value>>,
}

/// `[roll]`: dice thrown at the start of every turn; the rules read their total as `roll`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollSection {
    /// How many dice are thrown together.
    pub dice: Option<Located<i64>>,
    /// Faces 1 to `sides` on each die.
    pub sides: Option<Located<i64>>,
    /// The number on each face of a die, when they are not 1 to `sides` (`[0, 1]`: a binary die).
    pub faces: Option<Located<Vec<Located<i64>>>>,
    /// The rules read each die (`die(1)`, the highest, ...), not only the total.
    pub each: Option<Located<bool>>,
}

/// `[shuffle]`: a set-up drawn by lot at the start, the same arrangement for every player.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShuffleSection {
    /// The cells the drawn pieces fill, one list per player (or one for all); the i-th cell of
    /// every player's list gets the same kind.
    pub cells: Located<PerPlayer<CellSpec>>,
    /// How many pieces of each kind are drawn.
    pub pieces: Located<BTreeMap<String, Located<i64>>>,
    /// Kinds whose pieces stand on cells of different colours (a bishop on each colour).
    pub opposite_colours: Option<Located<Vec<Located<String>>>>,
    /// Kind -> kind: each piece of the first stands between two pieces of the second, along the
    /// list of cells (the king between the rooks).
    pub between: Option<Located<BTreeMap<String, Located<String>>>>,
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
    /// player -> one character shown on the board. Required, except in a variant that changes
    /// another key of a kind of its base.
    pub symbols: Option<BTreeMap<String, Located<String>>>,
    /// Where a piece of this kind, face up, is held at home (immune to surrounding).
    pub home: Option<Located<CellSpec>>,
    /// A face-down piece: it is one of these kinds, unknown until its first move reveals it.
    pub hides: Option<Vec<Located<String>>>,
    /// A piece of this kind that is captured goes to the captor's hand as this kind (shogi).
    pub to_hand: Option<Located<String>>,
    /// A piece of this kind that is captured goes back to its owner's hand, to enter again.
    pub returns_home: Option<Located<bool>>,
    /// A piece of this kind captured by a landing is set on the first empty cell of this region
    /// (its owner's part of a per-player region): sent back to the start, or to a named cell.
    pub sent_to: Option<Located<String>>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionSection {
    pub default: Option<Located<toml::Value>>,
    pub min: Option<Located<i64>>,
    pub max: Option<Located<i64>>,
    pub choices: Option<Located<Vec<String>>>,
    pub doc: Option<Located<String>>,
    /// Choices that need another board, setup or paths: the choice's value loads this variant
    /// file (by game name or path) in place of the file that declares the option.
    #[serde(default)]
    pub variants: BTreeMap<String, Located<String>>,
    /// In a variant, `remove = true` drops the base's option (the variant's rules no longer read it).
    pub remove: Option<Located<bool>>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterSection {
    #[serde(default)]
    pub initial: Option<Located<i64>>,
    pub doc: Option<Located<String>>,
}

/// A set of links between cells, made of up to three parts.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinesSection {
    /// Every link along these directions (a direction set, all players' directions together).
    pub dirs: Option<Located<String>>,
    /// The links between consecutive cells of these paths (every player's copy).
    #[serde(default)]
    pub paths: Vec<Located<String>>,
    /// Single links written `a1-b2`.
    #[serde(default)]
    pub segments: Vec<Located<String>>,
    /// Every link, along any direction of the board, between a cell of this set and a cell
    /// outside it: the outline of a region (`"b2..h8"`).
    pub boundary: Option<Located<CellSpec>>,
    /// The lines are walls: no step crosses one of their links (a slide stops before it).
    pub walls: Option<Located<bool>>,
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
    /// In a variant: names of base rules that the variant drops.
    #[serde(default)]
    pub remove: Vec<Located<String>>,
}

/// A game file with its base files folded in and its rules parsed.
#[derive(Clone, Debug, Default)]
pub struct ParsedGame {
    pub file: GameFile,
    /// The rules of the base first, then each variant's; a later item replaces an earlier one of the same name.
    pub rules: RulesAst,
    /// The files of the chain, base first.
    pub chain: Vec<FileId>,
    /// Some rules did not parse (and were reported): the checker does not miss them again.
    pub rules_incomplete: bool,
}

/// Finds the `(path, text)` of an `extends` target by name or path, or says why it cannot.
pub type Resolve<'a> = dyn FnMut(&str) -> Result<(String, String), String> + 'a;

/// Reads a game file from text. `resolve` finds the text of an `extends` target (name or path).
pub fn parse_game(
    sources: &mut Sources,
    path: &str,
    text: String,
    resolve: &mut Resolve,
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
        let (file, errors) = read_toml(sources, id);
        diags.items.extend(errors);
        let Some(file) = file else {
            return Err(diags);
        };
        if let Some(base) = &file.extends {
            match resolve(&base.value) {
                Ok(found) => next = Some(found),
                Err(reason) => {
                    let help = match nearest_game(&base.value, &sources.get(id).path) {
                        Some(near) => format!("{reason}; did you mean `{near}`?"),
                        None => reason,
                    };
                    diags.push(
                        Diagnostic::error(ErrorKind::UnknownGame(base.value.clone()), base.span)
                            .with_label("no such game")
                            .with_help(help),
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
        let mut ast = RulesAst::default();
        if let Some(text) = layer.rules.as_ref().and_then(|r| r.text.as_ref()) {
            let map = string_offsets(&sources.get(id).text, text.span, &text.value);
            let errors;
            (ast, errors) = parse_rules_recovering(&text.value, id, &map);
            if !errors.is_empty() {
                parsed.rules_incomplete = true;
                diags.items.extend(errors);
            }
        }
        // The base's name, for messages about what a variant changes in it.
        let base = (!parsed.chain.is_empty())
            .then(|| layer.extends.as_ref().map(|e| e.value.clone()))
            .flatten();
        if let Some(remove) = layer.rules.as_ref().map(|r| &r.remove) {
            remove_rules(&mut parsed, remove, &ast, base.as_deref(), &mut diags);
        }
        merge_rules(&mut parsed.rules, ast);
        merge(&mut parsed.file, layer, base.as_deref(), &mut diags);
        parsed.chain.push(id);
    }
    if diags.has_errors() {
        // The rest of the game can still be checked, so that one pass reports every problem.
        if let Err(more) = crate::check::check(&parsed, &[]) {
            diags.items.extend(more.items);
        }
        Err(diags)
    } else {
        Ok(parsed)
    }
}

/// A file's TOML read into its sections, with the errors found. An unknown key is reported and
/// reading goes on, so that one pass reports every misspelt key and the checker still sees the
/// rest of the file: a key with a near valid name is read as that name (unless the table has it
/// already), so that its value is still checked and its absence not reported again; another
/// unknown key is left out. Any other error stops the reading (`None`: nothing to check).
fn read_toml(sources: &Sources, id: FileId) -> (Option<GameFile>, Vec<Diagnostic>) {
    let text = &sources.get(id).text;
    let mut table = match toml::de::DeTable::parse(text) {
        Ok(table) => table,
        Err(e) => return (None, vec![toml_error(id, text, &e)]),
    };
    let mut errors: Vec<Diagnostic> = Vec::new();
    loop {
        let attempt = with_current_file(id, || {
            GameFile::deserialize(toml::de::Deserializer::from(table.clone()))
        });
        match attempt {
            Ok(file) => {
                // In the order of the file, not the order serde visits the sections in.
                errors.sort_by_key(|d| d.span.map(|s| s.start));
                return (Some(file), errors);
            }
            Err(e) => {
                let diagnostic = toml_error(id, text, &e);
                let meant = diagnostic
                    .help
                    .as_deref()
                    .and_then(|h| h.strip_prefix("did you mean `"))
                    .and_then(|h| h.split('`').next())
                    .map(str::to_string);
                errors.push(diagnostic);
                let unknown_key = e.message().starts_with("unknown field");
                let recovered = unknown_key
                    && e.span()
                        .is_some_and(|at| recover_key(table.get_mut(), &at, meant.as_deref()));
                // Each round renames or drops one key, so this ends; the cap bounds a file of many
                // mistakes.
                if !recovered || errors.len() >= 32 {
                    errors.sort_by_key(|d| d.span.map(|s| s.start));
                    return (None, errors);
                }
            }
        }
    }
}

/// Renames (to `meant`) or removes the key written at `at`, in a table or any table nested in it.
fn recover_key(
    table: &mut toml::de::DeTable,
    at: &std::ops::Range<usize>,
    meant: Option<&str>,
) -> bool {
    let found = table.keys().find(|k| k.span() == *at).cloned();
    if let Some(key) = found {
        let value = table.remove(&key);
        if let (Some(meant), Some(value)) = (meant, value)
            && !table.contains_key(meant)
        {
            let renamed = std::borrow::Cow::Owned(meant.to_string());
            table.insert(toml::Spanned::new(at.clone(), renamed), value);
        }
        return true;
    }
    table
        .iter_mut()
        .any(|(_, value)| recover_key_in(value.get_mut(), at, meant))
}

fn recover_key_in(
    value: &mut toml::de::DeValue,
    at: &std::ops::Range<usize>,
    meant: Option<&str>,
) -> bool {
    match value {
        toml::de::DeValue::Table(t) => recover_key(t, at, meant),
        toml::de::DeValue::Array(items) => items
            .iter_mut()
            .any(|v| recover_key_in(v.get_mut(), at, meant)),
        _ => false,
    }
}

/// A TOML error of `text` (the file `id`) as a diagnostic. An empty span is widened to the
/// character it stands before, so that the caret shows; at the end of the text it stays empty.
pub fn toml_error(id: FileId, text: &str, e: &toml::de::Error) -> Diagnostic {
    let span = e.span().map(|r| {
        let start = text.floor_char_boundary(r.start.min(text.len()));
        let end = if r.end > start {
            text.ceil_char_boundary(r.end.min(text.len()))
        } else {
            text[start..]
                .chars()
                .next()
                .map_or(start, |c| start + c.len_utf8())
        };
        Span::new(id, start..end)
    });
    let message = e.message().trim();
    let mut d = Diagnostic::error(ErrorKind::Toml(plain_serde_message(message)), span);
    // serde lists the keys it knows: `unknown field `file`, expected one of `files`, `ranks``.
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some((field, expected)) = rest.split_once('`') {
            let known: Vec<&str> = expected
                .split('`')
                .skip(1)
                .step_by(2)
                .filter(|k| !k.is_empty())
                .collect();
            d = d.with_label("unknown key");
            if let Some(hint) = crate::check::nearest_name(field, known.iter().copied()) {
                d = d.with_help(hint);
            }
        }
    } else if message.contains("invalid type: string") && message.contains("expected i64") {
        d = d.with_help("write numbers without quotes");
    }
    d
}

/// serde's words for types, in the words of a game file.
fn plain_serde_message(message: &str) -> String {
    message
        .replace("invalid type: ", "wrong type: found ")
        .replace("expected i64", "expected a whole number")
        .replace("expected a sequence", "expected a list")
        .replace("expected a map", "expected a table")
}

/// The closest game name beside `path` or in the games folder, for a mistyped `extends`.
fn nearest_game(name: &str, path: &str) -> Option<String> {
    let beside = std::path::Path::new(path)
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    let mut names: Vec<String> = Vec::new();
    for dir in [beside, crate::input::games_folder()] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let p = entry.path();
            if p.extension().is_some_and(|x| x == "toml")
                && let Some(stem) = p.file_stem()
            {
                names.push(stem.to_string_lossy().into_owned());
            }
        }
    }
    names.sort();
    names.dedup();
    let stem = name.strip_suffix(".toml").unwrap_or(name);
    crate::check::nearest_name(stem, names.iter().map(String::as_str))
        .and_then(|hint| hint.split('`').nth(1).map(str::to_string))
}

/// Where each byte of a TOML string's value sits in the file, so rule spans point at what the user
/// wrote even after escapes such as `\"` or `\u00e9`.
fn string_offsets(source: &str, span: Span, value: &str) -> OffsetMap {
    let Some(raw) = source.get(span.range()) else {
        return OffsetMap::shifted(span.start as usize);
    };
    let start = span.start as usize;
    let (delimiter, literal) = if raw.starts_with("'''") {
        ("'''", true)
    } else if raw.starts_with("\"\"\"") {
        ("\"\"\"", false)
    } else if raw.starts_with('\'') {
        ("'", true)
    } else {
        ("\"", false)
    };
    let fallback = OffsetMap::shifted(start + delimiter.len());
    let Some(mut body) = raw
        .strip_prefix(delimiter)
        .and_then(|b| b.strip_suffix(delimiter))
    else {
        return fallback;
    };
    let mut body_start = start + delimiter.len();
    if delimiter.len() == 3 {
        // TOML drops a newline right after the opening delimiter.
        for newline in ["\r\n", "\n"] {
            if let Some(rest) = body.strip_prefix(newline) {
                body = rest;
                body_start += newline.len();
                break;
            }
        }
    }
    if literal {
        return if body == value {
            OffsetMap::shifted(body_start)
        } else {
            fallback
        };
    }
    match decode_basic(body, body_start) {
        Some((decoded, points)) if decoded == value => OffsetMap::from_points(points),
        _ => OffsetMap::shifted(body_start),
    }
}

/// Decodes the body of a TOML basic string, noting after each escape where the text resumes.
fn decode_basic(body: &str, body_start: usize) -> Option<(String, Vec<(usize, usize)>)> {
    let mut out = String::with_capacity(body.len());
    let mut points = vec![(0, body_start)];
    let mut chars = body.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let (_, e) = chars.next()?;
        let mut hex = |n: usize| -> Option<char> {
            let mut v = 0u32;
            for _ in 0..n {
                v = v * 16 + chars.next()?.1.to_digit(16)?;
            }
            char::from_u32(v)
        };
        match e {
            'b' => out.push('\u{8}'),
            't' => out.push('\t'),
            'n' => out.push('\n'),
            'f' => out.push('\u{c}'),
            'r' => out.push('\r'),
            'e' => out.push('\u{1b}'),
            '"' => out.push('"'),
            '\\' => out.push('\\'),
            'x' => out.push(hex(2)?),
            'u' => out.push(hex(4)?),
            'U' => out.push(hex(8)?),
            c if c.is_whitespace() => {
                // A line-ending backslash drops the whitespace and newlines after it.
                while chars.peek().is_some_and(|(_, c)| c.is_whitespace()) {
                    chars.next();
                }
            }
            _ => return None,
        }
        let resume = chars.peek().map_or(body.len(), |(j, _)| *j);
        points.push((out.len(), body_start + resume));
    }
    Some((out, points))
}

/// Drops the base rules a variant's `[rules] remove` names. A name the base lacks is an error
/// with the nearest rule name of the base, since a misspelt removal would silently keep the rule.
fn remove_rules(
    parsed: &mut ParsedGame,
    remove: &[Located<String>],
    own: &RulesAst,
    base: Option<&str>,
    diags: &mut Diagnostics,
) {
    let Some(base) = base else {
        if let Some(first) = remove.first() {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other("only a variant can remove rules".into()),
                    first.span,
                )
                .with_label("this file extends no game")
                .with_help(
                    "`remove` drops rules of the game named by `extends`; in a game of its own, leave the rule out of `text`",
                ),
            );
        }
        return;
    };
    for (i, name) in remove.iter().enumerate() {
        if let Some(first) = remove[..i].iter().find(|n| n.value == name.value) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Duplicate {
                        what: "removal of rule",
                        name: name.value.clone(),
                    },
                    name.span,
                )
                .with_label("removed again here")
                .with_note_at(first.span, "first removed here"),
            );
            continue;
        }
        if let Some(defined) = own.items.iter().find(|r| r.name.text == name.value) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!(
                        "rule `{}` is both removed and defined in this file",
                        name.value
                    )),
                    name.span,
                )
                .with_label("removed here")
                .with_note_at(defined.name.span, "defined here")
                .with_help(
                    "a rule of the same name already replaces the base's: drop it from `remove`",
                ),
            );
            continue;
        }
        let items = &mut parsed.rules.items;
        match items.iter().position(|r| r.name.text == name.value) {
            Some(i) => {
                items.remove(i);
            }
            // A base rule that did not parse has been reported; its name is not known.
            None if parsed.rules_incomplete => {}
            None => {
                let names: Vec<&str> = items.iter().map(|r| r.name.text.as_str()).collect();
                let help = crate::check::nearest_name(&name.value, names.iter().copied())
                    .unwrap_or_else(|| match names.as_slice() {
                        [] => format!("`{base}` has no rules left to remove"),
                        _ => format!(
                            "the rules of `{base}` are {}",
                            names
                                .iter()
                                .map(|n| format!("`{n}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    });
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other(format!(
                            "cannot remove rule `{}`: `{base}` has no rule of that name",
                            name.value
                        )),
                        name.span,
                    )
                    .with_label(format!("not a rule of `{base}`"))
                    .with_help(help),
                );
            }
        }
    }
}

/// A variant's rule replaces the base's rule of the same name. Two rules of one name in one file
/// are both kept, for the checker to report.
fn merge_rules(into: &mut RulesAst, layer: RulesAst) {
    let base_len = into.items.len();
    let mut replaced = vec![false; base_len];
    for item in layer.items {
        let slot = into.items[..base_len]
            .iter()
            .position(|i| i.name.text == item.name.text);
        match slot {
            Some(i) if !replaced[i] => {
                into.items[i] = item;
                replaced[i] = true;
            }
            _ => into.items.push(item),
        }
    }
}

/// How the error for a variant's table naming what its base lacks speaks of one kind of entry.
struct EntryWords {
    table: &'static str,
    /// `an option`, `a piece kind`.
    one: &'static str,
    /// `an option`, `a kind`: in the label.
    short: &'static str,
    plural: &'static str,
    /// `option`, `kind`: after "a new".
    noun: &'static str,
    /// What a new entry must give.
    needs: &'static str,
}

const OPTION_WORDS: EntryWords = EntryWords {
    table: "options",
    one: "an option",
    short: "an option",
    plural: "options",
    noun: "option",
    needs: "a `default`",
};

const PIECE_WORDS: EntryWords = EntryWords {
    table: "pieces",
    one: "a piece kind",
    short: "a kind",
    plural: "kinds",
    noun: "kind",
    needs: "`symbols`",
};

/// `[TABLE.NAME]` in a variant, for an entry its base lacks and without what a new entry needs: a
/// misspelt name, most likely, so the nearest name of the base is the hint.
fn base_lacks<'a>(
    words: &EntryWords,
    name: &str,
    base_name: Option<&str>,
    known: impl Iterator<Item = &'a String> + Clone,
    span: Span,
) -> Diagnostic {
    let base_name = base_name.unwrap_or_default();
    let EntryWords {
        table,
        one,
        short,
        plural,
        noun,
        needs,
    } = words;
    let help = match crate::check::nearest_name(name, known.clone().map(String::as_str)) {
        Some(near) => format!("{near} A new {noun} would need {needs}"),
        None if known.clone().next().is_none() => {
            format!("`{base_name}` has no {plural}; a new {noun} needs {needs}")
        }
        None => format!(
            "the {plural} of `{base_name}` are {}; a new {noun} needs {needs}",
            known
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    Diagnostic::error(
        ErrorKind::Other(format!(
            "`[{table}.{name}]` changes {one} that `{base_name}` does not have"
        )),
        span,
    )
    .with_label(format!("not {short} of `{base_name}`"))
    .with_help(help)
}

/// Folds a variant over its base: a value the variant gives replaces the base's; tables merge by key.
/// `base_name` is the `extends` of a variant (`None` for the first file of the chain).
fn merge(base: &mut GameFile, layer: GameFile, base_name: Option<&str>, diags: &mut Diagnostics) {
    base.extends = layer.extends.or(base.extends.take());
    if let Some(players) = layer.game.as_ref().and_then(|g| g.players.as_ref()) {
        drop_players(base, players);
    }
    if let Some(g) = layer.game {
        let b = base.game.get_or_insert_with(Default::default);
        b.name = g.name.or(b.name.take());
        b.players = g.players.or(b.players.take());
        b.summary = g.summary.or(b.summary.take());
        b.sources.extend(g.sources);
    }
    if let Some(l) = layer.board {
        merge_board(base.board.get_or_insert_with(Default::default), l);
    }
    if let Some(layer) = layer.notation {
        match &mut base.notation {
            Some(base) => merge_notation(&mut base.value, layer.value),
            None => base.notation = Some(layer),
        }
    }
    if layer.memory.is_some() {
        base.memory = layer.memory;
    }
    merge_per_player(&mut base.regions, layer.regions);
    base.show.extend(layer.show);
    base.counters.extend(layer.counters);
    // A table is merged key by key: a variant may change one entry.
    for (name, table) in layer.tables {
        match base.tables.get_mut(&name) {
            Some(existing) => existing.value.extend(table.value),
            None => {
                base.tables.insert(name, table);
            }
        }
    }
    merge_per_player(&mut base.paths, layer.paths);
    base.routes.extend(layer.routes);
    base.lines.extend(layer.lines);
    merge_pieces(&mut base.pieces, layer.pieces, base_name, diags);
    base.setup.extend(layer.setup);
    base.hand.extend(layer.hand);
    merge_options(&mut base.options, layer.options, base_name, diags);
    if let Some(t) = layer.turn {
        let b = base.turn.get_or_insert_with(Default::default);
        b.first = t.first.or(b.first.take());
    }
    if let Some(d) = layer.dice {
        let b = base.dice.get_or_insert_with(Default::default);
        b.sides = d.sides.or(b.sides.take());
        b.doublets = d.doublets.or(b.doublets.take());
        b.transfer = d.transfer.or(b.transfer.take());
        b.escalate_from_roll = d.escalate_from_roll.or(b.escalate_from_roll.take());
        b.doublets_max_use = d.doublets_max_use.or(b.doublets_max_use.take());
        b.max_use = d.max_use.or(b.max_use.take());
        b.transfer_back = d.transfer_back.or(b.transfer_back.take());
    }
    if let Some(r) = layer.roll {
        let b = base.roll.get_or_insert_with(Default::default);
        let RollSection {
            dice,
            sides,
            faces,
            each,
        } = r;
        b.dice = dice.or(b.dice.take());
        b.each = each.or(b.each.take());
        // The faces are one thing, given either way: a variant's replace the base's.
        if sides.is_some() || faces.is_some() {
            (b.sides, b.faces) = (sides, faces);
        }
    }
    // A variant's draw replaces the base's whole: its kinds, cells and constraints belong together.
    if layer.shuffle.is_some() {
        base.shuffle = layer.shuffle;
    }
    if let Some(m) = layer.match_ {
        let b = base.match_.get_or_insert_with(Default::default);
        b.games = m.games.or(b.games.take());
        b.swap_sides = m.swap_sides.or(b.swap_sides.take());
    }
    if layer.rules.is_some() {
        base.rules = layer.rules;
    }
}

/// A variant's per-player regions, paths and direction sets over the base's: where both give
/// each player their own, player by player (a variant that adds a player gives only theirs);
/// otherwise the variant's whole.
fn merge_per_player<T>(
    base: &mut BTreeMap<String, Located<PerPlayer<T>>>,
    layer: BTreeMap<String, Located<PerPlayer<T>>>,
) {
    for (name, entry) in layer {
        match (base.get_mut(&name), entry.value) {
            // The span goes to the variant's entry, where the rulebook and errors point.
            (Some(existing), PerPlayer::Each(players)) => {
                existing.span = entry.span;
                match &mut existing.value {
                    PerPlayer::Each(base_players) => base_players.extend(players),
                    shared => *shared = PerPlayer::Each(players),
                }
            }
            (_, value) => {
                base.insert(name, Located::new(value, entry.span));
            }
        }
    }
}

/// A variant's `[notation]` over the base's, key by key: the fields, separators and squares
/// replaced where given, the letters of players, kinds and prefixes entry by entry, the castling
/// letters whole. (Every key is named, so that a new one is merged too.)
fn merge_notation(b: &mut NotationSection, l: NotationSection) {
    let NotationSection {
        fields,
        to_move,
        unmoved,
        previous,
        symbols,
        hand_order,
        separator,
        end,
        squares,
        prefixes,
        unmoved_with,
    } = l;
    if !fields.value.is_empty() {
        b.fields = fields;
    }
    b.to_move.extend(to_move);
    // The castling letters are one set: a variant that gives them gives them all.
    if !unmoved.is_empty() {
        b.unmoved = unmoved;
    }
    b.previous = previous.or(b.previous.take());
    b.symbols.extend(symbols);
    b.hand_order = hand_order.or(b.hand_order.take());
    b.separator = separator.or(b.separator.take());
    b.end = end.or(b.end.take());
    b.squares = squares.or(b.squares.take());
    b.prefixes.extend(prefixes);
    b.unmoved_with = unmoved_with.or(b.unmoved_with.take());
}

/// A variant that names its players drops what its base gives the players it leaves out: their
/// cells of per-player regions, paths and direction sets, their set-up and hand, their pieces'
/// symbols, their entries in tables and in the notation. (Rules naming them must be replaced.)
fn drop_players(base: &mut GameFile, players: &Located<Vec<Located<String>>>) {
    let kept: Vec<&str> = players.value.iter().map(|p| p.value.as_str()).collect();
    let old = base.game.as_ref().and_then(|g| g.players.as_ref());
    let dropped: Vec<String> = (old.iter().flat_map(|p| p.value.iter()))
        .map(|p| p.value.clone())
        .filter(|p| !kept.contains(&p.as_str()))
        .collect();
    if dropped.is_empty() {
        return;
    }
    let keep = |name: &String| !dropped.contains(name);
    fn each<T>(value: &mut PerPlayer<T>, keep: &impl Fn(&String) -> bool) {
        if let PerPlayer::Each(map) = value {
            map.retain(|k, _| keep(k));
        }
    }
    base.regions
        .values_mut()
        .for_each(|r| each(&mut r.value, &keep));
    base.paths
        .values_mut()
        .for_each(|p| each(&mut p.value, &keep));
    if let Some(board) = &mut base.board {
        (board.direction_sets.values_mut()).for_each(|d| each(&mut d.value, &keep));
    }
    base.setup.retain(|k, _| keep(k));
    base.hand.retain(|k, _| keep(k));
    for piece in base.pieces.values_mut() {
        if let Some(symbols) = &mut piece.value.symbols {
            symbols.retain(|k, _| keep(k));
        }
    }
    base.tables
        .values_mut()
        .for_each(|t| t.value.retain(|k, _| keep(k)));
    if let Some(notation) = &mut base.notation {
        notation.value.to_move.retain(|k, _| keep(k));
    }
}

/// A variant's `[board]` over the base's: key by key, the tables by entry.
fn merge_board(b: &mut BoardSection, l: BoardSection) {
    b.files = l.files.or(b.files.take());
    b.ranks = l.ranks.or(b.ranks.take());
    b.directions.extend(l.directions);
    b.legs.extend(l.legs);
    merge_per_player(&mut b.direction_sets, l.direction_sets);
    b.cell_names = l.cell_names.or(b.cell_names.take());
    b.stacks = l.stacks.or(b.stacks.take());
    b.columns = l.columns.or(b.columns.take());
    b.values.extend(l.values);
    // `points` and `absent` give one thing, the board's shape: a layer that gives either
    // replaces the base's shape whole.
    if l.points.is_some() || l.absent.is_some() {
        b.points = l.points;
        b.absent = l.absent;
    }
    b.layout = l.layout.or(b.layout.take());
    b.links.extend(l.links);
    b.opposites.extend(l.opposites);
}

/// A variant's `[pieces]` over the base's: a kind of the base changed key by key, a new kind
/// added whole.
fn merge_pieces(
    base: &mut BTreeMap<String, Located<PieceSection>>,
    layer: BTreeMap<String, Located<PieceSection>>,
    base_name: Option<&str>,
    diags: &mut Diagnostics,
) {
    for (name, piece) in layer {
        match base.get_mut(&name) {
            // Merged key by key: a variant that changes `home` only keeps the base's symbols,
            // hidden kinds and `to_hand`. (Every key is named, so that a new one is merged too.)
            Some(existing) => {
                let PieceSection {
                    symbols,
                    home,
                    hides,
                    to_hand,
                    returns_home,
                    sent_to,
                } = piece.value;
                let e = &mut existing.value;
                e.symbols = symbols.or(e.symbols.take());
                e.home = home.or(e.home.take());
                e.hides = hides.or(e.hides.take());
                e.to_hand = to_hand.or(e.to_hand.take());
                e.returns_home = returns_home.or(e.returns_home.take());
                e.sent_to = sent_to.or(e.sent_to.take());
            }
            // As for options: a new kind is a whole one, with its symbols.
            None if piece.value.symbols.is_none() && base_name.is_some() => {
                let known = base.keys();
                diags.push(base_lacks(
                    &PIECE_WORDS,
                    &name,
                    base_name,
                    known,
                    piece.span,
                ));
            }
            None => {
                base.insert(name, piece);
            }
        }
    }
}

/// A variant's `[options]` over the base's: an option of the base changed key by key or removed
/// (`remove = true`), a new option added whole.
fn merge_options(
    base: &mut BTreeMap<String, Located<OptionSection>>,
    layer: BTreeMap<String, Located<OptionSection>>,
    base_name: Option<&str>,
    diags: &mut Diagnostics,
) {
    for (name, option) in layer {
        if let Some(remove) = option.value.remove.as_ref().filter(|r| r.value) {
            let error = match base_name {
                _ if base_name.is_some() && base.remove(&name).is_some() => continue,
                None => Diagnostic::error(
                    ErrorKind::Other("only a variant can remove options".into()),
                    remove.span,
                )
                .with_label("this file extends no game")
                .with_help("in a game of its own, leave the option out"),
                Some(base_name) => {
                    let names = base.keys().map(String::as_str);
                    let help = crate::check::nearest_name(&name, names).unwrap_or_else(|| {
                        format!("`{base_name}` has no option `{name}` to remove")
                    });
                    Diagnostic::error(
                        ErrorKind::Other(format!(
                            "cannot remove option `{name}`: `{base_name}` has no option of that name"
                        )),
                        option.span,
                    )
                    .with_label(format!("not an option of `{base_name}`"))
                    .with_help(help)
                }
            };
            diags.push(error);
            continue;
        }
        match base.get_mut(&name) {
            // A variant that only changes the default keeps the base's range and documentation.
            Some(existing) => {
                let o = option.value;
                let e = &mut existing.value;
                e.default = o.default.or(e.default.take());
                e.min = o.min.or(e.min.take());
                e.max = o.max.or(e.max.take());
                e.choices = o.choices.or(e.choices.take());
                e.doc = o.doc.or(e.doc.take());
                e.variants.extend(o.variants);
            }
            // A variant may add an option, but only a whole one: a table with no `default` was
            // meant to change an option of the base, under a name the base does not have.
            None if option.value.default.is_none() && base_name.is_some() => {
                let known = base.keys();
                diags.push(base_lacks(
                    &OPTION_WORDS,
                    &name,
                    base_name,
                    known,
                    option.span,
                ));
            }
            None => {
                base.insert(name, option);
            }
        }
    }
}
