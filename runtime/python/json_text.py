"""Reads JSON text the way every binding of this package does, with no recursion.

Python's ``json`` module recurses once per nesting level, so a deep answer would end in a RecursionError. This
reader keeps an explicit stack, and refuses what ``json`` quietly accepts but the other bindings refuse: a key
repeated in one object, a lone surrogate, and a number too large for a double (``json`` reads ``1e400`` as
infinity, which JSON cannot write back). Big integers within a double's range stay exact.

pydantic-core's JSON reader (``from_json``, in Rust) is many times faster, so ``loads`` tries it first, refusing
``NaN`` and ``Infinity``. It refuses a lone surrogate too, but keeps the last of a repeated key and reads a number
past a double's range as infinity or a big integer, so a cheap test follows it: the value written back as JSON
(again in Rust) has as many colons as the text unless a key was dropped (each key is followed by one colon, and
every other colon is in a string, which is written back as it was), and no ``Infinity`` or run of 309 digits
unless a number may be out of range. Whatever it cannot read (text too deep for it, text that is not JSON) or
that fails the test is read again by the reader here, which gives the value or the error, so both paths answer
alike.
"""

from __future__ import annotations

import functools
import gc
import math
import re
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from pydantic import JsonValue
from pydantic_core import from_json, to_json

__all__ = ["JsonTextError", "loads"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


class JsonTextError(ValueError):
    """Text that is not JSON (``refused`` is False), or JSON this package refuses (``refused`` is True)."""

    def __init__(self, message: str, refused: bool = False) -> None:
        super().__init__(message)
        self.refused = refused


_SPACE = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"((?:[^"\\\x00-\x1f]+|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*)"')
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|(.))")
_SURROGATE = re.compile("[\ud800-\udfff]")
# Every digit as a nine and every other byte as a space, so that a run of digits is a run of nines.
_DIGITS_ONLY = bytes(0x39 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))
# 309 digits in a row: the shortest integer too large for a double (a float too large is written as Infinity).
_MAY_OVERFLOW = b"9" * 309
_SIMPLE = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_WORDS: dict[str, JsonValue] = {"true": True, "false": False, "null": None}


def _unescape(match: re.Match[str]) -> str:
    code = match.group(1)
    return chr(int(code, 16)) if code is not None else _SIMPLE[match.group(2)]


def _string(text: str, pos: int) -> tuple[str, int]:
    match = _STRING.match(text, pos)
    if match is None:
        raise JsonTextError(f"an invalid or unterminated string at {pos}")
    body = match.group(1)
    value = _ESCAPE.sub(_unescape, body) if "\\" in body else body
    if _SURROGATE.search(value):
        # Escaped pairs come out as two halves; joined, only a half without its other half is left.
        try:
            value = value.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
        except UnicodeDecodeError:
            raise JsonTextError(f"a lone surrogate in the string at {pos}", refused=True) from None
    return value, match.end()


def _skip(text: str, pos: int) -> int:
    match = _SPACE.match(text, pos)
    return match.end() if match else pos


def _key(text: str, pos: int, obj: dict[str, JsonValue]) -> tuple[str, int]:
    if not text.startswith('"', pos):
        raise JsonTextError(f"a key was expected at {pos}")
    key, pos = _string(text, pos)
    if key in obj:
        raise JsonTextError(f"the key {key!r} twice in one object", refused=True)
    pos = _skip(text, pos)
    if not text.startswith(":", pos):
        raise JsonTextError(f"':' was expected at {pos}")
    return key, _skip(text, pos + 1)


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
def loads(text: str) -> JsonValue:
    """The JSON value of ``text``; raises JsonTextError for anything else."""
    try:
        # Keys only are cached (made once per distinct key): an answer's values are mostly distinct (ids, titles,
        # text), and looking each one up in the cache costs more than it saves.
        value: JsonValue = from_json(text, allow_inf_nan=False, cache_strings="keys")
    except (ValueError, TypeError):
        # TypeError: a str holding a surrogate, which has no UTF-8 for pydantic-core to read.
        return _read(text)
    written = to_json(value, inf_nan_mode="constants")
    if written.count(b":") != text.count(":") or b"Infinity" in written or _MAY_OVERFLOW in written.translate(_DIGITS_ONLY):
        return _read(text)
    return value


def _within_double(value: float | int) -> bool:
    """Whether a number read from the text is within a double's range, as every binding needs it to be."""
    try:
        return math.isfinite(value)
    except OverflowError:
        # An int too large to become a float.
        return False


def _read(text: str) -> JsonValue:
    containers: list[list[JsonValue] | dict[str, JsonValue]] = []
    keys: list[str] = []
    pos = _skip(text, 0)
    while True:
        value: JsonValue
        char = text[pos : pos + 1]
        if char == "{":
            pos = _skip(text, pos + 1)
            if text.startswith("}", pos):
                value, pos = {}, pos + 1
            else:
                obj: dict[str, JsonValue] = {}
                key, pos = _key(text, pos, obj)
                containers.append(obj)
                keys.append(key)
                continue
        elif char == "[":
            pos = _skip(text, pos + 1)
            if text.startswith("]", pos):
                value, pos = [], pos + 1
            else:
                containers.append([])
                keys.append("")
                continue
        elif char == '"':
            value, pos = _string(text, pos)
        elif char in ("t", "f", "n"):
            word = next((w for w in _WORDS if text.startswith(w, pos)), None)
            if word is None:
                raise JsonTextError(f"an unexpected word at {pos}")
            value, pos = _WORDS[word], pos + len(word)
        else:
            number = _NUMBER.match(text, pos)
            if number is None or number.end() == pos:
                raise JsonTextError(f"a value was expected at {pos}")
            digits = number.group(0)
            value = float(digits) if number.group(1) or number.group(2) else int(digits)
            if not _within_double(value):
                raise JsonTextError(f"a number too large for a double at {pos}", refused=True)
            pos = number.end()
        # The value is whole: put it in its container, and close every container the text closes here.
        while True:
            pos = _skip(text, pos)
            if not containers:
                if pos != len(text):
                    raise JsonTextError(f"text after the value at {pos}")
                return value
            top = containers[-1]
            if isinstance(top, list):
                top.append(value)
            else:
                top[keys[-1]] = value
            char = text[pos : pos + 1]
            if char == ",":
                pos = _skip(text, pos + 1)
                if isinstance(top, dict):
                    keys[-1], pos = _key(text, pos, top)
                break
            closer = "]" if isinstance(top, list) else "}"
            if char != closer:
                raise JsonTextError(f"',' or '{closer}' was expected at {pos}")
            pos += 1
            containers.pop()
            keys.pop()
            value = top
