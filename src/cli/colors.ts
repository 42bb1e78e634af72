// Whether the human report gets ANSI colours. An explicit --color/--no-color wins; then the NO_COLOR and FORCE_COLOR
// conventions (NO_COLOR beats FORCE_COLOR, as in picocolors); otherwise only a real terminal gets colour.
export interface ColorInputs {
  /** --color (true) or --no-color (false); undefined when neither was given. */
  flag?: boolean;
  env: Readonly<Record<string, string | undefined>>;
  isTTY: boolean;
}

export function useColor({ flag, env, isTTY }: ColorInputs): boolean {
  if (flag !== undefined) return flag;
  // no-color.org: set and not empty.
  if (env.NO_COLOR) return false;
  // supports-color semantics: FORCE_COLOR=0 or =false turns colour off, any other value (even empty) on.
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.TERM === 'dumb') return false;
  return isTTY;
}
