import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { addDays, formatMdy, localIsoDay } from '@pricehub/shared/rules/dates';
import { apiError, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { messageUnderInput as messageUnder } from '../../../test/form-queries';
import { AddSalePage } from './add-sale-page';

const m = messages.sale;
const today = localIsoDay(new Date());
const products: [number, unknown] = [
  200,
  {
    items: [
      { id: 1, name: 'Galaxy A15', price: 49_999_00 },
      { id: 2, name: 'IdeaPad 3', price: 120_000_00 },
    ],
  },
];

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create sale' }));

async function chooseProduct(name: string) {
  await screen.findByPlaceholderText('Choose products');
  fireEvent.click(field(/^Products/));
  fireEvent.click(await screen.findByRole('option', { name }));
}

function typeDate(label: RegExp, iso: string) {
  const input = field(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: formatMdy(iso) } });
  fireEvent.blur(input);
}

function setDiscount(value: string) {
  const input = field(/^Discount \(%\)/);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

async function fillValid() {
  fireEvent.change(field(/^Sale title/), { target: { value: 'Winter Deals' } });
  await chooseProduct('Galaxy A15');
  await chooseProduct('IdeaPad 3');
  setDiscount('20');
  typeDate(/^Start date/, today);
  typeDate(/^End date/, addDays(today, 7));
}

describe('sale form', { timeout: 30_000 }, () => {
  it('shows every rule’s message under its field and posts nothing', async () => {
    const api = mockApi({ 'GET /api/seller/products': products });
    renderPage(<AddSalePage />, { path: '/seller/addSale' });
    await screen.findByPlaceholderText('Choose products');
    setDiscount('');
    submit();
    expect(messageUnder(field(/^Sale title/))).toBe(m.titleRequired);
    expect(messageUnder(field(/^Products/))).toBe(m.productsRequired);
    expect(messageUnder(field(/^Discount \(%\)/))).toBe(m.discountRange);
    expect(messageUnder(field(/^Start date/))).toBe(m.startInPast);
    expect(messageUnder(field(/^End date/))).toBe(m.endBeforeStart);
    expect(await screen.findAllByText(m.fixErrors)).not.toHaveLength(0);
    expect(api.sent('POST /api/seller/sales')).toHaveLength(0);
  });

  it('refuses a start in the past and an end not after the start', async () => {
    const api = mockApi({ 'GET /api/seller/products': products });
    renderPage(<AddSalePage />, { path: '/seller/addSale' });
    await screen.findByPlaceholderText('Choose products');
    await fillValid();
    typeDate(/^Start date/, addDays(today, -1));
    typeDate(/^End date/, addDays(today, -1));
    submit();
    expect(messageUnder(field(/^Start date/))).toBe(m.startInPast);
    expect(messageUnder(field(/^End date/))).toBe(m.endBeforeStart);
    typeDate(/^Start date/, addDays(today, 2));
    typeDate(/^End date/, addDays(today, 2));
    submit();
    expect(messageUnder(field(/^Start date/))).toBeNull();
    expect(messageUnder(field(/^End date/))).toBe(m.endBeforeStart);
    expect(api.sent('POST /api/seller/sales')).toHaveLength(0);
  });

  it('clamps the discount to 1-100 when the input loses focus', async () => {
    mockApi({ 'GET /api/seller/products': products });
    renderPage(<AddSalePage />, { path: '/seller/addSale' });
    setDiscount('250');
    expect(field(/^Discount \(%\)/).value).toBe('100%');
    setDiscount('0');
    expect(field(/^Discount \(%\)/).value).toBe('1%');
  });

  it('previews each chosen product’s discounted price as the discount changes', async () => {
    mockApi({ 'GET /api/seller/products': products });
    renderPage(<AddSalePage />, { path: '/seller/addSale' });
    await chooseProduct('Galaxy A15');
    setDiscount('15');
    const preview = screen.getByRole('table', { name: 'Sale price preview' });
    expect(preview.textContent).toContain('Rs 49,999.00');
    expect(preview.textContent).toContain('Rs 42,499.15');
    setDiscount('50');
    expect(preview.textContent).toContain('Rs 24,999.50');
  });

  it('posts the parsed sale and goes to saleAlert on success', async () => {
    const api = mockApi({
      'GET /api/seller/products': products,
      'POST /api/seller/sales': [201, { message: 'Sale created', sale: { code: 'AB12CD34' } }],
    });
    renderPage(<AddSalePage />, { path: '/seller/addSale' });
    await fillValid();
    submit();
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/seller/saleAlert?code=AB12CD34'));
    expect(api.sent('POST /api/seller/sales')[0]!.body).toEqual({
      title: 'Winter Deals',
      productIds: [1, 2],
      discount: 20,
      startDate: today,
      endDate: addDays(today, 7),
    });
  });

  it('keeps the typed values and says so when the server fails', async () => {
    mockApi({
      'GET /api/seller/products': products,
      'POST /api/seller/sales': apiError(500, messages.generic.internal),
    });
    renderPage(<AddSalePage />, { path: '/seller/addSale' });
    await fillValid();
    submit();
    expect(await screen.findByText(m.createError)).toBeTruthy();
    expect(await screen.findByText(m.createFailed)).toBeTruthy();
    expect(field(/^Sale title/).value).toBe('Winter Deals');
    expect(field(/^Start date/).value).toBe(formatMdy(today));
  });

  it('says when the products cannot be loaded', async () => {
    mockApi({ 'GET /api/seller/products': apiError(500, 'boom') });
    renderPage(<AddSalePage />, { path: '/seller/addSale' });
    await waitFor(() => expect(messageUnder(field(/^Products/))).toBe(m.loadProductsFailed));
  });
});
