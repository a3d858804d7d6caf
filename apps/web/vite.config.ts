import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Replaces the built page's module script and modulepreload links by public/boot.js, which starts the script: at
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
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
        if (!entry) return html;
        return html
          .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
          .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
          .replace('</head>', `  <script src="/boot.js" defer data-entry="${entry}"></script>\n  </head>`);
      },
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
  plugins: [mantineUseId(), react(), bootScript(), precompress()],
  // The server renderer bundles React (ssr.noExternal), whose builds pick development or production by reading
  // process.env.NODE_ENV when the server runs: `npm start` does not set it, and React's development build drew a
  // product page three times slower (prop validation, owner stacks). A production build renders in production mode.
  define: isSsrBuild && mode === 'production' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
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
    // No <link rel=modulepreload> per dependency of a lazy chunk: Vite's helper inserts them one by one while the
    // page starts (~20 ms of main thread on a product page), and the browser finds the imports in the chunk anyway.
    modulePreload: false,
    // One stylesheet for the whole app, linked from the page: a page drawn on the server must arrive with the styles
    // of every component on it, not wait for the script of its route to bring them (or never, without JavaScript).
    cssCodeSplit: false,
    // public/ (the favicon, boot.js, the brand model) belongs to the browser build only.
    copyPublicDir: !isSsrBuild,
  },
}));
