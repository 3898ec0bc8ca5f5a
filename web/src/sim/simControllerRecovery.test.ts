import { describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from './protocol';
import { SimController, workerTrouble, type WorkerLike } from './simController';

/** A controller over fake workers, a hand-driven clock and a hand-driven watchdog. */
function setup(hangMs = 5000) {
  const workers: { sent: ToWorker[]; terminated: boolean; w: WorkerLike }[] = [];
  let now = 0;
  let tick: (() => void) | null = null;
  const controller = new SimController(
    () => {
      const rec = { sent: [] as ToWorker[], terminated: false, w: null as unknown as WorkerLike };
      rec.w = {
        postMessage: (m) => rec.sent.push(m),
        onmessage: null,
        onerror: null,
        terminate: () => (rec.terminated = true),
      };
      workers.push(rec);
      return rec.w;
    },
    (cb) => cb(),
    () => now,
    {
      hangMs,
      every: (cb) => {
        tick = cb;
        return () => (tick = null);
      },
    },
  );
  const deliver = (msg: FromWorker) => workers.at(-1)!.w.onmessage!({ data: msg } as MessageEvent<FromWorker>);
  const advance = (ms: number) => {
    now += ms;
    tick?.();
  };
  return { controller, workers, deliver, advance };
}

describe('SimController recovery', () => {
  it('a trapped run replaces the worker and says so in words; the next run works', () => {
    const { controller, workers, deliver } = setup();
    const runId = controller.run('{}');
    deliver({ type: 'hello', coreVersion: 'v', protocol: 3 });
    deliver({ type: 'error', runId, message: 'unreachable', trapped: true });
    const s = controller.getSnapshot();
    expect(s.status).toBe('error');
    expect(s.error).toContain('ran out of memory or hit an internal error');
    expect(s.error).not.toMatch(/^unreachable$/);
    expect(workers[0].terminated).toBe(true);
    const next = controller.run('{}');
    expect(workers).toHaveLength(2);
    expect(workers[1].sent[0]).toMatchObject({ type: 'load', runId: next });
  });

  it('a worker silent past hangMs while running is terminated, validations answered', async () => {
    const { controller, workers, deliver, advance } = setup(5000);
    controller.run('{}');
    deliver({ type: 'hello', coreVersion: 'v', protocol: 3 });
    const v = controller.validate('{}');
    advance(3000);
    expect(workers[0].terminated).toBe(false);
    advance(3000);
    expect(workers[0].terminated).toBe(true);
    expect(controller.getSnapshot().error).toContain('stopped answering');
    expect((await v)[0]).toContain('stopped answering');
  });

  it('a paused run is not a hang; reset replaces a silent worker', () => {
    const { controller, workers, deliver, advance } = setup(5000);
    const runId = controller.run('{}');
    deliver({ type: 'hello', coreVersion: 'v', protocol: 3 });
    deliver({ type: 'ready', runId, seriesNames: [], stopMs: 1000, coreVersion: 'v' });
    controller.pause();
    advance(60_000);
    expect(workers[0].terminated).toBe(false);
    controller.resume();
    advance(2000);
    controller.reset();
    expect(workers[0].terminated).toBe(true);
    expect(controller.getSnapshot().status).toBe('idle');
  });

  it('an uncaught worker error replaces the worker instead of failing for good', () => {
    const { controller, workers } = setup();
    controller.run('{}');
    workers[0].w.onerror!({ message: 'RuntimeError: unreachable', preventDefault() {} } as ErrorEvent);
    expect(controller.getSnapshot().error).toBe(workerTrouble('RuntimeError: unreachable'));
    controller.run('{}');
    expect(workers).toHaveLength(2);
    expect(controller.getSnapshot().status).toBe('loading');
  });
});
