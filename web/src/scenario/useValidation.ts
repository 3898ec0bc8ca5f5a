/**
 * Validates a scenario's JSON with the simulator's own validator (in the worker) on every change;
 * answers for older edits are ignored.
 */
import { useEffect, useState } from 'react';

export interface Validation {
  /** Problems of the current JSON (empty while not yet validated). */
  problems: string[];
  /** The answer is for the current JSON. */
  validated: boolean;
}

export function useValidation(validate: (json: string) => Promise<string[]>, json: string): Validation {
  const [answer, setAnswer] = useState<{ json: string; problems: string[] } | null>(null);
  useEffect(() => {
    let current = true;
    validate(json).then((problems) => {
      if (current) setAnswer({ json, problems });
    });
    return () => {
      current = false;
    };
  }, [validate, json]);
  const validated = answer !== null && answer.json === json;
  return { problems: answer?.problems ?? [], validated };
}
