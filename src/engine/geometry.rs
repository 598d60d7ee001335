//! Where each cell of a board stands in a picture: the plane layout a graphical board (the web
//! page of `tabula serve`) draws, derived from the game file as the text diagram is.
//!
//! Coordinates are in cells: neighbouring cells of a square grid are 1 apart. The picture is
//! `width` by `height` cells, `y` growing downwards (the first rank at the bottom).

use crate::check::{Layout, Slant};
use crate::compile::{Game, NO_CELL};
use serde::Serialize;

/// How the cells are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CellShape {
    /// Squares of a grid, coloured in turn.
    Square,
    /// Hexagons.
    Hex,
    /// Points joined by lines (a board of points: Morris, Blue and Gray).
    Point,
    /// The long fields of a track (the backgammon family, a row of pits).
    Slot,
}

#[derive(Clone, Debug, Serialize)]
pub struct CellPlace {
    pub cell: u16,
    pub name: String,
    pub x: f32,
    pub y: f32,
    /// Which way a slot of a track opens: 1 from the top down, -1 from the bottom up.
    pub facing: i8,
}

/// A board as a picture.
#[derive(Clone, Debug, Serialize)]
pub struct Geometry {
    pub shape: CellShape,
    pub width: f32,
    pub height: f32,
    pub cells: Vec<CellPlace>,
    /// Lines joining two points (a board of points: its directions).
    pub edges: Vec<(u16, u16)>,
    /// Lines of `[show]` drawn between two cells (Hold pley's bold line).
    pub between: Vec<(u16, u16)>,
    /// Regions and paths of `[show]`: their name, symbol and cells.
    pub marks: Vec<Mark>,
    /// The x of a track's bar, between its halves, if it has one.
    pub bar: Option<f32>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Mark {
    pub name: String,
    pub symbol: String,
    pub cells: Vec<u16>,
}

impl<const W: usize> Game<W> {
    /// The board as a picture: each cell's place, and the lines and marks drawn on it.
    pub fn geometry(&self) -> Geometry {
        let board = &self.board;
        let cells: Vec<u16> = board.all_cells.iter().collect();
        let place = |cell: u16, x: f32, y: f32, facing: i8| CellPlace {
            cell,
            name: board.cell_name(cell),
            x,
            y,
            facing,
        };
        let mut bar = None;
        let (shape, places) = if board.numbered || (board.stacks && board.ranks == 1) {
            let mut places = Vec::new();
            if board.numbered && cells.len() >= 8 && cells.len().is_multiple_of(2) {
                // The U of the text diagram: the second half along the top from the left, the
                // first half back along the bottom, a bar between the halves of each row.
                let half = cells.len() / 2;
                let gap = half.is_multiple_of(2).then_some(half / 2);
                let x = |i: usize| {
                    i as f32
                        + if gap.is_some_and(|g| i >= g) {
                            1.0
                        } else {
                            0.0
                        }
                };
                for (i, &c) in cells[half..].iter().enumerate() {
                    places.push(place(c, x(i), 0.0, 1));
                }
                for (i, &c) in cells[..half].iter().rev().enumerate() {
                    places.push(place(c, x(i), 5.0, -1));
                }
                bar = gap.map(|g| g as f32);
            } else {
                for (i, &c) in cells.iter().enumerate() {
                    places.push(place(c, (i % 12) as f32, (i / 12) as f32 * 3.0, 1));
                }
            }
            (CellShape::Slot, places)
        } else {
            let ranks = board.ranks as usize;
            let files = board.files;
            let grid_xy = |cell: u16| {
                let (file, rank) = ((cell % files) as f32, (cell / files) as usize);
                let row = (ranks - 1 - rank) as f32;
                match board.layout {
                    Layout::Square => (file, row),
                    Layout::Hex(Slant::Right) => (file + 0.5 * rank as f32, row * 0.866),
                    Layout::Hex(Slant::Left) => {
                        (file + 0.5 * (ranks - 1 - rank) as f32, row * 0.866)
                    }
                }
            };
            let full = cells.len() == board.files as usize * ranks;
            let shape = match board.layout {
                Layout::Hex(_) => CellShape::Hex,
                Layout::Square if full && !board.drawn_as_points => CellShape::Square,
                Layout::Square => CellShape::Point,
            };
            let places = cells
                .iter()
                .map(|&c| {
                    let (x, y) = grid_xy(c);
                    place(c, x, y, 1)
                })
                .collect();
            (shape, places)
        };
        let shown_lines: Vec<(u16, u16)> =
            self.shown.iter().flat_map(|s| s.between.clone()).collect();
        let mut edges = Vec::new();
        if board.drawn_as_points && !shown_lines.is_empty() {
            // The lines the file shows are the board's lines.
            edges = shown_lines.clone();
        } else if shape == CellShape::Point {
            for &c in &cells {
                for d in 0..board.directions {
                    let n = board.neighbours[c as usize * board.directions + d];
                    if n != NO_CELL && c < n {
                        edges.push((c, n));
                    }
                }
            }
            edges.sort_unstable();
            edges.dedup();
        }
        let width = places.iter().map(|p| p.x).fold(0.0, f32::max) + 1.0;
        let height = places.iter().map(|p| p.y).fold(0.0, f32::max) + 1.0;
        Geometry {
            shape,
            width,
            height,
            cells: places,
            edges,
            between: match board.drawn_as_points {
                true => Vec::new(),
                false => shown_lines,
            },
            marks: (self.shown.iter())
                .filter(|s| s.between.is_empty())
                .map(|s| Mark {
                    name: s.name.clone(),
                    symbol: s.symbol.to_string(),
                    cells: s.cells.clone(),
                })
                .collect(),
            bar,
        }
    }
}
