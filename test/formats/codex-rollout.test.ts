// The codex-rollout format: detection both ways, loading, the resume model and `export` against what the real Codex
// CLI sent for each recording, write-back (ordinals, the BOM, markers), locate, the session store, old-format files.
// With research/codex beside the repository, export is also compared with every defect case's recorded request.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { linter } from '../../src/composition.js';
import { Sample } from '../../src/formats/sample.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { withoutPlanToolInstructions } from '../../src/formats/codex-rollout/instructions.js';
import type { CodexModel } from '../../src/formats/codex-rollout/model.js';
import { truncateMiddle } from '../../src/formats/codex-rollout/serialize.js';
import { uuidV5 } from '../../src/formats/codex-rollout/synthetic.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'recordings');
const RESEARCH = path.resolve(import.meta.dirname, '../../../research/codex');
const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus');
const recordings = readdirSync(DATA).filter((d) => existsSync(path.join(DATA, d, 'rollout.jsonl')));

const enc = new TextEncoder();
const dec = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
const load = (name: string, text: string | Uint8Array): CodexModel =>
  codexRollout.load(name, typeof text === 'string' ? enc.encode(text) : text, {});

/** Each recorded file and what Codex sent for it. */
function recording(name: string) {
  const dir = path.join(DATA, name);
  return {
    name: readFileSync(path.join(dir, 'rollout.name'), 'utf8').trim(),
    data: readFileSync(path.join(dir, 'rollout.jsonl')),
    sent: JSON.parse(readFileSync(path.join(dir, 'sent-input.json'), 'utf8')) as Record<string, unknown>[],
  };
}

const rec = (o: Record<string, unknown>) => JSON.stringify(o);
const META = (extra: Record<string, unknown> = {}) =>
  rec({
    timestamp: '2026-12-01T09:00:00.000Z',
    ordinal: 0,
    type: 'session_meta',
    payload: {
      id: 'u1',
      timestamp: 't',
      cwd: '/p',
      originator: 'codex_exec',
      cli_version: '0.169.0',
      history_mode: 'paginated',
      ...extra,
    },
  });
const item = (ordinal: number, payload: Record<string, unknown>) =>
  rec({ timestamp: '2026-12-01T09:00:01.000Z', ordinal, type: 'response_item', payload });

describe('codex-rollout detection', () => {
  it('reads every recording as a rollout', () => {
    for (const r of recordings) expect(linter.detect(recording(r).name, recording(r).data).id, r).toBe('codex-rollout');
  });

  it('sees through a BOM, a garbage first line and a torn tail', () => {
    const { data } = recording('shell');
    const text = dec(data);
    expect(linter.detect('x', enc.encode(`\ufeff${text}`)).id).toBe('codex-rollout');
    expect(linter.detect('x', enc.encode(`garbage{{\n${text}`)).id).toBe('codex-rollout');
    expect(linter.detect('x', enc.encode(text.slice(0, text.length - 200))).id).toBe('codex-rollout');
  });

  it.skipIf(!existsSync(CORPUS))("reads other agents' Codex test files, and no other file of the corpus", () => {
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.jsonl?$/.test(e.name) && files.length < 400) files.push(p);
      }
    };
    walk(CORPUS);
    for (const f of files) {
      const id = linter.detect(path.basename(f), readFileSync(f)).id;
      const codex = f.includes(`${path.sep}codex${path.sep}`);
      if (codex) expect(id, f).toBe('codex-rollout');
      else expect(id, f).not.toBe('codex-rollout');
    }
  });

  it('is not claimed by the other formats, nor claims theirs', () => {
    for (const r of recordings) {
      const { name, data } = recording(r);
      for (const f of linter.formats)
        if (f.id !== 'codex-rollout') expect(f.detect(new Sample(name, data)), `${f.id} on ${r}`).toBe(0);
    }
    const claude =
      '{"type":"user","uuid":"a","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"hi"}}\n';
    expect(linter.detect('s.jsonl', enc.encode(claude)).id).toBe('claude-code');
    expect(linter.detect('m.jsonl', enc.encode('{"role":"user","content":"hi"}\n')).id).not.toBe('codex-rollout');
  });

  it('reads an old-format rollout (a {id, timestamp} header, then bare items)', () => {
    const old = `${rec({ id: '44444444-4444-4444-8444-444444444444', timestamp: '2026-01-04T05:06:07.000Z' })}\n${rec({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] })}\n`;
    expect(linter.detect('rollout-44444444-4444-4444-8444-444444444444.jsonl', enc.encode(old)).id).toBe(
      'codex-rollout',
    );
    const model = load('rollout-x.jsonl', old);
    expect(model.generation).toBe('legacy');
    expect(model.resume().fatal?.cause).toBe('empty');
    expect(model.resume().history.map((h) => h.item.role)).toEqual(['user']);
  });
});

describe('codex-rollout resume model and export', () => {
  for (const r of recordings) {
    it(`export equals what Codex sent resuming ${r}`, () => {
      const { name, data, sent } = recording(r);
      const exported = exportInput(load(name, data));
      expect(exported.fatal).toBeUndefined();
      expectSameInput(exported.input, sent);
      // What follows is the new prompt ("continue"), never part of the file.
      expect(sent.length - exported.input.length).toBe(1);
    });
  }

  it('puts the synthetic output right after each unanswered call, as Codex does', () => {
    const calls = [1, 2, 3].map((n) =>
      item(n, { type: 'function_call', id: `fc_${n}`, name: 'f', arguments: '{}', call_id: `c${n}` }),
    );
    const text = [
      META(),
      ...calls,
      item(4, { type: 'function_call_output', call_id: 'c1', output: 'one' }),
      item(5, { type: 'function_call_output', call_id: 'c3', output: 'three' }),
      item(6, { type: 'function_call_output', call_id: 'gone', output: 'x' }),
    ].join('\n');
    const resume = load('x', `${text}\n`).resume();
    expect(resume.sent.map((h) => `${h.item.type}:${h.item.call_id}`)).toEqual([
      'function_call:c1',
      'function_call:c2',
      'function_call_output:c2',
      'function_call:c3',
      'function_call_output:c1',
      'function_call_output:c3',
    ]);
    expect(resume.sent[2]!.item).toEqual({
      type: 'function_call_output',
      id: `fco_${uuidV5('90d38d3e-6a5b-4d52-bfe2-2f1e634bfac4', 'fco:fc_2')}`,
      call_id: 'c2',
      output: 'aborted',
    });
    expect(resume.orphans.map((h) => h.item.call_id)).toEqual(['gone']);
  });

  it('derives synthetic output ids as Codex does', () => {
    // Measured: Codex sent fco_4c55fb46-… for the local_shell_call lsh_mock_1 (research/codex NOTES b.7).
    expect(uuidV5('90d38d3e-6a5b-4d52-bfe2-2f1e634bfac4', 'fco:lsh_mock_1')).toMatch(/^4c55fb46-/);
  });

  it('restarts the history at a second session_meta, and stops at the fatal checks', () => {
    const second = [
      META(),
      item(1, { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'a' }] }),
      META().replace('"ordinal":0', '"ordinal":2'),
      item(3, { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'b' }] }),
    ].join('\n');
    const resume = load('x', second).resume();
    expect(resume.history.map((h) => (h.item.content as { text: string }[])[0]!.text)).toEqual(['b']);
    expect(resume.restartedAt?.line).toBe(3);
    expect(load('x', `\ufeff${second}`).resume().fatal?.cause).toBe('bom');
    expect(
      load('x', `${second}\n{"timestamp":"t","type":"event_msg","payload":{"type":"task_complete"}}\n`).resume().fatal
        ?.cause,
    ).toBe('last-ordinal');
    expect(
      load('x', `${item(0, { type: 'message', role: 'user', content: [] })}\n${META()}\n`).resume().fatal?.cause,
    ).toBe('no-session-meta');
  });

  it('cuts tool output to the prompt budget as measured', () => {
    expect(truncateMiddle('x'.repeat(140_000), 48_000)).toHaveLength(48_024);
    expect(truncateMiddle('x'.repeat(140_000), 48_000)).toContain('…23000 tokens truncated…');
    expect(truncateMiddle('x'.repeat(48_030), 48_000)).toContain('…8 tokens truncated…');
    expect(truncateMiddle('short', 48_000)).toBe('short');
  });

  it('leaves the plan tool guidance out of the base instructions', () => {
    const text =
      '# Rules\n- Use the plan tool when it helps.\n  more of it\n- keep this\n## Plan tool\nabout the tool\n## Other\nkept\n';
    expect(withoutPlanToolInstructions(text)).toBe('# Rules\n- keep this\n## Other\nkept\n');
  });

  it.skipIf(!existsSync(path.join(RESEARCH, 'defects')))(
    'export equals what Codex sent for every research defect case',
    () => {
      const differ: string[] = [];
      for (const c of readdirSync(path.join(RESEARCH, 'defects'))) {
        const d = path.join(RESEARCH, 'defects', c);
        const file = path.join(d, 'rollout.jsonl');
        const req = path.join(d, 'normal', 'requests.jsonl');
        const data = existsSync(file)
          ? readFileSync(file)
          : existsSync(`${file}.gz`)
            ? gunzipSync(readFileSync(`${file}.gz`))
            : undefined;
        const reqText = existsSync(req)
          ? readFileSync(req, 'utf8')
          : existsSync(`${req}.gz`)
            ? gunzipSync(readFileSync(`${req}.gz`)).toString('utf8')
            : undefined;
        if (!data || reqText === undefined) continue;
        const body = reqText
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
          .find((x) => x.url === '/v1/responses')?.body;
        const exported = exportInput(load(readFileSync(path.join(d, 'rollout.name'), 'utf8').trim(), data));
        if (!body) {
          if (!exported.fatal) differ.push(`${c}: Codex sent nothing`);
          continue;
        }
        try {
          expectSameInput(exported.input, body.input);
        } catch {
          differ.push(c);
        }
      }
      // Codex re-encodes these images (resized, or replaced after a failed decode of a valid-looking PNG): not modelled.
      expect(differ.sort()).toEqual(['huge_image', 'image_large_dims']);
    },
  );
});

describe('codex-rollout write-back', () => {
  const call = (o: number) => item(o, { type: 'function_call', id: 'fc_1', name: 'f', arguments: '{}', call_id: 'c1' });
  const event = (o: number) => rec({ timestamp: 't', ordinal: o, type: 'event_msg', payload: { type: 'token_count' } });

  it('renumbers the records after an inserted record, and marks the new one', () => {
    const text = `${[META(), call(1), event(2), event(3)].join('\n')}\n`;
    const out = dec(fixBytes('x.jsonl', enc.encode(text), {}).output);
    const lines = out.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).ordinal)).toEqual([0, 1, 2, 3, 4]);
    expect(JSON.parse(lines[2]!)).toMatchObject({
      ordinal: 2,
      type: 'response_item',
      payload: { type: 'function_call_output', call_id: 'c1', output: 'aborted' },
      transcript_lint: { rule: 'codex/call-has-output', inserted: true },
    });
    // Untouched lines keep their bytes; renumbered ones change only their ordinal.
    expect(lines[3]).toBe(event(3));
    expect(lines[1]).toBe(call(1));
  });

  it('renumbers after a removed line (NUL padding)', () => {
    const text = `${[META(), event(1), '\u0000\u0000\u0000', event(3), event(4)].join('\n')}\n`;
    const out = dec(fixBytes('x.jsonl', enc.encode(text), {}).output);
    expect(
      out
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).ordinal),
    ).toEqual([0, 1, 2, 3]);
  });

  it('keeps a line it cannot read in a record without ordinal, and renumbers the records after it', () => {
    const text = `${[META(), event(1), '{"torn', event(3), event(4)].join('\n')}\n`;
    const lines = dec(fixBytes('x.jsonl', enc.encode(text), {}).output)
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.ordinal)).toEqual([0, 1, undefined, 2, 3]);
    expect(lines[2]).toEqual({
      timestamp: lines[1].timestamp,
      type: 'transcript_lint_kept_line',
      payload: { reason: 'not JSON', text: '{"torn' },
      transcript_lint: { rule: 'codex/valid-jsonl', kept: true },
    });
  });

  it('writes a file without ordinals without them', () => {
    const meta = META().replace(',"history_mode":"paginated"', '').replace('"ordinal":0,', '');
    const text = `${[meta, call(1).replace('"ordinal":1,', '')].join('\n')}\n`;
    const out = dec(fixBytes('x.jsonl', enc.encode(text), {}).output);
    expect(out).not.toContain('"ordinal"');
    expect(out.trimEnd().split('\n')).toHaveLength(3);
  });

  it('strips a byte order mark only when the BOM fix applies', () => {
    const text = `\ufeff${[META(), event(1)].join('\n')}\n`;
    const fixed = fixBytes('x.jsonl', enc.encode(text), {});
    expect(fixed.output[0]).toBe(0x7b);
    expect(dec(fixed.output)).toBe(text.slice(1));
  });

  it('places findings on their line (and a compacted history element by pointer)', () => {
    const model = load('x', META());
    expect(codexRollout.locate(model, { line: 3, pointer: '/payload/replacement_history/2' })).toEqual({
      line: 3,
      pointer: '/payload/replacement_history/2',
    });
    expect(codexRollout.locateLine(model, 4)).toBe(4);
  });

  it('lints the clean recordings clean (localshell: the call Codex itself left unanswered)', () => {
    for (const r of recordings) {
      const { name, data } = recording(r);
      const found = lintBytes(name, data, {}).result.diagnostics.map((d) => `${d.ruleId}/${d.messageId}`);
      expect(found, r).toEqual(r === 'localshell' ? ['codex/call-has-output/noOutput'] : []);
    }
  });
});

describe('codex-rollout sessions', () => {
  const store = codexRollout.sessions!;
  it('lives in ${CODEX_HOME:-~/.codex}/sessions (and archived_sessions)', () => {
    expect(store.roots({}, '/home/u')).toEqual(['/home/u/.codex/sessions', '/home/u/.codex/archived_sessions']);
    expect(store.roots({ CODEX_HOME: '/c' }, '/home/u')).toEqual(['/c/sessions', '/c/archived_sessions']);
  });
  it('finds a rollout by the uuid its name ends with', () => {
    expect(store.patterns('01A230F0-4C32-7540-BC27-A814D7990323', { sidechains: false })).toEqual([
      '**/rollout-*01a230f0-4c32-7540-bc27-a814d7990323.jsonl',
    ]);
    expect(store.patterns(undefined, { sidechains: true })).toEqual(['**/rollout-*.jsonl']);
    expect(store.idOf!('/s/2026/12/01/rollout-2026-12-01T09-29-44-01a230f0-4c32-7540-bc27-a814d7990323.jsonl')).toBe(
      '01a230f0-4c32-7540-bc27-a814d7990323',
    );
  });
});
