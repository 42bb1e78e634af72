import { describe, expect, it } from 'vitest';
import rule from '../../rules/server-tool-pairing.js';
import { fixed, text, transcript, uuidAt } from '../helpers/build.js';
import { itemText, recordedItem } from '../helpers/recorded.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

const call = { type: 'server_tool_use', id: 'srvtoolu_W1', name: 'web_search', input: { query: 'q' } };
const result = (id = 'srvtoolu_W1') => ({
  type: 'web_search_tool_result',
  tool_use_id: id,
  content: [{ type: 'web_search_result', url: 'https://example.com/a', title: 'A', encrypted_content: 'ZW5j' }],
});

/** A web search stored as Claude Code writes it: split parts of one response (lines 2-5). */
const search = (parts: { call?: boolean; result?: string | null }) => {
  const t = transcript();
  t.user('search the web'); // 1
  t.assistant([text('Searching.')], { id: 'msg_S' }); // 2
  if (parts.call !== false) t.assistant([call], { id: 'msg_S' }); // 3
  if (parts.result !== null) t.assistant([result(parts.result)], { id: 'msg_S' }); // 4
  t.assistant([text('Found one page.')], { id: 'msg_S' }); // 5
  return t.toString();
};

const noResult = search({ result: null });
const otherId = search({ result: 'srvtoolu_OTHER' });
const noCall = search({ call: false });

runRuleTests(rule, {
  valid: [
    { name: 'a complete pair in split parts (recording "server")', text: search({}) },
    {
      name: 'a complete pair in one entry',
      text: (() => {
        const t = transcript();
        t.user('search');
        t.assistant([call, result(), text('done')]);
        return t.toString();
      })(),
    },
  ],
  invalid: [
    {
      name: 'a call without its result (item 04a)',
      text: noResult,
      errors: [{ messageId: 'callWithoutResult', line: 3, severity: 'warn', messageIncludes: 'removes the call' }],
      output: fixed(noResult, {
        3: null,
        4: (e) => {
          e.parentUuid = uuidAt(noResult, 2);
        },
      }),
    },
    {
      name: 'a result naming another call (item 04b): both reported, both removed',
      text: otherId,
      errors: [
        { messageId: 'callWithoutResult', line: 3 },
        { messageId: 'resultWithoutCall', line: 4, messageIncludes: 'srvtoolu_OTHER' },
      ],
      output: fixed(otherId, {
        3: null,
        4: null,
        5: (e) => {
          e.parentUuid = uuidAt(otherId, 2);
        },
      }),
    },
    {
      name: 'a result without its call; api target: an error',
      text: noCall,
      target: 'api',
      errors: [{ messageId: 'resultWithoutCall', line: 3, severity: 'error' }],
      output: fixed(noCall, {
        3: null,
        4: (e) => {
          e.parentUuid = uuidAt(noCall, 2);
        },
      }),
    },
  ],
});

describe('server-tool-pairing on the recorded items (A4)', () => {
  it('04a: the call whose result part was deleted', () => {
    const found = lintWith(rule, itemText(recordedItem('04a'))).result.diagnostics;
    expect(found.map((d) => [d.line, d.messageId])).toEqual([[20, 'callWithoutResult']]);
  });
  it('04b: the call, and the orphan result Claude Code still sends', () => {
    const found = lintWith(rule, itemText(recordedItem('04b'))).result.diagnostics;
    expect(found.map((d) => [d.line, d.messageId])).toEqual([
      [20, 'callWithoutResult'],
      [21, 'resultWithoutCall'],
    ]);
  });
  it('the unmutated recording is clean', () => {
    expect(lintWith(rule, itemText({ ...recordedItem('04a'), patch: [] })).result.diagnostics).toEqual([]);
  });
});
