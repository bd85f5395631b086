"""Reads JSON text the way every binding of this package does (spec/README.md, "Reading JSON"), with no recursion.

Why not ``json``: member order and exact integers it keeps, but it recurses once per nesting level (a deep answer
ends in a RecursionError), keeps the last of a repeated key, reads a lone surrogate escape as a lone surrogate and
``1e400`` as infinity, accepts ``NaN``, and says where text is not JSON only in its own words and offsets. Every binding gives the same finding at the same line and
column instead, so the precise pass (json_scan.py) is written here: one loop with an explicit stack, one regular
expression per run of characters, none that can backtrack.

pydantic-core's reader (``from_json``, in Rust) is many times faster than that pass, so ``loads`` tries it first,
refusing ``NaN`` and ``Infinity``. It refuses what is not JSON and a lone surrogate escape, but with no place the
contract could use, and it keeps the last of a repeated key and reads a number past a double as infinity or a big
integer. So its value is kept only when a cheap test passes: written back as JSON (again in Rust) it has as many
colons as the text unless a key was dropped (each key is followed by one colon, every other colon is in a string
and is written back as it was, unless the text escaped it as ``\\u003a``), and no ``Infinity`` or run of 309 digits
unless a number may be past a double. Anything else (text it refuses, text too deep for it, a value failing the
test) goes through the precise pass, which gives the first problem and its place, or finds none (then the value
is pydantic-core's, or built by json_scan.build for text too deep for it).
"""

from __future__ import annotations

import functools
import gc
import re
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from pydantic import JsonValue
from pydantic_core import from_json, to_json

from .json_scan import Problem, build, scan
from .spec import FINDINGS, FindingId

__all__ = ["JsonTextError", "loads"]

_P = ParamSpec("_P")
_R = TypeVar("_R")

_REFUSALS = frozenset(("json-lone-surrogate", "json-number-range", "json-repeated-key"))
_SLOT = re.compile(r"\{(\w+)\}")
_SURROGATE = re.compile("[\ud800-\udfff]")
# Every digit as a nine and every other byte as a space, so that a run of digits is a run of nines.
_DIGITS_ONLY = bytes(0x39 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))
# 309 digits in a row: the shortest integer that may be too large for a double (a float too large is Infinity).
_MAY_OVERFLOW = b"9" * 309


class JsonTextError(ValueError):
    """Text that is not JSON, or JSON this package refuses (``refused``): one finding of the catalogue, at a place.

    ``finding`` is its id (``json-malformed``...), ``line`` and ``column`` count from 1 (columns in code points),
    ``found`` is the character met for ``json-malformed`` (``'x'`` or ``U+XXXX``), and the message is the catalogue's.
    """

    def __init__(self, finding: FindingId, line: int, column: int, found: str | None = None) -> None:
        slots = {"line": str(line), "column": str(column), "found": found or ""}
        super().__init__(_SLOT.sub(lambda m: slots.get(m.group(1), m.group(0)), FINDINGS[finding].message))
        self.finding = finding
        self.line = line
        self.column = column
        self.found = found
        self.refused = finding in _REFUSALS


def _error(text: str, finding: FindingId, index: int) -> JsonTextError:
    """The error for the problem at code point ``index`` of ``text``."""
    line = text.count("\n", 0, index) + 1
    column = index - text.rfind("\n", 0, index)
    found = None
    if finding == "json-malformed":
        code = ord(text[index])
        found = f"'{text[index]}'" if 0x21 <= code <= 0x7E else f"U+{code:04X}"
    return JsonTextError(finding, line, column, found)


def gc_paused(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """Runs ``function`` with Python's cyclic garbage collector paused, and resumes it once the function has returned.

    An answer of a hundred thousand elements is a million dicts, lists and models made at once, and each few hundred
    of them would start a collection that walks ever more of them, for nothing: a JSON value and its models are
    trees, with no cycle to find. That costs more than the reading itself. What is freed meanwhile is freed as
    ever; a collector the caller had turned off stays off.

    The collector resumes only after the function's frame is gone. Resumed inside it (a ``with`` block), the first
    allocation after would start one collection that walks every object made meanwhile, the JSON value about to
    be freed included: for the bench's answer, a few hundred milliseconds spent on garbage.
    """

    @functools.wraps(function)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        running = gc.isenabled()
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            if running:
                gc.enable()

    return paused


@gc_paused
def loads(text: str | bytes) -> JsonValue:
    """The JSON value of ``text`` (bytes are read as UTF-8); raises JsonTextError for anything else."""
    try:
        # Keys only are cached (made once per distinct key): an answer's values are mostly distinct (ids, titles,
        # text), and looking each one up in the cache costs more than it saves.
        value: JsonValue = from_json(text, allow_inf_nan=False, cache_strings="keys")
    except (ValueError, TypeError):
        # TypeError: a str holding a surrogate, which has no UTF-8 for pydantic-core to read.
        return _read(text)
    if _may_differ(text, value):
        return _read(text, value)
    return value


def _may_differ(text: str | bytes, value: JsonValue) -> bool:
    """Whether pydantic-core's value may have dropped a repeated key or read a number past a double."""
    written = to_json(value, inf_nan_mode="constants")
    # An escaped colon, \u003a: one search finds \u0030 to \u003F alike, all rare, all sent to the precise pass.
    if isinstance(text, str):
        colons, escaped = text.count(":"), "\\u003" in text
    else:
        colons, escaped = text.count(b":"), b"\\u003" in text
    return escaped or written.count(b":") != colons or b"Infinity" in written or _MAY_OVERFLOW in written.translate(_DIGITS_ONLY)


def _read(text: str | bytes, value: JsonValue = None) -> JsonValue:
    """The precise pass: the value (``value`` when pydantic-core read it already), or the first problem raised.

    Only the text before the first code point that has no UTF-8 is read: a malformation before it wins, and
    anything else (the text's end, or a refusal, which only JSON can have) gives way to ``json-not-utf8`` there.
    """
    readable, whole = _utf8_part(text)
    problem: Problem | None = scan(readable)
    if not whole and (problem is None or problem.finding != "json-malformed"):
        raise _error(readable, "json-not-utf8", len(readable))
    if problem is not None:
        raise _error(readable, problem.finding, problem.index)
    # None is also the value of ``null``, which build reads again at no cost.
    return value if value is not None else build(readable)


def _utf8_part(text: str | bytes) -> tuple[str, bool]:
    """The text up to its first code point with no UTF-8 (an ill-formed byte, a surrogate), and whether that is all."""
    if isinstance(text, str):
        surrogate = _SURROGATE.search(text)
        return (text, True) if surrogate is None else (text[: surrogate.start()], False)
    try:
        return text.decode("utf-8"), True
    except UnicodeDecodeError as error:
        # CPython's decoder refuses what RFC 3629 does (overlong forms, surrogates, past U+10FFFF); ``start`` is
        # the first byte of the first character that is not well-formed.
        return text[: error.start].decode("utf-8"), False
