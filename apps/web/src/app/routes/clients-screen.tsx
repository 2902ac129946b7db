import { ClientsPage } from '../../features/clients/clients-page.tsx';
import { CsvImportButton } from '../../features/crm/components/csv-import-dialog.tsx';
import { PlansPanel } from '../../features/plans/components/plans-panel.tsx';

/**
 * /clients (the teacher's index, spec §2 'students'): her students and her plans (spec §4: the plans
 * list with its filter), a tab each. Two areas meet here, so the app composes them.
 */
export function ClientsScreen() {
  return (
    <ClientsPage
      plans={<PlansPanel />}
      importer={(onImported) => <CsvImportButton onImported={onImported} />}
    />
  );
}

export default ClientsScreen;
