import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { messages } from '@pricehub/shared/messages';
import { E2E_PASSWORD, registerCustomer } from '../fixtures/accounts';
import { resetLinkIn, startMailbox, type Mailbox } from '../fixtures/mailbox';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const accountMenu = (page: Page) => page.getByRole('button', { name: 'Account menu' });

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('customer accounts', () => {
  test('registers through the form (after fixing a refused field), signs in and out', async ({ page }) => {
    const email = `reg-${unique()}@example.test`;
    await page.goto('/customer/add');
    await page.getByLabel(/^Name/).fill('Al');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
    await page.getByLabel(/^Phone/).fill('03001234567');
    await page.getByLabel(/^Address/).fill('12 Mall Road, Lahore');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByText(messages.registration.nameTooShort)).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toHaveValue(email);
    await expect(page.getByLabel(/^Address/)).toHaveValue('12 Mall Road, Lahore');
    await expect(page.getByLabel(/^Name/)).toBeFocused();

    await page.getByLabel(/^Name/).fill('Hina Tariq');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(messages.registration.customerCreated)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // Registering the same email again looks like a new registration (no account enumeration); the owner is mailed.
    await page.goto('/customer/add');
    await page.getByLabel(/^Name/).fill('Hina Tariq');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
    await page.getByLabel(/^Phone/).fill('03001234567');
    await page.getByLabel(/^Address/).fill('12 Mall Road, Lahore');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(messages.registration.customerCreated)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/login');
    await signInThroughForm(page, email, 'Wrong!pass1');
    await expect(page.getByRole('form', { name: 'Sign-in' }).getByRole('alert')).toHaveText(messages.login.invalid);
    await expect(accountMenu(page)).toContainText('Sign-In');

    await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(messages.login.success)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(accountMenu(page)).toContainText('Hina Tariq');

    await accountMenu(page).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(accountMenu(page)).toContainText('Sign-In');
    const session = await page.request.get('/api/auth/session');
    expect((await session.json()).user).toBeNull();
  });

  for (const [label, width, height] of [
    ['a tablet', 768, 1024],
    ['a phone', 390, 844],
  ] as const) {
    test(`the sign-in form is usable on ${label} (${width}px)`, async ({ page, request }) => {
      const user = await registerCustomer(request, 'Narrow Screen');
      await page.setViewportSize({ width, height });
      await page.goto('/login');
      for (const field of [
        page.getByLabel(/^Email/),
        page.getByLabel(/^Password/),
        page.getByRole('button', { name: 'Sign in' }),
      ]) {
        await expect(field).toBeInViewport();
        const box = (await field.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Keyboard only: type, tab to the password, press Enter.
      await page.getByLabel(/^Email/).fill(user.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(user.password);
      await page.keyboard.press('Enter');
      await expect(accountMenu(page)).toContainText(user.name);
    });
  }
});

test.describe('seller accounts', () => {
  test('registers a store, signs in to the workspace, signs out', async ({ page }) => {
    await page.goto('/seller');
    await expect(page).toHaveURL(/\/sellerLogin$/);

    const email = `store-${unique()}@example.test`;
    await page.goto('/sellerAdd');
    await page.getByLabel(/^Your name/).fill('Kamran Ali');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
    await page.getByLabel(/^Phone/).fill('03211234567');
    await page.getByLabel(/^License ID/).fill(`LIC-${unique()}`);
    await page.getByRole('button', { name: 'Register store' }).click();
    await expect(page.getByText(messages.registration.storeNameRequired)).toBeVisible();
    await expect(page.getByLabel(/^Your name/)).toHaveValue('Kamran Ali');

    await page.getByLabel(/^Store name/).fill(`Kamran Mobiles ${unique()}`);
    await page.getByRole('button', { name: 'Register store' }).click();
    await expect(page.getByText(messages.registration.sellerCreated)).toBeVisible();
    await expect(page).toHaveURL(/\/sellerLogin$/);

    await signInThroughForm(page, email, E2E_PASSWORD);
    await expect(page).toHaveURL(/\/seller$/);
    await expect(page.getByRole('navigation', { name: 'Seller sections' })).toBeVisible();
    await expect(page.getByText(/^Kamran Mobiles/)).toBeVisible();

    await page.goto('/sellerLogout');
    await expect(page).toHaveURL(/\/sellerLogin$/);
    await page.goto('/seller');
    await expect(page).toHaveURL(/\/sellerLogin$/);
  });
});

test.describe('password reset by mail', () => {
  let mailbox: Mailbox;
  test.beforeAll(async () => {
    mailbox = await startMailbox();
  });
  test.afterAll(async () => {
    await mailbox.close();
  });

  test('asks for a link, receives it by mail, sets a new password and signs in with it', async ({ page, request }) => {
    test.setTimeout(90_000);
    const user = await registerCustomer(request, 'Forgetful Fatima');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forget-password$/);
    await page.getByLabel(/^Email/).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(messages.password.resetRequested);

    const mail = await mailbox.waitForMail(user.email);
    expect(mail.subject).toBe('Reset your PriceHub password');
    const link = resetLinkIn(mail);
    expect(link).toMatch(/^\/userpassword\/reset\//);

    await page.goto(link);
    const newPassword = 'Fresh!pass42';
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel(/^Confirm new password/).fill('Fresh!pass43');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(messages.password.confirmMismatch)).toBeVisible();
    await page.getByLabel(/^Confirm new password/).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(messages.password.resetDone)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await signInThroughForm(page, user.email, user.password);
    await expect(page.getByRole('form', { name: 'Sign-in' }).getByRole('alert')).toHaveText(messages.login.invalid);
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(accountMenu(page)).toContainText(user.name);

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: /reset link not found/ })).toBeVisible();
  });

  test('a made-up link shows the not-found state on the seller side too', async ({ page }) => {
    await page.goto('/sellerpassword/reset/not-a-real-token');
    await expect(page.getByRole('heading', { name: /reset link not found/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/Cforget-password');
  });
});
