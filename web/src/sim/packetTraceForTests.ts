/**
 * Vitest helper: the packet view's worker jobs (`worker/packetTraceJobs.ts`) run in this process
 * with the real wasm (loaded by `loadCoreForTests`): the path-trace window of a scenario, as the
 * page's `PacketTraceClient` receives it.
 */
import { loadCoreForTests } from './loadCoreForTests';
import { PacketTraceJobs, type PathWindow } from './worker/packetTraceJobs';

/** A function answering `[fromMs, toMs]` windows of one run, in order, as the worker does. */
export function inProcessPathWindows(): (json: string, fromMs: number, toMs: number) => PathWindow {
  loadCoreForTests();
  const jobs = new PacketTraceJobs({ post: () => {}, now: () => 0 });
  return (json, fromMs, toMs) => jobs.window(json, fromMs, toMs);
}
