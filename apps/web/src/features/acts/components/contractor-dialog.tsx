import {
  CONTRACTOR_ADDRESS_MAX,
  CONTRACTOR_NAME_MAX,
  CONTRACTOR_PASSPORT_MAX,
  CONTRACT_NUMBER_MAX,
  CURRENCIES,
  TAX_COUNTRIES,
  TAX_NUMBER_MAX,
  contractorInput,
  type Contractor,
  type ContractorReport,
  type TaxCountry,
} from '@logoschool/contract';
import { Alert, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { DateField } from '../../../components/date-field.tsx';
import { ListLoadFailed, ListLoading } from '../../../components/list/list-view.tsx';
import { DialogForm, FormDialog, useDialogForm } from '../../../components/dialog-form.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useContractor, useSaveContractor } from '../api/acts.ts';

interface DetailsValues {
  name_uk: string;
  name_en: string;
  passport: string;
  tax_country: TaxCountry;
  tax_number: string;
  address_uk: string;
  address_en: string;
  contract_number: string;
  contract_date: string;
  currency: string;
}

/** The passport and tax id are sent only when typed: empty keeps the ones kept (shown masked). */
const toBody = (values: DetailsValues) => {
  const { passport, tax_number, ...rest } = values;
  return {
    ...rest,
    ...(passport.trim() ? { passport } : {}),
    ...(tax_number.trim() ? { tax_number } : {}),
  };
};

/** A contractor's details (spec §3 Act): names, passport, tax id, addresses, contract and currency. */
export function ContractorDialog({
  target,
  onClose,
}: {
  target: ContractorReport | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      target={target}
      size="lg"
      title={(shown) => t('acts.details.title', { name: shown.name })}
      onClose={onClose}
    >
      {(shown) => <DetailsLoader userId={shown.user_id} onClose={onClose} />}
    </FormDialog>
  );
}

/**
 * The details as the caller may read them (whole for `acts.personalData`; lists show them masked),
 * then the form.
 */
function DetailsLoader({ userId, onClose }: { userId: number; onClose: () => void }) {
  const contractor = useContractor(userId);
  if (contractor.isPending) return <ListLoading count={4} />;
  if (contractor.isError) {
    return (
      <ListLoadFailed onRetry={() => void contractor.refetch()}>
        {errorTextOf(contractor.error)}
      </ListLoadFailed>
    );
  }
  return <DetailsForm userId={userId} details={contractor.data} onClose={onClose} />;
}

function DetailsForm({
  userId,
  details,
  onClose,
}: {
  userId: number;
  details: Contractor | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveContractor(userId);
  const kept = details !== null;
  const { form, state } = useDialogForm<DetailsValues>({
    initialValues: {
      name_uk: details?.name_uk ?? '',
      name_en: details?.name_en ?? '',
      passport: details?.personal_data === 'whole' ? details.passport : '',
      tax_country: details?.tax_country ?? 'UA',
      tax_number: details?.personal_data === 'whole' ? details.tax_number : '',
      address_uk: details?.address_uk ?? '',
      address_en: details?.address_en ?? '',
      contract_number: details?.contract_number ?? '',
      contract_date: details?.contract_date ?? '',
      currency: details?.currency ?? 'UAH',
    },
    schema: contractorInput,
    toBody,
    check: (values, errors) => ({
      ...errors,
      ...(!kept && !values.passport.trim() ? { passport: t('fields.required') } : {}),
      ...(!kept && !values.tax_number.trim() ? { tax_number: t('fields.required') } : {}),
    }),
    save: async (values) => {
      await save.mutateAsync(toBody(values) as never);
      notifySuccess(t('acts.details.saved'));
      onClose();
    },
  });
  const masked = kept && details.personal_data === 'masked';
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('actions.save')}>
      {masked && <Alert color="blue">{t('acts.details.maskedNote')}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('acts.details.nameUk')}
          required
          maxLength={CONTRACTOR_NAME_MAX}
          data-autofocus
          {...form.getInputProps('name_uk')}
        />
        <TextInput
          label={t('acts.details.nameEn')}
          required
          maxLength={CONTRACTOR_NAME_MAX}
          {...form.getInputProps('name_en')}
        />
        <TextInput
          label={t('acts.details.passport')}
          required={!kept}
          maxLength={CONTRACTOR_PASSPORT_MAX}
          placeholder={masked ? details.passport : undefined}
          description={masked ? t('acts.details.keepHint') : undefined}
          autoComplete="off"
          {...form.getInputProps('passport')}
        />
        <Select
          label={t('acts.details.taxCountry')}
          data={TAX_COUNTRIES.map((country) => ({
            value: country,
            label: t(`acts.taxCountries.${country}`),
          }))}
          allowDeselect={false}
          {...form.getInputProps('tax_country')}
        />
        <TextInput
          label={t('acts.details.taxId')}
          required={!kept}
          maxLength={TAX_NUMBER_MAX}
          placeholder={masked ? details.tax_number : undefined}
          description={t(`acts.details.taxIdHint.${form.values.tax_country}`)}
          autoComplete="off"
          {...form.getInputProps('tax_number')}
        />
        <Select
          label={t('acts.details.currency')}
          description={t('acts.details.currencyHint')}
          data={[...CURRENCIES]}
          searchable
          allowDeselect={false}
          {...form.getInputProps('currency')}
        />
        <Textarea
          label={t('acts.details.addressUk')}
          required
          autosize
          minRows={2}
          maxLength={CONTRACTOR_ADDRESS_MAX}
          {...form.getInputProps('address_uk')}
        />
        <Textarea
          label={t('acts.details.addressEn')}
          required
          autosize
          minRows={2}
          maxLength={CONTRACTOR_ADDRESS_MAX}
          {...form.getInputProps('address_en')}
        />
        <TextInput
          label={t('acts.details.contractNumber')}
          required
          maxLength={CONTRACT_NUMBER_MAX}
          {...form.getInputProps('contract_number')}
        />
        <DateField label={t('acts.details.contractDate')} required {...form.getInputProps('contract_date')} />
      </SimpleGrid>
    </DialogForm>
  );
}
