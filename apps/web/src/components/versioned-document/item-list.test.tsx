import { Text } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../testing/render.tsx';
import { ItemList } from './item-list.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A list of named items kept in state, as a form would keep it. */
function Names({ initial, min, max }: { initial: string[]; min?: number; max: number }) {
  const [names, setNames] = useState(initial);
  return (
    <ItemList
      items={names}
      idOf={(name) => name}
      nameOf={(index) => `item ${index + 1}`}
      onMove={(from, to) =>
        setNames((all) => {
          const next = all.filter((_, at) => at !== from);
          next.splice(to, 0, all[from] ?? '');
          return next;
        })
      }
      onRemove={(index) => setNames((all) => all.filter((_, at) => at !== index))}
      min={min}
      add={{ label: 'Add an item', max, onAdd: () => setNames((all) => [...all, `N${all.length}`]) }}
    >
      {(name, _index, controls) => (
        <div data-testid="item">
          {controls.move}
          <Text>{name}</Text>
          {controls.remove}
        </div>
      )}
    </ItemList>
  );
}

const order = () => screen.getAllByTestId('item').map((item) => item.textContent);

describe('a list of items', () => {
  it('moves items with the arrows, by keyboard focusable handles, and removes them down to its minimum', async () => {
    await renderInApp(<Names initial={['A', 'B', 'C']} min={2} max={5} />);
    expect(screen.getByRole('button', { name: 'Move item 1 up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Drag item 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move item 3 up' }));
    expect(order()).toEqual(['A', 'C', 'B']);
    fireEvent.click(screen.getByRole('button', { name: 'Move item 1 down' }));
    expect(order()).toEqual(['C', 'A', 'B']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(order()).toEqual(['C', 'B']);
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('adds items up to its maximum', async () => {
    await renderInApp(<Names initial={['A']} max={2} />);
    const add = screen.getByRole('button', { name: 'Add an item' });
    fireEvent.click(add);
    expect(order()).toEqual(['A', 'N1']);
    expect(add.hasAttribute('disabled')).toBe(true);
  });
});
