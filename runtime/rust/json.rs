//! Reading JSON text the way every binding of this package reads it, with no recursion.
//!
//! serde_json's reader stops at 128 levels of nesting, and a value that deep is dropped by recursion. This reader
//! keeps an explicit stack, so text of any depth is read, and refuses what the other bindings refuse: a key
//! repeated in one object, a lone surrogate, and a number too large for a double. Every number keeps its digits
//! (serde_json's `arbitrary_precision`), so an integer of any size stays exact. A value read here is dropped with
//! [`dispose`], which frees a tree of any depth without recursion.

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

/// A container being read: the items so far, or the members so far and the key whose value comes next.
enum Open {
    Array(Vec<Value>),
    Object(Map<String, Value>, String),
}

/// The JSON value of `text`, or why there is none.
pub fn read_json(text: &str) -> Result<Value, JsonTextError> {
    let mut reader = Reader { bytes: text.as_bytes(), text, pos: 0, open: Vec::new() };
    let read = reader.read();
    // Whatever was read before an error is freed without recursion.
    for open in reader.open.drain(..) {
        match open {
            Open::Array(items) => dispose(Value::Array(items)),
            Open::Object(map, _) => dispose(Value::Object(map)),
        }
    }
    read
}

struct Reader<'a> {
    bytes: &'a [u8],
    text: &'a str,
    pos: usize,
    open: Vec<Open>,
}

impl Reader<'_> {
    fn skip(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.pos) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn read(&mut self) -> Result<Value, JsonTextError> {
        self.skip();
        loop {
            let mut value = match self.peek() {
                Some(b'{') => {
                    self.pos += 1;
                    self.skip();
                    if self.peek() == Some(b'}') {
                        self.pos += 1;
                        Value::Object(Map::new())
                    } else {
                        let key = self.key()?;
                        self.open.push(Open::Object(Map::new(), key));
                        continue;
                    }
                }
                Some(b'[') => {
                    self.pos += 1;
                    self.skip();
                    if self.peek() == Some(b']') {
                        self.pos += 1;
                        Value::Array(Vec::new())
                    } else {
                        self.open.push(Open::Array(Vec::new()));
                        continue;
                    }
                }
                Some(b'"') => Value::String(self.string()?),
                Some(b't') => self.word("true", Value::Bool(true))?,
                Some(b'f') => self.word("false", Value::Bool(false))?,
                Some(b'n') => self.word("null", Value::Null)?,
                _ => Value::Number(self.number()?),
            };
            // The value is whole: put it in its container, and close every container the text closes here.
            loop {
                self.skip();
                let Some(top) = self.open.last_mut() else {
                    if self.pos != self.bytes.len() {
                        dispose(value);
                        return Err(not_json(format!("text after the value at {}", self.pos)));
                    }
                    return Ok(value);
                };
                let is_array = match top {
                    Open::Array(items) => {
                        items.push(value);
                        true
                    }
                    Open::Object(map, key) => {
                        map.insert(std::mem::take(key), value);
                        false
                    }
                };
                match self.peek() {
                    Some(b',') => {
                        self.pos += 1;
                        self.skip();
                        if !is_array {
                            let next = self.key()?;
                            if let Some(Open::Object(map, key)) = self.open.last_mut() {
                                if map.contains_key(&next) {
                                    return Err(refused(format!("the key {next:?} twice in one object")));
                                }
                                *key = next;
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
                    Some(Open::Array(items)) => Value::Array(items),
                    Some(Open::Object(map, _)) => Value::Object(map),
                    None => Value::Null,
                };
            }
        }
    }

    fn word(&mut self, word: &str, value: Value) -> Result<Value, JsonTextError> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(not_json(format!("an unexpected word at {}", self.pos)))
        }
    }

    fn key(&mut self) -> Result<String, JsonTextError> {
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

    fn string(&mut self) -> Result<String, JsonTextError> {
        let start = self.pos;
        self.pos += 1;
        let unterminated = || not_json(format!("an invalid or unterminated string at {start}"));
        let mut out = String::new();
        loop {
            let run = self.pos;
            while let Some(&b) = self.bytes.get(self.pos) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            out.push_str(&self.text[run..self.pos]);
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
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
