//! `element-model-validate [--json] [--batch] FILE|-`: checks answers and prints their findings, with the same
//! arguments, output, findings JSON and exit codes as `element-spec validate` and every binding's validator: exit 0
//! when there is no error (warnings allowed), 1 when there are errors (text that is not JSON among them), 2 for a
//! usage error or a file that cannot be read.

use std::io::{Read, Write};

use crate::check::CheckOptions;
use crate::findings::{Finding, passes};
use crate::json::{JsonTextError, Node, dispose_node, quote, read_node, read_node_bytes};
use crate::findings::Severity;
use crate::versions::check_view;

const USAGE: &str = "Usage: element-model-validate [--json] <file|->
       element-model-validate [--json] --batch <file>...

Checks an answer (a file, or - for standard input) against the structure and requirements.
With --batch, checks each file in turn: for each, a line \"==> <file> <== exit <code>\", then what checking that
file alone prints; the exit code is the highest of theirs.
Exit 0: no errors (warnings allowed); 1: errors; 2: a usage error or input that cannot be read.
";

// The catalogue's ids of the findings the JSON reader gives: text that is not JSON, then JSON refused by policy.
pub(crate) const NOT_UTF8: &str = "json-not-utf8";
pub(crate) const MALFORMED: &str = "json-malformed";
pub(crate) const TRUNCATED: &str = "json-truncated";
pub(crate) const LONE_SURROGATE: &str = "json-lone-surrogate";
pub(crate) const NUMBER_RANGE: &str = "json-number-range";
pub(crate) const REPEATED_KEY: &str = "json-repeated-key";

/// The findings for an answer's text, checked with `options`; text that is not JSON is one finding at the root.
///
/// JSON of any depth is read, as every binding's validator reads it: elements deeper than `options.max_depth` are
/// the checker's `limit` finding, not a refusal.
pub fn validate_text(text: &str, options: CheckOptions) -> Vec<Finding> {
    validate_read(read_node(text), options)
}

/// The findings for an answer's bytes, as [`validate_text`] gives them; bytes that are not UTF-8 are the
/// `json-not-utf8` finding, unless the text is malformed before them.
pub fn validate_bytes(bytes: &[u8], options: CheckOptions) -> Vec<Finding> {
    validate_read(read_node_bytes(bytes), options)
}

fn validate_read(read: Result<Node<'_>, JsonTextError>, options: CheckOptions) -> Vec<Finding> {
    match read {
        Ok(node) => {
            let findings = check_view(&node, options);
            dispose_node(node);
            findings
        }
        Err(error) => vec![json_finding(&error)],
    }
}

/// The catalogue's finding for text that is not JSON, or JSON every binding refuses: one, at the root.
pub fn json_finding(error: &JsonTextError) -> Finding {
    let entry = crate::findings::entry(error.id);
    Finding { requirement: None, rule: entry.rule, severity: entry.severity, element_id: None, path: String::new(), message: error.message() }
}

fn field(out: &mut String, name: &str, value: Option<&str>, last: bool) {
    out.push_str("    \"");
    out.push_str(name);
    out.push_str("\": ");
    match value {
        Some(text) => quote(text, out),
        None => out.push_str("null"),
    }
    out.push_str(if last { "\n" } else { ",\n" });
}

/// The findings as JSON, each with the fields every binding prints, in this order (two spaces of indent).
pub fn findings_json(findings: &[Finding]) -> String {
    if findings.is_empty() {
        return "[]\n".to_owned();
    }
    let mut out = String::from("[\n");
    for (i, f) in findings.iter().enumerate() {
        out.push_str("  {\n");
        field(&mut out, "requirement", f.requirement, false);
        field(&mut out, "rule", Some(f.rule), false);
        field(&mut out, "severity", Some(f.severity.as_str()), false);
        field(&mut out, "elementId", f.element_id.as_deref(), false);
        field(&mut out, "path", Some(&f.path), false);
        field(&mut out, "message", Some(&f.message), true);
        out.push_str(if i + 1 == findings.len() { "  }\n" } else { "  },\n" });
    }
    out.push_str("]\n");
    out
}

/// The findings as a person reads them, under the file's name, with a count of each severity.
pub fn format_findings(findings: &[Finding], name: &str) -> String {
    if findings.is_empty() {
        return format!("{name}: no findings\n");
    }
    let mut out = format!("{name}\n");
    for f in findings {
        out.push_str("  ");
        out.push_str(if f.path.is_empty() { "/" } else { &f.path });
        if let Some(id) = &f.element_id {
            out.push_str(" (element ");
            quote(id, &mut out);
            out.push(')');
        }
        let cited: Vec<&str> = f.requirement.into_iter().chain([f.rule]).filter(|s| !s.is_empty()).collect();
        out.push_str(&format!("\n    {} {}  {}\n", f.severity.as_str(), f.message, cited.join(" ")));
    }
    let errors = findings.iter().filter(|f| f.severity == Severity::Error).count();
    let warnings = findings.len() - errors;
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    out.push_str(&format!("\n{errors} error{}, {warnings} warning{}\n", plural(errors), plural(warnings)));
    out
}

/// The exit code for a list of findings.
pub fn exit_code_of(findings: &[Finding]) -> i32 {
    if passes(findings) { 0 } else { 1 }
}

/// What checking one file (or `-` for standard input) prints, and its exit code.
fn validate_file(file: &str, as_json: bool) -> (String, i32) {
    let mut bytes = Vec::new();
    let read = if file == "-" { std::io::stdin().read_to_end(&mut bytes).map(|_| ()) } else { std::fs::read(file).map(|b| bytes = b) };
    if let Err(error) = read {
        eprintln!("validate: cannot read {file}: {error}");
        return (String::new(), 2);
    }
    // Bytes, not text: bytes that are not UTF-8 are a finding, like any other text that is not JSON.
    let findings = validate_bytes(&bytes, CheckOptions::default());
    let out = if as_json { findings_json(&findings) } else { format_findings(&findings, if file == "-" { "<stdin>" } else { file }) };
    (out, exit_code_of(&findings))
}

/// Runs the validator on its arguments (without the program's name), printing to standard output and error;
/// returns the exit code.
pub fn run(args: &[String]) -> i32 {
    let (mut as_json, mut batch, mut files, mut options_end) = (false, false, Vec::new(), false);
    for arg in args {
        match arg.as_str() {
            _ if options_end => files.push(arg.as_str()),
            "--" => options_end = true,
            "--json" => as_json = true,
            "--batch" => batch = true,
            "-h" | "--help" => {
                print!("{USAGE}");
                return 0;
            }
            option if option.starts_with('-') && option != "-" => {
                eprintln!("element-model-validate: Unknown option '{option}'\n\n{USAGE}");
                return 2;
            }
            file => files.push(file),
        }
    }
    if files.is_empty() || (files.len() != 1 && !batch) {
        eprint!("{USAGE}");
        return 2;
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if !batch {
        let (text, code) = validate_file(files[0], as_json);
        return if out.write_all(text.as_bytes()).is_ok() { code } else { 2 };
    }
    let mut highest = 0;
    for file in files {
        let (text, code) = validate_file(file, as_json);
        if write!(out, "==> {file} <== exit {code}\n{text}").is_err() {
            return 2;
        }
        highest = highest.max(code);
    }
    highest
}
