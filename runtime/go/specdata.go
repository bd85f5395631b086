package elementmodel

// TypeShape is a field's type as the spec writes it: a primitive, a named type, or an array of one.
type TypeShape struct {
	Kind  string // "primitive", "named" or "array"
	Name  string
	Items *TypeShape
}

// StateDefault is what an absent state reads as: a value, or the parent's value (with the root's own).
type StateDefault struct {
	Inherit bool
	Value   bool
	Root    bool
}

// StateRule is one state of an element.
type StateRule struct {
	Name      string
	Default   StateDefault
	Reachable bool
	Path      bool
}

// Tree says how the answer forms a tree: which record is the answer, which field holds the root, and so on.
type Tree struct {
	Answer, Root, Node, Children, ID, Role, Attributes, Content, Version string
}

// RoleRules names the root role, the role an unknown one reads as, and the fallback.
type RoleRules struct {
	Root, Unknown, Fallback string
}

// FieldRule is one field of a record, or one reserved attribute.
type FieldRule struct {
	Name     string
	Required bool
	Type     TypeShape
}

// Removed is a name a version removed, what replaced it, and which states it stated away from the element.
type Removed struct {
	Name, From, ReplacedBy, Version string
	States                          []string
}

// Deprecated is a name a version deprecated (a field, role or reserved attribute, by the type it stands in).
type Deprecated struct {
	Name, From string
	UseInstead *string
	Version    string
}

// Alias is a removed role a receiver still reads, as the role that replaced it.
type Alias struct {
	Name, Role string
}

// Alternatives is a property that holds one of several shapes (Names), each known by a key only it has (Keys).
type Alternatives struct {
	Property string
	Names    []string
	Keys     []string
}

// Property is a content kind's property and its JSON type ("any" for no check).
type Property struct {
	Name, Type string
}

// ContentKind is a content block kind: its tag, its properties' JSON types and the required ones.
type ContentKind struct {
	Type         string
	Name         string
	Required     []string
	Properties   []Property
	Alternatives []Alternatives
	// Nested is what MCP's schema says inside the kind's nested objects and arrays.
	Nested []NestedProperty
}

// Requirement is one requirement of the spec and the checker rule that checks it, if any.
type Requirement struct {
	ID, Requirement, Check string
	Checkable              bool
	Rule                   *string
}

// TypeKindOf is a named type and its kind ("record", "roles", "attributes" or "external").
type TypeKindOf struct {
	Name, Kind string
}

// RecordRules is one record and its fields.
type RecordRules struct {
	Name   string
	Fields []FieldRule
}

// SpecData is the rules of one protocol version that the reader and the checker apply.
type SpecData struct {
	Version            string
	Roles              []string
	RoleRules          RoleRules
	States             []StateRule
	Tree               Tree
	TypeKinds          []TypeKindOf
	Records            []RecordRules
	ReservedAttributes []FieldRule
	Removed            []Removed
	Deprecated         []Deprecated
	Aliases            []Alias
	ContentKinds       []ContentKind
	Requirements       []Requirement
	// Shapes are MCP's named object shapes that a NestedShape's Ref names.
	Shapes map[string]*NestedShape
}

func (s *SpecData) typeKind(name string) string {
	for _, t := range s.TypeKinds {
		if t.Name == name {
			return t.Kind
		}
	}
	return ""
}

func (s *SpecData) record(name string) []FieldRule {
	for _, r := range s.Records {
		if r.Name == name {
			return r.Fields
		}
	}
	return nil
}

// findingEntry is one finding of the catalogue: its rule, severity and message with named slots.
type findingEntry struct {
	Rule     string
	Severity Severity
	Message  string
	Lists    map[string]listSlot
}

// listSlot says how a slot that takes a list is written: each text quoted or not, joined by Joiner.
type listSlot struct {
	Joiner string
	Quoted bool
}

// NestedShape is what MCP's schema says of a value inside a content block: its JSON type and what is inside it.
// A nil Enum or Members means the schema says none.
type NestedShape struct {
	Type       string
	Ref        string
	Name       string
	Enum       []string
	Minimum    *float64
	Maximum    *float64
	Bounds     string
	Pattern    string
	Form       string
	Items      *NestedShape
	Properties []NestedProperty
	Required   []string
	Members    []NestedMember
}

// NestedProperty is a property of an object shape, and the shape of its value.
type NestedProperty struct {
	Name  string
	Shape NestedShape
}

// NestedMember is one of several named object shapes, told by a key only it requires.
type NestedMember struct {
	Name string
	Key  string
}
