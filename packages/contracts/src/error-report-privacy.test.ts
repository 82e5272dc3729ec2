import { describe, expect, it } from 'vitest';
import { FILTERED, scrubBreadcrumb, scrubErrorEvent, scrubText } from './error-report-privacy';

const jwt =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEiLCJleHAiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlLXZhbHVl';

describe('scrubText', () => {
  it.each([
    '2025550143',
    '202-555-0143',
    '202.555.0143',
    '202 555 0143',
    '(202) 555-0143',
    '(202)555-0143',
    '+1 (202) 555-0143',
    '+1 202 555 0143',
    '+12025550143',
    '1-202-555-0143',
  ])('removes the US phone number %s', (phone) => {
    const text = scrubText(`Call ${phone} now`);
    expect(text).toBe(`Call ${FILTERED} now`);
    expect(text.replace(/\D/g, '')).not.toContain('5550143');
  });

  it.each([
    'jane@example.com',
    'robin.2025550143@example.com',
    'first.last+tag@mail.example.co.uk',
  ])('removes the e-mail address %s', (email) => {
    expect(scrubText(`to ${email}.`)).toBe(`to ${FILTERED}.`);
  });

  it('removes bearer credentials, JWTs and API keys', () => {
    expect(scrubText('Authorization: Bearer abc.def-123')).toBe(
      `Authorization: Bearer ${FILTERED}`,
    );
    expect(scrubText(`token ${jwt} expired`)).toBe(`token ${FILTERED} expired`);
    expect(scrubText('key sk_sandbox_summit_sports_demo_key_0001 refused')).toBe(
      `key ${FILTERED} refused`,
    );
    expect(scrubText('{"refresh_token":"r-123456","ok":true}')).toBe(
      `{"refresh_token":"${FILTERED}","ok":true}`,
    );
    expect(scrubText('password=hunter2&x=1')).toBe(`password=${FILTERED}&x=1`);
  });

  it("removes a magic link's access token, code and id, keeping the rest of the address", () => {
    expect(
      scrubText('https://wallet.example/claim-refund?access_token=abc123&next=%2Fprofile#code=9'),
    ).toBe(
      `https://wallet.example/claim-refund?access_token=${FILTERED}&next=%2Fprofile#code=${FILTERED}`,
    );
    expect(scrubText('/intent?id=7f3c&lang=en')).toBe(`/intent?id=${FILTERED}&lang=en`);
    expect(scrubText('code=123456&state=xyz')).toBe(`code=${FILTERED}&state=xyz`);
    expect(scrubText('GET /claim/3b1f0c4e-1111-4222-8333-944455556666?x=1')).toBe(
      `GET /claim/${FILTERED}?x=1`,
    );
    expect(scrubText('/v1/customers/profile/verify-email/abcdef0123')).toBe(
      `/v1/customers/profile/verify-email/${FILTERED}`,
    );
  });

  it('removes the values of a failed query, keeping the statement', () => {
    expect(
      scrubText(
        'Failed query: insert into "refunds" ("first_name") values ($1)\nparams: Casey,Lee,ORD-1',
      ),
    ).toBe(`Failed query: insert into "refunds" ("first_name") values ($1)\nparams: ${FILTERED}`);
  });

  it.each(['4111111111111111', '4111 1111 1111 1111', '4111-1111-1111-1111', '378282246310005'])(
    'removes the card number %s',
    (card) => {
      expect(scrubText(`card ${card} declined`)).toBe(`card ${FILTERED} declined`);
    },
  );

  it('leaves text without personal data as it is', () => {
    const text =
      'TypeError: Cannot read properties of undefined (reading "amount_in_cents") at /redeem/giftcard/SBX-harbor-coffee, order SS-10533, $219.00, 2026-06-30, v1.46.2';
    expect(scrubText(text)).toBe(text);
  });
});

describe('scrubErrorEvent', () => {
  const event = {
    event_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    release: 'refund-web@1.46.2',
    message: 'Failed for jane@example.com',
    exception: {
      values: [{ type: 'Error', value: 'No account for +1 (202) 555-0143 with Bearer abc' }],
    },
    user: { id: 'user-7', email: 'jane@example.com', ip_address: '203.0.113.9', username: 'jane' },
    request: {
      url: 'https://wallet.example/auth?access_token=secret-token&mode=signup',
      query_string: 'access_token=secret-token&mode=signup',
      method: 'POST',
      data: { phone_number: '2025550143', code: '123456' },
      cookies: { refresh_token: 'r-1' },
      headers: {
        Authorization: 'Bearer secret-token',
        cookie: 'refresh_token=r-1',
        'Idempotency-Key': 'f0e1',
        'user-agent': 'Mozilla/5.0',
        referer: 'https://wallet.example/verify-otp?code=654321',
      },
    },
    breadcrumbs: [
      {
        category: 'fetch',
        data: { url: '/v1/users/verify?code=654321', method: 'POST', status_code: 400 },
      },
      { category: 'ui.input', message: 'input[name="otp"] 2025550143' },
    ],
    extra: { form: { otp: '654321', cvv: 123, card_number: '4111111111111111', amount: 1500 } },
    contexts: {
      trace: { trace_id: 'aaaabbbbccccddddeeeeffff00001111', span_id: 'aaaabbbbccccdddd' },
      state: { customer: { phone: '2025550143', first_name: 'Jane' } },
    },
  };

  it('keeps only the opaque user id and drops the body, cookies and credentials', () => {
    const scrubbed = scrubErrorEvent(event);
    expect(scrubbed.user).toEqual({ id: 'user-7' });
    expect(scrubbed.request).toEqual({
      url: `https://wallet.example/auth?access_token=${FILTERED}&mode=signup`,
      query_string: `access_token=${FILTERED}&mode=signup`,
      method: 'POST',
      headers: {
        'user-agent': 'Mozilla/5.0',
        referer: `https://wallet.example/verify-otp?code=${FILTERED}`,
      },
    });
    expect(scrubbed.extra.form).toEqual({
      otp: FILTERED,
      cvv: FILTERED,
      card_number: FILTERED,
      amount: 1500,
    });
    expect(scrubbed.contexts.trace).toEqual(event.contexts.trace);
    expect(scrubbed.event_id).toBe(event.event_id);
    expect(scrubbed.release).toBe('refund-web@1.46.2');
  });

  it('leaves no phone number, e-mail address, token or code anywhere in the report', () => {
    const json = JSON.stringify(scrubErrorEvent(event));
    for (const secret of [
      'jane@example.com',
      '555-0143',
      '2025550143',
      'secret-token',
      'r-1',
      '654321',
      '123456',
      '4111111111111111',
      '203.0.113.9',
      'f0e1',
    ]) {
      expect(json).not.toContain(secret);
    }
  });

  it('does not change the report it was given', () => {
    const copy = structuredClone(event);
    scrubErrorEvent(event);
    expect(event).toEqual(copy);
  });

  it('treats a user without an id as no user at all', () => {
    expect(scrubErrorEvent({ user: { email: 'jane@example.com' } })).toEqual({});
  });
});

describe('scrubBreadcrumb', () => {
  it('scrubs a navigation from a magic link', () => {
    expect(
      scrubBreadcrumb({
        category: 'navigation',
        data: { from: '/claim/3b1f0c4e?access_token=abc', to: '/profile' },
      }),
    ).toEqual({
      category: 'navigation',
      data: { from: `/claim/${FILTERED}?access_token=${FILTERED}`, to: '/profile' },
    });
  });
});
