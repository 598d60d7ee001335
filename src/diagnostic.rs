//! Errors and warnings: a kind, a span and an optional hint, rendered with a caret under the source.

use crate::span::{Sources, Span};
use ariadne::{CharSet, Config, IndexType, Label, Report, ReportKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// What went wrong. Messages name the user's words in backticks.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ErrorKind {
    #[error("{0}")]
    Toml(String),
    #[error("syntax error in rules: {0}")]
    Syntax(String),
    #[error("cannot read `{path}`: {reason}")]
    Io { path: String, reason: String },
    #[error("unknown game `{0}`")]
    UnknownGame(String),
    #[error("unknown cell `{0}`")]
    UnknownCell(String),
    #[error("unknown direction `{0}`")]
    UnknownDirection(String),
    #[error("unknown region `{0}`")]
    UnknownRegion(String),
    #[error("unknown piece kind `{0}`")]
    UnknownPiece(String),
    #[error("unknown player `{0}`")]
    UnknownPlayer(String),
    #[error("unknown name `{0}`")]
    UnknownName(String),
    #[error("unknown function `{0}`")]
    UnknownFunction(String),
    #[error("unknown argument `{arg}` for `{function}`")]
    UnknownArgument { function: String, arg: String },
    #[error("missing argument `{arg}` for `{function}`")]
    MissingArgument { function: String, arg: String },
    #[error("argument `{arg}` given twice")]
    DuplicateArgument { arg: String },
    #[error("`{function}` takes {expected} argument(s), found {found}")]
    ArgumentCount {
        function: String,
        expected: usize,
        found: usize,
    },
    #[error("expected {expected}, found {found}")]
    TypeMismatch { expected: String, found: String },
    #[error("`{name}` can only be used {place}")]
    OutOfContext { name: String, place: String },
    #[error("duplicate {what} `{name}`")]
    Duplicate { what: &'static str, name: String },
    #[error("missing {0}")]
    Missing(String),
    #[error("unknown option `{0}`")]
    UnknownOption(String),
    #[error("bad value for option `{option}`: {reason}")]
    BadOptionValue { option: String, reason: String },
    #[error("bad cell set `{spec}`: {reason}")]
    BadCellSet { spec: String, reason: String },
    #[error("bad board: {0}")]
    BadBoard(String),
    #[error("bad position: {0}")]
    BadPosition(String),
    #[error("bad case: {0}")]
    BadCase(String),
    #[error("illegal action `{0}`")]
    IllegalAction(String),
    #[error("{0}")]
    Other(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub kind: ErrorKind,
    pub span: Option<Span>,
    pub label: Option<String>,
    pub help: Option<String>,
    /// Other places that explain this one (the first of two duplicates, say), each with a label.
    pub notes: Vec<(Span, String)>,
}

impl Diagnostic {
    pub fn error(kind: ErrorKind, span: impl Into<Option<Span>>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            kind,
            span: span.into(),
            label: None,
            help: None,
            notes: Vec::new(),
        }
    }

    pub fn warning(kind: ErrorKind, span: impl Into<Option<Span>>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            kind,
            span: span.into(),
            label: None,
            help: None,
            notes: Vec::new(),
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Points at a second place, shown with its own label under the same report.
    pub fn with_note_at(mut self, span: Span, label: impl Into<String>) -> Self {
        self.notes.push((span, label.into()));
        self
    }

    /// Plain text, ASCII only, no colour: stable for snapshots and pipes.
    pub fn render(&self, sources: &Sources) -> String {
        self.render_with(sources, &mut SourceCache::default())
    }

    /// [`Self::render`] with the files' line tables kept in `cache`, so that rendering many
    /// diagnostics reads each file once.
    fn render_with<'s>(&self, sources: &'s Sources, cache: &mut SourceCache<'s>) -> String {
        let kind = match self.severity {
            Severity::Error => ReportKind::Error,
            Severity::Warning => ReportKind::Warning,
        };
        let Some(span) = self
            .span
            .filter(|s| (s.file.0 as usize) < sources.files().len())
        else {
            let mut out = format!("{}: {}\n", severity_word(self.severity), self.kind);
            for (span, label) in &self.notes {
                out.push_str(&format!("note: {}: {label}\n", location(sources, *span)));
            }
            if let Some(help) = &self.help {
                out.push_str(&format!("help: {help}\n"));
            }
            return out;
        };
        let file = sources.get(span.file);
        let path = file.path.clone();
        let range = clamp(span.range(), &file.text);
        let config = Config::default()
            .with_color(false)
            .with_char_set(CharSet::Ascii)
            .with_index_type(IndexType::Byte);
        let mut report = Report::build(kind, (path.clone(), range.clone()))
            .with_config(config)
            .with_message(self.kind.to_string())
            .with_label(
                Label::new((path.clone(), range.clone()))
                    .with_message(self.label.clone().unwrap_or_else(|| "here".into()))
                    .with_order(order(range.start)),
            );
        for (note, label) in &self.notes {
            if note.file == span.file {
                let range = clamp(note.range(), &file.text);
                // Labels in file order, so that ariadne draws them under one header.
                report = report.with_label(
                    Label::new((path.clone(), range.clone()))
                        .with_message(label)
                        .with_order(order(range.start)),
                );
            } else {
                report = report.with_note(format!("{}: {label}", location(sources, *note)));
            }
        }
        if let Some(help) = &self.help {
            report = report.with_help(help);
        }
        let mut buffer = Vec::new();
        let source = cache.get(sources, span.file);
        if report.finish().write((path, source), &mut buffer).is_err() {
            return format!("{}: {}\n", severity_word(self.severity), self.kind);
        }
        String::from_utf8_lossy(&buffer).into_owned()
    }
}

fn severity_word(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

fn order(offset: usize) -> i32 {
    i32::try_from(offset).unwrap_or(i32::MAX)
}

/// `path:line:col` of a span, for places that cannot be drawn under the report's own source.
fn location(sources: &Sources, span: Span) -> String {
    if (span.file.0 as usize) >= sources.files().len() {
        return "(unknown place)".into();
    }
    let start = clamp(span.range(), &sources.get(span.file).text).start;
    let (line, col) = sources.line_col(span.file, start);
    format!("{}:{line}:{col}", sources.get(span.file).path)
}

/// Keeps a range inside the text and on character boundaries, so that a stray span never panics.
fn clamp(range: std::ops::Range<usize>, text: &str) -> std::ops::Range<usize> {
    let len = text.len();
    let mut start = range.start.min(len);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = range.end.clamp(start, len);
    while !text.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

/// Each file's text split into lines for ariadne, made on first use: splitting the whole file for
/// every diagnostic made rendering quadratic.
#[derive(Default)]
struct SourceCache<'s> {
    files: Vec<Option<ariadne::Source<&'s str>>>,
}

impl<'s> SourceCache<'s> {
    fn get(
        &mut self,
        sources: &'s Sources,
        file: crate::span::FileId,
    ) -> &ariadne::Source<&'s str> {
        let i = file.0 as usize;
        if self.files.len() <= i {
            self.files.resize_with(i + 1, || None);
        }
        self.files[i].get_or_insert_with(|| ariadne::Source::from(sources.get(file).text.as_str()))
    }
}

/// Everything one pass found, errors and warnings together.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics {
    pub items: Vec<Diagnostic>,
}

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }

    pub fn error(&mut self, kind: ErrorKind, span: impl Into<Option<Span>>) -> &mut Diagnostic {
        self.items.push(Diagnostic::error(kind, span));
        self.items.last_mut().unwrap()
    }

    pub fn has_errors(&self) -> bool {
        self.items.iter().any(|d| d.severity == Severity::Error)
    }

    pub fn render(&self, sources: &Sources) -> String {
        let mut cache = SourceCache::default();
        self.items
            .iter()
            .map(|d| d.render_with(sources, &mut cache))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A failed load: the diagnostics and the sources they point into.
#[derive(Clone, Debug)]
pub struct LoadError {
    pub diagnostics: Diagnostics,
    pub sources: Sources,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.diagnostics.render(&self.sources).trim_end())
    }
}

impl std::error::Error for LoadError {}
