//! Dense board tables: neighbours per cell and direction, direction sets per player, symmetries.

use crate::check::board::MAX_LEGS;
use crate::check::{CheckedBoard, Layout, Symmetry};

/// Marks "off the board" in the neighbour table.
pub const NO_CELL: u16 = u16::MAX;
/// No direction (see [`Board::opposites`]).
pub const NO_DIRECTION: u8 = u8::MAX;

/// For each direction, the one that undoes its every step and has no other (see
/// [`Board::opposites`]).
fn opposites(neighbours: &[u16], cells: usize, directions: usize) -> Vec<u8> {
    let step = |c: usize, d: usize| neighbours[c * directions + d];
    let undoes = |d: usize, back: usize| {
        (0..cells).all(|c| {
            let (there, behind) = (step(c, d), step(c, back));
            (there == NO_CELL || step(there as usize, back) == c as u16)
                && (behind == NO_CELL || step(behind as usize, d) == c as u16)
        })
    };
    let opposites: Vec<u8> = (0..directions)
        .map(|d| {
            let back = (0..directions).find(|&back| back != d && undoes(d, back));
            back.map_or(NO_DIRECTION, |b| b as u8)
        })
        .collect();
    match opposites.iter().all(|&o| o == NO_DIRECTION) {
        true => Vec::new(),
        false => opposites,
    }
}

#[derive(Clone, Debug)]
pub struct Board<const W: usize = 4> {
    pub files: u16,
    pub ranks: u16,
    /// The number written on each cell (`[board.values]`).
    pub values: Vec<i32>,
    pub numbered: bool,
    pub stacks: bool,
    /// Cells hold columns of pieces (see [`crate::model::columns`]).
    pub columns: bool,
    pub cells: usize,
    pub direction_names: Vec<String>,
    pub directions: usize,
    /// `neighbours[cell * directions + d]`, or [`NO_CELL`].
    pub neighbours: Vec<u16>,
    /// `predecessors[cell * directions + d]`: the cell whose neighbour along `d` this cell is, or
    /// [`NO_CELL`] (to walk a line backwards: where an attack on a cell comes from).
    pub predecessors: Vec<u16>,
    /// Whether no cell is the neighbour of two along one direction (else `predecessors` keeps one).
    pub unique_predecessors: bool,
    /// `legs[cell * directions + d]`: the cells a step from the cell that way passes over, which
    /// must be empty (`[board.legs]`), padded with [`NO_CELL`].
    pub legs: Vec<[u16; MAX_LEGS]>,
    /// Per direction: whether it has legs.
    pub has_legs: Vec<bool>,
    /// Cell index step of each direction, to walk back over cells already walked forward.
    pub offsets: Vec<i16>,
    /// For each direction, the cells that have a neighbour that way: shifting these by the offset
    /// moves a whole set of pieces one step without wrapping round the board's edge.
    pub has_neighbour: Vec<CellSet<W>>,
    /// Every cell of the board (every point, on a board of points).
    pub all_cells: CellSet<W>,
    /// Per direction: every neighbour that way is `offsets[d]` cells on (see [`Board::step_set`]).
    pub uniform: Vec<bool>,
    /// Per direction: uniform, and the cells without a neighbour that way shift off the board's
    /// cells (past its edge, or onto cells left out), so a set of board cells shifted whole needs
    /// no [`Board::has_neighbour`] mask where the result is cut to board cells anyway.
    pub wrap_free: Vec<bool>,
    /// Per direction: the direction that leads back from every neighbour that way, and only
    /// there ([`NO_DIRECTION`] if none), so that a row along one is a row along the other.
    /// Empty when no direction has one.
    pub opposites: Vec<u8>,
    /// Bits a jump's direction takes in an action's path: as few as the directions need, so that
    /// long chains fit (21 jumps with 8 directions).
    pub jump_bits: u32,
    /// The low bits of each jump's field that hold its direction; above them a long jump
    /// (`range: long`) keeps its length less two (see [`Board::widen_jumps`]).
    pub jump_dir_bits: u32,
    pub max_jumps: u8,
    pub direction_set_names: Vec<String>,
    /// `direction_sets[set][player]`
    pub direction_sets: Vec<Vec<Vec<u8>>>,
    /// Image of every cell under each [`Symmetry`], in the order of `Symmetry::ALL`.
    pub symmetries: Vec<Vec<u16>>,
    /// How the diagrams draw the grid.
    pub layout: Layout,
    /// `layout = "points"`: drawn as points joined by lines (see [`crate::check::CheckedBoard`]).
    pub drawn_as_points: bool,
}

impl<const W: usize> Board<W> {
    pub fn build(b: &CheckedBoard, _players: usize) -> Board<W> {
        let (files, ranks) = (b.files as i32, b.ranks as i32);
        let cells = b.cell_count();
        let directions = b.directions.len();
        let mut neighbours = vec![NO_CELL; cells * directions];
        for cell in 0..cells {
            let (f, r) = ((cell as i32) % files, (cell as i32) / files);
            for (d, dir) in b.directions.iter().enumerate() {
                let (nf, nr) = (f + dir.file_delta as i32, r + dir.rank_delta as i32);
                let next = (nr * files + nf) as u16;
                if dir.links.is_empty()
                    && (0..files).contains(&nf)
                    && (0..ranks).contains(&nr)
                    && b.is_on_board(cell as u16)
                    && b.is_on_board(next)
                {
                    neighbours[cell * directions + d] = next;
                }
            }
        }
        for (d, dir) in b.directions.iter().enumerate() {
            for &(from, to) in &dir.links {
                neighbours[from as usize * directions + d] = to;
            }
        }
        // A leg (`[board.legs]`) off the board: no step that way from there.
        let mut legs = vec![[NO_CELL; MAX_LEGS]; cells * directions];
        for cell in 0..cells {
            let (f, r) = ((cell as i32) % files, (cell as i32) / files);
            for (d, dir) in b.directions.iter().enumerate() {
                let slot = cell * directions + d;
                for (i, &(df, dr)) in dir.legs.iter().enumerate() {
                    let (lf, lr) = (f + df as i32, r + dr as i32);
                    let leg = (lr * files + lf) as u16;
                    if (0..files).contains(&lf) && (0..ranks).contains(&lr) && b.is_on_board(leg) {
                        legs[slot][i] = leg;
                    } else {
                        neighbours[slot] = NO_CELL;
                    }
                }
            }
        }
        // Walls (`[lines] walls = true`): no step between the two cells of a wall's link.
        for (slot, next) in neighbours.iter_mut().enumerate() {
            let cell = (slot / directions) as u16;
            if *next != NO_CELL
                && b.walls
                    .binary_search(&(cell.min(*next), cell.max(*next)))
                    .is_ok()
            {
                *next = NO_CELL;
            }
        }
        let has_legs = b.directions.iter().map(|d| !d.legs.is_empty()).collect();
        // The cell each cell is the neighbour of, per direction; none where two are.
        let mut predecessors = vec![NO_CELL; cells * directions];
        let mut unique_predecessors = true;
        for cell in 0..cells {
            for d in 0..directions {
                let next = neighbours[cell * directions + d];
                if next != NO_CELL {
                    let slot = &mut predecessors[next as usize * directions + d];
                    unique_predecessors &= *slot == NO_CELL;
                    *slot = cell as u16;
                }
            }
        }
        let has_neighbour: Vec<CellSet<W>> = (0..directions)
            .map(|d| {
                let sources: Vec<u16> = (0..cells)
                    .filter(|c| neighbours[c * directions + d] != NO_CELL)
                    .map(|c| c as u16)
                    .collect();
                CellSet::from_cells(&sources)
            })
            .collect();
        let jump_bits = (usize::BITS - directions.saturating_sub(1).leading_zeros()).max(1);
        let offsets: Vec<i16> = b
            .directions
            .iter()
            .map(|d| match d.links.first() {
                Some(&(from, to)) => to as i16 - from as i16,
                None => (d.rank_delta as i32 * files + d.file_delta as i32) as i16,
            })
            .collect();
        // A direction is uniform when every neighbour that way is the same number of cells on:
        // then a whole set steps by one shift.
        let uniform: Vec<bool> = (0..directions)
            .map(|d| {
                (0..cells).all(|c| {
                    let next = neighbours[c * directions + d];
                    next == NO_CELL || next as i32 - c as i32 == offsets[d] as i32
                })
            })
            .collect();
        let all_cells = CellSet::from_cells(
            &(0..cells as u16)
                .filter(|&c| b.is_on_board(c))
                .collect::<Vec<_>>(),
        );
        let wrap_free = (0..directions)
            .map(|d| {
                let edge: CellSet<W> = all_cells.and_not(&has_neighbour[d]);
                uniform[d] && !edge.shifted(offsets[d]).intersects(&all_cells)
            })
            .collect();
        let symmetries = Symmetry::ALL
            .iter()
            .map(|(_, s)| {
                (0..cells as i32)
                    .map(|c| {
                        let (f, r) = (c % files, c / files);
                        let (f, r) = match s {
                            Symmetry::MirrorFiles => (files - 1 - f, r),
                            Symmetry::MirrorRanks => (f, ranks - 1 - r),
                            Symmetry::Rotate180 => (files - 1 - f, ranks - 1 - r),
                        };
                        (r * files + f) as u16
                    })
                    .collect()
            })
            .collect();
        Board {
            values: b.values.clone(),
            numbered: b.numbered,
            stacks: b.stacks,
            columns: b.columns,
            files: b.files,
            ranks: b.ranks,
            cells,
            direction_names: b.directions.iter().map(|d| d.name.clone()).collect(),
            directions,
            predecessors,
            unique_predecessors,
            legs,
            has_legs,
            offsets,
            has_neighbour,
            jump_bits,
            jump_dir_bits: jump_bits,
            max_jumps: (64 / jump_bits).min(255) as u8,
            all_cells,
            uniform,
            wrap_free,
            opposites: opposites(&neighbours, cells, directions),
            neighbours,
            direction_set_names: b.direction_sets.iter().map(|s| s.name.clone()).collect(),
            direction_sets: b
                .direction_sets
                .iter()
                .map(|s| s.per_player.clone())
                .collect(),
            symmetries,
            layout: b.layout,
            drawn_as_points: b.drawn_as_points,
        }
    }

    /// Makes room in each jump's field for the length of a long jump (`range: long`): from 2 up
    /// to the longest line of the board. On a 10 x 10 board with 4 directions a field is 5 bits,
    /// so an action holds up to 12 jumps.
    pub fn widen_jumps(&mut self) {
        let longest = u32::from(self.files.max(self.ranks))
            .saturating_sub(2)
            .max(1);
        let length_bits = u32::BITS - longest.leading_zeros();
        self.jump_bits = self.jump_dir_bits + length_bits;
        self.max_jumps = (64 / self.jump_bits).min(255) as u8;
    }

    /// Jump `i` of an action: its direction and how many cells it goes (2 for a short jump).
    #[inline]
    pub fn jump_step(&self, action: &crate::model::action::Action, i: u8) -> (u8, u16) {
        let field = action.jump_direction(i, self.jump_bits);
        let dir = field & ((1u16 << self.jump_dir_bits) - 1) as u8;
        (dir, u16::from(field >> self.jump_dir_bits) + 2)
    }

    #[inline]
    pub fn neighbour(&self, cell: u16, dir: u8) -> u16 {
        self.neighbours[cell as usize * self.directions + dir as usize]
    }

    /// The cell whose neighbour along `dir` is `cell`, or [`NO_CELL`].
    #[inline]
    pub fn predecessor(&self, cell: u16, dir: u8) -> u16 {
        self.predecessors[cell as usize * self.directions + dir as usize]
    }

    /// Whether the legs of a step from `cell` along `dir` are empty (always, without legs).
    #[inline]
    pub fn legs_clear(&self, cell: u16, dir: u8, occupied: &CellSet<W>) -> bool {
        !self.has_legs[dir as usize]
            || self.legs[cell as usize * self.directions + dir as usize]
                .iter()
                .all(|&leg| leg == NO_CELL || !occupied.contains(leg))
    }

    /// Whether every direction is uniform: whole sets move by shifts (see [`Board::uniform`]).
    pub fn all_uniform(&self) -> bool {
        self.uniform.iter().all(|&u| u)
    }

    /// The neighbours along `dir` of the cells of `cells` (cells without one drop out).
    #[inline(always)]
    pub fn step_set(&self, cells: &CellSet<W>, dir: u8) -> CellSet<W> {
        if self.uniform[dir as usize] {
            return cells
                .and(&self.has_neighbour[dir as usize])
                .shifted(self.offsets[dir as usize]);
        }
        let mut next = CellSet::default();
        for cell in cells.iter() {
            let n = self.neighbour(cell, dir);
            if n != NO_CELL {
                next.insert(n);
            }
        }
        next
    }

    /// For each cell and direction, `[cell * directions + dir]`: the cells of the line through
    /// the cell along the direction, both ways: those that steps along `dir` reach from it, and
    /// those from which steps along `dir` reach it (the cell included). A line ends at the edge or
    /// at a cell left out. `slide(distance: line_count)` counts the pieces on it.
    pub fn line_masks(&self) -> Vec<CellSet<W>> {
        let mut masks = vec![CellSet::default(); self.cells * self.directions];
        for cell in self.all_cells.iter() {
            for dir in 0..self.directions as u8 {
                let mut line = CellSet::default();
                line.insert(cell);
                // Both ways at once; a ring of links ends when it comes round.
                let (mut ahead, mut behind) = (line, line);
                loop {
                    ahead = self.step_set(&ahead, dir).and_not(&line);
                    behind = self.back_set(&behind, dir).and_not(&line);
                    if ahead.is_empty() && behind.is_empty() {
                        break;
                    }
                    line = line.or(&ahead).or(&behind);
                }
                masks[cell as usize * self.directions + dir as usize] = line;
            }
        }
        masks
    }

    /// The cells whose neighbour along `dir` is in `cells`.
    #[inline]
    pub fn back_set(&self, cells: &CellSet<W>, dir: u8) -> CellSet<W> {
        if self.uniform[dir as usize] {
            return cells
                .shifted(-self.offsets[dir as usize])
                .and(&self.has_neighbour[dir as usize]);
        }
        let mut back = CellSet::default();
        for cell in self.has_neighbour[dir as usize].iter() {
            if cells.contains(self.neighbour(cell, dir)) {
                back.insert(cell);
            }
        }
        back
    }

    pub fn cell_name(&self, cell: u16) -> String {
        if self.numbered {
            return (cell + 1).to_string();
        }
        let file = (b'a' + (cell % self.files) as u8) as char;
        format!("{file}{}", cell / self.files + 1)
    }

    pub fn parse_cell(&self, name: &str) -> Option<u16> {
        let b = CheckedBoard {
            files: self.files,
            ranks: self.ranks,
            numbered: self.numbered,
            ..Default::default()
        };
        // A cell of the grid that the board leaves out (not a point, or absent) is no cell of it.
        crate::check::board_cell(&b, name).filter(|&c| self.all_cells.contains(c))
    }

    /// The error for a name that [`Board::parse_cell`] does not know, saying whether it is off
    /// the grid or a cell of the grid that the board leaves out.
    pub fn unknown_cell(
        &self,
        name: &str,
        span: crate::span::Span,
    ) -> crate::diagnostic::Diagnostic {
        let points = (self.all_cells.len() as usize) < self.cells;
        let points = points.then(|| self.all_cells.iter().collect());
        let b = CheckedBoard {
            files: self.files,
            ranks: self.ranks,
            numbered: self.numbered,
            points,
            ..Default::default()
        };
        crate::check::board::unknown_cell(name, span, &b)
    }
}

/// A set of cells as a fixed bit set: membership is one shift and mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellSet<const W: usize = 4> {
    words: [u64; W],
}

impl<const W: usize> Default for CellSet<W> {
    #[inline]
    fn default() -> Self {
        CellSet { words: [0; W] }
    }
}

impl<const W: usize> CellSet<W> {
    /// The set moved by `by` cell indices (towards higher indices if positive); bits pushed past
    /// either end are dropped.
    #[inline]
    pub fn shifted(&self, by: i16) -> CellSet<W> {
        let w = &self.words;
        // Neighbouring cells are less than one word apart on any board: no loop, no word moves.
        if (1..64).contains(&by) {
            let b = by as u32;
            let mut words = [0; W];
            for i in 0..W {
                words[i] = w[i] << b | if i > 0 { w[i - 1] >> (64 - b) } else { 0 };
            }
            return CellSet { words };
        }
        if (-63..0).contains(&by) {
            let b = by.unsigned_abs() as u32;
            let mut words = [0; W];
            for i in 0..W {
                words[i] = w[i] >> b | if i + 1 < W { w[i + 1] << (64 - b) } else { 0 };
            }
            return CellSet { words };
        }
        // Longer jumps across the board are rare: move cell by cell.
        let mut moved = CellSet::default();
        for cell in self.iter() {
            let to = cell as i32 + by as i32;
            if (0..(W * 64) as i32).contains(&to) {
                moved.insert(to as u16);
            }
        }
        moved
    }

    #[inline]
    pub fn and_not(&self, other: &CellSet<W>) -> CellSet<W> {
        self.zip_with(other, |a, b| a & !b)
    }

    /// Combines two sets word by word.
    #[inline]
    fn zip_with(&self, other: &CellSet<W>, f: impl Fn(u64, u64) -> u64) -> CellSet<W> {
        let mut words = self.words;
        for (w, o) in words.iter_mut().zip(other.words) {
            *w = f(*w, o);
        }
        CellSet { words }
    }

    pub fn from_cells(cells: &[u16]) -> CellSet<W> {
        let mut set = CellSet::default();
        for &c in cells {
            set.insert(c);
        }
        set
    }

    /// Cells `64 i .. 64 i + 64` as bits.
    #[inline]
    pub fn word(&self, i: usize) -> u64 {
        self.words[i]
    }

    #[inline]
    pub fn remove(&mut self, cell: u16) {
        self.words[cell as usize / 64] &= !(1 << (cell % 64));
    }

    #[inline]
    pub fn insert(&mut self, cell: u16) {
        self.words[cell as usize / 64] |= 1 << (cell % 64);
    }

    #[inline]
    pub fn and(&self, other: &CellSet<W>) -> CellSet<W> {
        self.zip_with(other, |a, b| a & b)
    }

    /// Whether the two sets have a cell in common.
    #[inline]
    pub fn intersects(&self, other: &CellSet<W>) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    #[inline]
    pub fn or(&self, other: &CellSet<W>) -> CellSet<W> {
        self.zip_with(other, |a, b| a | b)
    }

    #[inline]
    pub fn len(&self) -> u32 {
        // Without a popcount instruction in the baseline x86-64 target, counting is a dozen
        // operations a word: skip the empty words small boards leave.
        self.words
            .iter()
            .filter(|&&w| w != 0)
            .map(|w| w.count_ones())
            .sum()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn contains(&self, cell: u16) -> bool {
        self.words[cell as usize / 64] >> (cell % 64) & 1 != 0
    }

    /// The highest cell of the set.
    #[inline]
    pub fn last(&self) -> Option<u16> {
        let i = self.words.iter().rposition(|&w| w != 0)?;
        Some((i * 64 + 63 - self.words[i].leading_zeros() as usize) as u16)
    }

    /// Calls `f` with each cell, lowest first: a loop per word, tighter than [`CellSet::iter`]
    /// where the caller needs no iterator (a move list written cell by cell).
    #[inline]
    pub fn for_each_cell(&self, mut f: impl FnMut(u16)) {
        for (i, &word) in self.words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                f((i * 64) as u16 + bits.trailing_zeros() as u16);
                bits &= bits - 1;
            }
        }
    }

    pub fn iter(&self) -> CellIter<W> {
        CellIter {
            words: self.words,
            word: 0,
            current: self.words.first().copied().unwrap_or(0),
        }
    }
}

/// The cells of a [`CellSet`], lowest first.
pub struct CellIter<const W: usize = 4> {
    words: [u64; W],
    word: usize,
    /// What is left of `words[word]`: kept apart so a step clears a bit in a register, not in
    /// the array.
    current: u64,
}

impl<const W: usize> Iterator for CellIter<W> {
    type Item = u16;

    #[inline]
    fn next(&mut self) -> Option<u16> {
        while self.current == 0 {
            self.word += 1;
            if self.word >= W {
                // Stay past the end: a further call finds nothing either.
                self.word = W;
                return None;
            }
            self.current = self.words[self.word];
        }
        let bit = self.current.trailing_zeros();
        self.current &= self.current - 1;
        Some((self.word * 64) as u16 + bit as u16)
    }
}

#[cfg(test)]
mod tests {
    type CellSet = super::CellSet<4>;

    #[test]
    fn iteration_gives_every_cell_lowest_first_across_empty_words() {
        for cells in [
            &[][..],
            &[0],
            &[63],
            &[0, 1, 63, 64, 200, 255],
            &[255],
            &[3, 190],
        ] {
            let set = CellSet::from_cells(cells);
            assert_eq!(set.iter().collect::<Vec<_>>(), cells, "{cells:?}");
            let mut iter = set.iter();
            iter.by_ref().for_each(drop);
            // Past the end it stays there.
            assert_eq!(iter.next(), None);
            assert_eq!(iter.next(), None);
        }
    }

    #[test]
    fn last_is_the_highest_cell_of_the_set() {
        assert_eq!(CellSet::default().last(), None);
        assert_eq!(CellSet::from_cells(&[0]).last(), Some(0));
        assert_eq!(CellSet::from_cells(&[5, 63, 64]).last(), Some(64));
        assert_eq!(CellSet::from_cells(&[1, 255]).last(), Some(255));
    }
}
