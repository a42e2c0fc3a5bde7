import { describe, expect, it } from 'vitest';
import { payloadForMember } from './alerts.policy.ts';
import type { AlertPayload } from './evaluate.ts';

const news: AlertPayload = {
  projectId: 1,
  projectName: 'Shop',
  actionId: 9,
  actionCode: 2,
  events: {
    linkLost: { count: 2, samples: [{ url: 'https://a.example/', old: '1', new: '0' }] },
    taskFinished: { count: 4, samples: [] },
    balanceLow: { count: 30, samples: [] },
  },
  balance: 30,
};

describe('what a member hears of an alert (issue 27)', () => {
  it('keeps the events their permissions cover, and the balance only with balance.read', () => {
    const { balance: _balance, ...withoutBalance } = news;
    const lead = payloadForMember(news, ['reports.read']);
    expect(lead).toEqual({
      ...withoutBalance,
      events: { linkLost: news.events.linkLost, taskFinished: news.events.taskFinished },
    });
    expect(lead).not.toHaveProperty('balance');
    expect(payloadForMember(news, ['balance.read'])).toEqual({
      ...news,
      events: { balanceLow: news.events.balanceLow },
    });
    expect(payloadForMember(news, ['projects.read', 'links.manage'])).toBeNull();
  });

  it('cuts a digest entry by entry, leaving out the entries with nothing for them', () => {
    const quiet: AlertPayload = { ...news, projectId: 2, events: { balanceLow: news.events.balanceLow } };
    const digest = payloadForMember({ entries: [news, quiet] }, ['reports.read']);
    expect(digest).toEqual({ entries: [expect.objectContaining({ projectId: 1 })] });
    expect(payloadForMember({ entries: [quiet] }, ['reports.read'])).toBeNull();
  });
});
