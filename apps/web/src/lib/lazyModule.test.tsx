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
});
