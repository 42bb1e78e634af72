#!/usr/bin/env python3
"""Compares `transcript-lint export` with the first request Claude Code sent, the way compiler/report.py does (its
normalize_oracle: no role "system" messages, no resume prompt, no "No response requested.", no cache_control).
usage: compare.py CC_RUN_DIR EXPORT.json   ->  one JSON line {"level": FULL|CONTENT-DIFF|DIFF|n/a, "cc": [...], "ours": [...]}
"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'compiler'))
from report import appended_rendered, normalize_oracle, read_requests, strip_cc  # noqa: E402
from skeleton import skel  # noqa: E402  (report.py put ../shared/oracle on the path)


def main(run, export):
    reqs = [r for r in read_requests(f'{run}/requests.jsonl') if 'count_tokens' not in str(r.get('url'))]
    try:
        ours = json.load(open(export))
    except Exception:
        ours = None
    if not reqs:
        return {'level': 'n/a', 'cc': None, 'ours': skel(ours['messages']) if ours and 'messages' in ours else None}
    fresh = appended_rendered(f'{run}/before.jsonl', f'{run}/after.jsonl')
    cc, _notes = normalize_oracle(reqs[0]['body']['messages'], fresh)
    if not ours or 'messages' not in ours:
        return {'level': 'DIFF', 'cc': skel(cc), 'ours': None}
    mine = [strip_cc(m) for m in ours['messages'] if m.get('role') != 'system']
    # A history that ends with a user message Claude Code merges the resume prompt into (a meta entry such as the
    # local-command caveat gets no "No response requested." after it): the merge makes its string content a text
    # block, which normalize_oracle leaves once the prompt is removed (differential seed 268).
    if merged(cc, mine):
        mine[-1] = dict(mine[-1], content=[{'type': 'text', 'text': mine[-1]['content']}])
    cs, os_ = skel(cc), skel(mine)
    level = ('FULL' if cc == mine else 'CONTENT-DIFF') if cs == os_ else 'DIFF'
    return {'level': level, 'cc': cs, 'ours': os_}


def merged(cc, mine):
    """Whether our last message is a user string that Claude Code sent as one text block, the prompt merged into it."""
    if not cc or not mine or len(cc) != len(mine):
        return False
    a, b = cc[-1], mine[-1]
    return (
        a.get('role') == 'user'
        and b.get('role') == 'user'
        and isinstance(b.get('content'), str)
        and a.get('content') == [{'type': 'text', 'text': b['content']}]
    )


if __name__ == '__main__':
    print(json.dumps(main(sys.argv[1], sys.argv[2])))
