import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Project } from '@/features/projects';
import { ProjectHealthChart } from './ProjectHealthChart.tsx';

const project = (
  id: number,
  name: string,
  s: { total: number; goodCode?: number; badCode?: number; indexed?: number },
) =>
  ({
    id,
    type: 'projects',
    attributes: {
      name,
      mainDomain: `${name.toLowerCase()}.com`,
      domains: [],
      isFavorite: false,
      createdAt: '2026-03-01T00:00:00Z',
      statistic: { companies: 1, tierOne: s.total, tierTwo: 0, goodCode: 0, badCode: 0, indexed: 0, ...s },
    },
  }) as unknown as Project;

function renderChart(projects: Project[]) {
  const router = createMemoryRouter(
    [{ path: '/:locale?', element: <ProjectHealthChart projects={projects} /> }],
    { initialEntries: ['/en'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('project health chart', () => {
  it('before any check, says so and opens the project with the most links', () => {
    renderChart([project(1, 'Small', { total: 2 }), project(2, 'Big', { total: 9 })]);
    screen.getByText('No link is checked yet');
    const open = screen.getByRole('link', { name: 'Open Big' });
    expect(open.getAttribute('href')).toBe('/en/project/active/1/2');
  });

  it('without links, asks for an upload', () => {
    renderChart([project(1, 'Empty', { total: 0 })]);
    screen.getByText('Upload links to a campaign to see their health here.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('draws good, bad and indexed per project in the legend order', async () => {
    const { container } = renderChart([
      project(1, 'Shoes', { total: 5, goodCode: 4, badCode: 1, indexed: 2 }),
      project(2, 'Hats', { total: 1, goodCode: 0, badCode: 1 }),
    ]);
    const chart = await screen.findByRole('slider', { name: 'Link health by project' });
    expect(chart.getAttribute('aria-valuetext')).toBe('Hats: Good response 0, Bad response 1, Indexed 0');
    const legend = [...container.querySelectorAll('ul[aria-label="Legend"] li')].map((li) => li.textContent);
    expect(legend).toEqual(['Good response', 'Bad response', 'Indexed']);
  });
});
