/**
 * What a flow is, for legends: "f1 · TCP NewReno + Checksum notification". A page that knows its
 * flows' variants and classifiers provides {@link FlowNames} (flow id → "TCP NewReno + Checksum
 * notification", from the catalog's titles); legends whose entries carry only the id append it.
 */
import { createContext } from 'react';

export const FlowNames = createContext<ReadonlyMap<string, string>>(new Map());

/** "TCP NewReno + Checksum notification" (the classifier left out when there is none). */
export function flowDescription(variantTitle: string, classifierTitle: string): string {
  return classifierTitle ? `${variantTitle} + ${classifierTitle}` : variantTitle;
}

/** A legend entry's text: "f1 · TCP NewReno + Checksum notification". */
export function flowEntryLabel(id: string, variantTitle: string, classifierTitle: string): string {
  return `${id} · ${flowDescription(variantTitle, classifierTitle)}`;
}

/** A flow row's id of an expanded connection (`ld.12` → `ld`), or null for a single flow. */
export function rowOf(id: string): string | null {
  const m = /^(.+)\.(\d+)$/.exec(id);
  return m ? m[1] : null;
}
