package elementmodel

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// spec/README.md's "Reading JSON", case by case: which finding, at which line and column (in characters), and the
// character met. Each expectation is worked out from the contract by hand.

type jsonCase struct {
	text   string
	id     string
	line   int
	column int
	found  string
}

func checkJSONCases(t *testing.T, cases []jsonCase) {
	t.Helper()
	for _, c := range cases {
		_, err := ParseJSON(c.text)
		e, ok := err.(*JSONError)
		if !ok {
			t.Errorf("%q: %v, want %s", c.text, err, c.id)
			continue
		}
		if e.ID != c.id || e.Line != c.line || e.Column != c.column || e.Found != c.found {
			t.Errorf("%q: %s %d:%d %s, want %s %d:%d %s", c.text, e.ID, e.Line, e.Column, e.Found, c.id, c.line, c.column, c.found)
		}
		if want := strings.HasPrefix(c.id, "json-repeated") || c.id == "json-lone-surrogate" || c.id == "json-number-range"; e.Refused != want {
			t.Errorf("%q: Refused %v", c.text, e.Refused)
		}
		// The message is the catalogue's, its slots filled with the place and the character.
		want := formatMessage(findingCatalogue[c.id], slots{"line": itoa(c.line), "column": itoa(c.column), "found": c.found})
		if e.Message != want || e.Error() != want {
			t.Errorf("%q: %q, want %q", c.text, e.Message, want)
		}
	}
}

func TestJSONNotUTF8(t *testing.T) {
	checkJSONCases(t, []jsonCase{
		{"[\"a\xffb\"]", "json-not-utf8", 1, 4, ""},
		{"{\n  \"é\": \"\xc3\x28\"}", "json-not-utf8", 2, 9, ""},
		{"\"\xc0\xaf\"", "json-not-utf8", 1, 2, ""},         // an overlong '/'
		{"\"\xed\xa0\x80\"", "json-not-utf8", 1, 2, ""},     // a surrogate, encoded
		{"\"\xf4\x90\x80\x80\"", "json-not-utf8", 1, 2, ""}, // past U+10FFFF
		{"\"abc\xe2\x82\"", "json-not-utf8", 1, 5, ""},      // a character cut short
		{"\xff\xfe[\x00]\x00", "json-not-utf8", 1, 1, ""},   // UTF-16 with its byte order mark
		{"[\"\xff\", x]", "json-not-utf8", 1, 3, ""},        // before a malformation: told first
		{"[1\xff", "json-not-utf8", 1, 3, ""},               // before the end of the text
		{"[1]\x80", "json-not-utf8", 1, 4, ""},
	})
}

func TestJSONMalformed(t *testing.T) {
	checkJSONCases(t, []jsonCase{
		{"[1,]", "json-malformed", 1, 4, "']'"},
		{`{"a":1}x`, "json-malformed", 1, 8, "'x'"},
		{"[\"a\tb\"]", "json-malformed", 1, 4, "U+0009"},
		{"01", "json-malformed", 1, 2, "'1'"},
		{"NaN", "json-malformed", 1, 1, "'N'"},
		{"[1 2]", "json-malformed", 1, 4, "'2'"},
		{"[\n 1,\n ]", "json-malformed", 3, 2, "']'"},
		{"tru e", "json-malformed", 1, 4, "U+0020"},
		{"[é]", "json-malformed", 1, 2, "U+00E9"},
		{"[\"éé\", x]", "json-malformed", 1, 8, "'x'"},
		{"\xef\xbb\xbf{}", "json-malformed", 1, 1, "U+FEFF"}, // a UTF-8 byte order mark
		{"\x00[\x00]", "json-malformed", 1, 1, "U+0000"},     // UTF-16, big end first
		{"[\x00\x00\x00]\x00\x00\x00", "json-malformed", 1, 2, "U+0000"},
		{`"\x"`, "json-malformed", 1, 3, "'x'"},
		{`"\u12G4"`, "json-malformed", 1, 6, "'G'"},
		{`{"a" 1}`, "json-malformed", 1, 6, "'1'"},
		{`{1:2}`, "json-malformed", 1, 2, "'1'"},
		{`[1}`, "json-malformed", 1, 3, "'}'"},
		{`-a`, "json-malformed", 1, 2, "'a'"},
		{`1.e5`, "json-malformed", 1, 3, "'e'"},
		{`+1`, "json-malformed", 1, 1, "'+'"},
		{"[x, \"\xff\"]", "json-malformed", 1, 2, "'x'"}, // before bytes that are not UTF-8: told first
		{`{"a":1,"a":2,}`, "json-malformed", 1, 14, "'}'"},
		{`["\ud800" x]`, "json-malformed", 1, 11, "'x'"},
	})
}

func TestJSONTruncated(t *testing.T) {
	checkJSONCases(t, []jsonCase{
		{"", "json-truncated", 1, 1, ""},
		{"  \n ", "json-truncated", 2, 2, ""},
		{"[1,", "json-truncated", 1, 4, ""},
		{`{"a"`, "json-truncated", 1, 5, ""},
		{"[\n", "json-truncated", 2, 1, ""},
		{`"abé`, "json-truncated", 1, 5, ""},
		{"tru", "json-truncated", 1, 4, ""},
		{"1e", "json-truncated", 1, 3, ""},
		{`"\u00`, "json-truncated", 1, 6, ""},
		{`{"a":1,"a":2`, "json-truncated", 1, 13, ""}, // a malformation wins over a refusal before it
	})
}

func TestJSONRefusals(t *testing.T) {
	checkJSONCases(t, []jsonCase{
		{`["\ud800"]`, "json-lone-surrogate", 1, 3, ""},
		{`{"k": "x\udc00y"}`, "json-lone-surrogate", 1, 9, ""},
		{`"\ud800\ud800\udc00"`, "json-lone-surrogate", 1, 2, ""},
		{`"\ud83d\ude00\udc00"`, "json-lone-surrogate", 1, 14, ""},
		{`"\ud800\u0041"`, "json-lone-surrogate", 1, 2, ""},
		{"[1e400]", "json-number-range", 1, 2, ""},
		{"-1e309", "json-number-range", 1, 1, ""},
		{"[" + strings.Repeat("9", 400) + "]", "json-number-range", 1, 2, ""},
		{`{"a":1,"a":2}`, "json-repeated-key", 1, 8, ""},
		{"{\n\"a\":1,\n  \"\\u0061\":2}", "json-repeated-key", 3, 3, ""},
		{`{"é":1,"\u00e9":2}`, "json-repeated-key", 1, 8, ""},
		{`{"b":{"a":1,"a":2},"b":3}`, "json-repeated-key", 1, 13, ""},
		// The first refusal in text order.
		{`["\ud800", 1e400]`, "json-lone-surrogate", 1, 3, ""},
		{`[1e400, "\ud800"]`, "json-number-range", 1, 2, ""},
		{`{"\ud800":1,"\ud800":2}`, "json-lone-surrogate", 1, 3, ""},
		{`{"a":1,"a":"\ud800"}`, "json-repeated-key", 1, 8, ""},
	})
}

func TestJSONReadsWhatItShould(t *testing.T) {
	for text, want := range map[string]string{
		`{"é":1,"e\u0301":2}`:                     "{\"é\":1,\"e\u0301\":2}", // two keys: no normalisation
		`{"a":{"a":1},"b":[{"a":2},{"a":3}]}`:     `{"a":{"a":1},"b":[{"a":2},{"a":3}]}`,
		`[12345678901234567890, 1e-400, -0.0E+1]`: `[12345678901234567890,1e-400,-0.0E+1]`,
		`"\ud83d\ude00 \u00e9\n"`:                 "\"\U0001F600 é\\n\"",
		" [ true , false , null ] ":               `[true,false,null]`,
	} {
		v, err := ParseJSON(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got := MarshalValue(v); got != want {
			t.Errorf("%s: %s, want %s", text, got, want)
		}
	}
	v, _ := ParseJSON(`{"é":1,"e\u0301":2}`)
	if o := v.(*Object); o.Len() != 2 || !o.Has("é") || !o.Has("e\u0301") {
		t.Fatalf("%+v", o.Members)
	}
}

func TestJSONAnyDepth(t *testing.T) {
	const depth = 100_000
	checkJSONCases(t, []jsonCase{
		{strings.Repeat("[", depth), "json-truncated", 1, depth + 1, ""},
		{strings.Repeat(`{"a":`, 3*depth), "json-truncated", 1, 15*depth + 1, ""}, // the stack in 80 chunks
		{strings.Repeat(`[{"a":`, depth) + "1" + strings.Repeat("}]", depth-1) + "]]", "json-malformed", 1, 8 * depth, "']'"},
	})
	v, err := ParseJSON(strings.Repeat(`[{"a":`, depth) + "1" + strings.Repeat("}]", depth))
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < depth; n++ {
		v, _ = v.([]Value)[0].(*Object).Get("a")
	}
	if v != Number("1") {
		t.Fatal(v)
	}
	// Containers opened and closed about the edges of the reader's stack chunks (16, 32... 4,096 entries, the
	// largest from 8,176 on): the tree comes out whole at every depth.
	for _, d := range []int{14, 15, 16, 17, 18, 46, 47, 48, 49, 8174, 8175, 8176, 8177, 8178, 12271, 12272, 12273} {
		v, err := ParseJSON(strings.Repeat(`{"a":`, d) + `[[1],{"b":[2,{}]},[[3]]]` + strings.Repeat("}", d))
		if err != nil {
			t.Fatal(d, err)
		}
		for n := 0; n < d; n++ {
			v, _ = v.(*Object).Get("a")
		}
		if got := MarshalValue(v); got != `[[1],{"b":[2,{}]},[[3]]]` {
			t.Fatal(d, got)
		}
	}
	if testing.Short() {
		return
	}
	// A hundred million levels: no stack to exhaust, and no memory a level for arrays that hold nothing yet.
	const deeper = 100_000_000
	checkJSONCases(t, []jsonCase{{strings.Repeat("[", deeper), "json-truncated", 1, deeper + 1, ""}})
}

// The validator gives one finding at the root for text that is not JSON, in whatever encoding, and exits 1;
// ParseAnswer fails with the same message.
func TestValidatorOnTextThatIsNotJSON(t *testing.T) {
	dir := t.TempDir()
	version := QuoteJSON(Spec.Tree.Version) + ":" + QuoteJSON(Spec.Version)
	for name, text := range map[string]string{
		"latin1.json":    "{" + version + ",\"x\":\"caf\xe9\"}",
		"utf16.json":     "\xff\xfe{\x00}\x00",
		"utf32.json":     "\x00\x00\x00[\x00\x00\x00]",
		"bom.json":       "\xef\xbb\xbf{}",
		"repeat.json":    "{" + version + "," + version + "}",
		"cut.json":       "{" + version + ",",
		"surrogate.json": "{" + version + `,"x":"\udfff"}`,
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := ValidateMain([]string{"--json", path}, nil, &stdout, &stderr)
		_, want := ParseJSON(text)
		findings := ValidateText(text, Limits)
		if code != 1 || stderr.Len() != 0 || want == nil || len(findings) != 1 {
			t.Fatalf("%s: exit %d, %s%v", name, code, stderr.String(), findings)
		}
		f := findings[0]
		if f.Rule != "json" || f.Severity != SeverityError || f.Path != "" || f.ElementID != nil || f.Requirement != nil || f.Message != want.Error() {
			t.Errorf("%s: %+v", name, f)
		}
		if stdout.String() != FindingsJSON(findings) {
			t.Errorf("%s: %s", name, stdout.String())
		}
		if _, err := ParseAnswer(text); err == nil || err.Error() != want.Error() {
			t.Errorf("%s: ParseAnswer: %v, want %v", name, err, want)
		}
	}
}
