//! `[notation]`: the game's one-line position (a FEN), declared field by field, so that published
//! test positions paste in without code per game.

use super::*;
use crate::span::Located;
use crate::syntax::game_file::GameFile;

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
}

#[derive(Clone, Debug, Default)]
pub struct NotationDecl {
    pub fields: Vec<NotationField>,
    /// The letter of each player, in player order.
    pub to_move: Vec<String>,
    /// Each letter of the `unmoved` field and its cells.
    pub unmoved: Vec<(char, Vec<CellId>)>,
    /// `previous`: direction sets (of the player to move) from the passed cell to the previous
    /// move's start and end.
    pub previous: Option<(u16, u16)>,
    /// Each kind's symbol per player in the notation: the board's symbol unless `symbols` gives
    /// another (`+P`).
    pub symbols: Vec<Vec<String>>,
    /// The kinds the `hands` field writes, in order.
    pub hand_order: Vec<u8>,
}

pub(super) fn check_notation(
    file: &GameFile,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Option<NotationDecl> {
    let section = file.notation.as_ref()?;
    let mut decl = NotationDecl::default();
    let bad = |what: String, span| Diagnostic::error(ErrorKind::Other(what), span);
    for field in &section.fields.value {
        let f = match field.value.as_str() {
            "placement" => NotationField::Placement,
            "to_move" => NotationField::ToMove,
            "unmoved" => NotationField::Unmoved,
            "previous" => NotationField::Previous,
            "move_number" => NotationField::MoveNumber,
            "hands" => NotationField::Hands,
            "-" => NotationField::Skip,
            other => match other.strip_prefix("counter:").map(|c| (c, cx.counter(c))) {
                Some((_, Some(i))) => NotationField::Counter(i),
                _ => {
                    diags.push(
                        bad(format!("`{other}` is not a notation field"), field.span).with_help(
                            "fields are `placement`, `to_move`, `unmoved`, `previous`, \
                             `counter:NAME` (a counter of the game), `move_number`, `hands` \
                             and `-`",
                        ),
                    );
                    continue;
                }
            },
        };
        decl.fields.push(f);
    }
    if decl.fields.first() != Some(&NotationField::Placement) {
        diags.push(
            bad(
                "a notation starts with its `placement` field".into(),
                section.fields.span,
            )
            .with_label("not `placement` first"),
        );
    }
    if decl.fields.contains(&NotationField::ToMove) {
        for player in &cx.players {
            match section.to_move.get(player) {
                Some(letter) if !letter.value.is_empty() && !letter.value.contains(' ') => {
                    decl.to_move.push(letter.value.clone())
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
    }
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
        decl.unmoved.push((c, list));
    }
    if let Some(previous) = &section.previous {
        let set = |key: &str| -> Option<u16> {
            let name: &Located<String> = previous.value.get(key)?;
            cx.direction_set(&name.value)
        };
        match (set("from"), set("to")) {
            (Some(from), Some(to)) if previous.value.len() == 2 => decl.previous = Some((from, to)),
            _ => diags.push(
                bad(
                    "`[notation] previous` names two direction sets, `from` and `to`".into(),
                    previous.span,
                )
                .with_help("write `previous = { from = \"forward\", to = \"backward\" }`"),
            ),
        }
    }
    decl.symbols = cx
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
            decl.symbols[k as usize][p as usize] = text.clone();
        }
    }
    // Two kinds written alike could not be read back.
    let mut seen: Vec<&String> = Vec::new();
    for symbol in decl.symbols.iter().flatten() {
        if symbol != "?" && seen.contains(&symbol) {
            diags.push(bad(
                format!("two pieces are written `{symbol}` in the notation"),
                section.fields.span,
            ));
        }
        seen.push(symbol);
    }
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
