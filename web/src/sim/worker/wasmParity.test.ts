/**
 * The real simulator, compiled to wasm and loaded in Node exactly as the worker loads it, against
 * the native CLI: same scenario and seed → same summary (docs/design.md §D7, "bit-identical natively and in
 * wasm"). Needs `npm run build:wasm` (done by `npm test`) and cargo on PATH.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultScenario } from '../../scenario/defaultScenario';
import { nativeCliOutput, repoRoot } from '../nativeCliForTests';
import { initWasmSync, wasmCore } from './wasmCore';
import type { RunSummary, SimCore } from './wasmTypes';

let core: SimCore;

beforeAll(() => {
  initWasmSync({ module: readFileSync(new URL('./pkg/losslab_wasm_bg.wasm', import.meta.url)) });
  core = wasmCore();
});

function shortScenario(stopS = 5) {
  const s = defaultScenario();
  s.stop.time_s = stopS;
  return s;
}

/** Runs a scenario to completion in wasm, as the worker would (bounded slices). */
function runWasm(json: string) {
  const sim = core.createSim(json);
  try {
    const names = sim.seriesNames();
    const chunks: Float64Array[] = [];
    let calls = 0;
    while (!sim.runUntil(sim.stopMs(), 20_000)) {
      chunks.push(sim.takePoints());
      if (++calls > 1_000_000) throw new Error('run did not finish');
    }
    chunks.push(sim.takePoints());
    return { names, chunks, nowMs: sim.nowMs(), stopMs: sim.stopMs(), summary: sim.summary() };
  } finally {
    sim.free();
  }
}

function runNative(json: string): RunSummary {
  const dir = mkdtempSync(join(tmpdir(), 'losslab-parity-'));
  try {
    const file = join(dir, 'scenario.json');
    writeFileSync(file, json);
    const out = nativeCliOutput(['run', file, '--json']);
    return JSON.parse(out) as RunSummary;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the wasm simulator', () => {
  it('reports its version', () => {
    expect(core.version()).toMatch(/\d+\.\d+\.\d+/);
  });

  it('accepts the default scenario and names the problem of an out-of-range BER', () => {
    expect(core.validate(JSON.stringify(defaultScenario()))).toEqual([]);
    const bad = defaultScenario();
    bad.topology.bottleneck.errors.ber = 2;
    const problems = core.validate(JSON.stringify(bad));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((p) => p.startsWith('topology.bottleneck.errors.ber: '))).toBe(true);
    expect(() => core.createSim(JSON.stringify(bad))).toThrow(/topology\.bottleneck\.errors\.ber/);
  });

  it('streams well-formed samples for every series it names', () => {
    const { names, chunks, nowMs, stopMs } = runWasm(JSON.stringify(shortScenario(5)));
    expect(stopMs).toBe(5000);
    expect(nowMs).toBeLessThanOrEqual(stopMs);
    for (const metric of ['cwnd_bytes', 'ssthresh_bytes', 'srtt_ms', 'throughput_kbps']) {
      expect(names).toContainEqual({ entity: 'f0', metric });
    }
    expect(names.some((n) => n.metric === 'queue_pkts')).toBe(true);
    const lastT = new Map<number, number>();
    let samples = 0;
    for (const c of chunks) {
      expect(c.length % 3).toBe(0);
      for (let i = 0; i < c.length; i += 3) {
        const id = c[i];
        expect(Number.isInteger(id) && id >= 0 && id < names.length).toBe(true);
        expect(c[i + 1]).toBeGreaterThanOrEqual(lastT.get(id) ?? 0);
        expect(c[i + 1]).toBeLessThanOrEqual(stopMs);
        lastT.set(id, c[i + 1]);
        samples++;
      }
    }
    const cwndId = names.findIndex((n) => n.entity === 'f0' && n.metric === 'cwnd_bytes');
    expect(lastT.has(cwndId)).toBe(true);
    expect(samples).toBeGreaterThan(100);
  });

  it('gives the same summary as the native CLI for the same scenario and seed', { timeout: 900_000 }, () => {
    const json = JSON.stringify(shortScenario(5));
    const wasm = runWasm(json).summary;
    const native = runNative(json);
    expect(wasm.scenario_id).toBe(native.scenario_id);
    expect(wasm.seed).toBe(native.seed);
    expect(wasm.flows.map((f) => f.flow_id)).toEqual(native.flows.map((f) => f.flow_id));
    expect(wasm.flows.length).toBeGreaterThan(0);
    wasm.flows.forEach((w, i) => {
      const n = native.flows[i];
      for (const col of ['throughput_kbps', 'bytes_delivered', 'segments_sent']) {
        expect(w[col], `${String(w.flow_id)}.${col}`).toBeTypeOf('number');
        expect(w[col], `${String(w.flow_id)}.${col}`).toBe(n[col]);
      }
      // Every other column both sides report must agree too.
      for (const col of Object.keys(w)) if (col in n) expect(w[col], `${String(w.flow_id)}.${col}`).toEqual(n[col]);
    });
    expect(Number(wasm.flows[0].bytes_delivered)).toBeGreaterThan(0);
  });

  it('gives the same summary as the native CLI over a link whose rate follows a trace', { timeout: 900_000 }, () => {
    const preset = JSON.parse(readFileSync(join(repoRoot, 'content/scenarios/wifi-like-trace.json'), 'utf8')) as {
      stop: { time_s: number };
    };
    preset.stop.time_s = 10;
    const json = JSON.stringify(preset);
    const wasm = runWasm(json).summary;
    const native = runNative(json);
    expect(wasm.flows.length).toBe(1);
    expect(Number(wasm.flows[0].bytes_delivered)).toBeGreaterThan(0);
    expect(wasm.flows).toEqual(native.flows);
    expect(wasm.events).toBe(native.events);
  });

  it('gives the same summary as the native CLI over a link that replays loss events', { timeout: 900_000 }, () => {
    const scenario = JSON.parse(JSON.stringify(shortScenario(5))) as {
      topology: { bottleneck: Record<string, unknown> };
    };
    scenario.topology.bottleneck.errors = {
      kind: 'loss_trace',
      ms: [500, 1200, 1201, 2500],
      hit: 'corruption',
      period_ms: 3000,
    };
    const json = JSON.stringify(scenario);
    const wasm = runWasm(json).summary;
    const native = runNative(json);
    expect(Number(wasm.flows[0].losses_corruption)).toBeGreaterThan(0);
    expect(wasm.flows).toEqual(native.flows);
    expect(wasm.events).toBe(native.events);
  });
});
