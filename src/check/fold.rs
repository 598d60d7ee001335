//! Constant folding: options are fixed once a game is loaded, so a condition on options alone is
//! decided then (`max_plies > 0` with `max_plies = 0` removes its whole rule).

use crate::check::{TExpr, TStmt};
use crate::syntax::ast::BinOp;

pub fn fold_stmts(body: &[TStmt], options: &[i64]) -> Vec<TStmt> {
    fold_stmts_by(body, &|o| Some(options[o as usize]))
}

/// Folds with the options `option` knows (`None`: left as is, so the checker can ask what holds
/// whatever the options are).
pub(crate) fn fold_stmts_by(body: &[TStmt], options: &dyn Fn(u16) -> Option<i64>) -> Vec<TStmt> {
    let mut out = Vec::new();
    for stmt in body {
        match stmt {
            TStmt::If {
                cond,
                then,
                otherwise,
            } => match fold_expr_by(cond, options) {
                TExpr::Int(v) => out.extend(fold_stmts_by(
                    if v != 0 { then } else { otherwise },
                    options,
                )),
                cond => out.push(TStmt::If {
                    cond,
                    then: fold_stmts_by(then, options),
                    otherwise: fold_stmts_by(otherwise, options),
                }),
            },
            TStmt::Win(p, score) => out.push(TStmt::Win(
                fold_expr_by(p, options),
                score.as_ref().map(|s| fold_expr_by(s, options)),
            )),
            TStmt::Lose(p) => out.push(TStmt::Lose(fold_expr_by(p, options))),
            TStmt::Set(c, v) => out.push(TStmt::Set(*c, fold_expr_by(v, options))),
            other => out.push(other.clone()),
        }
    }
    out
}

pub(crate) fn fold_expr_by(expr: &TExpr, options: &dyn Fn(u16) -> Option<i64>) -> TExpr {
    let fold = |e: &TExpr| Box::new(fold_expr_by(e, options));
    match expr {
        TExpr::Option(o) => options(*o).map_or(TExpr::Option(*o), TExpr::Int),
        TExpr::Not(x) => match fold_expr_by(x, options) {
            TExpr::Int(v) => TExpr::Int(i64::from(v == 0)),
            x => TExpr::Not(Box::new(x)),
        },
        TExpr::Neg(x) => match fold_expr_by(x, options) {
            TExpr::Int(v) => TExpr::Int(-v),
            x => TExpr::Neg(Box::new(x)),
        },
        TExpr::Binary(op, l, r) => {
            let (l, r) = (fold_expr_by(l, options), fold_expr_by(r, options));
            match (op, &l, &r) {
                (BinOp::And, TExpr::Int(0), _) | (BinOp::Or, TExpr::Int(1..), _) => l,
                (BinOp::And, TExpr::Int(_), _) | (BinOp::Or, TExpr::Int(0), _) => r,
                // Expressions have no side effects, so the right side decides as well.
                (BinOp::And, _, TExpr::Int(0)) => TExpr::Int(0),
                (BinOp::Or, _, TExpr::Int(1..)) => TExpr::Int(1),
                (_, TExpr::Int(a), TExpr::Int(b)) => match binary(*op, *a, *b) {
                    Some(v) => TExpr::Int(v),
                    None => TExpr::Binary(*op, Box::new(l), Box::new(r)),
                },
                _ => TExpr::Binary(*op, Box::new(l), Box::new(r)),
            }
        }
        TExpr::PlayerRegion(r, p) => TExpr::PlayerRegion(*r, fold(p)),
        TExpr::Count {
            player,
            region,
            piece,
        } => TExpr::Count {
            player: fold(player),
            region: region.as_ref().map(|r| fold(r)),
            piece: *piece,
        },
        TExpr::LandsIn(r) => TExpr::LandsIn(fold(r)),
        TExpr::CanMove(p) => TExpr::CanMove(fold(p)),
        TExpr::BorneOff(p) => TExpr::BorneOff(fold(p)),
        TExpr::OnBar(p) => TExpr::OnBar(fold(p)),
        TExpr::Pinned(p, r) => TExpr::Pinned(fold(p), r.as_ref().map(|r| fold(r))),
        other => other.clone(),
    }
}

/// The value the engine's 32-bit arithmetic gives, where it is the same as in 64 bits.
fn binary(op: BinOp, a: i64, b: i64) -> Option<i64> {
    let v = match op {
        BinOp::Eq => i64::from(a == b),
        BinOp::Ne => i64::from(a != b),
        BinOp::SameCell => i64::from(a == b && a >= 0),
        BinOp::OtherCell => i64::from(a != b || a < 0),
        BinOp::Lt => i64::from(a < b),
        BinOp::Le => i64::from(a <= b),
        BinOp::Gt => i64::from(a > b),
        BinOp::Ge => i64::from(a >= b),
        BinOp::Add => a.checked_add(b)?,
        BinOp::Sub => a.checked_sub(b)?,
        BinOp::Mul => a.checked_mul(b)?,
        BinOp::And => i64::from(a != 0 && b != 0),
        BinOp::Or => i64::from(a != 0 || b != 0),
    };
    i32::try_from(v).ok().map(i64::from)
}
