import type { SandboxLinkBank } from './sandbox-bank-linking';

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The sandbox's stand-in for a bank-linking provider's hosted page: no script, one form, a radio
 * per test account grouped by bank, Continue and Cancel. Posting it answers a redirect back to the
 * web app, as the real provider's page would.
 */
export function sandboxBankLinkPage(input: {
  state: string;
  banks: readonly SandboxLinkBank[];
  error?: string;
}): string {
  const banks = input.banks
    .map((bank) => {
      const options = bank.accounts
        .map((account) => {
          const id = `account-${bank.id}-${account.id}`;
          return `<div class="option"><input type="radio" id="${escapeHtml(id)}" name="account" value="${escapeHtml(`${bank.id}/${account.id}`)}" required>
<label for="${escapeHtml(id)}">${escapeHtml(account.name)} <span class="meta">${account.type} ending ${account.number.slice(-4)}</span></label></div>`;
        })
        .join('\n');
      return `<fieldset><legend>${escapeHtml(bank.name)}</legend>\n${options}\n</fieldset>`;
    })
    .join('\n');
  const error = input.error ? `<p role="alert" class="error">${escapeHtml(input.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect your bank (sandbox)</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { max-width: 36rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
  fieldset { border: 1px solid #8886; border-radius: .5rem; margin: 1rem 0; padding: .5rem 1rem 1rem; }
  legend { font-weight: 600; padding: 0 .25rem; }
  .option { display: flex; gap: .5rem; align-items: baseline; margin: .5rem 0; }
  .meta { display: block; font-size: .85rem; opacity: .8; }
  .actions { display: flex; gap: .75rem; }
  button { padding: .6rem 1.2rem; font-size: 1rem; }
  .error { color: #c00; font-weight: 600; }
  :focus-visible { outline: 3px solid #36f; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Connect your bank</h1>
<p>This is the sandbox: no real bank is contacted. Choose a test account to share for payouts.</p>
${error}
<form method="post" action="bank-link">
<input type="hidden" name="session" value="${escapeHtml(input.state)}">
${banks}
<div class="actions">
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>
</main>
</body>
</html>`;
}
