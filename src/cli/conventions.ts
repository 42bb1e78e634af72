// Spellings users bring from other tools, rewritten to this tool's own before either parser reads the arguments:
// ruff's `--output-format`, git's and GNU tools' `--color=always|never|auto`, and ESLint's `--no-ignore`.
import { UsageError } from './usage-error.js';

const COLOR_WHEN: Record<string, string | undefined> = { always: '--color', never: '--no-color', auto: undefined };

export function conventionalArgs(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (const [i, token] of argv.entries()) {
    // After `--` every word is a path.
    if (token === '--') return [...out, ...argv.slice(i)];
    if (token === '--output-format') out.push('--format');
    else if (token.startsWith('--output-format=')) out.push(`--format=${token.slice('--output-format='.length)}`);
    else if (token === '--no-ignore') out.push('--no-ignores');
    else if (token.startsWith('--color=') && !['true', 'false'].includes(token.slice(8))) {
      const when = token.slice('--color='.length);
      if (!Object.hasOwn(COLOR_WHEN, when))
        throw new UsageError(`--color=${when}: expected always, never or auto (or --color, --no-color)`);
      const flag = COLOR_WHEN[when];
      if (flag !== undefined) out.push(flag);
    } else out.push(token);
  }
  return out;
}
