import type { RoleName } from '@logoschool/contract';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The roles a person holds or is invited to, as badges. */
export function RoleBadges({ roles }: { roles: readonly RoleName[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge key={role} color="blue.9" size="sm">
          {t(`roles.${role}`)}
        </Badge>
      ))}
    </Group>
  );
}
