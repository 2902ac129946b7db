import type { TicketObjectKind } from '@logoschool/contract';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** What a screen says about where a problem was seen: the exercise or story, its slide, the part. */
export interface ProblemPlace {
  object: { kind: TicketObjectKind; id: number } | null;
  /** The slide shown, from 1. */
  slide?: number | null;
  /** Where in the object, in words (a story's episode and part). */
  place?: string;
  /** An icon alone that names the slide (under a slide's thumbnail), instead of a button with words. */
  compact?: boolean;
}

/** The pieces of problem reporting a screen shows without knowing the reports' feature. */
export interface ProblemReporting {
  /** A small button that opens the report dialog for this place. */
  Button: ComponentType<ProblemPlace>;
  /** The reports about an object, for who works them (nothing for anyone else). */
  Reports: ComponentType<{ object: { kind: TicketObjectKind; id: number } }>;
}

const ProblemReportingContext = createContext<ProblemReporting | null>(null);

/**
 * Gives the screens below the reports' pieces: the app composes the reports' feature in here
 * (`app/app.tsx`), so that a feature (the player, the exercise editor, the story reader) offers
 * "report this slide" without importing another feature.
 */
export function ProblemReportingProvider({
  value,
  children,
}: {
  value: ProblemReporting;
  children: ReactNode;
}) {
  return <ProblemReportingContext.Provider value={value}>{children}</ProblemReportingContext.Provider>;
}

/** "Report this slide": the reports' button for this place, or nothing where no provider gives one. */
export function ReportProblemButton(place: ProblemPlace) {
  const reporting = useContext(ProblemReportingContext);
  return reporting ? <reporting.Button {...place} /> : null;
}

/** The reports about an object, for who works them; nothing where no provider gives them. */
export function ObjectProblemReports({ object }: { object: { kind: TicketObjectKind; id: number } }) {
  const reporting = useContext(ProblemReportingContext);
  return reporting ? <reporting.Reports object={object} /> : null;
}
