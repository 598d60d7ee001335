//! The board: its cells, directions and direction sets, cell values, regions, paths, routes and
//! lines.

use super::doc::Doc;
use super::{Book, code, list_and, plural};
use crate::check::{CellId, Layout, Slant};
use crate::syntax::game_file::CellSpec;

impl<const W: usize> Book<'_, W> {
    pub(super) fn board(&self, doc: &mut Doc) {
        let b = &self.checked.board;
        let first = code(&self.checked.players[0]);
        doc.heading("Board");
        let cells = b.cell_count();
        if b.numbered {
            doc.para(&format!(
                "{cells} cells ({} by {}), named by number from 1 to {cells} in reading order: 1 \
                 is the bottom-left cell as {first}, the first player, sees the board.",
                plural(b.files as usize, "file", "files"),
                plural(b.ranks as usize, "rank", "ranks"),
            ));
        } else if let Some(on_board) = b.points.as_ref().filter(|_| {
            // A board whose directions are vectors is a grid with cells left out, not a board of
            // points joined by links.
            b.directions.iter().all(|d| d.links.is_empty()) && !b.directions.is_empty()
        }) {
            let written = match self.parsed.file.board.as_ref().map(|s| s.absent.is_some()) {
                Some(true) => "of `[board] absent`",
                _ => "not in `[board] points`",
            };
            let corner = if on_board.first() == Some(&0) {
                ""
            } else {
                " (left out here)"
            };
            doc.para(&format!(
                "A grid of {} (a to {}) and {} (1 to {}) without the {} {written}: {} cells. Cells \
                 keep their names in the grid: a1 is its bottom-left corner{corner} as {first}, \
                 the first player, sees the board; files run left to right and ranks away from \
                 {first}. The diagrams leave the missing cells blank, and no piece, step, region \
                 or line reaches them.",
                plural(b.files as usize, "file", "files"),
                (b'a' + b.files as u8 - 1) as char,
                plural(b.ranks as usize, "rank", "ranks"),
                b.ranks,
                plural(cells - on_board.len(), "cell", "cells"),
                on_board.len(),
            ));
        } else if let Some(points) = &b.points {
            doc.para(&format!(
                "{} points of a grid of {} (a to {}) and {} (1 to {}), named as its cells; the \
                 other cells of the grid are not on the board. a1 is the bottom-left cell as \
                 {first}, the first player, sees the board.",
                points.len(),
                plural(b.files as usize, "file", "files"),
                (b'a' + b.files as u8 - 1) as char,
                plural(b.ranks as usize, "rank", "ranks"),
                b.ranks
            ));
        } else {
            doc.para(&format!(
                "A grid of {} (a to {}) and {} (1 to {}), {cells} cells. a1 is the bottom-left \
                 cell as {first}, the first player, sees the board; files run left to right and \
                 ranks away from {first}.",
                plural(b.files as usize, "file", "files"),
                (b'a' + b.files as u8 - 1) as char,
                plural(b.ranks as usize, "rank", "ranks"),
                b.ranks
            ));
        }
        if let Layout::Hex(slant) = b.layout {
            let (up, side) = match slant {
                Slant::Right => ("one file left", "right"),
                Slant::Left => ("one file right", "left"),
            };
            doc.para(&format!(
                "The cells are hexagons (`layout = \"hex\"`): each touches six neighbours, along \
                 its file, along its rank and along the diagonal to the cell {up} and one rank \
                 up (and back). The diagrams draw each rank half a cell to the {side} of the one \
                 below, so that touching cells stand side by side."
            ));
        }
        if b.stacks {
            let owner = if self.game.has_neutral() {
                "one owner (a player, or neutral)"
            } else {
                "one player"
            };
            doc.para(&format!(
                "A cell holds a stack: any number of pieces of {owner} and one kind. Otherwise a \
                 cell holds one piece."
            ));
        }
        if b.columns {
            doc.para(
                "A cell holds a column: one or more pieces of any players and kinds, piled up. \
                 A column moves as one; its top piece commands it, and every rule reads the \
                 column as that piece (its owner and kind).",
            );
        }
        doc.pre(&self.marked(|_| None));
        self.directions(doc);
        self.values(doc);
        self.regions(doc);
        self.paths(doc);
        self.routes(doc);
        self.lines(doc);
    }

    /// `[routes]`: each route's legs in order, and where it bends.
    fn routes(&self, doc: &mut Doc) {
        if self.checked.routes.is_empty() {
            return;
        }
        doc.subheading(
            "Routes (closed: from the last leg back into the first; a bend between legs)",
        );
        for route in &self.checked.routes {
            let mut legs = Vec::new();
            let mut leg = Vec::new();
            for (&cell, &bends) in route.cells.iter().zip(&route.bends_after) {
                leg.push(cell);
                if bends {
                    legs.push(self.cell_list(&std::mem::take(&mut leg)));
                }
            }
            doc.item(
                0,
                &format!(
                    "{}, {}, {}: {}, then back to the start.",
                    code(&route.name),
                    plural(route.cells.len(), "cell", "cells"),
                    plural(legs.len(), "leg", "legs"),
                    legs.join("; a bend; ")
                ),
            );
        }
    }

    fn directions(&self, doc: &mut Doc) {
        let b = &self.checked.board;
        if b.directions.is_empty() {
            doc.para("No directions: pieces move only along paths.");
            return;
        }
        doc.subheading("Directions");
        for d in &b.directions {
            if !d.links.is_empty() {
                let links: Vec<String> = d
                    .links
                    .iter()
                    .map(|&(from, to)| {
                        format!(
                            "{}-{}",
                            crate::check::board::cell_name(b, from),
                            crate::check::board::cell_name(b, to)
                        )
                    })
                    .collect();
                doc.item(
                    0,
                    &format!("{}: along the links {}.", code(&d.name), links.join(", ")),
                );
                continue;
            }
            let legs: Vec<String> = d
                .legs
                .iter()
                .map(|&(f, r)| format!("{} (file {f:+}, rank {r:+})", step_words(f, r)))
                .collect();
            let blocked = if legs.is_empty() {
                String::new()
            } else {
                format!(
                    "; a step this way is blocked by a piece on the cell {} from its start",
                    legs.join(" or ")
                )
            };
            doc.item(
                0,
                &format!(
                    "{}: {} (file {:+}, rank {:+}){blocked}.",
                    code(&d.name),
                    step_words(d.file_delta, d.rank_delta),
                    d.file_delta,
                    d.rank_delta
                ),
            );
        }
        // Every direction is also a set of its own name; only the declared sets are listed.
        let declared: Vec<_> = b
            .direction_sets
            .iter()
            .filter(|s| !(s.per_player.iter().all(|l| l.len() == 1) && self.is_direction(&s.name)))
            .collect();
        if declared.is_empty() {
            return;
        }
        doc.subheading("Direction sets (a direction is also a set of its own name)");
        for set in declared {
            doc.item(0, &format!("{}: {}.", code(&set.name), self.set_words(set)));
        }
    }

    fn is_direction(&self, name: &str) -> bool {
        self.checked.board.directions.iter().any(|d| d.name == name)
    }

    /// The directions of a set, per player when they differ.
    pub(super) fn set_words(&self, set: &crate::check::DirectionSet) -> String {
        let names = |list: &Vec<u8>| {
            list_and(
                list.iter()
                    .map(|&d| code(&self.checked.board.directions[d as usize].name))
                    .collect(),
            )
        };
        if set.per_player.windows(2).all(|w| w[0] == w[1]) {
            names(&set.per_player[0])
        } else {
            let parts: Vec<String> = set
                .per_player
                .iter()
                .enumerate()
                .map(|(p, list)| format!("for {} {}", code(&self.checked.players[p]), names(list)))
                .collect();
            parts.join("; ")
        }
    }

    fn values(&self, doc: &mut Doc) {
        let values = &self.checked.board.values;
        if values.iter().all(|&v| v == 0) {
            return;
        }
        doc.subheading("Numbers written on cells (`[board.values]`; 0 elsewhere)");
        doc.pre(&self.marked(|c| match values[c as usize] {
            0 => None,
            v => Some(v.to_string()),
        }));
        let listed: Vec<String> = (0..values.len())
            .filter(|&c| values[c] != 0)
            .map(|c| format!("{} = {}", self.cell(c as CellId), values[c]))
            .collect();
        doc.para(&format!("{}.", listed.join(", ")));
    }

    /// A letter per player for diagrams of per-player things: initials if they differ, else digits.
    fn player_marks(&self) -> Vec<String> {
        let players = &self.checked.players;
        let initials: Vec<String> = players
            .iter()
            .map(|p| p.chars().next().unwrap_or('?').to_string())
            .collect();
        let distinct = initials
            .iter()
            .enumerate()
            .all(|(i, a)| initials[..i].iter().all(|b| b != a));
        if distinct {
            initials
        } else {
            (1..=players.len()).map(|i| i.to_string()).collect()
        }
    }

    fn regions(&self, doc: &mut Doc) {
        if self.checked.regions.is_empty() {
            return;
        }
        doc.subheading("Regions");
        let marks = self.player_marks();
        for r in &self.checked.regions {
            let written = self
                .parsed
                .file
                .regions
                .get(&r.name)
                .map(|l| self.source(l.span))
                .unwrap_or_default();
            if r.per_player {
                let parts: Vec<String> = r
                    .cells
                    .iter()
                    .enumerate()
                    .map(|(p, cells)| {
                        format!(
                            "for {} {} ({})",
                            code(&self.checked.players[p]),
                            self.cells(cells),
                            plural(cells.len(), "cell", "cells")
                        )
                    })
                    .collect();
                doc.item(
                    0,
                    &format!(
                        "{}, one per player: {}. Written `{written}`.",
                        code(&r.name),
                        parts.join("; ")
                    ),
                );
                let legend: Vec<String> = marks
                    .iter()
                    .zip(&self.checked.players)
                    .map(|(m, p)| format!("{m} = {}'s cells", code(p)))
                    .collect();
                doc.para(&format!("{}:", legend.join(", ")));
                doc.pre(&self.marked(|c| {
                    let m: String = r
                        .cells
                        .iter()
                        .enumerate()
                        .filter(|(_, cells)| cells.contains(&c))
                        .map(|(p, _)| marks[p].as_str())
                        .collect();
                    (!m.is_empty()).then_some(m)
                }));
            } else {
                let cells = &r.cells[0];
                doc.item(
                    0,
                    &format!(
                        "{}: {} ({}). Written `{written}`.",
                        code(&r.name),
                        self.cells(cells),
                        plural(cells.len(), "cell", "cells")
                    ),
                );
                doc.pre(&self.marked(|c| cells.contains(&c).then(|| "*".into())));
            }
        }
    }

    fn paths(&self, doc: &mut Doc) {
        if self.checked.paths.is_empty() {
            return;
        }
        doc.subheading("Paths (each numbered from index 0, its first cell)");
        for path in &self.checked.paths {
            let shared = path.cells.windows(2).all(|w| w[0] == w[1]);
            let copies: Vec<(Option<usize>, &Vec<CellId>)> = if shared {
                vec![(None, &path.cells[0])]
            } else {
                path.cells
                    .iter()
                    .enumerate()
                    .map(|(p, c)| (Some(p), c))
                    .collect()
            };
            for (player, cells) in copies {
                let whose = match player {
                    Some(p) => format!("{}'s copy of ", code(&self.checked.players[p])),
                    None => String::new(),
                };
                doc.item(
                    0,
                    &format!(
                        "{whose}{}, {} in order: {}.",
                        code(&path.name),
                        plural(cells.len(), "cell", "cells"),
                        self.cell_list(cells)
                    ),
                );
                doc.pre(
                    &self.marked(|c| cells.iter().position(|&x| x == c).map(|i| i.to_string())),
                );
            }
        }
    }

    fn lines(&self, doc: &mut Doc) {
        if self.checked.lines.is_empty() {
            return;
        }
        doc.subheading("Lines (links between two cells, followed either way)");
        for lines in &self.checked.lines {
            let mut parts = Vec::new();
            if let Some(spec) = self.parsed.file.lines.get(&lines.name) {
                let spec = &spec.value;
                if let Some(dirs) = &spec.dirs {
                    let set = self
                        .checked
                        .board
                        .direction_sets
                        .iter()
                        .find(|s| s.name == dirs.value);
                    parts.push(format!(
                        "every cell to its neighbour along {}{}",
                        code(&dirs.value),
                        set.map(|s| format!(" ({})", self.set_words(s)))
                            .unwrap_or_default()
                    ));
                }
                if !spec.paths.is_empty() {
                    parts.push(format!(
                        "consecutive cells of the paths {}",
                        list_and(spec.paths.iter().map(|p| code(&p.value)).collect())
                    ));
                }
                if !spec.segments.is_empty() {
                    parts.push(format!(
                        "the segments {}",
                        list_and(spec.segments.iter().map(|s| code(&s.value)).collect())
                    ));
                }
                if let Some(boundary) = &spec.boundary {
                    let written = match &boundary.value {
                        CellSpec::One(s) => s.clone(),
                        CellSpec::Many(items) => items
                            .iter()
                            .map(|i| i.value.as_str())
                            .collect::<Vec<_>>()
                            .join(", "),
                    };
                    parts.push(format!(
                        "the outline of {}: every cell of it to its neighbour outside it",
                        code(&written)
                    ));
                }
            }
            let walls = (self.parsed.file.lines.get(&lines.name))
                .and_then(|spec| spec.value.walls.as_ref())
                .is_some_and(|w| w.value);
            doc.item(
                0,
                &format!(
                    "{}: {}; {}{}.",
                    code(&lines.name),
                    list_and(parts),
                    plural(lines.links.len(), "link", "links"),
                    if walls {
                        ". They are walls: no step goes between the two cells of a link"
                    } else {
                        ""
                    }
                ),
            );
            if !self.checked.board.numbered && !self.checked.board.stacks {
                let (diagram, others) = self.links_diagram(&lines.links);
                doc.pre(&diagram);
                if !others.is_empty() {
                    doc.para(&format!(
                        "Links between cells that are not neighbours (never followed by a step): {}.",
                        others.join(", ")
                    ));
                }
            }
        }
    }

    /// The links drawn between the cells (`o`): `-` and `|` orthogonally, `/`, `\` and `X`
    /// diagonally; the links between cells further apart are returned in words. In a hex layout
    /// each rank is drawn half a cell aside, as in the other diagrams: a link along a file, or
    /// along the diagonal the cells touch across, is then a `/` or a `\`.
    fn links_diagram(&self, links: &[(CellId, CellId)]) -> (String, Vec<String>) {
        let board = &self.checked.board;
        let files = board.files as usize;
        let ranks = board.ranks as usize;
        // Columns a rank is moved right by, in steps of half a cell (two columns).
        let indent = |rank: usize| match board.layout {
            Layout::Square => 0,
            Layout::Hex(Slant::Right) => 2 * rank,
            Layout::Hex(Slant::Left) => 2 * (ranks - 1 - rank),
        };
        let x = |file: usize, rank: usize| 4 * file + indent(rank);
        let width = x(files - 1, 0).max(x(files - 1, ranks - 1)) + 1;
        // Text rows from the top: cell rows at even indices, the gaps between them at odd ones.
        let row = |r: usize| 2 * (ranks - 1 - r);
        let mut rows: Vec<Vec<char>> = vec![vec![' '; width]; 2 * ranks - 1];
        for r in 0..ranks {
            for f in 0..files {
                if board.is_on_board((r * files + f) as CellId) {
                    rows[row(r)][x(f, r)] = 'o';
                }
            }
        }
        let mut others = Vec::new();
        for &(a, b) in links {
            let (fa, ra) = ((a as usize) % files, (a as usize) / files);
            let (fb, rb) = ((b as usize) % files, (b as usize) / files);
            let dr = rb as isize - ra as isize;
            // Links are stored lower cell first: `b` is on the same rank to the right, or above.
            let (xa, xb) = (x(fa, ra), x(fb, rb));
            match (dr, xb as isize - xa as isize) {
                (0, 4) => {
                    for c in 1..4 {
                        rows[row(ra)][xa + c] = '-';
                    }
                }
                (1, 0) => rows[row(ra) - 1][xa] = '|',
                (1, step @ (-4 | -2 | 2 | 4)) => {
                    let slot = &mut rows[row(ra) - 1][(xa as isize + step / 2) as usize];
                    let mark = if step > 0 { '/' } else { '\\' };
                    *slot = match *slot {
                        ' ' => mark,
                        other if other == mark => mark,
                        _ => 'X',
                    };
                }
                _ => others.push(format!("{}-{}", self.cell(a), self.cell(b))),
            }
        }
        let mut out = String::new();
        for (i, cells) in rows.iter().enumerate() {
            let label = if i % 2 == 0 {
                format!("{:>3}  ", ranks - i / 2)
            } else {
                "     ".into()
            };
            let line = format!("{label}{}", cells.iter().collect::<String>());
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push_str(&format!("     {}", " ".repeat(indent(0))));
        for f in 0..files {
            out.push((b'a' + f as u8) as char);
            if f + 1 < files {
                out.push_str("   ");
            }
        }
        out.push('\n');
        (out, others)
    }
}

/// A direction's step in words: `one file right and one rank up`.
fn step_words(file_delta: i8, rank_delta: i8) -> String {
    let part = |n: i8, one: &str, many: &str, plus: &str, minus: &str| {
        let count = n.unsigned_abs();
        let what = if count == 1 {
            format!("one {one}")
        } else {
            format!("{count} {many}")
        };
        format!("{what} {}", if n > 0 { plus } else { minus })
    };
    let mut parts = Vec::new();
    if file_delta != 0 {
        parts.push(part(file_delta, "file", "files", "right", "left"));
    }
    if rank_delta != 0 {
        parts.push(part(rank_delta, "rank", "ranks", "up", "down"));
    }
    parts.join(" and ")
}
