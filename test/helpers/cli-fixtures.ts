// Small transcripts with a known outcome for the CLI tests, whatever other rules join the registry:
// clean (no problems), broken (one thinking-signature error, whose safe fix gives back the clean transcript), torn
// (one valid-json warning: Claude Code resumes from the entry before a torn last line) and dangling (one
// tool-use-has-result warning for the claude-code target, an error for api).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { text, toolUse, transcript } from './build.js';

export function cleanTranscript(prompt = 'hello there'): string {
  const t = transcript();
  t.user(prompt);
  t.assistant([text('Hi! What can I do for you?')]);
  t.lastPrompt(t.lastUuid, prompt);
  return t.toString();
}

/** The clean exchange with an unsigned thinking block before the answer (line 2): an error, fixed by dropping it. */
export function brokenTranscript(prompt = 'hello there'): string {
  const t = transcript();
  t.user(prompt);
  t.assistant([{ type: 'thinking', thinking: 'hmm' }, text('Hi! What can I do for you?')]);
  t.lastPrompt(t.lastUuid, prompt);
  return t.toString();
}

/** The clean exchange, then a crash while the next entry was being written. */
export function tornTranscript(): string {
  return `${cleanTranscript()}{"parentUuid":"00000000-0000-4000-8000-000000000002","type":"user","mess`;
}

/** What `--fix` makes of tornTranscript(): the torn line kept, on its line, in an entry Claude Code ignores. */
export function tornTranscriptFixed(): string {
  return `${cleanTranscript()}{"type":"transcript-lint.kept-line","reason":"torn","text":"{\\"parentUuid\\":\\"00000000-0000-4000-8000-000000000002\\",\\"type\\":\\"user\\",\\"mess"}\n`;
}

/** The last tool call never got its result: a warning for claude-code. */
export function danglingTranscript(): string {
  const t = transcript();
  t.user('list the files');
  t.assistant([text('Looking.'), toolUse('toolu_01A')]);
  return t.toString();
}

export function writeFile(root: string, rel: string, content: string): string {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}
