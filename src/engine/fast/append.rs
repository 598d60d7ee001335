//! Appending many actions to a move list at once: the list grown once and the actions written
//! past its end, without the capacity check and length update that each `push` makes: a joined
//! turn per first and second part, a placement per empty cell (Havannah: 11 instructions a
//! placement, where `push` took 14).

use crate::model::action::Action;
use crate::model::board::CellSet;

/// Appends each first part joined to each second part, first-part-major: `turn(first, second)`,
/// where each second part is already a turn's second word awaiting its first (see
/// `Game::join_fixed_parts`).
#[inline(always)]
pub fn append_product(
    out: &mut Vec<Action>,
    firsts: &[Action],
    seconds: &[Action],
    turn: impl Fn(&Action, &Action) -> Action,
) {
    if seconds.is_empty() {
        return;
    }
    let count = firsts.len() * seconds.len();
    out.reserve(count);
    let slots = &mut out.spare_capacity_mut()[..count];
    for (turns, &first) in slots.chunks_exact_mut(seconds.len()).zip(firsts) {
        // A copy, held in registers: the slots written might otherwise be taken to change it.
        for (slot, second) in turns.iter_mut().zip(seconds) {
            slot.write(turn(&first, second));
        }
    }
    // SAFETY: the loops wrote all `count` slots past the length: `firsts.len()` chunks of
    // `seconds.len()` slots, each zipped with as many second parts.
    unsafe { out.set_len(out.len() + count) };
}

/// Appends `action(cell)` for each cell of `cells`, lowest first. The list is grown once by
/// the most cells a set can hold (not by the set's size, which costs a count), and each action
/// is written past its end through a pointer, without the capacity check and length store of a
/// `push` per cell.
#[inline(always)]
pub fn append_cells<const W: usize>(
    out: &mut Vec<Action>,
    cells: &CellSet<W>,
    action: impl Fn(u16) -> Action,
) {
    out.reserve(W * 64);
    let start = out.len();
    let spare = out.spare_capacity_mut();
    assert!(spare.len() >= W * 64);
    let base = spare.as_mut_ptr();
    let mut next = base;
    for i in 0..W {
        let mut bits = cells.word(i);
        while bits != 0 {
            let cell = (i * 64) as u16 + bits.trailing_zeros() as u16;
            // SAFETY: at most `W * 64` writes, checked above to fit the spare capacity.
            unsafe {
                (*next).write(action(cell));
                next = next.add(1);
            }
            bits &= bits - 1;
        }
    }
    // Counted once from the pointer, not per action.
    // SAFETY: `next` went up from `base` one slot per write.
    let written = unsafe { next.offset_from(base) } as usize;
    // SAFETY: the loop wrote the `written` slots past the length.
    unsafe { out.set_len(start + written) };
}
