import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, Route, Routes, unstable_HistoryRouter as HistoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuardedHistory } from './guarded-history.ts';
import { renderInApp } from '../testing/render.tsx';
import { LeaveQuestion, useUnsavedChanges } from '../components/unsaved-changes.tsx';

/** An editor as every editing screen holds one: a field, and a save that goes back to the list. */
function Editor() {
  const [text, setText] = useState('');
  const [saved, setSaved] = useState('');
  const navigate = useNavigate();
  const { release } = useUnsavedChanges(text !== saved);
  return (
    <>
      <label>
        Comment
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Link to="/lessons">Lessons</Link>
      <Link to="/edit?tab=plans">Plans tab</Link>
      <button
        type="button"
        onClick={() => {
          setSaved(text);
          release();
          void navigate('/lessons');
        }}
      >
        Save
      </button>
    </>
  );
}

async function renderEditor() {
  window.history.replaceState(null, '', '/edit');
  const history = createGuardedHistory();
  await renderInApp(
    <HistoryRouter history={history}>
      <Routes>
        <Route path="/edit" element={<Editor />} />
        <Route path="/lessons" element={<h1>Lessons page</h1>} />
      </Routes>
      <LeaveQuestion />
    </HistoryRouter>,
    { router: false },
  );
}

const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Comment'), { target: { value: text } });
const question = () => screen.queryByRole('dialog', { name: 'Leave without saving?' });

describe('useUnsavedChanges', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks before a link leaves unsaved changes: Stay keeps them, Leave goes', async () => {
    await renderEditor();
    type('Slow reader');
    fireEvent.click(screen.getByRole('link', { name: 'Lessons' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    expect(window.location.pathname).toBe('/edit');

    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(window.location.pathname).toBe('/edit');
    expect((screen.getByLabelText('Comment') as HTMLInputElement).value).toBe('Slow reader');

    fireEvent.click(screen.getByRole('link', { name: 'Lessons' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Lessons page' })).toBeTruthy();
    expect(window.location.pathname).toBe('/lessons');
  });

  it('asks nothing without changes, within the page, or after a save', async () => {
    await renderEditor();
    type('Slow reader');
    // Another tab of the same page is no leaving.
    fireEvent.click(screen.getByRole('link', { name: 'Plans tab' }));
    await waitFor(() => expect(window.location.search).toBe('?tab=plans'));
    expect(question()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Lessons page' })).toBeTruthy();
    expect(question()).toBeNull();
  });

  it('asks before the browser’s back leaves unsaved changes, and goes back only on Leave', async () => {
    window.history.replaceState(null, '', '/lessons');
    await renderEditor();
    fireEvent.click(screen.getByRole('link', { name: 'Lessons' }));
    await screen.findByRole('heading', { name: 'Lessons page' });
    window.history.back();
    await screen.findByLabelText('Comment');
    type('Slow reader');

    window.history.forward();
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    // The browser's move is undone while the question is open.
    await waitFor(() => expect(window.location.pathname).toBe('/edit'));
    expect((screen.getByLabelText('Comment') as HTMLInputElement).value).toBe('Slow reader');

    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Lessons page' })).toBeTruthy();
    expect(window.location.pathname).toBe('/lessons');
  });

  it('has the browser ask on closing the tab only while changes are unsaved', async () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const unloadCalls = (spy: typeof added | typeof removed) =>
      spy.mock.calls.filter((call) => call[0] === 'beforeunload').length;
    await renderEditor();
    expect(unloadCalls(added)).toBe(0);
    type('Slow reader');
    expect(unloadCalls(added)).toBe(1);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);

    type('');
    expect(unloadCalls(removed)).toBe(1);
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
