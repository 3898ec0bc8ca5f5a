import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRESETS } from './presets';

describe('presets', () => {
  it('bundle every file of content/scenarios', () => {
    const files = readdirSync(new URL('../../../content/scenarios/', import.meta.url)).filter((f) =>
      f.endsWith('.json'),
    );
    expect(PRESETS.length).toBe(files.length);
    expect(PRESETS.map((p) => p.id)).toContain('gb04-s1-1mbps-10ms');
    for (const p of PRESETS) expect(Array.isArray(p.scenario.flows)).toBe(true);
  });
});
