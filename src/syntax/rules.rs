//! Parses the rules language with pest into [`RulesAst`].

use super::ast::*;
use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::span::{FileId, Located, Span};
use pest::Parser;
use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};
use std::cell::RefCell;
use std::sync::LazyLock;

/// The deepest brackets (`(`, `{`) may nest in a rules text. The parser and every pass after it
/// recurse once per level, so the depth must not grow with the input; no real rule comes close.
pub const MAX_BRACKET_DEPTH: usize = 64;

/// The deepest an expression's tree may be: each operator and each call is a level. It also
/// bounds the operators written side by side at one bracket level, which the Pratt parser
/// recurses over.
pub const MAX_EXPRESSION_DEPTH: u32 = 256;

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

/// Where each byte of a rules text came from in its file: the text of a TOML string is its source
/// with the delimiters dropped and the escapes decoded, so offsets shift at every escape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffsetMap {
    /// (offset in the text, offset in the file), sorted; each holds until the next.
    points: Vec<(usize, usize)>,
}

impl OffsetMap {
    /// A text copied byte for byte from the file, starting at `offset`.
    pub fn shifted(offset: usize) -> Self {
        OffsetMap {
            points: vec![(0, offset)],
        }
    }

    /// A map from explicit points; the first must be for text offset 0.
    pub fn from_points(points: Vec<(usize, usize)>) -> Self {
        debug_assert!(points.first().is_some_and(|p| p.0 == 0));
        OffsetMap { points }
    }

    /// The file offset of a text offset.
    pub fn map(&self, offset: usize) -> usize {
        let i = self.points.partition_point(|p| p.0 <= offset).max(1);
        let (text, file) = self.points.get(i - 1).copied().unwrap_or((0, 0));
        file + offset.saturating_sub(text)
    }
}

/// Parses `text`, whose first byte is at `offset` in `file`.
// A diagnostic is a few strings; an error is returned once per rules text, so it is not boxed.
#[allow(clippy::result_large_err)]
pub fn parse_rules(text: &str, file: FileId, offset: usize) -> Result<RulesAst, Diagnostic> {
    parse_rules_mapped(text, file, &OffsetMap::shifted(offset))
}

/// Parses `text`, whose bytes come from `file` as `map` says. Stops at the first syntax error.
#[allow(clippy::result_large_err)]
pub fn parse_rules_mapped(
    text: &str,
    file: FileId,
    map: &OffsetMap,
) -> Result<RulesAst, Diagnostic> {
    Ctx::new(file, map, 0)
        .parse(text, text.len())
        .map(|items| RulesAst { items })
}

/// Parses `text` as [`parse_rules_mapped`] does, but after a syntax error goes on rule by rule, so
/// that every broken rule is reported and the rules that parse are kept for checking.
pub fn parse_rules_recovering(
    text: &str,
    file: FileId,
    map: &OffsetMap,
) -> (RulesAst, Vec<Diagnostic>) {
    let first = match parse_rules_mapped(text, file, map) {
        Ok(ast) => return (ast, Vec::new()),
        Err(d) => d,
    };
    let starts = item_starts(text);
    let mut items = Vec::new();
    let mut errors = Vec::new();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        match Ctx::new(file, map, start).parse(text, end) {
            Ok(part) => items.extend(part),
            Err(d) => errors.push(d),
        }
    }
    if errors.is_empty() {
        // Split where a rule did not really start: the whole-text error is the one to trust.
        errors.push(first);
    }
    (RulesAst { items }, errors)
}

/// Where rules may start: 0, and each line that begins with `move`, `forbid`, `turn_start` or
/// `no_moves` followed by a space.
fn item_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start().len();
        let rest = &line[indent..];
        let starts_item = ["move", "forbid", "turn_start", "after", "no_moves"]
            .iter()
            .any(|k| {
                rest.strip_prefix(k)
                    .is_some_and(|r| r.starts_with([' ', '\t']))
            });
        if starts_item && offset + indent > 0 {
            starts.push(offset + indent);
        }
        offset += line.len();
    }
    starts
}

struct Ctx<'m> {
    file: FileId,
    map: &'m OffsetMap,
    /// Where the part being parsed starts in the whole text.
    base: usize,
    /// The first expression found too deep while building the tree: it is built no deeper, and
    /// the parse fails with this error.
    too_deep: RefCell<Option<Diagnostic>>,
}

impl<'m> Ctx<'m> {
    fn new(file: FileId, map: &'m OffsetMap, base: usize) -> Self {
        Ctx {
            file,
            map,
            base,
            too_deep: RefCell::new(None),
        }
    }

    /// Parses `text[self.base..end]` as a sequence of rules.
    #[allow(clippy::result_large_err)]
    fn parse(&self, text: &str, end: usize) -> Result<Vec<Item>, Diagnostic> {
        let part = &text[self.base..end];
        // Checked before pest runs: its recursion follows the brackets.
        if let Some(at) = too_deep_bracket(part) {
            let at = self.base + at;
            return Err(Diagnostic::error(
                ErrorKind::Syntax(format!(
                    "brackets nested more than {MAX_BRACKET_DEPTH} deep"
                )),
                self.text_span(at..at + 1),
            )
            .with_label(format!("bracket {} levels deep", MAX_BRACKET_DEPTH + 1))
            .with_help("split the rule into simpler rules or conditions"));
        }
        let mut pairs = match RulesParser::parse(Rule::file, part) {
            Ok(pairs) => pairs,
            Err(first) => {
                // Parse again with pest tracking the tokens it tried, to name them in the message.
                pest::set_error_detail(true);
                let e = RulesParser::parse(Rule::file, part).err().unwrap_or(first);
                return Err(self.syntax_error(text, e));
            }
        };
        let Some(file_pair) = pairs.next() else {
            return Ok(Vec::new());
        };
        let mut items = Vec::new();
        for pair in file_pair.into_inner().filter(not_keyword) {
            if pair.as_rule() != Rule::EOI {
                items.push(self.item(pair));
            }
        }
        match self.too_deep.take() {
            Some(d) => Err(d),
            None => Ok(items),
        }
    }

    fn span(&self, pair: &Pair<Rule>) -> Span {
        let s = pair.as_span();
        self.text_span(self.base + s.start()..self.base + s.end())
    }

    fn text_span(&self, range: std::ops::Range<usize>) -> Span {
        Span::new(
            self.file,
            self.map.map(range.start)..self.map.map(range.end),
        )
    }

    /// "expected `)`, `,` or an operator, found `}`", with the caret on what was found and, when
    /// that is on a later line, a second one after the last thing that parsed.
    fn syntax_error(&self, text: &str, e: pest::error::Error<Rule>) -> Diagnostic {
        let local = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((a, _)) => a,
        };
        let pos = (self.base + local).min(text.len());
        let (found, found_len) = found_at(text, pos);
        let message = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => {
                let tokens: Vec<String> = e
                    .parse_attempts()
                    .filter(|a| a.max_position == local)
                    .map(|a| a.expected_tokens().iter().map(|t| t.to_string()).collect())
                    .unwrap_or_default();
                let expected = expected_list(positives, &tokens);
                if expected.is_empty() {
                    format!("unexpected {found}")
                } else {
                    format!("expected {expected}, found {found}")
                }
            }
            pest::error::ErrorVariant::CustomError { message } => message.clone(),
        };
        let before = previous_token_end(text, pos);
        let last = text[..before].chars().next_back().map_or(0, char::len_utf8);
        let at_end = text[pos..].trim().is_empty();
        let mut d = if at_end && before > 0 {
            // Nothing left: point at the last thing written rather than at blank lines.
            Diagnostic::error(
                ErrorKind::Syntax(message),
                self.text_span(before - last..before),
            )
            .with_label("the rules end after this")
        } else {
            let mut d = Diagnostic::error(
                ErrorKind::Syntax(message),
                self.text_span(pos..pos + found_len),
            )
            .with_label(format!("unexpected {found}"));
            if before > 0 && text[before..pos].contains('\n') {
                d = d.with_note_at(self.text_span(before - last..before), "after this");
            }
            d
        };
        let positives: &[Rule] = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => positives,
            pest::error::ErrorVariant::CustomError { .. } => &[],
        };
        if let Some(help) = syntax_help(&text[pos..pos + found_len], positives) {
            d = d.with_help(help);
        }
        d
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
            let word = inner
                .next()
                .map(|t| t.as_str().to_string())
                .unwrap_or_default();
            Some(if word.starts_with("after") {
                Trigger::After
            } else {
                Trigger::TurnStart
            })
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
                let most = inner.peek().is_some_and(|p| p.as_rule() == Rule::most);
                if most {
                    inner.next();
                }
                let generator = self.call(inner.next().unwrap());
                let mut filters = Vec::new();
                let mut effects = Vec::new();
                let mut continuations = Vec::new();
                for clause in inner {
                    if clause.as_rule() == Rule::next_clause {
                        continuations.push(self.continuation(clause));
                    } else if clause.as_rule() == Rule::then_block {
                        effects = clause
                            .into_inner()
                            .filter(not_keyword)
                            .map(|e| self.effect(e))
                            .collect();
                    } else {
                        filters.push(self.expr(clause.into_inner().find(not_keyword).unwrap()));
                    }
                }
                ItemKind::Move {
                    generator,
                    filters,
                    compulsory,
                    most,
                    effects,
                    continuations,
                }
            }
            Rule::forbid_rule => ItemKind::Forbid(self.expr(inner.next().unwrap())),
            Rule::check_rule => ItemKind::Check {
                trigger: trigger.unwrap(),
                body: self.block(inner.next().unwrap()),
            },
            Rule::no_moves_rule => ItemKind::NoMoves(self.block(inner.next().unwrap())),
            Rule::estimate_rule => ItemKind::Estimate(
                inner
                    .map(|term| {
                        let mut sides = term.into_inner().filter(not_keyword);
                        EstimateTerm {
                            player: self.expr(sides.next().unwrap()),
                            value: self.expr(sides.next().unwrap()),
                        }
                    })
                    .collect(),
            ),
            other => unreachable!("not an item: {other:?}"),
        };
        Item {
            name,
            cite,
            kind,
            span,
        }
    }

    fn continuation(&self, pair: Pair<Rule>) -> Continuation {
        let mut parts = pair.into_inner().filter(not_keyword).peekable();
        let rule = self.name(parts.next().unwrap());
        // `by` is kept by `not_keyword`: it tells the player's expression from the condition.
        let by = parts
            .next_if(|p| p.as_rule() == Rule::kw_by)
            .map(|_| self.expr(parts.next().unwrap()));
        let joined = parts.next_if(|p| p.as_rule() == Rule::joined).is_some();
        let optional = parts.next_if(|p| p.as_rule() == Rule::optional).is_some();
        let condition = parts.next().map(|e| self.expr(e));
        Continuation {
            rule,
            by,
            joined,
            optional,
            condition,
        }
    }

    fn effect(&self, pair: Pair<Rule>) -> Effect {
        let span = self.span(&pair);
        let mut parts = pair.into_inner().filter(not_keyword).peekable();
        let verb = match parts.next().map(|v| v.as_str().to_string()).as_deref() {
            Some("flip") => EffectVerb::Flip,
            Some("mark") => EffectVerb::Mark,
            Some("extra_turn") => EffectVerb::ExtraTurn,
            Some("shift") => EffectVerb::Shift,
            Some("gather") => EffectVerb::Gather,
            _ => EffectVerb::Remove,
        };
        let target = self.expr(parts.next().unwrap());
        let mut destination = None;
        let mut into = None;
        let mut condition = None;
        for part in parts {
            match part.as_rule() {
                Rule::into_clause => {
                    let inner = part.into_inner().find(not_keyword).unwrap();
                    into = Some(self.expr(inner));
                }
                Rule::shift_to => {
                    let inner = part
                        .into_inner()
                        .find(|e| e.as_rule() == Rule::expr)
                        .unwrap();
                    destination = Some(self.expr(inner));
                }
                _ => condition = Some(self.expr(part)),
            }
        }
        Effect {
            verb,
            target,
            destination,
            into,
            condition,
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
            Rule::set_stmt => {
                let mut parts = pair.into_inner().filter(not_keyword);
                let name = self.name(parts.next().unwrap());
                Stmt::Set(name, self.expr(parts.next().unwrap()))
            }
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
                let o = pair.into_inner().find(not_keyword).unwrap();
                let span = self.span(&o);
                match o.as_rule() {
                    Rule::win => {
                        let mut parts = o.into_inner().filter(not_keyword);
                        let player = self.expr(parts.next().unwrap());
                        let score = parts.next().map(|s| self.expr(s));
                        Stmt::Win(player, score, span)
                    }
                    Rule::lose => {
                        Stmt::Lose(self.expr(o.into_inner().find(not_keyword).unwrap()), span)
                    }
                    Rule::draw => Stmt::Draw(span),
                    _ => Stmt::Pass(span),
                }
            }
            other => unreachable!("not a statement: {other:?}"),
        }
    }

    fn call(&self, pair: Pair<Rule>) -> Call {
        self.call_with_height(pair).0
    }

    /// A call and the height of its tree: one more than its deepest argument.
    fn call_with_height(&self, pair: Pair<Rule>) -> (Call, u32) {
        let span = self.span(&pair);
        let mut inner = pair.into_inner().filter(not_keyword);
        let name = self.name(inner.next().unwrap());
        let mut height = 1;
        let args = inner
            .map(|arg| {
                let mut parts: Vec<_> = arg.into_inner().filter(not_keyword).collect();
                let value = parts.pop().unwrap();
                let name = parts.pop().map(|n| self.name(n));
                let (value, h) = self.expr_with_height(value);
                height = height.max(h + 1);
                Arg { name, value }
            })
            .collect();
        (Call { name, args, span }, height)
    }

    fn expr(&self, pair: Pair<Rule>) -> Expr {
        self.expr_with_height(pair).0
    }

    /// An expression and the height of its tree. A tree would grow deeper than
    /// [`MAX_EXPRESSION_DEPTH`] is cut there and the error kept for [`Self::parse`].
    fn expr_with_height(&self, pair: Pair<Rule>) -> (Expr, u32) {
        let too_many = pair
            .clone()
            .into_inner()
            .filter(|p| is_operator(p.as_rule()))
            .nth(MAX_EXPRESSION_DEPTH as usize);
        if let Some(op) = too_many {
            return self.cut(
                self.span(&op),
                format!("more than {MAX_EXPRESSION_DEPTH} operators in one expression"),
                format!("operator {}", MAX_EXPRESSION_DEPTH + 1),
            );
        }
        PRATT
            .map_primary(|p| self.primary(p))
            .map_prefix(|op, (e, h)| {
                let at = self.span(&op);
                let span = at.to(e.span);
                let op = if op.as_rule() == Rule::not {
                    UnOp::Not
                } else {
                    UnOp::Neg
                };
                self.node(span, at, h + 1, || ExprKind::Unary(op, Box::new(e)))
            })
            .map_infix(|(l, lh), op, (r, rh)| {
                let at = self.span(&op);
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
                self.node(span, at, lh.max(rh) + 1, || {
                    ExprKind::Binary(op, Box::new(l), Box::new(r))
                })
            })
            .parse(pair.into_inner().filter(not_keyword))
    }

    /// A node of `height` covering `span`, made by the operator or call at `at`; a stand-in
    /// leaf once that is too deep.
    fn node(
        &self,
        span: Span,
        at: Span,
        height: u32,
        kind: impl FnOnce() -> ExprKind,
    ) -> (Expr, u32) {
        if height > MAX_EXPRESSION_DEPTH {
            return self.cut(
                at,
                format!("expression nested more than {MAX_EXPRESSION_DEPTH} deep"),
                format!("level {height}"),
            );
        }
        (Expr { kind: kind(), span }, height)
    }

    /// Records that the expression is too deep at `at` (the first such error is kept) and
    /// stands a leaf in for it, so that the tree never grows deeper.
    fn cut(&self, at: Span, message: String, label: String) -> (Expr, u32) {
        let mut slot = self.too_deep.borrow_mut();
        if slot.is_none() {
            *slot = Some(
                Diagnostic::error(ErrorKind::Syntax(message), at)
                    .with_label(label)
                    .with_help(
                        "split it: several `where` clauses, rules or `if`s can each hold a part",
                    ),
            );
        }
        let leaf = Expr {
            kind: ExprKind::Bool(false),
            span: at,
        };
        (leaf, 1)
    }

    fn primary(&self, pair: Pair<Rule>) -> (Expr, u32) {
        let span = self.span(&pair);
        let kind = match pair.as_rule() {
            Rule::int => match pair.as_str().parse() {
                Ok(n) => ExprKind::Int(n),
                Err(_) => ExprKind::Int(i64::MAX),
            },
            Rule::boolean => ExprKind::Bool(pair.as_str() == "true"),
            Rule::ident => ExprKind::Name(pair.as_str().to_string()),
            Rule::call => {
                let (call, height) = self.call_with_height(pair);
                let at = call.name.span;
                return self.node(span, at, height, || ExprKind::Call(call));
            }
            Rule::expr => return self.expr_with_height(pair),
            other => unreachable!("not a primary: {other:?}"),
        };
        (Expr { kind, span }, 1)
    }
}

fn is_operator(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::not
            | Rule::neg
            | Rule::or
            | Rule::and
            | Rule::eq
            | Rule::ne
            | Rule::le
            | Rule::ge
            | Rule::lt
            | Rule::gt
            | Rule::add
            | Rule::sub
            | Rule::mul
    )
}

/// Where brackets first nest deeper than [`MAX_BRACKET_DEPTH`], outside comments and quoted
/// citations; a closing bracket without its opening one is left to the parser.
fn too_deep_bracket(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quoted = false;
    let mut comment = false;
    for (i, c) in text.char_indices() {
        match c {
            '\n' => comment = false,
            _ if comment => {}
            '"' => quoted = !quoted,
            _ if quoted => {}
            '#' => comment = true,
            '(' | '{' => {
                depth += 1;
                if depth > MAX_BRACKET_DEPTH {
                    return Some(i);
                }
            }
            ')' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

fn not_keyword(pair: &Pair<Rule>) -> bool {
    !matches!(
        pair.as_rule(),
        Rule::kw_move
            | Rule::kw_where
            | Rule::kw_then
            | Rule::kw_next
            | Rule::kw_forbid
            | Rule::kw_no_moves
            | Rule::kw_estimate
            | Rule::kw_if
            | Rule::kw_into
            | Rule::kw_else
            | Rule::kw_win
            | Rule::kw_score
            | Rule::kw_set
            | Rule::kw_lose
            | Rule::kw_draw
            | Rule::kw_pass
            | Rule::kw_not
            | Rule::kw_and
            | Rule::kw_or
    )
}

const KEYWORDS: [&str; 18] = [
    "move",
    "forbid",
    "turn_start",
    "no_moves",
    "compulsory",
    "where",
    "then",
    "if",
    "else",
    "win",
    "lose",
    "draw",
    "pass",
    "and",
    "or",
    "not",
    "true",
    "false",
];

/// A hint for what was found where the parser stopped: a misspelt keyword that was expected there,
/// a keyword used as a name, `=` for `==`.
fn syntax_help(found: &str, expected: &[Rule]) -> Option<String> {
    match found {
        "=" => return Some("to compare, write `==`".into()),
        "&" | "&&" => return Some("write `and`".into()),
        "|" | "||" => return Some("write `or`".into()),
        "!" => return Some("write `not`, or `!=` to compare".into()),
        _ => {}
    }
    if KEYWORDS.contains(&found) {
        return expected
            .contains(&Rule::ident)
            .then(|| format!("`{found}` is a keyword of the rules language and cannot be a name"));
    }
    let mut keywords: Vec<&str> = Vec::new();
    for rule in expected {
        keywords.extend_from_slice(match rule {
            Rule::EOI
            | Rule::file
            | Rule::kw_move
            | Rule::kw_forbid
            | Rule::kw_no_moves
            | Rule::kw_estimate
            | Rule::trigger
            | Rule::move_rule
            | Rule::forbid_rule
            | Rule::check_rule
            | Rule::no_moves_rule
            | Rule::estimate_rule => &[
                "move",
                "forbid",
                "turn_start",
                "after",
                "no_moves",
                "estimate",
            ],
            Rule::outcome | Rule::win | Rule::lose | Rule::draw | Rule::pass => {
                &["win", "lose", "draw", "pass"]
            }
            Rule::if_stmt | Rule::kw_if => &["if"],
            Rule::kw_else => &["else"],
            Rule::where_clause | Rule::kw_where => &["where"],
            Rule::then_block | Rule::kw_then => &["then"],
            Rule::next_clause | Rule::kw_next => &["next"],
            Rule::joined => &["joined"],
            Rule::optional => &["optional"],
            Rule::effect | Rule::effect_verb => &["flip", "remove", "mark", "extra_turn"],
            Rule::kw_by => &["by"],
            Rule::compulsory => &["compulsory"],
            Rule::most => &["most"],
            _ => &[],
        });
    }
    if found.chars().next().is_some_and(char::is_alphabetic) {
        return crate::check::nearest_name(found, keywords);
    }
    None
}

/// What the text holds at `pos`, for "found ...", and how many bytes of it to underline.
fn found_at(text: &str, pos: usize) -> (String, usize) {
    let rest = &text[pos..];
    let Some(c) = rest.chars().next() else {
        return ("the end of the rules".into(), 0);
    };
    let word_len = if c.is_alphanumeric() || c == '_' {
        rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len())
    } else if c == '"' {
        rest[1..].find('"').map_or(1, |i| i + 2)
    } else {
        c.len_utf8()
    };
    let word = &rest[..word_len];
    if word.len() > 40 {
        (
            format!("`{}...`", &word[..word.floor_char_boundary(40)]),
            word_len,
        )
    } else {
        (format!("`{word}`"), word_len)
    }
}

/// Where the last token before `pos` ends, skipping whitespace and `#` comments.
fn previous_token_end(text: &str, pos: usize) -> usize {
    let mut p = pos;
    loop {
        p = text[..p].trim_end().len();
        let line_start = text[..p].rfind('\n').map_or(0, |i| i + 1);
        match comment_start(&text[line_start..p]) {
            Some(h) => p = line_start + h,
            None => return p,
        }
    }
}

/// The start of a `#` comment on a line, outside quoted citations.
fn comment_start(line: &str) -> Option<usize> {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return Some(i),
            _ => {}
        }
    }
    None
}

/// "`)`, `,` or an operator": the punctuation pest tried at `pos`, then the rules it expected.
fn expected_list(positives: &[Rule], tokens: &[String]) -> String {
    let mut items: Vec<String> = Vec::new();
    let mut add = |s: String| {
        if !items.contains(&s) {
            items.push(s);
        }
    };
    let punctuation = ["{", ")", ",", ":", "}", "("];
    let has_other = tokens
        .iter()
        .any(|t| t != "(" && punctuation.contains(&t.as_str()));
    // A `(` after a name would make it a call: only worth naming when nothing else fits.
    for t in punctuation {
        if tokens.iter().any(|x| x == t) && (t != "(" || !has_other) {
            add(format!("`{t}`"));
        }
    }
    for rule in positives {
        add(rule_description(rule));
    }
    match items.len() {
        0 => String::new(),
        1 => items.remove(0),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

fn rule_description(rule: &Rule) -> String {
    match rule {
        Rule::EOI
        | Rule::file
        | Rule::kw_move
        | Rule::kw_forbid
        | Rule::kw_no_moves
        | Rule::kw_estimate
        | Rule::move_rule
        | Rule::forbid_rule
        | Rule::no_moves_rule
        | Rule::estimate_rule
        | Rule::check_rule
        | Rule::trigger => "a rule (`move`, `forbid`, `turn_start`, `no_moves` or `estimate`)",
        Rule::compulsory => "`compulsory`",
        Rule::most => "`most`",
        Rule::where_clause => "`where`",
        Rule::then_block | Rule::kw_then => "`then`",
        Rule::next_clause | Rule::kw_next => "`next`",
        Rule::joined => "`joined`",
        Rule::optional => "`optional`",
        Rule::effect | Rule::effect_verb => "an effect (`flip`, `remove`, `mark`, `extra_turn`)",
        Rule::kw_by => "`by`",
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
        Rule::not | Rule::kw_not => "`not`",
        Rule::kw_if => "`if`",
        Rule::kw_else => "`else`",
        Rule::kw_where => "`where`",
        Rule::set_stmt | Rule::kw_set => "`set`",
        Rule::kw_score => "`score`",
        Rule::neg => "`-`",
        Rule::or
        | Rule::and
        | Rule::kw_or
        | Rule::kw_and
        | Rule::eq
        | Rule::ne
        | Rule::le
        | Rule::ge
        | Rule::lt
        | Rule::gt => "an operator",
        Rule::add | Rule::sub | Rule::mul => "an operator",
        _ => return format!("{rule:?}"),
    }
    .to_string()
}
