import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import { IconDots, type Icon } from '@tabler/icons-react';
import { Fragment, isValidElement, type ReactElement } from 'react';
import { Link } from 'react-router';

/** One thing a row lets its reader do. */
export interface RowAction {
  /** What the menu item or the button says (the tooltip of an icon). */
  label: string;
  /** The accessible name, where the label alone does not say which row: Edit “Sound [R]”. */
  name?: string;
  icon?: Icon;
  /** Does it; or `to`, where it leads. */
  onClick?(): void;
  to?: string;
  /** A colour for what takes something away (red) or gives it back. */
  color?: string;
  /** A framed button (the row's main action) rather than a quiet one. */
  strong?: boolean;
  loading?: boolean;
  /** Left out: the row's state or the role does not allow it. */
  hidden?: boolean;
}

/** An entry of a row's buttons: an action, or another feature's control placed among them. */
export type RowItem = RowAction | ReactElement;

/** Where an action leads (rendered as a link) or what it does. */
const targetOf = ({ to, onClick }: RowAction) =>
  to ? { renderRoot: (props: Record<string, unknown>) => <Link to={to} {...props} /> } : { onClick };

const shownOf = <A extends RowItem>(actions: A[]) =>
  actions.filter((action) => isValidElement(action) || !(action as RowAction).hidden);

/**
 * A row's actions in a menu behind one button named for the row ("Actions for …"): the menu opens
 * and is walked with the keyboard (Mantine's menu). Nothing shows when none is allowed.
 */
export function RowMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  const shown = actions.filter((action) => !action.hidden);
  if (shown.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray.7" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {shown.map((action) => (
          <Menu.Item
            key={action.label}
            color={action.color}
            leftSection={action.icon && <action.icon size={16} aria-hidden />}
            aria-label={action.name}
            {...targetOf(action)}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * A row's actions as buttons side by side, or as icons with their label in a tooltip (`icons`);
 * each is named for the row where `name` says so.
 */
export function RowButtons({ actions, icons = false }: { actions: RowItem[]; icons?: boolean }) {
  return (
    <Group gap={icons ? 4 : 'xs'} wrap="nowrap" justify="flex-end">
      {shownOf(actions).map((action, index) => {
        if (isValidElement(action)) return <Fragment key={index}>{action}</Fragment>;
        const { label, name, icon: Picture, color, strong, loading } = action;
        const target = targetOf(action);
        if (icons) {
          return (
            <Tooltip key={label} label={label}>
              <ActionIcon
                variant="subtle"
                color={color}
                aria-label={name ?? label}
                loading={loading}
                {...target}
              >
                {Picture && <Picture size={18} />}
              </ActionIcon>
            </Tooltip>
          );
        }
        return (
          <Button
            key={label}
            size="xs"
            variant={strong ? 'default' : 'subtle'}
            color={color}
            c={strong ? undefined : color}
            leftSection={Picture && <Picture size={14} aria-hidden />}
            aria-label={name}
            loading={loading}
            {...target}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
