"""The conformance checker: the same findings as every other binding's, for any JSON value.

It checks an answer against the structure and every requirement the spec marks checkable, in one pass over the
tree with an explicit stack, so depth and width are bounded only by the limits, never by Python's recursion.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, Union, cast

from pydantic import JsonValue

from .nested import check_nested
from .json_text import JsonTextError
from .spec import (
    FINDINGS,
    SPEC,
    SPECS,
    Alternatives,
    ContentKind,
    DeprecatedName,
    FindingEntry,
    FindingId,
    FindingList,
    NestedProperty,
    RemovedField,
    SpecData,
    TypeShape,
)

__all__ = ["LIMITS", "CheckOptions", "Checker", "Finding", "Severity", "check", "checker_for", "checker_of_version", "passes", "sort_findings"]

Severity = Literal["error", "warning"]
Key = Union[str, int]


@dataclass(frozen=True)
class Finding:
    """One problem found in an answer; ``requirement`` is None for problems of shape no requirement names."""

    requirement: str | None
    rule: str
    severity: Severity
    element_id: str | None
    path: str
    """JSON Pointer to the offending value."""
    message: str

    def to_json(self) -> dict[str, str | None]:
        """The finding as every binding's validator prints it."""
        return {
            "requirement": self.requirement,
            "rule": self.rule,
            "severity": self.severity,
            "elementId": self.element_id,
            "path": self.path,
            "message": self.message,
        }


@dataclass(frozen=True)
class CheckOptions:
    """Limits the RFC leaves open; going past one is a ``limit`` finding, never a crash."""

    max_elements: int = 1_000_000
    """Most elements to read before reporting ``limit`` and stopping."""
    max_depth: int = 100_000
    """Deepest nesting of elements to read; below it nothing is read."""
    max_string_length: int = 1_048_576
    """Longest string, in UTF-16 code units as the other bindings count, before a ``limit`` warning."""


LIMITS = CheckOptions()
"""The default limits."""


def json_type(value: object) -> str:
    """The JSON type of a value, by JSON's names."""
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
    return "object" if isinstance(value, dict) else "undefined"


def _shown(value: object) -> str:
    """A value in a message, as JavaScript's String() shows it: objects by their JSON type."""
    if isinstance(value, (dict, list)):
        return json_type(value)
    if value is _MISSING:
        return "undefined"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    return str(value)


SlotValue = Union[str, int, tuple[str, ...], list[str]]
"""The value of a finding's slot: a text or a number, or a list of texts for a list slot."""

_SLOT = re.compile(r"\{([A-Za-z]+)\}")
_COMMAS = FindingList(", ", False)


def _message(entry: FindingEntry, slots: Mapping[str, SlotValue]) -> str:
    """A finding's message with its slots filled, as every binding fills it.

    A list slot's texts are each in double quotes when the catalogue says so, and joined by its joiner; a slot
    given no value is left as written.
    """

    def fill(match: re.Match[str]) -> str:
        value = slots.get(match.group(1))
        if value is None:
            return match.group(0)
        if isinstance(value, (str, int)):
            return str(value)
        written = entry.lists.get(match.group(1), _COMMAS)
        return written.joiner.join(f'"{v}"' if written.quoted else v for v in value)

    return _SLOT.sub(fill, entry.message)


def _utf16_length(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-16-le", "surrogatepass")) // 2


def _describe(shape: TypeShape) -> str:
    return f"{_describe(shape.items)}[]" if shape.kind == "array" and shape.items else shape.name


def pointer(keys: Sequence[Key]) -> str:
    """A JSON Pointer (RFC 6901) from the keys down to a value."""
    return "".join("/" + str(key).replace("~", "~0").replace("/", "~1") for key in keys)


_MISSING = object()

# The Python types a JSON reader gives for each JSON type: a value of one of them is of that type, with no closer look.
_EXACT: dict[str, tuple[type, ...]] = {"string": (str,), "number": (int, float), "boolean": (bool,)}
_TYPES: dict[str, tuple[type, ...]] = {**_EXACT, "object": (dict,), "array": (list,), "null": (type(None),)}

Passes = Callable[[object, int], bool]
"""A quick test of a value: True only when checking it in full would find nothing, so that the walk that says
findings runs only where there may be one. False means only "look closer". The int is the longest string, in code
points, that cannot be over the string limit (``_Check.short``).

Each test does in one Python call what the full check does in several (a call per value and per rule, a key pushed
on the trail for each level): for an answer of a hundred thousand elements, most of the checker's time.
"""


def _string_passes(value: object, short: int) -> bool:
    return type(value) is str and len(value) <= short


def _always_passes(value: object, short: int) -> bool:
    return True


def _types_passes(types: tuple[type, ...]) -> Passes:
    def passes(value: object, short: int) -> bool:
        return type(value) in types

    return passes


def _words_passes(words: frozenset[str]) -> Passes:
    def passes(value: object, short: int) -> bool:
        return type(value) is str and value in words

    return passes


def _array_passes(items: Passes) -> Passes:
    def passes(value: object, short: int) -> bool:
        if type(value) is not list:
            return False
        for item in value:
            if not items(item, short):
                return False
        return True

    return passes


@dataclass(frozen=True)
class _Primitive:
    name: str


@dataclass(frozen=True)
class _Array:
    items: _ValueRule
    label: str


@dataclass(frozen=True)
class _RecordRef:
    record: _RecordRule


@dataclass(frozen=True)
class _Kind:
    """A value of a non-record type kind (roles, attributes, external), or one not checked at all."""

    kind: str


@dataclass(frozen=True)
class _Enum:
    """An enum: one of its values, or a value a receiver keeps and the checker warns of (``unknown-value``)."""

    name: str
    values: frozenset[str]
    listed: tuple[str, ...]


_ValueRule = Union[_Primitive, _Array, _RecordRef, _Enum, _Kind]


@dataclass(frozen=True, slots=True)
class _FieldRule:
    required: bool
    walked: bool
    """The tree's own links (the answer's root, an element's children) are walked by the loop, not checked in place."""
    value: _ValueRule
    exact: tuple[type, ...]
    """A primitive's exact Python types (_EXACT), so that most values pass without a call; none for other types."""
    words: frozenset[str]
    """For a role field, the roles that pass as they are (known, not deprecated), again without a call."""
    passes: Passes | None
    """The quick test of any other value (None for none: the full check runs)."""


@dataclass
class _RecordRule:
    name: str
    fields: dict[str, _FieldRule]
    required: tuple[str, ...]
    removed: dict[str, RemovedField]
    deprecated: dict[str, DeprecatedName]
    is_node: bool


@dataclass(frozen=True, slots=True)
class _ContentQuick:
    """What the quick test of one content kind needs."""

    properties: dict[str, tuple[bool, tuple[type, ...] | None, bool]]
    """Each property: whether its value is checked, its Python types (None for any type), whether it is required."""
    required: int
    alternatives: tuple[Alternatives, ...]
    nested: tuple[str, ...]
    """The properties with a nested shape: present, they are left to the full check."""


@dataclass(frozen=True)
class _ContentRule:
    type: str
    required: tuple[str, ...]
    properties: dict[str, tuple[str | None, bool]]
    """Each property's expected JSON type ("any" for no check, None for unchecked) and whether it is required."""
    alternatives: tuple[Alternatives, ...]
    """Properties that hold one of several shapes, each known by a key only it has."""
    nested: tuple[NestedProperty, ...]
    """Properties whose inside MCP's schema describes (annotations, an embedded resource, icons)."""


class _Index:
    """The lookups a checker needs, built once per version from its rules."""

    def __init__(self, spec: SpecData) -> None:
        self.spec = spec
        self.records: dict[str, _RecordRule] = {}
        self.removed_by_type: dict[str, dict[str, RemovedField]] = {}
        for r in spec.removed:
            self.removed_by_type.setdefault(r.from_, {})[r.name] = r
        self.deprecated_by_type: dict[str, dict[str, DeprecatedName]] = {}
        for d in spec.deprecated:
            self.deprecated_by_type.setdefault(d.from_, {})[d.name] = d
        kinds = spec.type_kinds
        self.deprecated_roles = next((self.deprecated_by_type.get(n, {}) for n, k in kinds.items() if k == "roles"), {})
        self.deprecated_attributes = next((self.deprecated_by_type.get(n, {}) for n, k in kinds.items() if k == "attributes"), {})
        # Reserved attributes a version removed: reported where an answer still holds one, as a removed field is.
        self.removed_attributes = next((self.removed_by_type.get(n, {}) for n, k in kinds.items() if k == "attributes"), {})
        self.requirement_of = {r.rule: r.id for r in spec.requirements if r.rule is not None}
        self.roles = frozenset(spec.roles)
        self.state_names = frozenset(s.name for s in spec.states)
        self.path_states = tuple(s.name for s in spec.states if s.path)
        self.content_by_type = {k.type: self._content_rule(k) for k in spec.content_kinds}
        self.content_quick = {k.type: self._content_quick(k) for k in spec.content_kinds}
        self.reserved = {a.name: self._value_rule(a.type) for a in spec.reserved_attributes}
        # The attributes' quick test: a reserved attribute by its own test; a deprecated one, a removed one, a state's
        # name or a reserved attribute without a test, by the full check.
        self.attribute_rules: dict[str, _FieldRule] = {}
        for name, rule in self.reserved.items():
            field_rule = self._field_rule(rule, False, False)
            if field_rule.passes is not None and name not in self.deprecated_attributes:
                self.attribute_rules[name] = field_rule
        self.attribute_look = (self.reserved.keys() - self.attribute_rules.keys()) | self.state_names | self.removed_attributes.keys()
        self.answer = self._record_rule(spec.tree.answer)
        self.node = self._record_rule(spec.tree.node)

    def _record_rule(self, name: str) -> _RecordRule:
        known = self.records.get(name)
        if known is not None:
            return known
        fields = self.spec.records.get(name, ())
        tree = self.spec.tree
        rule = _RecordRule(name, {}, tuple(f.name for f in fields if f.required), self.removed_by_type.get(name, {}), self.deprecated_by_type.get(name, {}), name == tree.node)
        # Records refer to each other (an element holds elements), so each is registered before its fields resolve.
        self.records[name] = rule
        for f in fields:
            walked = (name == tree.node and f.name == tree.children) or (name == tree.answer and f.name == tree.root)
            rule.fields[f.name] = self._field_rule(self._value_rule(f.type), f.required, walked)
        return rule

    def _field_rule(self, value: _ValueRule, required: bool, walked: bool) -> _FieldRule:
        exact = _EXACT.get(value.name, ()) if isinstance(value, _Primitive) else ()
        words = self.roles - self.deprecated_roles.keys() if isinstance(value, _Kind) and value.kind == "roles" else value.values if isinstance(value, _Enum) else frozenset()
        return _FieldRule(required, walked, value, exact, words, None if walked else self._passes(value))

    def _passes(self, rule: _ValueRule) -> Passes | None:
        """The quick test of a value of a rule, or None where there is none."""
        if isinstance(rule, _Primitive):
            types = _TYPES.get(rule.name)
            if types is None:
                return None
            return _string_passes if types == (str,) else _types_passes(types)
        if isinstance(rule, _Array):
            items = self._passes(rule.items)
            return None if items is None else _array_passes(items)
        if isinstance(rule, _RecordRef):
            return self._record_passes(rule.record)
        if isinstance(rule, _Enum):
            return _words_passes(rule.values)
        if rule.kind == "roles":
            return _words_passes(self.roles - self.deprecated_roles.keys())
        if rule.kind == "external":
            return self.content_passes
        if rule.kind == "attributes":
            return self.attributes_passes
        # A kind the full check does not look at.
        return _always_passes

    @staticmethod
    def _record_passes(record: _RecordRule) -> Passes | None:
        # An element's record is walked by the loop, not tested in place. The record's fields may not be resolved
        # yet (records refer to each other), so they are read when the test runs.
        if record.is_node:
            return None

        def passes(value: object, short: int) -> bool:
            if type(value) is not dict:
                return False
            fields, deprecated = record.fields, record.deprecated
            required = 0
            for key, item in value.items():
                rule = fields.get(key)
                if rule is None or rule.walked or key in deprecated:
                    return False
                required += rule.required
                kind = type(item)
                if (kind in rule.exact and (kind is not str or len(item) <= short)) or (kind is str and item in rule.words):
                    continue
                if rule.passes is None or not rule.passes(item, short):
                    return False
            return required == len(record.required)

        return passes

    def attributes_passes(self, value: object, short: int) -> bool:
        """The quick test of an element's attributes (the full check is _Check.check_attributes)."""
        if type(value) is not dict:
            return False
        rules, look = self.attribute_rules, self.attribute_look
        for key, item in value.items():
            rule = rules.get(key)
            if rule is None:
                if key in look:
                    return False
                continue
            kind = type(item)
            if (kind in rule.exact and (kind is not str or len(item) <= short)) or (kind is str and item in rule.words):
                continue
            if rule.passes is None or not rule.passes(item, short):
                return False
        return True

    def content_passes(self, value: object, short: int) -> bool:
        """The quick test of a content block (the full check is _Check.check_content)."""
        if type(value) is not dict:
            return False
        tag = value.get(self.spec.content_tag)
        kind = self.content_quick.get(tag) if type(tag) is str else None
        if kind is None:
            return False
        required = 0
        for name, item in value.items():
            prop = kind.properties.get(name)
            if prop is None:
                continue
            checked, types, is_required = prop
            required += is_required
            if not checked:
                continue
            if types is None:
                if isinstance(item, str) and len(item) > short:
                    return False
            elif type(item) not in types or (type(item) is str and len(item) > short):
                return False
        if required < kind.required:
            return False
        for alt in kind.alternatives:
            held = value.get(alt.property)
            if isinstance(held, dict) and sum(m.key in held for m in alt.members) > 1:
                return False
        return not any(name in value for name in kind.nested)

    @staticmethod
    def _content_quick(kind: ContentKind) -> _ContentQuick:
        names = list(kind.properties) + [n for n in kind.required if n not in kind.properties]
        properties: dict[str, tuple[bool, tuple[type, ...] | None, bool]] = {}
        for name in names:
            expected = kind.properties.get(name)
            # A JSON type with no Python types here is one no value has: the full check says so.
            types = None if expected in (None, "any") else _TYPES.get(expected or "", ())
            properties[name] = (expected is not None, types, name in kind.required)
        return _ContentQuick(properties, len(kind.required), kind.alternatives, tuple(n.name for n in kind.nested))

    def _value_rule(self, shape: TypeShape) -> _ValueRule:
        if shape.kind == "array" and shape.items is not None:
            return _Array(self._value_rule(shape.items), _describe(shape))
        if shape.kind == "primitive":
            return _Primitive(shape.name)
        kind = self.spec.type_kinds.get(shape.name)
        if kind == "record":
            return _RecordRef(self._record_rule(shape.name))
        if kind == "enum":
            listed = tuple(self.spec.enums.get(shape.name, ()))
            return _Enum(shape.name, frozenset(listed), listed)
        return _Kind(kind or "unchecked")

    @staticmethod
    def _content_rule(kind: ContentKind) -> _ContentRule:
        names = list(kind.properties) + [n for n in kind.required if n not in kind.properties]
        properties = {n: (kind.properties.get(n), n in kind.required) for n in names}
        return _ContentRule(kind.type, kind.required, properties, kind.alternatives, kind.nested)


class _Visited:
    """The elements visited, numbered in the order visited: each one's parent, index among its siblings, and id."""

    def __init__(self, root_key: str, children_key: str) -> None:
        self.root_key = root_key
        self.children_key = children_key
        self.parents: list[int] = []
        self.indexes: list[int] = []
        self.ids: list[str | None] = []

    def add(self, parent: int, index: int, element_id: str | None) -> int:
        self.parents.append(parent)
        self.indexes.append(index)
        self.ids.append(element_id)
        return len(self.ids) - 1

    def keys(self, n: int) -> list[Key]:
        """The keys from the answer down to visited element ``n``; none for the answer itself (-1)."""
        if n < 0:
            return []
        keys: list[Key] = []
        while n >= 0:
            keys.append(self.indexes[n])
            keys.append(self.children_key)
            n = self.parents[n]
        # The root is reached through the answer's root field, not through a list of children.
        keys.pop()
        keys.pop()
        keys.append(self.root_key)
        keys.reverse()
        return keys

    def repeated_ids(self) -> list[tuple[int, str, int]]:
        """Each element whose id an earlier one has, in the order visited, with that earlier one."""
        first_of: dict[str, int] = {}
        repeats: list[tuple[int, str, int]] = []
        # Most answers repeat no id, which a set (built in C) tells at once: then there is nothing to look for.
        unnamed = self.ids.count(None)
        if len(set(self.ids)) - (1 if unnamed else 0) == len(self.ids) - unnamed:
            return repeats
        for n, element_id in enumerate(self.ids):
            if element_id is None:
                continue
            first = first_of.setdefault(element_id, n)
            if first != n:
                repeats.append((n, element_id, first))
        return repeats


_Frame = tuple[object, int, int, int, Union[str, None], int]
"""An element waiting on the walk's stack, with what it needs from its parent: the element, the parent's number
(in the order visited), the element's index among the parent's children, its depth, the parent's id, and which path
states the parent sets (one bit each). A tuple, not an object, as one is made for every element."""


class _Check:
    """One run of the checker over one answer."""

    def __init__(self, ix: _Index, options: CheckOptions) -> None:
        self.ix = ix
        self.spec = ix.spec
        self.options = options
        # No string of this many code points or fewer is over the limit in UTF-16 code units: none is counted.
        self.short = options.max_string_length // 2
        self.findings: list[Finding] = []
        self.tree = ix.spec.tree
        self.node = ix.node
        self.visited = _Visited(ix.spec.tree.root, ix.spec.tree.children)
        # Each path state with its bit in an element's bits.
        self.path_states = tuple((1 << k, name) for k, name in enumerate(ix.path_states))
        # Where the checks are: the element being visited (-1 for the answer) and the keys from it to the value.
        self.here = -1
        self.trail: list[Key] = []

    def report(self, finding: FindingId, element_id: str | None, slots: Mapping[str, SlotValue], key: Key | None = None) -> None:
        """Reports a finding of the catalogue (FINDINGS), which gives its rule, severity and message, by id."""
        entry = FINDINGS[finding]
        requirement = self.ix.requirement_of.get(entry.rule)
        # A rule the spec assigns to no requirement is not checked; shape and limits always are.
        if requirement is None and entry.rule not in ("structure", "limit", "deprecated-name"):
            return
        keys = self.visited.keys(self.here) + self.trail
        if key is not None:
            keys.append(key)
        self.findings.append(Finding(requirement, entry.rule, entry.severity, element_id, pointer(keys), _message(entry, slots)))

    def report_deprecated(self, d: DeprecatedName, key: Key, element_id: str | None) -> None:
        """A deprecated name in the answer: valid, and a warning that says what to use instead."""
        if d.use_instead is None:
            self.report("deprecated", element_id, {"name": d.name, "version": d.version}, key)
        else:
            self.report("deprecated-use-instead", element_id, {"name": d.name, "version": d.version, "useInstead": d.use_instead}, key)

    def too_long(self, text: str) -> dict[str, SlotValue]:
        return {"length": _utf16_length(text), "limit": self.options.max_string_length}

    def is_too_long(self, text: str) -> bool:
        limit = self.options.max_string_length
        return len(text) > limit or (2 * len(text) > limit and _utf16_length(text) > limit)

    def check_value(self, value: object, rule: _ValueRule, key: Key, element_id: str | None) -> None:
        if isinstance(rule, _Primitive):
            if json_type(value) != rule.name:
                self.report("wrong-type", element_id, {"expected": rule.name, "found": json_type(value)}, key)
            elif isinstance(value, str) and self.is_too_long(value):
                self.report("string-too-long", element_id, self.too_long(value), key)
        elif isinstance(rule, _Array):
            if not isinstance(value, list):
                self.report("wrong-array-type", element_id, {"label": rule.label, "found": json_type(value)}, key)
                return
            self.trail.append(key)
            for i, item in enumerate(value):
                self.check_value(item, rule.items, i, element_id)
            self.trail.pop()
        elif isinstance(rule, _RecordRef):
            self.trail.append(key)
            self.check_record(value, rule.record, element_id)
            self.trail.pop()
        elif isinstance(rule, _Enum):
            if not isinstance(value, str):
                self.report("wrong-type", element_id, {"expected": "string", "found": json_type(value)}, key)
            elif value not in rule.values:
                self.report("unknown-value", element_id, {"value": value, "type": rule.name, "values": list(rule.listed)}, key)
        elif rule.kind == "roles":
            if not isinstance(value, str):
                self.report("wrong-role-type", element_id, {"found": json_type(value)}, key)
            elif value in self.ix.deprecated_roles:
                self.report_deprecated(self.ix.deprecated_roles[value], key, element_id)
            elif value not in self.ix.roles:
                self.report("unknown-role", element_id, {"name": value, "unknownRole": self.spec.role_rules.unknown}, key)
        elif rule.kind == "external":
            self.trail.append(key)
            self.check_content(value, element_id)
            self.trail.pop()
        elif rule.kind == "attributes":
            self.trail.append(key)
            self.check_attributes(value, element_id)
            self.trail.pop()

    def check_record(self, value: object, record: _RecordRule, element_id: str | None) -> bool:
        """Checks the record at the current place; returns whether it is an object at all."""
        if not isinstance(value, dict):
            self.report("wrong-record-type", element_id, {"record": record.name, "found": json_type(value)})
            return False
        required = 0
        # Looked up once per record rather than once per field: this loop runs for every field of every element.
        fields, deprecated_fields, short = record.fields, record.deprecated, self.short
        for key, item in value.items():
            rule = fields.get(key)
            if rule is None:
                self.check_unknown_field(record, key, element_id)
                continue
            required += rule.required
            if deprecated_fields and key in deprecated_fields:
                self.report_deprecated(deprecated_fields[key], key, element_id)
            # Most values are strings: their test comes first.
            kind = type(item)
            if (kind in rule.exact and (kind is not str or len(item) <= short)) or (kind is str and item in rule.words) or rule.walked:
                continue
            if rule.passes is not None and rule.passes(item, short):
                continue
            self.check_value(item, rule.value, key, element_id)
        if required < len(record.required):
            for name in record.required:
                if name not in value:
                    self.report("missing-field", element_id, {"record": record.name, "field": name})
        return True

    def report_removed(self, removed: RemovedField, key: str, element_id: str | None) -> None:
        """A name its version removed, where an answer still holds it: what replaced it, or that nothing did."""
        if removed.replaced_by is None:
            self.report("removed-without-replacement", element_id, {"field": key, "version": removed.version}, key)
            return
        slots: dict[str, SlotValue] = {"field": key, "version": removed.version, "replacedBy": removed.replaced_by}
        if removed.states:
            self.report("removed-state", element_id, {**slots, "states": removed.states}, key)
        else:
            self.report("removed-field", element_id, slots, key)

    def check_unknown_field(self, record: _RecordRule, key: str, element_id: str | None) -> None:
        removed = record.removed.get(key)
        if removed is not None:
            self.report_removed(removed, key, element_id)
        elif not record.is_node and key in self.ix.state_names:
            self.report("state-on-record", element_id, {"field": key, "record": record.name}, key)
        else:
            self.report("unknown-field", element_id, {"record": record.name, "field": key}, key)

    def check_attributes(self, value: object, element_id: str | None) -> None:
        if not isinstance(value, dict):
            self.report("wrong-attributes-type", element_id, {"found": json_type(value)})
            return
        for key, item in value.items():
            reserved = self.ix.reserved.get(key)
            deprecated = self.ix.deprecated_attributes.get(key) if reserved is not None else None
            if deprecated is not None:
                self.report_deprecated(deprecated, key, element_id)
            if reserved is not None:
                self.check_value(item, reserved, key, element_id)
            elif key in self.ix.removed_attributes:
                self.report_removed(self.ix.removed_attributes[key], key, element_id)
            elif key in self.ix.state_names:
                self.report("state-in-attributes", element_id, {"field": key}, key)

    def check_content(self, value: object, element_id: str | None) -> None:
        if not isinstance(value, dict):
            self.report("wrong-content-type", element_id, {"found": json_type(value)})
            return
        tag = value.get(self.spec.content_tag, _MISSING)
        if not isinstance(tag, str):
            self.report("wrong-content-tag-type", element_id, {"found": json_type(tag)}, self.spec.content_tag)
            return
        kind = self.ix.content_by_type.get(tag)
        if kind is None:
            # A kind a later MCP version may define: a receiver keeps it whole, so it is flagged, not refused.
            self.report("unknown-content-kind", element_id, {"kind": tag, "kinds": list(self.ix.content_by_type)}, self.spec.content_tag)
            return
        required = 0
        for name, item in value.items():
            prop = kind.properties.get(name)
            if prop is None:
                continue
            expected, is_required = prop
            if is_required:
                required += 1
            if expected is None:
                continue
            if expected != "any" and json_type(item) != expected:
                self.report("wrong-content-property-type", element_id, {"expected": expected, "property": name, "found": json_type(item)}, name)
            elif isinstance(item, str) and self.is_too_long(item):
                self.report("string-too-long", element_id, self.too_long(item), name)
        for alt in kind.alternatives:
            held = value.get(alt.property)
            if not isinstance(held, dict):
                continue
            present = [m.key for m in alt.members if m.key in held]
            if len(present) > 1:
                self.report("several-alternatives", element_id, {"property": alt.property, "present": present, "members": [m.name for m in alt.members]}, alt.property)
        if required < len(kind.required):
            for name in kind.required:
                if name not in value:
                    self.report("missing-content-property", element_id, {"kind": kind.type, "property": name})
        for nested in kind.nested:
            # A value of the wrong JSON type was reported above; only one of the right type is looked inside.
            if nested.name not in value or json_type(value[nested.name]) != nested.shape.type:
                continue
            self.trail.append(nested.name)

            def say(finding: str, slots: Mapping[str, str | list[str]], keys: Sequence[Key]) -> None:
                self.trail.extend(keys)
                self.report(cast(FindingId, finding), element_id, slots)
                del self.trail[len(self.trail) - len(keys) :]

            check_nested(value[nested.name], nested.shape, nested.name, self.ix.spec.shapes, say)
            self.trail.pop()

    def visit(self, frame: _Frame, stack: list[_Frame]) -> None:
        """Checks one element and its place among the path states, and puts its children on the stack."""
        element, parent, index, depth, parent_id, parent_bits = frame
        tree = self.tree
        raw_id = element.get(tree.id) if isinstance(element, dict) else None
        element_id = raw_id if isinstance(raw_id, str) else None
        n = self.here = self.visited.add(parent, index, element_id)
        if not self.check_record(element, self.node, element_id) or not isinstance(element, dict):
            return
        if depth == 0:
            role = element.get(tree.role)
            root_role = self.spec.role_rules.root
            if isinstance(role, str) and role != root_role:
                self.report("root-role", element_id, {"name": role, "rootRole": root_role}, tree.role)
        bits = 0
        for bit, name in self.path_states:
            if element.get(name) is not True:
                continue
            bits |= bit
            # The path runs from the root's child down: a set element below that needs its parent set too.
            if depth >= 2 and not parent_bits & bit:
                self.report("path-gap", element_id, {"state": name, "parent": parent_id or ""}, name)
        children = element.get(tree.children, _MISSING)
        if isinstance(children, list):
            if len(children) > 1:
                self.count_forks(children, element_id)
            # Pushed last first, so the walk meets them in order.
            depth += 1
            stack.extend([(children[i], n, i, depth, element_id, bits) for i in range(len(children) - 1, -1, -1)])
        elif children is not _MISSING:
            self.report("wrong-children-type", element_id, {"found": json_type(children)}, tree.children)

    def count_forks(self, children: list[JsonValue], element_id: str | None) -> None:
        """A path state set on more than one child: the path can follow only one of them."""
        for name in self.ix.path_states:
            n = sum(1 for child in children if isinstance(child, dict) and child.get(name) is True)
            if n > 1:
                self.report("path-forks", element_id, {"count": n, "state": name}, self.spec.tree.children)

    def report_limit(self, frame: _Frame, finding: Literal["too-many-elements", "too-deep"], limit: int) -> None:
        """Reports a limit at an element that is then not checked: it is numbered, without its id, for its path."""
        self.here = self.visited.add(frame[1], frame[2], None)
        self.report(finding, None, {"limit": limit})

    def run(self, answer: object) -> list[Finding]:
        tree = self.spec.tree
        if not self.check_record(answer, self.ix.answer, None) or not isinstance(answer, dict) or tree.root not in answer:
            return sort_findings(self.findings)
        stack: list[_Frame] = [(answer[tree.root], -1, 0, 0, None, 0)]
        max_elements, max_depth, visit = self.options.max_elements, self.options.max_depth, self.visit
        count = 0
        while stack:
            frame = stack.pop()
            count += 1
            if count > max_elements:
                self.report_limit(frame, "too-many-elements", max_elements)
                break
            if frame[3] > max_depth:
                self.report_limit(frame, "too-deep", max_depth)
                continue
            visit(frame, stack)
        for n, element_id, first in self.visited.repeated_ids():
            self.here = n
            self.report("duplicate-id", element_id, {"repeated": element_id, "path": pointer(self.visited.keys(first))}, tree.id)
        return sort_findings(self.findings)


class Checker(Protocol):
    """Checks an answer (a decoded JSON value) by one version's rules."""

    def __call__(self, answer: object, options: CheckOptions = LIMITS) -> list[Finding]: ...


def checker_for(spec: SpecData) -> Checker:
    """A checker for one protocol version's rules; the lookups it needs are built once, here."""
    ix = _Index(spec)

    def check(answer: object, options: CheckOptions = LIMITS) -> list[Finding]:
        return _Check(ix, options).run(answer)

    return check


# An older version whose answers are answers of a version read (``reads_also``) is checked by that version's rules.
_checkers = {
    version: checker for spec in SPECS.values() for checker in [checker_for(spec)] for version in (spec.version, *spec.reads_also)
}


def checker_of_version(version: str) -> Checker | None:
    """The checker an answer of ``version`` is checked by: that version's, when this package reads it, or that of
    the version that reads an older one's answers as its own (``reads_also``); None for any other version."""
    return _checkers.get(version)


def _version_parts(version: str) -> tuple[str, str, str] | None:
    """A version's parts, digits each: three, or two read with a third of 0 (as the spec reads 0.1 as 0.1.0)."""
    parts = version.split(".")
    if len(parts) == 2:
        parts.append("0")
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() and (p == "0" or not p.startswith("0")) for p in parts):
        return None
    return (parts[0], parts[1], parts[2])


def _version_key(parts: tuple[str, str, str]) -> tuple[tuple[int, str], ...]:
    """Orders versions by their parts as numbers of any length."""
    return tuple((len(p), p) for p in parts)


def _version_finding(version: str) -> Finding:
    """The finding for an answer whose version this package does not read (spec/README.md, Protocol versions)."""
    read = list(SPECS)
    parts = _version_parts(version)
    finding: FindingId = "version-unwritten"
    if parts is not None:
        known = [_version_key(k) for k in (_version_parts(v) for v in read) if k is not None]
        key = _version_key(parts)
        if all(key < k for k in known):
            finding = "version-older"
        elif all(key > k for k in known):
            finding = "version-newer"
        else:
            finding = "version-unread"
    entry = FINDINGS[finding]
    message = _message(entry, {"version": version, "currentVersion": SPEC.version, "read": read})
    return Finding(None, entry.rule, entry.severity, None, pointer([SPEC.tree.version]), message)


def check(answer: object, options: CheckOptions = LIMITS) -> list[Finding]:
    """Checks an answer (a decoded JSON value) by the rules of the version its version field names (an older
    version a read one ``reads_also`` is checked by that one's rules, with no finding).

    A version this package does not read is checked by the current version's rules and is one ``version`` error
    at that field; a missing or non-string version is a ``structure`` error, as any required field's would be.
    """
    version = answer.get(SPEC.tree.version) if isinstance(answer, dict) else None
    if isinstance(version, str) and version in _checkers:
        return _checkers[version](answer, options)
    findings = _checkers[SPEC.version](answer, options)
    if not isinstance(version, str):
        return findings
    return sort_findings([*findings, _version_finding(version)])


def sort_findings(findings: list[Finding]) -> list[Finding]:
    """Findings by path, then requirement, then rule, as every binding orders them."""
    return sorted(findings, key=lambda f: (f.path, f.requirement or "", f.rule))


def passes(findings: Sequence[Finding]) -> bool:
    """True when none of the findings is an error."""
    return all(f.severity != "error" for f in findings)


def findings_json(findings: Sequence[Finding]) -> list[Mapping[str, str | None]]:
    """The findings as the validators print them with --json."""
    return [f.to_json() for f in findings]


def json_finding(error: JsonTextError) -> Finding:
    """The catalogue's finding for text that is no JSON, or JSON every binding refuses: one, at the root."""
    entry = FINDINGS[error.finding]
    return Finding(None, entry.rule, entry.severity, None, "", str(error))
