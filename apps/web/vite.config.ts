import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { areaTexts } from './texts-plugin.ts';

/** The product version, from the root package.json; the app compares it with the server's. */
const version = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

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

export default defineConfig({
  plugins: [react(), areaTexts(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
