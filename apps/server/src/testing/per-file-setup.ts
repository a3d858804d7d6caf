/**
 * Runs before each server test file. The server project shares one module graph among the files a worker runs
 * (`isolate: false` in vitest.config.ts: importing the app once per worker instead of once per file halves the
 * suite's time), so what a file leaves in the process is undone here: environment variables it set, and the
 * results cache, whose answers came from another file's database.
 */
import { invalidateCatalogCache } from '../cache/catalogue-cache';

const started = globalThis as typeof globalThis & { pricehubTestEnv?: NodeJS.ProcessEnv };
started.pricehubTestEnv ??= { ...process.env };
const env = started.pricehubTestEnv;
for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
Object.assign(process.env, env);

invalidateCatalogCache();
