// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ n: 0 }));
vi.mock('./route', async (original) => {
  const real = await original<typeof import('./route')>();
  return {
    ...real,
    encodeScenario: (s: unknown) => {
      calls.n++;
      return real.encodeScenario(s);
    },
  };
});
const { useEncodedScenario } = await import('./useEncodedScenario');
const { decodeJson } = await import('./route');

afterEach(cleanup);

function Link({ scenario, frame }: { scenario: object; frame: number }) {
  const s = useEncodedScenario(scenario);
  return <a data-frame={frame} href={`#/lab?s=${s}`} />;
}

describe('useEncodedScenario', () => {
  it('compresses a scenario once however often the view re-renders, and again when it changes', () => {
    const a = { schema: 1, id: 'a', seed: 1 };
    calls.n = 0;
    const view = render(<Link scenario={a} frame={0} />);
    for (let f = 1; f <= 60; f++) view.rerender(<Link scenario={a} frame={f} />);
    expect(calls.n).toBe(1);
    const b = { ...a, seed: 2 };
    view.rerender(<Link scenario={b} frame={61} />);
    expect(calls.n).toBe(2);
    const href = view.container.querySelector('a')!.getAttribute('href')!;
    const decoded = decodeJson(href.slice('#/lab?s='.length));
    expect(decoded).toEqual({ ok: true, value: b });
  });
});
