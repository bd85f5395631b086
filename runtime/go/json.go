package elementmodel

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// JSONError is text that is not JSON (Refused is false), or JSON this package refuses (Refused is true): a
// key repeated in one object, a lone surrogate, a number too large for a double.
type JSONError struct {
	Message string
	Refused bool
}

func (e *JSONError) Error() string { return e.Message }

// ParseJSON reads JSON text into a Value with an explicit stack, so text of any depth is read without
// recursion and without a nesting limit.
func ParseJSON(text string) (Value, error) {
	r := reader{text: text}
	return r.read()
}

type reader struct {
	text string
	pos  int
}

// container is an object or an array being read, with the key its next value goes under.
type container struct {
	object *Object
	array  []Value
	key    string
}

func (r *reader) fail(format string, args ...any) error {
	return &JSONError{Message: fmt.Sprintf(format, args...)}
}

func (r *reader) skip() {
	for r.pos < len(r.text) {
		switch r.text[r.pos] {
		case ' ', '\t', '\n', '\r':
			r.pos++
		default:
			return
		}
	}
}

func (r *reader) peek() byte {
	if r.pos < len(r.text) {
		return r.text[r.pos]
	}
	return 0
}

func (r *reader) key(o *Object) (string, error) {
	if r.peek() != '"' {
		return "", r.fail("a key was expected at %d", r.pos)
	}
	key, err := r.string()
	if err != nil {
		return "", err
	}
	if o.Has(key) {
		return "", &JSONError{Message: fmt.Sprintf("the key %s twice in one object", strconv.Quote(key)), Refused: true}
	}
	r.skip()
	if r.peek() != ':' {
		return "", r.fail("':' was expected at %d", r.pos)
	}
	r.pos++
	r.skip()
	return key, nil
}

func (r *reader) read() (Value, error) {
	var stack []container
	r.skip()
	for {
		var value Value
		switch c := r.peek(); {
		case c == '{':
			r.pos++
			r.skip()
			if r.peek() == '}' {
				r.pos++
				value = &Object{}
				break
			}
			o := &Object{}
			key, err := r.key(o)
			if err != nil {
				return nil, err
			}
			stack = append(stack, container{object: o, key: key})
			continue
		case c == '[':
			r.pos++
			r.skip()
			if r.peek() == ']' {
				r.pos++
				value = []Value{}
				break
			}
			stack = append(stack, container{array: []Value{}})
			continue
		case c == '"':
			s, err := r.string()
			if err != nil {
				return nil, err
			}
			value = s
		case c == 't' || c == 'f' || c == 'n':
			switch {
			case strings.HasPrefix(r.text[r.pos:], "true"):
				value, r.pos = true, r.pos+4
			case strings.HasPrefix(r.text[r.pos:], "false"):
				value, r.pos = false, r.pos+5
			case strings.HasPrefix(r.text[r.pos:], "null"):
				value, r.pos = nil, r.pos+4
			default:
				return nil, r.fail("an unexpected word at %d", r.pos)
			}
		default:
			n, err := r.number()
			if err != nil {
				return nil, err
			}
			value = n
		}
		// The value is whole: put it in its container, and close every container the text closes here.
		for {
			r.skip()
			if len(stack) == 0 {
				if r.pos != len(r.text) {
					return nil, r.fail("text after the value at %d", r.pos)
				}
				return value, nil
			}
			top := &stack[len(stack)-1]
			if top.object != nil {
				top.object.Set(top.key, value)
			} else {
				top.array = append(top.array, value)
			}
			c := r.peek()
			if c == ',' {
				r.pos++
				r.skip()
				if top.object != nil {
					key, err := r.key(top.object)
					if err != nil {
						return nil, err
					}
					top.key = key
				}
				break
			}
			if top.object != nil {
				if c != '}' {
					return nil, r.fail("',' or '}' was expected at %d", r.pos)
				}
				value = top.object
			} else {
				if c != ']' {
					return nil, r.fail("',' or ']' was expected at %d", r.pos)
				}
				value = top.array
			}
			r.pos++
			stack = stack[:len(stack)-1]
		}
	}
}

func (r *reader) number() (Number, error) {
	start := r.pos
	t := r.text
	i := r.pos
	if i < len(t) && t[i] == '-' {
		i++
	}
	digits := func() int {
		from := i
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
		}
		return i - from
	}
	switch {
	case i < len(t) && t[i] == '0':
		i++
	case digits() == 0:
		return "", r.fail("a value was expected at %d", start)
	}
	whole := true
	if i < len(t) && t[i] == '.' {
		i++
		whole = false
		if digits() == 0 {
			return "", r.fail("a digit was expected at %d", i)
		}
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		i++
		whole = false
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			i++
		}
		if digits() == 0 {
			return "", r.fail("a digit was expected at %d", i)
		}
	}
	text := t[start:i]
	r.pos = i
	// Every binding reads a number as a double at most: one too large for one is refused, not made infinite.
	if !whole || len(text) > 308 {
		if _, err := strconv.ParseFloat(text, 64); err != nil && !isUnderflow(text) {
			return "", &JSONError{Message: fmt.Sprintf("a number too large for a double at %d", start), Refused: true}
		}
	}
	return Number(text), nil
}

// isUnderflow reports whether a number out of a double's range is a tiny one (read as zero, as every binding does).
func isUnderflow(text string) bool {
	f, _ := strconv.ParseFloat(text, 64)
	return f > -1 && f < 1
}

func hexValue(s string) (rune, bool) {
	var v rune
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return v, true
}

func (r *reader) string() (string, error) {
	start := r.pos
	t := r.text
	i := r.pos + 1
	// The common case: no escape, read as a slice of the text.
	for i < len(t) {
		c := t[i]
		if c == '"' {
			r.pos = i + 1
			s := t[start+1 : i]
			if !utf8.ValidString(s) {
				return "", r.fail("text that is not UTF-8 in the string at %d", start)
			}
			return s, nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", r.fail("an invalid or unterminated string at %d", start)
		}
		i++
	}
	var b strings.Builder
	b.WriteString(t[start+1 : i])
	for i < len(t) {
		c := t[i]
		switch {
		case c == '"':
			r.pos = i + 1
			s := b.String()
			if !utf8.ValidString(s) {
				return "", r.fail("text that is not UTF-8 in the string at %d", start)
			}
			return s, nil
		case c < 0x20:
			return "", r.fail("an invalid or unterminated string at %d", start)
		case c != '\\':
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(t) {
			break
		}
		e := t[i+1]
		i += 2
		switch e {
		case '"', '\\', '/':
			b.WriteByte(e)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			if i+4 > len(t) {
				return "", r.fail("an invalid or unterminated string at %d", start)
			}
			u, ok := hexValue(t[i : i+4])
			if !ok {
				return "", r.fail("an invalid or unterminated string at %d", start)
			}
			i += 4
			if utf16.IsSurrogate(u) {
				// Only a high half followed by an escaped low half makes a character.
				if u < 0xdc00 && i+6 <= len(t) && t[i] == '\\' && t[i+1] == 'u' {
					if low, ok := hexValue(t[i+2 : i+6]); ok && low >= 0xdc00 && low <= 0xdfff {
						b.WriteRune(utf16.DecodeRune(u, low))
						i += 6
						continue
					}
				}
				return "", &JSONError{Message: fmt.Sprintf("a lone surrogate in the string at %d", start), Refused: true}
			}
			b.WriteRune(u)
		default:
			return "", r.fail("an invalid or unterminated string at %d", start)
		}
	}
	return "", r.fail("an invalid or unterminated string at %d", start)
}
