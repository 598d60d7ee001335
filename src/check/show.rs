//! `[show]`: regions, paths and lines drawn on the board, each with the symbol its empty cells
//! take in a diagram, so that a player sees them without the rulebook.

use super::{CellId, Context, ShownDecl, nearest};
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};

pub fn check_show(
    file: &crate::syntax::GameFile,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Vec<ShownDecl> {
    let mut shown: Vec<(u8, ShownDecl)> = Vec::new();
    for (name, symbol) in &file.show {
        // A cell in several takes the symbol of a region first, then a path, then a line: the
        // most particular mark wins (a house on the bold line shows as a house).
        let found: Option<(u8, Vec<CellId>)> =
            if let Some(r) = cx.regions.iter().find(|r| r.name == *name) {
                Some((0, r.cells.concat()))
            } else if let Some(p) = cx.paths.iter().find(|p| p.name == *name) {
                Some((1, p.cells.concat()))
            } else {
                cx.lines
                    .iter()
                    .find(|l| l.name == *name)
                    .map(|l| (2, l.links.iter().flat_map(|&(a, b)| [a, b]).collect()))
            };
        let Some((rank, mut cells)) = found else {
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
            },
        ));
    }
    shown.sort_by_key(|(rank, _)| *rank);
    shown.into_iter().map(|(_, s)| s).collect()
}
