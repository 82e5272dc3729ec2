import type { StatementLine } from '@refund/contracts/wallet';
import type { RedemptionMode } from '@refund/contracts/wallet';
import { formatMoney } from '@refund/contracts/format';
import type { Queryable } from '../../db/database';
import { balanceBefore, walletStatement } from './wallet-statement';

/** Lines one monthly statement may hold: far above any customer's month. */
const MAX_LINES = 10_000;

export interface MonthlyStatement {
  /** `YYYY-MM`; the month runs from its first day 00:00 UTC to the next month's. */
  month: string;
  from: Date;
  to: Date;
  openingCents: number;
  closingCents: number;
  /** Oldest first, as a statement reads. */
  lines: StatementLine[];
}

/** A month's statement: its opening balance, every line of the month, its closing balance. */
export async function monthlyStatement(
  db: Queryable,
  userId: string,
  month: string,
): Promise<MonthlyStatement> {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, monthNumber - 1, 1));
  const to = new Date(Date.UTC(year, monthNumber, 1));
  const [openingCents, page] = await Promise.all([
    balanceBefore(db, userId, from),
    walletStatement(db, userId, MAX_LINES, undefined, undefined, { from, to }),
  ]);
  // Oldest first, a redemption's fee still right after the redemption it came with.
  const transfers: StatementLine[][] = [];
  for (const line of page.data) {
    const transfer = transfers.at(-1);
    if (transfer && transfer[0]?.id === line.id.replace(/:fee$/, '')) transfer.push(line);
    else transfers.push([line]);
  }
  const lines = transfers.reverse().flat();
  const closingCents = lines.reduce((sum, line) => sum + line.amount_in_cents, openingCents);
  return { month, from, to, openingCents, closingCents, lines };
}

/** How the statements name a redemption method: "a debit card" (each method's `inWords`). */
export type MethodInWords = (mode: RedemptionMode) => string;

/** What a line was, in words, as the statement documents say it. */
export function lineDescription(line: StatementLine, methodInWords: MethodInWords): string {
  const merchant = line.refund?.merchant_name ?? 'a merchant';
  const method = line.redemption ? methodInWords(line.redemption.mode) : 'your wallet';
  switch (line.kind) {
    case 'refund_claimed':
      return `Refund from ${merchant}`;
    case 'refund_reversed':
      return `Refund from ${merchant} reversed after the fraud check`;
    case 'redemption':
      return `Redemption to ${method}`;
    case 'redemption_fee':
      return `Fee for a redemption to ${method}`;
    case 'redemption_returned':
      return `Money back from a redemption to ${method}`;
    case 'cashback':
      return 'Cashback on a gift card';
    case 'brand_reward':
      return "The brand's reward on a gift card";
    case 'welcome_bonus':
      return 'Welcome bonus';
    case 'welcome_bonus_expired':
      return 'Welcome bonus expired';
    case 'free_play':
      return 'Free play';
  }
}

const statusWord = { completed: 'Completed', pending: 'Pending', failed: 'Failed' } as const;

/** Cents as a plain decimal a spreadsheet reads as a number: -1234 → "-12.34". */
const decimal = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * A text cell: quoted, quotes doubled, and a leading character a spreadsheet would run as a
 * formula (= + - @, tab, carriage return) made harmless with an apostrophe (OWASP CSV injection):
 * a merchant's name comes from outside.
 */
export function csvText(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The month as CSV (RFC 4180, CRLF): opening balance, a row per line, closing balance. */
export function statementCsv(statement: MonthlyStatement, methodInWords: MethodInWords): string {
  const rows = [
    ['Date (UTC)', 'Description', 'Status', 'Amount (USD)', 'Balance (USD)'].map(csvText).join(','),
    [
      csvText(statement.from.toISOString()),
      csvText('Opening balance'),
      '',
      '',
      decimal(statement.openingCents),
    ].join(','),
  ];
  let balance = statement.openingCents;
  for (const line of statement.lines) {
    balance += line.amount_in_cents;
    rows.push(
      [
        csvText(line.occurred_at),
        csvText(lineDescription(line, methodInWords)),
        csvText(statusWord[line.status]),
        decimal(line.amount_in_cents),
        decimal(balance),
      ].join(','),
    );
  }
  rows.push(
    [
      csvText(statement.to.toISOString()),
      csvText('Closing balance'),
      '',
      '',
      decimal(statement.closingCents),
    ].join(','),
  );
  return `${rows.join('\r\n')}\r\n`;
}

/** The month as a PDF: the same lines and balances as the CSV, laid out to read and to keep. */
export async function statementPdf(
  statement: MonthlyStatement,
  holder: { name: string; brandName: string },
  methodInWords: MethodInWords,
): Promise<Buffer> {
  // Loaded when a PDF is asked for, not when the server starts.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    info: {
      Title: `${holder.brandName} statement ${statement.month}`,
      Author: holder.brandName,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const monthName = statement.from.toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  doc.fontSize(18).font('Helvetica-Bold').text(`${holder.brandName} statement`);
  doc.fontSize(11).font('Helvetica').text(`${monthName} (times in UTC)`);
  doc.text(`Prepared for ${holder.name}`);
  doc.moveDown();

  const columns = { date: 50, description: 135, status: 360, amount: 420, balance: 490 };
  const right = (text: string, x: number, y: number) =>
    doc.text(text, x, y, { width: 70, align: 'right' });
  const row = (cells: {
    date: string;
    description: string;
    status: string;
    amount: string;
    balance: string;
    bold?: boolean;
  }) => {
    if (doc.y > doc.page.height - 90) doc.addPage();
    const y = doc.y;
    doc.font(cells.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    doc.text(cells.date, columns.date, y, { width: 80 });
    doc.text(cells.description, columns.description, y, { width: 215 });
    const after = doc.y;
    doc.text(cells.status, columns.status, y, { width: 55 });
    right(cells.amount, columns.amount, y);
    right(cells.balance, columns.balance, y);
    doc.y = Math.max(after, y + 14) + 4;
    doc.x = columns.date;
  };
  const day = (iso: string) =>
    new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'medium' });

  row({
    date: 'Date',
    description: 'Description',
    status: 'Status',
    amount: 'Amount',
    balance: 'Balance',
    bold: true,
  });
  row({
    date: day(statement.from.toISOString()),
    description: 'Opening balance',
    status: '',
    amount: '',
    balance: formatMoney(statement.openingCents),
  });
  let balance = statement.openingCents;
  for (const line of statement.lines) {
    balance += line.amount_in_cents;
    row({
      date: day(line.occurred_at),
      description: lineDescription(line, methodInWords),
      status: statusWord[line.status],
      amount: formatMoney(line.amount_in_cents),
      balance: formatMoney(balance),
    });
  }
  row({
    date: day(new Date(statement.to.getTime() - 1).toISOString()),
    description: 'Closing balance',
    status: '',
    amount: '',
    balance: formatMoney(statement.closingCents),
    bold: true,
  });
  if (statement.lines.length === 0) {
    doc.moveDown().font('Helvetica').fontSize(10).text('No money moved in your wallet this month.');
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
