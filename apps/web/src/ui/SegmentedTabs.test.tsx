import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedTabs } from './SegmentedTabs.tsx';

function Tabs() {
  const [value, setValue] = useState<'file' | 'paste'>('file');
  return (
    <>
      <SegmentedTabs
        label="Mode"
        value={value}
        onChange={setValue}
        items={[
          { value: 'file', label: 'File' },
          { value: 'paste', label: 'Paste' },
        ]}
      />
      <textarea aria-label="Links" />
    </>
  );
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('segmented tabs from the keyboard', () => {
  it('moves the focus with the arrow key, and leaves it where the reader goes next', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    await user.click(screen.getByRole('tab', { name: 'File' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Paste' })).toBe(document.activeElement);
    expect(screen.getByRole('tab', { name: 'Paste' }).getAttribute('aria-selected')).toBe('true');

    // A click into the field right after the key (before the next frame): the typing lands there.
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('textbox', { name: 'Links' }));
    await nextFrame();
    await user.keyboard('abc');
    expect((screen.getByRole('textbox', { name: 'Links' }) as HTMLTextAreaElement).value).toBe('abc');
  });
});
