// `npm run bench`: the simulator's benchmarks (native, release build). Never part of `npm test`.
import { run } from './setup.mjs';

process.exit(await run('cargo', ['run', '--release', '-p', 'sim-core', '--bin', 'losslab', '--', 'bench', ...process.argv.slice(2)]));
