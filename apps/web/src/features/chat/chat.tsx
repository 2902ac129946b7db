import { API, type User } from '@logoschool/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../api/app-config.ts';
import { request } from '../../api/client.ts';
import { useSession } from '../../session/session.tsx';
import {
  chatAllowedOn,
  chatRestoreId,
  loadChatScript,
  restoreIdOf,
  withChatRestoreId,
} from './chat-widget.ts';

/**
 * The support chat of signed-in staff (spec §7): the configured widget, started as the user so
 * that their conversation follows them; the restore id the widget gives is kept in the user's
 * `additional_info`. Never on localhost, never when the server configures no chat.
 */
export function Chat() {
  const { user, updateUser } = useSession();
  const { i18n } = useTranslation();
  const { data: config } = useAppConfig();
  const chat = config?.chat ?? null;
  // The latest user, read when the widget answers (the effect runs once per user and chat).
  const latest = useRef(user);
  useEffect(() => {
    latest.current = user;
  }, [user]);
  const userId = user?.id ?? null;

  useEffect(() => {
    const current = latest.current;
    if (!chat || !current || !chatAllowedOn(window.location.hostname)) return;
    let active = true;
    const keepRestoreId = (restoreId: string | null) => {
      const signedIn = latest.current;
      if (!active || !restoreId || !signedIn || chatRestoreId(signedIn) === restoreId) return;
      void request<User>(API.profile, {
        method: 'POST',
        body: { additional_info: withChatRestoreId(signedIn.additional_info, restoreId) },
        silent: true,
      })
        .then((saved) => active && updateUser(saved))
        .catch((error: unknown) => console.warn('The chat restore id was not saved', error));
    };
    loadChatScript(chat.script_url)
      .then(() => {
        const widget = window.fcWidget;
        if (!active || !widget) return;
        widget.init({
          token: chat.token,
          host: chat.host,
          externalId: String(current.id),
          restoreId: chatRestoreId(current),
          firstName: current.name,
          email: current.email,
          locale: i18n.language,
        });
        widget.user.get((response) => keepRestoreId(restoreIdOf(response)));
        widget.on('user:created', (response) => keepRestoreId(restoreIdOf(response)));
      })
      .catch((error: unknown) => console.warn(error));
    return () => {
      active = false;
      window.fcWidget?.destroy?.();
    };
    // The widget starts once per signed-in user (`userId`, not the user object that changes when
    // the restore id is saved); a language change does not restart a chat.
  }, [chat, userId, updateUser, i18n]);

  return null;
}
