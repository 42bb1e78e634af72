// `transcript-lint export` for a Gemini CLI session: the contents[] the CLI sends when it resumes the file, up to
// the new prompt (see compile.ts), in the Gemini API's shape.
import type { GeminiModel } from './model.js';

export interface GeminiExport {
  contents: { role: 'user' | 'model'; parts: Record<string, unknown>[] }[];
}

export function exportContents(model: GeminiModel): GeminiExport {
  return { contents: model.sent.map((t) => ({ role: t.role, parts: t.parts.map((p) => p.part) })) };
}
