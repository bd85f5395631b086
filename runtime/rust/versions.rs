//! Checking an answer by the rules of the version it names, among every version this package reads.

use std::sync::OnceLock;

use serde_json::Value;

use crate::check::{CheckOptions, Checker};
use crate::findings::{Finding, Slot, entry, format_message, push_pointer, sort_findings};
use crate::json::View;
use crate::spec::{SPEC, SPECS};
use crate::spec_data::SpecData;

/// The protocol versions this package reads, oldest first.
pub fn supported_versions() -> impl Iterator<Item = &'static str> {
    SPECS.iter().map(|s| s.version)
}

/// The rules of a version this package reads, or of the one that reads an older version's answers (`reads_also`).
pub fn spec_for(version: &str) -> Option<&'static SpecData> {
    SPECS.iter().copied().find(|s| s.version == version || s.reads_also.contains(&version))
}

/// The checker of each version this package reads, built on first use.
pub fn checker_for(version: &str) -> Option<&'static Checker> {
    static CHECKERS: OnceLock<Vec<Checker>> = OnceLock::new();
    let checkers = CHECKERS.get_or_init(|| SPECS.iter().map(|s| Checker::new(s)).collect());
    let spec = spec_for(version)?;
    checkers.iter().find(|c| c.spec().version == spec.version)
}

/// A version's parts, digits each: three, or two read with a third of 0 (as the spec reads 0.1 as 0.1.0).
fn version_parts(version: &str) -> Option<[&str; 3]> {
    let mut parts: Vec<&str> = version.split('.').collect();
    if parts.len() == 2 {
        parts.push("0");
    }
    let digits = |p: &&str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) && (*p == "0" || !p.starts_with('0'));
    match parts.as_slice() {
        [a, b, c] if parts.iter().all(digits) => Some([a, b, c]),
        _ => None,
    }
}

/// Orders versions by their parts as numbers of any length.
fn version_key(parts: [&str; 3]) -> [(usize, &str); 3] {
    parts.map(|p| (p.len(), p))
}

/// The finding for an answer whose version this package does not read (spec/README.md, Protocol versions).
fn version_finding(version: &str) -> Finding {
    let read: Vec<String> = supported_versions().map(str::to_owned).collect();
    let current = SPEC.version;
    let id = match version_parts(version) {
        None => "version-unwritten",
        Some(parts) => {
            let known: Vec<_> = supported_versions().filter_map(version_parts).map(version_key).collect();
            let key = version_key(parts);
            if known.iter().all(|k| key < *k) {
                "version-older"
            } else if known.iter().all(|k| key > *k) {
                "version-newer"
            } else {
                "version-unread"
            }
        }
    };
    let e = entry(id);
    let slots = [("version", Slot::from(version)), ("currentVersion", current.into()), ("read", Slot::List(read))];
    let mut path = String::new();
    push_pointer(&mut path, SPEC.tree.version);
    Finding { requirement: None, rule: e.rule, severity: e.severity, element_id: None, path, message: format_message(e, &slots) }
}

/// Checks an answer (a decoded JSON value) by the rules of the version its version field names (an older version a
/// read one `reads_also` is checked by that one's rules, with no finding).
///
/// A version this package does not read is checked by the current version's rules and is one `version` error at
/// that field; a missing or non-string version is a `structure` error, as any required field's would be.
pub fn check(answer: &Value, options: CheckOptions) -> Vec<Finding> {
    check_view(answer, options)
}

/// [`check`] for a `Value` or a node as this crate's reader reads it.
pub(crate) fn check_view<J: View>(answer: &J, options: CheckOptions) -> Vec<Finding> {
    let version = answer.member(SPEC.tree.version);
    if let Some(checker) = version.and_then(View::text).and_then(checker_for) {
        return checker.check_view(answer, options);
    }
    let Some(current) = checker_for(SPEC.version) else { return Vec::new() };
    let mut findings = current.check_view(answer, options);
    if let Some(version) = version.and_then(View::text) {
        findings.push(version_finding(version));
        sort_findings(&mut findings);
    }
    findings
}
