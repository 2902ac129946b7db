import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { areaTexts } from './texts-plugin.ts';

/** The product version, from the root package.json. */
const version = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * A build's own version, `<version>+<when it was built>`: a page compares it with the one the server
 * serves, which reads it from `version.json` beside index.html (apps/server/src/version.ts), so
 * that every deploy is noticed by the pages open before it, a bumped version or not.
 */
function buildVersion(built: string): Plugin {
  return {
    name: 'logoschool-build-version',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: built })}\n`,
      });
    },
  };
}

/**
 * Writes `.br` and `.gz` beside every text asset of the build, which the server sends to browsers
 * that accept them (@fastify/static `preCompressed`): smaller downloads, no compression per request.
 */
function precompress(): Plugin {
  return {
    name: 'logoschool-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const file = path.join(dir, name);
        const content = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig(({ command }) => {
  const built = command === 'build' ? `${version}+${Date.now().toString(36)}` : version;
  return {
    plugins: [react(), areaTexts(), buildVersion(built), precompress()],
    define: { __APP_VERSION__: JSON.stringify(built) },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000' },
    },
    build: { outDir: 'dist', emptyOutDir: true },
  };
});
