import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notices.ts';
import { copyLink } from './LinksPanel.tsx';

const messages = { copied: 'Link copied', failed: 'Something went wrong' };

describe('copyLink (spec 8)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('copies the link and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const success = vi.spyOn(notify, 'success');
    await copyLink('http://app.test/r/key', messages);
    expect(writeText).toHaveBeenCalledWith('http://app.test/r/key');
    expect(success).toHaveBeenCalledWith('Link copied');
  });

  it("reads 'Something went wrong' when the clipboard refuses, or there is none", async () => {
    const error = vi.spyOn(notify, 'error');
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    await copyLink('http://app.test/r/key', messages);
    vi.stubGlobal('navigator', {});
    await copyLink('http://app.test/r/key', messages);
    expect(error).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith('Something went wrong');
  });
});
