//! The conformance checker: the same findings as every other binding's, for any JSON value.
//!
//! It checks an answer against the structure and every requirement the spec marks checkable, in one pass over the
//! tree with an explicit stack, so depth and width are bounded only by the limits, never by the call stack.

use serde_json::Value;

use crate::check_index::{HashMap, Index, RecordRule, ValueRule};
use crate::walk::{Frame, Key, NONE, Visited};
use crate::findings::{Finding, Slot, entry, push_pointer, sort_findings};
use crate::json::View;
use crate::nested::{NestedKey, check_nested_view};
use crate::spec_data::{DeprecatedName, RemovedField, SpecData};

/// Limits the RFC leaves open; going past one is a `limit` finding, never a crash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckOptions {
    /// Most elements to read before reporting `limit` and stopping.
    pub max_elements: usize,
    /// Deepest nesting of elements to read; below it nothing is read.
    pub max_depth: usize,
    /// Longest string, in UTF-16 code units as the other bindings count, before a `limit` warning.
    pub max_string_length: usize,
}

/// The default limits.
pub const LIMITS: CheckOptions = CheckOptions { max_elements: 1_000_000, max_depth: 100_000, max_string_length: 1_048_576 };

impl Default for CheckOptions {
    fn default() -> Self {
        LIMITS
    }
}

/// The JSON type of a value, by JSON's names.
pub fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn json_type_of<J: View>(value: Option<&J>) -> &'static str {
    value.map_or("undefined", View::json_type)
}

/// One run of the checker over one answer, a `Value` or a node (`crate::json::Node`).
struct Check<'a, J: View> {
    ix: &'a Index,
    options: CheckOptions,
    findings: Vec<Finding>,
    visited: Visited<'a>,
    /// Where the checks are: the element being visited (`NONE` for the answer) and the keys from it to the value.
    here: usize,
    trail: Vec<Key<'a>>,
    of: std::marker::PhantomData<&'a J>,
}

impl<'a, J: View> Check<'a, J> {
    fn report(&mut self, id: &'static str, element_id: Option<&str>, slots: &[(&str, Slot)], key: Option<Key<'_>>) {
        let e = entry(id);
        let requirement = self.ix.requirement_of.get(e.rule).copied();
        // A rule the spec assigns to no requirement is not checked; shape and limits always are.
        if requirement.is_none() && !matches!(e.rule, "structure" | "limit" | "deprecated-name") {
            return;
        }
        let mut path = if self.here == NONE { String::new() } else { self.visited.pointer(self.here, &self.ix.spec.tree) };
        for k in self.trail.iter().copied().chain(key) {
            match k {
                Key::Name(name) => push_pointer(&mut path, name),
                Key::Index(i) => {
                    path.push('/');
                    path.push_str(&i.to_string());
                }
            }
        }
        let message = crate::findings::format_message(e, slots);
        self.findings.push(Finding { requirement, rule: e.rule, severity: e.severity, element_id: element_id.map(str::to_owned), path, message });
    }

    fn report_deprecated(&mut self, d: &DeprecatedName, key: Key<'_>, element_id: Option<&str>) {
        let mut slots = vec![("name", Slot::from(d.name)), ("version", Slot::from(d.version))];
        match d.use_instead {
            Some(instead) => {
                slots.push(("useInstead", Slot::from(instead)));
                self.report("deprecated-use-instead", element_id, &slots, Some(key));
            }
            None => self.report("deprecated", element_id, &slots, Some(key)),
        }
    }

    fn check_string(&mut self, text: &str, key: Key<'_>, element_id: Option<&str>) {
        let limit = self.options.max_string_length;
        if text.len() <= limit {
            return;
        }
        let length = text.encode_utf16().count();
        if length > limit {
            self.report("string-too-long", element_id, &[("length", length.to_string().into()), ("limit", limit.to_string().into())], Some(key));
        }
    }

    fn check_value(&mut self, value: &'a J, rule: &'a ValueRule, key: Key<'a>, element_id: Option<&'a str>) {
        match rule {
            ValueRule::Primitive(name) => {
                if value.json_type() != *name {
                    self.report("wrong-type", element_id, &[("expected", (*name).into()), ("found", value.json_type().into())], Some(key));
                } else if let Some(text) = value.text() {
                    self.check_string(text, key, element_id);
                }
            }
            ValueRule::Array(items, label) => {
                let Some(list) = value.items() else {
                    let slots = [("label", label.as_str().into()), ("found", value.json_type().into())];
                    return self.report("wrong-array-type", element_id, &slots, Some(key));
                };
                self.trail.push(key);
                for (i, item) in list.iter().enumerate() {
                    self.check_value(item, items, Key::Index(i), element_id);
                }
                self.trail.pop();
            }
            ValueRule::Record(n) => {
                self.trail.push(key);
                self.check_record(value, &self.ix.records[*n], element_id);
                self.trail.pop();
            }
            ValueRule::Role => match value.text() {
                Some(role) => {
                    if let Some(d) = self.ix.deprecated_roles.get(role) {
                        self.report_deprecated(d, key, element_id);
                    } else if !self.ix.roles.contains(role) {
                        let slots = [("name", role.into()), ("unknownRole", self.ix.spec.role_rules.unknown.into())];
                        self.report("unknown-role", element_id, &slots, Some(key));
                    }
                }
                None => self.report("wrong-role-type", element_id, &[("found", value.json_type().into())], Some(key)),
            },
            ValueRule::Enum(name, values) => match value.text() {
                Some(text) => {
                    if !values.contains(&text) {
                        let listed = Slot::List(values.iter().map(|v| (*v).to_owned()).collect());
                        self.report("unknown-value", element_id, &[("value", text.into()), ("type", (*name).into()), ("values", listed)], Some(key));
                    }
                }
                None => self.report("wrong-type", element_id, &[("expected", "string".into()), ("found", value.json_type().into())], Some(key)),
            },
            ValueRule::Content => {
                self.trail.push(key);
                self.check_content(value, element_id);
                self.trail.pop();
            }
            ValueRule::Attributes => {
                self.trail.push(key);
                self.check_attributes(value, element_id);
                self.trail.pop();
            }
            ValueRule::Unchecked => {}
        }
    }

    /// Checks the record at the current place; returns it when it is an object at all.
    fn check_record(&mut self, value: &'a J, record: &'a RecordRule, element_id: Option<&'a str>) -> Option<&'a J> {
        let Some(members) = value.entries() else {
            self.report("wrong-record-type", element_id, &[("record", record.name.into()), ("found", value.json_type().into())], None);
            return None;
        };
        let mut required = 0;
        for (key, item) in members {
            let Some(rule) = record.fields.get(key) else {
                self.check_unknown_field(record, key, element_id);
                continue;
            };
            if rule.required {
                required += 1;
            }
            if let Some(d) = record.deprecated.get(key) {
                self.report_deprecated(d, Key::Name(key), element_id);
            }
            if !rule.walked {
                self.check_value(item, &rule.value, Key::Name(key), element_id);
            }
        }
        if required < record.required.len() {
            for name in &record.required {
                if value.member(name).is_none() {
                    self.report("missing-field", element_id, &[("record", record.name.into()), ("field", (*name).into())], None);
                }
            }
        }
        Some(value)
    }

    /// A name its version removed, where an answer still holds it: what replaced it, or that nothing did.
    fn report_removed(&mut self, removed: &RemovedField, key: &'a str, element_id: Option<&str>) {
        let Some(replaced_by) = removed.replaced_by else {
            return self.report("removed-without-replacement", element_id, &[("field", key.into()), ("version", removed.version.into())], Some(Key::Name(key)));
        };
        let mut slots = vec![("field", Slot::from(key)), ("version", removed.version.into()), ("replacedBy", replaced_by.into())];
        if removed.states.is_empty() {
            self.report("removed-field", element_id, &slots, Some(Key::Name(key)));
        } else {
            slots.push(("states", Slot::List(removed.states.iter().map(|s| (*s).to_owned()).collect())));
            self.report("removed-state", element_id, &slots, Some(Key::Name(key)));
        }
    }

    fn check_unknown_field(&mut self, record: &RecordRule, key: &'a str, element_id: Option<&str>) {
        if let Some(removed) = record.removed.get(key) {
            self.report_removed(removed, key, element_id);
        } else if !record.is_node && self.ix.state_names.contains(key) {
            self.report("state-on-record", element_id, &[("field", key.into()), ("record", record.name.into())], Some(Key::Name(key)));
        } else {
            self.report("unknown-field", element_id, &[("record", record.name.into()), ("field", key.into())], Some(Key::Name(key)));
        }
    }

    fn check_attributes(&mut self, value: &'a J, element_id: Option<&'a str>) {
        let Some(members) = value.entries() else {
            return self.report("wrong-attributes-type", element_id, &[("found", value.json_type().into())], None);
        };
        for (key, item) in members {
            if let Some(reserved) = self.ix.reserved.get(key) {
                if let Some(d) = self.ix.deprecated_attributes.get(key) {
                    self.report_deprecated(d, Key::Name(key), element_id);
                }
                self.check_value(item, reserved, Key::Name(key), element_id);
            } else if let Some(removed) = self.ix.removed_attributes.get(key) {
                self.report_removed(removed, key, element_id);
            } else if self.ix.state_names.contains(key) {
                self.report("state-in-attributes", element_id, &[("field", key.into())], Some(Key::Name(key)));
            }
        }
    }

    fn check_content(&mut self, value: &'a J, element_id: Option<&'a str>) {
        let Some(members) = value.entries() else {
            return self.report("wrong-content-type", element_id, &[("found", value.json_type().into())], None);
        };
        let tag_key = self.ix.spec.content_tag;
        let Some(tag) = value.member(tag_key).and_then(View::text) else {
            let found = json_type_of(value.member(tag_key));
            return self.report("wrong-content-tag-type", element_id, &[("found", found.into())], Some(Key::Name(tag_key)));
        };
        let ix = self.ix;
        let Some(kind) = ix.content_rule(tag) else {
            // A kind a later MCP version may define: a receiver keeps it whole, so it is flagged, not refused.
            let kinds = Slot::List(ix.content.iter().map(|k| k.tag.to_owned()).collect());
            return self.report("unknown-content-kind", element_id, &[("kind", tag.into()), ("kinds", kinds)], Some(Key::Name(tag_key)));
        };
        let mut required = 0;
        for (name, item) in members {
            let Some(&(expected, is_required)) = kind.properties.get(name) else { continue };
            if is_required {
                required += 1;
            }
            if expected.is_empty() {
                continue;
            }
            if expected != "any" && item.json_type() != expected {
                let slots = [("expected", expected.into()), ("property", name.into()), ("found", item.json_type().into())];
                self.report("wrong-content-property-type", element_id, &slots, Some(Key::Name(name)));
            } else if let Some(text) = item.text() {
                self.check_string(text, Key::Name(name), element_id);
            }
        }
        for alt in kind.alternatives {
            let Some(held) = value.member(alt.property).filter(|held| held.entries().is_some()) else { continue };
            let present: Vec<String> = alt.members.iter().map(|m| m.key).filter(|k| held.member(k).is_some()).map(str::to_owned).collect();
            if present.len() > 1 {
                let members = Slot::List(alt.members.iter().map(|m| m.name.to_owned()).collect());
                let slots = [("property", alt.property.into()), ("present", Slot::List(present)), ("members", members)];
                self.report("several-alternatives", element_id, &slots, Some(Key::Name(alt.property)));
            }
        }
        if required < kind.required.len() {
            for name in kind.required {
                if value.member(name).is_none() {
                    self.report("missing-content-property", element_id, &[("kind", kind.tag.into()), ("property", (*name).into())], None);
                }
            }
        }
        for nested in kind.nested {
            // A value of the wrong JSON type was reported above; only one of the right type is looked inside.
            let Some(item) = value.member(nested.name).filter(|v| v.json_type() == nested.shape.r#type) else { continue };
            let mut said = Vec::new();
            check_nested_view(item, &nested.shape, nested.name, ix.spec.shapes, &mut |id, slots, keys: &[NestedKey]| said.push((id, slots, keys.to_vec())));
            self.trail.push(Key::Name(nested.name));
            for (id, slots, keys) in said {
                let depth = self.trail.len();
                self.trail.extend(keys.iter().map(|k| match k {
                    NestedKey::Name(name) => Key::Name(name),
                    NestedKey::Index(i) => Key::Index(*i),
                }));
                self.report(id, element_id, &slots, None);
                self.trail.truncate(depth);
            }
            self.trail.pop();
        }
    }

    /// Checks one element and its place among the path states, and puts its children on the stack.
    fn visit(&mut self, frame: Frame<'a, J>, stack: &mut Vec<Frame<'a, J>>) {
        let ix = self.ix;
        let tree = &ix.spec.tree;
        let element_id = frame.value.member(tree.id).and_then(View::text);
        let n = self.visited.add(frame.parent, frame.index, element_id);
        self.here = n;
        let Some(element) = self.check_record(frame.value, &ix.records[ix.node], element_id) else { return };
        let root_role = ix.spec.role_rules.root;
        if let Some(role) = element.member(tree.role).and_then(View::text) {
            if frame.depth == 0 && role != root_role {
                self.report("root-role", element_id, &[("name", role.into()), ("rootRole", root_role.into())], Some(Key::Name(tree.role)));
            }
        }
        let mut bits = 0u64;
        for (k, name) in ix.path_states.iter().enumerate() {
            if !element.member(name).is_some_and(View::is_true) {
                continue;
            }
            bits |= 1 << k;
            // The path runs from the root's child down: a set element below that needs its parent set too.
            if frame.depth >= 2 && frame.parent_bits & (1 << k) == 0 {
                let slots = [("state", (*name).into()), ("parent", frame.parent_id.unwrap_or("").into())];
                self.report("path-gap", element_id, &slots, Some(Key::Name(name)));
            }
        }
        match element.member(tree.children).map(|c| (c, c.items())) {
            Some((_, Some(children))) => {
                self.count_forks(children, element_id);
                // Pushed last first, so the walk meets them in order.
                for (i, child) in children.iter().enumerate().rev() {
                    stack.push(Frame { value: child, parent: n, index: i, depth: frame.depth + 1, parent_id: element_id, parent_bits: bits });
                }
            }
            Some((other, None)) => self.report("wrong-children-type", element_id, &[("found", other.json_type().into())], Some(Key::Name(tree.children))),
            None => {}
        }
    }

    /// A path state set on more than one child: the path can follow only one of them.
    fn count_forks(&mut self, children: &[J], element_id: Option<&str>) {
        let ix = self.ix;
        for name in &ix.path_states {
            let n = children.iter().filter(|c| c.member(name).is_some_and(View::is_true)).count();
            if n > 1 {
                self.report("path-forks", element_id, &[("count", n.to_string().into()), ("state", (*name).into())], Some(Key::Name(ix.spec.tree.children)));
            }
        }
    }

    /// Reports a limit at an element that is then not checked: it is numbered, without its id, for its path.
    fn report_limit(&mut self, frame: &Frame<'a, J>, id: &'static str, limit: usize) {
        self.here = self.visited.add(frame.parent, frame.index, None);
        self.report(id, None, &[("limit", limit.to_string().into())], None);
    }

    fn run(mut self, answer: &'a J) -> Vec<Finding> {
        let ix = self.ix;
        let tree = &ix.spec.tree;
        let Some(root) = self.check_record(answer, &ix.records[ix.answer], None).and_then(|a| a.member(tree.root)) else {
            sort_findings(&mut self.findings);
            return self.findings;
        };
        let mut stack = vec![Frame { value: root, parent: NONE, index: 0, depth: 0, parent_id: None, parent_bits: 0 }];
        let mut count = 0;
        while let Some(frame) = stack.pop() {
            count += 1;
            if count > self.options.max_elements {
                self.report_limit(&frame, "too-many-elements", self.options.max_elements);
                break;
            }
            if frame.depth > self.options.max_depth {
                self.report_limit(&frame, "too-deep", self.options.max_depth);
                continue;
            }
            self.visit(frame, &mut stack);
        }
        let mut first_of: HashMap<&str, usize> = HashMap::with_capacity_and_hasher(self.visited.ids.len(), Default::default());
        for n in 0..self.visited.ids.len() {
            let Some(id) = self.visited.ids[n] else { continue };
            let first = *first_of.entry(id).or_insert(n);
            if first != n {
                self.here = n;
                let at = self.visited.pointer(first, tree);
                self.report("duplicate-id", Some(id), &[("repeated", id.into()), ("path", at.into())], Some(Key::Name(tree.id)));
            }
        }
        sort_findings(&mut self.findings);
        self.findings
    }
}

/// A checker for one protocol version's rules; the lookups it needs are built once, when it is made.
pub struct Checker {
    ix: Index,
}

impl Checker {
    /// The checker of one version's rules.
    pub fn new(spec: &'static SpecData) -> Checker {
        Checker { ix: Index::new(spec) }
    }

    /// The rules it checks by.
    pub fn spec(&self) -> &'static SpecData {
        self.ix.spec
    }

    /// The findings for an answer (any JSON value), sorted.
    pub fn check(&self, answer: &Value, options: CheckOptions) -> Vec<Finding> {
        self.check_view(answer, options)
    }

    /// The findings for an answer, a `Value` or a node as this crate's reader reads it, sorted.
    pub(crate) fn check_view<J: View>(&self, answer: &J, options: CheckOptions) -> Vec<Finding> {
        let visited = Visited { parents: Vec::new(), indexes: Vec::new(), ids: Vec::new() };
        Check { ix: &self.ix, options, findings: Vec::new(), visited, here: NONE, trail: Vec::new(), of: std::marker::PhantomData }.run(answer)
    }
}
