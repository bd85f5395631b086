package elementmodel

import (
	"fmt"
	"slices"
)

// What a tool call's arguments must be, as the tool's inputSchema says (tools.json): the request types check their
// JSON against these before decoding it, so they refuse what the schema refuses (a member no record defines, at any
// depth; a role outside the language; a value outside its enum; a required member missing; a member of the wrong
// JSON type; inside an MCP content block, a value past its bounds or not of its pattern), while the model's types,
// which answers decode into, keep what they do not know in Extra.

// wantKind is what one value must be.
type wantKind int

const (
	wantString wantKind = iota
	wantBoolean
	wantNumber
	// wantList is an array, each item as want.items.
	wantList
	// wantRecord is an object of a record's members and no other.
	wantRecord
	// wantValues is a string among a set: a role of the language, or an enum's value.
	wantValues
	// wantAttributes is an object whose reserved members are as wanted, any other name but a forbidden one.
	wantAttributes
	// wantExternal is a type of MCP's (a content block), whose schema is not closed: what its nested objects hold
	// is checked as the checker checks it (MCP's bounds and patterns, from the spec data), the rest is the model
	// type's own decoder's to refuse.
	wantExternal
)

// want is what one value must be: its kind, a list's items, and a record's or a set's name in wantedRecords or
// wantedSets (operations.go), which hold them by name so that a record may hold itself.
type want struct {
	kind  wantKind
	items *want
	name  string
}

// wantedRecord is a record's members; for the attributes, the names they may not hold as well.
type wantedRecord struct {
	name      string
	fields    []wantedField
	forbidden []string
}

type wantedField struct {
	key      string
	required bool
	want     want
}

type wantedSet struct {
	name   string
	values []string
}

// wanted is one value still to check, and where it is.
type wanted struct {
	value Value
	want  want
	keys  []any
}

// below is the path of a member or item under keys, in a slice of its own.
func below(keys []any, key any) []any {
	return append(slices.Clip(keys), key)
}

// unknownMember refuses a member a request type does not declare (the check before its decoder refuses it first).
func unknownMember(at *location, key string) error {
	return &DecodeError{at.field(key).String(), fmt.Sprintf("no member %q is defined here", key)}
}

// wantedMembers checks an object against a record: each required member present and, unless open, no other.
// It returns the members to check next.
func wantedMembers(v Value, keys []any, r *wantedRecord, open bool) ([]wanted, error) {
	o, ok := v.(*Object)
	if !ok {
		return nil, &DecodeError{pointer(keys), fmt.Sprintf("expected an object (%s), found %s", r.name, jsonType(v))}
	}
	for _, f := range r.fields {
		if f.required && !o.Has(f.key) {
			return nil, &DecodeError{pointer(keys), fmt.Sprintf("missing required field %q, which %s requires", f.key, r.name)}
		}
	}
	next := make([]wanted, 0, len(o.Members))
	for _, m := range o.Members {
		at := below(keys, m.Key)
		i := slices.IndexFunc(r.fields, func(f wantedField) bool { return f.key == m.Key })
		switch {
		case i >= 0:
			next = append(next, wanted{m.Value, r.fields[i].want, at})
		case !open:
			return nil, &DecodeError{pointer(at), fmt.Sprintf("%s defines no member %q", r.name, m.Key)}
		case slices.Contains(r.forbidden, m.Key):
			return nil, &DecodeError{pointer(at), fmt.Sprintf("%s may not hold %q", r.name, m.Key)}
		}
	}
	return next, nil
}

// checkRequest checks a tool call's arguments against the record of members they must be (by its name in
// wantedRecords), without recursion however deep they nest.
func checkRequest(arguments Value, record string) error {
	stack, err := wantedMembers(arguments, nil, wantedRecords[record], false)
	for err == nil && len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		var more []wanted
		more, err = checkOne(top)
		stack = append(stack, more...)
	}
	return err
}

// checkOne checks one value against what it must be, returning what it holds still to check.
func checkOne(w wanted) ([]wanted, error) {
	expected := ""
	switch w.want.kind {
	case wantString, wantValues:
		s, ok := w.value.(string)
		if !ok {
			expected = "a string"
			break
		}
		if set := wantedSets[w.want.name]; w.want.kind == wantValues && !slices.Contains(set.values, s) {
			return nil, &DecodeError{pointer(w.keys), fmt.Sprintf("%q is not a value of %s", s, set.name)}
		}
	case wantBoolean:
		if _, ok := w.value.(bool); !ok {
			expected = "a boolean"
		}
	case wantNumber:
		if _, ok := w.value.(Number); !ok {
			expected = "a number"
		}
	case wantList:
		list, ok := w.value.([]Value)
		if !ok {
			expected = "an array"
			break
		}
		next := make([]wanted, len(list))
		for i, item := range list {
			next[i] = wanted{item, *w.want.items, below(w.keys, i)}
		}
		return next, nil
	case wantRecord, wantAttributes:
		return wantedMembers(w.value, w.keys, wantedRecords[w.want.name], w.want.kind == wantAttributes)
	case wantExternal:
		return nil, checkExternal(w.value, w.keys)
	}
	if expected != "" {
		return nil, &DecodeError{pointer(w.keys), fmt.Sprintf("expected %s, found %s", expected, jsonType(w.value))}
	}
	return nil, nil
}

// checkExternal checks a content block against what the spec data reads from MCP's schema, as the checker does:
// its tag one of the kinds the schema defines (the answer types keep any other), no object holding the keys of
// more than one of its alternatives (oneOf), then what its nested objects hold (an annotation's bounds, a
// timestamp's pattern), the first thing the checker's walk says refusing the block.
// Its members' JSON types are its decoder's to refuse.
func checkExternal(v Value, keys []any) error {
	o, ok := v.(*Object)
	if !ok {
		return nil
	}
	raw, _ := o.Get(Spec.ContentTag)
	tag, _ := raw.(string)
	i := slices.IndexFunc(Spec.ContentKinds, func(k ContentKind) bool { return k.Type == tag })
	if i < 0 {
		return &DecodeError{pointer(below(keys, Spec.ContentTag)), fmt.Sprintf("MCP's schema defines no content of kind %q", tag)}
	}
	kind := &Spec.ContentKinds[i]
	for _, alt := range kind.Alternatives {
		held, _ := o.Get(alt.Property)
		h, isObject := held.(*Object)
		if !isObject {
			continue
		}
		var present []string
		for _, m := range alt.Members {
			if h.Has(m.Key) {
				present = append(present, m.Key)
			}
		}
		if len(present) > 1 {
			return &DecodeError{pointer(below(keys, alt.Property)), fmt.Sprintf("MCP's schema takes one of %q, not all", present)}
		}
	}
	for _, nested := range kind.Nested {
		inner, has := o.Get(nested.Name)
		if !has || jsonType(inner) != nested.Shape.Type {
			continue
		}
		var refusal error
		checkNested(inner, &nested.Shape, nested.Name, Spec.Shapes, func(id string, _ slots, inside []any) {
			if refusal == nil {
				at := append(below(keys, nested.Name), inside...)
				refusal = &DecodeError{pointer(at), fmt.Sprintf("MCP's schema refuses this value (%s)", id)}
			}
		})
		if refusal != nil {
			return refusal
		}
	}
	return nil
}
