import { lazy, Suspense, useCallback, useState } from 'react';
import { App, Button, Col, Flex, Row, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { canAddPatient, MESSAGES, SIMPLE_SEARCH_MIN_CHARS, useSession, type Patient } from '@ewrt/shared';
import { patientName } from '../patient-info/patientName';
import { RecentPatientsCard } from '../recent/RecentPatientsCard';
import { useRecentPatients } from '../recent/useRecentPatients';
import { AdvancedSearchPanel } from '../search/AdvancedSearchPanel';
import { SimpleSearchCard } from '../search/SimpleSearchCard';
import { useSelectPatient } from '../selection/useSelectPatient';
import { SelectedPatientCard } from './SelectedPatientCard';

// The add-patient form (antd Form, DatePicker, the duplicate check) loads when first asked for.
const PatientFormModal = lazy(() =>
  import('../patient-form/PatientFormModal').then((module) => ({ default: module.PatientFormModal })),
);

/** /patients: find, add and choose a patient. */
export function PatientSearchPage() {
  const { message } = App.useApp();
  const { user } = useSession();
  const recent = useRecentPatients(user);
  const selectPatient = useSelectPatient(recent.reload);
  const [term, setTerm] = useState('');
  const [adding, setAdding] = useState(false);
  // Mounted from the first "Add New Patient" on, so that later openings and closings animate.
  const [addRequested, setAddRequested] = useState(false);

  const choose = useCallback((patient: Patient) => void selectPatient(patient), [selectPatient]);

  const added = (patient: Patient) => {
    setAdding(false);
    recent.addToFront(patient);
    void message.success(`${patientName(patient)} has been added`);
  };

  // The recent list is the default view; a search term long enough to search replaces it with results.
  const showRecent = term.trim().length < SIMPLE_SEARCH_MIN_CHARS;

  return (
    <div style={{ padding: 24 }}>
      <Row gutter={[24, 24]}>
        <Col xs={{ span: 24, order: 2 }} lg={{ span: 8, order: 1 }} xl={6}>
          <SelectedPatientCard />
        </Col>
        <Col xs={{ span: 24, order: 1 }} lg={{ span: 16, order: 2 }} xl={18}>
          <Flex vertical gap="large">
            <Flex justify="space-between" align="center" wrap gap="middle">
              <Typography.Title level={2} style={{ margin: 0 }}>
                Patient Search
              </Typography.Title>
              {canAddPatient(user) && (
                <Button
                  type="primary"
                  size="large"
                  icon={<PlusOutlined />}
                  onClick={() => {
                    setAddRequested(true);
                    setAdding(true);
                  }}
                >
                  Add New Patient
                </Button>
              )}
            </Flex>
            <SimpleSearchCard term={term} onTermChange={setTerm} onSelect={choose} />
            <AdvancedSearchPanel onSelect={choose} />
            {showRecent && <RecentPatientsCard recent={recent} onSelect={choose} />}
          </Flex>
        </Col>
      </Row>
      {addRequested ? (
        <Suspense fallback={null}>
          <PatientFormModal
            open={adding}
            patient={null}
            saveErrorFallback={MESSAGES.saveFailed}
            onCancel={() => setAdding(false)}
            onSaved={added}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
