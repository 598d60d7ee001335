//! Source files and byte spans into them, so that every name a user wrote can be pointed at.

use serde::{Deserialize, Deserializer};
use std::cell::Cell;
use std::ops::Range;

/// Index of a file in [`Sources`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FileId(pub u16);

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, range: Range<usize>) -> Span {
        Span {
            file,
            start: range.start as u32,
            end: range.end as u32,
        }
    }

    pub fn range(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The smallest span covering both (same file assumed).
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// The text of every file read while loading a game.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<SourceFile>,
}

#[derive(Clone, Debug)]
pub struct SourceFile {
    pub path: String,
    pub text: String,
}

impl Sources {
    pub fn add(&mut self, path: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.push(SourceFile {
            path: path.into(),
            text: text.into(),
        });
        FileId((self.files.len() - 1) as u16)
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, id: FileId, offset: usize) -> (usize, usize) {
        let text = &self.get(id).text;
        let before = &text[..offset.min(text.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }
}

thread_local! {
    /// The file being deserialized, so that [`Located`] values know where they came from
    /// without threading a context through serde.
    static CURRENT_FILE: Cell<FileId> = const { Cell::new(FileId(0)) };
}

/// Runs `f` with [`Located`] values attributed to `file`.
pub fn with_current_file<T>(file: FileId, f: impl FnOnce() -> T) -> T {
    let previous = CURRENT_FILE.with(|c| c.replace(file));
    let result = f();
    CURRENT_FILE.with(|c| c.set(previous));
    result
}

/// A value read from a file, with the span it was read from.
#[derive(Clone, Debug, PartialEq)]
pub struct Located<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Located<T> {
    pub fn new(value: T, span: Span) -> Self {
        Located { value, span }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Located<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spanned = toml::Spanned::<T>::deserialize(deserializer)?;
        let file = CURRENT_FILE.with(|c| c.get());
        let span = Span::new(file, spanned.span());
        Ok(Located {
            value: spanned.into_inner(),
            span,
        })
    }
}
