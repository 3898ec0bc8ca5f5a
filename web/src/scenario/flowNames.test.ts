/** Flow descriptions for legends come from the catalog's titles. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import type { RunSummary } from '../sim/protocol';
import { pageCatalog } from './catalog';
import { flowNamesOf } from './flowNames';

beforeAll(() => loadCoreForTests());

describe('flowNamesOf', () => {
  it('names each flow by its variant and classifier titles', () => {
    const summary = {
      flows: [
        { flow_id: 'tcp', cc: 'new_reno', classifier: 'always_congestion' },
        { flow_id: 'ld.0', cc: 'new_reno', classifier: 'checksum' },
      ],
    } as unknown as RunSummary;
    const names = flowNamesOf(summary, pageCatalog());
    expect(names.get('tcp')).toBe('TCP NewReno');
    expect(names.get('ld.0')).toBe('TCP NewReno + Checksum notification');
  });
});
