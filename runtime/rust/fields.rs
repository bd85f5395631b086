//! Decoding the generated types from JSON values they own (the reader's nodes): each value is moved into its field,
//! a string borrowed from the text is copied once, into the field, and what a record does not declare is kept as
//! it came. The types' serde `Deserialize` goes through here too, by way of a node.

use std::borrow::Cow;
use std::fmt;

use serde_json::{Map, Number, Value};

use crate::json::{Node, dispose_node};

/// A JSON value the types do not take: what was expected, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    /// What is wrong, naming the field.
    pub message: String,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DecodeError {}

impl DecodeError {
    /// A value of the wrong JSON type.
    pub fn expected(what: &str, found: &Node<'_>) -> DecodeError {
        DecodeError { message: format!("expected {what}, found {}", found.json_type()) }
    }

    /// A value of the wrong JSON type, which is freed here without recursion, however deep it is.
    pub fn refused(what: &str, found: Node<'_>) -> DecodeError {
        let error = DecodeError::expected(what, &found);
        dispose_node(found);
        error
    }

    /// The error, said to be in a field.
    pub fn in_field(self, key: &str) -> DecodeError {
        DecodeError { message: format!("\"{key}\": {}", self.message) }
    }
}

/// A type decoded from a JSON value it takes ownership of.
pub trait FromJson: Sized {
    /// The value as this type, or why it is not one.
    fn from_json(value: Node<'_>) -> Result<Self, DecodeError>;
}

/// The text of a string, still borrowed from the JSON text when it was there.
pub fn text(value: Node<'_>) -> Result<Cow<'_, str>, DecodeError> {
    match value {
        Node::String(text) => Ok(text),
        other => Err(DecodeError::refused("a string", other)),
    }
}

impl FromJson for String {
    fn from_json(value: Node<'_>) -> Result<Self, DecodeError> {
        text(value).map(Cow::into_owned)
    }
}

impl FromJson for bool {
    fn from_json(value: Node<'_>) -> Result<Self, DecodeError> {
        match value {
            Node::Bool(b) => Ok(b),
            other => Err(DecodeError::refused("a boolean", other)),
        }
    }
}

impl FromJson for Number {
    fn from_json(value: Node<'_>) -> Result<Self, DecodeError> {
        match value {
            Node::Number(n) => Ok(n),
            other => Err(DecodeError::refused("a number", other)),
        }
    }
}

impl FromJson for Value {
    fn from_json(value: Node<'_>) -> Result<Self, DecodeError> {
        Ok(value.into_value())
    }
}

impl FromJson for Map<String, Value> {
    fn from_json(value: Node<'_>) -> Result<Self, DecodeError> {
        match value {
            Node::Object(members) => Ok(Members { entries: members }.rest()),
            other => Err(DecodeError::refused("an object", other)),
        }
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(value: Node<'_>) -> Result<Self, DecodeError> {
        match value {
            Node::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                let mut items = items.into_iter().enumerate();
                while let Some((i, item)) = items.next() {
                    match T::from_json(item) {
                        Ok(item) => out.push(item),
                        Err(e) => {
                            // What was not reached is freed without recursion too.
                            items.for_each(|(_, rest)| dispose_node(rest));
                            return Err(e.in_field(&i.to_string()));
                        }
                    }
                }
                Ok(out)
            }
            other => Err(DecodeError::refused("an array", other)),
        }
    }
}

/// The members of an object being decoded, in order: each declared field is taken out, and the rest kept.
pub struct Members<'t> {
    entries: Vec<(Cow<'t, str>, Node<'t>)>,
}

impl<'t> Members<'t> {
    /// The value of a member, taken out.
    pub fn take(&mut self, key: &str) -> Option<Node<'t>> {
        let at = self.entries.iter().position(|(k, _)| k == key)?;
        Some(self.entries.remove(at).1)
    }

    /// The members not taken, in their order, as serde_json's map.
    pub fn rest(mut self) -> Map<String, Value> {
        if self.entries.is_empty() {
            return Map::new();
        }
        match Node::Object(std::mem::take(&mut self.entries)).into_value() {
            Value::Object(rest) => rest,
            _ => Map::new(),
        }
    }
}

impl Drop for Members<'_> {
    /// Members left when decoding stops at an error are freed without recursion, however deep.
    fn drop(&mut self) {
        dispose_node(Node::Object(std::mem::take(&mut self.entries)));
    }
}

/// The members of an object that is the named record.
pub fn members<'t>(value: Node<'t>, record: &str) -> Result<Members<'t>, DecodeError> {
    match value {
        Node::Object(entries) => Ok(Members { entries }),
        other => Err(DecodeError::refused(&format!("an object ({record})"), other)),
    }
}

/// A required field, taken out of the members.
pub fn required<T: FromJson>(members: &mut Members<'_>, key: &str, record: &str) -> Result<T, DecodeError> {
    match members.take(key) {
        Some(value) => T::from_json(value).map_err(|e| e.in_field(key)),
        None => Err(DecodeError { message: format!("no \"{key}\", which {record} requires") }),
    }
}

/// An optional field, taken out of the members. JSON's null is no declared field's value, so it is refused
/// rather than read as absent (an optional field is left out, never sent as null).
pub fn optional<T: FromJson>(members: &mut Members<'_>, key: &str) -> Result<Option<T>, DecodeError> {
    match members.take(key) {
        None => Ok(None),
        Some(Node::Null) => Err(DecodeError { message: format!("\"{key}\" is null; an optional field is left out instead") }),
        Some(value) => T::from_json(value).map(Some).map_err(|e| e.in_field(key)),
    }
}
