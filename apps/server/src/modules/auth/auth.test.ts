import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { buildTestApp } from '../../testing/test-app';
import { tooManyRequests } from '../../http/rate-limit';
import { createCustomer, createSeller, TEST_PASSWORD } from '../../testing/factories';

const t = await buildTestApp();
const m = messages.registration;

const customer = (over: Record<string, unknown> = {}) => ({
  name: 'Sara Malik',
  email: `sara-${Math.random().toString(36).slice(2)}@example.test`,
  password: 'Str0ng!pass',
  phone: '03001234567',
  address: '5 Canal View, Lahore',
  ...over,
});
const seller = (over: Record<string, unknown> = {}) => ({
  sellerName: 'Omar Farooq',
  storeName: 'Mobile Mart',
  email: `omar-${Math.random().toString(36).slice(2)}@example.test`,
  password: 'Str0ng!pass',
  phone: '03001234567',
  license: 'LIC-778',
  ...over,
});

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

describe('customer registration', () => {
  it.each([
    ['a missing field', { address: '' }, m.allFieldsCustomer],
    ['a blank name', { name: '   ' }, m.allFieldsCustomer],
    ['a short name', { name: 'Al' }, m.nameTooShort],
    ['a short phone', { phone: '0300123' }, m.phoneTooShort],
    ['a password without a digit', { password: 'NoDigits!!' }, m.weakPassword],
    ['a password without a special character', { password: 'NoSpecial1' }, m.weakPassword],
    ['a 7-character password', { password: 'Ab1!xyz' }, m.weakPassword],
  ])('refuses %s with the spec message', async (_, over, message) => {
    const res = await post('/api/auth/customers', customer(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('refuses a body with no fields at all, naming the spec message', async () => {
    const res = await post('/api/auth/customers', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(m.allFieldsCustomer);
  });

  it('answers a taken email, in any case, exactly like a new one, and mails the owner instead', async () => {
    const body = customer();
    const first = await post('/api/auth/customers', body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: m.customerCreated });
    await t.flushMail();
    t.mail.sent.length = 0;
    const again = await post('/api/auth/customers', {
      ...body,
      email: body.email.toUpperCase(),
      password: 'Other!pass9',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    await t.flushMail();
    expect(t.mail.sent).toHaveLength(1);
    expect(t.mail.sent[0]).toMatchObject({
      to: body.email,
      subject: 'Someone tried to register with your PriceHub address',
    });
    expect(t.mail.sent[0]!.text).toContain('/forget-password');
    // The account and its password are untouched.
    const login = await post('/api/auth/login', { email: body.email, password: 'Other!pass9', role: 'customer' });
    expect(login.statusCode).toBe(401);
    expect((await post('/api/auth/login', { ...body, role: 'customer' })).statusCode).toBe(200);
  });
});

describe('seller registration', () => {
  it.each([
    ['no store name', { storeName: '' }, m.storeNameRequired],
    ['no license', { license: '' }, m.licenseRequired],
    ['a short phone', { phone: '123' }, m.phoneTooShort],
    ['a weak password', { password: 'password' }, m.weakPassword],
    ['no email', { email: '' }, m.allFieldsSeller],
  ])('refuses %s with the spec message', async (_, over, message) => {
    const res = await post('/api/auth/sellers', seller(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('creates the store with a unique slug; the same seller again gets the same answer and a mail', async () => {
    const a = seller({ storeName: 'Galaxy Mobiles' });
    const first = await post('/api/auth/sellers', a);
    expect(first.statusCode).toBe(201);
    await t.flushMail();
    t.mail.sent.length = 0;
    const again = await post('/api/auth/sellers', { ...a, storeName: 'Another Name' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.json().message).toBe(m.sellerCreated);
    await t.flushMail();
    expect(t.mail.sent.map((x) => x.to)).toEqual([a.email]);
    expect(t.mail.sent[0]!.text).toContain('/sellerLogin');
    expect((await post('/api/auth/sellers', seller({ storeName: 'Galaxy Mobiles' }))).statusCode).toBe(201);
    const login = await post('/api/auth/login', { email: a.email, password: a.password, role: 'seller' });
    expect(login.json().user.store).toMatchObject({ name: 'Galaxy Mobiles', slug: 'galaxy-mobiles' });
  });
});

describe('login, session and logout', () => {
  it('sets an httpOnly, SameSite=Lax session cookie and reports the user', async () => {
    const c = await createCustomer(t);
    const res = await post('/api/auth/login', { email: c.email, password: TEST_PASSWORD, role: 'customer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.login.success);
    const cookie = res.cookies.find((x) => x.name === 'ph_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.path).toBe('/');
    const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie: `ph_session=${cookie.value}` } });
    expect(session.json().user).toMatchObject({ email: c.email, role: 'customer' });
    expect(JSON.stringify(session.json())).not.toContain('password');
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const secure = await buildTestApp({ publicUrl: 'https://shop.example.com' });
    const c = await createCustomer(secure);
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: c.email, password: TEST_PASSWORD, role: 'customer' },
    });
    expect(res.cookies.find((x) => x.name === 'ph_session')!.secure).toBe(true);
  });

  it('does not let a customer sign in as a seller with the same credentials', async () => {
    const c = await createCustomer(t);
    const res = await post('/api/auth/login', { email: c.email, password: TEST_PASSWORD, role: 'seller' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(messages.login.invalid);
  });

  it('ends the session on logout', async () => {
    const c = await createCustomer(t);
    await post('/api/auth/logout', {}, c.cookie);
    const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie: c.cookie } });
    expect(session.json().user).toBeNull();
  });

  it('answers 429 after 10 failed attempts in a minute for one email and IP', async () => {
    const c = await createCustomer(t);
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/login', { email: c.email, password: 'wrong', role: 'customer' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: c.email, password: TEST_PASSWORD, role: 'customer' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(messages.login.tooManyAttempts);
  });
});

describe('roles are enforced on the server', () => {
  it('keeps a seller out of customer-only routes and a visitor out of signed-in ones', async () => {
    const s = await createSeller(t);
    const visitor = await t.app.inject({ url: '/api/me/profile' });
    expect(visitor.statusCode).toBe(401);
    const profile = await t.app.inject({ url: '/api/me/profile', headers: { cookie: s.cookie } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ storeName: s.storeName, storeStatus: 'open' });
  });
});

describe('password reset', () => {
  it('answers the same for unknown and known emails and mails a single-use link', async () => {
    const c = await createCustomer(t);
    await t.flushMail();
    t.mail.sent.length = 0;
    const unknown = await post('/api/auth/password-reset', { email: 'nobody@example.test', role: 'customer' });
    const known = await post('/api/auth/password-reset', { email: c.email, role: 'customer' });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    await t.flushMail();
    expect(t.mail.sent).toHaveLength(1);
    const link = /\/userpassword\/reset\/(\S+)/.exec(t.mail.sent[0]!.text)!;
    const token = link[1]!;

    expect((await t.app.inject({ url: `/api/auth/password-reset/${token}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/password-reset/not-a-token' })).statusCode).toBe(404);

    const mismatch = await post(`/api/auth/password-reset/${token}`, {
      password: 'N3w!passw',
      confirmPassword: 'other',
    });
    expect(mismatch.statusCode).toBe(400);
    const done = await post(`/api/auth/password-reset/${token}`, {
      password: 'N3w!passw',
      confirmPassword: 'N3w!passw',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(messages.password.resetDone);
    const reuse = await post(`/api/auth/password-reset/${token}`, {
      password: 'An0ther!pw',
      confirmPassword: 'An0ther!pw',
    });
    expect(reuse.statusCode).toBe(404);

    expect(
      (await post('/api/auth/login', { email: c.email, password: 'N3w!passw', role: 'customer' })).statusCode,
    ).toBe(200);
    // The reset ended the sessions opened with the old password.
    const old = await t.app.inject({ url: '/api/auth/session', headers: { cookie: c.cookie } });
    expect(old.json().user).toBeNull();
  });

  it('takes 3 requests an hour per email and 20 per address, then 429, whether or not the account exists', async () => {
    const c = await createCustomer(t);
    const ask = (email: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        remoteAddress,
        payload: { email, role: 'customer' },
      });
    for (const email of [c.email, 'nobody-here@example.test']) {
      // A different address each time: the per-email count holds on its own.
      for (let i = 1; i <= 3; i++) expect((await ask(email, `10.1.0.${i}`)).statusCode).toBe(202);
      const limited = await ask(email, '10.1.0.9');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toBe(tooManyRequests);
    }
    for (let i = 1; i <= 20; i++) expect((await ask(`someone-${i}@example.test`, '10.2.0.1')).statusCode).toBe(202);
    expect((await ask('someone-new@example.test', '10.2.0.1')).statusCode).toBe(429);
    expect((await ask('someone-new@example.test', '10.2.0.2')).statusCode).toBe(202);
  });

  it('expires the link after one hour', async () => {
    const c = await createCustomer(t);
    await t.flushMail();
    t.mail.sent.length = 0;
    await post('/api/auth/password-reset', { email: c.email, role: 'customer' });
    await t.flushMail();
    const token = /reset\/(\S+)/.exec(t.mail.sent[0]!.text)![1]!;
    t.setNow(new Date(Date.now() + 61 * 60 * 1000));
    try {
      expect((await t.app.inject({ url: `/api/auth/password-reset/${token}` })).statusCode).toBe(404);
    } finally {
      t.setNow(new Date());
    }
  });
});

describe('profile and password change', () => {
  it('edits the customer profile but never the email', async () => {
    const c = await createCustomer(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie: c.cookie },
      payload: { name: 'New Name', phone: '03111111111', city: 'Karachi', email: 'hijack@example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ name: 'New Name', city: 'Karachi', email: c.email });
    const blank = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie: c.cookie },
      payload: { name: 'New Name', phone: '03111111111', city: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(messages.profile.requiredFields);
  });

  it('changes the password only with the right current password', async () => {
    const c = await createCustomer(t);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/me/password', headers: { cookie: c.cookie }, payload });
    const wrong = await put({ currentPassword: 'nope', newPassword: 'Fresh!pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(messages.password.currentWrong);
    const short = await put({ currentPassword: TEST_PASSWORD, newPassword: 'Ab1!' });
    expect(short.json().error.message).toBe(messages.password.tooShort);
    expect((await put({ currentPassword: TEST_PASSWORD, newPassword: 'Fresh!pass1' })).statusCode).toBe(200);
    expect(
      (await post('/api/auth/login', { email: c.email, password: 'Fresh!pass1', role: 'customer' })).statusCode,
    ).toBe(200);
  });
});
