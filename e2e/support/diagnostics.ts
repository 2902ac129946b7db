import {
  API,
  type Answers,
  type Client,
  type ClientDiagnosticiansInput,
  type ClientInput,
  type DiagnosticCard,
  type DiagnosticCardInput,
  type Diagnosis,
  type DiagnosisUpdateInput,
  type Diagnostician,
  type diagnosisCompleteInput,
  type diagnosisCreateInput,
} from '@logoschool/contract';
import type { z } from 'zod';
import type { School } from './school.ts';

/** The contract names no type for these two bodies: they are read off its schemas. */
type DiagnosisCreateInput = z.input<typeof diagnosisCreateInput>;
type DiagnosisCompleteInput = z.input<typeof diagnosisCompleteInput>;

/** A diagnostic card of the school's, written and published (version 1) by its moderator. */
export async function publishedCard(school: School, input: DiagnosticCardInput): Promise<DiagnosticCard> {
  const moderator = await school.as('moderator');
  const made = await moderator.call<DiagnosticCard>('post', API.diagnosticCards, input);
  return moderator.call<DiagnosticCard>('post', `${API.diagnosticCards}/${made.id}/publish`);
}

/** A student of the school's teacher. */
export async function studentOf(school: School, input: ClientInput): Promise<Client> {
  const teacher = await school.as('teacher');
  return teacher.call<Client>('post', API.clients, input);
}

/** The teacher assigns her student to the school's diagnostician, found among the project's by e-mail. */
export async function assignDiagnostician(school: School, clientId: number): Promise<void> {
  const teacher = await school.as('teacher');
  const diagnosticians = await teacher.call<Diagnostician[]>('get', API.diagnosticians);
  const email = school.person('diagnostician').email;
  const diagnostician = diagnosticians.find((user) => user.email === email);
  if (!diagnostician) throw new Error(`${email} is not among the project's diagnosticians.`);
  await teacher.call('put', `${API.clients}/${clientId}/diagnosticians`, {
    user_ids: [diagnostician.id],
  } satisfies ClientDiagnosticiansInput);
}

/** What a completed diagnosis says: its day, its answers (by the questions of its card), its notes. */
export interface DiagnosisSpec {
  diagnosedOn: string;
  /** The answers, given the diagnosis as started (its card's questions carry their keys). */
  answers: (started: Diagnosis) => Answers;
  notes?: string;
}

/**
 * A diagnosis of the teacher's student on a published card, filled and completed through the API as
 * the filling screen's save does (required questions left out allowed).
 */
export async function completedDiagnosis(
  school: School,
  clientId: number,
  cardId: number,
  spec: DiagnosisSpec,
): Promise<Diagnosis> {
  const teacher = await school.as('teacher');
  const started = await teacher.call<Diagnosis>('post', `${API.clients}/${clientId}/diagnoses`, {
    card_id: cardId,
  } satisfies DiagnosisCreateInput);
  await teacher.call('put', `${API.diagnoses}/${started.id}`, {
    client_name: started.client_name,
    child_name: started.child_name,
    birthdate: null,
    diagnosed_on: spec.diagnosedOn,
    answers: spec.answers(started),
    notes: spec.notes ?? '',
  } satisfies DiagnosisUpdateInput);
  return teacher.call<Diagnosis>('post', `${API.diagnoses}/${started.id}/complete`, {
    without_required: true,
    scale_changes_seen: true,
  } satisfies DiagnosisCompleteInput);
}
