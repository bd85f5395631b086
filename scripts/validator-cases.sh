#!/usr/bin/env bash
# Runs a validator command once per line of CASES-DIR/cases, from inside CASES-DIR, and writes what each run
# printed and its exit code to CASES-DIR/results/<line>.out, .err and .code (lines counted from 1). A line holds
# the arguments as a shell reads them, so it may redirect standard input (`--json - < answer.json`); an empty line
# runs the command with no arguments. Used by scripts/swift-test.sh and scripts/kotlin-test.sh when
# ELEMENT_VALIDATE_CASES names such a folder, so the tests compare every binding's validator with TypeScript's.
# With ELEMENT_VALIDATE_MEASURE set, each run's wall time in milliseconds goes to results/<line>.ms and, where GNU
# time is installed, its peak resident memory in KiB to results/<line>.kib (bench/json-worst.mjs reads them).
#
#   bash scripts/validator-cases.sh CASES-DIR COMMAND [ARGS...]
set -uo pipefail

cases="$1"
shift
command="$(printf '%q ' "$@")"
mkdir -p "$cases/results"
n=0
while IFS= read -r line || [ -n "$line" ]; do
  n=$((n + 1))
  if [ -n "${ELEMENT_VALIDATE_MEASURE:-}" ]; then
    wrap=""
    [ -x /usr/bin/time ] && wrap="/usr/bin/time -f %M -o results/$n.kib"
    start=$(date +%s%N)
    (cd "$cases" && eval "$wrap $command $line" >"results/$n.out" 2>"results/$n.err"; echo $? >"results/$n.code")
    echo $(( ($(date +%s%N) - start) / 1000000 )) >"$cases/results/$n.ms"
  else
    (cd "$cases" && eval "$command $line" >"results/$n.out" 2>"results/$n.err"; echo $? >"results/$n.code")
  fi
done <"$cases/cases"
echo "validator-cases: ran $n cases"
