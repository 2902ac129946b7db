import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { routeId } from '../../lib/route-id.ts';
import { useClientDiagnoses } from './api/diagnoses.ts';
import { ClientDiagnosesSection } from './components/client-diagnoses-section.tsx';

/**
 * /manage-diagnostician-clients/:clientId: a student assigned to the diagnostician, with their
 * diagnoses, a new one from a published card, each opened at /manage-client-dc/:id.
 */
export function DiagnosticianClientPage() {
  const { t } = useTranslation();
  const { id, bad } = routeId(useParams().clientId);
  const client = useClientDiagnoses(id);
  if (bad) return <Navigate to="/not-found" replace />;
  if (id === null) return <Navigate to="/diagnostician-clients" replace />;
  if (client.isPending) return <FullLoader />;
  if (client.isError) {
    const missing = client.error instanceof ApiError && client.error.status === 404;
    return (
      <Alert color="red" role="alert" maw={560}>
        {missing ? t('diagnoses.studentNotFound') : errorTextOf(client.error)}
      </Alert>
    );
  }
  const { child_name, teacher, language } = client.data.client;
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to="/diagnostician-clients" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('diagnoses.backToStudents')}
          </Group>
        </Anchor>
        <Title order={1} size="h2" mt="xs">
          {child_name}
        </Title>
        <Text c="gray.7">
          {t('diagnoses.studentOf', { teacher: teacher.name, language: t(`languages.${language}`) })}
        </Text>
      </div>
      <ClientDiagnosesSection clientId={id} assign={false} />
    </Stack>
  );
}

export default DiagnosticianClientPage;
