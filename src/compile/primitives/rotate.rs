//! `rotate`: a square region of the board turns a quarter or a half, with every piece on it.

use crate::check::rotate::{ANTICLOCKWISE, CLOCKWISE, HALF, TurnedSquare};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rotate {
    /// The squares a move may turn, each with where its cells go on a quarter turn clockwise.
    pub squares: Vec<TurnedSquare>,
    /// For each square, and each turn of 1 to 3 quarters clockwise, the cycles the cells' pieces
    /// move around (see [`cycles`]).
    pub cycles: Vec<[Vec<Vec<u16>>; 3]>,
    /// Bits of [`crate::check::rotate::CLOCKWISE`], `ANTICLOCKWISE` and `HALF`.
    pub turns: u8,
    /// Every turn the rule allows, in order: the square's place in `squares` and the quarters
    /// clockwise (1 to 3).
    pub choices: Vec<(u16, u16)>,
}

/// Each turn a rule may allow, and how many quarters clockwise it is.
const TURNS: [(u8, u16); 3] = [(CLOCKWISE, 1), (HALF, 2), (ANTICLOCKWISE, 3)];

impl Rotate {
    pub fn new(squares: &[TurnedSquare], turns: u8) -> Rotate {
        Rotate {
            squares: squares.to_vec(),
            cycles: squares
                .iter()
                .map(|square| [1, 2, 3].map(|quarters| cycles(square, quarters)))
                .collect(),
            turns,
            choices: (0..squares.len() as u16)
                .flat_map(|square| {
                    (TURNS.iter())
                        .filter(|(bit, _)| turns & bit != 0)
                        .map(move |&(_, quarters)| (square, quarters))
                })
                .collect(),
        }
    }
}

/// The cells of `square` in the cycles a turn of `quarters` clockwise moves their pieces around:
/// the piece on each cell of a cycle goes to the next, the last one's to the first. A cell that
/// stays put (the middle of an odd square) is in none, so that a turn moves each piece once,
/// with one piece held aside per cycle.
fn cycles(square: &TurnedSquare, quarters: u8) -> Vec<Vec<u16>> {
    let n = square.cells.len();
    let goes_to = |i: usize| (0..quarters).fold(i, |at, _| square.clockwise[at] as usize);
    let mut seen = vec![false; n];
    let mut cycles = Vec::new();
    for start in 0..n {
        if seen[start] || goes_to(start) == start {
            continue;
        }
        let mut cycle = Vec::new();
        let mut at = start;
        while !seen[at] {
            seen[at] = true;
            cycle.push(square.cells[at]);
            at = goes_to(at);
        }
        cycles.push(cycle);
    }
    cycles
}
