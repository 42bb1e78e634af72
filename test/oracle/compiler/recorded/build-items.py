#!/usr/bin/env python3
"""Builds items.json (and copies the recordings) from the issue-14 research folder, so that the repository holds, per
experiment, the mutation as a line patch of a recording and what the real Claude Code 2.1.332 sent when it resumed
the mutated file (normal and under the stricter stand-in). Run it again only when the research is redone.

usage: build-items.py [RESEARCH_DIR]   (default: ../research/claude next to the repository)
Writes: recordings/<name>/session.jsonl, SID (+ the agent recording's subagent folder; the corpus session multi,
which some probes mutate), items.json. Mutations whose files were too big to keep (b02a, b02b, b05a) are described
by a generator name instead of a patch (mutate.py and the tests build them). An item is made by: the recording's
lines; each `replace` [old, new] applied to every line; the `patch` ops applied from the last to the first, where the
token "@subagent" stands for the lines of the recording's subagent transcript; a final newline when `finalNewline`.
"""
import difflib, json, os, re, shutil, sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, '..', '..', '..', '..'))
RESEARCH = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, '..', 'research', 'claude')
CORPUS = os.path.join(REPO, '..', 'shared', 'corpus', 'claude-code-2.1.332')
RECS = ['main', 'image', 'bigout', 'interrupt', 'agent', 'think', 'server']
REPLACEMENTS = {'b01a-cwd-gone': [['"cwd":"/tmp/oracle-proj"', '"cwd":"/tmp/oracle-proj-gone"']]}
GENERATED = {'b02a-session-60mb': 'progress-60mb', 'b02b-line-10mb': 'result-10mb', 'b05a-request-over-32mb': 'result-33mb'}


def read_lines(path):
    raw = open(path, encoding='utf-8', newline='').read()
    trail = raw.endswith('\n')
    lines = raw.split('\n')
    if trail:
        lines = lines[:-1]
    return lines, trail


SUBAGENT = '@subagent'


def patch(base, mutated, sub):
    """Line ops turning base into mutated: [at, delete, insert-lines], applied from the last to the first. A run of
    inserted lines equal to the recording's subagent transcript is written as the one token "@subagent"."""
    ops = []
    sm = difflib.SequenceMatcher(None, base, mutated, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == 'equal':
            continue
        ins = mutated[j1:j2]
        if sub:
            for k in range(len(ins) - len(sub) + 1):
                if ins[k:k + len(sub)] == sub:
                    ins = ins[:k] + [SUBAGENT] + ins[k + len(sub):]
                    break
        ops.append([i1, i2 - i1, ins])
    return ops


def subagent_lines(rec):
    d = f'{RESEARCH}/recordings/{rec}'
    if not os.path.exists(f'{d}/SID'):
        return None
    sid = open(f'{d}/SID').read().strip()
    sub = f'{d}/{sid}/subagents'
    if not os.path.isdir(sub):
        return None
    f = [x for x in os.listdir(sub) if x.endswith('.jsonl')][0]
    return read_lines(f'{sub}/{f}')[0]


def first_request(path):
    if not os.path.exists(path):
        return None
    for l in open(path, encoding='utf-8', errors='replace'):
        try:
            d = json.loads(l)
        except Exception:
            continue
        b = d.get('body')
        if isinstance(b, dict) and b.get('messages') and b.get('max_tokens', 0) > 1000:
            return b
    return None


def history(msgs):
    """What Claude Code sent of the transcript itself: no role "system" messages (attachments it renders that way; we
    compare the conversation), without the resume prompt "continue" (its own message, or its text block merged into the
    last user message, with the reminders sent beside it) and without the "No response requested." it adds before that
    prompt when the history ends with a user message."""
    out = [m for m in msgs if m['role'] != 'system']
    if out and out[-1]['role'] == 'user':
        c = out[-1]['content']
        if isinstance(c, list) and c and c[-1].get('type') == 'text' and c[-1].get('text') == 'continue':
            if all(x.get('type') == 'text' and '<system-reminder>' in x.get('text', '') for x in c[:-1]):
                out = out[:-1]
            else:
                out[-1] = dict(out[-1], content=c[:-1])
        elif c == 'continue':
            out = out[:-1]
    if out and out[-1]['role'] == 'assistant' and out[-1]['content'] == [{'type': 'text', 'text': 'No response requested.'}]:
        out = out[:-1]
    return out


def run_of(d):
    if not os.path.isdir(d):
        return None
    rc = open(f'{d}/claude.rc').read().strip() if os.path.exists(f'{d}/claude.rc') else None
    reqs, rejects = 0, []
    if os.path.exists(f'{d}/requests.jsonl'):
        for l in open(f'{d}/requests.jsonl', encoding='utf-8', errors='replace'):
            try:
                x = json.loads(l)
            except Exception:
                continue
            if isinstance(x.get('body'), dict) and 'messages' in x['body'] and x['body'].get('max_tokens', 0) > 1000:
                reqs += 1
            if x.get('strict_reject') is not None:
                rejects.append(str(x['strict_reject'])[:300])
    sys.path.insert(0, RESEARCH)
    from skel import skel
    b = first_request(f'{d}/requests.jsonl')
    err = open(f'{d}/stderr.txt', encoding='utf-8', errors='replace').read().strip()[:300] if os.path.exists(f'{d}/stderr.txt') else ''
    return {'rc': int(rc) if rc and rc.lstrip('-').isdigit() else rc, 'requests': reqs, 'rejected': len(rejects),
            'firstReject': rejects[0] if rejects else None, 'stderr': err or None,
            'skeleton': skel(b['messages']) if b else None, 'history': skel(history(b['messages'])) if b else None}


def base_of(desc):
    m = re.search(r'base: (\S+)', desc)
    src = m.group(1)
    if src.startswith('recordings/'):
        return src.split('/')[1], os.path.join(RESEARCH, src)
    if 'corpus' in src and src.endswith('multi.jsonl'):
        return 'multi', os.path.join(CORPUS, 'multi.jsonl')
    if src.startswith('items/12a'):
        return 'image', os.path.join(RESEARCH, 'recordings', 'image', 'session.jsonl')
    raise SystemExit(f'unknown base {src}')


def main():
    os.makedirs(f'{HERE}/recordings', exist_ok=True)
    for r in RECS:
        src = f'{RESEARCH}/recordings/{r}'
        dst = f'{HERE}/recordings/{r}'
        if os.path.exists(dst):
            shutil.rmtree(dst)
        os.makedirs(dst)
        shutil.copy(f'{src}/session.jsonl', dst)
        shutil.copy(f'{src}/SID', dst)
        sid = open(f'{src}/SID').read().strip()
        if os.path.isdir(f'{src}/{sid}/subagents'):
            shutil.copytree(f'{src}/{sid}/subagents', f'{dst}/{sid}/subagents')
    os.makedirs(f'{HERE}/recordings/multi', exist_ok=True)
    shutil.copy(f'{CORPUS}/multi.jsonl', f'{HERE}/recordings/multi/session.jsonl')
    multi_sid = next(json.loads(l)['sessionId'] for l in open(f'{CORPUS}/multi.jsonl') if '"sessionId"' in l)
    open(f'{HERE}/recordings/multi/SID', 'w').write(multi_sid + '\n')

    items = []
    for name in sorted(os.listdir(f'{RESEARCH}/items')):
        d = f'{RESEARCH}/items/{name}'
        if not os.path.exists(f'{d}/desc.txt') or not os.path.exists(f'{d}/cc'):
            continue
        desc = open(f'{d}/desc.txt').read()
        rec, base_path = base_of(desc)
        m = re.match(r'(b?)(\d+)', name)
        item = ('B' if m.group(1) else 'A') + str(int(m.group(2)))
        mutation = re.search(r'mutation: (.*)', desc)
        entry = {'name': name, 'item': item, 'recording': rec,
                 'mutation': mutation.group(1).strip() if mutation else desc.strip().splitlines()[-1]}
        if name in GENERATED:
            entry['generator'] = GENERATED[name]
        elif os.path.exists(f'{d}/mutated.jsonl'):
            base, btrail = read_lines(base_path)
            mut, mtrail = read_lines(f'{d}/mutated.jsonl')
            # One text replacement on every line (b01a) is written as that replacement.
            for old, new in REPLACEMENTS.get(name, []):
                base = [l.replace(old, new) for l in base]
                entry.setdefault('replace', []).append([old, new])
            entry['patch'] = patch(base, mut, subagent_lines(rec))
            entry['finalNewline'] = mtrail
        else:
            continue
        if os.path.exists(f'{d}/env'):
            entry['env'] = dict(re.findall(r'(\w+)=(\S+)', open(f'{d}/env').read()))
        if os.path.exists(f'{d}/subdir'):
            entry['subagents'] = True
        strict = run_of(f'{d}/cc.strict')
        if strict:
            strict.pop('skeleton', None)
            strict.pop('history', None)
        entry['claude'] = {'normal': run_of(f'{d}/cc'), 'strict': strict}
        entry['researchFix'] = open(f'{d}/fix.txt').read().strip() if os.path.exists(f'{d}/fix.txt') else None
        items.append(entry)
    with open(f'{HERE}/items.json', 'w', encoding='utf-8') as f:
        json.dump({'_doc': 'Generated by build-items.py from the issue-14 research (one experiment per item: a line '
                   'patch [at, delete, insert] of recordings/<recording>/session.jsonl, and what Claude Code 2.1.332 '
                   'did when it resumed the result: normal run and under the stricter stand-in).', 'items': items},
                  f, ensure_ascii=False, indent=1)
    print(len(items), 'items')


main()
