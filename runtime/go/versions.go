package elementmodel

import "strings"

var checkers = func() map[string]*Checker {
	out := make(map[string]*Checker, len(Specs))
	for i := range Specs {
		c := NewChecker(&Specs[i])
		out[Specs[i].Version] = c
		// An older version whose answers are answers of this one (ReadsAlso) is checked by its rules.
		for _, older := range Specs[i].ReadsAlso {
			out[older] = c
		}
	}
	return out
}()

// CheckerFor is the checker of a protocol version this package reads (or one whose answers it reads as one it
// reads, SpecData.ReadsAlso), or nil.
func CheckerFor(version string) *Checker { return checkers[version] }

// SupportedVersions are the protocol versions this package reads, oldest first.
func SupportedVersions() []string {
	out := make([]string, len(Specs))
	for i := range Specs {
		out[i] = Specs[i].Version
	}
	return out
}

// versionParts are a version's parts, digits each: three, or two read with a third of 0.
func versionParts(version string) []string {
	parts := strings.Split(version, ".")
	if len(parts) == 2 {
		parts = append(parts, "0")
	}
	if len(parts) != 3 {
		return nil
	}
	for _, p := range parts {
		if p == "" || (len(p) > 1 && p[0] == '0') {
			return nil
		}
		for i := 0; i < len(p); i++ {
			if p[i] < '0' || p[i] > '9' {
				return nil
			}
		}
	}
	return parts
}

// compareVersions orders versions by their parts as numbers of any length.
func compareVersions(a, b []string) int {
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return len(a[i]) - len(b[i])
		}
		if c := strings.Compare(a[i], b[i]); c != 0 {
			return c
		}
	}
	return 0
}

func versionFinding(version string) Finding {
	read := SupportedVersions()
	current := Spec.Version
	parts := versionParts(version)
	id := "version-unwritten"
	if parts != nil {
		older, newer := true, true
		for _, v := range read {
			k := versionParts(v)
			if k == nil {
				continue
			}
			c := compareVersions(parts, k)
			older = older && c < 0
			newer = newer && c > 0
		}
		switch {
		case older:
			id = "version-older"
		case newer:
			id = "version-newer"
		default:
			id = "version-unread"
		}
	}
	entry := findingCatalogue[id]
	message := formatMessage(entry, slots{"version": version, "currentVersion": current, "read": read})
	return Finding{nil, entry.Rule, entry.Severity, nil, pointer([]any{Spec.Tree.Version}), message}
}

// Check checks an answer (a decoded JSON value) by the rules of the version its version field names (an older
// version a read one ReadsAlso is checked by that one's rules, with no finding).
//
// A version this package does not read is checked by the current version's rules and is one version error at
// that field; a missing or non-string version is a structure error, as any required field's would be.
func Check(answer Value, options CheckOptions) []Finding {
	var version Value
	if o, ok := answer.(*Object); ok {
		version, _ = o.Get(Spec.Tree.Version)
	}
	v, isString := version.(string)
	if c, ok := checkers[v]; isString && ok {
		return c.Check(answer, options)
	}
	findings := checkers[Spec.Version].Check(answer, options)
	if !isString {
		return findings
	}
	return SortFindings(append(findings, versionFinding(v)))
}

// The findings of text that is not JSON (the reader's grammar, json.go and jsonscan.go) and of JSON every binding
// refuses, by their ids in the catalogue.
const (
	jsonNotUTF8       = "json-not-utf8"
	jsonMalformed     = "json-malformed"
	jsonTruncated     = "json-truncated"
	jsonLoneSurrogate = "json-lone-surrogate"
	jsonNumberRange   = "json-number-range"
	jsonRepeatedKey   = "json-repeated-key"
)

// ValidateText is the findings for an answer's text; text that is not JSON, or is refused, is one json finding at
// the root. JSON of any depth is read: elements deeper than options.MaxDepth are the checker's limit finding.
func ValidateText(text string, options CheckOptions) []Finding {
	value, err := ParseJSON(text)
	if err != nil {
		return []Finding{jsonFinding(err.(*JSONError))}
	}
	return Check(value, options)
}
