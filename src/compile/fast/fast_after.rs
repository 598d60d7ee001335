//! `after` rules of the common shape `if A or B ... { set C = V } else { set C = V }`: a counter
//! reset or moved on by what the action did (a fifty-move count, a count of quiet plies). Each
//! test compares `captured`, `moved(KIND)`, a counter or a number; each value is a number or a
//! counter plus a number. Recognised when the game is compiled and run without the stack machine,
//! with the same result.

use crate::check::{TExpr, TStmt};
use crate::model::verdict::Played;
use crate::syntax::ast::BinOp;

/// A number the rule reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Int(i32),
    /// `captured`: the pieces the action captured.
    Captured,
    /// `moved(KIND)`: 1 if the action moved a piece of the kind, else 0.
    Moved(u8),
    /// A counter as it was before the action, plus a number.
    Counter(u8, i32),
}

/// `left op right`, or a value alone (true unless 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Test {
    pub left: Value,
    pub op: Option<BinOp>,
    pub right: Value,
}

/// The recognised rule: the `set` of the branch the tests choose (none for a branch without one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastAfter {
    /// The condition holds when any of the tests does (`or`), or when all do (`and`).
    pub tests: Vec<Test>,
    pub all: bool,
    pub then: Option<(u8, Value)>,
    pub otherwise: Option<(u8, Value)>,
    /// The condition as two tests on words, when every test asks only whether a kind moved or
    /// more than a number of pieces were captured, joined by `or`.
    pub quick: Option<Quick>,
}

/// `moved(K1) or moved(K2) ... or captured > N`: any kind of `moved` moved, or more than
/// `captured_over` pieces were captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quick {
    pub moved: u64,
    pub captured_over: i32,
}

impl Quick {
    /// The quick form of the tests joined by `or` (`any`), if each has the shape.
    fn of(tests: &[Test], any: bool) -> Option<Quick> {
        if !any && tests.len() > 1 {
            return None;
        }
        let mut quick = Quick {
            moved: 0,
            captured_over: i32::MAX,
        };
        for test in tests {
            let number = match test.right {
                Value::Int(n) if n >= 0 => n,
                _ => return None,
            };
            match (test.left, test.op) {
                // `moved(K)` is 0 or 1: each of these holds exactly when it is 1.
                (Value::Moved(kind), None) if kind < 64 => quick.moved |= 1 << kind,
                (Value::Moved(kind), Some(op))
                    if kind < 64
                        && matches!(
                            (op, number),
                            (BinOp::Gt | BinOp::Ne, 0) | (BinOp::Ge | BinOp::Eq, 1)
                        ) =>
                {
                    quick.moved |= 1 << kind
                }
                (Value::Captured, None) => quick.captured_over = quick.captured_over.min(0),
                (Value::Captured, Some(BinOp::Gt)) => {
                    quick.captured_over = quick.captured_over.min(number)
                }
                (Value::Captured, Some(BinOp::Ge)) if number > 0 => {
                    quick.captured_over = quick.captured_over.min(number - 1)
                }
                (Value::Captured, Some(BinOp::Ne)) if number == 0 => {
                    quick.captured_over = quick.captured_over.min(0)
                }
                _ => return None,
            }
        }
        Some(quick)
    }
}

/// The fast form of an `after` rule body, if it has the shape.
pub fn recognise(body: &[TStmt]) -> Option<FastAfter> {
    let [
        TStmt::If {
            cond,
            then,
            otherwise,
        },
    ] = body
    else {
        return None;
    };
    let mut tests = Vec::new();
    let all = matches!(cond, TExpr::Binary(BinOp::And, ..));
    let joiner = if all { BinOp::And } else { BinOp::Or };
    collect(cond, joiner, &mut tests)?;
    Some(FastAfter {
        quick: Quick::of(&tests, !all),
        tests,
        all,
        then: set(then)?,
        otherwise: set(otherwise)?,
    })
}

/// The tests of a chain of `joiner`s, left to right.
fn collect(e: &TExpr, joiner: BinOp, tests: &mut Vec<Test>) -> Option<()> {
    match e {
        TExpr::Binary(op, left, right) if *op == joiner => {
            collect(left, joiner, tests)?;
            collect(right, joiner, tests)
        }
        TExpr::Binary(op, left, right)
            if matches!(
                op,
                BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
            ) =>
        {
            tests.push(Test {
                left: value(left)?,
                op: Some(*op),
                right: value(right)?,
            });
            Some(())
        }
        other => {
            tests.push(Test {
                left: value(other)?,
                op: None,
                right: Value::Int(0),
            });
            Some(())
        }
    }
}

/// A branch of no statement or of one `set`: `Some(None)` for none.
fn set(branch: &[TStmt]) -> Option<Option<(u8, Value)>> {
    match branch {
        [] => Some(None),
        [TStmt::Set(counter, e)] => Some(Some((*counter, value(e)?))),
        _ => None,
    }
}

fn value(e: &TExpr) -> Option<Value> {
    match e {
        TExpr::Int(v) => Some(Value::Int(i32::try_from(*v).ok()?)),
        TExpr::Captured => Some(Value::Captured),
        TExpr::Moved(kind) => Some(Value::Moved(*kind)),
        TExpr::Counter(c) => Some(Value::Counter(*c, 0)),
        TExpr::Binary(op @ (BinOp::Add | BinOp::Sub), left, right) => {
            let (TExpr::Counter(c), TExpr::Int(n)) = (left.as_ref(), right.as_ref()) else {
                return None;
            };
            let n = i32::try_from(*n).ok()?;
            Some(Value::Counter(
                *c,
                if *op == BinOp::Add {
                    n
                } else {
                    n.checked_neg()?
                },
            ))
        }
        _ => None,
    }
}

impl FastAfter {
    /// Runs the rule: reads the counters as they were, writes the one its branch sets.
    #[inline(always)]
    pub fn run(&self, counters: &[i32; 4], played: &Played, new_counters: &mut [i32; 4]) {
        let value = |v: Value| match v {
            Value::Int(n) => n,
            Value::Captured => i32::from(played.captured),
            Value::Moved(kind) => (played.moved >> kind & 1) as i32,
            Value::Counter(c, n) => counters[c as usize & 3].wrapping_add(n),
        };
        let holds = |t: &Test| {
            let (l, r) = (value(t.left), value(t.right));
            match t.op {
                None => l != 0,
                Some(BinOp::Eq) => l == r,
                Some(BinOp::Ne) => l != r,
                Some(BinOp::Lt) => l < r,
                Some(BinOp::Le) => l <= r,
                Some(BinOp::Gt) => l > r,
                Some(_) => l >= r,
            }
        };
        let chosen = if let Some(quick) = self.quick {
            played.moved & quick.moved != 0 || i32::from(played.captured) > quick.captured_over
        } else if self.all {
            self.tests.iter().all(holds)
        } else {
            self.tests.iter().any(holds)
        };
        let set = if chosen { self.then } else { self.otherwise };
        if let Some((counter, v)) = set {
            new_counters[counter as usize & 3] = value(v);
        }
    }
}
