//! Routes, checked: `back_along(path, from, within)`, the run of cells back along a path, and
//! `holding(min, max)`, the cells holding so many pieces (see `engine::routes`).

use super::rules::*;
use super::*;

impl RuleChecker<'_> {
    /// A call of `back_along` or `holding`.
    pub(super) fn route_call(
        &self,
        name: &str,
        args: &Args,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        match name {
            "back_along" => {
                let path = self.path_name(args.require("path", diags)?, diags);
                let from = self.expect(args.require("from", diags)?, Ty::Cell, place, diags);
                let within = self.expect(args.require("within", diags)?, Ty::Cells, place, diags);
                Some((
                    TExpr::BackAlong {
                        path: path?,
                        from: Box::new(from?),
                        within: Box::new(within?),
                    },
                    Ty::Cells,
                ))
            }
            "holding" => {
                let min = self.expect(args.require("min", diags)?, Ty::Int, place, diags);
                let max = match args.get("max") {
                    Some(e) => Some(self.expect(e, Ty::Int, place, diags)?),
                    None => None,
                };
                Some((
                    TExpr::Holding {
                        min: Box::new(min?),
                        max: max.map(Box::new),
                    },
                    Ty::Cells,
                ))
            }
            _ => None,
        }
    }
}
