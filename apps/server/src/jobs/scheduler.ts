import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { jobs } from '../db/schema';

export interface JobDefinition {
  name: string;
  intervalSeconds: number;
  run: (payload: unknown) => Promise<void>;
}

/**
 * Recurring jobs kept in the `jobs` table. A runner claims a due job with FOR UPDATE SKIP LOCKED and a lease
 * (`locked_until`), so several server processes on one database never run the same job at the same time.
 */
export class Scheduler {
  private readonly definitions = new Map<string, JobDefinition>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly leaseSeconds = 300,
  ) {}

  async register(definition: JobDefinition, payload: unknown = {}): Promise<void> {
    this.definitions.set(definition.name, definition);
    await this.db
      .insert(jobs)
      .values({ name: definition.name, intervalSeconds: definition.intervalSeconds, payload })
      .onConflictDoUpdate({ target: jobs.name, set: { intervalSeconds: definition.intervalSeconds } });
  }

  /** Claims and runs every due job once; returns the names it ran. */
  async tick(): Promise<string[]> {
    const names = [...this.definitions.keys()];
    if (names.length === 0) return [];
    const ran: string[] = [];
    // A stopping scheduler finishes the job in hand but claims no more.
    while (!this.stopping) {
      const [job] = await queryRows<{ name: string; payload: unknown; interval_seconds: number }>(
        this.db,
        sql`update jobs set locked_until = now() + make_interval(secs => ${this.leaseSeconds})
            where name = (
              select name from jobs
              where next_run_at <= now() and (locked_until is null or locked_until < now())
                and name in (${sql.join(
                  names.map((n) => sql`${n}`),
                  sql`, `,
                )})
              order by next_run_at limit 1
              for update skip locked)
            returning name, payload, interval_seconds`,
      );
      if (!job) return ran;
      const definition = this.definitions.get(job.name)!;
      let error: string | null = null;
      try {
        await definition.run(job.payload);
      } catch (e) {
        error = String((e as Error).message ?? e).slice(0, 500);
        this.log.error({ err: e, job: job.name }, 'job failed');
      }
      await this.db.execute(sql`update jobs set locked_until = null, last_run_at = now(), run_count = run_count + 1,
          last_error = ${error}, next_run_at = now() + make_interval(secs => ${job.interval_seconds})
          where name = ${job.name}`);
      ran.push(job.name);
    }
    return ran;
  }

  start(everyMs = 5_000): void {
    this.stopping = false;
    const loop = () => {
      this.running = this.tick()
        .then(() => undefined)
        .catch((e) => this.log.error({ err: e }, 'scheduler tick failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(loop, everyMs);
        });
    };
    this.timer = setTimeout(loop, 100);
  }

  /**
   * Stops claiming jobs and waits for the one running, but at most `deadlineMs`, so a stuck job cannot hold up a
   * shutdown. An abandoned job keeps its lease, and runs again once the lease expires. Returns whether all finished.
   */
  async stop(deadlineMs = 5_000): Promise<boolean> {
    this.stopping = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), deadlineMs);
    });
    const finished = await Promise.race([(this.running ?? Promise.resolve()).then(() => true), deadline]);
    clearTimeout(timer);
    if (!finished) this.log.warn({ deadlineMs }, 'a job was still running at shutdown; leaving it');
    return finished;
  }
}
