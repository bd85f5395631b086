// The Kotlin package's bench (its binding's `bench`): a test added to a copy of the package decodes and validates
// the bench answer after the JIT has warmed up; its runner builds and runs it with Maven.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RUNS, copied, run, timesOf } from '../binding-times.mjs';

/** Untimed decodes and validations before the timed ones. */
const JVM_WARMUPS = 3;

const kotlinTest = `package dev.elementmodel

import java.io.File
import org.junit.jupiter.api.Test

private const val JVM_WARMUPS = ${JVM_WARMUPS}

class BenchDecodeTest {
    @Test
    fun decodeBenchAnswer() {
        val path = System.getenv("ELEMENT_BENCH_FILE") ?: return
        val text = File(path).readText()
        // The JIT compiles the decoder over the first few decodes of an answer this size; "warm" is after them.
        repeat(JVM_WARMUPS) {
            decodeAnswer(text)
            validateText(text)
        }
        val times = (0 until ${RUNS}).map {
            val start = System.nanoTime()
            decodeAnswer(text)
            (System.nanoTime() - start) / 1e6
        }
        println("bench-decode: " + times.joinToString(" ") { "%.1f".format(it) })
        val validateTimes = (0 until ${RUNS}).map {
            val start = System.nanoTime()
            validateText(text)
            (System.nanoTime() - start) / 1e6
        }
        println("bench-validate: " + validateTimes.joinToString(" ") { "%.1f".format(it) })
    }
}
`;

export async function times({ root, work, answerFile, binding, build }) {
  const dir = await copied(root, work, binding.outDir);
  const vectors = await copied(root, work, 'conformance');
  await writeFile(join(dir, 'src/test/kotlin/dev/elementmodel/BenchDecodeTest.kt'), kotlinTest);
  const env = { ...process.env, ELEMENT_BENCH_FILE: answerFile, ...build.env };
  return timesOf(run('bash', [join(root, binding.runner), dir, vectors], { cwd: root, env }));
}
