//! Conditions of `then` effects made of a few tests of the action's cells and the position, such
//! as Kalah's capture, `is_in(to, pits(mover)) and pieces_on(to) == 1 and
//! pieces_on(neighbour(to, across)) > 0`: recognised when the game is compiled and then run test
//! by test, without the stack machine. An effect's condition is asked after every move of its
//! rule, so its cost is paid on every ply.
//!
//! The tests are those of [`crate::compile::fast::fast_check`]: counts and `pieces_on` of regions,
//! counters and `ply`, and of the cells the action names (`to`, `from`, a neighbour of either)
//! `pieces_on` and `is_in` a region. A condition is an `and` or an `or` of up to four of them.

use crate::check::TExpr;
use crate::compile::fast::effect_sets::FastSet;
use crate::compile::fast::fast_check::{Test, test_with};
use crate::syntax::ast::BinOp;

/// The most tests a recognised condition has.
const MOST_TESTS: usize = 4;

/// `TEST and TEST ...` (`any` false) or `TEST or TEST ...` (`any` true).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EffectCondition {
    pub tests: Vec<Test>,
    pub any: bool,
    /// The sets whose pieces the tests count ([`crate::compile::fast::fast_check::Operand::PiecesOnSet`]).
    pub sets: Vec<FastSet>,
    /// Which of them the effect takes (Oware counts the seeds it would capture): built once.
    pub target_set: Option<u8>,
}

impl EffectCondition {
    /// The fast form of a condition (folded by the options), if it has the shape.
    pub fn of(cond: &TExpr, region_first: &[u16]) -> Option<EffectCondition> {
        let any = matches!(cond, TExpr::Binary(BinOp::Or, ..));
        let mut parts = Vec::new();
        crate::compile::chain_of(cond, if any { BinOp::Or } else { BinOp::And }, &mut parts);
        if parts.len() > MOST_TESTS {
            return None;
        }
        let mut sets = Vec::new();
        let tests = (parts.iter())
            .map(|p| test_with(p, region_first, Some(&mut sets)))
            .collect::<Option<Vec<_>>>()?;
        Some(EffectCondition {
            tests,
            any,
            sets,
            target_set: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::fast::fast_check::CellAt;

    fn in_region(cell: TExpr, region: u16) -> TExpr {
        let set = TExpr::RegionCells(Box::new(TExpr::Region(region)));
        TExpr::IsIn(Box::new(cell), Box::new(set))
    }

    fn join(op: BinOp, parts: Vec<TExpr>) -> TExpr {
        (parts.into_iter())
            .reduce(|l, r| TExpr::Binary(op, Box::new(l), Box::new(r)))
            .unwrap()
    }

    #[test]
    fn an_or_of_tests_of_the_cells_the_action_names_is_recognised() {
        let first = [0, 5];
        let cond = join(
            BinOp::Or,
            vec![
                in_region(TExpr::From, 1),
                TExpr::Not(Box::new(in_region(TExpr::To, 0))),
            ],
        );
        let fast = EffectCondition::of(&cond, &first).expect("recognised");
        assert!(fast.any);
        let from = CellAt {
            from: true,
            next: None,
        };
        assert_eq!(
            fast.tests[0],
            Test::InRegion {
                cell: from,
                region: (5, None),
                inside: true
            }
        );
        assert!(matches!(
            fast.tests[1],
            Test::InRegion { inside: false, .. }
        ));
    }

    #[test]
    fn more_than_four_tests_or_a_test_of_another_shape_stay_programs() {
        let first = [0];
        let five = join(BinOp::And, vec![in_region(TExpr::To, 0); 5]);
        assert_eq!(EffectCondition::of(&five, &first), None);
        let mixed = join(
            BinOp::And,
            vec![in_region(TExpr::To, 0), in_region(TExpr::LastTo, 0)],
        );
        assert_eq!(EffectCondition::of(&mixed, &first), None);
    }
}
