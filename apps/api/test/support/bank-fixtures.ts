import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { redeemAll } from './payout-fixtures';
import type { TestMerchant } from './refund-fixtures';
import { call, type TestServer } from './test-server';

export const manualAccount = (overrides: Record<string, unknown> = {}) => ({
  routing_number: '021000021',
  account_number: '000123456789',
  account_type: 'checking',
  account_holder_name: 'Pat Doe',
  ...overrides,
});

export async function addBankAccount(
  app: FastifyInstance,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await call(app, 'POST', '/v1/bank-accounts', manualAccount(overrides), {
    token,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().bank_account_uuid as string;
}

const unescape = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) {
    if (name) found[name] = unescape(value ?? '');
  }
  return found;
}

export interface HostedForm {
  /** Absolute path (and query) the form posts to, resolved against the page like a browser. */
  action: string;
  method: string;
  hidden: [string, string][];
  radios: { name: string; value: string; label: string; required: boolean }[];
  buttons: { name: string; value: string; text: string; formnovalidate: boolean }[];
}

/** Reads the one form of a page the way a browser sees it: fields, labelled radios, buttons. */
export function readForm(html: string, pageUrl: string): HostedForm {
  const form = /<form\s([^>]*)>/.exec(html);
  if (!form?.[1]) throw new Error('no form on the page');
  const formAttributes = attributes(form[1]);
  const labels = new Map<string, string>();
  for (const [, forId, text] of html.matchAll(/<label for="([^"]+)">([\s\S]*?)<\/label>/g)) {
    if (forId) labels.set(unescape(forId), unescape((text ?? '').replace(/<[^>]+>/g, '')).trim());
  }
  const inputs = [...html.matchAll(/<input\s([^>]*)>/g)].map((m) => attributes(m[1] ?? ''));
  const action = new URL(formAttributes.action ?? '', pageUrl);
  return {
    action: `${action.pathname}${action.search}`,
    method: (formAttributes.method ?? 'get').toUpperCase(),
    hidden: inputs
      .filter((i) => i.type === 'hidden')
      .map((i) => [i.name ?? '', i.value ?? ''] as [string, string]),
    radios: inputs
      .filter((i) => i.type === 'radio')
      .map((i) => ({
        name: i.name ?? '',
        value: i.value ?? '',
        label: labels.get(i.id ?? '') ?? '',
        required: 'required' in i,
      })),
    buttons: [...html.matchAll(/<button\s([^>]*)>([\s\S]*?)<\/button>/g)].map((m) => {
      const a = attributes(m[1] ?? '');
      return {
        name: a.name ?? '',
        value: a.value ?? '',
        text: (m[2] ?? '').trim(),
        formnovalidate: 'formnovalidate' in a,
      };
    }),
  };
}

/** Submits the form with one radio chosen (or none) by pressing the button with this text. */
export function submitForm(
  app: FastifyInstance,
  form: HostedForm,
  button: string,
  radioValue?: string,
): Promise<LightMyRequestResponse> {
  const pressed = form.buttons.find((b) => b.text === button);
  if (!pressed) throw new Error(`no ${button} button`);
  const fields = new URLSearchParams(form.hidden);
  const radio = form.radios.find((r) => r.value === radioValue);
  if (radioValue && !radio) throw new Error(`no option ${radioValue}`);
  if (radio) fields.append(radio.name, radio.value);
  fields.append(pressed.name, pressed.value);
  return app.inject({
    method: form.method as 'POST',
    url: form.action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: fields.toString(),
  });
}

/** Opens the page a link session redirects to, as a browser following redirect_url would. */
export async function openLinkPage(app: FastifyInstance, redirectUrl: string) {
  const url = new URL(redirectUrl);
  const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  return { page, form: page.statusCode === 200 ? readForm(page.body, redirectUrl) : null };
}

export async function startLinkSession(app: FastifyInstance, token: string) {
  const response = await call(app, 'POST', '/v1/bank-link/sessions', undefined, { token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { session_id: string; redirect_url: string };
}

/**
 * Links a sandbox test account the way a person does: start a session, open its page, choose
 * the account, press Continue, and read code and state from where the page redirects.
 */
export async function linkThroughSandbox(
  app: FastifyInstance,
  token: string,
  account = 'sandbox-national/checking',
): Promise<{ code: string; state: string; sessionId: string }> {
  const session = await startLinkSession(app, token);
  const { form } = await openLinkPage(app, session.redirect_url);
  if (!form) throw new Error('the link page did not open');
  const submitted = await submitForm(app, form, 'Continue', account);
  expect(submitted.statusCode).toBe(303);
  const back = new URL(String(submitted.headers.location));
  return {
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    sessionId: session.session_id,
  };
}

export const exchange = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  call(app, 'POST', '/v1/bank-link/exchange', body, { token });

export const listBankAccounts = async (app: FastifyInstance, token: string) => {
  const response = await call(app, 'GET', '/v1/bank-accounts', undefined, { token });
  expect(response.statusCode).toBe(200);
  return response.json().data as Record<string, unknown>[];
};

/**
 * A funded customer redeems all of `cents` to a bank account typed in with `account` (overrides
 * of the default one) through the API: pending until the ACH settles.
 */
export async function redeemToBank(
  world: { server: TestServer; merchant: TestMerchant },
  cents: number,
  account: Record<string, unknown> = {},
) {
  const redeemed = await redeemAll(world, cents, 'bank', (token) =>
    addBankAccount(world.server.app, token, account),
  );
  expect(redeemed.response.json().status).toBe('Pending');
  return redeemed;
}
