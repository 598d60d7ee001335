//! A flood ([`Game::flood`]) on a board of several words whose directions each move a whole
//! set by one shift (`Board::uniform`): each direction's cells that have a neighbour and its
//! shift looked up once per flood, not on every round (Havannah's group of the stone placed:
//! 2.9% fewer instructions). The general path is `Game::flood_by_steps`.

use crate::compile::{CellSet, Game};

/// The most directions a flood by shifts holds (a board's directions of one set are rarely more).
const MOST_SHIFTS: usize = 8;

impl<const W: usize> Game<W> {
    /// The cells of `cells` joined to `reached` through them, or `None` where a direction is not
    /// one shift (or there are more than [`MOST_SHIFTS`]).
    pub(in crate::engine) fn flood_by_shifts(
        &self,
        reached: CellSet<W>,
        cells: &CellSet<W>,
        dirs: &[u8],
    ) -> Option<CellSet<W>> {
        // On a board of one word, looking the steps up costs what it saves: Lines of Action's
        // many short floods were 13% slower.
        if W == 1
            || dirs.len() > MOST_SHIFTS
            || !dirs.iter().all(|&d| self.board.uniform[d as usize])
        {
            return None;
        }
        if dirs.iter().all(|&d| self.board.wrap_free[d as usize]) {
            // No direction wraps round an edge onto a board cell: each shift is cut to `cells`
            // anyway, so no neighbour mask (Havannah: 4 of 13 operations a direction and word).
            let mut offsets = [0i16; MOST_SHIFTS];
            for (offset, &dir) in offsets.iter_mut().zip(dirs) {
                *offset = self.board.offsets[dir as usize];
            }
            let offsets = &offsets[..dirs.len()];
            return Some(grow_until_still(reached, |grown| {
                offsets
                    .iter()
                    .fold(grown, |grown, &by| grown.or(&grown.shifted(by).and(cells)))
            }));
        }
        let mut shifts = [(CellSet::<W>::default(), 0i16); MOST_SHIFTS];
        for (shift, &dir) in shifts.iter_mut().zip(dirs) {
            *shift = (
                self.board.has_neighbour[dir as usize],
                self.board.offsets[dir as usize],
            );
        }
        let shifts = &shifts[..dirs.len()];
        Some(grow_until_still(reached, |grown| {
            shifts.iter().fold(grown, |grown, (has_neighbour, by)| {
                grown.or(&grown.and(has_neighbour).shifted(*by).and(cells))
            })
        }))
    }
}

/// Applies `round` to `reached` until it adds nothing. A round grows each direction from what
/// the ones before it reached, as the general flood does: fewer rounds.
#[inline(always)]
fn grow_until_still<const W: usize>(
    mut reached: CellSet<W>,
    round: impl Fn(CellSet<W>) -> CellSet<W>,
) -> CellSet<W> {
    loop {
        let grown = round(reached);
        if grown == reached {
            return reached;
        }
        reached = grown;
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::CellSet;
    use crate::engine::playout::seeded_rng;
    use rand::RngExt;

    /// A hexagonal board with cells left out at two corners, so that some steps leave it.
    const HEXES: &str = r#"
[game]
name = "Hexes"
players = ["white", "black"]

[board]
files = 9
ranks = 9
layout = "hex"
absent = ["a9", "a8", "b9", "i1", "h1", "i2"]

[board.directions]
n = [0, 1]
s = [0, -1]
e = [1, 0]
w = [-1, 0]
ne = [1, 1]
sw = [-1, -1]

[pieces.stone]
symbols = { white = "W", black = "B" }

[rules]
text = """
move stone "a stone on an empty cell" { place(piece: stone) }
"""
"#;

    #[test]
    fn floods_by_shifts_agree_with_floods_step_by_step() {
        // Stepping east off the i-file lands on the a-file of the next rank: shifts need masks.
        assert_floods_agree(HEXES, false);
        // The hexagon of side 5 in the same grid: every shift off an edge leaves the board.
        let hexagon = HEXES.replace(
            r#"absent = ["a9", "a8", "b9", "i1", "h1", "i2"]"#,
            r#"absent = ["f1..i1", "g2..i2", "h3..i3", "i4", "a6", "a7..b7", "a8..c8", "a9..d9"]"#,
        );
        assert_floods_agree(&hexagon, true);
    }

    /// Floods by shifts and step by step from random seeds through random cells, on the board of
    /// `game`, whose directions are all (or not all) free of wrapping as `wrap_free` says.
    fn assert_floods_agree(game: &str, wrap_free: bool) {
        let (g, _, _) =
            crate::load_game_text("hexes.toml", game.into(), &[]).expect("the game loads");
        assert_eq!(g.board.wrap_free.iter().all(|&free| free), wrap_free);
        let dirs: Vec<u8> = (0..g.board.directions as u8).collect();
        let cells: Vec<u16> = g.board.all_cells.iter().collect();
        let mut rng = seeded_rng(5);
        let mut joined = 0;
        for _ in 0..500 {
            let (mut through, mut seeds) = (CellSet::default(), CellSet::default());
            for &cell in &cells {
                if rng.random_range(0..100) < 55 {
                    through.insert(cell);
                }
            }
            seeds.insert(cells[rng.random_range(0..cells.len())]);
            let fast = g.flood_by_shifts(seeds.and(&through), &through, &dirs);
            let general = g.flood_by_steps(seeds.and(&through), &through, &dirs);
            assert_eq!(fast, Some(general));
            joined += usize::from(general.len() > 4);
        }
        // Groups of several cells were flooded, not only lone ones.
        assert!(joined > 100, "{joined}");
    }
}
