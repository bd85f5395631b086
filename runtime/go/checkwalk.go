package elementmodel

func (c *checkRun) checkContent(value Value, elementID *string) {
	o, ok := value.(*Object)
	if !ok {
		c.report("wrong-content-type", elementID, nil, slots{"found": jsonType(value)})
		return
	}
	raw, has := o.Get(c.spec.ContentTag)
	tag, isString := raw.(string)
	if !isString {
		found := "undefined"
		if has {
			found = jsonType(raw)
		}
		c.report("wrong-content-tag-type", elementID, c.spec.ContentTag, slots{"found": found})
		return
	}
	kind, known := c.ix.contentByType[tag]
	if !known {
		// A kind a later MCP version may define: a receiver keeps it whole, so it is flagged, not refused.
		c.report("unknown-content-kind", elementID, c.spec.ContentTag, slots{"kind": tag, "kinds": c.ix.contentTypes})
		return
	}
	required := 0
	for _, m := range o.Members {
		prop, isProp := kind.properties[m.Key]
		if !isProp {
			continue
		}
		if prop.required {
			required++
		}
		if prop.expected == "" {
			continue
		}
		if prop.expected != "any" && jsonType(m.Value) != prop.expected {
			c.report("wrong-content-property-type", elementID, m.Key, slots{"expected": prop.expected, "property": m.Key, "found": jsonType(m.Value)})
		} else if s, ok := m.Value.(string); ok && c.tooLong(s) {
			c.reportTooLong(s, elementID, m.Key)
		}
	}
	for _, alt := range kind.alternatives {
		held, _ := o.Get(alt.Property)
		h, isObject := held.(*Object)
		if !isObject {
			continue
		}
		var present, members []string
		for _, m := range alt.Members {
			members = append(members, m.Name)
			if h.Has(m.Key) {
				present = append(present, m.Key)
			}
		}
		if len(present) > 1 {
			c.report("several-alternatives", elementID, alt.Property, slots{"property": alt.Property, "present": present, "members": members})
		}
	}
	if required < len(kind.kind.Required) {
		for _, name := range kind.kind.Required {
			if !o.Has(name) {
				c.report("missing-content-property", elementID, nil, slots{"kind": kind.kind.Type, "property": name})
			}
		}
	}
	for i := range kind.kind.Nested {
		nested := &kind.kind.Nested[i]
		// A value of the wrong JSON type was reported above; only one of the right type is looked inside.
		inner, has := o.Get(nested.Name)
		if !has || jsonType(inner) != nested.Shape.Type {
			continue
		}
		c.trail = append(c.trail, keyStep(nested.Name))
		checkNested(inner, &nested.Shape, nested.Name, c.spec.Shapes, func(id string, values slots, keys []any) {
			for _, k := range keys {
				c.trail = append(c.trail, stepOf(k))
			}
			c.report(id, elementID, nil, values)
			c.trail = c.trail[:len(c.trail)-len(keys)]
		})
		c.trail = c.trail[:len(c.trail)-1]
	}
}

// visit checks one element and its place among the path states, and puts its children on the stack.
func (c *checkRun) visit(f frame, stack []frame) []frame {
	tree := &c.spec.Tree
	element, isObject := f.value.(*Object)
	var elementID *string
	if isObject {
		if raw, ok := element.Get(tree.ID); ok {
			if s, ok := raw.(string); ok {
				elementID = c.idOf(s)
			}
		}
	}
	n := c.visited.add(f.parent, f.index, elementID)
	c.here = n
	if !c.checkRecord(f.value, c.ix.node, elementID) || !isObject {
		return stack
	}
	if role, ok := element.Get(tree.Role); ok && f.depth == 0 {
		if s, ok := role.(string); ok && s != c.spec.RoleRules.Root {
			c.report("root-role", elementID, tree.Role, slots{"name": s, "rootRole": c.spec.RoleRules.Root})
		}
	}
	var bits uint64
	for k, name := range c.ix.pathStates {
		if v, _ := element.Get(name); v != true {
			continue
		}
		bits |= 1 << k
		// The path runs from the root's child down: a set element below that needs its parent set too.
		if f.depth >= 2 && f.parentBits&(1<<k) == 0 {
			c.report("path-gap", elementID, name, slots{"state": name, "parent": orEmpty(f.parentID)})
		}
	}
	children, has := element.Get(tree.Children)
	if list, ok := children.([]Value); ok {
		c.countForks(list, elementID)
		// Pushed last first, so the walk meets them in order.
		for i := len(list) - 1; i >= 0; i-- {
			stack = append(stack, frame{list[i], n, i, f.depth + 1, elementID, bits})
		}
	} else if has {
		c.report("wrong-children-type", elementID, tree.Children, slots{"found": jsonType(children)})
	}
	return stack
}

// countForks reports a path state set on more than one child: the path can follow only one of them.
func (c *checkRun) countForks(children []Value, elementID *string) {
	for _, name := range c.ix.pathStates {
		n := 0
		for _, child := range children {
			if o, ok := child.(*Object); ok {
				if v, _ := o.Get(name); v == true {
					n++
				}
			}
		}
		if n > 1 {
			c.report("path-forks", elementID, c.spec.Tree.Children, slots{"count": itoa(n), "state": name})
		}
	}
}

// reportLimit reports a limit at an element that is then not checked: it is numbered, without its id, for its path.
func (c *checkRun) reportLimit(f frame, id string, limit int) {
	c.here = c.visited.add(f.parent, f.index, nil)
	c.report(id, nil, nil, slots{"limit": itoa(limit)})
}

func (c *checkRun) run(answer Value) []Finding {
	tree := &c.spec.Tree
	o, isObject := answer.(*Object)
	if !c.checkRecord(answer, c.ix.answer, nil) || !isObject {
		return SortFindings(c.findings)
	}
	root, has := o.Get(tree.Root)
	if !has {
		return SortFindings(c.findings)
	}
	stack := []frame{{root, -1, 0, 0, nil, 0}}
	count := 0
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count++
		if count > c.options.MaxElements {
			c.reportLimit(f, "too-many-elements", c.options.MaxElements)
			break
		}
		if f.depth > c.options.MaxDepth {
			c.reportLimit(f, "too-deep", c.options.MaxDepth)
			continue
		}
		stack = c.visit(f, stack)
	}
	// Each element whose id an earlier one has, in the order visited, with that earlier one.
	first := make(map[string]int, len(c.visited))
	for n, v := range c.visited {
		id := v.id
		if id == nil {
			continue
		}
		earlier, seen := first[*id]
		if !seen {
			first[*id] = n
			continue
		}
		c.here = n
		c.report("duplicate-id", id, tree.ID, slots{"repeated": *id, "path": pointer(c.visited.keys(earlier, tree))})
	}
	return SortFindings(c.findings)
}
