import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '@/lib/i18n.ts';
import { FileDropZone, PickedFile } from './FileDropZone.tsx';

const labels = { drop: 'Drag a file here', or: 'or', choose: 'choose a file', formats: 'txt, xlsx' };

function renderZone(invalid = false) {
  const onPick = vi.fn();
  render(<FileDropZone accept=".txt" onPick={onPick} invalid={invalid} labels={labels} testId="zone" />);
  return { onPick, input: screen.getByLabelText(/Drag a file here/) as HTMLInputElement };
}

describe('FileDropZone', () => {
  it('picks a chosen file, and the same file again after (the input is emptied each time)', async () => {
    const { onPick, input } = renderZone();
    const file = new File(['a.example.org\n'], 'links.txt', { type: 'text/plain' });
    await userEvent.upload(input, file);
    await userEvent.upload(input, file);
    expect(onPick).toHaveBeenCalledTimes(2);
    expect(onPick.mock.calls[1][0].name).toBe('links.txt');
    expect(input.value).toBe('');
    expect(input.accept).toBe('.txt');
  });

  it('picks a dropped file and shows where it would go while dragged over', () => {
    const { onPick } = renderZone();
    const zone = screen.getByTestId('zone');
    fireEvent.dragOver(zone);
    expect(zone.className).toContain('border-brand-500');
    const file = new File(['x'], 'dropped.xlsx');
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(onPick).toHaveBeenCalledWith(file);
    expect(zone.className).not.toContain('border-brand-500');
  });

  it('shows an invalid file in the error colours', () => {
    renderZone(true);
    expect(screen.getByTestId('zone').className).toContain('border-rose-300');
  });

  it('shows the picked file, its progress while sent, and a remove button only when not sending', async () => {
    const onRemove = vi.fn();
    const labels = {
      progress: 'Upload progress',
      uploading: 'Uploading',
      processing: 'Reading',
      remove: 'Remove',
    };
    const file = new File(['abc'], 'links.xlsx');
    const Icon = () => null;
    const view = render(
      <PickedFile file={file} icon={Icon} sending={false} progress={0} onRemove={onRemove} labels={labels} />,
    );
    expect(screen.getByText('links.xlsx')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledOnce();
    view.rerender(
      <PickedFile file={file} icon={Icon} sending progress={40} onRemove={onRemove} labels={labels} />,
    );
    expect(screen.getByText('Uploading 40%')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    view.rerender(
      <PickedFile file={file} icon={Icon} sending progress={100} onRemove={onRemove} labels={labels} />,
    );
    expect(screen.getByText('Reading')).toBeTruthy();
  });
});
