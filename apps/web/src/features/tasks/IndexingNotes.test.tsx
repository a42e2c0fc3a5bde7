import type { TActionAttributes } from '@linkwatch/shared';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Task } from './api/types.ts';
import { IndexingNotes } from './IndexingNotes.tsx';

function task(attributes: Partial<TActionAttributes>): Task {
  return {
    id: 7,
    type: 'actions',
    attributes: { skipped: null, days: null, ...attributes } as TActionAttributes,
  };
}

const notes = (attributes: Partial<TActionAttributes>) =>
  render(<IndexingNotes task={task(attributes)} />).container.querySelector('[data-indexing-notes]');

describe('an indexing request’s notes in the tasks list', () => {
  it('says over how many days it is spread and how many pages it left out', () => {
    expect(notes({ days: 3, skipped: { indexed: 2, robots: 1, notOk: 0 } })?.textContent).toBe(
      'Spread over 3 days3 pages left out',
    );
  });

  it('says nothing for a request sent at once with nothing left out, nor for other tasks', () => {
    expect(notes({ days: 1, skipped: { indexed: 0 } })).toBeNull();
    expect(notes({ days: null, skipped: null })).toBeNull();
  });

  it('counts a single left-out page in the singular', () => {
    expect(notes({ days: 1, skipped: { canonical: 1 } })?.textContent).toBe('1 page left out');
  });
});
