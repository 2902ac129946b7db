import { bookingChildInput, type BookingRow } from '@logoschool/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, useDialogForm } from '../../../components/dialog-form.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCorrectBookingChild } from '../api/booking.ts';

interface ChildValues {
  child_name: string;
  birthdate: string;
}

/**
 * The child of a booking corrected by the school (a name misspelt, a wrong birth date). A birth
 * date that makes the child under 3 on the lesson's day cancels the booking (spec §8): the parent
 * gets the explanation by mail, and the notice here says so.
 */
export function ChildDialog({ booking, onClose }: { booking: BookingRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      target={booking}
      title={(row) => t('booking.child.title', { name: row.child_name })}
      onClose={onClose}
    >
      {(row) => <ChildForm booking={row} onClose={onClose} />}
    </FormDialog>
  );
}

function ChildForm({ booking, onClose }: { booking: BookingRow; onClose: () => void }) {
  const { t } = useTranslation();
  const correct = useCorrectBookingChild();
  const { form, state } = useDialogForm<ChildValues>({
    initialValues: { child_name: booking.child_name, birthdate: booking.birthdate },
    schema: bookingChildInput,
    save: async (values) => {
      const row = await correct.mutateAsync({ id: booking.id, input: values });
      notifySuccess(
        row.cancelled_by === 'too_young'
          ? t('booking.child.tooYoung', { name: row.child_name })
          : t('booking.child.saved', { name: row.child_name }),
      );
      onClose();
    },
  });
  return (
    <DialogForm {...state} onCancel={onClose} submitLabel={t('booking.child.save')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('booking.child.name')} required {...form.getInputProps('child_name')} />
        <TextInput
          label={t('booking.child.birthdate')}
          description={t('booking.child.birthdateHint')}
          type="date"
          required
          {...form.getInputProps('birthdate')}
        />
      </SimpleGrid>
    </DialogForm>
  );
}
