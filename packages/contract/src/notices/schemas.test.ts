import { describe, expect, it } from 'vitest';
import { MAINTENANCE_MESSAGE_MAX, maintenanceOf } from './schemas.ts';

describe('maintenance as the settings keep it', () => {
  it('is on only while `maintenance` is true, with root’s words or the notice’s own', () => {
    expect(maintenanceOf(null)).toBeNull();
    expect(maintenanceOf({})).toBeNull();
    expect(maintenanceOf({ maintenance: false, maintenance_message: 'Back at 10' })).toBeNull();
    for (const odd of ['yes', 'true', 1, {}, null]) expect(maintenanceOf({ maintenance: odd })).toBeNull();
    expect(maintenanceOf({ maintenance: true })).toEqual({ message: null });
    expect(maintenanceOf({ maintenance: true, maintenance_message: '   ' })).toEqual({ message: null });
    expect(maintenanceOf({ maintenance: true, maintenance_message: 42 })).toEqual({ message: null });
    expect(maintenanceOf({ maintenance: true, maintenance_message: '  Back at 10 ' })).toEqual({
      message: 'Back at 10',
    });
    const long = 'x'.repeat(MAINTENANCE_MESSAGE_MAX + 10);
    expect(maintenanceOf({ maintenance: true, maintenance_message: long })?.message).toHaveLength(
      MAINTENANCE_MESSAGE_MAX,
    );
  });
});
