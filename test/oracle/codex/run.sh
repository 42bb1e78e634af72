#!/bin/bash
# Oracle check of the codex-rollout format against the real Codex CLI 0.169.0 (NOT part of `npm test`: it needs
# ../shared/oracle/codex and root for `unshare -n -m`). For every defect class of the research (research/codex/defects,
# one recorded session with one mutation each) and every clean recording:
#   1. lint the file and `transcript-lint export` it;
#   2. resume it with the real Codex (plain stand-in, and MOCK_STRICT=1): what Codex does, what it sends;
#   3. `--fix --unsafe-fixes --no-backup` a copy, then fix it again (must change nothing);
#   4. resume the fixed copy with MOCK_STRICT=1: nothing rejected, every call kept, the file valid on its own;
#   5. compare the export of each file with the first request Codex sent for it (input[0]'s id masked).
# Writes $OUT/runs/<case>/{verdict.json,...} and the table $OUT/REPORT.md (report.mjs).
#
# usage: test/oracle/codex/run.sh [-j N] [CASE...]      (a CASE is a defect name, or recordings/<name>, or fresh)
# env:   OUT       work and report folder (default /tmp/transcript-lint-codex)
#        RESEARCH  the research folder (default ../research/codex next to the repository)
#        ORACLE_DIR  the Codex oracle (default ../shared/oracle/codex)
#        ORACLE=0  reuse the Codex runs in $OUT/runs whose file did not change (default 1: run Codex on every file)
#        BUILD=0   skip `npm run build`
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
J=8; if [ "${1:-}" = -j ]; then J=$2; shift 2; fi
out=${OUT:-/tmp/transcript-lint-codex}
research=${RESEARCH:-$(cd "$repo/../research/codex" 2>/dev/null && pwd)}
oracle=${ORACLE_DIR:-$(cd "$repo/../shared/oracle/codex" 2>/dev/null && pwd)}
[ -x "$oracle/resume.sh" ] || [ -f "$oracle/resume.sh" ] || { echo "no oracle at $oracle (set ORACLE_DIR)" >&2; exit 2; }
[ -d "$research/defects" ] || { echo "no research at $research (set RESEARCH)" >&2; exit 2; }
mkdir -p "$out/runs" "$out/gen"
# The CLI is built from a snapshot of the working tree in $out/repo, so that a build elsewhere cannot swap dist/ under
# a running check.
if [ "${BUILD:-1}" = 1 ] || [ ! -f "$out/repo/dist/bundle/cli.js" ]; then
  rm -rf "$out/repo"; mkdir -p "$out/repo"
  (cd "$repo" && tar --exclude=./node_modules --exclude=./.git --exclude=./dist -cf - .) | (cd "$out/repo" && tar -xf -)
  ln -s "$repo/node_modules" "$out/repo/node_modules"
  (cd "$out/repo" && npm run build >/dev/null 2>&1) || echo "warning: the build reported errors; using what it emitted" >&2
fi

# Cases the research did not keep the file of (too large) are made again by its own make.py, in a copy.
if [ ! -d "$out/gen/defects" ]; then
  mkdir -p "$out/gen/defects" && cp -r "$research/recordings" "$research/scripts" "$out/gen/" && cp "$research/defects/make.py" "$out/gen/defects/"
fi

cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  for d in "$research"/defects/*/; do [ -f "$d/meta.json" ] && cases+=("$(basename "$d")"); done
  for d in "$research"/recordings/*/; do cases+=("recordings/$(basename "$d")"); done
  cases+=(fresh)
fi

export here repo out research oracle
run_case() {
  local c=$1 w="$out/runs/$1" src name cli=(node "$out/repo/bin/transcript-lint.js")
  mkdir -p "$w"
  if [ "$c" = fresh ]; then
    # A session recorded now, not scrubbed: its base instructions are the real ones (input[0] is compared too).
    if [ "${ORACLE:-1}" = 1 ] || [ ! -f "$w/source.jsonl" ]; then
      bash "$oracle/fresh.sh" "$w/record" "$here/fresh-script.json" "run echo one" > "$w/record.log" 2>&1
      cp "$w/record/rollout.jsonl" "$w/source.jsonl"; cp "$w/record/rollout.name" "$w/source.name"
    fi
    src="$w/source.jsonl"; name=$(cat "$w/source.name")
  else
    local d="$research/defects/$c"; [ -d "$d" ] || d="$research/$c"
    name=$(cat "$d/rollout.name")
    if [ -f "$d/rollout.jsonl" ]; then src="$d/rollout.jsonl"
    elif [ -f "$d/rollout.jsonl.gz" ]; then gunzip -c "$d/rollout.jsonl.gz" > "$w/source.jsonl"; src="$w/source.jsonl"
    else
      python3 "$out/gen/defects/make.py" "$c" > /dev/null
      local g="$out/gen/defects/$c"
      if [ -f "$g/rollout.jsonl" ]; then src="$g/rollout.jsonl"; else gunzip -c "$g/rollout.jsonl.gz" > "$w/source.jsonl"; src="$w/source.jsonl"; fi
    fi
    [ -f "$d/meta.json" ] && cp "$d/meta.json" "$w/meta.json"
  fi
  rm -rf "$w/broken" "$w/fixed"; mkdir -p "$w/broken" "$w/fixed"
  cp "$src" "$w/broken/$name"; cp "$src" "$w/fixed/$name"; echo "$name" > "$w/name"
  "${cli[@]}" -f json "$w/broken/$name" > "$w/lint.json" 2> "$w/lint.err"
  "${cli[@]}" export "$w/broken/$name" > "$w/export-broken.json" 2> "$w/export-broken.err"
  "${cli[@]}" --fix --unsafe-fixes --no-backup -f json "$w/fixed/$name" > "$w/fix.json" 2> "$w/fix.err"
  cp "$w/fixed/$name" "$w/fixed1.jsonl"
  "${cli[@]}" --fix --unsafe-fixes --no-backup -f json "$w/fixed/$name" > "$w/fix2.json" 2> "$w/fix2.err"
  cmp -s "$w/fixed1.jsonl" "$w/fixed/$name" && echo same > "$w/idempotent" || echo changed > "$w/idempotent"
  "${cli[@]}" -f json "$w/fixed/$name" > "$w/lint-fixed.json" 2> "$w/lint-fixed.err"
  "${cli[@]}" export "$w/fixed/$name" > "$w/export-fixed.json" 2> "$w/export-fixed.err"
  # A Codex run is made again when forced (ORACLE=1) or when the file it resumed changed since (its before.jsonl).
  resume() { # file out [strict]
    if [ "${ORACLE:-1}" = 1 ] || ! cmp -s "$1" "$2/before.jsonl"; then
      NAME=$name MOCK_STRICT=${3:-} bash "$oracle/resume.sh" "$1" "$2" > /dev/null 2>&1
      # The oracle home holds Codex's databases: only what the check reads is kept.
      rm -rf "$2/home" "$2/proj"
    fi
  }
  resume "$w/broken/$name" "$w/codex-broken"
  resume "$w/broken/$name" "$w/codex-broken-strict" 1
  resume "$w/fixed/$name" "$w/codex-fixed-strict" 1
  node "$here/check.mjs" "$w" > /dev/null
  echo "$c: $(node -e "const v=require('$w/verdict.json');console.log(v.summary)")"
}
export -f run_case
printf '%s\n' "${cases[@]}" | xargs -P "$J" -I{} bash -c 'run_case "$@"' _ {}
node "$here/report.mjs" "$out" > "$out/REPORT.md"
echo "wrote $out/REPORT.md"
