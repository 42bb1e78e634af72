// --fix on plain Messages API inputs: a JSON document is rewritten with its own layout (indentation, separators,
// line ending, BOM, final newline, ASCII escapes); a JSONL message list keeps every line no fix names byte for
// byte; edits on Claude Code's storage fields (uuid links, the marker field) never reach a request.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixFile } from '../../src/index.js';
import { fixBytes } from '../../src/index.js';
import { MISSING_HISTORY } from '../../rules/first-message-user.js';
import { INTERRUPTED_TOOL_RESULT } from '../../src/formats/claude-code/repair-passes.js';
import {
  assistantMsg,
  doc,
  jsonl,
  type Layout,
  request,
  text,
  thinking,
  toolResult,
  toolUse,
  TOOLS,
  userMsg,
} from '../helpers/plain.js';
import { enc, dec } from '../helpers/bytes.js';

function fix(input: string, opts: { unsafe?: boolean } = {}) {
  const out = fixBytes('fixture.json', enc(input), opts);
  expect(out.status).not.toBe('worse');
  const again = fixBytes('fixture.json', out.output, opts);
  expect(again.changed, 'a second fix changes nothing').toBe(false);
  return { ...out, text: dec(out.output) };
}

const hi = userMsg('What is the weather in Paris?');
const orphan = [hi, assistantMsg('Sunny.'), userMsg([toolResult('toolu_09'), text('thanks')])];
const orphanFixed = [hi, assistantMsg('Sunny.'), userMsg([text('thanks')])];

describe('JSON documents keep their layout', () => {
  for (const layout of ['pretty2', 'pretty4', 'tab', 'compact'] as Layout[]) {
    it(`request, ${layout}`, () => {
      const out = fix(doc(request(orphan, { tools: TOOLS }), layout));
      expect(out.status).toBe('fixed');
      expect(out.text).toBe(doc(request(orphanFixed, { tools: TOOLS }), layout));
    });
    it(`message array, ${layout}`, () => {
      expect(fix(doc(orphan, layout)).text).toBe(doc(orphanFixed, layout));
    });
  }

  it('keeps CRLF, a BOM and a missing final newline', () => {
    const input = '\uFEFF' + JSON.stringify(request(orphan), null, 2).replace(/\n/g, '\r\n');
    const out = fixBytes('x.json', enc(input));
    expect([...out.output.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(dec(out.output)).toBe('\uFEFF' + JSON.stringify(request(orphanFixed), null, 2).replace(/\n/g, '\r\n'));
  });

  it('keeps Python-style separators and \\u escapes', () => {
    // What Python's json.dumps writes by default: ", " and ": " separators, non-ASCII as \u escapes.
    const input =
      '{"model": "claude-opus-5-5", "messages": [{"role": "user", "content": "Caf\\u00e9?"}, {"role": "assistant", "content": "Oui. "}]}\n';
    const output =
      '{"model": "claude-opus-5-5", "messages": [{"role": "user", "content": "Caf\\u00e9?"}, {"role": "assistant", "content": "Oui."}]}\n';
    expect(fix(input).text).toBe(output);
  });

  it('an unparseable document is never rewritten', () => {
    const input = '{\n  "messages": [\n    {"role": "user", "content": ""},\n';
    const out = fixBytes('x.json', enc(input));
    expect(out.changed).toBe(false);
    expect(dec(out.output)).toBe(input);
  });
});

describe('JSON documents keep every byte no fix names (issue 11, items 3 and 4)', () => {
  const latin1 = (b: Uint8Array): string => Buffer.from(b).toString('latin1');
  const bytesOf = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
  /** The document with exotic spellings a re-serialisation would lose, in fields and messages no fix touches. */
  const exotic = (text: string): string =>
    text
      .replace(
        '"max_tokens": 1024',
        '"max_tokens": 1024.0, "temperature" : 1E0, "top_k":12345678901234567890, "top_k":-0',
      )
      .replace('What is the weather in Paris?', 'Caf\\u00e9 \\/ Paris? ')
      .replace('"Sunny."', '"Sunny.",\n      "n":  1e400');

  it('a pretty request: the fix cuts the block it names, everything else stays as written', () => {
    const input = exotic(doc(request(orphan, { tools: TOOLS })));
    const out = fix(input);
    expect(out.status).toBe('fixed');
    expect(out.text).toBe(exotic(doc(request(orphanFixed, { tools: TOOLS }))));
  });

  it('a document with invalid UTF-8 is fixed, its invalid bytes kept, and still reported', () => {
    const input = bytesOf(exotic(doc(request(orphan))).replace('Paris? ', 'Paris? caf\xe9 \xff'));
    const out = fixBytes('fixture.json', input);
    expect(out.status).toBe('fixed');
    expect(latin1(out.output)).toBe(exotic(doc(request(orphanFixed))).replace('Paris? ', 'Paris? caf\xe9 \xff'));
    expect(out.final.result.diagnostics.map((d) => d.ruleId)).toEqual(['valid-json']);
  });

  it('a hand-formatted document keeps its own spacing around the edit', () => {
    const input =
      '{ "model" : "claude-opus-5-5",\n"messages" : [ { "role" : "user", "content" : "hi" } ,\n  { "role":"assistant", "content":[{"type":"text","text":"Sunny. "}] } ] }\n';
    expect(fix(input).text).toBe(input.replace('"Sunny. "', '"Sunny."'));
  });
});

describe('JSONL message lists', () => {
  it('keeps untouched lines byte for byte', () => {
    const odd = '{ "role" : "user", "content" : "What is the weather in Paris?" }';
    const input = [odd, JSON.stringify(orphan[1]), JSON.stringify(orphan[2])].join('\r\n') + '\r\n';
    const out = fix(input);
    expect(out.text).toBe([odd, JSON.stringify(orphan[1]), JSON.stringify(orphanFixed[2])].join('\r\n') + '\r\n');
  });

  it('drops a torn last line (safe) and a bad line only with unsafe fixes', () => {
    const input = jsonl([hi]) + 'garbage\n' + JSON.stringify(assistantMsg('ok')) + '\n{"role":"us';
    expect(fix(input).text).toBe(jsonl([hi]) + 'garbage\n' + JSON.stringify(assistantMsg('ok')) + '\n');
    expect(fix(input, { unsafe: true }).text).toBe(jsonl([hi, assistantMsg('ok')]));
  });
});

describe('fixes written for Claude Code entries apply to plain messages', () => {
  it('a missing result goes first into the next user message (no new user turn)', () => {
    const input = doc(request([hi, assistantMsg([toolUse('toolu_01')]), userMsg('never mind')]));
    const result = { type: 'tool_result', tool_use_id: 'toolu_01', content: INTERRUPTED_TOOL_RESULT, is_error: true };
    expect(fix(input).text).toBe(
      doc(request([hi, assistantMsg([toolUse('toolu_01')]), userMsg([result, text('never mind')])])),
    );
  });

  it('a missing result at the end is a new user message, without any storage field', () => {
    const input = jsonl([hi, assistantMsg([toolUse('toolu_01')])]);
    const out = fix(input).text.split('\n');
    expect(JSON.parse(out[2]!)).toEqual({
      role: 'user',
      content: [{ tool_use_id: 'toolu_01', type: 'tool_result', content: INTERRUPTED_TOOL_RESULT, is_error: true }],
    });
  });

  it('a request starting with an assistant message gets a user message first', () => {
    const input = doc(request([assistantMsg('Hello.'), hi]), 'pretty4');
    expect(fix(input).text).toBe(doc(request([userMsg(MISSING_HISTORY), assistantMsg('Hello.'), hi]), 'pretty4'));
    const list = jsonl([assistantMsg('Hello.'), hi]);
    expect(fix(list).text).toBe(jsonl([userMsg(MISSING_HISTORY), assistantMsg('Hello.'), hi]));
  });

  it('an unsafe fix that keeps the original under the marker field drops the marker in a request', () => {
    const input = doc(
      request([
        hi,
        assistantMsg([toolUse('toolu_01', 'get_weather', 'not an object')]),
        userMsg([toolResult('toolu_01')]),
      ]),
    );
    expect(fix(input).changed).toBe(false);
    const out = fix(input, { unsafe: true });
    expect(out.text).toBe(
      doc(request([hi, assistantMsg([toolUse('toolu_01', 'get_weather', {})]), userMsg([toolResult('toolu_01')])])),
    );
    expect(out.text).not.toContain('transcriptLint');
  });

  it('several rules fix one document together', () => {
    const input = doc(
      request([
        assistantMsg('Hello.'),
        hi,
        assistantMsg([text(''), thinking(), text('Checking.'), toolUse('toolu_01')]),
        userMsg([toolResult('toolu_01'), toolResult('toolu_02')]),
        assistantMsg('It is sunny. '),
      ]),
    );
    const out = fix(input);
    expect(out.final.result.diagnostics).toEqual([]);
    expect(JSON.parse(out.text)).toEqual(
      request([
        userMsg(MISSING_HISTORY),
        assistantMsg('Hello.'),
        hi,
        assistantMsg([thinking(), text('Checking.'), toolUse('toolu_01')]),
        userMsg([toolResult('toolu_01')]),
        assistantMsg('It is sunny.'),
      ]),
    );
  });
});

describe('fixFile', () => {
  it('writes the fixed request with its layout and keeps a backup', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tl-plain-'));
    try {
      const path = join(dir, 'fixture.json');
      const input = doc(request(orphan), 'tab');
      await writeFile(path, input);
      const r = await fixFile(path);
      expect(r.written).toBe(true);
      expect(await readFile(path, 'utf8')).toBe(doc(request(orphanFixed), 'tab'));
      expect(await readFile(r.backupPath!, 'utf8')).toBe(input);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
