package elementmodel

import (
	"os"
	"strings"
	"testing"
)

// Answers from apps nobody controls: malformed text, wrong types, repeated keys, lone surrogates, and trees far
// deeper and wider than any real one, read or refused with the same verdicts as every binding.

type hostile struct {
	pieces map[string]string
	cases  []Value
	// heads holds each role's element head, split where its id goes (see elementHead).
	heads map[string][2]string
}

func readHostile(t *testing.T) hostile {
	t.Helper()
	data, err := os.ReadFile("testdata/hostile-inputs.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := ParseJSON(string(data))
	if err != nil {
		t.Fatal(err)
	}
	h := hostile{pieces: map[string]string{}, heads: map[string][2]string{}}
	for _, m := range v.(*Object).Members {
		if s, ok := m.Value.(string); ok {
			h.pieces[m.Key] = s
		}
	}
	h.cases, _ = field(v, "cases").([]Value)
	return h
}

// decoded is how the text decodes: "ok", "refused", "not JSON" or "invalid".
func decoded(text string) string {
	v, err := ParseJSON(text)
	if err != nil {
		if e, ok := err.(*JSONError); ok && e.Refused {
			return "refused"
		}
		return "not JSON"
	}
	if _, err := DecodeAnswer(v); err != nil {
		return "invalid"
	}
	return "ok"
}

func TestHostileInputs(t *testing.T) {
	for _, c := range readHostile(t).cases {
		name, _ := field(c, "name").(string)
		t.Run(name, func(t *testing.T) {
			text, _ := field(c, "input").(string)
			outcome := decoded(text)
			if (outcome == "ok") != (field(c, "decodes") == true) {
				t.Fatalf("decodes as %s", outcome)
			}
			if e := field(c, "error"); (e == "duplicateKey" || e == "loneSurrogate") && outcome != "refused" {
				t.Fatalf("%s, want refused", outcome)
			}
			_ = ValidateText(text, Limits)
			if _, err := ParseAnswer(text); err != nil {
				if _, ok := err.(*AnswerError); !ok {
					t.Fatalf("not an AnswerError: %v", err)
				}
			}
		})
	}
}

// elementHead is the hostile inputs' leaf element with the id e<n> and the role given, without its closing brace.
// The leaf is read and written once a role; each head after that is the written text with its id put in, so a
// test laying out a million elements times the reader, not a million small reads of its own.
func elementHead(h hostile, n int, role string) string {
	parts, ok := h.heads[role]
	if !ok {
		leaf, _ := ParseJSON(h.pieces["leaf"])
		o := leaf.(*Object)
		o.Set(Spec.Tree.ID, idSlot)
		if role != "" {
			o.Set(Spec.Tree.Role, role)
		}
		s := MarshalValue(o)
		before, after, found := strings.Cut(s[:len(s)-1], QuoteJSON(idSlot))
		if !found {
			panic("elementHead: the id is not written as QuoteJSON writes it")
		}
		parts = [2]string{before, after}
		h.heads[role] = parts
	}
	return parts[0] + QuoteJSON("e"+itoa(n)) + parts[1]
}

// idSlot is the id written into the leaf to find where each element's id goes.
const idSlot = "\x00id"

func answerOf(h hostile, rootFields string) string {
	return h.pieces["answerHead"] + elementHead(h, 0, Spec.RoleRules.Root) + rootFields + "}" + h.pieces["answerTail"]
}

func chain(h hostile, depth int) string {
	var b strings.Builder
	for n := 1; n < depth; n++ {
		b.WriteString(elementHead(h, n, "") + h.pieces["childrenOpen"])
	}
	b.WriteString(elementHead(h, depth, "") + "}" + strings.Repeat(h.pieces["childrenClose"], depth-1))
	return answerOf(h, h.pieces["childrenOpen"]+b.String()+"]")
}
