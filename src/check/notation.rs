//! `[notation]`: the game's one-line position (a FEN), declared field by field, so that published
//! test positions paste in without code per game.

use super::*;
use crate::span::Located;
use crate::syntax::game_file::{GameFile, NotationSection};
use std::collections::BTreeMap;

/// One field of the notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationField {
    /// The board, rank by rank from the last: piece symbols, a number for a run of empty cells,
    /// `/` between ranks.
    Placement,
    /// The player to move, by the letters of `[notation] to_move`.
    ToMove,
    /// Letters for the `[memory] unmoved` cells (`KQkq`), or `-`.
    Unmoved,
    /// The cell the previous move passed (an en passant square), or `-`.
    Previous,
    /// A counter's value.
    Counter(u8),
    /// The move number: 1 at the start, one more after each turn of the last player.
    MoveNumber,
    /// The pieces in every hand: `-`, or each kind's symbol (its owner's) after its count when
    /// more than one (`2Pb`).
    Hands,
    /// Read and ignored; written `-`.
    Skip,
    /// A player's pieces by square number (draughts): the player's `to_move` letter, then a
    /// comma-separated list of numbers, each after its kind's prefix (`WK10,15,31-35`). Written
    /// for this player; read for the player its letter names.
    Squares(u8),
}

#[derive(Clone, Debug, Default)]
pub struct NotationDecl {
    pub fields: Vec<NotationField>,
    /// The letter of each player, in player order.
    pub to_move: Vec<String>,
    /// Each letter of the `unmoved` field and its cells.
    pub unmoved: Vec<(char, Vec<CellId>)>,
    /// `unmoved_with`: the kind whose piece (the owner's, on a remembered cell) every letter of
    /// `unmoved` also stands for.
    pub unmoved_with: Option<u8>,
    /// `previous`: direction sets (of the player to move) from the passed cell to the previous
    /// move's start and end.
    pub previous: Option<(u16, u16)>,
    /// Each kind's symbol per player in the notation: the board's symbol unless `symbols` gives
    /// another (`+P`).
    pub symbols: Vec<Vec<String>>,
    /// The kinds the `hands` field writes, in order.
    pub hand_order: Vec<u8>,
    /// What separates the fields; spaces if `None`.
    pub separator: Option<String>,
    /// Text a line may end with, read and ignored.
    pub end: Option<String>,
    /// The cell of each square number: `squares[0]` is square 1.
    pub squares: Vec<CellId>,
    /// The prefix of each kind of piece in a `squares` field, by kind.
    pub prefixes: Vec<String>,
}

pub(super) fn check_notation(
    file: &GameFile,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Option<NotationDecl> {
    let located = file.notation.as_ref()?;
    let section = &located.value;
    if section.fields.value.is_empty() {
        diags.push(
            Diagnostic::error(
                ErrorKind::Other("`[notation]` lists its `fields`".into()),
                located.span,
            )
            .with_label("no `fields` here")
            .with_help(
                "add `fields = [\"placement\", \"to_move\"]`, the fields in the order they are written",
            ),
        );
        return None;
    }
    if cx.board.columns {
        super::columns::no_notation_of_columns(section.fields.span, diags);
    }
    let bad = |what: String, span| Diagnostic::error(ErrorKind::Other(what), span);
    let mut decl = NotationDecl {
        fields: notation_fields(section, cx, diags),
        ..NotationDecl::default()
    };
    let by_squares = decl
        .fields
        .iter()
        .any(|f| matches!(f, NotationField::Squares(_)));
    if by_squares {
        check_squares(section, cx, &mut decl, diags);
    } else if decl.fields.first() != Some(&NotationField::Placement) {
        diags.push(
            bad(
                "a notation starts with its `placement` field".into(),
                section.fields.span,
            )
            .with_label("not `placement` first")
            .with_help("or it gives the pieces by square number, in `squares:PLAYER` fields"),
        );
    }
    check_separators(section, diags);
    decl.separator = section.separator.as_ref().map(|s| s.value.clone());
    decl.end = section.end.as_ref().map(|s| s.value.clone());
    if decl.fields.contains(&NotationField::ToMove) || by_squares {
        decl.to_move = to_move_letters(section, cx, diags);
    }
    decl.unmoved = unmoved_letters(section, cx, diags);
    if let Some(kind) = &section.unmoved_with {
        decl.unmoved_with = cx.piece(&kind.value);
        if decl.unmoved_with.is_none() {
            diags.push(
                Diagnostic::error(ErrorKind::UnknownPiece(kind.value.clone()), kind.span)
                    .with_label("not in `[pieces]`")
                    .with_help(
                        "`unmoved_with` names the kind each letter also stands for, such as `king`",
                    ),
            );
        }
    }
    if let Some(previous) = &section.previous {
        decl.previous = previous_sets(previous, cx, diags);
    }
    decl.symbols = notation_symbols(section, cx, diags);
    decl.hand_order = match &section.hand_order {
        Some(order) => order
            .value
            .iter()
            .filter_map(|name| {
                let kind = cx.piece(&name.value);
                if kind.is_none() {
                    diags.push(bad(
                        format!("`{}` is not a piece kind", name.value),
                        name.span,
                    ));
                }
                kind
            })
            .collect(),
        None => Vec::new(),
    };
    Some(decl)
}

/// `[notation] fields`: each name read, one that is not a field said.
fn notation_fields(
    section: &NotationSection,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Vec<NotationField> {
    let bad = |what: String, span| Diagnostic::error(ErrorKind::Other(what), span);
    let mut fields = Vec::new();
    for field in &section.fields.value {
        let f = match field.value.as_str() {
            "placement" => NotationField::Placement,
            "to_move" => NotationField::ToMove,
            "unmoved" => NotationField::Unmoved,
            "previous" => NotationField::Previous,
            "move_number" => NotationField::MoveNumber,
            "hands" => NotationField::Hands,
            "-" => NotationField::Skip,
            other => match (
                other.strip_prefix("counter:").and_then(|c| cx.counter(c)),
                other.strip_prefix("squares:").and_then(|p| cx.player(p)),
            ) {
                (Some(i), _) => NotationField::Counter(i),
                (_, Some(p)) => NotationField::Squares(p),
                _ => {
                    diags.push(
                        bad(format!("`{other}` is not a notation field"), field.span).with_help(
                            "fields are `placement`, `to_move`, `unmoved`, `previous`, \
                             `counter:NAME` (a counter of the game), `move_number`, `hands`, \
                             `squares:PLAYER` (a player of the game) and `-`",
                        ),
                    );
                    continue;
                }
            },
        };
        fields.push(f);
    }
    fields
}

/// `separator` and `end`: text that cannot be mistaken for a field's.
fn check_separators(section: &NotationSection, diags: &mut Diagnostics) {
    let bad = |what: String, span| Diagnostic::error(ErrorKind::Other(what), span);
    for (key, value) in [("separator", &section.separator), ("end", &section.end)] {
        if let Some(text) = value
            && (text.value.is_empty() || text.value.contains(|c: char| c.is_ascii_alphanumeric()))
        {
            diags.push(bad(
                format!("`[notation] {key}` is empty or holds a letter or digit"),
                text.span,
            ));
        }
    }
}

/// `to_move`: the letter of every player, in player order.
fn to_move_letters(
    section: &NotationSection,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Vec<String> {
    let bad = |what: String, span| Diagnostic::error(ErrorKind::Other(what), span);
    let mut letters = Vec::new();
    for player in &cx.players {
        match section.to_move.get(player) {
            Some(letter) if !letter.value.is_empty() && !letter.value.contains(' ') => {
                letters.push(letter.value.clone())
            }
            _ => diags.push(
                bad(
                    format!("`[notation] to_move` gives no letter for `{player}`"),
                    section.fields.span,
                )
                .with_help("write `to_move = { white = \"w\", black = \"b\" }`"),
            ),
        }
    }
    letters
}

/// `unmoved`: each letter and the `[memory] unmoved` cells it stands for.
fn unmoved_letters(
    section: &NotationSection,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Vec<(char, Vec<CellId>)> {
    let bad = |what: String, span| Diagnostic::error(ErrorKind::Other(what), span);
    let mut unmoved = Vec::new();
    for (letter, cells) in &section.unmoved {
        let mut chars = letter.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            diags.push(bad(
                format!("`{letter}` in `[notation] unmoved` is not one letter"),
                cells.span,
            ));
            continue;
        };
        let mut list = Vec::new();
        for cell in &cells.value {
            match board::parse_cell(&cx.board, &cell.value) {
                Some(id) if cx.unmoved.contains(&id) => list.push(id),
                _ => diags.push(
                    bad(
                        format!("`{}` is not a cell of `[memory] unmoved`", cell.value),
                        cell.span,
                    )
                    .with_help("the letters of `unmoved` stand for cells the game remembers"),
                ),
            }
        }
        unmoved.push((c, list));
    }
    unmoved
}

/// `previous`: the direction sets from the passed cell to the previous move's start and end.
fn previous_sets(
    previous: &Located<BTreeMap<String, Located<String>>>,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Option<(u16, u16)> {
    let bad = |what: String, span| Diagnostic::error(ErrorKind::Other(what), span);
    let set = |key: &str| -> Option<u16> {
        let name: &Located<String> = previous.value.get(key)?;
        cx.direction_set(&name.value)
    };
    match (set("from"), set("to")) {
        (Some(from), Some(to)) if previous.value.len() == 2 => Some((from, to)),
        _ => {
            diags.push(
                bad(
                    "`[notation] previous` names two direction sets, `from` and `to`".into(),
                    previous.span,
                )
                .with_help("write `previous = { from = \"forward\", to = \"backward\" }`"),
            );
            None
        }
    }
}

/// Each kind's symbol per player: the board's, or the one `symbols` gives; no two alike.
fn notation_symbols(
    section: &NotationSection,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Vec<Vec<String>> {
    let bad = |what: String, span| Diagnostic::error(ErrorKind::Other(what), span);
    let mut symbols: Vec<Vec<String>> = cx
        .pieces
        .iter()
        .map(|p| p.symbols.iter().map(|c| c.to_string()).collect())
        .collect();
    for (kind, by_player) in &section.symbols {
        let Some(k) = cx.piece(kind) else {
            diags.push(bad(format!("`{kind}` is not a piece kind"), by_player.span));
            continue;
        };
        for (player, symbol) in &by_player.value {
            let Some(p) = cx.player(player) else {
                diags.push(bad(format!("`{player}` is not a player"), symbol.span));
                continue;
            };
            let text = &symbol.value;
            let plain = !text.is_empty()
                && text
                    .chars()
                    .all(|c| !c.is_whitespace() && !c.is_ascii_digit() && c != '/');
            if !plain {
                diags.push(
                    bad(format!("`{text}` cannot be a symbol"), symbol.span)
                        .with_help("a symbol has no digit, space or `/`: they separate others"),
                );
                continue;
            }
            symbols[k as usize][p as usize] = text.clone();
        }
    }
    // Two kinds written alike could not be read back.
    let mut seen: Vec<&String> = Vec::new();
    for symbol in symbols.iter().flatten() {
        if symbol != "?" && seen.contains(&symbol) {
            diags.push(bad(
                format!("two pieces are written `{symbol}` in the notation"),
                section.fields.span,
            ));
        }
        seen.push(symbol);
    }
    symbols
}

/// `squares:PLAYER` fields: every player once, no `placement`, the square numbers and a prefix
/// for every kind of piece.
fn check_squares(
    section: &NotationSection,
    cx: &Context,
    decl: &mut NotationDecl,
    diags: &mut Diagnostics,
) {
    let bad = |what: String, span| Diagnostic::error(ErrorKind::Other(what), span);
    let span = section.fields.span;
    if decl.fields.contains(&NotationField::Placement) {
        diags.push(bad(
            "a notation gives the board by `placement` or by `squares:PLAYER` fields, not both"
                .into(),
            span,
        ));
    }
    if let Some(sep) = &section.separator
        && sep.value.contains([',', '-'])
    {
        diags.push(bad(
            "the separator of `squares:PLAYER` fields holds `,` or `-`, which the lists use".into(),
            sep.span,
        ));
    }
    for (p, player) in cx.players.iter().enumerate() {
        let n = decl
            .fields
            .iter()
            .filter(|f| **f == NotationField::Squares(p as u8))
            .count();
        if n != 1 {
            let what = if n == 0 {
                format!("`fields` has no `squares:{player}`")
            } else {
                format!("`squares:{player}` is in `fields` {n} times")
            };
            diags.push(
                bad(what, span).with_help("each player's pieces are in one `squares:PLAYER` field"),
            );
        }
    }
    let Some(numbers) = &section.squares else {
        diags.push(
            bad(
                "`squares:PLAYER` fields need `[notation] squares`, the numbering of the cells"
                    .into(),
                span,
            )
            .with_help("write `squares = { from = \"a10\", to = \"j1\", colour_of = \"a1\" }`"),
        );
        return;
    };
    let cell = |name: &Located<String>, diags: &mut Diagnostics| {
        let id = board::parse_cell(&cx.board, &name.value);
        if id.is_none() && cx.board_ok {
            diags.push(board::unknown_cell(&name.value, name.span, &cx.board));
        }
        id
    };
    let from = cell(&numbers.value.from, diags);
    let to = cell(&numbers.value.to, diags);
    let colour = numbers
        .value
        .colour_of
        .as_ref()
        .map(|c| cell(c, diags).map(|id| parity(&cx.board, id)));
    if let (Some(from), Some(to), Some(colour)) = (from, to, colour.unwrap_or(Some(2))) {
        decl.squares = number_cells(&cx.board, from, to, colour);
    }
    let mut prefixes = vec![None; cx.pieces.len()];
    for (kind, prefix) in &section.prefixes {
        let Some(k) = cx.piece(kind) else {
            diags.push(
                bad(format!("`{kind}` is not a kind of piece"), prefix.span)
                    .with_help("`prefixes` is keyed by the kinds of `[pieces]`"),
            );
            continue;
        };
        if prefix
            .value
            .contains(|c: char| c.is_ascii_digit() || c.is_whitespace())
            || section
                .separator
                .as_ref()
                .is_some_and(|s| prefix.value.contains(s.value.as_str()))
            || prefix.value.contains([',', '-'])
        {
            diags.push(bad(
                format!(
                    "the prefix `{}` holds a digit, a space, `,`, `-` or the separator",
                    prefix.value
                ),
                prefix.span,
            ));
        } else if prefixes
            .iter()
            .flatten()
            .any(|p: &String| *p == prefix.value)
        {
            diags.push(bad(
                format!("two kinds have the prefix `{}`", prefix.value),
                prefix.span,
            ));
        }
        prefixes[k as usize] = Some(prefix.value.clone());
    }
    for (k, p) in prefixes.iter().enumerate() {
        if p.is_none() {
            diags.push(
                bad(
                    format!(
                        "`[notation] prefixes` gives no prefix for `{}`",
                        cx.pieces[k].name
                    ),
                    span,
                )
                .with_help("write `prefixes = { man = \"\", king = \"K\" }`"),
            );
        }
    }
    decl.prefixes = prefixes
        .into_iter()
        .map(Option::unwrap_or_default)
        .collect();
}

/// The colour of a cell on a checkered board.
fn parity(board: &CheckedBoard, cell: CellId) -> u16 {
    (cell % board.files + cell / board.files) % 2
}

/// The cells from `from` to `to`, rank by rank (see [`SquareNumbers`]); of the colour `colour`
/// only where it is 0 or 1.
///
/// [`SquareNumbers`]: crate::syntax::game_file::SquareNumbers
fn number_cells(board: &CheckedBoard, from: CellId, to: CellId, colour: u16) -> Vec<CellId> {
    let files = board.files;
    let along = |a: u16, b: u16| -> Vec<u16> {
        if a <= b {
            (a..=b).collect()
        } else {
            (b..=a).rev().collect()
        }
    };
    let mut cells = Vec::new();
    for rank in along(from / files, to / files) {
        for file in along(from % files, to % files) {
            let id = rank * files + file;
            let on_board = board
                .points
                .as_ref()
                .is_none_or(|p| p.binary_search(&id).is_ok());
            if on_board && (colour > 1 || parity(board, id) == colour) {
                cells.push(id);
            }
        }
    }
    cells
}
