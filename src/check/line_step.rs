//! `line_step`: a line of 1 to `max` own pieces moves one cell, along its own line (and may push
//! a weaker enemy line, `push_if`) or sideways, every piece onto an empty cell.

use super::rules::*;
use super::*;
use crate::syntax::ast::Call;

impl RuleChecker<'_> {
    /// `line_step`: on a board of vector directions without stacks; how many pieces, which way,
    /// and when it pushes.
    pub(super) fn line_step_generator(
        &self,
        call: &Call,
        piece: Option<u8>,
        dirs: u16,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<Generator> {
        self.straight_lines_board(call, diags)?;
        let sideways = match args.get("sideways") {
            Some(e) => self.constant_bool(e, diags)?,
            None => false,
        };
        let what = |arg: &str| format!("`{arg}` of `line_step`");
        let min = match args.get("min") {
            Some(e) => self.constant(e, &what("min"), 1, 64, diags)? as u8,
            None if sideways => 2,
            None => 1,
        };
        let max = match args.get("max") {
            Some(e) => self.constant(e, &what("max"), 1, 64, diags)? as u8,
            None => min,
        };
        if min > max {
            let at = args
                .get("max")
                .or(args.get("min"))
                .map_or(call.name.span, |e| e.span);
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other(format!(
                        "`min` of `line_step` ({min}) is more than its `max` ({max})"
                    )),
                    at,
                )
                .with_label("no line is that long and that short"),
            );
            return None;
        }
        if sideways && min < 2 {
            let at = args.get("min").map_or(call.name.span, |e| e.span);
            diags.push(
                Diagnostic::error(
                    ErrorKind::Other("a sideways `line_step` of one piece".into()),
                    at,
                )
                .with_label("a single piece has no line to move beside")
                .with_help("a sideways line has at least 2 pieces (`min: 2`); one piece moving one cell is the line along its way (`sideways: false`)"),
            );
            return None;
        }
        let push_if = match args.get("push_if") {
            Some(e) if sideways => {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::Other("`push_if` of a sideways `line_step`".into()),
                        e.span,
                    )
                    .with_label("a sideways line pushes nothing")
                    .with_help("every piece of a sideways line moves onto an empty cell; only a line moving along itself pushes"),
                );
                return None;
            }
            Some(e) => Some(self.expect(e, Ty::Bool, Place::LineCapture, diags)?),
            None => None,
        };
        let directions = &self.cx.board.directions;
        let opposite = (directions.iter())
            .map(|d| {
                let back =
                    |e: &&Direction| e.file_delta == -d.file_delta && e.rank_delta == -d.rank_delta;
                directions
                    .iter()
                    .position(|e| back(&e))
                    .map_or(255, |e| e as u8)
            })
            .collect();
        Some(Generator::LineStep {
            piece,
            dirs,
            min,
            max,
            sideways,
            push_if,
            opposite,
        })
    }
}
