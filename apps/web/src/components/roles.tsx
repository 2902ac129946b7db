import type { RoleName } from '@logoschool/contract';
import { Badge, Checkbox, Group, Stack, type CheckboxGroupProps } from '@mantine/core';
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

/** A choice of roles among those `offered` (the ones the caller may grant), one checkbox each. */
export function RoleChoice({
  offered,
  ...group
}: { offered: readonly RoleName[] } & Omit<CheckboxGroupProps, 'children'>) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group {...group}>
      <Stack gap="xs" mt="xs">
        {offered.map((role) => (
          <Checkbox key={role} value={role} label={t(`roles.${role}`)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
