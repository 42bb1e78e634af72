#!/bin/bash
# Re-runs every defect case: mutate the baselines, resume each mutated file with the real Claude Code (normal and
# MOCK_STRICT=1), export ours, and regenerate REPORT.md.
# usage: run.sh [CASE...]      env: ORACLE=0 reuses existing oracle runs (only recomputes ours + report)
#                                   BUILD=0 skips the tsc build of the repository
#      OUT: where mutated files, oracle runs and REPORT.md go (default /tmp/transcript-lint-defects)
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
oracle=$(cd "$repo/../shared/oracle" && pwd)
work=${OUT:-/tmp/transcript-lint-defects}
cd "$here"
mkdir -p "$work"
python3 mutate.py "$work/files" || exit 1
if [ "${BUILD:-1}" = 1 ]; then (cd "$repo" && npx tsc -p . --noEmitOnError false >/dev/null 2>&1); fi
mkdir -p "$work/out"
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=($(python3 -c "import json;print(' '.join(c['name'] for c in json.load(open('$work/files/cases.json'))))"))
for c in "${cases[@]}"; do
  f="$work/files/$c.jsonl"
  sid=$(python3 -c "import json,sys;print(next(x['sid'] for x in json.load(open('$work/files/cases.json')) if x['name']==sys.argv[1]))" "$c")
  if [ "${ORACLE:-1}" = 1 ]; then
    echo "== $c"
    SID=$sid "$oracle/resume.sh" "$f" "$work/out/$c" | sed 's/^/   normal: /'
    SID=$sid MOCK_STRICT=1 "$oracle/resume.sh" "$f" "$work/out/$c.strict" | sed 's/^/   strict: /'
    rm -rf "$work/out/$c/home" "$work/out/$c.strict/home"
  fi
  node "$here/ours.mjs" "$f" > "$work/out/$c/ours.json"
done
python3 report.py "$work" > "$work/REPORT.md" && echo "wrote $work/REPORT.md"
