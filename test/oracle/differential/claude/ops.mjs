// Claude Code's own damage operators for the differential harness, beside the generic ones in ../damage.mjs.
// They need continuations the real CLI recorded: each baseline resumed three times from the same point (terminals
// A, B and C, each answered by the stand-in with a text and a Bash call in one response, then "ok").
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lineRanges } from '../damage.mjs';

const oracle = path.resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  '..',
  'shared',
  'oracle',
);

const script = (t) => [
  [
    { type: 'text', text: `Terminal ${t} checks the directory.` },
    {
      type: 'tool_use',
      id: `toolu_term${t}1`,
      name: 'Bash',
      input: { command: `echo ${t}`, description: `print ${t}` },
    },
  ],
  [{ type: 'text', text: `Terminal ${t} is done.` }],
];

/**
 * Records (once; cached under `dir`) the three continuations of every baseline: the lines Claude Code appended when
 * it resumed the baseline. Returns Map(base name -> { A, B, C } as Buffers); a baseline whose resume failed has none.
 */
export async function recordTails(bases, dir, run) {
  const tails = new Map();
  for (const base of bases) {
    const set = {};
    for (const t of ['A', 'B', 'C']) {
      const w = path.join(dir, base.name.replace('/', '-'), t);
      const tail = path.join(w, 'tail.jsonl');
      if (!existsSync(tail)) {
        mkdirSync(w, { recursive: true });
        writeFileSync(path.join(w, 'input.jsonl'), base.bytes);
        writeFileSync(path.join(w, 'script.json'), JSON.stringify(script(t)));
        await run(path.join(oracle, 'resume.sh'), [path.join(w, 'input.jsonl'), w, path.join(w, 'script.json')], {
          env: { SID: base.sid, MOCK_STRICT: '', MOCK_ID_PREFIX: `${t}${base.name.replace(/\W/g, '')}_` },
        });
        const after = existsSync(path.join(w, 'after.jsonl'))
          ? readFileSync(path.join(w, 'after.jsonl'))
          : Buffer.alloc(0);
        const ok =
          after.length > base.bytes.length && Buffer.compare(after.subarray(0, base.bytes.length), base.bytes) === 0;
        writeFileSync(tail, ok ? after.subarray(base.bytes.length) : Buffer.alloc(0));
      }
      set[t] = readFileSync(tail);
    }
    if (set.A.length && set.B.length && set.C.length) tails.set(base.name, set);
  }
  return tails;
}

/** The operators that use the recorded continuations of `base` (none when it has none). */
export function terminalOps(base, tails) {
  if (!tails) return {};
  return {
    /**
     * Two terminals resumed the same session at once: their appended lines interleave, each in its own order. Only
     * while the file still holds the whole baseline they resumed from.
     */
    twoTerminals(buf, rng) {
      if (buf.length < base.length || Buffer.compare(buf.subarray(0, base.length), base) !== 0) return null;
      const b = lineRanges(tails.B).map(([s, e]) => tails.B.subarray(s, e));
      const c = lineRanges(tails.C).map(([s, e]) => tails.C.subarray(s, e));
      const out = [buf];
      let i = 0;
      let j = 0;
      while (i < b.length || j < c.length)
        out.push(j >= c.length || (i < b.length && rng.next() < 0.5) ? b[i++] : c[j++]);
      const glue = buf.length && buf[buf.length - 1] !== 10 ? [Buffer.from('\n')] : [];
      return {
        bytes: Buffer.concat([out[0], ...glue, ...out.slice(1)]),
        step: `two terminals' continuations interleaved (${b.length}+${c.length} lines)`,
      };
    },
  };
}
