package elementmodel

import (
	"errors"
	"regexp"
	"slices"
	"strconv"
	"sync"
)

// say is how the nested walk reports a finding: the catalogue's id, its slots, and the keys below the content
// block's property.
type say func(id string, values slots, keys []any)

var patterns sync.Map

func matches(pattern, text string) bool {
	compiled, ok := patterns.Load(pattern)
	if !ok {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return true
		}
		compiled, _ = patterns.LoadOrStore(pattern, re)
	}
	return compiled.(*regexp.Regexp).MatchString(text)
}

// checkNested checks what is inside one property of a content block, whose own JSON type the caller has checked,
// as both JSON Schemas check it. MCP's shapes are a few levels deep, so the walk's recursion is bounded by the
// shape, not by the value.
func checkNested(value Value, shape *NestedShape, property string, shapes map[string]NestedShape, report say) {
	var keys []any
	var walk func(v Value, s *NestedShape, name string, top bool)
	walk = func(v Value, s *NestedShape, name string, top bool) {
		own := s
		if s.Ref != "" {
			named := shapes[s.Ref]
			own = &named
		}
		if own == nil || own.Type == "any" {
			return
		}
		if !top && jsonType(v) != own.Type {
			report("wrong-content-property-type", slots{"expected": own.Type, "property": name, "found": jsonType(v)}, keys)
			return
		}
		switch x := v.(type) {
		case string:
			if own.Enum != nil && !slices.Contains(own.Enum, x) {
				report("not-one-of", slots{"allowed": own.Enum, "property": name}, keys)
			} else if own.Pattern != "" && !matches(own.Pattern, x) {
				form := own.Form
				if form == "" {
					form = "pattern-matching"
				}
				report("wrong-form", slots{"form": form, "property": name}, keys)
			}
		case Number:
			// A number past float64's range is ±Inf with ErrRange: as JavaScript reads it, out of any bounds.
			f, err := x.Float64()
			if (err == nil || errors.Is(err, strconv.ErrRange)) && ((own.Minimum != nil && f < *own.Minimum) || (own.Maximum != nil && f > *own.Maximum)) {
				report("out-of-range", slots{"bounds": own.Bounds, "property": name}, keys)
			}
		case []Value:
			if own.Items == nil {
				return
			}
			for i, item := range x {
				keys = append(keys, i)
				walk(item, own.Items, name, false)
				keys = keys[:len(keys)-1]
			}
		case *Object:
			if own.Members != nil {
				var present []NestedMember
				for _, m := range own.Members {
					if x.Has(m.Key) {
						present = append(present, m)
					}
				}
				// Several keys are the content block's alternatives finding already; none is this one.
				switch len(present) {
				case 0:
					var memberKeys, names []string
					for _, m := range own.Members {
						memberKeys = append(memberKeys, m.Key)
						names = append(names, m.Name)
					}
					report("no-alternative", slots{"property": name, "keys": memberKeys, "members": names}, keys)
				case 1:
					walk(v, &NestedShape{Type: "object", Ref: present[0].Name}, name, true)
				}
				return
			}
			for i := range own.Properties {
				p := &own.Properties[i]
				if inner, ok := x.Get(p.Name); ok {
					keys = append(keys, p.Name)
					walk(inner, &p.Shape, p.Name, false)
					keys = keys[:len(keys)-1]
				}
			}
			for _, field := range own.Required {
				if !x.Has(field) {
					record := own.Name
					if record == "" {
						record = name
					}
					report("missing-field", slots{"record": record, "field": field}, keys)
				}
			}
		}
	}
	walk(value, shape, property, true)
}
