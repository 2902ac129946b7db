import { AVATAR_MAX_BYTES, AVATAR_TYPES, EMAIL_MAX, NAME_MAX } from '@logoschool/contract';
import {
  Alert,
  Avatar,
  Button,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf, fieldErrorsOf } from '../../api/form-errors.ts';
import { useSession } from '../../app/session.tsx';
import { updateProfile } from './api/update-profile.ts';
import { initials } from '../../lib/initials.ts';
import { notifySuccess } from '../../lib/notify.ts';

type Field = 'name' | 'micro_mail' | 'phone' | 'file';

/** The signed-in user's own profile (spec §2 /profile, §7 POST /users/profile). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user, updateUser } = useSession();
  const [name, setName] = useState(user?.name ?? '');
  const [microMail, setMicroMail] = useState(user?.micro_mail ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [removeAvatar, setRemoveAvatar] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  if (!user) return null;
  const avatar = preview ?? (removeAvatar ? null : user.avatar);

  const pick = (picked: File | null) => {
    setErrors((current) => ({ ...current, file: undefined }));
    if (!picked) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(picked.type)) {
      setErrors((current) => ({ ...current, file: t('profile.avatarType') }));
      return;
    }
    if (picked.size > AVATAR_MAX_BYTES) {
      setErrors((current) => ({
        ...current,
        file: t('profile.avatarSize', { mb: AVATAR_MAX_BYTES / 1024 / 1024 }),
      }));
      return;
    }
    setFile(picked);
    setRemoveAvatar(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFormError(null);
    try {
      const saved = await updateProfile({
        name,
        micro_mail: microMail,
        phone,
        file,
        remove_avatar: removeAvatar,
      });
      updateUser(saved);
      setFile(null);
      setRemoveAvatar(false);
      setErrors({});
      setPhone(saved.phone ?? '');
      notifySuccess(t('profile.saved'));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else setFormError(errorTextOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack maw={560} gap="lg">
      <Title order={1} size="h2">
        {t('profile.title')}
      </Title>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group align="center">
            <Avatar src={avatar} alt={user.name} size={72} radius="xl" color="blue.9" variant="filled">
              {initials(user.name)}
            </Avatar>
            <Stack gap={4}>
              <Group gap="xs">
                <FileButton onChange={pick} accept={AVATAR_TYPES.join(',')}>
                  {(props) => (
                    <Button variant="default" size="xs" {...props}>
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
              <Text size="xs" c="gray.7">
                {t('profile.avatarHint', { mb: AVATAR_MAX_BYTES / 1024 / 1024 })}
              </Text>
              {errors.file && (
                <Text size="xs" c="red.9" role="alert">
                  {errors.file}
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
          <TextInput
            label={t('profile.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={NAME_MAX}
            error={errors.name}
            required
          />
          <TextInput
            label={t('profile.microMail')}
            type="email"
            value={microMail}
            onChange={(event) => setMicroMail(event.currentTarget.value)}
            maxLength={EMAIL_MAX}
            error={errors.micro_mail}
          />
          <TextInput
            label={t('profile.phone')}
            type="tel"
            placeholder="+380 50 123 45 67"
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={errors.phone}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

export default ProfilePage;
