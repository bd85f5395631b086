package elementmodel

import "testing"

// A bounded number whose text is past float64's range is, as JavaScript (and so the JSON Schemas' ajv) reads it,
// infinite, and out of any bounds; one too small for float64 is zero. Worked out by hand from those readings.
func TestNestedBoundsReadANumberPastFloat64AsInfinite(t *testing.T) {
	zero, one := 0.0, 1.0
	shape := NestedShape{Type: "number", Minimum: &zero, Maximum: &one, Bounds: "from 0 to 1"}
	for text, out := range map[string]bool{"1e400": true, "-1e400": true, "1e-400": false, "1": false, "1.0000001": true} {
		said := false
		checkNested(Number(text), &shape, "n", nil, func(id string, _ slots, _ []any) { said = id == "out-of-range" })
		if said != out {
			t.Errorf("%s: out of range said %v, want %v", text, said, out)
		}
	}
}
