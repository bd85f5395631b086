package elementmodel

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The reader's tokens: strings, numbers and the three words. Each fails (r.bad) at the first byte that cannot
// stand where it is, or at the text's end when the text stops inside one.

// word reads true, false or null, whose first letter the reader has seen.
func (r *reader) word(w string) error {
	t := r.text
	if strings.HasPrefix(t[r.pos:], w) {
		r.pos += len(w)
		return nil
	}
	i := r.pos + 1
	for i < len(t) && t[i] == w[i-r.pos] {
		i++
	}
	return r.bad(i)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// digits is where the run of digits from i ends.
func digits(t string, i int) int {
	for i < len(t) && isDigit(t[i]) {
		i++
	}
	return i
}

// number reads a number as its text, so no digit is lost.
func (r *reader) number() (Number, error) {
	t := r.text
	start := r.pos
	i := start
	if t[i] == '-' {
		i++
	}
	switch {
	case i < len(t) && t[i] == '0':
		i++
	case i < len(t) && t[i] >= '1' && t[i] <= '9':
		i = digits(t, i+1)
	default:
		return "", r.bad(i)
	}
	whole := true
	if i < len(t) && t[i] == '.' {
		i++
		whole = false
		if i >= len(t) || !isDigit(t[i]) {
			return "", r.bad(i)
		}
		i = digits(t, i)
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		i++
		whole = false
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			i++
		}
		if i >= len(t) || !isDigit(t[i]) {
			return "", r.bad(i)
		}
		i = digits(t, i)
	}
	text := t[start:i]
	r.pos = i
	// Every binding reads a number as a double at most: one that rounds to an infinite one is refused (one that
	// rounds to zero is read). A whole number of 308 characters or fewer is below a double's largest.
	if !whole || len(text) > 308 {
		if f, _ := strconv.ParseFloat(text, 64); math.IsInf(f, 0) {
			r.refuse(start, jsonNumberRange)
		}
	}
	return Number(text), nil
}

// hex4 is the value of the four hexadecimal digits at i, and -1; or where the first that is not one stands
// (the text's length when the text ends first).
func hex4(t string, i int) (rune, int) {
	var v rune
	for k := i; k < i+4; k++ {
		if k >= len(t) {
			return 0, k
		}
		c := t[k]
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v<<4 | rune(c-'A'+10)
		default:
			return 0, k
		}
	}
	return v, -1
}

// string reads the string whose opening quote is at the reader's place.
func (r *reader) string() (string, error) {
	start := r.pos
	t := r.text
	i := r.pos + 1
	// The common case: no escape, read as a slice of the text.
	for i < len(t) {
		c := t[i]
		if c == '"' {
			r.pos = i + 1
			return t[start+1 : i], nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", r.bad(i)
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
			return b.String(), nil
		case c < 0x20:
			return "", r.bad(i)
		case c != '\\':
			b.WriteByte(c)
			i++
			continue
		}
		n, err := r.escape(&b, i)
		if err != nil {
			return "", err
		}
		i += n
	}
	return "", r.bad(len(t))
}

// escapes are the one-letter escapes and what each stands for.
var escapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// escape writes what the escape at backslash i stands for, and is how many bytes it takes. A \u escape of a
// surrogate not paired with the next one is refused at its backslash (and read as U+FFFD, so reading goes on
// to a malformation later in the text, which would be told first).
func (r *reader) escape(b *strings.Builder, i int) (int, error) {
	t := r.text
	if i+1 >= len(t) {
		return 0, r.bad(len(t))
	}
	e := t[i+1]
	if e != 'u' {
		if escapes[e] == 0 {
			return 0, r.bad(i + 1)
		}
		b.WriteByte(escapes[e])
		return 2, nil
	}
	u, bad := hex4(t, i+2)
	if bad >= 0 {
		return 0, r.bad(bad)
	}
	if !utf16.IsSurrogate(u) {
		b.WriteRune(u)
		return 6, nil
	}
	if u < 0xdc00 && i+12 <= len(t) && t[i+6] == '\\' && t[i+7] == 'u' {
		// Anything but a low half is read as an escape of its own next, and told there if it is bad.
		if low, bad := hex4(t, i+8); bad < 0 && low >= 0xdc00 && low <= 0xdfff {
			b.WriteRune(utf16.DecodeRune(u, low))
			return 12, nil
		}
	}
	r.refuse(i, jsonLoneSurrogate)
	b.WriteRune(utf8.RuneError)
	return 6, nil
}
