// The Go module's bench (its binding's `bench`): ParseAnswer (read, check, decode into the types) and ValidateText,
// as a test in a copy of the module, built in the toolchain cache.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE, RUNS, copied, run, timesOf } from '../binding-times.mjs';

const goBench = `package elementmodel

import (
\t"fmt"
\t"os"
\t"strings"
\t"testing"
\t"time"
)

func TestBenchDecode(t *testing.T) {
\tpath := os.Getenv("ELEMENT_BENCH_FILE")
\tif path == "" {
\t\tt.Skip("no ELEMENT_BENCH_FILE")
\t}
\tdata, err := os.ReadFile(path)
\tif err != nil {
\t\tt.Fatal(err)
\t}
\ttext := string(data)
\tfor _, run := range []struct {
\t\tlabel string
\t\tf     func()
\t}{
\t\t{"bench-decode: ", func() { _, _ = ParseAnswer(text) }},
\t\t{"bench-validate: ", func() { _ = ValidateText(text, Limits) }},
\t} {
\t\tvar times []string
\t\tfor i := 0; i < ${RUNS}; i++ {
\t\t\tstart := time.Now()
\t\t\trun.f()
\t\t\ttimes = append(times, fmt.Sprintf("%.1f", float64(time.Since(start).Microseconds())/1000))
\t\t}
\t\tfmt.Println(run.label + strings.Join(times, " "))
\t}
}
`;

export async function times({ root, work, answerFile, binding, build }) {
  const dir = await copied(root, work, binding.outDir);
  writeFileSync(join(dir, 'bench_decode_test.go'), goBench);
  const env = { ...process.env, ELEMENT_BENCH_FILE: answerFile, GOCACHE: join(CACHE, 'go-build'), GOPATH: join(CACHE, 'go-path'), GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local', ...build.env };
  return timesOf(run('go', ['test', '-count=1', '-run', '^TestBenchDecode$', '-v', '.'], { cwd: dir, env }));
}
