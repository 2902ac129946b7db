import { PLAN_LESSONS, type Plan } from '@logoschool/contract';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { errorTextOf } from '../../api/form-errors.ts';
import { FullLoader } from '../../components/full-loader.tsx';
import { ConfirmActionModal } from '../../components/confirm-action-modal.tsx';
import { DateField } from '../../components/date-field.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { routeId } from '../../lib/route-id.ts';
import { useDeletePlan, usePlan, useSavePlan, useTemplateUpdate } from './api/plans.ts';
import { PlanBlockCard } from './components/plan-block-card.tsx';
import { Fact } from '../../components/fact.tsx';
import { PlanStatusBadge } from '../../components/plan-status-badge.tsx';
import { TemplateUpdatePanel } from './components/template-update-panel.tsx';
import { PLANS_LIST_PATH, newPlanPath } from './paths.ts';
import {
  blockErrorIndexes,
  planBodyOf,
  planValidate,
  planValuesOf,
  serverRefusal,
  type PlanValues,
} from './plan-form-values.ts';

/**
 * /edit-protocol/:protocolId: one of the teacher's plans, to fill and keep (spec §2, §3, §5).
 * `share` (another feature's panel, composed in app/) shows below the plan.
 */
export function EditPlanPage({ share }: { share?: (plan: Plan) => ReactNode }) {
  const { t } = useTranslation();
  const { id: planId, bad } = routeId(useParams().protocolId);
  const plan = usePlan(planId);

  if (bad) return <Navigate to="/not-found" replace />;
  // The address names no plan: making one is where a plan starts.
  if (planId === null) return <Navigate to={newPlanPath()} replace />;
  if (plan.isPending) return <FullLoader />;
  if (plan.isError) {
    const missing = plan.error instanceof ApiError && plan.error.status === 404;
    return (
      <Stack maw={560}>
        <Alert color="red" role="alert">
          {missing ? t('plans.notFound') : errorTextOf(plan.error)}
        </Alert>
        <Group>
          {!missing && <Button onClick={() => void plan.refetch()}>{t('errors.tryAgain')}</Button>}
          <Button component={Link} to={PLANS_LIST_PATH} variant="default">
            {t('plans.backToPlans')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const editor = (
    <PlanEditor
      // A saved or updated plan starts the form again from what the server keeps.
      key={`${plan.data.id}:${plan.data.updated_at}:${plan.data.template.version}`}
      plan={plan.data}
      refresh={() => plan.refetch()}
    />
  );
  if (!share) return editor;
  return (
    <Stack gap="lg" maw={1040}>
      {editor}
      {share(plan.data)}
    </Stack>
  );
}

/**
 * The plan's header (student, template and version, status, deadline, ten lessons), a newer
 * template version's difference with its two choices, and the blocks to fill. Saving checks every
 * block first: one without a folder is refused on that block and nothing is sent (spec §5).
 */
export function PlanEditor({ plan, refresh }: { plan: Plan; refresh: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSavePlan(plan.id);
  const update = useTemplateUpdate(plan.id);
  const remove = useDeletePlan();
  const [formError, setFormError] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);
  const [updating, setUpdating] = useState<'apply' | 'keep' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [showKept, setShowKept] = useState(false);
  const form = useForm<PlanValues>({
    initialValues: planValuesOf(plan),
    validate: planValidate(plan, t),
    validateInputOnBlur: true,
  });
  useUnsavedChanges(form.isDirty());

  const submit = async (values: PlanValues) => {
    setFormError([]);
    try {
      const saved = await save.mutateAsync(planBodyOf(values));
      form.resetDirty(values);
      notifySuccess(t(saved.status === 'active' ? 'plans.savedFilled' : 'plans.saved'));
    } catch (error) {
      const { fields, general } = serverRefusal(error, values);
      form.setErrors(fields);
      const said = general.length > 0 ? general : Object.keys(fields).length > 0 ? [t('plans.notSaved')] : [];
      setFormError(said.length > 0 ? said : [errorTextOf(error)]);
    }
  };

  const refused = (errors: typeof form.errors) => {
    const blocks = blockErrorIndexes(errors);
    // The first block to fix comes into view.
    if (blocks[0] !== undefined) {
      document
        .querySelector(`[data-plan-block-index="${blocks[0]}"]`)
        ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    }
    setFormError([
      blocks.length > 0
        ? t('plans.notSavedBlocks', {
            count: blocks.length,
            blocks: blocks.map((index) => index + 1).join(', '),
          })
        : t('plans.notSaved'),
    ]);
  };

  const takeUpdate = async (action: 'apply' | 'keep') => {
    setNotice(null);
    setUpdating(action);
    try {
      const taken = await update.mutateAsync({ version: plan.template.latest_version, action });
      if (action === 'keep') notifySuccess(t('plans.update.keptDone'));
      else
        notifySuccess(
          t(taken.status === 'pending' ? 'plans.update.appliedToFill' : 'plans.update.applied', {
            version: taken.template.version,
          }),
        );
    } catch (error) {
      if (error instanceof ApiError && error.code === 'template_version_changed') {
        setNotice(t('plans.update.changedMeanwhile'));
        await refresh();
      } else {
        setNotice(errorTextOf(error));
      }
    } finally {
      setUpdating(null);
    }
  };

  const difference = plan.template_update;
  const kept = plan.template_update_kept;

  return (
    <Stack gap="lg" maw={1040}>
      <Anchor component={Link} to={PLANS_LIST_PATH} size="sm" w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('plans.backToPlans')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('plans.editTitle', { name: plan.client.child_name })}
        </Title>
        <PlanStatusBadge status={plan.status} />
      </Group>
      <form onSubmit={form.onSubmit((values) => void submit(values), refused)} noValidate>
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" verticalSpacing="md">
              <Fact label={t('plans.student')}>
                <Anchor component={Link} to={`/edit-client/${plan.client.id}`}>
                  {plan.client.child_name}
                </Anchor>
              </Fact>
              <Fact label={t('plans.template')}>
                {plan.template.title}{' '}
                <Text span c="gray.7" size="sm">
                  {t('plans.version', { version: plan.template.version })}
                </Text>
              </Fact>
              <Fact label={t('plans.lessons')}>{t('plans.lessonsCount', { count: plan.lessons })}</Fact>
            </SimpleGrid>
            <DateField
              mt="lg"
              label={t('plans.deadline')}
              description={t('plans.deadlineHint', { count: PLAN_LESSONS })}
              required
              maw={280}
              {...form.getInputProps('deadline')}
            />
          </Paper>

          {difference &&
            (kept && !showKept ? (
              <Group gap="sm" data-testid="template-kept">
                <Text size="sm" c="gray.8">
                  {t('plans.update.keptLine', { version: plan.template.latest_version })}
                </Text>
                <Button variant="subtle" size="compact-sm" onClick={() => setShowKept(true)}>
                  {t('plans.update.showDifference')}
                </Button>
              </Group>
            ) : (
              <TemplateUpdatePanel
                plan={plan}
                difference={difference}
                kept={kept}
                blocked={form.isDirty()}
                pending={updating}
                notice={notice}
                onApply={() => void takeUpdate('apply')}
                onKeep={() => void takeUpdate('keep')}
              />
            ))}

          <Title order={2} size="h3">
            {t('plans.blocks', { count: plan.blocks.length })}
          </Title>
          {plan.blocks.map((block, index) => (
            <PlanBlockCard
              key={block.key}
              block={block}
              index={index}
              count={plan.blocks.length}
              form={form}
            />
          ))}

          {formError.length > 0 && (
            <Alert color="red" role="alert" title={t('plans.notSavedTitle')}>
              {formError.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
            </Alert>
          )}
          <Group justify="space-between">
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              {t('plans.delete')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
                {t('plans.undo')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('plans.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      <ConfirmActionModal
        opened={deleting}
        title={t('plans.deleteTitle')}
        message={t('plans.deleteQuestion', { name: plan.client.child_name, template: plan.template.title })}
        confirmLabel={t('plans.delete')}
        onConfirm={async () => {
          await remove.mutateAsync(plan.id);
          notifySuccess(t('plans.deleted'));
          void navigate(PLANS_LIST_PATH);
        }}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

export default EditPlanPage;
