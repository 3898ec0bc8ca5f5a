/**
 * Is the reader's code JavaScript at all? acorn parses it (without running anything), so the
 * lab can say where a mistake is as it is typed, and the worker refuses it before a run starts.
 */
import { parse, type Program } from 'acorn';

/** A syntax mistake and its line. */
export interface SyntaxMistake {
  message: string;
  line: number | null;
}

/** The syntax tree of `source`, or the first mistake in it. */
export function parseCode(source: string): { program: Program } | { mistake: SyntaxMistake } {
  try {
    return { program: parse(source, { ecmaVersion: 'latest', sourceType: 'script' }) };
  } catch (e) {
    const loc = (e as { loc?: { line: number } }).loc;
    const message = `SyntaxError: ${(e as Error).message.replace(/\s*\(\d+:\d+\)$/, '')}`;
    return { mistake: { message, line: loc?.line ?? null } };
  }
}
