import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawImage } from '@pricehub/brand-model/preprocess';
import type { ReadReply, ReadRequest } from './text-reader.worker';

/** A stand-in for the browser's Worker: it records what it is sent, and the test answers or fails as the worker. */
class FakeWorker extends EventTarget {
  static started: FakeWorker[] = [];
  sent: ReadRequest[] = [];
  terminated = false;
  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    super();
    FakeWorker.started.push(this);
  }
  postMessage(message: ReadRequest) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(message: ReadReply) {
    this.dispatchEvent(new MessageEvent('message', { data: message }));
  }
  fail(message: string) {
    this.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message }));
  }
}

const photo = (width: number): RawImage => ({ data: new Uint8ClampedArray(width * 4), width, height: 1, channels: 4 });
const STRETCHED = { stretch: true, margin: 0.5 };
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

let readBrandNamesInWorker: typeof import('./text-reader-worker').readBrandNamesInWorker;

/** A machine with this many cores: the module decides how many workers read from it. */
const cores = (count: number) => vi.stubGlobal('navigator', { hardwareConcurrency: count });

beforeEach(async () => {
  FakeWorker.started = [];
  vi.stubGlobal('Worker', FakeWorker);
  // A fresh module each test: the workers it starts are kept in the module.
  vi.resetModules();
  ({ readBrandNamesInWorker } = await import('./text-reader-worker'));
});

describe('readBrandNamesInWorker, with two cores or more', () => {
  it('reads a photo in two module workers, the second reading once the CNN is done, and answers as read in turn', async () => {
    cores(2);
    let cnnDone!: () => void;
    const reading = readBrandNamesInWorker(photo(3), new Promise<void>((resolve) => (cnnDone = resolve)));
    await settled();
    expect(FakeWorker.started).toHaveLength(1);
    const [first] = FakeWorker.started;
    expect(first!.options).toMatchObject({ type: 'module' });
    expect(String(first!.url)).toContain('text-reader.worker');
    expect(first!.sent.map((r) => [r.image.width, r.options])).toEqual([[3, {}]]);

    cnnDone();
    await settled();
    expect(FakeWorker.started).toHaveLength(2);
    const second = FakeWorker.started[1]!;
    expect(second.sent.map((r) => [r.image.width, r.options])).toEqual([[3, STRETCHED]]);
    // The second reading answers first; the first still decides, and names nothing here.
    second.reply({ id: second.sent[0]!.id, lines: ['acer'] });
    first!.reply({ id: first!.sent[0]!.id, lines: ['Core i7'] });
    expect(await reading).toEqual({ brands: ['Acer'], lines: ['acer'] });
  });

  it('answers with the first reading’s name without waiting for the second, and keeps both workers', async () => {
    cores(4);
    const reading = readBrandNamesInWorker(photo(1), Promise.resolve());
    await settled();
    const [first, second] = FakeWorker.started;
    first!.reply({ id: first!.sent[0]!.id, lines: ['DELL'] });
    expect(await reading).toEqual({ brands: ['Dell'], lines: ['DELL'] });

    void readBrandNamesInWorker(photo(2), Promise.resolve());
    await settled();
    expect(FakeWorker.started).toHaveLength(2);
    expect(second!.sent.map((r) => r.image.width)).toEqual([1, 2]);
  });
});

describe('readBrandNamesInWorker, with one core', () => {
  it('reads in one worker, the second reading only once the first has named nothing', async () => {
    cores(1);
    const reading = readBrandNamesInWorker(photo(1), Promise.resolve());
    await settled();
    expect(FakeWorker.started).toHaveLength(1);
    const [worker] = FakeWorker.started;
    expect(worker!.sent.map((r) => r.options)).toEqual([{}]);
    worker!.reply({ id: worker!.sent[0]!.id, lines: [] });
    await settled();
    expect(worker!.sent.map((r) => r.options)).toEqual([{}, STRETCHED]);
    worker!.reply({ id: worker!.sent[1]!.id, lines: ['hp'] });
    expect(await reading).toEqual({ brands: ['HP'], lines: ['hp'] });
  });

  it('answers each photo with its own replies, in whatever order they come', async () => {
    cores(1);
    const first = readBrandNamesInWorker(photo(1));
    const second = readBrandNamesInWorker(photo(2));
    const [worker] = FakeWorker.started;
    const [a, b] = worker!.sent;
    expect([a!.image.width, b!.image.width]).toEqual([1, 2]);
    worker!.reply({ id: b!.id, lines: ['DELL'] });
    worker!.reply({ id: a!.id, lines: ['ThinkPad'] });
    expect(await second).toEqual({ brands: ['Dell'], lines: ['DELL'] });
    await settled();
    worker!.reply({ id: worker!.sent[2]!.id, lines: [] });
    expect(await first).toEqual({ brands: [], lines: [] });
  });

  it('rejects a reading the worker could not do, and keeps the worker for the next photo', async () => {
    cores(1);
    const reading = readBrandNamesInWorker(photo(1));
    const [worker] = FakeWorker.started;
    worker!.reply({ id: worker!.sent[0]!.id, error: 'ch_PP-OCRv4_det_infer.onnx: 503' });
    await expect(reading).rejects.toThrow('503');
    void readBrandNamesInWorker(photo(1));
    expect(FakeWorker.started).toHaveLength(1);
  });

  it('rejects every reading waiting when the worker cannot start, and starts a new one for the next photo', async () => {
    cores(1);
    const first = readBrandNamesInWorker(photo(1));
    const second = readBrandNamesInWorker(photo(2));
    const [broken] = FakeWorker.started;
    broken!.fail('Failed to fetch a dynamically imported module');
    await expect(first).rejects.toThrow('Failed to fetch');
    await expect(second).rejects.toThrow('Failed to fetch');
    expect(broken!.terminated).toBe(true);

    const third = readBrandNamesInWorker(photo(3));
    expect(FakeWorker.started).toHaveLength(2);
    const fresh = FakeWorker.started[1]!;
    fresh.reply({ id: fresh.sent[0]!.id, lines: ['hp'] });
    expect(await third).toEqual({ brands: ['HP'], lines: ['hp'] });
  });
});
