/**
 * Serves content/schema/*.json at /schema/<name> — in the build (emitted into dist/schema/) and
 * under `vite dev` — so a scenario or sweep file's `"$schema"` can point at the site and editors
 * validate it. The schemas' `$id`s are relative, so they resolve wherever they are served.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export function schemaFiles(schemaDir: string): Plugin {
  const names = () => readdirSync(schemaDir).filter((f) => f.endsWith('.schema.json'));
  return {
    name: 'losslab-schema-files',
    generateBundle() {
      for (const name of names()) {
        this.emitFile({ type: 'asset', fileName: `schema/${name}`, source: readFileSync(join(schemaDir, name)) });
      }
    },
    configureServer(server) {
      server.middlewares.use('/schema', (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0];
        if (!names().includes(name)) return next();
        res.setHeader('Content-Type', 'application/schema+json');
        res.end(readFileSync(join(schemaDir, name)));
      });
    },
  };
}
