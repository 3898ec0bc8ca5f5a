/**
 * The packet view's worker ("Watch the packets"): the lab's scenario re-run with the simulator's
 * path trace on, answered one time window at a time (`packetTraceJobs.ts`), off the page's main
 * thread. Started by `../packetTrace.ts` when a packet view opens, terminated when it goes. Loads
 * the wasm once, on its first message (`requestWorker.ts`).
 */
import wasmUrl from './pkg/losslab_wasm_bg.wasm?url';
import { PacketTraceJobs, type PacketTraceFromWorker, type PacketTraceToWorker } from './packetTraceJobs';
import { serveRequests, type WorkerScope } from './requestWorker';

serveRequests<PacketTraceToWorker, PacketTraceFromWorker>(
  self as unknown as WorkerScope<PacketTraceToWorker, PacketTraceFromWorker>,
  wasmUrl,
  (post) => new PacketTraceJobs({ post, now: () => performance.now() }),
  (message) => ({ type: 'pathFatal', message }),
);
