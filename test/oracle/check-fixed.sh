#!/bin/bash
# Oracle check of --fix on the defect classes (NOT part of `npm test`: it needs the real Claude Code, see
# ../shared/oracle/README.md). For each defect-class file made by the defect harness (mutate.py: one mutation of a
# clean claude-code-2.1.332 session per row of claude-code-observed.md's behaviour table):
#   1. lint it;  2. `--fix --unsafe-fixes --no-backup` a copy;  3. fix it again (must change no byte);
#   4. `MOCK_STRICT=1 resume.sh` the fixed copy (rc=0, nothing rejected);  5. every tool_use of the fixed file's
#   compiled request (`transcript-lint export`) must be in Claude Code's first request.
# Prints a markdown table (check-fixed.mjs) and writes it to $OUT/REPORT.md.
#
# usage: test/oracle/check-fixed.sh [CASE...]
# env:   DEFECTS  the harness folder holding mutate.py (default test/oracle/compiler)
#        OUT      work and report folder (default /tmp/transcript-lint-fixed)
#        PROBES=1 also run the harness's probe cases (default: only the behaviour-table classes)
#        ORACLE=0 reuse the oracle runs already in $OUT/runs (only redo the lint/fix steps and the table)
#        BUILD=0  skip `npx tsc -p .`
#        ORACLE_DIR (default: ../shared/oracle next to the repository)
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
defects=${DEFECTS:-$here/compiler}
out=${OUT:-/tmp/transcript-lint-fixed}
oracle=${ORACLE_DIR:-$(cd "$repo/../shared/oracle" 2>/dev/null && pwd)}
cli=(node "$repo/bin/transcript-lint.js")

[ -x "$oracle/resume.sh" ] || { echo "no oracle at $oracle (set ORACLE_DIR)" >&2; exit 2; }
mkdir -p "$out/runs"

# The mutated files: regenerated from the corpus each run (deterministic), into our own folder.
if [ -f "$defects/mutate.py" ]; then
  python3 "$defects/mutate.py" "$out/files" >/dev/null || exit 2
elif [ -f "$defects/files/cases.json" ]; then
  mkdir -p "$out/files" && cp "$defects"/files/* "$out/files/"
else
  echo "no mutate.py or files/cases.json under $defects (set DEFECTS)" >&2; exit 2
fi
cases_json="$out/files/cases.json"

# tsc emits even with type errors (work in progress elsewhere in the tree): warn and go on.
if [ "${BUILD:-1}" = 1 ]; then (cd "$repo" && npx tsc -p . >/dev/null) || echo "warning: tsc reported type errors; using what it emitted" >&2; fi

cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  cases=($(python3 -c "import json,sys; print(' '.join(c['name'] for c in json.load(open(sys.argv[1])) if sys.argv[2]=='1' or not c['probe']))" "$cases_json" "${PROBES:-0}"))
fi

for c in "${cases[@]}"; do
  src="$out/files/$c.jsonl"
  [ -f "$src" ] || { echo "no case $c" >&2; exit 2; }
  sid=$(python3 -c "import json,sys; print(next(x['sid'] for x in json.load(open(sys.argv[1])) if x['name']==sys.argv[2]))" "$cases_json" "$c")
  w="$out/runs/$c"
  if [ "${ORACLE:-1}" = 1 ]; then rm -rf "$w"; else rm -f "$w"/*.jsonl "$w"/*.json "$w"/*.txt; fi
  mkdir -p "$w"
  cp "$src" "$w/before.jsonl"
  fixed="$w/$c.jsonl"
  cp "$src" "$fixed"
  echo "== $c" >&2
  "${cli[@]}" -f json "$w/before.jsonl" > "$w/lint-before.json" 2> "$w/lint-before.err"
  "${cli[@]}" --fix --unsafe-fixes --no-backup -f json "$fixed" > "$w/fix1.json" 2> "$w/fix1.err"; echo $? > "$w/fix1.rc"
  cp "$fixed" "$w/fixed1.jsonl"
  "${cli[@]}" --fix --unsafe-fixes --no-backup -f json "$fixed" > "$w/fix2.json" 2> "$w/fix2.err"; echo $? > "$w/fix2.rc"
  if cmp -s "$fixed" "$w/fixed1.jsonl"; then echo yes > "$w/idempotent.txt"; else echo no > "$w/idempotent.txt"; fi
  "${cli[@]}" -f json "$fixed" > "$w/lint-after.json" 2> "$w/lint-after.err"
  "${cli[@]}" export "$fixed" > "$w/export.json" 2> "$w/export.err"
  if [ "${ORACLE:-1}" = 1 ]; then
    # resume.sh copies the file to <sid>.jsonl in a fresh HOME; SID is passed because some files hide it from grep
    # (NUL bytes make grep call them binary) or carry a foreign one.
    SID=$sid MOCK_STRICT=1 "$oracle/resume.sh" "$fixed" "$w/oracle" > "$w/oracle.txt" 2>&1
    sed 's/^/   /' "$w/oracle.txt" >&2
    rm -rf "$w/oracle/home"
  fi
done

node "$here/check-fixed.mjs" "$out" "$cases_json" "${cases[@]}" > "$out/REPORT.md" || exit 2
cat "$out/REPORT.md"
