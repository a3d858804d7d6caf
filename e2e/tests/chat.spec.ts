import { expect, test } from '../fixtures/test';
import { registerSeller } from '../fixtures/accounts';

test('the built-in assistant answers from the catalogue, streams, and keeps the conversation across a reload', async ({
  page,
  request,
}) => {
  // A Samsung phone under 100k of our own, so the answer does not depend on the demo data.
  const seller = await registerSeller(request);
  const login = await request.post('/api/auth/login', {
    data: { email: seller.email, password: seller.password, role: 'seller' },
  });
  expect(login.status()).toBe(200);
  const created = await request.post('/api/seller/products', {
    data: {
      name: `Samsung Galaxy A05 E2E ${Date.now()}`,
      brand: 'Samsung',
      category: 'mobile',
      description: 'An entry-level Samsung phone for the assistant test',
      ram: 4,
      storage: 64,
      price: 1_000_00,
      quantity: 5,
      image: '/favicon.svg',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/chatbot');
  await page.getByLabel('Your question').fill('cheapest samsung phone under 100k');
  await page.getByRole('button', { name: 'Send' }).click();

  const conversation = page.getByRole('log', { name: 'Conversation' });
  const productLink = conversation.locator('a[href^="/result/productHub/"]').first();
  await expect(productLink).toBeVisible();
  await expect(conversation).toContainText('Here are the cheapest Samsung mobiles under Rs 100,000');

  await page.reload();
  await expect(conversation.getByText('cheapest samsung phone under 100k')).toBeVisible();
  await expect(conversation.locator('a[href^="/result/productHub/"]').first()).toBeVisible();

  // Off-topic questions get the spec's exact words.
  await page.getByLabel('Your question').fill('What is the capital of France?');
  await page.keyboard.press('Enter');
  await expect(conversation.getByText('This question is not related to mobiles or laptops.')).toBeVisible();
});
