import { API, type User } from '@logoschool/contract';
import { request } from '../../../api/client.ts';

export interface ProfileChanges {
  name: string;
  micro_mail: string;
  phone: string;
  file?: File | null;
  remove_avatar?: boolean;
}

/** `POST /users/profile` as a form, so that an avatar can go with the fields (spec §7). */
export function updateProfile(changes: ProfileChanges): Promise<User> {
  const form = new FormData();
  form.append('name', changes.name);
  form.append('micro_mail', changes.micro_mail);
  form.append('phone', changes.phone);
  if (changes.file) form.append('file', changes.file);
  else if (changes.remove_avatar) form.append('remove_avatar', 'true');
  return request<User>(API.profile, { method: 'POST', body: form, silent: true });
}
