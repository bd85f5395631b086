"""The JSON reader on answers from apps nobody controls: malformed text, wrong types, repeated keys, lone surrogates
and numbers past a double, read or refused with the same verdicts as every binding, by ``loads`` as by the reader
alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from pydantic import ValidationError

from element_model import AnswerError, JsonTextError, decode_answer, loads, parse_answer
from element_model.json_text import _read
from element_model.validate import validate_text

CASES: list[dict[str, object]] = json.loads((Path(__file__).parent / "hostile-inputs.json").read_text(encoding="utf-8"))["cases"]


def decoded(text: str) -> str:
    """How the text decodes: "ok", "refused" (a repeated key, a lone surrogate), "not JSON" or "invalid"."""
    try:
        decode_answer(loads(text))
    except JsonTextError as error:
        return "refused" if error.refused else "not JSON"
    except ValidationError:
        return "invalid"
    return "ok"


@pytest.mark.parametrize("case", CASES, ids=[str(c["name"]) for c in CASES])
def test_hostile_input(case: dict[str, object]) -> None:
    text = str(case["input"])
    outcome = decoded(text)
    assert (outcome == "ok") == case["decodes"], outcome
    if case["error"] in ("duplicateKey", "loneSurrogate"):
        assert outcome == "refused"
    # Neither the validator nor the parser raises anything but AnswerError, whatever the text.
    assert isinstance(validate_text(text), list)
    try:
        parse_answer(text)
    except AnswerError:
        pass


def read_both_ways(text: str) -> tuple[object, object]:
    """What ``loads`` (pydantic-core first) and the precise pass alone give: a value, or the error's text and kind."""

    def outcome(read: Callable[[str], object]) -> object:
        try:
            return ("value", read(text))
        except JsonTextError as error:
            return ("error", str(error), error.finding, error.refused)

    return outcome(loads), outcome(_read)


@pytest.mark.parametrize("case", CASES, ids=[str(c["name"]) for c in CASES])
def test_loads_answers_as_the_reader_alone_does(case: dict[str, object]) -> None:
    fast, reader = read_both_ways(str(case["input"]))
    assert fast == reader


@pytest.mark.parametrize(
    "text",
    [
        "[1.0, -0, 1e400, 12345678901234567890, -1.5e-3]",
        '{"a": NaN}',
        "[Infinity]",
        '{"k": 1, "k": 1}',
        "[\"\\u0000\"]",
        # A repeated key with colons in strings, and a colon escaped, which the text then has one fewer of.
        '{"k": "x:y", "k": "z"}',
        '{"k": "x", "k": "y:z"}',
        '{"a\\u003a": 1, "a:": 2}',
        '{"a\\u003a": 1, "b:": 2}',
        '{"a": 1, "a": "\\u003a"}',
        # A number past a double's range, however written, and the largest within it.
        "[2e308, 1.7976931348623157e308]",
        "[" + "9" * 308 + "]",
        "[" + "9" * 309 + "]",
        '["' + "9" * 400 + '"]',
        "[-" + "1" * 400 + ".5]",
        # Surrogates: an escaped pair reads as one character; a lone escape is refused, and a surrogate code point
        # in a str (paired or not) has no UTF-8.
        '"\\ud83d\\ude00"',
        '"\ud83d\ude00"',
        '"\\ud800 \\u0041"',
        '"\udc00"',
    ],
)
def test_loads_answers_as_the_reader_alone_does_on_edges(text: str) -> None:
    fast, reader = read_both_ways(text)
    assert fast == reader


def test_loads_reads_text_too_deep_for_json_module() -> None:
    depth = 0
    value = loads("[" * 5000 + "]" * 5000)
    while isinstance(value, list) and value:
        value, depth = value[0], depth + 1
    assert depth == 4999
