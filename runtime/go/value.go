package elementmodel

import "strconv"

// Value is a JSON value as this package reads it: nil, bool, Number, string, []Value or *Object.
//
// Objects keep their keys in the order the text gives them and numbers keep their digits, so an answer
// written back is the answer that was read, integers past 2^53 included.
type Value = any

// Number is a JSON number as its text: exact, whatever its size.
type Number string

// Int64 is the number as an int64, when it is a whole number that fits.
func (n Number) Int64() (int64, error) { return strconv.ParseInt(string(n), 10, 64) }

// Float64 is the number as a float64 (the nearest one, for a whole number past 2^53).
func (n Number) Float64() (float64, error) { return strconv.ParseFloat(string(n), 64) }

// Member is one key of an object and its value.
type Member struct {
	Key   string
	Value Value
}

// Object is a JSON object: its members in the text's order, each key once.
type Object struct {
	Members []Member
	index   map[string]int
}

// indexFrom is how many members an object holds before a lookup uses a map rather than a scan.
const indexFrom = 12

// NewObject returns an empty object.
func NewObject() *Object { return &Object{} }

// Get returns the value of key, and whether the object has it.
func (o *Object) Get(key string) (Value, bool) {
	if o.index != nil {
		i, ok := o.index[key]
		if !ok {
			return nil, false
		}
		return o.Members[i].Value, true
	}
	for i := range o.Members {
		if o.Members[i].Key == key {
			return o.Members[i].Value, true
		}
	}
	return nil, false
}

// Has reports whether the object has key.
func (o *Object) Has(key string) bool {
	_, ok := o.Get(key)
	return ok
}

// Set gives key a value: in its place when the object has it, else last. It reports whether the key was new.
func (o *Object) Set(key string, value Value) bool {
	if o.index != nil {
		if i, ok := o.index[key]; ok {
			o.Members[i].Value = value
			return false
		}
	} else {
		for i := range o.Members {
			if o.Members[i].Key == key {
				o.Members[i].Value = value
				return false
			}
		}
	}
	o.Members = append(o.Members, Member{key, value})
	if o.index != nil {
		o.index[key] = len(o.Members) - 1
	} else if len(o.Members) > indexFrom {
		o.index = make(map[string]int, len(o.Members)*2)
		for i, m := range o.Members {
			o.index[m.Key] = i
		}
	}
	return true
}

// Len is the number of members.
func (o *Object) Len() int { return len(o.Members) }
