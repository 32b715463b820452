import { useId, useState, type ReactNode } from 'react';
import { Alert, App, Button, Empty, Flex, Input, Spin, Statistic, Typography } from 'antd';
import { FileAddOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import type { GeneratedDocument, Patient } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { ConfirmDeletionModal, downloadFromLink, SectionCard, useRequestedPatient } from '@ewrt/shared/kit';
import { deleteGeneratedDocument, getGeneratedDocumentDownload } from '../api/draftReportsApi';
import { filterGeneratedDocuments } from './filterGeneratedDocuments';
import { GeneratedDocumentsTable } from './GeneratedDocumentsTable';
import { GENERATED_REPORT_MESSAGES } from './generatedReportMessages';
import { useGeneratedDocuments } from './useGeneratedDocuments';

const PAGE_TITLE = 'Generated Reports';

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {PAGE_TITLE}
      </Typography.Title>
      {children}
    </div>
  );
}

/** /generative-docs: the draft reports generated for the ?patientId= patient, or else the selected one. */
export function GeneratedReportsPage() {
  const requested = useRequestedPatient();
  const { patient } = requested;

  if (!patient) {
    return (
      <PageFrame>
        {requested.loading ? (
          <Flex role="status" justify="center" style={{ padding: 24 }}>
            <Spin description="Loading patient..." />
          </Flex>
        ) : (
          <Alert
            type="warning"
            showIcon
            title={
              requested.failed
                ? GENERATED_REPORT_MESSAGES.loadPatientFailed
                : GENERATED_REPORT_MESSAGES.noPatientSelected
            }
            action={<Link to="/patients">Select Patient</Link>}
          />
        )}
      </PageFrame>
    );
  }
  // Keyed by patient so that another patient's list never shows, even for a moment.
  return <PatientGeneratedReports key={patient.ID_Patient} patient={patient} />;
}

function PatientGeneratedReports({ patient }: { patient: Patient }) {
  const patientId = patient.ID_Patient;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { state, reload } = useGeneratedDocuments(patientId);
  const [searchText, setSearchText] = useState('');
  const [downloadingKey, setDownloadingKey] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<GeneratedDocument | null>(null);
  const searchId = useId();

  const listing = state.status === 'failed' ? null : state.listing;
  const documents = listing?.documents ?? [];
  const filtered = filterGeneratedDocuments(documents, searchText);
  const loadError =
    state.status === 'failed' ? getErrorMessage(state.error, GENERATED_REPORT_MESSAGES.loadFailed) : null;
  const generateReport = () => navigate(`/draft-report?patientId=${patientId}`);

  const download = async (document: GeneratedDocument) => {
    setDownloadingKey(document.s3_key);
    try {
      const link = await getGeneratedDocumentDownload(patientId, document.s3_key);
      downloadFromLink(link.download_url, link.filename || document.filename);
      void message.success(GENERATED_REPORT_MESSAGES.downloaded);
    } catch (error) {
      void message.error(getErrorMessage(error, GENERATED_REPORT_MESSAGES.downloadFailed));
    } finally {
      setDownloadingKey(null);
    }
  };

  return (
    <PageFrame>
      <Typography.Paragraph>
        Patient: {`${patient.FirstName} ${patient.Surname}`.trim()} · MRN {patient.MRN}
      </Typography.Paragraph>
      <Flex vertical gap="large">
        <SectionCard title="Statistics" live>
          <Flex gap={48} wrap>
            <Statistic title="Total Reports" value={listing?.total_documents ?? 0} />
            <Statistic title="Filtered Results" value={filtered.length} />
            <Statistic title="Total Size in MB" value={listing?.total_size_mb ?? 0} precision={2} />
          </Flex>
        </SectionCard>
        <SectionCard title="Draft Reports">
          <Flex vertical gap="middle">
            {loadError && (
              <Alert
                type="error"
                showIcon
                title={loadError}
                action={<Button onClick={reload}>Retry</Button>}
              />
            )}
            {state.status === 'loaded' && documents.length === 0 ? (
              <Empty description={GENERATED_REPORT_MESSAGES.noneYet}>
                <Button type="primary" icon={<FileAddOutlined aria-hidden />} onClick={generateReport}>
                  Generate First Report
                </Button>
              </Empty>
            ) : (
              !loadError && (
                <>
                  <Flex gap="middle" align="end" wrap>
                    <div style={{ flex: '1 1 320px' }}>
                      <label htmlFor={searchId}>
                        <Typography.Text>Search by filename or job ID</Typography.Text>
                      </label>
                      <Input
                        id={searchId}
                        allowClear
                        prefix={<SearchOutlined aria-hidden />}
                        placeholder="Filename or job ID"
                        value={searchText}
                        onChange={(event) => setSearchText(event.target.value)}
                        style={{ marginTop: 4 }}
                      />
                    </div>
                    <Button
                      icon={<ReloadOutlined aria-hidden />}
                      onClick={reload}
                      loading={state.status === 'loading'}
                    >
                      Refresh
                    </Button>
                    <Button icon={<FileAddOutlined aria-hidden />} onClick={generateReport}>
                      Generate Report
                    </Button>
                  </Flex>
                  <GeneratedDocumentsTable
                    documents={filtered}
                    loading={state.status === 'loading'}
                    downloadingKey={downloadingKey}
                    onDownload={(document) => void download(document)}
                    onDelete={setDeleting}
                  />
                </>
              )
            )}
          </Flex>
        </SectionCard>
      </Flex>
      <ConfirmDeletionModal
        open={deleting !== null}
        title="Delete generated report"
        question={
          deleting && (
            <Typography.Paragraph>
              Delete <Typography.Text strong>{deleting.filename}</Typography.Text>? Its file is removed for
              everyone who works on this patient. This cannot be undone.
            </Typography.Paragraph>
          )
        }
        confirmText="Delete"
        remove={() => (deleting ? deleteGeneratedDocument(patientId, deleting.s3_key) : Promise.resolve())}
        successMessage={GENERATED_REPORT_MESSAGES.deleted}
        failureMessage={GENERATED_REPORT_MESSAGES.deleteFailed}
        onCancel={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          reload();
        }}
      />
    </PageFrame>
  );
}
