//! Appending many actions to a move list at once: the list grown once and the actions written
//! past its end, without the capacity check and length update that each `push` makes: a joined
//! turn per first and second part. (A placement per empty cell gained nothing: `push` stays.)

use crate::model::action::Action;

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
