//! The rulebook's layout: headings, paragraphs, lists and diagrams, as plain text or Markdown.

/// How the rulebook is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Plain text: headings underlined, diagrams indented.
    #[default]
    Text,
    /// Markdown: `#` headings, diagrams in fenced blocks.
    Markdown,
}

/// A document written block by block; blank lines go between blocks, not between list items.
pub struct Doc {
    format: Format,
    out: String,
    in_list: bool,
}

impl Doc {
    pub fn new(format: Format) -> Doc {
        Doc {
            format,
            out: String::new(),
            in_list: false,
        }
    }

    pub fn finish(mut self) -> String {
        while self.out.ends_with("\n\n") {
            self.out.pop();
        }
        self.out
    }

    /// Starts a block: a blank line after a list or the previous block.
    fn block(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with("\n\n") {
            self.out.push('\n');
        }
        self.in_list = false;
    }

    pub fn title(&mut self, text: &str) {
        self.block();
        match self.format {
            Format::Text => {
                let rule = "=".repeat(text.chars().count());
                self.out.push_str(&format!("{text}\n{rule}\n\n"));
            }
            Format::Markdown => self.out.push_str(&format!("# {text}\n\n")),
        }
    }

    pub fn heading(&mut self, text: &str) {
        self.block();
        match self.format {
            Format::Text => {
                let rule = "-".repeat(text.chars().count());
                self.out.push_str(&format!("{text}\n{rule}\n\n"));
            }
            Format::Markdown => self.out.push_str(&format!("## {text}\n\n")),
        }
    }

    pub fn subheading(&mut self, text: &str) {
        self.block();
        match self.format {
            Format::Text => self.out.push_str(&format!("{text}\n\n")),
            Format::Markdown => self.out.push_str(&format!("### {text}\n\n")),
        }
    }

    pub fn para(&mut self, text: &str) {
        self.block();
        self.out.push_str(text);
        self.out.push_str("\n\n");
    }

    /// A list item; `depth` 0 is the outermost level.
    pub fn item(&mut self, depth: usize, text: &str) {
        if !self.in_list {
            self.block();
            self.in_list = true;
        } else if self.out.ends_with("\n\n") {
            self.out.pop();
        }
        self.out.push_str(&"  ".repeat(depth));
        self.out.push_str("- ");
        self.out.push_str(text);
        self.out.push_str("\n\n");
    }

    /// Preformatted lines: a diagram.
    pub fn pre(&mut self, text: &str) {
        self.block();
        match self.format {
            Format::Text => {
                for line in text.lines() {
                    self.out.push_str("    ");
                    self.out.push_str(line);
                    self.out.push('\n');
                }
                self.out.push('\n');
            }
            Format::Markdown => {
                self.out.push_str("```text\n");
                self.out.push_str(text.trim_end_matches('\n'));
                self.out.push_str("\n```\n\n");
            }
        }
    }
}
