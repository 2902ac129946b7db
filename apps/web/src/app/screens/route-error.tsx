import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page.tsx';

/** Every route's error element: a rendering error shows the generic error screen (spec §8). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <NotFoundPage error />;
}
