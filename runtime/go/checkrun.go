package elementmodel

import "slices"

// visited holds the elements visited, numbered in the order visited: each one's parent, index and id.
type visited []visit

type visit struct {
	parent, index int
	id            *string
}

func (v *visited) add(parent, index int, id *string) int {
	*v = append(*v, visit{parent, index, id})
	return len(*v) - 1
}

// keys are the keys from the answer down to visited element n; none for the answer itself (-1).
func (v *visited) keys(n int, tree *Tree) []any {
	if n < 0 {
		return nil
	}
	var keys []any
	for n >= 0 {
		keys = append(keys, (*v)[n].index, tree.Children)
		n = (*v)[n].parent
	}
	// The root is reached through the answer's root field, not through a list of children.
	keys = keys[:len(keys)-2]
	keys = append(keys, tree.Root)
	for i, j := 0, len(keys)-1; i < j; i, j = i+1, j-1 {
		keys[i], keys[j] = keys[j], keys[i]
	}
	return keys
}

// frame is an element waiting on the walk's stack, with what it needs from its parent.
type frame struct {
	value      Value
	parent     int
	index      int
	depth      int
	parentID   *string
	parentBits uint64
}

// checkRun is one run of the checker over one answer.
type checkRun struct {
	ix       *index
	spec     *SpecData
	options  CheckOptions
	findings []Finding
	visited  visited
	here     int
	trail    []step
	// ids is a slab the elements' ids are copied into, so an id's pointer is not an allocation per element.
	ids []string
}

// step is one key of the JSON Pointer from the current element to a value, kept unboxed until a finding
// needs the pointer: an array's index when index >= 0, else an object's key.
type step struct {
	key   string
	index int
}

func keyStep(key string) step { return step{key, -1} }

func (s step) value() any {
	if s.index >= 0 {
		return s.index
	}
	return s.key
}

// stepOf is a pointer key (a string or an int) as a step.
func stepOf(key any) step {
	if i, ok := key.(int); ok {
		return step{index: i}
	}
	return keyStep(key.(string))
}

// idOf is a pointer to a copy of an element's id, cut from the run's slab.
func (c *checkRun) idOf(id string) *string {
	if len(c.ids) == 0 {
		c.ids = make([]string, 256)
	}
	p := &c.ids[0]
	c.ids = c.ids[1:]
	*p = id
	return p
}

// report adds the catalogue's finding id at the current place (and key, when not nil).
func (c *checkRun) report(id string, elementID *string, key any, values slots) {
	entry := findingCatalogue[id]
	var requirement *string
	if r, ok := c.ix.requirementOf[entry.Rule]; ok {
		requirement = &r
	} else if entry.Rule != "structure" && entry.Rule != "limit" && entry.Rule != "deprecated-name" {
		// A rule the spec assigns to no requirement is not checked; shape and limits always are.
		return
	}
	keys := c.visited.keys(c.here, &c.spec.Tree)
	for _, s := range c.trail {
		keys = append(keys, s.value())
	}
	if key != nil {
		keys = append(keys, key)
	}
	c.findings = append(c.findings, Finding{requirement, entry.Rule, entry.Severity, elementID, pointer(keys), formatMessage(entry, values)})
}

func (c *checkRun) reportDeprecated(d DeprecatedName, key any, elementID *string) {
	if d.UseInstead == "" {
		c.report("deprecated", elementID, key, slots{"name": d.Name, "version": d.Version})
		return
	}
	c.report("deprecated-use-instead", elementID, key, slots{"name": d.Name, "version": d.Version, "useInstead": d.UseInstead})
}

func (c *checkRun) tooLong(s string) bool {
	limit := c.options.MaxStringLength
	return len(s) > limit && utf16Length(s) > limit
}

func (c *checkRun) reportTooLong(s string, elementID *string, key any) {
	c.report("string-too-long", elementID, key, slots{"length": itoa(utf16Length(s)), "limit": itoa(c.options.MaxStringLength)})
}

func (c *checkRun) checkValue(value Value, rule *valueRule, at step, elementID *string) {
	switch {
	case rule.primitive != "":
		if jsonType(value) != rule.primitive {
			c.report("wrong-type", elementID, at.value(), slots{"expected": rule.primitive, "found": jsonType(value)})
		} else if s, ok := value.(string); ok && c.tooLong(s) {
			c.reportTooLong(s, elementID, at.value())
		}
	case rule.items != nil:
		items, ok := value.([]Value)
		if !ok {
			c.report("wrong-array-type", elementID, at.value(), slots{"label": rule.label, "found": jsonType(value)})
			return
		}
		c.trail = append(c.trail, at)
		for i, item := range items {
			c.checkValue(item, rule.items, step{index: i}, elementID)
		}
		c.trail = c.trail[:len(c.trail)-1]
	case rule.record != nil:
		c.trail = append(c.trail, at)
		c.checkRecord(value, rule.record, elementID)
		c.trail = c.trail[:len(c.trail)-1]
	case rule.kind == TypeKindRoles:
		s, ok := value.(string)
		if !ok {
			c.report("wrong-role-type", elementID, at.value(), slots{"found": jsonType(value)})
		} else if d, deprecated := c.ix.deprecatedRoles[s]; deprecated {
			c.reportDeprecated(d, at.value(), elementID)
		} else if !c.ix.roles[s] {
			c.report("unknown-role", elementID, at.value(), slots{"name": s, "unknownRole": c.spec.RoleRules.Unknown})
		}
	case rule.kind == TypeKindEnum:
		s, ok := value.(string)
		if !ok {
			c.report("wrong-type", elementID, at.value(), slots{"expected": "string", "found": jsonType(value)})
		} else if !slices.Contains(rule.values, s) {
			c.report("unknown-value", elementID, at.value(), slots{"value": s, "type": rule.enum, "values": rule.values})
		}
	case rule.kind == TypeKindExternal:
		c.trail = append(c.trail, at)
		c.checkContent(value, elementID)
		c.trail = c.trail[:len(c.trail)-1]
	case rule.kind == TypeKindAttributes:
		c.trail = append(c.trail, at)
		c.checkAttributes(value, elementID)
		c.trail = c.trail[:len(c.trail)-1]
	}
}

// checkRecord checks the record at the current place, and reports whether it is an object at all.
func (c *checkRun) checkRecord(value Value, record *recordRule, elementID *string) bool {
	o, ok := value.(*Object)
	if !ok {
		c.report("wrong-record-type", elementID, nil, slots{"record": record.name, "found": jsonType(value)})
		return false
	}
	required := 0
	for _, m := range o.Members {
		rule, known := record.fields[m.Key]
		if !known {
			c.checkUnknownField(record, m.Key, elementID)
			continue
		}
		if rule.required {
			required++
		}
		if d, deprecated := record.deprecated[m.Key]; deprecated {
			c.reportDeprecated(d, m.Key, elementID)
		}
		if !rule.walked {
			c.checkValue(m.Value, rule.value, keyStep(m.Key), elementID)
		}
	}
	if required < len(record.required) {
		for _, name := range record.required {
			if !o.Has(name) {
				c.report("missing-field", elementID, nil, slots{"record": record.name, "field": name})
			}
		}
	}
	return true
}

// reportRemoved reports a name its version removed where an answer still holds it: what replaced it, or that
// nothing did (ReplacedBy is empty for the spec's "—").
func (c *checkRun) reportRemoved(removed RemovedField, key string, elementID *string) {
	switch {
	case removed.ReplacedBy == "":
		c.report("removed-without-replacement", elementID, key, slots{"field": key, "version": removed.Version})
	case len(removed.States) > 0:
		c.report("removed-state", elementID, key, slots{"field": key, "states": removed.States, "version": removed.Version, "replacedBy": removed.ReplacedBy})
	default:
		c.report("removed-field", elementID, key, slots{"field": key, "version": removed.Version, "replacedBy": removed.ReplacedBy})
	}
}

func (c *checkRun) checkUnknownField(record *recordRule, key string, elementID *string) {
	if removed, ok := record.removed[key]; ok {
		c.reportRemoved(removed, key, elementID)
	} else if !record.isNode && c.ix.stateNames[key] {
		c.report("state-on-record", elementID, key, slots{"field": key, "record": record.name})
	} else {
		c.report("unknown-field", elementID, key, slots{"record": record.name, "field": key})
	}
}

func (c *checkRun) checkAttributes(value Value, elementID *string) {
	o, ok := value.(*Object)
	if !ok {
		c.report("wrong-attributes-type", elementID, nil, slots{"found": jsonType(value)})
		return
	}
	for _, m := range o.Members {
		reserved, isReserved := c.ix.reserved[m.Key]
		if isReserved {
			if d, deprecated := c.ix.deprecatedAttributes[m.Key]; deprecated {
				c.reportDeprecated(d, m.Key, elementID)
			}
			c.checkValue(m.Value, reserved, keyStep(m.Key), elementID)
		} else if removed, ok := c.ix.removedAttributes[m.Key]; ok {
			c.reportRemoved(removed, m.Key, elementID)
		} else if c.ix.stateNames[m.Key] {
			c.report("state-in-attributes", elementID, m.Key, slots{"field": m.Key})
		}
	}
}
