package elementmodel

import (
	"sort"
	"strings"
)

// Severity is how bad a finding is: an error fails the answer, a warning does not.
type Severity string

const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Finding is one problem found in an answer; Requirement is nil for problems of shape no requirement names.
type Finding struct {
	Requirement *string
	Rule        string
	Severity    Severity
	ElementID   *string
	// Path is a JSON Pointer to the offending value.
	Path    string
	Message string
}

// slots are the values a finding's message is filled with: a string, or a []string for a list slot.
type slots map[string]any

// formatMessage fills a catalogue message's {slot}s: a list slot's texts quoted when it says so and joined; a
// slot given no value is left as written.
func formatMessage(entry findingEntry, values slots) string {
	var b strings.Builder
	m := entry.Message
	for {
		open := strings.IndexByte(m, '{')
		if open < 0 {
			b.WriteString(m)
			return b.String()
		}
		end := strings.IndexByte(m[open:], '}')
		if end < 0 {
			b.WriteString(m)
			return b.String()
		}
		name := m[open+1 : open+end]
		b.WriteString(m[:open])
		switch v := values[name].(type) {
		case string:
			b.WriteString(v)
		case []string:
			list, ok := entry.Lists[name]
			if !ok {
				list = listSlot{Joiner: ", "}
			}
			for i, item := range v {
				if i > 0 {
					b.WriteString(list.Joiner)
				}
				if list.Quoted {
					b.WriteString(`"` + item + `"`)
				} else {
					b.WriteString(item)
				}
			}
		default:
			b.WriteString(m[open : open+end+1])
		}
		m = m[open+end+1:]
	}
}

func orEmpty(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// SortFindings orders findings by path, then requirement, then rule, as every binding orders them.
func SortFindings(findings []Finding) []Finding {
	sort.SliceStable(findings, func(i, j int) bool {
		a, b := findings[i], findings[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if ra, rb := orEmpty(a.Requirement), orEmpty(b.Requirement); ra != rb {
			return ra < rb
		}
		return a.Rule < b.Rule
	})
	return findings
}

// Passes reports whether none of the findings is an error.
func Passes(findings []Finding) bool {
	for _, f := range findings {
		if f.Severity == SeverityError {
			return false
		}
	}
	return true
}

// pointer is a JSON Pointer (RFC 6901) from keys (strings and indexes) down to a value.
func pointer(keys []any) string {
	var b strings.Builder
	for _, k := range keys {
		b.WriteByte('/')
		switch x := k.(type) {
		case string:
			b.WriteString(strings.ReplaceAll(strings.ReplaceAll(x, "~", "~0"), "/", "~1"))
		case int:
			b.WriteString(itoa(x))
		}
	}
	return b.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var digits [20]byte
	i := len(digits)
	for n > 0 {
		i--
		digits[i] = byte('0' + n%10)
		n /= 10
	}
	return string(digits[i:])
}

func nullable(s *string) string {
	if s == nil {
		return "null"
	}
	return QuoteJSON(*s)
}

// FindingsJSON is the findings as every binding's validator prints them with --json.
func FindingsJSON(findings []Finding) string {
	if len(findings) == 0 {
		return "[]\n"
	}
	var b strings.Builder
	b.WriteString("[\n")
	for i, f := range findings {
		b.WriteString("  {\n    \"requirement\": " + nullable(f.Requirement))
		b.WriteString(",\n    \"rule\": " + QuoteJSON(f.Rule))
		b.WriteString(",\n    \"severity\": " + QuoteJSON(string(f.Severity)))
		b.WriteString(",\n    \"elementId\": " + nullable(f.ElementID))
		b.WriteString(",\n    \"path\": " + QuoteJSON(f.Path))
		b.WriteString(",\n    \"message\": " + QuoteJSON(f.Message))
		b.WriteString("\n  }")
		if i < len(findings)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]\n")
	return b.String()
}

// FormatFindings is the findings as a person reads them, under the file's name, with a count of each severity.
func FormatFindings(findings []Finding, name string) string {
	if len(findings) == 0 {
		return name + ": no findings\n"
	}
	var b strings.Builder
	b.WriteString(name + "\n")
	errors := 0
	for i, f := range findings {
		if i > 0 {
			b.WriteByte('\n')
		}
		where := f.Path
		if where == "" {
			where = "/"
		}
		b.WriteString("  " + where)
		if f.ElementID != nil {
			b.WriteString(" (element " + QuoteJSON(*f.ElementID) + ")")
		}
		cited := f.Rule
		if f.Requirement != nil && *f.Requirement != "" {
			cited = *f.Requirement + " " + f.Rule
		}
		b.WriteString("\n    " + string(f.Severity) + " " + f.Message + "  " + cited)
		if f.Severity == SeverityError {
			errors++
		}
	}
	warnings := len(findings) - errors
	b.WriteString("\n\n" + itoa(errors) + " error" + plural(errors) + ", " + itoa(warnings) + " warning" + plural(warnings) + "\n")
	return b.String()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// ExitCodeOf is the validator's exit code for a list of findings: 1 when one is an error, else 0.
func ExitCodeOf(findings []Finding) int {
	if Passes(findings) {
		return 0
	}
	return 1
}

// findingEntry is one finding of the catalogue: its rule, severity and message with named slots.
type findingEntry struct {
	Rule     string
	Severity Severity
	Message  string
	Lists    map[string]listSlot
}

// listSlot says how a slot that takes a list is written: each text quoted or not, joined by Joiner.
type listSlot struct {
	Joiner string
	Quoted bool
}
