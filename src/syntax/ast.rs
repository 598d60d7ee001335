//! Syntax tree of the rules language (see `grammar/rules.pest`).

use crate::span::{Located, Span};

#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct RulesAst {
    pub items: Vec<Item>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub name: Name,
    pub cite: Option<Located<String>>,
    pub kind: ItemKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    /// A move generator with filters; compulsory moves exclude all others while any exists.
    Move {
        generator: Call,
        filters: Vec<Expr>,
        compulsory: bool,
        /// `compulsory most`: of the actions of every such rule, only those capturing the most
        /// pieces are legal.
        most: bool,
        /// `then { ... }`: what the move changes besides moving its piece, in order.
        effects: Vec<Effect>,
        /// `next RULE ...`: what the same player goes on with, the first that applies.
        continuations: Vec<Continuation>,
    },
    /// A move after which the expression holds is illegal.
    Forbid(Expr),
    Check {
        trigger: Trigger,
        body: Vec<Stmt>,
    },
    NoMoves(Vec<Stmt>),
    /// `estimate`: for each player, a number that says how well they stand (more is better).
    Estimate(Vec<EstimateTerm>),
}

/// `PLAYER: VALUE` in an `estimate` rule.
#[derive(Clone, Debug, PartialEq)]
pub struct EstimateTerm {
    pub player: Expr,
    pub value: Expr,
}

/// `next RULE [by PLAYER] [joined] [optional] [if COND]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Continuation {
    pub rule: Name,
    /// The player who plays the continuation (the same player if not given).
    pub by: Option<Expr>,
    /// The continuation is part of this action (one token), not an action of its own.
    pub joined: bool,
    /// `optional`: the player may end the turn instead of playing the continuation.
    pub optional: bool,
    pub condition: Option<Expr>,
}

/// One change of a `then` block: `flip SET`, `remove SET`, `mark SET`, `extra_turn PLAYER`, each
/// with an optional `if COND`.
#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    pub verb: EffectVerb,
    pub target: Expr,
    /// `shift CELL to CELL`: where the piece goes.
    pub destination: Option<Expr>,
    /// `into CELL`: where `gather` puts the pieces.
    pub into: Option<Expr>,
    pub condition: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EffectVerb {
    /// The pieces on the cells become the mover's.
    Flip,
    /// The pieces on the cells leave the board.
    Remove,
    /// The pieces on the cells are marked for the rest of the turn (`marked`).
    Mark,
    /// The player is owed one more turn once this one is over.
    ExtraTurn,
    /// The piece on a cell moves to another cell (`shift CELL to CELL`): a second piece moved
    /// by the same move, as a castling rook.
    Shift,
    /// The pieces on the cells join the stack on the `into` cell.
    Gather,
}

impl EffectVerb {
    pub fn keyword(self) -> &'static str {
        match self {
            EffectVerb::Flip => "flip",
            EffectVerb::Remove => "remove",
            EffectVerb::Mark => "mark",
            EffectVerb::ExtraTurn => "extra_turn",
            EffectVerb::Shift => "shift",
            EffectVerb::Gather => "gather",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    TurnStart,
    /// After every action, on the position it leads to.
    After,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    If {
        cond: Expr,
        then: Vec<Stmt>,
        otherwise: Vec<Stmt>,
    },
    /// `win PLAYER [score NUMBER]`
    Win(Expr, Option<Expr>, Span),
    Lose(Expr, Span),
    Draw(Span),
    Pass(Span),
    /// `set COUNTER = EXPR`
    Set(Name, Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub name: Name,
    pub args: Vec<Arg>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub name: Option<Name>,
    pub value: Expr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Not,
    Neg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    /// `==` between two cells, as the checker types it: none (off the board, no cell) is the same
    /// as no cell, itself included, so that a test of two cells that are both missing is false.
    SameCell,
    /// `!=` between two cells: true where either is none.
    OtherCell,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq | BinOp::SameCell => "==",
            BinOp::Ne | BinOp::OtherCell => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Int(i64),
    Bool(bool),
    Name(String),
    Call(Call),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
}
