import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen.ts';

const Page = () => <p>The screen</p>;

function renderInSuspense(Screen: () => ReactElement) {
  return render(
    <Suspense fallback={<p>Loading</p>}>
      <Screen />
    </Suspense>,
  );
}

describe('lazyScreen', () => {
  it('shows a screen loaded ahead at once, without its fallback', async () => {
    const Screen = lazyScreen(async () => ({ default: Page }));
    await Screen.preload();
    renderInSuspense(Screen);
    expect(screen.getByText('The screen')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('loads a screen not loaded ahead when it renders, behind its fallback', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads += 1;
      return { default: Page };
    });
    renderInSuspense(Screen);
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('The screen')).toBeTruthy();
    await act(() => Screen.preload());
    expect(loads).toBe(1);
  });
});
