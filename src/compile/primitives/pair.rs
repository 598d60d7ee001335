//! `pair`: a piece and the first piece of the mover's along a direction from it, of kind
//! `with`, move together to the cells two tables give the mover.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    /// The partner's kind.
    pub with: u8,
    /// The direction set along which the partner is looked for.
    pub dirs: u16,
    /// The table (of cells, keyed by player) of the piece's cell after the move.
    pub to: u16,
    /// The same for the partner.
    pub with_to: u16,
}
