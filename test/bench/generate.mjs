// Generates realistic Claude Code 2.1.332 sessions for the benchmark, in the shapes of the real corpus: a prompt
// with its attachments, split assistant parts (thinking with a signature, text, parallel tool_use parts), results
// hanging off their own parts in completion order, large tool results, pasted images, last-prompt and metadata
// entries. Deterministic (seeded), so every run measures the same bytes.
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'the a session tool result file function return value error test build run check line entry chain parent message'.split(
    ' ',
  );

function words(rand, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]);
  return out.join(' ');
}

function uuidFrom(rand) {
  const hex = () => Math.floor(rand() * 16).toString(16);
  const part = (n) => Array.from({ length: n }, hex).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-8${part(3)}-${part(12)}`;
}

/** Writes one session of about `targetBytes` to `file`; resolves with the number of lines written. */
export function writeSession(file, targetBytes, seed) {
  const rand = rng(seed);
  const sessionId = uuidFrom(rand);
  const out = createWriteStream(file);
  let bytes = 0;
  let lines = 0;
  let clock = Date.UTC(2026, 10, 1, 9, 0, 0);
  let last = null;
  let msg = 0;
  const base = () => ({
    isSidechain: false,
    userType: 'external',
    entrypoint: 'cli',
    cwd: '/home/dev/project',
    sessionId,
    version: '2.1.332',
    gitBranch: 'main',
  });
  const write = (obj) => {
    const line = JSON.stringify(obj) + '\n';
    bytes += Buffer.byteLength(line);
    lines++;
    return out.write(line);
  };
  const chain = (type, body, parent = last) => {
    const uuid = uuidFrom(rand);
    clock += 1000 + Math.floor(rand() * 5000);
    write({ parentUuid: parent, ...base(), type, ...body, uuid, timestamp: new Date(clock).toISOString() });
    last = uuid;
    return uuid;
  };
  const assistantPart = (id, block, index) =>
    chain('assistant', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: 'claude-opus-5-5',
        content: [block],
        stop_reason: null,
        usage: { input_tokens: 1200, output_tokens: 80 },
      },
      requestId: `req_${id}`,
      apiBlockIndex: index,
    });

  return new Promise((resolve, reject) => {
    out.on('error', reject);
    const step = () => {
      while (bytes < targetBytes) {
        // A turn: prompt, attachments, then a few tool rounds.
        const prompt = words(rand, 8 + Math.floor(rand() * 20));
        write({
          type: 'queue-operation',
          operation: 'enqueue',
          timestamp: new Date(clock).toISOString(),
          sessionId,
          content: prompt,
        });
        const content =
          rand() < 0.05
            ? [
                { type: 'text', text: prompt },
                {
                  type: 'image',
                  source: {
                    type: 'base64',
                    media_type: 'image/png',
                    data: 'iVBORw0KGgo' + 'A'.repeat(60_000 + Math.floor(rand() * 80_000)),
                  },
                },
              ]
            : prompt;
        chain('user', { message: { role: 'user', content }, promptId: uuidFrom(rand), permissionMode: 'default' });
        chain('attachment', {
          attachment: { type: 'date', date: '2026-11-01' },
          rendered: [{ content: "<system-reminder>\nToday's date is 2026-11-01.\n</system-reminder>" }],
          renderedRole: 'system',
        });
        const rounds = 1 + Math.floor(rand() * 4);
        for (let r = 0; r < rounds; r++) {
          const id = `msg_${(++msg).toString(36).padStart(8, '0')}`;
          let index = 0;
          if (rand() < 0.5)
            assistantPart(
              id,
              { type: 'thinking', thinking: words(rand, 40), signature: 'Sig' + 'x'.repeat(300) },
              index++,
            );
          assistantPart(id, { type: 'text', text: words(rand, 20) }, index++);
          const calls = 1 + Math.floor(rand() * 3);
          const parts = [];
          for (let c = 0; c < calls; c++) {
            const toolId = `toolu_${(msg * 10 + c).toString(36).padStart(12, '0')}`;
            parts.push({
              toolId,
              uuid: assistantPart(
                id,
                {
                  type: 'tool_use',
                  id: toolId,
                  name: 'Bash',
                  input: { command: words(rand, 5), description: words(rand, 4) },
                },
                index++,
              ),
            });
          }
          write({ type: 'last-prompt', lastPrompt: prompt, leafUuid: last, sessionId });
          // Results complete in any order, each hanging off its own part.
          const order = parts
            .map((p, i) => ({ p, k: rand() + i * 0.1 }))
            .sort((a, b) => a.k - b.k)
            .map((x) => x.p);
          for (const p of order) {
            const big = rand() < 0.1 ? 200_000 + Math.floor(rand() * 1_500_000) : 200 + Math.floor(rand() * 3000);
            const output = words(rand, 30) + ' ' + 'x'.repeat(big);
            chain(
              'user',
              {
                message: {
                  role: 'user',
                  content: [{ tool_use_id: p.toolId, type: 'tool_result', content: output, is_error: false }],
                },
                toolUseResult: { stdout: output.slice(0, 2000), stderr: '', interrupted: false },
                sourceToolAssistantUUID: p.uuid,
              },
              p.uuid,
            );
          }
        }
        assistantPart(`msg_${(++msg).toString(36).padStart(8, '0')}`, { type: 'text', text: words(rand, 30) }, 0);
        write({ type: 'last-prompt', lastPrompt: prompt, leafUuid: last, sessionId });
        if (!out.writableNeedDrain) continue;
        out.once('drain', step);
        return;
      }
      out.end(() => resolve(lines));
    };
    step();
  });
}

/** The benchmark corpus: one large session and many small ones. */
export async function generateCorpus(
  dir,
  { largeBytes = 200 * 1024 * 1024, smallCount = 200, smallBytes = 1024 * 1024 } = {},
) {
  mkdirSync(path.join(dir, 'many'), { recursive: true });
  const large = path.join(dir, 'large.jsonl');
  await writeSession(large, largeBytes, 1);
  const small = [];
  for (let i = 0; i < smallCount; i++) {
    const f = path.join(dir, 'many', `session-${String(i).padStart(3, '0')}.jsonl`);
    await writeSession(f, smallBytes, 1000 + i);
    small.push(f);
  }
  return { large, small };
}
