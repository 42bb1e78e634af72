// The lists the argument parser and the help read before the formats load (src/formats/catalog.ts), and the
// "looks like" hints of unknown files, checked against the registry: a format added to src/formats/index.ts and
// forgotten in one of them fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FORMAT_IDS,
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

const helpOf = (name: string): string => LINT_OPTIONS.find((o) => o.name === name)!.help;

describe('the format catalog', () => {
  it('lists every registered format, in the registry order', () => {
    expect([...FORMAT_IDS]).toEqual(formats.map((f) => f.id));
  });

  it('lists every target a format offers, and no other', () => {
    const offered = new Set(formats.flatMap((f) => f.targets.map((t) => t.id)));
    expect(new Set(TARGET_IDS)).toEqual(offered);
  });

  it("names in split's help exactly the agents whose files split reads (a format with otherSessions)", () => {
    const splits = formats.filter((f) => f.otherSessions).map((f) => f.id);
    expect(
      SESSION_FOLDERS.filter((s) => s.splits)
        .map((s) => s.format)
        .sort(),
    ).toEqual(splits.sort());
    expect(splitAgentsHelp()).toBe('Claude Code, Codex CLI, Copilot CLI, Gemini CLI, Qwen Code');
  });

  it('says where every format with a sessions folder keeps it', () => {
    const withSessions = formats.filter((f) => f.sessions).map((f) => f.id);
    expect(SESSION_FOLDERS.map((s) => s.format).sort()).toEqual([...withSessions].sort());
  });

  it.each(SESSION_FOLDERS.filter((s) => s.folder))(
    'names the first root of $format as its roots() finds it',
    (entry) => {
      const format = formats.find((f) => f.id === entry.format)!;
      // `${VAR:-~/dir}/rest` (VAR moves dir) or `${VAR:-~}/rest` (VAR moves the home folder itself).
      const match = /^\$\{(\w+):-~(?:\/([^}]+))?\}\/(.+)$/.exec(entry.folder!);
      expect(match, entry.folder).not.toBeNull();
      const [, variable, home, rest] = match!;
      expect(format.sessions!.roots({}, '/h')[0]).toBe(path.join('/h', home ?? '', rest!));
      expect(format.sessions!.roots({ [variable!]: '/moved' }, '/h')[0]).toBe(path.join('/moved', rest!));
    },
  );

  it("gives each agent's target as the first its format offers", () => {
    for (const entry of SESSION_FOLDERS)
      expect(entry.target, entry.format).toBe(formats.find((f) => f.id === entry.format)!.targets[0]!.id);
  });

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
    const hinted = new Set([...GUESSES, ...DOCUMENT_GUESSES].flatMap((g) => (g.format ? [g.format] : [])));
    for (const id of hinted) expect(FORMAT_IDS, id).toContain(id);
    for (const { id } of formats) expect(hinted.has(id) !== NO_HINT.has(id), id).toBe(true);
  });

  it("exports each format's SDK kit (src/formats/<id>/sdk.ts) from the SDK barrel", () => {
    const formatsDir = path.join(import.meta.dirname, '..', '..', 'src', 'formats');
    const barrel = readFileSync(path.join(import.meta.dirname, '..', '..', 'src', 'sdk', 'index.ts'), 'utf8');
    const kits = readdirSync(formatsDir).filter((d) => existsSync(path.join(formatsDir, d, 'sdk.ts')));
    expect(kits.length).toBeGreaterThan(0);
    for (const kit of kits)
      expect(barrel, kit).toMatch(new RegExp(`export \\* as \\w+ from '\\.\\./formats/${kit}/sdk\\.js'`));
  });
});
