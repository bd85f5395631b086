//! Reading JSON text the way every binding of this package reads it, with no recursion.
//!
//! serde_json's reader stops at 128 levels of nesting, and a value that deep is dropped by recursion. This reader
//! keeps an explicit stack, so text of any depth is read, and refuses what the other bindings refuse: a key
//! repeated in one object, a lone surrogate, and a number too large for a double. Every number keeps its digits
//! (serde_json's `arbitrary_precision`), so an integer of any size stays exact. A value read here is dropped with
//! [`dispose`], which frees a tree of any depth without recursion.
//!
//! The text is read into a [`Node`]: an object is its members in order, and a string or key without escapes is
//! borrowed from the text, so reading allocates little. [`read_json`] turns that into serde_json's `Value`;
//! `parse_answer` checks the node and moves its strings into the types, never building a `Value` at all.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use serde_json::{Map, Number, Value};

/// Text that is not JSON (`refused` is false), or JSON this package refuses (`refused` is true).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonTextError {
    /// What is wrong, and where (a byte offset into the text).
    pub message: String,
    /// Whether the text is JSON that this package refuses (a repeated key, a lone surrogate, a number too large).
    pub refused: bool,
}

impl fmt::Display for JsonTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for JsonTextError {}

fn not_json(message: String) -> JsonTextError {
    JsonTextError { message, refused: false }
}

fn refused(message: String) -> JsonTextError {
    JsonTextError { message, refused: true }
}

/// A JSON value as this crate reads it: an object is its members in the text's order, and a string (or key) the
/// text holds without escapes is borrowed from it. The checker reads it as it reads a `Value`, and the types take
/// its strings by move. Drop a deep one with [`dispose_node`]; its own drop recurses once per level.
#[doc(hidden)]
#[derive(Debug, Clone, PartialEq)]
pub enum Node<'t> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, with its digits.
    Number(Number),
    /// A string.
    String(Cow<'t, str>),
    /// An array.
    Array(Vec<Node<'t>>),
    /// An object's members, in order, no key twice.
    Object(Vec<(Cow<'t, str>, Node<'t>)>),
}

impl<'t> Node<'t> {
    /// A member of an object.
    pub fn get(&self, key: &str) -> Option<&Node<'t>> {
        match self {
            Node::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Whether it is an array or object that is not empty.
    fn holds(&self) -> bool {
        match self {
            Node::Array(items) => !items.is_empty(),
            Node::Object(members) => !members.is_empty(),
            _ => false,
        }
    }

    /// The text of a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::String(text) => Some(text),
            _ => None,
        }
    }

    /// The JSON type, by JSON's names.
    pub fn json_type(&self) -> &'static str {
        match self {
            Node::Null => "null",
            Node::Bool(_) => "boolean",
            Node::Number(_) => "number",
            Node::String(_) => "string",
            Node::Array(_) => "array",
            Node::Object(_) => "object",
        }
    }

    /// The same value as serde_json's `Value`, members in the same order; any depth, without recursion.
    pub fn into_value(self) -> Value {
        enum Building<'t> {
            Array(Vec<Value>, std::vec::IntoIter<Node<'t>>),
            Object(Map<String, Value>, std::vec::IntoIter<(Cow<'t, str>, Node<'t>)>, String),
        }
        let mut stack: Vec<Building<'t>> = Vec::new();
        let mut next = Some(self);
        loop {
            let done = match next.take() {
                Some(Node::Array(items)) => {
                    stack.push(Building::Array(Vec::with_capacity(items.len()), items.into_iter()));
                    continue;
                }
                Some(Node::Object(members)) => {
                    stack.push(Building::Object(Map::with_capacity(members.len()), members.into_iter(), String::new()));
                    continue;
                }
                Some(Node::Null) => Value::Null,
                Some(Node::Bool(b)) => Value::Bool(b),
                Some(Node::Number(n)) => Value::Number(n),
                Some(Node::String(text)) => Value::String(text.into_owned()),
                // Every value is in: the next one of the innermost container, or the container itself.
                None => {
                    match stack.last_mut() {
                        Some(Building::Array(_, rest)) => next = rest.next(),
                        Some(Building::Object(_, rest, key)) => {
                            next = rest.next().map(|(k, v)| {
                                *key = k.into_owned();
                                v
                            });
                        }
                        None => return Value::Null,
                    }
                    if next.is_some() {
                        continue;
                    }
                    match stack.pop() {
                        Some(Building::Array(items, _)) => Value::Array(items),
                        Some(Building::Object(members, _, _)) => Value::Object(members),
                        None => return Value::Null,
                    }
                }
            };
            match stack.last_mut() {
                None => return done,
                Some(Building::Array(items, _)) => items.push(done),
                Some(Building::Object(members, _, key)) => {
                    members.insert(std::mem::take(key), done);
                }
            }
        }
    }

    /// A serde_json `Value` as a node that owns its strings; any depth, without recursion.
    pub fn from_value(value: Value) -> Node<'static> {
        enum Building {
            Array(Vec<Node<'static>>, std::vec::IntoIter<Value>),
            Object(Vec<(Cow<'static, str>, Node<'static>)>, serde_json::map::IntoIter, String),
        }
        let mut stack: Vec<Building> = Vec::new();
        let mut next = Some(value);
        loop {
            let done = match next.take() {
                Some(Value::Array(items)) => {
                    stack.push(Building::Array(Vec::with_capacity(items.len()), items.into_iter()));
                    continue;
                }
                Some(Value::Object(members)) => {
                    stack.push(Building::Object(Vec::with_capacity(members.len()), members.into_iter(), String::new()));
                    continue;
                }
                Some(Value::Null) => Node::Null,
                Some(Value::Bool(b)) => Node::Bool(b),
                Some(Value::Number(n)) => Node::Number(n),
                Some(Value::String(text)) => Node::String(Cow::Owned(text)),
                None => {
                    match stack.last_mut() {
                        Some(Building::Array(_, rest)) => next = rest.next(),
                        Some(Building::Object(_, rest, key)) => {
                            next = rest.next().map(|(k, v)| {
                                *key = k;
                                v
                            });
                        }
                        None => return Node::Null,
                    }
                    if next.is_some() {
                        continue;
                    }
                    match stack.pop() {
                        Some(Building::Array(items, _)) => Node::Array(items),
                        Some(Building::Object(members, _, _)) => Node::Object(members),
                        None => return Node::Null,
                    }
                }
            };
            match stack.last_mut() {
                None => return done,
                Some(Building::Array(items, _)) => items.push(done),
                Some(Building::Object(members, _, key)) => members.push((Cow::Owned(std::mem::take(key)), done)),
            }
        }
    }
}

/// Drops a JSON value of any depth without recursion (a value's own drop recurses once per level).
pub fn dispose(value: Value) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

/// Drops a node of any depth without recursion.
#[doc(hidden)]
pub fn dispose_node(node: Node<'_>) {
    // A container of values that hold nothing is dropped as it is, and nothing is put on a stack.
    let flat = match &node {
        Node::Array(items) => !items.iter().any(Node::holds),
        Node::Object(members) => !members.iter().any(|(_, v)| v.holds()),
        _ => true,
    };
    if flat {
        return;
    }
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        match node {
            Node::Array(items) => stack.extend(items),
            Node::Object(members) => stack.extend(members.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

/// What the checker reads of a JSON value, so it checks a `Value` and a [`Node`] alike.
pub(crate) trait View: Sized {
    /// The JSON type, by JSON's names.
    fn json_type(&self) -> &'static str;
    /// The text of a string.
    fn text(&self) -> Option<&str>;
    /// Whether it is `true`.
    fn is_true(&self) -> bool;
    /// The number.
    fn number(&self) -> Option<&Number>;
    /// The items of an array.
    fn items(&self) -> Option<&[Self]>;
    /// The members of an object, in order.
    fn entries(&self) -> Option<impl Iterator<Item = (&str, &Self)>>;
    /// A member of an object.
    fn member(&self, key: &str) -> Option<&Self>;
}

impl View for Value {
    fn json_type(&self) -> &'static str {
        crate::check::json_type(self)
    }

    fn text(&self) -> Option<&str> {
        self.as_str()
    }

    fn is_true(&self) -> bool {
        matches!(self, Value::Bool(true))
    }

    fn number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    fn items(&self) -> Option<&[Self]> {
        self.as_array().map(Vec::as_slice)
    }

    fn entries(&self) -> Option<impl Iterator<Item = (&str, &Self)>> {
        self.as_object().map(|members| members.iter().map(|(k, v)| (k.as_str(), v)))
    }

    fn member(&self, key: &str) -> Option<&Self> {
        self.as_object().and_then(|members| members.get(key))
    }
}

impl View for Node<'_> {
    fn json_type(&self) -> &'static str {
        Node::json_type(self)
    }

    fn text(&self) -> Option<&str> {
        self.as_str()
    }

    fn is_true(&self) -> bool {
        matches!(self, Node::Bool(true))
    }

    fn number(&self) -> Option<&Number> {
        match self {
            Node::Number(n) => Some(n),
            _ => None,
        }
    }

    fn items(&self) -> Option<&[Self]> {
        match self {
            Node::Array(items) => Some(items),
            _ => None,
        }
    }

    fn entries(&self) -> Option<impl Iterator<Item = (&str, &Self)>> {
        match self {
            Node::Object(members) => Some(members.iter().map(|(k, v)| (k.as_ref(), v))),
            _ => None,
        }
    }

    fn member(&self, key: &str) -> Option<&Self> {
        self.get(key)
    }
}

/// Past this many members, an object's keys are looked up in a set rather than compared one by one.
const FEW_KEYS: usize = 16;

/// An object being read: where its members start on the reader's list of members, the key whose value comes
/// next, and (in a large object) its keys.
struct OpenObject<'t> {
    start: usize,
    key: Cow<'t, str>,
    keys: Option<HashSet<Cow<'t, str>>>,
}

impl<'t> OpenObject<'t> {
    /// Makes `key` the one whose value comes next, unless it is already the key of one of `members` (this
    /// object's so far): a key twice in one object is refused.
    fn next_key(&mut self, members: &[(Cow<'t, str>, Node<'t>)], key: Cow<'t, str>) -> Result<(), JsonTextError> {
        let repeated = if self.keys.is_none() && members.len() < FEW_KEYS {
            members.iter().any(|(k, _)| *k == key)
        } else {
            let keys = self.keys.get_or_insert_with(|| members.iter().map(|(k, _)| k.clone()).collect());
            !keys.insert(key.clone())
        };
        if repeated {
            return Err(refused(format!("the key {key:?} twice in one object")));
        }
        self.key = key;
        Ok(())
    }
}

/// A container being read: where its items start on the reader's list of items, or an object.
enum Open<'t> {
    Array(usize),
    Object(OpenObject<'t>),
}

/// The JSON value of `text`, or why there is none.
pub fn read_json(text: &str) -> Result<Value, JsonTextError> {
    read_node(text).map(Node::into_value)
}

/// The JSON value of `text` as a node borrowing the text's strings, or why there is none.
pub(crate) fn read_node(text: &str) -> Result<Node<'_>, JsonTextError> {
    let mut reader = Reader { bytes: text.as_bytes(), text, pos: 0, open: Vec::new(), items: Vec::new(), members: Vec::new() };
    let read = reader.read();
    // Whatever was read before an error is freed without recursion.
    dispose_node(Node::Array(reader.items));
    dispose_node(Node::Object(reader.members));
    read
}

/// The reader: where it is in the text, and the containers open there. The items of every open array are on one
/// list, and the members of every open object on another, innermost last; a container that closes takes its own
/// off the end, into a list of just their length.
struct Reader<'t> {
    bytes: &'t [u8],
    text: &'t str,
    pos: usize,
    open: Vec<Open<'t>>,
    items: Vec<Node<'t>>,
    members: Vec<(Cow<'t, str>, Node<'t>)>,
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

    fn read(&mut self) -> Result<Node<'t>, JsonTextError> {
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
                        let key = self.key()?;
                        self.open.push(Open::Object(OpenObject { start: self.members.len(), key, keys: None }));
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
                        self.open.push(Open::Array(self.items.len()));
                        continue;
                    }
                }
                Some(b'"') => Node::String(self.string()?),
                Some(b't') => self.word("true", Node::Bool(true))?,
                Some(b'f') => self.word("false", Node::Bool(false))?,
                Some(b'n') => self.word("null", Node::Null)?,
                _ => Node::Number(self.number()?),
            };
            // The value is whole: put it in its container, and close every container the text closes here.
            loop {
                self.skip();
                let Some(top) = self.open.last_mut() else {
                    if self.pos != self.bytes.len() {
                        dispose_node(value);
                        return Err(not_json(format!("text after the value at {}", self.pos)));
                    }
                    return Ok(value);
                };
                let is_array = match top {
                    Open::Array(_) => {
                        self.items.push(value);
                        true
                    }
                    Open::Object(object) => {
                        self.members.push((std::mem::take(&mut object.key), value));
                        false
                    }
                };
                match self.peek() {
                    Some(b',') => {
                        self.pos += 1;
                        self.skip();
                        if !is_array {
                            let next = self.key()?;
                            if let Some(Open::Object(object)) = self.open.last_mut() {
                                object.next_key(&self.members[object.start..], next)?;
                            }
                        }
                        break;
                    }
                    Some(b']') if is_array => {}
                    Some(b'}') if !is_array => {}
                    _ => {
                        let closer = if is_array { ']' } else { '}' };
                        return Err(not_json(format!("',' or '{closer}' was expected at {}", self.pos)));
                    }
                }
                self.pos += 1;
                value = match self.open.pop() {
                    Some(Open::Array(start)) => Node::Array(self.items.drain(start..).collect()),
                    Some(Open::Object(object)) => Node::Object(self.members.drain(object.start..).collect()),
                    None => Node::Null,
                };
            }
        }
    }

    fn word(&mut self, word: &str, value: Node<'t>) -> Result<Node<'t>, JsonTextError> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(not_json(format!("an unexpected word at {}", self.pos)))
        }
    }

    fn key(&mut self) -> Result<Cow<'t, str>, JsonTextError> {
        if self.peek() != Some(b'"') {
            return Err(not_json(format!("a key was expected at {}", self.pos)));
        }
        let key = self.string()?;
        self.skip();
        if self.peek() != Some(b':') {
            return Err(not_json(format!("':' was expected at {}", self.pos)));
        }
        self.pos += 1;
        self.skip();
        Ok(key)
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<Number, JsonTextError> {
        let start = self.pos;
        let invalid = |at: usize| not_json(format!("a value was expected at {at}"));
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(invalid(start)),
        }
        let mut integer = true;
        if self.peek() == Some(b'.') {
            self.pos += 1;
            integer = false;
            if self.digits() == 0 {
                return Err(invalid(start));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            integer = false;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(invalid(start));
            }
        }
        let digits = &self.text[start..self.pos];
        if integer {
            if let Ok(n) = digits.parse::<i64>() {
                return Ok(Number::from(n));
            }
        }
        // Within a double's range, as every binding needs a number to be; its digits are kept as they are.
        if !digits.parse::<f64>().is_ok_and(f64::is_finite) {
            return Err(refused(format!("a number too large for a double at {start}")));
        }
        Number::from_str(digits).map_err(|_| invalid(start))
    }

    fn hex4(&mut self) -> Option<u32> {
        let hex = self.text.get(self.pos..self.pos + 4)?;
        let code = u32::from_str_radix(hex, 16).ok().filter(|_| hex.bytes().all(|b| b.is_ascii_hexdigit()))?;
        self.pos += 4;
        Some(code)
    }

    /// Moves past the characters a string holds as they are; stops at a quote, a backslash, a control character
    /// or the end.
    fn plain_run(&mut self) {
        let rest = &self.bytes[self.pos..];
        self.pos += rest.iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20).unwrap_or(rest.len());
    }

    /// A string: borrowed from the text when it has no escapes, as almost every string has.
    fn string(&mut self) -> Result<Cow<'t, str>, JsonTextError> {
        let start = self.pos;
        self.pos += 1;
        self.plain_run();
        if self.peek() == Some(b'"') {
            self.pos += 1;
            return Ok(Cow::Borrowed(&self.text[start + 1..self.pos - 1]));
        }
        let unterminated = || not_json(format!("an invalid or unterminated string at {start}"));
        let mut out = String::from(&self.text[start + 1..self.pos]);
        loop {
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let escaped = self.peek().ok_or_else(unterminated)?;
                    self.pos += 1;
                    match escaped {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let code = self.hex4().ok_or_else(unterminated)?;
                            out.push(self.code_point(code, start)?);
                        }
                        _ => return Err(unterminated()),
                    }
                }
                _ => return Err(unterminated()),
            }
            let run = self.pos;
            self.plain_run();
            out.push_str(&self.text[run..self.pos]);
        }
    }

    /// The character of a `\u` escape; a high surrogate takes the low one escaped right after it.
    fn code_point(&mut self, code: u32, start: usize) -> Result<char, JsonTextError> {
        let lone = || refused(format!("a lone surrogate in the string at {start}"));
        match code {
            0xD800..=0xDBFF => {
                if !self.bytes[self.pos..].starts_with(b"\\u") {
                    return Err(lone());
                }
                let back = self.pos;
                self.pos += 2;
                match self.hex4() {
                    Some(low @ 0xDC00..=0xDFFF) => char::from_u32(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)).ok_or_else(lone),
                    Some(_) => Err(lone()),
                    None => {
                        self.pos = back;
                        Err(not_json(format!("an invalid or unterminated string at {start}")))
                    }
                }
            }
            0xDC00..=0xDFFF => Err(lone()),
            _ => char::from_u32(code).ok_or_else(lone),
        }
    }
}

/// A string as JSON writes it, escaped as JavaScript's `JSON.stringify` escapes it, so every binding prints alike.
pub fn quote(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}
