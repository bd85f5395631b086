package elementmodel

// CheckOptions are limits the RFC leaves open; going past one is a limit finding, never a crash.
type CheckOptions struct {
	// MaxElements is the most elements to read before reporting a limit and stopping.
	MaxElements int
	// MaxDepth is the deepest nesting of elements to read; below it nothing is read.
	MaxDepth int
	// MaxStringLength is the longest string, in UTF-16 code units, before a limit warning.
	MaxStringLength int
}

// Limits are the default limits.
var Limits = CheckOptions{MaxElements: 1_000_000, MaxDepth: 100_000, MaxStringLength: 1_048_576}

type valueRule struct {
	primitive string      // a primitive's JSON type name
	items     *valueRule  // an array's items
	label     string      // an array's type as the spec writes it
	record    *recordRule // a record
	kind      TypeKind    // enum, roles, attributes, external, or "" for unchecked
	enum      string      // an enum's name
	values    []string    // an enum's values, in the spec's order
}

type fieldRule struct {
	required bool
	walked   bool
	value    *valueRule
}

type recordRule struct {
	name       string
	fields     map[string]fieldRule
	required   []string
	removed    map[string]RemovedField
	deprecated map[string]DeprecatedName
	isNode     bool
}

type contentProperty struct {
	expected string
	required bool
}

type contentRule struct {
	kind         *ContentKind
	properties   map[string]contentProperty
	alternatives []Alternatives
}

// index holds the lookups a checker needs, built once per version from its rules.
type index struct {
	spec                 *SpecData
	records              map[string]*recordRule
	removedByType        map[string]map[string]RemovedField
	deprecatedByType     map[string]map[string]DeprecatedName
	deprecatedRoles      map[string]DeprecatedName
	deprecatedAttributes map[string]DeprecatedName
	removedAttributes    map[string]RemovedField // reported where an answer still holds one, as a removed field is
	requirementOf        map[string]string
	roles                map[string]bool
	stateNames           map[string]bool
	pathStates           []string
	contentByType        map[string]*contentRule
	contentTypes         []string
	reserved             map[string]*valueRule
	answer, node         *recordRule
}

func newIndex(spec *SpecData) *index {
	ix := &index{
		spec:             spec,
		records:          map[string]*recordRule{},
		removedByType:    map[string]map[string]RemovedField{},
		deprecatedByType: map[string]map[string]DeprecatedName{},
		requirementOf:    map[string]string{},
		roles:            map[string]bool{},
		stateNames:       map[string]bool{},
		contentByType:    map[string]*contentRule{},
		reserved:         map[string]*valueRule{},
	}
	for _, r := range spec.Removed {
		if ix.removedByType[r.From] == nil {
			ix.removedByType[r.From] = map[string]RemovedField{}
		}
		ix.removedByType[r.From][r.Name] = r
	}
	for _, d := range spec.Deprecated {
		if ix.deprecatedByType[d.From] == nil {
			ix.deprecatedByType[d.From] = map[string]DeprecatedName{}
		}
		ix.deprecatedByType[d.From][d.Name] = d
	}
	for name, kind := range spec.TypeKinds {
		if kind == TypeKindRoles {
			ix.deprecatedRoles = ix.deprecatedByType[name]
		}
		if kind == TypeKindAttributes {
			ix.deprecatedAttributes = ix.deprecatedByType[name]
			ix.removedAttributes = ix.removedByType[name]
		}
	}
	for _, r := range spec.Requirements {
		if r.Rule != "" {
			ix.requirementOf[r.Rule] = r.ID
		}
	}
	for _, r := range spec.Roles {
		ix.roles[r] = true
	}
	for _, s := range spec.States {
		ix.stateNames[s.Name] = true
		if s.Path {
			ix.pathStates = append(ix.pathStates, s.Name)
		}
	}
	for i := range spec.ContentKinds {
		k := &spec.ContentKinds[i]
		rule := &contentRule{kind: k, properties: map[string]contentProperty{}, alternatives: k.Alternatives}
		for name, expected := range k.Properties {
			rule.properties[name] = contentProperty{expected: expected}
		}
		for _, name := range k.Required {
			p := rule.properties[name]
			p.required = true
			rule.properties[name] = p
		}
		ix.contentByType[k.Type] = rule
		ix.contentTypes = append(ix.contentTypes, k.Type)
	}
	for _, a := range spec.ReservedAttributes {
		ix.reserved[a.Name] = ix.valueRule(a.Type)
	}
	ix.answer = ix.recordRule(spec.Tree.Answer)
	ix.node = ix.recordRule(spec.Tree.Node)
	return ix
}

func (ix *index) recordRule(name string) *recordRule {
	if known, ok := ix.records[name]; ok {
		return known
	}
	tree := ix.spec.Tree
	fields := ix.spec.Records[name]
	rule := &recordRule{name: name, fields: map[string]fieldRule{}, removed: ix.removedByType[name], deprecated: ix.deprecatedByType[name], isNode: name == tree.Node}
	// Records refer to each other (an element holds elements), so each is registered before its fields resolve.
	ix.records[name] = rule
	for _, f := range fields {
		if f.Required {
			rule.required = append(rule.required, f.Name)
		}
		walked := (name == tree.Node && f.Name == tree.Children) || (name == tree.Answer && f.Name == tree.Root)
		rule.fields[f.Name] = fieldRule{required: f.Required, walked: walked, value: ix.valueRule(f.Type)}
	}
	return rule
}

func describe(shape TypeShape) string {
	if shape.Kind == "array" && shape.Items != nil {
		return describe(*shape.Items) + "[]"
	}
	return shape.Name
}

func (ix *index) valueRule(shape TypeShape) *valueRule {
	if shape.Kind == "array" && shape.Items != nil {
		return &valueRule{items: ix.valueRule(*shape.Items), label: describe(shape)}
	}
	if shape.Kind == "primitive" {
		return &valueRule{primitive: shape.Name}
	}
	kind := ix.spec.TypeKinds[shape.Name]
	if kind == TypeKindRecord {
		return &valueRule{record: ix.recordRule(shape.Name)}
	}
	if kind == TypeKindEnum {
		return &valueRule{kind: kind, enum: shape.Name, values: ix.spec.Enums[shape.Name]}
	}
	return &valueRule{kind: kind}
}

// Checker checks an answer (a decoded JSON value) by one version's rules.
type Checker struct {
	ix *index
}

// NewChecker is a checker for one protocol version's rules; the lookups it needs are built once, here.
func NewChecker(spec *SpecData) *Checker { return &Checker{ix: newIndex(spec)} }

// Check checks an answer with the given limits.
func (c *Checker) Check(answer Value, options CheckOptions) []Finding {
	run := &checkRun{ix: c.ix, spec: c.ix.spec, options: options, here: -1}
	return run.run(answer)
}
