//! What a tool call's arguments must be, as the tool's inputSchema says (tools.json): the request types check their
//! JSON against these before decoding it, so they refuse what the schema refuses (a member no record defines, at any
//! depth; a role outside the language; a value outside its enum; a required member missing; a member of the wrong
//! JSON type; inside an MCP content block, a value past its bounds or not of its pattern), while the model's types,
//! which answers decode into, keep what they do not know.

use serde_json::Value;

use crate::fields::DecodeError;
use crate::nested::{NestedKey, check_nested};
use crate::spec::SPEC;

/// What one value must be.
#[derive(Debug)]
pub enum Want {
    /// A JSON string.
    String,
    /// A JSON boolean.
    Boolean,
    /// A JSON number.
    Number,
    /// An array, each item as wanted.
    List(&'static Want),
    /// An object of a record's members and no other.
    Record(&'static WantRecord),
    /// A string among a closed set: a role of the language, or an enum's value.
    Values(&'static WantSet),
    /// The attributes: the reserved members as wanted, any other name but a forbidden one.
    Attributes(&'static WantAttributes),
    /// A type of MCP's (a content block), whose schema is not closed: what its nested objects hold is checked as the
    /// checker checks it (MCP's bounds and patterns, from the spec data), the rest is its decoder's to refuse.
    External,
}

/// A record's members.
#[derive(Debug)]
pub struct WantRecord {
    /// Named in a refusal.
    pub name: &'static str,
    pub fields: &'static [WantField],
}

/// One member of a record.
#[derive(Debug)]
pub struct WantField {
    pub key: &'static str,
    pub required: bool,
    pub want: Want,
}

/// A closed set of strings.
#[derive(Debug)]
pub struct WantSet {
    /// Named in a refusal.
    pub name: &'static str,
    pub values: &'static [&'static str],
}

/// The attributes' reserved members, and the names they may not hold.
#[derive(Debug)]
pub struct WantAttributes {
    /// Named in a refusal.
    pub name: &'static str,
    pub fields: &'static [WantField],
    pub forbidden: &'static [&'static str],
}

/// Where a value is, as a JSON Pointer from the arguments' object.
fn pointer(path: &str) -> &str {
    if path.is_empty() { "the arguments" } else { path }
}

fn refused(path: &str, why: String) -> DecodeError {
    DecodeError { message: format!("{}: {why}", pointer(path)) }
}

/// The JSON type of a value, as a refusal names it.
fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A JSON Pointer's escaping of one key.
fn escaped(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// Checks an object's members against fields: each member defined (unless `open`), each required one present.
/// Returns the members to check next, with their paths.
fn members<'v>(
    value: &'v Value,
    path: &str,
    name: &str,
    fields: &'static [WantField],
    open: Option<&'static [&'static str]>,
) -> Result<Vec<(&'v Value, &'static Want, String)>, DecodeError> {
    let Value::Object(object) = value else {
        return Err(refused(path, format!("expected an object ({name}), found {}", json_type(value))));
    };
    if let Some(field) = fields.iter().find(|f| f.required && !object.contains_key(f.key)) {
        return Err(refused(path, format!("no \"{}\", which {name} requires", field.key)));
    }
    let mut next = Vec::with_capacity(object.len());
    for (key, member) in object {
        let at = format!("{path}/{}", escaped(key));
        match fields.iter().find(|f| f.key == key) {
            Some(field) => next.push((member, &field.want, at)),
            None => match open {
                None => return Err(refused(&at, format!("{name} defines no member \"{key}\""))),
                Some(forbidden) if forbidden.contains(&key.as_str()) => {
                    return Err(refused(&at, format!("{name} may not hold \"{key}\"")));
                }
                Some(_) => {}
            },
        }
    }
    Ok(next)
}

/// Checks a content block against what the spec data reads from MCP's schema, as the checker does: its tag one of
/// the kinds the schema defines (the answer types keep any other), no object holding the keys of more than one of
/// its alternatives (oneOf), then what its nested objects hold (an annotation's bounds, a timestamp's pattern), the
/// first thing the checker's walk says refusing the block. Its members' JSON types are its decoder's to refuse.
fn external(value: &Value, path: &str) -> Result<(), DecodeError> {
    if !value.is_object() {
        return Ok(());
    }
    let tag = value.get(SPEC.content_tag).and_then(Value::as_str).unwrap_or_default();
    let Some(kind) = SPEC.content_kinds.iter().find(|k| k.r#type == tag) else {
        let at = format!("{path}/{}", escaped(SPEC.content_tag));
        return Err(refused(&at, format!("MCP's schema defines no content of kind \"{tag}\"")));
    };
    for alt in kind.alternatives {
        let Some(Value::Object(held)) = value.get(alt.property) else { continue };
        let present: Vec<&str> = alt.members.iter().map(|m| m.key).filter(|k| held.contains_key(*k)).collect();
        if present.len() > 1 {
            let at = format!("{path}/{}", escaped(alt.property));
            return Err(refused(&at, format!("MCP's schema takes one of {present:?}, not all")));
        }
    }
    for nested in kind.nested {
        let Some(item) = value.get(nested.name).filter(|v| crate::check::json_type(v) == nested.shape.r#type) else {
            continue;
        };
        let mut first: Option<(&'static str, String)> = None;
        check_nested(item, &nested.shape, nested.name, SPEC.shapes, &mut |id, _, keys| {
            if first.is_none() {
                let below = keys.iter().map(|k| match k {
                    NestedKey::Name(name) => format!("/{}", escaped(name)),
                    NestedKey::Index(i) => format!("/{i}"),
                });
                first = Some((id, below.collect()));
            }
        });
        if let Some((id, below)) = first {
            let at = format!("{path}/{}{below}", escaped(nested.name));
            return Err(refused(&at, format!("MCP's schema refuses this value ({id})")));
        }
    }
    Ok(())
}

/// Checks a tool call's arguments against the record of members they must be, without recursion however deep
/// they nest.
pub fn check(arguments: &Value, request: &'static WantRecord) -> Result<(), DecodeError> {
    let mut stack = members(arguments, "", request.name, request.fields, None)?;
    while let Some((value, want, path)) = stack.pop() {
        let kind = match want {
            Want::String => value.is_string().then_some(()).ok_or("a string"),
            Want::Boolean => value.is_boolean().then_some(()).ok_or("a boolean"),
            Want::Number => value.is_number().then_some(()).ok_or("a number"),
            Want::External => {
                external(value, &path)?;
                Ok(())
            }
            Want::List(items) => match value {
                Value::Array(list) => {
                    stack.extend(list.iter().enumerate().map(|(i, item)| (item, *items, format!("{path}/{i}"))));
                    Ok(())
                }
                _ => Err("an array"),
            },
            Want::Values(set) => match value {
                Value::String(s) if set.values.contains(&s.as_str()) => Ok(()),
                Value::String(s) => return Err(refused(&path, format!("\"{s}\" is not a value of {}", set.name))),
                _ => Err("a string"),
            },
            Want::Record(record) => {
                stack.extend(members(value, &path, record.name, record.fields, None)?);
                Ok(())
            }
            Want::Attributes(attributes) => {
                let open = Some(attributes.forbidden);
                stack.extend(members(value, &path, attributes.name, attributes.fields, open)?);
                Ok(())
            }
        };
        if let Err(expected) = kind {
            return Err(refused(&path, format!("expected {expected}, found {}", json_type(value))));
        }
    }
    Ok(())
}
