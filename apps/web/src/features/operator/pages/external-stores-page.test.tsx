import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  externalStoreMessages,
  type ExternalStore,
  type ExternalStoreRun,
  type SourcePreview,
} from '@pricehub/shared/schemas/operator-external-stores';
import { messageUnderInput } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { ExternalStoresPage } from './external-stores-page';

/** Stands in for the browser's EventSource: the test emits the server's events. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
    }
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
const feed = 'https://feeds.example/merchant.xml';
const run = (over: Partial<ExternalStoreRun> = {}): ExternalStoreRun => ({
  id: 7,
  storeId: 3,
  trigger: 'manual',
  status: 'running',
  phase: 'fetch',
  done: 0,
  total: 0,
  new: 0,
  updated: 0,
  unchanged: 0,
  unavailable: 0,
  failed: 0,
  failures: [],
  error: null,
  startedAt: '2026-11-24T02:00:00.000Z',
  finishedAt: null,
  ...over,
});
const report = run({
  status: 'done',
  phase: 'save',
  done: 5,
  total: 5,
  new: 5,
  failed: 1,
  failures: [{ where: `${feed} item 3`, reason: 'no price' }],
  finishedAt: '2026-11-24T02:00:05.000Z',
});
const store = (over: Partial<ExternalStore> = {}): ExternalStore => ({
  id: 3,
  name: 'Feed Mart',
  slug: 'feed-mart',
  source: feed,
  sourceKind: 'url',
  format: 'auto',
  intervalHours: 6,
  paused: false,
  lastRun: report,
  lastRefreshedAt: '2026-11-24T02:00:00.000Z',
  nextRunAt: '2099-11-24T08:00:00.000Z',
  offers: { total: 5, available: 5 },
  createdAt: '2026-11-24T02:00:00.000Z',
  ...over,
});
const preview: SourcePreview = {
  kind: 'gmc',
  items: [
    {
      name: 'Feedphone Model 1',
      brand: 'Feedphone',
      price: 10_001_00,
      inStock: true,
      url: 'https://feeds.example/p/1',
      image: '',
      gtin: null,
    },
  ],
  total: 5,
  failures: [{ where: `${feed} item 3`, reason: 'no price' }],
  failed: 1,
};

describe('the Other stores page', { timeout: 30_000 }, () => {
  it('adds a store only after a preview, then follows its first run live to its report', async () => {
    const events = '/api/operator/external-stores/3/runs/7/events';
    const api = mockApi({
      'GET /api/operator/external-stores': [
        [200, { items: [] }],
        [200, { items: [store({ lastRun: run() })] }],
      ],
      'POST /api/operator/external-stores/preview': [200, preview],
      'POST /api/operator/external-stores': [
        201,
        { message: externalStoreMessages.created('Feed Mart'), store: store({ lastRun: run() }), run: run(), events },
      ],
    });
    renderPage(<ExternalStoresPage />, { path: '/operator/external-stores' });
    expect(await screen.findByText(/No other stores yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a store' }));
    const form = screen.getByRole('region', { name: 'Add a store' });
    fireEvent.change(within(form).getByLabelText(/^Store name/), { target: { value: 'Feed Mart' } });
    const address = within(form).getByLabelText(/^Address/);
    fireEvent.change(address, { target: { value: 'feeds.example/merchant.xml' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(messageUnderInput(address)).toBe(externalStoreMessages.sourceNotWeb);
    expect(api.sent('POST /api/operator/external-stores/preview')).toHaveLength(0);

    fireEvent.change(address, { target: { value: feed } });
    const save = within(form).getByRole('button', { name: 'Save and refresh' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(await within(form).findByText('Google Merchant feed')).toBeTruthy();
    expect(within(form).getByText('5 items, 1 could not be read')).toBeTruthy();
    const first = within(within(form).getByRole('table', { name: 'First items' })).getAllByRole('row')[1]!;
    expect(first.textContent).toContain('Feedphone Model 1');
    expect(first.textContent).toContain('Rs 10,001');
    expect(within(form).getByText(/item 3: no price/)).toBeTruthy();
    expect(api.sent('POST /api/operator/external-stores/preview')[0]!.body).toEqual({ source: feed, format: 'auto' });

    fireEvent.click(within(form).getByRole('button', { name: 'Save and refresh' }));
    await waitFor(() => expect(api.sent('POST /api/operator/external-stores')).toHaveLength(1));
    expect(api.sent('POST /api/operator/external-stores')[0]!.body).toEqual({
      name: 'Feed Mart',
      format: 'auto',
      intervalHours: 6,
      source: feed,
    });

    const card = await screen.findByRole('listitem', { name: 'Feed Mart' });
    await waitFor(() => expect(FakeEventSource.opened.map((s) => s.url)).toContain(events));
    expect(within(card).getByText('Reading the source…')).toBeTruthy();
    const source = FakeEventSource.opened.find((s) => s.url === events)!;
    act(() => source.emit('progress', run({ phase: 'save', done: 2, total: 5 })));
    expect(await within(card).findByText('Saving items: 2 of 5')).toBeTruthy();
    act(() => source.emit('report', report));
    expect(await within(card).findByText('Refresh finished')).toBeTruthy();
    expect(within(card).getByRole('listitem', { name: 'New: 5' })).toBeTruthy();
    expect(within(card).getByRole('listitem', { name: 'Failed: 1' })).toBeTruthy();
    expect(within(card).getByText(/item 3:/)).toBeTruthy();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('says why a preview failed until the address changes, and keeps what was typed when saving is refused', async () => {
    const unreadable = 'The address answered 404 Not Found';
    const api = mockApi({
      'GET /api/operator/external-stores': [200, { items: [] }],
      'POST /api/operator/external-stores/preview': [apiError(422, unreadable), [200, preview]],
      'POST /api/operator/external-stores': apiError(409, externalStoreMessages.nameTaken, {
        name: externalStoreMessages.nameTaken,
      }),
    });
    renderPage(<ExternalStoresPage />, { path: '/operator/external-stores' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a store' }));
    const form = screen.getByRole('region', { name: 'Add a store' });
    const name = within(form).getByLabelText(/^Store name/);
    const address = within(form).getByLabelText(/^Address/);
    fireEvent.change(name, { target: { value: 'Feed Mart' } });
    fireEvent.change(address, { target: { value: feed } });
    fireEvent.click(within(form).getByRole('button', { name: 'Preview' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(unreadable);
    fireEvent.change(address, { target: { value: `${feed}?v=2` } });
    expect(within(form).queryByRole('alert')).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(await within(form).findByText('Google Merchant feed')).toBeTruthy();
    // A click on a button still disabled is lost: wait until the preview has enabled it.
    const saveButton = within(form).getByRole('button', { name: 'Save and refresh' });
    await waitFor(() => expect(saveButton).toHaveProperty('disabled', false));
    fireEvent.click(saveButton);
    // Saving checks the fields, then posts: under a full suite on two cores this has taken more than the usual 5 s.
    await waitFor(() => expect(messageUnderInput(name)).toBe(externalStoreMessages.nameTaken), { timeout: 10_000 });
    expect(api.sent('POST /api/operator/external-stores')).toHaveLength(1);
    expect(name).toHaveProperty('value', 'Feed Mart');
    expect(address).toHaveProperty('value', `${feed}?v=2`);
  });

  it('shows freshness, pauses a store, and says what deleting it does to its offers before deleting', async () => {
    const api = mockApi({
      'GET /api/operator/external-stores': [200, { items: [store()] }],
      'PATCH /api/operator/external-stores/3': [200, store({ paused: true, nextRunAt: null })],
      'DELETE /api/operator/external-stores/3': [200, { message: externalStoreMessages.deleted('Feed Mart', 5) }],
    });
    renderPage(<ExternalStoresPage />, { path: '/operator/external-stores' });
    const card = await screen.findByRole('listitem', { name: 'Feed Mart' });
    expect(within(card).getByText('5 of 5 listed now')).toBeTruthy();
    expect(within(card).getByText('Nov 24, 2099', { exact: false })).toBeTruthy();
    expect(within(card).getByText(/5 new, 0 updated, 0 unchanged, 0 unavailable, 1 failed/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Pause Feed Mart' }));
    await waitFor(() => expect(api.sent('PATCH /api/operator/external-stores/3')).toHaveLength(1));
    expect(api.sent('PATCH /api/operator/external-stores/3')[0]!.body).toEqual({ paused: true });

    fireEvent.click(within(card).getByRole('button', { name: 'Delete Feed Mart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Feed Mart?' });
    expect(dialog.textContent).toMatch(/Its 5 offers leave every product page at once, and their price history/);
    expect(dialog.textContent).toMatch(/Catalogue products stay/);
    expect(api.sent('DELETE /api/operator/external-stores/3')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete store and offers' }));
    await waitFor(() => expect(api.sent('DELETE /api/operator/external-stores/3')).toHaveLength(1));
    expect(await screen.findByText(externalStoreMessages.deleted('Feed Mart', 5))).toBeTruthy();
  });

  it('gives a store of the demo data an address before it can be refreshed', async () => {
    const seeded = store({
      id: 4,
      name: 'Seeded Mart',
      source: '',
      sourceKind: 'none',
      nextRunAt: null,
      lastRun: null,
    });
    const api = mockApi({
      'GET /api/operator/external-stores': [200, { items: [seeded] }],
      'PATCH /api/operator/external-stores/4': [200, store({ id: 4, name: 'Seeded Mart' })],
    });
    renderPage(<ExternalStoresPage />, { path: '/operator/external-stores' });
    const card = await screen.findByRole('listitem', { name: 'Seeded Mart' });
    expect(within(card).getByRole('button', { name: 'Refresh Seeded Mart now' })).toHaveProperty('disabled', true);
    expect(within(card).getByText('Needs an address')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Change the address of Seeded Mart' }));
    const input = within(card).getByLabelText('Address of Seeded Mart');
    fireEvent.change(input, { target: { value: 'ftp://seeded.example/feed' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(messageUnderInput(input)).toBe(externalStoreMessages.sourceNotWeb);
    fireEvent.change(input, { target: { value: feed } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PATCH /api/operator/external-stores/4')).toHaveLength(1));
    expect(api.sent('PATCH /api/operator/external-stores/4')[0]!.body).toEqual({ source: feed });
  });

  it('starts a refresh and lists the run history with each failure’s reason', async () => {
    const api = mockApi({
      'GET /api/operator/external-stores': [200, { items: [store()] }],
      'POST /api/operator/external-stores/3/refresh': [
        202,
        { run: run({ id: 8 }), events: '/api/operator/external-stores/3/runs/8/events' },
      ],
      'GET /api/operator/external-stores/3/runs': [200, { items: [report] }],
    });
    renderPage(<ExternalStoresPage />, { path: '/operator/external-stores' });
    const card = await screen.findByRole('listitem', { name: 'Feed Mart' });
    fireEvent.click(within(card).getByRole('button', { name: 'Refresh Feed Mart now' }));
    await waitFor(() => expect(api.sent('POST /api/operator/external-stores/3/refresh')).toHaveLength(1));
    await waitFor(() =>
      expect(FakeEventSource.opened.map((s) => s.url)).toContain('/api/operator/external-stores/3/runs/8/events'),
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Show run history' }));
    const history = await within(card).findByRole('table', { name: 'Run history' });
    const row = within(history).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Done with failures');
    fireEvent.click(within(row).getByRole('button', { name: /show reasons/ }));
    expect(await within(history).findByText(/no price/)).toBeTruthy();
  });
});
