// Cases of the Copilot differential harness (fixtures/sessions/copilot-differential, its README): each damaged file
// is checked against the recordings it was cut from, linted, then split and fixed in the harness's order (split,
// --fix --unsafe-fixes, split and --fix again while another session is reported). The fixed files must be exactly
// the recordings' lines, nothing lost, and our export of the fixed file must equal what Copilot CLI 1.0.102 sent when
// it resumed it (sent-conversation.json).
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linter } from '../../src/composition.js';
import { splitSessions } from '../../src/engine/split-sessions.js';
import { exportRequest, fixBytes, lintBytes } from '../../src/index.js';
import { derivedUuid } from '../../src/fixer/chain-edits.js';
import { MOVED_BY_SPLIT } from '../../rules/copilot/session-structure/messages.js';
import { recording } from '../rules/copilot/recorded.js';

const DATA = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'copilot-differential');
const RECORDINGS = path.resolve(DATA, '..', 'copilot');
const joined = (lines: string[]) => `${lines.join('\n')}\n`;

let state: string;
beforeEach(() => {
  state = path.join(mkdtempSync(path.join(tmpdir(), 'tl-copilot-diff-')), 'session-state');
});
afterEach(() => rmSync(path.dirname(state), { recursive: true, force: true }));

/** The case's events.jsonl placed in its session folder (named by its session.start), and that file's path. */
function place(name: string): { file: string; damaged: Buffer } {
  const damaged = readFileSync(path.join(DATA, name, 'events.jsonl'));
  // The first sessionId its first line names (seed 539's is cut off, another session's start glued behind it).
  const id = /"sessionId":"([^"]+)"/.exec(damaged.subarray(0, damaged.indexOf(10)).toString('utf8'))![1]!;
  const file = path.join(state, id, 'events.jsonl');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, damaged);
  // The recording's workspace.yaml beside it, as the harness stages it.
  const recorded = readdirSync(RECORDINGS).find((r) => readdirSync(path.join(RECORDINGS, r)).includes(id))!;
  copyFileSync(path.join(RECORDINGS, recorded, id, 'workspace.yaml'), path.join(state, id, 'workspace.yaml'));
  return { file, damaged };
}

const findings = (file: string) =>
  lintBytes(file, readFileSync(file)).result.diagnostics.map((d) => [d.line, d.severity, d.ruleId, d.messageId]);
const another = (file: string) =>
  lintBytes(file, readFileSync(file)).result.diagnostics.some(
    (d) => d.severity === 'error' && (MOVED_BY_SPLIT as readonly string[]).includes(d.messageId),
  );

/** The harness's order; the status of each fix. */
async function splitAndFix(file: string): Promise<string[]> {
  const statuses: string[] = [];
  const fix = () => {
    const outcome = fixBytes(file, readFileSync(file), { unsafe: true });
    statuses.push(outcome.status);
    if (outcome.changed) writeFileSync(file, outcome.output);
  };
  await splitSessions({ filePath: file, backup: false }, linter);
  fix();
  if (another(file)) {
    await splitSessions({ filePath: file, backup: false }, linter);
    fix();
  }
  return statuses;
}

/** Every session file under the state folder, by folder name. */
const files = () =>
  Object.fromEntries(
    readdirSync(state).map((id) => [id, readFileSync(path.join(state, id, 'events.jsonl'), 'latin1')] as const),
  );

const sent = (name: string) => JSON.parse(readFileSync(path.join(DATA, name, 'sent-conversation.json'), 'utf8'));
const exported = (file: string) => (exportRequest(file, readFileSync(file)) as { messages: unknown[] }).messages;

describe('Copilot differential cases', () => {
  // Seed 263: the rejoin leaves each other writer's event on a line of its own, a warning (nothing of it is sent);
  // their shutdown is no longer taken for this session's (afterShutdown), so the fix is not "worse" than the file.
  it("another writer's events written inside two events: both rejoined, the others' events kept (seed 263)", async () => {
    const te = recording('tool-error').lines;
    const sub = recording('subagent').lines;
    const ir = recording('interrupted-resumed').lines;
    const { file, damaged } = place('foreign-written-inside');
    expect(damaged.toString('utf8')).toBe(
      joined([
        ...te.slice(0, 7),
        te[7]!.slice(0, 167) + sub[21],
        te[7]!.slice(167),
        ...te.slice(8, 14),
        te[14]!.slice(0, 530) + ir[15],
        te[14]!.slice(530),
        ...te.slice(15),
      ]),
    );
    expect(findings(file)).toEqual([
      [8, 'error', 'copilot/concatenated-event', 'inside'],
      [16, 'error', 'copilot/concatenated-event', 'inside'],
    ]);
    expect(await splitAndFix(file)).toEqual(['fixed']);
    expect(files()).toEqual({
      [path.basename(path.dirname(file))]: joined([
        ...te.slice(0, 8),
        sub[21]!,
        ...te.slice(8, 15),
        ir[15]!,
        ...te.slice(15),
      ]),
    });
    expect(findings(file)).toEqual([
      [9, 'warn', 'copilot/session-structure', 'foreignQuiet'],
      [17, 'warn', 'copilot/session-structure', 'foreignQuiet'],
    ]);
    expect(exported(file)).toEqual(sent('foreign-written-inside'));
  });

  // Seed 258: after `split` moved subagent's file out, the prompt written inside the shutdown is no copy of a line of
  // the file any more; rejoined, it is another writer's (an error, not made worse by an afterShutdown warning), and
  // the second split moves it to a folder of its own.
  it("a copy of another session's prompt written inside the shutdown, that session appended (seed 258)", async () => {
    const th = recording('thinking').lines;
    const sub = recording('subagent').lines;
    const { file, damaged } = place('copy-written-inside');
    const lines = damaged.toString('latin1').split('\n');
    expect(lines.slice(0, 15).join('\n')).toBe(
      Buffer.from(joined([...th.slice(0, 13), th[13]!.slice(0, 580) + sub[1], th[13]!.slice(580)]))
        .toString('latin1')
        .slice(0, -1),
    );
    expect(findings(file)).toEqual([
      [14, 'error', 'copilot/concatenated-event', 'inside'],
      [23, 'error', 'copilot/session-structure', 'otherSession'],
      [35, 'error', 'copilot/valid-json', 'utf8'],
    ]);
    expect(await splitAndFix(file)).toEqual(['fixed', 'unchanged']);
    const out = files();
    const unknown = `unknown-${JSON.parse(sub[1]!).id}`;
    expect(Object.keys(out).sort()).toEqual(
      [path.basename(path.dirname(file)), JSON.parse(sub[0]!).data.sessionId, unknown].sort(),
    );
    expect(out[path.basename(path.dirname(file))]).toBe(joined(th));
    expect(out[unknown]).toBe(joined([sub[1]!]));
    expect(findings(file)).toEqual([]);
    expect(exported(file)).toEqual(sent('copy-written-inside'));
  });

  // Seeds 500, 534 and 550: a prompt and the answer that requested two calls deleted, the calls' starts and completions
  // left. Copilot 1.0.102 resumed it without that answer, rc 0, nothing rejected, the file only appended to: warnings
  // only. The unsafe fix rebuilds the answer's calls from their starts, in a marked assistant.message with the id
  // the first start names as its parent.
  it('the answer that requested two calls deleted, their starts and completions left (seed 500)', async () => {
    const mt = recording('multi-turn');
    const { file, damaged } = place('answer-deleted');
    expect(damaged.toString('utf8')).toBe(joined([...mt.lines.slice(0, 13), ...mt.lines.slice(19)]));
    expect(findings(file)).toEqual([
      [14, 'warn', 'copilot/session-structure', 'danglingParent'],
      [16, 'warn', 'copilot/tool-request-has-completion', 'answerLost'],
      [17, 'warn', 'copilot/tool-request-has-completion', 'answerLost'],
      [21, 'warn', 'copilot/merged-answers', 'merged'],
    ]);
    expect(await splitAndFix(file)).toEqual(['fixed']);
    const rebuilt = {
      type: 'assistant.message',
      data: {
        messageId: derivedUuid('copilot', path.basename(path.dirname(file)), 'lost-message', '14'),
        content: '',
        toolRequests: [20, 21].map((n) => ({
          toolCallId: mt.event(n).data.toolCallId,
          name: mt.event(n).data.toolName,
          arguments: mt.event(n).data.arguments,
          type: 'function',
        })),
        interactionId: 'transcript-lint',
      },
      id: mt.event(20).parentId,
      timestamp: mt.event(13).timestamp,
      parentId: mt.event(13).id,
    };
    expect(files()).toEqual({
      [path.basename(path.dirname(file))]: joined([
        ...mt.lines.slice(0, 13),
        JSON.stringify(rebuilt),
        ...mt.lines.slice(19),
      ]),
    });
    expect(findings(file)).toEqual([[14, 'warn', 'copilot/merged-answers', 'merged']]);
    expect(exported(file)).toEqual(sent('answer-deleted'));
  });

  // Seed 539: tool-error's session.start cut at byte 232 by a crash, resumed's file appended right after it (its
  // start glued on that line), then the file restored from an older copy: resumed's first 11 lines again behind the
  // same cut start. Copilot 1.0.102 could not load it. Once the fix splits the glued lines, this session's start is
  // in a kept line: the other start is resumed's (otherSessionOwnDamaged), and `split` moves its events to its own
  // folder. Before, that start was taken for this session's and renamed, and Copilot sent resumed's conversation as
  // this one's. The file left holds the kept line alone, still Copilot's (named events.jsonl); the unsafe fix
  // writes a session.start again, and Copilot resumed it clean with nothing before its prompt.
  it("this session's start cut off, another session's glued behind it, then an older copy restored (seed 539)", async () => {
    const te = Buffer.from(recording('tool-error').text).subarray(0, 232).toString('utf8');
    const re = recording('resumed').lines;
    const { file, damaged } = place('own-start-cut-other-glued');
    expect(damaged.toString('utf8')).toBe(te + joined(re.slice(0, 12)) + te + joined(re.slice(0, 11)));
    expect(findings(file).filter(([, severity]) => severity === 'error')).toEqual([
      [1, 'error', 'copilot/concatenated-event', 'prefixed'],
      [2, 'error', 'copilot/session-structure', 'noStart'],
      [13, 'error', 'copilot/concatenated-event', 'prefixed'],
    ]);
    // Fixed without split: this session's cut start is kept in a kept-line event, which Copilot skips (not a line
    // it cannot read), and the other session's start is reported as that session's.
    const keptOnly = fixBytes(file, damaged, { unsafe: true }).output;
    const reported = lintBytes(file, keptOnly).result.diagnostics.filter(
      (d) => d.ruleId === 'copilot/session-structure',
    );
    expect(reported.map((d) => [d.line, d.messageId, d.message])).toEqual([
      [
        2,
        'otherSessionOwnKept',
        `This session.start is another session's (3e25095e-ac90-410f-bfad-85178c924e6e): this session's own session.start (sessionId ${path.basename(path.dirname(file))}, the folder's name) is kept on line 1 in a \`transcript-lint.kept-line\` event, which Copilot skips. Copilot resumes the other session's conversation under this session's id. Move the other session's events to a session of their own with \`transcript-lint split\`.`,
      ],
    ]);
    expect(await splitAndFix(file)).toEqual(['fixed', 'fixed']);
    const out = files();
    const own = path.basename(path.dirname(file));
    expect(Object.keys(out).sort()).toEqual([own, '3e25095e-ac90-410f-bfad-85178c924e6e'].sort());
    // resumed's lines, each once (the restored older copy's lines were exact copies, dropped as duplicateLine), and
    // the second copy of the cut start, kept in the line it was glued to, chained after resumed's usage record.
    const kept = (l: string) => {
      const e = JSON.parse(l) as { type: string; data: Record<string, unknown> };
      return [e.type, e.data.reason, e.data.text];
    };
    const KEPT = ['transcript-lint.kept-line', 'cut-off event', te];
    const other = out['3e25095e-ac90-410f-bfad-85178c924e6e']!.trimEnd().split('\n');
    expect(joined(other.slice(0, 12))).toBe(joined(re.slice(0, 12)));
    expect(other.slice(12).map(kept)).toEqual([KEPT]);
    // This session: a session.start written again from the folder (unsafe), then the cut start kept.
    const lines = out[own]!.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const start = JSON.parse(lines[0]!) as { type: string; data: Record<string, unknown> };
    expect([start.type, start.data.sessionId]).toEqual(['session.start', own]);
    expect(kept(lines[1]!)).toEqual(KEPT);
    expect(findings(file)).toEqual([]);
    expect(exported(file)).toEqual(sent('own-start-cut-other-glued'));
  });

  // Seed 525: one-tool resumed by two terminals at once, their lines interleaved; then lines 11-15 deleted (the end of
  // one-tool and terminal A's session.resume) and a NUL block over terminal B's usage record and answer. Terminal B's
  // chain (its session.resume, prompt, system message and turn start) was older in the file than terminal A's later
  // events, so it was taken for another writer's and `split` moved it out: its prompt was lost from the fixed file.
  // A chain that starts with a session.resume and names no other session is this session's. Copilot 1.0.102 sent
  // both terminals' prompts (one user message) from the fixed file, as from the damaged one.
  it('two terminals, the end of the file and one terminal’s resume deleted, a NUL block (seed 525)', async () => {
    const { file, damaged } = place('two-terminals-resume-deleted');
    expect(findings(file)).toEqual([
      [11, 'warn', 'copilot/session-structure', 'danglingParent'],
      [12, 'warn', 'copilot/session-structure', 'danglingParent'],
      [18, 'error', 'copilot/trailing-nul', 'inText'],
      [29, 'warn', 'copilot/session-structure', 'afterShutdown'],
    ]);
    expect(await splitAndFix(file)).toEqual(['fixed']);
    const out = files();
    expect(Object.keys(out)).toEqual([path.basename(path.dirname(file))]);
    // Nothing deleted: the NUL line kept, four parents chained again, every other line as it was.
    const before = damaged.toString('latin1').trimEnd().split('\n');
    const after = out[path.basename(path.dirname(file))]!.trimEnd().split('\n');
    expect(after).toHaveLength(before.length);
    const id = (n: number) => (JSON.parse(before[n - 1]!) as { id: string }).id;
    const parent = (l: string) => (JSON.parse(l) as { parentId: string }).parentId;
    const keptId = (JSON.parse(after[17]!) as { id: string }).id;
    expect([11, 12, 19, 26].map((n) => parent(after[n - 1]!))).toEqual([id(10), id(11), keptId, id(25)]);
    for (const [i, l] of after.entries()) if (![10, 11, 17, 18, 25].includes(i)) expect(l).toBe(before[i]);
    expect((JSON.parse(after[17]!) as { type: string }).type).toBe('transcript-lint.kept-line');
    expect(findings(file)).toEqual([[29, 'warn', 'copilot/session-structure', 'afterShutdown']]);
    const prompts = (exported(file) as { role: string; content: { text?: string }[] }[])
      .flatMap((m) => (m.role === 'user' ? m.content.map((b) => b.text ?? '') : []))
      .filter((t) => t.includes('continue from terminal'));
    expect(prompts.map((t) => t.slice(-10))).toEqual(['terminal A', 'terminal B']);
    expect(exported(file)).toEqual(sent('two-terminals-resume-deleted'));
  });

  // Seed 292: resumed's lines after unicode-sep's, nothing of this session after them and no usage record among them;
  // resumed's shutdown names resumed (usageAccountingWatermarks), so they are another session's: an error, and split
  // moves them to resumed's folder.
  it("another session's answer and prompt at the end, its shutdown naming it (seed 292)", async () => {
    const us = recording('unicode-sep').lines;
    const re = recording('resumed').lines;
    const { file, damaged } = place('foreign-named-by-shutdown');
    expect(damaged.toString('utf8')).toBe(joined([...us.slice(0, 11), ...re.slice(5, 10)]));
    expect(findings(file)).toEqual([[12, 'error', 'copilot/session-structure', 'foreignNamed']]);
    expect(lintBytes(file, damaged).result.diagnostics[0]!.message).toContain(
      'the session.shutdown on line 14 was written for session 3e25095e-ac90-410f-bfad-85178c924e6e',
    );
    expect(await splitAndFix(file)).toEqual(['unchanged']);
    expect(files()).toEqual({
      [path.basename(path.dirname(file))]: joined(us.slice(0, 11)),
      '3e25095e-ac90-410f-bfad-85178c924e6e': joined(re.slice(5, 10)),
    });
    expect(exported(file)).toEqual(sent('foreign-named-by-shutdown'));
  });
});
