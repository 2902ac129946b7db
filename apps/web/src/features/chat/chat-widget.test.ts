import { describe, expect, it } from 'vitest';
import { chatAllowedOn, chatRestoreId, restoreIdOf, withChatRestoreId } from './chat-widget.ts';

describe('the chat widget helpers', () => {
  it.each(['localhost', '127.0.0.1', '[::1]'])('never start the chat on %s', (host) => {
    expect(chatAllowedOn(host)).toBe(false);
  });

  it('start it on a school host', () => {
    expect(chatAllowedOn('app.logoschool.example')).toBe(true);
  });

  it('read the restore id out of additional_info, whatever else it holds', () => {
    expect(chatRestoreId({ additional_info: '{"chat_restore_id":"r-1","theme":"dark"}' })).toBe('r-1');
    expect(chatRestoreId({ additional_info: null })).toBeNull();
    expect(chatRestoreId({ additional_info: 'not json' })).toBeNull();
    expect(chatRestoreId({ additional_info: '[1,2]' })).toBeNull();
    expect(chatRestoreId({ additional_info: '{"chat_restore_id":42}' })).toBeNull();
  });

  it('set the restore id keeping the other keys', () => {
    expect(JSON.parse(withChatRestoreId('{"theme":"dark","chat_restore_id":"old"}', 'new'))).toEqual({
      theme: 'dark',
      chat_restore_id: 'new',
    });
    expect(JSON.parse(withChatRestoreId(null, 'r-2'))).toEqual({ chat_restore_id: 'r-2' });
    expect(JSON.parse(withChatRestoreId('broken', 'r-3'))).toEqual({ chat_restore_id: 'r-3' });
  });

  it('take a restore id only from a successful answer', () => {
    expect(restoreIdOf({ status: 200, data: { restoreId: 'r-4' } })).toBe('r-4');
    expect(restoreIdOf({ status: 401, data: { restoreId: 'r-4' } })).toBeNull();
    expect(restoreIdOf({ status: 200, data: { restoreId: '' } })).toBeNull();
    expect(restoreIdOf({ status: 200, data: null })).toBeNull();
    expect(restoreIdOf(undefined)).toBeNull();
  });
});
