#!/usr/bin/env python3
"""Build REPORT.md from out/<case>/ (oracle runs) and out/<case>/ours.json. usage: report.py DIR > REPORT.md"""
import json, os, sys
import os
REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
sys.path.insert(0, os.path.join(REPO, '..', 'shared', 'oracle'))
from skeleton import skel  # noqa: E402

DIR = sys.argv[1] if len(sys.argv) > 1 else '/tmp/transcript-lint-defects'
PROMPT = 'continue'
NRR = 'No response requested.'
try:
    from notes import NOTES, FINDINGS  # hand-written diagnoses, keyed by case name
except ImportError:
    NOTES, FINDINGS = {}, ''


def read_requests(path):
    out = []
    if not os.path.exists(path):
        return out
    for l in open(path, encoding='utf-8', errors='replace'):
        try:
            d = json.loads(l)
        except Exception:
            continue
        b = d.get('body')
        if isinstance(b, dict) and 'messages' in b:
            out.append(d)
    return out


def read(path, default=''):
    try:
        return open(path, encoding='utf-8', errors='replace').read().strip()
    except OSError:
        return default


def strip_cc(x):
    """Remove request-only decoration (cache_control) so content can be compared."""
    if isinstance(x, dict):
        return {k: strip_cc(v) for k, v in x.items() if k != 'cache_control'}
    if isinstance(x, list):
        return [strip_cc(v) for v in x]
    return x


def appended_rendered(before, after):
    """Rendered texts of the attachments Claude Code appended while resuming (they travel with the resume prompt)."""
    b = read(before).split('\n') if os.path.exists(before) else []
    a = read(after).split('\n') if os.path.exists(after) else []
    out = set()
    for l in a[len(b):]:
        try:
            d = json.loads(l)
        except Exception:
            continue
        if d.get('type') == 'attachment':
            for r in d.get('rendered') or []:
                if isinstance(r, dict) and isinstance(r.get('content'), str):
                    out.add(r['content'].strip())
    return out


def normalize_oracle(msgs, fresh=frozenset()):
    """Drop system messages, the resume prompt "continue" (and text of attachments appended with it) and a trailing
    "No response requested." filler."""
    notes = []
    ms = [strip_cc(m) for m in msgs if m.get('role') != 'system']
    if ms and ms[-1]['role'] == 'user' and isinstance(ms[-1]['content'], list) and fresh:
        c = ms[-1]['content']
        kept = [b for b in c if not (b.get('type') == 'text' and b.get('text', '').strip() in fresh)]
        if len(kept) != len(c):
            notes.append(f'{len(c) - len(kept)} text block(s) of freshly appended attachments removed')
            if kept and kept[-1].get('type') == 'text' and kept[-1].get('text', '').strip() == PROMPT:
                pass
            ms[-1] = dict(ms[-1], content=kept)
    if ms and ms[-1]['role'] == 'user':
        c = ms[-1]['content']
        if isinstance(c, str):
            if c == PROMPT:
                ms.pop()
        else:
            idx = [i for i, b in enumerate(c) if b.get('type') == 'text' and b.get('text', '').strip() == PROMPT]
            if idx:
                k = idx[-1]
                rest = c[:k] + c[k + 1:]
                if rest and k > 0:
                    notes.append('prompt merged into the last user message')
                    # the seam "\n" Claude Code adds to the text before a merged prompt
                    prev = rest[k - 1] if k - 1 < len(rest) else None
                    if prev and prev.get('type') == 'text' and prev.get('text', '').endswith('\n'):
                        rest[k - 1] = dict(prev, text=prev['text'][:-1])
                    ms[-1] = dict(ms[-1], content=rest)
                else:
                    ms.pop()
    if ms and ms[-1]['role'] == 'assistant':
        c = ms[-1]['content']
        if isinstance(c, list) and len(c) == 1 and c[0].get('type') == 'text' and c[0].get('text') == NRR:
            ms.pop()
            notes.append('CC added assistant "No response requested."')
    return ms, notes


def norm_pair(s):
    role, _, rest = s.partition(':')
    return role + ':' + ' '.join(b for b in rest.split() if b.startswith('tool_'))


def norm_text(s):
    role, _, rest = s.partition(':')
    bl = rest.split()
    n = sum(1 for b in bl if b.startswith('text') or b.startswith('str'))
    return role + ':' + ' '.join(b.split('[')[0] for b in bl if b.startswith('tool_')) + f' #text={n}'


def appended(before, after):
    """Summary of the entries Claude Code appended to the transcript (besides metadata)."""
    b = read(before).split('\n') if os.path.exists(before) else []
    a = read(after).split('\n') if os.path.exists(after) else []
    out = []
    for l in a[len(b):]:
        try:
            d = json.loads(l)
        except Exception:
            continue
        t = d.get('type')
        if t in ('user', 'assistant'):
            c = d.get('message', {}).get('content')
            if isinstance(c, str):
                out.append(f'{t}:str{"=" + repr(c[:40]) if c != PROMPT else "(prompt)"}')
            elif isinstance(c, list):
                bl = []
                for x in c:
                    if x.get('type') == 'tool_result':
                        bl.append(f"tool_result:{x.get('tool_use_id')}{'!err' if x.get('is_error') else ''}")
                    elif x.get('type') == 'text':
                        bl.append('text=' + repr(x.get('text', '')[:40]))
                    else:
                        bl.append(str(x.get('type')))
                out.append(f"{t}:{' '.join(bl)}" + (' [apiError]' if d.get('isApiErrorMessage') else ''))
        elif t == 'attachment':
            out.append('attachment')
    # compress runs of attachments
    comp = []
    for x in out:
        if comp and comp[-1][0] == x:
            comp[-1][1] += 1
        else:
            comp.append([x, 1])
    return [x if n == 1 else f'{x}×{n}' for x, n in comp]


def cc_error(d):
    out = read(f'{d}/claude.out')
    try:
        j = json.loads(out)
        if j.get('is_error'):
            return str(j.get('result'))[:160]
    except Exception:
        pass
    err = read(f'{d}/claude.err')
    return (err or out)[:160] or None


def strict_rejects(d):
    out = []
    if os.path.exists(f'{d}/requests.jsonl'):
        for l in open(f'{d}/requests.jsonl', encoding='utf-8', errors='replace'):
            try:
                j = json.loads(l)
            except Exception:
                continue
            if 'strict_reject' in j:
                out.append(str(j['strict_reject']))
    return out


def strict_verdict(d):
    r = strict_rejects(d)
    return r[0][:160] if r else None


def fmt_sk(sk):
    return ' / '.join(sk) if sk else '(empty)'


def main():
    cases = json.load(open(f'{DIR}/files/cases.json'))
    rows, details = [], []
    keys = ('FULL', 'CONTENT-DIFF', 'TEXT', 'PAIR', 'DIFF', 'n/a')
    tally = {False: dict.fromkeys(keys, 0), True: dict.fromkeys(keys, 0)}
    for c in cases:
        name = c['name']
        od, sd = f'{DIR}/out/{name}', f'{DIR}/out/{name}.strict'
        rc = read(f'{od}/claude.rc', '?')
        reqs = read_requests(f'{od}/requests.jsonl')
        srs = read_requests(f'{sd}/requests.jsonl')
        src = read(f'{sd}/claude.rc', '?')
        srej = len(strict_rejects(sd))
        ours = json.load(open(f'{od}/ours.json')) if os.path.exists(f'{od}/ours.json') else {'crash': 'no ours.json'}
        app = appended(f'{od}/before.jsonl', f'{od}/after.jsonl')
        cc_msgs = reqs[0]['body']['messages'] if reqs else None
        cc_norm, cc_notes = normalize_oracle(cc_msgs, appended_rendered(f'{od}/before.jsonl', f'{od}/after.jsonl')) if cc_msgs is not None else (None, [])
        our_msgs = [strip_cc(m) for m in ours.get('messages', []) if m.get('role') != 'system'] if 'messages' in ours else None
        cc_sk = skel(cc_norm) if cc_norm is not None else None
        our_sk = skel(our_msgs) if our_msgs is not None else None

        if cc_sk is None:
            agree = 'n/a'
        elif our_sk is None:
            agree = 'DIFF'
        elif cc_sk == our_sk:
            agree = 'FULL' if cc_norm == our_msgs else 'CONTENT-DIFF'
        elif [norm_text(x) for x in cc_sk] == [norm_text(x) for x in our_sk]:
            agree = 'TEXT'
        elif [norm_pair(x) for x in cc_sk] == [norm_pair(x) for x in our_sk]:
            agree = 'PAIR'
        else:
            agree = 'DIFF'
        tally[bool(c.get('probe'))][agree] += 1

        cc_cell = f'rc={rc} req={len(reqs)}; strict rc={src} req={len(srs)} rej={srej}'
        if cc_sk is not None:
            cc_cell += '<br>`' + fmt_sk(cc_sk) + '`'
        else:
            cc_cell += '<br>error: ' + (cc_error(od) or '?').replace('|', '\\|').replace('\n', ' ')
        if app:
            cc_cell += '<br>appended: ' + ', '.join(app).replace('|', '\\|')
        our_cell = ('CRASH' if 'crash' in ours else '`' + fmt_sk(our_sk) + '`')
        ch = ours.get('chain') or {}
        lint = ours.get('lint') or []
        errs = [x for x in lint if x.startswith('error:')]
        our_cell += f"<br>lint errors: {', '.join(e[6:] for e in errs) or 'none'}"
        if ours.get('lintCrash'):
            our_cell += '<br>lint CRASH'
        agree_cell = {'FULL': 'yes (full)', 'CONTENT-DIFF': 'skeleton yes, content differs', 'TEXT': 'pairing+texts yes, block kinds differ',
                      'PAIR': 'pairing yes, texts no', 'DIFF': '**NO**', 'n/a': 'n/a (CC sent nothing)'}[agree]
        note = NOTES.get(name, '')
        if cc_notes:
            note = (note + ' ' if note else '') + '(' + '; '.join(cc_notes) + ')'
        rows.append(f"| {'(probe) ' if c.get('probe') else ''}{c['row']} | {c['desc']} | {cc_cell} | {our_cell} | {agree_cell} | {note} |")

        if agree not in ('FULL',):
            det = [f'### {name}', '', f"Row: {c['row']}. Mutation: {c['desc']}. File: `{c['file']}`", '']
            if cc_sk is not None:
                det.append('```')
                w = max(len(x) for x in cc_sk + (our_sk or []) + ['Claude Code'])
                det.append(f"{'Claude Code':{w}}  | ours")
                n = max(len(cc_sk), len(our_sk or []))
                for i in range(n):
                    a = cc_sk[i] if i < len(cc_sk) else '-'
                    b = our_sk[i] if our_sk and i < len(our_sk) else '-'
                    mark = '  ' if a == b else '!!'
                    det.append(f'{a:{w}}{mark}| {b}')
                det.append('```')
                if agree == 'CONTENT-DIFF':
                    for i, (a, b) in enumerate(zip(cc_norm, our_msgs)):
                        if a != b:
                            det.append(f'- message {i} differs: CC `{json.dumps(a["content"])[:300]}` vs ours `{json.dumps(b["content"])[:300]}`')
            else:
                det.append(f'Claude Code: rc={rc}, error: {cc_error(od)}')
                det.append(f'Ours: `{fmt_sk(our_sk)}`')
            det.append(f"Our chain: {json.dumps(ch)}; repairs: {', '.join(ours.get('repairs', [])) or 'none'}; lint: {', '.join(lint) or 'none'}")
            if srej:
                det.append(f'Strict rejection: {strict_verdict(sd)}')
            det.append('')
            details.append('\n'.join(det))

    print('# Defect classes: Claude Code 2.1.332 vs the transcript-lint request compiler\n')
    print('Generated by `test/oracle/compiler/run.sh` (mutations: `mutate.py`, oracle runs: `out/<case>/` and `out/<case>.strict/`, '
          'ours: `out/<case>/ours.json`, diagnoses: `notes.py`). "lint errors" = every rule file built into '
          '`dist/rules` at run time (registered in rules/index.ts or not), default target claude-code.\n')
    print('Comparison: the first request of the non-strict run, with `role:"system"` messages removed, the resume prompt '
          '"continue" removed (as a message, or as the text block merged into the last user message), and a trailing '
          'assistant "No response requested." (which Claude Code appends to the transcript) removed; against our '
          '`exportMessages(apiView().messages)` without system messages. Skeleton notation as in `skeleton.py`.\n')
    print('Agreement levels: **full** = identical non-system messages (content too, ignoring cache_control); '
          '**skeleton yes, content differs** = same skeleton, some text/content differs; '
          '**pairing+texts** = same roles, tool ids and number of text blocks per message; '
          '**pairing** = same roles and tool_use/tool_result ids in order; **NO** = pairing differs; '
          '**n/a** = Claude Code failed before sending anything.\n')
    names = {'FULL': 'full', 'CONTENT-DIFF': 'skeleton only', 'TEXT': 'pairing+texts', 'PAIR': 'pairing only',
             'DIFF': 'pairing differs', 'n/a': 'n/a'}
    for probe, label in ((False, 'table classes'), (True, 'probes')):
        n = sum(tally[probe].values())
        print(f'Summary, {label} ({n} cases): ' + ', '.join(f'{names[k]} {v}' for k, v in tally[probe].items()) + '\n')
    print(FINDINGS)
    print('## Table\n')
    print('| class | mutation | Claude Code | ours | agree? | note |')
    print('|---|---|---|---|---|---|')
    for r in rows:
        print(r)
    print('\n## Details of every case that is not a full match\n')
    for d in details:
        print(d)


if __name__ == '__main__':
    main()
