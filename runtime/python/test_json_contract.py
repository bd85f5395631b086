"""The reader against spec/README.md, "Reading JSON", case by case: which finding, at which line and column, and the
character met; each case worked out by hand from the contract, and read both ways (pydantic-core first, and the
precise pass alone), as a str and as UTF-8 bytes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from pydantic import JsonValue

from element_model import AnswerError, JsonTextError, loads, parse_answer
from element_model.json_text import _read
from element_model.validate import main, validate_text

READERS: dict[str, Callable[[str | bytes], JsonValue]] = {"loads": loads, "precise pass": _read}

# (text, finding, line, column, found): found only for json-malformed.
CASES: list[tuple[str, str, int, int, str | None]] = [
    # json-malformed: the character no JSON text can hold where it stands.
    ("[1,]", "json-malformed", 1, 4, "']'"),
    ('{"a": NaN}', "json-malformed", 1, 7, "'N'"),
    ("[01]", "json-malformed", 1, 3, "'1'"),
    ("[1.]", "json-malformed", 1, 4, "']'"),
    ("[1e]", "json-malformed", 1, 4, "']'"),
    ("[1e+]", "json-malformed", 1, 5, "']'"),
    ("[-]", "json-malformed", 1, 3, "']'"),
    ("[1 2]", "json-malformed", 1, 4, "'2'"),
    ("[] []", "json-malformed", 1, 4, "'['"),
    ("[tru]", "json-malformed", 1, 5, "']'"),
    ('["a\tb"]', "json-malformed", 1, 4, "U+0009"),
    ('["\\x"]', "json-malformed", 1, 4, "'x'"),
    ('["\\u12G4"]', "json-malformed", 1, 7, "'G'"),
    ('{"a" 1}', "json-malformed", 1, 6, "'1'"),
    ("{1: 2}", "json-malformed", 1, 2, "'1'"),
    ("[\u00e9]", "json-malformed", 1, 2, "U+00E9"),
    ("\ufeff{}", "json-malformed", 1, 1, "U+FEFF"),
    ("[\f]", "json-malformed", 1, 2, "U+000C"),
    # Lines count line feeds; columns count code points (é is one, 😀 is one) since the last line feed.
    ('{\n  "a": 1\n  "b": 2\n}', "json-malformed", 3, 3, "'\"'"),
    ('["\u00e9", x]', "json-malformed", 1, 7, "'x'"),
    ('["\U0001f600",]', "json-malformed", 1, 6, "']'"),
    ("[1,\r\n]", "json-malformed", 2, 1, "']'"),
    # json-truncated: the end of the text, before the value is whole.
    ("", "json-truncated", 1, 1, None),
    ("  \n ", "json-truncated", 2, 2, None),
    ("[1,", "json-truncated", 1, 4, None),
    ('{"a"', "json-truncated", 1, 5, None),
    ('{"a":', "json-truncated", 1, 6, None),
    ('["abc', "json-truncated", 1, 6, None),
    ('["\\u12', "json-truncated", 1, 7, None),
    ('["\\', "json-truncated", 1, 4, None),
    ("[1,\n", "json-truncated", 2, 1, None),
    ("-", "json-truncated", 1, 2, None),
    ("nul", "json-truncated", 1, 4, None),
    # The refusals: JSON, but not read.
    ('["\\ud800"]', "json-lone-surrogate", 1, 3, None),
    ('["ab\\udc00"]', "json-lone-surrogate", 1, 5, None),
    ('["\\ud800x\\udc00"]', "json-lone-surrogate", 1, 3, None),
    ('["\\ud83d\\ude00", "\\ud800\\ud800\\udc00"]', "json-lone-surrogate", 1, 19, None),
    ("[1e400]", "json-number-range", 1, 2, None),
    ("[0, -1e309]", "json-number-range", 1, 5, None),
    ("[2e308]", "json-number-range", 1, 2, None),
    ("[" + "9" * 400 + "]", "json-number-range", 1, 2, None),
    ('{"a":1,"a":2}', "json-repeated-key", 1, 8, None),
    ('{"a":1,\n "b":2,\n "a":3}', "json-repeated-key", 3, 2, None),
    ('{"a":1,"\\u0061":2}', "json-repeated-key", 1, 8, None),
    # A key repeated with its only other colon escaped: the same count of colons as the value written back.
    ('{"a":1,"a":"\\u003a"}', "json-repeated-key", 1, 8, None),
    # The first refusal in text order wins, and any malformation wins over every refusal.
    ('{"a":1,"a":[1e400]}', "json-repeated-key", 1, 8, None),
    ('[1e400, "\\ud800"]', "json-number-range", 1, 2, None),
    ('{"\\ud800":1,"\\ud800":2}', "json-lone-surrogate", 1, 3, None),
    ('{"a":1,"a":2', "json-truncated", 1, 13, None),
    ('["\\ud800", 1e400, x]', "json-malformed", 1, 19, "'x'"),
]


def outcome(read: Callable[[str | bytes], JsonValue], text: str | bytes) -> tuple[str, int, int, str | None] | None:
    try:
        read(text)
    except JsonTextError as error:
        return error.finding, error.line, error.column, error.found
    return None


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
@pytest.mark.parametrize("case", CASES, ids=[repr(c[0])[:40] for c in CASES])
def test_each_finding_at_its_place(case: tuple[str, str, int, int, str | None], reader: Callable[[str | bytes], JsonValue]) -> None:
    text, *expected = case
    assert outcome(reader, text) == tuple(expected)
    assert outcome(reader, text.encode("utf-8")) == tuple(expected)


def test_the_message_is_the_catalogues() -> None:
    with pytest.raises(JsonTextError) as malformed:
        loads("[1,\n]")
    assert str(malformed.value) == "Not JSON: unexpected ']' at line 2, column 1"
    with pytest.raises(JsonTextError) as refused:
        loads('{"a":1,"a":2}')
    assert str(refused.value) == "Refused: a key repeated in one object at line 1, column 8"
    assert refused.value.refused and not malformed.value.refused


# (bytes, line, column): where the first byte that starts no well-formed UTF-8 character stands.
NOT_UTF8: list[tuple[bytes, int, int]] = [
    (b'["\xff"]', 1, 3),
    (b'["\xc3\xa9\xff"]', 1, 4),  # é is one column
    (b"\xc0\xaf", 1, 1),  # an overlong '/'
    (b'["\xed\xa0\x80"]', 1, 3),  # a surrogate written in UTF-8
    (b'["\xf4\x90\x80\x80"]', 1, 3),  # past U+10FFFF
    (b'["\xe2\x82"]', 1, 3),  # a character cut short
    (b"\xff\xfe[\x00]\x00", 1, 1),  # UTF-16 with its byte order mark
    (b"[1,\n\x80]", 2, 1),
    (b'{"a":1,"a":2}\xff', 1, 14),  # bytes after the value: a malformation, so it wins over the repeated key
    (b"[\xff,]", 1, 2),  # before the malformation
]


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
@pytest.mark.parametrize("case", NOT_UTF8, ids=[repr(c[0]) for c in NOT_UTF8])
def test_bytes_that_are_not_utf8(case: tuple[bytes, int, int], reader: Callable[[str | bytes], JsonValue]) -> None:
    data, line, column = case
    assert outcome(reader, data) == ("json-not-utf8", line, column, None)


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_what_comes_first_wins_over_bytes_that_are_not_utf8(reader: Callable[[str | bytes], JsonValue]) -> None:
    assert outcome(reader, b"[1,]\xff") == ("json-malformed", 1, 4, "']'")
    # UTF-16 without a byte order mark: '[' then a NUL, which UTF-8 holds and JSON does not.
    assert outcome(reader, "[1]".encode("utf-16-le")) == ("json-malformed", 1, 2, "U+0000")


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_a_surrogate_in_a_str_is_not_utf8(reader: Callable[[str | bytes], JsonValue]) -> None:
    # A Python str holds code points; a surrogate code point, alone or beside another, has no UTF-8.
    assert outcome(reader, '["a\udc00"]') == ("json-not-utf8", 1, 4, None)
    assert outcome(reader, '["\ud83d\ude00"]') == ("json-not-utf8", 1, 3, None)
    assert outcome(reader, '[x, "\udc00"]') == ("json-malformed", 1, 2, "'x'")


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_what_is_read(reader: Callable[[str | bytes], JsonValue]) -> None:
    assert reader('["\\ud83d\\ude00", "\\u00e9\\n"]') == ["\U0001f600", "\u00e9\n"]
    assert reader("[1e-400, 1.7976931348623157e308, -0, " + "9" * 308 + "]") == [0.0, 1.7976931348623157e308, 0, int("9" * 308)]
    # Keys equal only after Unicode normalisation are two keys: é (U+00E9) and e with a combining acute (U+0301).
    assert reader('{"\u00e9": 1, "e\u0301": 2}') == {"\u00e9": 1, "e\u0301": 2}
    assert reader(b'{"\xc3\xa9": 1, "e\xcc\x81": 2}') == {"\u00e9": 1, "e\u0301": 2}
    assert reader('{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}') == {"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}]}


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_any_depth_is_read_with_no_recursion(reader: Callable[[str | bytes], JsonValue]) -> None:
    assert outcome(reader, "[" * 100_000) == ("json-truncated", 1, 100_001, None)
    assert outcome(reader, '{"a":' * 100_000) == ("json-truncated", 1, 500_001, None)
    assert outcome(reader, "[" * 100_000 + "]" * 100_001) == ("json-malformed", 1, 200_001, "']'")
    value = reader("[" * 100_000 + "]" * 100_000)
    depth = 0
    while isinstance(value, list) and value:
        value, depth = value[0], depth + 1
    assert depth == 99_999


def test_the_validator_gives_one_finding_at_the_root_and_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = {"not-utf8.json": b'{"a": "\xff"}', "utf16.json": "{}".encode("utf-16"), "bom.json": b"\xef\xbb\xbf{}", "deep.json": b"[" * 100_000}
    messages = {
        "not-utf8.json": "Not JSON: bytes that are not UTF-8 at line 1, column 8",
        "utf16.json": "Not JSON: bytes that are not UTF-8 at line 1, column 1",
        "bom.json": "Not JSON: unexpected U+FEFF at line 1, column 1",
        "deep.json": "Not JSON: the text ends at line 1, column 100001 before its value is complete",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
        assert main(["--json", str(tmp_path / name)]) == 1, name
        printed = json.loads(capsys.readouterr().out)
        assert printed == [{"requirement": None, "rule": "json", "severity": "error", "elementId": None, "path": "", "message": messages[name]}]
        # parse_answer fails with the same message.
        with pytest.raises(AnswerError) as refused:
            parse_answer(data)
        assert str(refused.value) == messages[name]
        assert [f.message for f in validate_text(data)] == [messages[name]]
