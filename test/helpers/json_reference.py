"""A reference reading of spec/README.md's "Reading JSON", written from its text alone and kept apart from every
binding's reader: bytes in, the one finding (id, line, column, the character met) or None out. Slow and plain on
purpose; test/bindings/json-test-suite.test.ts holds the bindings to what it gives for JSONTestSuite's files
(`python3 test/helpers/json_reference.py FILE...` prints one JSON line per file)."""
import json
import sys

WS = " \t\n\r"


class Found(Exception):
    def __init__(self, id, index, found=None):
        self.id, self.index, self.found = id, index, found


def utf8_length(data, i):
    """The length of the well-formed UTF-8 character at data[i] (Unicode table 3-7), or 0."""
    b = data[i]
    if b < 0x80:
        return 1
    def cont(k, lo=0x80, hi=0xBF):
        return i + k < len(data) and lo <= data[i + k] <= hi
    if 0xC2 <= b <= 0xDF:
        return 2 if cont(1) else 0
    if b == 0xE0:
        return 3 if cont(1, 0xA0) and cont(2) else 0
    if 0xE1 <= b <= 0xEC or 0xEE <= b <= 0xEF:
        return 3 if cont(1) and cont(2) else 0
    if b == 0xED:
        return 3 if cont(1, 0x80, 0x9F) and cont(2) else 0
    if b == 0xF0:
        return 4 if cont(1, 0x90) and cont(2) and cont(3) else 0
    if 0xF1 <= b <= 0xF3:
        return 4 if cont(1) and cont(2) and cont(3) else 0
    if b == 0xF4:
        return 4 if cont(1, 0x80, 0x8F) and cont(2) and cont(3) else 0
    return 0


class Chars:
    """The text's characters, decoded as they are asked for, so a byte that is not UTF-8 is met in text order."""

    def __init__(self, data):
        self.data, self.pos, self.chars = data, 0, []

    def at(self, k):
        while len(self.chars) <= k:
            if self.pos >= len(self.data):
                return None
            n = utf8_length(self.data, self.pos)
            if n == 0:
                raise Found("json-not-utf8", len(self.chars))
            self.chars.append(self.data[self.pos:self.pos + n].decode("utf-8"))
            self.pos += n
        return self.chars[k]


def grammar(chars):
    """Raises Found for the first malformation; returns the policy problems' places otherwise."""
    i = 0
    policy = []

    def c():
        return chars.at(i)

    def bad():
        ch = c()
        if ch is None:
            raise Found("json-truncated", i)
        raise Found("json-malformed", i, ch)

    def skip_ws():
        nonlocal i
        while c() is not None and c() in WS:
            i += 1

    def expect(s):
        nonlocal i
        for ch in s:
            if c() != ch:
                bad()
            i += 1

    def string():
        """At the opening quote; returns the decoded code points and records lone surrogate escapes."""
        nonlocal i
        i += 1
        out = []
        units = []  # (value, index of its backslash) for escapes, to find lone surrogates
        while True:
            ch = c()
            if ch is None or ord(ch) < 0x20:
                bad()
            if ch == '"':
                i += 1
                break
            if ch == "\\":
                start = i
                i += 1
                e = c()
                if e is None or e not in '"\\/bfnrtu':
                    bad()
                i += 1
                if e == "u":
                    hexd = ""
                    for _ in range(4):
                        h = c()
                        if h is None or h not in "0123456789abcdefABCDEF":
                            bad()
                        hexd += h
                        i += 1
                    out.append(("u", int(hexd, 16), start))
                else:
                    out.append(("c", {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}.get(e, e), start))
            else:
                out.append(("c", ch, i))
                i += 1
        # Pair the surrogate escapes; what is left alone is a lone surrogate.
        text = []
        k = 0
        while k < len(out):
            kind, v, at = out[k]
            if kind == "u" and 0xD800 <= v <= 0xDBFF and k + 1 < len(out) and out[k + 1][0] == "u" and 0xDC00 <= out[k + 1][1] <= 0xDFFF:
                text.append(chr(0x10000 + ((v - 0xD800) << 10) + (out[k + 1][1] - 0xDC00)))
                k += 2
                continue
            if kind == "u":
                if 0xD800 <= v <= 0xDFFF:
                    policy.append((at, "json-lone-surrogate"))
                text.append(chr(v))
            else:
                text.append(v)
            k += 1
        return "".join(text)

    def number():
        nonlocal i
        start = i
        if c() == "-":
            i += 1
        if c() == "0":
            i += 1
        elif c() is not None and c() in "123456789":
            while c() is not None and c() in "0123456789":
                i += 1
        else:
            bad()
        if c() == ".":
            i += 1
            if c() is None or c() not in "0123456789":
                bad()
            while c() is not None and c() in "0123456789":
                i += 1
        if c() is not None and c() in "eE":
            i += 1
            if c() is not None and c() in "+-":
                i += 1
            if c() is None or c() not in "0123456789":
                bad()
            while c() is not None and c() in "0123456789":
                i += 1
        text = "".join(chars.at(k) for k in range(start, i))
        if float(text) in (float("inf"), float("-inf")):
            policy.append((start, "json-number-range"))

    # An explicit stack: each entry is the set of an object's keys, or None for an array.
    stack = []
    skip_ws()
    while True:
        # A value starts here.
        ch = c()
        if ch == "{":
            i += 1
            skip_ws()
            if c() == "}":
                i += 1
            else:
                stack.append(set())
                if c() != '"':
                    bad()
                at = i
                stack[-1].add(string())
                skip_ws()
                expect(":")
                skip_ws()
                continue
        elif ch == "[":
            i += 1
            skip_ws()
            if c() == "]":
                i += 1
            else:
                stack.append(None)
                continue
        elif ch == '"':
            string()
        elif ch == "t":
            expect("true")
        elif ch == "f":
            expect("false")
        elif ch == "n":
            expect("null")
        elif ch is not None and ch in "-0123456789":
            number()
        else:
            bad()
        # A value ended: close what it ends, or go on to the next member or item.
        while True:
            skip_ws()
            if not stack:
                if c() is not None:
                    bad()
                return policy
            top = stack[-1]
            if c() == ",":
                i += 1
                skip_ws()
                if top is not None:
                    if c() != '"':
                        bad()
                    at = i
                    key = string()
                    if key in top:
                        policy.append((at, "json-repeated-key"))
                    top.add(key)
                    skip_ws()
                    expect(":")
                    skip_ws()
                break
            if c() == ("}" if top is not None else "]"):
                i += 1
                stack.pop()
                continue
            bad()


def place(chars, index):
    line, column = 1, 1
    for k in range(index):
        if chars.at(k) == "\n":
            line, column = line + 1, 1
        else:
            column += 1
    return line, column


def read(data):
    chars = Chars(data)
    try:
        policy = grammar(chars)
    except Found as f:
        line, column = place(chars, f.index)
        found = None
        if f.found is not None:
            cp = ord(f.found)
            found = f"'{f.found}'" if 0x21 <= cp <= 0x7E else f"U+{cp:04X}"
        return {"id": f.id, "line": line, "column": column, **({"found": found} if found else {})}
    if not policy:
        return None
    index, id = min(policy)
    line, column = place(chars, index)
    return {"id": id, "line": line, "column": column}


if __name__ == "__main__":
    sys.setrecursionlimit(100)  # the reader recurses nowhere
    for name in sys.argv[1:]:
        with open(name, "rb") as f:
            print(json.dumps({"file": name, "finding": read(f.read())}))
