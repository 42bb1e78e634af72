// The linter: rules and formats in (from the composition root, never imported here), bytes in, a LintResult out.
// It picks the file's format (given, or detected from its first bytes by each format's own detect), loads the model,
// runs the rules written for that format, and lets the format place each finding in the file. No filesystem access
// here except through lintFile, which only reads.
import type { Bytes } from '../loader/bytes.js';
import { joinBytes } from '../loader/bytes.js';
import type { HeadParses } from '../loader/head-parses.js';
import type { LoadOptions } from '../loader/read-jsonl.js';
import { isUnreadByLimit } from '../loader/source-line.js';
import { FileBytes } from './file-bytes.js';
import { Sample } from '../formats/sample.js';
import type { Format, FormatModel, TargetSpec } from '../formats/types.js';
import type { Rule, Severity } from '../sdk/rule-api.js';
import { collectForLargeInput } from './memory.js';
import { readRegularSync } from './read-regular.js';
import { appliesTo, type Diagnostic, type Finding, runRules } from './run-rules.js';

export interface LintOptions extends LoadOptions {
  /** The target to judge for; default: the format's own (its first). */
  target?: string;
  /** The format's id; detected from the content when absent. */
  inputFormat?: string;
  /** Run only these rules instead of the linter's. */
  rules?: readonly Rule[];
  severities?: ReadonlyMap<string, Severity>;
}

export interface LintResult {
  filePath: string;
  diagnostics: Diagnostic[];
  errorCount: number;
  warningCount: number;
  fixableCount: number;
  unsafeFixableCount: number;
  /** The format the file was read as (given or detected). */
  inputFormat: string;
  /** The target the rules were judged against (given, or the format's default). */
  target: string;
  /** The fixed text, set only by --fix-dry-run when fixing changed the file (as ESLint does). */
  output?: string;
  /** The fixed bytes in base64, beside `output` when they are not valid UTF-8 (`output` shows U+FFFD there). */
  outputBase64?: string;
}

export interface LintOutcome {
  result: LintResult;
  findings: Finding[];
  model: FormatModel;
  format: Format;
}

export interface LinterParts {
  rules: readonly Rule[];
  /** In the order detection prefers them on a tie. */
  formats: readonly Format[];
  /** What a file no format recognises is read as (its rule says so). */
  fallback: Format;
}

export class Linter {
  private readonly byId: ReadonlyMap<string, Format>;

  constructor(private readonly parts: LinterParts) {
    this.byId = new Map([...parts.formats, parts.fallback].map((f) => [f.id, f]));
  }

  get rules(): readonly Rule[] {
    return this.parts.rules;
  }

  get formats(): readonly Format[] {
    return this.parts.formats;
  }

  /** Every target some format's files can be judged for, each once, in format order. */
  get targets(): readonly TargetSpec[] {
    const seen = new Map<string, TargetSpec>();
    for (const f of this.parts.formats) for (const t of f.targets) if (!seen.has(t.id)) seen.set(t.id, t);
    return [...seen.values()];
  }

  /**
   * The target a format's files are judged for: the one asked for when it applies to the format, else the format's
   * default. A target applies when the format, or a format of the same dialect, lists it (a request can be judged as
   * Claude Code would send it). Any other would leave every rule of the format off and call the file clean; the CLI
   * says which files were judged for their default instead.
   */
  targetFor(format: Format, requested: string | undefined): string {
    if (requested === undefined) return format.targets[0]!.id;
    const kin =
      format.dialect === undefined ? [format] : this.parts.formats.filter((f) => f.dialect === format.dialect);
    return [format, ...kin].some((f) => f.targets.some((t) => t.id === requested)) ? requested : format.targets[0]!.id;
  }

  format(id: string): Format | undefined {
    return this.byId.get(id);
  }

  /** The format that reads these bytes: the one whose detect is surest; the fallback when none is. */
  detect(filePath: string, data: Bytes): Format {
    return this.detected(filePath, data).format;
  }

  /** detect, and the lines it parsed, for the loader to take over (loader/head-parses.ts). */
  private detected(filePath: string, data: Bytes): { format: Format; head?: HeadParses } {
    const sample = new Sample(filePath.slice(filePath.lastIndexOf('/') + 1), joinBytes(data));
    let best: Format | undefined;
    let score = 0;
    for (const f of this.parts.formats) {
      const s = f.detect(sample);
      if (s > score) [best, score] = [f, s];
    }
    return { format: best ?? this.parts.fallback, head: sample.head };
  }

  /**
   * Lints a file's bytes, whole or in pieces (see loader/bytes.ts), or a large file's bytes that its lines read from
   * the file again once parsed (see file-bytes.ts).
   */
  lintBytes(filePath: string, input: Bytes | FileBytes, options: LintOptions = {}): LintOutcome {
    const { format, target, model } = this.load(filePath, input, options);
    // The load leaves its garbage (each line's text, the trees of shallow lines) and V8 sets its next limit from the
    // heap it reached; collected now, the rules do not grow the heap on top of both (200 MB session: peak RSS of the
    // lint 227 -> 212 MB for ~90 ms of CPU).
    collectForLargeInput(model.file.byteLength);
    const run = (f: Format, m: FormatModel, t: string): Finding[] =>
      runRules(
        f,
        m,
        (options.rules ?? this.parts.rules).filter((r) => appliesTo(r.meta, f)),
        {
          target: t,
          targets: this.targets,
          severities: options.severities,
        },
      );
    const findings = run(format, model, target);
    const parts = format.parts?.(model) ?? [];
    for (const [i, part] of parts.entries()) {
      for (const f of run(part.format, part.model, this.targetFor(part.format, options.target)))
        findings.push({ ...f, part: i });
    }
    if (parts.length > 0)
      findings.sort(
        (a, b) => a.diagnostic.line - b.diagnostic.line || a.diagnostic.ruleId.localeCompare(b.diagnostic.ruleId),
      );
    // --fix refuses every fix of a file with a line it left unread but an agent reads (fix-loop.ts): the report does
    // not offer them either.
    const fixable = !model.file.lines.some(isUnreadByLimit);
    return { result: summarize(filePath, findings, format.id, target, fixable), findings, model, format };
  }

  lintText(text: string, options: LintOptions & { filePath?: string } = {}): LintResult {
    return this.lintBytes(options.filePath ?? '<text>', new TextEncoder().encode(text), options).result;
  }

  /** A file on disk, read whole (as the package's lintFile: a Promise). */
  async lintFile(filePath: string, options: LintOptions = {}): Promise<LintResult> {
    return this.lintFileSync(filePath, options);
  }

  lintFileSync(filePath: string, options: LintOptions = {}): LintResult {
    return this.lintBytes(filePath, readRegularSync(filePath), options).result;
  }

  /**
   * Detects and loads. A large file (FileBytes) is detected from its first chunk and, when its format can, loaded
   * chunk by chunk; else it is read whole, as any other input.
   */
  private load(filePath: string, input: Bytes | FileBytes, options: LintOptions) {
    const loadOptions = (target: string, head: HeadParses | undefined): LoadOptions => {
      const withTarget = options.target === undefined ? options : { ...options, target };
      return head ? { ...withTarget, head } : withTarget;
    };
    if (input instanceof FileBytes) {
      const first = input.head();
      const found = first && this.formatFor(filePath, first, options);
      if (found?.format.loadChunks) {
        const target = this.targetFor(found.format, options.target);
        const model = found.format.loadChunks(filePath, input, loadOptions(target, found.head));
        return { format: found.format, target, model };
      }
    }
    const data = input instanceof FileBytes ? input.whole() : input;
    const { format, head } = this.formatFor(filePath, data, options);
    const target = this.targetFor(format, options.target);
    return { format, target, model: format.load(filePath, data, loadOptions(target, head)) };
  }

  private formatFor(filePath: string, data: Bytes, options: LintOptions): { format: Format; head?: HeadParses } {
    if (options.inputFormat === undefined) return this.detected(filePath, data);
    const format = this.byId.get(options.inputFormat);
    if (!format) throw new Error(`unknown input format "${options.inputFormat}"`);
    return { format };
  }
}

export function createLinter(parts: LinterParts): Linter {
  return new Linter(parts);
}

function summarize(
  filePath: string,
  findings: Finding[],
  inputFormat: string,
  target: string,
  fixable: boolean,
): LintResult {
  const diagnostics = findings.map((f) => (fixable || !f.diagnostic.fix ? f.diagnostic : withoutFix(f.diagnostic)));
  const count = (applicability: string) =>
    fixable ? findings.filter((f) => f.fix?.applicability === applicability).length : 0;
  return {
    filePath,
    diagnostics,
    errorCount: diagnostics.filter((d) => d.severity === 'error').length,
    warningCount: diagnostics.filter((d) => d.severity === 'warn').length,
    fixableCount: count('safe'),
    unsafeFixableCount: count('unsafe'),
    inputFormat,
    target,
  };
}

function withoutFix(d: Diagnostic): Diagnostic {
  const { fix: _, ...rest } = d;
  return rest;
}
