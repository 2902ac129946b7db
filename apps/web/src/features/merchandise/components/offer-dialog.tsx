import {
  CURRENCIES,
  MERCH_KINDS,
  MERCH_PHOTO_MAX_BYTES,
  MERCH_SIZES,
  kindHasSizes,
  merchOfferInput,
  type MerchKind,
  type MerchOffer,
  type MerchSize,
} from '@logoschool/contract';
import { FileInput, MultiSelect, NumberInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, useDialogForm } from '../../../components/dialog-form.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveMerchOffer } from '../api/merchandise.ts';

interface OfferValues {
  kind: MerchKind;
  title: string;
  description: string;
  sizes: MerchSize[];
  /** The price as the reader types it, in the currency's units (45.5). */
  price: number | string;
  currency: string;
  visible: boolean;
}

/** The offer being written: a new one, or one of the list. */
export type OfferTarget = { offer: MerchOffer | null };

const toBody = (values: OfferValues) => ({
  kind: values.kind,
  title: values.title,
  description: values.description,
  sizes: kindHasSizes(values.kind) ? values.sizes : [],
  price_cents: typeof values.price === 'number' ? Math.round(values.price * 100) : Number.NaN,
  currency: values.currency,
  visible: values.visible,
});

/** An offer's kind, title, sizes (a mug has none), price with delivery, currency, photo, shown or hidden. */
export function OfferDialog({ target, onClose }: { target: OfferTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      target={target}
      title={(current) =>
        current.offer
          ? t('merch.offers.editTitle', { title: current.offer.title })
          : t('merch.offers.newTitle')
      }
      onClose={onClose}
    >
      {(current) => <OfferForm offer={current.offer} onClose={onClose} />}
    </FormDialog>
  );
}

function OfferForm({ offer, onClose }: { offer: MerchOffer | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveMerchOffer();
  const [photo, setPhoto] = useState<File | null>(null);
  const { form, state } = useDialogForm<OfferValues>({
    initialValues: {
      kind: offer?.kind ?? 'tshirt',
      title: offer?.title ?? '',
      description: offer?.description ?? '',
      sizes: offer?.sizes ?? ['s', 'm', 'l'],
      price: offer ? offer.price_cents / 100 : '',
      currency: offer?.currency ?? 'EUR',
      visible: offer?.visible ?? true,
    },
    schema: merchOfferInput,
    toBody,
    fieldOf: (field) => (field === 'price_cents' ? 'price' : (field.split('.')[0] ?? field)),
    check: (_values, errors) =>
      photo && photo.size > MERCH_PHOTO_MAX_BYTES
        ? { ...errors, photo: t('merch.offers.photoTooLarge') }
        : errors,
    save: async (values) => {
      await save.mutateAsync({ id: offer?.id ?? null, input: toBody(values) as never, photo });
      notifySuccess(t('merch.offers.saved', { title: values.title }));
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('actions.save')}>
      <Select
        label={t('merch.offers.kind')}
        data={MERCH_KINDS.map((kind) => ({ value: kind, label: t(`merch.kinds.${kind}`) }))}
        allowDeselect={false}
        {...form.getInputProps('kind')}
      />
      <TextInput label={t('merch.offers.titleField')} required {...form.getInputProps('title')} />
      <Textarea
        label={t('merch.offers.description')}
        autosize
        minRows={2}
        {...form.getInputProps('description')}
      />
      {kindHasSizes(form.values.kind) && (
        <MultiSelect
          label={t('merch.offers.sizes')}
          data={MERCH_SIZES.map((size) => ({ value: size, label: t(`merch.sizes.${size}`) }))}
          required
          {...form.getInputProps('sizes')}
        />
      )}
      <NumberInput
        label={t('merch.offers.price')}
        description={t('merch.offers.priceHint')}
        min={0.01}
        decimalScale={2}
        required
        {...form.getInputProps('price')}
      />
      <Select
        label={t('merch.offers.currency')}
        data={[...CURRENCIES]}
        searchable
        allowDeselect={false}
        {...form.getInputProps('currency')}
      />
      <FileInput
        label={t('merch.offers.photo')}
        description={offer?.photo_url ? t('merch.offers.photoReplace') : t('merch.offers.photoHint')}
        accept="image/png,image/jpeg,image/webp,image/gif"
        clearable
        value={photo}
        onChange={setPhoto}
        error={form.errors.photo}
      />
      <Switch label={t('merch.offers.visible')} {...form.getInputProps('visible', { type: 'checkbox' })} />
    </DialogForm>
  );
}
