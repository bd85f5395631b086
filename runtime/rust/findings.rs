//! What the checker finds: findings, their messages from the findings catalogue, their order, and JSON Pointers.

use std::cmp::Ordering;

use crate::spec::FINDINGS;

/// One problem found in an answer; `requirement` is `None` for problems of shape no requirement names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The requirement it breaks, if the spec names one for its rule.
    pub requirement: Option<&'static str>,
    /// The checker rule.
    pub rule: &'static str,
    /// How bad it is.
    pub severity: Severity,
    /// The id of the element it is about, if it has one.
    pub element_id: Option<String>,
    /// JSON Pointer to the offending value.
    pub path: String,
    /// What is wrong, in words.
    pub message: String,
}

/// A value for one slot of a finding's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot {
    /// One text.
    Text(String),
    /// A list of texts, joined (and quoted) as the catalogue says.
    List(Vec<String>),
}

impl From<&str> for Slot {
    fn from(text: &str) -> Self {
        Slot::Text(text.to_owned())
    }
}

impl From<String> for Slot {
    fn from(text: String) -> Self {
        Slot::Text(text)
    }
}

/// The catalogue's entry for a finding id. The ids the checker asks for are the catalogue's own, printed with it.
pub fn entry(id: &str) -> &'static FindingEntry {
    FINDINGS.iter().find(|e| e.id == id).unwrap_or(&FINDINGS[0])
}

/// A message with its slots filled, as every binding fills it: a list slot's texts quoted (when the catalogue says
/// so) and joined; a slot given no value is left as written.
pub fn format_message(entry: &FindingEntry, slots: &[(&str, Slot)]) -> String {
    let message = entry.message;
    let mut out = String::with_capacity(message.len() + 32);
    let mut rest = message;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after.find('}').filter(|&n| n > 0 && after[..n].bytes().all(|b| b.is_ascii_alphabetic()));
        let Some(close) = close else {
            out.push('{');
            rest = after;
            continue;
        };
        let name = &after[..close];
        match slots.iter().find(|(slot, _)| *slot == name).map(|(_, value)| value) {
            Some(Slot::Text(text)) => out.push_str(text),
            Some(Slot::List(texts)) => {
                let list = entry.lists.iter().find(|l| l.slot == name);
                let (joiner, quoted) = list.map_or((", ", false), |l| (l.joiner, l.quoted));
                for (i, text) in texts.iter().enumerate() {
                    if i > 0 {
                        out.push_str(joiner);
                    }
                    if quoted {
                        out.push('"');
                        out.push_str(text);
                        out.push('"');
                    } else {
                        out.push_str(text);
                    }
                }
            }
            None => out.push_str(&rest[open..open + close + 2]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Orders two texts as JavaScript does, by UTF-16 code units, so every binding sorts alike.
fn utf16_order(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        return a.cmp(b);
    }
    a.encode_utf16().cmp(b.encode_utf16())
}

/// Findings by path, then requirement, then rule, as every binding orders them.
pub fn sort_findings(findings: &mut [Finding]) {
    findings.sort_by(|a, b| {
        utf16_order(&a.path, &b.path)
            .then_with(|| utf16_order(a.requirement.unwrap_or(""), b.requirement.unwrap_or("")))
            .then_with(|| a.rule.cmp(b.rule))
    });
}

/// True when none of the findings is an error.
pub fn passes(findings: &[Finding]) -> bool {
    findings.iter().all(|f| f.severity != Severity::Error)
}

/// Appends one key to a JSON Pointer (RFC 6901).
pub fn push_pointer(pointer: &mut String, key: &str) {
    pointer.push('/');
    if key.contains(['~', '/']) {
        pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
    } else {
        pointer.push_str(key);
    }
}

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The answer breaks a rule.
    Error,
    /// The answer is read, and something is worth saying.
    Warning,
}

impl Severity {
    /// Its name in the findings JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A slot of a finding's message that takes a list of texts: how they are joined, and whether each is quoted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListSlot {
    /// The slot's name.
    pub slot: &'static str,
    /// What goes between two texts.
    pub joiner: &'static str,
    /// Whether each text is put in double quotes.
    pub quoted: bool,
}

/// A finding the checker can give: its id, rule, severity and message with `{slot}`s (the findings catalogue).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FindingEntry {
    /// How the checker asks for it.
    pub id: &'static str,
    /// The checker rule it belongs to.
    pub rule: &'static str,
    /// How bad it is.
    pub severity: Severity,
    /// Its message, with a `{slot}` where each value goes.
    pub message: &'static str,
    /// The slots that take a list of texts.
    pub lists: &'static [ListSlot],
}
