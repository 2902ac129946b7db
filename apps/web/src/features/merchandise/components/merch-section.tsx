import {
  kindHasSizes,
  merchOrderInput,
  type MerchOffer,
  type MerchSize,
  type ParentMerchOrder,
} from '@logoschool/contract';
import {
  Alert,
  Button,
  Card,
  Group,
  Image,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShirt } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { GuardedModal, useFormChanges } from '../../../components/dialog-form.tsx';
import { contractValidate, showServerErrors } from '../../../lib/form.ts';
import { placeMerchOrder, useFamilyMerch } from '../api/merchandise.ts';
import { moneyText } from '../../../lib/money.ts';

interface OrderValues {
  size: string;
  quantity: number;
  name: string;
  country: string;
  city: string;
  postal_code: string;
  address_line1: string;
  address_line2: string;
  email: string;
  phone: string;
  note: string;
}

const EMPTY: OrderValues = {
  size: '',
  quantity: 1,
  name: '',
  country: '',
  city: '',
  postal_code: '',
  address_line1: '',
  address_line2: '',
  email: '',
  phone: '',
  note: '',
};

/** The two-letter codes of the world's countries, named in the reader's language. */
function countries(language: string) {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const codes: string[] = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const name = names.of(code);
      if (name && name !== code) codes.push(code);
    }
  }
  return codes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** The country list, rendered again only when the choice changes (it is long). */
const CountrySelect = memo(function CountrySelect({
  label,
  language,
  value,
  error,
  onChange,
}: {
  label: string;
  language: string;
  value: string;
  error?: unknown;
  onChange: (country: string) => void;
}) {
  const data = useMemo(() => countries(language), [language]);
  return (
    <Select
      label={label}
      data={data}
      searchable
      required
      value={value || null}
      error={error as string | undefined}
      onChange={(country) => onChange(country ?? '')}
    />
  );
});

/** What the form sends: the size only for a garment, the number as a number. */
const bodyOf = (offer: MerchOffer) => (values: OrderValues) => ({
  ...values,
  offer_id: offer.id,
  size: kindHasSizes(offer.kind) ? values.size || undefined : undefined,
});

function OrderForm({
  offer,
  token,
  onDone,
  onCancel,
}: {
  offer: MerchOffer;
  token: string;
  onDone(order: ParentMerchOrder): void;
  onCancel(): void;
}) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const toBody = bodyOf(offer);
  const form = useForm<OrderValues>({
    initialValues: EMPTY,
    validate: contractValidate<OrderValues>(merchOrderInput, t, { toBody }),
  });
  useFormChanges(form.isDirty());
  const send = async (values: OrderValues) => {
    setFailure(null);
    try {
      const order = await placeMerchOrder(token, toBody(values) as never, i18n.language);
      form.resetDirty();
      onDone(order);
    } catch (error) {
      if (!showServerErrors(form, error)) setFailure(errorTextOf(error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(send)} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {offer.title} · {moneyText(offer.price_cents, offer.currency, i18n.language)}
        </Text>
        {kindHasSizes(offer.kind) && (
          <Select
            label={t('merch.order.size')}
            required
            data={offer.sizes.map((size) => ({ value: size, label: t(`merch.sizes.${size}`) }))}
            {...form.getInputProps('size')}
          />
        )}
        <NumberInput
          label={t('merch.order.quantity')}
          min={1}
          max={20}
          allowDecimal={false}
          required
          {...form.getInputProps('quantity')}
        />
        <TextInput
          label={t('merch.order.name')}
          autoComplete="name"
          required
          {...form.getInputProps('name')}
        />
        <CountrySelect
          label={t('merch.order.country')}
          language={i18n.language}
          value={form.values.country}
          error={form.errors.country}
          onChange={(country) => form.setFieldValue('country', country)}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('merch.order.city')}
            autoComplete="address-level2"
            required
            {...form.getInputProps('city')}
          />
          <TextInput
            label={t('merch.order.postalCode')}
            autoComplete="postal-code"
            required
            {...form.getInputProps('postal_code')}
          />
        </Group>
        <TextInput
          label={t('merch.order.line1')}
          autoComplete="address-line1"
          required
          {...form.getInputProps('address_line1')}
        />
        <TextInput
          label={t('merch.order.line2')}
          autoComplete="address-line2"
          {...form.getInputProps('address_line2')}
        />
        <Text size="sm" c="dimmed">
          {t('merch.order.contactHint')}
        </Text>
        <Group grow align="flex-start">
          <TextInput
            label={t('merch.order.email')}
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('merch.order.phone')}
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('phone')}
          />
        </Group>
        <TextInput label={t('merch.order.note')} {...form.getInputProps('note')} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('merch.order.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The school's merchandise on the family's dashboard (issue 29 item 5): each shown offer with its
 * photo and its price, worldwide delivery included (spec §9); ordering asks for the size where one
 * applies, the address and a contact, and says when the school has the order.
 */
export function MerchSection({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const offers = useFamilyMerch(token);
  const [ordering, setOrdering] = useState<MerchOffer | null>(null);
  const [placed, setPlaced] = useState<ParentMerchOrder | null>(null);
  if (!offers.data || offers.data.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="merch-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="merch-title">
          {t('merch.family.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('merch.family.delivery')}
        </Text>
        {placed && (
          <Alert color="teal" role="status" title={t('merch.family.placedTitle')}>
            {t('merch.family.placed', {
              title: placed.title,
              count: placed.quantity,
              value: moneyText(placed.total_cents, placed.currency, i18n.language),
            })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {offers.data.map((offer) => (
            <Card key={offer.id} withBorder padding="sm">
              {offer.photo_url ? (
                <Card.Section>
                  <Image src={offer.photo_url} alt={offer.title} h={160} fit="cover" />
                </Card.Section>
              ) : (
                <IconShirt size={48} aria-hidden />
              )}
              <Stack gap={4} mt="sm">
                <Text fw={600}>{offer.title}</Text>
                <Text size="sm" c="dimmed">
                  {t(`merch.kinds.${offer.kind}`)}
                  {offer.sizes.length > 0 &&
                    ` · ${offer.sizes.map((size: MerchSize) => t(`merch.sizes.${size}`)).join(', ')}`}
                </Text>
                {offer.description && <Text size="sm">{offer.description}</Text>}
                <Text fw={600}>{moneyText(offer.price_cents, offer.currency, i18n.language)}</Text>
                <Button
                  variant="light"
                  onClick={() => setOrdering(offer)}
                  aria-label={t('merch.family.orderOf', { title: offer.title })}
                >
                  {t('merch.family.order')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
      <GuardedModal
        opened={ordering !== null}
        onClose={() => setOrdering(null)}
        title={ordering ? t('merch.order.title', { title: ordering.title }) : ''}
      >
        {ordering && (
          <OrderForm
            offer={ordering}
            token={token}
            onCancel={() => setOrdering(null)}
            onDone={(order) => {
              setPlaced(order);
              setOrdering(null);
            }}
          />
        )}
      </GuardedModal>
    </Paper>
  );
}
