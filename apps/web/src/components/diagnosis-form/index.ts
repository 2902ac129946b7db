export { DiagnosisForm, questionFieldId, type DiagnosisFormProps } from './diagnosis-form.tsx';
export { ComputedResults, type ComputedResultsProps, type ProgramName } from './computed-results.tsx';
export { DiagnosisStatusBadge } from './diagnosis-status-badge.tsx';
