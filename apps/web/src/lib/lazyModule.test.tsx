import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { markPageShown } from './afterPageLoad.ts';
import { lazyModule } from './lazyModule.ts';

function moduleOf(name: string) {
  const importModule = vi.fn(async () => ({ name }));
  return { importModule, lazy: lazyModule(importModule) };
}

function Probe({ lazy, wanted }: { lazy: ReturnType<typeof moduleOf>['lazy']; wanted: boolean }) {
  return <p>{lazy.useLoaded(wanted)?.name ?? 'none'}</p>;
}

const idle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('lazyModule', () => {
  it('loads nothing until wanted, then renders with the module once it is in, and loads it once', async () => {
    const { importModule, lazy } = moduleOf('menu');
    const { rerender } = render(<Probe lazy={lazy} wanted={false} />);
    await idle();
    expect(screen.getByText('none')).toBeTruthy();
    expect(importModule).not.toHaveBeenCalled();

    rerender(<Probe lazy={lazy} wanted />);
    expect(await screen.findByText('menu')).toBeTruthy();
    rerender(<Probe lazy={lazy} wanted={false} />);
    rerender(<Probe lazy={lazy} wanted />);
    expect(screen.getByText('menu')).toBeTruthy();
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('loads at the user’s first move once the page is shown, not before', async () => {
    const { importModule, lazy } = moduleOf('dialog');
    window.dispatchEvent(new Event('pointermove'));
    markPageShown();
    await idle();
    expect(importModule).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('keydown'));
    await idle();
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(lazy.current()).toEqual({ name: 'dialog' });
  });

  it.each([
    ['data saver on', { saveData: true, effectiveType: '4g' }],
    ['2g', { saveData: false, effectiveType: '2g' }],
    ['slow 2g', { effectiveType: 'slow-2g' }],
  ])('on %s: nothing at the first move, the module only when wanted (spec 9)', async (_, connection) => {
    Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
    try {
      const { importModule, lazy } = moduleOf('menu');
      markPageShown();
      await idle();
      window.dispatchEvent(new Event('pointermove'));
      await idle();
      expect(importModule).not.toHaveBeenCalled();
      render(<Probe lazy={lazy} wanted />);
      expect(await screen.findByText('menu')).toBeTruthy();
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });

  it('on 3g or 4g without data saver it still loads at the first move', async () => {
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '3g' }, configurable: true });
    try {
      const { importModule } = moduleOf('menu');
      markPageShown();
      await idle();
      window.dispatchEvent(new Event('pointermove'));
      await idle();
      expect(importModule).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });
});
