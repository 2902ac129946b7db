import { PARENT_PROGRESS_PAGE } from '@logoschool/contract';
import { PublicLinkPage } from '../../components/public-link/public-link-page.tsx';
import { fetchParentDiagnosis, parentPdfUrl } from './api/public-diagnosis.ts';
import { ParentDiagnosisView } from './components/parent-diagnosis-view.tsx';

/**
 * /dc-preview/:token (public, spec §2 `/dc-preview/:dcID`): the filled diagnostic card for the
 * parents under its public link, in the student's language, in the shared public page's frame
 * (decision 029).
 */
export function ParentDiagnosisPage() {
  return (
    <PublicLinkPage read={fetchParentDiagnosis}>
      {(card, { token }) => (
        <ParentDiagnosisView
          card={card}
          progressPath={`${PARENT_PROGRESS_PAGE}/${token}`}
          pdfUrl={parentPdfUrl(token)}
        />
      )}
    </PublicLinkPage>
  );
}

export default ParentDiagnosisPage;
