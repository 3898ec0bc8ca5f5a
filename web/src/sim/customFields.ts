/**
 * What the reader's own code is handed (docs/design.md §1.15), field by field with its meaning,
 * for the editor's completions and the lab's field reference. Read from the declarations generated
 * from the simulator's Rust types (`worker/core.generated.ts`), whose comments are the Rust doc
 * comments: the meanings are written once, beside the fields the simulator fills in.
 */
import generated from './worker/core.generated.ts?raw';

/** One field of a record the code receives. */
export interface FieldDoc {
  name: string;
  /** Its TypeScript type as generated (`number`, `boolean`, `number | null`, a union of strings). */
  type: string;
  /** Its meaning, from the Rust doc comment. */
  doc: string;
}

/** The records, under the names the templates give them. */
export const CODE_RECORDS = {
  ack: 'AckView',
  loss: 'LossView',
  window: 'WindowView',
} as const;

export type CodeRecord = keyof typeof CODE_RECORDS;

/** The fields of the generated type `typeName`, in order (empty if it is not in the file). */
export function fieldsOf(typeName: string, text = generated): FieldDoc[] {
  const start = text.indexOf(`export type ${typeName} = {`);
  if (start < 0) return [];
  const end = text.indexOf('};', start);
  const body = text.slice(start, end);
  const out: FieldDoc[] = [];
  for (const m of body.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(\w+)\??: ([^,]+),/g)) {
    const doc = m[1]
      .split('\n')
      .map((l) => l.replace(/^\s*\*\s?/, '').trim())
      .filter(Boolean)
      .join(' ');
    out.push({ name: m[2], type: m[3].trim(), doc });
  }
  return out;
}

/** Every record's fields. */
export function codeFields(): Record<CodeRecord, FieldDoc[]> {
  return {
    ack: fieldsOf(CODE_RECORDS.ack),
    loss: fieldsOf(CODE_RECORDS.loss),
    window: fieldsOf(CODE_RECORDS.window),
  };
}
