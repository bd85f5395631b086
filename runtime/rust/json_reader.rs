//! The JSON reader: bytes or text in, a [`Node`] out, or the one finding spec/README.md's "Reading JSON" gives.
//!
//! Hand-written, because serde_json, Rust's best-known reader, does not do this job: it recurses, and stops at 128
//! levels; it keeps member order and a number's digits only with features, and keeps the last of two members with
//! one key, silently; and its errors say in words what went wrong, at a column counted in bytes, where every
//! binding gives one of six findings at a column counted in characters, naming the character met.
//!
//! One pass, no recursion: open containers are a stack (a run of arrays opened one inside the other with nothing
//! between them is one entry, so `[[[[` of any depth takes one), and the values read so far wait on two lists,
//! items and members. The input's UTF-8 is checked first, by the standard library; reading then stops at the
//! first byte that is not UTF-8, which is the finding only if nothing before it was malformed. A refusal (a repeated
//! key, a lone surrogate, a number past a double) is noted and reading goes on, since a malformation later wins.

use std::borrow::Cow;
use std::collections::HashSet;
use std::str::FromStr;

use serde_json::{Number, Value};

use crate::json::{Node, dispose_node};
use crate::json_finding::{JsonTextError, Problem};
use crate::validate::{LONE_SURROGATE, MALFORMED, NOT_UTF8, NUMBER_RANGE, REPEATED_KEY, TRUNCATED};

/// The JSON value of `text`, or the finding for it.
pub fn read_json(text: &str) -> Result<Value, JsonTextError> {
    read_node(text).map(Node::into_value)
}

/// The JSON value of `bytes`, or the finding for them (`json-not-utf8` at the first byte that is not UTF-8, unless
/// the text is malformed before it).
pub fn read_json_bytes(bytes: &[u8]) -> Result<Value, JsonTextError> {
    read_node_bytes(bytes).map(Node::into_value)
}

/// The JSON value of `text` as a node borrowing the text's strings, or the finding for it.
pub(crate) fn read_node(text: &str) -> Result<Node<'_>, JsonTextError> {
    read_text(text, false)
}

/// The JSON value of `bytes` as a node borrowing their strings, or the finding for them.
pub(crate) fn read_node_bytes(bytes: &[u8]) -> Result<Node<'_>, JsonTextError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => read_text(text, false),
        // The bytes before the first one that is not UTF-8 are read: where reading needs that byte, it is the finding.
        Err(e) => read_text(std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(), true),
    }
}

/// Reads `text`; `cut` says that the input goes on past it with a byte that is not UTF-8.
fn read_text(text: &str, cut: bool) -> Result<Node<'_>, JsonTextError> {
    let mut reader = Reader {
        bytes: text.as_bytes(),
        text,
        cut,
        pos: 0,
        open: Vec::new(),
        items: Vec::new(),
        members: Vec::new(),
        keys: Vec::new(),
        key_sets: Vec::new(),
        refusal: None,
    };
    let read = reader.read();
    // Whatever was read before a malformation is freed without recursion.
    dispose_node(Node::Array(reader.items));
    dispose_node(Node::Object(reader.members));
    match (read, reader.refusal) {
        (Err(problem), _) => Err(problem.place(text)),
        (Ok(node), Some(problem)) => {
            dispose_node(node);
            Err(problem.place(text))
        }
        (Ok(node), None) => Ok(node),
    }
}

/// Past this many members, an object's keys are looked up in a set rather than compared one by one.
const FEW_KEYS: usize = 16;

/// An open container, or a run of arrays each opened as the first item of the one before (they all start at the
/// same place): where its items (or members) start on the reader's lists, and how many arrays past the first the
/// run holds.
struct Opened {
    start: usize,
    more: u32,
    object: bool,
}

/// The reader: where it is in the text, the containers open there, and the first refusal met. The items of every
/// open array are on one list, and the members of every open object on another, innermost last; the key of each
/// open object's member being read waits on a third. A container that closes takes its own off the end.
struct Reader<'t> {
    bytes: &'t [u8],
    text: &'t str,
    cut: bool,
    pos: usize,
    open: Vec<Opened>,
    items: Vec<Node<'t>>,
    members: Vec<(Cow<'t, str>, Node<'t>)>,
    keys: Vec<Cow<'t, str>>,
    /// The keys of each open object past [`FEW_KEYS`] members, by where its members start.
    key_sets: Vec<(usize, HashSet<Cow<'t, str>>)>,
    refusal: Option<Problem>,
}

impl<'t> Reader<'t> {
    fn skip(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.pos) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// The malformation here: the character that cannot stand here, the end of the text, or a byte not UTF-8.
    fn fail(&self) -> Problem {
        let id = if self.pos < self.bytes.len() {
            MALFORMED
        } else if self.cut {
            NOT_UTF8
        } else {
            TRUNCATED
        };
        Problem { id, at: self.pos }
    }

    /// Notes a refusal, unless one came before it in the text.
    fn refuse(&mut self, id: &'static str, at: usize) {
        self.refusal.get_or_insert(Problem { id, at });
    }

    fn read(&mut self) -> Result<Node<'t>, Problem> {
        self.skip();
        loop {
            let mut value = match self.peek() {
                Some(b'{') => {
                    self.pos += 1;
                    self.skip();
                    if self.peek() == Some(b'}') {
                        self.pos += 1;
                        Node::Object(Vec::new())
                    } else {
                        let start = self.members.len();
                        self.open.push(Opened { start, object: true, more: 0 });
                        self.key(start)?;
                        continue;
                    }
                }
                Some(b'[') => {
                    self.pos += 1;
                    self.skip();
                    if self.peek() == Some(b']') {
                        self.pos += 1;
                        Node::Array(Vec::new())
                    } else {
                        self.open_array();
                        continue;
                    }
                }
                Some(b'"') => Node::String(self.string()?),
                Some(b't') => self.word(b"true", Node::Bool(true))?,
                Some(b'f') => self.word(b"false", Node::Bool(false))?,
                Some(b'n') => self.word(b"null", Node::Null)?,
                _ => self.number()?,
            };
            // The value is whole: put it in its container, and close every container the text closes here.
            loop {
                self.skip();
                let Some(top) = self.open.last() else {
                    if self.pos < self.bytes.len() || self.cut {
                        dispose_node(value);
                        return Err(self.fail());
                    }
                    return Ok(value);
                };
                let (start, object) = (top.start, top.object);
                if object {
                    let key = self.keys.pop().unwrap_or_default();
                    self.members.push((key, value));
                } else {
                    self.items.push(value);
                }
                match self.peek() {
                    Some(b',') => {
                        self.pos += 1;
                        self.skip();
                        if object {
                            self.key(start)?;
                        }
                        break;
                    }
                    Some(b']') if !object => {}
                    Some(b'}') if object => {}
                    _ => return Err(self.fail()),
                }
                self.pos += 1;
                value = self.close();
            }
        }
    }

    fn open_array(&mut self) {
        let start = self.items.len();
        match self.open.last_mut() {
            Some(top) if !top.object && top.start == start && top.more < u32::MAX => top.more += 1,
            _ => self.open.push(Opened { start, object: false, more: 0 }),
        }
    }

    /// The innermost open container, closed.
    fn close(&mut self) -> Node<'t> {
        let Some(top) = self.open.last_mut() else { return Node::Null };
        let (start, object) = (top.start, top.object);
        if top.more > 0 {
            top.more -= 1;
        } else {
            self.open.pop();
        }
        if !object {
            return Node::Array(self.items.drain(start..).collect());
        }
        if self.key_sets.last().is_some_and(|(at, _)| *at == start) {
            self.key_sets.pop();
        }
        Node::Object(self.members.drain(start..).collect())
    }

    /// A key and its colon, the key kept for the value that follows; the object's members start at `start`.
    fn key(&mut self, start: usize) -> Result<(), Problem> {
        if self.peek() != Some(b'"') {
            return Err(self.fail());
        }
        let at = self.pos;
        let key = self.string()?;
        self.skip();
        if self.peek() != Some(b':') {
            return Err(self.fail());
        }
        self.pos += 1;
        self.skip();
        self.keep_key(start, key, at);
        Ok(())
    }

    /// Keeps `key` (whose quote is at `at`) for the next member of the object whose members start at `start`,
    /// refusing a key the object already has. Past [`FEW_KEYS`] members, the object's keys are kept in a set too.
    fn keep_key(&mut self, start: usize, key: Cow<'t, str>, at: usize) {
        let count = self.members.len() - start;
        let repeated = if count < FEW_KEYS {
            count > 0 && self.members[start..].iter().any(|(k, _)| *k == key)
        } else {
            match self.key_sets.last_mut() {
                Some((set_start, keys)) if *set_start == start => !keys.insert(key.clone()),
                _ => {
                    let mut keys: HashSet<Cow<'t, str>> = self.members[start..].iter().map(|(k, _)| k.clone()).collect();
                    let repeated = !keys.insert(key.clone());
                    self.key_sets.push((start, keys));
                    repeated
                }
            }
        };
        if repeated {
            self.refuse(REPEATED_KEY, at);
        }
        self.keys.push(key);
    }

    fn word(&mut self, word: &[u8], value: Node<'t>) -> Result<Node<'t>, Problem> {
        for &b in word {
            if self.peek() != Some(b) {
                return Err(self.fail());
            }
            self.pos += 1;
        }
        Ok(value)
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<Node<'t>, Problem> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.fail()),
        }
        let mut integer = true;
        if self.peek() == Some(b'.') {
            self.pos += 1;
            integer = false;
            if self.digits() == 0 {
                return Err(self.fail());
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            integer = false;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.fail());
            }
        }
        let digits = &self.text[start..self.pos];
        if integer {
            if let Ok(n) = digits.parse::<i64>() {
                return Ok(Node::Number(Number::from(n)));
            }
        }
        // Within a double's range, as every binding needs a number to be; its digits are kept as they are.
        if !digits.parse::<f64>().is_ok_and(f64::is_finite) {
            self.refuse(NUMBER_RANGE, start);
            return Ok(Node::Null);
        }
        // serde_json (with arbitrary_precision) takes every JSON number's digits as they are.
        Ok(Number::from_str(digits).map_or(Node::Null, Node::Number))
    }

    /// Moves past the characters a string holds as they are; stops at a quote, a backslash, a control character
    /// or the end.
    fn plain_run(&mut self) {
        let rest = &self.bytes[self.pos..];
        self.pos += rest.iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20).unwrap_or(rest.len());
    }

    /// A string: borrowed from the text when it has no escapes, as almost every string has.
    fn string(&mut self) -> Result<Cow<'t, str>, Problem> {
        let start = self.pos;
        self.pos += 1;
        self.plain_run();
        if self.peek() == Some(b'"') {
            self.pos += 1;
            return Ok(Cow::Borrowed(&self.text[start + 1..self.pos - 1]));
        }
        let mut out = String::from(&self.text[start + 1..self.pos]);
        loop {
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => self.escape(&mut out)?,
                // A control character, the end, or a byte that is not UTF-8.
                _ => return Err(self.fail()),
            }
            let run = self.pos;
            self.plain_run();
            out.push_str(&self.text[run..self.pos]);
        }
    }

    /// An escape, at its backslash, onto `out`.
    fn escape(&mut self, out: &mut String) -> Result<(), Problem> {
        let at = self.pos;
        self.pos += 1;
        let c = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.pos += 1;
                let code = self.hex4()?;
                out.push(self.code_point(code, at));
                return Ok(());
            }
            _ => return Err(self.fail()),
        };
        self.pos += 1;
        out.push(c);
        Ok(())
    }

    fn hex4(&mut self) -> Result<u32, Problem> {
        let mut code = 0;
        for _ in 0..4 {
            let digit = self.peek().and_then(|b| char::from(b).to_digit(16)).ok_or_else(|| self.fail())?;
            code = code * 16 + digit;
            self.pos += 1;
        }
        Ok(code)
    }

    /// The character of a `\u` escape whose backslash is at `at`. A high surrogate takes a low one escaped right
    /// after it; any other surrogate is alone, refused (and read as U+FFFD, as the text is refused anyway).
    fn code_point(&mut self, code: u32, at: usize) -> char {
        if let 0xD800..=0xDBFF = code {
            if let Some(low) = self.low_surrogate_next() {
                self.pos += 6;
                return char::from_u32(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)).unwrap_or('\u{fffd}');
            }
        }
        char::from_u32(code).unwrap_or_else(|| {
            self.refuse(LONE_SURROGATE, at);
            '\u{fffd}'
        })
    }

    /// The low surrogate escaped next in the text (`\uDC00` to `\uDFFF`), if there is one.
    fn low_surrogate_next(&self) -> Option<u32> {
        let escape = self.bytes.get(self.pos..self.pos + 6)?;
        if !escape.starts_with(b"\\u") {
            return None;
        }
        let code = escape[2..].iter().try_fold(0, |code, &b| char::from(b).to_digit(16).map(|d| code * 16 + d))?;
        (0xDC00..=0xDFFF).contains(&code).then_some(code)
    }
}
