//! `[show]`: regions, paths and lines drawn on the board, each with the symbol its empty cells
//! take in a diagram, so that a player sees them without the rulebook.

use super::{CellId, CheckedBoard, Context, Layout, ShownDecl, nearest};
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};

/// Two cells a line joins.
type Link = (CellId, CellId);

pub fn check_show(
    file: &crate::syntax::GameFile,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Vec<ShownDecl> {
    let mut shown: Vec<(u8, ShownDecl)> = Vec::new();
    for (name, symbol) in &file.show {
        // A cell in several takes the symbol of a region first, then a path, then a line: the
        // most particular mark wins (a house on the bold line shows as a house).
        let found: Option<(u8, Vec<CellId>, Vec<Link>)> =
            if let Some(r) = cx.regions.iter().find(|r| r.name == *name) {
                Some((0, r.cells.concat(), Vec::new()))
            } else if let Some(p) = cx.paths.iter().find(|p| p.name == *name) {
                Some((1, p.cells.concat(), Vec::new()))
            } else {
                cx.lines.iter().find(|l| l.name == *name).map(|l| {
                    // On a board of points a line joins them: drawn along its links.
                    match cx.board.drawn_as_points || drawable_between(&cx.board, &l.links) {
                        true => (2, Vec::new(), l.links.clone()),
                        false => (
                            2,
                            l.links.iter().flat_map(|&(a, b)| [a, b]).collect(),
                            Vec::new(),
                        ),
                    }
                })
            };
        let Some((rank, mut cells, between)) = found else {
            let names = cx
                .regions
                .iter()
                .map(|r| r.name.as_str())
                .chain(cx.paths.iter().map(|p| p.name.as_str()))
                .chain(cx.lines.iter().map(|l| l.name.as_str()));
            let mut d = Diagnostic::error(ErrorKind::UnknownName(name.clone()), symbol.span)
                .with_label("not a region, path or line of this game");
            if let Some(hint) = nearest(name, names) {
                d = d.with_help(hint);
            }
            diags.push(d);
            continue;
        };
        let mut chars = symbol.value.chars();
        let symbol_char = match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_whitespace() && !c.is_control() => c,
            _ => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other(format!(
                            "`{}` is not one symbol: give one character, such as \"+\"",
                            symbol.value
                        )),
                        symbol.span,
                    )
                    .with_label(format!("the symbol of `{name}`'s empty cells")),
                );
                continue;
            }
        };
        cells.sort_unstable();
        cells.dedup();
        shown.push((
            rank,
            ShownDecl {
                name: name.clone(),
                symbol: symbol_char,
                cells,
                between,
            },
        ));
    }
    shown.sort_by_key(|(rank, _)| *rank);
    shown.into_iter().map(|(_, s)| s).collect()
}

/// Whether a line's links can be drawn between the cells of a text diagram: on a grid of
/// squares, each joining two cells side by side (a `|` in the gap between them) or one above
/// the other (a `-` under the upper one).
fn drawable_between(board: &CheckedBoard, links: &[Link]) -> bool {
    let files = board.files;
    let lettered_grid = !board.numbered && (!board.stacks || board.ranks > 1);
    board.layout == Layout::Square
        && lettered_grid
        && !board.drawn_as_points
        && !links.is_empty()
        && links.iter().all(|&(a, b)| {
            let (a, b) = (a.min(b), a.max(b));
            (b == a + 1 && a % files + 1 < files) || b == a + files
        })
}
