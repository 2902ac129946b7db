import { Avatar, Group, Indicator, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserEdit } from '@tabler/icons-react';
import { routeOf, mayOpen } from '@logoschool/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProblemMenu } from '../../features/tickets/components/problem-menu.tsx';
import { useSession } from '../../session/session.tsx';
import { initials } from '../../lib/initials.ts';

/** Name, e-mail, avatar (initials when none), edit profile and logout (spec §2). */
export function ProfileMenu({ godMode, hasNavigation }: { godMode: boolean; hasNavigation: boolean }) {
  const { t } = useTranslation();
  const { user, role, held, workspaces } = useSession();
  const problems = useProblemMenu();
  if (!user) return null;
  const profile = routeOf('/profile');
  const showsProfile =
    profile?.built === true &&
    !(workspaces.length === 0 && !user.is_root) &&
    hasNavigation &&
    role !== null &&
    mayOpen(profile, role, held);

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('header.profileMenu')}>
            <Indicator
              disabled={!godMode}
              color="red.9"
              label={t('header.godModeBadge')}
              size={16}
              offset={4}
              data-testid="god-mode-badge"
              title={t('header.godMode')}
            >
              <Avatar src={user.avatar} alt={user.name} color="blue.9" variant="filled" radius="xl">
                {initials(user.name)}
              </Avatar>
            </Indicator>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Group gap={4} wrap="nowrap" align="flex-start">
              <div>
                <Text size="sm" fw={600} c="dark">
                  {user.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {user.email}
                </Text>
              </div>
            </Group>
          </Menu.Label>
          {showsProfile && (
            <Menu.Item component={Link} to="/profile" leftSection={<IconUserEdit size={16} />}>
              {t('header.editProfile')}
            </Menu.Item>
          )}
          {problems.items}
          <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} />}>
            {t('header.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {problems.dialog}
    </>
  );
}
