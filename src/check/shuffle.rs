//! `[shuffle]`: a set-up drawn by lot at the start of the game.
//!
//! Some pieces do not stand on fixed cells: they are drawn into a row of cells, the same
//! arrangement for every player (each player's `cells` list, slot by slot), under constraints
//! that read like a rulebook: the pieces of a kind on cells of different colours, a piece
//! standing between two pieces of another kind. The game then starts with a chance event whose
//! outcomes are the allowed arrangements, each equally likely (`src/engine/shuffle.rs`).

use super::board::{backticked, cell_set, per_player};
use super::{CellId, Context};
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};
use crate::span::Span;
use crate::syntax::game_file::{GameFile, ShuffleSection};

/// The most arrangements a draw may have: each is an outcome listed when the game is loaded.
pub const MAX_ARRANGEMENTS: usize = 100_000;
/// The most cells a draw fills for one player.
const MAX_SLOTS: usize = 16;

/// A checked `[shuffle]`.
#[derive(Clone, Debug)]
pub struct ShuffleDecl {
    /// Each player's cells, in board order: slot `i` of every list gets the same kind.
    pub cells: Vec<Vec<CellId>>,
    /// Every allowed arrangement, the kind of each slot, in the order the outcomes are listed.
    pub arrangements: Vec<Vec<u8>>,
}

/// What the arrangements must satisfy.
struct Constraints {
    /// Kinds whose pieces stand on cells of different colours.
    opposite: Vec<u8>,
    /// (kind, kind): each piece of the first has a piece of the second before and after it.
    between: Vec<(u8, u8)>,
}

pub(crate) fn check_shuffle(
    file: &GameFile,
    cx: &Context,
    setup: &[(CellId, u8, u8, u8)],
    diags: &mut Diagnostics,
) -> Option<ShuffleDecl> {
    let section = file.shuffle.as_ref()?;
    if !cx.board_ok {
        return None;
    }
    let error = |message: String, span: Span, label: &str, help: &str| {
        Diagnostic::error(ErrorKind::Other(message), span)
            .with_label(label.to_string())
            .with_help(help.to_string())
    };
    let (cells, _) = per_player(
        &section.cells.value,
        section.cells.span,
        cx,
        diags,
        |s, span, d| cell_set(s, span, &cx.board, d),
    );
    let slots = cells.first().map_or(0, Vec::len);
    if slots == 0 || slots > MAX_SLOTS || cells.iter().any(|c| c.len() != slots) {
        let sizes: Vec<String> = cells.iter().map(|c| c.len().to_string()).collect();
        diags.push(error(
            format!("every player's `cells` must be 1 to {MAX_SLOTS} cells, as many for each"),
            section.cells.span,
            &format!("{} cells", sizes.join(" and ")),
            "the i-th cell of every player's list gets the same kind: give each player a row of the same length",
        ));
        return None;
    }
    let mut all: Vec<CellId> = cells.iter().flatten().copied().collect();
    all.sort_unstable();
    if let Some(twice) = all.windows(2).find(|w| w[0] == w[1]) {
        diags.push(error(
            format!(
                "{} is drawn into twice: every player draws into cells of their own",
                super::board::cell_name(&cx.board, twice[0])
            ),
            section.cells.span,
            "the rows meet",
            "give each player a row of their own: `cells = { white = \"a1..h1\", black = \"a8..h8\" }`",
        ));
        return None;
    }
    if let Some(&(cell, ..)) = setup
        .iter()
        .find(|s| cells.iter().any(|c| c.contains(&s.0)))
    {
        diags.push(error(
            format!(
                "{} is set up and drawn by lot too",
                super::board::cell_name(&cx.board, cell)
            ),
            section.cells.span,
            "a cell of the draw",
            "leave the drawn cells out of `[setup.PLAYER]`",
        ));
        return None;
    }
    let pieces = drawn_pieces(section, cx, slots, diags)?;
    let constraints = constraints(section, cx, diags)?;
    let colours: Vec<u16> = cells[0]
        .iter()
        .map(|&c| (c % cx.board.files + c / cx.board.files) % 2)
        .collect();
    let mut found = Vec::new();
    let mut counts = pieces;
    let mut budget = 50 * MAX_ARRANGEMENTS;
    let mut slot_kinds = Vec::with_capacity(slots);
    let complete = arrange(
        &mut slot_kinds,
        &mut counts,
        &colours,
        &constraints,
        &mut budget,
        &mut found,
    );
    if !complete {
        diags.push(error(
            format!("the draw has more than {MAX_ARRANGEMENTS} arrangements"),
            section.pieces.span,
            "too many ways",
            "each arrangement is an outcome listed when the game is loaded: draw fewer cells",
        ));
        return None;
    }
    if found.is_empty() {
        diags.push(error(
            "no arrangement of the drawn pieces meets the constraints".into(),
            section.pieces.span,
            "these pieces",
            "check `opposite_colours` and `between` against the cells",
        ));
        return None;
    }
    Some(ShuffleDecl {
        cells,
        arrangements: found,
    })
}

/// How many pieces of each kind (indexed by kind) are drawn: as many in all as the cells.
fn drawn_pieces(
    section: &ShuffleSection,
    cx: &Context,
    slots: usize,
    diags: &mut Diagnostics,
) -> Option<Vec<u8>> {
    let mut counts = vec![0u8; cx.pieces.len()];
    for (name, count) in &section.pieces.value {
        let kind = known_kind(name, count.span, cx, diags)?;
        if !(1..=MAX_SLOTS as i64).contains(&count.value) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!("a drawn kind has 1 to {MAX_SLOTS} pieces")),
                    count.span,
                )
                .with_label(format!("{} is out of range", count.value)),
            );
            return None;
        }
        counts[kind as usize] = count.value as u8;
    }
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    if total != slots {
        diags.push(
            Diagnostic::error(
                ErrorKind::Other(format!(
                    "{total} pieces are drawn into {slots} cells: they must be as many"
                )),
                section.pieces.span,
            )
            .with_label(format!("{total} pieces"))
            .with_help("every cell of the draw gets one piece"),
        );
        return None;
    }
    Some(counts)
}

/// `opposite_colours` and `between`, their kinds resolved.
fn constraints(
    section: &ShuffleSection,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Option<Constraints> {
    let mut opposite = Vec::new();
    for name in section.opposite_colours.iter().flat_map(|l| &l.value) {
        opposite.push(known_kind(&name.value, name.span, cx, diags)?);
    }
    let mut between = Vec::new();
    for (inner, outer) in section.between.iter().flat_map(|m| &m.value) {
        let a = known_kind(inner, outer.span, cx, diags)?;
        let b = known_kind(&outer.value, outer.span, cx, diags)?;
        between.push((a, b));
    }
    Some(Constraints { opposite, between })
}

fn known_kind(name: &str, span: Span, cx: &Context, diags: &mut Diagnostics) -> Option<u8> {
    let kind = cx.piece(name);
    if kind.is_none() {
        let names: Vec<String> = cx.pieces.iter().map(|p| p.name.clone()).collect();
        diags.push(
            Diagnostic::error(ErrorKind::UnknownPiece(name.to_string()), span)
                .with_label("not in `[pieces]`")
                .with_help(
                    super::nearest(name, names.iter().map(String::as_str))
                        .unwrap_or_else(|| format!("the piece kinds are {}", backticked(&names))),
                ),
        );
    }
    kind
}

/// Every arrangement that extends `slot_kinds`, kinds in order of their index; false when the
/// search ran out of `budget` or found too many.
fn arrange(
    slot_kinds: &mut Vec<u8>,
    counts: &mut [u8],
    colours: &[u16],
    constraints: &Constraints,
    budget: &mut usize,
    found: &mut Vec<Vec<u8>>,
) -> bool {
    if *budget == 0 || found.len() > MAX_ARRANGEMENTS {
        return false;
    }
    *budget -= 1;
    let slot = slot_kinds.len();
    if slot == colours.len() {
        if between_holds(slot_kinds, &constraints.between) {
            found.push(slot_kinds.clone());
        }
        return found.len() <= MAX_ARRANGEMENTS;
    }
    for kind in 0..counts.len() {
        if counts[kind] == 0 {
            continue;
        }
        let same_colour = constraints.opposite.contains(&(kind as u8))
            && (slot_kinds.iter().enumerate())
                .any(|(i, &k)| k as usize == kind && colours[i] == colours[slot]);
        if same_colour {
            continue;
        }
        counts[kind] -= 1;
        slot_kinds.push(kind as u8);
        let ok = arrange(slot_kinds, counts, colours, constraints, budget, found);
        slot_kinds.pop();
        counts[kind] += 1;
        if !ok {
            return false;
        }
    }
    true
}

/// Each piece of the first kind of a pair has a piece of the second before and after it.
fn between_holds(slot_kinds: &[u8], between: &[(u8, u8)]) -> bool {
    between.iter().all(|&(inner, outer)| {
        slot_kinds.iter().enumerate().all(|(i, &k)| {
            k != inner || (slot_kinds[..i].contains(&outer) && slot_kinds[i + 1..].contains(&outer))
        })
    })
}
