//! What MCP's schema says inside a content block's nested objects, checked as both JSON Schemas check it.
//!
//! A content block's annotations, an embedded resource and a link's icons are MCP's own objects. The spec data
//! gives their shapes (`SpecData::shapes`, and each content kind's `nested`); this walks a value against one and
//! says each finding by the catalogue's id. Unknown keys are MCP's to allow. MCP's shapes are a few levels deep,
//! so the walk's recursion is bounded by the shape, not by the value.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use regex::Regex;
use serde_json::Value;

use crate::findings::Slot;
use crate::json::View;
use crate::spec_data::{NestedMember, NestedShape};

/// A key below the content block's property: an object's key or an array's index.
#[derive(Debug, Clone)]
pub enum NestedKey {
    /// An object's key.
    Name(&'static str),
    /// An array's index.
    Index(usize),
}

fn matches(pattern: &str, text: &str) -> bool {
    static COMPILED: OnceLock<Mutex<HashMap<String, Option<Regex>>>> = OnceLock::new();
    let Ok(mut compiled) = COMPILED.get_or_init(|| Mutex::new(HashMap::new())).lock() else { return true };
    let regex = compiled.entry(pattern.to_owned()).or_insert_with(|| Regex::new(pattern).ok());
    regex.as_ref().is_none_or(|r| r.is_match(text))
}

/// How the walk says a finding: the catalogue's id, its slots, and the keys below the content block's property.
pub type Say<'s> = dyn FnMut(&'static str, Vec<(&'static str, Slot)>, &[NestedKey]) + 's;

/// Checks what is inside one property of a content block, whose own JSON type the caller has checked.
pub fn check_nested(value: &Value, shape: &NestedShape, property: &'static str, shapes: &[(&'static str, NestedShape)], say: &mut Say<'_>) {
    check_nested_view(value, shape, property, shapes, say);
}

/// [`check_nested`] for a `Value` or a node.
pub(crate) fn check_nested_view<J: View>(value: &J, shape: &NestedShape, property: &'static str, shapes: &[(&'static str, NestedShape)], say: &mut Say<'_>) {
    let mut keys = Vec::new();
    walk(value, shape, property, true, shapes, &mut keys, say);
}

fn walk<J: View>(v: &J, s: &NestedShape, name: &'static str, top: bool, shapes: &[(&'static str, NestedShape)], keys: &mut Vec<NestedKey>, say: &mut Say<'_>) {
    let own = match s.r#ref {
        Some(r) => match shapes.iter().find(|(n, _)| *n == r) {
            Some((_, shape)) => shape,
            None => return,
        },
        None => s,
    };
    if own.r#type == "any" {
        return;
    }
    if !top && v.json_type() != own.r#type {
        say("wrong-content-property-type", vec![("expected", own.r#type.into()), ("property", name.into()), ("found", v.json_type().into())], keys);
        return;
    }
    if let Some(text) = v.text() {
        if let Some(allowed) = own.r#enum {
            if !allowed.contains(&text) {
                say("not-one-of", vec![("allowed", Slot::List(allowed.iter().map(|a| (*a).to_owned()).collect())), ("property", name.into())], keys);
            }
        } else if let Some(pattern) = own.pattern {
            if !matches(pattern, text) {
                say("wrong-form", vec![("form", own.form.unwrap_or("pattern-matching").into()), ("property", name.into())], keys);
            }
        }
    } else if let Some(n) = v.number() {
        // Parsed from its text, not `as_f64`, which has nothing for a number past f64's range: as JavaScript reads
        // it, such a number is infinite, and out of any bounds.
        let x = n.as_str().parse::<f64>().unwrap_or(f64::NAN);
        if own.minimum.is_some_and(|m| x < m) || own.maximum.is_some_and(|m| x > m) {
            say("out-of-range", vec![("bounds", own.bounds.unwrap_or("").into()), ("property", name.into())], keys);
        }
    } else if let Some(items) = v.items() {
        let Some(item_shape) = own.items else { return };
        for (i, item) in items.iter().enumerate() {
            keys.push(NestedKey::Index(i));
            walk(item, item_shape, name, false, shapes, keys, say);
            keys.pop();
        }
    } else if v.entries().is_some() {
        if let Some(options) = own.members {
            let present: Vec<&NestedMember> = options.iter().filter(|m| v.member(m.key).is_some()).collect();
            // Several keys are the content block's Alternatives finding already; none is this one.
            match present.as_slice() {
                [] => {
                    let slots = vec![
                        ("property", name.into()),
                        ("keys", Slot::List(options.iter().map(|m| m.key.to_owned()).collect())),
                        ("members", Slot::List(options.iter().map(|m| m.name.to_owned()).collect())),
                    ];
                    say("no-alternative", slots, keys);
                }
                [one] => {
                    let shape = NestedShape { r#type: "object", r#ref: Some(one.name), ..NestedShape::default() };
                    walk(v, &shape, name, true, shapes, keys, say);
                }
                _ => {}
            }
            return;
        }
        for p in own.properties.unwrap_or(&[]) {
            if let Some(item) = v.member(p.name) {
                keys.push(NestedKey::Name(p.name));
                walk(item, &p.shape, p.name, false, shapes, keys, say);
                keys.pop();
            }
        }
        for field in own.required.unwrap_or(&[]) {
            if v.member(field).is_none() {
                say("missing-field", vec![("record", own.name.unwrap_or(name).into()), ("field", (*field).into())], keys);
            }
        }
    }
}
