/** The filling screen of one diagnosis (spec §2 /manage-client-dc/:cardId: the param is the diagnosis' id). */
export const fillDiagnosisPath = (diagnosisId: number) => `/manage-client-dc/${diagnosisId}`;
/** The teacher's page of the student. */
export const clientPath = (clientId: number) => `/edit-client/${clientId}`;
/** The diagnostician's page of the student. */
export const diagnosticianClientPath = (clientId: number) => `/manage-diagnostician-clients/${clientId}`;
