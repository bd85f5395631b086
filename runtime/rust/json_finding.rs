//! The findings of the JSON reader (spec/README.md, "Reading JSON"): which of the catalogue's six, and where.

use std::fmt;

use crate::findings::{Slot, entry, format_message};
use crate::validate::{LONE_SURROGATE, MALFORMED, NUMBER_RANGE, REPEATED_KEY};

/// Text that is not JSON, or JSON this package refuses: the catalogue's finding for it, and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonTextError {
    /// The finding's id in the catalogue: `json-not-utf8`, `json-malformed` or `json-truncated` for text that is
    /// not JSON; `json-lone-surrogate`, `json-number-range` or `json-repeated-key` for JSON refused by policy.
    pub id: &'static str,
    /// 1 plus the line feeds before the place.
    pub line: usize,
    /// 1 plus the characters (code points) since the last line feed.
    pub column: usize,
    /// For `json-malformed`, the character met: `'x'` for U+0021 to U+007E, else `U+XXXX`.
    pub found: Option<String>,
}

impl JsonTextError {
    /// Whether the text is JSON that this package refuses, rather than text that is not JSON.
    pub fn refused(&self) -> bool {
        matches!(self.id, LONE_SURROGATE | NUMBER_RANGE | REPEATED_KEY)
    }

    /// The catalogue's message for it.
    pub fn message(&self) -> String {
        let mut slots = vec![("line", Slot::Text(self.line.to_string())), ("column", Slot::Text(self.column.to_string()))];
        if let Some(found) = &self.found {
            slots.push(("found", Slot::Text(found.clone())));
        }
        format_message(entry(self.id), &slots)
    }
}

impl fmt::Display for JsonTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for JsonTextError {}

/// A finding at a byte offset of the text, before its line and column are counted.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Problem {
    pub(crate) id: &'static str,
    pub(crate) at: usize,
}

impl Problem {
    /// The finding with its line, its column and (when malformed) the character there. Counted only once a finding
    /// is given, so reading counts no lines; the text before `at` is UTF-8, so a column is its bytes that start a
    /// character.
    pub(crate) fn place(self, text: &str) -> JsonTextError {
        let before = &text.as_bytes()[..self.at.min(text.len())];
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |n| n + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let column = 1 + before[line_start..].iter().filter(|&&b| b & 0xC0 != 0x80).count();
        let found = if self.id == MALFORMED { text.get(self.at..).and_then(|rest| rest.chars().next()).map(name) } else { None };
        JsonTextError { id: self.id, line, column, found }
    }
}

/// A character as a finding's message names it.
fn name(c: char) -> String {
    if ('\u{21}'..='\u{7e}').contains(&c) { format!("'{c}'") } else { format!("U+{:04X}", u32::from(c)) }
}
