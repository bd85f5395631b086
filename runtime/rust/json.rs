//! JSON values as this crate reads them: [`Node`], which the checker and the types read, and serde_json's `Value`.
//!
//! The reader (json_reader.rs, whose header says why it is hand-written) reads any depth with no recursion, keeps
//! members in their order and every number's digits (serde_json's `arbitrary_precision`), and gives one of the
//! catalogue's six `json-*` findings, with its line and column, for text that is not JSON or that every binding
//! refuses. A deep value is dropped with [`dispose`] or [`dispose_node`], which free a tree of any depth without
//! recursion; a node's strings without escapes are borrowed from the text, so reading allocates little.
//! [`read_json`] gives a `Value`; `parse_answer` checks the node and moves its strings into the types.

use std::borrow::Cow;

use serde_json::{Map, Number, Value};

pub use crate::json_finding::JsonTextError;
pub use crate::json_reader::{read_json, read_json_bytes};
pub(crate) use crate::json_reader::{read_node, read_node_bytes};

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
