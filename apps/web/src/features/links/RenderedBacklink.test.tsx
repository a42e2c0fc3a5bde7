import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { RenderedBadge } from './cells.tsx';
import { BacklinksTable } from './LinkDrawerPanel.tsx';

const backlink = (id: number, rendered: boolean) => ({
  id,
  type: 'backlinks' as const,
  attributes: {
    linkId: 1,
    donor: 'https://blog.example.org/post',
    acceptor: `https://shop.example.com/${id}`,
    href: `https://shop.example.com/${id}`,
    attribute: 'dofollow',
    anchor: `anchor ${id}`,
    typeId: 2,
    typeText: 'Text',
    textBefore: null,
    textAfter: null,
    rendered,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
});

afterEach(() => i18n.changeLanguage('en'));

describe('a backlink found only after rendering', () => {
  it.each([
    ['en', 'found after JavaScript'],
    ['ru', 'найдена после JavaScript'],
    ['ua', 'знайдено після JavaScript'],
  ])('reads "found after JavaScript" in the link panel, the others do not (%s)', async (locale, text) => {
    await i18n.changeLanguage(locale);
    render(<BacklinksTable backlinks={[backlink(1, false), backlink(2, true)]} onDelete={() => {}} />);
    const badges = screen.getAllByText(text);
    expect(badges).toHaveLength(1);
    expect(badges[0].closest('[data-backlink]')?.textContent).toContain('anchor 2');
  });
});

describe('a link found only after rendering, in the links table', () => {
  it.each([
    ['en', 'After JS', 'found after JavaScript'],
    ['ru', 'После JS', 'найдена после JavaScript'],
    ['ua', 'Після JS', 'знайдено після JavaScript'],
  ])(
    'carries a short badge next to its status in %s, the full words for screen readers',
    async (locale, short, full) => {
      await i18n.changeLanguage(locale);
      const { container } = render(
        <span>
          <RenderedBadge link={{ rendered: true }} />
          <RenderedBadge link={{ rendered: false }} />
          <RenderedBadge link={{}} />
        </span>,
      );
      const badges = container.querySelectorAll('[title]');
      expect(badges).toHaveLength(1);
      expect(badges[0].textContent).toBe(`${short}${full}`);
      expect(badges[0].getAttribute('title')).toMatch(new RegExp(`^${full}\\. `));
      expect(screen.getByText(full).className).toContain('sr-only');
    },
  );
});
