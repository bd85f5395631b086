import Foundation
import XCTest
@testable import ElementModel

/// The reader against spec/README.md, "Reading JSON": which of the six findings, at which line and column, with
/// which character, for bytes written here by hand from the contract.
final class JSONReaderTests: XCTestCase {
    /// What reading `bytes` throws, or nil.
    private func problem(_ bytes: [UInt8], maxNesting: Int = .max) -> JSONProblem? {
        do {
            _ = try JSONReader.read(Data(bytes), maxNesting: maxNesting)
            return nil
        } catch JSONInputError.json(let problem) {
            return problem
        } catch {
            XCTFail("\(error)")
            return nil
        }
    }

    private func problem(_ text: String) -> JSONProblem? {
        problem(Array(text.utf8))
    }

    private func at(_ kind: JSONProblem.Kind, _ line: Int, _ column: Int, _ found: String? = nil) -> JSONProblem {
        JSONProblem(kind, line: line, column: column, found: found)
    }

    func testMalformedNamesTheCharacterWhereItStands() {
        XCTAssertEqual(problem("[1,\n  x]"), at(.malformed, 2, 3, "'x'"))
        XCTAssertEqual(problem(#"{"a":1,}"#), at(.malformed, 1, 8, "'}'"))
        XCTAssertEqual(problem("[1,]"), at(.malformed, 1, 4, "']'"))
        XCTAssertEqual(problem("[01]"), at(.malformed, 1, 3, "'1'"))
        XCTAssertEqual(problem("[1.]"), at(.malformed, 1, 4, "']'"))
        XCTAssertEqual(problem("[1] 2"), at(.malformed, 1, 5, "'2'"))
        XCTAssertEqual(problem("[NaN]"), at(.malformed, 1, 2, "'N'"))
        XCTAssertEqual(problem("[tru]"), at(.malformed, 1, 5, "']'"))
        XCTAssertEqual(problem(#"["\x"]"#), at(.malformed, 1, 4, "'x'"))
        XCTAssertEqual(problem(#"["\u12G4"]"#), at(.malformed, 1, 7, "'G'"))
        XCTAssertEqual(problem(#"{"a" 1}"#), at(.malformed, 1, 6, "'1'"))
        XCTAssertEqual(problem("[1}"), at(.malformed, 1, 3, "'}'"))
        // Columns count characters, not bytes; what is met is named by its code point past '~' and below '!'.
        XCTAssertEqual(problem("[\"é\", é]"), at(.malformed, 1, 7, "U+00E9"))
        XCTAssertEqual(problem("[\"\u{1}\"]"), at(.malformed, 1, 3, "U+0001"))
        XCTAssertEqual(problem("[ 1 ,\t\u{7F}]"), at(.malformed, 1, 7, "U+007F"))
        XCTAssertEqual(problem("[1 😀]"), at(.malformed, 1, 4, "U+1F600"))
        // A byte order mark is a character no JSON text holds; UTF-16 meets a NUL.
        XCTAssertEqual(problem([0xEF, 0xBB, 0xBF, 0x5B, 0x5D]), at(.malformed, 1, 1, "U+FEFF"))
        XCTAssertEqual(problem([0x5B, 0x00, 0x5D, 0x00]), at(.malformed, 1, 2, "U+0000"))
    }

    func testTruncatedIsTheEndOfTheText() {
        XCTAssertEqual(problem(""), at(.truncated, 1, 1))
        XCTAssertEqual(problem(" \n "), at(.truncated, 2, 2))
        XCTAssertEqual(problem("[1,"), at(.truncated, 1, 4))
        XCTAssertEqual(problem(#"{"a""#), at(.truncated, 1, 5))
        XCTAssertEqual(problem("\"é"), at(.truncated, 1, 3))
        XCTAssertEqual(problem("[-"), at(.truncated, 1, 3))
        XCTAssertEqual(problem(#""\u00"#), at(.truncated, 1, 6))
        XCTAssertEqual(problem("nul"), at(.truncated, 1, 4))
    }

    func testBytesThatAreNotUTF8AreFoundAtTheirFirstByte() {
        let quote: UInt8 = 0x22
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0x80], [0x80], [0xC3, quote]] {
            XCTAssertEqual(problem([0x5B, quote, 0xC3, 0xA9, quote, 0x2C, 0x0A, quote] + bad + [quote, 0x5D]), at(.notUTF8, 2, 2), "\(bad)")
        }
        XCTAssertEqual(problem([0x5B, 0x0A, 0x20, 0xFF]), at(.notUTF8, 2, 2))
        XCTAssertEqual(problem([quote, 0xC3]), at(.notUTF8, 1, 2))
        XCTAssertEqual(problem([0xFF, 0xFE, 0x5B, 0x00]), at(.notUTF8, 1, 1))
        // The first problem in text order wins: bytes that are not UTF-8 after a malformation are never read.
        XCTAssertEqual(problem([0x5B, 0x31, 0x20, 0x32, 0xFF]), at(.malformed, 1, 4, "'2'"))
    }

    func testRefusalsAreOnlyOfTextThatIsJSONTheFirstInTextOrder() {
        XCTAssertEqual(problem(#"{"a":"x\ud800y"}"#), at(.loneSurrogate, 1, 8))
        XCTAssertEqual(problem(#"["\udc00"]"#), at(.loneSurrogate, 1, 3))
        XCTAssertEqual(problem(#"["\ud800\u0041"]"#), at(.loneSurrogate, 1, 3))
        XCTAssertEqual(problem(#"["\ud800\ud800\udc00"]"#), at(.loneSurrogate, 1, 3))
        XCTAssertEqual(problem(#"["\\ud800"]"#), nil)
        XCTAssertEqual(problem("[1, -1e309]"), at(.numberRange, 1, 5))
        XCTAssertEqual(problem("1e400"), at(.numberRange, 1, 1))
        XCTAssertEqual(problem("{\"a\":1,\n\"b\":2,\"a\":3}"), at(.repeatedKey, 2, 7))
        XCTAssertEqual(problem(#"{"a":1,"\u0061":2}"#), at(.repeatedKey, 1, 8))
        // The later key of a pair is the place, and the first such place in the text wins, wherever its object ends.
        XCTAssertEqual(problem(#"{"a":1,"a":"\ud800"}"#), at(.repeatedKey, 1, 8))
        XCTAssertEqual(problem(#"{"x":{"a":1,"a":2},"x":1}"#), at(.repeatedKey, 1, 13))
        XCTAssertEqual(problem(#"["\ud800", 1e400]"#), at(.loneSurrogate, 1, 3))
        XCTAssertEqual(problem(#"[1e400, "\ud800"]"#), at(.numberRange, 1, 2))
        // A malformation anywhere wins over every refusal.
        XCTAssertEqual(problem(#"[1e400, {"a":1,"a":2}, x]"#), at(.malformed, 1, 24, "'x'"))
        XCTAssertEqual(problem(#"["\ud800""#), at(.truncated, 1, 10))
    }

    func testNumbersThatRoundAreRead() throws {
        XCTAssertEqual(try JSONReader.read(Data("1e-400".utf8), maxNesting: 1).take().numberValue, 0)
        XCTAssertEqual(try JSONReader.read(Data("123456789012345678901234567890".utf8), maxNesting: 1).take().numberValue, 1.2345678901234568e29)
        XCTAssertEqual(try JSONReader.read(Data("-9223372036854775808".utf8), maxNesting: 1).take().integerValue, .min)
    }

    /// Keys compare code point by code point after escapes are decoded: "é" (U+00E9) and "e" with U+0301 are two
    /// keys, which Swift's own `==` takes for one.
    func testKeysEqualOnlyAfterNormalisationAreTwoKeys() {
        XCTAssertNil(problem("{\"\u{e9}\":1,\"e\u{301}\":2}"))
        XCTAssertNil(problem(#"{"\u00e9":1,"e\u0301":2}"#))
        XCTAssertEqual(problem("{\"\u{e9}\":1,\"e\u{301}\":2,\"e\u{301}\":3}"), at(.repeatedKey, 1, 15))
        XCTAssertEqual(problem("{\"\u{e9}\":1,\"e\u{301}\":2,\"\\u00e9\":3}"), at(.repeatedKey, 1, 15))
    }

    /// No depth is too deep to read, and nothing read is freed by recursion, whatever follows it.
    func testDeepInputsAreReadWithoutRecursion() {
        let depth = 100_000
        let open = [UInt8](repeating: 0x5B, count: depth)
        let close = [UInt8](repeating: 0x5D, count: depth)
        XCTAssertEqual(problem(open), at(.truncated, 1, depth + 1))
        XCTAssertEqual(problem(open + [0x78]), at(.malformed, 1, depth + 1, "'x'"))
        XCTAssertEqual(problem(open + close + [0x78]), at(.malformed, 1, 2 * depth + 1, "'x'"))
        XCTAssertEqual(problem(open + [0x31] + close + [0x2C, 0x31]), at(.malformed, 1, 2 * depth + 2, "','"))
        XCTAssertEqual(problem([0x5B] + open + close + [0x2C]), at(.truncated, 1, 2 * depth + 3))
        XCTAssertEqual(problem([0x5B] + open + close + [0x2C, 0x31, 0x65, 0x34, 0x30, 0x30, 0x5D]), at(.numberRange, 1, 2 * depth + 3))
        // Past the nesting limit, text that is not JSON is still that.
        XCTAssertEqual(problem(open, maxNesting: 500), at(.truncated, 1, depth + 1))
        XCTAssertThrowsError(try JSONReader.read(Data(open + close), maxNesting: 500)) { error in
            XCTAssertEqual(error as? JSONInputError, .tooDeep(limit: 500))
        }
        let many = [UInt8](repeating: 0x5B, count: 10_000_000)
        XCTAssertEqual(problem(many), at(.truncated, 1, many.count + 1))
    }

    /// What is nested deeper than the reader keeps is read, and is null in the value: the validator keeps only what
    /// its checker can reach, so an answer a million levels deep is one structure finding, not a million arrays.
    func testWhatIsNestedPastTheKeptDepthIsReadButNotKept() throws {
        XCTAssertEqual(try JSONReader.read(Data("[[[1]],[]]".utf8), maxNesting: .max, keptNesting: 2).take(), [[nil], []])
        XCTAssertEqual(problem(Array(#"[[[{"a":1,"a":2}]]]"#.utf8), maxNesting: .max), at(.repeatedKey, 1, 11))
        XCTAssertThrowsError(try JSONReader.read(Data(#"[[[{"a":1,"a":2}]]]"#.utf8), maxNesting: .max, keptNesting: 2)) { error in
            XCTAssertEqual(error as? JSONInputError, .json(at(.repeatedKey, 1, 11)))
        }
        let depth = 1_000_000
        let deep = [UInt8](repeating: 0x5B, count: depth) + [UInt8](repeating: 0x5D, count: depth)
        let findings = validateText(Data(deep), options: CheckOptions(maxDepth: 10))
        XCTAssertEqual(findings.map(\.rule), ["structure"])
    }

    /// The validator gives one finding at the root, the catalogue's, with the message the reader's error gives.
    func testTheValidatorGivesOneFindingWithTheCatalogueMessage() {
        for (bytes, entry, slots) in [
            (Array("[1,".utf8), FindingEntry.jsonTruncated, ["line": "1", "column": "4"]),
            ([0x5B, 0xFF], .jsonNotUtf8, ["line": "1", "column": "2"]),
            (Array("[\n x]".utf8), .jsonMalformed, ["line": "2", "column": "2", "found": "'x'"]),
            (Array(#"["\udfff"]"#.utf8), .jsonLoneSurrogate, ["line": "1", "column": "3"]),
            (Array("[-1e999]".utf8), .jsonNumberRange, ["line": "1", "column": "2"]),
            (Array(#"{"k":1,"k":2}"#.utf8), .jsonRepeatedKey, ["line": "1", "column": "8"]),
        ] {
            let findings = validateText(Data(bytes))
            XCTAssertEqual(findings.count, 1)
            XCTAssertEqual(findings.first?.rule, "json")
            XCTAssertEqual(findings.first?.severity, .error)
            XCTAssertEqual(findings.first?.path, "")
            XCTAssertNil(findings.first?.elementId)
            XCTAssertEqual(findings.first?.message, messageOf(entry, slots))
            XCTAssertEqual(problem(bytes)?.description, messageOf(entry, slots))
        }
    }
}
