//! `attacked(cells, by: player)`: whether a player's own move rules could capture on a cell.
//! There is no second description of how pieces capture: the engine asks the move rules.

use super::rules::*;
use super::*;
use crate::syntax::ast::Call;

impl RuleChecker<'_> {
    pub(super) fn attacked_call(
        &self,
        call: &Call,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        let args = Args::bind(call, call_params("attacked").unwrap_or_default(), diags)?;
        let cells = self.expect(args.require("cells", diags)?, Ty::Cells, place, diags);
        let by = self.expect_with_help(
            args.require("by", diags)?,
            Ty::Player,
            place,
            "`by:` names the attacking player, as in `attacked(pieces(mover, king), by: opponent)`",
            diags,
        );
        Some((
            TExpr::Attacked {
                cells: Box::new(cells?),
                by: Box::new(by?),
            },
            Ty::Bool,
        ))
    }
}
