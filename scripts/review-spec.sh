#!/usr/bin/env bash
# What a pull request touching spec/ is reviewed with (.github/workflows/spec.yml runs it; so can a maintainer):
# `check` with each diagnostic as a GitHub annotation, and `diff` against the base branch's committed model, as
# annotations at the rows that make each change and as a Markdown table in the job's summary.
# Usage: scripts/review-spec.sh <base ref>   (for example origin/main)
# ELEMENT_SPEC is the command to run (default: npx element-spec); GITHUB_STEP_SUMMARY where the table goes
# (default: standard output). Exits 1 when check fails; a breaking change is annotated, not a failure: its RFC says so.
set -euo pipefail

base="${1:?usage: scripts/review-spec.sh <base ref>}"
spec_cli="${ELEMENT_SPEC:-npx element-spec}"
summary="${GITHUB_STEP_SUMMARY:-/dev/stdout}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

status=0
$spec_cli check --format github || status=1

if git show "$base:generated/model/model.json" >"$tmp/base-model.json" 2>/dev/null; then
  $spec_cli diff --from "$tmp/base-model.json" --format github || status=1
  { echo "### The spec against $base"; echo; $spec_cli diff --from "$tmp/base-model.json" --format markdown; } >>"$summary" || status=1
else
  echo "::notice title=review-spec::$base has no generated/model/model.json; nothing to compare with"
fi
exit "$status"
