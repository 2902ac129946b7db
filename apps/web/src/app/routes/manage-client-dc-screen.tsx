import type { Diagnosis } from '@logoschool/contract';
import { useQueryClient } from '@tanstack/react-query';
import { diagnosisKeys } from '../../features/diagnoses/api/diagnoses.ts';
import { FillDiagnosisPage } from '../../features/diagnoses/fill-diagnosis-page.tsx';
import { DiagnosisSharePanel } from '../../features/diagnosis-sharing/diagnosis-share-panel.tsx';
import { clientPath, diagnosticianClientPath } from '../../features/diagnoses/paths.ts';
import { useSession } from '../../session/session.tsx';

// ---- The "send to the parents" panel (features/diagnosis-sharing). A sending makes the diagnosis
// read-only and a failed one records why: the filling screen reads its diagnosis again.
function SharePanel({ diagnosis }: { diagnosis: Diagnosis }) {
  const queryClient = useQueryClient();
  return (
    <DiagnosisSharePanel
      diagnosis={diagnosis}
      onChange={() => void queryClient.invalidateQueries({ queryKey: diagnosisKeys.all })}
    />
  );
}
const shareOf = (diagnosis: Diagnosis) => <SharePanel diagnosis={diagnosis} />;

/** /manage-client-dc/:cardId (the diagnosis' id): the diagnosis to fill and, below it, its sending to the parents. */
export function ManageClientDcScreen() {
  // A diagnostician goes back to her page of the student (it serves her own students too).
  const { held } = useSession();
  return (
    <FillDiagnosisPage
      share={shareOf}
      backTo={held.includes('diagnostician') ? diagnosticianClientPath : clientPath}
    />
  );
}

export default ManageClientDcScreen;
