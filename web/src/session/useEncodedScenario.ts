/**
 * A scenario's share-link text (`encodeScenario`: JSON, then lz-string), computed once per
 * scenario object rather than on every render. Views that show a link re-render on every frame of
 * a run, and compressing the scenario each time cost a few milliseconds per frame.
 */
import { useMemo } from 'react';
import { encodeScenario } from './route';

export function useEncodedScenario(scenario: unknown): string | null {
  return useMemo(() => (scenario ? encodeScenario(scenario) : null), [scenario]);
}
