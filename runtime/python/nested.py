"""What MCP's schema says inside a content block's nested objects, checked as both JSON Schemas check it.

A content block's ``annotations``, an embedded ``resource`` and a link's ``icons`` are MCP's own objects. The spec
data gives their shapes (``SpecData.shapes``, and each content kind's ``nested``); this walks a value against one
and says each finding by the catalogue's id. Unknown keys are MCP's to allow. MCP's shapes are a few levels deep,
so the walk's recursion is bounded by the shape, not by the value.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Union

from .spec import NestedShape

Key = Union[str, int]
Say = Callable[[str, Mapping[str, Union[str, list[str]]], Sequence[Key]], None]
"""How the walk says a finding: the catalogue's id, its slots, and the keys below the content block's property."""


def json_type(value: object) -> str:
    """A value's JSON type, by the names the messages use."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


_COMPILED: dict[str, re.Pattern[str]] = {}


def _matches(pattern: str, text: str) -> bool:
    compiled = _COMPILED.get(pattern)
    if compiled is None:
        # A pattern is written as JavaScript reads it: its closing `$` is the end of the text, where Python's `$`
        # also matches before a final newline, so it becomes `\Z`; ASCII keeps `\w` and friends JavaScript's.
        ending = pattern.endswith("$") and not pattern.endswith("\\$")
        compiled = _COMPILED[pattern] = re.compile(pattern[:-1] + "\\Z" if ending else pattern, re.ASCII)
    return compiled.search(text) is not None


def check_nested(value: object, shape: NestedShape, prop: str, shapes: Mapping[str, NestedShape], say: Say) -> None:
    """Checks what is inside one property of a content block, whose own JSON type the caller has checked."""
    keys: list[Key] = []

    def walk(v: object, s: NestedShape, name: str, top: bool) -> None:
        own = s if s.ref is None else shapes.get(s.ref)
        if own is None or own.type == "any":
            return
        if not top and json_type(v) != own.type:
            say("wrong-content-property-type", {"expected": own.type, "property": name, "found": json_type(v)}, keys)
            return
        if isinstance(v, str):
            if own.enum is not None and v not in own.enum:
                say("not-one-of", {"allowed": list(own.enum), "property": name}, keys)
            elif own.pattern is not None and not _matches(own.pattern, v):
                say("wrong-form", {"form": own.form or "pattern-matching", "property": name}, keys)
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            if (own.minimum is not None and v < own.minimum) or (own.maximum is not None and v > own.maximum):
                say("out-of-range", {"bounds": own.bounds or "", "property": name}, keys)
        elif isinstance(v, list):
            if own.items is None:
                return
            for i, item in enumerate(v):
                keys.append(i)
                walk(item, own.items, name, False)
                keys.pop()
        elif isinstance(v, dict):
            if own.members is not None:
                present = [m for m in own.members if m.key in v]
                # Several keys are the content block's Alternatives finding already; none is this one.
                if not present:
                    slots: dict[str, str | list[str]] = {"property": name, "keys": [m.key for m in own.members], "members": [m.name for m in own.members]}
                    say("no-alternative", slots, keys)
                elif len(present) == 1:
                    walk(v, NestedShape(type="object", ref=present[0].name), name, True)
                return
            for p in own.properties or ():
                if p.name in v:
                    keys.append(p.name)
                    walk(v[p.name], p.shape, p.name, False)
                    keys.pop()
            for field in own.required or ():
                if field not in v:
                    say("missing-field", {"record": own.name or name, "field": field}, keys)

    walk(value, shape, prop, True)
