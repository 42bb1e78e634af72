#!/usr/bin/env python3
"""One mutation of a clean Claude Code 2.1.332 baseline per defect class (claude-code-observed.md behaviour table).

usage: mutate.py [OUTDIR]   writes OUTDIR/<class>.jsonl (default /tmp/transcript-lint-defects/files) and OUTDIR/cases.json
Each case: name, table row it checks, baseline file, one-line description of the mutation, and SID when the
session id cannot be read from the first sessionId of the file.
"""
import copy, json, os, sys

import os
REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
BASE = os.path.join(REPO, '..', 'shared', 'corpus', 'claude-code-2.1.332')
OUT = sys.argv[1] if len(sys.argv) > 1 else '/tmp/transcript-lint-defects/files'

def load(name):
    with open(f'{BASE}/{name}', 'rb') as f:
        raw = f.read().split(b'\n')
    if raw and raw[-1] == b'':
        raw = raw[:-1]
    return [json.loads(l) for l in raw]

def dump(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(',', ':')).encode()

BASELINES = {n: load(n + '.jsonl') for n in ('plain', 'parallel', 'multi', 'think', 'compact', 'agent')}
SUB = [json.loads(l) for l in open(f'{BASE}/agent/subagents/agent.jsonl')]
SID = {n: next(e['sessionId'] for e in es if 'sessionId' in e) for n, es in BASELINES.items()}

def L(base):
    """Fresh deep copy of a baseline's entries, 1-based access via e(i)."""
    return copy.deepcopy(BASELINES[base])

def uuid_at(es, i):
    return es[i - 1]['uuid']

def content(es, i):
    return es[i - 1]['message']['content']

def ts_later(ts, sec):
    # '2026-11-29T11:48:15.625Z' -> plus sec seconds (no minute overflow needed for our small offsets, handled anyway)
    import datetime
    d = datetime.datetime.strptime(ts, '%Y-%m-%dT%H:%M:%S.%fZ') + datetime.timedelta(seconds=sec)
    return d.strftime('%Y-%m-%dT%H:%M:%S.') + f'{d.microsecond // 1000:03d}Z'

CASES = []
PROBES = False  # set to True before the probe section: cases added to pin down a difference, not table rows

def case(name, row, base, desc, sid=None):
    def deco(fn):
        CASES.append(dict(name=name, row=row, base=base, desc=desc, fn=fn, sid=sid, probe=PROBES))
        return fn
    return deco

def lines(es):
    return [dump(e) for e in es]

def fake_uuid(n):
    return f'deadbeef-0000-4000-8000-{n:012d}'

# ---- truncation / corruption -------------------------------------------------------------------------------
@case('trunc-final-assistant', 'truncated final line (an assistant entry)', 'parallel',
      'file cut inside line 32 (final assistant text); lines 33-34 dropped; no final newline')
def _(es):
    ls = lines(es[:32])
    ls[31] = ls[31][: len(ls[31]) // 2]
    return ls, False

@case('trunc-final-meta', 'truncated final line (a metadata entry)', 'parallel',
      'last line (cost-state, line 34) cut in half; no final newline')
def _(es):
    ls = lines(es)
    ls[-1] = ls[-1][: len(ls[-1]) // 2]
    return ls, False

@case('corrupt-mid', 'corrupt middle line (JSON garbage, no NUL)', 'parallel',
      'line 27 (on-chain tool_result P2) replaced by JSON garbage')
def _(es):
    ls = lines(es)
    ls[26] = b'{"parentUuid":"3eeb1a2f-garbage ###'
    return ls, True

@case('corrupt-mid-nul', 'corrupt middle line containing a NUL byte', 'parallel',
      'line 24 (atis-latch metadata) replaced by garbage containing a NUL byte')
def _(es):
    ls = lines(es)
    ls[23] = b'{"type":"atis-latch"\x00\x00 garbage'
    return ls, True

@case('corrupt-meta', 'corrupt metadata line', 'parallel',
      'line 24 (atis-latch metadata) replaced by JSON garbage (no NUL)')
def _(es):
    ls = lines(es)
    ls[23] = b'{"type":"atis-latch", garbage'
    return ls, True

# ---- tool pairing -------------------------------------------------------------------------------------------
@case('orphan-tool-use-mid', 'orphan tool_use, mid-history', 'parallel',
      'line 26 (tool_result P3, off the walked chain) deleted: P3 has no result')
def _(es):
    del es[25]
    return lines(es), True

@case('orphan-tool-use-tail', 'orphan tool_use at tail (crash before result)', 'parallel',
      'file cut after line 24 (tool_uses P1-P3 written, no results; last-prompt names P3)')
def _(es):
    return lines(es[:24]), True

@case('orphan-result-badid', 'orphan tool_result (id unknown)', 'parallel',
      'line 26: tool_result for P3 gets tool_use_id toolu_BOGUS')
def _(es):
    content(es, 26)[0]['tool_use_id'] = 'toolu_BOGUS'
    return lines(es), True

@case('orphan-result-gone', 'orphan tool_result (tool_use gone)', 'multi',
      'line 39: the tool_use M3 block replaced by a text block; its result (line 40) stays')
def _(es):
    es[38]['message']['content'] = [{'type': 'text', 'text': 'Running it.'}]
    return lines(es), True

@case('dup-tool-use-same-msg', 'duplicate tool_use id, same message', 'parallel',
      'line 21 (tool_use P2) and line 27 (its result) renamed to toolu_P1')
def _(es):
    content(es, 21)[0]['id'] = 'toolu_P1'
    content(es, 27)[0]['tool_use_id'] = 'toolu_P1'
    return lines(es), True

@case('dup-tool-use-across-turns', 'duplicate tool_use id, across turns', 'multi',
      'line 28 (tool_use M2, after a text part) and line 29 (its result) renamed to toolu_M1')
def _(es):
    content(es, 28)[0]['id'] = 'toolu_M1'
    content(es, 29)[0]['tool_use_id'] = 'toolu_M1'
    return lines(es), True

@case('result-after-text', 'tool_result after text in a user message', 'multi',
      'line 40: a text block inserted before the tool_result M3')
def _(es):
    c = content(es, 40)
    c.insert(0, {'type': 'text', 'text': 'here is the result'})
    return lines(es), True

@case('legacy-interleaved', 'split parts with results interleaved (legacy linear chain)', 'parallel',
      'lines 20-27 rewritten as one linear chain text,P1,r1,P2,r2,P3,r3 (file order too); attachment 28 hangs off r3')
def _(es):
    text, p1, p2, p3, lp, latch, r1, r3, r2 = es[18], es[19], es[20], es[21], es[22], es[23], es[24], es[25], es[26]
    order = [text, p1, r1, p2, r2, p3, r3]
    for prev, cur in zip(order, order[1:]):
        cur['parentUuid'] = prev['uuid']
    es[27]['parentUuid'] = r3['uuid']
    lp['leafUuid'] = r3['uuid']
    return lines(es[:18] + order + [lp, latch] + es[27:]), True

# ---- turn structure -----------------------------------------------------------------------------------------
@case('two-user-prompts', 'two consecutive user prompts (mid-history)', 'multi',
      'a second prompt "and also say why" inserted after line 37 (parent = line 37); line 39 reparented to it')
def _(es):
    p = copy.deepcopy(es[36])
    p['uuid'] = fake_uuid(1)
    p['parentUuid'] = es[36]['uuid']
    p['message']['content'] = 'and also say why'
    p['promptId'] = fake_uuid(2)
    p['timestamp'] = ts_later(es[36]['timestamp'], 0.05)
    es[38]['parentUuid'] = p['uuid']
    es.insert(37, p)
    return lines(es), True

@case('unanswered-prompt-tail', 'unanswered user prompt at tail', 'multi',
      'file cut after line 37 (prompt "do round two"), plus a last-prompt naming it')
def _(es):
    lp = copy.deepcopy(es[31])
    lp['leafUuid'] = es[36]['uuid']
    lp['lastPrompt'] = 'do round two'
    return lines(es[:37] + [lp]), True

@case('two-assistants-diff-id', 'two consecutive assistant messages, different message.id', 'multi',
      'line 28 (tool_use part M2 of msg_mockbca_2) gets message.id msg_other')
def _(es):
    es[27]['message']['id'] = 'msg_other'
    return lines(es), True

# ---- thinking -----------------------------------------------------------------------------------------------
@case('thinking-sig-empty', 'thinking block with empty signature', 'think',
      'line 19: thinking signature set to ""')
def _(es):
    content(es, 19)[0]['signature'] = ''
    return lines(es), True

@case('thinking-sig-missing', 'thinking block with missing signature', 'think',
      'line 19: thinking signature key removed')
def _(es):
    del content(es, 19)[0]['signature']
    return lines(es), True

@case('thinking-not-first', 'thinking not first (text before thinking in one entry)', 'think',
      'line 19: a text block inserted before the thinking block')
def _(es):
    content(es, 19).insert(0, {'type': 'text', 'text': 'Let me think.'})
    return lines(es), True

@case('thinking-after-tool-use', 'thinking part after tool_use part (split order)', 'think',
      'lines 19/20 swapped: tool_use part T1 written first (parent = prompt_snapshot), thinking part after it (parent = T1); result stays on T1')
def _(es):
    th, tu = es[18], es[19]
    tu['parentUuid'] = th['parentUuid']
    th['parentUuid'] = tu['uuid']
    es[18], es[19] = tu, th
    return lines(es), True

@case('redacted-thinking', 'redacted_thinking', 'think',
      'line 19: thinking block replaced by {"type":"redacted_thinking","data":"…"}')
def _(es):
    es[18]['message']['content'] = [{'type': 'redacted_thinking', 'data': 'EmwKAhgBEgyRedactedPayload=='}]
    return lines(es), True

# ---- text content -------------------------------------------------------------------------------------------
@case('empty-text-before-tool-uses', 'empty text block before tool_uses', 'parallel',
      'line 19 (text part before P1-P3): text set to ""')
def _(es):
    content(es, 19)[0]['text'] = ''
    return lines(es), True

@case('ws-text', 'whitespace-only text block', 'parallel',
      'line 19 (text part before P1-P3): text set to "  \\n "')
def _(es):
    content(es, 19)[0]['text'] = '  \n '
    return lines(es), True

@case('empty-final-assistant', 'empty text as the whole final assistant message', 'plain',
      'line 18 (the only assistant, the final message): text set to ""')
def _(es):
    content(es, 18)[0]['text'] = ''
    return lines(es), True

@case('empty-user-prompt', 'empty text as a user prompt', 'multi',
      'line 37: prompt content "do round two" -> ""')
def _(es):
    es[36]['message']['content'] = ''
    return lines(es), True

@case('trailing-ws', 'trailing whitespace in final assistant text', 'parallel',
      'line 32 (final assistant): text "All three done.  \\n\\n"')
def _(es):
    content(es, 32)[0]['text'] = 'All three done.  \n\n'
    return lines(es), True

@case('isvirtual-final-assistant', 'isVirtual on final assistant', 'parallel',
      'line 32 (final assistant) gets isVirtual:true')
def _(es):
    es[31]['isVirtual'] = True
    return lines(es), True

@case('isvirtual-user-prompt', 'isVirtual on a user prompt', 'multi',
      'line 37 (prompt "do round two") gets isVirtual:true')
def _(es):
    es[36]['isVirtual'] = True
    return lines(es), True

@case('tool-reference-in-result', 'tool_reference inside tool_result', 'multi',
      'line 40: tool_result M3 content = [{"type":"tool_reference","tool_name":"Bash"}]')
def _(es):
    content(es, 40)[0]['content'] = [{'type': 'tool_reference', 'tool_name': 'Bash'}]
    return lines(es), True

@case('tool-reference-toplevel', 'tool_reference as a top-level user block', 'multi',
      'line 37: prompt content = [text "do round two", tool_reference Bash]')
def _(es):
    es[36]['message']['content'] = [{'type': 'text', 'text': 'do round two'}, {'type': 'tool_reference', 'tool_name': 'Bash'}]
    return lines(es), True

# ---- chain --------------------------------------------------------------------------------------------------
@case('dangling-parent-attachment', 'dangling parentUuid on an attachment', 'multi',
      'line 23 (prompt_snapshot attachment after result M1) gets a parentUuid that exists nowhere')
def _(es):
    es[22]['parentUuid'] = fake_uuid(99)
    return lines(es), True

@case('dangling-parent-prompt', 'dangling parentUuid on a user prompt', 'multi',
      'line 37 (prompt "do round two") gets a parentUuid that exists nowhere')
def _(es):
    es[36]['parentUuid'] = fake_uuid(99)
    return lines(es), True

@case('duplicate-line', 'duplicate line (same uuid twice)', 'parallel',
      'line 25 (tool_result P1) repeated verbatim after line 27')
def _(es):
    es.insert(27, copy.deepcopy(es[24]))
    return lines(es), True

@case('dup-uuid-later', 'duplicate uuid on different entries (later line takes it)', 'parallel',
      'line 26 (tool_result P3) gets the uuid of line 25 (tool_result P1)')
def _(es):
    es[25]['uuid'] = es[24]['uuid']
    return lines(es), True

@case('dup-uuid-earlier', 'duplicate uuid on different entries (earlier line takes it)', 'parallel',
      'line 25 (tool_result P1) gets the uuid of line 26 (tool_result P3)')
def _(es):
    es[24]['uuid'] = es[25]['uuid']
    return lines(es), True

@case('cycle-root-leaf', 'parentUuid cycle (root -> leaf)', 'parallel',
      'line 3 (root prompt) gets parentUuid = the leaf (line 32)')
def _(es):
    es[2]['parentUuid'] = es[31]['uuid']
    return lines(es), True

@case('cycle-2', 'parentUuid cycle (2-cycle)', 'parallel',
      'line 19 (text part) gets parentUuid = line 20 (P1 part), whose parent is line 19')
def _(es):
    es[18]['parentUuid'] = es[19]['uuid']
    return lines(es), True

def alt_branch(es, start_ts_offset, msg='msg_alt'):
    """An alternative response to the parallel results: tool_use ALT, its result, then text (3 chain entries)."""
    tmpl_a = es[31]  # final assistant text
    tmpl_r = es[24]  # a tool_result
    a1 = copy.deepcopy(tmpl_a); a1['uuid'] = fake_uuid(11); a1['parentUuid'] = es[27]['uuid']
    a1['message']['id'] = msg + '1'
    a1['message']['content'] = [{'type': 'tool_use', 'id': 'toolu_ALT', 'name': 'Bash', 'input': {'command': 'echo alt', 'description': 'alt'}}]
    a1['message']['stop_reason'] = 'tool_use'
    r1 = copy.deepcopy(tmpl_r); r1['uuid'] = fake_uuid(12); r1['parentUuid'] = a1['uuid']
    r1['message']['content'] = [{'tool_use_id': 'toolu_ALT', 'type': 'tool_result', 'content': 'alt', 'is_error': False}]
    r1['sourceToolAssistantUUID'] = a1['uuid']
    a2 = copy.deepcopy(tmpl_a); a2['uuid'] = fake_uuid(13); a2['parentUuid'] = r1['uuid']
    a2['message']['id'] = msg + '2'
    a2['message']['content'] = [{'type': 'text', 'text': 'Alt done.'}]
    base_ts = tmpl_a['timestamp']
    for k, e in enumerate((a1, r1, a2)):
        e['timestamp'] = ts_later(base_ts, start_ts_offset + k)
    return [a1, r1, a2]

@case('fork-last-prompt', 'fork / two branches (last-prompt names the original)', 'parallel',
      'alternative branch (tool_use ALT, result, text; later timestamps) appended off line 28 after the final last-prompt (which names the original leaf)')
def _(es):
    return lines(es + alt_branch(es, 60)), True

@case('fork-last-prompt-alt', 'fork / two branches (appended last-prompt names the alternative)', 'parallel',
      'as fork-last-prompt, plus an appended last-prompt naming the alternative leaf')
def _(es):
    alt = alt_branch(es, 60)
    lp = copy.deepcopy(es[32]); lp['leafUuid'] = alt[-1]['uuid']
    return lines(es + alt + [lp]), True

@case('fork-no-last-prompt', 'no last-prompt fork', 'parallel',
      'as fork-last-prompt but the alternative branch has OLDER timestamps, and every last-prompt line is removed')
def _(es):
    alt = alt_branch(es, -3600)
    return lines([e for e in es if e.get('type') != 'last-prompt'] + alt), True

@case('fork-no-last-prompt-earlier', 'no last-prompt fork (alternative earlier in file)', 'parallel',
      'alternative branch (later timestamps) inserted before the original final assistant (line 32); every last-prompt removed')
def _(es):
    alt = alt_branch(es, 60)
    out = es[:31] + alt + es[31:]
    return lines([e for e in out if e.get('type') != 'last-prompt']), True

# ---- content limits -----------------------------------------------------------------------------------------
BIG = 'A' * (8 * 1024 * 1024)

@case('oversized-image', 'oversized base64 image (user block)', 'multi',
      'line 37: prompt content = [text "do round two", image (8 MiB base64)]')
def _(es):
    es[36]['message']['content'] = [{'type': 'text', 'text': 'do round two'},
                                    {'type': 'image', 'source': {'type': 'base64', 'media_type': 'image/png', 'data': BIG}}]
    return lines(es), True

@case('oversized-image-in-result', 'oversized base64 image (inside tool_result)', 'multi',
      'line 40: tool_result M3 content = [image (8 MiB base64)]')
def _(es):
    content(es, 40)[0]['content'] = [{'type': 'image', 'source': {'type': 'base64', 'media_type': 'image/png', 'data': BIG}}]
    return lines(es), True

# ---- sidechains, unknown entries, session ids ---------------------------------------------------------------
@case('sidechain-mixed', 'sidechain entries mixed into main file', 'agent',
      'the subagent transcript (agent/subagents/agent.jsonl, isSidechain:true) inserted after line 22')
def _(es):
    return lines(es[:22] + copy.deepcopy(SUB) + es[22:]), True

@case('sidechain-leaf', 'isSidechain:true on the main leaf', 'parallel',
      'line 32 (the leaf, final assistant) gets isSidechain:true')
def _(es):
    es[31]['isSidechain'] = True
    return lines(es), True

@case('sidechain-mid', 'isSidechain:true on a mid-chain entry', 'parallel',
      'line 20 (tool_use part P1, on the walked chain) gets isSidechain:true')
def _(es):
    es[19]['isSidechain'] = True
    return lines(es), True

@case('unknown-type-meta', 'unknown entry type (metadata)', 'parallel',
      'a line {"type":"frobnicate",...} without uuid inserted after line 24')
def _(es):
    es.insert(24, {'type': 'frobnicate', 'sessionId': SID['parallel'], 'payload': {'x': 1}})
    return lines(es), True

@case('unknown-type-in-chain', 'unknown entry type (spliced into the chain with a message)', 'multi',
      'an entry type "frobnicate" with uuid and message {role:user, content:"hidden"} spliced between line 37 and line 39')
def _(es):
    u = copy.deepcopy(es[36])
    u['type'] = 'frobnicate'; u['uuid'] = fake_uuid(7); u['parentUuid'] = es[36]['uuid']
    u['message'] = {'role': 'user', 'content': 'hidden'}
    es[38]['parentUuid'] = u['uuid']
    es.insert(37, u)
    return lines(es), True

@case('foreign-sid-some', 'foreign sessionId on some entries', 'parallel',
      'lines 25-27 (the three tool_results) get another sessionId')
def _(es):
    for i in (24, 25, 26):
        es[i]['sessionId'] = '11111111-2222-4333-8444-555555555555'
    return lines(es), True

@case('foreign-sid-all', 'foreign sessionId on all entries', 'parallel',
      'every sessionId in the file replaced by another id (file name keeps the original)', sid=SID['parallel'])
def _(es):
    for e in es:
        if 'sessionId' in e:
            e['sessionId'] = '11111111-2222-4333-8444-555555555555'
    return lines(es), True

@case('compact-boundary-deleted', 'compaction with the boundary deleted', 'compact',
      'line 50 (compact_boundary) deleted: the summary entry (line 51) has a dangling parent')
def _(es):
    del es[49]
    return lines(es), True

# ---- probes added after the first run (to pin down where Claude Code differs from the table) ------------------
PROBES = True
@case('corrupt-mid-nul-chain', 'corrupt middle line containing a NUL byte (a chain entry)', 'parallel',
      'line 27 (on-chain tool_result P2) replaced by garbage containing a NUL byte')
def _(es):
    ls = lines(es)
    ls[26] = b'{"parentUuid":"3eeb1a2f\x00\x00 garbage'
    return ls, True

@case('corrupt-nul-line2', 'corrupt line containing a NUL byte (near the start)', 'parallel',
      'line 2 (queue-operation dequeue) replaced by garbage containing a NUL byte')
def _(es):
    ls = lines(es)
    ls[1] = b'{"type":"queue-operation"\x00\x00 garbage'
    return ls, True

@case('nul-inside-valid-line', 'NUL byte inside an otherwise valid JSON line', 'parallel',
      'line 24 (atis-latch): a raw NUL byte put inside the "atis" string value')
def _(es):
    ls = lines(es)
    ls[23] = ls[23].replace(b'"atis":""', b'"atis":"\x00"')
    assert b'\x00' in ls[23]
    return ls, True

@case('empty-user-prompt-blocks', 'empty text as a user prompt (block form)', 'multi',
      'line 37: prompt content = [{"type":"text","text":""}]')
def _(es):
    es[36]['message']['content'] = [{'type': 'text', 'text': ''}]
    return lines(es), True

@case('empty-user-prompt-array', 'empty user prompt (content [])', 'multi',
      'line 37: prompt content = []')
def _(es):
    es[36]['message']['content'] = []
    return lines(es), True

@case('ws-user-prompt', 'whitespace-only user prompt (string)', 'multi',
      'line 37: prompt content "do round two" -> "  \\n"')
def _(es):
    es[36]['message']['content'] = '  \n'
    return lines(es), True

@case('empty-user-prompt-tail', 'empty user prompt at the tail (string "")', 'multi',
      'file cut after line 37, prompt content "", plus a last-prompt naming it')
def _(es):
    es[36]['message']['content'] = ''
    lp = copy.deepcopy(es[31]); lp['leafUuid'] = es[36]['uuid']; lp['lastPrompt'] = ''
    return lines(es[:37] + [lp]), True

@case('cycle-bridge-probe', 'parentUuid 2-cycle where file order differs from chain order', 'multi',
      'line 31 (assistant "Finished round one.") gets parentUuid = line 37 (whose parent is line 31); an attachment without rendered text, parented to the first prompt (line 3), inserted just before line 31')
def _(es):
    es[30]['parentUuid'] = es[36]['uuid']
    probe = copy.deepcopy(es[22])  # prompt_snapshot attachment
    probe['uuid'] = fake_uuid(21); probe['parentUuid'] = es[2]['uuid']
    es.insert(30, probe)
    return lines(es), True

@case('dangling-parent-result-probe', 'dangling parentUuid on a tool_result entry with a root attachment before it', 'multi',
      'line 40 (tool_result M3) gets a parentUuid that exists nowhere; an attachment without rendered text, parented to the first prompt (line 3), inserted just before it')
def _(es):
    es[39]['parentUuid'] = fake_uuid(98)
    probe = copy.deepcopy(es[22]); probe['uuid'] = fake_uuid(22); probe['parentUuid'] = es[2]['uuid']
    es.insert(39, probe)
    return lines(es), True

@case('nul-only-line', 'a line of NUL bytes mid-file', 'parallel',
      'line 24 (atis-latch) replaced by 200 NUL bytes')
def _(es):
    ls = lines(es)
    ls[23] = b'\x00' * 200
    return ls, True

@case('nul-tail', 'NUL bytes after the last line (crash pre-allocation)', 'parallel',
      '300 NUL bytes appended after the final newline (no newline after them)')
def _(es):
    return lines(es) + [b'\x00' * 300], False

def bridge_probe(es, kind, ts):
    """A probe entry parented to the first prompt (line 3), inserted just before line 31 of multi."""
    if kind == 'meta-user':
        probe = copy.deepcopy(es[36]); probe['isMeta'] = True
        probe['message'] = {'role': 'user', 'content': 'PROBE'}
        for k in ('promptId', 'permissionMode', 'promptSource', 'sentAtMs', 'rowSource', 'turnOrigin', 'turnPosition'):
            probe.pop(k, None)
    else:
        probe = copy.deepcopy(es[22])  # prompt_snapshot attachment, nothing rendered
    probe['uuid'] = fake_uuid(31); probe['parentUuid'] = es[2]['uuid']; probe['timestamp'] = ts
    es.insert(30, probe)
    return es

@case('dangling-asst-probe-a', 'bridge probe: dangling assistant, meta user entry with OLD timestamp just before it', 'multi',
      'line 31 (assistant "Finished round one.") gets a dangling parentUuid; an isMeta user entry "PROBE" (parent = line 3, timestamp older than line 29) inserted just before it')
def _(es):
    es[30]['parentUuid'] = fake_uuid(97)
    return lines(bridge_probe(es, 'meta-user', '2026-11-29T11:52:44.000Z')), True

@case('dangling-asst-probe-b', 'bridge probe: dangling assistant, attachment with timestamp between its old parent and it', 'multi',
      'line 31 gets a dangling parentUuid; an attachment (parent = line 3, timestamp between line 29 and line 31) inserted just before it')
def _(es):
    es[30]['parentUuid'] = fake_uuid(97)
    return lines(bridge_probe(es, 'attachment', '2026-11-29T11:52:44.300Z')), True

@case('dangling-asst-probe-c', 'bridge probe: dangling assistant, meta user entry NEWER than it just before it', 'multi',
      'line 31 gets a dangling parentUuid; an isMeta user entry "PROBE" (parent = line 3, timestamp newer than line 31) inserted just before it')
def _(es):
    es[30]['parentUuid'] = fake_uuid(97)
    return lines(bridge_probe(es, 'meta-user', '2026-11-29T11:52:45.000Z')), True

@case('dangling-asst-probe-d', 'bridge probe: dangling assistant, meta user entry with timestamp between its old parent and it', 'multi',
      'line 31 gets a dangling parentUuid; an isMeta user entry "PROBE" (parent = line 3, timestamp between line 29 and line 31) inserted just before it')
def _(es):
    es[30]['parentUuid'] = fake_uuid(97)
    return lines(bridge_probe(es, 'meta-user', '2026-11-29T11:52:44.300Z')), True

@case('cycle-probe-a', 'cycle probe: 2-cycle on an assistant, meta user entry with OLD timestamp just before it', 'multi',
      'line 31 gets parentUuid = line 37 (2-cycle); an isMeta user entry "PROBE" (parent = line 3, timestamp older than line 29) inserted just before it')
def _(es):
    es[30]['parentUuid'] = es[36]['uuid']
    return lines(bridge_probe(es, 'meta-user', '2026-11-29T11:52:44.000Z')), True

@case('cycle-probe-d', 'cycle probe: 2-cycle on an assistant, meta user entry with timestamp between its old parent and it', 'multi',
      'line 31 gets parentUuid = line 37 (2-cycle); an isMeta user entry "PROBE" (parent = line 3, timestamp between line 29 and line 31) inserted just before it')
def _(es):
    es[30]['parentUuid'] = es[36]['uuid']
    return lines(bridge_probe(es, 'meta-user', '2026-11-29T11:52:44.300Z')), True

@case('empty-text-among-prompt-blocks', 'empty text block next to a real one in a user prompt', 'multi',
      'line 37: prompt content = [text "", text "do round two"]')
def _(es):
    es[36]['message']['content'] = [{'type': 'text', 'text': ''}, {'type': 'text', 'text': 'do round two'}]
    return lines(es), True

@case('ws-block-user-prompt', 'whitespace-only text block as a user prompt (block form)', 'multi',
      'line 37: prompt content = [text "  \\n"]')
def _(es):
    es[36]['message']['content'] = [{'type': 'text', 'text': '  \n'}]
    return lines(es), True

@case('empty-text-in-result-msg', 'empty text block after a tool_result in a user message', 'multi',
      'line 40: content = [tool_result M3, text ""]')
def _(es):
    content(es, 40).append({'type': 'text', 'text': ''})
    return lines(es), True

@case('orphan-result-only-first', 'orphan tool_result in the first user message (nothing before it)', 'plain',
      'line 3 (first prompt) content = [tool_result toolu_NONE] (no tool_use anywhere)')
def _(es):
    es[2]['message']['content'] = [{'tool_use_id': 'toolu_NONE', 'type': 'tool_result', 'content': 'x', 'is_error': False}]
    return lines(es), True

@case('dangling-asst-probe-e', 'bridge probe: dangling assistant, meta user entry (timestamp between) LATER in the file', 'multi',
      'line 31 gets a dangling parentUuid; an isMeta user entry "PROBE" (parent = line 3, timestamp between line 29 and line 31) appended after line 42')
def _(es):
    es[30]['parentUuid'] = fake_uuid(97)
    es = bridge_probe(es, 'meta-user', '2026-11-29T11:52:44.300Z')
    probe = es.pop(30)
    es.insert(42, probe)
    return lines(es), True

@case('dangling-asst-probe-f', 'bridge probe: dangling assistant, SIDECHAIN meta user entry (timestamp between) just before it', 'multi',
      'line 31 gets a dangling parentUuid; an isSidechain isMeta user entry "PROBE" (parent = line 3, timestamp between line 29 and line 31) inserted just before it')
def _(es):
    es[30]['parentUuid'] = fake_uuid(97)
    es = bridge_probe(es, 'meta-user', '2026-11-29T11:52:44.300Z')
    es[30]['isSidechain'] = True
    return lines(es), True

@case('attachment-beside-result', 'user-rendered attachment (renderedBesideToolResult) after a tool_result', 'multi',
      'a copy of line 12 (remote_session_change, renderedRole user, renderedBesideToolResult) inserted after line 40 (tool_result M3), parent = line 40; line 42 reparented to it')
def _(es):
    a = copy.deepcopy(es[11]); a['uuid'] = fake_uuid(41); a['parentUuid'] = es[39]['uuid']
    a['timestamp'] = ts_later(es[39]['timestamp'], 0.01)
    es[41]['parentUuid'] = a['uuid']
    es.insert(40, a)
    return lines(es), True

@case('attachment-beside-parallel-results', 'user-rendered attachment (renderedBesideToolResult) after parallel tool_results', 'parallel',
      'a copy of line 12 (remote_session_change, renderedBesideToolResult) inserted after line 27 (the last result, P2), parent = line 27; line 28 reparented to it')
def _(es):
    a = copy.deepcopy(es[11]); a['uuid'] = fake_uuid(42); a['parentUuid'] = es[26]['uuid']
    a['timestamp'] = ts_later(es[26]['timestamp'], 0.01)
    es[27]['parentUuid'] = a['uuid']
    es.insert(27, a)
    return lines(es), True

@case('result-ts-order', 'probe: parallel results whose timestamps disagree with file order', 'parallel',
      'line 26 (result P3) gets a timestamp later than line 27 (result P2); file order unchanged')
def _(es):
    es[25]['timestamp'] = ts_later(es[26]['timestamp'], 0.005)
    return lines(es), True

@case('parts-ts-order', 'probe: split parts whose timestamps disagree with file order', 'parallel',
      'line 21 (tool_use part P2) gets a timestamp later than line 22 (P3); file order and parents unchanged')
def _(es):
    es[20]['timestamp'] = ts_later(es[21]['timestamp'], 0.005)
    return lines(es), True


def main():
    os.makedirs(OUT, exist_ok=True)
    meta = []
    for c in CASES:
        ls, final_nl = c['fn'](L(c['base']))
        path = f"{OUT}/{c['name']}.jsonl"
        with open(path, 'wb') as f:
            f.write(b'\n'.join(ls) + (b'\n' if final_nl else b''))
        meta.append({k: c[k] for k in ('name', 'row', 'base', 'desc', 'probe')} | {'sid': c['sid'] or SID[c['base']], 'file': path})
    with open(f'{OUT}/cases.json', 'w') as f:
        json.dump(meta, f, indent=1)
    print(f'{len(meta)} cases written to {OUT}')

if __name__ == '__main__':
    main()
