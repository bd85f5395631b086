package elementmodel

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// quoteJSON writes s as a JSON string the way JavaScript's JSON.stringify does: only the quote, the backslash
// and control characters escaped, every other character as it is.
func quoteJSON(b *strings.Builder, s string) {
	b.WriteByte('"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b.WriteString(s[start:i])
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteString(`\u00`)
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&0xf])
		}
		start = i + 1
	}
	b.WriteString(s[start:])
	b.WriteByte('"')
}

// QuoteJSON is s as a JSON string, as JSON.stringify writes it.
func QuoteJSON(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	quoteJSON(&b, s)
	return b.String()
}

// MarshalValue writes a Value as compact JSON text, keys in the object's order, numbers as they were read.
// It walks with an explicit stack, so a value of any depth is written without recursion.
func MarshalValue(v Value) string {
	var b strings.Builder
	type frame struct {
		object *Object
		array  []Value
		next   int
	}
	var stack []frame
	for {
		switch x := v.(type) {
		case nil:
			b.WriteString("null")
		case bool:
			b.WriteString(strconv.FormatBool(x))
		case Number:
			b.WriteString(string(x))
		case string:
			quoteJSON(&b, x)
		case []Value:
			b.WriteByte('[')
			stack = append(stack, frame{array: x})
		case *Object:
			b.WriteByte('{')
			stack = append(stack, frame{object: x})
		default:
			b.WriteString("null")
		}
		v = nil
		found := false
		for len(stack) > 0 && !found {
			top := &stack[len(stack)-1]
			if top.object != nil {
				if top.next < len(top.object.Members) {
					if top.next > 0 {
						b.WriteByte(',')
					}
					m := top.object.Members[top.next]
					top.next++
					quoteJSON(&b, m.Key)
					b.WriteByte(':')
					v, found = m.Value, true
					continue
				}
				b.WriteByte('}')
			} else {
				if top.next < len(top.array) {
					if top.next > 0 {
						b.WriteByte(',')
					}
					v, found = top.array[top.next], true
					top.next++
					continue
				}
				b.WriteByte(']')
			}
			stack = stack[:len(stack)-1]
		}
		if !found {
			return b.String()
		}
	}
}

// utf16Length is the length of s in UTF-16 code units, as the other bindings count a string.
func utf16Length(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r > 0xffff {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// jsonType is the JSON type of a value, by JSON's names.
func jsonType(v Value) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case Number:
		return "number"
	case string:
		return "string"
	case []Value:
		return "array"
	case *Object:
		return "object"
	}
	return "undefined"
}

// EqualValues reports whether two values are the same JSON: objects by their keys whatever the order, numbers by
// their value.
func EqualValues(a, b Value) bool {
	type pair struct{ a, b Value }
	stack := []pair{{a, b}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := p.a.(type) {
		case nil:
			if p.b != nil {
				return false
			}
		case bool:
			if y, ok := p.b.(bool); !ok || x != y {
				return false
			}
		case string:
			if y, ok := p.b.(string); !ok || x != y {
				return false
			}
		case Number:
			y, ok := p.b.(Number)
			if !ok {
				return false
			}
			if x != y {
				fx, e1 := x.Float64()
				fy, e2 := y.Float64()
				if e1 != nil || e2 != nil || fx != fy || (isWhole(x) && isWhole(y)) {
					return false
				}
			}
		case []Value:
			y, ok := p.b.([]Value)
			if !ok || len(x) != len(y) {
				return false
			}
			for i := range x {
				stack = append(stack, pair{x[i], y[i]})
			}
		case *Object:
			y, ok := p.b.(*Object)
			if !ok || x.Len() != y.Len() {
				return false
			}
			for _, m := range x.Members {
				w, has := y.Get(m.Key)
				if !has {
					return false
				}
				stack = append(stack, pair{m.Value, w})
			}
		default:
			return false
		}
	}
	return true
}

func isWhole(n Number) bool { return !strings.ContainsAny(string(n), ".eE") }
