// The Swift package's bench (its binding's `bench`): a test added to a copy of the package decodes and validates the
// bench answer; its runner builds it in the chroot, in the build its binding's build asks for (debug, or release).
import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RUNS, copied, run, timesOf } from '../binding-times.mjs';

const swiftTest = `import Foundation
import XCTest
@testable import ElementModel

final class BenchDecodeTests: XCTestCase {
    func testDecodeBenchAnswer() throws {
        guard let path = ProcessInfo.processInfo.environment["ELEMENT_BENCH_FILE"] else { return }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var times: [Double] = []
        for _ in 0..<${RUNS} {
            let start = Date()
            _ = try Answer(jsonData: data)
            times.append(Date().timeIntervalSince(start) * 1000)
        }
        print("bench-decode: " + times.map { String(format: "%.1f", $0) }.joined(separator: " "))
        times = []
        for _ in 0..<${RUNS} {
            let start = Date()
            _ = validateText(data)
            times.append(Date().timeIntervalSince(start) * 1000)
        }
        print("bench-validate: " + times.map { String(format: "%.1f", $0) }.joined(separator: " "))
    }
}
`;

/** The times of one build: `build.env` chooses it (ELEMENT_SWIFT_RELEASE). */
export async function times({ root, work, answerFile, binding, build }) {
  const dir = await copied(root, work, binding.outDir);
  const vectors = await copied(root, work, 'conformance');
  await writeFile(join(dir, 'Tests/ElementModelTests/BenchDecodeTests.swift'), swiftTest);
  // The chroot sees only its own tree: the runner copies the package in, so the answer goes beside it.
  await cp(answerFile, join(dir, 'bench-answer.json'));
  const env = { ...process.env, ELEMENT_BENCH_FILE: 'bench-answer.json', ...build.env };
  return timesOf(run('bash', [join(root, binding.runner), dir, vectors], { cwd: root, env }));
}
