#!/usr/bin/env python3
"""Writes every issue-14 item of items.json as a file: OUTDIR/<name>.jsonl, and OUTDIR/cases.json in the form
../../check-fixed.sh and ../run.sh read (name, row, base, desc, sid, probe, env, subdir).

usage: mutate.py [OUTDIR] [NAME...]   (default OUTDIR /tmp/transcript-lint-recorded/files)
"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[1] if len(sys.argv) > 1 else '/tmp/transcript-lint-recorded/files'
ONLY = set(sys.argv[2:])


def dump(o):
    return json.dumps(o, ensure_ascii=False, separators=(',', ':'))


def lines_of(path):
    raw = open(path, encoding='utf-8', newline='').read()
    ls = raw.split('\n')
    return ls[:-1] if raw.endswith('\n') else ls


def subagent(rec):
    sid = open(f'{HERE}/recordings/{rec}/SID').read().strip()
    d = f'{HERE}/recordings/{rec}/{sid}/subagents'
    f = [x for x in os.listdir(d) if x.endswith('.jsonl')][0]
    return lines_of(f'{d}/{f}'), f'{HERE}/recordings/{rec}/{sid}'


def generated(kind, L):
    """The three mutations too big to keep as patches, as the research's mutate.py made them."""
    o = lambda i: json.loads(L[i - 1])
    if kind == 'progress-60mb':
        p = o(3)['uuid']
        pad = 'x' * (1024 * 1024)
        rows = [dump({'parentUuid': p, 'isSidechain': False, 'type': 'progress', 'data': {'type': 'hook_progress', 'pad': pad},
                      'uuid': f'ab000000-0000-4000-8000-{k:012d}', 'timestamp': '2026-12-01T09:27:33.250Z',
                      'sessionId': o(3)['sessionId']}) for k in range(60)]
        return L[:43] + rows + L[43:]
    e = o(186)
    size, ch = (10 * 1024 * 1024, 'y') if kind == 'result-10mb' else (33 * 1024 * 1024, 'z')
    e['message']['content'][0]['content'] = 'e1 ' + ch * size
    return L[:185] + [dump(e)] + L[186:]


def build(item):
    rec = item['recording']
    L = lines_of(f'{HERE}/recordings/{rec}/session.jsonl')
    if 'generator' in item:
        return generated(item['generator'], L), True
    for old, new in item.get('replace', []):
        L = [l.replace(old, new) for l in L]
    for at, delete, ins in sorted(item['patch'], key=lambda op: op[0], reverse=True):
        expanded = []
        for l in ins:
            expanded += subagent(rec)[0] if l == '@subagent' else [l]
        L[at:at + delete] = expanded
    return L, item.get('finalNewline', True)


def main():
    items = json.load(open(f'{HERE}/items.json', encoding='utf-8'))['items']
    os.makedirs(OUT, exist_ok=True)
    cases = []
    for item in items:
        if ONLY and item['name'] not in ONLY:
            continue
        L, trail = build(item)
        with open(f"{OUT}/{item['name']}.jsonl", 'w', encoding='utf-8', newline='') as f:
            f.write('\n'.join(L) + ('\n' if trail else ''))
        sid = open(f"{HERE}/recordings/{item['recording']}/SID").read().strip()
        cases.append({'name': item['name'], 'row': f"{item['item']}: {item['mutation']}", 'base': item['recording'],
                      'desc': item['mutation'], 'sid': sid, 'probe': False, 'env': item.get('env', {}),
                      'subdir': subagent(item['recording'])[1] if item.get('subagents') else None})
    json.dump(cases, open(f'{OUT}/cases.json', 'w'), indent=1)
    print(len(cases), 'cases written to', OUT)


main()
