import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/first-message-user.js';
import { text, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

const plain = transcript();
plain.user('hello');
plain.assistant([text('hi')]);

// 2.1.332 shape: prompt, then attachments (some rendered as system messages), then the answer.
const attachments = transcript();
attachments.user('hello');
attachments.attachment({ type: 'environment' }, { rendered: ['<system-reminder>env</system-reminder>'], renderedRole: 'system' });
attachments.attachment({ type: 'date' }, { rendered: ['<system-reminder>date</system-reminder>'] });
attachments.assistant([text('hi')]);

// After compaction the request starts with the summary (a user message).
const compacted = transcript();
compacted.assistant([text('old answer')], { parent: null });
compacted.compactBoundary();
compacted.compactSummary();
compacted.assistant([text('Continuing.')]);

// A system message ahead of the first user message is skipped, as the API pairing rules skip it.
const systemFirst = transcript();
systemFirst.attachment({ type: 'environment' }, { parent: null, rendered: ['<system-reminder>env</system-reminder>'], renderedRole: 'system' });
systemFirst.user('hello');
systemFirst.assistant([text('hi')]);

// The chain's root is an assistant entry.
const root = transcript();
root.assistant([text('I was here first')], { parent: null }); // 1
root.user('hm'); // 2
root.assistant([text('ok')]); // 3

// The first entry's parent is not in the file (sidechain_integrated.jsonl shape).
const missing = transcript();
missing.assistant([toolUse('toolu_T')], { parent: 'not-in-this-file' }); // 1
missing.result('toolu_T'); // 2
missing.assistant([text('done')]); // 3

// The first prompt is virtual (display-only), so nothing before the assistant is sent.
const virtualPrompt = transcript();
virtualPrompt.user('hidden', { extra: { isVirtual: true } }); // 1
virtualPrompt.assistant([text('answer')]); // 2

// After a compact boundary whose summary is gone, an assistant comes first.
const noSummary = transcript();
noSummary.user('old'); // 1
noSummary.compactBoundary(); // 2
noSummary.assistant([text('after compaction')]); // 3

runRuleTests(rule, {
  valid: [
    { name: 'a prompt first', text: plain.toString() },
    { name: 'attachments between prompt and answer', text: attachments.toString() },
    { name: 'compaction: the summary comes first', text: compacted.toString() },
    { name: 'a system message before the first prompt', text: systemFirst.toString() },
    { name: 'a prompt first (api target)', text: plain.toString(), target: 'api' },
    { name: 'an empty file', text: '' },
  ],
  invalid: [
    { name: 'the chain root is an assistant entry', text: root.toString(), errors: [{ messageId: 'root', line: 1, severity: 'error' }] },
    { name: 'the first entry has a parent missing from the file', text: missing.toString(), errors: [{ messageId: 'missingParent', line: 1, messageIncludes: 'its parent not-in-this-file is not in the file' }] },
    { name: 'a virtual first prompt', text: virtualPrompt.toString(), errors: [{ messageId: 'nothingSent', line: 2 }] },
    { name: 'a compact boundary without a summary', text: noSummary.toString(), errors: [{ messageId: 'nothingSent', line: 3 }] },
    { name: 'api target: also an error', text: root.toString(), target: 'api', errors: [{ messageId: 'root', line: 1, severity: 'error' }] },
  ],
});

describe('first-message-user details', () => {
  it('quotes the API error', () => {
    const { result } = lintWith(rule, root.toString());
    expect(result.diagnostics[0]!.message).toContain('400 "first message must use the user role"');
  });

  it('relates the chain root when entries before the assistant send nothing', () => {
    const { result } = lintWith(rule, noSummary.toString());
    expect(result.diagnostics[0]!.related).toEqual([{ line: 2, message: 'the chain starts here' }]);
  });

  // The two claude-code-log fixtures the strict API rejected on resume (oracle-expected.json: 6 requests, rc 1).
  const corpus = fileURLToPath(new URL('../../../shared/corpus/claude-code-log/test/test_data', import.meta.url));
  it.skipIf(!existsSync(corpus))('explains the claude-code-log fixtures Claude Code could not resume', () => {
    for (const [file, line, parent] of [
      ['edge_cases.jsonl', 17, 'assistant_003'],
      ['sidechain_integrated.jsonl', 1, '8ae40e91-fa63-40a9-969d-70c0c1d6175e'],
    ] as const) {
      const { result } = lintWith(rule, readFileSync(`${corpus}/${file}`, 'utf8'));
      expect(result.diagnostics.map((d) => [d.messageId, d.line]), file).toEqual([['missingParent', line]]);
      expect(result.diagnostics[0]!.message).toContain(parent);
    }
  });
});
