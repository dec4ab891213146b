import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { isHashedAsset } from './server/http/hashed-name.ts';

const EARLY = resolve(import.meta.dirname, 'src/early-requests.ts');

/**
 * Builds src/early-requests.ts as its own chunk and loads it first, async, so the requests for
 * config, translations and the invite start while the app's code downloads (Vite would otherwise
 * fold a second module script into the main entry). It is bundled in a build of its own, so the
 * rules it shares with the app (src/rules/) are copied into it: one request, no import of an app
 * chunk before the early requests can start.
 */
function earlyRequests(): Plugin {
  let fileName: string | undefined;
  return {
    name: 'early-requests',
    async buildStart() {
      if (this.meta.watchMode !== false) return;
      const output = await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          write: false,
          target: 'es2022',
          sourcemap: true,
          lib: { entry: EARLY, formats: ['es'], fileName: 'early-requests' },
          // A library build keeps white space, annotations and exports; a page script needs none of them.
          rolldownOptions: { preserveEntrySignatures: false, output: { minify: true, comments: false } },
        },
      });
      const chunk = [output]
        .flat()
        .flatMap((result) => ('output' in result ? result.output : []))
        .find((file) => file.type === 'chunk');
      if (!chunk) throw new Error('the early-requests build produced no chunk');
      const hash = createHash('sha256').update(chunk.code).digest('base64url').slice(0, 8);
      fileName = `assets/early-requests-${hash}.js`;
      const code = `${chunk.code.replace(/\n\/\/# sourceMappingURL=.*\n?$/, '')}\n//# sourceMappingURL=${basename(fileName)}.map\n`;
      this.emitFile({ type: 'prebuilt-chunk', fileName, code });
      if (chunk.map) this.emitFile({ type: 'asset', fileName: `${fileName}.map`, source: chunk.map.toString() });
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        const src = fileName ? `/${fileName}` : '/src/early-requests.ts';
        // Async, so it runs as soon as it arrives (in document order it ran some 250 ms later on a
        // throttled phone). On a reload the cached entry can still run first; the app then claims
        // the requests itself and this script starts none (src/early/take-early-response.ts).
        return [{ tag: 'script', attrs: { type: 'module', async: true, src }, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * Writes a Brotli copy (quality 11) beside each hashed script and style sheet, for servers that
 * send a stored copy instead of compressing on every request: the entry is 105 kB instead of
 * 122 kB gzip (docs/performance.md, change 8). Only hashed files: a copy beside a file an operator
 * edits (config.json) could outlive the edit.
 */
function brotliCopies(): Plugin {
  return {
    name: 'brotli-copies',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!isHashedAsset(file.fileName) || !/\.(js|css)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const compressed = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        writeFileSync(join(options.dir ?? 'dist', `${file.fileName}.br`), compressed);
      }
    },
  };
}

// `vite build --ssr src/ssr/render-page.tsx` (the second half of `npm run build`) builds the app
// server's renderer into dist-ssr/, beside the browser's dist/ and never served from it.
const ssrBuild: UserConfig = {
  plugins: [react()],
  publicDir: false,
  build: {
    target: 'node24',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: 'render-page.js' } },
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? ssrBuild
    : {
        plugins: [react(), earlyRequests(), brotliCopies()],
        build: {
          target: 'es2022',
          sourcemap: true,
          manifest: true,
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => id !== EARLY }],
              },
            },
          },
        },
        // In development the services come from a reference server started with `npm start`.
        server: {
          host: '127.0.0.1',
          proxy: Object.fromEntries(['/api', '/ids', '/media'].map((path) => [path, 'http://127.0.0.1:8080'])),
        },
      },
);
