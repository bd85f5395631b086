package elementmodel

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// JSONError is text that is not JSON (Refused is false: json-not-utf8, json-malformed, json-truncated), or JSON
// this package refuses (Refused is true: json-repeated-key, json-lone-surrogate, json-number-range). ID is the
// catalogue's id, Line and Column where the problem is (1-based, the column in characters), Found the character
// met for json-malformed ('x', or U+XXXX), and Message the catalogue's message for all of them.
type JSONError struct {
	ID      string
	Line    int
	Column  int
	Found   string
	Message string
	Refused bool
}

func (e *JSONError) Error() string { return e.Message }

// verdict is what the reading came to. The first problem in text order wins, and a malformation wins over any
// refusal: a grammar failure before the first byte that is not UTF-8, else that byte, else the grammar failure
// (which, with every byte read, is the text ending too soon), else the first refusal.
func (r *reader) verdict(value Value, err error) (Value, error) {
	switch {
	case err != nil && r.failedAt < r.valid:
		return nil, newJSONError(r.text, jsonMalformed, r.failedAt, false)
	case r.valid < len(r.text):
		return nil, newJSONError(r.text, jsonNotUTF8, r.valid, false)
	case err != nil:
		return nil, newJSONError(r.text, jsonTruncated, r.failedAt, false)
	case r.refusedAt >= 0:
		return nil, newJSONError(r.text, r.refusal, r.refusedAt, true)
	}
	return value, nil
}

// newJSONError is the finding id at byte at of text, whose bytes before at are UTF-8.
func newJSONError(text, id string, at int, refused bool) *JSONError {
	before := text[:at]
	lineStart := strings.LastIndexByte(before, '\n') + 1
	e := &JSONError{ID: id, Refused: refused, Line: 1 + strings.Count(before, "\n"), Column: 1 + utf8.RuneCountInString(before[lineStart:])}
	values := slots{"line": itoa(e.Line), "column": itoa(e.Column)}
	if id == jsonMalformed {
		e.Found = foundAt(text, at)
		values["found"] = e.Found
	}
	e.Message = formatMessage(findingCatalogue[id], values)
	return e
}

// foundAt names the character at byte at as the catalogue's messages do: 'x' for U+0021 to U+007E, else U+XXXX.
func foundAt(text string, at int) string {
	c, _ := utf8.DecodeRuneInString(text[at:])
	if c >= 0x21 && c <= 0x7e {
		return "'" + string(c) + "'"
	}
	return fmt.Sprintf("U+%04X", c)
}

// firstNotUTF8 is where the first byte that does not start a well-formed UTF-8 character stands (Go's decoder
// holds to RFC 3629: no overlong form, no surrogate, nothing past U+10FFFF), or the text's length.
func firstNotUTF8(text string) int {
	for i := 0; i < len(text); {
		if text[i] < utf8.RuneSelf {
			i++
			continue
		}
		c, size := utf8.DecodeRuneInString(text[i:])
		if c == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(text)
}

// jsonFinding is the one finding, at the root, for text the reader refuses.
func jsonFinding(e *JSONError) Finding {
	entry := findingCatalogue[e.ID]
	return Finding{Rule: entry.Rule, Severity: entry.Severity, Message: e.Message}
}

// jsonProblem is the message of the finding, as a reader's error gives it.
func jsonProblem(err error) string { return err.Error() }
