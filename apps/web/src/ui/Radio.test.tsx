import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RadioCards } from './Radio.tsx';

function Formats() {
  const [value, setValue] = useState('csv');
  return (
    <RadioCards
      label="Format"
      value={value}
      onChange={setValue}
      items={[
        { value: 'csv', label: 'CSV' },
        { value: 'xlsx', label: 'XLS' },
      ]}
    />
  );
}

describe('RadioCards', () => {
  it('checks the radio an arrow moves to, even when the key is up before the focus moves', async () => {
    render(<Formats />);
    screen.getByRole('radio', { name: 'CSV' }).focus();
    // A quick press: keydown and keyup before Radix's timer moves the focus.
    await userEvent.setup().keyboard('{ArrowDown}');
    const xls = screen.getByRole('radio', { name: 'XLS' });
    await waitFor(() => expect(document.activeElement).toBe(xls));
    expect(xls.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'CSV' }).getAttribute('aria-checked')).toBe('false');
  });
});
