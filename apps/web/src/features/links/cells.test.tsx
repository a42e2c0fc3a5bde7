import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { LinkStatusBadge, PageVerdict, ResponseCodeBadge } from './cells.tsx';

const page = (values: {
  responseCode?: number | null;
  responseCodeGroup?: number | null;
  responseCodeGroupText?: string | null;
  pageVerdictText?: string | null;
  notReadReason?: 'robotsTxt' | 'robotsUnreachable' | null;
  notReadReasonText?: string | null;
}) => ({
  responseCode: null,
  responseCodeGroup: null,
  responseCodeGroupText: null,
  pageVerdictText: null,
  notReadReason: null,
  notReadReasonText: null,
  ...values,
});

describe('link cells', () => {
  it('marks a missing link red and a found one green, with the server’s text', () => {
    const { rerender } = render(
      <LinkStatusBadge link={{ linkStatus: 'missing', linkStatusText: 'Link missing' }} />,
    );
    expect(screen.getByText('Link missing').closest('.bg-rose-50')).not.toBeNull();
    rerender(<LinkStatusBadge link={{ linkStatus: 'found', linkStatusText: 'Link found' }} />);
    expect(screen.getByText('Link found').closest('.bg-emerald-50')).not.toBeNull();
    rerender(<LinkStatusBadge link={{ linkStatus: 'unread', linkStatusText: 'Page not read' }} />);
    expect(screen.getByText('Page not read').closest('.bg-amber-50')).not.toBeNull();
  });

  it('says it short in the table, with the full text as the tooltip', () => {
    render(<LinkStatusBadge short link={{ linkStatus: 'missing', linkStatusText: 'Link missing' }} />);
    expect(screen.getByText('Missing').closest('[title]')?.getAttribute('title')).toBe('Link missing');
  });

  it('shows a fetch failure in the code cell and says the page was not fetched, not a robots guess', () => {
    const failed = page({
      responseCodeGroup: 4,
      responseCodeGroupText: 'Timeout',
      pageVerdictText: 'Page not fetched',
    });
    render(
      <>
        <ResponseCodeBadge link={failed} />
        <PageVerdict link={failed} />
      </>,
    );
    expect(screen.getByText('Timeout').closest('.bg-rose-50')).not.toBeNull();
    expect(screen.getByText('Page not fetched').className).toContain('text-rose-700');
    expect(screen.queryByText('May be forbidden')).toBeNull();
  });

  it('reads a 404 as not found and a robots verdict of a page that answered as it is', () => {
    const { rerender } = render(
      <PageVerdict link={page({ responseCode: 404, pageVerdictText: 'Not found (404)' })} />,
    );
    expect(screen.getByText('Not found (404)').className).toContain('text-rose-700');
    rerender(<PageVerdict link={page({ responseCode: 200, pageVerdictText: 'meta noindex' })} />);
    expect(screen.getByText('meta noindex').className).not.toContain('text-rose-700');
    rerender(<PageVerdict link={page({})} />);
    expect(screen.getByText('—')).toBeTruthy();
  });

  it('says a failure to connect short in the table, with the full text as the tooltip', () => {
    const failed = page({ responseCodeGroup: 1, responseCodeGroupText: 'Could not resolve host' });
    const { rerender } = render(<ResponseCodeBadge short link={failed} />);
    const badge = screen.getByText('No host').closest('[title]');
    expect(badge?.getAttribute('title')).toBe('Could not resolve host');
    expect(badge?.className).toContain('bg-rose-50');
    rerender(<ResponseCodeBadge short link={page({ responseCode: 404 })} />);
    expect(screen.getByText('404').closest('[title]')).toBeNull();
    rerender(<ResponseCodeBadge link={failed} />);
    expect(screen.getByText('Could not resolve host')).toBeTruthy();
  });

  it('shows an unchecked link as not checked yet in the code cell', () => {
    render(<ResponseCodeBadge link={page({})} />);
    expect(screen.getByText('Not checked')).toBeTruthy();
  });

  it.each([
    ['en', 'robots.txt', 'Blocked by robots.txt (HTTP 200)'],
    ['ru', 'robots.txt', 'Закрыта в robots.txt (HTTP 200)'],
    ['ua', 'robots.txt', 'Закрита в robots.txt (HTTP 200)'],
  ])(
    'a page robots.txt shut out says so in the code cell, not a green 200 (%s)',
    async (locale, short, tip) => {
      await i18n.changeLanguage(locale);
      const why = tip.replace(' (HTTP 200)', '');
      const blocked = page({ responseCode: 200, notReadReason: 'robotsTxt', notReadReasonText: why });
      const { rerender } = render(<ResponseCodeBadge short link={blocked} />);
      expect(screen.queryByText('200')).toBeNull();
      const badge = screen.getByText(short).closest('[title]');
      expect(badge?.getAttribute('title')).toBe(tip);
      expect(badge?.className).toContain('bg-amber-50');
      rerender(<ResponseCodeBadge link={blocked} />);
      expect(screen.getByText(why)).toBeTruthy();
    },
  );
});

afterEach(() => i18n.changeLanguage('en'));
