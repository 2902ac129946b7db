import { fireEvent, screen } from '@testing-library/react';
import { Link, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../testing/render.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/** A screen that fails to render at `/` and works anywhere else. */
function BrokenAtHome() {
  const { pathname } = useLocation();
  if (pathname === '/') throw new Error('broken screen');
  return <p>Working screen</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('RouteErrorBoundary', () => {
  it('shows the error screen in place of a screen that throws, until the next navigation', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderInApp(
      <>
        <Link to="/elsewhere">Elsewhere</Link>
        <RouteErrorBoundary>
          <BrokenAtHome />
        </RouteErrorBoundary>
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken screen' }));
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Working screen')).toBeTruthy();
  });
});
