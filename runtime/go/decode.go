package elementmodel

import "fmt"

// location is where a decoder is, built only into a JSON Pointer when a value is refused, so a deep tree costs
// one small link per level rather than a path string per level.
type location struct {
	parent *location
	key    string
	index  int
	child  *location // the location below this one that field and item hand out (see next)
}

func (l *location) field(k string) *location { return l.next(k, -1) }

func (l *location) item(i int) *location { return l.next("", i) }

// next is the location of one key or index below l. A decoder holds one location below a place at a time: it
// passes it to the decoding of one field or item, which names it in an error (building the pointer at once) or
// passes it on, and is done with it when that returns. So each place keeps one location below it and gives it
// the new key or index on each call, rather than allocating one per field and item decoded; the locations on
// the way down to the value being decoded are always distinct. A location must therefore not be kept past the
// call it was passed to.
func (l *location) next(key string, index int) *location {
	if l == nil {
		return &location{key: key, index: index}
	}
	if l.child == nil {
		l.child = &location{parent: l}
	}
	l.child.key, l.child.index = key, index
	return l.child
}

func (l *location) String() string {
	var keys []any
	for ; l != nil; l = l.parent {
		if l.index >= 0 {
			keys = append(keys, l.index)
		} else {
			keys = append(keys, l.key)
		}
	}
	for i, j := 0, len(keys)-1; i < j; i, j = i+1, j-1 {
		keys[i], keys[j] = keys[j], keys[i]
	}
	return pointer(keys)
}

// DecodeError is a value the types do not accept: where it is, and why.
type DecodeError struct {
	Path    string
	Message string
}

func (e *DecodeError) Error() string {
	where := e.Path
	if where == "" {
		where = "/"
	}
	return where + ": " + e.Message
}

func wrongType(v Value, at *location, expected string) error {
	return &DecodeError{at.String(), fmt.Sprintf("expected %s, found %s", expected, jsonType(v))}
}

func missingField(at *location, key string) error {
	return &DecodeError{at.String(), fmt.Sprintf("missing required field %q", key)}
}

func asObject(v Value, at *location) (*Object, error) {
	o, ok := v.(*Object)
	if !ok {
		return nil, wrongType(v, at, "an object")
	}
	return o, nil
}

func decodeString(v Value, at *location) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", wrongType(v, at, "a string")
	}
	return s, nil
}

func decodeBool(v Value, at *location) (bool, error) {
	b, ok := v.(bool)
	if !ok {
		return false, wrongType(v, at, "a boolean")
	}
	return b, nil
}

func decodeNumber(v Value, at *location) (Number, error) {
	n, ok := v.(Number)
	if !ok {
		return "", wrongType(v, at, "a number")
	}
	return n, nil
}

func decodeValue(v Value, _ string) (Value, error) { return v, nil }

func decodeObject(v Value, at *location) (*Object, error) { return asObject(v, at) }

// decodeLiteral decodes a string that must be one of values.
func decodeLiteral[T ~string](values ...string) func(Value, *location) (T, error) {
	return func(v Value, at *location) (T, error) {
		s, ok := v.(string)
		if !ok {
			return "", wrongType(v, at, "a string")
		}
		for _, w := range values {
			if s == w {
				return T(s), nil
			}
		}
		return "", &DecodeError{at.String(), fmt.Sprintf("%q is not one of %q", s, values)}
	}
}

// arrayOf decodes an array whose items item decodes.
func arrayOf[T any](item func(Value, *location) (T, error)) func(Value, *location) ([]T, error) {
	return func(v Value, at *location) ([]T, error) {
		items, ok := v.([]Value)
		if !ok {
			return nil, wrongType(v, at, "an array")
		}
		out := make([]T, len(items))
		for i, raw := range items {
			x, err := item(raw, at.item(i))
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return out, nil
	}
}

// optional decodes a present optional field; null is refused, as an absent field is left out instead.
func optional[T any](v Value, at *location, decode func(Value, *location) (T, error)) (*T, error) {
	if v == nil {
		return nil, &DecodeError{at.String(), "null; an optional field is left out instead"}
	}
	x, err := decode(v, at)
	if err != nil {
		return nil, err
	}
	return &x, nil
}

// encodeSlice is a slice as a JSON array.
func encodeSlice[T any](items []T, encode func(T) Value) Value {
	out := make([]Value, len(items))
	for i, x := range items {
		out[i] = encode(x)
	}
	return out
}
