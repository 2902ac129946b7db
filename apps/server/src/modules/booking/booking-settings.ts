/**
 * A project's booking settings (decision 036): read by the school's settings screen, the slots, the
 * reservations and the manage link (and by the school's side of booking: `bookings.routes.ts`).
 */
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookingSettings } from './booking.schema.ts';

/** The project's settings; a project that never saved them has the defaults. */
export async function readBookingSettings(tx: Tx, workspaceId: number): Promise<BookingSettings> {
  const [row] = await tx.select().from(bookingSettings).where(eq(bookingSettings.workspaceId, workspaceId));
  if (!row) return { ...DEFAULT_BOOKING_SETTINGS };
  return {
    lesson_minutes: row.lessonMinutes,
    buffer_minutes: row.bufferMinutes,
    booking_notice_minutes: row.bookingNoticeMinutes,
    change_notice_minutes: row.changeNoticeMinutes,
    horizon_days: row.horizonDays,
    group_seats: row.groupSeats,
  };
}

/** Saves the project's settings (made or replaced); they apply to sessions made from now on. */
export async function saveBookingSettings(
  tx: Tx,
  workspaceId: number,
  input: BookingSettings,
): Promise<BookingSettings> {
  const values = {
    lessonMinutes: input.lesson_minutes,
    bufferMinutes: input.buffer_minutes,
    bookingNoticeMinutes: input.booking_notice_minutes,
    changeNoticeMinutes: input.change_notice_minutes,
    horizonDays: input.horizon_days,
    groupSeats: input.group_seats,
  };
  await tx
    .insert(bookingSettings)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({ target: bookingSettings.workspaceId, set: { ...values, updatedAt: new Date() } });
  return readBookingSettings(tx, workspaceId);
}
