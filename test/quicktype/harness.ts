/**
 * The test harnesses the comparison wraps around each binding. Both do the same for every `<case>.json` in the
 * folder named by COMPARE_CASES_DIR: decode the bytes as the binding's answer type; if that fails, write the error
 * to `<case>.error` in COMPARE_OUT_DIR; otherwise encode the value again and write the bytes to `<case>.json`.
 * Every judgement (what decoded, what survived) is made afterwards in TypeScript, the same for every binding.
 */

export interface SwiftBinding {
  /** The module the test target imports with `@testable import`. */
  module: string;
  /** The Swift type decoded. */
  type: string;
  /** A Swift expression of the decoded value, from `data: Data`. */
  decode: string;
  /** A Swift expression of type `Data`, from `value`. */
  encode: string;
}

export function swiftHarness(binding: SwiftBinding): string {
  return `import Foundation
import XCTest
@testable import ${binding.module}

final class CompareHarness: XCTestCase {
    func testEveryCase() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = URL(fileURLWithPath: environment["COMPARE_CASES_DIR"] ?? "cases")
        let out = URL(fileURLWithPath: environment["COMPARE_OUT_DIR"] ?? "out")
        let names = try FileManager.default.contentsOfDirectory(atPath: cases.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        XCTAssertFalse(names.isEmpty, "no cases in \\(cases.path)")
        for name in names {
            let stem = String(name.dropLast(5))
            let data = try Data(contentsOf: cases.appendingPathComponent(name))
            let value: ${binding.type}
            do {
                value = try ${binding.decode}
            } catch {
                try Data(String(describing: error).utf8).write(to: out.appendingPathComponent(stem + ".error"))
                continue
            }
            do {
                let encoded: Data = try ${binding.encode}
                try encoded.write(to: out.appendingPathComponent(stem + ".json"))
            } catch {
                try Data(String(describing: error).utf8).write(to: out.appendingPathComponent(stem + ".encode-error"))
            }
        }
        print("compare-harness: ran \\(names.count) cases")
    }
}
`;
}

export function swiftPackage(name: string, target: string, languageMode: '5' | '6'): string {
  return `// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "${name}",
    targets: [
        .target(name: "${target}"),
        .testTarget(name: "CompareHarnessTests", dependencies: ["${target}"]),
    ],
    swiftLanguageModes: [.v${languageMode}]
)
`;
}

export interface KotlinBinding {
  /** The package the harness lives in (the binding's own). */
  packageName: string;
  /** Kotlin declarations placed before the test class (e.g. the Json configuration). */
  prelude: string;
  /** A Kotlin expression of the decoded value, from `text: String`. */
  decode: string;
  /** A Kotlin expression of type String, from `value` (the decoded value). */
  encode: string;
}

export function kotlinHarness(binding: KotlinBinding): string {
  return `package ${binding.packageName}

import java.io.File
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

${binding.prelude}

class CompareHarnessTest {
    @Test
    fun everyCase() {
        val cases = File(System.getenv("COMPARE_CASES_DIR") ?: "cases")
        val out = File(System.getenv("COMPARE_OUT_DIR") ?: "out")
        val files = (cases.listFiles() ?: emptyArray()).filter { it.name.endsWith(".json") }.sortedBy { it.name }
        assertTrue(files.isNotEmpty(), "no cases in $cases")
        for (file in files) {
            val stem = file.name.removeSuffix(".json")
            val text = file.readText()
            val value = try {
                ${binding.decode}
            } catch (e: Exception) {
                File(out, "$stem.error").writeText(e.toString())
                continue
            }
            try {
                File(out, "$stem.json").writeText(${binding.encode})
            } catch (e: Exception) {
                File(out, "$stem.encode-error").writeText(e.toString())
            }
        }
        println("compare-harness: ran \${files.size} cases")
    }
}
`;
}
