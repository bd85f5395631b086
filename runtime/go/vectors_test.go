package elementmodel

import (
	"embed"
	"path"
	"sort"
	"strings"
	"testing"
)

// The shared conformance vectors, embedded, so a copy of this folder alone runs them; their findings are held to
// Check's here, and what decoding makes of them in conformance_test.go.
//
//go:embed testdata/conformance
var conformance embed.FS

type vector struct {
	name     string
	input    Value
	decodes  bool
	findings []Value
	elements []Value
}

func field(v Value, key string) Value {
	if o, ok := v.(*Object); ok {
		x, _ := o.Get(key)
		return x
	}
	return nil
}

func readVectors(t *testing.T) []vector {
	t.Helper()
	dir := "testdata/conformance/vectors"
	entries, err := conformance.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []vector
	for _, entry := range entries {
		name := entry.Name()
		if !strings.HasSuffix(name, ".json") {
			continue
		}
		text, err := conformance.ReadFile(path.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		v, err := ParseJSON(string(text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		findings, _ := field(v, "findings").([]Value)
		elements, _ := field(v, "elements").([]Value)
		out = append(out, vector{strings.TrimSuffix(name, ".json"), field(v, "input"), field(v, "decodes") == true, findings, elements})
	}
	if len(out) == 0 {
		t.Fatal("no vectors")
	}
	return out
}

func TestEveryVectorIsHere(t *testing.T) {
	text, err := conformance.ReadFile("testdata/conformance/index.json")
	if err != nil {
		t.Fatal(err)
	}
	index, err := ParseJSON(string(text))
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	names, _ := field(index, "vectors").([]Value)
	for _, n := range names {
		s, _ := n.(string)
		listed = append(listed, s)
	}
	var found []string
	for _, v := range readVectors(t) {
		found = append(found, v.name)
	}
	sort.Strings(listed)
	sort.Strings(found)
	if strings.Join(listed, ",") != strings.Join(found, ",") {
		t.Fatalf("index lists %v, the folder holds %v", listed, found)
	}
}

func nullableValue(s *string) Value {
	if s == nil {
		return nil
	}
	return *s
}

func TestFindings(t *testing.T) {
	for _, v := range readVectors(t) {
		t.Run(v.name, func(t *testing.T) {
			var got []Value
			for _, f := range Check(v.input, Limits) {
				o := NewObject()
				o.Set("requirement", nullableValue(f.Requirement))
				o.Set("rule", f.Rule)
				o.Set("severity", string(f.Severity))
				o.Set("elementId", nullableValue(f.ElementID))
				o.Set("path", f.Path)
				got = append(got, o)
			}
			if got == nil {
				got = []Value{}
			}
			want := v.findings
			if want == nil {
				want = []Value{}
			}
			if !EqualValues(got, want) {
				t.Fatalf("findings\n got %s\nwant %s", MarshalValue(got), MarshalValue(want))
			}
		})
	}
}
