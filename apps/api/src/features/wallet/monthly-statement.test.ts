import type { RedemptionMode, StatementLine } from '@refund/contracts/wallet';
import { describe, expect, it } from 'vitest';
import { csvText, statementCsv, type MonthlyStatement } from './monthly-statement';

const line = (overrides: Partial<StatementLine>): StatementLine => ({
  id: crypto.randomUUID(),
  kind: 'refund_claimed',
  amount_in_cents: 0,
  occurred_at: '2026-11-03T10:00:00.000000Z',
  status: 'completed',
  refund: null,
  redemption: null,
  ...overrides,
});

/** The statements' names for the methods (each method's own `inWords` in the server). */
const inWords = (mode: RedemptionMode) => (mode === 'bank' ? 'a bank account' : `a ${mode} payout`);

const month = (lines: StatementLine[], openingCents = 0): MonthlyStatement => ({
  month: '2026-11',
  from: new Date('2026-11-01T00:00:00.000Z'),
  to: new Date('2026-12-01T00:00:00.000Z'),
  openingCents,
  closingCents: lines.reduce((sum, l) => sum + l.amount_in_cents, openingCents),
  lines,
});

describe('the CSV statement', () => {
  it('writes amounts as plain decimals and a running balance from the opening one', () => {
    const csv = statementCsv(
      month(
        [
          line({ kind: 'free_play', amount_in_cents: 5 }),
          line({
            kind: 'redemption',
            amount_in_cents: -123_456,
            status: 'pending',
            redemption: { id: crypto.randomUUID(), mode: 'bank' },
          }),
        ],
        200_000,
      ),
      inWords,
    );
    expect(csv.split('\r\n')).toEqual([
      '"Date (UTC)","Description","Status","Amount (USD)","Balance (USD)"',
      '"2026-11-01T00:00:00.000Z","Opening balance",,,2000.00',
      '"2026-11-03T10:00:00.000000Z","Free play","Completed",0.05,2000.05',
      '"2026-11-03T10:00:00.000000Z","Redemption to a bank account","Pending",-1234.56,765.49',
      '"2026-12-01T00:00:00.000Z","Closing balance",,,765.49',
      '',
    ]);
  });

  it("quotes a merchant's name as text, quotes and commas included", () => {
    const merchant_name = '=HYPERLINK("http://x.example"), "Best"';
    const csv = statementCsv(
      month([line({ amount_in_cents: 100, refund: { id: crypto.randomUUID(), merchant_name } })]),
      inWords,
    );
    expect(csv.split('\r\n')[2]).toBe(
      '"2026-11-03T10:00:00.000000Z","Refund from =HYPERLINK(""http://x.example""), ""Best""","Completed",1.00,1.00',
    );
  });

  it('never lets a cell run as a spreadsheet formula', () => {
    expect(['=1+2', '+1 Sports', '-5', '@SUM(A1)', '\tx', 'Plain'].map(csvText)).toEqual([
      `"'=1+2"`,
      `"'+1 Sports"`,
      `"'-5"`,
      `"'@SUM(A1)"`,
      `"'\tx"`,
      '"Plain"',
    ]);
  });
});
