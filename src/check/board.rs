//! Board, cell sets, regions, pieces and setup.

use super::{
    CellId, CheckedBoard, Context, Direction, DirectionSet, PieceDecl, RegionDecl, nearest,
};
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};
use crate::span::{Located, Span};
use crate::syntax::game_file::{CellSpec, GameFile, PerPlayer};

/// The most cells a board may have: a state keeps one byte per cell in a fixed array.
pub const MAX_CELLS: usize = 256;

pub fn check_board(
    file: &GameFile,
    whole_file: Option<Span>,
    diags: &mut Diagnostics,
) -> CheckedBoard {
    let Some(section) = &file.board else {
        diags.push(Diagnostic::error(
            ErrorKind::Missing("`[board]` section".into()),
            whole_file,
        ));
        return CheckedBoard {
            files: 1,
            ranks: 1,
            ..Default::default()
        };
    };
    let mut dimension = |value: &Option<Located<i64>>, key: &str, max: i64| -> u16 {
        match value {
            None => {
                diags.push(Diagnostic::error(
                    ErrorKind::Missing(format!("`[board] {key}`")),
                    whole_file,
                ));
                1
            }
            Some(v) if !(1..=max).contains(&v.value) => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::BadBoard(format!("`{key}` must be from 1 to {max}")),
                        v.span,
                    )
                    .with_label(format!("{} is out of range", v.value)),
                );
                1
            }
            Some(v) => v.value as u16,
        }
    };
    let files = dimension(&section.files, "files", 26);
    let ranks = dimension(&section.ranks, "ranks", 99);
    if files as usize * ranks as usize > MAX_CELLS {
        let span = section.ranks.as_ref().map(|r| r.span);
        diags.push(Diagnostic::error(
            ErrorKind::BadBoard(format!(
                "{files} x {ranks} cells is more than the {MAX_CELLS} a board may have"
            )),
            span,
        ));
    }
    let mut directions = Vec::new();
    for (name, delta) in &section.directions {
        match delta.value.as_slice() {
            [df, dr]
                if (*df, *dr) != (0, 0)
                    && df.abs() < files as i64 + 1
                    && dr.abs() < ranks as i64 + 1 =>
            {
                directions.push(Direction {
                    name: name.clone(),
                    file_delta: *df as i8,
                    rank_delta: *dr as i8,
                })
            }
            _ => diags.push(
                Diagnostic::error(
                    ErrorKind::BadBoard(format!(
                        "direction `{name}` must be [file step, rank step]"
                    )),
                    delta.span,
                )
                .with_label("two small numbers, not both 0"),
            ),
        }
    }
    if section.directions.is_empty() {
        diags.push(Diagnostic::error(
            ErrorKind::Missing("`[board.directions]`".into()),
            whole_file,
        ));
    }
    CheckedBoard {
        files,
        ranks,
        directions,
        direction_sets: Vec::new(),
    }
}

/// Direction sets need the players, so they are checked once those are known.
fn check_direction_sets(file: &GameFile, cx: &mut Context, diags: &mut Diagnostics) {
    let Some(section) = &file.board else { return };
    let mut sets = Vec::new();
    for (name, spec) in &section.direction_sets {
        let resolve = |list: &Vec<Located<String>>, diags: &mut Diagnostics| -> Vec<u8> {
            let mut out = Vec::new();
            for d in list {
                match cx.board.directions.iter().position(|x| x.name == d.value) {
                    Some(i) if !out.contains(&(i as u8)) => out.push(i as u8),
                    Some(_) => {}
                    None => {
                        let mut diag =
                            Diagnostic::error(ErrorKind::UnknownDirection(d.value.clone()), d.span);
                        if let Some(h) = nearest(
                            &d.value,
                            cx.board.directions.iter().map(|x| x.name.as_str()),
                        ) {
                            diag = diag.with_help(h);
                        }
                        diags.push(diag);
                    }
                }
            }
            out
        };
        let per_player = per_player(&spec.value, spec.span, cx, diags, resolve);
        sets.push(DirectionSet {
            name: name.clone(),
            per_player: per_player.0,
        });
    }
    // Every direction is also a set of its own, so `dirs: n` works.
    for (i, d) in cx.board.directions.iter().enumerate() {
        if !sets.iter().any(|s| s.name == d.name) {
            sets.push(DirectionSet {
                name: d.name.clone(),
                per_player: vec![vec![i as u8]; cx.players.len()],
            });
        }
    }
    cx.board.direction_sets = sets;
}

/// Expands a shared-or-per-player value to one value per player. Returns whether it was per player.
fn per_player<T, U: Clone + Default>(
    spec: &PerPlayer<T>,
    span: Span,
    cx: &Context,
    diags: &mut Diagnostics,
    mut resolve: impl FnMut(&T, &mut Diagnostics) -> U,
) -> (Vec<U>, bool) {
    match spec {
        PerPlayer::Shared(v) => {
            let r = resolve(v, diags);
            (vec![r; cx.players.len()], false)
        }
        PerPlayer::Each(map) => {
            let mut out = vec![U::default(); cx.players.len()];
            for (player, value) in map {
                match cx.player(player) {
                    Some(p) => out[p as usize] = resolve(&value.value, diags),
                    None => diags.push(unknown_player(player, value.span, cx)),
                }
            }
            for (i, p) in cx.players.iter().enumerate() {
                if !map.contains_key(p) {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::Missing(format!("a value for player `{p}`")),
                            span,
                        )
                        .with_help("a per-player table names every player"),
                    );
                    let _ = i;
                }
            }
            (out, true)
        }
    }
}

pub(crate) fn unknown_player(name: &str, span: Span, cx: &Context) -> Diagnostic {
    let mut d = Diagnostic::error(ErrorKind::UnknownPlayer(name.to_string()), span);
    if let Some(h) = nearest(name, cx.players.iter().map(|s| s.as_str())) {
        d = d.with_help(h);
    } else {
        d = d.with_help(format!("the players are {}", backticked(&cx.players)));
    }
    d
}

pub(crate) fn backticked(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(crate) fn check_regions(file: &GameFile, cx: &mut Context, diags: &mut Diagnostics) {
    check_direction_sets(file, cx, diags);
    for (name, spec) in &file.regions {
        let board = cx.board.clone();
        let (cells, per) = per_player(&spec.value, spec.span, cx, diags, |s, d| {
            cell_set(s, spec.span, &board, d)
        });
        let cells = if per { cells } else { vec![cells[0].clone()] };
        cx.regions.push(RegionDecl {
            name: name.clone(),
            cells,
            per_player: per,
            span: spec.span,
        });
    }
}

pub(crate) fn check_pieces(file: &GameFile, cx: &mut Context, diags: &mut Diagnostics) {
    for (name, piece) in &file.pieces {
        let mut symbols = vec!['?'; cx.players.len()];
        for (player, symbol) in &piece.value.symbols {
            let mut chars = symbol.value.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other(format!("symbol of `{name}` must be one character")),
                        symbol.span,
                    )
                    .with_label("not one character"),
                );
                continue;
            };
            match cx.player(player) {
                Some(p) => symbols[p as usize] = c,
                None => diags.push(unknown_player(player, symbol.span, cx)),
            }
        }
        cx.pieces.push(PieceDecl {
            name: name.clone(),
            symbols,
        });
    }
    if file.pieces.is_empty() {
        diags.push(Diagnostic::error(
            ErrorKind::Missing("`[pieces]`: a game needs at least one piece kind".into()),
            None,
        ));
    }
}

pub(crate) fn check_setup(
    file: &GameFile,
    cx: &Context,
    whole_file: Option<Span>,
    diags: &mut Diagnostics,
) -> Vec<(CellId, u8, u8)> {
    if file.setup.is_empty() {
        diags.push(
            Diagnostic::error(
                ErrorKind::Missing("`[setup]`: where the pieces stand at the start".into()),
                whole_file,
            )
            .with_help("add `[setup.PLAYER]` tables such as `stone = \"a1..h2\"`"),
        );
    }
    let mut placed: Vec<(CellId, u8, u8)> = Vec::new();
    for (player, kinds) in &file.setup {
        let Some(p) = cx.player(player) else {
            diags.push(unknown_player(player, kinds.span, cx));
            continue;
        };
        for (kind, cells) in &kinds.value {
            let Some(k) = cx.piece(kind) else {
                let mut d = Diagnostic::error(ErrorKind::UnknownPiece(kind.clone()), cells.span);
                if let Some(h) = nearest(kind, cx.pieces.iter().map(|x| x.name.as_str())) {
                    d = d.with_help(h);
                }
                diags.push(d);
                continue;
            };
            for cell in cell_set(&cells.value, cells.span, &cx.board, diags) {
                if placed.iter().any(|&(c, _, _)| c == cell) {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::Other(format!(
                                "cell `{}` is set up twice",
                                cell_name(&cx.board, cell)
                            )),
                            cells.span,
                        )
                        .with_label("a second piece here"),
                    );
                } else {
                    placed.push((cell, p, k));
                }
            }
        }
    }
    placed.sort();
    placed
}

pub fn cell_name(board: &CheckedBoard, cell: CellId) -> String {
    let file = (b'a' + (cell % board.files) as u8) as char;
    format!("{file}{}", cell / board.files + 1)
}

/// Parses `a1` into a cell of the board.
pub fn parse_cell(board: &CheckedBoard, name: &str) -> Option<CellId> {
    let mut chars = name.chars();
    let file = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let rest = chars.as_str();
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.starts_with('0') {
        return None;
    }
    let rank: u16 = rest.parse().ok()?;
    let file = (file as u8 - b'a') as u16;
    (file < board.files && rank >= 1 && rank <= board.ranks)
        .then(|| (rank - 1) * board.files + file)
}

fn cell_set(
    spec: &CellSpec,
    span: Span,
    board: &CheckedBoard,
    diags: &mut Diagnostics,
) -> Vec<CellId> {
    let mut out = Vec::new();
    match spec {
        CellSpec::One(s) => cell_item(s, span, board, diags, &mut out),
        CellSpec::Many(list) => {
            for s in list {
                cell_item(&s.value, s.span, board, diags, &mut out);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

fn cell_item(
    item: &str,
    span: Span,
    board: &CheckedBoard,
    diags: &mut Diagnostics,
    out: &mut Vec<CellId>,
) {
    let item = item.trim();
    let bad = |reason: &str| {
        Diagnostic::error(
            ErrorKind::BadCellSet {
                spec: item.to_string(),
                reason: reason.to_string(),
            },
            span,
        )
        .with_help(
            "write a cell `a1`, a rectangle `a1..h2`, `rank 3`, `file c`, or a list of those",
        )
    };
    if let Some(n) = item.strip_prefix("rank ") {
        match n.trim().parse::<u16>() {
            Ok(r) if r >= 1 && r <= board.ranks => {
                out.extend((0..board.files).map(|f| (r - 1) * board.files + f))
            }
            _ => diags.push(bad(&format!("the ranks are 1 to {}", board.ranks))),
        }
    } else if let Some(f) = item.strip_prefix("file ") {
        match parse_cell(board, &format!("{}1", f.trim())) {
            Some(c) => out.extend((0..board.ranks).map(|r| r * board.files + c)),
            None => diags.push(bad(&format!(
                "the files are a to {}",
                (b'a' + board.files as u8 - 1) as char
            ))),
        }
    } else if let Some((a, b)) = item.split_once("..") {
        match (parse_cell(board, a.trim()), parse_cell(board, b.trim())) {
            (Some(a), Some(b)) => {
                let (f0, f1) = sorted(a % board.files, b % board.files);
                let (r0, r1) = sorted(a / board.files, b / board.files);
                for r in r0..=r1 {
                    out.extend((f0..=f1).map(|f| r * board.files + f));
                }
            }
            _ => {
                let which = if parse_cell(board, a.trim()).is_none() {
                    a.trim()
                } else {
                    b.trim()
                };
                diags.push(unknown_cell(which, span, board));
            }
        }
    } else {
        match parse_cell(board, item) {
            Some(c) => out.push(c),
            None => diags.push(unknown_cell(item, span, board)),
        }
    }
}

pub fn unknown_cell(name: &str, span: Span, board: &CheckedBoard) -> Diagnostic {
    Diagnostic::error(ErrorKind::UnknownCell(name.to_string()), span).with_help(format!(
        "cells run from `a1` to `{}` on this {} x {} board",
        cell_name(board, (board.cell_count() - 1) as CellId),
        board.files,
        board.ranks
    ))
}

fn sorted(a: u16, b: u16) -> (u16, u16) {
    (a.min(b), a.max(b))
}

/// The unknown-cell diagnostic for a board known only by its size (positions, tokens).
pub fn unknown_cell_in(name: &str, span: Span, files: u16, ranks: u16) -> Diagnostic {
    unknown_cell(
        name,
        span,
        &CheckedBoard {
            files,
            ranks,
            ..Default::default()
        },
    )
}
