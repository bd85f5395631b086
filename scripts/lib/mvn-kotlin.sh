#!/usr/bin/env bash
# mvn for the tests' Kotlin builds (scripts/kotlin-test.sh, the tests that build a module
# of their own): the Kotlin compiler runs in its daemon, which stays warm between the suite's many builds (a cold
# compile in Maven's own JVM took about 2.5 times the CPU here: 52 s against 20 s for a revised module), with
# incremental compilation. The daemon stops itself after ELEMENT_KOTLIN_DAEMON_IDLE seconds (default 120) with no
# build, so it does not outlive a test run by more than that. A release builds in Maven's process instead
# (generator/release/pack/maven.ts): a user's command leaves nothing running.
#
#   bash scripts/lib/mvn-kotlin.sh <mvn arguments>
set -euo pipefail
idle="${ELEMENT_KOTLIN_DAEMON_IDLE:-120}"
exec mvn -Dkotlin.compiler.daemon=true "-Dkotlin.daemon.options=autoshutdownIdleSeconds=$idle,autoshutdownUnusedSeconds=$idle,shutdownDelayMilliseconds=$((idle * 1000))" \
  -Dkotlin.compiler.incremental=true "$@"
