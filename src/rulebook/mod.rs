//! A readable rulebook generated from a game file (`tabula rules GAME`): the game, its board with
//! regions, paths and lines, the pieces and set-up, every rule in words with its citation, and the
//! options with the values in effect. Everything is generated from the parsed and checked game, so
//! a reader can lay it beside the documents the rules came from and compare.

mod board;
mod doc;
mod pieces;
mod rules;
mod settings;
mod tables;
mod words;

pub use doc::Format;

use crate::catalog::Checked;
use crate::check::{CellId, CheckedGame, OptionDecl, OptionKind};
use crate::compile::Game;
use crate::span::{Sources, Span};
use crate::syntax::ParsedGame;
use crate::syntax::ast::{Call, Expr, ExprKind};
use doc::Doc;

/// The rulebook of a checked game.
pub fn render(loaded: &Checked, format: Format) -> String {
    crate::with_game!(crate::compile::compile_any(loaded.checked.clone()), game => {
        render_with(loaded, format, game)
    })
}

fn render_with<const W: usize>(loaded: &Checked, format: Format, game: Game<W>) -> String {
    let book = Book {
        parsed: &loaded.parsed,
        checked: &loaded.checked,
        sources: &loaded.sources,
        game,
        moving_kinds: Default::default(),
    };
    let mut doc = Doc::new(format);
    book.header(&mut doc);
    book.board(&mut doc);
    book.pieces(&mut doc);
    book.play(&mut doc);
    book.rules(&mut doc);
    book.options(&mut doc);
    doc.finish()
}

/// What every part of the rulebook reads.
struct Book<'a, const W: usize = 4> {
    parsed: &'a ParsedGame,
    checked: &'a CheckedGame,
    sources: &'a Sources,
    /// The compiled game, for its diagrams.
    game: Game<W>,
    /// The kinds of `piece: rook or queen` in the move rule being written (0: none).
    moving_kinds: std::cell::Cell<u64>,
}

impl<const W: usize> Book<'_, W> {
    fn header(&self, doc: &mut Doc) {
        let g = self.checked;
        doc.title(&g.name);
        if !g.summary.is_empty() {
            doc.para(&g.summary);
        }
        doc.item(
            0,
            &format!(
                "Players, in seating order: {}.",
                list_and(g.players.iter().map(|p| code(p)).collect())
            ),
        );
        if g.sources.is_empty() {
            doc.item(0, "Sources: none given.");
        } else {
            doc.item(0, "Sources:");
            for s in &g.sources {
                doc.item(1, s);
            }
        }
        match self.variant_of() {
            Some(bases) => doc.item(
                0,
                &format!("A variant of {}.", bases.join(", a variant of ")),
            ),
            None => doc.item(0, "Not a variant: the file extends no other game."),
        }
    }

    /// For a variant, each game it extends, nearest first: `` `name` (Full name) ``.
    fn variant_of(&self) -> Option<Vec<String>> {
        let chain = &self.parsed.chain;
        if chain.len() < 2 {
            return None;
        }
        // Each file's own `extends` and `[game] name`; a file without a name keeps its base's.
        let tables: Vec<toml::Table> = chain
            .iter()
            .map(|&id| toml::from_str(&self.sources.get(id).text).unwrap_or_default())
            .collect();
        let mut names: Vec<Option<String>> = Vec::new();
        for (i, t) in tables.iter().enumerate() {
            let own = t
                .get("game")
                .and_then(|g| g.get("name"))
                .and_then(|n| n.as_str())
                .map(str::to_string);
            names.push(own.or_else(|| names.get(i.wrapping_sub(1)).cloned().flatten()));
        }
        let bases = (1..chain.len())
            .rev()
            .map(|i| {
                let extends = tables[i]
                    .get("extends")
                    .and_then(|e| e.as_str())
                    .unwrap_or("?");
                match &names[i - 1] {
                    Some(name) => format!("{} ({name})", code(extends)),
                    None => code(extends),
                }
            })
            .collect();
        Some(bases)
    }

    fn cell(&self, cell: CellId) -> String {
        self.game.board.cell_name(cell)
    }

    /// Cells in board order, runs of three or more along a rank written `a1..c1`.
    fn cells(&self, cells: &[CellId]) -> String {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let files = self.checked.board.files;
        let mut parts = Vec::new();
        let mut i = 0;
        while i < sorted.len() {
            let mut j = i;
            while j + 1 < sorted.len()
                && sorted[j + 1] == sorted[j] + 1
                && sorted[j + 1] / files == sorted[i] / files
            {
                j += 1;
            }
            if j >= i + 2 {
                parts.push(format!(
                    "{}..{}",
                    self.cell(sorted[i]),
                    self.cell(sorted[j])
                ));
            } else {
                parts.extend((i..=j).map(|k| self.cell(sorted[k])));
            }
            i = j + 1;
        }
        parts.join(", ")
    }

    /// Cells in the order given (a path).
    fn cell_list(&self, cells: &[CellId]) -> String {
        cells
            .iter()
            .map(|&c| self.cell(c))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A diagram marking some cells: `mark(cell)` or `.`.
    fn marked(&self, mark: impl Fn(CellId) -> Option<String>) -> String {
        self.game
            .cell_diagram(|c| mark(c).unwrap_or_else(|| ".".into()))
    }

    fn option(&self, name: &str) -> Option<&OptionDecl> {
        self.checked.options.iter().find(|o| o.name == name)
    }

    /// The option an argument or key names, if it names one.
    fn option_of(&self, expr: &Expr) -> Option<&OptionDecl> {
        match &expr.kind {
            ExprKind::Name(n) => self.option(n),
            _ => None,
        }
    }

    /// `` (option `x`, now `v`) `` after a value an option chose; nothing for a value written out.
    fn chosen_by(&self, expr: Option<&Expr>) -> String {
        self.chosen_note(expr)
            .map(|note| format!(" ({note})"))
            .unwrap_or_default()
    }

    /// `` option `x`, now `v` `` for a value an option chose.
    fn chosen_note(&self, expr: Option<&Expr>) -> Option<String> {
        let o = expr.and_then(|e| self.option_of(e))?;
        Some(format!("option {}, now {}", code(&o.name), self.now(o)))
    }

    /// An option's value in effect, as written in a file.
    fn now(&self, o: &OptionDecl) -> String {
        code(&o.display_value(o.value))
    }

    /// The source text of a span, for forms the rulebook has no words for.
    fn source(&self, span: Span) -> String {
        self.sources
            .get(span.file)
            .text
            .get(span.range())
            .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
            .unwrap_or_default()
    }
}

/// The arguments of a call by parameter name, positional ones taking the parameter at their place.
fn bind(call: &Call) -> Vec<(&'static str, &Expr)> {
    let params = crate::check::call_params(&call.name.text).unwrap_or_default();
    call.args
        .iter()
        .enumerate()
        .filter_map(|(i, arg)| {
            let param = match &arg.name {
                Some(n) => params.iter().find(|p| **p == n.text).copied(),
                None => params.get(i).copied(),
            };
            param.map(|p| (p, &arg.value))
        })
        .collect()
}

fn arg<'c>(args: &[(&'static str, &'c Expr)], name: &str) -> Option<&'c Expr> {
    args.iter().find(|(p, _)| *p == name).map(|(_, e)| *e)
}

/// A name of the game file, as code.
fn code(name: &str) -> String {
    format!("`{name}`")
}

/// `a`, `a and b`, `a, b and c`.
fn list_and(items: Vec<String>) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// `a`, `a or b`, `a, b or c`.
fn list_or(items: Vec<String>) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// The kind and range of an option, in words.
fn option_kind(o: &OptionDecl) -> String {
    match &o.kind {
        OptionKind::Int { min, max } => format!("a whole number from {min} to {max}"),
        OptionKind::Bool => "`true` or `false`".into(),
        OptionKind::Choice(choices) => {
            format!(
                "one of {}",
                list_or(choices.iter().map(|c| code(c)).collect())
            )
        }
    }
}

/// `1 piece`, `2 pieces`.
fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}
