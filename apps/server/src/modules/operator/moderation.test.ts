import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moderationMessages as m, type ModerationPage } from '@pricehub/shared/schemas/operator-moderation';
import { queryRows } from '../../db/client';
import { reviews } from '../../db/schema';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer } from '../../testing/factories';
import { addListing, caller, createSellerWithStore } from '../../testing/shop';
import { insertOrder } from '../sales/test-fixtures';
import { createTestOperator } from './testing';

const t = await buildTestApp({ publicUrl: 'https://shop.example.test' });
const call = caller(t);
const operator = await createTestOperator(t, { email: 'mod@example.test' });
const author = await createCustomer(t, { name: 'Rude Reviewer' });
const shopper = await createCustomer(t);
const other = await createCustomer(t);
const seller = await createSellerWithStore(t);
const { productId } = await addListing(t, seller.storeId, { name: 'Numbat Phone 12 8GB' });

/** A review of the product by `author`, through one of their Completed orders (so it rates the store too). */
async function addReview(text: string, rating: number): Promise<number> {
  const orderId = await insertOrder(t.ctx, {
    customerId: author.id,
    storeId: seller.storeId,
    total: 10_000_00,
    createdAt: new Date(),
    status: 'Completed',
  });
  const [line] = await queryRows<{ id: number }>(t.ctx.db, sql`select id from order_lines where order_id = ${orderId}`);
  const [row] = await t.ctx.db
    .insert(reviews)
    .values({
      productId,
      customerId: author.id,
      orderLineId: line!.id,
      storeId: seller.storeId,
      author: 'Rude Reviewer',
      rating,
      text,
    })
    .returning({ id: reviews.id });
  return row!.id;
}

const abusive = await addReview('This seller is a thief and an idiot', 1);
const fair = await addReview('Good phone, battery lasts two days', 5);

const productReviews = async () =>
  ((await call('GET', `/api/products/${productId}`)).json().reviews as { id: number }[]).map((r) => r.id);
const storeRating = async () => {
  const offers = (await call('GET', `/api/products/${productId}/offers`)).json().offers as {
    kind: string;
    storeRating?: { average: number | null; count: number };
  }[];
  return offers.find((o) => o.kind === 'store')!.storeRating;
};
const audit = async (action: string) =>
  (await call('GET', `/api/operator/audit?action=${action}`, operator.cookie)).json().items as {
    target: { id: string };
    reason: string | null;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }[];

describe('a shopper reports a review', () => {
  it('answers 201 once, and 409 for the same shopper again', async () => {
    const first = await call('POST', `/api/reviews/${abusive}/reports`, shopper.cookie, {
      reason: 'Insults the seller',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(m.reported);
    const again = await call('POST', `/api/reviews/${abusive}/reports`, shopper.cookie, { reason: 'Still rude!' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyReported);
    expect(
      (await call('POST', `/api/reviews/${abusive}/reports`, other.cookie, { reason: 'Name calling' })).statusCode,
    ).toBe(201);
  });

  it('refuses a missing reason, an unknown review, visitors and sellers', async () => {
    const short = await call('POST', `/api/reviews/${fair}/reports`, shopper.cookie, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(m.reportReasonRequired);
    expect(
      (await call('POST', `/api/reviews/999999/reports`, shopper.cookie, { reason: 'Spam spam' })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/reviews/${fair}/reports`, undefined, { reason: 'Spam spam' })).statusCode).toBe(
      401,
    );
    expect(
      (await call('POST', `/api/reviews/${fair}/reports`, seller.cookie, { reason: 'Spam spam' })).statusCode,
    ).toBe(403);
  });

  it('limits how many reports one shopper sends in an hour', async () => {
    const spammer = await createCustomer(t);
    const ids = await Promise.all(Array.from({ length: 11 }, (_, i) => addReview(`Review number ${i}`, 3)));
    const codes = [];
    for (const id of ids) {
      codes.push(
        (await call('POST', `/api/reviews/${id}/reports`, spammer.cookie, { reason: 'I dislike it' })).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    await t.ctx.db.execute(sql`delete from review_reports where reporter_id = ${spammer.id}`);
    await t.ctx.db.execute(
      sql`delete from reviews where id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`,
    );
  });
});

describe('the operator moderates', () => {
  it('lists reported reviews with their reports', async () => {
    const res = await call('GET', '/api/operator/moderation', operator.cookie);
    expect(res.statusCode).toBe(200);
    const page = res.json() as ModerationPage;
    expect(page.items.map((r) => r.id)).toEqual([abusive]);
    expect(page.items[0]).toMatchObject({ openReports: 2, hidden: null, product: { id: productId } });
    expect(page.items[0]!.reports.map((r) => r.reason).sort()).toEqual(['Insults the seller', 'Name calling']);
  });

  it('hides a review: gone from the product page and the store rating, author mailed, reports closed, audited', async () => {
    expect(await productReviews()).toEqual(expect.arrayContaining([abusive, fair]));
    const before = await storeRating();
    const short = await call('POST', `/api/operator/moderation/reviews/${abusive}/hide`, operator.cookie, {
      reason: 'x',
    });
    expect(short.statusCode).toBe(400);
    const res = await call('POST', `/api/operator/moderation/reviews/${abusive}/hide`, operator.cookie, {
      reason: 'Personal insults are not allowed',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: m.reviewHidden, item: { id: abusive, openReports: 0 } });
    expect(await productReviews()).toEqual([fair]);
    const after = await storeRating();
    expect(after?.count).toBe((before?.count ?? 0) - 1);
    expect(after?.average).toBe(5);
    expect((await call('GET', '/api/operator/moderation', operator.cookie)).json().items).toEqual([]);
    expect(
      (await call('GET', '/api/operator/moderation?status=hidden', operator.cookie))
        .json()
        .items.map((r: { id: number }) => r.id),
    ).toEqual([abusive]);
    // A hidden review can no longer be reported, nor hidden twice.
    expect(
      (await call('POST', `/api/reviews/${abusive}/reports`, author.cookie, { reason: 'Again again' })).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/operator/moderation/reviews/${abusive}/hide`, operator.cookie, {
          reason: 'Twice over',
        })
      ).statusCode,
    ).toBe(409);
    const [entry] = await audit('review.hide');
    expect(entry).toMatchObject({
      target: { id: String(abusive) },
      reason: 'Personal insults are not allowed',
      before: { hidden: false, openReports: 2 },
      after: { hidden: true, openReports: 0 },
    });
    await t.flushMail();
    const mail = t.mail.sent.find((x) => x.to === author.email && /hidden/.test(x.subject));
    expect(mail?.text).toContain('Personal insults are not allowed');
    expect(mail?.text).toContain(`https://shop.example.test/result/productHub/${productId}`);
  });

  it('unhides it: back on the product page, author mailed, audited', async () => {
    const res = await call('POST', `/api/operator/moderation/reviews/${abusive}/unhide`, operator.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await productReviews()).toEqual(expect.arrayContaining([abusive, fair]));
    expect((await call('POST', `/api/operator/moderation/reviews/${abusive}/unhide`, operator.cookie)).statusCode).toBe(
      409,
    );
    const [entry] = await audit('review.unhide');
    expect(entry).toMatchObject({
      before: { hidden: true, hiddenReason: 'Personal insults are not allowed' },
      after: { hidden: false },
    });
    await t.flushMail();
    expect(t.mail.sent.some((x) => x.to === author.email && /shown again/.test(x.subject))).toBe(true);
  });

  it('dismisses the reports of a review it keeps', async () => {
    expect(
      (await call('POST', `/api/reviews/${fair}/reports`, shopper.cookie, { reason: 'I disagree' })).statusCode,
    ).toBe(201);
    const res = await call('POST', `/api/operator/moderation/reviews/${fair}/dismiss`, operator.cookie, {
      reason: 'An honest opinion',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ openReports: 0, hidden: null });
    expect(await productReviews()).toContain(fair);
    expect((await call('POST', `/api/operator/moderation/reviews/${fair}/dismiss`, operator.cookie)).statusCode).toBe(
      409,
    );
    // The shopper whose report was dismissed cannot report it again.
    expect(
      (await call('POST', `/api/reviews/${fair}/reports`, shopper.cookie, { reason: 'I disagree' })).statusCode,
    ).toBe(409);
    expect((await audit('review.dismiss-reports'))[0]).toMatchObject({
      before: { openReports: 1 },
      after: { openReports: 0 },
    });
  });

  it('answers 404 for a review that does not exist', async () => {
    const res = await call('POST', '/api/operator/moderation/reviews/424242/hide', operator.cookie, {
      reason: 'Not there',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(m.reviewNotFound);
  });
});

describe('blog posts', () => {
  it('hides a post from the public list and page, mails the seller, and unhides it', async () => {
    const created = await call('POST', '/api/seller/blogs', seller.cookie, {
      title: 'Buy fake chargers here',
      content: 'Cheap!',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().blog.id as number;
    const publicIds = async () => ((await call('GET', '/api/blogs')).json().blogs as { id: number }[]).map((b) => b.id);
    expect(await publicIds()).toContain(id);

    const listed = (await call('GET', '/api/operator/moderation/blogs?q=chargers', operator.cookie)).json();
    expect(listed.items).toMatchObject([{ id, hidden: null }]);

    const hide = await call('POST', `/api/operator/moderation/blogs/${id}/hide`, operator.cookie, {
      reason: 'Counterfeit goods are not allowed',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await publicIds()).not.toContain(id);
    expect((await call('GET', '/api/blogs')).json().total).toBe(0);
    expect((await call('GET', `/api/blogs/${id}`)).statusCode).toBe(404);
    // The seller still has it, to edit.
    expect(
      ((await call('GET', '/api/seller/blogs', seller.cookie)).json().blogs as { id: number }[]).map((b) => b.id),
    ).toContain(id);
    expect((await audit('blog.hide'))[0]).toMatchObject({ target: { id: String(id) }, after: { hidden: true } });
    await t.flushMail();
    expect(t.mail.sent.find((x) => x.to === seller.email && /is hidden/.test(x.subject))?.text).toContain(
      'Counterfeit goods are not allowed',
    );

    expect((await call('POST', `/api/operator/moderation/blogs/${id}/unhide`, operator.cookie, {})).statusCode).toBe(
      200,
    );
    expect(await publicIds()).toContain(id);
    expect((await call('GET', `/api/blogs/${id}`)).statusCode).toBe(200);
    expect((await audit('blog.unhide'))[0]).toMatchObject({ before: { hidden: true }, after: { hidden: false } });
  });

  it('answers 404 for a post that does not exist and 403 to a seller', async () => {
    expect(
      (await call('POST', '/api/operator/moderation/blogs/999999/hide', operator.cookie, { reason: 'Not there' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/operator/moderation/blogs', seller.cookie)).statusCode).toBe(403);
  });
});
