import { describe, expect, it } from 'vitest';
import { chatMessages } from '@pricehub/shared/schemas/chat';
import { buildTestApp } from '../../testing/test-app';
import { CHAT_LIMIT } from './chat-limit';

const t = await buildTestApp();

const ask = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat',
    remoteAddress,
    headers,
    payload: { messages: [{ role: 'user', content: 'hi' }] },
  });

describe('the chat limit per address', () => {
  it('holds when every message comes without a cookie and with a made-up X-Forwarded-For', async () => {
    for (let i = 1; i <= CHAT_LIMIT.perAddress; i++) {
      expect((await ask({ 'x-forwarded-for': `203.0.113.${i % 250}` })).statusCode).toBe(200);
    }
    const limited = await ask({ 'x-forwarded-for': '198.51.100.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(chatMessages.tooMany);
    // Another address is not affected.
    expect((await ask({}, '10.10.0.2')).statusCode).toBe(200);
  });
});
