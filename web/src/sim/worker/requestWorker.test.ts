import { describe, expect, it, vi } from 'vitest';
import { answerJob, serveRequests, type WorkerScope } from './requestWorker';

type In = { n: number };
type Out = { type: 'done'; n: number } | { type: 'fatal'; message: string };

/** A worker scope that records what the worker posts. */
function fakeScope() {
  const posted: Out[] = [];
  const scope: WorkerScope<In, Out> = { postMessage: (m) => posted.push(m), onmessage: null };
  const send = (data: unknown) => scope.onmessage!({ data } as MessageEvent<In>);
  return { scope, posted, send };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('answerJob', () => {
  it('answers the value with the wall time taken', () => {
    let t = 10;
    const a = answerJob(
      () => (t += 5),
      () => 42,
      () => {},
    );
    expect(a).toEqual({ ok: true, value: 42, wallMs: 5 });
  });

  it('answers an error without dropping anything when the wasm did not trap', () => {
    const onTrap = vi.fn();
    const a = answerJob(
      () => 0,
      () => {
        throw new Error('bad window');
      },
      onTrap,
    );
    expect(a).toEqual({ ok: false, message: 'bad window', trapped: undefined });
    expect(onTrap).not.toHaveBeenCalled();
  });

  it('marks a trap and lets the jobs drop what lived on the broken instance', () => {
    const onTrap = vi.fn();
    const a = answerJob(
      () => 0,
      () => {
        throw new WebAssembly.RuntimeError('unreachable');
      },
      onTrap,
    );
    expect(a.ok).toBe(false);
    expect(a.ok === false && a.trapped).toBe(true);
    expect(onTrap).toHaveBeenCalledOnce();
  });
});

describe('serveRequests', () => {
  it('loads the wasm once, on the first message, then answers every request in order', async () => {
    const { scope, posted, send } = fakeScope();
    const init = vi.fn(() => Promise.resolve());
    serveRequests<In, Out>(
      scope,
      'core.wasm',
      (post) => ({ handle: (m) => post({ type: 'done', n: m.n }) }),
      (message) => ({ type: 'fatal', message }),
      init,
    );
    send({ type: 'coreModule', module: {} });
    send({ n: 1 });
    send({ n: 2 });
    await settle();
    expect(init).toHaveBeenCalledOnce();
    expect(init).toHaveBeenCalledWith({ module_or_path: {} });
    expect(posted).toEqual([
      { type: 'done', n: 1 },
      { type: 'done', n: 2 },
    ]);
  });

  it('reports a failed load once, as the worker’s fatal message, and answers nothing', async () => {
    const { scope, posted, send } = fakeScope();
    const handle = vi.fn();
    serveRequests<In, Out>(
      scope,
      'core.wasm',
      () => ({ handle }),
      (message) => ({ type: 'fatal', message }),
      () => Promise.reject(new Error('404')),
    );
    send({ n: 1 });
    send({ n: 2 });
    await settle();
    expect(posted).toEqual([{ type: 'fatal', message: 'the simulator failed to load: 404' }]);
    expect(handle).not.toHaveBeenCalled();
  });
});
