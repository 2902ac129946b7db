import { CALL_AGENT_TIMEOUT, callAgentInput, type CallAgent } from '@logoschool/contract';
import { NumberInput, PasswordInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, useDialogForm } from '../../../components/dialog-form.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveCallAgent } from '../api/call-back.ts';

interface AgentValues {
  url: string;
  token: string;
  timeout_seconds: number;
}

/**
 * The project's phone agent (admins and root): its address, its token — written, never shown: the
 * field says whether one is set, and left empty keeps it — and how long an attempt waits.
 */
export function AgentDialog({ agent, onClose }: { agent: CallAgent | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog target={agent} title={() => t('callBack.agent.title')} onClose={onClose}>
      {(current) => <AgentForm agent={current} onClose={onClose} />}
    </FormDialog>
  );
}

function AgentForm({ agent, onClose }: { agent: CallAgent; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCallAgent();
  const { form, state } = useDialogForm<AgentValues>({
    initialValues: { url: agent.url ?? '', token: '', timeout_seconds: agent.timeout_seconds },
    schema: callAgentInput,
    toBody: (values) => ({ ...values, token: values.token.trim() === '' ? undefined : values.token }),
    save: async (values) => {
      const body = { ...values, token: values.token.trim() === '' ? undefined : values.token };
      const saved = await save.mutateAsync(body);
      notifySuccess(saved.configured ? t('callBack.agent.savedOn') : t('callBack.agent.savedOff'));
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('callBack.agent.save')}>
      <TextInput
        label={t('callBack.agent.url')}
        description={t('callBack.agent.urlHint')}
        type="url"
        {...form.getInputProps('url')}
      />
      <PasswordInput
        label={t('callBack.agent.token')}
        description={agent.token_set ? t('callBack.agent.tokenSet') : t('callBack.agent.tokenNotSet')}
        autoComplete="off"
        {...form.getInputProps('token')}
      />
      <NumberInput
        label={t('callBack.agent.timeout')}
        min={CALL_AGENT_TIMEOUT.min}
        max={CALL_AGENT_TIMEOUT.max}
        allowDecimal={false}
        {...form.getInputProps('timeout_seconds')}
      />
    </DialogForm>
  );
}
