# shellcheck shell=bash
# Sourced by scripts/swift-test.sh and scripts/kotlin-test.sh: a build kept in a folder of the toolchain cache named
# for what it holds, so a package built before (in this run or an earlier one) is not compiled again and a changed
# file gives a new name, so nothing stale is reused. Two runs of one package take turns on its slot's lock (fd 9).

# content_key DIR EXTRA [EXCLUDED...]: 24 hex digits from EXTRA and every file's path and bytes below DIR, leaving out
# the top-level folders named (build output).
content_key() {
  local dir="$1" extra="$2"; shift 2
  local prune=() name
  for name in "$@"; do prune+=(-path "./$name" -o); done
  { echo "$extra"
    (cd "$dir" && find . \( "${prune[@]}" -false \) -prune -o -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum)
  } | sha256sum | cut -c1-24
}

# claim_slot BUILDS KEY SOURCE SUBDIR [EXCLUDED...]: sets SLOT to BUILDS/KEY, holds its lock on fd 9, and copies SOURCE
# (without the excluded top-level folders) to SLOT/SUBDIR if the slot is new. Says whether it builds or reuses, after
# SLOT_LOG (the calling script's name). Not to be run in a pipe or $(...): the lock and SLOT belong to the caller.
claim_slot() {
  local builds="$1" key="$2" source="$3" subdir="$4"; shift 4
  local excludes=() name
  for name in "$@"; do excludes+=(--exclude="./$name"); done
  SLOT="$builds/$key"
  mkdir -p "$builds"
  exec 9>"$SLOT.lock"
  flock 9
  if [ ! -f "$SLOT/.copied" ]; then
    rm -rf "$SLOT"
    mkdir -p "$SLOT/$subdir"
    tar -C "$source" "${excludes[@]}" -cf - . | tar -C "$SLOT/$subdir" -xf -
    touch "$SLOT/.copied"
    echo "${SLOT_LOG:+$SLOT_LOG: }building in $SLOT (a package not built here before)"
  else
    echo "${SLOT_LOG:+$SLOT_LOG: }reusing the build in $SLOT (the same package, built before)"
  fi
  touch "$SLOT/.copied" # when it was last used, for prune_slots
}

# prune_slots BUILDS: lets go of this run's slot, then keeps the 40 used last; a slot another run holds is left alone.
# A test run builds about fifteen packages of each language (generated/, each revised spec, the collision spec, the
# consumers); keeping fewer let a run evict what the next run needs (a Swift slot is 60-90 MB, a Kotlin one 8 MB).
prune_slots() {
  local builds="$1" marker old
  exec 9>&-
  # shellcheck disable=SC2012 # slot names are hex digits; ls -t gives the order of last use
  ls -1t "$builds"/*/.copied 2>/dev/null | tail -n +41 | while read -r marker; do
    old="$(dirname "$marker")"
    ( flock -n 9 && rm -rf "$old" ) 9>"$old.lock" || true
  done
}
