import { PARENT_PROGRESS_PAGE } from '@logoschool/contract';
import { I18nextProvider } from 'react-i18next';
import { useParams } from 'react-router';
import { usePublicLink } from '../../api/public-link.ts';
import { PublicLoading } from '../../components/public-notice.tsx';
import { textsIn } from '../../i18n/texts-in.ts';
import { fetchParentDiagnosis, parentPdfUrl } from './api/public-diagnosis.ts';
import { FailedNotice } from './components/failed-notice.tsx';
import { InvalidDiagnosisLink } from './components/invalid-link.tsx';
import { ParentDiagnosisView } from './components/parent-diagnosis-view.tsx';

/**
 * /dc-preview/:dcID (public, spec §2): the filled diagnostic card for the parents under its link,
 * whose last segment is the link's random token, in the student's language; a wrong or withdrawn
 * link gets the page's own "not found or wrong link" (§8).
 */
export function ParentDiagnosisPage() {
  const token = useParams().dcID ?? '';
  const { view, retry } = usePublicLink(token, fetchParentDiagnosis, textsIn);
  if (view.state === 'invalid') return <InvalidDiagnosisLink />;
  if (view.state === 'loading') return <PublicLoading />;
  if (view.state === 'failed') return <FailedNotice message={view.message} onRetry={retry} />;
  return (
    <I18nextProvider i18n={view.texts}>
      <ParentDiagnosisView
        card={view.data}
        progressPath={`${PARENT_PROGRESS_PAGE}/${token}`}
        pdfUrl={parentPdfUrl(token)}
      />
    </I18nextProvider>
  );
}

export default ParentDiagnosisPage;
