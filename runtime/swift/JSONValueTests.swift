import Foundation
import XCTest
@testable import ElementModel

/// `JSONValue` against JSON's own terms (RFC 8259; spec/README.md, "Reading JSON"): keys and strings are their code
/// points, an object's members keep their order, a number keeps its text. The expectations are written here by hand.
final class JSONValueTests: XCTestCase {
    private func read(_ text: String) throws -> JSONValue {
        try JSONReader.read(Data(text.utf8), maxNesting: .max).take()
    }

    private func scalars(_ text: String?) -> [UInt32] {
        (text ?? "").unicodeScalars.map(\.value)
    }

    /// "é" (U+00E9) and "e" with U+0301 are two keys in JSON and in every other binding; a Swift `Dictionary`
    /// would hold them as one.
    func testKeysEqualOnlyAfterNormalisationStayTwoMembers() throws {
        for text in ["{\"\u{e9}\":1,\"e\u{301}\":2}", #"{"\u00e9":1,"e\u0301":2}"#] {
            let object = try XCTUnwrap(read(text).objectValue, text)
            XCTAssertEqual(object.count, 2, text)
            XCTAssertEqual(object.keys.map(scalars), [[0xE9], [0x65, 0x301]], text)
            XCTAssertEqual(object["\u{e9}"], 1, text)
            XCTAssertEqual(object["e\u{301}"], 2, text)
            XCTAssertNil(object["e"], text)
        }
        XCTAssertNotEqual(JSONValue.string("\u{e9}"), .string("e\u{301}"))
        XCTAssertEqual(Set<JSONValue>(["\u{e9}", "e\u{301}", "\u{e9}"]).count, 2)
        var made: JSONObject = ["\u{e9}": 1]
        made["e\u{301}"] = 2
        XCTAssertEqual(made.count, 2)
        XCTAssertNotEqual(made, ["\u{e9}": 2, "e\u{301}": 1])
    }

    /// The checker sees both keys: each is an unknown field of its own, said as an unknown field with a plain name
    /// is said, as the other bindings say it.
    func testTheCheckerReportsBothKeysAsTheOthersDo() throws {
        let plain = "unknownKeyZ9"
        let answer = try validAnswer()
        func findings(adding keys: [String]) -> [Finding] {
            var object = answer
            for (position, key) in keys.enumerated() { object[key] = .number(JSONNumber(position)) }
            return check(.object(object))
        }
        XCTAssertEqual(findings(adding: []), [])
        let one = try XCTUnwrap(findings(adding: [plain]).first)
        XCTAssertEqual(one.path, "/" + plain)
        // In the order of their paths' UTF-16 code units, as every binding sorts them: not Swift's `<`, which takes
        // the first two for one and puts "/f" before "/e\u{301}".
        let three = findings(adding: ["\u{e9}", "e\u{301}", "f"])
        XCTAssertEqual(three.map { scalars($0.path) }, [[0x2F, 0x65, 0x301], [0x2F, 0x66], [0x2F, 0xE9]])
        for (finding, key) in zip(three, three.map { String($0.path.dropFirst()) }) {
            XCTAssertEqual(finding.rule, one.rule)
            XCTAssertEqual(finding.requirement, one.requirement)
            XCTAssertEqual(finding.severity, one.severity)
            XCTAssertEqual(scalars(finding.message), scalars(one.message.replacingOccurrences(of: plain, with: key)))
        }
        // Read from text, where both keys must survive the reader, too.
        let text = String(decoding: try JSONEncoder().encode(JSONValue.object(answer)), as: UTF8.self)
        let withKeys = text.dropLast() + ",\"\\u00e9\":0,\"e\\u0301\":1}"
        XCTAssertEqual(validateText(Data(withKeys.utf8)).count, 2)
    }

    /// A conformance vector's answer that checks with no finding at all: its input as an object.
    private func validAnswer() throws -> JSONObject {
        let folder = ConformanceTests.conformanceDirectory.appendingPathComponent("vectors", isDirectory: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where file.hasSuffix(".json") {
            let vector = try read(String(decoding: try Data(contentsOf: folder.appendingPathComponent(file)), as: UTF8.self))
            if let input = vector["input"]?.objectValue, check(.object(input)).isEmpty { return input }
        }
        throw XCTSkip("no vector's answer checks with no finding")
    }

    /// The checker looks up the names an answer holds (fields, roles, states, content kinds) as JSON compares them:
    /// a name canonically equivalent to one the spec has, as U+212A KELVIN SIGN is to `K`, is not that name.
    func testNamesAreLookedUpByCodePoint() {
        let names: [String: Int] = ["K": 1]
        XCTAssertEqual(names["\u{212A}"], 1)
        XCTAssertNil(names[exactly: "\u{212A}"])
        XCTAssertEqual(names[exactly: "K"], 1)
        XCTAssertFalse(Set(["K"]).contains(exactly: "\u{212A}"))
        XCTAssertTrue(Set(["K"]).contains(exactly: "K"))
    }

    func testMembersKeepTheirOrder() throws {
        XCTAssertEqual(try read(#"{"b":1,"a":2,"c":{"z":0,"y":1}}"#).objectValue?.keys, ["b", "a", "c"])
        // Past the size where a key index is kept, too.
        let keys = (0..<40).reversed().map { "k\($0)" }
        let text = "{" + keys.map { "\"\($0)\":\($0.dropFirst())" }.joined(separator: ",") + "}"
        let object = try XCTUnwrap(read(text).objectValue)
        XCTAssertEqual(object.keys, keys)
        XCTAssertEqual(object["k7"], 7)
        XCTAssertEqual(JSONValue.object(object).jsonText, text)

        var changed = object
        changed["k39"] = "first"
        changed["new"] = true
        changed["k20"] = nil
        XCTAssertEqual(changed.keys.first, "k39")
        XCTAssertEqual(changed.keys.last, "new")
        XCTAssertEqual(changed.count, 40)
        XCTAssertNil(changed["k20"])
        XCTAssertEqual(changed["k19"], 19)
        XCTAssertEqual(changed["k39"], "first")
        // Equal objects are the same members in any order, as JSON's objects are.
        XCTAssertEqual(JSONObject(keys.reversed().map { ($0, object[$0] ?? nil) }), object)
        XCTAssertEqual(JSONObject(keys.reversed().map { ($0, object[$0] ?? nil) }).hashValue, object.hashValue)
    }

    func testNumbersKeepTheirText() throws {
        for text in ["12345678901234567890", "-0", "1.0", "1E+2", "0.10000000000000000001", "-9223372036854775809", "1e-400"] {
            XCTAssertEqual(try read(text).exactNumber?.text, text)
            XCTAssertEqual(try read("[\(text)]").jsonText, "[\(text)]")
        }
        let big = try read("12345678901234567890")
        XCTAssertEqual(big.numberValue, 12_345_678_901_234_567_890.0)
        XCTAssertNil(big.integerValue)
        XCTAssertEqual(big.exactNumber?.uint64Value, 12_345_678_901_234_567_890)
        XCTAssertEqual(try big.decode(UInt64.self), 12_345_678_901_234_567_890)
        XCTAssertThrowsError(try big.decode(Int64.self))
        XCTAssertEqual(try read("1e-400").numberValue, 0)
        XCTAssertEqual(try read("-9223372036854775808").integerValue, .min)
        XCTAssertEqual(try read("9007199254740993").integerValue, 9_007_199_254_740_993)
        XCTAssertNotEqual(try read("1.0"), try read("1"))
        XCTAssertEqual(try read("1.0").numberValue, try read("1").numberValue)
    }

    /// A big integer comes back digit for digit: read, written as text, and through Foundation's coders while it
    /// fits in 64 bits.
    func testABigIntegerRoundTripsExactly() throws {
        let text = #"{"n":12345678901234567890,"m":123456789012345678901234567890}"#
        let value = try read(text)
        XCTAssertEqual(value.jsonText, text)
        XCTAssertEqual(try read(value.jsonText), value)
        let encoded = String(decoding: try JSONEncoder().encode(value["n"]), as: UTF8.self)
        XCTAssertEqual(encoded, "12345678901234567890")
        XCTAssertEqual(try JSONDecoder().decode(JSONValue.self, from: Data(encoded.utf8)), value["n"])
        XCTAssertEqual(JSONNumber("12345678901234567890")?.text, "12345678901234567890")
        XCTAssertEqual(JSONNumber(UInt64.max).text, "18446744073709551615")
        for notOne in ["01", " 1", "1 ", "+1", "1.", ".5", "NaN", "1e400", "0x10", ""] { XCTAssertNil(JSONNumber(notOne), notOne) }
        XCTAssertNil(JSONNumber(Double.infinity))
        XCTAssertEqual(JSONNumber(Double(0.1))?.text, "0.1")
    }

    /// Keeping the text changes no range finding: a number is refused only past a double, where it starts.
    func testRangeFindingsAreUnchanged() throws {
        func problem(_ text: String) -> JSONProblem? {
            do {
                _ = try read(text)
                return nil
            } catch JSONInputError.json(let problem) {
                return problem
            } catch {
                XCTFail("\(error)")
                return nil
            }
        }
        XCTAssertNil(problem("[12345678901234567890]"))
        XCTAssertNil(problem("[-12345678901234567890123]"))
        XCTAssertEqual(problem("[0.1e400]"), JSONProblem(.numberRange, line: 1, column: 2))
        XCTAssertEqual(problem("[1, -1E+309]"), JSONProblem(.numberRange, line: 1, column: 5))
        XCTAssertNil(problem("[1" + String(repeating: "0", count: 308) + "]"))
        XCTAssertEqual(problem("[1" + String(repeating: "0", count: 309) + "]"), JSONProblem(.numberRange, line: 1, column: 2))
        XCTAssertNil(problem("[" + String(repeating: "9", count: 300) + "]"))
        XCTAssertEqual(problem("[-" + String(repeating: "9", count: 310) + "]"), JSONProblem(.numberRange, line: 1, column: 2))
    }

    /// The strings `jsonText` writes read back as themselves, control characters and quotes included.
    func testJSONTextEscapesWhatJSONRequires() throws {
        let value: JSONValue = ["a\"\\\n\t\u{1}é😀": ["x", nil, true, false, 1.5, [:], []]]
        XCTAssertEqual(value.jsonText, #"{"a\"\\\n\t\u0001é😀":["x",null,true,false,1.5,{},[]]}"#)
        XCTAssertEqual(try read(value.jsonText), value)
    }
}
