package elementmodel

// The JSON reader is written by hand because encoding/json loses what an answer needs kept or told: decoding
// into any puts an object's members in a map (their order gone, a repeated key silently the last one's value)
// and every number in a float64 (digits past 2^53 gone; UseNumber keeps the text but checks no range); it turns
// bytes that are not UTF-8 and lone surrogate escapes into U+FFFD without a word, stops at a nesting depth of
// 10,000, and its errors give a byte offset, not the line, column and character spec/README.md ("Reading JSON")
// asks every binding to give. This reader keeps member order and each number's text, refuses what no binding
// reads (a repeated key, a lone surrogate escape, a number past a double), reads any depth with an explicit stack
// (jsonstack.go), and says where the first problem is: jsonscan.go reads strings, numbers and words, and
// jsonerror.go turns a problem into the catalogue's finding.

import (
	"errors"
	"unicode/utf8"
)

// ParseJSON reads JSON text into a Value: any depth, without recursion, in time linear in the text. Text that is
// not JSON, or is JSON this package refuses, is a *JSONError at the first problem in text order.
func ParseJSON(text string) (Value, error) {
	r := reader{text: text, valid: len(text), refusedAt: -1}
	// One pass over the whole text (fast when it is all ASCII) spares the reader any check string by string.
	if !utf8.ValidString(text) {
		r.valid = firstNotUTF8(text)
	}
	value, err := r.read()
	return r.verdict(value, err)
}

// errStop ends the reading at a malformation; the reader's failedAt says where it is.
var errStop = errors.New("not JSON")

type reader struct {
	text string
	pos  int
	// valid is where the first byte that is not UTF-8 stands, or the text's length.
	valid int
	// failedAt is where the grammar failed; refusedAt (or -1) is the first policy problem, refusal its id.
	failedAt  int
	refusedAt int
	refusal   string
	// depth is how many containers are open; frames holds the state of those that need one, innermost last: every
	// object, from its first key, and an array from its first item, so text that only opens arrays (50 MB of "[")
	// costs no memory a level.
	depth  int
	frames stack
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
	// The size each slab was last made at (see grow).
	objectsSize, membersSize, itemsSize int
	// boxed are short strings already put in a Value, by a hash of a few of their bytes (see box).
	boxed [64]Value
}

// bad stops the reading at a malformation at byte at (the text's length when the text ended too soon).
func (r *reader) bad(at int) error {
	r.failedAt = at
	return errStop
}

// refuse notes a policy problem at byte at; the first in text order is the one told.
func (r *reader) refuse(at int, id string) {
	if r.refusedAt < 0 || at < r.refusedAt {
		r.refusedAt, r.refusal = at, id
	}
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

// peek is the byte at the reader's place, or 0 at the end (where bad says the text ended).
func (r *reader) peek() byte {
	if r.pos < len(r.text) {
		return r.text[r.pos]
	}
	return 0
}

func (r *reader) read() (Value, error) {
	r.skip()
	for {
		value, opened, err := r.value()
		if err != nil {
			return nil, err
		}
		if opened {
			continue
		}
		// The value is whole: put it in its container, and close every container the text closes here.
		for {
			r.skip()
			if r.depth == 0 {
				if r.pos != len(r.text) {
					return nil, r.bad(r.pos)
				}
				return value, nil
			}
			// A container with no entry in frames is an array whose first item this is.
			top := r.frames.last()
			if top == nil || top.level() != r.depth-1 {
				top = r.frames.push(container{tag: (r.depth - 1) << 1, from: len(r.items)})
			}
			if top.object() {
				r.addMember(top, top.key, value)
			} else {
				r.items = append(r.items, value)
			}
			c := r.peek()
			if c == ',' {
				r.pos++
				r.skip()
				if top.object() {
					if err := r.key(top); err != nil {
						return nil, err
					}
				}
				break
			}
			if top.object() && c == '}' {
				value = r.closeObject(top)
			} else if !top.object() && c == ']' {
				value = r.closeArray(top)
			} else {
				return nil, r.bad(r.pos)
			}
			r.pos++
			r.depth--
			r.frames.pop()
		}
	}
}

// value reads the value that starts at the reader's place: a whole one, or (opened) the start of a container
// with something in it, whose first key, for an object, is read too.
func (r *reader) value() (Value, bool, error) {
	switch c := r.peek(); c {
	case '{':
		r.pos++
		r.skip()
		if r.peek() == '}' {
			r.pos++
			return &Object{}, false, nil
		}
		top := r.frames.push(container{tag: r.depth<<1 | 1, from: len(r.members)})
		r.depth++
		return nil, true, r.key(top)
	case '[':
		r.pos++
		r.skip()
		if r.peek() == ']' {
			r.pos++
			return []Value{}, false, nil
		}
		r.depth++
		return nil, true, nil
	case '"':
		s, err := r.string()
		return r.box(s), false, err
	case 't':
		return true, false, r.word("true")
	case 'f':
		return false, false, r.word("false")
	case 'n':
		return nil, false, r.word("null")
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		n, err := r.number()
		return n, false, err
	}
	return nil, false, r.bad(r.pos)
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

// key reads an object's key and the colon after it, as the key top's next value goes under. A key the object
// already has is refused at its opening quote (keys compare as Go strings do: byte by byte, so code point by
// code point, with no normalisation).
func (r *reader) key(top *container) error {
	at := r.pos
	if r.peek() != '"' {
		return r.bad(r.pos)
	}
	key, err := r.string()
	if err != nil {
		return err
	}
	if r.has(top, key) {
		r.refuse(at, jsonRepeatedKey)
	}
	r.skip()
	if r.peek() != ':' {
		return r.bad(r.pos)
	}
	r.pos++
	r.skip()
	top.key = key
	return nil
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
		r.objects = make([]Object, grow(&r.objectsSize))
	}
	o := &r.objects[0]
	r.objects = r.objects[1:]
	o.Members = carve(&r.memberSlab, &r.membersSize, r.members[top.from:])
	o.index = top.index
	r.members = r.members[:top.from]
	return o
}

// closeArray is the array whose items are on the scratch stack from top.from.
func (r *reader) closeArray(top *container) []Value {
	items := carve(&r.itemSlab, &r.itemsSize, r.items[top.from:])
	r.items = r.items[:top.from]
	return items
}

// slabSize is how many objects, members or items one slab holds; a container larger than a quarter of one
// gets its own slice.
const slabSize = 1024

// grow is the size of the next slab of a kind: 16 at first, twice the last one after, up to slabSize, so a short
// text is not read into three slabs of a thousand entries each, cleared and then mostly dropped.
func grow(size *int) int {
	*size = min(slabSize, max(16, *size*2))
	return *size
}

// carve copies from into a slice cut from the slab, or into its own slice when it is large. The slice's
// capacity is its length, so appending to it never writes over its neighbour's. size is the slab's (see grow).
func carve[T any](slab *[]T, size *int, from []T) []T {
	n := len(from)
	if n > slabSize/4 {
		return append(make([]T, 0, n), from...)
	}
	if len(*slab) < n {
		*slab = make([]T, max(grow(size), n))
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
