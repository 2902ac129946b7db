import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { ContinueCard } from './continue-card.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the continue card', () => {
  it('leads to the exercise the author worked on last', async () => {
    fakeApi({ 'GET /exercises/latest': () => json({ data: { id: 12, title: 'Hissing sounds' } }) });
    await renderInApp(
      <Routes>
        <Route path="/" element={<ContinueCard />} />
        <Route path="/edit-exercise/:id" element={<p>Editor</p>} />
      </Routes>,
      { as: { roles: ['author'] } },
    );
    const region = await screen.findByRole('region', { name: 'Continue where you left off' });
    expect(within(region).getByText('Hissing sounds')).toBeTruthy();
    fireEvent.click(within(region).getByRole('link', { name: 'Continue' }));
    expect(await screen.findByText('Editor')).toBeTruthy();
  });

  it('shows nothing while there is none', async () => {
    const calls = fakeApi({ 'GET /exercises/latest': () => json({ data: null }) });
    await renderInApp(<ContinueCard />, { as: { roles: ['author'] } });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
