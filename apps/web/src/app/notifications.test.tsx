import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../testing/render.tsx';
import { Toasts } from './notifications.tsx';

afterEach(() => {
  notifications.clean();
  document.body.innerHTML = '';
});

describe('Toasts', () => {
  it('has no container until there is a toast, then shows it', async () => {
    await renderInApp(<Toasts />);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      notifications.show({ message: 'Saved' });
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
