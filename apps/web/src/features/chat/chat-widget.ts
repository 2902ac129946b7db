import type { User } from '@logoschool/contract';

/**
 * The chat provider's web messenger as its script defines it on `window` (a Freshchat-style
 * widget: `init`, `user.get`, `on('user:created')`, `destroy`; spec §7).
 */
export interface ChatWidgetApi {
  init(options: {
    token: string;
    host: string;
    externalId: string;
    restoreId: string | null;
    firstName?: string;
    email?: string;
    locale?: string;
  }): void;
  user: { get(callback: (response: ChatUserResponse) => void): void };
  on(event: 'user:created', callback: (response: ChatUserResponse) => void): void;
  destroy?(): void;
}

/** The widget's answer about its user: status 200 with the restoreId that brings a chat back. */
export interface ChatUserResponse {
  status?: number;
  data?: { restoreId?: string | null } | null;
}

declare global {
  interface Window {
    fcWidget?: ChatWidgetApi;
  }
}

/** Hosts where the chat never loads (spec §9: disabled on localhost). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function chatAllowedOn(hostname: string): boolean {
  return !LOCAL_HOSTS.has(hostname);
}

/** The chat restore id kept in the user's `additional_info` JSON text, or null. */
export function chatRestoreId(user: Pick<User, 'additional_info'>): string | null {
  const info = parseInfo(user.additional_info);
  return typeof info.chat_restore_id === 'string' && info.chat_restore_id ? info.chat_restore_id : null;
}

/** `additional_info` with the restore id set, keeping whatever else it holds. */
export function withChatRestoreId(additionalInfo: string | null | undefined, restoreId: string): string {
  return JSON.stringify({ ...parseInfo(additionalInfo), chat_restore_id: restoreId });
}

/** The restore id a widget answer carries, when it is a success. */
export function restoreIdOf(response: ChatUserResponse | undefined): string | null {
  const restoreId = response?.status === 200 ? response.data?.restoreId : null;
  return typeof restoreId === 'string' && restoreId ? restoreId : null;
}

function parseInfo(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Adds the widget's script once; resolves when it has run. */
export function loadChatScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[data-chat-widget]`);
  if (existing?.src === src && window.fcWidget) return Promise.resolve();
  existing?.remove();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.chatWidget = 'true';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`The chat script ${src} could not be loaded`));
    document.head.appendChild(script);
  });
}
