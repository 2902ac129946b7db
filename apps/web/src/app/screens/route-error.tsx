import { Component, useEffect, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { NotFoundPage } from './not-found-page.tsx';

/** The generic error screen (spec §8) for a route that failed to render; the error goes to the console. */
function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <NotFoundPage error />;
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

type BoundaryState = { location: Location } & ({ failed: false } | { failed: true; error: unknown });

/** Catches a route's rendering error until the next navigation, as React Router's data routers do. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.location === state.location ? null : { location: props.location, failed: false };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Every route's error boundary: a screen that throws while rendering shows the generic error screen
 * (spec §8) in its place, and the next navigation tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary location={location}>{children}</Boundary>;
}
