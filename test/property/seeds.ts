// The transcripts the property tests mutate: the real Claude Code 2.1.332 sessions in ../shared/corpus (next to the
// repository; absent in a plain clone) and a few small transcripts built here, so the suite runs on a clone alone.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonlFiles } from '../helpers/corpus.js';
import { image, text, thinking, toolResult, toolUse, transcript } from '../helpers/build.js';
import { enc } from '../helpers/bytes.js';

export interface Seed {
  name: string;
  bytes: Uint8Array;
}

export const CORPUS_DIR = fileURLToPath(new URL('../../../shared/corpus/claude-code-2.1.332', import.meta.url));
/** FUZZ_NO_CORPUS=1 runs as a plain clone does, on the built transcripts only. */
export const HAVE_CORPUS = !process.env.FUZZ_NO_CORPUS && existsSync(CORPUS_DIR);

export function corpusSeeds(): Seed[] {
  if (!HAVE_CORPUS) return [];
  return jsonlFiles(CORPUS_DIR).map((p) => ({
    name: `corpus:${relative(CORPUS_DIR, p)}`,
    bytes: new Uint8Array(readFileSync(p)),
  }));
}

/** Small transcripts in the shapes Claude Code writes (and one already damaged), built with test/helpers/build.ts. */
export function generatedSeeds(): Seed[] {
  const seeds: Seed[] = [];

  {
    const t = transcript();
    t.user('hello there');
    t.assistant([text('Hi! What can I do for you?')]);
    t.lastPrompt(t.lastUuid, 'hello there');
    seeds.push({ name: 'gen:plain', bytes: enc(t.toString()) });
  }

  {
    // A response split into parts sharing one message id, with results interleaved as Claude Code writes them.
    const t = transcript();
    t.user('list the files and show the date');
    const a1 = t.assistant([text('Running both.')], { id: 'msg_split', requestId: 'req_1' });
    const a2 = t.assistant([toolUse('toolu_01', 'Bash', { command: 'ls' })], {
      id: 'msg_split',
      requestId: 'req_1',
      parent: a1,
    });
    t.result('toolu_01', 'a.txt\nb.txt', { parent: a2 });
    const a3 = t.assistant([toolUse('toolu_02', 'Bash', { command: 'date' })], {
      id: 'msg_split',
      requestId: 'req_1',
      parent: a2,
    });
    t.result('toolu_02', [{ type: 'text', text: 'Mon Nov  2' }], { parent: a3 });
    t.assistant([text('Two files; it is Monday.')]);
    t.lastPrompt(t.lastUuid, 'list the files and show the date');
    seeds.push({ name: 'gen:parallel', bytes: enc(t.toString()) });
  }

  {
    const t = transcript();
    t.user('think, then read the file');
    t.assistant([thinking('I should read it.', 'c2lnbmF0dXJl'), toolUse('toolu_11', 'Read', { file_path: '/tmp/a' })]);
    t.result('toolu_11', 'no such file', { isError: true });
    t.assistant([thinking('It is missing.', 'c2lnMg=='), text('The file does not exist.')]);
    t.lastPrompt();
    seeds.push({ name: 'gen:thinking', bytes: enc(t.toString()) });
  }

  {
    const t = transcript();
    t.user('first task');
    t.assistant([toolUse('toolu_21', 'Bash', { command: 'make' })]);
    t.result('toolu_21', 'ok');
    t.assistant([text('Built.')]);
    t.compactBoundary();
    t.compactSummary();
    t.user('second task');
    t.attachment(
      { type: 'edited_text_file', filename: '/tmp/a', snippet: 'x' },
      { rendered: ['<system-reminder>edited</system-reminder>'] },
    );
    t.assistant([text('Done.')]);
    t.lastPrompt(t.lastUuid, 'second task');
    seeds.push({ name: 'gen:compact', bytes: enc(t.toString()) });
  }

  {
    // Images, a sidechain, tool results with nested blocks and metadata entries.
    const t = transcript();
    t.raw({
      type: 'file-history-snapshot',
      messageId: 'm1',
      snapshot: { trackedFileBackups: {} },
      isSnapshotUpdate: false,
    });
    t.user([text('what is in this picture?'), image()]);
    t.assistant([toolUse('toolu_31', 'Task', { prompt: 'look' })]);
    const r = t.result('toolu_31', [text('a cat'), image('aGk=')]);
    const side = t.user('subtask', { parent: null, extra: { isSidechain: true } });
    t.assistant([text('sub answer')], { parent: side, extra: { isSidechain: true } });
    t.assistant([text('A cat.')], { parent: r });
    t.raw({ type: 'summary', summary: 'Cat picture', leafUuid: t.lastUuid });
    seeds.push({ name: 'gen:media', bytes: enc(t.toString()) });
  }

  {
    // Already damaged: a missing result, an orphan result, a duplicate line, a torn tail. Gives the fixer work.
    const t = transcript();
    t.user('do things');
    t.assistant([toolUse('toolu_41', 'Bash'), toolUse('toolu_42', 'Bash')]);
    t.result('toolu_41', 'ok');
    t.user([toolResult('toolu_99', 'orphan')]);
    const dup = t.lines[t.lines.length - 1]!;
    t.raw(dup);
    t.assistant([text('')]);
    t.user('next');
    t.lastPrompt();
    seeds.push({
      name: 'gen:damaged',
      bytes: enc(t.toString() + '{"parentUuid":"00000000-0000-4000-8000-00000000000'),
    });
  }

  return seeds;
}

export function allSeeds(): Seed[] {
  return [...corpusSeeds(), ...generatedSeeds()];
}
