import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { KeysHelp } from './app/KeysHelp';
import { loadPageCore } from './sim/pageCore';
import { coreWasmUrl } from './sim/coreWasmUrl';
import { registerOffline } from './app/offline';

registerOffline();

const root = createRoot(document.getElementById('root')!);

// The page asks the simulator itself for its catalog, defaults and CSV files: load it first.
loadPageCore(coreWasmUrl).then(
  () =>
    root.render(
      <StrictMode>
        <App />
        <KeysHelp />
      </StrictMode>,
    ),
  (e: unknown) =>
    root.render(
      <p role="alert" className="run-error">
        The simulator failed to load: {e instanceof Error ? e.message : String(e)}
      </p>,
    ),
);
