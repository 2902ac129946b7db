import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useUrlChoice } from './list/use-list-controls.ts';

/** One tab of a screen: its value in the address, what it says, and what it shows. */
export interface UrlTab {
  value: string;
  label: string;
  panel: () => ReactNode;
}

/**
 * A screen's tabs, the open one kept in the address as `?tab=` (left out for the first), so a link
 * or a reload opens the same tab; a tab's panel is mounted only while it is open.
 */
export function UrlTabs({ tabs }: { tabs: UrlTab[] }) {
  const values = tabs.map((tab) => tab.value);
  const [open, setOpen] = useUrlChoice('tab', values, values[0] ?? '');
  return (
    <Tabs value={open} onChange={(next) => next !== null && setOpen(next)} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.panel()}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
