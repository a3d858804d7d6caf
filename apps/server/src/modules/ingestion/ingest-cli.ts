import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { logTransport } from '../../adapters/mail/transport';
import { openAppContext } from '../../cli/app-context';
import { fail, loadCommandConfig } from '../../cli/command-line';
import { postToRunningServer, throughServerOrDirectly } from '../../cli/running-server';
import type { Config } from '../../config';
import { withOwnDatabase } from '../../db/own-database';
import { evaluatePriceAlerts } from '../prices/alerts';
import { ingestSource, type IngestReport } from './ingest';
import { progressBar } from './progress-bar';
import { recordCommandRun } from '../offers/runs';
import type { ServerInfo } from '../../db/server-handoff';
import { sourceFormats, type SourceFormat } from './sources';

const USAGE = 'usage: npm run ingest -- --store "<Store name>" --source <url-or-file> [--format auto|jsonld|gmc|csv]';

function readArgs() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { store: { type: 'string' }, source: { type: 'string' }, format: { type: 'string', default: 'auto' } },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  const store = values.store?.trim();
  const source = values.source?.trim();
  if (!store || !source) fail(USAGE, 2);
  if (!sourceFormats.includes(values.format as SourceFormat)) fail(`unknown format "${values.format}"\n${USAGE}`, 2);
  const isUrl = /^https?:\/\//i.test(source);
  if (!isUrl && !existsSync(source)) fail(`no such file: ${source}`, 2);
  return { store, source: isUrl ? source : resolve(source), format: values.format as SourceFormat };
}

function printReport(report: IngestReport, via: string): void {
  console.log(`\n${report.store.name} (${via})`);
  console.log(`  new:         ${report.new}`);
  console.log(`  updated:     ${report.updated}`);
  console.log(`  unchanged:   ${report.unchanged}`);
  console.log(`  unavailable: ${report.unavailable}`);
  console.log(`  failed:      ${report.failed}`);
  for (const f of report.failures.slice(0, 50)) console.log(`    - ${f.where}: ${f.reason}`);
  if (report.failures.length > 50) console.log(`    … and ${report.failures.length - 50} more`);
}

/** Hands the job to the running server; undefined when it cannot be reached (a stale server.json). */
async function ingestThroughServer(
  info: ServerInfo,
  job: ReturnType<typeof readArgs>,
): Promise<IngestReport | undefined> {
  const res = await postToRunningServer(info, 'ingest', job);
  if (!res) return undefined;
  if (!res.ok || !res.body) fail(`the server refused the ingest job: HTTP ${res.status} ${await res.text()}`);
  const bar = progressBar();
  let buffered = '';
  let report: IngestReport | undefined;
  const decoder = new TextDecoder();
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      if (line.type === 'progress') bar(line);
      else if (line.type === 'report') report = line.report;
      else if (line.type === 'error') fail(`ingest failed: ${line.message}`);
    }
  }
  bar.done();
  if (!report) fail('the server closed the connection before the ingest finished');
  return report;
}

async function ingestDirectly(config: Config, job: ReturnType<typeof readArgs>): Promise<IngestReport> {
  return withOwnDatabase(config, 2, async (database) => {
    const ctx = await openAppContext(config, database, logTransport({ info: () => {} }));
    const bar = progressBar();
    const startedAt = ctx.now();
    const report = await ingestSource(ctx, { ...job, progress: bar });
    bar.done();
    await recordCommandRun(ctx.db, report, startedAt, ctx.now());
    // Alerts are mailed through the outbox; the server's mail job sends them when it next runs.
    await evaluatePriceAlerts(ctx);
    return report;
  });
}

async function main() {
  const job = readArgs();
  const config = loadCommandConfig();
  const { result, via } = await throughServerOrDirectly(
    config,
    (info) => ingestThroughServer(info, job),
    () => ingestDirectly(config, job),
  );
  printReport(result, via);
}

main().catch((error) => fail(`ingest failed: ${(error as Error).stack ?? error}`));
