import { describe, expect, it } from 'vitest';
import { paymentGateways } from './gateway';

const stripe = { secretKey: 'sk_test_unused', webhookSecret: 'whsec_unused' };

describe('payment gateways chosen from config', () => {
  it('sends new payments to Stripe when it has a key, and still reaches the test gateway for its own payments', () => {
    const payments = paymentGateways({ stripe, testGateway: true });
    expect(payments.checkout?.provider).toBe('stripe');
    expect(payments.gateway('stripe')).toBe(payments.checkout);
    expect(payments.gateway('test')?.provider).toBe('test');
  });

  it('uses the test gateway without a Stripe key, and nothing where the test gateway is not allowed', () => {
    expect(paymentGateways({ testGateway: true }).checkout?.provider).toBe('test');
    const off = paymentGateways({ testGateway: false });
    expect(off.checkout).toBeNull();
    expect(off.gateway('test')).toBeNull();
    expect(off.gateway('stripe')).toBeNull();
    expect(off.gateway('paypal')).toBeNull();
  });

  it("the test gateway's page pays through our own API: no reference, nothing to refund, no webhooks", async () => {
    const test = paymentGateways({ testGateway: true }).checkout!;
    const opened = await test.open({
      paymentId: 'pay_1',
      customerEmail: 'a@example.test',
      currency: 'pkr',
      lines: [{ name: 'Order SG1', amount: 100 }],
      successUrl: 'https://shop.example.test/ok',
      cancelUrl: 'https://shop.example.test/cart',
      expiresAt: new Date(),
    });
    expect(opened).toEqual({ url: '/pay/test/pay_1', ref: null });
    expect(await test.close(opened.ref)).toEqual({ paid: false, amountTotal: null, currency: null });
    await expect(test.refund(opened.ref, 100, 'refund-SG1')).resolves.toBeUndefined();
    expect(() => test.verifyWebhook(Buffer.from('{}'), 't=1,v1=x')).toThrow();
  });
});
