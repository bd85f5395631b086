"""The precise pass over JSON text: the first problem and its place (``scan``), and the value of text that has none
(``build``), both with no recursion and in time linear in the text.

``scan`` builds no value: its stack is one byte per open container plus the keys of the open objects, so text that
never closes (50 MB of ``[``) costs a byte a level, not a Python list (64 bytes). It follows spec/README.md,
"Reading JSON": the first malformation in text order wins, and only text that has none is then refused by policy,
the first refusal in text order. Places are indices in code points, which line and column count. No regular
expression here can backtrack: each is a run in which one character decides the next step, with nothing after it
that could fail, so a string that never closes costs one pass over it.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Literal, cast

from pydantic import JsonValue

__all__ = ["Problem", "build", "scan"]

ProblemId = Literal["json-malformed", "json-truncated", "json-lone-surrogate", "json-number-range", "json-repeated-key"]


@dataclass(frozen=True)
class Problem:
    """The first problem of a text: which finding, at which code point (the text's length for the end)."""

    finding: ProblemId
    index: int


class _Stop(Exception):
    """A malformation: reading ends here."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.finding)
        self.problem = problem


def _bad(text: str, index: int) -> _Stop:
    """The malformation at ``index``: the character there, or the end of the text."""
    return _Stop(Problem("json-truncated" if index >= len(text) else "json-malformed", index))


_SPACE = re.compile(r"[ \t\n\r]*")
_SPACES = frozenset(" \t\n\r")
_OPENS = re.compile(r"\[+")
# A string's characters and escapes other than \u, up to a quote, a \u escape or a malformation: at most a
# thousand escapes at a time, as the engine keeps a little memory for each one until the match ends.
_STRETCH = re.compile(r'[^"\\\x00-\x1f]*(?:\\["\\/bfnrt][^"\\\x00-\x1f]*){0,1000}')
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_SIMPLE = frozenset('"\\/bfnrt')
_WORDS: dict[str, tuple[str, JsonValue]] = {"t": ("true", True), "f": ("false", False), "n": ("null", None)}


class _Policy:
    """The first refusal by policy in text order, kept while reading goes on (a malformation later still wins)."""

    def __init__(self) -> None:
        self.first: Problem | None = None

    def note(self, finding: ProblemId, index: int) -> None:
        # A repeated key is found after the lone surrogates inside it, but stands before them.
        if self.first is None or index < self.first.index:
            self.first = Problem(finding, index)


def _hex4(text: str, at: int) -> int:
    """The code of the four hex digits at ``at``; the first character that is not one is a malformation."""
    if _HEX4.match(text, at) is None:
        for k in range(at, at + 4):
            if text[k : k + 1] not in _HEX_DIGITS:
                raise _bad(text, k)
    return int(text[at : at + 4], 16)


def _run_end(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where the run ``pattern`` matches at ``pos`` ends (each pattern here matches an empty run too)."""
    run = pattern.match(text, pos)
    return pos if run is None else run.end()


def _string(text: str, pos: int, policy: _Policy) -> tuple[str, int]:
    """The value of the string whose opening quote is at ``pos``, and the index after its closing quote."""
    end = _string_end(text, pos, policy)
    # Once the string is known to be JSON, json's own reader (in C) decodes its escapes, lone surrogates included
    # as the code points they name, which is how keys compare.
    body = text[pos + 1 : end - 1]
    return (body if "\\" not in body else cast(str, json.loads(text[pos:end]))), end


def _string_end(text: str, pos: int, policy: _Policy) -> int:
    """The index after the closing quote of the string whose opening quote is at ``pos``.

    A ``\\u`` escape of a high surrogate directly followed by one of a low surrogate is one character; any other
    surrogate escape is refused at its backslash.
    """
    at = pos + 1
    high_at = high_end = -1
    while True:
        end = _run_end(_STRETCH, text, at)
        char = text[end : end + 1]
        if char != "\\":
            if char != '"':
                raise _bad(text, end)
            if high_at >= 0:
                policy.note("json-lone-surrogate", high_at)
            return end + 1
        escape = text[end + 1 : end + 2]
        if escape != "u":
            if escape not in _SIMPLE:
                raise _bad(text, end + 1)
            at = end  # the stretch stopped at its bound: go on from there
            continue
        code = _hex4(text, end + 2)
        at = end + 6
        if high_end == end and 0xDC00 <= code <= 0xDFFF:
            high_at = -1
            continue
        if high_at >= 0:
            policy.note("json-lone-surrogate", high_at)
            high_at = -1
        if 0xD800 <= code <= 0xDBFF:
            high_at, high_end = end, at
        elif 0xDC00 <= code <= 0xDFFF:
            policy.note("json-lone-surrogate", end)


def _number(text: str, pos: int) -> tuple[re.Match[str], int]:
    """The number at ``pos`` (a minus sign or a digit) and where it ends; ``1.`` and ``1e`` end in a malformation."""
    number = _NUMBER.match(text, pos)
    if number is None:
        raise _bad(text, pos + 1)  # a minus sign with no digit after it
    end = number.end()
    after = text[end : end + 1]
    if after == "." and number.group(1) is None and number.group(2) is None:
        raise _bad(text, end + 1)
    if after in ("e", "E") and number.group(2) is None:
        raise _bad(text, end + 2 if text[end + 1 : end + 2] in ("+", "-") else end + 1)
    return number, end


def _word(text: str, pos: int) -> tuple[JsonValue, int]:
    """``true``, ``false`` or ``null`` at ``pos``; the first character that differs is a malformation."""
    word, value = _WORDS[text[pos]]
    for k, char in enumerate(word):
        if text[pos + k : pos + k + 1] != char:
            raise _bad(text, pos + k)
    return value, pos + len(word)


def _skip(text: str, pos: int) -> int:
    # Most text has no space between tokens: a look at one character is cheaper than a match.
    return _run_end(_SPACE, text, pos) if text[pos : pos + 1] in _SPACES else pos


def _key(text: str, pos: int, policy: _Policy) -> tuple[str, int]:
    """The key whose quote should be at ``pos``, and the index of the member's value after the colon."""
    if not text.startswith('"', pos):
        raise _bad(text, pos)
    key, pos = _string(text, pos, policy)
    pos = _skip(text, pos)
    if not text.startswith(":", pos):
        raise _bad(text, pos)
    return key, _skip(text, pos + 1)


def _scalar(text: str, pos: int, policy: _Policy) -> tuple[JsonValue, int]:
    """The string, number or word at ``pos``, and the index after it."""
    char = text[pos : pos + 1]
    if char == '"':
        return _string(text, pos, policy)
    if char in _WORDS:
        return _word(text, pos)
    if char == "" or char not in "-0123456789":
        raise _bad(text, pos)
    number, end = _number(text, pos)
    digits = number.group(0)
    value = float(digits)
    if math.isinf(value):
        # Past a double (int() would also refuse an integer of more than 4,300 digits: sys.int_info).
        policy.note("json-number-range", pos)
        return value, end
    return (value if number.group(1) or number.group(2) else int(digits)), end


def scan(text: str) -> Problem | None:
    """The first problem of ``text`` (a malformation, else the first refusal), or None for JSON this package reads."""
    policy = _Policy()
    try:
        _walk(text, policy)
    except _Stop as stop:
        return stop.problem
    return policy.first


def _walk(text: str, policy: _Policy) -> None:
    """Reads the text through, raising _Stop at its first malformation and noting refusals in ``policy``."""
    kinds = bytearray()  # per open container: 0 an array, 1 an object
    keys: list[str | set[str]] = []  # per open object: its one key, or the set of them once it has two
    pos = _skip(text, 0)
    while pos >= 0:
        char = text[pos : pos + 1]
        if char == "[":
            # A run of brackets at once, so that deep text costs one step per run, not per level.
            run = _run_end(_OPENS, text, pos)
            kinds += bytes(run - pos)
            pos = _skip(text, run)
            if not text.startswith("]", pos):
                continue
            kinds.pop()
            pos += 1
        elif char == "{":
            pos = _skip(text, pos + 1)
            if not text.startswith("}", pos):
                key, pos = _key(text, pos, policy)
                kinds.append(1)
                keys.append(key)
                continue
            pos += 1
        else:
            pos = _scalar(text, pos, policy)[1]
        pos = _next_value(text, pos, kinds, keys, policy)


def _next_value(text: str, pos: int, kinds: bytearray, keys: list[str | set[str]], policy: _Policy) -> int:
    """After a value: closes what the text closes there; where the next value starts, or -1 when the text is done."""
    while True:
        pos = _skip(text, pos)
        if not kinds:
            if pos < len(text):
                raise _bad(text, pos)
            return -1
        char = text[pos : pos + 1]
        in_object = kinds[-1] == 1
        if char == ",":
            pos = _skip(text, pos + 1)
            if in_object:
                quote = pos
                key, pos = _key(text, pos, policy)
                seen = keys[-1]
                if key in ((seen,) if isinstance(seen, str) else seen):
                    policy.note("json-repeated-key", quote)
                elif isinstance(seen, str):
                    keys[-1] = {seen, key}
                else:
                    seen.add(key)
            return pos
        if char != ("}" if in_object else "]"):
            raise _bad(text, pos)
        pos += 1
        kinds.pop()
        if in_object:
            keys.pop()


def build(text: str) -> JsonValue:
    """The value of a text ``scan`` finds no problem in (text too deep for pydantic-core's reader)."""
    ignored = _Policy()
    containers: list[list[JsonValue] | dict[str, JsonValue]] = []
    keys: list[str] = []
    pos = _skip(text, 0)
    while True:
        value: JsonValue
        char = text[pos : pos + 1]
        if char == "[":
            pos = _skip(text, pos + 1)
            if not text.startswith("]", pos):
                containers.append([])
                keys.append("")
                continue
            value, pos = [], pos + 1
        elif char == "{":
            pos = _skip(text, pos + 1)
            if not text.startswith("}", pos):
                key, pos = _key(text, pos, ignored)
                containers.append({})
                keys.append(key)
                continue
            value, pos = {}, pos + 1
        else:
            value, pos = _scalar(text, pos, ignored)
        # The value is whole: put it in its container, and close every container the text closes here.
        while True:
            pos = _skip(text, pos)
            if not containers:
                return value
            top = containers[-1]
            if isinstance(top, list):
                top.append(value)
            else:
                top[keys[-1]] = value
            if text.startswith(",", pos):
                pos = _skip(text, pos + 1)
                if isinstance(top, dict):
                    keys[-1], pos = _key(text, pos, ignored)
                break
            pos += 1  # the container's closer
            containers.pop()
            keys.pop()
            value = top
