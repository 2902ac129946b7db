import { AVATAR_MAX_BYTES, AVATAR_TYPES, EMAIL_MAX, NAME_MAX, profileBody } from '@logoschool/contract';
import { Avatar, Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { FormPage } from '../../components/form-page.tsx';
import { errorTextOf, fieldErrorsOf } from '../../api/form-errors.ts';
import { useSession } from '../../session/session.tsx';
import { contractValidate, showServerErrors } from '../../lib/form.ts';
import { imageProblem } from '../../lib/image-file.ts';
import { updateProfile } from './api/update-profile.ts';
import { initials } from '../../lib/initials.ts';
import { notifySuccess } from '../../lib/notify.ts';

interface ProfileValues {
  name: string;
  micro_mail: string;
  phone: string;
}

/**
 * The signed-in user's own profile (spec §2 /profile, §7 POST /users/profile): the fields by the
 * rules of the contract's `profileBody`, the avatar checked when picked for its type, its size and
 * its bytes (as the server checks them): a refused file says why under the button and leaves the
 * photo as it was.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user, updateUser } = useSession();
  const form = useForm<ProfileValues>({
    initialValues: { name: user?.name ?? '', micro_mail: user?.micro_mail ?? '', phone: user?.phone ?? '' },
    validate: contractValidate(profileBody, t),
  });
  const [file, setFile] = useState<File | null>(null);
  const [removeAvatar, setRemoveAvatar] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  const resetPicker = useRef<() => void>(null);
  // The last pick: an earlier one still being read must not overwrite it.
  const lastPick = useRef(0);
  const hintId = useId();
  const errorId = useId();
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useUnsavedChanges(form.isDirty() || file !== null || removeAvatar);

  if (!user) return null;
  const avatar = preview ?? (removeAvatar ? null : user.avatar);

  const pick = async (picked: File | null) => {
    // The same file can be picked again after a refusal.
    resetPicker.current?.();
    const current = ++lastPick.current;
    setFileError(null);
    if (!picked) return;
    const problem = await imageProblem(picked, { types: AVATAR_TYPES, maxBytes: AVATAR_MAX_BYTES });
    if (current !== lastPick.current) return;
    if (problem) {
      setFileError(
        problem === 'size'
          ? t('profile.avatarSize', { mb: AVATAR_MAX_BYTES / 1024 / 1024 })
          : t('profile.avatarType'),
      );
      return;
    }
    setFile(picked);
    setRemoveAvatar(false);
  };

  const submit = async (values: ProfileValues) => {
    setFormError(null);
    try {
      const saved = await updateProfile({ ...values, file, remove_avatar: removeAvatar });
      updateUser(saved);
      setFile(null);
      setRemoveAvatar(false);
      setFileError(null);
      form.setFieldValue('phone', saved.phone ?? '');
      form.resetDirty({ ...values, phone: saved.phone ?? '' });
      notifySuccess(t('profile.saved'));
    } catch (error) {
      const fileProblem = fieldErrorsOf(error)?.file;
      if (fileProblem) setFileError(fileProblem);
      if (!showServerErrors(form, error) && !fileProblem) setFormError(errorTextOf(error));
    }
  };

  return (
    <FormPage
      title={t('profile.title')}
      width={560}
      onSubmit={form.onSubmit((values) => submit(values))}
      error={formError}
    >
      <Group align="center">
        <Avatar src={avatar} alt={user.name} size={72} radius="xl" color="blue.9" variant="filled">
          {initials(user.name)}
        </Avatar>
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton
              onChange={(picked) => void pick(picked)}
              accept={AVATAR_TYPES.join(',')}
              resetRef={resetPicker}
            >
              {(props) => (
                <Button
                  variant="default"
                  size="xs"
                  aria-describedby={fileError ? `${hintId} ${errorId}` : hintId}
                  {...props}
                >
                  {t('profile.uploadAvatar')}
                </Button>
              )}
            </FileButton>
            {avatar && (
              <Button
                variant="subtle"
                color="red.9"
                c="red.9"
                size="xs"
                onClick={() => {
                  setFile(null);
                  setRemoveAvatar(true);
                }}
              >
                {t('profile.removeAvatar')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="gray.7" id={hintId}>
            {t('profile.avatarHint', { mb: AVATAR_MAX_BYTES / 1024 / 1024 })}
          </Text>
          {fileError && (
            <Text size="xs" c="red.9" role="alert" id={errorId}>
              {fileError}
            </Text>
          )}
        </Stack>
      </Group>
      <TextInput
        label={t('profile.email')}
        value={user.email}
        readOnly
        description={t('profile.emailHint')}
      />
      <TextInput label={t('profile.name')} maxLength={NAME_MAX} {...form.getInputProps('name')} required />
      <TextInput
        label={t('profile.microMail')}
        type="email"
        maxLength={EMAIL_MAX}
        {...form.getInputProps('micro_mail')}
      />
      <TextInput
        label={t('profile.phone')}
        type="tel"
        placeholder="+380 50 123 45 67"
        {...form.getInputProps('phone')}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={form.submitting}>
          {t('profile.save')}
        </Button>
      </Group>
    </FormPage>
  );
}

export default ProfilePage;
