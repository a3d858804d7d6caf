import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  matchingMessages,
  type CatalogueProductDetail,
  type MatchingItem,
  type MatchingPage as Page,
} from '@pricehub/shared/schemas/operator-matching';
import { messageUnderInput } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { MatchingCatalogueEditPage } from './matching-catalogue-edit-page';
import { MatchingPage } from './matching-page';

const product8 = {
  id: 41,
  name: 'Flarion F2 8GB 256GB',
  brand: 'Flarion',
  category: 'mobile' as const,
  ram: 8,
  storage: 256,
  gtin: null,
  image: '/p.svg',
  lowestPrice: 60_000_00,
  offerCount: 1,
};
const product12 = {
  ...product8,
  id: 57,
  name: 'Flarion F2 12GB 256GB',
  ram: 12,
  offerCount: 2,
  lowestPrice: 61_000_00,
};
const nearMiss: MatchingItem = {
  kind: 'offers',
  id: 9,
  reason: 'near-miss',
  name: 'Flarion F2 12GB 256GB',
  brand: 'Flarion',
  gtin: null,
  ram: 12,
  storage: 256,
  price: 61_000_00,
  inStock: true,
  store: { name: 'Tech Town', slug: 'tech-town', external: true },
  url: 'https://techtown.example/f2',
  matchedBy: 'name',
  createdAt: '2026-11-23T10:00:00.000Z',
  product: product12,
  candidates: [{ ...product8, nearMiss: true }],
};
const page = (items: MatchingItem[]): Page => ({ items, total: items.length, page: 1, pageSize: 20 });

describe('the Matching page', { timeout: 30_000 }, () => {
  it('shows each offer with its product and a candidate side by side, the differing spec marked', async () => {
    mockApi({ 'GET /api/operator/matching': [200, page([nearMiss])] });
    renderPage(<MatchingPage />, { path: '/operator/matching' });
    const card = await screen.findByRole('listitem', { name: 'Flarion F2 12GB 256GB' });
    expect(within(card).getByText('Near miss')).toBeTruthy();
    expect(within(card).getByText(/Offer of Tech Town/)).toBeTruthy();
    const table = within(card).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Candidate #41' })).toBeTruthy();
    const ramRow = within(table).getByRole('row', { name: /^RAM/ });
    expect(ramRow.textContent).toContain('8 GB (differs)');
    expect(within(card).getByRole('radio', { name: /#41 Flarion F2 8GB 256GB/ })).toHaveProperty('checked', true);
  });

  it('merges after asking which product stays, and posts the choice', async () => {
    const api = mockApi({
      'GET /api/operator/matching': [
        [200, page([nearMiss])],
        [200, page([])],
      ],
      'POST /api/operator/matching/merge': [
        200,
        { message: matchingMessages.merged(product8.name, product12.name), product: { ...product12, offerCount: 3 } },
      ],
    });
    renderPage(<MatchingPage />, { path: '/operator/matching' });
    const card = await screen.findByRole('listitem', { name: 'Flarion F2 12GB 256GB' });
    fireEvent.click(within(card).getByRole('button', { name: 'Merge products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge these two products?' });
    // The product more stores offer stays by default; the operator keeps the other one instead.
    expect(within(dialog).getByRole('radio', { name: /Keep #57/ })).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Keep #41/ }));
    expect(within(dialog).getByText(/#57 Flarion F2 12GB 256GB is deleted/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge products' }));
    await waitFor(() => expect(api.sent('POST /api/operator/matching/merge')).toHaveLength(1));
    expect(api.sent('POST /api/operator/matching/merge')[0]!.body).toEqual({ keepId: 41, goneId: 57 });
    expect(await screen.findByText('The queue is empty.')).toBeTruthy();
  });

  it('keeps the dialog open with the server’s message when an action is refused', async () => {
    mockApi({
      'GET /api/operator/matching': [200, page([nearMiss])],
      'POST /api/operator/matching/offers/9/split': apiError(400, matchingMessages.onlyOffer),
    });
    renderPage(<MatchingPage />, { path: '/operator/matching' });
    const card = await screen.findByRole('listitem', { name: 'Flarion F2 12GB 256GB' });
    fireEvent.click(within(card).getByRole('button', { name: 'Split out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split out into a new product?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Split out' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', matchingMessages.onlyOffer);
  });

  it('filters to near misses, kept in the address', async () => {
    const api = mockApi({
      'GET /api/operator/matching': [200, page([])],
      'GET /api/operator/matching?reason=near-miss': [200, page([nearMiss])],
    });
    renderPage(<MatchingPage />, { path: '/operator/matching' });
    expect(await screen.findByText('The queue is empty.')).toBeTruthy();
    fireEvent.click(screen.getByText('Near misses'));
    expect(await screen.findByRole('listitem', { name: 'Flarion F2 12GB 256GB' })).toBeTruthy();
    expect(api.sent('GET /api/operator/matching?reason=near-miss')).toHaveLength(1);
  });
});

describe('the catalogue editor', { timeout: 30_000 }, () => {
  const detail: CatalogueProductDetail = {
    ...product8,
    description: 'A phone',
    gtins: ['4006381333931'],
    visible: true,
    offers: [
      {
        kind: 'listings',
        id: 41,
        name: 'Flarion F2',
        store: 'Beta Mobiles',
        price: 60_000_00,
        matchedBy: 'name',
        decided: false,
      },
    ],
  };

  it('checks the form as the server does, then shows the server’s refusal under the GTINs', async () => {
    const api = mockApi({
      'GET /api/operator/catalogue/41': [200, detail],
      'PUT /api/operator/catalogue/41': apiError(409, matchingMessages.gtinTaken('5901234123457', 7, 'Other'), {
        gtins: matchingMessages.gtinTaken('5901234123457', 7, 'Other'),
      }),
    });
    renderPage(<MatchingCatalogueEditPage />, {
      path: '/operator/catalogue/41',
      pattern: '/operator/catalogue/:productId',
    });
    const name = await screen.findByLabelText(/^Name/);
    expect(screen.getByRole('cell', { name: 'Beta Mobiles' })).toBeTruthy();
    fireEvent.change(name, { target: { value: ' ' } });
    const gtins = screen.getByLabelText(/^GTINs/);
    fireEvent.change(gtins, { target: { value: '4006381333931\n12-34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(messageUnderInput(name)).toBe(matchingMessages.nameRequired);
    expect(messageUnderInput(gtins)).toBe(matchingMessages.gtinInvalid);
    expect(api.sent('PUT /api/operator/catalogue/41')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Flarion F2 (2025)' } });
    fireEvent.change(gtins, { target: { value: '4006381333931\n5901234123457' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT /api/operator/catalogue/41')).toHaveLength(1));
    expect(api.sent('PUT /api/operator/catalogue/41')[0]!.body).toMatchObject({
      name: 'Flarion F2 (2025)',
      ram: 8,
      gtins: ['4006381333931', '5901234123457'],
    });
    await waitFor(() => expect(messageUnderInput(gtins)).toBe(matchingMessages.gtinTaken('5901234123457', 7, 'Other')));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Flarion F2 (2025)');
  });
});
