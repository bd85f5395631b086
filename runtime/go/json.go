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
	// Text that is UTF-8 throughout needs no check string by string.
	r := reader{text: text, checkUTF8: !utf8.ValidString(text)}
	return r.read()
}

type reader struct {
	text      string
	pos       int
	checkUTF8 bool
	// The members of every object and the items of every array being read, innermost last: each container
	// is copied out, at its exact size, when it closes, so no container's slice grows by doubling.
	members []Member
	items   []Value
	// Slabs the objects, members and items of the tree are carved from, so a tree of many small containers
	// costs a few large allocations rather than one or more per container. (A slab lives as long as any
	// value cut from it; the scratch stacks die with the reader, so they are not cleared.)
	objects    []Object
	memberSlab []Member
	itemSlab   []Value
	// boxed are short strings already put in a Value, by a hash of a few of their bytes (see box).
	boxed [64]Value
}

// slabSize is how many objects, members or items one slab holds; a container larger than a quarter of one
// gets its own slice.
const slabSize = 1024

// container is an object or an array being read: where its members or items start in the reader's scratch
// stacks, the key its next value goes under, and for an object past indexFrom members, its keys' index.
type container struct {
	object bool
	from   int
	key    string
	index  map[string]int
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

// has reports whether the object being read, top, already has key.
func (r *reader) has(top *container, key string) bool {
	if top.index != nil {
		_, ok := top.index[key]
		return ok
	}
	for _, m := range r.members[top.from:] {
		if m.Key == key {
			return true
		}
	}
	return false
}

func (r *reader) key(top *container) (string, error) {
	if r.peek() != '"' {
		return "", r.fail("a key was expected at %d", r.pos)
	}
	key, err := r.string()
	if err != nil {
		return "", err
	}
	if r.has(top, key) {
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

// addMember puts a member on the object being read, indexing its keys once it has more than indexFrom, as
// Object.Set does.
func (r *reader) addMember(top *container, key string, value Value) {
	r.members = append(r.members, Member{key, value})
	n := len(r.members) - top.from
	if top.index != nil {
		top.index[key] = n - 1
	} else if n > indexFrom {
		top.index = make(map[string]int, n*2)
		for i, m := range r.members[top.from:] {
			top.index[m.Key] = i
		}
	}
}

// closeObject is the object whose members are on the scratch stack from top.from.
func (r *reader) closeObject(top *container) *Object {
	if len(r.objects) == 0 {
		r.objects = make([]Object, slabSize)
	}
	o := &r.objects[0]
	r.objects = r.objects[1:]
	o.Members = carve(&r.memberSlab, r.members[top.from:])
	o.index = top.index
	r.members = r.members[:top.from]
	return o
}

// closeArray is the array whose items are on the scratch stack from top.from.
func (r *reader) closeArray(top *container) []Value {
	items := carve(&r.itemSlab, r.items[top.from:])
	r.items = r.items[:top.from]
	return items
}

// carve copies from into a slice cut from the slab, or into its own slice when it is large. The slice's
// capacity is its length, so appending to it never writes over its neighbour's.
func carve[T any](slab *[]T, from []T) []T {
	n := len(from)
	if n > slabSize/4 {
		return append(make([]T, 0, n), from...)
	}
	if len(*slab) < n {
		*slab = make([]T, slabSize)
	}
	out := (*slab)[:n:n]
	*slab = (*slab)[n:]
	copy(out, from)
	return out
}

// box is s as a Value. Putting a string in a Value is an allocation of its own, and answers repeat a few short
// strings (roles, kinds, relations) many times, so a short string met again at its slot of a small cache reuses
// the Value made the last time. Strings are immutable, so sharing one is not seen.
func (r *reader) box(s string) Value {
	n := len(s)
	if n == 0 || n > 16 {
		return s
	}
	slot := &r.boxed[(n*7+int(s[0])*3+int(s[n/2])+int(s[n-1])*5)%len(r.boxed)]
	if old, ok := (*slot).(string); ok && old == s {
		return *slot
	}
	*slot = s
	return *slot
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
			stack = append(stack, container{object: true, from: len(r.members)})
			key, err := r.key(&stack[len(stack)-1])
			if err != nil {
				return nil, err
			}
			stack[len(stack)-1].key = key
			continue
		case c == '[':
			r.pos++
			r.skip()
			if r.peek() == ']' {
				r.pos++
				value = []Value{}
				break
			}
			stack = append(stack, container{from: len(r.items)})
			continue
		case c == '"':
			s, err := r.string()
			if err != nil {
				return nil, err
			}
			value = r.box(s)
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
			if top.object {
				r.addMember(top, top.key, value)
			} else {
				r.items = append(r.items, value)
			}
			c := r.peek()
			if c == ',' {
				r.pos++
				r.skip()
				if top.object {
					key, err := r.key(top)
					if err != nil {
						return nil, err
					}
					top.key = key
				}
				break
			}
			if top.object {
				if c != '}' {
					return nil, r.fail("',' or '}' was expected at %d", r.pos)
				}
				value = r.closeObject(top)
			} else {
				if c != ']' {
					return nil, r.fail("',' or ']' was expected at %d", r.pos)
				}
				value = r.closeArray(top)
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
			if r.checkUTF8 && !utf8.ValidString(s) {
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
