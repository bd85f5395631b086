//! The lookups a checker needs, built once per protocol version from its rules.

use std::collections::{HashMap as StdHashMap, HashSet as StdHashSet};
use std::hash::{BuildHasherDefault, Hasher};

use crate::spec_data::{Alternatives, DeprecatedName, RemovedField, SpecData, TypeKind, TypeShape};

/// FNV-1a: the checker's tables are keyed by the spec's short names, which need no defence against collisions.
#[derive(Default)]
pub(crate) struct Fnv(u64);

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        let mut hash = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = hash;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

pub(crate) type HashMap<K, V> = StdHashMap<K, V, BuildHasherDefault<Fnv>>;
pub(crate) type HashSet<K> = StdHashSet<K, BuildHasherDefault<Fnv>>;

/// What a value must be.
pub(crate) enum ValueRule {
    /// A JSON primitive, by JSON's name.
    Primitive(&'static str),
    /// An array, each item by the rule; the label is the type as the spec writes it (`Related[]`).
    Array(Box<ValueRule>, String),
    /// A record, by its index in `Index::records`.
    Record(usize),
    /// A role string.
    Role,
    /// An enum's value: its name and its values, in the spec's order.
    Enum(&'static str, &'static [&'static str]),
    /// Attributes.
    Attributes,
    /// A content block.
    Content,
    /// Not checked.
    Unchecked,
}

pub(crate) struct FieldCheck {
    pub required: bool,
    /// The tree's own links (the answer's root, an element's children) are walked by the loop, not checked in place.
    pub walked: bool,
    pub value: ValueRule,
}

pub(crate) struct RecordRule {
    pub name: &'static str,
    pub fields: HashMap<&'static str, FieldCheck>,
    pub required: Vec<&'static str>,
    pub removed: HashMap<&'static str, &'static RemovedField>,
    pub deprecated: HashMap<&'static str, &'static DeprecatedName>,
    pub is_node: bool,
}

pub(crate) struct ContentRule {
    pub tag: &'static str,
    pub required: &'static [&'static str],
    /// Each property's expected JSON type ("any" for no check) and whether it is required.
    pub properties: HashMap<&'static str, (&'static str, bool)>,
    pub alternatives: &'static [Alternatives],
    pub nested: &'static [crate::spec_data::NestedProperty],
}

pub(crate) struct Index {
    pub spec: &'static SpecData,
    pub records: Vec<RecordRule>,
    pub deprecated_roles: HashMap<&'static str, &'static DeprecatedName>,
    pub deprecated_attributes: HashMap<&'static str, &'static DeprecatedName>,
    /// Reserved attributes a version removed: reported where an answer still holds one, as a removed field is.
    pub removed_attributes: HashMap<&'static str, &'static RemovedField>,
    pub requirement_of: HashMap<&'static str, &'static str>,
    pub roles: HashSet<&'static str>,
    pub state_names: HashSet<&'static str>,
    pub path_states: Vec<&'static str>,
    pub content: Vec<ContentRule>,
    pub reserved: HashMap<&'static str, ValueRule>,
    pub answer: usize,
    pub node: usize,
}

fn describe(shape: &TypeShape) -> String {
    match shape {
        TypeShape::ArrayOf { items } => format!("{}[]", describe(items)),
        TypeShape::Primitive { name } | TypeShape::Named { name } => (*name).to_owned(),
    }
}

impl Index {
    pub fn new(spec: &'static SpecData) -> Index {
        let by_type = |list: &'static [DeprecatedName], kind: TypeKind| -> HashMap<&'static str, &'static DeprecatedName> {
            let names: Vec<&str> = spec.type_kinds.iter().filter(|(_, k)| *k == kind).map(|(n, _)| *n).collect();
            list.iter().filter(|d| names.first() == Some(&d.from)).map(|d| (d.name, d)).collect()
        };
        let mut requirement_of = HashMap::default();
        for r in spec.requirements {
            if let Some(rule) = r.rule {
                requirement_of.entry(rule).or_insert(r.id);
            }
        }
        let mut ix = Index {
            spec,
            records: Vec::new(),
            deprecated_roles: by_type(spec.deprecated, TypeKind::Roles),
            deprecated_attributes: by_type(spec.deprecated, TypeKind::Attributes),
            removed_attributes: spec
                .type_kinds
                .iter()
                .find(|(_, k)| *k == TypeKind::Attributes)
                .map(|(attributes, _)| spec.removed.iter().filter(|r| r.from == *attributes).map(|r| (r.name, r)).collect())
                .unwrap_or_default(),
            requirement_of,
            roles: spec.roles.iter().copied().collect(),
            state_names: spec.states.iter().map(|s| s.name).collect(),
            path_states: spec.states.iter().filter(|s| s.path).map(|s| s.name).collect(),
            content: spec.content_kinds.iter().map(|k| {
                let mut properties: HashMap<&'static str, (&'static str, bool)> = HashMap::default();
                for (name, expected) in k.properties {
                    properties.insert(name, (expected, k.required.contains(name)));
                }
                for name in k.required {
                    properties.entry(name).or_insert(("", true));
                }
                ContentRule { tag: k.r#type, required: k.required, properties, alternatives: k.alternatives, nested: k.nested }
            }).collect(),
            reserved: HashMap::default(),
            answer: 0,
            node: 0,
        };
        let mut by_name = HashMap::default();
        ix.answer = ix.record_rule(spec.tree.answer, &mut by_name);
        ix.node = ix.record_rule(spec.tree.node, &mut by_name);
        for a in spec.reserved_attributes {
            let rule = ix.value_rule(&a.r#type, &mut by_name);
            ix.reserved.insert(a.name, rule);
        }
        ix
    }

    fn record_rule(&mut self, name: &'static str, by_name: &mut HashMap<&'static str, usize>) -> usize {
        if let Some(&n) = by_name.get(name) {
            return n;
        }
        let spec = self.spec;
        let fields: &'static [crate::spec_data::FieldRule] = spec.records.iter().find(|(n, _)| *n == name).map_or(&[], |(_, f)| f);
        let n = self.records.len();
        // Records refer to each other (an element holds elements), so each is registered before its fields resolve.
        by_name.insert(name, n);
        self.records.push(RecordRule {
            name,
            fields: HashMap::default(),
            required: fields.iter().filter(|f| f.required).map(|f| f.name).collect(),
            removed: spec.removed.iter().filter(|r| r.from == name).map(|r| (r.name, r)).collect(),
            deprecated: spec.deprecated.iter().filter(|d| d.from == name).map(|d| (d.name, d)).collect(),
            is_node: name == spec.tree.node,
        });
        for f in fields {
            let walked = (name == spec.tree.node && f.name == spec.tree.children) || (name == spec.tree.answer && f.name == spec.tree.root);
            let value = self.value_rule(&f.r#type, by_name);
            self.records[n].fields.insert(f.name, FieldCheck { required: f.required, walked, value });
        }
        n
    }

    fn value_rule(&mut self, shape: &TypeShape, by_name: &mut HashMap<&'static str, usize>) -> ValueRule {
        match shape {
            TypeShape::ArrayOf { items } => ValueRule::Array(Box::new(self.value_rule(items, by_name)), describe(shape)),
            TypeShape::Primitive { name } => ValueRule::Primitive(name),
            TypeShape::Named { name } => match self.spec.type_kinds.iter().find(|(n, _)| n == name).map(|(_, k)| *k) {
                Some(TypeKind::Record) => ValueRule::Record(self.record_rule(name, by_name)),
                Some(TypeKind::Roles) => ValueRule::Role,
                Some(TypeKind::Enum) => ValueRule::Enum(name, self.spec.enums.iter().find(|(n, _)| n == name).map_or(&[], |(_, v)| *v)),
                Some(TypeKind::Attributes) => ValueRule::Attributes,
                Some(TypeKind::External) => ValueRule::Content,
                None => ValueRule::Unchecked,
            },
        }
    }

    pub fn content_rule(&self, tag: &str) -> Option<&ContentRule> {
        self.content.iter().find(|k| k.tag == tag)
    }
}
