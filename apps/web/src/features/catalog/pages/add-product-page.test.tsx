import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import type { CatalogueCandidate } from '@pricehub/shared/schemas/product';
import { messageUnderInput } from '../../../test/form-queries';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { AddProductPage } from './add-product-page';

// The upload goes through XMLHttpRequest (for its progress bar), which the fetch stand-in does not see.
vi.mock('../api/upload', () => ({
  uploadImage: async () => ({ url: '/uploads/fold.webp', thumbnailUrl: '/uploads/fold-thumb.webp' }),
}));

const NAME = 'Galaxy Z Fold 6 (12GB RAM, 512GB) Silver Shadow';
const matchesUrl = `GET /api/seller/products/matches?${new URLSearchParams({
  name: NAME,
  brand: 'Samsung',
  ram: '12',
  storage: '512',
})}`;

const fold: CatalogueCandidate = {
  id: 11,
  name: 'Samsung Galaxy Z Fold6 12GB 512GB',
  brand: 'Samsung',
  category: 'mobile',
  ram: 12,
  storage: 512,
  image: '/uploads/fold6.webp',
  lowestPrice: 39_999_900,
  offerCount: 2,
};
const flip: CatalogueCandidate = { ...fold, id: 12, name: 'Samsung Galaxy Z Flip6 12GB 512GB', offerCount: 1 };

const listing = { id: 90, productId: 11, name: NAME };
const created = (productId: number, productName: string) =>
  [
    201,
    {
      listing: { ...listing, productId },
      product: { id: productId, name: productName },
      message: messages.product.added,
    },
  ] as [number, unknown];

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;
function type(label: RegExp, value: string) {
  const el = input(label);
  fireEvent.focus(el);
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
}

async function fillForm(quantity = '2') {
  type(/^Product name/, NAME);
  type(/^Brand/, 'Samsung');
  type(/^Description/, 'Unlocked, one year warranty');
  type(/^RAM \(GB\)/, '12');
  type(/^Storage \(GB\)/, '512');
  type(/^Price \(Rs\)/, '389999');
  type(/^Quantity/, quantity);
  await userEvent.click(screen.getByRole('textbox', { name: /^Category/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Mobile' }));
  const file = new File(['png'], 'fold.png', { type: 'image/png' });
  await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
  await screen.findByRole('img', { name: 'Uploaded product image' });
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Add Product' }));

describe('adding a product: "Is it one of these?"', { timeout: 30_000 }, () => {
  it('asks with what the seller typed, and attaches the listing to the product they pick', async () => {
    const api = mockApi({
      [matchesUrl]: [200, { candidates: [fold, flip] }],
      'POST /api/seller/products': created(11, fold.name),
    });
    renderPage(<AddProductPage />, { path: '/seller/addProduct' });
    await fillForm();

    const group = await screen.findByRole('group', { name: 'Is it one of these?' });
    const choice = within(group).getByRole('radio', { name: fold.name });
    expect(within(group).getByText(/Samsung · 12 GB RAM · 512 GB · Rs 399,999 at 2 stores/)).toBeTruthy();
    expect(within(group).getByText(/Rs 399,999 at 1 store$/)).toBeTruthy();
    expect(within(group).getByRole('radio', { name: 'None of these: add a new product' })).toBeTruthy();
    await userEvent.click(choice);
    expect((choice as HTMLInputElement).checked).toBe(true);
    await submit();

    await waitFor(() => expect(api.sent('POST /api/seller/products')).toHaveLength(1));
    expect(api.sent('POST /api/seller/products')[0]!.body).toMatchObject({
      name: NAME,
      brand: 'Samsung',
      ram: '12',
      storage: '512',
      // Typed as Rs 389,999; the API takes paisa.
      price: 38_999_900,
      quantity: '2',
      image: '/uploads/fold.webp',
      catalogProductId: 11,
    });
    expect(
      await screen.findByText(`Shoppers find it under “${fold.name}”, beside the other stores' prices.`),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View product' }).getAttribute('href')).toBe('/result/productHub/11');
  });

  it('sends no catalogue product when the seller answers "None of these"', async () => {
    const api = mockApi({
      [matchesUrl]: [200, { candidates: [fold] }],
      'POST /api/seller/products': created(90, NAME),
    });
    renderPage(<AddProductPage />, { path: '/seller/addProduct' });
    await fillForm();
    await userEvent.click(await screen.findByRole('radio', { name: 'None of these: add a new product' }));
    await submit();
    await waitFor(() => expect(api.sent('POST /api/seller/products')).toHaveLength(1));
    expect(api.sent('POST /api/seller/products')[0]!.body).not.toHaveProperty('catalogProductId');
    expect(await screen.findByText(`“${NAME}” is now listed in your store.`)).toBeTruthy();
  });

  it('shows the server’s refusal of the chosen product under the choice, keeping everything typed', async () => {
    const refusal = 'This catalogue product is Apple, not Samsung: choose another or add a new product';
    mockApi({
      [matchesUrl]: [200, { candidates: [fold] }],
      'POST /api/seller/products': apiError(400, refusal),
    });
    renderPage(<AddProductPage />, { path: '/seller/addProduct' });
    await fillForm();
    await userEvent.click(await screen.findByRole('radio', { name: fold.name }));
    await submit();

    const group = screen.getByRole('group', { name: 'Is it one of these?' });
    expect((await within(group).findByRole('alert')).textContent).toBe(refusal);
    expect(input(/^Product name/).value).toBe(NAME);
    expect(input(/^Brand/).value).toBe('Samsung');
    expect(input(/^RAM \(GB\)/).value).toBe('12');
    expect(input(/^Quantity/).value).toBe('2');
    expect((within(group).getByRole('radio', { name: fold.name }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeTruthy();
  });

  it('shows the quantity rule before posting: a new listing needs at least 1', async () => {
    const api = mockApi({ [matchesUrl]: [200, { candidates: [] }] });
    renderPage(<AddProductPage />, { path: '/seller/addProduct' });
    await fillForm('0');
    expect(messageUnderInput(input(/^Quantity/))).toBe(messages.product.invalidQuantity);
    await submit();
    expect(messageUnderInput(input(/^Quantity/))).toBe(messages.product.invalidQuantity);
    expect(api.sent('POST /api/seller/products')).toHaveLength(0);
    expect(
      await screen.findByText('No catalogue product looks like this yet: yours will be added as a new product.'),
    ).toBeTruthy();
  });

  it('does not step a new listing’s quantity below 1 with the arrow keys', async () => {
    mockApi({});
    renderPage(<AddProductPage />, { path: '/seller/addProduct' });
    type(/^Quantity/, '1');
    const quantity = input(/^Quantity/);
    await userEvent.click(quantity);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(quantity.value).toBe('1');
    expect(messageUnderInput(quantity)).toBeNull();
  });
});
