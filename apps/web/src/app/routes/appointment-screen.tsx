import { BookingPage } from '../../features/appointment/booking-page.tsx';
import { CallBackSection } from '../../features/call-back/components/call-back-section.tsx';

/**
 * /appointment/:token: the school's booking page, with "call me" below the form (issue 29 item
 * 4): a parent who would rather talk first leaves a number there.
 */
export function AppointmentScreen() {
  return <BookingPage after={(token) => <CallBackSection token={token} via="appointment" />} />;
}

export default AppointmentScreen;
