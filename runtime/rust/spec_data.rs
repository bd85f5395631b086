//! The shapes of the rules the checker and the reader apply: each protocol version's rules are data of these types
//! (`spec.rs`), so neither names any word of the spec itself.

/// A field's type as the spec writes it: a primitive, a named type, or an array of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeShape {
    /// A JSON primitive, by JSON's name: `string`, `boolean` or `number`.
    Primitive(&'static str),
    /// A type the spec declares, by its name.
    Named(&'static str),
    /// An array of the shape.
    Array(&'static TypeShape),
}

/// What a named type is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeKind {
    /// A record of fields.
    Record,
    /// The role language.
    Roles,
    /// The attributes, some of their names reserved.
    Attributes,
    /// A type defined outside the spec (MCP's content blocks).
    External,
}

/// What an absent state reads as: a value, or the parent's value (with the root's own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateDefault {
    /// This value.
    Value(bool),
    /// The parent's value; the root, which has no parent, reads the value given.
    Inherit {
        /// What the root reads when it does not state it.
        root: bool,
    },
}

/// A state an element states about itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StateRule {
    /// The field that states it.
    pub name: &'static str,
    /// What its absence reads as.
    pub default: StateDefault,
    /// Whether it must be reachable from the root.
    pub reachable: bool,
    /// Whether it marks a path from the root's child down.
    pub path: bool,
}

/// How the answer forms a tree: which record is the answer, which field holds the root, and so on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tree {
    /// The answer's record.
    pub answer: &'static str,
    /// The answer's field that holds the root element.
    pub root: &'static str,
    /// The element's record.
    pub node: &'static str,
    /// The element's field that holds its children.
    pub children: &'static str,
    /// The element's id field.
    pub id: &'static str,
    /// The element's role field.
    pub role: &'static str,
    /// The element's attributes field, or empty when it has none.
    pub attributes: &'static str,
    /// The element's content field, or empty when it has none.
    pub content: &'static str,
    /// The answer's protocol version field.
    pub version: &'static str,
}

/// The roles with a meaning of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoleRules {
    /// The root's role.
    pub root: &'static str,
    /// What a role outside the language reads as.
    pub unknown: &'static str,
    /// What a sender uses when no role fits.
    pub fallback: &'static str,
}

/// A field of a record, or a reserved attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldRule {
    /// Its JSON key.
    pub name: &'static str,
    /// Whether it must be there.
    pub required: bool,
    /// Its type.
    pub shape: TypeShape,
}

/// A name a version removed, what replaced it, and which states it stated away from the element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Removed {
    /// The removed name.
    pub name: &'static str,
    /// The type it was in.
    pub from_type: &'static str,
    /// What to use instead.
    pub replaced_by: &'static str,
    /// The version that removed it.
    pub version: &'static str,
    /// The states it stated away from the element.
    pub states: &'static [&'static str],
}

/// A name a version deprecated (a field, role or reserved attribute, by the type it stands in) and its replacement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deprecated {
    /// The deprecated name.
    pub name: &'static str,
    /// The type it stands in.
    pub from_type: &'static str,
    /// What to use instead, if anything.
    pub use_instead: Option<&'static str>,
    /// The version that deprecated it.
    pub version: &'static str,
}

/// A removed role a receiver still reads, as the role that replaced it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alias {
    /// The removed role.
    pub name: &'static str,
    /// The role it reads as.
    pub role: &'static str,
}

/// A property that holds one of several shapes (`names`), each known by a key only it has (`keys`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alternatives {
    /// The property.
    pub property: &'static str,
    /// The shapes' names.
    pub names: &'static [&'static str],
    /// The key each shape alone has.
    pub keys: &'static [&'static str],
}

/// A content block kind: its tag, the JSON type of each property ("any" for no check) and the required ones.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContentKind {
    /// The value of its tag.
    pub tag: &'static str,
    /// Its definition's name.
    pub name: &'static str,
    /// The properties it needs.
    pub required: &'static [&'static str],
    /// Each property's JSON type.
    pub properties: &'static [(&'static str, &'static str)],
    /// Its properties that hold one of several shapes.
    pub alternatives: &'static [Alternatives],
    /// What MCP's schema says inside its nested objects and arrays, by property.
    pub nested: &'static [crate::nested::NestedProperty],
}

/// A requirement of the spec, and the checker rule that checks it, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Requirement {
    /// Its id.
    pub id: &'static str,
    /// What it requires.
    pub requirement: &'static str,
    /// How it is checked.
    pub check: &'static str,
    /// Whether a checker can check it.
    pub checkable: bool,
    /// The checker rule, if any.
    pub rule: Option<&'static str>,
}

/// The rules of one protocol version that the reader and the checker apply.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpecData {
    /// The protocol version.
    pub version: &'static str,
    /// The role language, in the spec's order.
    pub roles: &'static [&'static str],
    /// The roles with a meaning of their own.
    pub role_rules: RoleRules,
    /// The states an element states.
    pub states: &'static [StateRule],
    /// How the answer forms a tree.
    pub tree: Tree,
    /// What each named type is.
    pub type_kinds: &'static [(&'static str, TypeKind)],
    /// Each record's fields.
    pub records: &'static [(&'static str, &'static [FieldRule])],
    /// The reserved attributes.
    pub reserved_attributes: &'static [FieldRule],
    /// The names removed so far.
    pub removed: &'static [Removed],
    /// The names deprecated so far.
    pub deprecated: &'static [Deprecated],
    /// The removed roles still read.
    pub aliases: &'static [Alias],
    /// The key that tells content blocks apart.
    pub content_tag: &'static str,
    /// The content block kinds.
    pub content_kinds: &'static [ContentKind],
    /// MCP's object shapes that the content kinds' nested properties name, by name.
    pub shapes: &'static [(&'static str, crate::nested::NestedShape)],
    /// The requirements.
    pub requirements: &'static [Requirement],
}

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The answer breaks a rule.
    Error,
    /// The answer is read, and something is worth saying.
    Warning,
}

impl Severity {
    /// Its name in the findings JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A slot of a finding's message that takes a list of texts: how they are joined, and whether each is quoted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListSlot {
    /// The slot's name.
    pub slot: &'static str,
    /// What goes between two texts.
    pub joiner: &'static str,
    /// Whether each text is put in double quotes.
    pub quoted: bool,
}

/// A finding the checker can give: its id, rule, severity and message with `{slot}`s (the findings catalogue).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FindingEntry {
    /// How the checker asks for it.
    pub id: &'static str,
    /// The checker rule it belongs to.
    pub rule: &'static str,
    /// How bad it is.
    pub severity: Severity,
    /// Its message, with a `{slot}` where each value goes.
    pub message: &'static str,
    /// The slots that take a list of texts.
    pub lists: &'static [ListSlot],
}
