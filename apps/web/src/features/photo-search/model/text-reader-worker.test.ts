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

let readBrandNamesInWorker: typeof import('./text-reader-worker').readBrandNamesInWorker;

beforeEach(async () => {
  FakeWorker.started = [];
  vi.stubGlobal('Worker', FakeWorker);
  // A fresh module each test: the worker it starts is kept in the module.
  vi.resetModules();
  ({ readBrandNamesInWorker } = await import('./text-reader-worker'));
});

describe('readBrandNamesInWorker', () => {
  it('starts one module worker and answers each photo with its own reply', async () => {
    const first = readBrandNamesInWorker(photo(1));
    const second = readBrandNamesInWorker(photo(2));
    expect(FakeWorker.started).toHaveLength(1);
    const [worker] = FakeWorker.started;
    expect(worker!.options).toMatchObject({ type: 'module' });
    expect(String(worker!.url)).toContain('text-reader.worker');
    const [a, b] = worker!.sent;
    expect([a!.image.width, b!.image.width]).toEqual([1, 2]);
    // Replies may come in any order.
    worker!.reply({ id: b!.id, brands: ['Dell'], lines: ['DELL'] });
    worker!.reply({ id: a!.id, brands: [], lines: [] });
    expect(await second).toEqual({ brands: ['Dell'], lines: ['DELL'] });
    expect(await first).toEqual({ brands: [], lines: [] });
  });

  it('rejects a reading the worker could not do, and keeps the worker for the next photo', async () => {
    const reading = readBrandNamesInWorker(photo(1));
    const [worker] = FakeWorker.started;
    worker!.reply({ id: worker!.sent[0]!.id, error: 'ch_PP-OCRv4_det_infer.onnx: 503' });
    await expect(reading).rejects.toThrow('503');
    void readBrandNamesInWorker(photo(1));
    expect(FakeWorker.started).toHaveLength(1);
  });

  it('rejects every reading waiting when the worker cannot start, and starts a new one for the next photo', async () => {
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
    fresh.reply({ id: fresh.sent[0]!.id, brands: ['HP'], lines: ['hp'] });
    expect(await third).toEqual({ brands: ['HP'], lines: ['hp'] });
  });
});
