// `npm start`: install what is missing, build the wasm and the app, serve dist/ on
// http://127.0.0.1:5173 (or the next free port) and print the URL.
import { spawn } from 'node:child_process';
import { log, must, npmBin, repoRoot, setup } from './setup.mjs';

try {
  await setup();
  await must(npmBin('vite'), ['build', '--config', 'web/vite.config.ts']);
} catch (e) {
  console.error(`[losslab] start failed: ${e.message}`);
  process.exit(1);
}

const port = process.env.PORT || '5173';
// Without --strictPort, vite preview moves to the next free port when this one is taken.
const child = spawn(
  npmBin('vite'),
  ['preview', '--config', 'web/vite.config.ts', '--host', '127.0.0.1', '--port', port],
  {
    cwd: repoRoot,
    stdio: ['inherit', 'pipe', 'inherit'],
  },
);
let announced = false;
let buffered = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (announced) return;
  buffered += chunk.toString();
  // eslint-disable-next-line no-control-regex
  const m = buffered.replace(/\x1b\[[0-9;]*m/g, '').match(/https?:\/\/127\.0\.0\.1:\d+\/?/);
  if (m) {
    announced = true;
    log(`LossLab is running at ${m[0]}  (Ctrl+C to stop)`);
  }
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('close', (code) => process.exit(code ?? 0));
