//! Board, cell sets, regions, pieces and setup.

use super::rules::near_or_list;
use super::{
    CellId, CheckedBoard, Context, Direction, DirectionSet, HAND_KINDS, Layout, LinesDecl, NEUTRAL,
    NEUTRAL_NAME, PathDecl, PieceDecl, RegionDecl, Slant, nearest,
};
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};
use crate::span::{Located, Span};
use crate::syntax::game_file::{BoardSection, CellSpec, GameFile, PerPlayer};

/// The most cells a board may have: a state keeps one byte per cell in a fixed array.
pub const MAX_CELLS: usize = 512;
/// The most cells a board with stacks may have.
pub const STACK_CELLS: usize = 64;
/// Directions are numbered in a byte of an action, and a jump stores one per hop in a few bits.
pub const MAX_DIRECTIONS: usize = 64;
/// A cell's byte holds the kind as `kind + 1` in six bits, beside the owner.
pub const MAX_PIECE_KINDS: usize = 63;

pub fn check_board(
    file: &GameFile,
    whole_file: Option<Span>,
    diags: &mut Diagnostics,
) -> CheckedBoard {
    check_board_size(file, whole_file, diags).0
}

/// The board, and whether its size is sound enough to check cell names against.
pub(crate) fn check_board_size(
    file: &GameFile,
    whole_file: Option<Span>,
    diags: &mut Diagnostics,
) -> (CheckedBoard, bool) {
    let Some(section) = &file.board else {
        diags.push(
            Diagnostic::error(ErrorKind::Missing("`[board]` section".into()), whole_file)
                .with_label("in this file")
                .with_help("add `[board]` with `files`, `ranks` and `[board.directions]`"),
        );
        let board = CheckedBoard {
            files: 1,
            ranks: 1,
            ..Default::default()
        };
        return (board, false);
    };
    let (files, ranks, ok) = board_dimensions(section, whole_file, diags);
    let directions = board_directions(section, files, ranks, diags);
    let numbered = numbered_cells(section, diags);
    let stacks = section.stacks.as_ref().is_some_and(|s| s.value);
    if stacks && files as usize * ranks as usize > STACK_CELLS {
        let span = section.stacks.as_ref().map(|s| s.span);
        diags.push(
            Diagnostic::error(
                ErrorKind::BadBoard(format!(
                    "a board with stacks may have at most {} cells",
                    STACK_CELLS
                )),
                span,
            )
            .with_label("too many cells for stacks"),
        );
    }
    let columns = crate::check::columns::check_columns(section, stacks, files, ranks, diags);
    // A track of numbered points, or a board whose pieces race along `[paths]`, needs no
    // directions: its pieces move along paths.
    if section.directions.is_empty()
        && section.links.is_empty()
        && !numbered
        && file.paths.is_empty()
    {
        diags.push(
            Diagnostic::error(
                ErrorKind::Missing("`[board.directions]`".into()),
                whole_file,
            )
            .with_label("in this file")
            .with_help("add `[board.directions]` with lines such as `n = [0, 1]`"),
        );
    }
    let mut board = CheckedBoard {
        files,
        ranks,
        directions,
        direction_sets: Vec::new(),
        numbered,
        stacks,
        columns,
        values: vec![0; files as usize * ranks as usize],
        points: None,
        layout: Layout::Square,
        drawn_as_points: false,
        walls: Vec::new(),
    };
    board.points = board_shape(section, &board, diags);
    board.layout = check_layout(section, &board, diags);
    board.drawn_as_points = section.layout.as_ref().is_some_and(|l| l.value == "points");
    link_directions(section, &mut board, diags);
    direction_legs(section, &mut board, diags);
    cell_values(section, &mut board, diags);
    (board, ok)
}

/// `files` and `ranks`, 1 where missing or out of range, and whether both are sound; a board
/// of more cells than a state holds is said too.
fn board_dimensions(
    section: &BoardSection,
    whole_file: Option<Span>,
    diags: &mut Diagnostics,
) -> (u16, u16, bool) {
    let mut ok = true;
    let mut dimension = |value: &Option<Located<i64>>, key: &str, max: i64| -> u16 {
        match value {
            None => {
                diags.push(
                    Diagnostic::error(ErrorKind::Missing(format!("`[board] {key}`")), whole_file)
                        .with_label("in this file")
                        .with_help(format!("add `{key} = NUMBER` under `[board]`")),
                );
                ok = false;
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
                ok = false;
                1
            }
            Some(v) => v.value as u16,
        }
    };
    let files = dimension(&section.files, "files", 26);
    let ranks = dimension(&section.ranks, "ranks", 99);
    if files as usize * ranks as usize > MAX_CELLS {
        let span = section.ranks.as_ref().map(|r| r.span);
        diags.push(
            Diagnostic::error(
                ErrorKind::BadBoard(format!(
                    "{files} x {ranks} cells is more than the {MAX_CELLS} a board may have"
                )),
                span,
            )
            .with_label("too many cells"),
        );
    }
    (files, ranks, ok)
}

/// `[board.directions]`: each a step of files and ranks that fits the board, at most
/// `MAX_DIRECTIONS` of them.
fn board_directions(
    section: &BoardSection,
    files: u16,
    ranks: u16,
    diags: &mut Diagnostics,
) -> Vec<Direction> {
    let mut directions = Vec::new();
    for (i, (name, delta)) in section.directions.iter().enumerate() {
        if i == MAX_DIRECTIONS {
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadBoard(format!("a board has at most {MAX_DIRECTIONS} directions")),
                    delta.span,
                )
                .with_label(format!("direction {}", MAX_DIRECTIONS + 1)),
            );
            break;
        }
        match delta.value.as_slice() {
            [df, dr]
                if (*df, *dr) != (0, 0)
                    && df.unsigned_abs() <= u64::from(files)
                    && dr.unsigned_abs() <= u64::from(ranks)
                    && i8::try_from(*df).is_ok()
                    && i8::try_from(*dr).is_ok() =>
            {
                directions.push(Direction {
                    name: name.clone(),
                    file_delta: *df as i8,
                    rank_delta: *dr as i8,
                    links: Vec::new(),
                    legs: Vec::new(),
                })
            }
            _ => diags.push(
                Diagnostic::error(
                    ErrorKind::BadBoard(format!(
                        "direction `{name}` must be [file step, rank step]"
                    )),
                    delta.span,
                )
                .with_label(format!(
                    "two numbers, not both 0, at most {} and {} in size",
                    files.min(127),
                    ranks.min(127)
                )),
            ),
        }
    }
    directions
}

/// `cell_names`: whether cells are named by number (`"numbers"`) rather than by letter and rank.
fn numbered_cells(section: &BoardSection, diags: &mut Diagnostics) -> bool {
    match &section.cell_names {
        None => false,
        Some(n) if n.value == "letters" => false,
        Some(n) if n.value == "numbers" => true,
        Some(n) => {
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadBoard(format!("`cell_names` cannot be `{}`", n.value)),
                    n.span,
                )
                .with_label("not a way of naming cells")
                .with_help("write `\"letters\"` (cells `a1`, `b2`, ...) or `\"numbers\"` (cells `1`, `2`, ...)"),
            );
            false
        }
    }
}

/// `[board.values]`: a number for each cell named, on the board and within 32 bits.
fn cell_values(section: &BoardSection, board: &mut CheckedBoard, diags: &mut Diagnostics) {
    for (cell, value) in &section.values {
        let on_board = parse_cell(board, cell).filter(|&c| board.is_on_board(c));
        match (on_board, i32::try_from(value.value)) {
            (Some(c), Ok(v)) => board.values[c as usize] = v,
            (None, _) => diags.push(unknown_cell(cell, value.span, board)),
            (_, Err(_)) => diags.push(
                Diagnostic::error(
                    ErrorKind::BadBoard(format!("the value of `{cell}` is too large")),
                    value.span,
                )
                .with_label("out of range"),
            ),
        }
    }
}

/// `[board] points` or `[board] absent`: the cells of the grid that are on the board, listed or
/// left out; `None` when every cell of the grid is on it. Later stages read only the result: the
/// neighbour tables and the set of all cells leave the other cells out once, when the game is
/// compiled.
fn board_shape(
    section: &BoardSection,
    board: &CheckedBoard,
    diags: &mut Diagnostics,
) -> Option<Vec<CellId>> {
    let (cells, span) = match (&section.points, &section.absent) {
        (None, None) => return None,
        (Some(points), absent) => {
            if let Some(absent) = absent {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::BadBoard("a board lists `points` or `absent`, not both".into()),
                        absent.span,
                    )
                    .with_label("the cells left out")
                    .with_note_at(points.span, "the cells on the board")
                    .with_help(
                        "`points` lists the cells that are on the board, `absent` those that are \
                         not: keep one",
                    ),
                );
                return None;
            }
            (
                cell_set(&points.value, points.span, board, diags),
                points.span,
            )
        }
        (None, Some(absent)) => {
            let out = cell_set(&absent.value, absent.span, board, diags);
            let cells = (0..board.cell_count() as CellId)
                .filter(|c| out.binary_search(c).is_err())
                .collect();
            (cells, absent.span)
        }
    };
    if cells.is_empty() {
        diags.push(
            Diagnostic::error(
                ErrorKind::BadBoard("the board has no cell left".into()),
                span,
            )
            .with_label(if section.points.is_some() {
                "no cell listed"
            } else {
                "every cell of the grid is left out"
            })
            .with_help("a board has at least one cell"),
        );
        return None;
    }
    Some(cells)
}

/// `[board] layout`: squares, or hexagons touching along the one diagonal of the board's
/// directions. The diagrams draw each rank half a cell aside so that touching cells look adjacent;
/// a direction along the other diagonal would then join cells that do not touch, and a hex layout
/// without a diagonal direction would have cells of four neighbours drawn as if they had six.
fn check_layout(section: &BoardSection, board: &CheckedBoard, diags: &mut Diagnostics) -> Layout {
    let Some(layout) = &section.layout else {
        return Layout::Square;
    };
    match layout.value.as_str() {
        "square" | "points" => return Layout::Square,
        "hex" => {}
        other => {
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadBoard(format!("`layout` cannot be `{other}`")),
                    layout.span,
                )
                .with_label("not a layout")
                .with_help(
                    "write `\"square\"` (the default), `\"points\"` (squares drawn as points \
                     joined by lines) or `\"hex\"` (cells that touch six neighbours, drawn as a \
                     slanted rhombus)",
                ),
            );
            return Layout::Square;
        }
    }
    let refuse = |diags: &mut Diagnostics, what: &str, help: &str| {
        diags.push(
            Diagnostic::error(ErrorKind::BadBoard(what.to_string()), layout.span)
                .with_label("the layout is chosen here")
                .with_help(help.to_string()),
        );
    };
    if board.numbered || board.stacks {
        refuse(
            diags,
            "a hex layout draws a grid of lettered cells",
            "a board with `cell_names = \"numbers\"` or `stacks = true` is drawn as a track: \
             leave `layout` out",
        );
        return Layout::Square;
    }
    if !section.links.is_empty() {
        refuse(
            diags,
            "a hex layout needs `[board.directions]`",
            "give the six steps between touching cells as vectors, such as `nw = [-1, 1]`",
        );
        return Layout::Square;
    }
    let along = |diagonal: [(i8, i8); 2]| {
        board
            .directions
            .iter()
            .find(|d| diagonal.contains(&(d.file_delta, d.rank_delta)))
    };
    match (along([(-1, 1), (1, -1)]), along([(1, 1), (-1, -1)])) {
        (Some(right), Some(left)) => {
            // Point at whichever of the two is declared later in the file.
            let span_of = |d: &Direction| section.directions.get(&d.name).map(|v| v.span);
            let (first, second) = match (span_of(right), span_of(left)) {
                (Some(a), Some(b)) if b.start < a.start => (left, right),
                _ => (right, left),
            };
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadBoard(format!(
                        "in a hex layout cells touch along one diagonal, but `{}` and `{}` step \
                         along both",
                        first.name, second.name
                    )),
                    span_of(second).or(Some(layout.span)),
                )
                .with_label(format!(
                    "[{}, {}] joins cells that do not touch when [{}, {}] does",
                    second.file_delta, second.rank_delta, first.file_delta, first.rank_delta
                ))
                .with_note_at(layout.span, "the layout is chosen here")
                .with_help(
                    "keep the steps of one diagonal: `[-1, 1]` and `[1, -1]`, or `[1, 1]` and \
                     `[-1, -1]`",
                ),
            );
            Layout::Hex(Slant::Right)
        }
        (Some(_), None) => Layout::Hex(Slant::Right),
        (None, Some(_)) => Layout::Hex(Slant::Left),
        (None, None) => {
            refuse(
                diags,
                "a hex layout needs a direction along the diagonal its cells touch",
                "add `nw = [-1, 1]` and `se = [1, -1]` (or `ne = [1, 1]` and `sw = [-1, -1]`) to \
                 `[board.directions]`: a cell's six neighbours are along its file, its rank and \
                 that diagonal",
            );
            Layout::Hex(Slant::Right)
        }
    }
}

/// The most cells `[board.legs]` may list for one direction.
pub const MAX_LEGS: usize = 2;

/// `[board.legs]`: the cells a step of a direction passes over, which must be empty (a lame
/// leaper's leg, as the horse and the elephant of xiangqi).
fn direction_legs(section: &BoardSection, board: &mut CheckedBoard, diags: &mut Diagnostics) {
    for (name, legs) in &section.legs {
        let Some(dir) = board.directions.iter_mut().find(|d| d.name == *name) else {
            diags.push(
                Diagnostic::error(ErrorKind::UnknownDirection(name.clone()), legs.span)
                    .with_label("not in `[board.directions]`"),
            );
            continue;
        };
        if !dir.links.is_empty() {
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadBoard(format!(
                        "`{name}` is given by links: it has no cells between its points"
                    )),
                    legs.span,
                )
                .with_label("legs of a link direction"),
            );
            continue;
        }
        let inside = |delta: i64, full: i8| {
            let (low, high) = (i64::from(full.min(0)), i64::from(full.max(0)));
            (low..=high).contains(&delta)
        };
        let mut cells = Vec::new();
        for leg in &legs.value {
            match leg.as_slice() {
                [df, dr]
                    if (*df, *dr) != (0, 0)
                        && (*df, *dr) != (i64::from(dir.file_delta), i64::from(dir.rank_delta))
                        && inside(*df, dir.file_delta)
                        && inside(*dr, dir.rank_delta) =>
                {
                    cells.push((*df as i8, *dr as i8))
                }
                _ => {
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::BadBoard(format!(
                                "a leg of `{name}` must be a cell the step passes: [file step, rank step] \
                                 between [0, 0] and [{}, {}], neither end",
                                dir.file_delta, dir.rank_delta
                            )),
                            legs.span,
                        )
                        .with_label("not a cell between the step's ends")
                        .with_help("a horse's step `nne = [1, 2]` has the leg `nne = [[0, 1]]`"),
                    );
                    cells.clear();
                    break;
                }
            }
        }
        if cells.len() > MAX_LEGS {
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadBoard(format!("a direction has at most {MAX_LEGS} legs")),
                    legs.span,
                )
                .with_label(format!("{} legs", cells.len())),
            );
            cells.truncate(MAX_LEGS);
        }
        dir.legs = cells;
    }
}

/// `[board.links]` and `[board.opposites]`: directions whose neighbours are listed link by link,
/// for a board of points joined by lines (Nine Men's Morris), or beside the vector directions of
/// a grid (a few links that join cells far apart).
fn link_directions(section: &BoardSection, board: &mut CheckedBoard, diags: &mut Diagnostics) {
    if let Some((name, links)) =
        (section.links.iter()).find(|(n, _)| section.directions.contains_key(*n))
    {
        diags.push(
            Diagnostic::error(
                ErrorKind::BadBoard(format!(
                    "direction `{name}` is given both as a vector and by links"
                )),
                links.span,
            )
            .with_label("also in `[board.directions]`")
            .with_help("name the links' direction apart from the vectors, such as `portal`"),
        );
        return;
    }
    let mut directions: Vec<Direction> = Vec::new();
    for (name, links) in &section.links {
        let mut pairs = Vec::new();
        for link in &links.value {
            let cells = link
                .value
                .split_once('-')
                .map(|(a, b)| (parse_cell(board, a.trim()), parse_cell(board, b.trim())));
            match cells {
                Some((Some(a), Some(b)))
                    if a != b && board.is_on_board(a) && board.is_on_board(b) =>
                {
                    pairs.push((a, b))
                }
                _ => diags.push(
                    Diagnostic::error(
                        ErrorKind::BadBoard(format!("`{}` is not a link", link.value)),
                        link.span,
                    )
                    .with_label("not two different points of the board")
                    .with_help(
                        "write a link as `CELL-CELL`, both cells points of the board: `\"a1-d1\"`",
                    ),
                ),
            }
        }
        directions.push(Direction {
            name: name.clone(),
            file_delta: 0,
            rank_delta: 0,
            links: pairs,
            legs: Vec::new(),
        });
    }
    for (name, opposite) in &section.opposites {
        let Some(links) = directions
            .iter()
            .find(|d| d.name == *name)
            .map(|d| d.links.clone())
        else {
            diags.push(
                Diagnostic::error(ErrorKind::UnknownDirection(name.clone()), opposite.span)
                    .with_label("not in `[board.links]`"),
            );
            continue;
        };
        if directions.iter().any(|d| d.name == opposite.value) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadBoard(format!(
                        "`{}` is `{name}` the other way round, so it is not listed in `[board.links]`",
                        opposite.value
                    )),
                    opposite.span,
                )
                .with_label("declared twice"),
            );
            continue;
        }
        directions.push(Direction {
            name: opposite.value.clone(),
            file_delta: 0,
            rank_delta: 0,
            links: links.iter().map(|&(a, b)| (b, a)).collect(),
            legs: Vec::new(),
        });
    }
    for d in &mut directions {
        d.links.sort_unstable();
        // One neighbour per cell and direction.
        if let Some(w) = d.links.windows(2).find(|w| w[0].0 == w[1].0) {
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadBoard(format!(
                        "point `{}` has two neighbours in direction `{}`",
                        cell_name(board, w[0].0),
                        d.name
                    )),
                    section.links.get(&d.name).map(|l| l.span),
                )
                .with_help("a direction leads from a point to one neighbour at most"),
            );
        }
    }
    for d in &directions {
        if let Some(ring) = ring_of(
            &d.links,
            usize::from(board.files) * usize::from(board.ranks),
        ) {
            let mut names: Vec<String> = ring.iter().map(|&c| cell_name(board, c)).collect();
            names.push(names[0].clone());
            diags.push(
                Diagnostic::error(
                    ErrorKind::BadBoard(format!(
                        "direction `{}` leads round in a ring: {}",
                        d.name,
                        names.join(" -> ")
                    )),
                    section
                        .links
                        .get(&d.name)
                        .map(|l| l.span)
                        .or_else(|| section.opposites.values().find(|o| o.value == d.name).map(|o| o.span)),
                )
                .with_help(
                    "a direction's links may not come back to a point they have left (a slide or a ray along it would never end); a track that goes round is a path in `[paths]` (sown along by `sow`), a circuit to ride round a route in `[routes]` (`ride`)",
                ),
            );
        }
    }
    // After the vector directions, if any: a board may have both.
    board.directions.extend(directions);
    if board.directions.len() > MAX_DIRECTIONS {
        diags.push(Diagnostic::error(
            ErrorKind::BadBoard(format!("a board has at most {MAX_DIRECTIONS} directions")),
            None,
        ));
        board.directions.truncate(MAX_DIRECTIONS);
    }
}

/// The points of a ring the links of one direction make, in order, if they make one. Each point
/// has one neighbour at most, so every walk ends at the edge or runs into a ring; each point is
/// walked from once.
fn ring_of(links: &[(CellId, CellId)], cells: usize) -> Option<Vec<CellId>> {
    let mut next = vec![None; cells];
    for &(a, b) in links {
        if let Some(slot) = next.get_mut(usize::from(a)) {
            *slot = Some(b);
        }
    }
    // 0: not walked yet, 1: on the walk under way, 2: known to end at the edge.
    let mut seen = vec![0u8; cells];
    for start in 0..cells {
        let mut walk = Vec::new();
        let mut at = Some(start as CellId);
        while let Some(cell) = at {
            match seen.get(usize::from(cell)) {
                Some(0) => {
                    seen[usize::from(cell)] = 1;
                    walk.push(cell);
                    at = next[usize::from(cell)];
                }
                Some(1) => {
                    let from = walk.iter().position(|&c| c == cell).unwrap_or(0);
                    return Some(walk[from..].to_vec());
                }
                _ => break,
            }
        }
        for cell in walk {
            seen[usize::from(cell)] = 2;
        }
    }
    None
}

/// Direction sets need the players, so they are checked once those are known.
fn check_direction_sets(file: &GameFile, cx: &mut Context, diags: &mut Diagnostics) {
    let Some(section) = &file.board else { return };
    let mut sets = Vec::new();
    for (name, spec) in &section.direction_sets {
        let resolve = |list: &Vec<Located<String>>, _: Span, diags: &mut Diagnostics| -> Vec<u8> {
            let mut out = Vec::new();
            for d in list {
                match cx.board.directions.iter().position(|x| x.name == d.value) {
                    Some(i) if !out.contains(&(i as u8)) => out.push(i as u8),
                    Some(_) => {}
                    // Declared but malformed: that is reported where it is declared.
                    None if section.directions.contains_key(&d.value) => {}
                    None => {
                        let mut diag =
                            Diagnostic::error(ErrorKind::UnknownDirection(d.value.clone()), d.span);
                        let names: Vec<String> =
                            cx.board.directions.iter().map(|x| x.name.clone()).collect();
                        diag = diag.with_label("not in `[board.directions]`").with_help(
                            nearest(&d.value, names.iter().map(String::as_str)).unwrap_or_else(
                                || format!("the directions are {}", backticked(&names)),
                            ),
                        );
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
/// `resolve` gets each value with the span it was written at.
pub(crate) fn per_player<T, U: Clone + Default>(
    spec: &PerPlayer<T>,
    span: Span,
    cx: &Context,
    diags: &mut Diagnostics,
    mut resolve: impl FnMut(&T, Span, &mut Diagnostics) -> U,
) -> (Vec<U>, bool) {
    match spec {
        PerPlayer::Shared(v) => {
            let r = resolve(v, span, diags);
            (vec![r; cx.players.len()], false)
        }
        PerPlayer::Each(map) => {
            let mut out = vec![U::default(); cx.players.len()];
            for (player, value) in map {
                match cx.player(player) {
                    Some(p) => out[p as usize] = resolve(&value.value, value.span, diags),
                    None => {
                        if let Some(d) = unknown_player(player, value.span, cx) {
                            diags.push(d);
                        }
                    }
                }
            }
            let missing: Vec<String> = cx
                .players
                .iter()
                .filter(|p| !map.contains_key(*p))
                .cloned()
                .collect();
            if cx.players_ok && !missing.is_empty() {
                let what = if missing.len() == 1 {
                    format!("a value for player {}", backticked(&missing))
                } else {
                    format!("values for players {}", backticked(&missing))
                };
                diags.push(
                    Diagnostic::error(ErrorKind::Missing(what), span)
                        .with_label(format!("no {} here", backticked(&missing)))
                        .with_help(format!(
                            "a per-player table names every player: {}",
                            backticked(&cx.players)
                        )),
                );
            }
            (out, true)
        }
    }
}

/// The unknown-player error, or `None` when the player list itself is broken (already reported).
pub(crate) fn unknown_player(name: &str, span: Span, cx: &Context) -> Option<Diagnostic> {
    if !cx.players_ok {
        return None;
    }
    let mut d = Diagnostic::error(ErrorKind::UnknownPlayer(name.to_string()), span)
        .with_label("not in `[game] players`");
    if let Some(h) = nearest(name, cx.players.iter().map(|s| s.as_str())) {
        d = d.with_help(h);
    } else if name == NEUTRAL_NAME {
        d = d.with_help("a game of four players has no room for neutral pieces");
    } else {
        d = d.with_help(format!("the players are {}", backticked(&cx.players)));
    }
    Some(d)
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
        let board_ok = cx.board_ok;
        let (cells, per) = per_player(&spec.value, spec.span, cx, diags, |s, span, d| {
            if board_ok {
                cell_set(s, span, &board, d)
            } else {
                Vec::new()
            }
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

pub(crate) fn check_paths(file: &GameFile, cx: &mut Context, diags: &mut Diagnostics) {
    for (name, spec) in &file.paths {
        let board = cx.board.clone();
        let board_ok = cx.board_ok;
        let (cells, _) = per_player(
            &spec.value,
            spec.span,
            cx,
            diags,
            |list: &Vec<Located<String>>, _, d| {
                let mut cells: Vec<CellId> = Vec::new();
                for item in list {
                    // A run of cells in a straight line, in order: `g2..g6`, `f7..a7`.
                    if let Some((first, last)) = item.value.split_once("..") {
                        match path_run(&board, first, last) {
                            Ok(run) => match run.iter().find(|c| cells.contains(c)) {
                                Some(&twice) => d.push(
                                    Diagnostic::error(
                                        ErrorKind::Other(format!(
                                            "cell `{}` is twice on path `{name}`",
                                            cell_name(&board, twice)
                                        )),
                                        item.span,
                                    )
                                    .with_label("a path visits each cell once"),
                                ),
                                None => cells.extend(run),
                            },
                            Err(why) => d.push(
                                Diagnostic::error(
                                    ErrorKind::Other(format!(
                                        "`{}` is not a run of cells of path `{name}`",
                                        item.value
                                    )),
                                    item.span,
                                )
                                .with_label(why)
                                .with_help("a run goes from a cell to another along a file, a rank or a diagonal: `a1..a6`, `f7..b7`"),
                            ),
                        }
                        continue;
                    }
                    match parse_cell(&board, &item.value).filter(|&c| board.is_on_board(c)) {
                        Some(c) if cells.contains(&c) => d.push(
                            Diagnostic::error(
                                ErrorKind::Other(format!(
                                    "cell `{}` is twice on path `{name}`",
                                    item.value
                                )),
                                item.span,
                            )
                            .with_label("a path visits each cell once"),
                        ),
                        Some(c) => cells.push(c),
                        None if board_ok => d.push(unknown_cell(&item.value, item.span, &board)),
                        None => {}
                    }
                }
                cells
            },
        );
        cx.paths.push(PathDecl {
            name: name.clone(),
            cells,
            span: spec.span,
        });
    }
}

/// The cells from `first` to `last` in order, on one file, rank or diagonal of the grid (of the
/// numbers, on a board of numbered cells), each on the board.
pub(crate) fn path_run(
    board: &CheckedBoard,
    first: &str,
    last: &str,
) -> Result<Vec<CellId>, String> {
    let cell = |name: &str| {
        parse_cell(board, name).ok_or_else(|| format!("`{name}` is not a cell of the board"))
    };
    let (a, b) = (cell(first)?, cell(last)?);
    let (step, count) = if board.numbered {
        (if b >= a { 1 } else { -1 }, a.abs_diff(b))
    } else {
        let files = i32::from(board.files);
        let (fa, ra) = (i32::from(a) % files, i32::from(a) / files);
        let (fb, rb) = (i32::from(b) % files, i32::from(b) / files);
        let (df, dr) = (fb - fa, rb - ra);
        if df != 0 && dr != 0 && df.abs() != dr.abs() {
            return Err("its ends are not on one file, rank or diagonal".into());
        }
        (
            df.signum() + dr.signum() * files,
            df.abs().max(dr.abs()) as u16,
        )
    };
    let run: Vec<CellId> = (0..=i32::from(count))
        .map(|i| (i32::from(a) + i * step) as CellId)
        .collect();
    match run.iter().find(|&&c| !board.is_on_board(c)) {
        Some(&off) => Err(format!(
            "it crosses {}, which is not on the board",
            cell_name(board, off)
        )),
        None => Ok(run),
    }
}

/// `[lines]`: links along a direction set, along paths, and single `a1-b2` segments.
pub(crate) fn check_lines(file: &GameFile, cx: &mut Context, diags: &mut Diagnostics) {
    for (name, spec) in &file.lines {
        let board = cx.board.clone();
        let mut links: Vec<(CellId, CellId)> = Vec::new();
        if let Some(dirs) = &spec.value.dirs {
            match board.direction_sets.iter().find(|s| s.name == dirs.value) {
                Some(set) => {
                    let mut all: Vec<u8> = set.per_player.concat();
                    all.sort_unstable();
                    all.dedup();
                    for cell in 0..board.cell_count() as CellId {
                        for &d in &all {
                            if let Some(next) = step(&board, cell, &board.directions[d as usize]) {
                                links.push(sorted(cell, next));
                            }
                        }
                    }
                }
                None => {
                    let names: Vec<String> = board
                        .direction_sets
                        .iter()
                        .map(|s| s.name.clone())
                        .collect();
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::UnknownDirection(dirs.value.clone()),
                            dirs.span,
                        )
                        .with_label("not a direction or direction set")
                        .with_help(near_or_list(
                            &dirs.value,
                            "directions and direction sets",
                            &names,
                        )),
                    );
                }
            }
        }
        for path in &spec.value.paths {
            match cx.paths.iter().find(|p| p.name == path.value) {
                Some(decl) => {
                    for cells in &decl.cells {
                        links.extend(cells.windows(2).map(|w| sorted(w[0], w[1])));
                    }
                }
                None => {
                    let names: Vec<String> = cx.paths.iter().map(|p| p.name.clone()).collect();
                    diags.push(
                        Diagnostic::error(ErrorKind::UnknownName(path.value.clone()), path.span)
                            .with_label("not a path")
                            .with_help(if names.is_empty() {
                                "declare paths in a `[paths]` table".to_string()
                            } else {
                                near_or_list(&path.value, "paths", &names)
                            }),
                    );
                }
            }
        }
        for segment in &spec.value.segments {
            let raw = segment.value.as_str();
            let part = |offset: usize, len: usize| string_part(segment.span, raw, offset, len);
            let whole = part(raw.len() - raw.trim_start().len(), raw.trim().len());
            // Each end, trimmed, with its offset in the string, so a message can point at it.
            let mut ends: Vec<(usize, &str)> = Vec::new();
            let mut start = 0;
            for end in raw.split('-') {
                ends.push((start + end.len() - end.trim_start().len(), end.trim()));
                start += end.len() + 1;
            }
            let cells: Vec<Option<CellId>> = ends
                .iter()
                .map(|(_, e)| parse_cell(&board, e).filter(|&c| board.is_on_board(c)))
                .collect();
            match cells.as_slice() {
                [Some(a), Some(b)] if a != b => links.push(sorted(*a, *b)),
                [_, _] if ends.iter().any(|(_, e)| e.is_empty()) => {
                    diags.push(not_a_segment(raw, whole))
                }
                [_, _] if cx.board_ok => {
                    for ((at, end), cell) in ends.iter().zip(&cells) {
                        if cell.is_none() {
                            diags.push(unknown_cell(end, part(*at, end.len()), &board));
                        }
                    }
                    if cells[0].is_some() && cells[0] == cells[1] {
                        diags.push(
                            Diagnostic::error(
                                ErrorKind::Other(format!(
                                    "segment `{}` links a cell to itself",
                                    raw.trim()
                                )),
                                whole,
                            )
                            .with_label("one cell at both ends")
                            .with_help("a segment joins two different cells: `e2-d3`"),
                        );
                    }
                }
                [_, _] => {}
                _ => diags.push(not_a_segment(raw, whole)),
            }
        }
        if let Some(spec) = &spec.value.boundary {
            let inside = cell_set(&spec.value, spec.span, &board, diags);
            for &cell in &inside {
                for dir in &board.directions {
                    if let Some(next) = step(&board, cell, dir)
                        && inside.binary_search(&next).is_err()
                    {
                        links.push(sorted(cell, next));
                    }
                }
            }
        }
        links.sort_unstable();
        links.dedup();
        if spec.value.walls.as_ref().is_some_and(|w| w.value) {
            cx.board.walls.extend(&links);
            cx.board.walls.sort_unstable();
            cx.board.walls.dedup();
        }
        cx.lines.push(LinesDecl {
            name: name.clone(),
            links,
            span: spec.span,
        });
    }
}

fn not_a_segment(raw: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        ErrorKind::Other(format!("`{}` is not a segment", raw.trim())),
        span,
    )
    .with_label("not two cells joined by `-`")
    .with_help("write a segment as two cells joined by `-`: `e2-d3`")
}

/// The span of part of a TOML string (`len` bytes from `offset`) when the string is written
/// plainly, in quotes without escapes; otherwise the whole string's span.
fn string_part(span: Span, raw: &str, offset: usize, len: usize) -> Span {
    if (span.end - span.start) as usize == raw.len() + 2 {
        let start = span.start as usize + 1 + offset;
        Span::new(span.file, start..start + len)
    } else {
        span
    }
}

/// The cell one step from `cell` along a direction, if both are on the board.
fn step(board: &CheckedBoard, cell: CellId, dir: &Direction) -> Option<CellId> {
    if !dir.links.is_empty() {
        // A direction given link by link (sorted by their first cell).
        let i = dir
            .links
            .binary_search_by_key(&cell, |&(from, _)| from)
            .ok()?;
        return Some(dir.links[i].1);
    }
    let files = board.files as i32;
    let (file, rank) = (cell as i32 % files, cell as i32 / files);
    let (f, r) = (file + dir.file_delta as i32, rank + dir.rank_delta as i32);
    ((0..files).contains(&f) && (0..board.ranks as i32).contains(&r))
        .then(|| (r * files + f) as CellId)
        .filter(|&next| board.is_on_board(cell) && board.is_on_board(next))
}

pub(crate) fn check_pieces(
    file: &GameFile,
    cx: &mut Context,
    whole_file: Option<Span>,
    diags: &mut Diagnostics,
) {
    for (i, (name, piece)) in file.pieces.iter().enumerate() {
        if i == MAX_PIECE_KINDS {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!(
                        "a game has at most {MAX_PIECE_KINDS} kinds of piece"
                    )),
                    piece.span,
                )
                .with_label(format!("kind {}", MAX_PIECE_KINDS + 1)),
            );
            break;
        }
        let mut symbols = vec!['?'; cx.players.len()];
        let mut neutral = None;
        if piece.value.symbols.is_none() {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Missing(format!("`symbols` for piece kind `{name}`")),
                    piece.span,
                )
                .with_label("this kind has no `symbols`")
                .with_help("add `symbols = { PLAYER = \"S\", ... }`: how the board shows it"),
            );
        }
        for (player, symbol) in piece.value.symbols.iter().flatten() {
            let mut chars = symbol.value.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other(format!("symbol of `{name}` must be one character")),
                        symbol.span,
                    )
                    .with_label(format!("{} characters", symbol.value.chars().count()))
                    .with_help("a symbol is the one character that shows the piece on the board"),
                );
                continue;
            };
            match cx.owner(player) {
                Some(NEUTRAL) if cx.player(player).is_none() => neutral = Some(c),
                Some(p) => symbols[p as usize] = c,
                None => {
                    if let Some(d) = unknown_player(player, symbol.span, cx) {
                        diags.push(d);
                    }
                }
            }
        }
        let home = match &piece.value.home {
            Some(spec) if cx.board_ok => cell_set(&spec.value, spec.span, &cx.board, diags),
            _ => Vec::new(),
        };
        cx.pieces.push(PieceDecl {
            name: name.clone(),
            symbols,
            neutral,
            home,
            hides: Vec::new(),
            to_hand: None,
            returns_home: piece.value.returns_home.as_ref().is_some_and(|r| r.value),
            sent_to: None,
        });
    }
    // Face-down kinds name the kinds they hide, which may come later in the file.
    for (i, (name, piece)) in file.pieces.iter().enumerate().take(MAX_PIECE_KINDS) {
        let mut hides = Vec::new();
        for hidden in piece.value.hides.iter().flatten() {
            match cx.piece(&hidden.value) {
                Some(k) if k as usize != i => hides.push(k),
                _ => {
                    let names: Vec<String> = cx.pieces.iter().map(|p| p.name.clone()).collect();
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::UnknownPiece(hidden.value.clone()),
                            hidden.span,
                        )
                        .with_label(format!("`{name}` cannot hide this"))
                        .with_help(format!(
                            "a face-down kind hides other kinds: {}",
                            backticked(&names)
                        )),
                    );
                }
            }
        }
        let to_hand = piece.value.to_hand.as_ref().and_then(|kind| {
            let found = cx.piece(&kind.value);
            if found.is_none() {
                let names: Vec<String> = cx.pieces.iter().map(|p| p.name.clone()).collect();
                diags.push(
                    Diagnostic::error(ErrorKind::UnknownPiece(kind.value.clone()), kind.span)
                        .with_label(format!("a captured `{name}` cannot become this"))
                        .with_help(near_or_list(&kind.value, "piece kinds", &names)),
                );
            }
            found
        });
        if let (Some(_), Some(home)) = (&piece.value.to_hand, &piece.value.returns_home)
            && home.value
        {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!(
                        "a captured `{name}` cannot both join the captor's hand and go home"
                    )),
                    home.span,
                )
                .with_label("`returns_home` here")
                .with_help("keep `to_hand` for the captor's hand, or this for its owner's"),
            );
        }
        let sent_to = sent_to_region(name, &piece.value, cx, diags);
        if let Some(decl) = cx.pieces.get_mut(i) {
            decl.hides = hides;
            decl.to_hand = to_hand;
            decl.sent_to = sent_to;
        }
    }
    if file.pieces.is_empty() {
        diags.push(
            Diagnostic::error(
                ErrorKind::Missing("`[pieces]`: a game needs at least one piece kind".into()),
                whole_file,
            )
            .with_label("in this file")
            .with_help("add `[pieces.stone]` with `symbols = { PLAYER = \"S\", ... }`"),
        );
    }
}

/// `[hand.PLAYER]`: pieces in hand at the start, `KIND = COUNT`. The kinds held in hand take a
/// slot each (in file order), at most [`HAND_KINDS`].
pub(crate) fn check_hands(
    file: &GameFile,
    cx: &Context,
    diags: &mut Diagnostics,
) -> (Vec<u8>, Vec<Vec<u8>>) {
    // The kinds captured pieces join the hand as (`to_hand`) come first, in the file's order.
    let mut kinds: Vec<u8> = Vec::new();
    for (i, decl) in cx.pieces.iter().enumerate() {
        // A kind that goes home after a capture is held in its owner's hand.
        let held = decl.to_hand.or(decl.returns_home.then_some(i as u8));
        if let Some(k) = held
            && !kinds.contains(&k)
        {
            kinds.push(k);
        }
    }
    if kinds.len() > HAND_KINDS {
        if let Some(span) = file.pieces.values().find_map(|p| p.value.to_hand.as_ref()) {
            diags.push(Diagnostic::error(
                ErrorKind::Other(format!(
                    "at most {HAND_KINDS} kinds of piece are held in hand; `to_hand` names {}",
                    kinds.len()
                )),
                span.span,
            ));
        }
        kinds.truncate(HAND_KINDS);
    }
    let mut hands = vec![vec![0u8; HAND_KINDS]; cx.players.len()];
    for (player, table) in &file.hand {
        let Some(p) = cx.player(player) else {
            if let Some(d) = unknown_player(player, table.span, cx) {
                diags.push(d);
            }
            continue;
        };
        for (kind, count) in &table.value {
            let Some(k) = cx.piece(kind) else {
                let names: Vec<String> = cx.pieces.iter().map(|x| x.name.clone()).collect();
                diags.push(
                    Diagnostic::error(ErrorKind::UnknownPiece(kind.clone()), count.span)
                        .with_help(near_or_list(kind, "piece kinds", &names)),
                );
                continue;
            };
            let slot = match kinds.iter().position(|&x| x == k) {
                Some(slot) => slot,
                None if kinds.len() < HAND_KINDS => {
                    kinds.push(k);
                    kinds.len() - 1
                }
                None => {
                    diags.push(Diagnostic::error(
                        ErrorKind::Other(format!(
                            "at most {HAND_KINDS} kinds of piece are held in hand"
                        )),
                        count.span,
                    ));
                    continue;
                }
            };
            match u8::try_from(count.value) {
                Ok(n) => hands[p as usize][slot] = n,
                Err(_) => diags.push(
                    Diagnostic::error(
                        ErrorKind::Other("a hand holds 0 to 255 pieces of a kind".into()),
                        count.span,
                    )
                    .with_label("out of range"),
                ),
            }
        }
    }
    (kinds, hands)
}

/// `sent_to`: the region a captured piece of the kind is set on, which goes neither to a hand.
fn sent_to_region(
    name: &str,
    piece: &crate::syntax::game_file::PieceSection,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Option<u16> {
    let sent_to = piece.sent_to.as_ref()?;
    let to_a_hand = piece.to_hand.is_some() || piece.returns_home.as_ref().is_some_and(|r| r.value);
    if to_a_hand {
        diags.push(
            Diagnostic::error(
                ErrorKind::Other(format!(
                    "a captured `{name}` goes to a hand or to a cell of the board, not both"
                )),
                sent_to.span,
            )
            .with_label("`sent_to` here")
            .with_help("leave out `to_hand` and `returns_home`, or `sent_to`"),
        );
        return None;
    }
    match cx.region(&sent_to.value) {
        Some(r) => Some(r),
        None => {
            let names: Vec<String> = cx.regions.iter().map(|r| r.name.clone()).collect();
            diags.push(
                Diagnostic::error(ErrorKind::UnknownName(sent_to.value.clone()), sent_to.span)
                    .with_label("not a region")
                    .with_help(near_or_list(&sent_to.value, "regions", &names)),
            );
            None
        }
    }
}

/// A game whose board starts empty and that has no `place` rule can never have a piece on it.
pub(crate) fn check_empty_start(
    file: &GameFile,
    rules: &crate::syntax::ast::RulesAst,
    whole_file: Option<Span>,
    diags: &mut Diagnostics,
) {
    // Read from the rules as written: a `place` rule with an error of its own still says the
    // game starts empty, and the missing set-up would be a second, wrong error.
    let places = rules.items.iter().any(|item| {
        matches!(&item.kind, crate::syntax::ast::ItemKind::Move { generator, .. }
            if generator.name.text == "place")
    });
    if file.setup.is_empty() && !places {
        diags.push(
            Diagnostic::error(
                ErrorKind::Missing("`[setup]`: where the pieces stand at the start".into()),
                whole_file,
            )
            .with_label("in this file")
            .with_help(
                "add `[setup.PLAYER]` tables such as `stone = \"a1..h2\"`, or a `place` rule \
                 for a game that starts on an empty board",
            ),
        );
    }
}

pub(crate) fn check_setup(
    file: &GameFile,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Vec<(CellId, u8, u8, u8)> {
    let mut placed: Vec<(CellId, u8, u8, u8)> = Vec::new();
    // Where each placed cell was set up, to point at the first of two.
    let mut placed_at: Vec<Span> = Vec::new();
    for (player, kinds) in &file.setup {
        let Some(p) = cx.owner(player) else {
            if let Some(d) = unknown_player(player, kinds.span, cx) {
                diags.push(d);
            }
            continue;
        };
        for (kind, cells) in &kinds.value {
            let Some(k) = cx.piece(kind) else {
                let names: Vec<String> = cx.pieces.iter().map(|x| x.name.clone()).collect();
                let d = Diagnostic::error(ErrorKind::UnknownPiece(kind.clone()), cells.span)
                    .with_label(format!("cells for `{kind}`, which is not in `[pieces]`"))
                    .with_help(
                        nearest(kind, names.iter().map(String::as_str)).unwrap_or_else(|| {
                            format!("the piece kinds are {}", backticked(&names))
                        }),
                    );
                diags.push(d);
                continue;
            };
            if !cx.board_ok {
                continue;
            }
            let mut twice: Vec<String> = Vec::new();
            let mut first_at: Option<Span> = None;
            for (cell, count) in counted_cell_set(&cells.value, cells.span, &cx.board, diags) {
                if let Some(i) = placed.iter().position(|&(c, _, _, _)| c == cell) {
                    twice.push(cell_name(&cx.board, cell));
                    first_at.get_or_insert(placed_at[i]);
                } else {
                    placed.push((cell, p, k, count));
                    placed_at.push(cells.span);
                }
            }
            if !twice.is_empty() {
                let shown = if twice.len() > 6 {
                    format!("{} and {} more", backticked(&twice[..6]), twice.len() - 6)
                } else {
                    backticked(&twice)
                };
                // Point at the later of the two in the file, and note the earlier.
                let (later, earlier) = match first_at.filter(|f| *f != cells.span) {
                    Some(f) if f.file == cells.span.file && f.start > cells.span.start => {
                        (f, Some(cells.span))
                    }
                    other => (cells.span, other),
                };
                let mut d = Diagnostic::error(
                    ErrorKind::Other(format!(
                        "{} set up twice: {shown}",
                        if twice.len() == 1 {
                            "a cell is"
                        } else {
                            "cells are"
                        }
                    )),
                    later,
                )
                .with_label("set up again here");
                if let Some(earlier) = earlier {
                    d = d.with_note_at(earlier, "first set up here");
                }
                diags.push(d);
            }
        }
        // Stacks, the bar and borne-off pieces count a player's pieces in a byte, and no rule
        // creates pieces: a set-up within that byte keeps every count of the game within it.
        let total: u32 = placed
            .iter()
            .filter(|&&(_, q, _, _)| q == p)
            .map(|&(_, _, _, n)| u32::from(n))
            .sum();
        if total > MAX_PIECES {
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!(
                        "`{player}` is set up with {total} pieces, more than the {MAX_PIECES} a \
                         player may have"
                    )),
                    kinds.span,
                )
                .with_label("too many pieces")
                .with_help("a player's pieces are counted in a byte: set up at most 255 of them"),
            );
        }
    }
    placed.sort();
    placed
}

/// The most pieces a player may have in all.
pub const MAX_PIECES: u32 = 255;

pub fn cell_name(board: &CheckedBoard, cell: CellId) -> String {
    if board.numbered {
        return (cell + 1).to_string();
    }
    let file = (b'a' + (cell % board.files) as u8) as char;
    format!("{file}{}", cell / board.files + 1)
}

/// Parses `a1` into a cell of the board.
pub fn parse_cell(board: &CheckedBoard, name: &str) -> Option<CellId> {
    if board.numbered {
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_digit()) || name.starts_with('0') {
            return None;
        }
        let n: usize = name.parse().ok()?;
        return (1..=board.cell_count())
            .contains(&n)
            .then(|| (n - 1) as CellId);
    }
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

/// A cell set whose items may end in `*N`, N pieces on each of its cells (boards with stacks).
fn counted_cell_set(
    spec: &CellSpec,
    span: Span,
    board: &CheckedBoard,
    diags: &mut Diagnostics,
) -> Vec<(CellId, u8)> {
    let items: Vec<(&str, Span)> = match spec {
        CellSpec::One(s) => vec![(s.as_str(), span)],
        CellSpec::Many(list) => list.iter().map(|s| (s.value.as_str(), s.span)).collect(),
    };
    let mut out = Vec::new();
    for (raw, span) in items {
        let (cells, count) = match raw.rsplit_once('*') {
            None => (raw, 1),
            Some((cells, n)) => match n.trim().parse::<u8>() {
                Ok(n) if n >= 1 && board.stacks => (cells, n),
                _ => {
                    let help = if board.stacks {
                        "`*N` stacks N pieces on each cell, N from 1 to 255: `\"24*15\"`"
                    } else {
                        "only a board with `stacks = true` holds several pieces on a cell"
                    };
                    diags.push(
                        Diagnostic::error(
                            ErrorKind::BadCellSet {
                                spec: raw.to_string(),
                                reason: "not a count of pieces".into(),
                            },
                            span,
                        )
                        .with_label("after `*`")
                        .with_help(help),
                    );
                    continue;
                }
            },
        };
        for cell in cell_set(&CellSpec::One(cells.to_string()), span, board, diags) {
            out.push((cell, count));
        }
    }
    out
}

/// `[memory] unmoved`: the cells whose pieces' moving the position remembers.
pub(super) fn check_memory(file: &GameFile, cx: &Context, diags: &mut Diagnostics) -> Vec<CellId> {
    match file.memory.as_ref().and_then(|m| m.unmoved.as_ref()) {
        Some(spec) => cell_set(&spec.value, spec.span, &cx.board, diags),
        None => Vec::new(),
    }
}

/// `[memory] unmoved_kinds`: the kinds whose pieces `unmoved` remembers, a bit per kind (0: all).
pub(super) fn check_unmoved_kinds(file: &GameFile, cx: &Context, diags: &mut Diagnostics) -> u64 {
    let Some(kinds) = file.memory.as_ref().and_then(|m| m.unmoved_kinds.as_ref()) else {
        return 0;
    };
    let mut mask = 0u64;
    for kind in &kinds.value {
        match cx.piece(&kind.value) {
            Some(k) => mask |= 1 << k,
            None => {
                let names: Vec<String> = cx.pieces.iter().map(|x| x.name.clone()).collect();
                diags.push(
                    Diagnostic::error(ErrorKind::UnknownPiece(kind.value.clone()), kind.span)
                        .with_label("not in `[pieces]`")
                        .with_help(
                            nearest(&kind.value, names.iter().map(String::as_str)).unwrap_or_else(
                                || format!("the piece kinds are {}", backticked(&names)),
                            ),
                        ),
                );
            }
        }
    }
    mask
}

pub(crate) fn cell_set(
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
    raw: &str,
    span: Span,
    board: &CheckedBoard,
    diags: &mut Diagnostics,
    out: &mut Vec<CellId>,
) {
    let item = raw.trim();
    let lead = raw.len() - raw.trim_start().len();
    // The span of part of the string, when the string is written plainly (no escapes).
    let part = |offset: usize, len: usize| string_part(span, raw, offset, len);
    let bad = |reason: String, label: &str| {
        Diagnostic::error(
            ErrorKind::BadCellSet {
                spec: item.to_string(),
                reason,
            },
            part(lead, item.len()),
        )
        .with_label(label.to_string())
    };
    if let Some(n) = item.strip_prefix("rank ") {
        match n.trim().parse::<u16>() {
            Ok(r) if r >= 1 && r <= board.ranks => out.extend(
                (0..board.files)
                    .map(|f| (r - 1) * board.files + f)
                    .filter(|&c| board.is_on_board(c)),
            ),
            _ => diags.push(bad(
                format!("the ranks are 1 to {}", board.ranks),
                "no such rank",
            )),
        }
    } else if let Some(f) = item.strip_prefix("file ") {
        match parse_cell(board, &format!("{}1", f.trim())) {
            Some(c) => out.extend(
                (0..board.ranks)
                    .map(|r| r * board.files + c)
                    .filter(|&c| board.is_on_board(c)),
            ),
            None => diags.push(bad(
                format!("the files are a to {}", last_file(board)),
                "no such file",
            )),
        }
    } else if let Some(hint) = rectangle_hint(item, board) {
        diags.push(
            bad("not a cell or a rectangle".into(), "not a cell set")
                .with_help(format!("{hint} a rectangle is two corners joined by `..`")),
        );
    } else if let Some((a, b)) = item.split_once("..") {
        let b_offset = a.len() + 2;
        match (parse_cell(board, a.trim()), parse_cell(board, b.trim())) {
            (Some(a), Some(b)) => {
                let (f0, f1) = sorted(a % board.files, b % board.files);
                let (r0, r1) = sorted(a / board.files, b / board.files);
                for r in r0..=r1 {
                    out.extend(
                        (f0..=f1)
                            .map(|f| r * board.files + f)
                            .filter(|&c| board.is_on_board(c)),
                    );
                }
            }
            (a_cell, b_cell) => {
                for (text, offset, found) in [(a, 0, a_cell), (b, b_offset, b_cell)] {
                    if found.is_none() {
                        let t = text.trim();
                        let at = lead + offset + (text.len() - text.trim_start().len());
                        diags.push(unknown_cell(t, part(at, t.len()), board));
                    }
                }
            }
        }
    } else {
        match parse_cell(board, item).filter(|&c| board.is_on_board(c)) {
            Some(c) => out.push(c),
            None => diags.push(unknown_cell(item, part(lead, item.len()), board)),
        }
    }
}

fn last_file(board: &CheckedBoard) -> char {
    (b'a' + (board.files.clamp(1, 26) as u8) - 1) as char
}

/// "did you mean `a1..n2`?" for a rectangle written with another separator (`a1:n2`, `a1-n2`).
fn rectangle_hint(item: &str, board: &CheckedBoard) -> Option<String> {
    for separator in ["...", ":", "-", "\u{2013}", "\u{2026}", " to "] {
        if let Some((a, b)) = item.split_once(separator) {
            let (a, b) = (a.trim(), b.trim());
            if parse_cell(board, a).is_some() && parse_cell(board, b).is_some() {
                return Some(format!("did you mean `{a}..{b}`?"));
            }
        }
    }
    None
}

/// The cell of the board of that name: on the grid, and not left out of the board's shape.
pub fn cell_on_board(board: &CheckedBoard, name: &str) -> Option<CellId> {
    parse_cell(board, name).filter(|&c| board.is_on_board(c))
}

pub fn unknown_cell(name: &str, span: Span, board: &CheckedBoard) -> Diagnostic {
    let d = Diagnostic::error(ErrorKind::UnknownCell(name.to_string()), span);
    if parse_cell(board, name).is_some_and(|c| !board.is_on_board(c)) {
        // A cell of the grid that the board's shape leaves out.
        return d.with_label("not a cell of the board").with_help(format!(
            "`{name}` is in the {} x {} grid, but `[board]` leaves it off the board (`points` \
             lists the cells on it, `absent` those off it)",
            board.files, board.ranks
        ));
    }
    let lower = name.to_lowercase();
    if lower != name && parse_cell(board, &lower).is_some() {
        return d
            .with_label("not a cell")
            .with_help(format!("cells are written in lower case: `{lower}`"));
    }
    if board.files == 0 || board.ranks == 0 {
        return d.with_label("not a cell");
    }
    d.with_label("not on the board").with_help(format!(
        "cells run from `{}` to `{}` on this {} x {} board{}",
        cell_name(board, 0),
        cell_name(board, (board.cell_count() - 1) as CellId),
        board.files,
        board.ranks,
        if board.points.is_some() {
            ", less the cells that `[board]` leaves out"
        } else {
            ""
        }
    ))
}

fn sorted(a: u16, b: u16) -> (u16, u16) {
    (a.min(b), a.max(b))
}
