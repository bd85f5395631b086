//! The JSON reader against spec/README.md's "Reading JSON", case by case: each of the six findings at its line and
//! column, the first malformation winning over any refusal, bytes that are not UTF-8, any depth, and keys compared
//! code point by code point. Every expectation here is worked out by hand from the contract.

use element_model::findings::{Severity, entry, format_message};
use element_model::json::dispose;
use element_model::validate::validate_bytes;
use element_model::{AnswerError, CheckOptions, parse_answer, parse_answer_bytes, read_json, read_json_bytes};

/// The finding for `bytes` as (id, line, column, found), or `None` when they are JSON the crate reads.
fn finding(bytes: &[u8]) -> Option<(&'static str, usize, usize, Option<String>)> {
    read_json_bytes(bytes).err().map(|e| (e.id, e.line, e.column, e.found))
}

fn at(id: &'static str, line: usize, column: usize) -> Option<(&'static str, usize, usize, Option<String>)> {
    Some((id, line, column, None))
}

fn malformed(line: usize, column: usize, found: &str) -> Option<(&'static str, usize, usize, Option<String>)> {
    Some(("json-malformed", line, column, Some(found.to_owned())))
}

#[test]
fn a_malformation_is_the_character_that_cannot_stand_there() {
    assert_eq!(finding(b"[1,]"), malformed(1, 4, "']'"));
    assert_eq!(finding(b"{\"a\":1,}"), malformed(1, 8, "'}'"));
    assert_eq!(finding(b"[01]"), malformed(1, 3, "'1'"));
    assert_eq!(finding(b"[1.]"), malformed(1, 4, "']'"));
    assert_eq!(finding(b"[1e+]"), malformed(1, 5, "']'"));
    assert_eq!(finding(b"[-x]"), malformed(1, 3, "'x'"));
    assert_eq!(finding(b"NaN"), malformed(1, 1, "'N'"));
    assert_eq!(finding(b"[tru e]"), malformed(1, 5, "U+0020"));
    assert_eq!(finding(b"{\"a\" 1}"), malformed(1, 6, "'1'"));
    assert_eq!(finding(b"{1:2}"), malformed(1, 2, "'1'"));
    assert_eq!(finding(b"[\"\\x\"]"), malformed(1, 4, "'x'"));
    assert_eq!(finding(b"[\"\\u12G4\"]"), malformed(1, 7, "'G'"));
    assert_eq!(finding(b"1 2"), malformed(1, 3, "'2'"));
    // A raw control character in a string, a byte order mark and a NUL (UTF-16) are named by code point.
    assert_eq!(finding(b"[\"a\tb\"]"), malformed(1, 4, "U+0009"));
    assert_eq!(finding("\u{feff}[]".as_bytes()), malformed(1, 1, "U+FEFF"));
    assert_eq!(finding(b"\x00[\x00]"), malformed(1, 1, "U+0000"));
    assert_eq!(finding("[\"\u{e9}\", \u{1f600}]".as_bytes()), malformed(1, 7, "U+1F600"));
}

#[test]
fn a_line_is_counted_in_line_feeds_and_a_column_in_code_points() {
    assert_eq!(finding(b"[\n  1,\n  x]"), malformed(3, 3, "'x'"));
    // A carriage return is a character of its line; only a line feed starts a line.
    assert_eq!(finding(b"[\r\n x]"), malformed(2, 2, "'x'"));
    assert_eq!(finding(b"[1,\r 2 x]"), malformed(1, 8, "'x'"));
    // U+00E9 is two bytes, U+1F600 four, and each one column.
    assert_eq!(finding("[\"\u{e9}\u{1f600}\" x]".as_bytes()), malformed(1, 7, "'x'"));
    assert_eq!(finding("[\"\u{e9}\",\n\"\u{1f600}\",\n \"\u{e9}\" }".as_bytes()), malformed(3, 6, "'}'"));
}

#[test]
fn truncated_text_is_found_at_its_end() {
    assert_eq!(finding(b""), at("json-truncated", 1, 1));
    assert_eq!(finding(b"   \n "), at("json-truncated", 2, 2));
    assert_eq!(finding(b"[1,"), at("json-truncated", 1, 4));
    assert_eq!(finding(b"{\"a\""), at("json-truncated", 1, 5));
    assert_eq!(finding("\"\u{e9}".as_bytes()), at("json-truncated", 1, 3));
    assert_eq!(finding(b"[\"\\u12"), at("json-truncated", 1, 7));
    assert_eq!(finding(b"tr"), at("json-truncated", 1, 3));
    assert_eq!(finding(b"-"), at("json-truncated", 1, 2));
}

#[test]
fn bytes_that_are_not_utf8_are_found_at_the_first_such_byte_unless_malformed_before() {
    assert_eq!(finding(b"[\"a\xff\"]"), at("json-not-utf8", 1, 4));
    assert_eq!(finding(b"[1,\xff]"), at("json-not-utf8", 1, 4));
    assert_eq!(finding(b"[1]\xff"), at("json-not-utf8", 1, 4));
    // An overlong form, a surrogate, past U+10FFFF, a lone continuation byte, a character cut short.
    for bad in [&b"\xc0\x80"[..], b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80", b"\xe2\x82"] {
        assert_eq!(finding(&[b"[\"\xc3\xa9", bad, b"\"]"].concat()), at("json-not-utf8", 1, 4), "{bad:?}");
    }
    // UTF-16 with its byte order mark, and UTF-32 little-endian.
    assert_eq!(finding(b"\xff\xfe[\x00]\x00"), at("json-not-utf8", 1, 1));
    assert_eq!(finding(b"[\x00\x00\x00]\x00\x00\x00"), malformed(1, 2, "U+0000"));
    // The first problem in text order wins: a malformation before the byte, the byte before a malformation.
    assert_eq!(finding(b"[}\xff"), malformed(1, 2, "'}'"));
    assert_eq!(finding(b"[\xff}"), at("json-not-utf8", 1, 2));
    assert_eq!(finding(b"[1e400, \xff]"), at("json-not-utf8", 1, 9));
}

#[test]
fn a_lone_surrogate_is_refused_at_its_backslash() {
    assert_eq!(finding(br#"["\ud800"]"#), at("json-lone-surrogate", 1, 3));
    assert_eq!(finding(br#"["ab\udc00"]"#), at("json-lone-surrogate", 1, 5));
    assert_eq!(finding(br#"["\ud800\u0041"]"#), at("json-lone-surrogate", 1, 3));
    // A low surrogate before a high one pairs with nothing; a high one pairs with the low one right after it.
    assert_eq!(finding(br#"["\udc00\ud800"]"#), at("json-lone-surrogate", 1, 3));
    assert_eq!(finding(br#"["\ud800\ud800\udc00"]"#), at("json-lone-surrogate", 1, 3));
    assert_eq!(finding(br#"["\ud83d\ude00", "\ude00"]"#), at("json-lone-surrogate", 1, 19));
    assert_eq!(read_json(r#"["\ud83d\ude00", "\uD83D\uDE00"]"#).expect("paired"), serde_json::json!(["\u{1f600}", "\u{1f600}"]));
}

#[test]
fn a_number_past_a_double_is_refused_at_its_first_character() {
    assert_eq!(finding(b"[1, -1e309]"), at("json-number-range", 1, 5));
    assert_eq!(finding(b"1e400"), at("json-number-range", 1, 1));
    assert_eq!(finding(format!("[{}]", "9".repeat(400)).as_bytes()), at("json-number-range", 1, 2));
    // Rounding to zero, or losing digits, is read; an integer keeps every digit.
    assert_eq!(finding(b"[1e-400, 0.1234567890123456789, 1.7976931348623157e308]"), None);
    assert_eq!(read_json("123456789012345678901234567890").expect("JSON").to_string(), "123456789012345678901234567890");
}

#[test]
fn a_repeated_key_is_refused_at_the_later_keys_quote() {
    assert_eq!(finding(b"{\"a\":1,\n \"a\":2}"), at("json-repeated-key", 2, 2));
    assert_eq!(finding(br#"{"a":{"b":1,"b":2}}"#), at("json-repeated-key", 1, 13));
    // Keys compare after their escapes are decoded.
    assert_eq!(finding("{\"\u{e9}\":1,\"\\u00e9\":2}".as_bytes()), at("json-repeated-key", 1, 8));
    // The same key in two objects is no repeat.
    assert_eq!(finding(br#"[{"a":1},{"a":1}]"#), None);
}

#[test]
fn keys_equal_only_after_unicode_normalisation_are_two_keys() {
    // U+00E9 and e followed by U+0301 (combining acute) are one character to a reader's eye, two keys to JSON.
    let value = read_json("{\"\u{e9}\":1,\"e\\u0301\":2,\"\u{212b}\":3,\"\u{c5}\":4}").expect("four keys");
    let keys: Vec<&String> = value.as_object().expect("an object").keys().collect();
    assert_eq!(keys, ["\u{e9}", "e\u{301}", "\u{212b}", "\u{c5}"]);
}

#[test]
fn the_first_malformation_wins_over_any_refusal_and_the_first_refusal_over_later_ones() {
    assert_eq!(finding(b"[1e400, \"\\ud800\", }"), malformed(1, 19, "'}'"));
    assert_eq!(finding(b"{\"a\":1,\"a\":2"), at("json-truncated", 1, 13));
    assert_eq!(finding(b"[1e400, \"\\ud800\"]"), at("json-number-range", 1, 2));
    assert_eq!(finding(b"[{\"a\":1,\"a\":1e400}, \"\\udc00\"]"), at("json-repeated-key", 1, 9));
    assert_eq!(finding(b"[\"\\udc00\", {\"a\":1,\"a\":1e400}]"), at("json-lone-surrogate", 1, 3));
}

#[test]
fn any_depth_is_read_without_recursion() {
    for depth in [100_000, 100_000_000] {
        assert_eq!(finding(&vec![b'['; depth]), at("json-truncated", 1, depth + 1), "{depth} levels");
    }
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    // A value that deep is dropped with dispose: serde_json's own drop recurses once per level.
    dispose(read_json(&deep).expect("deep arrays"));
    let objects = format!("{}1{}", "{\"a\":[".repeat(100_000), "]}".repeat(100_000));
    dispose(read_json(&objects).expect("deep objects"));
    let malformed_deep = format!("{}1{}", "{\"a\":[".repeat(100_000), "]]".repeat(100_000));
    assert_eq!(finding(malformed_deep.as_bytes()), malformed(1, 600_003, "']'"));
}

#[test]
fn the_validator_and_parse_answer_give_the_catalogue_message_at_the_root() {
    let message = |id: &str, line: &str, column: &str, found: Option<&str>| {
        let mut slots = vec![("line", line.into()), ("column", column.into())];
        slots.extend(found.map(|f| ("found", f.into())));
        format_message(entry(id), &slots)
    };
    let cases: [(&[u8], String); 4] = [
        (b"{\"protocol\": \xff}", message("json-not-utf8", "1", "14", None)),
        (b"{\"protocol\": ]", message("json-malformed", "1", "14", Some("']'"))),
        (b"{\"protocol\":", message("json-truncated", "1", "13", None)),
        (b"{\"a\": 1,\n\"a\": 2}", message("json-repeated-key", "2", "1", None)),
    ];
    for (bytes, expected) in cases {
        let findings = validate_bytes(bytes, CheckOptions::default());
        assert_eq!(findings.len(), 1);
        let f = &findings[0];
        assert_eq!((f.rule, f.severity, f.path.as_str(), f.requirement, &f.element_id), ("json", Severity::Error, "", None, &None));
        assert_eq!(f.message, expected);
        match parse_answer_bytes(bytes) {
            Err(e @ AnswerError::Json(_)) => assert_eq!(e.to_string(), expected),
            other => panic!("{other:?}"),
        }
        if let Ok(text) = std::str::from_utf8(bytes) {
            assert!(matches!(parse_answer(text), Err(AnswerError::Json(e)) if e.to_string() == expected));
        }
    }
}
