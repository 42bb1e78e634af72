// codex/ordinal-sequence: in a paginated rollout every record carries the next ordinal. A last record without one
// stops resume; gaps, repeats and disorder do not change what Codex sends, but its thread history (the SQLite
// projection every resume runs) skips those records; an ordinal that is no integer makes Codex drop the whole record.
// The fix renumbers from the first bad record on (only ordinal values change).
import { Codex, defineRule, type FixDescriptor } from '../../src/sdk/index.js';

const RULE_ID = 'codex/ordinal-sequence';

const isOrdinal = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'codex',
    description:
      'In a paginated rollout every record carries an integer ordinal, one more than the record before it; the last record has one.',
    docs: {
      detects:
        'a last record without ordinal (resume fails), an ordinal that is no integer (the record is dropped), gaps, repeats, disorder, a record without one',
      fix: 'safe (renumber from the first bad record: only ordinal values change)',
      severity: { codex: 'error (the last record has none) / warn' },
    },
    severity: { codex: 'error', 'openai-responses': 'error' },
    fixable: 'safe',
    formats: ['codex-rollout'],
    messages: {
      lastMissing:
        'The last record has no ordinal, and this rollout is paginated: resume fails before any request ("{{message}}").',
      notInteger: 'Ordinal {{value}} is not an integer: Codex cannot read the record ({{error}}) and drops it{{lost}}.',
      missing:
        'Record has no ordinal in a paginated rollout: resume still works, but Codex’s thread history skips the record ("skipping paginated rollout line without an ordinal").',
      gap: 'Ordinal {{ordinal}} follows {{previous}}: resume ignores the gap, but Codex’s thread history skips the record ("skipping missing rollout ordinal range during projection").',
      regressed:
        'Ordinal {{ordinal}} follows {{previous}}: resume ignores it, but Codex’s thread history skips the record ("skipping duplicate or regressed rollout ordinal during projection").',
    },
  },
  check(ctx) {
    const { model } = ctx;
    if (model.generation === 'legacy') return;
    const paginated = model.resume().paginated;
    // A kept line carries no ordinal: Codex skips it, and numbers nothing after it.
    const records = model.records.filter((r) => r.type !== '' && r.type !== Codex.KEPT_LINE);
    let previous: number | undefined;
    // One plan for every finding: renumber from the first bad record on (identical edits never conflict).
    const renumber = (line: number): FixDescriptor => ({
      applicability: 'safe',
      description: `renumber the ordinals from line ${line} on`,
      edits: Codex.renumberFrom(model.file, line, (n) => Codex.inReplayedBlock(model, n)),
    });
    let first: number | undefined;
    const findings: { line: number; report: Parameters<typeof ctx.report>[0] }[] = [];
    // A block written twice is codex/unique-call-id's, a restored copy codex/session-meta's: their fixes remove the
    // copy, ordinals and all.
    for (const r of records) {
      if (Codex.inReplayedBlock(model, r.line)) continue;
      const o = r.raw.ordinal;
      if (o !== undefined && o !== null && !isOrdinal(o)) {
        const lost = r.type === 'response_item' && Codex.isObj(r.payload) ? ` (its ${String(r.payload.type)})` : '';
        first ??= r.line;
        findings.push({
          line: r.line,
          report: {
            messageId: 'notInteger',
            at: { line: r.line, pointer: '/ordinal' },
            severity: 'warn',
            data: { value: JSON.stringify(o), error: r.error ?? '', lost },
          },
        });
        // The record stands where the next ordinal would be: the one after it is judged against that.
        if (previous !== undefined) previous++;
        continue;
      }
      if (!paginated) continue;
      if (!isOrdinal(o)) {
        first ??= r.line;
        findings.push({
          line: r.line,
          report: { messageId: 'missing', at: { line: r.line }, severity: 'warn' },
        });
        if (previous !== undefined) previous++;
        continue;
      }
      if (previous !== undefined && o !== previous + 1) {
        first ??= r.line;
        findings.push({
          line: r.line,
          report: {
            messageId: o > previous ? 'gap' : 'regressed',
            at: { line: r.line, pointer: '/ordinal' },
            severity: 'warn',
            data: { ordinal: o, previous },
          },
        });
      }
      previous = o;
    }
    const fatal = model.resume().fatal;
    if (fatal?.cause === 'last-ordinal') {
      const at = findings.find((f) => f.line === fatal.line);
      if (at) at.report = { messageId: 'lastMissing', at: { line: fatal.line }, data: { message: fatal.message } };
      else
        findings.push({
          line: fatal.line,
          report: { messageId: 'lastMissing', at: { line: fatal.line }, data: { message: fatal.message } },
        });
      first = Math.min(first ?? fatal.line, fatal.line);
    }
    if (first === undefined) return;
    // A paginated file with no ordinal at all: one finding (the last record's), not one per record.
    if (paginated && records.every((r) => r.raw.ordinal === undefined || r.raw.ordinal === null))
      findings.splice(0, findings.length, ...findings.filter((f) => f.report.messageId === 'lastMissing'));
    // A file that carries no ordinals (no history_mode) gets none: a bad one is removed.
    const plan = paginated ? renumber(first) : undefined;
    for (const f of findings) {
      const fix = plan ?? {
        applicability: 'safe' as const,
        description: 'remove the ordinal (this rollout carries none)',
        edits: [{ kind: 'remove' as const, line: f.line, pointer: '/ordinal' }],
      };
      ctx.report({ ...f.report, fix } as Parameters<typeof ctx.report>[0]);
    }
  },
});
