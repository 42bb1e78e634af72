// The research samples of the batch and OpenAI formats (research/formats/samples, one defect a file, INDEX.md lists
// what each should report) and the corpus files of the other agents, for the detection tests: each format must claim
// its own files and nothing else. Both folders are beside the repository; the tests skip when they are absent.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const SAMPLES = path.join(ROOT, 'research', 'formats', 'samples');
export const CORPUS = path.join(ROOT, 'shared', 'corpus');

export const hasSamples = existsSync(SAMPLES);

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** The JSON and JSONL files below a folder of the samples (`openai-chat`), relative to the samples. */
export function samples(folder = ''): string[] {
  return walk(path.join(SAMPLES, folder))
    .filter((f) => /\.(json|jsonl)$/.test(f))
    .map((f) => path.relative(SAMPLES, f))
    .sort();
}

export const readSample = (name: string): Buffer => readFileSync(path.join(SAMPLES, name));

/** The corpus files of the agents (Claude Code sessions, Codex rollouts, ...): none of them is a batch or OpenAI file. */
export function corpusFiles(): string[] {
  return walk(CORPUS)
    .filter((f) => /\.(json|jsonl)$/.test(f))
    .sort();
}
