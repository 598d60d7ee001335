//! Parses the rules language with pest into [`RulesAst`].

use super::ast::*;
use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::span::{FileId, Located, Span};
use pest::Parser;
use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};
use std::sync::LazyLock;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/rules.pest"]
struct RulesParser;

static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::or, Assoc::Left))
        .op(Op::infix(Rule::and, Assoc::Left))
        .op(Op::prefix(Rule::not))
        .op(Op::infix(Rule::eq, Assoc::Left)
            | Op::infix(Rule::ne, Assoc::Left)
            | Op::infix(Rule::lt, Assoc::Left)
            | Op::infix(Rule::le, Assoc::Left)
            | Op::infix(Rule::gt, Assoc::Left)
            | Op::infix(Rule::ge, Assoc::Left))
        .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
        .op(Op::infix(Rule::mul, Assoc::Left))
        .op(Op::prefix(Rule::neg))
});

/// Parses `text`, whose first byte is at `offset` in `file`.
pub fn parse_rules(text: &str, file: FileId, offset: usize) -> Result<RulesAst, Diagnostic> {
    let ctx = Ctx { file, offset };
    let mut pairs = RulesParser::parse(Rule::file, text).map_err(|e| ctx.syntax_error(e))?;
    let file_pair = pairs.next().expect("pest returns the file rule");
    let mut items = Vec::new();
    for pair in file_pair.into_inner().filter(not_keyword) {
        if pair.as_rule() != Rule::EOI {
            items.push(ctx.item(pair));
        }
    }
    Ok(RulesAst { items })
}

struct Ctx {
    file: FileId,
    offset: usize,
}

impl Ctx {
    fn span(&self, pair: &Pair<Rule>) -> Span {
        let s = pair.as_span();
        Span::new(self.file, self.offset + s.start()..self.offset + s.end())
    }

    fn syntax_error(&self, e: pest::error::Error<Rule>) -> Diagnostic {
        let (start, end) = match e.location {
            pest::error::InputLocation::Pos(p) => (p, p + 1),
            pest::error::InputLocation::Span((a, b)) => (a, b.max(a + 1)),
        };
        let e = e.renamed_rules(rule_description);
        let message = e.variant.message().into_owned();
        Diagnostic::error(
            ErrorKind::Syntax(message),
            Span::new(self.file, self.offset + start..self.offset + end),
        )
    }

    fn name(&self, pair: Pair<Rule>) -> Name {
        Name {
            text: pair.as_str().to_string(),
            span: self.span(&pair),
        }
    }

    fn item(&self, pair: Pair<Rule>) -> Item {
        let span = self.span(&pair);
        let rule = pair.as_rule();
        let mut inner = pair.into_inner().filter(not_keyword).peekable();
        let trigger = if rule == Rule::check_rule {
            inner.next();
            Some(Trigger::TurnStart)
        } else {
            None
        };
        let name = self.name(inner.next().unwrap());
        let cite = match inner.peek() {
            Some(p) if p.as_rule() == Rule::cite => {
                let p = inner.next().unwrap();
                let s = p.as_str();
                Some(Located::new(s[1..s.len() - 1].to_string(), self.span(&p)))
            }
            _ => None,
        };
        let kind = match rule {
            Rule::move_rule => {
                let compulsory = inner
                    .peek()
                    .is_some_and(|p| p.as_rule() == Rule::compulsory);
                if compulsory {
                    inner.next();
                }
                let generator = self.call(inner.next().unwrap());
                let filters = inner
                    .map(|w| self.expr(w.into_inner().filter(not_keyword).next().unwrap()))
                    .collect();
                ItemKind::Move {
                    generator,
                    filters,
                    compulsory,
                }
            }
            Rule::forbid_rule => ItemKind::Forbid(self.expr(inner.next().unwrap())),
            Rule::check_rule => ItemKind::Check {
                trigger: trigger.unwrap(),
                body: self.block(inner.next().unwrap()),
            },
            Rule::no_moves_rule => ItemKind::NoMoves(self.block(inner.next().unwrap())),
            other => unreachable!("not an item: {other:?}"),
        };
        Item {
            name,
            cite,
            kind,
            span,
        }
    }

    fn block(&self, pair: Pair<Rule>) -> Vec<Stmt> {
        pair.into_inner()
            .filter(not_keyword)
            .map(|p| self.stmt(p))
            .collect()
    }

    fn stmt(&self, pair: Pair<Rule>) -> Stmt {
        match pair.as_rule() {
            Rule::if_stmt => {
                let mut inner = pair.into_inner().filter(not_keyword);
                let cond = self.expr(inner.next().unwrap());
                let then = self.block(inner.next().unwrap());
                let otherwise = inner.next().map(|b| self.block(b)).unwrap_or_default();
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                }
            }
            Rule::outcome => {
                let o = pair.into_inner().filter(not_keyword).next().unwrap();
                let span = self.span(&o);
                match o.as_rule() {
                    Rule::win => Stmt::Win(
                        self.expr(o.into_inner().filter(not_keyword).next().unwrap()),
                        span,
                    ),
                    Rule::lose => Stmt::Lose(
                        self.expr(o.into_inner().filter(not_keyword).next().unwrap()),
                        span,
                    ),
                    Rule::draw => Stmt::Draw(span),
                    _ => Stmt::Pass(span),
                }
            }
            other => unreachable!("not a statement: {other:?}"),
        }
    }

    fn call(&self, pair: Pair<Rule>) -> Call {
        let span = self.span(&pair);
        let mut inner = pair.into_inner().filter(not_keyword);
        let name = self.name(inner.next().unwrap());
        let args = inner
            .map(|arg| {
                let parts: Vec<_> = arg.into_inner().filter(not_keyword).collect();
                match parts.len() {
                    2 => {
                        let mut it = parts.into_iter();
                        let n = self.name(it.next().unwrap());
                        Arg {
                            name: Some(n),
                            value: self.expr(it.next().unwrap()),
                        }
                    }
                    _ => Arg {
                        name: None,
                        value: self.expr(parts.into_iter().next().unwrap()),
                    },
                }
            })
            .collect();
        Call { name, args, span }
    }

    fn expr(&self, pair: Pair<Rule>) -> Expr {
        PRATT
            .map_primary(|p| self.primary(p))
            .map_prefix(|op, e| {
                let span = self.span(&op).to(e.span);
                let op = if op.as_rule() == Rule::not {
                    UnOp::Not
                } else {
                    UnOp::Neg
                };
                Expr {
                    kind: ExprKind::Unary(op, Box::new(e)),
                    span,
                }
            })
            .map_infix(|l, op, r| {
                let op = match op.as_rule() {
                    Rule::or => BinOp::Or,
                    Rule::and => BinOp::And,
                    Rule::eq => BinOp::Eq,
                    Rule::ne => BinOp::Ne,
                    Rule::lt => BinOp::Lt,
                    Rule::le => BinOp::Le,
                    Rule::gt => BinOp::Gt,
                    Rule::ge => BinOp::Ge,
                    Rule::add => BinOp::Add,
                    Rule::sub => BinOp::Sub,
                    _ => BinOp::Mul,
                };
                let span = l.span.to(r.span);
                Expr {
                    kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
                    span,
                }
            })
            .parse(pair.into_inner().filter(not_keyword))
    }

    fn primary(&self, pair: Pair<Rule>) -> Expr {
        let span = self.span(&pair);
        let kind = match pair.as_rule() {
            Rule::int => match pair.as_str().parse() {
                Ok(n) => ExprKind::Int(n),
                Err(_) => ExprKind::Int(i64::MAX),
            },
            Rule::boolean => ExprKind::Bool(pair.as_str() == "true"),
            Rule::ident => ExprKind::Name(pair.as_str().to_string()),
            Rule::call => ExprKind::Call(self.call(pair)),
            Rule::expr => return self.expr(pair),
            other => unreachable!("not a primary: {other:?}"),
        };
        Expr { kind, span }
    }
}

fn not_keyword(pair: &Pair<Rule>) -> bool {
    !matches!(
        pair.as_rule(),
        Rule::kw_move
            | Rule::kw_where
            | Rule::kw_forbid
            | Rule::kw_no_moves
            | Rule::kw_if
            | Rule::kw_else
            | Rule::kw_win
            | Rule::kw_lose
            | Rule::kw_draw
            | Rule::kw_pass
            | Rule::kw_not
            | Rule::kw_and
            | Rule::kw_or
    )
}

fn rule_description(rule: &Rule) -> String {
    match rule {
        Rule::EOI => "end of rules",
        Rule::move_rule => "`move`",
        Rule::forbid_rule => "`forbid`",
        Rule::check_rule | Rule::trigger => "`turn_start`",
        Rule::no_moves_rule => "`no_moves`",
        Rule::compulsory => "`compulsory`",
        Rule::where_clause => "`where`",
        Rule::cite => "a quoted citation",
        Rule::block => "`{`",
        Rule::if_stmt => "`if`",
        Rule::outcome | Rule::win | Rule::lose | Rule::draw | Rule::pass => {
            "an outcome (`win`, `lose`, `draw`, `pass`)"
        }
        Rule::expr => "an expression",
        Rule::call => "a call",
        Rule::arg => "an argument",
        Rule::int => "a number",
        Rule::boolean => "`true` or `false`",
        Rule::ident => "a name",
        Rule::not => "`not`",
        Rule::neg => "`-`",
        Rule::or | Rule::and | Rule::eq | Rule::ne | Rule::le | Rule::ge | Rule::lt | Rule::gt => {
            "an operator"
        }
        Rule::add | Rule::sub | Rule::mul => "an operator",
        _ => return format!("{rule:?}"),
    }
    .to_string()
}
