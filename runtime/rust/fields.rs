//! Decoding the generated types from JSON values they own: each value is moved into its field, never copied, and
//! what a record does not declare is kept as it came. The types' serde `Deserialize` goes through here too.

use std::fmt;

use serde_json::{Map, Number, Value};

use crate::check::json_type;
use crate::json::dispose;

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
    pub fn expected(what: &str, found: &Value) -> DecodeError {
        DecodeError { message: format!("expected {what}, found {}", json_type(found)) }
    }

    /// A value of the wrong JSON type, which is freed here without recursion, however deep it is.
    pub fn refused(what: &str, found: Value) -> DecodeError {
        let error = DecodeError::expected(what, &found);
        dispose(found);
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
    fn from_json(value: Value) -> Result<Self, DecodeError>;
}

impl FromJson for String {
    fn from_json(value: Value) -> Result<Self, DecodeError> {
        match value {
            Value::String(text) => Ok(text),
            other => Err(DecodeError::refused("a string", other)),
        }
    }
}

impl FromJson for bool {
    fn from_json(value: Value) -> Result<Self, DecodeError> {
        match value {
            Value::Bool(b) => Ok(b),
            other => Err(DecodeError::refused("a boolean", other)),
        }
    }
}

impl FromJson for Number {
    fn from_json(value: Value) -> Result<Self, DecodeError> {
        match value {
            Value::Number(n) => Ok(n),
            other => Err(DecodeError::refused("a number", other)),
        }
    }
}

impl FromJson for Value {
    fn from_json(value: Value) -> Result<Self, DecodeError> {
        Ok(value)
    }
}

impl FromJson for Map<String, Value> {
    fn from_json(value: Value) -> Result<Self, DecodeError> {
        match value {
            Value::Object(members) => Ok(members),
            other => Err(DecodeError::refused("an object", other)),
        }
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(value: Value) -> Result<Self, DecodeError> {
        match value {
            Value::Array(items) => items.into_iter().enumerate().map(|(i, item)| T::from_json(item).map_err(|e| e.in_field(&i.to_string()))).collect(),
            other => Err(DecodeError::refused("an array", other)),
        }
    }
}

/// The members of an object that is the named record.
pub fn members(value: Value, record: &str) -> Result<Map<String, Value>, DecodeError> {
    match value {
        Value::Object(members) => Ok(members),
        other => Err(DecodeError::refused(&format!("an object ({record})"), other)),
    }
}

/// A required field, taken out of the members.
pub fn required<T: FromJson>(members: &mut Map<String, Value>, key: &str, record: &str) -> Result<T, DecodeError> {
    match members.shift_remove(key) {
        Some(value) => T::from_json(value).map_err(|e| e.in_field(key)),
        None => Err(DecodeError { message: format!("no \"{key}\", which {record} requires") }),
    }
}

/// An optional field, taken out of the members. JSON's null is no declared field's value, so it is refused
/// rather than read as absent (an optional field is left out, never sent as null).
pub fn optional<T: FromJson>(members: &mut Map<String, Value>, key: &str) -> Result<Option<T>, DecodeError> {
    match members.shift_remove(key) {
        None => Ok(None),
        Some(Value::Null) => Err(DecodeError { message: format!("\"{key}\" is null; an optional field is left out instead") }),
        Some(value) => T::from_json(value).map(Some).map_err(|e| e.in_field(key)),
    }
}
