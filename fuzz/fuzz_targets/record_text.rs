//! Arbitrary text as a game record (`play --save`) and as the lines of a records file
//! (`tournament --records`).
//!
//! Reading never panics; an error that points somewhere points inside the text, on character
//! boundaries (so it can be shown under a caret); and a record read keeps, for each token (never
//! empty, never with white space), a span inside the text on character boundaries, within its
//! line for a records file.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::diagnostic::Diagnostic;
use tabula::record::{Record, RecordLine};
use tabula::span::{FileId, Span};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let file = FileId(0);
    match Record::parse(&text, file) {
        Ok(record) => tokens_located(&text, &record),
        Err(e) => error_inside(&text, &e),
    }
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        match RecordLine::parse(body, start, file) {
            Ok(entry) => {
                tokens_located(&text, &entry.record);
                assert!(entry.record.token_spans.iter().all(|s| s.range().start >= start
                    && s.range().end <= start + body.len()));
            }
            Err(e) => error_inside(&text, &e),
        }
        start += line.len();
    }
});

fn inside(text: &str, span: &Span) -> bool {
    let r = span.range();
    r.start <= r.end && r.end <= text.len()
}

fn error_inside(text: &str, e: &Diagnostic) {
    if let Some(span) = &e.span {
        assert!(inside(text, span), "{span:?} outside a text of {}", text.len());
        assert!(text.get(span.range()).is_some(), "{span:?} not on character boundaries");
    }
    assert!(!e.kind.to_string().is_empty(), "an error without a message");
}

fn tokens_located(text: &str, record: &Record) {
    assert_eq!(record.tokens.len(), record.token_spans.len());
    for (token, span) in record.tokens.iter().zip(&record.token_spans) {
        assert!(!token.is_empty() && !token.contains(char::is_whitespace), "{token:?}");
        assert!(inside(text, span), "{token:?} at {span:?}");
        assert!(text.get(span.range()).is_some(), "{span:?} not on character boundaries");
    }
}
