import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { isHashedAsset } from './http-kit/hashed-name.ts';
import { pseudoTexts } from './src/contract/pseudo-locale.ts';
import { layOver } from './src/contract/registers.ts';

/** React's names resolved to Preact (decision 0050), for the app and its libraries; exact names only. */
export const preactAliases = [
  ['react', resolve(import.meta.dirname, 'src/preact/react.js')],
  ['react-dom', resolve(import.meta.dirname, 'src/preact/react.js')],
  ['react/jsx-runtime', 'preact/compat/jsx-runtime'],
  ['react/jsx-dev-runtime', 'preact/compat/jsx-dev-runtime'],
  ['react-dom/client', 'preact/compat/client'],
  ['react-dom/server', 'preact/compat/server'],
  ['react-dom/test-utils', 'preact/test-utils'],
].map(([name, target]) => ({ find: new RegExp(`^${name}$`), replacement: target! }));

/** The classic scripts the app server inlines in rendered pages, each bundled on its own and minified. */
const INLINE_SCRIPTS: Record<string, { entry: string; name: string }> = {
  'virtual:page-script': { entry: resolve(import.meta.dirname, 'src/early/page-script.ts'), name: 'bikeInvitePage' },
  'virtual:signed-in-script': {
    entry: resolve(import.meta.dirname, 'src/early/signed-in-script.ts'),
    name: 'bikeInviteSignedIn',
  },
};

function inlineScripts(): Plugin {
  return {
    name: 'inline-scripts',
    resolveId: (id) => (id in INLINE_SCRIPTS ? `\0${id}` : undefined),
    async load(id) {
      const script = id.startsWith('\0') ? INLINE_SCRIPTS[id.slice(1)] : undefined;
      if (!script) return undefined;
      const { entry, name } = script;
      this.addWatchFile(entry);
      const output = await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          write: false,
          target: 'es2022',
          lib: {
            entry,
            formats: ['iife'],
            name,
          },
          rolldownOptions: { output: { minify: true, comments: false } },
        },
      });
      const chunk = [output]
        .flat()
        .flatMap((result) => ('output' in result ? result.output : []))
        .find((file) => file.type === 'chunk');
      if (!chunk) throw new Error(`${entry}: the build produced no chunk`);
      return `export default ${JSON.stringify(chunk.code.trim())};`;
    },
  };
}

/**
 * Writes a Brotli (quality 11) and a gzip copy beside each hashed script and style sheet from 1 kB up
 * (docs/decisions/0016-transition-render-and-brotli.md). Only hashed files: a copy beside a file an
 * operator edits (config.json) could outlive the edit.
 */
function compressedCopies(): Plugin {
  return {
    name: 'compressed-copies',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!isHashedAsset(file.fileName) || !/\.(js|css)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        if (Buffer.byteLength(source) < 1024) continue;
        const path = join(options.dir ?? 'dist', file.fileName);
        const brotli = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        writeFileSync(`${path}.br`, brotli);
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * index.html preloads React DOM's client, which the app imports when it starts (`loadReactRoot`,
 * src/start/react-dom.ts): a file of its own so that the browser evaluates it in a task apart from the
 * entry, fetched beside the entry as if it were part of it (decision 0033). A page
 * the app server renders names it for its page script instead (app-server/page-template.ts).
 */
function preloadReactRoot(): Plugin {
  return {
    name: 'preload-react-root',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('/src/start/react-root.ts'),
        );
        if (!chunk) throw new Error('no chunk of src/start/react-root.ts to preload');
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/** The app's style sheet, on every page, out of lazy modules' preload lists (decision 0049). */
function entryStyleOnEveryPage(): Plugin {
  return {
    name: 'entry-style-on-every-page',
    apply: 'build',
    writeBundle(options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (entry?.type !== 'chunk') return;
      // Put in its place, not taken out: the lists are read by index. The entry is on the page already.
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        let code = file.code;
        for (const style of entry.viteMetadata?.importedCss ?? [])
          code = code.replaceAll(`"${style}"`, `"${entry.fileName}"`);
        if (code === file.code) continue;
        file.code = code;
        writeFileSync(join(options.dir ?? 'dist', file.fileName), code);
      }
    },
  };
}

const TEXTS_DIR = resolve(import.meta.dirname, 'public/i18n');

/** A register's file (`registers/de-sie.json`, decision 0043) is served as `de-sie.json`: its language's texts with its own laid over them. */
const REGISTER_FILE = /^([a-z]{2})-([a-z]+)\.json$/;
const registerFiles = () =>
  existsSync(join(TEXTS_DIR, 'registers'))
    ? readdirSync(join(TEXTS_DIR, 'registers')).filter((name) => REGISTER_FILE.test(name))
    : [];

/**
 * What the app is served of a text file: without the identity service's `ids` section (its sign-in
 * pages read it from public/i18n themselves), without indentation; with PSEUDO_LOCALE=1, English in
 * the pseudo-language whichever file is asked for (docs/decisions/0031-languages-as-data.md).
 */
function appTexts(file: string): string {
  const read = (name: string) => JSON.parse(readFileSync(join(TEXTS_DIR, name), 'utf8')) as Record<string, unknown>;
  const register = REGISTER_FILE.exec(file);
  const own = register ? layOver(read(`${register[1]}.json`), read(`registers/${file}`)) : read(file);
  const texts = process.env.PSEUDO_LOCALE === '1' ? pseudoTexts(read('en.json')) : own;
  delete texts.ids;
  return JSON.stringify(texts);
}

/** `<noscript>` in every language there is a text file for, each sentence marked with its language. */
function noScript(): string {
  const sentences = readdirSync(TEXTS_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const texts = JSON.parse(readFileSync(join(TEXTS_DIR, name), 'utf8')) as { common: Record<string, string> };
      return `<p lang="${name.slice(0, -'.json'.length)}">${texts.common['no-script']}</p>`;
    });
  return `<noscript>${sentences.join('')}</noscript>`;
}

/**
 * Serves and writes the app's text files (`/i18n/{lang}.json`) as appTexts makes them, and fills
 * index.html's `<noscript>` from them.
 */
function textFiles(): Plugin {
  return {
    name: 'text-files',
    // The note in index.html goes too: a rendered page's body holds no comment.
    transformIndexHtml: (html) => html.replace(/(<!--[^>]*-->\s*)?<noscript>[\s\S]*?<\/noscript>/, noScript),
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = /^\/i18n\/([a-z]{2}(?:-[a-z]+)?\.json)(?:\?|$)/.exec(request.url ?? '')?.[1];
        const source = file && (REGISTER_FILE.test(file) ? `registers/${file}` : file);
        if (!file || !source || !existsSync(join(TEXTS_DIR, source))) return next();
        response.setHeader('content-type', 'application/json');
        response.end(appTexts(file));
      });
    },
    writeBundle(options) {
      // After the public folder's copy (at the start of the output), over it.
      const dir = join(options.dir ?? 'dist', 'i18n');
      for (const file of [...readdirSync(TEXTS_DIR).filter((name) => name.endsWith('.json')), ...registerFiles()])
        writeFileSync(join(dir, file), appTexts(file));
      rmSync(join(dir, 'registers'), { recursive: true, force: true });
    },
  };
}

// `vite build --ssr src/ssr/render-page.tsx` (the second half of `npm run build`) builds the app
// server's renderer into dist-ssr/, beside the browser's dist/ and never served from it.
const ssrBuild: UserConfig = {
  plugins: [react(), inlineScripts()],
  resolve: { alias: preactAliases },
  // Bundled, not imported from node_modules at run time: the libraries' `react` must be Preact too.
  ssr: { noExternal: true },
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
        plugins: [react(), entryStyleOnEveryPage(), compressedCopies(), textFiles(), preloadReactRoot()],
        resolve: { alias: preactAliases },
        build: {
          target: 'es2022',
          sourcemap: true,
          manifest: true,
          rolldownOptions: {
            output: {
              entryFileNames: 'assets/app-[hash].js',
              codeSplitting: {
                groups: [
                  // Everything the first page needs in one file, but React DOM's client, which is a file of
                  // its own to be evaluated apart (preloadReactRoot): a shared chunk would be one more request.
                  { name: 'app', tags: ['$initial'] },
                  // The brand's pictures stay a file of their own: the config parser, which a page the
                  // browser renders alone starts with, needs them and nothing of the hand-off.
                  { name: 'brand-assets', test: /\/src\/contract\/brand-assets\.ts$/ },
                  // The outcome pages' shared parts (the hand-off, its QR component) in one file, not
                  // four small ones: loading a page when idle put a link on the page for each, in one
                  // task (decision 0033). The QR library stays apart, loaded only
                  // where a code is drawn.
                  { name: 'hand-off', test: /\/src\/hand-off\/(?!qr-drawing\.ts)/ },
                  // What reads the bike service's answers, loaded beside a request (src/http/bike-service.ts), in
                  // one file with valibot, which the config's parser shares.
                  { name: 'bike-contract', test: /\/src\/(contract\/bike-service|http\/read-answer)\.ts$/ },
                ],
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
