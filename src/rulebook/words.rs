//! Expressions and statements of the rules language in words. Every form has words; a call the
//! rulebook does not know is quoted as written.

use super::doc::Doc;
use super::{Book, arg, bind, code};
use crate::check::OptionKind;
use crate::syntax::ast::{BinOp, Call, Expr, ExprKind, Stmt, UnOp};

/// The arguments of one call, bound to their parameters.
type Args<'c> = [(&'static str, &'c Expr)];

impl<const W: usize> Book<'_, W> {
    /// An expression in words.
    pub(super) fn expr(&self, e: &Expr) -> String {
        match &e.kind {
            ExprKind::Int(n) => n.to_string(),
            ExprKind::Bool(b) => b.to_string(),
            ExprKind::Name(name) => self.name(name),
            ExprKind::Call(call) => self.table_read(call).unwrap_or_else(|| self.call(call)),
            ExprKind::Unary(UnOp::Not, inner) => match &inner.kind {
                _ if self.names_cells(inner) => format!("the cells not among {}", self.expr(inner)),
                ExprKind::Binary(..) => format!("it is not so that ({})", self.expr(inner)),
                _ => format!("it is not so that {}", self.expr(inner)),
            },
            ExprKind::Unary(UnOp::Neg, inner) => match &inner.kind {
                ExprKind::Int(n) => format!("-{n}"),
                ExprKind::Binary(..) | ExprKind::Call(_) => format!("minus ({})", self.expr(inner)),
                _ => format!("minus {}", self.expr(inner)),
            },
            ExprKind::Binary(op, left, right) => self.binary(*op, left, right),
        }
    }

    /// Whether an expression is a set of cells by its form (a set function, a region, `marked`),
    /// as the checker decides it.
    fn names_cells(&self, e: &Expr) -> bool {
        let region = |name: &str| self.checked.regions.iter().any(|r| r.name == name);
        match &e.kind {
            ExprKind::Call(call) => {
                crate::check::SET_FUNCTIONS.contains(&call.name.text.as_str())
                    || region(&call.name.text)
            }
            ExprKind::Name(name) => name == "marked" || region(name),
            ExprKind::Binary(BinOp::And | BinOp::Or, left, _) => self.names_cells(left),
            ExprKind::Unary(UnOp::Not, inner) => self.names_cells(inner),
            _ => false,
        }
    }

    fn binary(&self, op: BinOp, left: &Expr, right: &Expr) -> String {
        // A choice of a choice option reads as the choice, beside the option's value in effect.
        if matches!(op, BinOp::Eq | BinOp::Ne)
            && let ExprKind::Name(option) = &left.kind
            && let Some(o) = self.option(option)
            && matches!(o.kind, OptionKind::Choice(_))
            && let ExprKind::Name(choice) = &right.kind
        {
            let verb = if op == BinOp::Eq { "is" } else { "is not" };
            return format!("{} {verb} {}", self.name(option), code(choice));
        }
        // On sets, `and` is the cells of all and `or` the cells of any: said so, since "A and B
        // leave the board" would read as both sets leaving. A chain is one list.
        if matches!(op, BinOp::And | BinOp::Or) && self.names_cells(left) {
            let mut sets = Vec::new();
            self.set_chain(op, left, &mut sets);
            self.set_chain(op, right, &mut sets);
            let last = sets.pop().unwrap_or_default();
            let (all, both, join) = match op {
                BinOp::And => ("all of ", "both ", "and"),
                _ => ("any of ", "", "or"),
            };
            let quantity = if sets.len() > 1 { all } else { both };
            return format!(
                "the cells among {quantity}{} {join} {last}",
                sets.join(", ")
            );
        }
        let (l, r) = (self.operand(left, op, false), self.operand(right, op, true));
        let words = match op {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq | BinOp::SameCell => "is",
            BinOp::Ne | BinOp::OtherCell => "is not",
            BinOp::Lt => "is less than",
            BinOp::Le => "is at most",
            BinOp::Gt => "is greater than",
            BinOp::Ge => "is at least",
            BinOp::Add => "plus",
            BinOp::Sub => "minus",
            BinOp::Mul => "times",
        };
        format!("{l} {words} {r}")
    }

    /// The sets of a chain of `op` on sets in words, in order; a set made by the other operation
    /// in parentheses.
    fn set_chain(&self, op: BinOp, e: &Expr, out: &mut Vec<String>) {
        match &e.kind {
            ExprKind::Binary(inner, left, right) if *inner == op && self.names_cells(left) => {
                self.set_chain(op, left, out);
                self.set_chain(op, right, out);
            }
            ExprKind::Binary(BinOp::And | BinOp::Or, left, _) if self.names_cells(left) => {
                out.push(format!("({})", self.expr(e)));
            }
            _ => out.push(self.expr(e)),
        }
    }

    /// An operand of `parent` in words, in parentheses where it binds less tightly (or as
    /// tightly, on the right), and an `and` inside an `or` or the other way always, so that the
    /// reader need not know the precedence.
    fn operand(&self, e: &Expr, parent: BinOp, right: bool) -> String {
        let text = self.expr(e);
        let logic = |o: BinOp| matches!(o, BinOp::And | BinOp::Or);
        // A phrase multiplied, or a negation joined to another condition, reads wrongly bare.
        let phrase = match &e.kind {
            ExprKind::Call(_) | ExprKind::Unary(UnOp::Neg, _) => parent == BinOp::Mul,
            ExprKind::Unary(UnOp::Not, _) => logic(parent),
            _ => false,
        };
        if phrase {
            return format!("({text})");
        }
        let ExprKind::Binary(op, ..) = &e.kind else {
            return text;
        };
        let (own, outer) = (precedence(*op), precedence(parent));
        let mixed_logic = logic(*op) && logic(parent) && *op != parent;
        if own < outer || (right && own == outer) || mixed_logic {
            format!("({text})")
        } else {
            text
        }
    }

    /// A bare name: a built-in, a player, an option, a counter, a region or a symmetry.
    fn name(&self, name: &str) -> String {
        let g = self.checked;
        if let Some(o) = self.option(name) {
            return format!("option {} (now {})", code(name), self.now(o));
        }
        match name {
            "to" => "the cell the move lands on".into(),
            "from" => "the cell the move leaves".into(),
            "last_to" => "the cell where the previous part of this turn landed".into(),
            "marked" => "the pieces marked in this turn".into(),
            "visited" => "the cells the moves of this turn have started from or landed on".into(),
            "unmoved" => "the cells whose first piece has never moved (`unmoved`)".into(),
            "previous_from" => "the cell the previous move started from".into(),
            "previous_to" => "the cell the previous move ended on".into(),
            "passed" => "the action just played was a pass".into(),
            "mover" => "the mover".into(),
            "opponent" => "the opponent".into(),
            "ply" => "the ply count".into(),
            "roll" => "the number thrown".into(),
            "repetitions" => "the number of earlier occurrences of this position".into(),
            "captured" => "the number of pieces the move just played captured".into(),
            "moving" => "the number of moving pieces".into(),
            "enemy_run" => "the length of the enemy run at the landing cell".into(),
            "mirror_files" => "the left-right mirror (`mirror_files`)".into(),
            "mirror_ranks" => "the top-bottom mirror (`mirror_ranks`)".into(),
            "rotate180" => "the half turn (`rotate180`)".into(),
            _ if g.players.iter().any(|p| p == name) => code(name),
            _ if g.counters.iter().any(|c| c.name == name) => format!("counter {}", code(name)),
            _ if g.regions.iter().any(|r| r.name == name) => format!("region {}", code(name)),
            _ if crate::check::board_cell(&g.board, name).is_some() => {
                format!("cell {}", code(name))
            }
            _ => code(name),
        }
    }

    /// A `dirs:` argument of a function: the set written, or every direction of the board.
    fn directions_words(&self, dirs: Option<&Expr>) -> String {
        match dirs {
            Some(d) => format!("the directions {}", self.expr(d)),
            None => "the board's directions".into(),
        }
    }

    /// A player expression as an owner: `the mover's`, `` `white`'s ``.
    pub(super) fn whose(&self, e: &Expr) -> String {
        format!("{}'s", self.expr(e))
    }

    /// A call in words: a per-player region, or a function of the rules language by its family;
    /// as written where the rulebook does not know it.
    fn call(&self, call: &Call) -> String {
        let args = bind(call);
        let name = call.name.text.as_str();
        if self
            .checked
            .regions
            .iter()
            .any(|r| r.name == name && r.per_player)
        {
            return match call.args.as_slice() {
                [only] => format!("{} {}", self.whose(&only.value), code(name)),
                _ => code(&self.source(call.span)),
            };
        }
        self.count_call(name, &args)
            .or_else(|| self.path_call(name, &args))
            .or_else(|| self.cell_call(name, &args))
            .or_else(|| self.set_call(name, &args))
            .or_else(|| self.condition_call(name, &args))
            .unwrap_or_else(|| code(&self.source(call.span)))
    }

    /// Numbers counted on the board or in hand.
    fn count_call(&self, name: &str, args: &Args) -> Option<String> {
        let a = |name: &str| arg(args, name);
        let player = a("player");
        let whose = || player.map(|p| self.whose(p)).unwrap_or_default();
        let pieces = |piece: Option<&Expr>| match piece {
            Some(k) => format!("{} pieces", self.expr(k)),
            None => "pieces".to_string(),
        };
        let words = match name {
            "count" => format!(
                "the number of {} {} {}",
                whose(),
                pieces(a("piece")),
                match a("region") {
                    Some(r) => format!("in {}", self.expr(r)),
                    None => "on the board".into(),
                }
            ),
            "borne_off" => format!("the number of {} pieces borne off", whose()),
            "die" => match a("number").map(|n| self.source(n.span)).as_deref() {
                Some("1") => "the highest die thrown".into(),
                Some("2") => "the second highest die thrown".into(),
                Some(n) => format!("the die thrown {n}th from the highest"),
                None => "a die thrown".into(),
            },
            "on_bar" => format!("the number of {} pieces on the bar", whose()),
            "pinned" => format!(
                "the number of {} pinned pieces {}",
                whose(),
                match a("region") {
                    Some(r) => format!("in {}", self.expr(r)),
                    None => "on the board".into(),
                }
            ),
            "size" => format!(
                "the number of {}",
                a("cells").map(|c| self.expr(c)).unwrap_or_default()
            ),
            "pieces_on" => format!(
                "the number of pieces on {}",
                a("cells").map(|c| self.expr(c)).unwrap_or_default()
            ),
            "value" => format!(
                "the sum of the cell values of {}",
                a("cells").map(|c| self.expr(c)).unwrap_or_default()
            ),
            "liberties" => format!(
                "the number of empty cells next to the group of {} (along {})",
                a("cell").map(|c| self.expr(c)).unwrap_or_default(),
                self.directions_words(a("dirs"))
            ),
            "groups" => format!(
                "the number of groups of {} pieces (a group: pieces joined through neighbours \
                 along {})",
                whose(),
                self.directions_words(a("dirs"))
            ),
            "hand" => format!(
                "the number of {} {} pieces in hand",
                whose(),
                a("piece").map(|k| self.expr(k)).unwrap_or_default()
            ),
            _ => return None,
        };
        Some(words)
    }

    /// Where pieces stand along a path.
    fn path_call(&self, name: &str, args: &Args) -> Option<String> {
        let a = |name: &str| arg(args, name);
        let player = a("player");
        let whose = || player.map(|p| self.whose(p)).unwrap_or_default();
        let piece_noun = |piece: Option<&Expr>| match piece {
            Some(k) => self.expr(k),
            None => "piece".to_string(),
        };
        let path = || a("path").map(|p| self.expr(p)).unwrap_or_default();
        let words = match name {
            "path_index" => format!(
                "the index of {} furthest {} along {} path {} (from 0; -1 if none)",
                whose(),
                piece_noun(a("piece")),
                whose(),
                path()
            ),
            "path_cell" => format!(
                "the cell of {} path {} whose place on it, counting from 1, is {}",
                whose(),
                path(),
                a("index").map(|i| self.expr(i)).unwrap_or_default()
            ),
            "path_progress" => format!(
                "the steps {} pieces have come along {} path {}, added up (1 for a piece on its \
                 first cell, the path's length + 1 for one borne off, 0 for one on the bar)",
                whose(),
                whose(),
                path()
            ),
            "path_blocked" => {
                let by = a("by");
                let enemy = match by.map(|b| &b.kind) {
                    Some(ExprKind::Name(n)) => match self.option(n) {
                        Some(o) => o.display_value(o.value) == "enemy",
                        None => n == "enemy",
                    },
                    _ => false,
                };
                let holder = if enemy {
                    "a piece of another player"
                } else {
                    "a piece"
                };
                format!(
                    "the cell after {} furthest {} along {} path {} holds {holder}{}",
                    whose(),
                    piece_noun(a("piece")),
                    whose(),
                    path(),
                    self.chosen_by(by)
                )
            }
            _ => return None,
        };
        Some(words)
    }

    /// One cell, and what stands on it.
    fn cell_call(&self, name: &str, args: &Args) -> Option<String> {
        let a = |name: &str| arg(args, name);
        let words = match name {
            "neighbour" => format!(
                "the cell next to {} in direction {} (none off the board)",
                a("cell").map(|c| self.expr(c)).unwrap_or_default(),
                a("dir").map(|d| self.expr(d)).unwrap_or_default()
            ),
            "beyond" => format!(
                "the cell one step beyond {} on the line from {} through it (none if the two are \
                 not neighbours, or the line ends there)",
                a("through").map(|c| self.expr(c)).unwrap_or_default(),
                a("cell").map(|c| self.expr(c)).unwrap_or_default()
            ),
            "empty" | "friend" | "enemy" => format!(
                "{} {}",
                a("cell").map(|c| self.expr(c)).unwrap_or_default(),
                match name {
                    "empty" => "is an empty cell",
                    "friend" => "holds a piece of the mover",
                    _ => "holds a piece of another player",
                }
            ),
            "is_in" => format!(
                "{} is one of {}",
                a("cell").map(|c| self.expr(c)).unwrap_or_default(),
                a("cells").map(|c| self.expr(c)).unwrap_or_default()
            ),
            _ => return None,
        };
        Some(words)
    }

    /// Sets of cells worked out in the position.
    fn set_call(&self, name: &str, args: &Args) -> Option<String> {
        let a = |name: &str| arg(args, name);
        let player = a("player");
        let whose = || player.map(|p| self.whose(p)).unwrap_or_default();
        let pieces = |piece: Option<&Expr>| match piece {
            Some(k) => format!("{} pieces", self.expr(k)),
            None => "pieces".to_string(),
        };
        let words = match name {
            "flank" => format!(
                "the enemy pieces flanked from {} (along {}, runs of {} enemy pieces next to it \
                 that a piece of the mover{} closes)",
                a("cell").map(|c| self.expr(c)).unwrap_or_default(),
                self.directions_words(a("dirs")),
                match a("max") {
                    Some(m) => format!("at most {}", self.expr(m)),
                    None => "one or more".into(),
                },
                match a("hostile") {
                    Some(h) => format!(" or an empty cell of {}", self.expr(h)),
                    None => String::new(),
                }
            ),
            "pieces" => format!("{} {}", whose(), pieces(a("piece"))),
            "back_along" => format!(
                "the run of cells from {} back along the mover's copy of path {}, while each is one \
                 of {}",
                a("from").map(|c| self.expr(c)).unwrap_or_default(),
                a("path").map(|c| self.expr(c)).unwrap_or_default(),
                a("within").map(|c| self.expr(c)).unwrap_or_default()
            ),
            "holding" => match a("max") {
                Some(max) => format!(
                    "the cells holding from {} to {} pieces",
                    a("min").map(|c| self.expr(c)).unwrap_or_default(),
                    self.expr(max)
                ),
                None => format!(
                    "the cells holding at least {} pieces",
                    a("min").map(|c| self.expr(c)).unwrap_or_default()
                ),
            },
            "group" => format!(
                "the chain of the piece on {} (its owner's pieces joined to it along {})",
                a("cell").map(|c| self.expr(c)).unwrap_or_default(),
                self.directions_words(a("dirs"))
            ),
            "inside" => format!(
                "the cells closed off from the board's edge by {}",
                a("cells").map(|c| self.expr(c)).unwrap_or_default()
            ),
            "reachable" => format!(
                "the cells of {} and those reached from them, step by step along {}, through {}",
                a("from").map(|c| self.expr(c)).unwrap_or_default(),
                self.directions_words(a("dirs")),
                a("through").map(|c| self.expr(c)).unwrap_or_default()
            ),
            "distinct" => format!(
                "the number of different values of table {} (0 not counted) on {}",
                a("table").map(|t| self.expr(t)).unwrap_or_default(),
                a("cells").map(|c| self.expr(c)).unwrap_or_default()
            ),
            "neighbours" => format!(
                "the cells next to {} along {}",
                a("cells").map(|c| self.expr(c)).unwrap_or_default(),
                self.directions_words(a("dirs"))
            ),
            "enclosed" if a("edge").is_none() && a("shield").is_none() && a("min").is_none() => {
                format!(
                    "those of {} whose every neighbour along {} holds a piece of the mover{}",
                    a("cells").map(|c| self.expr(c)).unwrap_or_default(),
                    self.directions_words(a("dirs")),
                    match a("hostile") {
                        Some(h) => format!(" or is an empty cell of {}", self.expr(h)),
                        None => String::new(),
                    }
                )
            }
            "enclosed" => format!(
                "those of {} whose every side along {} is closed: by a piece of the mover{}{}{}{}",
                a("cells").map(|c| self.expr(c)).unwrap_or_default(),
                self.directions_words(a("dirs")),
                match a("hostile") {
                    Some(h) => format!(", an empty cell of {}", self.expr(h)),
                    None => String::new(),
                },
                match a("edge") {
                    Some(
                        e @ Expr {
                            kind: ExprKind::Bool(_),
                            ..
                        },
                    ) if self.expr(e) == "true" => {
                        ", the board's edge".to_string()
                    }
                    Some(Expr {
                        kind: ExprKind::Bool(_),
                        ..
                    })
                    | None => String::new(),
                    Some(e) => format!(", the board's edge if {}", self.expr(e)),
                },
                match a("shield") {
                    Some(l) => format!(", a link of the lines {}", self.expr(l)),
                    None => String::new(),
                },
                match a("min") {
                    Some(m) => format!("; at least {} sides by pieces of the mover", self.expr(m)),
                    None => String::new(),
                }
            ),
            "face_down" => format!("{} face-down pieces", whose()),
            "held_pieces" => format!("{} held pieces (face up at home)", whose()),
            "ray" => format!(
                "the cells from {} to the board's edge along {}, whatever stands on them",
                a("cell").map(|c| self.expr(c)).unwrap_or_default(),
                self.directions_words(a("dirs"))
            ),
            "reach" => format!(
                "the empty cells a slide from {} passes along {}",
                a("cell").map(|c| self.expr(c)).unwrap_or_default(),
                self.directions_words(a("dirs"))
            ),
            "rows" => format!(
                "{} pieces that stand in rows of {} or more along one of {}",
                whose(),
                a("length").map(|l| self.expr(l)).unwrap_or_default(),
                self.directions_words(a("dirs"))
            ),
            "without_liberties" => format!(
                "{} pieces whose group has no empty cell next to it (along {})",
                whose(),
                self.directions_words(a("dirs"))
            ),
            "area" => format!(
                "{} area: their pieces and the empty cells from which empty cells lead to pieces \
                 of theirs only (along {})",
                whose(),
                self.directions_words(a("dirs"))
            ),
            _ => return None,
        };
        Some(words)
    }

    /// Conditions on the move just played, the game so far, or what a player could do.
    fn condition_call(&self, name: &str, args: &Args) -> Option<String> {
        let a = |name: &str| arg(args, name);
        let player = a("player");
        let whose = || player.map(|p| self.whose(p)).unwrap_or_default();
        let words = match name {
            "lands_in" => format!(
                "a moved piece ends its move on a cell of {}",
                a("region").map(|r| self.expr(r)).unwrap_or_default()
            ),
            "symmetric" => format!(
                "the position after the move is unchanged by {}",
                a("symmetry").map(|s| self.expr(s)).unwrap_or_default()
            ),
            "in_row" => format!(
                "{} has {} pieces in a row along one of {}{}",
                player.map(|p| self.expr(p)).unwrap_or_default(),
                a("length").map(|l| self.expr(l)).unwrap_or_default(),
                self.directions_words(a("dirs")),
                match a("through") {
                    Some(c) => format!(", through {}", self.expr(c)),
                    None => String::new(),
                }
            ),
            "attacked" => format!(
                "a cell of {} is attacked by {} (a move of theirs, as their move rules give it, \
                 could capture there)",
                a("cells").map(|c| self.expr(c)).unwrap_or_default(),
                a("by").map(|p| self.expr(p)).unwrap_or_default()
            ),
            "afterwards" => format!(
                "after the move, {}",
                a("condition").map(|c| self.expr(c)).unwrap_or_default()
            ),
            "seen_before" => match a("within") {
                Some(n) => format!(
                    "the position is one of the last {} positions of the game",
                    self.expr(n)
                ),
                None => "the position occurred earlier in the game".into(),
            },
            "connected" => format!(
                "a chain of {} pieces, each next to the next along {}, joins {} to {}",
                whose(),
                self.directions_words(a("dirs")),
                a("from").map(|r| self.expr(r)).unwrap_or_default(),
                a("to").map(|r| self.expr(r)).unwrap_or_default()
            ),
            "moved" => format!(
                "the move just played moved a {} (as it was before any promotion)",
                a("piece").map(|k| self.expr(k)).unwrap_or_default()
            ),
            // It is the mover's turn: no "if it were".
            "can_move" => match player.map(|p| &p.kind) {
                Some(ExprKind::Name(n)) if n == "mover" => {
                    "the mover has a legal move from the move rules".into()
                }
                _ => format!(
                    "{} would have a legal move from the move rules if it were their turn",
                    player.map(|p| self.expr(p)).unwrap_or_default()
                ),
            },
            _ => return None,
        };
        Some(words)
    }

    /// Statements as list items at `depth`.
    pub(super) fn stmts(&self, doc: &mut Doc, depth: usize, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(doc, depth, s, "If");
        }
    }

    fn stmt(&self, doc: &mut Doc, depth: usize, s: &Stmt, lead: &str) {
        match s {
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                let cond = self.expr(cond);
                match then.as_slice() {
                    [one] if !matches!(one, Stmt::If { .. }) => {
                        doc.item(depth, &format!("{lead} {cond}: {}", self.simple(one)));
                    }
                    _ => {
                        doc.item(depth, &format!("{lead} {cond}:"));
                        self.stmts(doc, depth + 1, then);
                    }
                }
                match otherwise.as_slice() {
                    [] => {}
                    // `else { if ... }` reads as "otherwise, if".
                    [next @ Stmt::If { .. }] => self.stmt(doc, depth, next, "Otherwise, if"),
                    [one] => doc.item(depth, &format!("Otherwise: {}", self.simple(one))),
                    many => {
                        doc.item(depth, "Otherwise:");
                        self.stmts(doc, depth + 1, many);
                    }
                }
            }
            other => doc.item(depth, &capitalise(&self.simple(other))),
        }
    }

    /// A statement that is not an `if`, as a sentence.
    fn simple(&self, s: &Stmt) -> String {
        match s {
            Stmt::Win(player, score, _) => match score {
                Some(score) => format!("{} wins, scoring {}.", self.expr(player), self.expr(score)),
                None => format!("{} wins.", self.expr(player)),
            },
            Stmt::Lose(player, _) => format!("{} loses.", self.expr(player)),
            Stmt::Draw(_) => "the game is drawn.".into(),
            Stmt::Pass(_) => "the mover must pass (`pass` is the only legal action).".into(),
            Stmt::Set(counter, value) => format!(
                "counter {} becomes {}.",
                code(&counter.text),
                self.expr(value)
            ),
            Stmt::If { .. } => String::new(),
        }
    }
}

/// The binding level of an operator, loosest first (GRAMMAR.md, Precedence).
fn precedence(op: BinOp) -> u8 {
    match op {
        BinOp::Or => 1,
        BinOp::And => 2,
        BinOp::Eq
        | BinOp::Ne
        | BinOp::SameCell
        | BinOp::OtherCell
        | BinOp::Lt
        | BinOp::Le
        | BinOp::Gt
        | BinOp::Ge => 4,
        BinOp::Add | BinOp::Sub => 5,
        BinOp::Mul => 6,
    }
}

pub(super) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}
