// What the format objects must say for the lists the argument parser, the help and the unknown format's message read
// before the formats load (src/formats/catalog-data.ts, which `npm run gen:docs` writes from them; test/docs.test.ts
// fails when it is stale): each sessions folder's words agree with its roots(), each agent resumes or says why not,
// each format has a "looks like" hint or says why not, and each format's kit is in the SDK barrel.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SESSION_FOLDERS,
  sessionLookupDoc,
  sessionsFoldersHelp,
  splitAgentsHelp,
  TARGET_IDS,
} from '../../src/formats/catalog.js';
import { LINT_OPTIONS } from '../../src/cli/options.js';
import { formats } from '../../src/formats/index.js';
import { DOCUMENT_GUESSES, GUESSES } from '../../src/formats/unknown/describe.js';

// Registered formats whose unknown look-alikes get no "looks like" hint, each with why; every other format has one.
const NO_HINT = new Map([
  ['claude-code', 'the format files without a shape fall back to judging'],
  ['cline', 'a task history is a JSON array of messages, which the unknown message already calls an array'],
  ['roo', 'a task history is a JSON array of messages, which the unknown message already calls an array'],
  ['request', 'a JSON document whose keys the unknown message lists (`model`, `messages`, ...)'],
  ['messages', 'a JSON array, which the unknown message already calls one'],
  ['openai-chat', 'a JSON document whose keys the unknown message lists (`model`, `messages`, ...)'],
  ['openai-batch-output', 'no hint yet: its lines are listed by their keys'],
]);

// Agents whose sessions folder the stylish report does not name a resume command for, each with why.
const NO_RESUME = new Map([
  ['cline', 'a task is reopened in the editor, not resumed from a shell'],
  ['roo', 'a task is reopened in the editor, not resumed from a shell'],
]);

// Registered formats with no page of their own under docs/formats/ (whose first line names a format's id as
// `id`), each with where they are described.
const NO_PAGE = new Map([
  ['claude-code', "the README, the tool's first format"],
  ['request', "the README's Targets and input formats"],
  ['messages', "the README's Targets and input formats"],
]);

const helpOf = (name: string): string => LINT_OPTIONS.find((o) => o.name === name)!.help;

describe('the format catalog', () => {
  it("names in split's help exactly the agents whose files split reads (a format with otherSessions)", () => {
    const splits = formats.filter((f) => f.otherSessions).map((f) => f.id);
    expect(
      SESSION_FOLDERS.filter((s) => s.splits)
        .map((s) => s.format)
        .sort(),
    ).toEqual(splits.sort());
    expect(splitAgentsHelp()).toBe('Claude Code, Copilot CLI, Codex CLI, Gemini CLI, Qwen Code');
  });

  it.each(formats.filter((f) => f.sessions?.folder).map((f) => ({ format: f.id, folder: f.sessions!.folder! })))(
    "says where $format's roots() finds its first folder",
    ({ format: id, folder }) => {
      const format = formats.find((f) => f.id === id)!;
      // `${VAR:-~/dir}/rest` (VAR moves dir) or `${VAR:-~}/rest` (VAR moves the home folder itself).
      const match = /^\$\{(\w+):-~(?:\/([^}]+))?\}\/(.+)$/.exec(folder);
      expect(match, folder).not.toBeNull();
      const [, variable, home, rest] = match!;
      expect(format.sessions!.roots({}, '/h')[0]).toBe(path.join('/h', home ?? '', rest!));
      expect(format.sessions!.roots({ [variable!]: '/moved' }, '/h')[0]).toBe(path.join('/moved', rest!));
    },
  );

  it("names in --target's doc every format's default target, and each agent's beside the agent", () => {
    const doc = LINT_OPTIONS.find((o) => o.name === 'target')!.doc!;
    for (const f of formats) expect(doc, f.id).toContain(`\`${f.targets[0]!.id}\` for `);
    for (const { target, agent } of SESSION_FOLDERS) expect(doc).toContain(`\`${target}\` for ${agent} `);
  });

  it('puts every agent into the help and the --session doc', () => {
    for (const { agent } of SESSION_FOLDERS) {
      expect(sessionsFoldersHelp()).toContain(agent);
      expect(sessionLookupDoc()).toContain(agent);
    }
  });

  it("names each agent in --session's help, and each target in --target's", () => {
    for (const { agent } of SESSION_FOLDERS) expect(helpOf('session'), agent).toContain(agent.replace(/'s$/, ''));
    for (const id of TARGET_IDS) expect(helpOf('target'), id).toMatch(new RegExp(`[(, ]${id}[,)]`));
  });

  it('has a resume command for each agent with a sessions folder, or says why not', () => {
    for (const f of formats.filter((f) => f.sessions)) {
      const resumes = f.sessions!.resume !== undefined;
      expect(resumes !== NO_RESUME.has(f.id), f.id).toBe(true);
      if (resumes) expect(f.sessions!.resume!('ID'), f.id).toMatch(/^[\w-]+ .*ID$/);
    }
  });

  it('has a "looks like" hint for every registered format, or says why not', () => {
    for (const { id, lookalike } of formats) expect((lookalike !== undefined) !== NO_HINT.has(id), id).toBe(true);
    const hinted = [...GUESSES, ...DOCUMENT_GUESSES].flatMap((g) => (g.format ? [g.format] : []));
    expect(hinted.sort()).toEqual(formats.flatMap((f) => (f.lookalike ? [f.id] : [])).sort());
  });

  it("exports each format's SDK kit (src/formats/<id>/sdk.ts) from the SDK barrel", () => {
    const formatsDir = path.join(import.meta.dirname, '..', '..', 'src', 'formats');
    const barrel = readFileSync(path.join(import.meta.dirname, '..', '..', 'src', 'sdk', 'index.ts'), 'utf8');
    const kits = readdirSync(formatsDir).filter((d) => existsSync(path.join(formatsDir, d, 'sdk.ts')));
    expect(kits.length).toBeGreaterThan(0);
    for (const kit of kits)
      expect(barrel, kit).toMatch(new RegExp(`export \\* as \\w+ from '\\.\\./formats/${kit}/sdk\\.js'`));
  });

  it('has a page under docs/formats/ for every registered format, or says where it is described', () => {
    const dir = path.join(import.meta.dirname, '..', '..', 'docs', 'formats');
    const titles = readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8').split('\n')[0]!);
    for (const { id } of formats)
      expect(titles.some((t) => t.includes(`\`${id}\``)) !== NO_PAGE.has(id), id).toBe(true);
  });
});
