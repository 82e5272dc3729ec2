import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { recentMonths } from '../api/download-statement';
import { StatementDownload } from './statement-download';

/** What the browser was handed to save: the file's name and its text. */
function watchSaves() {
  const saved: { name: string; file: Blob }[] = [];
  const files = new Map<string, Blob>();
  URL.createObjectURL = (file: Blob | MediaSource) => {
    const url = `blob:test/${files.size}`;
    files.set(url, file as Blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const file = files.get(this.href);
    if (file) saved.push({ name: this.download, file });
  });
  return saved;
}

afterEach(() => vi.restoreAllMocks());

describe('the monthly statement download', () => {
  it('offers this month and the eleven before it, and saves the chosen one as CSV or PDF', async () => {
    const saved = watchSaves();
    const [thisMonth, lastMonth] = recentMonths(2);
    const api = installFakeApi({
      [`GET /wallet/statements/${lastMonth}`]: (call) =>
        new Response(call.query.format === 'csv' ? 'Date,Description\r\n' : '%PDF-1.3', {
          headers: {
            'content-type': call.query.format === 'csv' ? 'text/csv' : 'application/pdf',
          },
        }),
    });
    renderApp(<StatementDownload />);
    const select = screen.getByLabelText('Month') as HTMLSelectElement;
    expect(select.value).toBe(thisMonth);
    expect(select.options).toHaveLength(13);
    await userEvent.selectOptions(select, lastMonth ?? '');

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe(`statement-${lastMonth}.csv`);
    expect(await saved[0]?.file.text()).toBe('Date,Description\r\n');

    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.name).toBe(`statement-${lastMonth}.pdf`);
    expect(api.callsTo(`GET /wallet/statements/${lastMonth}`).map((c) => c.query)).toEqual([
      { format: 'csv' },
      { format: 'pdf' },
    ]);
  });

  it('says why when the statement could not be had, and saves nothing', async () => {
    const saved = watchSaves();
    const [thisMonth] = recentMonths(1);
    installFakeApi({
      [`GET /wallet/statements/${thisMonth}`]: () =>
        json({ code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' }, 500),
    });
    renderApp(<StatementDownload />);
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Internal Server error');
    expect(saved).toEqual([]);
  });
});
