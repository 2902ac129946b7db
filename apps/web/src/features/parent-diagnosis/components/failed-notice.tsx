import { Alert } from '@mantine/core';
import { PublicNotice, PublicRetryButton } from '../../../components/public-notice.tsx';

/** What a parents' page could not load (not a wrong link: the server, the network), and "try again". */
export function FailedNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <PublicNotice>
      <Alert color="red" role="alert">
        {message}
      </Alert>
      <PublicRetryButton onRetry={onRetry} />
    </PublicNotice>
  );
}
