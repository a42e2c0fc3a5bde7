import type { TEvidenceState, TLinkEvidence } from '@linkwatch/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { i18n } from '@/lib/i18n.ts';
import { json, mockApi } from '@/test/api.ts';
import { LinkEvidence, ReportEvidence } from './index.ts';

const LINK = 5;
const PAGE = 'https://blog.example.net/review';
const withTime = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function state(overrides: Partial<TEvidenceState>): TEvidenceState {
  return {
    at: '2026-03-01T10:00:00.000Z',
    url: PAGE,
    finalUrl: null,
    responseCode: 200,
    responseCodeGroup: 2,
    indexingCapabilityId: 1,
    headers: { 'content-type': 'text/html' },
    backlinks: [],
    shot: null,
    shotMissing: 'not_kept',
    ...overrides,
  };
}

/** Lost: the page with the link (photographed) on 1 March, without it on 8 March (no browser then). */
const lost: TLinkEvidence = {
  id: 71,
  createdAt: '2026-03-08T12:30:00.000Z',
  changes: [{ changesType: 'lost', old: '1', new: '0' }],
  before: state({
    at: '2026-03-01T10:00:00.000Z',
    backlinks: [
      {
        href: 'https://shop.example.com/tools',
        anchor: 'the best shop',
        attribute: 'dofollow',
        typeId: 1,
        textBefore: 'Our garden tools come from',
        textAfter: 'in town',
      },
    ],
    shot: { id: 11, takenAt: '2026-03-01T10:00:05.000Z', marked: 'link', width: 1280, height: 800 },
    shotMissing: null,
  }),
  after: state({ at: '2026-03-08T12:30:00.000Z', responseCode: 410, shotMissing: 'no_browser' }),
};

/** The link's first check: nothing before, not photographed (first checks are not, by default). */
const found: TLinkEvidence = {
  id: 70,
  createdAt: '2026-03-01T10:00:00.000Z',
  changes: [{ changesType: 'found', old: null, new: '1' }],
  before: null,
  after: state({ shotMissing: 'first_check' }),
};

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/**
 * jsdom's FileReader reads only jsdom's own Blob, not the one a fetch Response gives: the screenshot's
 * bytes are read as Node reads them, into the same data: URL.
 */
class BytesFileReader {
  result: string | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readAsDataURL(blob: Blob) {
    void blob.arrayBuffer().then((bytes) => {
      this.result = `data:${blob.type};base64,${Buffer.from(bytes).toString('base64')}`;
      this.onload?.();
    });
  }
}

beforeEach(async () => {
  resetTokenForTests('tok');
  vi.stubGlobal('FileReader', BytesFileReader);
  await i18n.changeLanguage('en');
  URL.createObjectURL = vi.fn(() => 'blob:evidence');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('the link panel evidence', () => {
  it('shows each change with both states side by side, their dates, why a screenshot is missing and the PDF', async () => {
    const server = mockApi({
      [`GET links/${LINK}/evidence`]: json(200, { data: [lost, found], meta: { retentionDays: 180 } }),
      [`GET links/${LINK}/evidence/shots/11`]: json(200, { jpeg: true }),
      [`GET links/${LINK}/evidence.pdf`]: json(200, { pdf: true }),
    });
    renderWith(<LinkEvidence linkId={LINK} />);

    const cards = await waitFor(() => {
      const found = document.querySelectorAll<HTMLElement>('[data-evidence-item]');
      expect(found).toHaveLength(2);
      return [...found];
    });
    expect(screen.getByText(/Kept for 180 days/)).toBeTruthy();

    // The lost change: what changed, when, and the two states in one two-column grid.
    const card = within(cards[0]);
    expect(card.getByText(`Changed ${withTime(lost.createdAt)}`)).toBeTruthy();
    expect(card.getByText('Link lost (was 1, now 0)')).toBeTruthy();
    const before = card.getByRole('region', { name: 'Before' });
    const after = card.getByRole('region', { name: 'After' });
    expect(before.parentElement).toBe(after.parentElement);
    expect(before.parentElement?.className).toContain('sm:grid-cols-2');
    expect([...(before.parentElement?.children ?? [])]).toEqual([before, after]);
    expect(within(before).getByText(`Seen ${withTime('2026-03-01T10:00:00.000Z')}`)).toBeTruthy();
    expect(within(after).getByText(`Seen ${withTime('2026-03-08T12:30:00.000Z')}`)).toBeTruthy();
    expect(within(before).getByText('200')).toBeTruthy();
    expect(within(after).getByText('410')).toBeTruthy();
    expect(within(before).getByText('the best shop')).toBeTruthy();
    expect(within(after).getByText('No link to your site on the page.')).toBeTruthy();

    // Before has its screenshot (a thumbnail that opens full size); after says why it has none.
    const thumbnail = await within(before).findByRole('button', {
      name: 'Open the full screenshot: Before',
    });
    expect(within(before).getByText(/the link is outlined/)).toBeTruthy();
    expect(
      within(before).getByText(new RegExp(`Screenshot taken ${withTime('2026-03-01T10:00:05.000Z')}`)),
    ).toBeTruthy();
    expect(within(after).getByText(/no browser is configured on this server/)).toBeTruthy();
    fireEvent.click(thumbnail);
    const viewer = await screen.findByRole('dialog', {
      name: `Screenshot: Before, ${withTime('2026-03-01T10:00:05.000Z')}`,
    });
    expect(within(viewer).getByRole('img').getAttribute('width')).toBe('1280');
    expect(within(viewer).getByRole('link', { name: 'Save the screenshot (JPEG)' })).toBeTruthy();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The first check: nothing before it, and not photographed.
    const first = within(cards[1]);
    expect(first.getByText('Link found (1)')).toBeTruthy();
    expect(
      within(first.getByRole('region', { name: 'Before' })).getByText(
        'Not checked before: this was the link’s first check.',
      ),
    ).toBeTruthy();
    expect(
      within(first.getByRole('region', { name: 'After' })).getByText(/not at its first check/),
    ).toBeTruthy();

    // The PDF button asks for that change's sheet.
    fireEvent.click(card.getByRole('button', { name: 'Export evidence (PDF)' }));
    await waitFor(() => expect(server.find(`GET links/${LINK}/evidence.pdf`)).toHaveLength(1));
    expect(server.find(`GET links/${LINK}/evidence.pdf`)[0].query).toEqual({ evidence: '71' });
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('says when nothing changed yet', async () => {
    mockApi({ [`GET links/${LINK}/evidence`]: json(200, { data: [], meta: { retentionDays: 30 } }) });
    renderWith(<LinkEvidence linkId={LINK} />);
    expect(await screen.findByText(/No changes recorded yet/)).toBeTruthy();
    expect(screen.getByText(/Kept for 30 days/)).toBeTruthy();
  });
});

describe("the report's evidence", () => {
  it("reads the report link's change, and its screenshots and PDF through the link", async () => {
    const server = mockApi({
      'GET reports/links/9/evidence': json(200, {
        data: [lost],
        meta: { linkId: LINK, retentionDays: 180 },
      }),
      [`GET links/${LINK}/evidence/shots/11`]: json(200, { jpeg: true }),
      [`GET links/${LINK}/evidence.pdf`]: json(200, { pdf: true }),
    });
    renderWith(<ReportEvidence reportLinkId={9} />);
    const section = await screen.findByRole('region', { name: 'Evidence' });
    const before = await within(section).findByRole('region', { name: 'Before' });
    expect(within(section).getByRole('region', { name: 'After' })).toBeTruthy();
    expect(within(section).getByText('Link lost (was 1, now 0)')).toBeTruthy();
    // A thumbnail: narrower than the column, opening the full screenshot.
    const thumbnail = await within(before).findByRole('button', { name: 'Open the full screenshot: Before' });
    expect(thumbnail.closest('figure')?.className).toContain('max-w-72');
    expect(server.find(`GET links/${LINK}/evidence/shots/11`)).toHaveLength(1);
    fireEvent.click(within(section).getByRole('button', { name: 'Export evidence (PDF)' }));
    await waitFor(() => expect(server.find(`GET links/${LINK}/evidence.pdf`)).toHaveLength(1));
    expect(server.find(`GET links/${LINK}/evidence.pdf`)[0].query).toEqual({ evidence: '71' });
  });

  it('says the evidence is gone when retention removed it', async () => {
    mockApi({
      'GET reports/links/9/evidence': json(200, { data: [], meta: { linkId: LINK, retentionDays: 180 } }),
    });
    renderWith(<ReportEvidence reportLinkId={9} />);
    expect(await screen.findByText(/No evidence is kept for this change any more/)).toBeTruthy();
  });
});
